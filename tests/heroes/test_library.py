"""The «Берсерк. Герои» rulings library (rulings/scenarios/heroes): every ruling holds in strict
mode, every id it cites exists in heroes-15, every section 501–527 and 601–605 is cited by at
least one ruling, every ruling names its source, and the sources cover the rulebook's examples
and the FAQ answers that describe a board situation.

One test per file, its id the path under the library: ``-k 509.1-defender``."""
from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest

from judge.heroes import cites as C
from judge.heroes.run import load_scenario, run
from tests.conftest import ROOT

LIBRARY = Path(os.environ.get("BERSERK_HEROES_LIBRARY", ROOT / "rulings" / "scenarios" / "heroes"))
FILES = sorted(LIBRARY.rglob("*.yaml"))
#: Sections the library must cite in `expect.cites` (the acceptance of issue 14).
SECTIONS = [str(n) for n in range(501, 528)] + [str(n) for n in range(601, 606)]
#: Every rulebook example that describes a board situation (issue 14, item 4), by the clause
#: that holds it and its number when the clause has several (`"108.5#2"`).  The ones left out
#: only classify an ability (107.2.2, 113.2, 118.1, 118.2, 118.4 ex. 2, 209.5 ex. 2).
EXAMPLES = (
    "104.3.1", "105.3#1", "105.3#2", "105.5", "105.6", "106.1.1#1", "106.1.1#2", "106.1.2",
    "106.1.3", "106.1.4", "106.2.1", "106.3.1", "107.2.3", "108.5#1", "108.5#2", "109.1",
    "109.2#1", "109.2#2", "111.1#1", "111.1#2", "111.5", "113.7", "113.8", "113.9", "118.4#1",
    "118.5#1", "118.5#2", "118.7", "119.3", "119.4#1", "119.4#2", "119.5", "119.6", "120.5.1",
    "120.8", "203.2", "203.3", "203.4", "204.3#1", "204.3#2", "209.5#1", "501.5", "502.6#1",
    "502.6#2", "502.6#3", "502.7", "502.8#1", "502.8#2", "502.9", "505.1.1", "505.3", "505.4",
    "507.6", "508.3#1", "508.3#2", "508.4.1#1", "508.4.2#1", "508.4.2#2", "508.4.3", "512.1",
    "512.3", "512.3.1", "512.4", "512.4.1", "512.6", "514.3", "516.4#1", "516.4#2", "517.1",
    "517.1.1", "518.3", "525.1", "525.2",
)
_EXAMPLE = re.compile(r"(\d{3}(?:\.\d+)*),\s*пример(?:\s+(\d+))?")


def _id(f: Path) -> str:
    return f.relative_to(LIBRARY).as_posix()


@functools.cache
def _loaded(f: Path):
    return load_scenario(f)


@functools.cache
def _outcome(f: Path):
    return run(_loaded(f), strict=True)


def _expected_cites(f: Path) -> list[str]:
    expect = _loaded(f).expect or {}
    return [str(c) for c in expect.get("cites", [])]


def test_library_has_at_least_80_rulings():
    assert len(FILES) >= 80


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_ruling_holds_in_strict_mode(f):
    assert _outcome(f).failures == []


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_ruling_cites_only_heroes_15(f):
    out = _outcome(f)
    assert [(e.text, c) for e in out.events for c in e.cites if C.canonical(c) is None] == []
    assert [e.text for e in out.events if not e.cites] == []
    assert [c for c in _expected_cites(f) if C.cite_problem(c)] == []


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_ruling_reads_as_a_ruling(f):
    sc = _loaded(f)
    assert sc.title and sc.question and sc.answer and sc.source


def test_every_section_501_527_and_601_605_is_cited():
    cited = {C.section(c) for f in FILES for c in _expected_cites(f)}
    assert [s for s in SECTIONS if s not in cited] == []


def test_sources_cover_the_faq_and_rulebook_examples():
    """Every FAQ answer that is a board situation and the rulebook examples have a ruling
    (the list: docs/heroes.md, «Источники»)."""
    sources = " ".join(str(_loaded(f).source) for f in FILES)
    faq = [n for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 25, 29, 30)
           if f"№{n}" not in sources]
    assert faq == []
    for hero in ("Ваэгар", "Тилия"):
        assert hero in sources



def test_every_rulebook_example_has_a_ruling():
    """Named by the clause of the example: a missing one says which."""
    covered = set()
    for f in FILES:
        source = str(_loaded(f).source)
        if "heroes-15" in source:
            for clause, n in _EXAMPLE.findall(source):
                covered.add(f"{clause}#{n}" if n else clause)
    assert len(EXAMPLES) == 73
    assert [e for e in EXAMPLES if e not in covered and e.replace("#1", "") not in covered] == []
