"""What a modal or negated clause gives, when it is a restriction or a permission rather than a
choice: «не открывается в свой следующий ход» / «не может X» / «нельзя X» → Restriction (what is
forbidden, attack kinds, the object), «может X только по Y» → Restriction with ``only``, «не
может объявлять … кроме …», «не может иметь более N {counter}» → CounterLimit,
«может двигаться по диагонали / атаковать 2 раза за ход / атаковать летающих» → Permission,
«X обязано напасть на Y {strike}» → Action(obliged, (forced_attack,)).  ``frames_clause`` holds
the modal itself (a choice, a duty of another verb) and calls these first."""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import LimitPer
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import ATTACK_ADJ, QUALIFIERS, VERB_IDS, Reject, _span
from grammar.frames_select import joined, take_np, take_np_list
from grammar.frames_verbs import ADVERBS
from grammar.frames_words import PAST_END, attack_ref, leading_attack_kinds
from grammar.parts import NP, P


_TARGETED_BY = {"spell": K.SPELLS, "effect": K.EFFECTS}


def restriction_args(lemma: str, args: list) -> tuple[str, list, list, A.Selector | None]:
    """What a restriction is about: (verb, attack kinds, params, object)."""
    kinds: list[str] = []
    params: list = []
    obj = None
    what = VERB_IDS.get(lemma)
    if lemma == "shoot":
        what, kinds = V.ATTACK, [K.SHOT]           # «не может стрелять [по X]»: attack with a shot
    j = 0
    while j < len(args):
        q = args[j]
        if lemma == "shoot" and obj is None and isinstance(q, P) and q.kind == "prep" and q.v == "po" \
                and j + 1 < len(args) and isinstance(args[j + 1], NP):
            obj, j = take_np(args, j + 1)          # «… по этому существу»: at whom
            continue
        if isinstance(q, NP) and q.noun == "wound" and lemma == "get" and not q.adjs and not q.count:
            what = V.GET_WOUNDS
            j += 1
            continue
        if isinstance(q, P) and q.kind == "more" and j + 1 < len(args) and isinstance(args[j + 1], NP) \
                and args[j + 1].noun in ("wound", "counter") and lemma == "get" and not args[j + 1].adjs \
                and args[j + 1].count and args[j + 1].count[0] == "n":
            # «не может получить более 3 ран [за ход]»: a cap on what it gets (M5: not a Limit —
            # Limit.times counts uses) → params ("max:3"[, "per_turn"])
            what = V.GET_WOUNDS if args[j + 1].noun == "wound" else V.GET_COUNTERS
            params.append(f"max:{args[j + 1].count[1]}")
            j += 2
            if j < len(args) and isinstance(args[j], P) and args[j].kind == "turnref" and args[j].v == "за ход":
                params.append("per_turn")
                j += 1
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
        if isinstance(q, P) and q.kind == "at_start" and what == V.OPEN \
                and _AT_OWN_START.fullmatch((q.text or "").lower().replace("ё", "е")):
            # «не открывается в начале [своего] хода»: only the opening at the start of its
            # owner's turn (an effect may still open it) → params ("at_turn_start",) (M8)
            params.append("at_turn_start")
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
# «в начале своего следующего хода», «в начале первого хода своего владельца»: the start of the
# subject's owner's next turn («вашего»: the ability owner's — the same only for the card's own side)
# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_AT_OWN_START = re.compile(r"в начале (?:своего |вашего )?хода")
_NEXT_OR_FIRST = re.compile(r"следующ|первого хода")
_AT_NEXT = re.compile(r"в начале (?:(?P<whose>своего|вашего) следующего хода|первого хода своего владельца)")


def _own_side(subject) -> bool:
    """Is the restriction's subject certainly the ability owner's card (so «ваш» = «свой»)?"""
    return subject is None or subject.noun == N.SELF or subject.side == Side.OWN


def next_turn(args: list, subject=None, lemma: str = "") -> tuple[A.Duration | None, bool]:
    """«в свой следующий ход» / «в начале своего следующего хода» among a restriction's arguments:
    taken out of ``args``, the restriction's duration — the window of the subject's owner's next
    turn (`Duration(next_turn)`).  «ваш» only when the subject is the card's own side; the start
    of that turn only for «не открывается» (the caller adds ``at_turn_start``); «в начале
    следующего хода» (whose not said), «… боя», «… хода противника» refuse (F10)."""
    turn = [q for q in args if (isinstance(q, P) and q.kind == "turnref" and q.v in _NEXT_TURN)
            or (isinstance(q, P) and q.kind == "at_start" and _NEXT_OR_FIRST.search(q.text or ""))]
    if not turn:
        return None, False
    q = turn[0]
    if q.kind == "at_start":
        m = _AT_NEXT.fullmatch((q.text or "").lower().replace("ё", "е"))
        if m is None or lemma != "open":
            raise Reject("at the start of which next turn")
        if m.group("whose") == "вашего" and not _own_side(subject):
            raise Reject("«вашего следующего хода» of another player's card")
    elif q.v == "в ваш следующий ход" and not _own_side(subject):
        raise Reject("«в ваш следующий ход» of another player's card")
    args.remove(q)
    return A.Duration(D.NEXT_TURN, span=q.span), q.kind == "at_start"


def negated(v, subject, args, ctx, tails, sp):
    """«не открывается в свой следующий ход», «не закрывается после нападения», «не получает
    ран от ответных ударов» → Restriction."""
    lemma = v["lemma"]
    if PAST_END.search(v.get("word") or ""):
        # a past tense states what happened («не атаковало»), never a ban: it is a condition's
        # word, and read here it made «если X не перемещалось или не атаковало» a choice
        raise Reject("a negated past tense is no restriction")
    args = list(args)
    duration, at_start = next_turn(args, subject, lemma)
    if lemma == "close" and len(args) == 1 and isinstance(args[0], P) and args[0].kind == "adv" \
            and args[0].v == "after_this":
        # «не закрывается после этой атаки»: after the attack this ability is about
        return A.Restriction(V.CLOSE, subject, params=("after_this",), span=sp)
    after_attack = [q for q in args if isinstance(q, P) and q.kind in ("pri", "after")
                    and q.v and q.v[-1][1] in ("atk:assault", "atk:any", "atk:strike")]
    if lemma == "close" and after_attack and len(args) == 1 and subject is None and duration is None:
        lead = after_attack[0].v[:-1]
        if lead == [("ORDW", "1")]:
            # «не закрывается после первого удара»: only the first attack of the turn (F8)
            return A.Restriction(V.CLOSE, subject, params=("after_first_attack",), span=sp)
        if lead:
            raise Reject("«не закрывается после <which> атаки»")
        return A.Keyword(KW.NO_CLOSE_AFTER_ATTACK, span=sp)
    what, kinds, params, obj = restriction_args(lemma, args)
    if obj is not None:
        raise Reject("negated verb with an object")
    if at_start:
        params.append("at_turn_start")
    if duration is None:
        duration = tails.use("duration")
    return A.Restriction(what, subject, None, tuple(kinds), duration, params=tuple(params), span=sp)


# the case of a noun phrase before «нельзя», read from its words: the dative is who may not
# («этой карте нельзя атаковать X»), the accusative what may not be done to («эту карту нельзя
# атаковать»); an instrumental after the verb is by whom («… летающими существами»)
_DATIVE_END = re.compile(r"(?:у|ю|е|и|ам|ям|ому|ему)$")
_NOT_DATIVE_END = re.compile(r"(?:ое|ее|ые|ие|ом|ем|ую|юю)$")
_ACC_DET = frozenset({"эту", "ту", "ее", "её", "его", "их"})
_INSTR_END = re.compile(r"(?:ами|ями|ом|ем|ой|ей|ью)$")


def _words(np: NP) -> list[str]:
    words = (np.text or "").lower().replace("ё", "е").split()
    return words[:-1] if np.opp and len(words) > 1 else words


def dative_np(np: NP) -> bool:
    """Is the noun phrase in the dative («выбранной карте», «Карлику Унду», «существам»)?"""
    words = _words(np)
    if not words or any(w in _ACC_DET or w.endswith(("ую", "юю")) for w in words):
        return False
    return np.kind in ("noun", "self", "ref", "elided") and bool(_DATIVE_END.search(words[-1])) \
        and not _NOT_DATIVE_END.search(words[-1])


def instrumental_np(np: NP) -> bool:
    """Is the noun phrase in the instrumental («летающими существами», «защитником»)?"""
    words = _words(np)
    return bool(words) and np.kind in ("noun", "self", "ref", "elided") and bool(_INSTR_END.search(words[-1]))


def forbidden(v, subject, subj_parts: list, args: list, tails, sp):
    """«X нельзя V …» with X in the accusative: X is what may not be done to.
    «Эту карту нельзя атаковать [летающими существами]» → Restriction(attack, subject=the attackers
    (every card when none is said), params=(X,)) — the shape of «не может быть атакована …»;
    «Эту карту нельзя назначать защитником» → Restriction(defend, subject=X).  With X in the
    dative X is who may not («Выбранной карте нельзя назначать защитника»: no defender may be
    assigned for it → Restriction(assign, subject=X, params=(Selector(defender),))): None, the
    caller reads it as a ban on X.  Reject when the case and the verb do not agree."""
    lemma = v.v["lemma"]
    if subject is None or not subj_parts or not isinstance(subj_parts[0], NP):
        return None
    if dative_np(subj_parts[0]):
        if lemma == "assign" and any(isinstance(q, NP) and q.noun == "defender" and instrumental_np(q)
                                     for q in args):
            raise Reject("«X-у нельзя назначать защитником»")
        return None
    if lemma == "assign":
        if len(args) == 1 and isinstance(args[0], NP) and args[0].noun == "defender" and not args[0].adjs \
                and not args[0].count and instrumental_np(args[0]):
            return A.Restriction(V.DEFEND, subject, duration=tails.use("duration"), span=sp)
        raise Reject("«X нельзя назначать …»: the object before the verb")
    if lemma != "attack":
        raise Reject("«X нельзя V»: the object before the verb")
    kinds, args = leading_attack_kinds(args, "forbidden attack")
    attackers = None
    if args:
        if not all(isinstance(q, P) and q.kind in ("and", "or", "lcomma") or (isinstance(q, NP) and instrumental_np(q))
                   for q in args):
            raise Reject("forbidden attack: by whom")
        sels, j, joiner = take_np_list(args, 0)
        if j != len(args):
            raise Reject("forbidden attack: tail")
        out = []
        for x in sels:
            if Q.OWN_OF_SUBJECT in x.qualifiers:
                # «своими картами»: the cards of the attacked card's side
                if subject.noun != N.SELF or x.side is not None:
                    raise Reject("forbidden attack: whose own")
                x = replace(x, side=Side.OWN, qualifiers=tuple(q for q in x.qualifiers if q != Q.OWN_OF_SUBJECT))
            out.append(replace(x, qualifiers=x.qualifiers + (Q.ALL,)) if Q.ALL not in x.qualifiers else x)
        attackers = joined(out, joiner)
    return A.Restriction(V.ATTACK, attackers or A.Selector(N.CARD, qualifiers=(Q.ALL,)), None, tuple(kinds),
                         tails.use("duration"), params=(subject,), span=sp)


_INSTRUMENTAL = re.compile(r"(?:ом|ем|ой|ей|ами|ями)$")


def obliged_attack(subject, rest, tails, sp) -> A.Action | None:
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
    if args and isinstance(args[-1], NP) and (args[-1].noun or "").startswith("atk:") \
            and all(a in ATTACK_ADJ for a in args[-1].adjs) and not args[-1].count:
        k, s = attack_ref(args[-1])
        if s or len(k) != 1:
            return None
        kinds, args = k, args[:-1]
    elif len(args) >= 2 and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:") \
            and all(a in ATTACK_ADJ for a in args[0].adjs) and not args[0].count \
            and _INSTRUMENTAL.search(args[0].text.lower()):
        # «атаковать простым ударом закрытое существо»: the attack (instrumental) before the target
        k, s = attack_ref(args[0])
        if s or len(k) != 1:
            return None
        kinds, args = k, args[1:]
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


def duty_if_able(inner: list, main: list) -> list | None:
    """«Если [в свой ход] X может <сделать Y>, он обязан это сделать» says «[в свой ход] X обязан
    <сделать Y>»: a duty is always «if able» (an action that cannot be carried out is cancelled),
    so the condition adds nothing.  The parts of that duty clause (the «может» becomes the
    duty, its span kept), or None when the sentence is not exactly that: one positive «может»
    with a verb after it in the condition, and «[он] обязан это сделать» as the whole rest."""
    words = [p for p in main if not (isinstance(p, NP) and p.kind == "pron")]
    if len(main) - len(words) > 1 or len(words) != 3:
        return None
    must, this, do = words
    if not (isinstance(must, P) and must.kind == "modal" and must.v["lemma"] == "must" and not must.v["neg"]
            and isinstance(this, NP) and this.kind == "elided" and this.adjs == ("this",)
            and isinstance(do, P) and do.kind == "verb" and do.v["lemma"] == "do" and do.v["form"] == "inf"
            and not do.v["neg"]):
        return None
    modals = [i for i, p in enumerate(inner) if isinstance(p, P) and p.kind in ("modal", "verb")]
    if len(modals) < 2 or inner[modals[0]].kind != "modal":
        return None
    k = modals[0]
    can, verb = inner[k], inner[k + 1] if k + 1 < len(inner) else None
    if can.v["lemma"] != "can" or can.v["neg"] or not (isinstance(verb, P) and verb.kind == "verb"
                                                       and verb.v["form"] == "inf" and not verb.v["neg"]):
        return None
    if any(isinstance(p, P) and p.kind in ("modal", "verb") for p in inner[k + 2:]):
        return None
    duty = P("modal", {**must.v, "word": can.v["word"]}, can.span, can.text)
    return inner[:k] + [duty] + inner[k + 1:]


def none_but(v, subject, args, tails, sp):
    """«не может … никаких действий, кроме нападения на X» → Restriction(declare,
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


def counter_limit(v, args, sp):
    """«не может иметь более N {counter}» → CounterLimit(N)."""
    if v.v["lemma"] == "have" and len(args) == 2 and isinstance(args[0], P) \
            and args[0].kind == "more" and isinstance(args[1], NP) \
            and args[1].noun == "counter" and args[1].count and args[1].count[0] == "n" \
            and not args[1].adjs:
        return A.CounterLimit(args[1].count[1], span=sp)
    return None


_MOVE_NOUNS = {"jump": V.JUMP, "teleport": V.TELEPORT}


def only_restriction(v, subject, args, tails, sp):
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
        # «прыжок или телепортацию … только на X»: each of those moves only there
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


def permission(v, subject, args, ctx, tails, sp):
    """Permissions beyond the rules; None when «может X» is an optional effect instead.  The
    clause's duration («может … до конца хода») is the permission's."""
    node = _permission(v, subject, args, ctx, tails, sp)
    if isinstance(node, A.Permission) and node.duration is None and tails.duration is not None:
        node = replace(node, duration=tails.use("duration"))
    return node


def _permission(v, subject, args, ctx, tails, sp):
    lemma = v.v["lemma"]
    tags: list[str] = []
    kinds: list[str] = []
    if lemma == "shoot":
        lemma, kinds = "attack", [K.SHOT]      # «может стрелять по …»: attack with a shot
    if lemma == "declare" and subject is None and args and isinstance(args[0], NP) \
            and args[0].noun == "atk:strike" and args[0].adjs in (("unanswerable",), ("directed",)) \
            and not args[0].count and not args[0].opp and not tails.limit:
        # «может объявлять безответный удар [по X]»: the keyword «Безответный удар [по X]»
        name = KW.UNANSWERABLE if args[0].adjs == ("unanswerable",) else KW.DIRECT
        rest = args[1:]
        if not rest:
            return A.Keyword(name, span=sp)
        if not (isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == "po"):
            return None
        against, j = take_np(rest, 1)
        return A.Keyword(name, against=against, span=sp) if j == len(rest) else None
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
                return None          # «может атаковать только X»: a restriction (``only_restriction``)
        elif isinstance(q, P) and q.kind == "turnref" and q.v == "за ход" and lemma == "attack":
            pass
        elif isinstance(q, P) and q.kind == "as" and lemma == "attack" and j + 3 == len(args) \
                and isinstance(args[j + 1], P) and args[j + 1].kind == "prep" and args[j + 1].v == "na" \
                and isinstance(args[j + 2], NP) and args[j + 2].kind == "elided" and args[j + 2].adjs == ("adj:near",):
            tags.append("as_adjacent")            # «… как на стоящую рядом»
            j += 3
            continue
        elif isinstance(q, P) and q.kind == "prep" and q.v == "cherez" and lemma == "move" and j + 2 == len(args) \
                and isinstance(args[j + 1], NP) and args[j + 1].noun == "cell" and args[j + 1].kind == "noun" \
                and args[j + 1].adjs == ("occupied",) and not args[j + 1].count and not args[j + 1].opp:
            tags.append("through_occupied")       # «может перемещаться через занятые клетки»
            j += 2
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
    if lemma == "move" and tags in (["diagonal"], ["through_occupied"]) and not kinds and target is None \
            and times is None:
        return A.Permission(V.MOVE, subject, params=tuple(tags), span=sp)
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


__all__ = ["counter_limit", "dative_np", "duty_if_able", "forbidden", "instrumental_np", "negated", "next_turn", "none_but", "obliged_attack", "only_restriction",
           "permission", "restriction_args"]
