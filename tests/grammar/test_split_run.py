"""The split-name gate of ``grammar.icons._mend_split_name`` written with string tests instead of
a regex compiled per card name (issue 16: a new card paid the compile).  Checked against the
regex it replaced, which stays the specification: ``icons._split_run(stem, text)`` ≡
``re.search(icons._split_gate(stem), text) is not None``."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from grammar.icons import _split_gate, _split_run

_STEM = st.lists(st.sampled_from("абвгдß"), min_size=1, max_size=6).map("".join)
_TEXT = st.lists(st.sampled_from("абвгд \t\n.ß"), max_size=24).map("".join)
_GAP = st.sampled_from(["", " ", "\t", "  ", " \t", "   "])


@settings(max_examples=2000, deadline=None)
@given(stem=_STEM, text=_TEXT, gaps=st.lists(_GAP, min_size=6, max_size=6), at=st.integers(0, 24),
       plant=st.booleans())
def test_split_run_is_the_gate_regex(stem, text, gaps, at, plant):
    if plant:        # (often a run of the stem's letters with gaps, so that the gate opens)
        at = min(at, len(text))
        text = text[:at] + "".join(c + g for c, g in zip(stem, gaps)) + text[at:]
    assert _split_run(stem, text) is (re.search(_split_gate(stem), text) is not None)


def test_split_run_examples():
    assert _split_run("гроза", "удар гр оза туч")
    assert _split_run("гроза", "г \tроза")
    assert not _split_run("гроза", "гроза и гроза")          # unbroken: nothing to mend
    assert not _split_run("гроза", "гр   оза")                # three spaces: not one word
