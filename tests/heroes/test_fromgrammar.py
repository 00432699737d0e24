"""The Heroes judge reads grammar.parse's AST (judge/heroes/fromgrammar.py): on the rulings'
cards every feature it takes from the grammar is, once adapted, the node the bridge reads
(representation aside), the rest fall back with a named reason; and own-wording sentences of
each rewrite the adapter makes."""
from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import pytest
import yaml

from berserk.vocab import ConditionKind as CK
from berserk.vocab import Verb
from grammar import ast as A
from judge.heroes.fromgrammar import CONTINUED, read
from judge.heroes.model import GRAVEYARD, HAND
from judge.heroes.wording import bridge_read

LIBRARY = Path(__file__).resolve().parents[2] / "rulings" / "scenarios" / "heroes"
#: features the grammar reads where the bridge refuses or reads a word more: (card, n) → why
GRAMMAR_EXACT = {
    ("Лекарь", 1): "«излечивается»: the bridge has no trigger head for it",
    ("Элементаль огня", 1): "Созданный: the bridge has no keyword for it (the engine takes it "
                            "from the card's «created»)",
    ("Болотный шаман", 1): "the bridge adds class:дух from the last word of the card's name",
}
#: the share of the rulings' card features read from the grammar (267 of 286 when set)
GRAMMAR_FLOOR = 0.9


def _cards() -> dict[tuple[str, str], bool]:
    cards: dict[tuple[str, str], bool] = {}

    def walk(node):
        if isinstance(node, dict):
            found = node.get("cards")
            if isinstance(found, dict):
                for name, card in found.items():
                    if isinstance(card, dict) and isinstance(card.get("text"), str):
                        cards[(name, card["text"])] = card.get("type") == "заклинание"
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(LIBRARY.rglob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return cards


CARDS = _cards()


def canon(node, trigger_subject: bool = False):
    """Representation the engine does not look at: the order of qualifiers, and ``chosen`` /
    ``all`` on a trigger's subject (a filter: judge/heroes/facts.py reads both as no test)."""
    if isinstance(node, tuple):
        return tuple(canon(x) for x in node)
    if not isinstance(node, A.Node):
        return node
    node = type(node)(**{f.name: canon(getattr(node, f.name),
                                       isinstance(node, A.Trigger) and f.name == "subject")
                         for f in fields(node) if f.name != "span"})
    if isinstance(node, A.Selector):
        quals = [q for q in node.qualifiers if not (trigger_subject and q in ("chosen", "all"))]
        node = replace(node, qualifiers=tuple(sorted(quals)))
    return node


def _key(f):
    return f.line, f.text, canon(f.node), f.reason, f.cost, f.every_time, f.zone, f.card


@pytest.mark.parametrize("name, text", sorted(CARDS), ids=[n for n, _ in sorted(CARDS)])
def test_grammar_features_are_the_bridge_reading(name, text):
    spell = CARDS[(name, text)]
    mine, bridge = read(text, name, spell), bridge_read(text, name, spell)
    assert len(mine) == len(bridge)
    for f, b in zip(mine, bridge):
        if f.fallback is not None:
            assert _key(f) == _key(b)            # a fallback is the bridge's own feature
        elif (name, f.line) in GRAMMAR_EXACT:
            assert f.node is not None and f.reason is None
        else:
            assert _key(f) == _key(b), A.to_json(f.node)


def test_most_features_come_from_the_grammar():
    feats = [f for (name, text), spell in CARDS.items() for f in read(text, name, spell)]
    grammar = sum(f.fallback is None for f in feats)
    assert grammar / len(feats) >= GRAMMAR_FLOOR, (grammar, len(feats))


def one(text: str, spell: bool = False, name: str = "Проба"):
    feats = read(text, name, spell)
    assert len(feats) == 1, feats
    return feats[0]


def test_at_that_is_done_only_if_the_first_part_was():
    f = one("Закройте выбранное существо, при этом ранить героя противника на 1.", spell=True)
    assert f.fallback is None
    first, then = f.node.body
    assert isinstance(first, A.Action) and first.verb == Verb.CLOSE
    assert isinstance(then, A.Conditional) and then.condition.what == CK.DONE
    assert isinstance(then.effects[0], A.Wound)


@pytest.mark.parametrize("text, node_type, zone", [
    ("Модуль.", A.Static, "play"),
    ("Кладка.", A.Activated, HAND),
    ("Скрытность.", A.Triggered, "play"),
    ("Спящий.", A.Restriction, "play"),
    ("Авангард 2.", A.Triggered, "play"),
])
def test_glossary_keywords_are_whole_abilities(text, node_type, zone):
    f = one(text)
    assert f.fallback is None and isinstance(f.node, node_type) and f.zone == zone


@pytest.mark.parametrize("text, every, zone", [
    ("Каждый раз, когда ваше существо получает раны, возьмите карту.", True, "play"),
    ("Когда эта карта попадает на кладбище, возьмите карту.", False, GRAVEYARD),
    ("Когда противник разыгрывает существо, Засада 2.", False, HAND),
])
def test_feature_flags_come_from_the_ast(text, every, zone):
    f = one(text)
    assert f.fallback is None and (f.every_time, f.zone) == (every, zone)


def test_costs_come_from_the_ast():
    f = one("{tap}, 2{coin}: возьмите карту.")
    assert f.fallback is None and (f.cost.tap, f.cost.coins) == (True, 2)
    assert f.node.cost == A.Cost(tap=True, counters=2)


@pytest.mark.parametrize("text, why", [
    ("Существа противника могут атаковать ударом только это существо.", "«ударом»"),
    ("Когда погибает существо противника, возродите его под вашим контролем.", "под вашим"),
    ("Найм: сделайте нечто неописуемое.", "не разобрала"),
])
def test_fallbacks_name_their_reason(text, why):
    f = one(text)
    assert f.fallback is not None and why in f.fallback


def test_a_strike_permission_is_the_attack_permission():
    f = one("Может атаковать ударом дважды за ход.")
    assert f.fallback is None and f.node == A.Permission(what=Verb.ATTACK, times=2)


def test_whole_card_fallbacks_are_named():
    f = read("Найм: ранить выбранное существо на 1. Сделайте нечто неописуемое.", "Проба")
    assert all(x.fallback == CONTINUED for x in f)
