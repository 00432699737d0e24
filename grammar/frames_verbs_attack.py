"""Verbs about attacks and what they ignore: «{strike} по X сводятся к слабому» / «свести удар X
к сильному» (reduce_to / set_strength), «уменьшить величину удара на N» (reduce_strike),
«X наносит по Y {strike}» (forced_attack), «отражает {strike} как открытая карта» (reflect),
«игнорирует X / особенности X / особенности, обязывающие …» (ignore).  Each frame reads its
arguments itself: an attack noun is not an object the generic frame (``frames_verbs``) places."""
from __future__ import annotations

from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import STRENGTH, Reject, dmg
from grammar.frames_quality import attack_targets, define_x, qualities
from grammar.frames_select import take_np
from grammar.frames_words import attack_ref
from grammar.parts import NP, P


def v_reduce_to(v, subject, parts, ctx, tails, sp, subj_parts=()):
    """«{strike} по X сводятся к N|слабому», «свести {strike} X к сильному»."""
    k = next((i for i, q in enumerate(parts) if isinstance(q, P) and q.kind == "prep" and q.v == "k"), None)
    if k is None or k + 1 >= len(parts) or k + 2 != len(parts):
        raise Reject("reduce_to without к")
    val = parts[k + 1]
    if isinstance(val, NP) and val.kind == "elided" and len(val.adjs) == 1 and val.adjs[0] in STRENGTH:
        value = STRENGTH[val.adjs[0]]
    elif isinstance(val, P) and val.kind == "bare" and val.v.split(":")[1].isdigit():
        value = int(val.v.split(":")[1])
    else:
        raise Reject("reduce_to value")
    head = list(subj_parts) + parts[:k]
    if not head or not isinstance(head[0], NP):
        raise Reject("reduce_to what")
    h = head[0]
    if (h.count and h.count[0] == "all") or {"own", "own_their"} & set(h.adjs):
        # «все удары …», «свой удар»: the attack itself
        head[0] = NP(h.kind, h.noun, tuple(a for a in h.adjs if a not in ("own", "own_their")), None,
                     h.name, h.opp, h.span, h.text)
    kinds, strengths, j = attack_targets(head, 0)
    whom = by = None
    while j < len(head):
        q = head[j]
        if isinstance(q, P) and q.kind == "prep" and q.v == "po" and j + 1 < len(head) and whom is None:
            whom, j = take_np(head, j + 1)
            continue
        if isinstance(q, NP) and by is None and whom is None and j == 1:
            by, j = take_np(head, j)          # «удары летающих существ»: whose attacks
            continue
        raise Reject("reduce_to tail")
    if strengths:
        raise Reject("reduce_to of a strength")
    verb = V.SET_STRENGTH if v["form"] == "inf" else V.REDUCE_TO
    if verb == V.SET_STRENGTH and (whom is not None or not isinstance(value, str)):
        raise Reject("set_strength form")
    target = by if verb == V.SET_STRENGTH else whom
    return A.Action(verb, target, (tuple(kinds) if len(kinds) > 1 else kinds[0], value),
                    by=by if verb == V.REDUCE_TO else None, span=sp)


def v_reduce(v, subject, parts, ctx, tails, sp):
    """«уменьшить величину выбранного удара на N» → Action(reduce_strike, target=the attack)."""
    if len(parts) == 3 and isinstance(parts[0], NP) and parts[0].noun == "magnitude" and not parts[0].adjs \
            and isinstance(parts[1], NP) and (parts[1].noun or "").startswith("atk:") \
            and isinstance(parts[2], P) and parts[2].kind == "amount":
        attack = take_np(parts, 1)[0]
        return A.Action(V.REDUCE_STRIKE, attack, amount=define_x(dmg(parts[2]), tails), by=subject,
                        span=sp)
    if len(parts) == 2 and isinstance(parts[0], NP) and (parts[0].noun or "").startswith("atk:") \
            and isinstance(parts[1], P) and parts[1].kind == "amount":
        # «ослабить <атаку> на N (минимум до M)»: the attack's value, not below M (a fixed
        # amount: the floor is the attack's, kept as a param)
        attack = take_np(parts, 0)[0]
        amount = define_x(dmg(parts[1]), tails)
        floor = tails.use("minimum") if isinstance(amount, A.Fixed) else None
        return A.Action(V.REDUCE_STRIKE, attack, (f"floor:{floor}",) if floor is not None else (),
                        amount=amount, by=subject, span=sp)
    raise Reject("reduce what")


def v_deal(v, subject, parts, ctx, tails, sp):
    """«X наносит по Y {strike}» → Action(forced_attack, by=X, target=Y, params=(kind,))."""
    kinds: list[str] = []
    target = None
    j = 0
    while j < len(parts):
        q = parts[j]
        if isinstance(q, P) and q.kind == "prep" and q.v == "po" and j + 1 < len(parts) \
                and isinstance(parts[j + 1], NP) and target is None:
            target, j = take_np(parts, j + 1)
            continue
        if isinstance(q, NP) and (q.noun or "").startswith("atk:"):
            k, s = attack_ref(q)
            if s:
                raise Reject("deal strengths")
            kinds += k
            j += 1
            continue
        raise Reject("deal tail")
    if len(kinds) != 1 or target is None:
        raise Reject("deal what")
    return A.Action(V.FORCED_ATTACK, target, (kinds[0],), by=subject, span=sp)


def v_reflect(v, subject, parts, ctx, tails, sp):
    """«отражает {strike} как открытая карта» (a closed card defends as an open one)."""
    if len(parts) == 3 and isinstance(parts[0], NP) and (parts[0].noun or "").startswith("atk:") \
            and isinstance(parts[1], P) and parts[1].kind == "as" and isinstance(parts[2], NP) \
            and parts[2].noun == "card" and parts[2].adjs == ("open",):
        kinds, strengths = attack_ref(parts[0])
        if strengths:
            raise Reject("reflect strengths")
        return A.Permission(V.REFLECT, subject if subject is not None and subject.noun != N.IT else None,
                            kinds=tuple(kinds), params=("as_open",), span=sp)
    raise Reject("reflect")


def v_ignore(v, subject, parts, ctx, tails, sp):
    """«игнорирует X»: what is ignored (protections, keywords) → Permission(ignore, …);
    «игнорирует особенности X» → Permission(ignore, target=X, params=("abilities",));
    «игнорирует особенности, что обязывают … целью <attack>» → the forced targeting."""
    if parts and isinstance(parts[0], NP) and parts[0].noun == "ability" and not parts[0].adjs:
        if len(parts) >= 2 and isinstance(parts[1], NP):
            target, j = take_np(parts, 1)
            if j == len(parts):
                return A.Permission(V.IGNORE, subject, target=target, params=("abilities",), span=sp)
        if len(parts) == 2 and isinstance(parts[1], P) and parts[1].kind == "rel_part" \
                and parts[1].v.get("part") == "obliging" and not parts[1].v.get("neg"):
            return _ignore_forced(subject, parts[1], sp)
        raise Reject("ignore which abilities")
    target = None
    if len(parts) >= 2 and isinstance(parts[0], P) and parts[0].kind == "icon_prot" and isinstance(parts[1], NP) \
            and parts[1].kind in ("noun", "elided", "self", "ref"):
        # «игнорирует {zoal} существ противника[, стоящих …]»: whose protection
        target, j = take_np(parts, 1)
        if j != len(parts):
            raise Reject("ignore whose: tail")
        parts = parts[:1]
    what = qualities(parts, ctx, tails)
    if any(isinstance(n, A.Choice) for n in what):
        raise Reject("ignore a choice")
    return A.Permission(V.IGNORE, subject, target=target, params=tuple(what), span=sp)


def _ignore_forced(subject, rel: P, sp):
    """«…, обязывающие выбирать целью <attack> какую-либо карту»."""
    inner = list(rel.v["clause"].parts) if rel.v.get("clause") is not None else []
    kinds: list[str] = []
    for q in inner:
        if isinstance(q, P) and q.kind == "verb" and q.v["lemma"] in ("choose", "select_as") and not q.v["neg"]:
            continue
        if isinstance(q, NP) and q.noun == "target" and not q.adjs:
            continue
        if isinstance(q, NP) and q.noun == "card" and set(q.adjs) <= {"any_which", "any"}:
            continue
        if isinstance(q, NP) and (q.noun or "").startswith("atk:"):
            k, s = attack_ref(q)
            if s:
                raise Reject("forced targeting strengths")
            kinds += k
            continue
        raise Reject("forced targeting")
    return A.Permission(V.IGNORE, subject, kinds=tuple(kinds), params=("forced_targeting",), span=sp)


__all__ = ["v_deal", "v_ignore", "v_reduce", "v_reduce_to", "v_reflect"]
