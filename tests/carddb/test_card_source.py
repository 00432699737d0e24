"""The card-source rule for the reading commands (issue 12.3): --db, else $BERSERK_DB, else
./cards.db if present, else the bundled example cards — search, card and serve included."""
from __future__ import annotations

from carddb.bundled import examples_db
from tests.conftest import run_cli

NOTE = "база карт не найдена"


def test_search_without_any_db_reads_the_bundled_examples(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = run_cli("search", "стихия:горы", env=env)
    assert result.returncode == 0, result.stderr
    assert "Страж перевала" in result.stdout
    assert NOTE in result.stderr
    assert list((tmp_path / "cache" / "berserk-judge").glob("examples-*.db"))


def test_card_without_any_db_reads_the_bundled_examples(tmp_path):
    result = run_cli("card", "Страж перевала", env={"XDG_CACHE_HOME": str(tmp_path / "c")})
    assert result.returncode == 0, result.stderr
    assert "Страж перевала" in result.stdout and NOTE in result.stderr


def test_a_local_cards_db_wins_and_no_note(tmp_path):
    cards = tmp_path / "мои.yaml"
    cards.write_text("- {name: Пробный воин, element: горы, cost: 3, life: 3, strike: 1-1-2}\n",
                     encoding="utf-8")
    assert run_cli("db", "build", "--cards", str(cards), cwd=tmp_path).returncode == 0
    result = run_cli("search", "стихия:горы", cwd=tmp_path,
                     env={"XDG_CACHE_HOME": str(tmp_path / "c")})
    assert result.returncode == 0, result.stderr
    assert "Пробный воин" in result.stdout and "Страж перевала" not in result.stdout
    assert NOTE not in result.stderr


def test_the_examples_db_is_built_once_and_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = examples_db()
    stamp = first.stat().st_mtime_ns
    assert examples_db() == first and first.stat().st_mtime_ns == stamp
