"""Relative clauses after a noun phrase: «, стоящее рядом с X», «, обладающее …», «, не
обладающее …», «, которое не передвигалось в этот ход», «, на котором находится X», «, рядом с
которой стоит X», «, с которым сражается X» → the noun phrase's post-modifier items (qualifier
strings, Relations, a Condition).  Moved out of frames_select (module size); it registers itself
there as ``RELATIVE.items``."""
from __future__ import annotations

from berserk.vocab import ConditionKind as C
from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from grammar.frames_base import LATE, Reject
from grammar.frames_select import RELATIVE, SELF, STOOD_IS_LAST, np_posts, selector, take_np, take_np_list
from grammar.frames_words import PAST_END, joined, with_list, without_list
from grammar.parts import NP, P


_PLACE_VERBS = ("stand", "occupy", "located")


def _past_place(parts: list) -> bool:
    """A verb of place in the past («которые стояли …», «которую занимало X»): where a card stood
    before, read as the present only in a death's effects (the dead card's last place, as the
    participle «стоявшие»: ``STOOD_IS_LAST``); elsewhere the relative is not read (F12)."""
    return not STOOD_IS_LAST.get() and any(
        isinstance(q, P) and q.kind == "verb" and q.v.get("lemma") in _PLACE_VERBS
        and PAST_END.search(q.v.get("word") or "") for q in parts)


def _left_by(parts: list, p: P) -> list | None:
    """«клетка, которую занимало это существо» (past, outside a death's effects): the place the
    card stood on before it moved — ``Relation(left_by, X)``, not where it stands now; any
    other past relative of place is not read."""
    if len(parts) < 2 or not isinstance(parts[0], P) or parts[0].kind != "verb" \
            or parts[0].v["lemma"] != "occupy" or parts[0].v["neg"]:
        return None
    try:
        who, j = take_np(parts, 1)
    except Reject:
        return None
    return [A.Relation(R.LEFT_BY, who, span=p.span)] if j == len(parts) else None


def rel_items(p: P) -> list | None:
    """«, стоящее рядом с X», «, обладающее выстрелом или метанием», «, которое не
    передвигалось в этот ход» → post-modifier items; None when the clause is not one we know."""
    cl = p.v.get("clause")
    parts = list(cl.parts) if cl is not None else []
    if p.kind != "rel_part" and _past_place(parts):
        return _left_by(parts, p)
    if p.kind == "rel_part":
        part = p.v["part"]
        if p.v.get("neg") and part == "having" and parts and isinstance(parts[0], (NP, P)):
            try:
                got, j = without_list(parts, 1, parts[0], either_ok=True)      # «, не обладающее полётом»
            except Reject:
                return None
            return got if j == len(parts) else None
        if p.v.get("neg") and part == "moved" and len(parts) == 1 and isinstance(parts[0], P) \
                and parts[0].kind == "turnref" and parts[0].v == "this_turn":
            return [A.Condition("moved", ("this_turn",), True, span=p.span)]    # «, не перемещавшееся в этот ход»
        if p.v.get("neg"):
            return None
        if part in ("standing", "located") or (part == "stood" and STOOD_IS_LAST.get()):
            return np_posts(parts) or None
        if part == "being_v" and len(parts) == 2 and isinstance(parts[0], NP) and parts[0].noun in ("host", "parasite") \
                and not parts[0].adjs and isinstance(parts[1], NP) and not parts[1].adjs and not parts[1].count:
            # «существо, являющееся хозяином паразита»: the host of some parasite
            try:
                whose = selector(parts[1])
            except Reject:
                return None
            rel = R.HOST_OF if parts[0].noun == "host" else R.PARASITE_OF
            return [A.Relation(rel, whose, span=p.span)]
        if part == "moved" and len(parts) == 1 and isinstance(parts[0], P) and parts[0].kind == "turnref" \
                and parts[0].v == "this_turn":
            # «существа, перемещавшиеся в этот ход»
            return [A.Condition("moved", ("this_turn",), span=p.span)]
        if part == "entered" and len(parts) == 3 and isinstance(parts[0], P) and parts[0].kind == "prep" \
                and parts[0].v == "v" and isinstance(parts[1], NP) and parts[1].noun == "game" \
                and not parts[1].adjs and isinstance(parts[2], P) and parts[2].kind == "turnref" \
                and parts[2].v == "this_turn":
            # «существа, вышедшие в игру в этот ход» («Берсерк. Герои»): new this turn
            return [Q.NEW]
        if part == "having" and parts and isinstance(parts[0], (NP, P)):
            try:
                got, j = with_list(parts, 1, parts[0])
            except Reject:
                return None
            return got if j == len(parts) else None
        return None
    heads = [t for t in p.v.get("toks", ()) if t[0] not in ("RCOMMA", "WHICH")]
    if heads == [("PREP", "s")] and len(parts) >= 1 and isinstance(parts[0], P) and parts[0].kind == "verb" \
            and parts[0].v["lemma"] == "fight" and not parts[0].v["neg"]:
        # «существо, с которым сражается [X]»: the card's (or X's) opponent in the fight
        who = SELF
        if len(parts) > 1:
            try:
                who, j = take_np(parts, 1)
            except Reject:
                return None
            if j != len(parts):
                return None
        return [A.Relation(R.FIGHTS_WITH, who, span=p.span)]
    if heads == [("PREP", "na")] and len(parts) == 3 and isinstance(parts[0], NP) and isinstance(parts[1], P) \
            and parts[1].kind == "verb" and parts[1].v["lemma"] == "move" and not parts[1].v["neg"] \
            and parts[1].v["form"] == "other" and isinstance(parts[2], P) and parts[2].kind == "turnref" \
            and parts[2].v == "this_turn":
        # «клетки, на которые X перемещался в этот ход»: the cells X entered this turn
        try:
            who, j = take_np(parts, 0)
        except Reject:
            return None
        return [A.Relation(R.ENTERED_BY, who, span=p.span)] if j == 1 else None
    if heads == [("PREP", "na")] and len(parts) == 2 and isinstance(parts[0], P) and parts[0].kind == "is" \
            and isinstance(parts[1], NP) and parts[1].noun == "counter" and parts[1].kind == "noun" \
            and not parts[1].adjs and not parts[1].opp and parts[1].count in (None, ("n", 1)) or (
                heads == [("PREP", "na")] and len(parts) == 2 and isinstance(parts[0], P) and parts[0].kind == "is"
                and isinstance(parts[1], NP) and parts[1].noun == "counter" and parts[1].count
                and parts[1].count[0] == "or_more" and isinstance(parts[1].count[1], int) and not parts[1].adjs):
        # «существо, на котором есть {counter}» («… 2 или более {counter}»): the selected card has them
        least = parts[1].count[1] if parts[1].count and parts[1].count[0] == "or_more" else None
        return [A.Condition(C.HAS_COUNTERS, (least,) if least else (), span=p.span)]
    if heads == [("PREP", "na")] and len(parts) == 2 and isinstance(parts[0], P) and parts[0].kind == "no" \
            and isinstance(parts[1], NP) and parts[1].noun == "counter" and parts[1].kind == "noun" \
            and not parts[1].adjs and not parts[1].opp and parts[1].count is None:
        # «существо, на котором нет {counter}»: the selected card has none
        return [A.Condition(C.HAS_COUNTERS, (), True, span=p.span)]
    if heads == [("PREP", "na")] and len(parts) >= 2 and isinstance(parts[0], P) and parts[0].kind == "verb" \
            and parts[0].v["lemma"] == "located" and not parts[0].v["neg"] and isinstance(parts[1], NP):
        # «существо, на котором находится X»: only a parasite / symbiote lies on a creature
        try:
            who, j = take_np(parts, 1)
        except Reject:
            return None
        return [A.Relation(R.HOST_OF, who, span=p.span)] if j == len(parts) else None
    if heads:
        return _relative_position(heads, parts, p)
    if len(parts) == 3 and isinstance(parts[0], NP) and parts[0].kind in ("pron", "self") \
            and isinstance(parts[1], P) and parts[1].kind == "verb" and parts[1].v["lemma"] == "defend" \
            and not parts[1].v["neg"] and isinstance(parts[2], NP) and parts[2].noun == "defender":
        # «существо, которому он выступает защитником»: «он» is the card the ability is about
        return [A.Relation(R.DEFENDED_BY, SELF, span=p.span)]
    if len(parts) >= 2 and isinstance(parts[0], P) and parts[0].kind == "verb" \
            and parts[0].v["lemma"] == "occupy" and not parts[0].v["neg"]:
        # «клетка, которую занимало это существо»
        try:
            who, j = take_np(parts, 1)
        except Reject:
            return None
        return [A.Relation(R.OCCUPIED_BY, who, span=p.span)] if j == len(parts) else None
    try:
        c = LATE.cond_clause(parts, None)
    except Reject:
        return None
    return [A.Condition(c.what, c.params, c.negated, c.subject, span=p.span)]


_REL_ADV = {("near",): R.ADJACENT, ("opposite",): R.OPPOSITE, ("behind",): R.BEHIND,
            ("left", "right"): R.LEFT_RIGHT, ("right", "left"): R.LEFT_RIGHT}


def _relative_position(heads: list, parts: list, p: P) -> list | None:
    """«клетка, рядом с которой стоит X» → Relation(adjacent, X); «карты, по обе стороны
    (слева и справа) от которых нет X» → a condition: no such card (``Selector(it)`` inside a
    selector's condition is the selected card itself)."""
    advs = tuple(v for t, v in heads if t == "ADV")
    what = _REL_ADV.get(advs)
    if what is None or not parts:
        return None
    q0 = parts[0]
    if isinstance(q0, P) and q0.kind == "verb" and q0.v["lemma"] in ("stand", "located") and not q0.v["neg"]:
        try:
            sels, j, joiner = take_np_list(parts, 1)
        except Reject:
            return None
        return [A.Relation(what, joined(sels, joiner), span=p.span)] if j == len(parts) else None
    if isinstance(q0, P) and q0.kind in ("no", "is"):
        try:
            sels, j, joiner = take_np_list(parts, 1)
        except Reject:
            return None
        if j != len(parts):
            return None
        rel = A.Relation(what, A.Selector(N.IT))
        found = [A.Selector(s.noun, s.side, s.qualifiers, s.count, s.relations + (rel,), s.condition,
                            s.members, span=s.span) for s in sels]
        return [A.Condition("exists", (joined(found, joiner),), q0.kind == "no", span=p.span)]
    return None


RELATIVE.items = rel_items

__all__ = ["rel_items"]
