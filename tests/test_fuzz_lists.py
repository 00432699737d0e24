"""Fuzz: deck and squad lists through ``berserk deck check`` / ``berserk squad check`` (the
reader judge/legality/lists.py and the checks behind it) — «a verdict (exit 0/1) or a clean
error (exit 2, «ошибка: …»), never a traceback».

Plain-text lists are built from the tokens the reader knows (counts, names, payments, cells,
hosts, settings) mixed with hostile ones (huge and odd digits, junk); YAML lists are a real
deck or squad with random edits; both may get broken bytes (tests/fuzz_inputs.py).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import strategies as st

from tests.conftest import run_cli
from tests.fuzz_inputs import EDGE_INTS, as_bytes, count, dump, fuzz_pair, mutated, nesting

WORK = Path(tempfile.mkdtemp(prefix="berserk-fuzz-lists-"))
NAMES = ("Страж перевала", "Степной лучник", "Горный камнемёт", "Рунный кузнец", "Ледяной сокол",
         "Страж перевла", "страж ПЕРЕВАЛА")
NUMBER = st.one_of(st.integers(-3, 40), st.sampled_from(EDGE_INTS)).map(str) | \
    st.sampled_from(("²", "٣", "0", "00", "3x", "9" * 40))
TOKEN = st.one_of(
    NUMBER, st.sampled_from(NAMES), st.text(max_size=8),
    st.builds(lambda n, unit: n + unit, NUMBER,
              st.sampled_from(("з", "с", "зол", "сер", "g", "s"))),
    st.sampled_from(("a1", "b3", "c2", "e6", "f9", "в2", "доп", "доп.зона", "хозяин:c3",
                     "хозяин:z9", "host:", "#", "x")))
SETTING = st.builds(lambda key, value: f"{key}: {value}", st.sampled_from((
    "игрок", "player", "пересдачи", "золото", "серебро", "правила", "сторона", "неизвестно")),
    st.one_of(NUMBER, st.sampled_from(("второй", "first", "A", "Б", "classic", "heroes-15",
                                       "classic-online", "нет")), st.text(max_size=6)))
LINE = st.one_of(st.lists(TOKEN, max_size=6).map(" ".join), SETTING)
TEXT_LIST = st.lists(LINE, max_size=12).map("\n".join)

DECK = {"ruleset": "classic", "cards": {"Страж перевала": 3, "Степной лучник": 2}}
SQUAD = {"player": "second", "redeals": 1, "crystals": {"gold": 25, "silver": 22},
         "squad": ["Страж перевала 4з b3", {"card": "Степной лучник", "gold": 2, "silver": 1,
                                             "cell": "c2"}, {"card": "Рунный кузнец", "count": 1}]}

CASES = st.one_of(
    st.tuples(st.just("list.txt"), TEXT_LIST.flatmap(as_bytes)),
    st.tuples(st.just("list.yaml"),
              st.tuples(st.one_of(mutated(DECK), mutated(SQUAD)), st.sampled_from(("block",
                                                                                     "flow")))
              .map(lambda t: dump(*t)).flatmap(as_bytes)),
    st.tuples(st.sampled_from(("list.txt", "list.yaml")), nesting().map(str.encode)))
# each file is checked as a deck and as a squad, under some options
DECK_ARGS = st.sampled_from(((), ("--ruleset", "heroes-15"), ("--ruleset", "classic")))
SQUAD_ARGS = st.sampled_from(((), ("--ruleset", "classic-online"),
                              ("--player", "second", "--redeals", "2")))


def check(case) -> None:
    (name, data), deck_args, squad_args = case
    (WORK / name).write_bytes(data)
    for args in (("deck", "check", name, *deck_args), ("squad", "check", name, *squad_args)):
        result = run_cli(*args, cwd=WORK)
        count(__name__)
        assert result.returncode in (0, 1, 2), result.stderr
        assert "Traceback" not in result.stderr, result.stderr
        if result.returncode == 2:
            assert result.stderr.startswith("ошибка: "), result.stderr
        else:
            assert result.stdout.startswith(f"{name}: "), result.stdout


test_lists_short, test_lists_long = fuzz_pair(st.tuples(CASES, DECK_ARGS, SQUAD_ARGS), check)
