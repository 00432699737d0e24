"""The card site in-process (carddb.web through Datasette's test client): the card list, the
project's search language, facets on human values, card and clause pages, help pages, Russian
errors, security headers, hidden paths, and a rebuilt DB picked up without mixing builds."""
from __future__ import annotations

import asyncio
import re
import shutil
import sqlite3
from urllib.parse import quote

import pytest

from carddb.build import build_db
from carddb.cli import rule_index_writer
from carddb.finder import find
from carddb.store import open_db
from carddb.web import datasette_app


@pytest.fixture(scope="module")
def app(examples_db):
    return datasette_app(examples_db)


def get(app, path):
    async def go():
        return await app.client.get(path)
    return asyncio.run(go())


def names(app, query: str) -> list[str]:
    data = get(app, "/cards/card_list.json?_shape=objects&_size=max&_search=" + quote(query)).json()
    return [r["имя"] for r in data["rows"]]


# ---------------------------------------------------------------- the card list
def test_card_list_shows_player_columns_only(app):
    page = get(app, "/cards/card_list")
    assert page.status_code == 200
    html = page.text
    for header in ("Имя", "Сет", "Стихия", "Тип", "Стоимость", "Жизни", "Ход", "Удар", "Элита",
                   "Способности"):
        assert f">{header}" in html
    for internal in ("name_fold", "text_fold", "keyword_key", "abilities_tree", "source_index",
                     "{\"node\""):
        assert internal not in html
    assert "Найдено: <strong>32</strong>" in html
    assert len(page.content) < 60_000                       # was 272 KB per 50 rows


def test_facets_are_human_values(app):
    data = get(app, "/cards/card_list.json?_size=0&_extra=facet_results").json()
    facets = data["facet_results"].get("results", data["facet_results"])
    assert {"стихия", "тип", "стоимость", "элита", "способности"} <= set(facets)
    assert {v["value"] for v in facets["элита"]["results"]} == {"да", "нет"}
    abilities = {v["value"] for v in facets["способности"]["results"]}
    assert {"выстрел", "разряд", "защита от выстрелов"} <= abilities
    assert not abilities & {"shot", "activated", "uchr"}


@pytest.mark.parametrize("args,where", [
    ("", "1"), ("&_search=" + quote("стихия:горы"),
                "id in (select id from card_index where element_key like '%|горы|%')"),
    ("&" + quote("элита") + "=" + quote("да"), "элита = 'да'"),
    ("&_search=" + quote("выстрел") + "&" + quote("элита") + "=" + quote("нет"),
     "элита = 'нет' and id in (select card_id from card_keywords where keyword = 'shot')"),
    ("&_ability=" + quote("строй") + "&_search=" + quote("-стихия:горы"),
     "id in (select card_id from card_abilities where label = 'строй') and id in (select id "
     "from card_index where element_key not like '%|горы|%')"),
])
def test_facet_counts_are_exact(app, examples_db, args, where):
    """Stored counts (the whole list) and counted ones (a filtered list) match plain SQL."""
    data = get(app, "/cards/card_list.json?_size=0&_extra=facet_results" + args).json()
    facets = data["facet_results"].get("results", data["facet_results"])
    conn = sqlite3.connect(examples_db)
    try:
        for column in ("стихия", "тип", "стоимость", "элита"):
            expected = dict(conn.execute(f"select [{column}], count(*) from card_list where "
                                         f"{where} and [{column}] is not null group by 1"))
            got = {v["value"]: v["count"] for v in facets[column]["results"]}
            assert got == expected, column
        expected = dict(conn.execute(f"select label, count(*) from card_abilities where card_id "
                                     f"in (select id from card_list where {where}) group by 1"))
        got = {v["value"]: v["count"] for v in facets["способности"]["results"]}
        assert got == {k: v for k, v in expected.items() if k in got} and len(got) >= min(
            len(expected), 30)
    finally:
        conn.close()


def test_facets_describe_the_whole_list_on_every_page(app):
    first = get(app, "/cards/card_list.json?_size=5&_sort=" + quote("стоимость")
                + "&_extra=facet_results,next").json()
    second = get(app, "/cards/card_list.json?_size=5&_sort=" + quote("стоимость") + "&_next="
                 + quote(first["next"]) + "&_extra=facet_results").json()
    def counts(data):
        facets = data["facet_results"].get("results", data["facet_results"])
        return {name: [(v["value"], v["count"]) for v in f["results"]] for name, f in facets.items()}

    assert counts(first) == counts(second) and counts(first)["стоимость"]
    facets = second["facet_results"].get("results", second["facet_results"])
    assert all("_next=" not in v["toggle_url"] for f in facets.values() for v in f["results"])


def test_ability_facet_filters(app):
    shooters = names(app, "выстрел")
    data = get(app, "/cards/card_list.json?_shape=objects&_size=max&_ability="
               + quote("выстрел")).json()
    assert sorted(r["имя"] for r in data["rows"]) == sorted(shooters)


#: queries of every kind of term: abilities with and without a value, negations, groups, «or»,
#: words of the text, fields, numbers — «has it» terms take another SQL path on the web
#: (carddb.search ``every``: the keyword index) than in the terminal (``keyword_key``)
SAME_QUERIES = ["выстрел дальность>=3", "разряд", "текст:разряд", "стихия:горы -элита:да",
                "(есть:полёт or вампиризм)", "удар>=3 стоимость<=5", "страж", "-выстрел",
                "есть:защита", "защита от выстрелов or удар через ряд", "-(строй or броня)",
                "выстрел -стихия:горы", "стоимость>=4 (разряд or -есть:полёт)", "-стоимость<=3",
                "тип:существо жизни>=5 ход=1", "имя:страж or выстрел"]


@pytest.mark.parametrize("query", SAME_QUERIES)
def test_same_query_same_cards_in_terminal_and_web(app, examples_db, query):
    """The same cards in the same order: ``berserk search``'s finder, the card list page a
    player sees (carddb.listpage) and Datasette's JSON of it (carddb.web's filters)."""
    db = open_db(examples_db)
    try:
        keys = {r[0]: (r[1], r[2]) for r in db.conn.execute(
            "select id, set_slug, card_key from cards")}
        terminal = [keys[row["id"]] for row in find(db, query, limit=None).rows]
    finally:
        db.conn.close()
    assert terminal, query
    page = get(app, "/cards/card_list?_size=max&_search=" + quote(query)).text
    assert f"Найдено: <strong>{len(terminal)}</strong>" in page
    assert re.findall(r'class="card-link" href="/cards/([a-z0-9-]+)/([a-z0-9-]+)"',
                      page) == terminal
    data = get(app, "/cards/card_list.json?_shape=objects&_size=max&_search="
               + quote(query)).json()
    assert [(r["set_slug"], r["card_key"]) for r in data["rows"]] == terminal


def test_search_box_error_and_notes(app):
    html = get(app, "/cards/card_list?_search=" + quote("стихия:марс")).text
    assert "Запрос не понят" in html and "неизвестная стихия" in html
    assert "Найдено: <strong>0</strong>" in html
    html = get(app, "/cards/card_list?_search=" + quote("разряд")).text
    assert "«разряд» — способность" in html and "текст:разряд" in html


def test_did_you_mean_on_the_web(app):
    html = get(app, "/cards/card_list?_search=" + quote("выстерл")).text
    assert "Возможно, вы имели в виду" in html and ">выстрел<" in html


def test_sorting_by_a_russian_column(app):
    rows = get(app, "/cards/card_list.json?_shape=objects&_size=max&_sort_desc="
               + quote("стоимость")).json()["rows"]
    costs = [r["стоимость"] for r in rows if r["стоимость"] is not None]
    assert costs == sorted(costs, reverse=True)


# ---------------------------------------------------------------- card and clause pages
def test_card_page_at_its_slug_url(app):
    page = get(app, "/cards/primery/8")
    assert page.status_code == 200
    html = page.text
    assert '<h1 class="card-name">Шаман бурь</h1>' in html
    assert "Примеры</a>, № 8" in html and "элита: да" in html
    assert "<dt>Удар</dt><dd>1-1-2</dd>" in html
    assert '<span class="icon" title="закрыть карту (цена действия)">⤵️</span>' in html
    assert "{tap}" not in html and "Activated" not in html
    assert re.search(r'<a class="term" href="/rules/classic/attack\.discharge">разряд</a> на '
                     r"2-3-4, дальность 3", html)


def test_numeric_card_url_redirects_to_the_slug(app):
    card_id = get(app, "/cards/card_list.json?_shape=objects&_search=" + quote("имя:шаман")
                  ).json()["rows"][0]["id"]
    page = get(app, f"/cards/cards/{card_id}")
    assert page.status_code == 302 and page.headers["location"] == "/cards/primery/8"


def test_card_text_is_escaped(tmp_path):
    source = tmp_path / "x.yaml"
    source.write_text("- {name: '<script>alert(1)</script>', set: Т, element: горы, type: существо,"
                      " cost: 1, life: 1, move: 1, strike: 1-1-1, text: '<b>жирно</b> {tap}'}\n",
                      encoding="utf-8")
    db = tmp_path / "x.db"
    build_db(db, [source], writers=[rule_index_writer])
    site = datasette_app(db)
    for path in ("/cards/card_list", "/cards/t/script-alert-1-script"):
        html = get(site, path).text
        assert "<script>" not in html and "&lt;script&gt;" in html, path
    assert "&lt;b&gt;жирно&lt;/b&gt;" in get(site, "/cards/t/script-alert-1-script").text


def test_clause_page(app):
    html = get(app, "/rules/classic/attack.discharge").text
    assert '<h1 class="clause-title">Разряд</h1>' in html
    assert "Карты со способностью «разряд»" in html
    assert get(app, "/rules/classic/no-such-clause").status_code == 404


def visible(html: str) -> str:
    """The page's text as a reader sees it (no tags, no attributes, one space)."""
    body = html[html.index("<article"):html.index("</article>")]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


#: clause pages: (URL, what a reader sees, internal ids they must not see)
CLAUSE_PAGES = [
    ("/rules/classic/attack.strike",
     ["Простой удар", "Источник: Обзор правил классического «Берсерка», п.5",
      "Источники расходятся:"],
     ["attack.strike", "Пункт:", "strike-target", "seed 000"]),
    ("/rules/classic/squad.elements",
     ["Влияние стихий на набор", "Формирование отряда",
      "Источники расходятся: Золото для отряда только из нейтральных карт",
      "Источники расходятся: Штраф за стихии сверх двух", "применяют правила classic"],
     ["squad.elements", "neutral-only-squad", "extra-element-penalty", "seed 001"]),
    ("/rules/heroes-15/106.1",
     ["Пункт 106.1 · книга: «Берсерк. Герои»", "Базовые свойства",
      "106.1.1 Изменение стоимости при розыгрыше",
      "Источник: Полные правила «Берсерк. Герои», 15-я редакция (31.05.2024), п. 106.1",
      "Источники расходятся: Когда действуют способности, меняющие стоимость карт"],
     ["cost-modifiers-scope", "heroes_full_rules", "part-1"]),
    ("/rules/classic/golden", ["Золотые правила", "Правило Топора", "Правило легальности"],
     ["golden", "axe", "legality", "Пункт"]),
]


@pytest.mark.parametrize("url,shown,hidden", CLAUSE_PAGES)
def test_clause_pages_name_clauses_and_sources_not_ids(app, url, shown, hidden):
    """Numbers and titles, sources by their documents' names, conflicts by their topics —
    never the index's ids (issue 12 item 9) — on the web as in ``berserk rule``."""
    text = visible(get(app, url).text)
    assert [s for s in shown if s not in text] == [], text
    assert [h for h in hidden if h in text] == [], text


@pytest.mark.parametrize("path,fragment", [
    ("/", "Поиск карт"), ("/help/search", "дальность&gt;=3"), ("/help/icons", "⤵️"),
])
def test_help_pages(app, path, fragment):
    page = get(app, path)
    assert page.status_code == 200 and fragment in page.text


def test_help_lists_every_search_field(app):
    html = get(app, "/help/search").text
    for field in ("имя:", "текст:", "стихия:", "тип:", "класс:", "редкость:", "сет:", "элита:",
                  "уник:", "есть:", "стоимость", "жизни", "ход", "удар", "дальность"):
        assert field in html, field


# ---------------------------------------------------------------- serving layer
def test_security_headers_on_every_page(app):
    for path in ("/", "/cards/card_list", "/cards/primery/1", "/nothing-here", "/cards.json"):
        headers = get(app, path).headers
        assert "script-src 'self'" in headers["content-security-policy"], path
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"


def test_no_server_paths(app, examples_db):
    secret = str(examples_db.parent)
    for path in ("/-/databases.json", "/-/plugins.json", "/-/threads.json"):
        assert get(app, path).status_code == 404
    for path in ("/", "/cards", "/cards.json", "/cards/card_list", "/-/versions.json",
                 "/-/settings.json", "/-/metadata.json", "/cards/primery/1", "/.json"):
        page = get(app, path)
        assert secret not in page.text and ".berserk-serve" not in page.text, path


def test_errors_are_russian_without_tracebacks(app):
    page = get(app, "/cards/card_list?_sort=" + quote("нет_такого"))
    assert page.status_code == 400 and "сортировать нельзя" in page.text
    page = get(app, "/cards/no-such-set/1")
    assert page.status_code == 404 and "Такой страницы нет" in page.text
    assert "Traceback" not in page.text


def test_rebuilt_db_is_served_whole(tmp_path, examples_db):
    """The served file is replaced by a rebuild: the next requests see the new build, and each
    answer comes from one build (the build id and the card count agree)."""
    db = tmp_path / "cards.db"
    shutil.copy(examples_db, db)
    site = datasette_app(db)

    def state():
        build = get(site, "/cards/meta.json?_shape=objects&key=build_id").json()["rows"][0]["value"]
        count = get(site, "/cards/card_list.json?_size=0").json()["filtered_table_rows_count"]
        return build, count

    before = state()
    small = tmp_path / "small.yaml"
    small.write_text("- {name: Одна, set: Т, element: горы, type: существо, cost: 1, life: 1, "
                     "move: 1, strike: 1-1-1, text: ''}\n", encoding="utf-8")
    build_db(db, [small])
    asyncio.run(asyncio.sleep(0.6))                             # the check interval
    after = state()
    assert before[1] == 32 and after[1] == 1 and after[0] != before[0]
    build_db(db)                                                # and back: a second swap
    asyncio.run(asyncio.sleep(0.6))
    again = state()
    assert again[1] == 32 and again[0] not in (before[0], after[0])
