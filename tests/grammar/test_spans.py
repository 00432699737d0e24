"""Spans of multi-line cards: every node of line k points into line k of the card text, at the
very words the same line parsed on its own points to.

A unit of a card is read where it stands (``grammar.reader.read_at``: spans from the start of
the card text) and memoised; met again elsewhere it is moved there by ``grammar.ast.shift``.  A
node ``shift`` misses keeps its old span and slices the wrong words of the card (issue 16: a
Selector inside ``Action.params`` on «Гномий король»'s second line sliced [41,70] of the first
line instead of [144,173]); a frame that reads the unit's text by anything but the parts'
spans reads it wrong away from offset 0 (the last test here).
"""
from __future__ import annotations

import pytest

from carddb.sources import read_cards
from grammar import ast as A
from grammar import parse, reader
from grammar.icons import normalise
from grammar.repairs import split_units

CORPORA = ("classic/set1_voyna_stihiy.tgbot.json", "classic/nxt_format_samples.json",
           "nxt/sets_10_20.nxt.json")


def multi_line_cards(shared) -> list[tuple[str, str]]:
    out = []
    for corpus in CORPORA:
        for card in read_cards(shared / "corpus" / corpus).cards:
            if card.text and "\n" in card.text.strip():
                out.append((card.name, card.text))
    return out


def spanned(ability) -> list:
    """The nodes of ``ability`` that carry a span, in walk order."""
    return [n for n in A.walk(ability) if n.span != A.NOSPAN]


@pytest.fixture(scope="module")
def cards(shared):
    found = multi_line_cards(shared)
    assert len(found) >= 300, len(found)          # the corpora hold hundreds of them
    return [(name, parse(text, name=name)) for name, text in found]


def test_every_node_lies_in_its_line(cards):
    """A node of line k (or of a rider line folded into it) lies within that text."""
    wrong = []
    for name, parsed in cards:
        lines = parsed.lines
        for k, line in enumerate(lines):
            end = line.span.end
            for later in lines[k + 1:]:              # riders folded into this line's attack
                if not later.folded:
                    break
                end = later.span.end
            for ability in line.abilities:
                for n in spanned(ability):
                    if not line.span.start <= n.span.start <= n.span.end <= end:
                        wrong.append((name, k, type(n).__name__, n.span, line.span))
    assert not wrong, wrong[:10]


def test_every_node_slices_the_words_of_the_line_alone(cards):
    """Line k of a card reads as the same line parsed alone; then each node's span in the card
    slices the same text as the matching node's span in the line alone."""
    compared = wrong = 0
    problems = []
    for name, parsed in cards:
        lines = parsed.lines
        for k, line in enumerate(lines):
            if k == 0 or line.folded or (k + 1 < len(lines) and lines[k + 1].folded):
                continue
            alone = parse(line.text, name=name)
            if alone.abilities != line.abilities:      # read differently in context: not here
                continue
            for in_card, by_itself in zip(line.abilities, alone.abilities):
                a, b = spanned(in_card), spanned(by_itself)
                assert len(a) == len(b), (name, k)
                for x, y in zip(a, b):
                    compared += 1
                    got = parsed.text[x.span.start:x.span.end]
                    want = alone.text[y.span.start:y.span.end]
                    if got != want:
                        wrong += 1
                        problems.append((name, k, type(x).__name__, x.span, got, want))
    assert compared >= 2000, compared
    assert not wrong, problems[:10]


SHIFT_CASES = {
    # (the tuple shapes a node may hide in; issue 16: a first item that is not a node)
    "node in a tuple": lambda sel: A.Action("move", params=(sel,)),
    "tag then node": lambda sel: A.Action("move", params=(("from", sel),)),
    "tag, tag, node": lambda sel: A.Action("move", params=(("row", 2, sel),)),
    "nested tuple": lambda sel: A.Action("move", params=(("at", ("cell", sel)),)),
    "node field": lambda sel: A.Action("move", origin=sel),
}


@pytest.mark.parametrize("make", SHIFT_CASES.values(), ids=SHIFT_CASES.keys())
def test_shift_moves_a_node_wherever_it_sits(make):
    selector = A.Selector("creature", span=A.Span(3, 9))
    moved = A.shift(make(selector), 100)
    inside = [n for n in A.walk(moved) if isinstance(n, A.Selector)]
    assert [n.span for n in inside] == [A.Span(103, 109)]
    assert moved == make(selector)                 # spans aside, the same tree


def test_a_unit_read_where_it_stands_is_the_unit_read_at_0_moved_there(shared):
    """Every corpus unit read at an offset (no memo) gives the nodes it gives at 0, each span
    moved by the offset, and the same typed / untyped outcome (the fallback head too)."""
    seen, differ = set(), []
    for corpus in CORPORA:
        for card in read_cards(shared / "corpus" / corpus).cards:
            for line in normalise(card.text or "", name=card.name).text.splitlines():
                for s, e, _glued in split_units(line, card.name):
                    unit = line[s:e]
                    if unit in seen:
                        continue
                    seen.add(unit)
                    reader.clear()
                    nodes, ok = reader._read_at(unit, card.name, None, True, 0)
                    reader.clear()
                    there, ok_there = reader._read_at(unit, card.name, None, True, 137)
                    moved = [A.to_dict(A.shift(n, 137), spans=True) for n in nodes]
                    if (ok, moved) != (ok_there, [A.to_dict(n, spans=True) for n in there]):
                        differ.append(unit)
    reader.clear()
    assert len(seen) > 500, len(seen)
    assert not differ, differ[:5]
