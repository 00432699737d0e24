"""Security: no query string changes the SQL; card text is escaped on every page; the served DB
rejects writes."""
from __future__ import annotations

import asyncio
import hashlib
import re
import sqlite3
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from carddb.build import build_db
from carddb.search import compile_query, search_sql
from carddb.web import datasette_app
from berserk.errors import ParseError

# Every word the compiler may put into SQL text.  Anything else in the SQL would have come from
# the user's query, which must only ever travel as a parameter.
SQL_WORDS = {
    "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "IS", "LIKE", "ESCAPE", "MATCH", "ORDER",
    "BY", "LIMIT", "COALESCE", "card_index", "keyword_key", "element_key", "class_key", "rowid", "cards", "cards_fts", "card_keywords", "c",
    "c2", "k", "e", "value", "card_id", "keyword", "strongest", "amount", "range", "id", "name",
    "set_name", "number", "element", "elements", "card_type", "cost", "elite", "uniq", "life",
    "move", "move_text", "flying", "strike", "strike_weak", "strike_medium", "strike_strong",
    "classes", "classes_fold", "rarity", "rarity_fold", "text", "keywords", "name_fold",
    "set_fold", "0", "1",
}

query_alphabet = st.sampled_from(list("абвгдеёжз xyz'\";:-()<>=!%_*\\«»0123456789") +
                                 ["or", "или", "стихия:", "выстрел", ">=", "имя:", "текст:",
                                  "' OR 1=1 --", "\"; DROP TABLE cards; --", "удар через ряд",
                                  "NEAR(", "*", "^", "стоимость<"])


def _sql_is_fixed(sql: str) -> bool:
    body = re.sub(r"'\\'|''|'полёт'", "", sql)   # the fixed literals: ESCAPE, '' and 'полёт'
    if "'" in body or '"' in body:
        return False
    words = set(re.findall(r"[^\W\d]\w*|\d+", body))
    return words <= SQL_WORDS


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(query_alphabet, min_size=1, max_size=12).map("".join))
def test_no_query_string_changes_the_sql(query):
    try:
        sql, params = search_sql(query)
    except ParseError:
        return
    assert _sql_is_fixed(sql), (query, sql)
    assert sql.count("?") == len(params)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(query_alphabet, min_size=1, max_size=12).map("".join))
def test_no_query_string_changes_the_web_sql(query):
    """The web's form of the clause (every match: «has it» through the keyword index)."""
    try:
        sql, params = compile_query(query, every=True)
    except ParseError:
        return
    assert _sql_is_fixed(sql), (query, sql)
    assert sql.count("?") == len(params)


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("hostile") / "cards.db"
    src = path.parent / "hostile.yaml"
    src.write_text(
        "- name: <script>alert('имя')</script>\n  set: Атака\n  element: тьма\n  cost: 1\n"
        "  text: '<img src=x onerror=alert(1)> Выстрел на 1. <script>alert(2)</script>'\n"
        "- name: Мирный\n  set: Атака\n  element: горы\n  cost: 2\n  text: 'Броня 1.'\n",
        "utf-8")
    build_db(path, [src])
    return path


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(query_alphabet, min_size=1, max_size=10).map("".join))
def test_any_query_runs_read_only_and_leaves_the_db_alone(hostile_db, query):
    before = hashlib.sha256(hostile_db.read_bytes()).hexdigest()
    conn = sqlite3.connect(f"file:{hostile_db}?mode=ro", uri=True)
    try:
        sql, params = search_sql(query)
        conn.execute(sql, params).fetchall()
    except ParseError:
        pass
    finally:
        conn.close()
    assert hashlib.sha256(hostile_db.read_bytes()).hexdigest() == before
    assert sqlite3.connect(hostile_db).execute("select count(*) from cards").fetchone()[0] == 2


# ---------------------------------------------------------------- pages
HOSTILE_PAGES = [
    "/", "/cards", "/cards/cards", "/cards/cards?_search=script", "/cards/card_list",
    "/cards/card_list?_search=script", "/cards/ataka/script-alert-imya-script", "/cards/abilities", "/cards/card_keywords",
    "/cards/parse_issues",
    "/cards/card_abilities?name=%3Cscript%3Ealert(%27%D0%B8%D0%BC%D1%8F%27)%3C%2Fscript%3E",
    "/cards/untyped_texts", "/cards/cards?_facet_array=keywords",
    "/cards?sql=select+name,+text+from+cards",
]


def _get(app, path):
    async def go():
        return await app.client.get(path)
    return asyncio.run(go())


@pytest.mark.parametrize("path", HOSTILE_PAGES)
def test_card_text_is_escaped_on_every_page(hostile_db, path):
    response = _get(datasette_app(hostile_db), path)
    assert response.status_code == 200, path
    html = response.text
    assert "<script>alert" not in html and "<img src=x" not in html
    if path == "/cards/ataka/script-alert-imya-script":
        assert "&lt;script&gt;alert(" in html and "&lt;img src=x onerror" in html


@pytest.mark.parametrize("path", [
    "/cards/card_list?_search=" + quote("выстрел"),                 # the list page's matches
    "/cards/card_list?_sort=" + quote("стоимость"),                 # the whole list's walk
    "/cards/card_list?" + quote("стихия") + "=" + quote("горы"),    # a clicked facet value
    "/cards/card_list.json?_search=" + quote("выстрел"),            # Datasette's view
])
def test_time_limit_stops_a_page_with_a_russian_answer(hostile_db, path):
    """A statement past ``sql_time_limit_ms`` is stopped: 400 and a Russian message, no SQL."""
    app = datasette_app(hostile_db)
    app._settings["sql_time_limit_ms"] = 0              # every statement is over its time
    response = _get(app, path)
    assert response.status_code == 400, path
    message = response.json()["error"] if ".json" in path else response.text
    assert "дольше отведённого времени" in message
    assert "select" not in response.text.lower()


def test_served_db_rejects_writes(hostile_db):
    before = hashlib.sha256(hostile_db.read_bytes()).hexdigest()
    app = datasette_app(hostile_db)
    for sql in ("delete from cards", "update cards set name = 'x'", "drop table cards",
                "insert into meta values ('a', 'b')"):
        response = _get(app, "/cards.json?sql=" + sql.replace(" ", "+"))
        assert response.status_code == 400 or response.json().get("ok") is False, sql

    async def direct_write():
        await app.get_database("cards").execute_write("delete from cards")

    with pytest.raises(Exception):
        asyncio.run(direct_write())
    assert app.get_database("cards").is_mutable is False
    assert hashlib.sha256(hostile_db.read_bytes()).hexdigest() == before
