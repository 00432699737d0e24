"""The repairs of names and words a source spells wrongly (grammar.names, grammar.spelling):
own-wording inputs → the repaired text and where each note points.  The negatives are the
near-misses a repair must leave alone: a guess between two candidates, an ending the lexicon
does not list, a name whose end is not certain."""
from __future__ import annotations

import pytest

from grammar.icons import normalise
from grammar.names import KNOWN_EFFECT_NAMES, distance, known_name

CASES = [
    # -- effect names: a near-miss of exactly one known name
    ("{tap}: Заклинание «шит света» — ранить существо на 1.",
     "{tap}: Заклинание «щит света» — ранить существо на 1.", [("misspelt-name", 19)]),
    ("{tap}: Заклинание шит света ранить существо на 1.",          # quotes restored, then the name
     "{tap}: Заклинание «щит света» ранить существо на 1.",
     [("restored-name-quotes", 18), ("misspelt-name", 19)]),
    ("{tap}: Воздействие «Предсметный дар» — излечить существо на 2.",  # the capital is kept
     "{tap}: Воздействие «Предсмертный дар» — излечить существо на 2.", [("misspelt-name", 20)]),
    # a typo in the head word, then the name behind it is restored
    ("Ранить существо на 1 (воздействине удар молота).",
     "Ранить существо на 1 (воздействие «удар молота»).",
     [("typo", 22), ("restored-name-quotes", 34)]),
    # -- marker names without «»: the end is certain before a preposition, «(», the line's end
    ("Положите маркер врата на свободную клетку.",
     "Положите маркер «врата» на свободную клетку.", [("restored-marker-quotes", 16)]),
    ("Выбранная клетка получает маркер зыбь (дважды за бой).",
     "Выбранная клетка получает маркер «зыбь» (дважды за бой).", [("restored-marker-quotes", 33)]),
    ("Положите маркер огня льда на клетку.",                      # two unknown words: one name
     "Положите маркер «огня льда» на клетку.", [("restored-marker-quotes", 16)]),
    # the card's marker named again without the noun: quoted too (another line as well)
    ("Положите маркеры врата на две клетки; существо на клетке с вратами получает защиту.",
     "Положите маркеры «врата» на две клетки; существо на клетке с «вратами» получает защиту.",
     [("restored-marker-quotes", 17), ("restored-marker-quotes", 61)]),
    ("Выбранная клетка получает маркер дрожь.\nМожет переместить дрожь на 1 клетку.",
     "Выбранная клетка получает маркер «дрожь».\nМожет переместить «дрожь» на 1 клетку.",
     [("restored-marker-quotes", 33), ("restored-marker-quotes", 60)]),
    ("Положите маркер «врата» на клетку, существо с вратами ранено.",
     "Положите маркер «врата» на клетку, существо с «вратами» ранено.", [("restored-marker-quotes", 46)]),
    # -- negatives: left exactly as they are, no note
    ("{tap}: Воздействие «щит одина» — ранить существо на 1.", None, []),   # a name near none
    ("{tap}: Воздействие «ужос» — ранить существо на 1.", None, []),         # too short to guess
    ("{tap}: Воздействие «дар силы» — ранить существо на 1.", None, []),     # known
    ("Существо меньшее по стоимости.", None, []),            # an ending the lexicon does not list
    ("Существо уничтожаюется.", None, []),                   # -ается or -аются: never guessed
    ("Ранить стоявщее рядом существо на 1.", None, []),       # стоящее or стоявшее
    ("Положите маркер врата стихии на клетку.", None, []),    # a noun next: the name may go on
    ("Положите маркер стихии на клетку.", None, []),          # a known word: no name
    ("Положите маркеры на клетку.", None, []),
    ("Когда маркер испаряется, ранить существо на 1.", None, []),   # a verb the lexicon lacks
    ("Существо без маркера зоркости не атакует.",                  # «-сти» ends nouns too
     "Существо без маркера «зоркости» не атакует.", [("restored-marker-quotes", 21)]),
    ("{tap}: Воздействие «дар  силы» — ранить существо на 1.",      # a doubled space is no misspelling
     "{tap}: Воздействие «дар силы» — ранить существо на 1.", [("double-space", 23)]),
    # a name in straight quotes is quoted already: neither it nor its mentions get «» inside
    ('Существо без маркера «зоркости» не атакует.\nПолучить маркер "зоркости".', None, []),
]


@pytest.mark.parametrize("raw, fixed, notes", CASES, ids=[c[0][:40] for c in CASES])
def test_repair_rule(raw, fixed, notes):
    n = normalise(raw)
    assert n.text == (raw if fixed is None else fixed)
    assert [(r.kind, r.position) for r in n.repairs] == notes
    assert normalise(n.text).text == n.text                  # idempotent
    assert not normalise(n.text).repairs                     # and nothing left to repair


def test_misspelt_name_is_not_guessed_between_two_known_names():
    vocabulary = frozenset({"щит света", "щит свата"})
    assert known_name("щит свта", vocabulary) is None         # one edit from both
    assert known_name("шит света", vocabulary) == "щит света"  # from one only
    assert known_name("щит света", vocabulary) is None         # known: nothing to repair


@pytest.mark.parametrize("a, b, d", [
    ("шит света", "щит света", 1), ("предсметный", "предсмертный", 1), ("таран", "таран", 0),
    ("удача", "удачау", 1), ("ужас", "ужса", 1), ("ужас", "уса", 2), ("взрыв", "таран", 3),
])
def test_distance(a, b, d):
    assert distance(a, b) == d


def test_known_names_are_far_apart():
    """No string is within the allowed distance of two known names (else a repair would guess)."""
    names = sorted(KNOWN_EFFECT_NAMES)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert distance(a, b, 4) > 2 * (1 if min(len(a), len(b)) < 10 else 2), (a, b)
