"""Invalid Heroes scenarios: every problem is reported at once, each at file:line:col with the
offending input and, for names, «возможно, вы имели в виду» — and `berserk judge` exits 2."""
from __future__ import annotations

import textwrap

import pytest

from berserk.errors import InputError
from judge.heroes.run import load_scenario, run
from tests.conftest import run_cli

BASE = """\
ruleset: heroes-15
title: проба
cards:
  Степной волк: {type: существо, cost: 2, life: 2, strike: 2}
turn: A
players:
  A: {play: [Степной волк]}
actions:
  - attack: {by: Степной волк, target: B.hero}
expect:
  B.hero: {wounds: 2}
"""

#: (what, replace this, with this, a fragment of the message, line)
CASES = [
    ("unknown top key", "title: проба", "titel: проба", "возможно, вы имели в виду: «title»", 2),
    ("unknown card in play", "play: [Степной волк]", "play: [Степной вовк]",
     "возможно, вы имели в виду: «Степной волк»", 7),
    ("unknown action", "  - attack:", "  - atack:", "«attack»", 9),
    ("unknown action key", "target: B.hero}", "targt: B.hero}", "«target»", 9),
    ("unknown reference", "by: Степной волк,", "by: Степной вол,", "Степной волк", 9),
    ("unknown expectation", "B.hero: {wounds: 2}", "B.hero: {wonds: 2}", "«wounds»", 11),
    ("cite not in the book", "B.hero: {wounds: 2}", "B.hero: {wounds: 2}\n  cites: [\"507.33\"]",
     "507.3", 12),
    ("strike as a triple", "strike: 2}", "strike: 1-2-3}", "одно число", 4),
    ("a class of another type", "strike: 2}", "strike: 2, classes: [оружие]}", "107.3.3", 4),
    ("wounds that kill", "play: [Степной волк]", "play: [{card: Степной волк, wounds: 2}]",
     "505.1", 7),
    ("turn 1 of the second player", "turn: A", "turn: B\nturn_number: 1", "302.3", 6),
]


def _load(text: str):
    return load_scenario("bad.yaml", text=text)


@pytest.mark.parametrize("what, old, new, says, line", CASES, ids=[c[0] for c in CASES])
def test_a_bad_scenario_is_located(what, old, new, says, line):
    assert old in BASE
    with pytest.raises(InputError) as err:
        _load(BASE.replace(old, new, 1))
    messages = [(p.location.line, p.message) for p in err.value.problems]
    assert any(says in m and ln == line for ln, m in messages), messages


def test_every_problem_is_reported_at_once():
    text = BASE.replace("title: проба", "titel: проба").replace("play: [Степной волк]",
                                                                "play: [Степной вовк]")
    with pytest.raises(InputError) as err:
        _load(text)
    assert len(err.value.problems) >= 2
    rendered = err.value.render()
    assert "bad.yaml:2:1" in rendered and "^" in rendered


def test_a_spell_cannot_lie_in_play():
    text = textwrap.dedent("""\
        ruleset: heroes-15
        cards:
          Огонь: {type: заклинание, cost: 1, text: "Ранить выбранное существо на 1."}
        players:
          A: {play: [Огонь]}
        """)
    with pytest.raises(InputError, match="211.2"):
        _load(text)


def test_two_supports_of_one_class():
    text = textwrap.dedent("""\
        ruleset: heroes-15
        cards:
          Меч: {type: поддержка, cost: 1, classes: [оружие]}
          Топор: {type: поддержка, cost: 1, classes: [оружие]}
        players:
          A: {play: [Меч, Топор]}
        """)
    with pytest.raises(InputError, match="212.3"):
        _load(text)


def test_a_name_is_the_first_copy_and_an_unknown_copy_is_named():
    text = textwrap.dedent("""\
        ruleset: heroes-15
        cards:
          Степной волк: {type: существо, cost: 2, life: 2, strike: 2}
        players:
          A: {play: [Степной волк]}
          B: {play: [Степной волк]}
        expect:
          Степной волк: {controller: A}
          B:Степной волк: {controller: B}
          Степной волк#3: {wounds: 0}
        """)
    with pytest.raises(InputError) as err:
        _load(text)
    [problem] = err.value.problems
    assert problem.location.line == 10 and "«Степной волк#3»" in problem.message


def test_strict_mode_names_the_missing_choice(tmp_path):
    text = BASE.replace("players:\n  A: {play: [Степной волк]}",
                        "players:\n  A: {play: [Степной волк]}\n  B: {play: [Степной волк]}")
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    out = run_cli("judge", str(f), "--strict")
    assert out.returncode == 2
    assert "defender" in out.stderr and f"{f.name}:10:13" in out.stderr


def test_cli_exit_code_2_on_a_bad_file(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(BASE.replace("title: проба", "titel: проба"), encoding="utf-8")
    out = run_cli("judge", str(f))
    assert out.returncode == 2 and "s.yaml:2:1" in out.stderr


# ---------------------------------------------------------------- issue 15: false expectations
@pytest.mark.parametrize("key", ["cites", "not_cites", "events"])
def test_an_empty_at_least_list_is_refused(key):
    with pytest.raises(InputError) as err:
        _load(BASE + f"  {key}: []\n")
    [problem] = err.value.problems
    assert problem.location.line == 12 and "пустой список ничего не проверяет" in problem.message


QUEUE = """\
ruleset: heroes-15
title: очередь
cards:
  Удар и знание: {type: заклинание, cost: 3, element: горы, classes: [волшебство],
                  text: "Ранить выбранное существо на 3. Возьмите карту."}
  Огненный бес: {type: существо, cost: 2, life: 2, strike: 2, element: тьма, classes: [демон],
                 text: "Гибель: ранить героя противника на 1."}
  Степной волк: {type: существо, cost: 2, life: 2, strike: 2, text: "Рывок."}
turn: A
players:
  A: {coins: 3, hand: [Удар и знание], deck: [3], play: [Степной волк]}
  B: {play: [Огненный бес]}
actions:
  - play: {card: Удар и знание, choices: {Удар и знание/1: {target: Огненный бес}}}
expect:
"""

#: (name, an expectation the judged game contradicts, a fragment of the failure)
FALSE = [
    ("nothing resolved", "resolved: []", "ничего не выполнится"),
    ("no features", "Степной волк: {has: []}", "особенностей нет"),
    ("a number as a bool", "A.hero: {wounds: true}", "wounds"),
    ("a bool as a number", "Степной волк: {closed: 0}", "closed"),
    ("a count as a bool", "A: {hand: true}", "hand"),
    ("coins as a bool", "A: {coins: {open: false}}", "coins.open"),
]


@pytest.mark.parametrize("name, line, says", FALSE, ids=[f[0] for f in FALSE])
def test_a_false_expectation_fails(name, line, says):
    out = run(_load(QUEUE + f"  {line}\n"), strict=True)
    assert any(says in f for f in out.failures), out.failures


def test_the_true_expectations_of_the_same_game_hold():
    out = run(_load(QUEUE + """  resolved: [Удар и знание/1, Удар и знание/2, Огненный бес/1]
  Степной волк: {has: [Рывок], closed: false}
  Огненный бес: {has: ["Гибель: ранить героя противника на 1"], zone: graveyard}
  A.hero: {wounds: 1}
  A: {hand: 1, coins: {open: 0}}
"""), strict=True)
    assert out.failures == []


def test_a_name_that_became_ambiguous_is_a_failure_not_a_traceback():
    """«Степной волк» is the first copy, in play; it dies attacking the ogre after two more are
    played — now two fit and neither is the first copy: the expectation fails and says so."""
    text = (BASE.replace("strike: 2}", "strike: 2}\n  Болотный огр: {type: существо, cost: 4, "
                                       "life: 5, strike: 3}")
            .replace("A: {play: [Степной волк]}",
                     "A: {coins: 4, play: [Степной волк], hand: [Степной волк, Степной волк]}\n"
                     "  B: {play: [Болотный огр]}")
            .replace("  - attack: {by: Степной волк, target: B.hero}",
                     "  - play: {card: Степной волк#2}\n  - play: {card: Степной волк#3}\n"
                     "  - attack: {by: Степной волк, target: Болотный огр, defender: none}")
            .replace("B.hero: {wounds: 2}", "Степной волк: {wounds: 0}"))
    out = run(_load(text), strict=True)
    assert any("неоднозначно" in f for f in out.failures), out.failures
