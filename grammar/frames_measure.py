"""Measures: what a variable amount counts — «где X — <measure>» and the measures themselves
(«количество {counter} на X», «число ран, нанесённых X», «количество клеток, на которое
передвинулся X», «число <selector>», «величина / сумма [слабых] ударов X», «величина этого
удара», «величина {ovz} X», «стоимость показанной карты»).  A «(максимум N)» after a measure
bounds the variable."""
from __future__ import annotations

from berserk.vocab import AttackKind as K
from berserk.vocab import MeasureKind as M
from grammar import ast as A
from grammar.frames_base import ICON_KEYWORDS, LATE, Ctx, Reject, Tails, _span
from grammar.frames_select import joined, selector, take_np, take_np_list
from grammar.frames_words import attack_ref
from grammar.parts import NP, P


def where(p: P, ctx: Ctx, outer: Tails | None = None) -> A.Measure:
    """«где X — <measure>» → Measure; a «(максимум N)» / «(минимум N)» after the measure
    bounds the variable (it goes to the clause's ``outer`` tails)."""
    cl = p.v["clause"]
    tails = Tails()
    parts = LATE.strip_tails(list(cl.parts), ctx, tails) if ctx is not None else list(cl.parts)
    if tails.limit or tails.duration or tails.condition:
        raise Reject("measure tails")
    while parts and isinstance(parts[-1], P) and parts[-1].kind == "nomod":
        # «… без учёта элитности / модификаторов» without parentheses
        tails.notes.append("without_eliteness" if "элитн" in (parts[-1].v or "") else "without_modifiers")
        parts = parts[:-1]
    if parts and isinstance(parts[0], P) and parts[0].kind == "verb" and parts[0].v["lemma"] == "equal" \
            and not parts[0].v["neg"]:
        parts = parts[1:]                          # «где X равно числу …»: the same as «где X — число …»
    got = measure(parts, tails)
    if outer is not None:
        for bound in ("maximum", "minimum"):
            if getattr(tails, bound) is not None and getattr(outer, bound) is None:
                setattr(outer, bound, tails.use(bound))
        if tails.named is not None and outer.named is None:
            # «…, где X — величина удара (воздействие «…»)»: the name of the clause's effect
            outer.named = tails.use("named")
    tails.check()
    return got


def measure(parts: list, tails: Tails | None = None) -> A.Measure:
    """«количество {counter} на X», «число ран, нанесённых X», «количество клеток, на которое
    передвинулся X в этот ход», «число <selector>», «величина / сумма [слабых] ударов X»,
    «стоимость показанной карты» → Measure."""
    if not parts or not isinstance(parts[0], NP):
        raise Reject("measure")
    head, rest = parts[0], parts[1:]
    n = head.noun
    sp = _span(parts)
    params: tuple = ("base",) if tails is not None and tails.note("without_modifiers") else ()
    if n in ("amount", "number") and len(rest) == 2 and isinstance(rest[0], NP) and rest[0].noun == "unit" \
            and set(rest[0].adjs) <= {"remaining"} and isinstance(rest[1], P) and rest[1].kind == "icon_kw" \
            and rest[1].v == "armor" and not params:
        return A.Measure(M.ARMOR, span=sp)         # «количество оставшихся единиц {armor}»
    if n in ("amount", "number") and rest and isinstance(rest[0], NP) and not params:
        what, tail = rest[0], rest[1:]
        if what.noun == "inc_token" and not what.adjs:
            return A.Measure(M.TOKENS, _holder(tail), params=("kind:incarnation",), span=sp)
        if what.noun == "counter" and set(what.adjs) <= {"spent"}:
            kind = M.SPENT_COUNTERS if "spent" in what.adjs else M.COUNTERS
            return A.Measure(kind, _holder(tail), span=sp)
        if what.noun == "wound" and not what.adjs:
            dealer = _dealer(tail)
            if dealer is not None:
                return A.Measure(M.WOUNDS_DEALT, dealer, span=sp)
            return A.Measure(M.WOUNDS, _holder(tail), span=sp)
        if what.noun in ("life", "stat:health") and not what.adjs and not head.adjs:
            # «число жизней Лиры / у Лиры», «количество {health} выбранного существа» («текущее»:
            # printed or current is not told apart here — Opaque)
            return A.Measure(M.LIFE, _whose(tail), span=sp)
        if what.noun == "cell" and not what.adjs:
            of, tags = _moved_clause(tail)
            return A.Measure(M.CELLS_MOVED, of, params=tags, span=sp)
        if what.noun == "card" and "shown" in what.adjs and not tail:
            return A.Measure(M.CARDS_SHOWN, span=sp)
        if what.noun in ("creature", "card") or what.kind == "elided" or (what.noun or "").startswith("cls:"):
            sels, j, joiner = take_np_list(rest, 0)
            if j != len(rest):
                raise Reject("measure tail")
            return A.Measure(M.COUNT, joined(sels, joiner), span=sp)
    if n in ("magnitude", "value") and not head.adjs and 1 <= len(rest) <= 2 and isinstance(rest[-1], P) \
            and rest[-1].kind == "icon_kw" and ":" not in rest[-1].v and not params:
        # «величина их {ovz}», «значение {armor}»: the number of a keyword (of whom)
        of = None
        if len(rest) == 2:
            if not isinstance(rest[0], NP):
                raise Reject("keyword value of whom")
            of = selector(rest[0])
        return A.Measure(M.KEYWORD_VALUE, of, params=(ICON_KEYWORDS[rest[-1].v],), span=sp)
    if n in ("magnitude", "value") and len(rest) == 1 and isinstance(rest[0], NP) and rest[0].adjs == ("this",) \
            and (rest[0].noun or "").startswith("atk:") and not params and not rest[0].count:
        # «величина этого удара»: the attack the ability is about
        kinds, _s = attack_ref(NP("noun", rest[0].noun))
        tags = ((kinds[0],) if kinds[0] != K.STRIKE else ()) + ("this_strike",)
        return A.Measure(M.STRIKE_VALUE, params=tags, span=sp)
    if (n == "poison" and not head.adjs and not head.count and rest and not params) or (
            n in ("magnitude", "value") and not head.adjs and len(rest) >= 2 and isinstance(rest[0], NP)
            and rest[0].noun == "poison" and not rest[0].adjs and not rest[0].count and not params):
        # «отравление выбранного существа», «величина отравления на атакованном»: how much poison it has
        tail = rest if n == "poison" else rest[1:]
        return A.Measure(M.POISON, _holder(tail), span=sp)
    if n in ("magnitude", "value", "amount") and rest and isinstance(rest[0], NP):
        kinds, strengths = attack_ref(rest[0])
        if len(kinds) != 1:
            raise Reject("measure kinds")
        of = None
        j = 1
        if len(rest) > 1:
            sels, j, joiner = take_np_list(rest, 1)
            of = joined(sels, joiner)
        if j != len(rest):
            raise Reject("measure tail")
        kind = M.SUM_STRIKE_VALUE if n == "amount" else M.STRIKE_VALUE
        tags = ((kinds[0],) if kinds[0] != K.STRIKE else ()) + params
        return A.Measure(kind, of, strengths[0] if strengths else None, tags, span=sp)
    if n == "cost" and len(rest) == 1 and isinstance(rest[0], NP) and "shown" in rest[0].adjs and not params:
        tags = ("without_eliteness",) if tails is not None and tails.note("without_eliteness") else ()
        return A.Measure(M.SHOWN_CARD_COST, params=tags, span=sp)
    if n == "cost" and not head.adjs and rest and isinstance(rest[0], NP) and not params:
        return A.Measure(M.COST, _whose(rest), span=sp)      # «стоимость Лиры / выбранного существа»
    raise Reject("measure")


def _whose(tail: list) -> A.Selector:
    """«<кого-род. п.>» or «у <кого>» after a measure's noun: whose it is (all of the tail)."""
    j0 = 1 if tail and isinstance(tail[0], P) and tail[0].kind == "prep" and tail[0].v == "u" else 0
    if j0 >= len(tail) or not isinstance(tail[j0], NP):
        raise Reject("measure of whom")
    sel, j = take_np(tail, j0)
    if j != len(tail):
        raise Reject("measure of whom: tail")
    return sel


def _holder(tail: list) -> A.Selector | None:
    """«на <X>» after «количество {counter} / ран», or X in the genitive («количество ран
    атакованного»: the wounds it has)."""
    if not tail:
        return None
    if len(tail) >= 2 and isinstance(tail[0], P) and tail[0].kind == "prep" and tail[0].v == "na":
        sel, j = take_np(tail, 1)
        if j == len(tail):
            return sel
    if isinstance(tail[0], NP) and tail[0].kind != "quoted":
        sel, j = take_np(tail, 0)
        if j == len(tail):
            return sel
    raise Reject("measure holder")


def _dealer(tail: list) -> A.Selector | None:
    """«ран, нанесённых X» (the lexer reads «нанесённых» as an adjective of X)."""
    t = [q for q in tail if not (isinstance(q, P) and q.kind == "lcomma")]
    if len(t) == 1 and isinstance(t[0], NP) and "dealt" in t[0].adjs:
        np = t[0]
        rest = tuple(a for a in np.adjs if a != "dealt")
        return selector(NP(np.kind, np.noun, rest, np.count, np.name, np.opp, np.span, np.text))
    if len(t) == 2 and isinstance(t[0], NP) and t[0].kind == "elided" and t[0].adjs == ("dealt",) \
            and isinstance(t[1], NP):
        return selector(t[1])
    return None


def _moved_clause(tail: list) -> tuple[A.Selector | None, tuple]:
    """«(клеток), на которое передвинулся X в этот ход» → (X, ("this_turn",))."""
    if not tail:
        return None, ()
    if len(tail) != 1 or not isinstance(tail[0], P) or tail[0].kind != "rel_which":
        raise Reject("cells moved by whom")
    parts = list(tail[0].v["clause"].parts)
    if not parts or not (isinstance(parts[0], P) and parts[0].kind == "verb" and parts[0].v["lemma"] == "move"
                         and not parts[0].v["neg"]):
        raise Reject("cells moved verb")
    of = None
    tags: list = []
    for q in parts[1:]:
        if isinstance(q, NP) and of is None:
            of = selector(q)
        elif isinstance(q, P) and q.kind == "turnref" and q.v == "this_turn":
            tags.append("this_turn")
        else:
            raise Reject("cells moved tail")
    return of, tuple(tags)


LATE.where = where

__all__ = ["measure", "where"]
