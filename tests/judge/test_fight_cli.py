"""``berserk fight`` and ``berserk odds`` through the real CLI."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.conftest import run_cli


def fight(*args):
    res = run_cli("fight", *args, "--json")
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_step_up_gives_two_options():
    out = fight("--attacker", "2-3-4", "--defender", "1-2-3", "--dice", "6:2")
    deals = [(o["attacker_deals"], o["defender_deals"]) for o in out["options"]]
    assert deals == [(4, 1), (3, 0)]
    assert "514.4" in out["cites"] and "514.2" in out["cites"]


@pytest.mark.parametrize("dice, deals", [
    ("4:3", (2, 0)), ("2:4", (0, 0)), ("1:4", (0, 1)), ("5:5", (0, 1)), ("3:3", (2, 0)),
    ("1:6", (0, 2)),
])
def test_single_outcomes(dice, deals):
    out = fight("--attacker", "2-3-4", "--defender", "1-2-3", "--dice", dice)
    assert [(o["attacker_deals"], o["defender_deals"]) for o in out["options"]] == [deals]


def test_closed_defender_with_modifier_is_clamped():
    out = fight("--attacker", "2-3-4", "--defender-closed", "--dice", "6", "--attacker-mod", "1")
    assert out["options"][0]["attacker_deals"] == 4
    assert set(out["cite_ids"]) == {"514.6", "roll-clamp"}
    assert set(out["cites"]) == {"514.6", "Правило сведения броска"}


def test_bonus_and_die_modifiers():
    out = fight("--attacker", "2-3-4", "--defender", "1-2-3", "--dice", "4:5",
                "--attacker-mod", "1", "--defender-bonus", "1")
    # 4+1 = 5 against 5: a tie at «5 or more», the response strike is weak 1 + 1
    assert [(o["attacker_deals"], o["defender_deals"]) for o in out["options"]] == [(0, 2)]


def test_text_output():
    res = run_cli("fight", "--attacker", "2-3-4", "--defender", "1-2-3", "--dice", "6:2")
    assert res.returncode == 0
    assert "Вариант 2" in res.stdout and "514.4" in res.stdout


@pytest.mark.parametrize("args", [
    ("--attacker", "2-3", "--defender", "1-2-3", "--dice", "6:2"),
    ("--attacker", "2-3-4", "--defender", "1-2-3", "--dice", "7:2"),
    ("--attacker", "2-3-4", "--defender", "1-2-3", "--dice", "6"),
    ("--attacker", "2-3-4", "--dice", "6:2"),
])
def test_bad_input_is_exit_2(args):
    res = run_cli("fight", *args)
    assert res.returncode == 2 and "ошибка" in res.stderr


def test_odds_are_exact_and_sum_to_one():
    res = run_cli("odds", "--attacker", "2-3-4", "--defender", "1-2-3", "--defender-lives", "3",
                  "--attacker-lives", "1", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["pairs"] == 36
    for policy in ("never", "always"):
        entry = out["policies"][policy]
        assert sum(Fraction(o["fraction"]) for o in entry["outcomes"]) == 1
    # the defender (3 lives) dies on a medium or strong strike: differences ≥ 2 for the attacker
    assert Fraction(out["policies"]["never"]["defender_dies_fraction"]) == Fraction(10, 36)
    # stepping up from a difference of 4 (strong → medium, 2 pairs) never loses the kill here,
    # stepping up from 2 (medium → weak, 4 pairs) does
    assert Fraction(out["policies"]["always"]["defender_dies_fraction"]) == Fraction(6, 36)


def test_odds_closed_defender():
    res = run_cli("odds", "--attacker", "1-2-3", "--defender-closed", "--defender-lives", "2",
                  "--json")
    out = json.loads(res.stdout)
    assert out["pairs"] == 6
    assert Fraction(out["policies"]["never"]["defender_dies_fraction"]) == Fraction(1, 2)
