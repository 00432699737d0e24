"""Readers: the three formats, and every defect the corpus has (each a row of a table)."""
from __future__ import annotations

import json
import re

import pytest

from carddb.model import Card
from carddb.sources import detect_format, nxt_icon_lines, read_cards
from tests.carddb.conftest import NXT, SET1, SET2
from tests.conftest import SHARED

SETS_10_20 = SHARED / "corpus" / "nxt" / "sets_10_20.nxt.json"


@pytest.fixture(scope="module")
def set1(shared):
    return read_cards(SET1)


@pytest.fixture(scope="module")
def set2(shared):
    return read_cards(SET2)


def by_name(result, name):
    return next(c for c in result.cards if c.name == name)


def test_tgbot_reads_every_card_without_errors(set1, set2):
    assert (set1.format, len(set1.cards), set1.problems) == ("tgbot", 150, [])
    assert (set2.format, len(set2.cards), set2.problems) == ("tgbot", 146, [])


def test_tgbot_plain_card_fields(set1):
    card = by_name(set1, "Кшар")
    assert (card.set, card.number, card.elements, card.card_type) == ("Война стихий", 2, ("степи",), "существо")
    assert (card.cost, card.life, card.move, card.strike, card.flying) == (3, 6, 2, (1, 2, 2), False)
    assert card.text.splitlines()[0].startswith("{tap}: {uchr}")
    assert len(card.text.splitlines()) == 3          # '|' separated → one ability per line


# Every defect of the tgbot corpus: (file, card, what the reader must make of it).
DEFECTS = [
    # «Полет» in the move column: a flyer, move None
    (SET1, "Ном", lambda c: c.flying and c.move is None and c.card_type == "летающее"),
    # empty move: unknown, and a warning
    (SET1, "Медуза Горгона", lambda c: c.move is None and not c.flying and "stats.walkCount" in " ".join(c.repairs)),
    # «NaN» move in the stats-only file: unknown, not guessed
    (SET2, "Феникс", lambda c: c.move is None and not c.flying),
    # «--» strike with life 0 and move 0: terrain, no strike, no life
    (SET2, "Пустыня Дзара", lambda c: c.card_type == "местность" and c.strike is None and c.life is None),
    # «--» strike on a building with life: a creature that does not strike
    (SET2, "Камень гнева", lambda c: c.card_type == "существо" and c.strike is None and c.life == 8),
    # strike that does not grow («3-4-3»): kept as the source says, with a warning
    (SET2, "Боргак", lambda c: c.strike == (3, 4, 3) and any("simpleHit" in r for r in c.repairs)),
    # two classes in one string
    (SET1, "Лилит и Эйдерик", lambda c: len(c.classes) >= 1),
    # class with a trailing space
    (SET1, "Вожак сатиров", lambda c: c.classes == ("Дитя Кронга",) and any("class" in r for r in c.repairs)),
    # «Нейтральная» element
    (SET1, "Вольный воитель", lambda c: c.elements == ("нейтральная",) and c.neutral),
    # abilities null in the stats-only file: text unknown, not empty
    (SET2, "Боргак", lambda c: c.text is None and not c.text_known and c.abilities() == ()),
    # abilities null in the set with texts: still unknown (the source cannot say «none»)
    (SET1, "Кочевник", lambda c: c.text is None),
    # 🗡 as two U+FFFD → {strike}
    (SET1, "Овражный гном", lambda c: "{strike}" in c.text and "\ufffd" not in c.text),
    # 🗡 dropped before «—» → {strike}
    (SET1, "Медуза Горгона", lambda c: "При сильном {strike}" in c.text),
    # icon dropped where the context does not tell which → {lost}
    (SET1, "Двухголовый тролль", lambda c: "{lost}" in c.text),
    # two abilities glued without '|' → two lines
    (SET1, "Криомант", lambda c: any(l.startswith("{second}") for l in c.text.splitlines())),
    # every repair is kept on the card for the maintainer's report
    (SET1, "Центурион", lambda c: any("split" in r for r in c.repairs)),
]


@pytest.mark.parametrize("path,name,check", DEFECTS, ids=[f"{p.stem[:4]}-{n}" for p, n, _ in DEFECTS])
def test_corpus_defect_is_handled(shared, path, name, check):
    card = by_name(read_cards(path), name)
    assert check(card), card


def test_tgbot_classes_split_on_comma(set1, corpus_json):
    raw = next(r for r in corpus_json if r["class"] == "Аккениец, Тоа-Дан")
    assert by_name(set1, raw["name"]).classes == ("Аккениец", "Тоа-Дан")


def test_tgbot_warnings_name_file_card_and_field(set1):
    rendered = [w.render() for w in set1.warnings]
    assert any(str(SET1) in r and "«Медуза Горгона»" in r and "stats.walkCount" in r for r in rendered)


def test_tgbot_flyers_match_the_source(set1, corpus_json):
    expected = {r["name"] for r in corpus_json[:150] if r["stats"]["walkCount"] == "Полет"}
    assert {c.name for c in set1.cards if c.flying} == expected


# ---------------------------------------------------------------- nxt
def test_nxt_samples(shared):
    result = read_cards(NXT)
    assert (result.format, len(result.cards), result.problems) == ("nxt", 8, [])
    kshar = by_name(result, "Кшар")
    assert (kshar.set, kshar.number, kshar.elements, kshar.strike) == ("Война стихий", 2, ("степи",), (1, 2, 2))
    # canonical text has one ability sentence per line (grammar.icons.normalise cuts nxt text)
    lines = kshar.text.splitlines()
    assert len(lines) == 3 and lines[0].startswith("{tap}:") and lines[1].startswith("{counter}{tap}:")


def test_nxt_icons_become_their_own_lines(shared):
    card = by_name(read_cards(NXT), "Берсерк")
    # icons {"ova":1, "zoo":1, "zoz":1, "direct":1, "uchr":0}: uchr 0 is a tag, not printed
    assert card.text.splitlines()[:4] == ["{direct}.", "{ova}1.", "{zoo}.", "{zoz}."]
    assert card.elements == ("нейтральная",) and card.elite and card.unique


@pytest.mark.parametrize("icons,lines", [
    ({"zom": 1, "ova": 2, "sht": 0, "regen": 1}, ["{ova}2.", "{regen}1.", "{zom}."]),
    # berserk-nxt writes printed flags with the value 0: protections, direct, stamina
    ({"zor": 0, "zoo": 0, "direct": 0, "stamina": 0}, ["{direct}.", "{stamina}.", "{zoo}.", "{zor}."]),
    ({"zov": 0, "zot": 0, "zoal": 0, "zom": 0, "zoz": 0}, ["{zoal}.", "{zom}.", "{zot}.", "{zov}.", "{zoz}."]),
    # numbered icons need their number; search tags with 0 are not printed
    ({"ova": 0, "armor": 0, "imp": 0, "dsc": 0, "frm": 0}, []),
    ({"armor": 3, "ovz": 1}, ["{armor}3.", "{ovz}1."]),
])
def test_nxt_icon_lines_table(icons, lines):
    assert nxt_icon_lines(icons) == lines


def test_nxt_zero_valued_flags_are_printed_keywords(shared):
    """The shared set 10/20 list keeps protections and «Направленный удар» only in ``icons``,
    as flags with the value 0: every one of them is an ability line of the card."""
    cards = read_cards(SETS_10_20).cards
    raw = json.loads(SETS_10_20.read_text(encoding="utf-8"))
    flags = sum(1 for item in raw for code in (item.get("icons") or {})
                if code in ("zov", "zot", "zoo", "zoal", "zom", "zoz", "zor", "direct", "stamina"))
    printed = sum(1 for card in cards for line in (card.text or "").splitlines()
                  if re.fullmatch(r"\{(?:zov|zot|zoo|zoal|zom|zoz|zor|direct|stamina)\}\.", line))
    assert flags == printed and flags >= 120


@pytest.mark.parametrize("color,elements", [(1, ("степи",)), (2, ("горы",)), (4, ("леса",)),
                                            (8, ("болота",)), (16, ("тьма",)),
                                            (32, ("нейтральная",)), (3, ("степи", "горы"))])
def test_nxt_color_bits(tmp_path, color, elements):
    f = tmp_path / "data.json"
    f.write_text(json.dumps([{"id": "1", "set_id": 10, "number": 1, "name": "Проба", "cost": 2,
                              "color": color, "type": 0, "life": 3, "move": 1, "hit": [1, 1, 1],
                              "icons": {}, "text": ""}]), "utf-8")
    assert read_cards(f).cards[0].elements == elements


@pytest.mark.parametrize("code,card_type,flying", [(0, "существо", False), (1, "летающее", True),
                                                   (3, "симбиот", False), (4, "артефакт", False),
                                                   (5, "местность", False)])
def test_nxt_type_codes(tmp_path, code, card_type, flying):
    f = tmp_path / "data.json"
    f.write_text(json.dumps([{"set_id": 10, "number": 1, "name": "Проба", "cost": 2, "color": 1,
                              "type": code, "life": 3, "move": 1, "hit": [1, 1, 1]}]), "utf-8")
    card = read_cards(f).cards[0]
    assert (card.card_type, card.flying) == (card_type, flying)


def test_nxt_bad_fields_listed_together(tmp_path):
    f = tmp_path / "data.json"
    f.write_text(json.dumps([
        {"set_id": 10, "number": 1, "name": "А", "cost": "три", "color": 1, "type": 9, "hit": [1, 1]},
        {"set_id": 10, "number": 2, "name": "Б", "cost": 2, "color": 0, "type": 0, "hit": [1, 1, 1]},
    ]), "utf-8")
    messages = [p.render() for p in read_cards(f).problems]
    assert len(messages) == 4
    assert any("«А»" in m and "«cost»" in m for m in messages)
    assert any("«А»" in m and "«type»" in m for m in messages)
    assert any("«А»" in m and "«hit»" in m for m in messages)
    assert any("«Б»" in m and "«color»" in m for m in messages)


# ---------------------------------------------------------------- canonical
def test_bundled_examples_read_clean():
    from carddb.build import bundled_examples

    result = read_cards(bundled_examples())
    assert result.format == "canonical" and result.problems == [] and len(result.cards) >= 25
    types = {c.card_type for c in result.cards}
    assert {"существо", "летающее", "симбиот", "артефакт", "экипировка", "местность"} <= types
    assert {e for c in result.cards for e in c.elements} >= {"горы", "леса", "степи", "болота",
                                                            "тьма", "нейтральная"}


def test_examples_are_typed_by_the_grammar():
    from carddb.build import bundled_examples

    untyped = [c.name for c in read_cards(bundled_examples()).cards
               if c.text and not c.parsed().typed]
    assert len(untyped) <= 3, untyped


def test_canonical_round_trip_through_yaml(tmp_path):
    import yaml

    card = Card(name="Проба", set="Тест", number=7, elements=("леса", "горы"), cost=3, life=4,
                move="X", strike=(0, 1, 2), classes=("Эльф",), rarity="Частая",
                text="Броня 1.\nЗащита от выстрелов.")
    flyer = Card(name="Птица", set="Тест", elements=("степи",), card_type="летающее",
                 flying=True, cost=2, life=3, strike=(1, 1, 1), text=None)
    f = tmp_path / "cards.yaml"
    f.write_text(yaml.safe_dump([card.to_dict(), flyer.to_dict()], allow_unicode=True), "utf-8")
    assert read_cards(f).cards == [card, flyer]


def test_canonical_json_with_cards_key(tmp_path):
    f = tmp_path / "cards.json"
    f.write_text(json.dumps({"cards": [{"name": "Проба", "element": "тьма", "cost": 1}]}), "utf-8")
    result = read_cards(f)
    assert result.format == "canonical" and result.cards[0].elements == ("тьма",)


def test_canonical_problems_carry_yaml_line(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("- name: Хороший\n  element: горы\n  cost: 3\n"
                 "- name: Плохой\n  element: горы\n  cost: много\n", "utf-8")
    (problem,) = read_cards(f).problems
    assert problem.location.line == 4 and "«cost»" in problem.message and "много" in problem.message


def test_unknown_element_suggests(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("- name: А\n  element: огонь\n", "utf-8")
    (problem,) = read_cards(f).problems
    assert "огонь" in problem.message and "горы" in problem.message


# ---------------------------------------------------------------- bad files
def test_broken_json_has_line_and_column(tmp_path):
    f = tmp_path / "broken.json"
    f.write_text('[{"name": "А",\n  "cost": }]', "utf-8")
    (problem,) = read_cards(f).problems
    assert (problem.location.line, problem.location.column) == (2, 11)
    assert "^" in problem.render()


def test_unknown_format(tmp_path):
    f = tmp_path / "other.json"
    f.write_text(json.dumps([{"title": "not a card"}]), "utf-8")
    result = read_cards(f)
    assert result.format is None and "неизвестный формат" in result.problems[0].message


def test_forced_unknown_format_name(tmp_path):
    assert "неизвестный формат «xml»" in read_cards(SET1, format="xml").problems[0].message


def test_duplicate_names_within_a_set(tmp_path):
    f = tmp_path / "dups.yaml"
    f.write_text("- {name: Близнец, set: А, element: горы}\n- {name: близнец, set: А, element: леса}\n"
                 "- {name: Близнец, set: Б, element: леса}\n", "utf-8")
    (problem,) = read_cards(f).problems
    assert "повторяется" in problem.message and "«А»" in problem.message


def test_detect_format_table():
    assert detect_format([{"stats": {}, "abilities": None}]) == "tgbot"
    assert detect_format([{"hit": [1, 1, 1], "color": 1}]) == "nxt"
    assert detect_format([{"name": "А", "element": "горы"}]) == "canonical"
    assert detect_format([{"x": 1}]) is None and detect_format({}) is None


def test_canonical_lists_every_bad_field_of_a_card(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("- name: Плохой\n  element: огонь\n  cost: много\n  life: x\n  strike: 1-2\n"
                 "  type: дракон\n  colour: red\n", "utf-8")
    fields = sorted(p.message.split("«")[2].split("»")[0] for p in read_cards(f).problems)
    assert fields == ["colour", "cost", "element", "life", "strike", "type"]
