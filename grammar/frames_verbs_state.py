"""Verbs of a card's state and of the deck: «стать паразитом X / артефактом / горным»,
«X становится безответным» (become), «считается занятой» (is), «предотвращает следующую рану»
(prevent), «возьмите N карт / возьмите X под контроль» (draw, take_control), «сбросьте карту»
(discard), «отравить X на N», «сделать результатом сражения …», «совершить прыжок»,
«положите / снимите {counter}» (Gain / Lose), «начинает бой с {counter}», «перераспределить раны».  A verb
whose arguments are not these falls back to the generic frame (``frames_verbs.generic``)."""
from __future__ import annotations

from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import LATE, QUALIFIERS, Reject, Tails, _span, dmg
from grammar.frames_quality import attack_targets, define_x, qualities, split_items
from grammar.frames_select import SELF, joined, take_np
from grammar.frames_verbs import Args, _granter, _strip_duration, generic
from grammar.parts import NP, P


_BECOME = {"parasite": N.PARASITE, "artifact": N.ARTIFACT, "symbiote": N.SYMBIOTE, "creature": N.CREATURE}
_ELEMENT_WORDS = {"el:" + e: e for e in ("степи", "горы", "леса", "болота", "тьма", "нейтральные")}


# «становится летающим / бестелесным»: the adjectives of a keyword a card can get
_BECOME_KEYWORD = {"flying": KW.FLYING, "incorporeal": KW.INCORPOREAL}


def v_become(v, subject, parts, ctx, tails, sp):
    """«стать паразитом X», «стать артефактом» → Action(become, target=who becomes (None: the
    card), params=(what,), to=whose parasite)."""
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "elided" and len(parts[0].adjs) == 1 \
            and parts[0].adjs[0] in _ELEMENT_WORDS:
        # «становится горным / тёмным»: its element becomes that one
        target = subject if subject is not None and subject.noun != N.SELF else None
        return A.Action(V.BECOME, target, (f"{Q.ELEMENT}:{_ELEMENT_WORDS[parts[0].adjs[0]]}",),
                        duration=tails.use("duration"), span=sp)
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "elided" \
            and parts[0].adjs == ("unanswerable",) and subject is not None and subject.noun == N.ATTACK:
        # «{strike} Вепря становится безответным»: that attack is unanswerable
        return A.Action(V.BECOME, subject, (KW.UNANSWERABLE,), duration=tails.use("duration"), span=sp)
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "elided" and len(parts[0].adjs) == 1 \
            and parts[0].adjs[0] in _BECOME_KEYWORD and (subject is None or subject.noun != N.ATTACK):
        # «выбранное существо становится летающим до конца хода»: it gets that keyword (the shape of
        # «получает полёт»)
        kw = A.Keyword(_BECOME_KEYWORD[parts[0].adjs[0]], span=parts[0].span)
        return A.Gain(subject or SELF, (kw,), tails.use("duration"), span=sp)
    if not parts or not isinstance(parts[0], NP) or parts[0].noun not in _BECOME or parts[0].adjs \
            or parts[0].count:
        raise Reject("become what")
    whom = None
    j = 1
    if j < len(parts) and isinstance(parts[j], NP):
        whom, j = take_np(parts, j)
    if j != len(parts) or (whom is not None and parts[0].noun not in ("parasite", "symbiote")):
        raise Reject("become tail")
    target = subject if subject is not None and subject.noun != N.SELF else None
    return A.Action(V.BECOME, target, (_BECOME[parts[0].noun],), whom, duration=tails.use("duration"),
                    span=sp)


def v_prevent(v, subject, parts, ctx, tails, sp):
    """«предотвращает следующую 1 рану [от немагических атак] [по вашим картам]» →
    Action(prevent_wounds, target=whose wounds, amount=N, params=(["next"], attack kinds…))."""
    j = 0
    params: list = []
    if j < len(parts) and isinstance(parts[j], NP) and parts[j].kind == "elided" and parts[j].adjs == ("next",):
        params.append("next")
        j += 1
    if j >= len(parts) or not isinstance(parts[j], NP) or parts[j].noun != "wound":
        return generic("prevent")(v, subject, Args(parts, verb="prevent"), ctx, tails, sp)
    np = parts[j]
    if set(np.adjs) - {"next"} or (np.count and np.count[0] != "n"):
        raise Reject("prevent which wounds")
    if "next" in np.adjs:
        params.append("next")
    amount = A.Fixed(np.count[1]) if np.count else None
    j += 1
    target = None
    while j < len(parts):
        q = parts[j]
        if isinstance(q, P) and q.kind == "prep" and q.v == "ot" and j + 1 < len(parts):
            kinds, strengths, j = attack_targets(parts, j + 1)
            if strengths:
                raise Reject("prevent: strengths")
            params.extend(kinds)
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "po" and j + 1 < len(parts) and target is None:
            target, j = take_np(parts, j + 1)
            continue
        raise Reject("prevent tail")
    return A.Action(V.PREVENT_WOUNDS, target, tuple(params), amount=amount, duration=tails.use("duration"),
                    by=subject if subject is not None and subject.noun != N.SELF else None, span=sp)


def v_pass(v, subject, parts, ctx, tails, sp):
    """«[X] переходит под контроль противника» → Action(take_control, X, ("give",)): the
    opponent takes it (the shape of the Heroes «отдайте X противнику»)."""
    if len(parts) != 1 or not (isinstance(parts[0], P) and parts[0].kind == "adv"
                               and parts[0].v == "to_enemy_control"):
        raise Reject("passes where")
    return A.Action(V.TAKE_CONTROL, subject or SELF, ("give",), duration=tails.use("duration"), span=sp)


def v_take(v, subject, parts, ctx, tails, sp):
    """«возьмите [N] карт(у)», «противник берёт карту», «каждый игрок берёт 2 карты» (from the
    deck: Action(draw, target=who draws, amount=N)); «возьмите X под контроль»
    (take_control); any other «взять …» is the generic take («взять её в отряд»)."""
    a = Args(list(parts), verb="take")
    control = [q for q in a.adv if q.kind == "adv" and q.v == "take_control"]
    if control:
        a.adv = [q for q in a.adv if q not in control]
        a.check()
        if a.pp or a.adv or a.quoted or a.amount is not None or len(a.objs) != 1:
            raise Reject("take control: roles")
        return A.Action(V.TAKE_CONTROL, a.objs[0], duration=tails.use("duration"),
                        by=subject if subject not in (None, SELF) else None, span=sp)
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "card" and not parts[0].adjs \
            and not parts[0].opp and (parts[0].count is None or parts[0].count[0] in ("n", "x")):
        c = parts[0].count
        amount = A.Fixed(1) if c is None else A.Fixed(c[1]) if c[0] == "n" else define_x(A.Variable("X"), tails)
        who = A.Selector(N.PLAYER) if subject is None or subject == SELF else subject
        if who.noun not in (N.PLAYER, N.OPPONENT):
            raise Reject("who draws")
        return A.Action(V.DRAW, who, amount=amount, span=sp)
    return generic("take", True)(v, subject, a, ctx, tails, sp)


def v_discard(v, subject, parts, ctx, tails, sp):
    """«сбросьте карту», «противник сбрасывает 2 [случайные] карты» → Action(discard,
    target=who discards, amount=N[, params=("random",)])."""
    if len(parts) == 3 and isinstance(parts[1], P) and parts[1].kind == "prep" and parts[1].v == "iz" \
            and isinstance(parts[2], NP) and parts[2].noun == "hand" and not parts[2].count and not parts[2].opp \
            and set(parts[2].adjs) <= {"own", "own_their"}:
        parts = parts[:1]                # «из [своей] руки»: where every discarded card comes from
    if len(parts) != 1 or not isinstance(parts[0], NP) or parts[0].noun != "card" or parts[0].opp \
            or set(parts[0].adjs) - {"random"}:
        raise Reject("discard what")
    c = parts[0].count
    if c and c[0] not in ("n", "x"):
        raise Reject("discard how many")
    amount = A.Fixed(1) if c is None else A.Fixed(c[1]) if c[0] == "n" else define_x(A.Variable("X"), tails)
    who = A.Selector(N.PLAYER) if subject is None or subject == SELF else subject
    if who.noun not in (N.PLAYER, N.OPPONENT):
        raise Reject("who discards")
    params = ("random",) if "random" in parts[0].adjs else ()
    return A.Action(V.DISCARD, who, params, amount=amount, span=sp)


def counters_moved(lemma: str, subject, parts: list, ctx, tails, sp):
    """«положите [N] {counter} на X» → Gain(X, (Keyword(counter, N),)) — as «X получает N
    {counter}»; «снимите [N / все] {counter} с X» → Lose(X, "counters", N | None) — as «X теряет
    …».  None when the clause does not put or take counters; who does it must be the card's
    player (no subject)."""
    k = [i for i, q in enumerate(parts) if isinstance(q, NP) and q.noun == "counter"]
    if not k:
        return None
    prep = "na" if lemma == "put" else "s"
    i = k[0]
    np = parts[i]
    rest = parts[:i] + parts[i + 1:]
    if len(k) != 1 or subject not in (None, SELF, A.Selector(N.PLAYER)) or np.adjs or np.opp or np.name:
        raise Reject("counters: which, by whom")
    if len(rest) < 2 or not (isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == prep):
        raise Reject("counters: where")
    whoms, j = [], 1
    while True:
        sel, j = take_np(rest, j)
        whoms.append(sel)
        if j + 2 < len(rest) and isinstance(rest[j], P) and rest[j].kind == "and" and isinstance(rest[j + 1], P) \
                and rest[j + 1].kind == "prep" and rest[j + 1].v == prep and isinstance(rest[j + 2], NP):
            j += 2                                   # «на это существо и на выбранное ваше»
            continue
        break
    if j != len(rest):
        raise Reject("counters: tail")
    whom = whoms[0] if len(whoms) == 1 else joined(whoms, "and")
    c = np.count
    if lemma == "put":
        if c and c[0] not in ("n", "x"):
            raise Reject("put how many counters")
        what = qualities([np], ctx, tails)
        return A.Gain(whom, tuple(what), tails.use("duration"), span=sp)
    if c and c[0] not in ("n", "x", "all"):
        raise Reject("remove how many counters")
    if c is None and (np.text.lower().split() or [""])[-1] != "{counter}":
        raise Reject("remove how many counters")        # a plural with no number
    amount = 1 if c is None else c[1] if c[0] == "n" else "X" if c[0] == "x" else None
    if amount == "X":
        define_x(A.Variable("X"), tails)
    return A.Lose(whom, "counters", amount, tails.use("duration"), span=sp)


def v_poison(v, subject, parts, ctx, tails, sp):
    """«отравить выбранное существо на 2» → Poison(amount, target)."""
    a = Args(list(parts), verb="poison")
    a.check()
    if a.amount is None or a.pp or a.adv or a.quoted or len(a.objs) != 1 or subject not in (None, SELF):
        raise Reject("poison roles")
    return A.Poison(define_x(dmg(a.amount), tails), a.objs[0], span=sp)


def v_is(v, subject, parts, ctx, tails, sp):
    """«клетка с маркером «костра» считается занятой» → Action(become, target=X, params=(state,))."""
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "elided" and len(parts[0].adjs) == 1 \
            and parts[0].adjs[0] in QUALIFIERS and subject is not None:
        return A.Action(V.BECOME, subject, (QUALIFIERS[parts[0].adjs[0]],), duration=tails.use("duration"), span=sp)
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].kind == "elided" \
            and parts[0].adjs == ("unanswerable",) and subject is not None and subject.noun == N.ATTACK:
        # «{strike} X по Y являются безответными»: as «… становятся безответными» (a state)
        return A.Action(V.BECOME, subject, (KW.UNANSWERABLE,), duration=tails.use("duration"), span=sp)
    raise Reject("is what")


def v_do(v, subject, parts, ctx, tails, sp):
    """«сделать результатом сражения сильный-сильный / промах-промах [(не бросая кубики)]» →
    Action(set_result, params=(the attacker's outcome, the defender's[, "no_roll"]))."""
    if len(parts) == 3 and isinstance(parts[0], NP) and parts[0].noun == "result" and not parts[0].adjs \
            and isinstance(parts[1], NP) and parts[1].noun == "evt:fight" and not parts[1].adjs \
            and isinstance(parts[2], NP) and (parts[2].noun or "").startswith("outcome:") and not parts[2].adjs:
        sides = tuple(parts[2].noun.split(":", 1)[1].split("-"))
        extra = ("no_roll",) if tails.note("no_roll") else ()
        return A.Action(V.SET_RESULT, params=sides + extra, by=subject, span=sp)
    if parts and isinstance(parts[0], NP) and parts[0].noun in _DONE and not parts[0].adjs and not parts[0].count:
        # «совершить прыжок[, дальность 3]», «совершить телепортацию»
        amount = None
        if len(parts) == 2 and isinstance(parts[1], P) and parts[1].kind == "range" and parts[1].v.isdigit():
            amount = A.Fixed(int(parts[1].v), span=parts[1].span)
        elif len(parts) != 1:
            raise Reject("do: tail")
        return A.Action(_DONE[parts[0].noun], amount=amount, by=subject if subject != SELF else None, span=sp)
    raise Reject("do what")


_DONE = {"jump": V.JUMP, "teleport": V.TELEPORT}


def v_remove(v, subject, parts, ctx, tails, sp):
    """«снимите отравление с X», «снять с него отравление» → Lose(X, "ability",
    (Keyword(poisoning),)): the poison is a state the card loses; any other «снять / убрать …»
    is the generic remove."""
    poison = [k for k, q in enumerate(parts) if isinstance(q, NP) and q.noun == "poison" and not q.adjs
              and not q.count and not q.opp]
    if len(poison) == 1:
        rest = parts[:poison[0]] + parts[poison[0] + 1:]
        if len(rest) >= 2 and isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == "s":
            whom, j = take_np(rest, 1)
            if j == len(rest) and subject in (None, SELF):
                return A.Lose(whom, "ability", duration=tails.use("duration"),
                              abilities=(A.Keyword(KW.POISONING, span=parts[poison[0]].span),), span=sp)
        raise Reject("remove poison from whom")
    return generic("remove", True)(v, subject, Args(list(parts), verb="remove"), ctx, tails, sp)


def gain_options(parts: list, target: A.Selector, ctx, tails, sp) -> A.Choice:
    """«+1 к {move} до конца хода, или +1 к {strike} до конца хода, или дополнительную {health}»:
    one Gain per option, each with the duration written after it (none: for good).  The Choice
    is of Gains to every target — one choice for all («(по вашему выбору, общему для всех
    целей)»); for several targets the text must say so."""
    items, bounds, k = split_items(parts), [], 0        # bounds: (start, end) of each option
    for j, q in enumerate(parts + [None]):
        if q is None or isinstance(q, P) and q.kind in ("or", "lcomma", "either"):
            bounds += [(k, j)] if j > k else []
            k = j + 1
    cuts = set(tails.duration_ats)
    if len(bounds) != len(items) or len(items) < 2 or any(j != "or" for j, _it in items[1:]) \
            or not cuts <= {hi for _lo, hi in bounds}:
        raise Reject("a duration on some options only")
    if not tails.note("shared_choice") and (Q.ALL in target.qualifiers or target.count is not None):
        raise Reject("a choice for several targets: one for all, or one per card?")
    gains = []
    for lo, hi in bounds:
        sub = Tails()
        what = _granter(_strip_duration(qualities(parts[lo:hi], ctx, sub)), target, ctx)
        sub.check()
        if len(what) != 1 or isinstance(what[0], A.Choice):
            raise Reject("an option of several qualities")
        timed = hi in cuts or cuts == {len(parts)}        # one duration at the end: every option's
        gains.append(A.Gain(target, tuple(what), tails.duration if timed else None, span=_span(parts[lo:hi])))
    tails.use("duration")
    return A.Choice(tuple(gains), tails.use("chooser") or "owner", span=sp)


LATE.gain_options = gain_options


def v_begin(v, subject, parts, ctx, tails, sp):
    """«начинает бой с {counter}», «начинает бой с 2 {counter}»."""
    if subject is not None or len(parts) != 3 or not isinstance(parts[0], NP) \
            or parts[0].noun != "fight" or parts[0].adjs or not isinstance(parts[1], P) \
            or parts[1].kind != "prep" or parts[1].v != "s" or not isinstance(parts[2], NP) \
            or parts[2].noun != "counter" or parts[2].adjs:
        raise Reject("begin")
    c = parts[2].count
    if c and c[0] != "n":
        raise Reject("begin count")
    return A.StartsWithCounters(c[1] if c else 1, span=sp)


def v_redistribute(v, subject, parts, ctx, tails, sp):
    """«перераспределить N (или менее) ран с X на Y», «перераспределить эти раны на Y»."""
    if not parts or not isinstance(parts[0], NP) or parts[0].noun != "wound":
        raise Reject("redistribute what")
    np = parts[0]
    params: list = []
    amount = None
    if np.adjs == ("this",) and not np.count:
        params.append("these")
    elif np.adjs == ("received",) and not np.count:
        params.append("received")          # «полученные раны»: those just received (the trigger's)
    elif np.count and np.count[0] in ("n", "or_less") and not np.adjs:
        amount = A.Fixed(np.count[1])
        if np.count[0] == "or_less":
            params.append("or_less")
    elif np.adjs or np.count:
        raise Reject("redistribute which wounds")
    a = Args(parts[1:])
    a.check()
    if a.objs or a.adv or a.quoted or a.amount is not None:
        raise Reject("redistribute roles")
    source = to = None
    for prep, sel, q in a.pp:
        if prep == "s" and source is None and sel is not None:
            source = sel
        elif prep == "na" and to is None and sel is not None:
            to = sel
        elif prep == "mezhdu" and source is None and to is None and sel is not None:
            # «перераспределить раны между X»: from any of X to any of X
            source = to = sel
            params.append("between")
        else:
            raise Reject("redistribute role")
    if to is None:
        raise Reject("redistribute to whom")
    return A.Action(V.REDISTRIBUTE_WOUNDS, source, tuple(params), to, amount, tails.use("duration"),
                    subject, span=sp)


__all__ = ["counters_moved", "gain_options", "v_become", "v_begin", "v_redistribute", "v_discard", "v_do", "v_is", "v_pass", "v_poison", "v_prevent", "v_remove", "v_take"]
