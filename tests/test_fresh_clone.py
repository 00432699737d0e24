"""A fresh clone without ../shared passes the README's test command (issue 12, point 1).

Two halves:

* no test module reads ../shared when it is imported (a module-level ``glob`` or
  ``read_text`` of a licensed file made the whole run end in collection errors): read from the
  source with ``ast`` — every name bound from ``SHARED`` / ``CORPUS`` / ``DEV_CORPUS`` is
  followed, and no module-level statement (decorators and parametrize lists included) may call
  a file-reading method on one;
* the conftest's switch, on a throw-away suite run by pytester: without ../shared the tests
  that need it are skipped and the run ends with ONE line naming what is missing; with
  ``BERSERK_REQUIRE_SHARED=1`` each of them fails; with the data present all run.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED_PARTS

pytest_plugins = ["pytester"]

TESTS = ROOT / "tests"
SOURCES = ("SHARED", "CORPUS", "DEV_CORPUS")
# calls that touch the file system
READS = {"read_text", "read_bytes", "open", "glob", "rglob", "iterdir", "exists", "is_file",
         "is_dir", "stat", "load", "loads", "read_cards", "seed_file"}


def _module_level(tree: ast.Module):
    """Statements and expressions run at import: the module body, class bodies, decorators
    and default values — not function bodies."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from node.decorator_list
            yield from node.args.defaults
            continue
        if isinstance(node, ast.ClassDef):
            yield from node.decorator_list
            stack.extend(node.body)
            continue
        yield node


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def import_time_reads(source: str) -> list[int]:
    """Lines of ``source`` that read ../shared while the module is imported."""
    tree = ast.parse(source)
    tainted = set(SOURCES)
    statements = list(_module_level(tree))
    for node in statements:                         # names bound from ../shared paths
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None \
                and _names(node.value) & tainted:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            tainted |= set().union(*(_names(t) for t in targets))
    found = []
    for node in statements:
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            name = call.func.attr if isinstance(call.func, ast.Attribute) else \
                getattr(call.func, "id", "")
            if name in READS and _names(call) & tainted:
                found.append(call.lineno)
    return sorted(set(found))


def test_no_test_module_reads_shared_at_import():
    offenders = {str(path.relative_to(ROOT)): lines
                 for path in sorted(TESTS.rglob("*.py"))
                 if (lines := import_time_reads(path.read_text(encoding="utf-8")))}
    assert not offenders, offenders


@pytest.mark.parametrize("source, lines", [
    ("from tests.conftest import SHARED\nX = next((SHARED / 'seeds').glob('0*'))\n", [2]),
    ("from tests.conftest import DEV_CORPUS\nimport json\nC = json.loads(DEV_CORPUS.read_text())\n",
     [3]),
    ("from tests.conftest import CORPUS\nP = CORPUS / 'x.json'\n"
     "@pytest.mark.parametrize('c', P.read_text().split())\ndef test(c): pass\n", [3]),
    ("from tests.conftest import SHARED\nP = SHARED / 'x'\ndef test():\n    P.read_text()\n", []),
    ("from tests.conftest import SeedFiles\nS = SeedFiles('004')\n", []),
])
def test_the_check_sees_what_it_must(source, lines):
    assert import_time_reads(source) == lines


# ---------------------------------------------------------------- the switch, on a small suite
SUITE = '''
import pytest

def test_plain():
    pass

def test_direct(shared):
    assert shared.is_dir()

@pytest.fixture
def corpus(shared):
    return shared / "corpus"

def test_through_a_fixture(corpus):
    pass

@pytest.mark.shared
def test_marked():
    pass
'''


@pytest.fixture
def suite(pytester, monkeypatch):
    """A pytester dir with the project's conftest and SUITE; $BERSERK_SHARED set per test."""
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(test_suite=SUITE)
    monkeypatch.delenv("BERSERK_REQUIRE_SHARED", raising=False)
    return pytester


def test_without_shared_they_skip_with_one_line(suite, monkeypatch, tmp_path):
    monkeypatch.setenv("BERSERK_SHARED", str(tmp_path / "нет"))
    result = suite.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=3)
    lines = [line for line in result.outlines if "пропущено тестов" in line]
    assert len(lines) == 1, result.outlines
    assert ": 3 — нет " + str(tmp_path / "нет") in lines[0]
    assert "BERSERK_SHARED" in lines[0] and "../shared" in lines[0]


def test_ci_turns_each_skip_into_a_failure(suite, monkeypatch, tmp_path):
    monkeypatch.setenv("BERSERK_SHARED", str(tmp_path / "нет"))
    monkeypatch.setenv("BERSERK_REQUIRE_SHARED", "1")
    result = suite.runpytest_inprocess("-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed") == 1 and outcomes.get("skipped") is None
    assert outcomes.get("errors", 0) + outcomes.get("failed", 0) == 3, outcomes


def test_with_shared_everything_runs(suite, monkeypatch, tmp_path):
    for part in SHARED_PARTS:
        (tmp_path / "shared" / part).mkdir(parents=True)
    monkeypatch.setenv("BERSERK_SHARED", str(tmp_path / "shared"))
    monkeypatch.setenv("BERSERK_REQUIRE_SHARED", "1")
    result = suite.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)
    assert not any("пропущено тестов" in line for line in result.outlines)


def test_a_missing_part_is_named(suite, monkeypatch, tmp_path):
    (tmp_path / "shared" / "corpus" / "classic").mkdir(parents=True)
    monkeypatch.setenv("BERSERK_SHARED", str(tmp_path / "shared"))
    result = suite.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=3)
    line = next(line for line in result.outlines if "пропущено тестов" in line)
    assert str(tmp_path / "shared" / "seeds") in line and "classic" not in line.split("—")[1][:60]
