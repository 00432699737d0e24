"""Shared test fixtures.  Licensed texts are read from ../shared (never copied into the repo).

Also the suite-wide switches:

* ``--update-golden``: every golden (judge traces, legality reports, the grammar table
  tests/grammar/data/cases.yaml, the corpus golden tests/grammar/golden/*.jsonl) is rewritten
  from the current code by the test that checks it; review ``git diff`` before committing.
* hypothesis keeps its files under pytest's cache dir (``.pytest_cache/d/hypothesis``), never
  ``.hypothesis/`` in the tree; without the cache plugin (``-p no:cacheprovider``) it keeps no
  example database at all.
* ../shared (the licensed texts; ``$BERSERK_SHARED`` points elsewhere): a test that reads it
  requests the ``shared`` fixture (directly or through another fixture) or carries
  ``@pytest.mark.shared``; nothing reads it at import time.  Without ../shared those tests are
  skipped and the run ends with ONE line naming what is missing and how to get it; with
  ``BERSERK_REQUIRE_SHARED=1`` (CI) a skipped shared test is a failure.
* ``-m fuzz``: the long fuzz runs (tests/test_fuzz_*.py); the default run keeps a short one.
"""
from __future__ import annotations

import contextlib
import functools
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Iterator, Mapping
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
#: What of ../shared the suite reads; a missing part is named in the skip line.
SHARED_PARTS = ("corpus/classic", "corpus/nxt", "seeds", "rules")
REQUIRE_SHARED = os.environ.get("BERSERK_REQUIRE_SHARED", "") not in ("", "0")


@functools.cache
def shared_missing() -> tuple[str, ...]:
    """The parts of ../shared this machine lacks (empty: everything is there)."""
    if not SHARED.is_dir():
        return (str(SHARED),)
    return tuple(str(SHARED / part) for part in SHARED_PARTS if not (SHARED / part).is_dir())


def shared_skip_line(count: int) -> str:
    """The one line a run without ../shared ends with: what is missing, how to get it."""
    return (f"пропущено тестов, которым нужны лицензионные тексты: {count} — нет "
            + ", ".join(shared_missing())
            + " (карты, семена правил, книги правил © «Мир Хобби»; в репозиторий не входят). "
              "Положите каталог shared рядом с репозиторием (../shared) или укажите путь в "
              "BERSERK_SHARED; CI запускает их все (BERSERK_REQUIRE_SHARED=1)")


def shared_required_line() -> str:
    """Why a test of ../shared fails under BERSERK_REQUIRE_SHARED=1 (CI) on this machine."""
    return ("BERSERK_REQUIRE_SHARED=1, а лицензионных текстов нет: " + ", ".join(shared_missing())
            + " — CI должен запускать тесты ../shared, а не пропускать их")


def seed_file(number: str) -> Path:
    """The seed document ``number`` («004») of ../shared/seeds, found when a test asks."""
    found = sorted((SHARED / "seeds").glob(f"{number}_*.txt"))
    if not found:
        raise FileNotFoundError(f"no seed {number}_*.txt in {SHARED / 'seeds'}")
    return found[0]


class SeedFiles(Mapping):
    """``{number: path}`` of seed documents, looked up lazily (a module may hold one at import
    time without reading ../shared)."""

    def __init__(self, *numbers: str):
        self._numbers = numbers

    def __getitem__(self, number: str) -> Path:
        if number not in self._numbers:
            raise KeyError(number)
        return seed_file(number)

    def __iter__(self) -> Iterator[str]:
        return iter(self._numbers)

    def __len__(self) -> int:
        return len(self._numbers)


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
    # CI (CI=1) replays the same generated inputs on every run, so a landing is reproducible;
    # a developer's run explores new ones
    # (derandomize implies no example database: hypothesis refuses both at once)
    derandomize = bool(os.environ.get("CI"))
    settings.register_profile("berserk", database=None if derandomize else database,
                              derandomize=derandomize)
    settings.load_profile("berserk")
    config.addinivalue_line("markers", "shared: reads the licensed texts of ../shared (skipped "
                                       "without it; a failure under BERSERK_REQUIRE_SHARED=1)")
    config.addinivalue_line("markers", "fuzz: the long fuzz runs (100,000+ inputs): -m fuzz")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that reaches ../shared (the ``shared`` fixture, even through another
    fixture); without ../shared they are skipped here, before any fixture reads a file.  The
    long fuzz runs are deselected unless ``-m fuzz`` (or a -m expression naming fuzz) is given."""
    missing = shared_missing()
    for item in items:
        if "shared" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("shared"):
            item.add_marker(pytest.mark.shared)
        if item.get_closest_marker("shared") and missing and not REQUIRE_SHARED:
            item.add_marker(pytest.mark.skip(reason="нет ../shared: " + ", ".join(missing)))
    if "fuzz" not in (config.getoption("markexpr") or ""):
        # deselected, not skipped: a CI run with ../shared reports 0 skipped
        long_runs = [item for item in items if item.get_closest_marker("fuzz")]
        if long_runs:
            config.hook.pytest_deselected(items=long_runs)
            items[:] = [item for item in items if not item.get_closest_marker("fuzz")]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under BERSERK_REQUIRE_SHARED=1 without ../shared a test of it fails before it runs
    (a test that only carries the marker too)."""
    if REQUIRE_SHARED and shared_missing() and item.get_closest_marker("shared"):
        pytest.fail(shared_required_line(), pytrace=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    """Under BERSERK_REQUIRE_SHARED=1 a test of ../shared that skipped (for whatever reason)
    fails: CI must run them all."""
    outcome = yield
    report = outcome.get_result()
    if REQUIRE_SHARED and report.skipped and item.get_closest_marker("shared"):
        report.outcome = "failed"
        report.longrepr = (f"BERSERK_REQUIRE_SHARED=1, а тест, которому нужен ../shared "
                           f"({SHARED}), пропущен: {report.longrepr}")


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    """One line, not one per test: how many tests were skipped for want of ../shared; and
    how many fuzz inputs were tried, when the fuzz tests ran."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if "shared" in getattr(r, "keywords", {})]
    if skipped:
        terminalreporter.write_line(shared_skip_line(len(skipped)), yellow=True, bold=True)
    fuzz = sys.modules.get("tests.fuzz_inputs")
    if fuzz is not None and fuzz.INPUTS:
        terminalreporter.write_line("fuzz: входов " + f"{sum(fuzz.INPUTS.values()):,}".replace(
            ",", " ") + " (" + ", ".join(f"{k} {v}" for k, v in sorted(fuzz.INPUTS.items()))
            + ")")


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
    """The ../shared directory.  Tests that request it are marked ``shared`` at collection and
    skipped there when it is missing; reaching this point without it means
    BERSERK_REQUIRE_SHARED=1."""
    if shared_missing():
        pytest.fail(shared_required_line(), pytrace=False)
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
