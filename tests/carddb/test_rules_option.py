"""`berserk db build --rules FILE --book B`: an unknown book stops the build before it writes;
lines the importer cannot place are counted in a warning, never dropped silently."""
from __future__ import annotations

import hashlib

from tests.conftest import run_cli


def test_unknown_book_exits_2_and_keeps_the_old_db(shared, tmp_path):
    db = tmp_path / "cards.db"
    assert run_cli("db", "build", "-o", str(db)).returncode == 0
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    seed = shared / "seeds" / "004_6d1cd5e812bfcbb4.txt"
    r = run_cli("db", "build", "-o", str(db), "--rules", str(seed), "--book", "classik")
    assert r.returncode == 2
    assert "classik" in r.stderr and "classic" in r.stderr          # did you mean
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_unplaced_lines_are_counted_in_a_warning(shared, tmp_path):
    db = tmp_path / "cards.db"
    seed = shared / "seeds" / "000_45b80d8872b6d1b8.txt"       # carries unrelated text too
    r = run_cli("db", "build", "-o", str(db), "--rules", str(seed), "--book", "classic")
    assert r.returncode == 0, r.stderr
    assert "не размещено строк" in r.stderr and "berserk rulebook check" in r.stderr
    assert "пунктов правил" in r.stdout
