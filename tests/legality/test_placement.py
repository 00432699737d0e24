"""Classic opening placement for both players and both sides: zones, fill order, special cards."""
from __future__ import annotations

import pytest

from judge.legality.lists import Entry
from carddb.lookup import CardIndex
from judge.legality.rules import ruleset
from judge.legality.placement import describe, own_row, tiers
from judge.legality.squad import check_squad

from tests.legality.conftest import card, listing

CLASSIC = ruleset("classic")
CARDS = CardIndex([card(name=f"Воин {i}", cost=1) for i in range(1, 16)]
                  + [card(name="Летун", cost=3, move="полёт"),
                     card(name="Симбиот", cost=1, type="симбиот"),
                     card(name="Низина", cost=1, type="местность"),
                     card(name="Щит", cost=1, type="экипировка", element="нейтральная"),
                     card(name="Второй щит", cost=1, type="экипировка", classes=["щит"]),
                     card(name="Третий щит", cost=1, type="экипировка", classes=["щит"]),
                     card(name="Меч", cost=1, type="экипировка", classes=["оружие"]),
                     card(name="Гном", cost=1, classes=["Гном"]),
                     card(name="Призрак", cost=1, classes=["Нежить"], text="Бестелесное."),
                     card(name="Знамя", cost=1, type="артефакт"),
                     card(name="Второй симбиот", cost=1, text="Симбиот.")])

# The zones exactly as docs/legality.md states them (board cells; row 1 nearest side A).
ZONES = {
    ("first", "A"): ["b1 c1 d1 b2 c2 d2 b3 c3 d3", "a2 e2 a1 e1", "a3 e3"],
    ("first", "B"): ["b4 c4 d4 b5 c5 d5 b6 c6 d6", "a5 e5 a6 e6", "a4 e4"],
    ("second", "A"): ["a3 b3 c3 d3 e3 b2 c2 d2 b1 c1 d1", "a2 e2 a1 e1"],
    ("second", "B"): ["a4 b4 c4 d4 e4 b5 c5 d5 b6 c6 d6", "a5 e5 a6 e6"],
}


@pytest.mark.parametrize("player, side", list(ZONES))
def test_zones_are_the_documented_cells(player, side):
    got = [sorted(cells) for _, cells in tiers(player, side)]
    assert got == [sorted(z.split()) for z in ZONES[(player, side)]]
    assert sum(len(c) for c in got) == 15          # the whole half, each cell once


def test_own_rows_count_from_the_front():
    assert [own_row(f"c{r}", "A") for r in range(1, 7)] == [3, 2, 1, None, None, None]
    assert [own_row(f"c{r}", "B") for r in range(1, 7)] == [None, None, None, 1, 2, 3]


def test_docs_state_the_zones(shared):
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "legality.md").read_text(encoding="utf-8")
    for player in ("first", "second"):
        for side in ("A", "B"):
            assert describe(player, side) in doc, (player, side)


def placed(cells: list[str], player="first", side=None, extra=()):
    entries = [Entry(name=f"Воин {i}", cell=cell) for i, cell in enumerate(cells, start=1)]
    verdict = check_squad(listing(*entries, *extra), CARDS, CLASSIC, player=player, side=side)
    return [(f.rule, f.cell) for f in verdict.findings]


CENTRE_A = "b1 c1 d1 b2 c2 d2 b3 c3 d3".split()


def test_first_player_nine_cards_in_the_centre():
    assert placed(CENTRE_A) == []
    assert placed(CENTRE_A[:5]) == []


def test_first_player_side_cell_while_centre_has_room():
    assert placed(CENTRE_A[:8] + ["a2"]) == [("placement.first-player", "a2")]


def test_first_player_front_side_cell_is_filled_last():
    """Ten cards: the tenth goes to a side cell of rows 2–3, not of row 1 (a3 for side A)."""
    assert placed(CENTRE_A + ["a2"]) == []
    assert placed(CENTRE_A + ["a1"]) == []
    assert placed(CENTRE_A + ["a3"]) == [("placement.overflow", "a3")]
    assert placed(CENTRE_A + ["a2", "e2", "a1", "e1", "a3"]) == []          # 14 cards


def test_second_player_first_row_and_centre():
    base_b = "a4 b4 c4 d4 e4 b5 c5 d5 b6 c6 d6".split()
    assert placed(base_b, player="second") == []
    assert placed(["a4", "e4", "c6"], player="second") == []               # row 1 sides: fine
    assert placed(["a5"], player="second") == [("placement.second-player", "a5")]
    assert placed(base_b + ["a5", "e6"], player="second") == []
    assert placed(base_b[:10] + ["a6"], player="second") == [("placement.second-player", "a6")]


def test_first_player_cannot_use_the_second_players_extra_cells():
    """For the first player the front row's side cells are the last tier, not the first."""
    assert placed(["a3"]) == [("placement.overflow", "a3")]


def test_cells_outside_the_own_half_and_doubled_cells():
    assert placed(["c4"]) == [("placement.half", "c4")]
    assert placed(["c2", "c2"]) == [("placement.occupied", "c2")]
    assert placed(["c5"], player="second", side="A") == [("placement.half", "c5")]


def test_side_b_first_player():
    assert placed("b4 c4 d4 b5 c5 d5 b6 c6 d6 a5".split(), side="B") == []
    assert placed(["a4"], side="B") == [("placement.overflow", "a4")]


@pytest.mark.parametrize("name", ["Летун", "Симбиот", "Низина", "Щит"])
def test_special_cards_take_a_free_cell_when_placed(name):
    assert placed(["c2"], extra=[Entry(name=name, cell="c3")]) == []
    rules = placed(["c2"], extra=[Entry(name=name, cell="доп")])
    assert rules == [("placement.special", None)]


def test_special_card_on_an_occupied_cell():
    assert placed(["c2"], extra=[Entry(name="Симбиот", cell="c2")]) == \
        [("placement.occupied", "c2")]


def test_every_card_needs_a_cell_once_cells_are_given():
    assert placed(["c2"], extra=[Entry(name="Воин 9")]) == [("placement.missing", None)]


def test_placement_problems_all_at_once():
    got = placed(["c2", "c2", "a3", "c5", "a2"],
                 extra=[Entry(name="Летун", cell="доп"), Entry(name="Воин 9")])
    assert got == [("placement.missing", None), ("placement.special", None),
                   ("placement.half", "c5"), ("placement.occupied", "c2"),
                   ("placement.first-player", "a2"), ("placement.overflow", "a3")]


# ---------------------------------------------------------------- after reveal: hosts
def hosted(*extra):
    """Гном on c2, Воин 1 (no class) on b2, Призрак on d2, Знамя on c1, Летун on b1, then
    ``extra`` (name, cell, host) lines; returns (rule, host cell) of the host findings."""
    base = [Entry(name="Гном", cell="c2"), Entry(name="Воин 1", cell="b2"),
            Entry(name="Призрак", cell="d2"), Entry(name="Знамя", cell="c1"),
            Entry(name="Летун", cell="b1")]
    cells = iter(["c3", "b3", "d3", "d1"])
    entries = base + [Entry(name=n, cell=next(cells), host=h) for n, h in extra]
    verdict = check_squad(listing(*entries), CARDS, CLASSIC)
    return [(f.rule, f.cell) for f in verdict.findings]


def test_symbiote_goes_onto_a_creature_one_per_host():
    assert hosted(("Симбиот", "c2")) == []
    assert hosted(("Симбиот", "b2"), ("Второй симбиот", "c2")) == []
    assert hosted(("Симбиот", "c2"), ("Второй симбиот", "c2")) == [("host.symbiote", "c2")]
    assert hosted(("Симбиот", "b1")) == [("host.symbiote", "b1")]          # a flyer
    assert hosted(("Симбиот", "c1")) == [("host.artifact", "c1")]
    assert hosted(("Симбиот", "e2")) == [("host.missing", "e2")]


def test_equipment_needs_a_classed_creature_and_different_classes():
    assert hosted(("Второй щит", "c2"), ("Меч", "c2")) == []
    assert hosted(("Второй щит", "c2"), ("Третий щит", "c2")) == [("host.equipment-class", "c2")]
    assert hosted(("Меч", "b2")) == [("host.equipment", "b2")]            # no class
    assert hosted(("Меч", "d2")) == [("host.equipment", "d2")]            # incorporeal
    assert hosted(("Меч", "b1")) == [("host.equipment", "b1")]            # flyer
    assert hosted(("Меч", "c1")) == [("host.artifact", "c1")]
    assert hosted(("Щит", "c2"), ("Меч", "c2")) == []                     # class-less: no clash


def test_only_symbiotes_and_equipment_take_a_host():
    assert hosted(("Воин 2", "c2")) == [("host.kind", "c2")]
