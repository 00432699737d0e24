"""The figures maintainers see (judge.figures) are what the engine does at the table."""
from __future__ import annotations

import re

import pytest

from carddb.model import Card
from carddb.sources import read_cards
from judge.classic.engine import Engine, matters_always
from judge.classic.kit import kit_of
from judge.classic.state import Piece, State
from judge.core.trace import Inputs
from judge.figures import card_verdict, figures
from tests.conftest import DEV_CORPUS, SHARED

NXT = SHARED / "corpus" / "nxt" / "sets_10_20.nxt.json"


def card(text: str, **kw) -> Card:
    return Card(name="Страж", elements=("нейтральная",), life=6, move=1, strike=(1, 2, 3),
                text=text, **kw)


# own wording: what the judge applies, and what it refuses (and says why)
APPLIED = ["{tap}: Выстрел на 2, дальность 3.", "Броня 1.\nЗащита от выстрелов.",
           "При {strike} ранить атакованное существо на 1.", "Строй: +1 к {strike}.",
           "Пока не имеет ран, получает +1 к {strike}.", "X{counter}{tap}: Разряд на X.",
           "{second}: Начинает бой с {counter}.",
           "{tap}: Воздействие «травы» — излечить существо на 3 и снять с него отравление."]
REFUSED = [("Трупоедство.", "трупоедство"), ("Когда луна полна, поёт песни.", "не разобрала"),
           ("Неповоротливость.", "неповоротливость")]


@pytest.mark.parametrize("text", APPLIED)
def test_applied(text):
    verdict = card_verdict(card(text))
    assert verdict.applicable, [a.reason for a in verdict.abilities if not a.applied]
    assert figures([card(text)]) == {"cards_with_text": 1, "judge_applicable": 1,
                                     "judge_refusals": {}}


@pytest.mark.parametrize("text, why", REFUSED)
def test_refused_with_the_reason(text, why):
    verdict = card_verdict(card(text))
    assert not verdict.applicable
    assert any(why in a.reason for a in verdict.abilities if not a.applied)
    got = figures([card(text), card("Броня 1."), card("")])
    assert got["cards_with_text"] == 2 and got["judge_applicable"] == 1
    assert sum(got["judge_refusals"].values()) == 1


def test_an_ordinal_the_parse_drops_is_refused_not_applied_to_every_counter():
    kit = kit_of("При получении третьей {counter} теряет все {counter} и получает 2 раны.")
    assert [a.tags for a in kit.triggers] == [frozenset({"nth:3"})] or any(
        "порядковый" in a.refusal for a in kit.refused)


def test_the_turn_order_icons_count_for_both_orders():
    verdict = card_verdict(card("{first}: Броня 1.\n{second}: Трупоедство."))
    assert [(a.text, a.applied) for a in verdict.abilities] == [
        ("Броня 1", True), ("Трупоедство", False)]


#: corpus → the share of its cards with text that the judge applies at least (a floor: the
#: figure does not slip back; measured at 53c5e11: 82/147 = 0.558, 135/305 = 0.443 — raise it
#: as both learn).
FLOORS = {DEV_CORPUS: 0.54, NXT: 0.43}


@pytest.fixture(scope="module", params=list(FLOORS), ids=["set1", "sets_10_20"])
def corpus(request, shared):
    cards = [c for c in read_cards(request.param).cards if c.text and c.text.strip()]
    return cards, FLOORS[request.param]


def test_the_figure_counts_verdicts(corpus):
    corpus, floor = corpus
    got = figures(corpus)
    verdicts = [card_verdict(c) for c in corpus]
    assert got["cards_with_text"] == len(corpus)
    assert got["judge_applicable"] == sum(v.applicable for v in verdicts)
    assert sum(got["judge_refusals"].values()) == sum(
        not a.applied for v in verdicts for a in v.abilities)
    assert got["judge_applicable"] >= floor * len(corpus)


def test_what_the_figure_calls_applied_is_never_refused_at_the_table(corpus):
    """Every card the figures count as applicable, put on the table, draws no «refused»; every
    card with a refused continuous ability draws one for it."""
    corpus, _floor = corpus
    for c in corpus:
        state = State(turn="A")
        p = state.add(Piece(id="x", card=c, owner="A", cell="c2", order="first"))
        engine = Engine(state)
        engine.begin(Inputs())
        refused = [e for e in engine.events if e.kind == "refused"]
        if card_verdict(c).applicable:
            assert refused == [], c.name
        elif any(matters_always(ab) for ab in p.kit.refused):
            assert refused, c.name


def test_refusal_reasons_are_russian_without_internal_ids(corpus):
    """A user reads the reasons (berserk corpus report, berserk card, the trace): vocabulary ids
    («corpse_eater», «prophecy»), class names and Python reprs never show; icon codes in braces
    ({stamina}) are the notation users write."""
    corpus, _floor = corpus
    reasons = figures(corpus)["judge_refusals"]
    leaked = {r for r in reasons if re.search(r"[A-Za-z_]{2,}", re.sub(r"\{\w+\}", "", r))}
    assert not leaked, sorted(leaked)


@pytest.mark.parametrize("text, words", [
    ("Инкарнация 3.", "инкарнация"), ("Вальхалла: ваше существо получает +1 к {strike}.",
                                       "вальхалла"),
    ("{tap}: Пророчество 1.", "пророчество")])
def test_a_refusal_names_the_word_as_players_write_it(text, words):
    reasons = [a.reason for a in card_verdict(card(text)).abilities if not a.applied]
    assert reasons and all(words in r for r in reasons), reasons


# «в каждом ряду» (grammar round 4: ``row:each``) and any row the judge cannot count are refused
# with a reason, never an error at the table (facts._row once read int("each"))
@pytest.mark.parametrize("noun, quals, refused", [
    ("creature", ("all", "row:each"), True), ("creature", ("row:chosen",), True),
    ("creature", ("row:each:enemy",), True), ("cell", ("free", "row:each"), True),
    ("creature", ("row:1",), False), ("creature", ("all", "row:2|3:own"), False),
    ("cell", ("free", "row:3:enemy"), False),
])
def test_a_row_the_judge_cannot_count_is_refused(noun, quals, refused):
    from berserk.vocab import SelectorNoun
    from grammar import ast as A
    from judge.classic.support import unsupported
    reason = unsupported(A.Selector(noun=SelectorNoun(noun), qualifiers=quals))
    assert (reason is not None) == refused, reason
    if refused:
        assert "ряд" in reason
