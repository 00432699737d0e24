"""Scenarios that name cards from a real card DB (built from the licensed corpus in ../shared)."""
from __future__ import annotations

import pytest

from tests.conftest import DEV_CORPUS, ROOT, run_cli

SCENARIO = """ruleset: classic
title: Удар через ряд карты из базы
question: Змееглав бьёт через ряд через своего по карте противника.
cards:
  Пехотинец: {life: 4, strike: 1-2-3, move: 1}
turn: A
board:
  A: {c2: %s, c3: Пехотинец}
  B: {c4: Пехотинец}
actions:
  - uchr: {by: c2, target: c4}
expect:
  c4: {wounds: 1}
  c2: {closed: true}
  cites: ["attack.uchr"]
"""


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory, shared):
    db = tmp_path_factory.mktemp("db") / "cards.db"
    res = run_cli("db", "build", "-o", str(db), "--cards", str(DEV_CORPUS))
    assert res.returncode == 0, res.stderr
    return db


def test_card_by_name_from_the_db(tmp_path, corpus_db):
    path = tmp_path / "uchr.yaml"
    path.write_text(SCENARIO % "Змееглав", encoding="utf-8")
    res = run_cli("judge", str(path), "--db", str(corpus_db), "--strict")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "[Удар через ряд" in res.stdout


def test_unknown_db_card_gets_did_you_mean(tmp_path, corpus_db):
    path = tmp_path / "typo.yaml"
    path.write_text(SCENARIO % "Змееглаф", encoding="utf-8")
    res = run_cli("judge", str(path), "--db", str(corpus_db))
    assert res.returncode == 2
    assert f"{path}:8:" in res.stderr and "«Змееглав»" in res.stderr


def test_judge_reads_the_db_over_the_bundled_examples(tmp_path):
    """The one card-source rule (issue 12.3): --db, else $BERSERK_DB, else ./cards.db; the
    bundled example cards always under it."""
    (tmp_path / "мои.yaml").write_text(
        "- {name: Пробный воин, element: горы, cost: 3, life: 3, strike: 1-1-2}\n",
        encoding="utf-8")
    built = run_cli("db", "build", "-o", "cards.db", "--cards", "мои.yaml", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    # the library names only bundled example cards: with a user DB they still resolve
    ok = run_cli("judge", str(ROOT / "rulings/scenarios/514"), "--db", str(tmp_path / "cards.db"))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    # ./cards.db is read without --db (a scenario naming the user's card)
    (tmp_path / "s.yaml").write_text(
        "board:\n  A: {c2: Пробный воин}\n  B: {c3: Страж перевала}\nturn: A\n"
        "actions:\n  - attack: {by: c2, target: c3, dice: [6]}\n", encoding="utf-8")
    assert run_cli("judge", "s.yaml", cwd=tmp_path).returncode in (0, 1)   # not 2: found
