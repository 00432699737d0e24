"""lark-cython is optional: with it the LALR loop runs in C, without it in Python (the
project's ``_TableLoop`` over Lark's table), and either way every unit reads the same (nodes,
spans, typed or not).  The Python loop is tested against Lark's own loop and whether or not
lark-cython is installed; the comparison with lark-cython runs where it is."""
from __future__ import annotations

import pytest

from carddb.sources import read_cards
from grammar import ast as A
from grammar import parse, reader
from grammar.icons import normalise
from grammar.lexer import tokenize
from grammar.repairs import split_units

CORPORA = ("classic/set1_voyna_stihiy.tgbot.json", "classic/nxt_format_samples.json",
           "nxt/sets_10_20.nxt.json")


def corpus_asts(shared) -> list:
    out = []
    for corpus in CORPORA:
        for card in read_cards(shared / "corpus" / corpus).cards:
            if card.text:
                parsed = parse(card.text, name=card.name, strict=True)
                out.append((card.name, [(line.framed, [A.to_dict(a, spans=True)
                                                       for a in line.abilities])
                                        for line in parsed.lines]))
    return out


def test_the_pure_python_parser_reads_the_corpus(shared):
    with reader.lalr_in_c(False):
        assert not reader.use_cython()
        lark, _parts = reader._inline(reader.use_cython())
        assert not isinstance(lark, reader._CythonFeed)
        asts = corpus_asts(shared)
    assert len(asts) > 400
    typed = sum(all(framed for framed, _ in lines) for _name, lines in asts)
    assert typed / len(asts) > 0.8, typed


def test_the_table_loop_gives_what_larks_own_loop_gives(shared):
    """Every corpus unit through ``_TableLoop`` and through ``Lark.parse`` (its own loop, the
    same table and callbacks): the same parts, or both refuse the unit."""
    from lark.exceptions import UnexpectedInput
    loop, parts = reader._inline(False)
    outcomes = {"same": 0, "both refused": 0}
    for corpus in CORPORA:
        for card in read_cards(shared / "corpus" / corpus).cards:
            for line in normalise(card.text or "", name=card.name).text.splitlines():
                for s, e, _glued in split_units(line, card.name):
                    unit = line[s:e]
                    toks = tokenize(unit, card.name)
                    if not toks:
                        continue
                    got = []
                    for run in (loop.parse, loop.lark.parse):
                        parts.text, parts.offset = unit, 0
                        try:
                            got.append(run(toks))      # parts: dataclasses, equal by value
                        except UnexpectedInput as err:
                            got.append(type(err).__name__)
                    assert got[0] == got[1], (unit, got)
                    outcomes["both refused" if isinstance(got[0], str) else "same"] += 1
    assert outcomes["same"] > 1000 and outcomes["both refused"] > 0, outcomes


@pytest.mark.skipif(reader.lark_cython is None, reason="lark-cython is not installed")
def test_lark_cython_reads_every_unit_as_pure_python_does(shared):
    with reader.lalr_in_c(True):
        assert isinstance(reader._inline(reader.use_cython())[0], reader._CythonFeed)
        in_c = corpus_asts(shared)
    with reader.lalr_in_c(False):
        in_python = corpus_asts(shared)
    assert len(in_c) == len(in_python)
    differ = [a[0] for a, b in zip(in_c, in_python) if a != b]
    assert not differ, differ[:10]


@pytest.mark.skipif(reader.lark_cython is None, reason="lark-cython is not installed")
def test_a_syntax_error_in_c_is_a_refusal_not_a_crash():
    """lark-cython raises lark's own UnexpectedInput: the unit is Opaque, strict or not."""
    with reader.lalr_in_c(True):
        parsed = parse("Ранить на на на.", strict=True)
    assert [type(a) for a in parsed.abilities] == [A.Opaque]


def test_the_environment_switch(monkeypatch):
    monkeypatch.setenv("BERSERK_LARK_CYTHON", "0")
    assert not reader.use_cython()
    monkeypatch.setenv("BERSERK_LARK_CYTHON", "1")
    assert reader.use_cython() == (reader.lark_cython is not None)
