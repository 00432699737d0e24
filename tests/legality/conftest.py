"""Fixtures of the legality tests: real card sets (the bundled examples, invented Heroes cards,
the licensed corpus from ../shared) and small builders for deck and squad lists."""
from __future__ import annotations

from pathlib import Path

import pytest

from carddb.build import bundled_examples
from carddb.model import Card
from carddb.sources import read_cards
from judge.legality.lists import Entry, ListFile
from carddb.lookup import CardIndex

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden"
HEROES_CARDS = DATA / "heroes_cards.yaml"


def _index(path, label="") -> CardIndex:
    result = read_cards(path)
    assert not result.problems, result.problems
    return CardIndex(result.cards, label=label)


@pytest.fixture(scope="session")
def examples() -> CardIndex:
    return _index(bundled_examples())


@pytest.fixture(scope="session")
def heroes_cards() -> CardIndex:
    """The invented Heroes cards (and one classic card) plus 20 plain mountain Heroes creatures
    («Горный ополченец 1» …), so that legal 40-card decks can be built from mountain cards
    alone."""
    result = read_cards(HEROES_CARDS)
    assert not result.problems, result.problems
    fillers = [Card.from_dict({"name": f"Горный ополченец {i}", "game": "heroes",
                               "type": "существо", "element": "горы", "cost": 1, "life": 1,
                               "strike": 1, "classes": ["гном"]}) for i in range(1, 21)]
    return CardIndex(result.cards + fillers)


MOUNTAIN_FILLERS = [f"Горный ополченец {i}" for i in range(1, 21)]


def mountain(total: int) -> list[tuple[int, str]]:
    """(count, name) pairs of ``total`` filler cards, 3 of each."""
    out, left = [], total
    for name in MOUNTAIN_FILLERS:
        if left <= 0:
            break
        out.append((min(3, left), name))
        left -= min(3, left)
    assert left == 0
    return out


def listing(*items, settings=None) -> ListFile:
    """A ListFile from (count, name) pairs or Entry objects; lines numbered from 1."""
    entries = []
    for line, item in enumerate(items, start=1):
        if isinstance(item, Entry):
            entries.append(item if item.line else Entry(**{**item.__dict__, "line": line}))
        else:
            count, name = item
            entries.append(Entry(name=name, count=count, line=line))
    return ListFile("<тест>", tuple(entries), dict(settings or {}))


def fill(index: CardIndex, total: int, copies: int = 3, exclude=()) -> list[tuple[int, str]]:
    """(count, name) pairs adding up to ``total`` cards, at most ``copies`` of each name."""
    out, left = [], total
    for name in sorted(index.names):
        if name in exclude or left <= 0:
            continue
        n = min(copies, left)
        out.append((n, name))
        left -= n
    assert left == 0, "not enough distinct cards for this deck size"
    return out


def card(**fields) -> Card:
    return Card.from_dict({"element": "горы", "cost": 1, **fields})


def rules_of(findings) -> list[str]:
    return [f.rule for f in findings]
