"""One clause → effect nodes: the tails taken off, then by shape — a named-effect head
(«Воздействие «x» …»), «либо A, либо B», a verbless list of qualities, or subject + predicate.

Predicates: a verb (``frames_verbs``), a negated verb («не открывается …», «не получает ран
от …») → Restriction, a modal — «может X» → Choice(X, nothing) or a Permission («может
двигаться по диагонали», «может атаковать 2 раза за ход»), «может X только по Y» → Restriction
with ``only``, «не может X» / «нельзя X» → Restriction, «должен X» → Action(obliged); the
restrictions and permissions themselves are read in ``frames_modal``."""
from __future__ import annotations

import operator
from dataclasses import replace

from berserk.vocab import ConditionKind as C
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_declare import declare_ability
from grammar.frames_base import LATE, Ctx, Reject, Tails, _is_pred, _span, first_pred, has_kind, rewrite
from grammar.frames_quality import qualities
from grammar.frames_select import SELF, joined, np_posts, subject_of, take_np_list
from grammar.frames_tails import strip_tails
from grammar.frames_trigger import _this_card
from grammar.frames_verbs import ADVERBS, VERBS, Args, v_get, v_have, v_lose
from grammar.frames_verbs_attack import v_attack, v_deal, wounds_to, v_ignore, v_reduce, v_reduce_to, v_reflect
from grammar.frames_verbs_state import (counters_moved, v_become, v_begin, v_redistribute, v_discard, v_do, v_is, v_pass, v_poison, v_prevent,
                                        v_remove, v_take)
from grammar.frames_heroes import HEROES_PART_VERBS, v_double
from grammar.frames_modal import (counter_limit, forbidden, negated, next_turn, none_but, obliged_attack, only_restriction,
                                  permission, restriction_args)
from grammar.frames_words import attack_ref, leading_attack_kinds
from grammar.parts import NP, P

# verbs whose frame reads its own arguments (the others: ``VERBS``, the generic roles)
PART_VERBS = {"get": v_get, "have": v_have, "lose": v_lose, "ignore": v_ignore, "begin": v_begin,
              "become": v_become, "do": v_do, "prevent": v_prevent, "take": v_take,
              "discard": v_discard, "poison": v_poison, "is_v": v_is,
              "redistribute": v_redistribute, "reduce": v_reduce, "deal": v_deal, "reflect": v_reflect,
              "remove": v_remove, "pass": v_pass, "attack": v_attack}
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
    # (the clause's span, ``sp``, is made where a node takes it: a verbless list's items have their own)
    if isinstance(parts[0], P) and parts[0].kind == "named":
        # «Воздействие «x» — …» whose dash became a clause boundary is read by the body;
        # here the head shares its clause with the first effect
        kind, name = parts[0].v
        body = clause_effects(parts[1:], ctx, tails, subject_hint) if len(parts) > 1 else []
        if not body:
            raise Reject("named effect without a body")
        return [A.Named("spell" if kind == "spell" else "effect", name, tuple(body), span=_span(parts))]
    if has_kind(parts, "either"):
        return [_either(parts, ctx, tails, _span(parts))]
    if len(parts) > 1 and isinstance(parts[0], P) and parts[0].kind == "turnref" and parts[0].v in _TURN_OF:
        # «В свой ход переместить …»: only in that player's turn
        cond = A.Condition(_TURN_OF[parts[0].v], span=parts[0].span)
        got = clause_effects(parts[1:], ctx, tails, subject_hint)
        return [A.Conditional(cond, tuple(got), span=_span(parts))]
    i = first_pred(parts)
    if i is None:
        return qualities(parts, ctx, tails)
    sp = _span(parts)
    # manner adverbs before the predicate («полностью излечиться») belong to it
    lead = [q for q in parts[:i] if isinstance(q, P) and q.kind == "adv" and q.v in ADVERBS] if i else None
    if lead and parts[:len(lead)] == lead:
        parts = parts[len(lead):i + 1] + lead + parts[i + 1:]
        i -= len(lead)
    pred = parts[i]
    subj_parts = parts[:i]
    subject = None
    prop = _strength_of(subj_parts)
    if prop is not None and pred.kind == "modal" and pred.v["neg"] and i + 1 < len(parts) \
            and isinstance(parts[i + 1], P) and parts[i + 1].kind == "verb" and not parts[i + 1].v["neg"] \
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
            tails.subject_read = (subj_parts, subject)
        except Reject:
            if not (pred.kind == "verb" and pred.v["lemma"] in ("reduce_to", "double")):
                raise
        if subject is not None and _plural_verb(pred) and subject.noun in (N.CREATURE, N.CARD) \
                and subject.count is None and Q.ALL not in subject.qualifiers \
                and not any(q.startswith(f"{Q.COUNT}:") for q in subject.qualifiers):
            # «Существа противника могут …»: the plural verb says every one (R1)
            subject = replace(subject, qualifiers=subject.qualifiers + (Q.ALL,))
        if subject is not None and pred.kind == "verb" and tails.chooser == "opponent" \
                and subject.side == Side.ENEMY and subject.count is None and Q.ALL not in subject.qualifiers:
            # «существо противника по его выбору <делает>»: the opponent picks which one (g7b)
            subject = replace(subject, qualifiers=subject.qualifiers + (f"{Q.CHOSEN_BY}:{tails.use('chooser')}",))
    elif subject_hint is not None:
        subject = subject_hint
    if tails.duration_at is not None:
        tails.duration_at -= i + 1               # counted from the verb's first argument
        tails.duration_ats = [k - i - 1 for k in tails.duration_ats]
    if pred.kind == "modal":
        got = _modal(pred, subject, parts[i + 1:], ctx, tails, sp, subj_parts)
        return got if isinstance(got, list) else [got]
    node = _verb(pred, subject, parts[i + 1:], ctx, tails, sp, subj_parts)
    if subject is not None and subject.noun != N.SELF and _this_card(subject) is not None:
        node = _reflexive_to(node, ctx)           # (the card itself, «это существо»: self stays)
    # (a verb that did two things — «получает A до конца хода и B» — gives them in order)
    return _steps(node) if isinstance(node, A.Sequence_) else [node]


def subject_again(parts: list, pred: int, tails: Tails):
    """``subject_of(parts[:pred])`` for the body (the subject a clause passes on to the next one):
    the clause's own reading when it read these very parts as its subject (``tails``)."""
    read = tails.subject_read
    if read is not None and len(read[0]) == pred and all(map(operator.is_, read[0], parts)):
        return read[1]
    return subject_of(parts[:pred])


_CARD_NOUNS = frozenset({N.CREATURE, N.CARD, N.ARTIFACT, N.TERRAIN, N.HOST, N.PARASITE, N.SYMBIOTE,
                         N.COMPANION, N.HERO, N.DEFENDER, N.ATTACKED, N.ATTACKER})


def _one_chosen(sel) -> bool:
    """Is ``sel`` one card picked by the player (singular, not the card itself or a role)?"""
    return isinstance(sel, A.Selector) and sel.noun in _CARD_NOUNS and sel.noun not in (N.ATTACKED, N.ATTACKER) \
        and Q.ALL not in sel.qualifiers and Q.THIS not in sel.qualifiers and sel.count in (None, (1, 1))


def _steps(node) -> list:
    """A verb that did two things («получает A до конца хода и B»): its steps in order; one chosen
    target is chosen once — the later steps name it as «it» (F11)."""
    steps = list(node.steps)
    first = getattr(steps[0], "target", None)
    if _one_chosen(first) and all(getattr(x, "target", None) == first for x in steps[1:]):
        steps[1:] = [replace(x, target=A.Selector(N.IT)) for x in steps[1:]]
    return steps


_REFLEXIVE = frozenset({"себя", "себе", "собой"})


def _reflexive_to(node, ctx: Ctx):
    """«атакованное существо перемещается на клетку позади себя»: «себя» is the clause's subject
    (the card last named: ``it``), not the card that has the ability."""
    low = ctx.text.lower()
    if "себ" not in low and "собой" not in low:
        return node             # (no reflexive word in the unit: nothing to find, no walk)

    def swap(n):
        if isinstance(n, A.Selector) and n.noun == N.SELF and n.span != A.NOSPAN \
                and ctx.orig(n.span).lower() in _REFLEXIVE:
            return A.Selector(N.IT, span=n.span)
        return None
    return rewrite(node, swap)


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


def being_at(p) -> A.Condition | None:
    """«…, находясь на / в <месте>» → Condition(is, place qualifiers) about whoever the gerund's
    clause is about (the caller sets the subject); None when ``p`` is not that."""
    if not (isinstance(p, P) and p.kind == "rel_ger" and p.v.get("ger") == "being" and p.v.get("clause")):
        return None
    place = list(p.v["clause"].parts)
    params = np_posts(place)
    if not params or not all(isinstance(x, (str, A.Relation)) for x in params):
        return None
    return A.Condition(C.IS, tuple(params), span=p.span)


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
        return negated(v, subject, args, ctx, tails, sp)
    if lemma == "heal":
        healed = wounds_to(v, subject, list(args), ctx, tails, sp, heal=True)     # «излечите X-у N ран»
        if healed is not None:
            return healed
    if lemma in ("put", "remove"):
        moved = counters_moved(lemma, subject, list(args), ctx, tails, sp)       # «положите {counter} на X»
        if moved is not None:
            return moved
    if lemma == "declare":
        used = declare_ability(subject, list(args), sp)       # «объявить особенность вальхаллы X»
        if used is not None:
            return used
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
def _modal(pred, subject, rest, ctx, tails, sp, subj_parts=()):
    m = pred.v
    if m["lemma"] == "must" and not m["neg"]:
        forced = obliged_attack(subject, rest, tails, sp)
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
        perm = permission(v, subject, args, ctx, tails, sp)
        if perm is not None:
            return perm
        only = only_restriction(v, subject, args, tails, sp)
        if only is not None:
            return only
        inner = _verb(v, subject if _binds_subject(v) else None, args, ctx, tails, sp, [])
        if subject is not None and not _binds_subject(v) and subject != SELF \
                and not (subject == A.Selector(N.PLAYER) and not hasattr(inner, "by")):
            # «Руины Уорлога могут излечить …»: the card itself («вы можете ранить …»: the
            # player who owns the card — a Wound / Heal has no actor to write, the owner chooses)
            inner = _with_actor(inner, subject)
        chooser = "opponent" if subject is not None and subject.noun == N.OPPONENT else "owner"
        # «каждое / все X могут Y»: each card's own choice, made card by card (F7: one Choice was
        # all or none) — ``each``
        each = subject is not None and (Q.ALL in subject.qualifiers or (subject.count or (1, 1))[-1] != 1)
        if subject is not None and subject.side == Side.ENEMY and tails.chooser is None \
                and v.v["lemma"] not in PART_VERBS:
            # «X противника может <сделать>»: the ability owner's option or the opponent's (his
            # card's act)? not said (F7); «… может получить рану» is the owner's
            raise Reject("«может» of an enemy card: whose choice")
        if tails.chooser is not None:
            chooser = tails.use("chooser")          # «… может переместиться (по выбору противника)»
        return A.Choice((inner, A.Action(V.NOTHING)), chooser, each, span=sp)
    if m["lemma"] == "can" and m["neg"] and v.v["lemma"] == "be_attacked":
        # «X не может быть атакован <кем>»: they may not attack X
        kinds, args = leading_attack_kinds(args, "be attacked")
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
    if ((m["lemma"] == "can" and m["neg"]) or m["lemma"] == "forbidden") and v.v["neg"] \
            or (m["lemma"] == "forbidden" and m["neg"]):
        raise Reject("a negated verb after «не может / нельзя»")   # «не может не X»: a duty, not a ban
    if m["lemma"] == "forbidden":
        done = forbidden(v, subject, list(subj_parts), args, tails, sp)   # «эту карту нельзя атаковать»
        if done is not None:
            return done
    if (m["lemma"] == "can" and m["neg"]) or m["lemma"] == "forbidden":
        limit = counter_limit(v, args, sp)
        if limit is not None:
            return limit
        only = none_but(v, subject, args, tails, sp)
        if only is not None:
            return only
        duration, at_start = next_turn(args, subject, v.v["lemma"])
        what, kinds, params, obj = restriction_args(v.v["lemma"], args)
        if what == V.HAVE_COUNTERS:
            raise Reject("have counters")
        if at_start:
            params.append("at_turn_start")
        if obj is not None:
            params.append(obj)
        if duration is None:
            duration = tails.use("duration")
        return A.Restriction(what, subject, None, tuple(kinds), duration, params=tuple(params), span=sp)
    if m["lemma"] == "must" and not m["neg"]:
        inner = _verb(v, subject if _binds_subject(v) else None, args, ctx, tails, sp, [])
        return A.Action(V.OBLIGED, subject, (inner,), span=sp)
    raise Reject("modal")


def _binds_subject(v: P) -> bool:
    """Does the verb take the subject as its own target (reflexive, or «получать / иметь»)?"""
    return v.v["form"].endswith("refl") or v.v["lemma"] in PART_VERBS


def _with_actor(node, subject):
    if isinstance(node, A.Action) and node.by is None:
        return A.Action(node.verb, node.target, node.params, node.to, node.amount, node.duration,
                        subject, span=node.span)
    raise Reject("who does it")


LATE.clause_effects = clause_effects

__all__ = ["being_at", "clause_effects", "subject_again"]
