"""Lookup by number and by word, over the shipped index alone and with the official text imported.

The DB is a real SQLite file written by ``rulings.store.write_clauses`` from the files in
../shared; the CLI tests run ``berserk rule`` in-process (tests.conftest.run_cli).
"""
from __future__ import annotations

import json
import re

import pytest
import sqlite_utils
import yaml

from berserk.errors import UnknownNameError
from berserk.text import fold
from rulings.analysis import Analyzer, russian_stemmer, words_of
from rulings.lookup import BOOKS_DIR, clause_ids, load_book, resolve, search_index
from tests.conftest import ROOT, run_cli
from tests.rulings.conftest import official_files


# (query, book, expected first answer: clause id or «term» (or a tuple of equally good ones),
#  ids that must be among the answers)
WORD_CASES = [
    ("защитник", "classic", "attack.defender", {"attack.direct"}),
    ("Правило Топора", "classic", "axe", set()),
    ("Правило Топора", "heroes-15", "511", set()),
    ("нелегальность", "classic", "legality", set()),
    ("нелегальность", "heroes-15", "«Нелегальность (нелегальное игродействие)»", {"514"}),   # the term first
    ("отравление", "classic", "effect.poison", set()),
    ("отравление", "heroes-15", ("«Отравление Х»", "«Отравление на Х»"), set()),
    ("удар через ряд", "classic", "attack.uchr", set()),
    ("ОТРАВЛЕНИЕ", "classic", "effect.poison", set()),
    ("сведение броска", "classic", "roll-clamp", set()),
    ("таблица ударов", "classic", "514.2", set()),
    ("назначить защитника", "heroes-15", "«Назначить защитника»", {"509"}),
]


def _ids(answer) -> list[str]:
    return [h.clause.id if h.clause else f"«{h.entry.term}»" for h in answer.hits]


@pytest.mark.parametrize("with_db", [False, True], ids=["index", "official"])
@pytest.mark.parametrize("query, book, first, also", WORD_CASES)
def test_word_lookup_best_first(rules_db, with_db, query, book, first, also):
    db = sqlite_utils.Database(rules_db) if with_db else None
    ids = _ids(resolve(query, book, db))
    assert ids[0] in ((first,) if isinstance(first, str) else first), ids
    assert also <= set(ids), ids


def test_number_lookup_and_sub_clauses():
    answer = resolve("514", "classic")
    assert answer.by_number and [h.clause.id for h in answer.hits] == ["514"]
    assert [c.id for c in answer.hits[0].children] == [f"514.{i}" for i in range(1, 9)]
    assert [c.id for c in resolve("514.6", "classic").hits[0].children] == []
    heroes = resolve("106.1", "heroes-15").hits[0]
    assert [c.id for c in heroes.children] == ["106.1.1", "106.1.2", "106.1.3", "106.1.4"]
    # a section lists its clauses and their sub-clauses in reading order
    assert [c.id for c in resolve("106", "heroes-15").hits[0].children][:3] == ["106.1", "106.1.1", "106.1.2"]


@pytest.mark.parametrize("ref", ["514.6", "п. 514.6", "пункт 514.6", "514.6.", " 514.6 "])
def test_number_spellings(ref):
    assert [h.clause.id for h in resolve(ref, "classic").hits] == ["514.6"]


def test_number_without_book_answers_from_every_book():
    answer = resolve("514")
    assert [(h.clause.book, h.clause.title) for h in answer.hits] == \
        [("classic", "Правила проведения сражений"), ("heroes-15", "Нелегальность")]


def test_repeated_number_shows_both_clauses():
    assert _ids(resolve("104.3", "heroes-15")) == ["104.3", "104.3#2"]


def test_index_only_has_no_text_official_db_has_text_and_examples(rules_db):
    plain = resolve("106.1.1", "heroes-15").hits[0].clause
    assert plain.text is None and plain.examples == ()
    full = resolve("106.1.1", "heroes-15", sqlite_utils.Database(rules_db)).hits[0].clause
    assert full.text and len(full.examples) == 2
    assert full.parent == "106.1" and full.keywords == plain.keywords
    axe = resolve("axe", "classic", sqlite_utils.Database(rules_db)).hits[0].clause
    assert axe.text and axe.summary          # our summary kept next to the official text


def test_glossary_entries_carry_text_only_after_import(rules_db):
    plain = [h.entry for h in resolve("Ярость", "heroes-15").hits if h.entry]
    assert plain and plain[0].text is None
    full = [h.entry for h in resolve("Ярость", "heroes-15", sqlite_utils.Database(rules_db)).hits if h.entry]
    assert full[0].term == "Ярость" and full[0].text


def test_words_nowhere_in_the_books_get_no_clause_and_a_clear_message():
    answer = resolve("фзщитник-ззз", "classic")
    assert answer.hits == () and answer.message == "нет в правилах, которые есть у проекта"
    assert resolve("погода на завтра").hits == ()
    assert resolve("axee", "classic").suggestions[0] == "axe"        # a typo of an id: suggested
    with pytest.raises(UnknownNameError) as err:                     # a number no book has
        resolve("514.9", "classic")
    assert "514.9" in str(err.value) and err.value.suggestions


def test_neighbours_and_conflicts_are_part_of_the_book():
    book = load_book("classic")
    prev, nxt = book.neighbours("514.6")
    assert (prev.id, nxt.id) == ("514.5", "514.7")
    assert book.neighbours("514.1")[0] is None
    assert {k.id for k in book.conflicts_for("squad.second-player")} == {"second-player-bonus"}


def test_judge_citations_exist_in_the_classic_book():
    from judge import cites

    assert cites.ALL and not cites.missing_in_book()
    assert set(cites.ALL) <= clause_ids("classic")


def test_shipped_index_holds_no_official_sentence(shared):
    """No run of 7 words of any official file appears in our summaries (of clauses and of glossary
    terms); titles are short headings."""
    official = " ".join(fold(p.read_text(encoding="utf-8")) for p, _ in official_files())
    runs = set()
    words = re.findall(r"\w+", official)
    for i in range(len(words) - 6):
        runs.add(" ".join(words[i:i + 7]))
    for path in BOOKS_DIR.glob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in (doc.get("clauses") or []) + (doc.get("glossary") or []):
            ws = re.findall(r"\w+", fold(str(item.get("summary") or "")))
            hits = [" ".join(ws[i:i + 7]) for i in range(len(ws) - 6) if " ".join(ws[i:i + 7]) in runs]
            assert not hits, (path.name, item.get("id") or item.get("term"), hits)
            assert len(str(item.get("title") or "").split()) <= 12, (path.name, item.get("id"))   # headings only


# ── the real CLI ───────────────────────────────────────────────────────────────────────────

def test_cli_rule_number_text():
    out = run_cli("rule", "514.6", "--book", "classic")
    assert out.returncode == 0, out.stderr
    assert "514.6 · classic · Удар по закрытой карте" in out.stdout
    assert "родитель: 514" in out.stdout and "← 514.5" in out.stdout and "514.7" in out.stdout
    assert "официальный текст не импортирован" in out.stdout
    # the conflict next to the clause, by its topic (its internal id is never shown)
    assert "источники расходятся: Кто бросает кубик" in out.stdout
    assert "open-target-dice" not in out.stdout


def test_cli_rule_json_with_db(rules_db):
    out = run_cli("rule", "514", "--book", "classic", "--db", str(rules_db), "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    clause = doc["clauses"][0]
    assert (clause["book"], clause["number"]) == ("classic", "514")
    assert [c["id"] for c in clause["children"]] == [f"514.{i}" for i in range(1, 9)]
    assert all(c["text"] for c in clause["children"])


def test_cli_rule_word_json_lists_clauses_and_glossary(rules_db):
    out = run_cli("rule", "нелегальность", "--db", str(rules_db), "--json")
    doc = json.loads(out.stdout)
    assert {c["book"] for c in doc["clauses"]} == {"classic", "heroes-15"}
    assert doc["glossary"] and doc["glossary"][0]["text"]


def test_cli_rule_conflict_shown_with_the_ruleset_choice():
    out = run_cli("rule", "squad.second-player")
    assert "источники расходятся" in out.stdout and "применяют: classic" in out.stdout
    doc = json.loads(run_cli("rule", "squad.second-player", "--json").stdout)
    assert doc["conflicts"][0]["applies"]["classic-online"].startswith("seed 001")


def test_cli_rule_list():
    out = run_cli("rule", "--list", "--book", "heroes-15", "--json")
    items = json.loads(out.stdout)
    assert len(items) == len(load_book("heroes-15").clauses) == 435
    text = run_cli("rule", "--list", "--book", "classic").stdout
    assert "axe" in text and "514.8" in text


def test_cli_rule_nothing_found_says_so_and_exits_1():
    out = run_cli("rule", "axee", "--book", "classic")
    assert out.returncode == 1 and out.stdout.strip() == \
        "«axee»: нет в правилах, которые есть у проекта (книга classic); возможно, вы имели в виду: axe"
    doc = json.loads(run_cli("rule", "погода на завтра", "--json").stdout)
    assert doc["clauses"] == doc["glossary"] == [] and doc["message"].startswith("нет в правилах")


def test_cli_rule_unknown_number_or_book_exits_2():
    out = run_cli("rule", "514.9", "--game", "classic")
    assert out.returncode == 2 and "514.9" in out.stderr
    out = run_cli("rule", "514", "--book", "clasic")
    assert out.returncode == 2 and "«classic»" in out.stderr
    out = run_cli("rule", "514", "--db", str(ROOT / "нет.db"))
    assert out.returncode == 2 and "нет.db" in out.stderr


def test_every_published_scenario_cites_clauses_its_book_has():
    """The judge's scenario library (rulings/scenarios) cites bare ids of its ruleset's book."""
    from rulings.lookup import check_citations

    files = sorted((ROOT / "rulings" / "scenarios").rglob("*.yaml"))
    assert files
    cited = 0
    for path in files:
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        cites = (doc.get("expect") or {}).get("cites") or []
        book = "heroes-15" if str(doc.get("ruleset", "classic")).startswith("heroes") else "classic"
        check_citations(book, cites, source=str(path.relative_to(ROOT)))
        cited += len(cites)
    assert cited > len(files) / 2


# ── the analysis: the same for the index and the query (issue 13) ─────────────────────────────

# (query, book, the ids any of which may come first): inflections, ё/е, players' words, sentences
ANALYSIS_CASES = [
    ("раны", "classic", {"wounds.death"}),                            # «раны» meets «ран»
    ("защитника дважды за ход", "heroes-15", {"509.3"}),
    ("стоимость X равна нулю", "heroes-15", {"106.1.2", "106.1.4", "512.3.1"}),
    ("ответный удар атакой не считается", "heroes-15", {"510.4"}),
    ("очерёдность хода", "classic", {"turn.order"}),                  # ё in the query
    ("лимит на летающих", "classic", {"squad.flyers"}),               # лимит = «не больше»
    ("Правда, что запрет всегда сильнее разрешения?", "heroes-15", {"513.2"}),
]


@pytest.mark.parametrize("query, book, first", ANALYSIS_CASES)
def test_the_analysis_finds_the_clause_first(query, book, first):
    assert _ids(resolve(query, book))[0] in first


def _mains(text: str) -> list[str]:
    return [m for m, _side in _ANALYZER.words(text)]


_ANALYZER = Analyzer()

# (player's text, text in the rule's words with the same main tokens): question formulas go,
# idioms become the rule's words, prefix entries catch the verb forms the stemmer splits
SAME_TOKENS = [
    ("Как работает броня?", "броня"),
    ("Что даёт рывок", "рывок"),
    ("имеет ли право герой атаковать", "герой атаковать"),
    ("В какой момент открываются монеты", "открываются монеты"),
    ("герой может закрыть собой существо", "герой защитник существо"),
    ("встать на защиту", "защитник"),
    ("у меня кончились карты", "пустая колода"),
    ("существо погибло", "существо гибель"),
    ("тварь убили", "существо гибель"),
    ("карта поворачивается", "карта закрывается"),
]


@pytest.mark.parametrize("player, rule", SAME_TOKENS)
def test_players_wording_gives_the_rule_s_tokens(player, rule):
    assert _mains(player) == _mains(rule)


@pytest.mark.parametrize("text, kept", [("способность работает в руке", "работа"),
                                        ("карта даёт монету", "дает"),
                                        ("закрыть существо", "закр")])
def test_formula_and_idiom_words_stay_search_words_elsewhere(text, kept):
    assert kept in _mains(text)


def test_broader_words_widen_whole_sentences_only():
    index = search_index(None)
    sentence = "можно ли ударить по вражескому событию и нанести ему раны"
    wide = {t for _m, _s, w in index.query_words(sentence, expand=True) for t in w}
    assert {"поддержк", "атак"} <= wide
    assert not any(w for _m, _s, w in index.query_words("событие удар"))
    assert {"поддержк", "атак"} <= set(index.query_tokens(sentence, expand=True))


@pytest.mark.parametrize("latin, cyrillic", [("стоимость X", "стоимость Х"), ("Xод", "Ход"),
                                              ("отравление на x", "Отравление на Х"), ("еще", "ещё")])
def test_letter_confusions_give_the_same_answer(latin, cyrillic):
    assert _ids(resolve(latin)) == _ids(resolve(cyrillic))


def test_a_game_named_in_the_query_is_asked():
    assert {h.book for h in resolve("как победить в Героях").hits} == {"heroes-15"}
    assert {h.book for h in resolve("как победить в классике").hits} == {"classic"}
    assert {h.book for h in resolve("как победить").hits} == {"classic", "heroes-15"}


def test_cli_rule_game_option_and_the_ruleset_of_the_context():
    both = json.loads(run_cli("rule", "защитник", "--json", env={"BERSERK_RULESET": None}).stdout)
    assert {c["book"] for c in both["clauses"]} == {"classic", "heroes-15"}
    heroes = json.loads(run_cli("rule", "защитник", "--game", "heroes", "--json").stdout)
    assert {c["book"] for c in heroes["clauses"]} == {"heroes-15"}
    context = json.loads(run_cli("rule", "защитник", "--json", env={"BERSERK_RULESET": "classic-online"}).stdout)
    assert {c["book"] for c in context["clauses"]} == {"classic"}
    out = run_cli("rule", "защитник", "--game", "heroes", "--book", "classic")
    assert out.returncode == 2 and "разные книги" in out.stderr


def test_cli_rule_shows_the_game_on_every_hit_and_the_term_first():
    out = run_cli("rule", "Рывок", env={"BERSERK_RULESET": None})
    assert out.returncode == 0, out.stderr
    blocks = out.stdout.split("\n\n")
    assert blocks[0].startswith("«Рывок» · heroes-15 · глоссарий")
    assert all(" · heroes-15 · " in b.splitlines()[0] or " · classic · " in b.splitlines()[0]
               for b in blocks if b.strip() and not b.startswith(" "))


def test_the_pure_python_stemmer_gives_the_c_stemmer_s_stems():
    """snowballstemmer is the fallback where PyStemmer's wheel is missing: the same Snowball
    algorithm, so the index and the query agree whichever one runs."""
    words = sorted(words_of(c.title + " " + c.summary for b in ("classic", "heroes-15")
                            for c in load_book(b).clauses.values()))
    assert len(words) > 1000
    c_stem, py_stem = russian_stemmer("pystemmer"), russian_stemmer("snowball")
    assert [c_stem(w) for w in words] == [py_stem(w) for w in words]
