"""Verb frames: what a verb's arguments mean.  «ранить X на N» → Wound; «излечить X на N» →
Heal; «получает / имеет <qualities>» → Gain; «теряет …» → Lose; every other known
verb → one generic frame (``generic``), Action(verb, target, to, amount, params), its roles read from
the prepositions (``ROLES``) — so a verb that needs more becomes specific later, and until
then an argument the generic frame cannot place makes the clause Reject.  Attack verbs are in
``frames_verbs_attack``, state and deck verbs in ``frames_verbs_state``; ``frames_clause`` holds
the table of the specific frames.

The verb's *form* (infinitive / 3rd person / reflexive) decides the target: «ранить X» → X;
«X ранится» / «раниться» → the subject (default: the card)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from berserk.vocab import MeasureKind as M
from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import LATE, VERB_IDS, Reject, Tails, _span, dmg, has_kind, rewrite, nodes_in
from grammar.frames_grant import qualities_and_grant
from grammar.frames_measure import measure
from grammar.frames_quality import attack_targets, define_x, per_measure, qualities
from grammar.frames_select import (SELF, implicit_neighbour_cell, joined, one_or_more, selector, share_noun, take_np,
                                   take_np_list)
from grammar.frames_words import marker_name, plural
from grammar.parts import NP, P
from grammar.tokens import RESERVED, fold, name_re

# adverbs and adverbial phrases a generic action carries as params tags
ADVERBS = {"closed": "closed", "open": "open", "по диагонали": "diagonal", "free_of_charge": "free",
           "в любом направлении": "any_direction", "в направлении удара": "along_strike",
           "в направлении движения": "along_move", "в том же направлении": "same_direction",
           "на одной прямой": "straight_line", "fully": "fully", "under_your_control": "yours",
           "again": "again", "simultaneously": "simultaneously", "по вертикали": "vertical",
           "any_order": "any_order",
           "по горизонтали": "horizontal"}


def _drop_implied(verb: str, args: list) -> list:
    nouns = IMPLIED.get(verb, ())
    return [q for q in args if not (isinstance(q, NP) and q.kind == "noun" and q.noun in nouns
                                    and not q.adjs and not q.count and not q.opp)]


# verbs whose «на / в <place>» is where the object goes, not where it stands
DESTINATION_VERBS = frozenset({"put", "move", "teleport", "summon", "return", "revive", "swap",
                               "redirect", "land", "incarnate"})


_PRE_ADV = {"near": "adjacent", "opposite": "opposite", "behind": "behind"}


def _prenominal(args: list, j: int):
    """«всех стоящих рядом с этой клеткой существ»: a participle phrase before its noun →
    the noun's selector with the relation (and «всех» when it came first)."""
    every = isinstance(args[j], P) and args[j].kind == "bare" and args[j].v == "ALLW:all"
    many = int(args[j].v.split(":")[1]) if isinstance(args[j], P) and args[j].kind == "bare" \
        and args[j].v.split(":")[0] in ("NUM", "NUMW") else None
    k = j + 1 if every or many else j
    if k >= len(args) or args[k].__class__ is not P or args[k].kind != "participle":
        return None                 # (asked at every argument: no slice when no participle)
    q = args[k:k + 5]
    if len(q) < 5 or not (isinstance(q[0], P) and q[0].kind == "participle" and q[0].v == "standing"
                          and isinstance(q[1], P) and q[1].kind == "adv" and q[1].v in _PRE_ADV
                          and isinstance(q[2], P) and q[2].kind == "prep" and q[2].v == "s"
                          and isinstance(q[3], NP) and isinstance(q[4], NP) and q[4].kind == "noun"):
        return None
    other = take_np([q[3]], 0)[0]
    sel, end = take_np(args, k + 4)
    quals = sel.qualifiers + ((Q.ALL,) if every else ())
    rel = A.Relation(_PRE_ADV[q[1].v], other, span=_span(q[1:4]))
    count = (many, many) if many else sel.count           # «двух стоящих рядом с X существ»
    return A.Selector(sel.noun, sel.side, tuple(x for x in quals if not (many and x == Q.ALL)), count,
                      sel.relations + (rel,), sel.condition, sel.members, span=_span(args[j:end])), end


class Args:
    """A verb's arguments: direct objects, an amount «на N», prepositional phrases, adverbs,
    quoted texts; ``rest`` what is none of these (the frame rejects it)."""

    __slots__ = ("objs", "joiner", "amount", "pp", "adv", "quoted", "rest", "heal_from", "measure", "per",
                 "out_of_game")

    def __init__(self, args: list, heal: bool = False, verb: str = ""):
        self.heal_from = None
        self.measure = None
        args = share_noun(_drop_implied(verb, args))
        self.out_of_game = False
        for k in range(len(args) - 1):
            q, nxt = args[k], args[k + 1]
            if isinstance(q, P) and q.kind == "prep" and isinstance(nxt, NP) and nxt.noun == "game" \
                    and nxt.kind == "noun" and not nxt.adjs and not nxt.count and not nxt.opp \
                    and ((verb in ("exile", "remove") and q.v == "iz") or (verb == "summon" and q.v == "v")):
                # «изгнать / убрать из игры X»: out of the game is what exiling is (rules: изгнание);
                # «вызвать в игру X»: into play is where a summon puts it
                self.out_of_game = verb != "summon"
                args = list(args[:k]) + list(args[k + 2:])
                break
        for k in range(len(args) - 1):
            q, nxt = args[k], args[k + 1]
            if isinstance(q, P) and q.kind == "prep" and q.v == "na" and isinstance(nxt, NP) \
                    and nxt.noun in ("magnitude", "value") and not nxt.adjs:
                # «на величину удара …»: the amount is a measure (the rest of the clause)
                self.measure = list(args[k + 1:])
                args = list(args[:k])
                break
            if isinstance(q, P) and q.kind == "prep" and q.v == "na" and isinstance(nxt, NP) \
                    and nxt.noun == "atk:strike" and not nxt.adjs and not nxt.count and k + 2 == len(args) - 1 \
                    and isinstance(args[k + 2], NP) and args[k + 2].kind in ("noun", "self", "ref"):
                # «ранить … на удар этого существа» (Heroes): the amount is that strike's value
                self.measure = [NP("noun", "magnitude", span=nxt.span, text=nxt.text)] + list(args[k + 1:])
                args = list(args[:k])
                break
        if heal:
            args = self._wounds_received(list(args))
        self.objs: list[A.Selector] = []
        self.joiner = "and"
        self.amount = None
        self.pp: list[tuple[str, A.Selector | None, object]] = []
        self.adv: list[P] = []
        self.quoted: list[NP] = []
        self.rest: list = []
        self.per: A.Measure | None = None       # «на 1 за каждое X»: what the amount is counted by
        joined_by = False
        # (a participle phrase before its noun needs a participle, «X или Y» an «или»: the
        # arguments are scanned once for them, not tried at every position)
        participle = has_kind(args, "participle")
        either = has_kind(args, "or")
        j = 0
        while j < len(args):
            q = args[j]
            nxt = args[j + 1] if j + 1 < len(args) else None
            pre = _prenominal(args, j) if participle else None
            if pre is not None:
                sel, j = pre
                self.objs.append(sel)
                continue
            one = one_or_more(args, j) if either else None          # «существо или существ противника»
            if one is not None:
                self.objs.append(one)
                j += 3
                continue
            if isinstance(q, P) and q.kind == "bare" and q.v.split(":")[0] in ("NUM", "NUMW") \
                    and isinstance(nxt, P) and nxt.kind == "prep" and nxt.v == "iz" and j + 2 < len(args) \
                    and isinstance(args[j + 2], NP) and not args[j + 2].count:
                # «один из результатов бросков»: that many of them
                n = int(q.v.split(":")[1])
                sel, j = take_np(args, j + 2)
                if sel.noun == N.RESULT and j < len(args) and isinstance(args[j], NP) and args[j].noun == "roll" \
                        and not args[j].adjs:
                    j += 1                    # «результатов бросков»: of the rolls just made
                self.objs.append(replace(sel, count=(n, n),
                                         qualifiers=tuple(x for x in sel.qualifiers if x != Q.ALL)))
                joined_by = False
                continue
            if isinstance(q, NP) and q.kind == "elided" and "each" in q.adjs and isinstance(nxt, P) \
                    and nxt.kind == "prep" and nxt.v == "iz" and j + 2 < len(args) and isinstance(args[j + 2], NP) \
                    and args[j + 2].kind == "pron" and args[j + 2].noun == "it":
                # «каждое [лесное] из них»: each of the cards named before (with the qualities)
                rest = NP("elided", None, tuple(a for a in q.adjs if a != "each"), None, span=q.span, text=q.text)
                quals = selector(rest).qualifiers if rest.adjs else ()
                self.objs.append(A.Selector(N.IT, qualifiers=(Q.ALL,) + tuple(x for x in quals if x != Q.ALL),
                                            span=_span(args[j:j + 3])))
                joined_by = False
                j += 3
                continue
            if isinstance(q, NP) and q.kind == "quoted":
                self.quoted.append(q)
                j += 1
            elif isinstance(q, NP):
                sel, j = take_np(args, j, places=verb not in DESTINATION_VERBS)
                if self.objs and not joined_by:
                    self.rest.append(q)       # two objects with no «и / или» between them
                self.objs.append(sel)
                joined_by = False
            elif isinstance(q, P) and q.kind == "amount" and self.amount is None:
                self.amount = q
                j += 1
                if j < len(args) and isinstance(args[j], NP) and args[j].noun == "cell" and args[j].kind == "noun" \
                        and not args[j].adjs and not args[j].count and not args[j].opp:
                    j += 1                    # «на 1 клетку»: the amount counts cells
            elif isinstance(q, P) and q.kind == "prep" and q.v == "za" and isinstance(nxt, NP) \
                    and self.amount is not None and self.per is None and "each" in nxt.adjs:
                self.per, j = per_measure(args, j + 1)
            elif isinstance(q, P) and q.kind == "prep" and isinstance(nxt, NP) and verb in DESTINATION_VERBS \
                    and nxt.noun in _ORIGIN_QUALIFIER and ROLES.get(q.v) == "origin":
                # «вернуть X с кладбища на клетку»: the zone is not on the cell — the cell is where to
                sel, j = take_np(args, j + 1, places=False)
                self.pp.append((q.v, sel, nxt))
            elif isinstance(q, P) and q.kind == "prep" and isinstance(nxt, NP):
                sels, j, joiner = take_np_list(args, j + 1)
                while j + 2 < len(args) and isinstance(args[j], P) and args[j].kind == "or" \
                        and isinstance(args[j + 1], P) and args[j + 1].kind == "prep" \
                        and ROLES.get(args[j + 1].v) == ROLES.get(q.v) and isinstance(args[j + 2], NP):
                    # «на верх или в низ колоды»: one role, two places
                    more, j, _ = take_np_list(args, j + 2)
                    sels, joiner = sels + more, "or"
                self.pp.append((q.v, joined(sels, joiner), nxt))
            elif isinstance(q, P) and q.kind == "prep" and isinstance(nxt, P) and nxt.kind == "amount":
                self.pp.append((q.v, None, nxt))
                j += 2
            elif isinstance(q, P) and q.kind in ("adv", "turnref"):
                self.adv.append(q)
                j += 1
            elif isinstance(q, P) and q.kind in ("and", "or", "lcomma"):
                if q.kind == "or":
                    self.joiner = "or"
                joined_by = True
                j += 1
            else:
                self.rest.append(q)
                j += 1

    def _wounds_received(self, args: list) -> list:
        """«от ран[, полученных в этот ход]» (the object of «излечить … от»)."""
        for i in range(len(args) - 1):
            q, nxt = args[i], args[i + 1]
            if isinstance(q, P) and q.kind == "prep" and q.v == "ot" and isinstance(nxt, NP) \
                    and nxt.noun == "wound" and not nxt.adjs and not nxt.count:
                rest = args[i + 2:]
                tags: tuple = ()
                if len(rest) >= 2 and isinstance(rest[-2], NP) and rest[-2].kind == "elided" \
                        and rest[-2].adjs == ("received",) and isinstance(rest[-1], P) \
                        and rest[-1].kind == "turnref" and rest[-1].v == "this_turn":
                    tags = ("received_this_turn",)
                    rest = rest[:-2]
                    if rest and isinstance(rest[-1], P) and rest[-1].kind == "lcomma":
                        rest = rest[:-1]
                if rest:
                    continue
                self.heal_from = tags or ("all",)
                return args[:i]
        return args

    def check(self, per_ok: bool = False) -> None:
        if self.rest:
            raise Reject("unused parts: " + ",".join(getattr(q, "kind", "np") for q in self.rest))
        if self.per is not None and not per_ok:
            raise Reject("«за каждое» where the frame has no amount to count")

    def objects(self) -> A.Selector:
        if not self.objs:
            raise Reject("object expected")
        return joined(self.objs, self.joiner)


def _subject_or_self(subject):
    return subject if subject is not None else SELF


def _reflexive(v) -> bool:
    return v["form"].endswith("refl")


def _per_amount(a: Args, tails: Tails):
    """«на N за каждое X [(максимум M)]» → Variable(X, factor=N, definition=Measure(X),
    maximum=M) — the value is N·X, capped at M."""
    n = dmg(a.amount)
    if not isinstance(n, A.Fixed):
        raise Reject("per with a variable amount")
    maximum = tails.use("maximum") if tails.maximum not in (None, -1) else None
    return A.Variable("X", maximum=maximum, definition=a.per, factor=n.value, span=_span([a.amount, a.per]))


def v_wound(v, subject, a: Args, ctx, tails, sp):
    a.check(per_ok=True)
    if a.per is not None:
        amount = _per_amount(a, tails)
    elif a.amount is None and a.measure is not None:
        # «ранить X на величину …»
        amount = A.Variable("X", definition=measure(a.measure), span=_span(a.measure))
    elif a.amount is None:
        raise Reject("wound without amount")
    else:
        amount = define_x(dmg(a.amount), tails)
    if a.pp or a.adv or a.quoted:
        raise Reject("wound roles")
    if _reflexive(v):
        if a.objs:
            raise Reject("reflexive wound with an object")
        return A.Wound(_subject_or_self(subject), amount, span=sp)
    target = a.objects()
    if subject is not None and v["form"] not in ("3sg", "3pl"):
        raise Reject("wound subject")
    if _actor_matters(subject, target):
        raise Reject("wound: another actor")       # «противник ранит своё существо»: who chooses
    return A.Wound(target, amount, span=sp)


def _actor_matters(subject, target: A.Selector) -> bool:
    """A Wound / Heal has no actor: refuse when the subject is a player (who chooses, whose
    «своё»), or the target's «своё» points to it."""
    if subject is None:
        return False
    return subject.noun in (N.PLAYER, N.OPPONENT) or any(
        isinstance(n, A.Selector) and Q.OWN_OF_SUBJECT in n.qualifiers for n in nodes_in(target))


def v_heal(v, subject, a: Args, ctx, tails, sp):
    if a.heal_from is not None:
        # «излечить X от ран, полученных в этот ход»: as many wounds as it got this turn
        target = _subject_or_self(subject) if _reflexive(v) else a.objects()
        a.check()
        if a.pp or a.adv or a.quoted or a.amount is not None:
            raise Reject("heal from wounds roles")
        got = A.Measure(M.WOUNDS, target, params=a.heal_from)
        return A.Heal(target, A.Variable("X", definition=got), span=sp)
    full = [q for q in a.adv if q.kind == "adv" and q.v == "fully"]
    a.adv = [q for q in a.adv if q not in full]
    a.check(per_ok=True)
    if a.adv or a.quoted:
        raise Reject("heal roles")
    amount = _per_amount(a, tails) if a.per is not None else define_x(dmg(a.amount), tails) if a.amount else None
    target = _subject_or_self(subject) if _reflexive(v) else a.objects()
    if _reflexive(v) and a.objs:
        raise Reject("reflexive heal with an object")
    if not _reflexive(v) and _actor_matters(subject, target):
        raise Reject("heal: another actor")        # «противник излечивает своё существо»
    for prep, sel, np in a.pp:
        raise Reject("heal roles")
    if amount is None and not full:
        raise Reject("heal without amount")
    return A.Heal(target, amount, span=sp)


def _strip_duration(nodes):
    out = []
    for n in nodes:
        if isinstance(n, A.Bonus) and n.duration is not None:
            n = replace(n, duration=None)
        elif isinstance(n, A.Choice):
            n = A.Choice(tuple(_strip_duration(n.options)), n.chooser, span=n.span)
        out.append(n)
    return out


def v_get(v, subject, parts, ctx, tails, sp):
    """получает / получить / получают X: qualities, N ран, отравление на N, маркер …"""
    target = _subject_or_self(subject)
    if len(parts) == 2 and isinstance(parts[0], P) and parts[0].kind == "also" and isinstance(parts[1], NP) \
            and parts[1].noun == "wound":
        parts = parts[1:]                     # «получить ещё 3 раны»
    if not parts:
        raise Reject("get nothing")
    p0 = parts[0]
    if isinstance(p0, NP) and p0.noun == "wound" and p0.count and p0.count[0] == "n" and len(parts) >= 3 \
            and set(p0.adjs) <= {"extra"} and not p0.opp and isinstance(parts[1], P) and parts[1].kind == "prep" \
            and parts[1].v == "za" and isinstance(parts[2], NP) and "each" in parts[2].adjs:
        # «получает 1 рану за каждую {counter} на X»: N × the count (as «ранить на N за каждое X»)
        per, j = per_measure(parts, 2)
        if j != len(parts):
            raise Reject("wounds per: tail")
        maximum = tails.use("maximum") if tails.maximum not in (None, -1) else None
        return A.Wound(target, A.Variable("X", maximum=maximum, definition=per, factor=p0.count[1],
                                          span=_span(parts)), span=sp)
    if isinstance(p0, NP) and p0.noun == "wound" and p0.count and p0.count[0] in ("n", "x") and len(parts) == 1 \
            and set(p0.adjs) <= {"extra"} and not p0.opp:      # «N [дополнительных] ран»: no other word
        amount = A.Fixed(p0.count[1]) if p0.count[0] == "n" else define_x(A.Variable("X"), tails)
        return A.Wound(target, amount, span=sp)
    if isinstance(p0, P) and p0.kind in ("modal", "verb") and ctx.orig(p0.span)[:1].isupper():
        # «получает Не может передвигаться» (the «» of a granted ability dropped, its capital
        # kept): the clause is the ability granted
        sub = Tails()
        inner = LATE.clause_effects(list(parts), ctx, sub)
        sub.check()
        return A.Gain(target, tuple(inner), tails.use("duration"), span=sp)
    if isinstance(p0, NP) and p0.noun == "wound" and not p0.count and not p0.adjs and len(parts) >= 4 \
            and isinstance(parts[1], P) and parts[1].kind == "only" and isinstance(parts[2], P) \
            and parts[2].kind == "prep" and parts[2].v == "ot" and isinstance(parts[3], NP):
        # «получает раны только от ударов / от хозяина»: every other source is barred
        return _wounds_only_from(subject, parts[3:], sp)
    if isinstance(p0, NP) and p0.noun == "poison" and p0.opp:
        raise Reject("poison «противника»")             # «получает отравление противника на 2»
    if isinstance(p0, NP) and p0.noun == "poison" and not p0.adjs and len(parts) == 2 \
            and isinstance(parts[1], P) and (parts[1].kind == "amount" or (
                parts[1].kind == "bare" and parts[1].v.split(":")[0] == "XVAR")):
        # «получает отравление на 2», «… отравление X[, где X — …]» (the «на» left out)
        return A.Poison(define_x(dmg(parts[1]), tails), subject, span=sp)
    if isinstance(p0, NP) and p0.noun == "coin" and not p0.adjs and len(parts) == 1:
        return _coins(V.GAIN_COINS, subject, p0, tails, sp)     # «получите 2 монеты»
    if isinstance(p0, NP) and p0.noun == "token" and not p0.adjs and len(parts) == 2 \
            and isinstance(parts[1], NP) and parts[1].noun == "prayer" and not parts[1].adjs:
        return _coins(V.PRAY, subject, p0, tails, sp)           # «получите 2 жетона молитвы»
    if isinstance(p0, NP) and p0.noun == "marker" and p0.name and len(parts) == 2 and not p0.adjs \
            and isinstance(parts[1], P) and parts[1].kind == "paren" and tails.duration is None \
            and ctx.reparse is not None:
        # «X получает маркер «N» (при … ранить его на 1)»: the marker's rules, a typed ability
        # read with the marked card as «это существо» (or the unit is not typed)
        text = ctx.orig(parts[1].span)
        if not (text.startswith("(") and text.endswith(")")):
            raise Reject("marker rules")
        rules = ctx.reparse(text[1:-1], parts[1].span.start + 1)
        return A.Action(V.MARKER, subject, (marker_name(p0.name), rules), span=sp)      # params: name, rules
    if isinstance(p0, NP) and p0.noun == "marker" and p0.name and len(parts) == 1 and not p0.adjs:
        if tails.duration is not None:
            # «X получает маркер N до конца хода»: the marker lasts a while — the shape of «положите
            # маркер N на X до конца хода» (Action(marker) has no duration: a judge would keep it)
            marker = A.Selector(N.MARKER, qualifiers=(f"{Q.NAMED}:{marker_name(p0.name)}",), span=p0.span)
            return A.Action(V.PUT, marker, to=subject or SELF, duration=tails.use("duration"), span=sp)
        return A.Action(V.MARKER, subject, (marker_name(p0.name),), span=sp)
    cut = tails.duration_at
    if tails.duration is not None and cut is not None and 0 < cut < len(parts) \
            and isinstance(parts[cut], P) and parts[cut].kind == "and":
        # «получает +N к X до конца хода и M …»: the duration is the
        # first part's; what follows «и» is for good
        first = _granter(_strip_duration(qualities(parts[:cut], ctx, tails)), target, ctx)
        rest_tails = Tails()
        rest = _granter(_strip_duration(qualities(parts[cut + 1:], ctx, rest_tails)), target, ctx)
        rest_tails.check()
        return A.Sequence_((A.Gain(target, tuple(first), tails.use("duration"), span=_span(parts[:cut])),
                            A.Gain(target, tuple(rest), span=_span(parts[cut + 1:]))), span=sp)
    if "shared_choice" in tails.notes or tails.duration is not None and cut is not None and 0 < cut < len(parts) \
            and isinstance(parts[cut], P) and parts[cut].kind in ("or", "lcomma", "either"):
        # «+1 к {move} до конца хода или дополнительную {health}»: the options after the last
        # duration are for good — one Gain's duration would end them too
        return LATE.gain_options(parts, target, ctx, tails, sp)     # frames_verbs_state
    got = qualities_and_grant(parts, ctx, tails)         # «получает A и При …» (no «»)
    what = _granter(_strip_duration(qualities(parts, ctx, tails) if got is None else got), target, ctx)
    return A.Gain(target, tuple(what), tails.use("duration"), span=sp)


def _wounds_only_from(subject, rest: list, sp) -> A.Restriction:
    """«… только от ударов / от выстрелов и метаний» → kinds; «… только от хозяина» → the
    one source, ``("from", X)``; ``"only"`` says every other source is barred."""
    try:
        kinds, strengths, j = attack_targets(rest, 0)
    except Reject:
        source, j = take_np(rest, 0)
        if j != len(rest):
            raise Reject("wounds only from: tail")
        return A.Restriction(V.GET_WOUNDS, subject, params=("only", ("from", source)), span=sp)
    if strengths or j != len(rest):
        raise Reject("wounds only from: kinds")
    return A.Restriction(V.GET_WOUNDS, subject, kinds=tuple(kinds), params=("only",), span=sp)


def _granter(nodes: list, target: A.Selector, ctx) -> list:
    """An ability granted to *another* card that names this one («… получает «Когда <имя этой
    карты> получает раны — …»»): there «this card» is the granter, named, not the holder."""
    if target == SELF or not ctx.name:
        return nodes
    lo = min((g.span.start for g in nodes), default=0)
    hi = max((g.span.end for g in nodes), default=0)
    rx = name_re(ctx.name)
    said = 0 if rx is None else sum(1 for m in rx.finditer(fold(ctx.text[lo:hi]))
                                    if not m.group(0).startswith(RESERVED))
    if not said:
        return nodes
    # only the selectors the name wrote (they have a span); «раниться» (no span) is the holder
    named_here = [n for g in nodes for n in nodes_in(g)
                  if isinstance(n, A.Selector) and n.noun == N.SELF and n.span != A.NOSPAN]
    if len(named_here) != said:
        raise Reject("the granter's name read as the holder")
    named = A.Selector(N.CARD, qualifiers=(f"{Q.NAMED}:{ctx.name.replace('ё', 'е')}",))
    return [_self_to(n, named) for n in nodes]


def _self_to(node, named: A.Selector):
    def swap(n):
        if isinstance(n, A.Selector) and n.noun == N.SELF and n.span != A.NOSPAN:
            return A.Selector(named.noun, n.side, named.qualifiers + n.qualifiers, n.count,
                              n.relations, n.condition, n.members, span=n.span)
        return None
    return rewrite(node, swap)


def v_have(v, subject, parts, ctx, tails, sp):
    if not parts:
        raise Reject("have nothing")
    target = _subject_or_self(subject)
    got = qualities_and_grant(parts, ctx, tails)         # «имеет A и При …» (no «»)
    what = _granter(_strip_duration(qualities(parts, ctx, tails) if got is None else got), target, ctx)
    return A.Gain(target, tuple(what), tails.use("duration"), span=sp)


_LOSE = {"counter": "counters", "flight": "flying", "ability": "abilities", "marker": "markers",
         "inc_token": "incarnation_tokens"}


def _coins(verb: str, subject, np: NP, tails, sp) -> A.Action:
    """«получите / потеряйте N монет», «противник теряет монету», «получите жетон молитвы» →
    Action(gain_coins | lose_coins | pray, target=whose (Selector(player) for «вы»), amount=N)."""
    c = np.count
    if c and c[0] not in ("n", "x"):
        raise Reject("how many coins")
    amount = A.Fixed(1) if c is None else A.Fixed(c[1]) if c[0] == "n" else A.Variable("X")
    who = A.Selector(N.PLAYER) if subject is None or subject == SELF else subject
    if who.noun not in (N.PLAYER, N.OPPONENT) or who.qualifiers not in ((), (Q.ALL,)):
        raise Reject("whose coins")
    return A.Action(verb, who, amount=define_x(amount, tails), duration=tails.use("duration"), span=sp)


def v_lose(v, subject, parts, ctx, tails, sp):
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "coin" and not parts[0].adjs:
        return _coins(V.LOSE_COINS, subject, parts[0], tails, sp)
    target = _subject_or_self(subject)
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "marker" and parts[0].name:
        # «X теряет маркер «яда»»: that marker is removed from X (Lose has no place for its name)
        marker, _j = take_np(parts, 0)
        return A.Action(V.REMOVE, marker, duration=tails.use("duration"), origin=target, span=sp)
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun in _LOSE:
        np = parts[0]
        if set(np.adjs) - {"each"} and np.noun != "ability":
            raise Reject("lose what")
        if np.noun == "ability" and np.adjs not in ((), ("each",)):
            raise Reject("lose which abilities")
        amount = None
        if np.count and np.count[0] == "n":
            amount = np.count[1]
        elif np.count and np.count[0] == "x":
            amount = "X"
        elif np.count and np.count[0] != "all":
            raise Reject("lose count")
        elif not np.count and np.noun in ("counter", "marker") and not np.adjs and not plural(np) \
                and (np.text.lower().split() or [""])[-1] in ("{counter}", "фишку", "маркер"):
            amount = 1             # «теряет {counter} / фишку»: one (all of them: «все», a plural)
        elif not np.count and np.noun == "inc_token" and not np.adjs \
                and (np.text.lower().split() or [""])[0] == "жетон":
            amount = 1             # «потерять жетон инкарнации»: one
        elif np.noun == "inc_token":
            raise Reject("lose how many tokens")
        return A.Lose(target, _LOSE[np.noun], amount, tails.use("duration"), span=sp)
    # «теряет {zor} / полёт и защиту от магии»: specific abilities
    lost = qualities(parts, ctx, tails)
    if any(isinstance(n, A.Choice) for n in lost):
        raise Reject("lose a choice")
    return A.Lose(target, "ability", None, tails.use("duration"), tuple(lost), span=sp)


# preposition → the role of its phrase in a generic action
ROLES = {"na": "to", "v": "to", "k": "to", "po": "target", "s": "origin", "iz": "origin", "pod": "to"}
_ORIGIN_QUALIFIER = {"deck": Q.IN_DECK, "graveyard": Q.IN_GRAVEYARD, "hand": Q.IN_HAND}


# objects a verb names itself («бросить кубик»): no target of their own
IMPLIED = {"roll": ("die",), "reroll": ("die",), "win": ("game",)}


def generic(verb: str, obj_required: bool = False):
    """An action with a target and role phrases: Action(verb, target, params, to, amount)."""
    def frame(v, subject, a: Args, ctx, tails, sp):
        a.check()
        if verb == "fight":
            return _fight(subject, a, tails, sp)
        times = None
        for sel in list(a.objs):
            if sel.noun == N.TIMES and sel.count and sel.count[0] == sel.count[1] and not sel.qualifiers:
                times = sel.count[0]
                a.objs.remove(sel)
        refl = _reflexive(v)
        target = a.objects() if a.objs else None
        if target is None and refl:
            target = _subject_or_self(subject)
        by = subject if subject is not None and not refl else None
        to = origin = source = whose = None
        for prep, sel, np in a.pp:
            role = ROLES.get(prep)
            if sel is None or role is None:
                raise Reject(f"{verb}: «{prep}» phrase")
            if role == "to" and to is None:
                to = sel
            elif role == "target" and target is None:
                target = sel
            elif role == "target" and prep == "po" and target.noun == N.ATTACK \
                    and not any(r.what == R.AGAINST for r in target.relations):
                # «блокировать ближнюю атаку по себе»: whom the attack is at
                target = A.with_span(replace(target, relations=target.relations + (A.Relation(R.AGAINST, sel),)),
                                     _span([target, sel]))
            elif role == "origin" and origin is None and isinstance(np, NP) and np.noun in _ORIGIN_QUALIFIER:
                origin = _ORIGIN_QUALIFIER[np.noun]
                # «с кладбища противника», «из вашей колоды»: whose zone it is
                whose = sel.side if sel is not None and sel.noun != N.ANY_OF else None
                rest_q = set(sel.qualifiers) if sel is not None and sel.noun != N.ANY_OF else set()
                if rest_q == {Q.OWN_OF_SUBJECT} and whose is None and subject is None:
                    whose, rest_q = Side.OWN, set()        # «из своей колоды» (you): yours
                if rest_q or (sel is not None and (sel.relations or sel.count)):
                    raise Reject(f"{verb}: which zone")     # a word of the zone would be lost
            elif role == "origin" and source is None and prep == "s":
                source = sel
            else:
                raise Reject(f"{verb}: role {role}")
        if verb in ("move", "teleport") and to is not None and to.noun == N.IT \
                and "клетк" not in ctx.text[:to.span.start].lower():
            # «переместить на нее X» with no cell named before it: «она» would be a card (F4)
            raise Reject(f"{verb}: a pronoun destination with no cell named")
        if verb == "return" and to is not None and to.noun == N.HAND and not to.qualifiers and to.side is None:
            params_hand = True                 # «верните X в руку (владельца)»
            to = None
        else:
            params_hand = False
        if verb in ("move", "teleport") and implicit_neighbour_cell(to) and target is not None \
                and target.noun != N.SELF:
            # «переместить X на соседнюю клетку»: a cell next to X (the moved card), not to this one
            rel = to.relations[0]
            mover = target if target.noun == N.IT else A.Selector(N.IT)     # (a pronoun: the same word)
            to = replace(to, relations=(replace(rel, to=mover),))
        if origin is not None:
            if target is None:
                raise Reject(f"{verb}: from where, what")
            if whose is not None and target.side not in (None, whose):
                raise Reject(f"{verb}: whose zone")
            target = A.Selector(target.noun, target.side or whose, target.qualifiers + (origin,), target.count,
                                target.relations, target.condition, target.members, span=target.span)
        if target is None and obj_required:
            raise Reject(f"{verb} without object")
        params = ["hand"] if params_hand else []
        if verb == "land":
            params.append("land")     # «приземлиться»: a move that also ends the flight
        for q in a.adv:
            if verb == "swap" and q.kind == "adv" and q.v == "places":
                continue                      # «поменять местами»: what swapping is
            tag = ADVERBS.get(q.v) if q.kind == "adv" else None
            if tag is None:
                raise Reject(f"{verb}: adverb {q.v}")
            params.append(tag)
        for q in a.quoted:
            params.append(q.name)
        if tails.except_:
            params.append(("except", joined(tails.use("except_"), "and")))
        if tails.note("closed"):
            params.append("closed")
        if tails.note("no_shuffle"):
            params.append("no_shuffle")
        amount = define_x(dmg(a.amount), tails) if a.amount is not None else None
        if times is not None:
            if amount is not None:
                raise Reject(f"{verb}: amount and times")
            amount = A.Fixed(times)
        verb_id = V.EXILE if a.out_of_game else VERB_IDS[verb]
        if verb == "choose" and target is not None and target.noun == N.ROW:
            verb_id = V.CHOOSE_ROW                # «выберите ряд [половины поля боя противника]»
        return A.Action(verb_id, target, tuple(params), to, amount, tails.use("duration"), by,
                        source, span=sp)
    return frame


def _fight(subject, a: Args, tails, sp) -> A.Action:
    """«X сражается [{strike}] с Y» → Action(fight, target=Y, params=(kind,), by=X): the one
    fought is the target, the fighter ``by`` (None: the card itself), the shape the Heroes judge
    applies.  A generic reading made X the target and Y an origin, and an attack noun the target
    (the fighter was lost)."""
    kinds: list[str] = []
    for sel in a.objs:
        quals = [q for q in sel.qualifiers if q.startswith("kind:") and q != "kind:any"]
        if sel.noun != N.ATTACK or len(quals) != len(sel.qualifiers) or not quals or sel.relations:
            raise Reject("fight: object")
        kinds += [q.split(":", 1)[1] for q in quals]
    target = None
    for prep, sel, _np in a.pp:
        if prep != "s" or sel is None or target is not None:
            raise Reject(f"fight: «{prep}» phrase")
        target = sel
    if target is None or a.adv or a.quoted or a.amount is not None:
        raise Reject("fight: whom")
    params: list = kinds
    if tails.note("not_closing"):
        params.append("not_closing")
    by = None if subject is None or subject.noun == N.SELF else subject
    rels = target.relations
    if by is not None and len(rels) == 1 and rels[0].what == "adjacent" and rels[0].to.noun == N.SELF \
            and rels[0].to.span == A.NOSPAN:
        # «ваш X сражается со стоящей рядом картой»: next to the fighter (it), not to this card
        target = replace(target, relations=(replace(rels[0], to=A.Selector(N.IT)),))
    return A.Action(V.FIGHT, target, tuple(params), None, None, tails.use("duration"), by, span=sp)


VERBS: dict[str, Callable] = {"wound": v_wound, "heal": v_heal}
VERBS.update({lemma: generic(lemma, obj_required) for lemma, obj_required in (
    ("close", False), ("open", False), ("destroy", True), ("move", False), ("teleport", False),
    ("swap", False), ("summon", True), ("revive", True), ("exile", True), ("return", True),
    ("put", True), ("remove", True), ("redirect", True),
    ("block", False), ("roll", False), ("reroll", False), ("choose", True), ("show", False),
    ("look", False), ("pay", False), ("fight", False),
    ("declare", True), ("land", False), ("leave", True), ("incarnate", False), ("die", False),
    ("stun", True), ("prepare", True), ("win", False), ("cancel", False))})

__all__ = ["ADVERBS", "Args", "VERBS", "generic", "v_get", "v_have", "v_lose"]
