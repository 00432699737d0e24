"""Golden traces: the full printed ruling (texts and citations) of a few library scenarios.

A change of wording or of a citation shows up here as a diff.  To accept a deliberate change:
``python -m pytest tests/judge/test_golden.py --update-golden`` and review the diff."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.scenario import load_scenario, run
from tests.conftest import ROOT

GOLDEN = Path(__file__).parent / "golden"
CASES = ["514/514.4-step-up-attacker", "514/514.3-response-carries-features",
         "golden/axe-directed-strike-no-defender", "instant/last-declared-first",
         "turn/poison-opened-in-opponents-turn", "golden/roll-clamp-closed-target"]


@pytest.mark.parametrize("case", CASES)
def test_trace_matches_golden(case, update_golden):
    outcome = run(load_scenario(ROOT / "rulings" / "scenarios" / f"{case}.yaml"), strict=True)
    got = [{k: v for k, v in e.to_dict(outcome.book).items() if k != "data"}
           for e in outcome.events]                  # as `berserk judge --json` shows them
    path = GOLDEN / (case.replace("/", "__") + ".json")
    if update_golden:
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with --update-golden"
    assert got == json.loads(path.read_text(encoding="utf-8"))
