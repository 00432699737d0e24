"""Importers against the real official files in ../shared (never copied into the repo)."""
from __future__ import annotations

import re

import pytest
import sqlite_utils

from berserk.errors import InputError
from rulings.importers import (
    import_file,
    import_glossary_rst,
    import_heroes_markdown,
    import_seed,
)
from rulings.lookup import load_book, stored_clauses
from rulings.store import write_clauses
from tests.conftest import SHARED, SeedFiles

pytestmark = pytest.mark.shared                 # the official files of ../shared

HEROES_MD = SHARED / "rules" / "heroes_full_rules_15th_2024-05-31.md"
GLOSSARY = SHARED / "rules" / "heroes_glossary.rst"
SEED = SeedFiles("000", "001", "004")           # looked up when a test runs, not at import


@pytest.fixture(scope="module")
def heroes():
    return import_heroes_markdown(HEROES_MD.read_text(encoding="utf-8"), source=HEROES_MD.name)


@pytest.fixture(scope="module")
def seed004():
    return import_seed(SEED["004"].read_text(encoding="utf-8"), source=SEED["004"].name)


def _raw_numbered_lines(text: str) -> list[str]:
    """Independent count: after the table of contents, every line whose first visible token
    (past '#' marks and '**') is a three-digit number, optionally dotted (101, 101.1, 106.1.1)."""
    body = text[text.index("# Часть 1."):]
    numbers = []
    for line in body.splitlines():
        token = line.lstrip("#* ").split(" ", 1)[0].replace("\\", "")
        if re.match(r"\d{3}(\.\d+)*(\.|$)", token):          # «101», «101.1.», «302.Этап»
            numbers.append(re.match(r"\d{3}(\.\d+)*", token).group())
    return numbers


def test_heroes_import_yields_every_numbered_clause(heroes):
    raw = _raw_numbered_lines(HEROES_MD.read_text(encoding="utf-8"))
    numbered = [c for c in heroes.clauses if c.kind in ("section", "clause", "subclause")]
    assert len(numbered) == len(raw) == 426
    assert sorted(c.id.split("#")[0] for c in numbered) == sorted(raw)


def test_heroes_repeated_numbers_are_kept_and_reported(heroes):
    raw = _raw_numbered_lines(HEROES_MD.read_text(encoding="utf-8"))
    repeated = sorted({n for n in raw if raw.count(n) > 1})
    assert sorted(heroes.repeated) == repeated == ["104.3", "118.8"]
    ids = heroes.by_id()
    assert "104.3#2" in ids and "118.8#2" in ids
    messages = [p.message for p in heroes.problems]
    assert any("104.3 повторяется" in m for m in messages)


@pytest.mark.parametrize("clause_id, parent, kind", [
    ("part-1", None, "part"), ("101", "part-1", "section"), ("101.1", "101", "clause"),
    ("106.1.1", "106.1", "subclause"), ("107.1.1", "107.1", "subclause"), ("401.8", "401", "clause"),
    ("402", "part-4", "section"), ("605.2", "605", "clause"), ("514", "part-5", "section"),
])
def test_heroes_parents_on_samples(heroes, clause_id, parent, kind):
    clause = heroes.by_id()[clause_id]
    assert (clause.parent, clause.kind) == (parent, kind)


@pytest.mark.parametrize("clause_id, examples", [("106.1.1", 2), ("105.3", 2), ("104.3.1", 1),
                                                  ("106.1.4", 1), ("101.1", 0)])
def test_heroes_examples_attach_to_their_clause(heroes, clause_id, examples):
    clause = heroes.by_id()[clause_id]
    assert len(clause.examples) == examples
    assert all(e.upper().startswith("ПРИМЕР") for e in clause.examples)
    assert clause.text and "ПРИМЕР" not in clause.text


def test_heroes_sections_match_the_table_of_contents_and_titles(heroes):
    assert not [p for p in heroes.problems if "оглавлен" in p.message]
    ids = heroes.by_id()
    assert ids["511"].title == "Правило топора" and ids["514"].title == "Нелегальность"
    assert sum(1 for c in heroes.clauses if c.kind == "part") == 8


def test_heroes_terminology_part_becomes_glossary(heroes):
    terms = {g.term for g in heroes.glossary}
    assert {"Активный игрок", "Ярость", "Атака"} <= terms
    assert len(heroes.glossary) == HEROES_MD.read_text(encoding="utf-8").split("# Часть 7.")[1] \
        .split("# Часть 8.")[0].count("\n**")


def test_glossary_rst_counts_every_term_and_keeps_refs():
    text = GLOSSARY.read_text(encoding="utf-8")
    result = import_glossary_rst(text, source=GLOSSARY.name)
    independent = len(re.findall(r"(?m)^ {1,4}\*\*[^*]+\*\*", text))
    assert len(result.glossary) == independent == 213
    assert not result.problems
    entry = next(g for g in result.glossary if g.term == "Бешенство")
    assert entry.refs == ("Постоянная способность",) and ":term:" not in entry.text


def test_seed004_yields_514_clauses_and_the_strike_table(seed004):
    ids = [c.id for c in seed004.clauses]
    assert ids == ["514"] + [f"514.{i}" for i in range(1, 9)]
    assert all(seed004.by_id()[i].parent == "514" for i in ids[1:])
    table = seed004.by_id()["514.2"].data["strike_table"]
    assert table == load_book("classic").get("514.2").data["strike_table"]
    inferred = [p for p in seed004.problems if "восстановлена по порядку" in p.message]
    assert len(inferred) == 8                   # the seed lost the differences 1–4 in both groups
    assert any("Дата добавления" in p.message for p in seed004.problems)


def test_seed001_table_with_explicit_differences_agrees_with_seed004(seed004):
    seed001 = import_seed(SEED["001"].read_text(encoding="utf-8"), source=SEED["001"].name)
    assert seed001.by_id()["attack.strike"].data["strike_table"] == seed004.by_id()["514.2"].data["strike_table"]
    assert not [p for p in seed001.problems if "восстановлена" in p.message]


def test_seed000_places_golden_rules_and_reports_what_it_cannot_place():
    result = import_seed(SEED["000"].read_text(encoding="utf-8"), source=SEED["000"].name)
    ids = result.by_id()
    for slug in ("axe", "legality", "roll-clamp", "squad.crystals", "effect.poison", "victory",
                 "squad.second-player", "squad.neutral", "placement.first-player", "incorporeal"):
        assert ids[slug].text, slug
    # narrower rules are filed from sentences of broader paragraphs (SENTENCE_RULES)
    assert "1 золотой" in ids["squad.second-player"].text and "24 золотых" in ids["squad.neutral"].text
    assert all(c.id in load_book("classic").clauses for c in result.clauses)
    unplaced = [p for p in result.problems if "не размещён" in p.message or "не сопоставлен" in p.message]
    assert any("Berserker" in p.message for p in unplaced)       # the unrelated RPG text is reported
    assert all(p.location.line for p in unplaced)


def test_write_clauses_real_sqlite_with_fts_and_merge(tmp_path, heroes, seed004):
    db = sqlite_utils.Database(tmp_path / "rules.db")
    gl = import_glossary_rst(GLOSSARY.read_text(encoding="utf-8"), source=GLOSSARY.name)
    assert write_clauses(db, heroes.clauses, heroes.glossary) == (435, 195)
    write_clauses(db, gl.clauses, gl.glossary)
    write_clauses(db, seed004.clauses)
    assert db["clauses"].count == 444 and db["glossary"].count == 408
    assert db["clauses"].detect_fts() and db["glossary"].detect_fts()
    hits = [r["id"] for r in db.query("select c.id from clauses_fts f join clauses c on c.rowid = f.rowid "
                                      "where clauses_fts match ? and c.book = 'classic'", ["закрыта"])]
    assert "514.6" in hits
    # a second file about the same clause keeps both texts; re-importing one file replaces only its part
    seed000 = import_seed(SEED["000"].read_text(encoding="utf-8"), source=SEED["000"].name)
    seed001 = import_seed(SEED["001"].read_text(encoding="utf-8"), source=SEED["001"].name)
    for result in (seed000, seed001, seed001):
        write_clauses(db, result.clauses)
    row = db["clauses"].get(("classic", "attack.strike"))
    assert row["source"] == f"{SEED['000'].name}; {SEED['001'].name}"
    clauses, _ = stored_clauses(db, "classic")
    assert [c.id for c in clauses][:9] == ["514"] + [f"514.{i}" for i in range(1, 9)]
    assert next(c for c in clauses if c.id == "514.2").data["strike_table"]["attacker_higher"]["5"] \
        == ["strong", "miss"]


def test_import_file_bad_input(tmp_path):
    with pytest.raises(InputError) as err:
        import_file(tmp_path / "нет.txt", "classic")
    assert "нет.txt: файл правил не найден" in str(err.value)
    empty = tmp_path / "пусто.txt"
    empty.write_text("просто текст без пунктов\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        import_file(empty, "classic")
    assert "пусто.txt:1" in str(err.value)


def test_every_agreed_classic_clause_gets_official_text_from_the_seeds(tmp_path):
    """After importing seeds 004, 000 and 001 every classic clause except pure headings has text."""
    from rulings.lookup import open_book

    db = sqlite_utils.Database(tmp_path / "classic.db")
    for n in ("004", "000", "001"):
        write_clauses(db, import_file(SEED[n], "classic"))
    book = open_book("classic", db)
    assert [c.id for c in book.clauses.values() if not c.text] == ["golden", "effect", "514"]
    second = book.get("squad.second-player").text
    assert second.count("+1 серебряный кристалл") == 1          # the same paragraph from two files once
