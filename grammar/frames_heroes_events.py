"""«Берсерк. Герои» trigger events: a player draws or discards a card, loses a coin («когда
<игрок> <глагол> <что>», H-G3: ``Trigger(draws / discards / coins_lost, subject=Selector(player /
opponent))``), an effect of strengthening is laid on a card.  Kept apart from
grammar/frames_trigger.py, which the other frames import: this module needs only the parts."""
from __future__ import annotations

from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar.frames_select import take_np
from grammar.parts import NP, P

#: (verb lemma, object noun) → the event of a player's action
PLAYER_EVENTS = {("discard", "card"): TE.DISCARDS, ("take", "card"): TE.DRAWS,
                 ("lose", "coin"): TE.COINS_LOST}


def player_event(lemma: str, subject: A.Selector | None, args: list) -> tuple[str, A.Selector] | None:
    """«когда вы сбрасываете карту», «когда противник берёт карту», «когда вы теряете монету»
    → (event, whose: Selector(player) / Selector(opponent)); None when it is not one."""
    if subject is None or subject.noun not in (N.PLAYER, N.OPPONENT) or subject.qualifiers \
            or len(args) != 1 or not isinstance(args[0], NP) or args[0].adjs or args[0].count:
        return None
    event = PLAYER_EVENTS.get((lemma, args[0].noun))
    if event is None:
        return None
    return event, A.Selector(subject.noun, span=subject.span)


def strengthened(lemma: str, subj: list, args: list) -> A.Selector | None | bool:
    """«когда на X кладут эффект усиления» → X (None: this card), False when it is not that."""
    if lemma != "put" or len(args) != 1 or not isinstance(args[0], NP) or args[0].noun != "fx_strengthen" \
            or len(subj) < 2 or not isinstance(subj[0], P) or subj[0].kind != "prep" or subj[0].v != "na":
        return False
    on, j = take_np(subj, 1)
    if j != len(subj):
        return False
    return on


__all__ = ["PLAYER_EVENTS", "player_event", "strengthened"]
