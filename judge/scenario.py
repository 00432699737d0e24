"""Scenario files, whatever their ruleset: the one entry the CLI and the tests use.

A scenario names its ruleset (``ruleset: classic`` — the default — or ``ruleset: heroes-15``);
this module hands the file to that ruleset's loader and runner, which return the same
``Outcome`` shape (trace, final table, failures), so ``berserk judge`` prints both alike.
"""
from __future__ import annotations

import re
from pathlib import Path

from berserk import files
from judge.classic.run import run as _run_classic
from judge.classic.scenario import Outcome, Scenario, find_piece, scenario_files
from judge.classic.scenario import load_scenario as _load_classic
from judge.heroes import run as heroes

__all__ = ["Outcome", "Scenario", "find_piece", "load_scenario", "run", "scenario_files"]

_RULESET = re.compile(r"^ruleset:\s*['\"]?([\w.-]+)", re.MULTILINE)


def ruleset_of(text: str) -> str:
    """The ruleset a scenario text names (``classic`` when it names none)."""
    m = _RULESET.search(text)
    return m.group(1) if m else "classic"


def load_scenario(path: str | Path, db: str | None = None, text: str | None = None):
    """Load and validate one scenario file (every problem located, ``InputError``)."""
    if text is None:                    # «-» is standard input; Russian messages for every failure
        text = files.read_text(path, "файл сценария")
        path = files.label(path)
    if ruleset_of(text) == heroes.RULESET:
        return heroes.load_scenario(path, db=db, text=text)
    return _load_classic(path, db=db, text=text)


def run(sc, strict: bool = False):
    """Judge a loaded scenario: apply its actions, compare ``expect``."""
    if isinstance(sc, Scenario):
        return _run_classic(sc, strict=strict)
    return heroes.run(sc, strict=strict)
