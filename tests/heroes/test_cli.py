"""`berserk judge` on a Heroes scenario: the same step-by-step trace as classic (numbered steps,
each with its heroes-15 ids in brackets, the answer, the game's result), JSON too."""
from __future__ import annotations

import json
import re

from tests.conftest import run_cli

SCENARIO = """\
ruleset: heroes-15
title: Удар по герою
question: Сколько ран получит герой?
answer: Два.
cards:
  Степной волк: {type: существо, cost: 2, life: 2, strike: 2}
turn: A
players:
  A: {play: [Степной волк]}
  B: {hero: {wounds: 18}}
actions:
  - attack: {by: Степной волк, target: B.hero}
expect:
  winner: A
  cites: ["510.3", "604.1"]
"""


def test_judge_prints_the_classic_trace_format(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(SCENARIO, encoding="utf-8")
    out = run_cli("judge", str(f), "--strict")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("== Удар по герою")
    steps = [ln for ln in lines if re.match(r"^\s+\d+\. .+  \[[^\]]+\]$", ln)]
    assert len(steps) >= 4
    assert "Итог партии: победа A" in out.stdout and "Ожидания выполнены." in out.stdout
    assert "Сценариев: 1, выполнено ожиданий: 1, не выполнено: 0." in out.stdout


def test_judge_json_has_the_events_and_the_winner(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(SCENARIO, encoding="utf-8")
    out = run_cli("judge", str(f), "--json")
    assert out.returncode == 0, out.stderr
    [o] = json.loads(out.stdout)
    assert o["ok"] and o["winner"] == "A" and o["events"] and all(e["cites"] for e in o["events"])


def test_a_failed_expectation_exits_1(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(SCENARIO.replace("winner: A", "winner: B"), encoding="utf-8")
    out = run_cli("judge", str(f))
    assert out.returncode == 1 and "НЕ ВЫПОЛНЕНО" in out.stdout
