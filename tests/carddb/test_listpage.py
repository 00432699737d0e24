"""The card list's own HTML page (carddb.listpage) against Datasette's table view of the same
URL: the same bytes and headers for every request the page models, Datasette's own answer for
the rest, every card exactly once when a sort's pages are walked, and the per-build matches
of a rebuilt DB."""
from __future__ import annotations

import asyncio
import html
import re
import shutil
import sqlite3
from urllib.parse import quote, urlencode

import pytest
from datasette.utils.asgi import Request

from carddb.build import build_db
from carddb.cardlist import ListFilter, ordered_ids
from carddb.listpage import card_list_page, datasette_view
from carddb.web import datasette_app

LIST = "/cards/card_list"


@pytest.fixture(scope="module")
def app(examples_db):
    ds = datasette_app(examples_db)
    asyncio.run(ds.invoke_startup())
    return ds


def q(*pairs) -> str:
    return LIST + ("?" + urlencode(pairs) if pairs else "")


def answer(ds, view, url: str):
    """(status, headers, body, modelled) of ``view`` for a GET of ``url``; an exception the
    view raised (Datasette's errors) in place of the answer."""
    request = Request.fake(url)
    request.scope["csrftoken"] = lambda: ""         # what asgi_csrf puts there for a page

    async def go():
        try:
            response = await view(ds, request)
        except Exception as err:                    # noqa: BLE001 - compared as the answer
            return type(err).__name__, str(err)
        return response.status, sorted(response.headers.items()), response.body
    return asyncio.run(go()), "berserk.rows" in request.scope


def get(ds, url: str):
    async def go():
        return await ds.client.get(url)
    return asyncio.run(go())


# ---------------------------------------------------------------- the same page as Datasette's
MODELLED = [
    q(), q(("_size", "7")), q(("_size", "0")), q(("_size", "max")),
    q(("_sort", "стоимость")), q(("_sort", "ход")), q(("_sort", "удар")), q(("_sort", "имя")),
    q(("_sort", "name_fold")), q(("_sort", "номер"), ("_size", "5")),
    q(("_search", "выстрел")), q(("_search", "выстрел"), ("_size", "3")),
    q(("_search", "выстрел дальность>=3")), q(("_search", "-стихия:тьма стоимость<=3")),
    q(("_search", "(есть:полёт or вампиризм)")), q(("_search", "текст:разряд")),
    q(("_search", "страж")), q(("_search", "стихия:марс")), q(("_search", "выстерл")),
    q(("_search", "имя:zzz")), q(("_search", "(")), q(("_search", "")),
    q(("стихия", "горы")), q(("элита", "да")), q(("стоимость", "3")), q(("стоимость", "03")),
    q(("тип", "существо"), ("элита", "нет")), q(("_ability", "выстрел")),
    q(("_ability", "выстрел"), ("_ability", "строй")),
    q(("_search", "выстрел"), ("стихия", "горы"), ("_ability", "разряд")),
    q(("_search", "стихия:горы"), ("_sort", "стоимость")), q(("класс", "Гном")),
    q(("_search", "удар>=3"), ("_sort", "жизни"), ("_size", "4")),
    # the whole list after any token, as Datasette's keyset condition reads it (a later page of
    # a descending sort too: Datasette's own order there is (value desc, id))
    q(("_sort", "стоимость"), ("_next", "5,9999")), q(("_sort", "жизни"), ("_next", "$null,3")),
    q(("_sort", "удар"), ("_next", "$null,99")), q(("_sort", "имя"), ("_next", "Я,1")),
    q(("_sort_desc", "жизни"), ("_next", "10,5")), q(("_sort_desc", "жизни"), ("_next", "$null,1")),
    q(("_sort_desc", "стоимость"), ("_next", "3,0"), ("_size", "4")),
    q(("_next", "страж перевала,3")),
]


@pytest.mark.parametrize("url", MODELLED)
def test_the_page_is_datasettes_page(app, url):
    ours, modelled = answer(app, card_list_page, url)
    theirs, _ = answer(app, datasette_view, url)
    assert modelled, url                            # answered by the page, not handed over
    assert ours == theirs


@pytest.mark.parametrize("args", [
    "", "_sort=" + quote("стоимость"), "_sort=" + quote("удар"), "_sort=" + quote("жизни"),
    "_search=" + quote("-элита:да") + "&_sort=" + quote("ход"),
    quote("элита") + "=" + quote("нет") + "&_sort=" + quote("стоимость"),
])
def test_every_next_page_is_datasettes_page(app, args):
    url, pages = f"{LIST}?{args}&_size=5", 0
    while url:
        ours, modelled = answer(app, card_list_page, url)
        assert modelled and ours == answer(app, datasette_view, url)[0], url
        link = re.search(r'<p class="next"><a href="http://localhost([^"]+)"', ours[2])
        url, pages = link and html.unescape(link.group(1)), pages + 1
    assert pages >= 2


# ---------------------------------------------------------------- what goes to Datasette
@pytest.mark.parametrize("url", [
    q(("_facet", "тип")), q(("стоимость__gte", "3")), q(("_col", "имя")), q(("_labels", "on")),
    q(("_sort", "нет_такого")), q(("_sort", "имя"), ("_sort_desc", "имя")), q(("_size", "abc")),
    q(("_size", "5000")), q(("_next", "zzz")), q(("нет_столбца", "1")),
    q(("_where", "id > 3")),
    # a token of another list: its card is not in this one
    q(("_search", "стихия:тьма"), ("_next", "ашкарская лучница,1")),
    # a token whose sort value is not its card's
    q(("стихия", "горы"), ("_sort", "стоимость"), ("_next", "99,1")),
])
def test_what_the_page_does_not_model_is_datasettes(app, url):
    ours, modelled = answer(app, card_list_page, url)
    assert not modelled and ours == answer(app, datasette_view, url)[0]


# ---------------------------------------------------------------- walking the pages
def walk(app, args: str) -> list[str]:
    """The card keys of every page of the list, following «next page» links."""
    url, keys = f"{LIST}?{args}&_size=4", []
    while url:
        text = get(app, url).text
        keys += re.findall(r'class="card-link" href="/cards/[a-z0-9-]+/([a-z0-9-]+)"', text)
        link = re.search(r'<p class="next"><a href="http://localhost([^"]+)"', text)
        url = link and html.unescape(link.group(1))
    return keys


@pytest.mark.parametrize("args,where,order", [
    ("", "1", "name_fold, id"),
    ("_sort=" + quote("жизни"), "1", "[жизни], id"),               # NULLs first
    ("_sort_desc=" + quote("жизни"), "1", "[жизни] desc, id"),      # NULLs last
    ("_sort_desc=" + quote("стоимость"), "1", "[стоимость] desc, id"),
    ("_sort_desc=" + quote("удар"), "1", "[удар] desc, id"),
    (quote("элита") + "=" + quote("да") + "&_sort_desc=" + quote("стоимость"),
     "[элита] = 'да'", "[стоимость] desc, id"),
    ("_search=" + quote("стихия:горы") + "&_sort_desc=" + quote("жизни"),
     "id in (select id from card_index where element_key like '%|горы|%')", "[жизни] desc, id"),
])
def test_walking_the_pages_shows_every_card_once(app, examples_db, args, where, order):
    """Every card once, in (sort column, id) order — what the «next page» token describes.
    (Datasette's own first page of a descending sort has its ties the other way round; walked
    through its view, the pages of ``_sort_desc=жизни`` repeated some cards and lost others.)"""
    conn = sqlite3.connect(examples_db)
    try:
        expected = [r[0] for r in conn.execute(
            f"select card_key from card_list where {where} order by {order}")]
    finally:
        conn.close()
    assert len(expected) > 4 and walk(app, args) == expected


# ---------------------------------------------------------------- per build
def test_matches_and_counts_follow_a_rebuild(tmp_path, examples_db):
    db = tmp_path / "cards.db"
    shutil.copy(examples_db, db)
    site = datasette_app(db)

    def found(url: str) -> int:
        return int(re.search(r"Найдено: <strong>(\d+)</strong>", get(site, url).text).group(1))

    search = q(("_search", "стихия:горы"))
    assert found(LIST) == 32 and found(search) > 1
    small = tmp_path / "small.yaml"
    small.write_text("- {name: Одна, set: Т, element: горы, type: существо, cost: 1, life: 1, "
                     "move: 1, strike: 1-1-1, text: ''}\n", encoding="utf-8")
    build_db(db, [small])
    asyncio.run(asyncio.sleep(0.6))                             # the check interval
    assert found(LIST) == 1 and found(search) == 1
    assert ">горы</a> 1</li>" in get(site, LIST).text           # the facets counted anew


def test_matches_are_in_the_pages_order(app, examples_db):
    conn = sqlite3.connect(examples_db)
    try:
        expected = [r[0] for r in conn.execute(
            "select id from card_list where id in (select card_id from card_keywords where "
            "keyword = 'protection:shot') order by [стоимость] desc, id")]
    finally:
        conn.close()

    async def go():
        return await ordered_ids(app, app.get_database("cards"), ListFilter(
            search="защита от выстрелов"), "стоимость", True)
    assert list(asyncio.run(go())) == expected and expected
