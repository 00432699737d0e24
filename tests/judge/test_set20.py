"""Rulings about real cards of set 20 («Нашествие тьмы», ../shared/corpus/nxt/sets_10_20.nxt.json),
written the way rulings from outside the project are: the board and the dice fixed, only the
card's ability decides, the expected result the one its text gives.  The cards are named from a
DB built from the licensed file (the repository holds names only, no card text).

The judge must never *apply* a card wrongly: a ruling either holds, or the judge says it
refuses the ability that decides it (an event ``refused``).  How many hold is the measure
(printed; a floor keeps it from slipping back)."""
from __future__ import annotations

import functools

import pytest

from judge.scenario import load_scenario, run, scenario_files
from tests.conftest import ROOT, SHARED, run_cli

RULINGS = ROOT / "tests" / "judge" / "set20"
FILES = scenario_files([RULINGS])
SOURCE = SHARED / "corpus" / "nxt" / "sets_10_20.nxt.json"
#: Rulings that hold today (raise it as the judge and the grammar learn more).
FLOOR = 78


@pytest.fixture(scope="module")
def set20_db(tmp_path_factory, shared):
    db = tmp_path_factory.mktemp("set20") / "cards.db"
    res = run_cli("db", "build", "-o", str(db), "--cards", str(SOURCE))
    assert res.returncode == 0, res.stderr
    return db


@functools.cache
def _verdict(path, db) -> tuple[str, list[str]]:
    outcome = run(load_scenario(path, db=str(db)), strict=True)
    if any(e.kind == "refused" for e in outcome.events):
        return "refused", outcome.failures        # even when it holds: by the rules, not the text
    if outcome.ok:
        return "holds", []
    return "wrong", outcome.failures


def test_there_are_at_least_30_rulings():
    assert len(FILES) >= 30


@pytest.mark.parametrize("f", FILES, ids=lambda f: f.stem)
def test_the_judge_never_applies_a_card_wrongly(f, set20_db):
    verdict, failures = _verdict(f, set20_db)
    assert verdict != "wrong", failures


def test_how_many_hold(set20_db, capsys):
    verdicts = [_verdict(f, set20_db)[0] for f in FILES]
    counts = {v: verdicts.count(v) for v in ("holds", "refused", "wrong")}
    with capsys.disabled():
        print(f"\nset 20 rulings: {counts} of {len(FILES)}")
    assert counts["holds"] >= FLOOR
