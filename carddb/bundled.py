"""The bundled example cards as a ready DB: the last step of the card-source rule.

Every command reads cards by one rule (carddb.store.source_db_path): ``--db``, else
$BERSERK_DB, else ./cards.db if present, else the project's own example cards.  The commands
that need a DB file (search, card, serve) get the examples as one here: built once into the
user's cache directory and rebuilt when the examples, the grammar or the schema change (the
file name carries their hash, so an old build is never read).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from carddb.build import build_db, bundled_examples
from carddb.store import SCHEMA_VERSION, source_db_path
from grammar import grammar_hash

#: Where the examples DB is cached: $XDG_CACHE_HOME/berserk-judge, else ~/.cache/berserk-judge.
CACHE_DIR_NAME = "berserk-judge"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / CACHE_DIR_NAME


def examples_db() -> Path:
    """The DB of the bundled example cards (built on first use; atomic, like every build)."""
    key = hashlib.sha256(bundled_examples().read_bytes())
    key.update(f"{grammar_hash()}/{SCHEMA_VERSION}".encode())
    path = cache_dir() / f"examples-{key.hexdigest()[:16]}.db"
    if not path.is_file():
        build_db(path)
    return path


def reading_db(db: str | Path | None) -> tuple[str, bool]:
    """The DB a reading command opens by the card-source rule, and whether it is the bundled
    examples (the command then says so: the user has no DB of their own yet)."""
    found = source_db_path(db)
    return (found, False) if found is not None else (str(examples_db()), True)
