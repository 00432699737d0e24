"""Classic squad legality: the crystal budget (elements, neutral, second player, redeals,
non-standard tables), elite paid with silver, payment = cost, flyers ≤ 15, the 15-card deal."""
from __future__ import annotations

import pytest

from judge.legality.lists import Entry
from carddb.lookup import CardIndex
from judge.legality.rules import ruleset
from judge.legality.squad import budget, check_squad

from tests.legality.conftest import card, listing, rules_of

CLASSIC = ruleset("classic")
ONLINE = ruleset("classic-online")


# ---------------------------------------------------------------- the budget, as a table
# (ruleset, player, elements, redeals) → (gold, silver).  Elements: distinct non-neutral
# elements of the squad; 0 = a neutral-only squad (both seeds: 24 gold for the first player).
BUDGETS = [
    ("classic", "first", 2, 0, 23, 22),
    ("classic", "first", 1, 0, 24, 22),
    ("classic", "first", 0, 0, 24, 22),
    ("classic", "first", 3, 0, 22, 22),
    ("classic", "first", 4, 0, 21, 22),
    ("classic", "first", 5, 0, 20, 22),
    ("classic", "second", 2, 0, 24, 23),        # tabletop rules: +1 gold and +1 silver
    ("classic", "second", 1, 0, 25, 23),
    ("classic", "first", 2, 1, 22, 22),         # a redeal costs 1 gold
    ("classic", "first", 2, 3, 20, 22),
    ("classic-online", "second", 2, 0, 23, 23),  # Berserk-Online: +1 silver only
    ("classic-online", "second", 0, 0, 24, 23),
    ("classic-online", "first", 4, 2, 19, 22),
]


@pytest.mark.parametrize("name, player, elements, redeals, gold, silver", BUDGETS)
def test_budget_table(name, player, elements, redeals, gold, silver):
    money = budget(ruleset(name), player, elements, redeals)
    assert (money.gold, money.silver) == (gold, silver)


def test_budget_parts_cite_their_clause():
    money = budget(CLASSIC, "second", 4, 1)
    assert [p.clause for p in money.parts] == ["squad.crystals", "squad.second-player",
                                               "squad.elements", "squad.redeal"]
    assert money.explain("gold") == ("23 базовых + 1 бонус второго игрока − 2 за стихии сверх "
                                     "двух (2) − 1 за пересдачи (1)")


def test_non_standard_online_table():
    table = ONLINE.with_crystals(gold=30, silver=10)
    assert (budget(table, "second", 2, 0).gold, budget(table, "second", 2, 0).silver) == (30, 11)
    assert "задано для стола" in table.notes("squad")[0]


# ---------------------------------------------------------------- squads on real cards
# Invented cards (cost, elite, element, flying) for exact crystal arithmetic.
def _cards():
    out = [card(name=f"Горный рядовой {c}", cost=c) for c in range(1, 11)]
    out += [card(name=f"Горный элитный {c}", cost=c, elite=True) for c in range(1, 11)]
    out += [card(name="Лесной рядовой", element="леса", cost=2),
            card(name="Степной рядовой", element="степи", cost=2),
            card(name="Болотный рядовой", element="болота", cost=2),
            card(name="Тёмный рядовой", element="тьма", cost=2),
            card(name="Нейтральный рядовой", element="нейтральная", cost=2),
            card(name="Нейтральный элитный 9", element="нейтральная", cost=9, elite=True)]
    out += [card(name=f"Летун {c}", cost=c, move="полёт") for c in range(1, 11)]
    out += [card(name=f"Дешёвый {i}", cost=1) for i in range(1, 7)]
    return CardIndex(out)


CARDS = _cards()


def squad(*lines, **settings):
    entries = []
    for line in lines:
        name, *pay = line if isinstance(line, tuple) else (line,)
        gold, silver = (pay + [None, None])[:2]
        entries.append(Entry(name=name, gold=gold, silver=silver))
    return listing(*entries, settings=settings)


@pytest.mark.parametrize("spent, legal", [(23, True), (24, False)])
def test_gold_edge_for_elite(spent, legal):
    """Two elements (горы + леса) → 23 gold; elite cards can only take gold."""
    verdict = check_squad(squad("Горный элитный 10", "Горный элитный 10",
                                f"Горный элитный {spent - 20}", "Лесной рядовой"), CARDS, CLASSIC)
    assert verdict.summary["spent"]["gold"] == spent
    assert rules_of(verdict.findings) == ([] if legal else ["squad.gold"])


@pytest.mark.parametrize("extra, legal", [(0, True), (1, False)])
def test_total_edge_two_elements(extra, legal):
    """23 + 22 = 45 crystals; ordinary cards use silver first, then gold."""
    lines = ["Горный рядовой 10"] * 3 + ["Горный рядовой 9"]                  # 39
    lines += ["Лесной рядовой", "Лесной рядовой", "Горный рядовой 2"]          # 45
    lines += ["Горный рядовой 1"] * extra
    verdict = check_squad(squad(*lines), CARDS, CLASSIC)
    assert verdict.legal is legal
    assert verdict.summary["spent"] == {"gold": 23 + extra, "silver": 22}


def test_elite_paid_in_silver():
    verdict = check_squad(squad(("Горный элитный 5", 3, 2), ("Горный рядовой 5", 0, 5)),
                          CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ["squad.elite"]
    assert verdict.findings[0].clause == "squad.elite"
    assert verdict.findings[0].card == "Горный элитный 5"


def test_ordinary_card_may_be_paid_with_gold_or_silver_or_both():
    verdict = check_squad(squad(("Горный рядовой 5", 5, 0), ("Горный рядовой 4", 0, 4),
                                ("Горный рядовой 3", 1, 2)), CARDS, CLASSIC)
    assert verdict.legal


def test_stated_payment_must_equal_cost():
    verdict = check_squad(squad(("Горный рядовой 5", 2, 2), ("Горный рядовой 4", 5, 0)),
                          CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ["squad.payment", "squad.payment"]
    assert "стоит 5, а оплачено 4" in verdict.findings[0].message


@pytest.mark.parametrize("silver, legal", [(22, True), (23, False)])
def test_silver_edge(silver, legal):
    verdict = check_squad(squad(("Горный рядовой 10", 0, 10), ("Горный рядовой 10", 0, 10),
                                (f"Горный рядовой {silver - 20}", 0, silver - 20)), CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ([] if legal else ["squad.silver"])


@pytest.mark.parametrize("flyers, legal", [((7, 8), True), ((8, 8), False), ((5, 5, 5), True),
                                            ((10, 5, 1), False)])
def test_flyers_edge(flyers, legal):
    verdict = check_squad(squad(*[f"Летун {c}" for c in flyers]), CARDS, CLASSIC)
    assert verdict.summary["flyers_cost"] == sum(flyers)
    assert rules_of(verdict.findings) == ([] if legal else ["squad.flyers"])


@pytest.mark.parametrize("names, elements, gold", [
    (["Горный рядовой 1"], 1, 24),
    (["Горный рядовой 1", "Лесной рядовой"], 2, 23),
    (["Горный рядовой 1", "Лесной рядовой", "Степной рядовой"], 3, 22),
    (["Горный рядовой 1", "Лесной рядовой", "Степной рядовой", "Болотный рядовой"], 4, 21),
    (["Горный рядовой 1", "Лесной рядовой", "Степной рядовой", "Болотный рядовой",
      "Тёмный рядовой"], 5, 20),
    (["Нейтральный рядовой"], 0, 24),
    (["Нейтральный рядовой", "Горный рядовой 1"], 1, 24),     # neutral counts as no element
    (["Нейтральный рядовой", "Горный рядовой 1", "Лесной рядовой"], 2, 23),
])
def test_each_element_count_sets_the_gold(names, elements, gold):
    verdict = check_squad(squad(*names), CARDS, CLASSIC)
    assert len(verdict.summary["elements"]) == elements
    assert verdict.summary["budget"]["gold"] == gold


def test_element_penalty_makes_an_otherwise_legal_squad_illegal():
    """22 gold of elite cards: legal with two elements (23), illegal with four (21)."""
    two = squad("Горный элитный 10", "Горный элитный 10", "Горный элитный 2", "Лесной рядовой")
    assert check_squad(two, CARDS, CLASSIC).legal
    four = squad("Горный элитный 10", "Горный элитный 10", "Горный элитный 2", "Лесной рядовой",
                 "Степной рядовой", "Болотный рядовой")
    verdict = check_squad(four, CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ["squad.gold"]
    assert "за стихии сверх двух (2)" in verdict.findings[0].message


def test_neutral_only_squad_has_24_gold():
    legal = squad("Нейтральный элитный 9", "Нейтральный элитный 9", ("Нейтральный рядовой", 2, 0),
                  ("Нейтральный рядовой", 2, 0), ("Нейтральный рядовой", 2, 0))
    verdict = check_squad(legal, CARDS, CLASSIC)
    assert verdict.summary["spent"]["gold"] == 24 and verdict.legal


@pytest.mark.parametrize("name, player, gold_cap, silver_cap", [
    ("classic", "first", 23, 22), ("classic", "second", 24, 23),
    ("classic-online", "second", 23, 23)])
def test_second_player_bonus_follows_the_ruleset(name, player, gold_cap, silver_cap):
    elite = squad("Горный элитный 10", "Горный элитный 10", f"Горный элитный {gold_cap - 20}",
                  "Лесной рядовой")
    assert check_squad(elite, CARDS, ruleset(name), player=player).legal
    over = squad("Горный элитный 10", "Горный элитный 10", f"Горный элитный {gold_cap - 19}",
                 "Лесной рядовой")
    assert rules_of(check_squad(over, CARDS, ruleset(name), player=player).findings) == \
        ["squad.gold"]
    notes = "\\n".join(check_squad(elite, CARDS, ruleset(name), player=player).notes)
    assert "бонус второго игрока" in notes
    assert ("второго игрока: +1 золотой" in notes) is (name == "classic")


def test_redeals_cost_gold_from_the_file_or_the_caller():
    lines = ("Горный элитный 10", "Горный элитный 10", "Горный элитный 3", "Лесной рядовой")
    assert check_squad(squad(*lines), CARDS, CLASSIC).legal
    assert rules_of(check_squad(squad(*lines, redeals=1), CARDS, CLASSIC).findings) == \
        ["squad.gold"]
    assert rules_of(check_squad(squad(*lines), CARDS, CLASSIC, redeals=1).findings) == \
        ["squad.gold"]


@pytest.mark.parametrize("size, legal", [(15, True), (16, False)])
def test_squad_comes_from_a_15_card_deal(size, legal):
    names = [f"Дешёвый {1 + i % 6}" for i in range(size)]
    verdict = check_squad(squad(*names), CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ([] if legal else ["squad.size"])


def test_every_squad_problem_at_once_in_order():
    lines = [("Нет такой", None, None), ("Летун 10",), ("Летун 9",), ("Горный элитный 10", 5, 5),
             ("Горный рядовой 5", 1, 1), ("Горный элитный 10",), ("Горный элитный 10",)]
    verdict = check_squad(squad(*lines), CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ["card.unknown", "squad.payment", "squad.elite",
                                          "squad.gold", "squad.flyers"]
    assert verdict.findings[0].line == 1


def test_squad_on_the_bundled_examples(examples):
    """The project's example cards: a mountain flyer and a symbiote in a legal two-element squad."""
    verdict = check_squad(squad("Рунный кузнец", "Ледяной сокол", "Страж перевала",
                                "Трясинный змей", "Пиявка-симбиот"), examples, CLASSIC)
    assert verdict.legal, verdict.findings
    assert verdict.summary["elements"] == ["болота", "горы"]


def test_neutral_only_choice_is_shown_only_for_a_neutral_only_squad():
    neutral = check_squad(squad("Нейтральный рядовой"), CARDS, CLASSIC)
    assert any("оба прочтения: berserk rule «нейтральные карты в отряде»" in n for n in neutral.notes)
    mixed = check_squad(squad("Нейтральный рядовой", "Горный рядовой 1"), CARDS, CLASSIC)
    assert not any("neutral-only-squad" in n for n in mixed.notes)


def test_flying_keyword_in_the_text_makes_a_flyer_but_a_granted_flight_does_not():
    from judge.legality.rules import is_flyer

    assert is_flyer(card(name="a", text="Полёт."))
    assert is_flyer(card(name="b", move="полёт"))
    assert not is_flyer(card(name="c", text="При инкарнации — получает полёт."))


@pytest.mark.parametrize("copies, legal", [(3, True), (4, False)])
def test_a_squad_holds_no_more_copies_than_a_deck(copies, legal):
    lines = ["Горный рядовой 1"] * (copies - 1) + ["горный рядовой 1"]
    verdict = check_squad(squad(*lines), CARDS, CLASSIC)
    assert rules_of(verdict.findings) == ([] if legal else ["squad.copies"])
