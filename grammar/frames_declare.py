"""«объявить особенность <вид> <чьей карты>»: one card's ability used by another effect.

«{tap}: объявить особенность вальхаллы существа на вашем кладбище» — the effect declares the
ability of that card (here: the Valhalla ability of a creature in your graveyard) as if
it were triggered: ``Action(use, target=<the card>, params=(<the ability, by its event>,))``.
Only an ability the noun names certainly (``_DECLARED``); anything else after the verb refuses.
"""
from __future__ import annotations

from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import Reject
from grammar.frames_select import take_np
from grammar.parts import NP

#: the noun of an ability one can declare → the event it is written with (Trigger.event)
_DECLARED = {"valhalla": TE.VALHALLA}
_CARDS = (N.CREATURE, N.CARD, N.ARTIFACT, N.HERO)


def declare_ability(subject, args: list, sp) -> A.Action | None:
    """``Action(use, …)`` for «объявить особенность X <чьей карты>», None when the object is not
    «особенность» (the other frames of «объявить» read it)."""
    if not args or not isinstance(args[0], NP) or args[0].noun != "ability":
        return None
    head = args[0]
    if head.adjs or head.count or head.opp or head.name or len(args) < 3 or subject is not None:
        raise Reject("declare: which ability")
    kind = args[1]
    if not isinstance(kind, NP) or kind.noun not in _DECLARED or kind.adjs or kind.count or kind.opp \
            or kind.name or kind.kind != "noun":
        raise Reject("declare: an ability the noun does not name")
    whose, j = take_np(args, 2)
    if j != len(args) or whose.noun not in _CARDS:
        raise Reject("declare: whose ability")
    return A.Action(V.USE, whose, (_DECLARED[kind.noun],), span=sp)


__all__ = ["declare_ability"]
