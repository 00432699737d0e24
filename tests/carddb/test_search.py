"""The search language against answers computed independently from the corpus JSON.

Expected sets are computed here from the raw tgbot records (``corpus_json``) with plain Python
and regexes — never with ``carddb`` code.  Stat queries must match exactly.  Ability-structure
queries depend on how much of the text the grammar types (it grows), so they are checked from
both sides: every card whose segment has the simple canonical form (``⤵️: Выстрел на N, дальность
R.``) must be found (lower bound), and nothing may be found whose raw text does not mention the
ability at all (upper bound).
"""
from __future__ import annotations

import re

import pytest

from carddb.search import search
from berserk.errors import ParseError


def f(text: str | None) -> str:
    return (text or "").casefold().replace("ё", "е")


def found(conn, query: str) -> set[str]:
    return {row["name"] for row in search(conn, query, limit=None)}


def segments(record) -> list[str]:
    return [s.strip() for s in (record["abilities"] or "").split("|")]


def strong(record) -> int | None:
    hit = record["stats"]["simpleHit"]
    return int(hit.split("-")[2]) if re.fullmatch(r"\d+-\d+-\d+", hit) else None


def is_terrain(r) -> bool:
    s = r["stats"]
    return s["lifeCount"] == 0 and s["simpleHit"] == "--" and s["walkCount"] in ("0", "")


ELEMENT = {"степи": "Степи", "горы": "Горы", "леса": "Леса", "болота": "Болота", "тьма": "Тьма",
           "нейтральная": "Нейтральная"}

# ---------------------------------------------------------------- exact: stats and fields
# (query, predicate over a raw record)
EXACT = [
    ("стихия:горы", lambda r: r["element"] == "Горы"),
    ("стихия:горные", lambda r: r["element"] == "Горы"),
    ("стихия:лес", lambda r: r["element"] == "Леса"),
    ("стихия:леса", lambda r: r["element"] == "Леса"),
    ("стихия:лесные", lambda r: r["element"] == "Леса"),
    ("стихия:степи", lambda r: r["element"] == "Степи"),
    ("стихия:степные", lambda r: r["element"] == "Степи"),
    ("стихия:болота", lambda r: r["element"] == "Болота"),
    ("стихия:болотные", lambda r: r["element"] == "Болота"),
    ("стихия:тьма", lambda r: r["element"] == "Тьма"),
    ("стихия:нейтральная", lambda r: r["element"] == "Нейтральная"),
    ("СТИХИЯ:Горные", lambda r: r["element"] == "Горы"),
    ("стоимость=5", lambda r: r["cost"] == 5),
    ("стоимость<=3", lambda r: r["cost"] <= 3),
    ("стоимость>7", lambda r: r["cost"] > 7),
    ("стоимость!=4", lambda r: r["cost"] != 4),
    ("стоимость>=4 стоимость<5", lambda r: r["cost"] == 4),
    ("жизни>=12", lambda r: not is_terrain(r) and r["stats"]["lifeCount"] >= 12),
    ("жизни<5", lambda r: not is_terrain(r) and r["stats"]["lifeCount"] < 5),
    ("ход=2", lambda r: r["stats"]["walkCount"] == "2"),
    ("ход>=2", lambda r: r["stats"]["walkCount"].isdigit() and int(r["stats"]["walkCount"]) >= 2),
    ("удар>=5", lambda r: (strong(r) or -1) >= 5),
    ("удар=2-3-4", lambda r: r["stats"]["simpleHit"] == "2-3-4"),
    ("удар!=1-2-3 стоимость=3", lambda r: r["stats"]["simpleHit"] != "1-2-3" and r["cost"] == 3),
    ("элита:да", lambda r: r["elite"]),
    ("элита:нет", lambda r: not r["elite"]),
    ("уник:да", lambda r: r["uniqueness"]),
    ("элита:да уник:нет", lambda r: r["elite"] and not r["uniqueness"]),
    ("класс:гном", lambda r: "Гном" in [c.strip() for c in (r["class"] or "").split(",")]),
    ("класс:\"страж леса\"", lambda r: "Страж леса" in [c.strip() for c in (r["class"] or "").split(",")]),
    ("редкость:ультраредкая", lambda r: r["rarity"] == "Ультраредкая"),
    ("редкость:частая стихия:тьма", lambda r: r["rarity"] == "Частая" and r["element"] == "Тьма"),
    ("сет:нашествие", lambda r: r["set"] == "Нашествие тьмы"),
    ("тип:летающее", lambda r: r["stats"]["walkCount"] == "Полет"),
    ("ход=полёт", lambda r: r["stats"]["walkCount"] == "Полет"),
    ("ход!=полет стоимость=4", lambda r: r["stats"]["walkCount"] != "Полет" and r["cost"] == 4),
    ("тип:местность", is_terrain),
    ("имя:гном", lambda r: "гном" in f(r["name"])),
    ("имя:ОРК", lambda r: "орк" in f(r["name"])),
    ("имя:ё", lambda r: "е" in f(r["name"])),
    ("-стихия:тьма стоимость<=3", lambda r: r["element"] != "Тьма" and r["cost"] <= 3),
    ("стихия:леса or стихия:болота", lambda r: r["element"] in ("Леса", "Болота")),
    ("стихия:леса или стихия:болота", lambda r: r["element"] in ("Леса", "Болота")),
    ("(стихия:леса or стихия:болота) элита:да", lambda r: r["element"] in ("Леса", "Болота") and r["elite"]),
    ("-(стоимость<4 or стоимость>6)", lambda r: 4 <= r["cost"] <= 6),
    ("имя:вол -имя:волх", lambda r: "вол" in f(r["name"]) and "волх" not in f(r["name"])),
]


@pytest.mark.parametrize("query,predicate", EXACT, ids=[q for q, _ in EXACT])
def test_exact_queries(corpus_conn, corpus_json, query, predicate):
    expected = {r["name"].strip() for r in corpus_json if predicate(r)}
    assert expected, "a test query must select something"
    assert found(corpus_conn, query) == expected


def test_text_unknown_cards_are_not_found_by_text(corpus_conn, corpus_json):
    set2 = {r["name"] for r in corpus_json if r["set"] == "Нашествие тьмы"}
    assert not found(corpus_conn, "текст:защита") & set2


def text_words(r) -> set[str]:
    return set(re.findall(r"\w+", f(r["abilities"])))


# ---------------------------------------------------------------- full text
@pytest.mark.parametrize("word", ["защита", "выстрел", "пророчество", "строй"])
def test_text_field_is_word_prefix_search(corpus_conn, corpus_json, word):
    expected = {r["name"] for r in corpus_json if any(w.startswith(word) for w in text_words(r))}
    assert found(corpus_conn, f"текст:{word}") == expected


def test_bare_word_searches_name_and_text(corpus_conn, corpus_json):
    expected = {r["name"].strip() for r in corpus_json
                if "тролл" in f(r["name"]) or any(w.startswith("тролл") for w in text_words(r))}
    assert found(corpus_conn, "тролл") == expected


def test_quoted_phrase_is_a_phrase(corpus_conn, corpus_json):
    expected = {r["name"] for r in corpus_json if "защита от выстрелов" in f(r["abilities"])}
    assert found(corpus_conn, 'текст:"защита от выстрелов"') == expected
    assert found(corpus_conn, "«защита от выстрелов»") == expected


def test_yo_and_case_are_folded_in_text(corpus_conn):
    assert found(corpus_conn, "текст:ЁЖ") == found(corpus_conn, "текст:еж")


# ---------------------------------------------------------------- ability structure
def has_segment(r, pattern: str) -> bool:
    return any(re.fullmatch(pattern, s) for s in segments(r))


ICON_TAP = "⤵️"
SIMPLE = {   # ability term → (regex of the simplest canonical segment, raw-text stem for the upper bound)
    "выстрел": (ICON_TAP + r": Выстрел на [\d-]+(, дальность \d+)?\.", "выстрел"),
    "разряд": (ICON_TAP + r": Разряд на [\d-]+(, дальность \d+)?\.", "разряд"),
    "метание": (ICON_TAP + r": Метание «[^»]+» на [\d-]+(, дальность \d+)?\.", "метани"),
    "удар через ряд": (ICON_TAP + r": ↗️ на \d+\.", "↗"),
    "добивание": (ICON_TAP + r": Добивание на \d+\.", "добивани"),
    "вампиризм": (r"Вампиризм\. Максимум \d+❤️ ?\.", "вампиризм"),
    "защита от выстрелов": (r"Защита от выстрелов\.", "защита от выстрелов"),
    "есть:\"защита от выстрелов\"": (r"Защита от выстрелов\.", "защита от выстрелов"),
    "есть:вампиризм": (r"Вампиризм\. Максимум \d+❤️ ?\.", "вампиризм"),
}


@pytest.mark.parametrize("query", list(SIMPLE))
def test_ability_term_alone_means_has_it(corpus_conn, corpus_json, query):
    pattern, stem = SIMPLE[query]
    lower = {r["name"] for r in corpus_json if has_segment(r, pattern)}
    upper = {r["name"] for r in corpus_json if stem in f(r["abilities"])}
    result = found(corpus_conn, query)
    assert lower, "the lower bound must not be empty"
    assert lower <= result <= upper


def _simple_attacks(corpus_json, word: str):
    """(name, strongest damage, range) of simple «⤵️: <Word> на N[-N-N][, дальность R].» segments."""
    out = []
    for r in corpus_json:
        for s in segments(r):
            m = re.fullmatch(ICON_TAP + rf": {word} на ([\d-]+)(?:, дальность (\d+))?\.", s)
            if m:
                out.append((r["name"], max(int(x) for x in m.group(1).split("-")),
                            int(m.group(2)) if m.group(2) else None))
    return out


@pytest.mark.parametrize("query,word,ok", [
    ("разряд>=2", "Разряд", lambda dmg, rng: dmg >= 2),
    ("разряд=1", "Разряд", lambda dmg, rng: dmg == 1),
    ("выстрел>=3", "Выстрел", lambda dmg, rng: dmg >= 3),
    ("разряд дальность>=3", "Разряд", lambda dmg, rng: rng is not None and rng >= 3),
])
def test_attack_comparisons(corpus_conn, corpus_json, query, word, ok):
    attacks = _simple_attacks(corpus_json, word)
    lower = {n for n, dmg, rng in attacks if ok(dmg, rng)}
    excluded = {n for n, dmg, rng in attacks if not ok(dmg, rng)}
    upper = {r["name"] for r in corpus_json if word.lower() in f(r["abilities"])}
    result = found(corpus_conn, query)
    assert lower <= result <= upper
    # a card whose only attack of that kind fails the comparison is not found
    only_one = {n for n in excluded if sum(1 for a in attacks if a[0] == n) == 1}
    assert not (result & only_one - lower)


def test_range_alone_compares_attack_range(corpus_conn, corpus_json):
    attacks = _simple_attacks(corpus_json, "Разряд") + _simple_attacks(corpus_json, "Выстрел")
    lower = {n for n, _dmg, rng in attacks if rng is not None and rng >= 4}
    upper = {r["name"] for r in corpus_json if "дальность" in f(r["abilities"])}
    assert lower <= found(corpus_conn, "дальность>=4") <= upper


def test_flying_means_flyers_and_flight_abilities(corpus_conn, corpus_json):
    flyers = {r["name"] for r in corpus_json if r["stats"]["walkCount"] == "Полет"}
    result = found(corpus_conn, "есть:полёт")
    assert flyers <= result == found(corpus_conn, "есть:полет")


def test_multiword_term_with_comparison(corpus_conn):
    assert found(corpus_conn, "удар через ряд>=2") <= found(corpus_conn, "удар через ряд")


def test_negated_ability(corpus_conn, corpus_json):
    everyone = {r["name"].strip() for r in corpus_json}
    assert found(corpus_conn, "-выстрел") == everyone - found(corpus_conn, "выстрел")


# ---------------------------------------------------------------- bundled examples: exact
@pytest.mark.parametrize("query,expected", [
    ("выстрел дальность>=3", {"Страж перевала", "Степной лучник", "Лесная охотница", "Бродячий арбалетчик"}),
    ("выстрел>=3", {"Бродячий арбалетчик", "Лесная охотница"}),   # 2-2-3: strongest 3
    ("метание", {"Горный камнемёт", "Костяной метатель"}),
    ("разряд>=3", {"Шаман бурь", "Гроза вершин"}),
    ("отравление>=2", {"Трясинный змей"}),
    ("добивание", {"Ночной упырь", "Призрачный всадник"}),
    ("есть:симбиот", {"Пиявка-симбиот"}),
    ("тип:экипировка", {"Походный щит"}),
    ("стихия:горы стихия:леса", {"Лесной страж-близнец"}),
])
def test_examples_exact(examples_db, query, expected):
    import sqlite3

    conn = sqlite3.connect(examples_db)
    try:
        assert found(conn, query) == expected
    finally:
        conn.close()


# ---------------------------------------------------------------- errors with a caret
@pytest.mark.parametrize("query,column,expect", [
    ("выстрел>=", 10, "ожидалось"),
    ("(стихия:горы", 13, "«)»"),
    ("стихия:огонь", 8, "неизвестная стихия «огонь»"),
    ("стихя:горы", 1, "«стихия»"),
    ("стоимость>=много", 12, "ожидалось число"),
    ("элита:может", 7, "«да» или «нет»"),
    ("a or", 5, "ожидалось"),
    ("стоимость>=3 )", 14, "«)»"),
    ("тип:дракон", 5, "неизвестный тип"),
    ("есть:полетт", 6, "«полёт»"),
    ("", 1, "пустой запрос"),
])
def test_malformed_query_has_caret(query, column, expect):
    from carddb.search import compile_query

    with pytest.raises(ParseError) as info:
        compile_query(query)
    problem = info.value.problems[0]
    assert problem.location.column == column, problem.render()
    assert expect in problem.render()
    caret_line = problem.render().splitlines()[-1]
    assert caret_line.index("^") == column + 1        # two spaces of indent


def test_every_semantic_fault_is_listed():
    from carddb.search import compile_query

    with pytest.raises(ParseError) as info:
        compile_query("стихия:огонь тип:дракон элита:может")
    assert len(info.value.problems) == 3
