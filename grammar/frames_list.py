"""What the items of a verbless list share (``frames_quality.qualities``): a «по X» written once
at the end of «A и B по X» is the target of every item that can have one, and «+1 к {strike} и
{direct}» is a bonus to the strike and the Directed-strike keyword (seed rules: {direct} is a
property of the strike — no defender against it — not a second attack to add 1 to).  Pure
functions of the list's nodes."""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from grammar import ast as A
from grammar.frames_base import Reject

#: keywords «… по X» narrows to some targets (frames_quality reads their «по»)
TARGETED_KEYWORDS = frozenset({KW.DIRECT, KW.UNANSWERABLE, KW.OVA})
#: what a bonus «по X» raises: attacks (not the range, the dice, a poison)
_ATTACKS = frozenset(K) - {K.RANGE, K.DICE, K.POISON}


def _targeted(node) -> bool:
    """Can ``node`` be narrowed by «по X»?"""
    return (isinstance(node, A.Bonus) and node.attacker is None and bool(node.to)
            and all(t in _ATTACKS for t in node.to)) \
        or (isinstance(node, A.Keyword) and node.name in TARGETED_KEYWORDS)


def split_direct(node, tails) -> list:
    """«+1 к {strike} и {direct} [по X]» → [Bonus(+1, strike [, against=X]), Keyword(direct [,
    against=X])]; any other node as it is.  Refuses when the bonus carries what a keyword has no
    place for (a condition, a «за каждую», a maximum, strengths); its duration goes back to the
    clause's tails (a Gain holds it for both; with no Gain to take it the clause refuses)."""
    if not (isinstance(node, A.Bonus) and K.DIRECT in node.to and len(node.to) > 1):
        return [node]
    if node.per is not None or node.condition is not None \
            or node.attacker is not None or node.maximum is not None or node.strengths:
        raise Reject("«к … и {direct}» with what a keyword cannot carry")
    if node.duration is not None:
        if tails.duration != node.duration:
            raise Reject("«к … и {direct}»: whose duration")
        tails._used.discard("duration")
    bonus = replace(node, to=tuple(t for t in node.to if t != K.DIRECT), duration=None)
    return [bonus, A.Keyword(KW.DIRECT, against=node.against, span=node.span)]


def shared_list(nodes: list, joiners: list, tails) -> tuple[list, list]:
    """The nodes of an «и» list with {direct} split off its bonus and a final «по X» given to
    every item (``nodes[k]`` was joined to the previous one by ``joiners[k]``)."""
    if len(nodes) == 1 and nodes[0].__class__ is not A.Bonus:
        return nodes, joiners       # (the usual list: one item, no bonus to split, nothing shared)
    out, js = [], []
    for node, joiner in zip(nodes, joiners):
        got = split_direct(node, tails)
        if len(got) > 1 and "or" in joiners[1:]:
            raise Reject("«к … и {direct}» inside options")
        out += got
        js += [joiner] + ["and"] * (len(got) - 1)
    last = out[-1] if out else None
    if len(out) > 1 and _targeted(last) and last.against is not None and "or" not in js[1:]:
        before = out[:-1]
        if any(_targeted(n) and n.against is None for n in before):
            if not all(_targeted(n) for n in before):
                raise Reject("«A, B и C по X»: which items «по X» narrows")
            # «+2 к {strike} и безответный удар по летающим»: both against the flyers
            out = [n if n.against is not None else replace(n, against=last.against) for n in before] + [last]
    return out, js


__all__ = ["TARGETED_KEYWORDS", "shared_list", "split_direct"]
