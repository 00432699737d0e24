"""«Берсерк. Герои» trigger events: a player draws or discards a card, loses a coin («когда
<игрок> <глагол> <что>», H-G3: ``Trigger(draws / discards / coins_lost, subject=Selector(player /
opponent))``), an effect of strengthening is laid on a card.  Kept apart from
grammar/frames_trigger.py, which the other frames import: this module needs only the parts."""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import Verb as V
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


def prevention(trig: A.Trigger, effects: list, limit, span) -> A.Static | None:
    """«Каждый раз, когда X получает раны, предотвратите N из них»: prevention is an effect of a
    static ability applied to the wounds being dealt (heroes-15 516.1, 516.5), not a triggered
    ability that would come after them → ``Static((Action(prevent_wounds, target=X [all] / self,
    amount=N),))``.  None for every other trigger."""
    if trig.event != TE.WOUNDED or limit is not None or len(effects) != 1 or trig.cause is not None:
        return None
    e = effects[0]
    if not isinstance(e, A.Action) or e.verb != V.PREVENT_WOUNDS or e.params or e.by is not None \
            or e.duration is not None or e.target is None or e.target.noun != N.IT:
        return None
    count = e.target.count
    n = e.amount.value if isinstance(e.amount, A.Fixed) else (count[0] if count and count[0] == count[1] else None)
    if not isinstance(n, int) or e.target.qualifiers or e.target.relations:
        return None
    whom = trig.subject
    if whom is None or whom.noun == N.SELF:
        whom = A.Selector(N.SELF, span=trig.span)
    elif Q.ALL not in whom.qualifiers:
        whom = replace(whom, qualifiers=tuple(q for q in whom.qualifiers if q != Q.CHOSEN) + (Q.ALL,))
    return A.Static((A.Action(V.PREVENT_WOUNDS, whom, amount=A.Fixed(n, span=e.span), span=e.span),),
                    span=span)
