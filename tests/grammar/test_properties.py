"""Property tests: card text never makes the parser raise anything but the package's own errors
(and `parse` itself raises nothing at all: whatever it cannot type is an Opaque with a span)."""
from __future__ import annotations

import json
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grammar import ast as A
from grammar import parse
from grammar.icons import EMOJI_CODES
from tests.conftest import DEV_CORPUS


@cache
def _segments() -> list[str]:
    """The dev corpus's ability segments, read when the test draws (never at import)."""
    return [seg for c in json.loads(DEV_CORPUS.read_text(encoding="utf-8")) if c.get("abilities")
            for seg in c["abilities"].split("|")]


_ALPHABET = st.sampled_from(list("абвгдеёжзийклмнопрстуфхцчшщъыьэюя АБВХX0123456789.,:;—-+()«»{}|")
                            + list(EMOJI_CODES) + ["{tap}", "{counter}", "{strike}", "\ufffd", "\ufe0f"])


def _check(text: str) -> None:
    card = parse(text)
    for line in card.lines:
        assert line.structural, line.text
        for ability in line.abilities:
            for node in A.walk(ability):
                assert 0 <= node.span.start <= node.span.end <= len(card.text)
            assert A.from_dict(A.to_dict(ability, spans=True)) == ability


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=120))
def test_random_unicode_never_raises(text):
    _check(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=150).map("".join))
def test_game_alphabet_never_raises(text):
    _check(text)


@st.composite
def mutated_segment(draw):
    seg = draw(st.sampled_from(_segments()))
    ops = draw(st.lists(st.tuples(st.sampled_from(["drop", "dup", "insert", "swap"]),
                                  st.integers(0, 10_000), st.text(max_size=3)), max_size=4))
    for op, pos, extra in ops:
        if not seg:
            break
        i = pos % len(seg)
        if op == "drop":
            seg = seg[:i] + seg[i + 1:]
        elif op == "dup":
            seg = seg[:i] + seg[i] + seg[i:]
        elif op == "insert":
            seg = seg[:i] + extra + seg[i:]
        else:
            words = seg.split(" ")
            j = pos % len(words)
            words[0], words[j] = words[j], words[0]
            seg = " ".join(words)
    return seg


@settings(max_examples=400, deadline=None)
@given(mutated_segment())
def test_mutated_corpus_lines_never_raise(shared, text):
    _check(text)


def test_empty_text_has_no_abilities():
    for text in ("", "   ", None):
        assert parse(text).abilities == ()


def test_unknown_icon_is_kept_and_listed():
    card = parse("🦄: Выстрел на 1.")
    assert "emoji:U+1F984" in card.unknown_icons
    assert "{emoji:U+1F984}" in card.text
    assert not card.typed


def test_canonical_json_is_the_sorted_dump_of_to_dict():
    """``grammar.ast.to_json`` (written directly by grammar.ast.jsontext) is ``json.dumps`` of
    ``to_dict`` with sorted keys, for every node of every sentence of the language table."""
    import yaml
    from pathlib import Path
    table = Path(__file__).parent / "data" / "language.yaml"
    nodes = [n for case in yaml.safe_load(table.read_text(encoding="utf-8"))
             for a in parse(case["text"], name=case.get("name")).abilities for n in A.walk(a)]
    assert len(nodes) > 4000
    for node in nodes:
        assert A.to_json(node) == json.dumps(A.to_dict(node), ensure_ascii=False, sort_keys=True,
                                             separators=(",", ":"))
