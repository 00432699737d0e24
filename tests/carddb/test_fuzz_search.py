"""Fuzzing the search language: any query — random nesting, sizes, numbers, symbols, bytes that
were not UTF-8 — gives a clean error (a BerserkError: exit 2 with a Russian message) or a
result; never another exception, on the compiler, the terminal search and the web box.

The default run is short (``SHORT`` examples per test); the long run is marked ``fuzz`` (tests/
conftest.py deselects it unless ``-m fuzz``): 40,000 + 40,000 + 20,000 = 100,000 generated
queries (``BERSERK_FUZZ_SCALE`` multiplies them).
"""
from __future__ import annotations

import asyncio
import os
import re
import sqlite3
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk.errors import BerserkError
from carddb.finder import find
from carddb.search import compile_named, compile_query
from carddb.web import datasette_app

SHORT = 300
SCALE = float(os.environ.get("BERSERK_FUZZ_SCALE", "1"))
LONG = {"compiler": 40_000, "search": 40_000, "web": 20_000}
BASE = settings(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.filter_too_much, HealthCheck.data_too_large])

FIELDS = ["имя", "текст", "стихия", "тип", "класс", "редкость", "сет", "элита", "уник", "есть",
          "стоимость", "жизни", "ход", "удар", "дальность", "выстрел", "броня", "цвет", "x"]
WORDS = ["выстрел", "разряд", "удар", "через", "ряд", "защита", "от", "выстрелов", "горы",
         "да", "нет", "полёт", "X", "or", "или", "гном", "ё", "%", "_", "\\", "'", '"', "«", "»",
         "—", "?", "*", "🦄", "⤵️", "{tap}", "NEAR", "AND", "NOT", "\x00", "\ud800", "\udcff"]
OPS = [":", "=", "!=", "<", "<=", ">", ">=", ":=", "<>"]

numbers = st.one_of(st.integers(-10, 10**40).map(str), st.sampled_from(["2-3-4", "1-2", "X", "",
                                                                        "9" * 25 + "-1-1"]))
values = st.one_of(st.sampled_from(WORDS), numbers,
                   st.text(max_size=30),
                   st.text(alphabet=st.characters(codec="utf-8"), max_size=8),
                   st.integers(0, 70_000).map(lambda n: "а" * n))


@st.composite
def term(draw):
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.sampled_from(FIELDS)) + draw(st.sampled_from(OPS)) + draw(values)
    if kind == 1:
        quote_ = draw(st.sampled_from(['"', "«"]))
        return quote_ + draw(values) + ('"' if quote_ == '"' else "»")
    return draw(values)


def query_of(depth: int):
    leaf = term()
    if depth == 0:
        return leaf
    inner = query_of(depth - 1)
    return st.one_of(
        leaf,
        st.lists(inner, min_size=1, max_size=6).map(" ".join),
        st.tuples(inner, st.sampled_from([" or ", " или ", " "]), inner).map("".join),
        inner.map(lambda q: "-" + q),
        st.tuples(st.integers(1, 12), inner).map(lambda t: "(" * t[0] + t[1] + ")" * t[0]),
    )


queries = st.one_of(query_of(3),
                    st.text(alphabet="()«»\"-:<>=! орилиox", max_size=60),
                    st.integers(1, 6000).map(lambda n: "(" * n + "x" + ")" * n),
                    st.integers(1, 700).map(lambda n: " ".join(["-имя:а"] * n)),
                    st.binary(max_size=40).map(lambda b: b.decode("utf-8", "surrogateescape")))


@pytest.fixture(scope="module")
def conn(examples_db):
    connection = sqlite3.connect(f"file:{examples_db}?mode=ro", uri=True)
    yield connection
    connection.close()


def check_compiler(query: str) -> None:
    try:
        where, params = compile_query(query)
        named, values_ = compile_named(query)
    except BerserkError as err:
        assert err.render()                              # a message, worded
        return
    assert where.count("?") == len(params) and len(values_) == len(params)
    assert all(isinstance(p, (str, int)) and (not isinstance(p, int) or abs(p) < 2**63)
               for p in params)


def check_search(conn, query: str) -> None:
    try:
        found = find(conn, query, limit=5, seconds=2)
    except BerserkError:
        return
    assert found.total >= len(found.rows)


def check_web(examples_db, query: str) -> None:
    site = _site(examples_db)
    # a browser sends UTF-8 (a lone surrogate cannot be sent) and no URL of megabytes (httpx
    # refuses those itself): the server's own limit is 1,000 characters
    query = re.sub("[\ud800-\udfff]", "\ufffd", query)[:8000]

    async def go():
        return await site.client.get("/cards/card_list.json?_size=3&_search="
                                     + quote(query, safe=""))
    response = asyncio.run(go())
    assert response.status_code == 200, (query, response.text[:300])


# the short run, in every default test run
@settings(BASE, max_examples=SHORT)
@given(queries)
def test_compiler_gives_sql_or_a_clean_error(query):
    check_compiler(query)


@settings(BASE, max_examples=SHORT)
@given(queries)
def test_search_runs_or_fails_cleanly(conn, query):
    check_search(conn, query)


@settings(BASE, max_examples=SHORT // 5)
@given(queries)
def test_web_box_never_fails(examples_db, query):
    check_web(examples_db, query)


# the long run: -m fuzz
@pytest.mark.fuzz
@settings(BASE, max_examples=int(LONG["compiler"] * SCALE))
@given(queries)
def test_fuzz_compiler_long(query):
    check_compiler(query)


@pytest.mark.fuzz
@settings(BASE, max_examples=int(LONG["search"] * SCALE))
@given(queries)
def test_fuzz_search_long(conn, query):
    check_search(conn, query)


@pytest.mark.fuzz
@settings(BASE, max_examples=int(LONG["web"] * SCALE))
@given(queries)
def test_fuzz_web_long(examples_db, query):
    check_web(examples_db, query)


_SITES: dict = {}


def _site(path):
    if path not in _SITES:
        _SITES[path] = datasette_app(path)
    return _SITES[path]
