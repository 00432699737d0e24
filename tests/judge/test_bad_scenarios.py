"""Invalid scenarios: a located Russian message, exit 2, every problem listed; a failed
expectation is exit 1.  Each case is a small YAML text and what the message must contain."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

HEAD = """ruleset: classic
title: t
question: q
cards:
  Латник: {life: 6, strike: 2-3-4, move: 1}
turn: A
"""

CASES = {
    "unknown-card": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латнек}
""", [":9:", "карта «Латнек» не найдена", "возможно, вы имели в виду", "«Латник»"]),
    "cell-off-field": (HEAD + """board:
  A: {f7: Латник}
  B: {c4: Латник}
""", [":8:", "клетка «f7» вне поля"]),
    "two-cards-one-cell-same-player": (HEAD + """board:
  A: {c3: Латник, c3: Латник}
  B: {c5: Латник}
""", [":8:", "клетка c3 указана дважды"]),
    "two-cards-one-cell-two-players": (HEAD + """board:
  A: {c3: Латник}
  B: {c3: Латник}
""", [":9:", "клетка c3 уже занята"]),
    "yaml-syntax": (HEAD + """board:
  A: {c3: Латник
  B: {c4: Латник}
""", ["ошибка синтаксиса YAML", "^"]),
    "bad-die": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
actions:
  - attack: {by: c3, target: c4, dice: [7, 2]}
""", [":11:", "dice"]),
    "unknown-verb": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
actions:
  - atack: {by: c3, target: c4}
""", [":11:", "неизвестное действие «atack»", "«attack»"]),
    "unknown-clause": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
expect:
  cites: ["514.9"]
""", [":11:", "пункт «514.9» не найден"]),
    "unknown-ruleset": (HEAD.replace("ruleset: classic", "ruleset: heroes-16") + """board:
  A: {c3: Латник}
  B: {c4: Латник}
""", [":1:", "правила «heroes-16» судья не применяет", "heroes-15"]),
    "flyer-on-a-cell": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Ледяной сокол}
""", [":9:", "летает", "[Летающие существа]"]),
    "hidden-outside-third-row": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: {card: Латник, hidden: true}}
""", [":9:", "[Скрытый третий ряд второго игрока]"]),
    "two-terrains": (HEAD + """board:
  A: {c3: Латник, terrain: [Туманная низина, Туманная низина]}
  B: {c4: Латник}
""", [":8:", "только одна местность"]),
    "unknown-card-in-expect": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
expect:
  Латнек: {wounds: 1}
""", [":11:", "«Латнек» не участвует", "«Латник»"]),
    "empty-cites": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
expect:
  cites: []
""", [":11:", "пустой список ничего не проверяет"]),
    "empty-order": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
expect:
  order: []
""", [":11:", "пустой список ничего не проверяет"]),
    "empty-target-cell": (HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
actions:
  - attack: {by: c3, target: d4, dice: [1, 1]}
""", [":11:", "на клетке d4 нет карты"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_scenario_is_a_located_error(tmp_path, name):
    text, needles = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    res = run_cli("judge", str(path))
    assert res.returncode == 2, res.stdout + res.stderr
    assert str(path) in res.stderr
    for needle in needles:
        assert needle in res.stderr, (needle, res.stderr)
    assert res.stdout == ""          # nothing half-written


def test_strict_mode_needs_every_die(tmp_path):
    path = tmp_path / "missing-die.yaml"
    path.write_text(HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
actions:
  - attack: {by: c3, target: c4, dice: [5], defender: none}
""", encoding="utf-8")
    res = run_cli("judge", str(path), "--strict")
    assert res.returncode == 2
    assert f"{path}:11:" in res.stderr and "бросок кубика" in res.stderr
    lax = run_cli("judge", str(path))
    assert lax.returncode == 0 and "не назван в сценарии" in lax.stdout


def test_strict_mode_needs_the_step_up_choice(tmp_path):
    path = tmp_path / "missing-choice.yaml"
    path.write_text(HEAD + """board:
  A: {c3: Латник}
  B: {c4: Латник}
actions:
  - attack: {by: c3, target: c4, dice: [6, 2], defender: none}
""", encoding="utf-8")
    res = run_cli("judge", str(path), "--strict")
    assert res.returncode == 2 and "step_up" in res.stderr


def test_every_problem_is_listed(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text(HEAD + """board:
  A: {c3: Латнек, g9: Латник}
  B: {c3: Латник}
actions:
  - atack: {by: c3}
""", encoding="utf-8")
    res = run_cli("judge", str(path))
    assert res.returncode == 2
    for needle in ("«Латнек» не найдена", "«g9» вне поля", "c3 уже занята", "«atack»"):
        assert needle in res.stderr, needle
    assert res.stderr.count(str(path)) >= 4


def test_failed_expectation_is_exit_1(tmp_path):
    path = tmp_path / "wrong.yaml"
    path.write_text(HEAD + """board:
  A: {c3: Латник}
  B: {c4: {card: Латник, closed: true}}
actions:
  - attack: {by: c3, target: c4, dice: [6], defender: none}
expect:
  c4: {wounds: 3}
  cites: ["514.1"]
""", encoding="utf-8")
    res = run_cli("judge", str(path), "--json")
    assert res.returncode == 1
    [out] = json.loads(res.stdout)
    assert out["ok"] is False
    assert any("wounds = 4, ожидалось 3" in f for f in out["failures"])
    assert any("514.1" in f for f in out["failures"])


def test_every_invalid_file_is_listed(tmp_path):
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(CASES["unknown-card"][0], encoding="utf-8")
    two.write_text(CASES["cell-off-field"][0], encoding="utf-8")
    res = run_cli("judge", str(one), str(two))
    assert res.returncode == 2 and res.stdout == ""
    assert f"{one}:9:" in res.stderr and f"{two}:8:" in res.stderr


def test_strict_mode_needs_the_ability_choice(tmp_path):
    path = tmp_path / "two-shots.yaml"
    head = HEAD.replace("turn: A\n", "  Лучник: {life: 5, strike: 1-1-2, move: 1, text: "
                        "\"{tap}: Выстрел на 1.\\n{counter}{tap}: Выстрел на 3.\"}\nturn: A\n")
    path.write_text(head + """board:
  A: {c2: {card: Лучник, counters: 1}}
  B: {c5: Латник}
actions:
  - shot: {by: c2, target: c5}
""", encoding="utf-8")
    res = run_cli("judge", str(path), "--strict")
    assert res.returncode == 2 and "ability" in res.stderr, res.stderr
    chosen = path.read_text(encoding="utf-8").replace("target: c5}", "target: c5, ability: 2}")
    path.write_text(chosen, encoding="utf-8")
    res = run_cli("judge", str(path), "--strict", "--json")
    assert res.returncode == 0, res.stderr
    assert '"amount": 3' in res.stdout


# ---------------------------------------------------------------- issue 15: false expectations
#: Латник (c3) kills a closed Латник (c4, 5 wounds already) with a 4: the table afterwards.
KILL = HEAD.replace("turn: A\n", """  Жалящий: {life: 5, strike: 1-2-3, move: 1, text: "При {strike} ранить атакованное существо на 1."}
turn: A
""") + """board:
  A: {c3: Латник, b3: Жалящий}
  B: {c4: {card: Латник, wounds: 5, closed: true}, b4: {card: Латник, closed: true,
                                                                 markers: [метки]}}
actions:
  - attack: {by: c3, target: c4, dice: [4], defender: none}
  - attack: {by: b3, target: b4, dice: [4], defender: none}
expect:
"""

#: (name, expectation lines, a fragment of the failure): each expectation is false — every one
#: must make the run fail (exit 1), whatever else the same card's expectation says.
FALSE = [
    ("dead-and-more", "  c4: {dead: true, zone: field, wounds: 0, lives: 99}",
     "«Латник».zone = 'graveyard', ожидалось 'field'"),
    ("dead-and-lives", "  c4: {dead: true, lives: 99}", "lives"),
    ("empty-and-more", "  c4: {empty: true, dead: false}", "«Латник».dead = True"),
    ("dead-by-id", "  Латник#2: {dead: true, zone: air}", "zone"),
    ("nothing-stood-there", "  d4: {empty: true, wounds: 0}", "не было в начале"),
    ("nothing-ever-there", "  a1: {dead: true}", "на клетке a1 нет карты и не было"),
    ("bool-as-number", "  c3: {closed: 1}", "closed = True, ожидалось 1"),
    ("number-as-bool", "  b4: {wounds: true}", "wounds = 3, ожидалось True"),
    ("nothing-triggered", "  triggered: []", "сработали"),
    ("no-markers", "  b4: {markers: []}", "маркеры"),
]


@pytest.mark.parametrize("name, lines, says", FALSE, ids=[f[0] for f in FALSE])
def test_a_false_expectation_fails(tmp_path, name, lines, says):
    path = tmp_path / f"{name}.yaml"
    path.write_text(KILL + lines + "\n", encoding="utf-8")
    res = run_cli("judge", str(path), "--strict", "--json")
    assert res.returncode == 1, res.stdout + res.stderr
    [out] = json.loads(res.stdout)
    assert any(says in f for f in out["failures"]), out["failures"]
    assert all(f.startswith(f"{path}:") for f in out["failures"])


def test_the_true_expectations_of_the_same_table_hold(tmp_path):
    path = tmp_path / "true.yaml"
    path.write_text(KILL + """  c4: {dead: true, empty: true, zone: graveyard}
  Латник#2: {dead: true}
  b4: {wounds: 3, closed: true, markers: [метки]}
  d4: {empty: true}
  triggered: [Жалящий/1]
""", encoding="utf-8")
    res = run_cli("judge", str(path), "--strict")
    assert res.returncode == 0, res.stdout + res.stderr


# ---------------------------------------------------------------- issue 15: surplus dice
SURPLUS = HEAD + """board:
  A: {c3: Латник, a1: Латник}
  B: {c4: {card: Латник, closed: true}}
actions:
  - attack: {by: c3, target: c4, dice: DICE, defender: none}
"""


@pytest.mark.parametrize("dice, says", [
    ("[6, 2]", "использовало 1 из 2, не нужны ещё 1: 2"),
    ("[" + ", ".join(["6"] * 9999) + "]", "не нужны ещё 9998: 6, 6, 6, 6, 6 …"),
], ids=["one-extra", "9998-extra"])
def test_strict_mode_refuses_surplus_dice_located(tmp_path, dice, says):
    path = tmp_path / "surplus.yaml"
    path.write_text(SURPLUS.replace("DICE", dice), encoding="utf-8")
    res = run_cli("judge", str(path), "--strict")
    assert res.returncode == 2, res.stdout + res.stderr
    assert f"{path}:11:40: строгий режим: лишние броски кубика" in res.stderr, res.stderr
    assert says in res.stderr
    assert "Traceback" not in res.stderr
    assert run_cli("judge", str(path)).returncode == 0        # outside strict mode: as before


def test_strict_mode_refuses_the_surplus_dice_of_a_cancelled_action_and_of_a_response(tmp_path):
    cancelled = tmp_path / "cancelled.yaml"        # a1 is not next to c4: nothing is rolled
    cancelled.write_text(SURPLUS.replace("by: c3", "by: a1").replace("DICE", "[6]"),
                         encoding="utf-8")
    res = run_cli("judge", str(cancelled), "--strict")
    assert res.returncode == 2 and f"{cancelled}:11:40:" in res.stderr, res.stderr
    response = tmp_path / "response.yaml"
    response.write_text(SURPLUS.replace("DICE", "[5]").replace(
        "defender: none}", "defender: none,\n      responses: [{attack: {by: a1, target: c4, "
        "dice: [3]}}]}"), encoding="utf-8")
    res = run_cli("judge", str(response), "--strict")
    assert res.returncode == 2 and f"{response}:12:" in res.stderr, res.stderr
