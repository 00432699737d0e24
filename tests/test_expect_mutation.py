"""Mutation testing of the expectations (issue 15): no expectation of a published ruling can be
ignored by the judge or be vacuous without a test failing.

Every library ruling (classic and Heroes) is judged once in strict mode; then each of its
expectations is *mutated* into a claim the judged game contradicts — a number ±1, a boolean
flipped, another zone / player / phase / winner / card type, a cited clause replaced by one the
ruling does not cite, a «not cited» clause replaced by one it does, an event kind replaced by one
that did not happen, two neighbours of an ordered list swapped (the queue, the deck's order), an
item dropped from or added to an exact list (a hand, a Heroes card's elements, classes, names,
parts, mined cards: a real element or class it lacks) — and compared with the same judged game.
Each mutant must fail: a mutant that passes names an expectation the judge does not check (like
the «dead: true» short cut of issue 15) or one that asserts nothing.

The judged game is computed once per ruling and every mutant is compared with it, so the whole
library's mutants take a few seconds (figures: the report of issue 15).
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from berserk.text import fold
from berserk.vocab import HEROES_TYPES, CardType, Element
from berserk.yamlio import MDict, MList
from judge.classic import run as classic_run
from judge.classic.scenario import ZONES as CLASSIC_ZONES
from judge.classic.scenario import Scenario as ClassicScenario
from judge.heroes import cites as HC
from judge.heroes import run as heroes_run
from judge.heroes.expect import ALL_CLASSES as HEROES_ALL_CLASSES
from judge.heroes.expect import compare as heroes_compare
from judge.heroes.model import PHASES
from judge.heroes.model import ZONES as HEROES_ZONES
from judge.scenario import load_scenario, scenario_files
from rulings.lookup import clause_ids
from tests.conftest import ROOT

LIBRARY = ROOT / "rulings" / "scenarios"
FILES = scenario_files([LIBRARY])
#: Kinds tried, in order, as «an event that did not happen» (the first the trace lacks).
KINDS = ("died", "heal", "trigger", "fight", "cancelled", "refused", "poison", "moved", "assumed",
         "result", "мутант")
NO_MARKER = "мутант"


@dataclass(frozen=True)
class Judged:
    """One ruling judged once: how to compare an ``expect`` with it, and what it cited."""

    heroes: bool
    check: Callable[[MDict], list[str]]
    cited: frozenset[str]
    kinds: frozenset[str]

    @property
    def book(self) -> str:
        return HC.BOOK if self.heroes else "classic"


def judge_once(path: Path) -> tuple[MDict, Judged]:
    sc = load_scenario(path)
    assert sc.expect, f"{path}: a published ruling states its expected result"
    if isinstance(sc, ClassicScenario):
        engine = classic_run.play(sc, strict=True)
        events = engine.events
        checker = lambda exp: classic_run.check(sc, engine, exp)      # noqa: E731
    else:
        engine = heroes_run.play(sc, strict=True)
        events = list(engine.events)
        checker = lambda exp: heroes_compare(exp, engine)              # noqa: E731
    judged = Judged(not isinstance(sc, ClassicScenario), checker,
                    frozenset(c for e in events for c in e.cites),
                    frozenset(e.kind for e in events))
    return sc.expect, judged


# ---------------------------------------------------------------- mutation operators
def _with(mapping: MDict, key, value) -> MDict:
    """A copy of ``mapping`` (positions kept, so failures stay located) with ``key`` replaced."""
    out = copy.copy(mapping)
    out[key] = value
    return out


def _list(items) -> MList:
    return MList(items)


def numbers(v: int) -> Iterator[tuple[str, int]]:
    yield f"{v} → {v + 1}", v + 1
    if v > 0:
        yield f"{v} → {v - 1}", v - 1


def others(v, choices) -> Iterator[tuple[str, Any]]:
    for c in choices:
        if c != v:
            yield f"{v} → {c}", c


def scalar(v, choices=()) -> Iterator[tuple[str, Any]]:
    if isinstance(v, bool):
        yield f"{v} → {not v}", not v
    elif isinstance(v, int):
        yield from numbers(v)
    elif choices:
        yield from others(v, choices)


def replaced(items: list, by: Callable[[Any], Any]) -> Iterator[tuple[str, list]]:
    """Each item replaced by ``by(item)`` (an «at least these» list must then fail); an empty
    list gets one such item."""
    if not items:
        yield f"[] → [{by(None)}]", _list([by(None)])
    for i, item in enumerate(items):
        yield f"[{i}] {item} → {by(item)}", _list(items[:i] + [by(item)] + items[i + 1:])


def swapped(items: list) -> Iterator[tuple[str, list]]:
    """Two distinct neighbours swapped (an ordered list must then fail)."""
    for i in range(len(items) - 1):
        if items[i] != items[i + 1]:
            yield (f"[{i}]↔[{i + 1}]",
                   _list(items[:i] + [items[i + 1], items[i]] + items[i + 2:]))


def exact(items: list, extra) -> Iterator[tuple[str, list]]:
    """An item dropped, one added (an exact list must then fail)."""
    for i, item in enumerate(items):
        yield f"без [{i}] {item}", _list(items[:i] + items[i + 1:])
    yield f"+ {extra}", _list(list(items) + [extra])


def _absent_cite(j: Judged) -> str:
    return next(c for c in sorted(clause_ids(j.book)) if c not in j.cited)


def _absent_kind(j: Judged) -> str:
    return next(k for k in KINDS if k not in j.kinds)


def _never_fired(label) -> str:
    """«Страж/1» → «Страж/9»: an ability line no test card has."""
    card = str(label or "A.hero/1").rpartition("/")[0]
    return f"{card}/9"


def top_mutants(key: str, value, j: Judged) -> Iterator[tuple[str, Any]]:
    players = ("A", "B")
    if key == "cites":
        yield from replaced(list(value), lambda _: _absent_cite(j))
    elif key == "not_cites":
        cited = sorted(j.cited)
        yield from replaced(list(value), lambda _: cited[0])
    elif key == "winner":
        yield from others(value, players + ("none",) + (("draw",) if j.heroes else ()))
    elif key == "turn":
        yield from others(value, players)
    elif key == "phase":
        yield from others(value, PHASES)
    elif key in ("turn_number", "cancelled", "refused"):
        yield from scalar(value)
    elif key == "events":
        yield from replaced(list(value), lambda _: _absent_kind(j))
    elif key == "order":
        yield from replaced(list(value), lambda _: _absent_kind(j))
        yield from swapped(list(value))
    elif key in ("triggered", "resolved"):
        yield from replaced(list(value), _never_fired)
        yield from swapped(list(value))
    else:
        raise AssertionError(f"no mutation operator for expect.{key}: add one")


CLASSIC_CARD = {
    "zone": tuple(CLASSIC_ZONES), "cell": ("a1", "e6"),
}
HEROES_CARD = {"zone": HEROES_ZONES, "controller": ("A", "B"), "owner": ("A", "B")}
#: Heroes card properties that are lists compared as a multiset (a drop or an addition must
#: fail), with the item a mutant adds: a real element / class the card lacks, or a name.
HEROES_SETS = {"elements": tuple(Element), "classes": HEROES_ALL_CLASSES,
               "names": ("Мутант",), "parts": ("Мутант",), "mined": ("Мутант",)}


def card_mutants(key: str, value, j: Judged) -> Iterator[tuple[str, Any]]:
    if key in ("host", "on"):
        yield from others(value, (None, "Мутант"))
    elif key == "markers":
        if isinstance(value, list):
            yield from replaced(list(value), lambda _: NO_MARKER)
        else:
            for name, n in value.items():
                for what, m in numbers(n):
                    yield f"{name}: {what}", _with(value, name, m)
            yield f"+ {NO_MARKER}", _with(value, NO_MARKER, 1)
    elif key == "has":
        yield from replaced(list(value), lambda _: "Мутация")
    elif j.heroes and key in HEROES_SETS:
        folded = {fold(str(v)) for v in value}
        yield from exact(list(value), next(c for c in HEROES_SETS[key] if fold(c) not in folded))
    elif j.heroes and key == "type":
        yield from others(CardType.of(str(value)) or value, HEROES_TYPES)
    elif key == "used":
        yield from exact(list(value), next(u for u in ("attacked", "defended", 9) if u not in value))
    elif isinstance(value, bool | int) or key in (HEROES_CARD if j.heroes else CLASSIC_CARD):
        yield from scalar(value, (HEROES_CARD if j.heroes else CLASSIC_CARD).get(key, ()))
    else:
        raise AssertionError(f"no mutation operator for the card property {key}: add one")


def player_mutants(key: str, value) -> Iterator[tuple[str, Any]]:
    if key == "coins" and isinstance(value, dict):
        for k, n in value.items():
            for what, m in numbers(n):
                yield f"{k}: {what}", _with(value, k, m)
    elif key == "deck_order":                 # ordered; a number is so many unnamed cards
        items = list(value)
        yield from swapped(items)
        yield from exact(items, "Мутант")
        for i, item in enumerate(items):
            if isinstance(item, int) and not isinstance(item, bool):
                for what, m in numbers(item):
                    if m:
                        yield f"[{i}] {what}", _list(items[:i] + [m] + items[i + 1:])
    elif isinstance(value, list):
        yield from exact(list(value), "Мутант")
    elif isinstance(value, bool | int):
        yield from scalar(value)
    else:
        raise AssertionError(f"no mutation operator for the player property {key}: add one")


#: A number no card or player in a ruling has: added to each expectation of a card (and of a
#: player) beside what it states, it must fail too — whatever else the expectation says (the
#: «dead: true» short cut skipped every other property of the card).
IMPOSSIBLE = 99
ADDED_CARD = ("wounds", "lives", "counters")
ADDED_PLAYER = ("hand", "deck", "prayers")


def mutants(expect: MDict, j: Judged) -> Iterator[tuple[str, MDict]]:
    """Every mutant of ``expect``: (what changed, the mutated expect)."""
    for key, value in expect.items():
        if isinstance(value, dict):
            player = j.heroes and key in ("A", "B")
            added = next((k for k in (ADDED_PLAYER if player else ADDED_CARD)
                          if k not in value), None)
            if added:
                yield (f"{key}: + {added}: {IMPOSSIBLE}",
                       _with(expect, key, _with(value, added, IMPOSSIBLE)))
            for prop, pv in value.items():
                ops = player_mutants(prop, pv) if player else card_mutants(prop, pv, j)
                for what, mv in ops:
                    yield f"{key}.{prop}: {what}", _with(expect, key, _with(value, prop, mv))
        else:
            for what, mv in top_mutants(key, value, j):
                yield f"{key}: {what}", _with(expect, key, mv)


# ---------------------------------------------------------------- the tests
def _id(f: Path) -> str:
    return f.relative_to(LIBRARY).as_posix()


@pytest.mark.parametrize("f", FILES, ids=_id)
def test_every_mutant_of_every_expectation_fails(f):
    expect, judged = judge_once(f)
    assert judged.check(expect) == [], "the ruling itself holds"
    found = list(mutants(expect, judged))
    assert found, "every expectation yields mutants"
    survivors = [what for what, mutant in found if not judged.check(mutant)]
    assert survivors == [], f"{_id(f)}: these wrong expectations pass — the judge ignores them"


def test_the_library_of_both_rulesets_is_mutated():
    heroes = [f for f in FILES if "heroes" in f.relative_to(LIBRARY).parts]
    assert len(heroes) >= 80 and len(FILES) - len(heroes) >= 80


#: The Heroes expectations of issue 14's second round (properties changed in play, combined
#: cards, Кладка, the deck's order, 525.2): each is stated by some ruling, so the test above
#: mutates it — an engine that stopped reading one would let its mutants pass.
HEROES_ROUND_TWO = ("cost", "elements", "type", "classes", "names", "parts", "mined", "matured",
                    "deck_order", "next_hire")


def test_every_round_two_heroes_expectation_is_stated_by_a_ruling():
    stated = set()
    for f in FILES:
        if "heroes" in f.relative_to(LIBRARY).parts:
            stated |= {p for v in load_scenario(f).expect.values() if isinstance(v, dict)
                       for p in v}
    assert [k for k in HEROES_ROUND_TWO if k not in stated] == []
