"""Shared test fixtures.  Licensed texts are read from ../shared (never copied into the repo).

Also the suite-wide switches:

* ``--update-golden``: every golden (judge traces, legality reports, the grammar table
  tests/grammar/data/cases.yaml, the corpus golden tests/grammar/golden/*.jsonl) is rewritten
  from the current code by the test that checks it; review ``git diff`` before committing.
* hypothesis keeps its files under pytest's cache dir (``.pytest_cache/d/hypothesis``), never
  ``.hypothesis/`` in the tree; without the cache plugin (``-p no:cacheprovider``) it keeps no
  example database at all.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

from grammar import strict_mode

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("BERSERK_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus" / "classic"
DEV_CORPUS = CORPUS / "set1_voyna_stihiy.tgbot.json"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite every golden file (judge traces, legality reports, the grammar "
                          "table, the corpus golden) from the current code instead of comparing")


def pytest_configure(config: pytest.Config) -> None:
    # Hypothesis writes its example database and caches (charmap …) under a home directory that
    # defaults to ./.hypothesis — inside the working tree.  Point it at pytest's cache dir; with
    # the cache plugin off, at a throw-away directory and without a database.
    cache = getattr(config, "cache", None)
    if cache is not None:
        home = Path(cache.mkdir("hypothesis"))
        database = DirectoryBasedExampleDatabase(home / "examples")
    else:
        home = Path(tempfile.mkdtemp(prefix="berserk-hypothesis-"))
        config.add_cleanup(lambda: shutil.rmtree(home, ignore_errors=True))
        database = None
    set_hypothesis_home_dir(home)
    settings.register_profile("berserk", database=database)
    settings.load_profile("berserk")


@pytest.fixture(autouse=True)
def strict_transformer():
    """Every test parses card text in strict mode: a transformer error is a bug to see, not an
    Opaque to hide (the CLI, carddb and judge tests included, not only tests/grammar)."""
    with strict_mode():
        yield


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    """True under ``--update-golden``: a golden test writes what it got, then compares."""
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"../shared is missing at {SHARED}: the tests read the licensed data from it")
    return SHARED


# ---------------------------------------------------------------- the CLI, in-process
@dataclass(frozen=True)
class CliResult:
    """What a finished ``berserk`` run left: the fields of subprocess.CompletedProcess that the
    tests read."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str


def run_cli(*args: str, input: str | None = None, cwd: Path | str | None = None,
            env: dict[str, str | None] | None = None) -> CliResult:
    """``berserk ARGS…`` run in this process through click's CliRunner (a subprocess costs
    ≈0.4 s of imports; tests/test_smoke.py keeps a few true subprocess runs).

    ``cwd`` (default: a fresh empty directory, so that nothing lands in the working tree and no
    ./cards.db of the developer is read) is entered for the run only; ``env`` overrides
    variables for the run only (None removes one).  ``$BERSERK_DB`` of the developer's shell is
    removed unless ``env`` sets it: a test must not read the developer's card DB.  An exception
    the command does not handle becomes exit code 1 with its traceback on stderr, as it would in
    a real process."""
    from click.testing import CliRunner

    from berserk.cli import main

    runner = CliRunner()
    run_env = {"BERSERK_DB": None, **(env or {})}
    with contextlib.ExitStack() as stack:
        if cwd is None:
            cwd = stack.enter_context(tempfile.TemporaryDirectory(prefix="berserk-cwd-"))
        stack.enter_context(contextlib.chdir(cwd))
        result = runner.invoke(main, list(args), input=input, env=run_env, prog_name="berserk",
                               catch_exceptions=True)
    stderr = result.stderr
    code = result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(*result.exc_info))
        code = 1
    return CliResult(tuple(args), code, result.stdout, stderr)


def run_berserk_process(*args: str, input: str | None = None, cwd: Path | str | None = None,
                        env: dict[str, str] | None = None):
    """A real ``python -m berserk`` subprocess (only the smoke tests need one); ``cwd`` as in
    run_cli."""
    import subprocess

    with contextlib.ExitStack() as stack:
        if cwd is None:
            cwd = stack.enter_context(tempfile.TemporaryDirectory(prefix="berserk-cwd-"))
        return subprocess.run([sys.executable, "-m", "berserk", *args], capture_output=True,
                              text=True, input=input, cwd=cwd,
                              env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


@pytest.fixture
def cli():
    return run_cli
