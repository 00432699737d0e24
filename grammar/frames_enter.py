"""«…, она входит в игру с N {health}»: the state a card just summoned / revived enters play in.

After an effect that puts a card into play (``Action(summon | revive)``, also as the option of a
«может …» choice), a clause whose subject is a pronoun of that card and whose verb is «входит /
входят в игру» says how it enters: «с N {health}» → the tag ``life:N`` on that action's
``params`` (it enters with N lives; the rest of its lives are lost).  The pronoun must agree with
the card's noun (она — карта, оно — существо).  Anything else after «входит в игру», or the verb
after another effect, refuses.
"""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import Ctx, Reject, Tails, _span
from grammar.frames_tails import strip_tails
from grammar.parts import NP, P

_PUT_IN_PLAY = (V.SUMMON, V.REVIVE)
_PRONOUN_OF = {N.CARD: ("она",), N.CREATURE: ("оно",)}


def _enters(parts: list) -> bool:
    return any(q.__class__ is P and q.kind == "verb" and q.v["lemma"] == "enter" for q in parts)


def _life(rest: list) -> int | None:
    """«в игру с N {health}» → N."""
    if len(rest) != 4:
        return None
    v, game, s, life = rest
    if not (v.__class__ is P and v.kind == "prep" and v.v == "v" and isinstance(game, NP) and game.noun == "game"
            and not game.adjs and s.__class__ is P and s.kind == "prep" and s.v == "s" and isinstance(life, NP)
            and life.noun == "stat:health" and not life.adjs and life.count and life.count[0] == "n"):
        return None
    return life.count[1]


def _put(node):
    """The summon / revival ``node`` ends with, and a function putting a new one in its place."""
    if isinstance(node, A.Action) and node.verb in _PUT_IN_PLAY and node.target is not None:
        return node, lambda new: new
    if isinstance(node, A.Choice) and len(node.options) == 2 and node.options[1] == A.Action(V.NOTHING):
        first = node.options[0]
        if isinstance(first, A.Sequence_):
            got, put = _put(first.steps[-1])
            if got is None:
                return None, None
            return got, lambda new: replace(node, options=(replace(first, steps=first.steps[:-1] + (put(new),)),)
                                            + node.options[1:])
        got, put = _put(first)
        if got is None:
            return None, None
        return got, lambda new: replace(node, options=(put(new),) + node.options[1:])
    return None, None


def entry_fold(parts: list, last, ctx: Ctx, tails: Tails):
    """``last`` with the entry state of «<pronoun> входит в игру с N {health}» (``parts``), or
    None when the clause has no «входит»."""
    if not _enters(parts):
        return None
    parts = strip_tails(parts, ctx, tails)
    if len(parts) < 2 or not isinstance(parts[0], NP) or parts[0].kind != "pron" \
            or not (parts[1].__class__ is P and parts[1].kind == "verb" and parts[1].v["lemma"] == "enter"
                    and not parts[1].v["neg"]):
        raise Reject("enters play: who")
    n = _life(parts[2:])
    if n is None:
        raise Reject("enters play: how")
    act, put = _put(last)
    if act is None:
        raise Reject("enters play: after no summon")
    word = ctx.orig(parts[0].span).strip().lower()
    if word not in _PRONOUN_OF.get(act.target.noun, ()):
        raise Reject("enters play: the pronoun names another card")
    new = replace(act, params=act.params + (f"life:{n}",))
    return A.with_span(put(A.with_span(new, _span([act, parts]))), _span([last, parts]))


__all__ = ["entry_fold"]
