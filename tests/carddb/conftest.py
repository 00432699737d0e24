"""Fixtures of the card DB tests: real DB files built once per session from ../shared."""
from __future__ import annotations

import json
import sqlite3

import pytest

from tests.conftest import CORPUS

SET1 = CORPUS / "set1_voyna_stihiy.tgbot.json"
SET2 = CORPUS / "set2_nashestvie_tmy.stats_only.tgbot.json"
NXT = CORPUS / "nxt_format_samples.json"


@pytest.fixture(scope="session")
def corpus_json(shared) -> list[dict]:
    """The raw tgbot records of both sets (the independent source of expected answers)."""
    return json.loads(SET1.read_text("utf-8")) + json.loads(SET2.read_text("utf-8"))


@pytest.fixture(scope="session")
def corpus_db(shared, tmp_path_factory):
    from carddb.build import build_db

    path = tmp_path_factory.mktemp("corpus") / "corpus.db"
    build_db(path, [SET1, SET2])
    return path


@pytest.fixture(scope="session")
def examples_db(tmp_path_factory):
    """The bundled examples as ``berserk db build`` writes them (with the rule index)."""
    from carddb.build import build_db
    from carddb.cli import rule_index_writer

    path = tmp_path_factory.mktemp("examples") / "cards.db"
    build_db(path, writers=[rule_index_writer])
    return path


@pytest.fixture
def corpus_conn(corpus_db):
    conn = sqlite3.connect(f"file:{corpus_db}?mode=ro", uri=True)
    yield conn
    conn.close()
