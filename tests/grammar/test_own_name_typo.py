"""The card's own name misspelt in its text (``misspelt-name``, grammar/names.repair_own_name):
repaired only one keystroke from a name word's stem, next to a name word spelt right (a name of
several words) or capitalised (a one-word name).  Own wording."""
from __future__ import annotations

import pytest

from grammar.names import repair_own_name

REPAIRED = [
    ("Ранить существо рядом с Болотным страником на 1.", "Болотный странник", "Болотным странником"),
    ("Ранить существо рядом с Болотым странником на 1.", "Болотный странник", "Болотным странником"),
    ("Когда Кравопийца атакует, ранить цель на 1.", "Кровопийца", "Кровопийца атакует"),
]
LEFT = [
    # one-word name, not capitalised: an unknown word, not the name
    ("Ранить кравопийцу на 1.", "Кровопийца"),
    # a name word with no other word of the name next to it
    ("Ранить страника на 1.", "Болотный странник"),
    # a stem shorter than five letters is never repaired
    ("Когда Грозь атакует, ранить цель на 1.", "Гроза"),
    # two keystrokes off
    ("Когда Кравапийца атакует, ранить цель на 1.", "Кровопийца"),
    # spelt right (any case form): nothing to repair
    ("Ранить Болотного странника на 1.", "Болотный странник"),
]


@pytest.mark.parametrize("text, name, want", REPAIRED)
def test_a_misspelt_own_name_is_repaired_with_a_note(text, name, want):
    notes: list = []
    out = repair_own_name(text, name, notes)
    assert want in out and [n.kind for n in notes] == ["misspelt-name"]
    assert repair_own_name(out, name, []) == out          # idempotent


@pytest.mark.parametrize("text, name", LEFT)
def test_a_word_that_is_not_surely_the_name_is_left(text, name):
    notes: list = []
    assert repair_own_name(text, name, notes) == text and not notes
