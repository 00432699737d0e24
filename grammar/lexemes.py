"""The lexemes of the open lexicon (issue 9): which stem rules of grammar/lexicon.py are forms
of one word — a verb's participles and gerunds, an adjective's «не-» form.  The generalisation
protocol (tests/grammar/test_generalisation.py, ``lexicon.restricted``) attests a lexeme, not a
rule: a list that showed «закрывается» taught the lexicon the verb, and «не закрываясь» is the
same verb.  The parser does not read this module."""
from __future__ import annotations

from grammar import lexicon as L

# (terminal, lemma[, the rule's pattern starts with]) → (terminal, lemma) of the head word; two
# rules of one (terminal, lemma) are one lexeme anyway
_PARADIGM = {
    ("GER", "not_closing"): ("VERB", "close"), ("GER", "fighting"): ("VERB", "fight"),
    ("GER", "choosing"): ("VERB", "choose"), ("GER", "throwing"): ("VERB", "roll"),
    ("GER", "being", "нах"): ("VERB", "located"), ("GER", "being", "явл"): ("VERB", "is_v"),
    ("GER", "defending"): ("VERB", "defend"), ("GER", "destroying"): ("VERB", "destroy"),
    ("GER", "moving"): ("VERB", "move"),
    ("PART", "standing"): ("VERB", "stand"), ("PART", "stood"): ("VERB", "stand"),
    ("PART", "having"): ("VERB", "have"), ("PART", "located"): ("VERB", "located"),
    ("PART", "moved"): ("VERB", "move"), ("PART", "being_v"): ("VERB", "is_v"),
    ("ADJ", "chosen"): ("VERB", "choose"), ("ADJ", "wounded"): ("VERB", "wound"),
    ("ADJ", "closed"): ("VERB", "close"), ("ADJ", "open"): ("VERB", "open"),
    ("ADJ", "attacked"): ("VERB", "attack"), ("ADJ", "summoned"): ("VERB", "summon"),
    ("ADJ", "shown"): ("VERB", "show"), ("ADJ", "destroyed"): ("VERB", "destroy"),
    ("ADJ", "exiled"): ("VERB", "exile"), ("ADJ", "dead"): ("VERB", "die"),
    ("ADJ", "received"): ("VERB", "get"), ("ADJ", "dealt"): ("VERB", "deal"),
    ("ADJ", "in_play"): ("VERB", "act"), ("ADJ", "poisoned"): ("VERB", "poison"),
    ("ADJ", "nonflying", "нел"): ("ADJ", "flying"), ("ADJ", "corporeal"): ("ADJ", "incorporeal"),
    ("ADJ", "nonmagical"): ("ADJ", "magical"), ("ADJ", "odd"): ("ADJ", "even"),
    ("ADJ", "free", "нез"): ("ADJ", "occupied"),
    **{("ADJ", "el:!" + _el): ("ADJ", "el:" + _el)
       for _el in ("степи", "горы", "леса", "болота", "тьма", "нейтральные")},
}


def _lexeme(k: int) -> tuple[str, str]:
    p, t, l = L._RULES[k]
    head = _PARADIGM.get((t, l, p[:3])) or _PARADIGM.get((t, l))
    return head or (t, l)


LEXEME = tuple(_lexeme(k) for k in range(L.RULE_COUNT))
assert all(h in {(t, l) for _p, t, l in L._RULES} for h in _PARADIGM.values()), "a paradigm's head is a rule"


def paradigms(rules: frozenset[int]) -> frozenset[int]:
    """``rules`` and every rule of the same lexemes (the participles and gerunds of a verb, the
    «не-» form of an adjective)."""
    heads = {LEXEME[k] for k in rules}
    return frozenset(k for k in range(L.RULE_COUNT) if k in rules or LEXEME[k] in heads)
