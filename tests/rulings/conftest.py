"""Fixtures of the rulings tests: the official texts imported into a real SQLite file."""
from __future__ import annotations

import pytest
import sqlite_utils

from rulings.importers import import_book
from rulings.store import write_clauses
from tests.conftest import SHARED, seed_file


def official_files():
    """(file, book) of every official text the project reads, found when a test asks (never at
    import: a clone without ../shared still collects)."""
    return [(SHARED / "rules" / "heroes_full_rules_15th_2024-05-31.md", "heroes-15"),
            (SHARED / "rules" / "heroes_glossary.rst", "heroes-15")] + \
        [(seed_file(n), "classic") for n in ("004", "000", "001")]


@pytest.fixture(scope="module")
def rules_db(tmp_path_factory, shared):
    """Both books and the glossary imported by the project's importers (as ``berserk db build
    --rules …`` does), as a file path."""
    path = tmp_path_factory.mktemp("rules") / "rules.db"
    db = sqlite_utils.Database(path)
    with db.conn:
        for file, book in official_files():
            write_clauses(db, import_book(file, book))
    return path
