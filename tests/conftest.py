"""Shared test fixtures.  Licensed texts are read from ../shared (never copied into the repo)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("BERSERK_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus" / "classic"
DEV_CORPUS = CORPUS / "set1_voyna_stihiy.tgbot.json"


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"../shared is missing at {SHARED}: the tests read the licensed data from it")
    return SHARED


def run_cli(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """A real ``berserk`` invocation (``python -m berserk``) in a subprocess."""
    return subprocess.run([sys.executable, "-m", "berserk", *args], capture_output=True, text=True,
                          input=input, cwd=cwd or ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def cli():
    return run_cli
