"""Scenarios that name cards from a real card DB (built from the licensed corpus in ../shared)."""
from __future__ import annotations

import pytest

from tests.conftest import DEV_CORPUS, run_cli

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
    assert "[attack.uchr" in res.stdout


def test_unknown_db_card_gets_did_you_mean(tmp_path, corpus_db):
    path = tmp_path / "typo.yaml"
    path.write_text(SCENARIO % "Змееглаф", encoding="utf-8")
    res = run_cli("judge", str(path), "--db", str(corpus_db))
    assert res.returncode == 2
    assert f"{path}:8:" in res.stderr and "«Змееглав»" in res.stderr
