"""Datasette over the card DB, through its test client: facets, FTS, card page, canned queries."""
from __future__ import annotations

import asyncio
import shutil

import pytest

from carddb.serve import datasette_app, metadata_for


@pytest.fixture(scope="module")
def app(examples_db):
    return datasette_app(examples_db)


def get(app, path):
    async def go():
        return await app.client.get(path)
    return asyncio.run(go())


def test_facets_configured(app):
    data = get(app, "/cards/cards.json?_size=0&_extra=facet_results").json()
    facets = data["facet_results"]
    facets = facets.get("results", facets)
    assert {"element", "card_type", "cost", "elite", "keywords"} <= set(facets)
    elements = {v["value"] for v in facets["element"]["results"]}
    assert {"горы", "леса", "степи", "болота", "тьма", "нейтральная"} <= elements


def test_full_text_search_box_is_case_insensitive(app):
    page = get(app, "/cards/cards?_search=СТРАЖ")
    assert page.status_code == 200 and 'name="_search"' in page.text
    data = get(app, "/cards/cards.json?_search=СТРАЖ&_shape=objects").json()
    assert {"Страж перевала", "Лесной страж-близнец"} <= {r["name"] for r in data["rows"]}


def test_card_page_shows_stats_text_and_tree(app):
    card_id = get(app, "/cards/cards.json?name=Шаман+бурь&_shape=objects").json()["rows"][0]["id"]
    html = get(app, f"/cards/cards/{card_id}").text
    for fragment in ("Шаман бурь", "Стоимость", "1-1-2", "Разряд на 2-3-4", "Способности (разбор)",
                     "разряд на 2-3-4, дальность 3"):
        assert fragment in html


def test_card_page_says_when_text_is_unknown(app):
    card_id = get(app, "/cards/cards.json?name=Лесной+страж-близнец&_shape=objects").json()["rows"][0]["id"]
    assert "Текст неизвестен" in get(app, f"/cards/cards/{card_id}").text


@pytest.mark.parametrize("query,expected", [
    ("protection_from_shots", {"Хранитель рощи", "Туманная низина", "Гроза вершин"}),
    ("shooters_by_range", {"Бродячий арбалетчик", "Лесная охотница", "Степной лучник", "Страж перевала"}),
    ("attacks_at_least?min_damage=4", {"Горный камнемёт", "Шаман бурь"}),
    ("card_abilities?name=Страж+перевала", None),
])
def test_canned_queries(app, query, expected):
    data = get(app, f"/cards/{query}.json" if "?" not in query else
               "/cards/" + query.replace("?", ".json?") + "&_shape=objects").json()
    rows = data["rows"] if isinstance(data, dict) else data
    if expected is None:
        assert len(rows) == 2
    else:
        assert {r["name"] if isinstance(r, dict) else r[1] for r in rows} == expected


def test_shooters_sorted_by_range(app):
    rows = get(app, "/cards/shooters_by_range.json?_shape=objects").json()["rows"]
    ranges = [r["дальность"] for r in rows]
    assert ranges == sorted(ranges, reverse=True) and ranges[0] == 6


def test_metadata_follows_the_file_name(tmp_path, examples_db):
    other = tmp_path / "my_cards.db"
    shutil.copy(examples_db, other)
    assert "my_cards" in metadata_for(other)["databases"]
    response = get(datasette_app(other), "/my_cards/protection_from_shots.json")
    assert response.status_code == 200


@pytest.mark.parametrize("typed", ["камнемёт", "КАМНЕМЕТ"])   # whole words: Datasette escapes the query
def test_search_box_folds_yo(app, typed):
    data = get(app, f"/cards/cards.json?_search={typed}&_shape=objects").json()
    assert [r["name"] for r in data["rows"]] == ["Горный камнемёт"]
