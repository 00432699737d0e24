"""Verbs about attacks and what they ignore: «{strike} по X сводятся к слабому» / «свести удар X
к сильному» (reduce_to / set_strength), «уменьшить величину удара на N» (reduce_strike),
«X наносит по Y {strike}» (forced_attack), «отражает {strike} как открытая карта» (reflect),
«игнорирует X / особенности X / особенности, обязывающие …» (ignore).  Each frame reads its
arguments itself: an attack noun is not an object the generic frame (``frames_verbs``) places."""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import STRENGTH, Reject, _span, dmg
from grammar.frames_quality import attack_targets, define_x, qualities
from grammar.frames_select import joined, take_np, take_np_list
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


# the last word of a noun phrase in the dative: «существу», «карте», «существам», «ему», «себе»
_DATIVE = re.compile(r"(?:у|ю|е|и|ам|ям)$")
_NOT_DATIVE = re.compile(r"(?:ое|ее|ые|ие|ом|ем)$")
_DATIVE_PRONOUNS = frozenset({"ему", "ей", "им", "нему", "ней", "ним", "себе"})
_DATIVE_ADJ = re.compile(r"(?:ому|ему|ой|ей|ым|им)$")


def _dative(np: NP) -> bool:
    """Is the noun phrase in the dative (to whom wounds are dealt / healed)?"""
    words = np.text.lower().replace("ё", "е").split()
    if np.opp and words:
        words = words[:-1]
    if not words:
        return False
    if np.kind == "pron" or words[-1] in _DATIVE_PRONOUNS:
        return words[-1] in _DATIVE_PRONOUNS
    if np.kind == "elided":
        return bool(_DATIVE_ADJ.search(words[-1]))
    return bool(_DATIVE.search(words[-1])) and not _NOT_DATIVE.search(words[-1])


def wounds_to(v, subject, parts, ctx, tails, sp, heal: bool = False):
    """«нанести / нанесите N ран X-у», «X наносит N ран Y-у», «излечите X-у N ран» → Wound /
    Heal(target=the dative, amount=N); None when the clause has no «N ран» object.  Who deals
    them must be the card itself (Wound has no source): another card's wounds refuse."""
    # «по N ран(е) каждому»: distributive — each recipient gets N, which is what Wound(all, N) says
    parts = [q for k, q in enumerate(parts) if not (
        isinstance(q, P) and q.kind == "prep" and q.v == "po" and k + 1 < len(parts)
        and isinstance(parts[k + 1], NP) and parts[k + 1].noun == "wound" and parts[k + 1].count
        and parts[k + 1].count[0] == "n")]
    wounds = [k for k, q in enumerate(parts) if isinstance(q, NP) and q.noun == "wound"
              and not (k and isinstance(parts[k - 1], P) and parts[k - 1].kind == "prep")]   # not «от ран»
    if not wounds:
        return None
    if len(wounds) > 1:
        # «нанесите 2 раны X-у и 1 рану Y-у»: one Wound per «N ран X-у», in order
        cuts = [k for k, q in enumerate(parts) if isinstance(q, P) and q.kind in ("and", "lcomma")
                and any(w > k for w in wounds) and any(w < k for w in wounds)]
        bounds = list(zip([-1] + cuts, cuts + [len(parts)]))
        pieces = [parts[lo + 1:hi] for lo, hi in bounds]
        if len(pieces) != len(wounds) or any(sum(1 for w in wounds if lo < w < hi) != 1 for lo, hi in bounds):
            raise Reject("wounds twice")
        steps = [wounds_to(v, subject, piece, ctx, tails, _span(piece), heal) for piece in pieces]
        if any(x is None for x in steps):
            raise Reject("wounds: a part without a number")
        return A.Sequence_(tuple(steps), span=sp)
    np = parts[wounds[0]]
    c = np.count
    if heal and c == ("all",) and not np.adjs and not np.opp:
        c = ("full",)                            # «излечите X-у все раны»: fully (no amount)
    elif not c or c[0] not in ("n", "x"):
        return None                              # «суммарно до N ран» (Heroes), «раны»: other frames
    if set(np.adjs) - {"extra"} or np.opp or np.name:
        raise Reject("which wounds")             # («дополнительные»: as «получает N дополнительных ран»)
    if subject is not None and not (subject.noun == N.SELF or subject.qualifiers == (Q.THIS,)
                                    and subject.noun in (N.CREATURE, N.CARD) and subject.side is None
                                    and not subject.relations):
        raise Reject("wounds dealt by another card")
    if v["form"] not in ("inf", "imp", "3sg", "3pl"):
        raise Reject("wounds: verb form")
    rest = parts[:wounds[0]] + parts[wounds[0] + 1:]
    if not rest or not isinstance(rest[0], NP) or not _dative(rest[0]):
        raise Reject("wounds to whom")
    sels, j, joiner = take_np_list(rest, 0)
    if j != len(rest):
        raise Reject("wounds: tail")
    k = 0
    while k < len(rest):                          # every listed recipient in the dative
        if isinstance(rest[k], NP) and not _dative(rest[k]) and (k == 0 or isinstance(rest[k - 1], P)
                                                                and rest[k - 1].kind in ("and", "or", "lcomma")):
            raise Reject("wounds to whom")
        k += 1
    amount = None if c[0] == "full" else A.Fixed(c[1], span=np.span) if c[0] == "n" \
        else define_x(A.Variable("X", span=np.span), tails)
    target = joined(sels, joiner)
    return A.Heal(target, amount, span=sp) if heal else A.Wound(target, amount, span=sp)


def v_deal(v, subject, parts, ctx, tails, sp):
    """«X наносит по Y {strike}» → Action(forced_attack, by=X, target=Y, params=(kind,));
    «нанести N ран X-у» → Wound (``wounds_to``)."""
    dealt = wounds_to(v, subject, parts, ctx, tails, sp)
    if dealt is not None:
        return dealt
    kinds: list[str] = []
    target = None
    j = 0
    while j < len(parts):
        q = parts[j]
        if isinstance(q, P) and q.kind == "prep" and q.v == "po" and j + 1 < len(parts) \
                and isinstance(parts[j + 1], NP) and target is None:
            target, j = near_attacker(parts[j + 1], take_np(parts, j + 1), subject)
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


def near_attacker(np: NP, got: tuple, attacker) -> tuple:
    """«X наносит по стоящей рядом карте {strike}», «X атакует стоящее рядом существо»: a bare
    «стоящий рядом» (no «с Y») is next to the attacker X, not to the card with the ability — a
    strike reaches only a neighbour (``Relation(adjacent, it)``, «it» the attacker just named)."""
    sel, j = got
    if attacker is None or attacker.noun == N.SELF or "adj:near" not in np.adjs:
        return sel, j
    rels = tuple(A.Relation(r.what, A.Selector(N.IT, span=r.to.span), span=r.span)
                 if r.what == R.ADJACENT and r.to.noun == N.SELF and r.to.span == A.NOSPAN else r
                 for r in sel.relations)
    return replace(sel, relations=rels), j


def v_attack(v, subject, parts, ctx, tails, sp):
    """«выбранное существо атакует X простым ударом» (an effect: another card made to attack) →
    Action(forced_attack, by=the attacker, target=X, params=(kind,)), the shape of «X наносит по Y
    {strike}»; the card's own attack, an infinitive, a second target or kind refuse."""
    if v["form"] not in ("3sg", "3pl") or subject is None or subject.noun == N.SELF:
        raise Reject("attack: who")
    kinds: list[str] = []
    target = None
    j = 0
    while j < len(parts):
        q = parts[j]
        if isinstance(q, NP) and (q.noun or "").startswith("atk:") and q.noun != "atk:assault" and not q.count \
                and not kinds:
            k, s = attack_ref(q)
            if s or len(k) != 1:
                raise Reject("attack: kind")
            kinds, j = k, j + 1
            continue
        if isinstance(q, NP) and not (q.noun or "").startswith("atk:") and target is None:
            target, j = near_attacker(q, take_np(parts, j), subject)
            continue
        raise Reject("attack tail")
    if not kinds or target is None:
        raise Reject("attack: whom with what")
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
