"""Conditions («если …», «пока …», a relative clause, a gerund phrase) and measures («где X —
…»): one interpreter for every place they occur.

A condition clause is read by its shape: existential («в вашем отряде есть X», «на нём нет
{counter}», «у X нет ран»), verbless state («пока летающее», «если атакованное существо
закрыто», «если показанная карта {elite}»), or subject + verb + arguments, dispatched on the
verb («стоит …», «имеет раны», «перемещался …», «выступает защитником», «атакован …»,
«выпало …»), or a modal («не может …», «должен …»).  The result is a ``Condition`` whose
``what`` is a ``ConditionKind`` and whose params the contract (docs/grammar.md) fixes per
kind."""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import ConditionKind as C
from berserk.vocab import MeasureKind as M
from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar.frames_base import LATE, VERB_IDS, Ctx, Reject, Tails, _is_pred, _span, dmg
from grammar.frames_select import joined, np_post, selector, subject_of, take_np, take_np_list
from grammar.frames_words import cost_items
from grammar.parts import NP, Clause, P
from grammar.frames_cond_verbs import _EVENTS, COND_VERBS, _cond, _state_of, count_minimum


def condition(p: P, ctx: Ctx, outer: Tails | None = None) -> A.Condition:
    """«если …» / «пока …» (a ctail part) → Condition; the notes of a parenthesis at its end
    («(вне зависимости от дальности)») belong to the clause it is a tail of (``outer``)."""
    cl: Clause = p.v["clause"]
    if cl is None:
        raise Reject("empty condition")
    parts = list(cl.parts)
    if outer is not None and ctx is not None and parts and isinstance(parts[-1], P) and parts[-1].kind == "paren":
        parts = LATE.lift_tails(parts, ctx, outer)
    c = cond_clause(parts, ctx)
    if p.kind == "while" and c.what == C.ANY and any(isinstance(q, P) and q.kind == "or" for q in parts):
        preds = [q for q in parts if isinstance(q, P) and q.kind in ("verb", "modal")]
        if preds and all(q.v.get("neg") for q in preds):
            # «пока X не A или не B»: until A or B happens — while neither has (both negations hold)
            c = A.Condition(C.ALL, c.params, c.negated, c.subject, span=c.span)
    return A.with_span(c, p.span)


def relational_complement(parts: list, cut: int) -> bool:
    """Is ``parts[cut]`` the complement of a «хозяин / паразит» just before it («является
    хозяином симбиоту | имеет …»)?  A cut there would make the complement a subject."""
    a, b = parts[cut - 1], parts[cut]
    return isinstance(a, NP) and a.kind == "noun" and a.noun in ("host", "parasite") and not a.adjs \
        and isinstance(b, NP) and b.kind in ("noun", "self", "ref") and not b.count


def cond_clause(parts: list, ctx: Ctx | None) -> A.Condition:
    sp = _span(parts)
    parts = [q for q in parts if not (isinstance(q, P) and q.kind == "adv" and q.v == "after_this")]
    while parts and isinstance(parts[-1], P) and parts[-1].kind == "lcomma":
        parts = parts[:-1]               # «если X открыт, — …»: the comma before the dash
    if not parts:
        raise Reject("empty condition")
    if isinstance(parts[0], P) and parts[0].kind == "gerund" and parts[0].v == "fighting" and len(parts) > 1 \
            and any(isinstance(q, P) and q.kind in ("verb", "modal") for q in parts[1:]):
        # «(если,) сражаясь, выбрасывает на кубике 6»: while fighting, and the rest
        fighting = A.Condition(C.EVENT, (A.Trigger(TE.FIGHTS, span=parts[0].span),), span=parts[0].span)
        return A.Condition(C.ALL, (fighting, cond_clause(parts[1:], ctx)), span=sp)
    if len(parts) >= 3 and isinstance(parts[0], P) and parts[0].kind == "prep" and parts[0].v == "u" \
            and isinstance(parts[1], NP) and not parts[1].adjs and not parts[1].count \
            and ((parts[1].kind == "pron" and parts[1].noun == "you") or (parts[1].noun == "opponent"
                                                                          and parts[1].kind == "noun")) \
            and not any(isinstance(q, P) and q.kind in ("verb", "modal", "and", "or") for q in parts):
        try:
            return _whose(Side.OWN if parts[1].kind == "pron" else Side.ENEMY, parts[2:], ctx, sp)
        except Reject:
            pass                         # «если у вас нет других существ»: the existential reads it
    if any(isinstance(q, P) and q.kind in ("is", "no") for q in parts):
        return _existential(parts, sp)
    if len(parts) >= 3 and any(isinstance(q, P) and q.kind in ("and", "or") for q in parts):
        compound = _compound(parts, ctx, sp)
        if compound is not None:
            return compound
    preds = [i for i, q in enumerate(parts) if isinstance(q, P) and q.kind in ("verb", "modal")]
    if not preds:
        return _verbless(parts, sp)
    i = preds[0]
    pred = parts[i]
    subj, args = parts[:i], parts[i + 1:]
    lemma = pred.v["lemma"]
    neg = pred.v.get("neg", False)
    if subj and isinstance(subj[0], P) and subj[0].kind == "adv" and subj[0].v in ("near", "opposite", "behind") \
            and lemma == "stand":
        return _near_stand(subj, args, neg, sp)
    if subj and isinstance(subj[0], P) and subj[0].kind == "prep" and subj[0].v == "v" and lemma == "stand" \
            and args and pred.kind == "verb":
        return _stands_in(subj, args, neg, sp)
    subject = subject_of(subj) if subj else None
    if pred.kind == "modal":
        return _modal(pred, parts[i + 1:], subject, sp)
    if lemma == "attack" and _ATTACKED.fullmatch(pred.v.get("word") or "") \
            and not (pred.v["word"].endswith("ли") and subject is not None and not subject.count
                     and Q.ALL not in subject.qualifiers):
        # «если X атаковало» (active, past): X attacked — no condition kind says it; read as
        # «атаковано» it meant the opposite.  A plural verb with a singular X is impersonal:
        # «если X атаковали» is X was attacked (below)
        raise Reject("attacked (active past)")
    if lemma == "attack" and pred.v["form"] == "3sg" and subject is not None and not args:
        # «если карта противника атакует»: the subject attacks (the passive «атакован» and the
        # impersonal «эту карту атакуют» say who is attacked)
        return _cond(C.ATTACKING, (), neg, subject, sp)
    if lemma == "attack" and pred.v["form"] in ("3sg", "3pl") and not pred.v["word"].startswith("атакован") \
            and args and isinstance(args[0], NP) and not (args[0].noun or "").startswith("atk:"):
        # «если Вепрь атакует закрытое существо»: the subject attacks that target
        sels, j, joiner = take_np_list(args, 0)
        if j != len(args):
            raise Reject("attacking whom: tail")
        return _cond(C.ATTACKING, (joined(sels, joiner),), neg, subject, sp)
    if lemma == "die" and pred.v["form"] == "other" and not args:
        # «если атакованный погиб» (past): it is dead now — in the graveyard
        return _cond(C.IS, (Q.DEAD,), neg, subject, sp)
    if lemma == "leave" and neg and pred.kind == "verb" and _FUTURE.fullmatch(pred.v["word"].lower()) \
            and len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "field" and not args[0].adjs \
            and not args[0].opp:
        # «пока X не покинет поле боя»: while X is on the battlefield
        return _cond(C.IS, (Q.ON_FIELD,), False, subject, sp)
    if lemma == "destroy" and (pred.kind != "verb" or pred.v["form"] != "other"):
        raise Reject("a destruction not in the past")         # «если уничтожит …»: still to come
    frame = COND_VERBS.get(lemma)
    if frame is None:
        raise Reject(f"condition verb {lemma}")
    c = frame(subject, args, neg, sp)
    if lemma == "move" and _FUTURE.fullmatch(pred.v["word"].lower()):
        # «пока X не переместится»: a move from now on (the effect's start), not this turn's
        if "this_turn" in c.params:
            raise Reject("a future move in this turn")
        c = A.Condition(c.what, ("since_effect",) + c.params, c.negated, c.subject, span=c.span)
    return c


#: perfective non-past forms («переместится», «покинет»): an event still to come
# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_ATTACKED = re.compile(r"атаковал[аои]?(?:сь)?")
_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"\S+")
_FUTURE = re.compile(r"перемест(?:ится|ятся)|покин(?:ет|ут)")


def _whose(side: str, rest: list, ctx, sp) -> A.Condition:
    """«у вас [на поле боя] 3 или более существа», «у противника …»: the cards counted are that
    player's (the rest read as a bare existential, its one selector given the side)."""
    c = cond_clause(rest, ctx)
    if c.what != C.EXISTS or c.subject is not None or len(c.params) != 1 \
            or not isinstance(c.params[0], A.Selector) or c.params[0].side not in (None, side) \
            or not set(c.params[0].qualifiers) & _PLACES:
        raise Reject("«у X» with a condition not about X's cards at a said place")
    return A.Condition(C.EXISTS, (replace(c.params[0], side=side),), c.negated, span=sp)


#: where «у вас» counts cards (the place must be said: «у вас 3 существа» is not read)
_PLACES = {Q.ON_FIELD, Q.IN_SQUAD, Q.IN_HAND, Q.IN_GRAVEYARD, Q.IN_DECK}


def _compound(parts: list, ctx, sp) -> A.Condition | None:
    """«A и B», «A или B» where both halves are conditions with a verb each."""
    for k, q in enumerate(parts):
        if isinstance(q, P) and q.kind in ("and", "or") and 0 < k < len(parts) - 1:
            left, right = parts[:k], parts[k + 1:]
            if not any(isinstance(x, P) and x.kind in ("verb", "modal") for x in left) or \
                    not any(isinstance(x, P) and x.kind in ("verb", "modal") for x in right):
                continue
            try:
                a, b = cond_clause(left, ctx), cond_clause(right, ctx)
            except Reject:
                continue
            if b.subject is None and a.subject is not None:
                b = A.Condition(b.what, b.params, b.negated, a.subject, span=b.span)
            return A.Condition(C.ALL if q.kind == "and" else C.ANY, (a, b), span=sp)
    return None


def _place_items(before: list) -> tuple[list, A.Selector | None, str | None]:
    """The place phrase of an existential: post-modifier items for the object, the card it is
    «на» / «у» (counters, wounds), and the squad side."""
    items: list = []
    holder = None
    j = 0
    while j < len(before):
        q = before[j]
        nxt = before[j + 1] if j + 1 < len(before) else None
        if isinstance(q, P) and q.kind == "prep" and q.v in ("na", "u") and isinstance(nxt, NP) \
                and nxt.kind in ("self", "pron", "noun", "elided") \
                and nxt.noun not in ("row", "cell", "field", "graveyard", "half"):
            holder, j = take_np(before, j + 1)
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "v" and isinstance(nxt, P) and nxt.kind == "bare" \
                and nxt.v == "NUMW:1" and j + 3 < len(before) and isinstance(before[j + 2], P) \
                and before[j + 2].kind == "prep" and before[j + 2].v == "iz" and isinstance(before[j + 3], NP) \
                and before[j + 3].noun == "squad" and not before[j + 3].adjs and not before[j + 3].opp:
            items.append(Q.IN_SQUAD)              # «в одном из отрядов»: in either squad
            j += 4
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "v" and isinstance(nxt, NP) and nxt.noun == "squad" \
                and not nxt.adjs and not nxt.opp and not nxt.count and holder is not None \
                and holder.noun in (N.PLAYER, N.OPPONENT):
            j += 2                                # «у противника в отряде»: whose squad, said by «у»
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "v" and isinstance(nxt, NP) and nxt.noun == "row":
            hit = np_post(before, j)
            if hit is None:
                raise Reject("existential row")
            got, j = hit
            items.extend(got)
            continue
        hit = np_post(before, j)
        if hit:
            got, j = hit
            items.extend(got)
            continue
        if isinstance(q, P) and q.kind in ("and", "also"):
            j += 1
            continue
        raise Reject("existential place")
    return items, holder, None


def _existential(parts: list, sp) -> A.Condition:
    """<place>* есть|нет <what>: «в вашем отряде есть X», «на X нет {counter}», «у X нет ран»,
    «рядом с X есть Y», «в первом ряду противника нет его карт»."""
    k = next(i for i, q in enumerate(parts) if isinstance(q, P) and q.kind in ("is", "no"))
    neg = parts[k].kind == "no"
    before, after = parts[:k], parts[k + 1:]
    if before and isinstance(before[0], NP) and before[0].noun in ("card", "creature") and after \
            and isinstance(after[0], P) and after[0].kind == "prep":
        before, after = after, before         # «карта с таким же именем есть в одном из отрядов»
    items, holder, _ = _place_items(before)
    at_least = False
    if len(after) >= 2 and isinstance(after[0], P) and after[0].kind == "even" and not neg \
            and isinstance(after[1], NP) and after[1].count and after[1].count[0] == "n":
        at_least, after = True, after[1:]          # «есть хотя бы одно / два …»: that many or more
    if not after:
        raise Reject("existential without object")
    first = after[0]
    if isinstance(first, NP) and first.noun in ("counter", "wound") and len(after) == 1 and not items:
        params = count_minimum(first.count, neg)     # «есть 3 [или больше] раны»: at least 3
        if first.noun == "counter":
            return _cond(C.HAS_COUNTERS, params, neg, holder, sp)
        return _cond(C.UNWOUNDED if neg else C.WOUNDED, params, False, holder, sp)
    if holder is not None and holder.noun in (N.PLAYER, N.OPPONENT) and not holder.qualifiers \
            and holder.side is None and not holder.relations:
        # «у вас нет других существ», «у противника есть летающие существа»: that player's cards
        side = Side.OWN if holder.noun == N.PLAYER else Side.ENEMY
        items, holder = items + [("side", side)], None
    if holder is not None:
        raise Reject("existential holder")
    sels, j, joiner = take_np_list(after, 0)
    if j != len(after):
        raise Reject("existential tail")
    if at_least and (len(sels) != 1 or sels[0].count is None or sels[0].count[0] != sels[0].count[1]):
        raise Reject("«хотя бы» over a list")    # (its number is a lower bound, as a bare one: _at_least)
    said = {x[1] for x in items if isinstance(x, tuple) and x[0] == "side"}
    if any(s.side is not None and s.side not in said for s in sels) and said:
        raise Reject("existential: whose cards, twice")          # «у противника нет ваших существ»
    sels = [_merge_posts(_at_least(s), items) for s in sels]
    return _cond(C.EXISTS, (joined(sels, joiner),), neg, None, sp)


def _at_least(sel: A.Selector) -> A.Selector:
    """In an existence condition a bare number is a lower bound: «если рядом есть два существа»,
    «пока рядом стоят три ваших существа» hold with three, four … (audit F9: was exactly N,
    so the bonus went off with more).  One → no count (exists at all)."""
    c = sel.count
    if c is not None and c[0] == c[1] and isinstance(c[0], int):
        return replace(sel, count=None if c[0] == 1 else (c[0], None))
    return sel


def _stands_in(place: list, args: list, neg: bool, sp) -> A.Condition:
    """«в вашем первом ряду стоит Вепрь [и два или более других ваших существа]»: the place
    first, then who stands there — the card itself is where it is (is), others exist there."""
    items, holder, _ = _place_items(place)
    if holder is not None or not items:
        raise Reject("stands where")
    sels, j, joiner = take_np_list(args, 0)
    if j != len(args) or (neg and len(sels) > 1):
        raise Reject("stands in: tail")
    conds = []
    for sel in sels:
        if sel.noun == N.SELF and not sel.qualifiers and not sel.relations:
            if not all(isinstance(i, str) for i in items):
                raise Reject("the card stands where")
            conds.append(_cond(C.IS, tuple(items), neg, None, sel.span))
        else:
            conds.append(_cond(C.EXISTS, (_merge_posts(_at_least(sel), items),), neg, None, sel.span))
    if len(conds) == 1:
        return A.Condition(conds[0].what, conds[0].params, conds[0].negated, span=sp)
    return A.Condition(C.ALL if joiner == "and" else C.ANY, tuple(conds), span=sp)


def _merge_posts(sel: A.Selector, items: list) -> A.Selector:
    quals = list(sel.qualifiers)
    rels = list(sel.relations)
    side = sel.side
    enemy_place = any((isinstance(q, str) and q.endswith(":enemy")) or q == ("side", Side.ENEMY) for q in items)
    if enemy_place and side is None and any(r.what == R.OF and r.to.noun == N.IT for r in rels):
        # «в первом ряду противника нет его карт»: «его» is the opponent just named (judge R14)
        rels = [r for r in rels if not (r.what == R.OF and r.to.noun == N.IT)]
        side = Side.ENEMY
    for q in items:
        if isinstance(q, A.Relation):
            rels.append(q)
        elif isinstance(q, tuple) and q[0] == "side":
            side = q[1]
        elif isinstance(q, str):
            quals.append(q)
        else:
            raise Reject("existential place item")
    return A.Selector(sel.noun, side, tuple(dict.fromkeys(quals)), sel.count, tuple(rels),
                      sel.condition, sel.members, span=sel.span)


def _comparison(parts: list, sp) -> A.Condition | None:
    """«у вас больше X, чем у противника», «на его половине больше Y, чем на вашей» (the same
    cards counted in two places, in our words) → Condition(count, (Measure(count,
    X here), ">", Measure(count, X there))): the same cards counted in two places."""
    k = next((i for i, q in enumerate(parts) if isinstance(q, P) and q.kind in ("more", "less")), None)
    t = next((i for i, q in enumerate(parts) if isinstance(q, P) and q.kind == "than"), None)
    if k is None or t is None or t < k + 2:
        return None
    what = [q for q in parts[k + 1:t] if not (isinstance(q, P) and q.kind == "lcomma")]
    if len(what) != 1 or not isinstance(what[0], NP):
        return None
    here, _h, _ = _place_items(parts[:k])
    there, _t, _ = _place_items(parts[t + 1:])
    here, there = _player_side(here, _h), _player_side(there, _t)      # «у вас … , чем у противника»
    if here is None or there is None or not here or not there:
        return None
    if _h is not None and _t is not None and not any(isinstance(x, str) for x in there):
        there = there + [x for x in here if isinstance(x, str)]     # «у вас на кладбище …, чем у противника»: there too
    base = selector(what[0])
    left = A.Measure(M.COUNT, _merge_posts(base, here), span=_span(parts[:t]))
    right = A.Measure(M.COUNT, _merge_posts(A.Selector(base.noun, None if any(
        isinstance(x, tuple) and x[0] == "side" for x in there) else base.side, base.qualifiers, base.count,
        base.relations, base.condition, base.members, span=base.span), there), span=_span(parts[t:]))
    op = ">" if parts[k].kind == "more" else "<"
    return _cond(C.COUNT, (left, op, right), sp=sp)


def _player_side(items: list, holder) -> list | None:
    """The place items of one side of a comparison with its «у вас / у противника» made the
    side; None when the holder is a card (not a player)."""
    if holder is None:
        return items
    if holder.noun in (N.PLAYER, N.OPPONENT) and set(holder.qualifiers) <= _PLACES and not holder.relations:
        # («у противника на поле боя»: the place read as the holder's post-modifier is the cards')
        return items + list(holder.qualifiers) + [("side", Side.OWN if holder.noun == N.PLAYER else Side.ENEMY)]
    return None


# where cards are: «в вашем отряде», «в первом ряду», «на кладбище» … (not «в строю с …»)
_PLACE_NOUNS = frozenset({"squad", "row", "field", "half", "graveyard", "hand", "deck", "column"})


def _verbless(parts: list, sp) -> A.Condition:
    """«пока летающее», «если атакованное существо закрыто», «если это демон», «если
    показанная карта {elite}», «(пока в строю с элитным существом)», «если X на кладбище»."""
    if len(parts) == 2 and isinstance(parts[0], NP) and isinstance(parts[1], NP) and "shown" in parts[0].adjs:
        if parts[0].count not in (None, ("n", 2)) or parts[0].opp or set(parts[0].adjs) != {"shown"}:
            raise Reject("which shown cards")
        both = ("both",) if parts[0].count == ("n", 2) else ()      # «обе показанные карты»
        return _cond(C.SHOWN_CARD, _state_of(parts[1]) + both, sp=sp)
    if len(parts) >= 3 and isinstance(parts[0], P) and parts[0].kind == "prep" and parts[0].v in ("v", "na") \
            and isinstance(parts[1], NP) and parts[1].noun in _PLACE_NOUNS and isinstance(parts[-1], NP) \
            and parts[-1].kind == "noun" and (parts[-1].noun in ("creature", "card") or (parts[-1].noun or "").startswith("cls:")) \
            and (not parts[-1].count or parts[-1].count[0] in ("n", "or_more", "or_less")):
        # «если в вашем отряде 3 или больше демонов»: «есть» left out — a count of cards there
        return _existential(parts[:-1] + [P("is", None, parts[-1].span)] + parts[-1:], sp)
    compared = _comparison(parts, sp)
    if compared is not None:
        return compared
    if len(parts) == 3 and isinstance(parts[0], P) and parts[0].kind == "prep" and parts[0].v == "u" \
            and isinstance(parts[1], NP) and isinstance(parts[2], NP) and parts[2].noun in ("stat:health", "life") \
            and parts[2].count and parts[2].count[0] in ("or_less", "or_more", "n") and not parts[2].adjs:
        # «(пока) у него 4 или менее {health}»
        c = parts[2].count
        name = {"or_less": Q.LIFE_MAX, "or_more": Q.LIFE_MIN, "n": "life"}[c[0]]
        if c[0] == "n":
            raise Reject("exactly N lives")
        return _cond(C.IS, (f"{name}:{c[1]}",), False, selector(parts[1]), sp)
    if len(parts) == 3 and isinstance(parts[0], P) and parts[0].kind == "prep" and (
            parts[0].v == "u" or (parts[0].v == "na" and isinstance(parts[2], NP) and parts[2].noun == "counter")) \
            and isinstance(parts[1], NP) and isinstance(parts[2], NP) and parts[2].noun in ("wound", "counter") \
            and parts[2].count and parts[2].count[0] == "or_more" and isinstance(parts[2].count[1], int) \
            and not parts[2].adjs:
        # «(если) у него 3 или больше ран / {counter}», «пока на нём 2 или более {counter}»: at least that many
        what = C.WOUNDED if parts[2].noun == "wound" else C.HAS_COUNTERS
        return _cond(what, (parts[2].count[1],), False, selector(parts[1]), sp)
    if len(parts) >= 3 and isinstance(parts[0], NP) and parts[0].kind in ("self", "pron", "noun", "ref") \
            and isinstance(parts[1], NP) and parts[1].kind == "noun" and parts[1].noun == "cost" \
            and not parts[1].adjs and not parts[1].count:
        # «если атакованное существо стоимостью 4 или больше»: its cost is the state
        got = cost_items(parts, 1)
        if got is not None and got[1] == len(parts) and all(q.partition(":")[2].isdigit() for q in got[0]):
            return _cond(C.IS, tuple(got[0]), False, selector(parts[0]), sp)
    subject = None
    j = 0
    if isinstance(parts[0], NP) and parts[0].kind in ("self", "pron", "noun", "ref") \
            and parts[0].noun not in ("formation",) and len(parts) > 1:
        subject, j = take_np(parts, 0) if parts[0].kind == "noun" else (selector(parts[0]), 1)
    if j == 0 and len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "elided" \
            and len(parts[0].adjs) > 1 and parts[0].adjs[0] in ("attacked", "attacker"):
        # «если атакованный ранен»: the role word is the subject, the rest its state
        np = parts[0]
        subject = A.Selector(N.ATTACKED if np.adjs[0] == "attacked" else N.ATTACKER, span=np.span)
        parts = [NP(np.kind, np.noun, np.adjs[1:], np.count, np.name, np.opp, np.span, np.text)]
    if j == 0 and len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "noun" \
            and (parts[0].noun or "").startswith("cls:") and parts[0].adjs == ("this",) \
            and not parts[0].count and not parts[0].opp:
        # «если это демон»: «это» is the subject — the card named before (the one just put in
        # the graveyard, revealed …), not an adjective of the class (audit F14: it was dropped,
        # and the condition tested the card that has the ability)
        return _cond(C.IS, (f"{Q.CLASS}:{parts[0].noun[4:]}",), False, A.Selector(N.IT), sp)
    params: list = []
    neg = False
    if j < len(parts) - 1 and isinstance(parts[j], P) and parts[j].kind == "neg":
        neg, j = True, j + 1                 # «пока не ранен»
    either = _either_state(parts[j:], subject, neg, sp)
    if either is not None:
        return either
    while j < len(parts):
        q = parts[j]
        if isinstance(q, P) and q.kind == "and" and params and j + 1 < len(parts) \
                and isinstance(parts[j + 1], NP) and parts[j + 1].kind == "elided":
            j += 1                           # «закрыто и ранено»: both states hold
            continue
        hit = np_post(parts, j)
        if hit:
            squad = isinstance(q, P) and q.kind == "prep" and q.v == "v" and isinstance(parts[j + 1], NP) \
                and parts[j + 1].noun == "squad"
            got, j = hit
            if squad:
                # «пока Орк в вашем отряде»: in play on its owner's side (in the opponent's: a
                # side the condition has no field for)
                if got != [("side", Side.OWN)]:
                    raise Reject("in whose squad")
                params.append(Q.IN_SQUAD)
                continue
            params.extend(x for x in got if not (isinstance(x, tuple) and x[0] == "side"))
            continue
        if isinstance(q, NP):
            params.extend(_state_of(q))
            j += 1
            continue
        if isinstance(q, P) and q.kind == "icon_unknown":
            params.append(A.Unknown(q.v, span=q.span))      # «{lost}»: not guessed
            j += 1
            continue
        raise Reject("verbless condition")
    if not params:
        raise Reject("verbless condition")
    if params == [Q.WOUNDED]:
        # «если ранен» / «пока не ранен»: the card (or the subject) has wounds / has none
        return _cond(C.UNWOUNDED if neg else C.WOUNDED, (), False, subject, sp)
    if neg and len(params) == 1 and isinstance(params[0], str) and not params[0].startswith(Q.ROW):
        # «если атакованное существо не летающее», «пока не закрыто»: one state that does not hold
        return _cond(C.IS, tuple(params), True, subject, sp)
    if neg:
        raise Reject("negated state")
    if subject is not None and subject.noun == N.CARD and subject.count == (2, 2) and not subject.qualifiers:
        # «если обе карты {ordinary}» (after «пророчество 2»): both shown cards
        return _cond(C.SHOWN_CARD, tuple(params) + ("both",), False, None, sp)
    if subject is not None and subject.relations and not subject.qualifiers and subject.noun == N.SELF:
        raise Reject("verbless condition subject")
    return _cond(C.IS, params, False, subject, sp)


def _either_state(rest: list, subject, neg: bool, sp) -> A.Condition | None:
    """«(если X) закрыто или ранено»: two states (adjective runs), either holds → any of two."""
    if neg or len(rest) != 3 or not (isinstance(rest[1], P) and rest[1].kind == "or") \
            or not all(isinstance(q, NP) and q.kind == "elided" for q in (rest[0], rest[2])):
        return None
    sides = []
    for q in (rest[0], rest[2]):
        state = _state_of(q)
        sides.append(_cond(C.WOUNDED, (), False, subject, q.span) if state == (Q.WOUNDED,)
                     else _cond(C.IS, state, False, subject, q.span))
    return A.Condition(C.ANY, tuple(sides), span=sp)


# determiners: they say which card is meant, never what state it is in
def _near_stand(subj, args, neg, sp) -> A.Condition:
    """«рядом с X стоят [хотя бы] N Y» → exists Y (count) adjacent to X; «… стоят существа
    минимум N разных классов» → a count of distinct classes."""
    hit = np_post(subj, 0)
    if hit is None or hit[1] != len(subj):
        raise Reject("condition subject")
    rel = hit[0]
    if len(args) == 3 and isinstance(args[0], NP) and isinstance(args[1], P) and args[1].kind == "minimum" \
            and isinstance(args[2], NP) and args[2].noun == "class" and args[2].adjs == ("different",):
        n = _DIGITS.search(args[1].text or "")
        if n is None:
            raise Reject("minimum of classes")
        whom = _merge_posts(selector(args[0]), rel)
        return _cond(C.COUNT, (A.Measure(M.DISTINCT_CLASSES, whom), ">=", int(n.group(0))), neg, None, sp)
    args = [q for q in args if not (isinstance(q, P) and q.kind == "even")]     # «хотя бы»: at least, as bare
    sels, j, joiner = take_np_list(args, 0)
    if j != len(args):
        raise Reject("adjacent count tail")
    sels = [_merge_posts(_at_least(s), rel) for s in sels]
    return _cond(C.EXISTS, (joined(sels, joiner),), neg, None, sp)


def _modal(pred, rest: list, subject, sp) -> A.Condition:
    """«должен излечиться на X», «должен погибнуть», «не может переместиться», «не может или не
    хочет быть перемещён» (neither can nor will: one refusal, the lexer's MODAL)."""
    if not rest or not (isinstance(rest[0], P) and rest[0].kind == "verb"):
        raise Reject("modal condition")
    v, args = rest[0], rest[1:]
    verb = VERB_IDS.get(v.v["lemma"])
    if verb is None:
        raise Reject("modal condition verb")
    if v.v["neg"]:
        raise Reject("modal condition: a negated verb")     # «должен не …», «не может не …»
    lemma = pred.v["lemma"]
    cause = ()
    if len(args) >= 3 and isinstance(args[0], P) and args[0].kind == "prep" and args[0].v == "v" \
            and isinstance(args[1], NP) and args[1].noun == "result" and not args[1].adjs \
            and isinstance(args[2], NP) and (args[2].noun or "").startswith("evt:"):
        # «должен погибнуть в результате гибели хозяина»: the event it would follow from
        ev = args[2]
        event = _EVENTS.get(ev.noun)
        if event is None or ev.adjs or ev.count:
            raise Reject("as a result of what")
        whose = None
        if len(args) > 3:
            whose, j = take_np(args, 3)
            if j != len(args):
                raise Reject("as a result of: tail")
        cause = (("cause", A.Trigger(event, subject=whose, span=_span(args[2:]))),)
        args = []
    if lemma == "must" and not pred.v["neg"]:
        if cause and not args:
            return _cond(C.WOULD, (verb,) + cause, False, subject, sp)
        if len(args) == 1 and isinstance(args[0], P) and args[0].kind == "amount":
            return _cond(C.WOULD, (verb, dmg(args[0])), False, subject, sp)
        if v.v["lemma"] == "get" and len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "wound":
            return _cond(C.WOULD, (VERB_IDS["get_wounds"],), False, subject, sp)
        if not args:
            return _cond(C.WOULD, (verb,), False, subject, sp)
        raise Reject("would tail")
    if lemma == "can" and not args:
        # «не может или не хочет X» (the lexer's one MODAL): nor will — the owner may decline too
        will = ("or_will_not",) if "хоч" in (pred.v.get("word") or "") or "хот" in (pred.v.get("word") or "") else ()
        if will and not pred.v["neg"]:
            raise Reject("«может или хочет»")
        return _cond(C.CAN, (verb,) + will, pred.v["neg"], subject, sp)
    raise Reject("modal condition")


# events a condition may name as a cause («в результате гибели …»)
LATE.condition = condition
LATE.cond_clause = cond_clause

__all__ = ["cond_clause", "condition", "relational_complement"]


def unglue_adjectives(inner: list, ctx: Ctx) -> list:
    """«если обе карты {elite} атакованный получает …»: with no comma the reader glued the
    condition's last adjective and the effect's subject into one adjective run — split before
    the run's last word when that word is the next predicate's subject (one word, one adjective)."""
    preds = [i for i, q in enumerate(inner) if _is_pred(q)]
    k = preds[0] - 1 if preds else -1
    q = inner[k] if k > 0 else None
    if not (isinstance(q, NP) and q.kind == "elided" and len(q.adjs) >= 2 and not q.count and not q.opp):
        return inner
    words = list(_WORD.finditer(ctx.text[q.span.start:q.span.end]))
    if len(words) != len(q.adjs):
        return inner
    cut = q.span.start + words[-1].start()
    first = NP("elided", None, q.adjs[:-1], span=A.Span(q.span.start, q.span.start + words[-2].end()),
               text=words[-2].group(0))
    last = NP("elided", None, q.adjs[-1:], span=A.Span(cut, q.span.end), text=words[-1].group(0))
    return inner[:k] + [first, last] + inner[k + 1:]
