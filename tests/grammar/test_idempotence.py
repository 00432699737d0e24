"""Canonical text is a fixed point: ``normalise`` changes nothing on its own output, and
``parse`` keeps a reader's text as it is — else the DB's ``cards.text`` and the ability spans
(which index ``parse(text).text``) name different strings.

On every corpus card (each reader's output) and on generated text: random strings of the game's
alphabet and corpus segments cut, glued and re-joined the ways the sources do it.
"""
from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carddb.sources import read_cards
from grammar import parse
from grammar.icons import EMOJI_CODES, normalise
from tests.conftest import DEV_CORPUS, SHARED

NXT = SHARED / "corpus" / "nxt" / "sets_10_20.nxt.json"


@cache
def _cards() -> tuple:
    return tuple(c for path in (DEV_CORPUS, NXT) for c in read_cards(path).cards if c.text)


@cache
def _segments() -> tuple[str, ...]:
    return tuple(line for c in _cards() for line in c.text.splitlines())


def test_reader_text_is_a_fixed_point(shared):
    moved = [(c.name, c.text, normalise(c.text, name=c.name).text) for c in _cards()
             if normalise(c.text, name=c.name).text != c.text]
    assert not moved, moved[:3]


def test_parse_keeps_reader_text(shared):
    moved = [(c.name, c.text, parse(c.text, c.name).text) for c in _cards()
             if parse(c.text, c.name).text != c.text]
    assert not moved, moved[:3]


def test_a_canonical_parse_reads_as_the_full_parse(shared):
    """``parse(canonical=True)`` (the DB build: a reader's text is not normalised again) gives
    every line, span and node the full parse gives."""
    from grammar import ast as A

    def lines(parsed):
        return [(ln.text, ln.span, ln.framed, ln.folded, [A.to_dict(a, spans=True) for a in ln.abilities])
                for ln in parsed.lines]
    differ = [c.name for c in _cards()
              if lines(parse(c.text, c.name, canonical=True)) != lines(parse(c.text, c.name))]
    assert not differ, differ[:5]


def test_own_ability_after_the_printed_icons_stays_unquoted():
    # a card's own «Имеет {tap}: …» at the start of its text is not a grant; after the icon
    # lines a reader puts first it is still at a line start (was: «» added on a second pass)
    once = normalise("Имеет  {tap}: ранить цель на 1. +1 к ударам, если открыт.").text
    assert "«" not in once
    with_icons = "{armor}1.\n" + once
    assert normalise(with_icons).text == with_icons
    # in mid-sentence the grant's quotes are restored, once
    granted = normalise("Ваши существа получают {tap}: ранить цель на 1 до конца хода.").text
    assert granted.count("«") == 1 and normalise(granted).text == granted


_ALPHABET = st.sampled_from(list("абвгдеёжзийклмнопрстуфхцчшщъыьэюя АБВИПХX0123456789.,:;—-+()«» \n")
                            + list(EMOJI_CODES)
                            + ["{tap}", "{counter}", "{strike}", "Имеет ", "получает ", "Когда ",
                               "  ", " .", "\ufffd", "\ufe0f"])


def _fixed(text: str) -> None:
    once = normalise(text).text
    assert normalise(once).text == once, (text, once)


@settings(max_examples=400, deadline=None)
@given(st.lists(_ALPHABET, max_size=120).map("".join))
def test_normalise_is_idempotent_on_generated_text(text):
    _fixed(text)


# found by a random search over the alphabet above (30,000 texts: 28 were not fixed points and 17
# raised; after the fix 4 are still not fixed points — a grant whose end the glued-line split or
# the spacing pass decides only on the second run, e.g. «Имеет   Когда»)
FOUND = ["🗡Имеет Когда)", " Имеет Когда)", ")Имеет Когда)(", "🗡поучает Когда", "маркер   бxямаркер 7"]


@pytest.mark.parametrize("text", FOUND)
def test_found_texts_are_fixed_points_and_never_raise(text):
    _fixed(text)


@st.composite
def _joined_segments(draw):
    """Corpus lines joined the ways sources write them: one line, « | », icon lines first."""
    lines = draw(st.lists(st.sampled_from(_segments()), min_size=1, max_size=4))
    glue = draw(st.sampled_from([" ", "\n", "  ", " . "]))
    head = draw(st.sampled_from(["", "{armor}1.\n", "{ovz}1.\n{uchr}.\n"]))
    cut = draw(st.integers(0, 3))
    text = head + glue.join(lines)
    return text.replace("«", "", cut).replace("»", "", cut)


@pytest.mark.shared
@settings(max_examples=300, deadline=None)
@given(_joined_segments())
def test_normalise_is_idempotent_on_corpus_pieces(text):
    _fixed(text)
