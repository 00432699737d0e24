"""The one Russian renderer of the AST (grammar.render) and the icon symbols (grammar.display):
what ``berserk parse``, ``berserk card`` and the web card page show."""
from __future__ import annotations

import re
from dataclasses import MISSING, fields

import pytest

from carddb.sources import read_cards
from grammar import ast as A
from grammar import parse
from grammar.display import LEGEND, symbol, to_display, to_html
from grammar.render import lines, summary, tree
from tests.conftest import DEV_CORPUS, run_cli

S = A.Selector

# (canonical text, the tree a person reads)
TREES = [
    ("{tap}: Выстрел на 2, дальность 3.", "действие, цена ⤵️:\n  выстрел на 2, дальность 3"),
    ("Защита от выстрелов.", "защита от выстрелов"),
    ("{ova}1.", "⚔️ опыт в атаке 1"),
    ("{armor}2.", "броня 2"),
    ("{counter}{tap}: Разряд на 1-2-2.", "действие, цена ⚪️⤵️:\n  разряд на 1-2-2"),
]


@pytest.mark.parametrize("text,expected", TREES, ids=[t for t, _ in TREES])
def test_tree_is_russian_with_icon_symbols(text, expected):
    (ability,) = parse(text).abilities
    assert tree(ability) == expected


# Nodes of the AST contract the grammar produces from issue 9 on (built by hand here, own wording)
CONTRACT_NODES = [
    (A.Wound(target=S("creature", relations=(A.Relation("adjacent", S("self")),)), amount=A.Fixed(1)),
     "ранить: существо, рядом с этой картой, на 1"),
    (A.Label(name="ярость", value=2, inner=(A.Bonus(A.Fixed(1), to=("strike",)),)),
     "ярость 2 — пока у карты есть эта особенность:\n  +1 к простому удару"),
    (A.Restriction(what="attack", duration=A.Duration("end_of_turn")),
     "не может атаковать, до конца хода"),
    (A.Permission(what="attack", times=2, kinds=("strike",), params=("in_a_row",)),
     "может атаковать: простой удар, 2 раза за ход, подряд"),
    (A.Triggered(A.Trigger("attack", attack="shot", target=S("creature", qualifiers=("flying",))),
                 (A.Poison(A.Fixed(1)),)),
     "при атаке выстрелом, по кому: существо (летающее):\n  отравление на 1"),
    (A.Conditional(A.Condition("rolled", params=(5, 6)), (A.Wound(S("it"), A.Fixed(2)),),
                   otherwise=(A.Wound(S("it"), A.Fixed(1)),)),
     "если на кубике выпало 5 или 6:\n  ранить: та же карта, на 2\n  иначе:\n"
     "    ранить: та же карта, на 1"),
    (A.Gain(S("creature", count=(2, None), qualifiers=("cost_max:3",)), (A.Keyword("flying"),),
            duration=A.Duration("turns", count=2)),
     "существо (стоимостью 3 или меньше), 2 или больше получает, на 2 хода:\n  полёт"),
    # g7b: attack direction, speed qualifiers, the vacated cell, moves since the effect / last turn
    (A.Reduction(A.Fixed(2), against=("strike",), condition=A.Condition("direction", ("diagonal",), True)),
     "−2 от простых ударов, если атака нанесена не по диагонали"),
    (A.Action("close", target=S("creature", side="enemy", qualifiers=("move_max:2",))),
     "закрыть: существо противника (с ходом 🐾️2 или меньше)"),
    (A.Action("move", target=S("creature", side="own", qualifiers=("move:1",)), to=S("cell", qualifiers=("vacated",))),
     "переместить: ваше существо (с ходом 🐾️1), куда: клетка (освободившаяся)"),
    (A.Restriction("attack", condition=A.Condition("moved", ("since_effect",), True)),
     "не может атаковать, пока не перемещалась с начала действия эффекта"),
    (A.Conditional(A.Condition("moved", ("last_opponent_turn",), True, S("it")), (A.Wound(S("it"), A.Fixed(2)),)),
     "если та же карта: не перемещалась в прошлый ход противника:\n  ранить: та же карта, на 2"),
    (A.Permission("move", params=("through_occupied",)), "может переместить, через занятые клетки"),
    # g23 (F5 / F11): a pronoun bound to a card of the event, or to the doer of the effect before
    (A.Action("open", target=S("creature", qualifiers=("this", "role:subject"))),
     "открыть: существо (это, то, что совершило событие)"),
    (A.Wound(S("creature", qualifiers=("this", "role:destination")), A.Fixed(1)),
     "ранить: существо (это, то, что названо в месте назначения события), на 1"),
    (A.Action("close", target=S("it", qualifiers=("role:by",))),
     "закрыть: та же карта (то, что действовало в эффекте перед этим)"),
    (A.Action("revive", target=S("creature", side="own"), params=("life:1",)),
     "возродить: ваше существо (входит в игру с 1 ❤️)"),
    (A.Action("close", target=S("card", side="enemy", relations=(A.Relation("costs_more", S("self")),))),
     "закрыть: карта противника, большей стоимости (без учёта элитности), чем: эта карта"),
]


@pytest.mark.parametrize("node,expected", CONTRACT_NODES, ids=[type(n).__name__ for n, _ in CONTRACT_NODES])
def test_contract_nodes_render_in_russian(node, expected):
    assert tree(node) == expected


def test_every_node_class_renders_without_english():
    """A node class of grammar.ast, built with placeholder values, renders in Russian: no class
    name, no field name (a class without its own phrase goes through the generic rendering)."""
    for name, cls in A.NODE_TYPES.items():
        node = _placeholder(cls)
        text = tree(node)
        assert name not in text, (name, text)
        assert not re.search(r"\b(span|node|effects|target|amount)\b", text), (name, text)


def _placeholder(cls):
    kwargs = {}
    for f in fields(cls):
        if f.name == "span" or f.default is not MISSING or f.default_factory is not MISSING:
            continue
        hint = str(f.type)
        if "Selector" in hint:
            kwargs[f.name] = S("self")
        elif "Damage" in hint:
            kwargs[f.name] = A.Fixed(1)
        elif "tuple" in hint:
            kwargs[f.name] = ()
        elif "int" in hint:
            kwargs[f.name] = 1
        elif "Cost" in hint:
            kwargs[f.name] = A.Cost(tap=True)
        elif "Trigger" in hint:
            kwargs[f.name] = A.Trigger("death")
        elif "Measure" in hint:
            kwargs[f.name] = A.Measure("counters")
        elif "Condition" in hint:
            kwargs[f.name] = A.Condition("own_turn")
        else:
            kwargs[f.name] = "shot" if f.name in ("attack", "kind") else "own_turn" \
                if f.name == "what" else "turn" if f.name == "per" else "x"
    return cls(**kwargs)


def test_the_corpus_renders_without_untranslated_words(shared):
    """Every ability of «Война стихий» renders in Russian: no ⟨без перевода⟩ mark, no Latin
    word outside quoted card text (X is the card's own variable)."""
    missing: dict[str, int] = {}
    for card in read_cards(DEV_CORPUS).cards:
        for ability in parse(card.text or "", name=card.name).abilities:
            text = re.sub(r"«[^»]*»", "", tree(ability))
            for word in re.findall(r"⟨без перевода: ([^⟩]*)⟩", text) + re.findall(
                    r"(?<![⟨\w])[A-WYZa-z_]{2,}", text):
                missing[word] = missing.get(word, 0) + 1
    assert not missing, ("ids without a Russian phrase (add them to grammar/display.py): "
                         f"{sorted(missing.items(), key=lambda kv: -kv[1])}")


def test_terms_are_marked_for_links():
    ability = parse("{tap}: Выстрел на 2, дальность 3. Защита от разрядов.").abilities
    terms = [p.term for node in ability for line in lines(node) for p in line.parts if p.term]
    assert terms == ["shot", "discharge"]


def test_summary_is_one_russian_line():
    (ability,) = parse("{tap}: Выстрел на 2, дальность 3.").abilities
    assert summary(ability) == "действие, цена ⤵️: выстрел на 2, дальность 3"


# ---------------------------------------------------------------- icons
@pytest.mark.parametrize("text,shown", [
    ("{tap}: {uchr} на 1.", "⤵️: ↗️ на 1."),
    ("{second}: {counter}", "2️⃣: ⚪️"),
    ("{armor}2.", "⟨броня⟩2."),
    ("{ovs}1.", "⟨опыт в стрельбе⟩1."),
    ("{emoji:U+1F984}", "🦄"),
    ("{lost}", "⟨значок потерян⟩"),
    ("{nonsense}", "{nonsense}"),
])
def test_icons_show_as_symbols(text, shown):
    assert to_display(text) == shown


def test_html_is_escaped_and_icons_have_tooltips():
    out = to_html("<b>{tap}</b>")
    assert out.startswith("&lt;b&gt;<span class=\"icon\" title=\"закрыть карту (цена действия)\">")
    assert "<b>" not in out


def test_legend_covers_every_design_code():
    codes = {i.code for i in LEGEND}
    design = ("tap counter strike uchr instant second ova ovz ovs zor zom zoz zov zoo zot zoal "
              "regen stamina direct first armor health move gold silver").split()
    assert set(design) <= codes
    assert all(symbol(c) != "{" + c + "}" for c in design)


def test_icons_command_prints_the_legend():
    r = run_cli("icons")
    assert r.returncode == 0, r.stderr
    assert "⤵️" in r.stdout and "{tap}" in r.stdout and "закрыть карту" in r.stdout
    # ovs / stamina: meaning proven by berserk-nxt's tokens, no emoji — shown as a word
    assert "⟨опыт в стрельбе⟩" in r.stdout and "⟨стойкость⟩" in r.stdout
    assert "не доказан" not in r.stdout


def test_parse_command_prints_the_russian_tree():
    r = run_cli("parse", "{counter}{tap}: Разряд на 1-2-2, дальность 3.")
    assert r.returncode == 0, r.stderr
    assert "действие, цена ⚪️⤵️:" in r.stdout and "разряд на 1-2-2, дальность 3" in r.stdout
    assert not re.search(r"Activated|Attack|damage|range", r.stdout)
    data = run_cli("parse", "--json", "{tap}: Разряд на 1.").stdout
    assert "{tap}" in data and "⤵" not in data            # JSON keeps the {code} form
