"""Rewrites of a card's tree that the classic reader applies before sorting its abilities
(judge/classic/kit.py): places where the grammar's tree is read more exactly than it is
written — «может X, при этом Y» (Y goes with X), «после первого удара» (the first attack
only), «величина удара» in a strike's trigger (the strike that triggered it).  Each returns the
very same objects where nothing changed, so the reader's caches and choice points stay valid.
"""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import KeywordName as KW
from berserk.vocab import MeasureKind, Verb
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.core.interp import is_may
from judge.core.trees import transform


#: what joins «может X» to the part that goes with it: «…, при этом …»
AT_THAT = re.compile(r"^\s*,?\s*при\s+этом\s*$")


def first_only(node, text: str):
    """«не закрывается после первого удара» typed as the plain keyword «не закрывается после
    нападения» (the parse drops «первого»): the flag of the first attack only."""
    def fix(n):
        if isinstance(n, A.Keyword) and n.name == KW.NO_CLOSE_AFTER_ATTACK \
                and n.span.end > n.span.start and "перв" in text[n.span.start:n.span.end].lower():
            return A.Restriction(Verb.CLOSE, params=("after_first_attack",), span=n.span)
        return n
    return transform(node, on_node=fix)


def bind_optional(node, text: str):
    """«может X, при этом Y»: Y goes with X — done only when the player does X (the grammar
    writes Y as the next effect of the list).  Returns the tree with every such list rewritten
    to ``Choice((Sequence_((X, Y …)), nothing))``; the tree itself when there is none."""
    return transform(node, on_list=lambda items: _bind_list(items, text))


def this_strike(effects: tuple) -> tuple:
    """«При {strike} — … на X, где X — величина удара»: the strike that triggered it (no other
    strike is in question), written as the measure param ``this_strike``."""
    def fix(n):
        if isinstance(n, A.Measure) and n.what == MeasureKind.STRIKE_VALUE \
                and n.strength is None and not n.params \
                and (n.of is None or n.of.noun == N.SELF):
            return replace(n, of=None, params=("this_strike",))
        return n
    return tuple(transform(e, on_node=fix) for e in effects)


def _bind_list(items: tuple, text: str) -> tuple:
    for i, e in enumerate(items[:-1]):
        if isinstance(e, A.Choice) and is_may(e) and len(e.options) == 2 \
                and AT_THAT.match(text[e.span.end:items[i + 1].span.start]):
            rest = items[i + 1:]
            steps = (e.options[0],) + rest
            seq = A.Sequence_(steps, span=A.Span(steps[0].span.start, steps[-1].span.end))
            return items[:i] + (replace(e, options=(seq, e.options[1])),)
    return items
