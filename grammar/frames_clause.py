"""One clause → effect nodes: the tails taken off, then by shape — a named-effect head
(«Воздействие «x» …»), «либо A, либо B», a verbless list of qualities, or subject + predicate.

Predicates: a verb (``frames_verbs``), a negated verb («не открывается …», «не получает ран
от …») → Restriction, a modal — «может X» → Choice(X, nothing) or a Permission («может
двигаться по диагонали», «может атаковать 2 раза за ход»), «может X только по Y» → Restriction
with ``only``, «не может X» / «нельзя X» → Restriction, «должен X» → Action(obliged)."""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as C
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import LimitPer
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import LATE, QUALIFIERS, VERB_IDS, Ctx, Reject, Tails, _is_pred, _span
from grammar.frames_quality import qualities
from grammar.frames_select import SELF, joined, subject_of, take_np, take_np_list
from grammar.frames_tails import strip_tails
from grammar.frames_verbs import ADVERBS, VERBS, Args, v_begin, v_get, v_have, v_lose, v_redistribute
from grammar.frames_verbs_attack import v_deal, v_ignore, v_reduce, v_reduce_to, v_reflect
from grammar.frames_verbs_state import (v_become, v_discard, v_do, v_is, v_pass, v_poison, v_prevent,
                                        v_remove, v_take)
from grammar.frames_heroes import HEROES_PART_VERBS, v_double
from grammar.frames_words import attack_ref
from grammar.parts import NP, P

# verbs whose frame reads its own arguments (the others: ``VERBS``, the generic roles)
PART_VERBS = {"get": v_get, "have": v_have, "lose": v_lose, "ignore": v_ignore, "begin": v_begin,
              "become": v_become, "do": v_do, "prevent": v_prevent, "take": v_take,
              "discard": v_discard, "poison": v_poison, "is_v": v_is,
              "redistribute": v_redistribute, "reduce": v_reduce, "deal": v_deal, "reflect": v_reflect,
              "remove": v_remove, "pass": v_pass}
# «Берсерк. Герои» frames: each reads its own wording and hands any other clause of the verb to
# the classic frame it wraps (grammar/frames_heroes.py)
PART_VERBS.update(HEROES_PART_VERBS)


def clause_effects(parts: list, ctx: Ctx, tails: Tails, subject_hint=None) -> list:
    """One clause → effect nodes (the clause's tails are left in ``tails`` for the caller)."""
    parts = strip_tails(parts, ctx, tails)
    if not parts:
        if tails.maximum is not None and "{health}" in ctx.orig(_span(tails.span_parts)):
            return [A.Keyword(KW.MAX_HEALTH, tails.use("maximum"), span=_span(tails.span_parts))]
        if tails.maximum is not None and "{counter}" in ctx.orig(_span(tails.span_parts)):
            return [A.CounterLimit(tails.use("maximum"), span=_span(tails.span_parts))]
        raise Reject("empty clause")
    sp = _span(parts)
    if isinstance(parts[0], P) and parts[0].kind == "named":
        # «Воздействие «x» — …» whose dash became a clause boundary is read by the body;
        # here the head shares its clause with the first effect
        kind, name = parts[0].v
        body = clause_effects(parts[1:], ctx, tails, subject_hint) if len(parts) > 1 else []
        if not body:
            raise Reject("named effect without a body")
        return [A.Named("spell" if kind == "spell" else "effect", name, tuple(body), span=sp)]
    if any(isinstance(q, P) and q.kind == "either" for q in parts):
        return [_either(parts, ctx, tails, sp)]
    if len(parts) > 1 and isinstance(parts[0], P) and parts[0].kind == "turnref" and parts[0].v in _TURN_OF:
        # «В свой ход переместить …»: only in that player's turn
        cond = A.Condition(_TURN_OF[parts[0].v], span=parts[0].span)
        got = clause_effects(parts[1:], ctx, tails, subject_hint)
        return [A.Conditional(cond, tuple(got), span=sp)]
    preds = [i for i, q in enumerate(parts) if _is_pred(q)]
    if not preds:
        return qualities(parts, ctx, tails)
    i = preds[0]
    # manner adverbs before the predicate («полностью излечиться») belong to it
    lead = [q for q in parts[:i] if isinstance(q, P) and q.kind == "adv" and q.v in ADVERBS]
    if lead and parts[:len(lead)] == lead:
        parts = parts[len(lead):i + 1] + lead + parts[i + 1:]
        i -= len(lead)
    pred = parts[i]
    subj_parts = parts[:i]
    subject = None
    prop = _strength_of(subj_parts)
    if prop is not None and pred.kind == "modal" and pred.v["neg"] and i + 1 < len(parts) \
            and isinstance(parts[i + 1], P) and parts[i + 1].kind == "verb" \
            and parts[i + 1].v["lemma"] in ("lower", "change") and i + 2 == len(parts):
        # «Сила {strike} X не может быть снижена», «Дальность метания X не может быть изменена»
        owner, kinds, what = prop
        verb = V.BE_REDUCED if parts[i + 1].v["lemma"] == "lower" else V.BE_CHANGED
        return [A.Restriction(verb, owner, None, tuple(kinds), params=what, span=sp)]
    if pred.kind == "verb" and pred.v["lemma"] == "equal" and subj_parts and isinstance(subj_parts[0], NP) \
            and subj_parts[0].noun == "roll" and not pred.v["neg"]:
        return [_roll_equals(subj_parts, parts[i + 1:], tails, sp)]
    if pred.kind == "verb" and pred.v["lemma"] == "become" and len(subj_parts) >= 2 and isinstance(subj_parts[0], NP) \
            and subj_parts[0].noun in ("life", "atk:strike") and not subj_parts[0].adjs and not pred.v["neg"] \
            and any(isinstance(q, P) and q.kind == "verb" and q.v["lemma"] == "equal" for q in parts[i + 1:]):
        return [_set_value(subj_parts, parts[i + 1:], tails, sp)]
    if subj_parts:
        try:
            subject = subject_of(subj_parts)
        except Reject:
            if not (pred.kind == "verb" and pred.v["lemma"] in ("reduce_to", "double")):
                raise
        if subject is not None and _plural_verb(pred) and subject.noun in (N.CREATURE, N.CARD) \
                and subject.count is None and Q.ALL not in subject.qualifiers \
                and not any(q.startswith(f"{Q.COUNT}:") for q in subject.qualifiers):
            # «Существа противника могут …»: the plural verb says every one (R1)
            subject = replace(subject, qualifiers=subject.qualifiers + (Q.ALL,))
    elif subject_hint is not None:
        subject = subject_hint
    if tails.duration_at is not None:
        tails.duration_at -= i + 1               # counted from the verb's first argument
    if pred.kind == "modal":
        got = _modal(pred, subject, parts[i + 1:], ctx, tails, sp)
        return got if isinstance(got, list) else [got]
    node = _verb(pred, subject, parts[i + 1:], ctx, tails, sp, subj_parts)
    # (a verb that did two things — «получает A до конца хода и B» — gives them in order)
    return list(node.steps) if isinstance(node, A.Sequence_) else [node]


_ROLL_ADJ = {"next": "next", "first_per_turn": "first_per_turn"}


def _roll_equals(subj: list, args: list, tails, sp) -> A.Action:
    """«[ваш первый за ход / следующий] бросок кубика [X] равен 6» → Action(set_roll, by=whose
    roll (Selector(player) for «ваш»), amount=6, params=("next" | "first_per_turn",))."""
    np = subj[0]
    params, by = [], None
    for a in np.adjs:
        if a == "own":
            by = A.Selector(N.PLAYER, span=np.span)
        elif a in _ROLL_ADJ:
            params.append(_ROLL_ADJ[a])
        else:
            raise Reject("roll: " + a)
    rest = list(subj[1:])
    if rest and isinstance(rest[0], NP) and rest[0].noun == "die" and not rest[0].adjs:
        if rest[0].opp:                     # «бросок кубика противника»: the opponent's roll (R15)
            if by is not None:
                raise Reject("roll: whose")
            by = A.Selector(N.OPPONENT, span=rest[0].span)
        rest = rest[1:]
    if rest:
        if by is not None:
            raise Reject("roll: whose")
        by = subject_of(rest)
    if len(args) != 1 or not (isinstance(args[0], P) and args[0].kind == "bare" and args[0].v.split(":")[1].isdigit()):
        raise Reject("roll equals what")
    face = int(args[0].v.split(":")[1])
    if not 1 <= face <= 6 or ("first_per_turn" in params and "next" in params):
        raise Reject("roll face")
    return A.Action(V.SET_ROLL, amount=A.Fixed(face, span=args[0].span), params=tuple(params),
                    duration=tails.use("duration"), by=by, span=sp)


def _set_value(subj: list, args: list, tails, sp) -> A.Action:
    """«Жизни / удар X становятся равными N» → Action(set_lives | set_strike, target=X, amount=N)."""
    verb = V.SET_LIVES if subj[0].noun == "life" else V.SET_STRIKE
    whose = subject_of(subj[1:])
    if len(args) != 2 or not (isinstance(args[0], P) and args[0].kind == "verb" and args[0].v["lemma"] == "equal") \
            or not (isinstance(args[1], P) and args[1].kind == "bare" and args[1].v.split(":")[1].isdigit()):
        raise Reject("becomes equal to what")
    return A.Action(verb, whose, amount=A.Fixed(int(args[1].v.split(":")[1]), span=args[1].span),
                    duration=tails.use("duration"), span=sp)


def _plural_verb(pred: P) -> bool:
    word = pred.v.get("word", "")
    return word in ("могут", "должны", "обязаны") or pred.v.get("form") in ("3pl", "3pl_refl")


def _strength_of(subj_parts: list):
    """«Сила {strike} X», «Дальность метания X» (a subject that is a property of X's attack) →
    (X, kinds, params): params ("range",) for the range."""
    if len(subj_parts) < 2 or not isinstance(subj_parts[0], NP) or subj_parts[0].noun not in (
            "strength", "magnitude", "range") or subj_parts[0].adjs:
        return None
    try:
        kinds, strengths = attack_ref(subj_parts[1])
    except Reject:
        return None
    if strengths:
        return None
    owner = None
    if len(subj_parts) > 2:
        owner = subject_of(subj_parts[2:])
    return owner, kinds, (("range",) if subj_parts[0].noun == "range" else ())


_TURN_OF = {"в свой ход": C.OWN_TURN, "в ваш ход": C.OWN_TURN, "в ход противника": C.OPPONENT_TURN}


def _either(parts, ctx, tails, sp):
    """«получает либо A, либо B»: the words before the first «либо» head every option."""
    k = next(i for i, q in enumerate(parts) if isinstance(q, P) and q.kind == "either")
    head = parts[:k]
    opts: list[list] = []
    cur: list = []
    preds = [i for i, q in enumerate(head) if _is_pred(q)]
    if sum(1 for q in parts if isinstance(q, P) and q.kind == "either") == 1 and preds:
        # «A либо B»: the first option is the predicate before «либо»; a «должен» before it
        # is what the choice means (one of the two must be done) and is dropped
        first = preds[0]
        if head[first].kind == "modal" and head[first].v["lemma"] == "must" and not head[first].v["neg"]:
            cur = head[first + 1:]
            head = head[:first]
        else:
            cur = head[first:]
            head = head[:first]
    for q in parts[k:]:
        if isinstance(q, P) and q.kind == "either":
            if cur:
                opts.append(cur)
            cur = []
            continue
        cur.append(q)
    if cur:
        opts.append(cur)
    if len(opts) < 2:
        raise Reject("one option")
    nodes = []
    duration = None
    for o in opts:
        sub = Tails()
        got = clause_effects(head + o, ctx, sub)
        sub.check()
        node = got[0] if len(got) == 1 else A.Sequence_(tuple(got), span=_span(o))
        if isinstance(node, (A.Gain, A.Lose)) and node.duration is not None:
            if duration is not None and duration != node.duration:
                raise Reject("options with different durations")
            duration = node.duration
        nodes.append(node)
    if duration is None and tails.duration is not None:
        duration = tails.use("duration")
    if duration is not None:
        # «либо A, либо B (до конца хода)»: the parenthesis covers every option
        nodes = [_with_duration(n, duration) for n in nodes]
    return A.Choice(tuple(nodes), tails.use("chooser") or "owner", span=sp)


def _with_duration(node, duration):
    if isinstance(node, A.Gain) and node.duration is None:
        return A.Gain(node.target, node.what, duration, span=node.span)
    if isinstance(node, A.Lose) and node.duration is None:
        return A.Lose(node.target, node.what, node.amount, duration, node.abilities, span=node.span)
    if isinstance(node, (A.Gain, A.Lose)):
        return node
    raise Reject("a duration for this option")


def _verb(pred, subject, args, ctx, tails, sp, subj_parts):
    v = pred.v
    lemma = v["lemma"]
    if v["neg"]:
        return _negated(v, subject, args, ctx, tails, sp)
    if lemma in PART_VERBS:
        return PART_VERBS[lemma](v, subject, list(args), ctx, tails, sp)
    if lemma == "reduce_to":
        return v_reduce_to(v, subject, list(args), ctx, tails, sp, subj_parts)
    if lemma == "double":
        return v_double(subj_parts, list(args), sp)
    if lemma == "declare" and args and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:") \
            and subject is None:
        # «объявить выстрел на 1»: the attack itself
        got = qualities(list(args), ctx, tails)
        if len(got) != 1 or not isinstance(got[0], A.Attack):
            raise Reject("declare what")
        return got[0]
    frame = VERBS.get(lemma)
    if frame is None:
        raise Reject(f"verb {lemma}")
    return frame(v, subject, Args(args, heal=lemma == "heal", verb=lemma), ctx, tails, sp)


# «быть целью <чего>»: the nouns that are not attacks but name what may not target
_TARGETED_BY = {"spell": K.SPELLS, "effect": K.EFFECTS}


def _restriction_args(lemma: str, args: list) -> tuple[str, list, list, A.Selector | None]:
    """What a restriction is about: (verb, attack kinds, params, object)."""
    kinds: list[str] = []
    params: list = []
    obj = None
    what = VERB_IDS.get(lemma)
    j = 0
    while j < len(args):
        q = args[j]
        if isinstance(q, NP) and q.noun == "wound" and lemma == "get" and not q.adjs and not q.count:
            what = V.GET_WOUNDS
            j += 1
            continue
        if isinstance(q, P) and q.kind in ("more", "nomore") and j + 1 < len(args) and isinstance(args[j + 1], NP) \
                and args[j + 1].noun in ("wound", "counter") and lemma == "get" and not args[j + 1].adjs \
                and args[j + 1].count and args[j + 1].count[0] == "n":
            # «не может получить более 3 ран [за ход]»
            what = V.GET_WOUNDS if args[j + 1].noun == "wound" else V.GET_COUNTERS
            most, per, end = args[j + 1].count[1], LimitPer.GAME, args[j + 1]
            j += 2
            if j < len(args) and isinstance(args[j], P) and args[j].kind == "turnref" and args[j].v == "за ход":
                per, end = LimitPer.TURN, args[j]
                j += 1
            params.append(A.Limit(most, per, span=_span([q, end])))    # the most it may get
            continue
        if isinstance(q, NP) and q.noun == "counter" and lemma in ("get", "have") and not q.adjs:
            what = V.GET_COUNTERS if lemma == "get" else V.HAVE_COUNTERS
            j += 1
            continue
        if isinstance(q, NP) and lemma == "be_targeted" and q.noun in _TARGETED_BY and not q.adjs and not q.count:
            kinds.append(_TARGETED_BY[q.noun])     # «не может быть целью заклинаний / воздействий»
            if q.opp and ("from", A.Selector(N.OPPONENT)) not in params:
                params.append(("from", A.Selector(N.OPPONENT)))     # «… противника»: whose
            j += 1
            continue
        if isinstance(q, NP) and q.noun == "defender" and lemma == "defend" and not q.adjs:
            j += 1
            continue
        if isinstance(q, NP) and q.noun in ("stat:health", "life") and q.adjs == ("extra",) and lemma == "get" \
                and not q.count:
            # «не может получать дополнительные {health}»
            what = V.GET
            params.append("extra_lives")
            j += 1
            continue
        if isinstance(q, NP):
            try:
                k, s = attack_ref(q)
            except Reject:
                if obj is not None:
                    raise Reject("two objects")
                obj, j = take_np(args, j)
                continue
            if s:
                raise Reject("restriction strengths")
            kinds += k
            j += 1
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "ot" and j + 1 < len(args) and isinstance(args[j + 1], NP):
            try:
                k, s = attack_ref(args[j + 1])
            except Reject:
                # «не может получать {counter} от других существ»: from whom
                source, j = take_np(args, j + 1)
                params.append(("from", source))
                continue
            if s:
                raise Reject("restriction strengths")
            kinds += k
            j += 2
            continue
        if isinstance(q, P) and q.kind in ("and", "or", "lcomma"):
            j += 1
            continue
        if isinstance(q, P) and q.kind == "adv" and q.v in ADVERBS:
            params.append(ADVERBS[q.v])
            j += 1
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v in ("na", "v") and j + 1 < len(args) \
                and isinstance(args[j + 1], NP) and what in (V.MOVE, V.TELEPORT) \
                and not any(isinstance(x, tuple) and x[0] == "to" for x in params):
            # «не могут перемещаться на клетки рядом с X»: where the move may not end
            where, j = take_np(args, j + 1)
            params.append(("to", where))
            continue
        raise Reject("restriction tail")
    if what is None:
        raise Reject("restriction verb " + lemma)
    return what, kinds, params, obj


_NEXT_TURN = ("в свой следующий ход", "в ваш следующий ход")


def _next_turn(args: list) -> A.Duration | None:
    """«в свой следующий ход» / «в начале следующего хода» among a restriction's arguments:
    taken out of ``args``, the restriction's duration."""
    turn = [q for q in args if (isinstance(q, P) and q.kind == "turnref" and q.v in _NEXT_TURN)
            or (isinstance(q, P) and q.kind == "at_start" and re.search(r"следующего|первого хода", q.text or ""))]
    if not turn:
        return None
    args.remove(turn[0])
    return A.Duration(D.NEXT_TURN, span=turn[0].span)


def _negated(v, subject, args, ctx, tails, sp):
    """«не открывается в свой следующий ход», «не закрывается после нападения», «не получает
    ран от ответных ударов» → Restriction."""
    lemma = v["lemma"]
    args = list(args)
    duration = _next_turn(args)
    if lemma == "close" and len(args) == 1 and isinstance(args[0], P) and args[0].kind == "adv" \
            and args[0].v == "after_this":
        # «не закрывается после этой атаки»: after the attack this ability is about
        return A.Restriction(V.CLOSE, subject, params=("after_this",), span=sp)
    after_attack = [q for q in args if isinstance(q, P) and q.kind in ("pri", "after")
                    and q.v and q.v[-1][1] in ("atk:assault", "atk:any", "atk:strike")]
    if lemma == "close" and after_attack and len(args) == 1 and subject is None and duration is None:
        return A.Keyword(KW.NO_CLOSE_AFTER_ATTACK, span=sp)
    what, kinds, params, obj = _restriction_args(lemma, args)
    if obj is not None:
        raise Reject("negated verb with an object")
    if duration is None:
        duration = tails.use("duration")
    return A.Restriction(what, subject, None, tuple(kinds), duration, params=tuple(params), span=sp)


def _obliged_attack(subject, rest, tails, sp) -> A.Action | None:
    """«X обязано [N раз] напасть на Y {strike}» / «… атаковать Y {strike}» → Action(obliged,
    X, (Action(forced_attack, Y, (kind,), amount=N, by=X),)): the order «X наносит по Y {strike}»
    reads as, made a duty.  None when the words are not exactly that."""
    times = None
    if rest and isinstance(rest[0], NP) and rest[0].noun == "times" and rest[0].count \
            and rest[0].count[0] == "n" and not rest[0].adjs:
        times, rest = rest[0].count[1], list(rest[1:])
    if subject is None or not rest or not (isinstance(rest[0], P) and rest[0].kind == "verb"
                                           and rest[0].v["lemma"] == "attack" and rest[0].v["form"] == "inf"
                                           and not rest[0].v["neg"]):
        return None
    args = list(rest[1:])
    kinds: list[str] = []
    if args and isinstance(args[-1], NP) and (args[-1].noun or "").startswith("atk:") and not args[-1].adjs \
            and not args[-1].count:
        k, s = attack_ref(args[-1])
        if s or len(k) != 1:
            return None
        kinds, args = k, args[:-1]
    if args and isinstance(args[0], P) and args[0].kind == "prep" and args[0].v == "na":
        args = args[1:]
    if not args or not isinstance(args[0], NP):
        return None
    target, j = take_np(args, 0)
    if j != len(args):
        return None
    if tails.chooser not in (None, "owner"):
        # «существо противника (по его выбору) обязано …»: the opponent picks which one
        subject = replace(subject, qualifiers=subject.qualifiers + (f"{Q.CHOSEN_BY}:{tails.use('chooser')}",))
    inner = A.Action(V.FORCED_ATTACK, target, tuple(kinds), amount=A.Fixed(times) if times else None,
                     by=subject, span=sp)
    return A.Action(V.OBLIGED, subject, (inner,), span=sp)


def _modal(pred, subject, rest, ctx, tails, sp):
    m = pred.v
    if m["lemma"] == "must" and not m["neg"]:
        forced = _obliged_attack(subject, rest, tails, sp)
        if forced is not None:
            return forced
    if len(rest) > 1 and isinstance(rest[0], P) and rest[0].kind == "adv" and rest[0].v in ADVERBS \
            and isinstance(rest[1], P) and rest[1].kind == "verb":
        rest = [rest[1], rest[0]] + list(rest[2:])      # «можете бесплатно использовать …»: the verb's
    if not rest or not (isinstance(rest[0], P) and rest[0].kind == "verb"):
        raise Reject("modal without verb")
    v, args = rest[0], list(rest[1:])
    if m["lemma"] == "can" and not m["neg"] and not v.v["neg"] and v.v["lemma"] == "attack" \
            and len(args) == 1 and isinstance(args[0], P) and args[0].kind == "adv" and args[0].v == "again":
        # «[оно] может атаковать ещё раз»: one more attack for that card
        again = A.Action(V.ATTACK, subject or SELF, ("again",), span=sp)
        return A.Choice((again, A.Action(V.NOTHING)), "owner", span=sp)
    if m["lemma"] == "can" and not m["neg"] and not v.v["neg"]:
        perm = _permission(v, subject, args, ctx, tails, sp)
        if perm is not None:
            return perm
        only = _only(v, subject, args, tails, sp)
        if only is not None:
            return only
        inner = _verb(v, subject if _binds_subject(v) else None, args, ctx, tails, sp, [])
        if subject is not None and not _binds_subject(v) and subject != SELF:
            inner = _with_actor(inner, subject)      # «Руины Уорлога могут излечить …»: the card itself
        chooser = "opponent" if subject is not None and subject.noun == N.OPPONENT else "owner"
        return A.Choice((inner, A.Action(V.NOTHING)), chooser, span=sp)
    if m["lemma"] == "can" and m["neg"] and v.v["lemma"] == "be_attacked":
        # «X не может быть атакован <кем>»: they may not attack X
        kinds: list[str] = []
        if args and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:"):
            kinds, strengths = attack_ref(args[0])          # «… выстрелами / дальними атаками»
            if strengths:
                raise Reject("be attacked: strengths")
            args = args[1:]
        attackers = None
        if args:
            sels, j, joiner = take_np_list(args, 0)
            if j != len(args):
                raise Reject("be attacked: tail")
            attackers = joined([replace(x, qualifiers=x.qualifiers + (Q.ALL,)) if Q.ALL not in x.qualifiers
                                else x for x in sels], joiner)
        if attackers is None and not kinds:
            raise Reject("be attacked by whom")
        return A.Restriction(V.ATTACK, attackers or A.Selector(N.CARD, qualifiers=(Q.ALL,)), None,
                             tuple(kinds), tails.use("duration"), params=(subject or SELF,), span=sp)
    if (m["lemma"] == "can" and m["neg"]) or m["lemma"] == "forbidden":
        limit = _counter_limit(v, args, sp)
        if limit is not None:
            return limit
        only = _none_but(v, subject, args, tails, sp)
        if only is not None:
            return only
        duration = _next_turn(args)
        what, kinds, params, obj = _restriction_args(v.v["lemma"], args)
        if what == V.HAVE_COUNTERS:
            raise Reject("have counters")
        if obj is not None:
            params.append(obj)
        if duration is None:
            duration = tails.use("duration")
        return A.Restriction(what, subject, None, tuple(kinds), duration, params=tuple(params), span=sp)
    if m["lemma"] == "must" and not m["neg"]:
        inner = _verb(v, subject if _binds_subject(v) else None, args, ctx, tails, sp, [])
        return A.Action(V.OBLIGED, subject, (inner,), span=sp)
    raise Reject("modal")


def _none_but(v, subject, args, tails, sp):
    """«не может объявлять никаких действий, кроме нападения на X» → Restriction(declare,
    only=X, kinds=(the attack,), params=("only",)): the one thing left to declare."""
    if len(args) < 4 or not (isinstance(args[0], NP) and args[0].noun == "action" and args[0].adjs == ("none",)
                             and isinstance(args[1], P) and args[1].kind == "prep" and args[1].v == "krome"
                             and isinstance(args[2], NP) and (args[2].noun or "").startswith("atk:")):
        return None
    kinds, strengths = attack_ref(args[2])
    if strengths or VERB_IDS.get(v.v["lemma"]) != V.DECLARE:
        raise Reject("none but: what")
    only = None
    j = 3
    if j + 1 < len(args) and isinstance(args[j], P) and args[j].kind == "prep" and args[j].v in ("na", "po"):
        only, j = take_np(args, j + 1)
    if j != len(args):
        raise Reject("none but: tail")
    return A.Restriction(V.DECLARE, subject, only, tuple(kinds), tails.use("duration"),
                         params=("only",), span=sp)


def _counter_limit(v, args, sp):
    """«не может иметь более N {counter}» → CounterLimit(N)."""
    if v.v["lemma"] == "have" and len(args) == 2 and isinstance(args[0], P) \
            and args[0].kind in ("more", "nomore") and isinstance(args[1], NP) \
            and args[1].noun == "counter" and args[1].count and args[1].count[0] == "n" \
            and not args[1].adjs:
        return A.CounterLimit(args[1].count[1], span=sp)
    return None


def _binds_subject(v: P) -> bool:
    """Does the verb take the subject as its own target (reflexive, or «получать / иметь»)?"""
    return v.v["form"].endswith("refl") or v.v["lemma"] in PART_VERBS


def _with_actor(node, subject):
    if isinstance(node, A.Action) and node.by is None:
        return A.Action(node.verb, node.target, node.params, node.to, node.amount, node.duration,
                        subject, span=node.span)
    raise Reject("who does it")


_MOVE_NOUNS = {"jump": V.JUMP, "teleport": V.TELEPORT}


def _only(v, subject, args, tails, sp):
    """«может объявлять разряд только по X» → Restriction(declare, only=X, kinds)."""
    k = next((i for i, q in enumerate(args) if isinstance(q, P) and q.kind == "only"), None)
    shot = v.v["lemma"] == "shoot"                  # «может стрелять только по X»: shots at X only
    if k is not None and k + 1 < len(args) and isinstance(args[k + 1], NP) and v.v["lemma"] == "attack":
        # «могут атаковать только эту карту»: the object without a preposition
        args = args[:k + 1] + [P("prep", "po", args[k + 1].span)] + args[k + 1:]
    if k is None or k + 2 >= len(args) or not (isinstance(args[k + 1], P) and args[k + 1].kind == "prep") \
            or not isinstance(args[k + 2], NP):
        return None
    moves = [q.noun for q in args[:k] if isinstance(q, NP) and q.noun in _MOVE_NOUNS and not q.adjs and not q.count]
    if moves and v.v["lemma"] == "declare" and all(
            (isinstance(q, NP) and q.noun in moves) or (isinstance(q, P) and q.kind in ("or", "and", "lcomma"))
            for q in args[:k]):
        # «могут объявлять прыжок или телепортацию только на X»: each of those moves only there
        only, j = take_np(args, k + 2)
        if j != len(args) or not isinstance(args[k + 1], P) or args[k + 1].v != "na":
            raise Reject("only: where to")
        duration = tails.use("duration")
        return [A.Restriction(_MOVE_NOUNS[m], subject, only, (), duration, span=sp) for m in moves]
    kinds: list[str] = []
    for q in args[:k]:
        if isinstance(q, NP):
            kk, s = attack_ref(q)
            if s:
                raise Reject("only: strengths")
            kinds += kk
        elif not (isinstance(q, P) and q.kind in ("and", "or", "lcomma")):
            raise Reject("only: what")
    only, j = take_np(args, k + 2)
    params = []
    for q in args[j:]:
        if isinstance(q, P) and q.kind == "anyrange":
            params.append("any_range")
        else:
            raise Reject("only: tail")
    if tails.note("any_range"):
        params.append("any_range")
    what = V.ATTACK if shot and not kinds else VERB_IDS.get(v.v["lemma"])
    if shot:
        kinds = [K.SHOT]
    if what is None:
        raise Reject("only: verb")
    return A.Restriction(what, subject, only, tuple(kinds), tails.use("duration"),
                         params=tuple(params), span=sp)


def _permission(v, subject, args, ctx, tails, sp):
    """Permissions beyond the rules; None when «может X» is an optional effect instead."""
    lemma = v.v["lemma"]
    tags: list[str] = []
    kinds: list[str] = []
    if lemma == "shoot":
        lemma, kinds = "attack", [K.SHOT]      # «может стрелять по …»: attack with a shot
    times = None
    target = None
    defender = False
    j = 0
    while j < len(args):
        q = args[j]
        if isinstance(q, P) and q.kind == "adv" and q.v in ("по диагонали", "in_a_row", "twice"):
            tags.append({"по диагонали": "diagonal", "in_a_row": "in_a_row", "twice": "twice"}[q.v])
        elif isinstance(q, P) and q.kind == "bare" and q.v.startswith(("NUM:", "NUMW:")):
            times = int(q.v.split(":")[1])
        elif isinstance(q, NP) and (q.noun or "").startswith("atk:") and not q.count:
            try:
                k, s = attack_ref(q)
            except Reject:
                # «атаковать летающих {strike}»: the adjectives select the target
                if lemma != "attack" or target is not None or not q.adjs \
                        or any(a not in QUALIFIERS for a in q.adjs):
                    return None
                k, s = attack_ref(NP(q.kind, q.noun, (), None, q.name, q.opp, q.span, q.text))
                target = A.Selector(N.CREATURE, qualifiers=tuple(QUALIFIERS[a] for a in q.adjs),
                                    span=q.span)
            if s:
                return None
            kinds += k
        elif isinstance(q, NP) and q.noun == "defender" and lemma == "defend":
            defender = True
        elif isinstance(q, P) and q.kind in ("lcomma", "and"):
            pass
        elif isinstance(q, P) and q.kind == "only":
            nxt = args[j + 1] if j + 1 < len(args) else None
            if isinstance(nxt, NP) or (isinstance(nxt, P) and nxt.kind == "prep"):
                return None          # «может атаковать только X»: a restriction (``_only``)
        elif isinstance(q, P) and q.kind == "turnref" and q.v == "за ход" and lemma == "attack":
            pass
        elif isinstance(q, P) and q.kind == "as" and lemma == "attack" and j + 3 == len(args) \
                and isinstance(args[j + 1], P) and args[j + 1].kind == "prep" and args[j + 1].v == "na" \
                and isinstance(args[j + 2], NP) and args[j + 2].kind == "elided" and args[j + 2].adjs == ("adj:near",):
            tags.append("as_adjacent")            # «… как на стоящую рядом»
            j += 3
            continue
        elif isinstance(q, P) and q.kind == "prep" and q.v in ("po", "na") and j + 1 < len(args) \
                and isinstance(args[j + 1], NP) and target is None:
            target, j = take_np(args, j + 1)
            continue
        elif isinstance(q, NP) and target is None and (defender or lemma == "attack"):
            target, j = take_np(args, j)
            continue
        else:
            return None
        j += 1
    if lemma == "move" and tags == ["diagonal"] and not kinds and target is None and times is None:
        return A.Permission(V.MOVE, subject, params=("diagonal",), span=sp)
    if lemma == "defend" and defender:
        limit = tails.limit
        if limit is not None and limit.per == LimitPer.TURN and "любое" in ctx.orig(limit.span):
            tails.limit = None
            return A.Permission(V.DEFEND, subject, params=("any_times",), span=sp)
        if target is not None and limit is None and not tags and not kinds:
            return A.Permission(V.DEFEND, subject, target=target, span=sp)
        return None
    if lemma == "attack" and target is not None and "all" in target.qualifiers and not times \
            and any(r.what == "adjacent" for r in target.relations):
        return A.Permission(V.ATTACK, subject, target=target, kinds=tuple(kinds),
                            params=("all_adjacent",) + tuple(tags), span=sp)
    if lemma == "attack" and (times or "twice" in tags or (tails.limit and tails.limit.per == LimitPer.TURN)):
        if times is None and "twice" not in tags:
            times = tails.limit.times
            tails.limit = None
        elif "twice" in tags:
            times = 2
            tags.remove("twice")
        return A.Permission(V.ATTACK, subject, times, target, tuple(kinds), params=tuple(tags), span=sp)
    if lemma == "attack" and target is not None and kinds and not times and tags in ([], ["as_adjacent"]):
        return A.Permission(V.ATTACK, subject, target=target, kinds=tuple(kinds), params=tuple(tags), span=sp)
    if lemma == "attack" and target is not None and not times and not tags \
            and (target.qualifiers or target.relations) and target.count is None:
        # «может атаковать летающих / закрытых существ»: any attack, on whom it may
        return A.Permission(V.ATTACK, subject, target=target, span=sp)
    return None


LATE.clause_effects = clause_effects

__all__ = ["clause_effects"]
