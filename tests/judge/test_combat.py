"""The strike table and the as-on-a-closed-card roll, checked against an independent copy.

The expected table below is typed from the seed document (001: the 514.2 table with the
difference column filled), not computed from judge/combat.py, which reads the rulebook index."""
from __future__ import annotations

import pytest

from judge.classic import combat
from judge.classic.combat import MEDIUM as M
from judge.classic.combat import STRONG as S
from judge.classic.combat import WEAK as W

# (difference in the attacker's favour; negative = in the reflecting card's favour) → deals
TABLE = {
    1: (W, None), 2: (M, W), 3: (M, None), 4: (S, W), 5: (S, None),
    -1: (W, None), -2: (None, None), -3: (None, W), -4: (W, M), -5: (None, M),
}


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("d", range(1, 7))
def test_every_pair_of_dice_follows_the_seed_table(a, d):
    row = combat.fight_row(a, d)
    diff = a - d
    if diff == 0:
        want = (W, None) if a <= 4 else (None, W)
    else:
        want = TABLE[max(-5, min(5, diff))]
    assert (row.attacker, row.defender) == want


@pytest.mark.parametrize("a, d, want", [
    (7, 7, (None, W)),      # a tie counts the modified value: 7 is «5 или больше»
    (0, 0, (W, None)),      # modifiers may push below 1 inside a fight: no clamping there
    (9, 1, (S, None)),      # a difference of 8 is «5 или больше»
])
def test_modified_rolls_inside_a_fight_are_not_clamped(a, d, want):
    row = combat.fight_row(a, d)
    assert (row.attacker, row.defender) == want


@pytest.mark.parametrize("a, d, stepped", [
    (6, 2, ("attacker", M, None)), (5, 3, ("attacker", W, None)), (1, 5, ("defender", None, W)),
])
def test_step_up_is_offered_only_when_both_strike(a, d, stepped):
    options = combat.fight_options(a, d)
    assert len(options) == 2
    who, att, dfd = stepped
    assert (options[1].stepped_up, options[1].attacker, options[1].defender) == (who, att, dfd)


def test_no_step_up_when_only_one_side_strikes():
    single = [(a, d) for a in range(1, 7) for d in range(1, 7)
              if len(combat.fight_options(a, d)) == 1]
    assert len(single) == 36 - 8        # differences +2 (4 pairs), +4 (2 pairs), −4 (2 pairs)
    doubles = {(a, d) for a in range(1, 7) for d in range(1, 7)} - set(single)
    assert doubles == {(a, d) for a in range(1, 7) for d in range(1, 7) if a - d in (2, 4, -4)}


@pytest.mark.parametrize("roll, strength", [(1, W), (2, W), (3, W), (4, M), (5, M), (6, S)])
def test_closed_card_strength(roll, strength):
    assert combat.closed_strength(roll) == strength


@pytest.mark.parametrize("raw, clamped", [(-3, 1), (0, 1), (1, 1), (6, 6), (7, 6), (12, 6)])
def test_roll_clamp(raw, clamped):
    assert combat.clamp(raw) == clamped


def test_the_table_comes_from_the_rulebook_index():
    from rulings.lookup import load_book

    data = load_book("classic").clauses["514.2"].data["strike_table"]
    assert data["attacker_higher"][4] == ["strong", "weak"]
    assert combat.ATTACKER_FAVOUR[4] == (S, W)


def test_every_clause_the_judge_can_cite_is_in_the_book():
    from judge import cites

    assert cites.missing_in_book() == []
    cites.check_against_book()
