"""Tails: the parts a clause may carry wherever they stand — limits «(1 раз за ход)»,
durations «до конца хода», «на X ходов противника», conditions «, если …», maxima «(максимум
N)», «где X — …», the chooser «(по выбору противника)», exclusions «(кроме …)», a named-effect
note «(воздействие «x»)» — collected into a ``Tails`` record, so the frames of the clause see
only its core parts."""
from __future__ import annotations


import re
from dataclasses import replace

from grammar import ast as A
from grammar.parts import NP, Clause, Clauses, P
from berserk.vocab import ConditionKind as C
from berserk.vocab import DurationKind as D
from grammar.frames_base import Ctx, LATE, Reject, Tails, _limit, _maximum, _span
from grammar.frames_select import joined, take_np, take_np_list
from grammar.frames_cond import cond_clause, condition, unglue_adjectives
from grammar.frames_measure import where
from grammar.frames_words import attack_ref


def lift_tails(parts: list, ctx: Ctx, outer: Tails) -> list:
    """The tails at the end of a clause-final phrase («…, пока X не покинет поле боя (1 раз за
    бой)») belong to the clause it ends: moved to ``outer``; the phrase's own parts returned."""
    sub = Tails()
    rest = strip_tails(parts, ctx, sub)
    if sub.duration is not None or sub.condition is not None or sub.where is not None or sub.named:
        raise Reject("tails inside a clause-final phrase")
    for name in ("limit", "maximum", "minimum", "chooser"):
        value = getattr(sub, name)
        if value is not None:
            if getattr(outer, name) is not None:
                raise Reject("two " + name)
            setattr(outer, name, value)
    outer.notes.extend(sub.notes)
    outer.except_.extend(sub.except_)
    return rest


def until_while(p: P, ctx: Ctx, outer: Tails) -> A.Duration:
    """«до тех пор, пока X не покинет поле боя» → the duration while the card stays."""
    parts = list(p.v["clause"].parts) if p.v.get("clause") is not None else []
    parts = lift_tails(parts, ctx, outer)
    if len(parts) == 3 and isinstance(parts[0], NP) and parts[0].kind == "self" \
            and isinstance(parts[1], P) and parts[1].kind == "verb" and parts[1].v["lemma"] == "leave" \
            and parts[1].v["neg"] and isinstance(parts[2], NP) and parts[2].noun == "field":
        return A.Duration(D.WHILE_SELF_ON_FIELD, span=p.span)
    raise Reject("until while")


def chooser_of(text: str) -> str:
    """«(по выбору атакованного / противника / владельца)» → who chooses."""
    if "атакован" in text:
        return "attacked"
    if "противник" in text or "его" in text:
        return "opponent"
    return "owner"


def for_turns(text: str, span: A.Span) -> A.Duration:
    """«на X ходов противника», «на 2 хода»."""
    words = text.lower().split()
    n = words[1] if len(words) > 1 else "x"
    count = "X" if n == "x" else int(n) if n.isdigit() else None
    if count is None:
        raise Reject("turn count")
    opponent = "противника" in text
    if count == "X" and opponent:
        return A.Duration(D.X_OPPONENT_TURNS, span=span)
    return A.Duration(D.OPPONENT_TURNS if opponent else D.TURNS, count, span=span)


def _hoist(parts: list) -> list:
    """Parentheses at the end of a relative clause («…, стоящих рядом с атакованным
    (воздействие «x»)») end the clause it is part of: moved out after it."""
    if not parts or not isinstance(parts[-1], P) or parts[-1].kind not in ("rel_part", "rel_which"):
        return parts
    rel = parts[-1]
    cl = rel.v.get("clause")
    if cl is None:
        return parts
    inner = list(cl.parts)
    k = len(inner)
    while k > 0 and isinstance(inner[k - 1], P) and inner[k - 1].kind == "paren":
        k -= 1
    if k == len(inner) or k == 0:
        return parts
    kept = Clause(inner[:k], _span(inner[:k]))
    v = dict(rel.v)
    v["clause"] = kept
    new_rel = P(rel.kind, v, A.Span(rel.span.start, kept.span.end), rel.text)
    return parts[:-1] + [new_rel] + inner[k:]


def _but_no_more(parts: list) -> list:
    """«[,] но не более [чем] [на] N» (the form the tokenizer's «, но не более N» misses) → one
    ``maximum`` part, as «максимум N»."""
    out: list = []
    i = 0
    while i < len(parts):
        q = parts[i]
        if isinstance(q, P) and q.kind == "unknown" and (q.v or "").lower() == "но" and i + 2 < len(parts) \
                and isinstance(parts[i + 1], P) and parts[i + 1].kind == "nomore":
            k = i + 2 + (isinstance(parts[i + 2], P) and parts[i + 2].kind == "than")
            if k < len(parts) and isinstance(parts[k], P) and parts[k].kind in ("amount", "bare"):
                if out and isinstance(out[-1], P) and out[-1].kind == "lcomma":
                    out.pop()
                out.append(P("maximum", None, A.Span(q.span.start, parts[k].span.end)))
                i = k + 1
                continue
        out.append(q)
        i += 1
    return out


def each_card(p: P) -> bool:
    """Is «если / пока …» a plural verb with no subject («пока стоят в первом ряду»)?  It is about
    each card of the clause's plural subject, not the card that has the ability."""
    cl = p.v.get("clause") if isinstance(p.v, dict) else None
    if cl is None:
        return False
    preds = [i for i, q in enumerate(cl.parts) if isinstance(q, P) and q.kind in ("verb", "modal")]
    if not preds:
        return False
    i = preds[0]
    return cl.parts[i].v.get("form") == "3pl" and not any(isinstance(q, NP) for q in cl.parts[:i])


def until(p: P) -> A.Duration:
    """«до конца [вашего / следующего] хода …» → Duration; «до конца следующего хода» (whose
    next turn is not said: yours, or the opponent's when played in your turn) refuses."""
    if p.v == "end_of_next_turn" or p.v.startswith("own_turn:"):
        raise Reject("the end of whose (next) turn")
    return A.Duration(p.v, span=p.span)


# «до конца / до начала <turn words>» in an order the duration's multiword does not cover: the
# words of the turn noun phrase (a set, any order) → the DurationKind; any other set refuses
_TURN_ENDS = {("конца", frozenset({"next", "own"}), False): D.END_OF_YOUR_NEXT_TURN,   # «следующего вашего»
              ("конца", frozenset({"this"}), False): D.END_OF_TURN,                    # «этого хода»
              ("начала", frozenset({"next", "own"}), False): D.UNTIL_YOUR_NEXT_TURN}


def _turn_words(parts: list) -> list:
    """«до конца следующего вашего хода», «до конца этого хода» → an ``until`` part (as the
    multiword «до конца вашего следующего хода» gives); «до конца / начала» + any other turn words
    (whose turn not said) refuse."""
    out: list = []
    k = 0
    while k < len(parts):
        q = parts[k]
        if isinstance(q, P) and q.kind == "prep" and q.v == "do" and k + 2 < len(parts) \
                and isinstance(parts[k + 1], P) and parts[k + 1].kind == "unknown" \
                and str(parts[k + 1].v).lower() in ("конца", "начала") \
                and isinstance(parts[k + 2], NP) and parts[k + 2].noun == "turn" and not parts[k + 2].count:
            np = parts[k + 2]
            kind = _TURN_ENDS.get((str(parts[k + 1].v).lower(), frozenset(np.adjs), np.opp))
            if kind is None:
                raise Reject("until the end / start of which turn")
            out.append(P("until", kind, _span([q, np])))
            k += 3
            continue
        out.append(q)
        k += 1
    return out


# the part kinds ``strip_tails`` takes (any other part is kept as it is, with no test)
_TAIL_KINDS = frozenset({"gerund", "times", "until", "turnref", "for_turns", "maximum", "if", "while", "when",
                         "bychoice", "anyrange", "where", "until_while", "paren"})


_SCANNED = _TAIL_KINDS | {"nomore", "prep"}
_RELATIVE = ("rel_part", "rel_which")


def strip_tails(parts: list, ctx: Ctx, tails: Tails) -> list:
    """Remove tail parts (wherever they are) into ``tails``; return the remaining parts."""
    # (one scan tells whether the «не более» and «до конца …» passes have anything to read;
    # ``_hoist`` moves only parentheses, ``_but_no_more`` joins no «до»)
    nomore = upto = tail = False
    for q in parts:
        k = q.kind              # (parts are P or NP: no NP kind is one of these)
        if k in _SCANNED and q.__class__ is P:
            if k in _TAIL_KINDS:
                tail = True
            elif k == "nomore":
                nomore = True
            elif q.v == "do":
                upto = True
    written = parts
    if nomore:
        parts = _but_no_more(parts)
    if parts and parts[-1].kind in _RELATIVE:      # (``_hoist``'s own first test: no call without)
        parts = _hoist(parts)
    if upto:
        parts = _turn_words(parts)
    # (no tail part written and none made by the passes above — the usual clause: every part
    # is kept, with no test of each)
    scan = tail or parts is not written
    out = [] if scan else list(parts)
    for n, p in enumerate(parts if scan else ()):
        if isinstance(p, P) and p.kind in _TAIL_KINDS:
            k = p.kind
            if k == "gerund" and p.v == "not_closing" and out and isinstance(out[-1], P) and out[-1].kind == "neg":
                # «…, не закрываясь [при этом]»
                neg = out.pop()
                if out and isinstance(out[-1], P) and out[-1].kind == "lcomma":
                    out.pop()
                tails.notes.append("not_closing")
                tails.span_parts.extend([neg, p])
                continue
            if k == "times":
                tails.limit = _limit(ctx.orig(p.span), p.span)
                tails.span_parts.append(p)
                continue
            if k == "until":
                if tails.duration is not None and tails.duration.until != p.v:
                    raise Reject("two durations")      # one clause, one duration field
                tails.duration = until(p)
                tails.duration_at = len(out)
                tails.duration_ats.append(len(out))
                tails.span_parts.append(p)
                continue
            if k == "turnref" and p.v == "в следующий ход противника":
                # «в следующий ход противника»: a window — during that turn only, not a span from
                # now (F2: was opponent_turns 1, in force for the rest of this turn too)
                if tails.duration is not None:
                    raise Reject("two durations")
                tails.duration = A.Duration(D.OPPONENT_NEXT_TURN, span=p.span)
                tails.span_parts.append(p)
                continue
            if k == "for_turns":
                tails.duration = for_turns(ctx.orig(p.span), p.span)
                tails.span_parts.append(p)
                continue
            if k == "maximum":
                tails.maximum = _maximum(ctx.orig(p.span))
                tails.span_parts.append(p)
                continue
            if k in ("if", "while") and out:
                if each_card(p):
                    # «ваши существа получают +1, пока стоят рядом с X»: the plural verb with no
                    # subject of its own tests each card the clause names (frames_body)
                    tails.notes.append(("each", True))
                try:
                    tails.condition = condition(p, ctx, tails)
                except Reject:
                    # «…, если после этого у Келе нет ран не закрывается …» (the dash was dropped):
                    # the longest prefix that is a condition; the rest is the governed effect
                    inner = unglue_adjectives(list(p.v["clause"].parts), ctx)
                    for cut in range(len(inner) - 1, 0, -1):
                        try:
                            c = cond_clause(inner[:cut], ctx)
                        except Reject:
                            continue
                        tails.condition = c
                        tails.notes.append(("then", inner[cut:]))
                        break
                    else:
                        raise
                tails.span_parts.append(p)
                continue
            if k == "when" and out:
                trig = LATE.when_trigger(list(p.v["clause"].parts), ctx)
                tails.condition = A.Condition(C.EVENT, (trig,), span=p.span)
                tails.span_parts.append(p)
                continue
            if k == "bychoice":
                txt = ctx.orig(p.span).lower()
                tails.chooser = chooser_of(txt)
                tails.span_parts.append(p)
                continue
            if k == "anyrange":
                tails.notes.append("any_range")
                tails.span_parts.append(p)
                continue
            if k == "where":
                tails.where = where(p, ctx, tails)
                tails.span_parts.append(p)
                continue
            if k == "until_while":
                tails.duration = until_while(p, ctx, tails)
                tails.span_parts.append(p)
                continue
            if k == "paren":
                got = paren(p, ctx, tails)
                if got:
                    tails.span_parts.append(p)
                    continue
        out.append(p)
    if len(out) >= 3 and isinstance(out[-3], P) and out[-3].kind == "neg" and isinstance(out[-2], P) \
            and out[-2].kind == "gerund" and out[-2].v == "shuffling" and isinstance(out[-1], NP) \
            and out[-1].noun == "deck" and not out[-1].adjs:
        tails.notes.append("no_shuffle")          # «…, не перемешивая колоду»
        tails.span_parts.extend(out[-3:])
        out = out[:-3]
        if out and isinstance(out[-1], P) and out[-1].kind == "lcomma":
            out = out[:-1]
    return out


# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_SIGNED = re.compile(r"[+-]\d+")


def _amount_if(rest: list, ctx: Ctx, tails: Tails) -> bool:
    """«(+1, если …)», «(+1 к воздействию, если …)»: the effect's amount is that much more
    while the condition holds → a note ``amount_if`` (delta, Condition) for ``amount_if``."""
    if not (len(rest) in (2, 4) and isinstance(rest[0], P) and rest[0].kind == "signed"
            and isinstance(rest[-1], P) and rest[-1].kind == "if"):
        return False
    to = None                            # «к воздействию» (any effect) or «к выстрелу» (that attack)
    if len(rest) == 4:
        np = rest[2]
        if not (isinstance(rest[1], P) and rest[1].kind == "prep" and rest[1].v == "k" and isinstance(np, NP)
                and not np.adjs and not np.count and not np.name and not np.opp):
            return False
        if np.noun == "effect":
            to = "effect"
        else:
            try:
                kinds, strengths = attack_ref(np)
            except Reject:
                return False
            if len(kinds) != 1 or strengths:
                return False
            to = kinds[0]
    if not _SIGNED.fullmatch(str(rest[0].v)):
        return False
    try:
        cond = condition(rest[-1], ctx)
    except Reject:
        return False
    tails.notes.append(("amount_if", (int(rest[0].v), cond, to, _span(rest))))
    return True


def amount_if(got: list, tails: Tails, alone: bool = True) -> list:
    """The note of «(+1, если …)» applied to the clause's one effect with an amount (a wound,
    heal, poison, an attack's damage): Conditional(cond, (the effect + delta,), otherwise=(the
    effect,)).  Without such an effect the note stays (the clause is refused); so does «(+1 к
    воздействию, …)» when the clause is not the effect's only one (``alone``: which is meant?)."""
    if not tails.notes:
        return got                  # (the usual clause: no note at all)
    note = next((n for n in tails.notes if isinstance(n, tuple) and n[0] == "amount_if"), None)
    if note is None or len(got) != 1:
        return got
    delta, cond, to, sp = note[1]
    node = got[0]
    field = "damage" if isinstance(node, A.Attack) else "amount"
    if not isinstance(node, (A.Wound, A.Heal, A.Poison, A.Attack)) or (to == "effect" and not alone) \
            or (to not in (None, "effect") and not (isinstance(node, A.Attack) and node.attack == to)):
        return got
    amount = getattr(node, field)
    if isinstance(amount, A.Fixed):
        more = A.Fixed(amount.value + delta, span=amount.span)
    elif isinstance(amount, A.ByStrength):
        more = A.ByStrength(amount.weak + delta, amount.medium + delta, amount.strong + delta, span=amount.span)
    else:
        return got
    tails.notes.remove(note)
    span = A.Span(min(node.span.start, sp.start), max(node.span.end, sp.end))
    return [A.Conditional(cond, (replace(node, **{field: more}),), (node,), span=span)]


def paren(p: P, ctx: Ctx, tails: Tails) -> bool:
    """A parenthesis that is a tail: a limit, a duration, a maximum, a named-effect note, the
    chooser, an exclusion, «(без учета модификаторов)».  Returns False for anything else."""
    cl: Clauses = p.v
    if cl is None:
        return False
    ok = True
    for item in cl.items:
        if isinstance(item, P) and item.kind == "sep":
            if item.v not in ("SEMI", "CCOMMA", "SEQ"):
                ok = False
            continue
        parts = list(item.parts)
        rest = []
        for q in parts:
            if isinstance(q, P) and q.kind == "times":
                tails.limit = _limit(ctx.orig(q.span), q.span)
            elif isinstance(q, P) and q.kind == "until":
                tails.duration = until(q)
            elif isinstance(q, P) and q.kind == "maximum":
                tails.maximum = _maximum(ctx.orig(q.span))
            elif isinstance(q, P) and q.kind == "minimum":
                tails.minimum = _maximum(ctx.orig(q.span))
            elif isinstance(q, P) and q.kind == "bychoice":
                txt = ctx.orig(q.span).lower()
                tails.chooser = chooser_of(txt)
                if "общему" in txt:
                    tails.notes.append("shared_choice")     # one choice for every target
            elif isinstance(q, P) and q.kind == "anyrange":
                tails.notes.append("any_range")
            elif isinstance(q, P) and q.kind == "nomod":
                tails.notes.append("without_eliteness" if "элитн" in (q.v or "") else "without_modifiers")
            elif isinstance(q, P) and q.kind == "lcomma":
                pass
            else:
                rest.append(q)
        if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "verb" and rest[0].v["lemma"] == "keep" \
                and tails.duration is not None:
            rest = []                  # «(сохраняются до конца хода противника)»: the duration said
        if not rest:
            continue
        if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "where":
            tails.where = where(rest[0], ctx, tails)
            continue
        if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind in ("if", "while"):
            tails.condition = condition(rest[0], ctx)
            continue
        if _amount_if(rest, ctx, tails):
            continue
        if len(rest) == 2 and isinstance(rest[0], P) and rest[0].kind == "nomore" and isinstance(rest[1], P) \
                and rest[1].kind == "signed" and str(rest[1].v).startswith("+") and str(rest[1].v)[1:].isdecimal() and tails.maximum is None:
            tails.maximum = int(rest[1].v)        # «(не более +2)»: as «(максимум +2)»
            continue
        if len(rest) >= 2 and isinstance(rest[0], P) and rest[0].kind == "signed" \
                or any(isinstance(q, P) and q.kind == "verb" for q in rest[:1]):
            # «(+2 к разряду за каждую {counter})», «(игнорирует особенности атакованного)»:
            # a rider of the attack the clause declares
            tails.notes.append(("rider_parts", rest))
            continue
        if isinstance(rest[0], P) and rest[0].kind == "named" and len(rest) == 1:
            tails.named = rest[0].v
            continue
        if isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == "krome":
            try:
                sels, j, _ = take_np_list(rest, 1)
            except Reject:
                return False
            if j != len(rest):
                return False
            tails.except_.extend(sels)
            continue
        if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "adv" and rest[0].v in ("closed", "open"):
            tails.notes.append(rest[0].v)
            continue
        if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "orless":
            tails.notes.append("or_less")
            continue
        if len(rest) >= 2 and isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == "po":
            # «(по разным картам)», «(только по карте противника)»
            try:
                sels, j, joiner = take_np_list(rest, 1)
            except Reject:
                return False
            if j != len(rest):
                return False
            tails.notes.append(("target", joined(sels, joiner)))
            continue
        if len(rest) >= 3 and isinstance(rest[0], P) and rest[0].kind == "only" and rest[1].kind == "prep":
            try:
                sels, j, joiner = take_np_list(rest, 2)
            except Reject:
                return False
            if j != len(rest):
                return False
            tails.notes.append(("target_only", joined(sels, joiner)))
            continue
        if isinstance(rest[0], P) and rest[0].kind in ("gerund",) and rest[0].v == "закрываясь" and False:
            continue
        if len(rest) == 2 and isinstance(rest[0], P) and rest[0].kind == "neg" and isinstance(rest[1], P) \
                and rest[1].kind == "gerund" and "закрыва" in ctx.orig(rest[1].span).lower():
            tails.notes.append("not_closing")
            continue
        limit = _counter_limit(rest)
        if limit is not None:
            node = A.CounterLimit(limit, span=_span(rest))       # «(не может иметь более 3 {counter})»
            if node.span not in {e.span for e in ctx.extra}:     # a retried cut reads it again
                ctx.extra.append(node)
            continue
        if _no_roll(rest):
            tails.notes.append("no_roll")          # «(вместо бросков кубика)», «(не бросая кубики)»
            continue
        ok = False
    return ok

def _counter_limit(rest: list) -> int | None:
    """«не может иметь более N {counter}» inside a parenthesis: N (the card's own limit)."""
    if len(rest) == 4 and isinstance(rest[0], P) and rest[0].kind == "modal" and rest[0].v["lemma"] == "can" \
            and rest[0].v["neg"] and isinstance(rest[1], P) and rest[1].kind == "verb" and not rest[1].v["neg"] \
            and rest[1].v["lemma"] == "have" and isinstance(rest[2], P) and rest[2].kind == "more" \
            and isinstance(rest[3], NP) and rest[3].noun == "counter" and not rest[3].adjs \
            and rest[3].count and rest[3].count[0] == "n":
        return rest[3].count[1]
    return None


def _no_roll(rest: list) -> bool:
    """«вместо бросков кубика», «не бросая кубики»: the dice are not rolled."""
    nps = [q for q in rest if isinstance(q, NP)]
    if not nps or nps[-1].noun != "die" or any(q.noun not in ("die", "roll") or q.adjs or q.opp for q in nps):
        return False
    lead = [q for q in rest if not isinstance(q, NP)]
    return (len(lead) == 1 and lead[0].kind == "adv" and lead[0].v == "instead") or \
        (len(lead) == 2 and lead[0].kind == "neg" and lead[1].kind == "gerund" and lead[1].v == "throwing")


LATE.strip_tails = strip_tails

LATE.paren = paren
LATE.lift_tails = lift_tails
