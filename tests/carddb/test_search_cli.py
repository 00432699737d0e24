"""`berserk search` as a player meets it: Russian help listing every field, the count line,
--sort, «did you mean», the note on ability words, and every hostile query of issue 15 ending in
a located Russian message with exit code 2 — never a traceback, never «every card»."""
from __future__ import annotations

import re
import sqlite3

import pytest

from carddb.finder import SearchTimeout, find
from carddb.search import MAX_DEPTH, MAX_TERMS, NUMERIC_FIELDS, TEXT_FIELDS
from carddb.store import open_db
from carddb.web import datasette_app
from tests.carddb.test_web import get, names
from tests.conftest import run_cli


def search(db, *args):
    return run_cli("search", *args, "--db", str(db))


def test_help_lists_every_field_with_an_example():
    r = run_cli("search", "--help")
    assert r.returncode == 0
    for field in TEXT_FIELDS:
        assert re.search(rf"^\s+{field}:\S", r.stdout, re.M), field
    for field in (*NUMERIC_FIELDS, "дальность"):
        assert re.search(rf"^\s+{field}(<=|>=|=)\S", r.stdout, re.M), field
    assert "--sort" in r.stdout and "docs/search.md" in r.stdout
    assert "or" in r.stdout and "«не»" in r.stdout


def test_count_line_and_limit(examples_db):
    r = search(examples_db, "стихия:горы", "--limit", "2")
    assert r.returncode == 0, r.stderr
    total = int(re.search(r"Найдено: (\d+)", r.stdout).group(1))
    assert total > 2 and "показаны первые 2" in r.stdout
    assert len([line for line in r.stdout.splitlines() if "горы" in line]) == 2


@pytest.mark.parametrize("sort,key,reverse", [("стоимость", "cost", False),
                                              ("-жизни", "life", True), ("имя", None, False)])
def test_sort(examples_db, sort, key, reverse):
    db = open_db(examples_db)
    try:
        rows = find(db, "стихия:горы", limit=None, sort=sort).rows
    finally:
        db.conn.close()
    values = [r[key] for r in rows if r[key] is not None] if key else \
        [r["name"].casefold().replace("ё", "е") for r in rows]
    assert values == sorted(values, reverse=reverse) and len(values) > 2
    r = search(examples_db, "стихия:горы", "--sort", sort)
    assert r.returncode == 0 and r.stdout.index(rows[0]["name"]) < r.stdout.index(rows[-1]["name"])


def test_unknown_sort_field_is_an_error(examples_db):
    r = search(examples_db, "стихия:горы", "--sort", "цвет")
    assert r.returncode == 2 and "нельзя сортировать по «цвет»" in r.stderr and "стоимость" in r.stderr


def test_did_you_mean_for_a_misspelt_word(examples_db):
    r = search(examples_db, "выстерл")
    assert r.returncode == 0
    assert "Ничего не найдено." in r.stdout
    assert "Возможно, вы имели в виду: выстрел" in r.stdout


def test_a_query_may_start_with_a_minus(examples_db):
    r = search(examples_db, "-стихия:тьма", "--limit", "100")
    assert r.returncode == 0, r.stderr
    assert "тьма" not in r.stdout and "Найдено:" in r.stdout


def test_ability_word_is_explained(examples_db):
    r = search(examples_db, "разряд")
    assert "примечание: «разряд» — способность" in r.stdout and "текст:разряд" in r.stdout


def test_bare_word_text_field_and_web_box_agree_with_their_meaning(corpus_db, corpus_json):
    """Issue 12.6: bare «разряд» 18, `текст:разряд` 23, the web box 19.  Now the bare word is
    the ability (the parse found a discharge), текст: is the word in the text, and the web box
    runs the same compiler: web == terminal for both."""
    site = datasette_app(corpus_db)
    db = open_db(corpus_db)
    try:
        for query in ("разряд", "текст:разряд"):
            terminal = sorted(r["name"] for r in find(db, query, limit=None).rows)
            assert sorted(names(site, query)) == terminal, query
        ability = {r["name"] for r in find(db, "разряд", limit=None).rows}
        word = {r["name"] for r in find(db, "текст:разряд", limit=None).rows}
    finally:
        db.conn.close()
    assert ability <= word                       # every discharge is written with the word
    mentions = {r["name"].strip() for r in corpus_json
                if re.search(r"разряд", (r["abilities"] or "").casefold())}
    assert word == mentions


# ---------------------------------------------------------------- hostile queries (issue 15)
HOSTILE = [
    ("стоимость>=99999999999999999999", "слишком большое число"),
    ("удар=99999999999999999999-1-1", "удар пишется тремя числами"),
    ("(" * 5000 + "выстрел" + ")" * 5000, "слишком длинный запрос"),
    ("(" * (MAX_DEPTH + 1) + "выстрел" + ")" * (MAX_DEPTH + 1), "вложенных скобок"),
    (" ".join(["-имя:а"] * 500), "слишком длинный запрос"),
    (" ".join(f"-имя:{chr(0x430 + i % 30)}" for i in range(MAX_TERMS + 1)), "слишком много условий"),
    ("имя:" + "а" * 60000, "слишком длинный запрос"),
    ("имя:" + "а" * 200, "слишком длинное значение"),
    ("?", "нечего искать"), ("—", "нечего искать"), ("🦄", "нечего искать"),
    ('""', "нечего искать"), ("«»", "нечего искать"), ("имя:?", "нечего искать"),
    ("стихия:", "ожидалось"), ("((выстрел", "ожидалось"), ("выстрел>=два", "ожидалось число"),
]


@pytest.mark.parametrize("query,message", HOSTILE, ids=[q[:24] for q, _ in HOSTILE])
def test_hostile_query_is_a_clean_error(examples_db, query, message):
    r = search(examples_db, query)
    assert r.returncode == 2, (r.stdout[:200], r.stderr[-500:])
    assert message in r.stderr and "Traceback" not in r.stderr
    assert r.stderr.startswith("ошибка: <запрос>:1:")
    assert len(r.stderr) < 2000                    # the caret line is cut, not 60k characters


@pytest.mark.parametrize("command", ["search", "card"])
def test_non_utf8_argument_is_refused(examples_db, command):
    r = run_cli(command, "выстрел\udcff", "--db", str(examples_db))
    assert r.returncode == 2 and "UTF-8" in r.stderr and "Traceback" not in r.stderr


def test_time_limit_stops_a_search(corpus_db):
    conn = sqlite3.connect(f"file:{corpus_db}?mode=ro", uri=True)
    try:
        with pytest.raises(SearchTimeout) as info:
            find(conn, "-имя:щщщ -имя:ъъъ or текст:а", limit=None, seconds=0)
        assert "дольше 0 с и остановлен" in info.value.render()
        assert find(conn, "выстрел", limit=None).total > 0     # the connection still works
    finally:
        conn.close()


def test_a_symbol_query_on_the_web_is_an_error_not_every_card(examples_db):
    site = datasette_app(examples_db)
    html = get(site, "/cards/card_list?_search=%3F").text
    assert "нечего искать" in html and "Найдено: <strong>0</strong>" in html


# ---------------------------------------------------------------- «игра:» (a DB of both games)
@pytest.fixture(scope="module")
def both_games_db(tmp_path_factory):
    """The legality tests' own card file: «Берсерк. Герои» cards and one classic card."""
    from carddb.build import build_db
    from tests.legality.conftest import HEROES_CARDS

    db = tmp_path_factory.mktemp("games") / "both.db"
    build_db(db, [HEROES_CARDS])
    return db


def names_found(db, query: str) -> list[str]:
    conn = open_db(db)
    try:
        return [r["name"] for r in find(conn, query, limit=None).rows]
    finally:
        conn.conn.close()


@pytest.mark.parametrize("query, game", [("игра:герои", "heroes"), ("игра:Герои", "heroes"),
                                         ("игра:классика", "classic"), ("-игра:герои", "classic")])
def test_game_field_finds_the_cards_of_one_game(both_games_db, query, game):
    conn = sqlite3.connect(both_games_db)
    expected = sorted(n for (n,) in conn.execute("select name from cards where game = ?", (game,)))
    conn.close()
    assert expected and sorted(names_found(both_games_db, query)) == expected


def test_game_field_same_cards_on_the_web(both_games_db):
    """The web runs the same compiler: the same cards, in the same order, in the browser."""
    query = "игра:герои тип:существо"
    terminal = names_found(both_games_db, query)
    assert terminal and names(datasette_app(str(both_games_db)), query) == terminal


def test_unknown_game_is_a_located_error_with_a_suggestion(both_games_db):
    r = search(both_games_db, "игра:геро")
    assert r.returncode == 2
    assert "неизвестная игра «геро»" in r.stderr and "герои" in r.stderr and "^" in r.stderr
