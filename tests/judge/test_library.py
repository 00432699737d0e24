"""The rulings library (rulings/scenarios): every scenario holds in strict mode, every cited
clause exists in the rulebook, and the library covers what issue 5 asks it to cover.

One test per scenario file, its id the path under rulings/scenarios, so a failure names the
ruling; one ruling alone: ``python -m pytest tests/judge/test_library.py -k 514.6-closed``."""
from __future__ import annotations

import functools
import json

import pytest

from judge.scenario import load_scenario, run, scenario_files
from rulings.lookup import clause_exists
from tests.conftest import ROOT, run_cli

LIBRARY = ROOT / "rulings" / "scenarios"
#: The classic library (rulings/scenarios/heroes is the «Берсерк. Герои» one, with its tests).
CLASSIC = sorted(d for d in LIBRARY.iterdir() if d.is_dir() and d.name != "heroes")
FILES = scenario_files(CLASSIC)


def _id(f) -> str:
    return f.relative_to(LIBRARY).as_posix()


@functools.cache
def _outcome(f):
    """The strict run of one scenario file, once per session (two tests read it)."""
    return run(load_scenario(f), strict=True)


def test_library_has_at_least_80_scenarios():
    assert len(FILES) >= 80


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_scenario_holds_in_strict_mode(f):
    assert _outcome(f).failures == []


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_scenario_events_cite_existing_clauses(f):
    events = _outcome(f).events
    assert [(e.text, c) for e in events for c in e.cites if not clause_exists("classic", c)] == []
    assert [e.text for e in events if not e.cites] == []


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_scenario_reads_as_a_ruling(f):
    sc = load_scenario(f)
    assert sc.title and sc.question
    assert sc.expect, "a published ruling states its expected result"


REQUIRED = ["514.1", "514.2", "514.3", "514.4", "514.5", "514.6", "514.7", "514.8",
            "axe", "legality", "roll-clamp",
            "attack.strike", "attack.special", "attack.magic", "attack.shot", "attack.throw",
            "attack.discharge", "attack.uchr", "attack.ranged", "attack.defender",
            "attack.direct", "attack.unanswerable", "attack.vampirism", "attack.bonus",
            "effect.poison", "effect.finishing", "effect.named", "effect.spell", "wounds.death",
            "counters", "instant", "flyers", "incorporeal", "symbiote", "equipment",
            "artifact", "terrain", "victory", "turn.start", "turn.hidden-row", "movement",
            "action.close"]


@pytest.fixture(scope="module")
def expected_cites() -> set[str]:
    out: set[str] = set()
    for f in FILES:
        out.update(str(c) for c in load_scenario(f).expect.get("cites", ()))
    return out


@pytest.mark.parametrize("clause", REQUIRED)
def test_library_expects_each_clause_somewhere(clause, expected_cites):
    assert clause in expected_cites


def test_cli_judges_the_whole_library_as_json():
    res = run_cli("judge", *map(str, CLASSIC), "--json", "--strict")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert len(data) == len(FILES)
    assert all(d["ok"] and d["file"] and d["events"] for d in data)
    assert all(e["cites"] for d in data for e in d["events"])


def test_cli_text_output_names_clauses():
    one = LIBRARY / "514" / "514.6-closed-strong.yaml"
    res = run_cli("judge", str(one))
    assert res.returncode == 0, res.stderr
    assert "[514.6]" in res.stdout and "Ожидания выполнены" in res.stdout
