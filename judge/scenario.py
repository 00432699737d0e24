"""Scenario files, whatever their ruleset: the one entry the CLI and the tests use.

A scenario names its ruleset (``ruleset: classic`` — the default); this module hands the file to
that ruleset's loader and runner, which return the same ``Outcome`` (trace, final table,
failures), so ``berserk judge`` prints every ruleset the same way.  Today the classic game is
the only ruleset the judge applies (judge/classic/scenario.py); another ruleset plugs in here
with its own ``load`` and ``run``.
"""
from __future__ import annotations

from pathlib import Path

from judge.classic.run import run as _run_classic
from judge.classic.scenario import Outcome, Scenario, find_piece, scenario_files
from judge.classic.scenario import load_scenario as _load_classic

__all__ = ["Outcome", "Scenario", "find_piece", "load_scenario", "run", "scenario_files"]


def load_scenario(path: str | Path, db: str | None = None, text: str | None = None) -> Scenario:
    """Load and validate one scenario file (every problem located, ``InputError``)."""
    return _load_classic(path, db=db, text=text)


def run(sc: Scenario, strict: bool = False) -> Outcome:
    """Judge a loaded scenario: apply its actions, compare ``expect``."""
    return _run_classic(sc, strict=strict)
