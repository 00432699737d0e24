"""The «Берсерк. Герои» rulings library (rulings/scenarios/heroes): every ruling holds in strict
mode, every id it cites exists in heroes-15, every section 501–527 and 601–605 is cited by at
least one ruling, every ruling names its source, and the sources cover the rulebook's examples
and the FAQ answers that describe a board situation.

One test per file, its id the path under the library: ``-k 509.1-defender``."""
from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from judge.heroes import cites as C
from judge.heroes.run import load_scenario, run
from tests.conftest import ROOT

LIBRARY = Path(os.environ.get("BERSERK_HEROES_LIBRARY", ROOT / "rulings" / "scenarios" / "heroes"))
FILES = sorted(LIBRARY.rglob("*.yaml"))
#: Sections the library must cite in `expect.cites` (the acceptance of issue 14).
SECTIONS = [str(n) for n in range(501, 528)] + [str(n) for n in range(601, 606)]


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
    examples = {s.split(",")[0].split()[1] for f in FILES
                for s in str(_loaded(f).source).split(";") if s.strip().startswith("heroes-15")}
    assert len(examples) >= 40
