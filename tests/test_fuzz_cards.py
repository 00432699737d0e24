"""Fuzz: the card readers (carddb.sources: tgbot, nxt, canonical YAML and JSON) on hostile
files — «clean problems or cards, never an exception», and every card read is one SQLite can
store (each number in range, each text field a string).

Four tests, each a short run by default and a long run under ``-m fuzz`` (tests/fuzz_inputs.py):
almost-valid files of each format (a real card with random edits: each read as detected and as
its format; canonical ones written as JSON, block and flow YAML), and raw input (any value,
deep nesting, broken bytes) read as .json, .yaml and .txt.
"""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

import yaml
from hypothesis import strategies as st

from berserk.errors import Problem
from berserk.vocab import Element
from carddb.build import bundled_examples
from carddb.model import Card
from carddb.sources import (
    FORMATS,
    MAX_NUMBER,
    MAX_STAT,
    MAX_TEXT_NUMBER,
    ReadResult,
    read_cards,
)
from tests.fuzz_inputs import as_bytes, count, dump, fuzz_pair, mutated, nesting, values

WORK = Path(tempfile.mkdtemp(prefix="berserk-fuzz-cards-"))
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)

TGBOT = [{"name": "Кочевник-пример", "set": "Примеры", "index": 1, "cost": 3, "element": "Степи",
          "class": "Кочевник, Воин", "elite": False, "uniqueness": False, "rarity": "Частая",
          "stats": {"lifeCount": 4, "simpleHit": "1-2-2", "walkCount": "2"},
          "abilities": "⤵️: Выстрел на 2, дальность 3.|Защита от отравления."},
         {"name": "Летун-пример", "set": "Примеры", "index": 2, "cost": 5, "element": "Горы",
          "class": None, "elite": True, "uniqueness": True, "rarity": "Редкая",
          "stats": {"lifeCount": 3, "simpleHit": "2-2-3", "walkCount": "Полет"},
          "abilities": None}]
NXT = [{"name": "Рудокоп-пример", "set_id": 10, "number": 12, "color": 2, "type": 0, "cost": 4,
        "life": 5, "move": 1, "hit": "1-2-3", "rarity": 2, "class": ["Гном"], "elite": 0,
        "uniq": False, "icons": {"ova": 1, "zor": 0, "sht": 0}, "text": "{tap}: Разряд на 2."},
       {"name": "Дух-пример", "set_id": 99, "number": 3, "color": 48, "type": 1, "cost": 2,
        "life": 2, "hit": "1-1-1", "icons": {}, "text": None}]
CANONICAL = yaml.safe_load(bundled_examples().read_text(encoding="utf-8"))
if isinstance(CANONICAL, dict):
    CANONICAL = CANONICAL["cards"]
CANONICAL = CANONICAL[:6]


def _files(base, fmt: str, styles: tuple[str, ...]):
    """Files made from ``base`` with random edits (maybe broken bytes): one per style
    (json → .json, block/flow → .yaml), each to be read as detected and as ``fmt``."""
    return mutated(base).flatmap(lambda doc: st.tuples(*(
        st.tuples(st.just(".json" if style == "json" else ".yaml"), as_bytes(dump(doc, style)),
                  st.just((None, fmt)))
        for style in styles)))


def check_result(result: ReadResult, label: str) -> None:
    assert isinstance(result, ReadResult)
    for problem in (*result.problems, *result.warnings):
        assert isinstance(problem, Problem)
        assert problem.location.source == label
        text = problem.render()
        assert CYRILLIC.search(problem.message), problem.message
        assert len(text) < 1500, text                    # quoted, never dumped
    for card in result.cards:
        check_card(card)


def check_card(card: Card) -> None:
    """A card SQLite can store and the judge can read."""
    assert isinstance(card.name, str) and card.name.strip()
    assert isinstance(card.set, str)
    for value, top in ((card.cost, MAX_STAT), (card.life, MAX_STAT), (card.number, MAX_NUMBER),
                       *((n, MAX_STAT) for n in card.strike or ())):
        assert value is None or (type(value) is int and 0 <= value <= top), card
    assert card.move in (None, "X") or (type(card.move) is int and 0 <= card.move <= MAX_STAT)
    assert card.strike is None or len(card.strike) == 3
    assert card.text is None or isinstance(card.text, str)
    assert all(int(n) <= MAX_TEXT_NUMBER for n in re.findall(r"\d+", card.text or ""))
    assert all(isinstance(c, str) for c in card.classes)
    assert all(isinstance(e, Element) for e in card.elements)
    assert card.rarity is None or isinstance(card.rarity, str)


def read(files) -> None:
    """Every (suffix, bytes, formats) file, read with each of its formats."""
    for suffix, data, formats in files:
        path = WORK / f"cards{suffix}"
        path.write_bytes(data)
        for fmt in formats:
            check_result(read_cards(path, format=fmt), str(path))
            count(__name__)


test_tgbot_files_short, test_tgbot_files_long = fuzz_pair(_files(TGBOT, "tgbot", ("json",)), read)
test_nxt_files_short, test_nxt_files_long = fuzz_pair(_files(NXT, "nxt", ("json",)), read)
test_canonical_files_short, test_canonical_files_long = fuzz_pair(
    _files(CANONICAL, "canonical", ("json", "block", "flow")), read)

RAW = st.tuples(
    st.one_of(nesting().map(str.encode),
              st.tuples(values(20), st.sampled_from(("json", "block", "flow")))
              .map(lambda t: dump(t[0], t[1])).flatmap(as_bytes),
              st.binary(max_size=200)),
    st.sampled_from((None, *FORMATS))).map(
        lambda t: [(suffix, t[0], (t[1],)) for suffix in (".json", ".yaml", ".txt")])
test_raw_card_files_short, test_raw_card_files_long = fuzz_pair(RAW, read)


def test_found_by_the_fuzz_a_tgbot_rarity_number_is_read_as_text():
    """The long run's one find: ``"rarity": 1`` in a tgbot file became an int rarity."""
    card = dict(TGBOT[0], rarity=1)
    read([(".json", dump([card], "json").encode(), (None, "tgbot"))])
