"""A known word's other forms (grammar/lexicon_forms.py, issue 9): read as that word (a verb
with the form its ending names); appended after the lexicon's own rules, so no reading changes."""
from __future__ import annotations

import pytest

from grammar import lexemes, lexicon, wordforms
from grammar.lexicon_forms import RULES


def test_every_written_form_reads_as_its_word():
    first = lexicon.RULE_COUNT - len(RULES)
    assert [lexicon._RULES[first + i] for i in range(len(RULES))] == RULES, "appended after the lexicon's rules"
    for forms, (pattern, terminal, lemma) in zip(wordforms._rule_forms()[first:], RULES):
        assert forms, pattern                                   # finite (the spelling repair expands it)
        for f in forms:
            assert lexicon.classify(f) == (terminal, lemma), f


@pytest.mark.parametrize("word, lemma, form", [
    ("вызывают", "summon", "3pl"), ("изгоняться", "exile", "inf_refl"),
    ("начинает", "begin", "3sg"), ("использовали", "use", "other"),
    ("поменялись", "swap", "other"), ("приземлился", "land", "other"),
    ("предотвращайте", "prevent", "imp"), ("покидать", "leave", "inf"),
])
def test_a_form_no_list_showed(word, lemma, form):
    assert lexicon.classify(word) == ("VERB", lemma) and lexicon.verb_form(word) == form


@pytest.mark.parametrize("word", [
    "сражает",        # «сражать» is another verb than «сражаться»
    "промахивает",
    "получается",     # «it turns out», not «gets»
    "бросается",      # «rushes», not «rolls»
    "занимается",
    # a «-ся» form where the lexicon reads no «-ся» present of the verb: a passive, which a frame
    # reading the lemma could take for the active voice («объявляется атака»: whose?)
    "объявляется", "вызывается", "используется", "начинается",
])
def test_a_voice_the_verb_does_not_have_stays_unknown(word):
    assert lexicon.classify(word) is None


@pytest.mark.parametrize("seen, unseen", [
    ("поменяйте", "поменяло"),        # the rules text's past form teaches the verb
    ("вызовите", "вызывают"),
    ("изгоните", "изгонялись"),
])
def test_a_form_attests_its_verb(seen, unseen):
    """By lexeme (the generalisation protocol): any form of the verb opens all its rules."""
    k = lexicon.rule_of(unseen)
    assert k is not None and lexicon.rule_of(seen) != k
    with lexicon.restricted(lexemes.paradigms(frozenset({k}))):
        assert lexicon.knows(seen)


@pytest.mark.parametrize("word, lemma", [
    ("объявлением", "evt:declaration"), ("открытию", "evt:opening"), ("направлению", "direction"),
    ("бонусом", "bonus"), ("рывке", "dash"), ("рассадку", "evt:placement"),
])
def test_a_noun_case_no_list_showed(word, lemma):
    assert lexicon.classify(word) == ("NOUN", lemma)


@pytest.mark.parametrize("word", ["атакующие", "атакующих", "нападающее", "нападающему", "напавшего"])
def test_the_attacker_by_any_form(word):
    """«атакующий» in the plural; «нападающий», «напавший»: the rules text's word for it."""
    assert lexicon.classify(word) == ("ADJ", "attacker")
