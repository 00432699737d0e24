"""The build: tables, determinism, atomicity, and bad input through the real CLI."""
from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from berserk.errors import AmbiguousError, InputError, UnknownNameError
from carddb.build import PHASES, build_db, features_of, node_params, nodes_of
from carddb.model import parse_key
from carddb.present import parsed_abilities_tree
from carddb.sources import read_cards
from carddb.store import find_card, load_cards
from grammar import Vocabulary, parse
from grammar import ast as A
from tests.carddb.conftest import NXT, SET1, SET2
from tests.conftest import run_cli


def rows(path, sql, params=()):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_tables_and_meta(corpus_db):
    tables = {r[0] for r in rows(corpus_db, "select name from sqlite_master where type='table'")}
    assert {"cards", "abilities", "card_keywords", "sets", "parse_issues", "meta", "cards_fts"} <= tables
    meta = dict(rows(corpus_db, "select key, value from meta"))
    assert {"build_time", "grammar_hash", "sources", "counts", "schema_version"} <= set(meta)
    sources = json.loads(meta["sources"])
    assert [s["file"] for s in sources] == [SET1.name, SET2.name]
    assert sources[0]["sha256"] == hashlib.sha256(SET1.read_bytes()).hexdigest()[:16]
    assert json.loads(meta["counts"])["cards"] == 296
    assert dict(rows(corpus_db, "select name, cards from sets")) == {"Война стихий": 150,
                                                                     "Нашествие тьмы": 146}


def test_unknown_text_is_null_not_empty(corpus_db):
    (unknown,) = rows(corpus_db, "select count(*) from cards where text is null and text_known = 0")
    assert unknown[0] >= 146
    assert rows(corpus_db, "select count(*) from cards where text = ''")[0][0] == 0


def test_ability_rows_have_kind_params_json_and_span(examples_db):
    (row,) = rows(examples_db, "select a.kind, a.node, a.typed, a.damage_weak, a.damage_strong, a.range, a.json, "
                               "a.span_start, a.span_end, a.text from abilities a join cards c on "
                               "c.id = a.card_id where c.name = 'Шаман бурь' and a.line = 0")
    kind, node, typed, weak, strong, rng, data, start, end, text = row
    assert (kind, node, typed, weak, strong, rng) == ("activated", "Activated", 1, 2, 4, 3)
    assert json.loads(data)["node"] == "Activated" and text.startswith("{tap}")
    assert 0 <= start < end


def test_keywords_are_facetable_json(examples_db):
    (kw,) = rows(examples_db, "select keywords from cards where name = 'Гроза вершин'")[0]
    assert {"discharge", "protection:discharge", "protection:shot"} <= set(json.loads(kw))


def test_parse_issues_keep_source_repairs(corpus_db):
    details = [r[0] for r in rows(corpus_db, "select detail from parse_issues where kind = 'source_repair'")]
    assert any("broken-strike" in d for d in details) and any("walkCount" in d for d in details)


def test_same_inputs_same_rows(tmp_path, shared):
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    build_db(a, [SET1, SET2])
    build_db(b, [SET1, SET2])
    for table in ("cards", "abilities", "card_keywords", "sets", "parse_issues", "card_list"):
        assert rows(a, f"select * from {table} order by 1") == rows(b, f"select * from {table} order by 1"), table
    same = "select * from meta where key not in ('build_time', 'build_id')"
    assert rows(a, same) == rows(b, same)


def test_store_api(examples_db):
    card = find_card(examples_db, "  СТРАЖ ПЕРЕВАЛА ")
    assert (card.cost, card.strike, card.elements) == (4, (1, 2, 3), ("горы",))
    assert card.abilities()[0].kind == "activated"
    with pytest.raises(UnknownNameError) as info:
        find_card(examples_db, "Страж перевла")
    assert info.value.suggestions[0] == "Страж перевала"
    assert len(load_cards(examples_db)) >= 25


def test_ambiguous_name_across_sets(tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text("- {name: Близнец, set: А, element: горы}\n- {name: Близнец, set: Б, element: леса}\n", "utf-8")
    db = tmp_path / "two.db"
    build_db(db, [f])
    with pytest.raises(AmbiguousError):
        find_card(db, "близнец")
    assert find_card(db, "близнец", set="б").elements == ("леса",)


def test_load_cards_round_trips_the_model(tmp_path):
    from carddb.build import bundled_examples
    from carddb.sources import read_cards

    db = tmp_path / "ex.db"
    build_db(db)
    original = {c.name: c for c in read_cards(bundled_examples()).cards}
    assert {c.name: c for c in load_cards(db)} == original


def test_missing_db_is_a_clear_error(tmp_path):
    with pytest.raises(InputError) as info:
        find_card(tmp_path / "none.db", "А")
    assert "berserk db build" in str(info.value)


# ---------------------------------------------------------------- atomic, through the CLI
BAD_INPUTS = {
    "broken.json": ('[{"name": "А", "cost": 3,\n  "element": }]', ["broken.json:2:14", "битый JSON"]),
    "unknown.json": ('[{"title": "x"}]', ["unknown.json", "неизвестный формат"]),
    "dups.yaml": ("- {name: Двойник, set: А, element: горы}\n- {name: Двойник, set: А, element: леса}\n",
                  ["dups.yaml", "«Двойник»", "повторяется"]),
    "numbers.yaml": ("- {name: Первый, element: горы, cost: три}\n- {name: Второй, element: горы, life: много}\n",
                     ["numbers.yaml:1", "«Первый», поле «cost»", "numbers.yaml:2", "«Второй», поле «life»"]),
    "tgbot.json": (json.dumps([{"name": "Т", "cost": "x", "elite": False, "uniqueness": False,
                                "element": "Горы", "class": None, "abilities": None,
                                "stats": {"lifeCount": "много", "walkCount": "1", "simpleHit": "1-1-1"}}],
                              ensure_ascii=False),
                   ["tgbot.json", "карта №1 «Т», поле «cost»", "поле «stats.lifeCount»"]),
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_bad_input_exit_2_every_problem_listed_old_db_untouched(tmp_path, name):
    content, expected = BAD_INPUTS[name]
    db = tmp_path / "cards.db"
    ok = run_cli("db", "build", "-o", str(db))
    assert ok.returncode == 0, ok.stderr
    before = sha(db)
    bad = tmp_path / name
    bad.write_text(content, "utf-8")
    result = run_cli("db", "build", "-o", str(db), "--cards", str(bad))
    assert result.returncode == 2, result.stderr
    for fragment in expected:
        assert fragment in result.stderr, result.stderr
    assert sha(db) == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_build_default_then_search_and_card(tmp_path):
    db = tmp_path / "cards.db"
    built = run_cli("db", "build", "--db", str(db))
    assert built.returncode == 0 and "карт 3" in built.stdout
    found = run_cli("search", "выстрел дальность>=3", "--db", str(db), "--json")
    assert found.returncode == 0, found.stderr
    names = [c["name"] for c in json.loads(found.stdout)]
    assert "Страж перевала" in names and all("name" in c for c in json.loads(found.stdout))
    table = run_cli("search", "выстрел дальность>=3", "--db", str(db))
    assert "Страж перевала" in table.stdout and "имя" in table.stdout
    card = run_cli("card", "страж перевала", "--db", str(db))
    assert card.returncode == 0 and "выстрел на 2, дальность 3" in card.stdout
    wrong = run_cli("card", "Страж перевла", "--db", str(db))
    assert wrong.returncode == 2 and "«Страж перевала»" in wrong.stderr


def test_env_default_db(tmp_path):
    env = {"BERSERK_DB": str(tmp_path / "env.db")}
    assert run_cli("db", "build", env=env, cwd=tmp_path).returncode == 0
    assert (tmp_path / "env.db").is_file() and not (tmp_path / "cards.db").exists()
    out = run_cli("search", "тип:симбиот", "--json", env=env, cwd=tmp_path)
    assert [c["name"] for c in json.loads(out.stdout)] == ["Пиявка-симбиот"]


def test_malformed_query_through_cli(examples_db):
    result = run_cli("search", "стоимость>=", "--db", str(examples_db))
    assert result.returncode == 2
    assert "стоимость>=" in result.stderr and "^" in result.stderr and "ожидалось" in result.stderr


def test_card_json(examples_db):
    result = run_cli("card", "Шаман бурь", "--db", str(examples_db), "--json")
    data = json.loads(result.stdout)
    assert data["name"] == "Шаман бурь" and data["abilities"][0]["node"] == "Activated"


def test_build_formats_detected_and_forced(tmp_path, shared):
    from tests.carddb.conftest import NXT

    db = tmp_path / "nxt.db"
    result = run_cli("db", "build", "-o", str(db), "--cards", str(NXT), "--format", "nxt")
    assert result.returncode == 0, result.stderr
    assert rows(db, "select count(*) from cards")[0][0] == 8
    wrong = run_cli("db", "build", "-o", str(db), "--cards", str(NXT), "--format", "tgbot")
    assert wrong.returncode == 2 and rows(db, "select count(*) from cards")[0][0] == 8


def test_build_with_rules_joins_clauses(tmp_path, shared):
    seed = sorted((shared / "seeds").glob("004_*.txt"))[0]
    db = tmp_path / "rules.db"
    result = run_cli("db", "build", "-o", str(db), "--rules", str(seed), "--book", "classic")
    assert result.returncode == 0, result.stderr
    assert rows(db, "select count(*) from clauses")[0][0] > 0
    assert json.loads(dict(rows(db, "select key, value from meta"))["counts"])["clauses"] > 0


# ---------------------------------------------------------------- the row memo changes no row
def plain_rows(parsed) -> tuple[list, list, list, str, bool]:
    """abilities, parse_issues and card_keywords rows (without card id and name), the tree and
    the typed flag of one parsed text, derived ability by ability with grammar's own walk —
    what the build stored before it kept one set of facts per distinct ability."""
    abilities, issues = [], []
    for line in parsed.lines:
        for position, a in enumerate(line.abilities):
            params = node_params(a, list(A.walk(a)))
            abilities.append((line.index, position, a.kind, type(a).__name__, int(A.is_typed(a)),
                              *params.values(), A.to_json(a), a.span.start, a.span.end,
                              parsed.text[a.span.start:a.span.end] or line.text))
        issues.extend(("opaque" if isinstance(o, A.Opaque) else "unknown_icon", line.index,
                       getattr(o, "text", None) or getattr(o, "icon", ""))
                      for o in line.opaque_nodes())
    features = [tuple(f.values()) for f in features_of(parsed.abilities)]
    return abilities, issues, features, parsed_abilities_tree(parsed), parsed.typed


@pytest.mark.parametrize("source", ["SET1", "NXT", "NXT_SETS"])
def test_rows_equal_the_plain_derivation(tmp_path, shared, source):
    path = {"SET1": SET1, "NXT": NXT,
            "NXT_SETS": shared / "corpus" / "nxt" / "sets_10_20.nxt.json"}[source]
    db = tmp_path / "rows.db"
    build_db(db, [path])
    cards = read_cards(path).cards
    vocabulary = Vocabulary.of([c.name for c in cards], [k for c in cards for k in c.classes])
    checked = 0
    for card_id, card in enumerate(cards, start=1):
        if card.text is None:
            continue
        parsed = parse(*parse_key(card.text, card.name), vocabulary=vocabulary)
        for a in parsed.abilities:
            for node in A.walk(a):
                assert nodes_of(node) == list(A.walk(node)), card.name
        abilities, issues, features, tree, typed = plain_rows(parsed)
        assert rows(db, "select line, position, kind, node, typed, damage_weak, damage_medium, "
                        "damage_strong, range, amount, json, span_start, span_end, text from "
                        "abilities where card_id = ? order by id", (card_id,)) == abilities
        assert rows(db, "select kind, line, detail from parse_issues where card_id = ? and "
                        "kind != 'source_repair' order by id", (card_id,)) == issues
        stored = rows(db, "select keyword, strongest, range, amount, label, player from "
                          "card_keywords where card_id = ? order by id", (card_id,))
        assert stored[:len(features)] == features          # then the card's own (flight …)
        assert rows(db, "select abilities_tree, typed from cards where id = ?",
                    (card_id,)) == [(tree, int(typed))]
        checked += 1
    assert checked > 0


def test_a_shared_ability_keeps_each_cards_span_and_text(tmp_path):
    f = tmp_path / "shared.yaml"
    f.write_text("- {name: Первый, element: горы, text: \"Броня 1.\\nТрупоедство.\"}\n"
                 "- {name: Второй, element: горы, text: \"Трупоедство.\"}\n"
                 "- {name: Третий, element: горы, text: \"Броня 2.\\nтрупоедство.\"}\n", "utf-8")
    db = tmp_path / "shared.db"
    build_db(db, [f])
    got = rows(db, "select c.name, a.json, a.span_start, a.span_end, a.text from abilities a "
                   "join cards c on c.id = a.card_id where a.node = 'Keyword' and a.line = "
                   "(select max(line) from abilities where card_id = c.id) order by a.id")
    assert [(name, start, end, text) for name, _json, start, end, text in got] == [
        ("Первый", 9, 20, "Трупоедство"), ("Второй", 0, 11, "Трупоедство"),
        ("Третий", 9, 20, "трупоедство")]
    assert len({json_ for _n, json_, _s, _e, _t in got}) == 1


def test_build_reports_its_phases(tmp_path):
    report = build_db(tmp_path / "p.db")
    assert list(report.phases) == list(PHASES)
    assert all(v >= 0 for v in report.phases.values())
    assert sum(report.phases.values()) == pytest.approx(report.seconds, rel=1e-6)


# ---------------------------------------------------------------- standard input (E3)
@pytest.mark.shared
def test_stdin_build_hashes_the_bytes_it_read(tmp_path):
    """«--cards -»: standard input cannot be read twice; meta keeps the hash of what the
    reader read, equal to the hash of the same file built from disk."""
    data = SET1.read_bytes()
    (tmp_path / "set1.json").write_bytes(data)
    result = run_cli("db", "build", "-o", "stdin.db", "--cards", "-", input=data.decode("utf-8"),
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    build_db(tmp_path / "file.db", [tmp_path / "set1.json"])
    hashes = [json.loads(dict(rows(tmp_path / db, "select key, value from meta"))["sources"])
              for db in ("stdin.db", "file.db")]
    assert hashes[0][0]["sha256"] == hashes[1][0]["sha256"] == sha(SET1)[:16]
    assert rows(tmp_path / "stdin.db", "select count(*) from cards") == [(150,)]


# ---------------------------------------------------------------- «Берсерк. Герои» cards (H4)
def test_heroes_cards_keep_game_strike_and_cost_x(tmp_path):
    """A Heroes card read back from the DB is the card that was read (game, its one-number
    strike, a cost of «X»): a deck checked with --db is not taken for a classic one."""
    from tests.legality.conftest import HEROES_CARDS

    db = tmp_path / "heroes.db"
    build_db(db, [HEROES_CARDS])
    read = read_cards(HEROES_CARDS).cards
    assert sorted(load_cards(db), key=lambda c: c.name) == sorted(read, key=lambda c: c.name)
    got = {name: (game, strike, value, cost_x) for name, game, strike, value, cost_x in rows(
        db, "select name, game, strike, strike_value, cost_x from cards")}
    assert got["Каменный страж"] == ("heroes", "1", 1, 0)
    assert got["Камнепад"] == ("heroes", None, None, 1)
    classic = [c.name for c in read if str(c.game) == "classic"]
    assert classic and all(got[name][0] == "classic" for name in classic)
    assert find_card(db, "Камнепад").cost_x is True


def test_heroes_deck_checked_with_db_is_a_heroes_deck(tmp_path):
    from tests.legality.conftest import DATA, HEROES_CARDS

    build_db(tmp_path / "heroes.db", [HEROES_CARDS])
    (tmp_path / "deck.txt").write_bytes((DATA / "cli" / "heroes_legal.txt").read_bytes())
    args = ("deck", "check", "deck.txt", "--ruleset", "heroes-15", "--json")
    with_db = run_cli(*args, "--db", "heroes.db", cwd=tmp_path)
    with_cards = run_cli(*args, "--cards", str(HEROES_CARDS), cwd=tmp_path)
    assert with_db.returncode == with_cards.returncode == 0, with_db.stdout + with_db.stderr
    assert json.loads(with_db.stdout)["problems"] == json.loads(with_cards.stdout)["problems"]


# ---------------------------------------------------------------- worker processes
def table_rows(path) -> dict[str, list]:
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute(
            "select name from sqlite_master where type = 'table' order by name")]
        return {name: conn.execute(f"select * from [{name}]" + (
            " where key not in ('build_time', 'build_id')" if name == "meta" else "")).fetchall()
                for name in names}
    finally:
        conn.close()


def test_worker_processes_build_the_same_rows(tmp_path, shared, monkeypatch):
    """A long list is parsed in worker processes (fork); the DB is the same, row for row."""
    from carddb import textrows

    sources = [shared / "corpus" / "nxt" / "sets_10_20.nxt.json"]
    monkeypatch.setenv("BERSERK_BUILD_JOBS", "1")
    one = build_db(tmp_path / "one.db", sources)
    monkeypatch.setenv("BERSERK_BUILD_JOBS", "2")
    assert textrows.jobs(10) == 2
    two = build_db(tmp_path / "two.db", sources)
    assert one.counts == two.counts
    assert table_rows(tmp_path / "one.db") == table_rows(tmp_path / "two.db")


def test_a_short_list_stays_in_one_process(monkeypatch):
    from carddb import textrows

    monkeypatch.delenv("BERSERK_BUILD_JOBS", raising=False)
    assert textrows.jobs(textrows.PARALLEL_FROM - 1) == 1


def test_the_builds_json_is_grammars_json(shared):
    """carddb.textrows.to_json (its own walk, for speed) writes what grammar.ast.to_json
    writes, for every node of every corpus ability."""
    from carddb.textrows import to_json

    checked = 0
    for path in (SET1, shared / "corpus" / "nxt" / "sets_10_20.nxt.json"):
        for card in read_cards(path).cards:
            if card.text:
                for ability in parse(card.text, name=card.name).abilities:
                    for node in A.walk(ability):
                        assert to_json(node) == A.to_json(node), card.name
                        checked += 1
    assert checked > 5000
