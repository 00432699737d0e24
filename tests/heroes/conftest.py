"""Helpers of the Heroes judge tests: judge a scenario written inline."""
from __future__ import annotations

import textwrap

import pytest

from judge.heroes.run import load_scenario, run


def judge_text(text: str, strict: bool = True, name: str = "inline.yaml"):
    """Load and judge a scenario given as YAML text (dedented)."""
    sc = load_scenario(name, text=textwrap.dedent(text))
    return run(sc, strict=strict)


@pytest.fixture
def judge():
    return judge_text
