"""The verb frames of a condition clause («стоит …», «имеет раны», «перемещался …», «выступает
защитником», «атакован …», «выпало …», «показана …», «наносит …») and the state words of a
verbless one (``_state_of``), keyed by the verb's lemma in ``COND_VERBS``; ``frames_cond`` reads
the clause's shape and dispatches here.  Split from frames_cond (module size)."""
from __future__ import annotations

from berserk.vocab import ConditionKind as C
from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar.frames_base import QUALIFIERS, Reject
from grammar.frames_select import np_post, take_np
from grammar.frames_words import attack_ref, with_list
from grammar.parts import NP, P


def _cond(what, params=(), negated=False, subject=None, sp=A.NOSPAN) -> A.Condition:
    if subject is not None and subject.noun == N.SELF and not subject.qualifiers:
        subject = None                   # the card itself is the default subject
    return A.Condition(what, tuple(params), negated, subject, span=sp)


_WHICH = frozenset({"this", "chosen", "other", "each", "any", "own", "all"})


def _state_of(np: NP) -> tuple:
    """An adjective run or a noun phrase as a state: «закрыто» → ("closed",), «демон» →
    ("class:демон",), «элитная» → ("elite",)."""
    if np.kind == "elided" or (np.kind == "noun" and np.noun in ("creature", "card")):
        if not np.adjs or np.count or np.opp:
            raise Reject("state")
        if set(np.adjs) <= _WHICH:
            raise Reject("state: only which card")     # «если это существо …»: a subject, no state
        out = []
        for a in np.adjs:
            if a in QUALIFIERS:
                out.append(QUALIFIERS[a])
            elif a.startswith("el:"):
                out.append(f"{Q.ELEMENT}:{a[3:]}")
            else:
                raise Reject(f"state {a}")
        return tuple(out)
    if np.kind == "noun" and (np.noun or "").startswith("cls:"):
        if np.adjs or np.count or np.opp:
            raise Reject("state: a class with words of its own")    # («это демон»: frames_cond)
        return (f"{Q.CLASS}:{np.noun[4:]}",)
    if np.kind == "noun" and np.noun in ("host", "parasite", "defender"):
        return (np.noun,)
    if np.kind == "noun" and np.noun == "cost" and np.adjs in (("odd",), ("even",)) and not np.count:
        return (f"{Q.COST}:{np.adjs[0]}",)
    raise Reject("state noun")


_EVENTS = {"evt:death": TE.DEATH, "evt:move": TE.MOVE}


# ---------------------------------------------------------------- verb frames
def _shown(subject, args, neg, sp):
    """«если показана карта стоимостью 4 или менее» (after a prophecy): the shown card's
    qualifiers."""
    if subject is not None or neg or not args or not isinstance(args[0], NP) or args[0].noun != "card":
        raise Reject("shown what")
    sel, j = take_np(args, 0)
    if j != len(args) or sel.side is not None or sel.relations or sel.count or not sel.qualifiers:
        raise Reject("shown tail")
    return _cond(C.SHOWN_CARD, sel.qualifiers, False, None, sp)



def _have(subject, args, neg, sp):
    if len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "wound" and not args[0].adjs:
        params = count_minimum(args[0].count, neg)
        return _cond(C.UNWOUNDED if neg else C.WOUNDED, params, False, subject, sp)
    if len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "counter":
        return _cond(C.HAS_COUNTERS, count_minimum(args[0].count, neg), neg, subject, sp)
    if len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "poison" and not args[0].adjs \
            and not args[0].count and not args[0].opp:
        return _cond(C.IS, (Q.POISONED,), neg, subject, sp)     # «если X имеет отравление»
    if args and isinstance(args[0], (NP, P)) and not (isinstance(args[0], NP) and args[0].kind != "noun"):
        # «если X имеет {regen} / выстрел или метание»: as «X с …» (with:…)
        try:
            got, j = with_list(args, 1, args[0])
        except Reject:
            raise Reject("have condition") from None
        if j != len(args):
            raise Reject("have condition: tail")
        if subject is not None and subject.noun == N.CARD and subject.qualifiers == (Q.SHOWN,) \
                and not subject.relations and not subject.side and not neg:
            return _cond(C.SHOWN_CARD, tuple(got), sp=sp)     # «если показанная карта имеет …»
        return _cond(C.IS, tuple(got), neg, subject, sp)
    raise Reject("have condition")


def count_minimum(count, neg: bool) -> tuple:
    """The params of a wounds / counters condition from the noun's count: «имеет / есть 3 [или
    более] раны / {counter}» → (3,), at least that many (audit F22: «имеет N» dropped the
    number); none or one → ().  A count that is not «N» or «N или более», and «не имеет / нет
    2 ран» (fewer than two: no field), refuse."""
    if not count:
        return ()
    if count[0] not in ("n", "or_more") or not isinstance(count[1], int) or (neg and count[1] > 1):
        raise Reject("wounds / counters: count")
    return (count[1],) if count[1] > 1 else ()


def _stand(subject, args, neg, sp):
    """«стоит в вашем первом ряду», «стоит рядом с X», «стоит в центральном столбце»."""
    params: list = []
    i = 0
    while i < len(args):
        q = args[i]
        if isinstance(q, P) and q.kind == "even":
            i += 1
            continue
        hit = np_post(args, i)
        if hit:
            got, i = hit
            params.extend(got)
            continue
        raise Reject("stand condition")
    if not params or any(isinstance(x, tuple) for x in params):
        raise Reject("stand condition")
    return _cond(C.IS, params, neg, subject, sp)


_AXES = {"по горизонтали": "horizontal", "по вертикали": "vertical", "по диагонали": "diagonal"}


def _move(subject, args, neg, sp):
    """«перемещался в этот ход», «переместилась хотя бы на 2 клетки в одном направлении»."""
    params: list = []
    for q in args:
        if isinstance(q, P) and q.kind == "turnref" and q.v == "this_turn":
            params.append("this_turn")
        elif isinstance(q, P) and q.kind == "turnref" and q.v == "в прошлый ход противника":
            params.append("last_opponent_turn")         # «не двигалось в прошлый ход противника»
        elif isinstance(q, P) and q.kind in ("even", "and") or (isinstance(q, P) and q.kind == "prep" and q.v == "v"):
            continue
        elif isinstance(q, P) and q.kind == "amount" and q.v.isdigit():
            params.append(f"cells:{q.v}")
        elif isinstance(q, NP) and q.noun == "cell" and not q.adjs:
            continue
        elif isinstance(q, NP) and q.noun == "direction":
            if "different" in q.adjs:
                params.append("direction:different")
            elif set(q.adjs) <= {"same_one", "this"} or "одном" in q.text.lower():
                params.append("direction:same")
            else:
                raise Reject("direction")
        elif isinstance(q, P) and q.kind == "adv" and q.v == "в том же направлении":
            params.append("direction:same")
        elif isinstance(q, P) and q.kind == "adv" and q.v in _AXES:
            params.append(f"direction:{_AXES[q.v]}")       # «… на 1 клетку по горизонтали»
        else:
            raise Reject("move condition")
    return _cond(C.MOVED, params, neg, subject, sp)


def _defend(subject, args, neg, sp):
    if len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "defender" and not args[0].adjs:
        return _cond(C.DEFENDING, (), neg, subject, sp)
    raise Reject("defend condition")


def _get(subject, args, neg, sp):
    """«получало раны в этот ход [от X]»."""
    if not args or not (isinstance(args[0], NP) and args[0].noun == "wound"):
        raise Reject("get condition")
    params: list = []
    j = 1
    while j < len(args):
        q = args[j]
        if isinstance(q, P) and q.kind == "turnref" and q.v == "this_turn":
            params.append("this_turn")
            j += 1
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "ot" and j + 1 < len(args) and isinstance(args[j + 1], NP):
            # «от двух или более других выстрелов или метаний»
            first = args[j + 1]
            if first.count and first.count[0] in ("n", "or_more"):
                params.append(f"attacks:{first.count[1]}" + ("+" if first.count[0] == "or_more" else ""))
            if "other" in first.adjs:
                params.append("other")
            j += 1
            while j < len(args) and isinstance(args[j], NP):
                np = args[j]
                kinds, _ = attack_ref(NP(np.kind, np.noun, tuple(a for a in np.adjs if a != "other"),
                                        None, np.name, np.opp, np.span, np.text))
                params.extend(f"from:{k}" for k in kinds)
                j += 1
                if j + 1 < len(args) and isinstance(args[j], P) and args[j].kind in ("or", "lcomma") \
                        and isinstance(args[j + 1], NP):
                    j += 1
            continue
        raise Reject("got wounds tail")
    return _cond(C.GOT_WOUNDS, params, neg, subject, sp)


def _roll(subject, args, neg, sp):
    """«выпало 6», «выпало 4, 5 или 6», «выпало 1-2», «выпало 5 или больше», «выпало чётное
    число» → Condition(rolled, faces)."""
    vals: list[int] = []
    dash = False
    for q in args:
        if isinstance(q, P) and q.kind == "bare" and q.v.split(":", 1)[1].isdigit():
            n = int(q.v.split(":", 1)[1])
            if dash:                                    # «1-2»: the faces from … to …
                if not vals or n <= vals[-1]:
                    raise Reject("roll range")
                vals.extend(range(vals[-1] + 1, n))
                dash = False
            vals.append(n)
        elif isinstance(q, P) and q.kind == "unknown" and q.v == "-" and vals and not dash:
            dash = True
        elif isinstance(q, P) and q.kind in ("ormore", "orless") and vals and not dash:
            last = vals.pop()                           # «5 или больше» on a die: 5 and 6
            vals.extend(range(last, 7) if q.kind == "ormore" else range(1, last + 1))
        elif isinstance(q, NP) and q.noun == "number" and q.adjs in (("even",), ("odd",)) and not q.count \
                and not vals:
            vals.extend((2, 4, 6) if q.adjs == ("even",) else (1, 3, 5))     # «чётное число»
        elif isinstance(q, P) and q.kind in ("or", "and", "lcomma") or \
                (isinstance(q, P) and q.kind == "prep" and q.v == "na") or \
                (isinstance(q, NP) and q.noun == "die" and not q.adjs and not q.opp):
            continue                        # («на кубике противника»: whose die — refused)
        else:
            raise Reject("roll condition")
    if not vals or dash or any(v < 1 or v > 6 for v in vals) or len(set(vals)) != len(vals):
        raise Reject("roll values")
    return _cond(C.ROLLED, vals, neg, subject, sp)


def _attacked(subject, args, neg, sp):
    kinds: list = []
    for q in args:
        if isinstance(q, NP):
            k, s = attack_ref(q)
            if s:
                raise Reject("attacked by a strength")
            kinds.extend(k)
        elif not (isinstance(q, P) and q.kind in ("or", "and", "lcomma")):
            raise Reject("attacked condition")
    return _cond(C.ATTACKED_BY, kinds, neg, subject, sp)


def _deal(subject, args, neg, sp):
    """«(не) наносит ран», «наносит 2 или более раны» → Condition(dealt_wounds[, (min,)])."""
    if len(args) != 1 or not isinstance(args[0], NP) or args[0].noun != "wound" or args[0].adjs:
        raise Reject("deal condition")
    c = args[0].count
    if c and c[0] not in ("n", "or_more"):
        raise Reject("deal how many")
    return _cond(C.DEALT_WOUNDS, (c[1],) if c else (), neg, subject, sp)


def _destroy(subject, args, neg, sp):
    """«(если) уничтожил <карту> [в этот ход]» (a past act) → Condition(destroyed, (Selector[, this_turn]))."""
    args = list(args)
    tags: tuple = ()
    if args and isinstance(args[-1], P) and args[-1].kind == "turnref" and args[-1].v == "this_turn":
        tags, args = ("this_turn",), args[:-1]
    if not args or not isinstance(args[0], NP) or args[0].kind not in ("noun", "elided"):
        raise Reject("destroyed what")
    what, j = take_np(args, 0)
    if j != len(args):
        raise Reject("destroyed: tail")
    return _cond(C.DESTROYED, (what,) + tags, neg, subject, sp)


def _is(subject, args, neg, sp):
    if len(args) == 2 and isinstance(args[0], NP) and args[0].kind == "noun" and args[0].noun in ("host", "parasite") \
            and not args[0].adjs and not args[0].count and not args[0].opp and isinstance(args[1], NP) \
            and args[1].kind in ("noun", "self", "ref") and not args[1].count:
        # «пока является хозяином симбиота / симбиоту»: the host of such a card (was: «хозяином»
        # alone, the rest read as another clause's subject)
        whose, j = take_np(args, 1)
        if j != len(args):
            raise Reject("is host of: tail")
        rel = R.HOST_OF if args[0].noun == "host" else R.PARASITE_OF
        return _cond(C.IS, (A.Relation(rel, whose, span=args[1].span),), neg, subject, sp)
    if len(args) == 1 and isinstance(args[0], NP):
        return _cond(C.IS, _state_of(args[0]), neg, subject, sp)
    raise Reject("is condition")


COND_VERBS = {
    "have": _have, "stand": _stand, "located": _stand, "move": _move, "defend": _defend,
    "get": _get, "roll_result": _roll, "attack": _attacked, "is_v": _is, "show": _shown, "deal": _deal,
    "destroy": _destroy,
}


__all__ = ["COND_VERBS", "_cond", "_state_of"]
