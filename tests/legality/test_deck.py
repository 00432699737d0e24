"""Deck legality: the classic deck (30–50 cards, ≤3 copies) and the Heroes deck (hero, ≥40,
elements, multi-element, «Орда»).  Edges are tested on both sides."""
from __future__ import annotations

import pytest

from carddb.lookup import CardIndex
from judge.legality.deck import check_deck
from judge.legality.rules import has_horde, not_in_deck, ruleset

from tests.legality.conftest import card, fill, listing, mountain, rules_of

CLASSIC = ruleset("classic")
HEROES = ruleset("heroes-15")


# ---------------------------------------------------------------- classic
@pytest.mark.parametrize("total, legal", [(29, False), (30, True), (50, True), (51, False)])
def test_classic_deck_size_edges(examples, total, legal):
    verdict = check_deck(listing(*fill(examples, total)), examples, CLASSIC)
    assert verdict.legal is legal
    assert rules_of(verdict.findings) == ([] if legal else ["deck.size"])
    assert verdict.summary["cards"] == total
    if not legal:
        assert verdict.findings[0].clause == "deck"
        assert f"в колоде {total} карт" in verdict.findings[0].message


@pytest.mark.parametrize("copies, legal", [(3, True), (4, False)])
def test_classic_copies_edge(examples, copies, legal):
    pairs = fill(examples, 30 - copies, exclude={"Страж перевала"})
    verdict = check_deck(listing((copies, "Страж перевала"), *pairs), examples, CLASSIC)
    assert verdict.legal is legal
    if not legal:
        (finding,) = verdict.findings
        assert (finding.rule, finding.clause, finding.card, finding.line) == \
            ("deck.copies", "deck", "Страж перевала", 1)
        assert "4 экз." in finding.message


def test_copies_are_summed_over_lines_and_spellings(examples):
    """«страж перевала» on another line is the same card (case folded)."""
    pairs = fill(examples, 26, exclude={"Страж перевала"})
    verdict = check_deck(listing((2, "Страж перевала"), *pairs, (2, "страж перевала")),
                         examples, CLASSIC)
    assert rules_of(verdict.findings) == ["deck.copies"]
    assert verdict.findings[0].line == 1


def test_unknown_card_is_a_problem_with_suggestions(examples):
    pairs = fill(examples, 29, exclude={"Страж перевала"})
    verdict = check_deck(listing(*pairs, (1, "Страж перевола")), examples, CLASSIC)
    (finding,) = verdict.findings
    assert finding.rule == "card.unknown" and finding.clause == "deck"
    assert "«Страж перевала»" in finding.message and "возможно" in finding.message
    assert finding.line == len(pairs) + 1


def test_every_problem_at_once_in_a_stable_order(examples):
    items = [(4, "Степной лучник"), (1, "Нет такой карты"), (5, "Страж перевала"),
             (1, "Ещё одной нет")]
    verdict = check_deck(listing(*items), examples, CLASSIC)
    assert [(f.rule, f.line) for f in verdict.findings] == [
        ("card.unknown", 2), ("card.unknown", 4), ("deck.size", None),
        ("deck.copies", 1), ("deck.copies", 3)]
    again = check_deck(listing(*reversed(items)), examples, CLASSIC)
    assert [f.rule for f in again.findings] == [f.rule for f in verdict.findings]


# ---------------------------------------------------------------- heroes
def heroes_deck(*extra, hero=(1, "Горный вождь"), others=40):
    """A legal deck: the mountain hero + ``others`` mountain fillers, then ``extra`` lines."""
    return listing(*([hero] if hero else []), *mountain(others), *extra)


def test_heroes_base_deck_is_legal(heroes_cards):
    verdict = check_deck(heroes_deck(), heroes_cards, HEROES)
    assert verdict.legal, verdict.findings
    assert verdict.summary == {"hero": "Горный вождь", "cards": 40, "distinct": 14,
                               "hero_elements": ["горы"]}


@pytest.mark.parametrize("others, legal", [(39, False), (40, True), (41, True), (60, True)])
def test_heroes_size_edges_and_no_classic_maximum(heroes_cards, others, legal):
    verdict = check_deck(heroes_deck(others=others), heroes_cards, HEROES)
    assert verdict.legal is legal, verdict.findings
    assert rules_of(verdict.findings) == ([] if legal else ["heroes.size"])
    assert verdict.summary["cards"] == others


def test_heroes_needs_exactly_one_hero(heroes_cards):
    none = check_deck(heroes_deck(hero=None), heroes_cards, HEROES)
    assert rules_of(none.findings) == ["heroes.hero"]
    two = check_deck(heroes_deck((1, "Тёмная владычица")), heroes_cards, HEROES)
    assert rules_of(two.findings) == ["heroes.hero"]
    assert "героев в колоде 2" in two.findings[0].message
    twice = check_deck(heroes_deck(hero=(2, "Горный вождь")), heroes_cards, HEROES)
    assert rules_of(twice.findings) == ["heroes.hero"]


@pytest.mark.parametrize("name, rule", [
    ("Бродячий наёмник", None),                    # neutral: allowed
    ("Секира вождя", None),                        # neutral equipment: allowed
    ("Каменный страж", None),                      # the hero's element
    ("Теневой клинок", "heroes.element"),          # darkness in a mountain deck
    ("Лесная дриада", "heroes.element"),
    ("Горно-тёмный голем", None),                  # multi-element sharing «горы»
    ("Лесостепной кентавр", "heroes.multi-element"),  # multi-element sharing nothing
])
def test_heroes_elements(heroes_cards, name, rule):
    verdict = check_deck(heroes_deck((1, name)), heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ([rule] if rule else [])
    if rule:
        finding = verdict.findings[0]
        assert finding.clause == {"heroes.element": "107.2",
                                  "heroes.multi-element": "107.2.3"}[rule]
        assert (finding.book, finding.card, finding.line) == ("heroes-15", name, 16)


def test_multi_element_card_fits_either_of_its_heroes(heroes_cards):
    """107.2.3's point on our cards: a горы+тьма card goes to a горы hero and a тьма hero."""
    dark = listing((1, "Тёмная владычица"), (3, "Горно-тёмный голем"), (3, "Теневой клинок"),
                   (3, "Бродячий наёмник"), (1, "Секира вождя"))
    verdict = check_deck(dark, heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ["heroes.size"]       # only 10 cards: elements fine
    mountain_deck = check_deck(heroes_deck((3, "Горно-тёмный голем")), heroes_cards, HEROES)
    assert mountain_deck.legal


@pytest.mark.parametrize("copies, rule", [(3, None), (4, "heroes.copies")])
def test_heroes_copies_edge(heroes_cards, copies, rule):
    verdict = check_deck(heroes_deck((copies, "Рудокоп")), heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ([rule] if rule else [])


@pytest.mark.parametrize("copies, legal", [(3, True), (4, True), (5, True), (6, False)])
def test_horde_cards_are_exempt_up_to_the_glossary_limit(heroes_cards, copies, legal):
    verdict = check_deck(heroes_deck((copies, "Гоблин из орды")), heroes_cards, HEROES)
    assert verdict.legal is legal
    if not legal:
        assert rules_of(verdict.findings) == ["heroes.horde"]
        assert "не более 5" in verdict.findings[0].message


def test_a_name_with_orden_is_not_horde(heroes_cards):
    verdict = check_deck(heroes_deck((4, "Рыцарь ордена")), heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ["heroes.copies"]


@pytest.mark.parametrize("text, horde", [
    ("Орда.", True), ("Рывок. Орда.", True), ("Рыцарь ордена служит вождю.", False),
    ("+1 к удару за каждую карту с Орда в игре.", False), (None, False),
])
def test_horde_is_the_typed_keyword_not_a_word_inside_a_text(text, horde):
    """``has_horde`` asks the grammar's ``KeywordName.HORDE``, for cards of either game."""
    assert has_horde(card(name="a", text=text)) is horde
    assert has_horde(card(name="a", text=text, game="heroes", type="существо", life=1,
                          strike=1)) is horde


@pytest.mark.parametrize("text, word", [
    ("Созданный. Рывок.", "созданный"), ("Помещённый.\nРаньте вашего героя на 1.", "помещенный"),
    ("Обращенный.", "обращенный"), ("Обращённый.", "обращенный"),
    ("Создайте Каменного слугу.", None),             # the verb is not the keyword
    ("Помещённые карты противника стоят на 1 больше.", None), (None, None),
])
def test_deck_barred_keywords_are_sentences_of_their_own(text, word):
    assert not_in_deck(card(name="a", text=text)) == word


@pytest.mark.parametrize("name, rule, clause", [
    ("Каменный слуга", "heroes.created", "term:Созданный"),
    ("Подброшенный камень", "heroes.placed", "term:Помещённый"),
    ("Горец старой школы", "heroes.classic-card", "107.1"),
])
def test_cards_that_never_belong_in_a_heroes_deck(heroes_cards, name, rule, clause):
    verdict = check_deck(heroes_deck((1, name)), heroes_cards, HEROES)
    [finding] = verdict.findings
    assert (finding.rule, finding.clause, finding.card, finding.line) == (rule, clause, name, 16)


def test_a_flipped_hero_side_is_named_and_still_the_hero(heroes_cards):
    """term:Обращенный: the deck (and the choice of a hero) uses the other side of the card."""
    verdict = check_deck(heroes_deck(hero=(1, "Вождь в гневе")), heroes_cards, HEROES)
    assert [(f.rule, f.clause, f.line) for f in verdict.findings] == [
        ("heroes.flipped", "term:Обращенный", 1)]
    assert verdict.summary["hero"] == "Вождь в гневе"     # the elements were checked against it


def test_a_classic_card_is_named_once_and_checked_no_further(heroes_cards):
    """Four copies of a classic card: one finding — not «copies» of the other game's card; it
    still counts in the deck's size (39 Heroes cards + 4 classic ones: no size finding)."""
    verdict = check_deck(heroes_deck((4, "Горец старой школы"), others=39), heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ["heroes.classic-card"]
    assert "карта классической игры" in verdict.findings[0].message


def test_a_classic_hero_is_no_heroes_hero():
    classic_hero = card(name="Старый вождь", type="герой", life=10)
    fillers = [card(name=f"Горный ополченец {i}", game="heroes", type="существо", life=1,
                    strike=1, classes=["гном"]) for i in range(1, 21)]
    verdict = check_deck(heroes_deck(hero=(1, "Старый вождь")),
                         CardIndex([classic_hero, *fillers]), HEROES)
    assert rules_of(verdict.findings) == ["heroes.classic-card", "heroes.hero"]


@pytest.mark.parametrize("name, rule", [
    ("Камнепад", None),                        # a spell of cost X, the hero's element
    ("Рунная кираса", None),                   # support cards of real classes (107.3.3)
    ("Горная крепость", None),
    ("Секира вождя", None),                    # neutral equipment
])
def test_spells_and_support_cards_are_deck_cards(heroes_cards, name, rule):
    verdict = check_deck(heroes_deck((3, name)), heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ([rule] if rule else [])
    assert verdict.summary["cards"] == 43


@pytest.mark.parametrize("copies, rule", [(3, None), (4, "heroes.copies")])
def test_uniqueness_limits_play_not_the_deck(heroes_cards, copies, rule):
    """term:Уникальность: two such cards may not stay in play under one player — the deck may
    hold three like any card, and no more (it is no «Орда»)."""
    verdict = check_deck(heroes_deck((copies, "Старейшина кланов")), heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ([rule] if rule else [])


def test_heroes_reports_everything_at_once(heroes_cards):
    deck = listing((2, "Горный вождь"), (4, "Рудокоп"), (1, "Лесная дриада"),
                   (7, "Гоблин из орды"), (1, "Лесостепной кентавр"), (1, "Рудакоп"),
                   (1, "Подброшенный камень"), (2, "Горец старой школы"),
                   (1, "Каменный слуга"))
    verdict = check_deck(deck, heroes_cards, HEROES)
    assert rules_of(verdict.findings) == ["card.unknown", "heroes.classic-card", "heroes.hero",
                                          "heroes.size", "heroes.created", "heroes.placed",
                                          "heroes.copies", "heroes.horde"]


# ---------------------------------------------------------------- property: the verdict is the rule
from collections import Counter  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from carddb.build import bundled_examples  # noqa: E402
from carddb.sources import read_cards  # noqa: E402

_EXAMPLES = CardIndex(read_cards(bundled_examples()).cards)
_NAMES = _EXAMPLES.names[:12] + ["Нет такой карты"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 5), st.sampled_from(_NAMES)), min_size=1, max_size=25),
       st.randoms())
def test_classic_verdict_is_exactly_the_rule_and_order_independent(items, rnd):
    counts = Counter()
    for n, name in items:
        counts[name] += n
    total = sum(counts.values())
    expected = (30 <= total <= 50 and max(counts.values()) <= 3
                and "Нет такой карты" not in counts)
    verdict = check_deck(listing(*items), _EXAMPLES, CLASSIC)
    assert verdict.legal is expected
    shuffled = list(items)
    rnd.shuffle(shuffled)
    again = check_deck(listing(*shuffled), _EXAMPLES, CLASSIC)
    assert sorted((f.rule, f.card) for f in again.findings) == \
        sorted((f.rule, f.card) for f in verdict.findings)
    assert [f.rule for f in again.findings] == [f.rule for f in verdict.findings]
