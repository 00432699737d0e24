"""Handlers of the effect nodes that change the table: attacks, wounds, heals, poison,
finishing, gaining and losing abilities, counters and markers.

Each handler is the one ``check`` / ``apply`` / ``unsupported`` of its node class (registered in
``judge.core.interp.HANDLERS``); the work itself is the ruleset's, through the Port.
"""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import BonusTo, Strength, TriggerEvent, Verb
from grammar import ast as A
from judge.core.context import Ctx, Problem
from judge.core.interp import (
    Interp,
    about_target,
    amount_unsupported,
    handles,
    selector_unsupported,
    unsupported_effects,
)
from judge.core.port import Port
from judge.core.words import word

CONCRETE = frozenset(K.concrete_kinds())


# ==================================================================== attacks
def _attack_check(it: Interp, node: A.Attack, ctx: Ctx):
    sel = times_selector(it, node, ctx) if several(node) else node.target
    if isinstance(sel, Problem):
        return sel
    got = it.each_target(node, sel, ctx)
    return got if isinstance(got, Problem) else None


def several_different(node: A.Attack) -> bool:
    """«X особых ударов …, только по разным картам противника» (``Attack.times`` with a target
    selector that says «разным»), or a fixed number «Два магических удара … (только по разным
    … картам)» (``Attack.count`` (N, N), no ``times``): one attack at each of up to N different
    cards."""
    sel = node.target
    return ((node.times is not None or _fixed_count(node) is not None) and sel is not None
            and Q.DIFFERENT in sel.qualifiers and sel.count is None
            and Q.ALL not in sel.qualifiers)


def _fixed_count(node: A.Attack) -> int | None:
    """N of «N атак …» written as a number (``count`` (N, N), N ≥ 2, no ``times``)."""
    lo, hi = node.count
    return hi if node.times is None and lo == hi and isinstance(hi, int) and hi >= 2 else None


def several(node: A.Attack) -> bool:
    """Is this one attack per target at several different cards (``times_selector``)?"""
    return node.times is not None or (_fixed_count(node) is not None and several_different(node))


def _how_many(it: Interp, node: A.Attack, ctx: Ctx, quiet: bool = False) -> int:
    fixed = _fixed_count(node)
    return fixed if fixed is not None else it.amount(node.times, ctx, quiet=quiet)


def times_selector(it: Interp, node: A.Attack, ctx: Ctx) -> A.Selector | Problem:
    """The target selector of «X атак … по разным картам»: 1 to X different cards (X counted
    from the table, quietly — the apply names it)."""
    n = _how_many(it, node, ctx, quiet=True)
    if n <= 0:
        return Problem(f"X = {n}: в «{ctx.text}» нет ни одной атаки")
    quals = tuple(q for q in node.target.qualifiers if q != Q.DIFFERENT)
    return replace(node.target, qualifiers=quals, count=(1, n))


def ignores_abilities(node: A.Attack) -> bool:
    """«(игнорирует особенности атакованного существа)»: a rider that is how the attack lands
    (the ruleset skips the target's protections, reductions and armour), not an effect."""
    return any(_is_ignore_rider(r) for r in node.riders)


def plain_strike_riders(node: A.Attack) -> bool:
    """«простой безответный удар …, не закрываясь при этом» made by card text: a simple strike
    with the card's own strike (no damage written); its riders «безответный» (Keyword
    unanswerable: no defender, the attacker rolls alone — seeds) and «не закрываясь» (an attack
    made by text does not close the card anyway) are how it is made, not effects."""
    return node.attack == K.STRIKE and node.damage is None and node.times is None


def _is_strike_manner(node: A.Attack, r) -> bool:
    if not plain_strike_riders(node):
        return False
    if isinstance(r, A.Keyword):
        return r.name == KW.UNANSWERABLE and r.value is None and r.against is None
    return (isinstance(r, A.Restriction) and r.what == Verb.CLOSE and r.subject is None
            and r.only is None and not r.kinds and r.duration is None and r.condition is None
            and not r.params)


def _is_ignore_rider(r) -> bool:
    return (isinstance(r, A.Permission) and r.what == Verb.IGNORE
            and tuple(r.params) == ("abilities",) and r.subject is None and not r.kinds
            and r.condition is None and r.duration is None
            and (r.target is None or r.target.noun == N.ATTACKED))


def rider_bonuses(node: A.Attack) -> tuple[A.Bonus, ...]:
    """«(+2 к особому удару по горным)»: a bonus to this very attack (the ruleset adds it to
    the damage); the other riders are effects done when the attack lands."""
    return tuple(r for r in node.riders if isinstance(r, A.Bonus))


def _rider_bonus_unsupported(b: A.Bonus, port: Port) -> str | None:
    if not isinstance(b.amount, A.Fixed) or b.duration is not None \
            or b.condition is not None or b.attacker is not None \
            or (b.per is not None and not isinstance(b.per, A.Measure)):
        return "прибавка к атаке с переменной величиной или условием пока не применяется"
    if isinstance(b.per, A.Measure) and (reason := port.unsupported(b.per)):
        return reason
    return selector_unsupported(b.against, port)


def strength_rider(r) -> str | None:
    """«Выстрел на 1-2-2. При сильной атаке — …»: a rider that acts only for that strength."""
    if not isinstance(r, A.Triggered) or r.limit is not None or r.condition is not None:
        return None
    t = r.trigger
    if t.subject or t.target or t.params or t.also or t.timing or t.cause or t.attack:
        return None
    if t.event == TriggerEvent.STRONG_ATTACK:
        return Strength.STRONG
    if t.event == TriggerEvent.ATTACK and t.strength is not None:
        return t.strength
    return None


def _attack_unsupported(node: A.Attack, port: Port) -> str | None:
    if node.attack not in CONCRETE:
        return f"атака вида «{word(node.attack, K)}» пока не применяется"
    if getattr(node, "through", None) is not None:
        return "атака «только через клетку» пока не применяется"
    if tuple(node.count) != (1, 1) and not (several(node) and node.times is None):
        return "несколько атак одной особенностью пока не применяются"
    if node.times is not None and not several_different(node):
        # «X разрядов на 2»: X attacks, each with its target, the same one again or not — one
        # would be applied wrongly; «… по разным картам» is applied (``times_selector``)
        return "атака «N раз» одной особенностью пока не применяется"
    if node.times is not None and (reason := amount_unsupported(node.times, port)):
        return reason
    for b in rider_bonuses(node):
        reason = _rider_bonus_unsupported(b, port)
        if reason:
            return reason
    if node.attack == K.STRIKE and node.damage is None and not any(
            _is_strike_manner(node, r) and isinstance(r, A.Keyword) for r in node.riders):
        return "простой удар по тексту карты (не безответный) пока не применяется"
    effects = []
    for r in node.riders:
        if isinstance(r, A.Bonus) or _is_ignore_rider(r) or _is_strike_manner(node, r):
            continue
        if strength_rider(r) is not None:
            effects.extend(r.effects)
        else:
            effects.append(r)
    target = node.target
    if several_different(node):               # «по разным картам»: the count checks it
        target = replace(target, qualifiers=tuple(q for q in target.qualifiers
                                                  if q != Q.DIFFERENT))
    return (amount_unsupported(node.damage, port) or selector_unsupported(target, port)
            or unsupported_effects(tuple(effects), port))


@handles(A.Attack, _attack_check, _attack_unsupported)
def _attack_apply(it: Interp, node: A.Attack, ctx: Ctx) -> None:
    riders = tuple(r for r in node.riders if not isinstance(r, A.Bonus) and not _is_ignore_rider(r)
                   and not _is_strike_manner(node, r))
    own = ctx.refs.get("attacked")          # a trigger's own «атакованное» stays its own
    sel = node.target
    if several(node):
        n = _how_many(it, node, ctx)         # X, shown once
        sel = times_selector(it, node, ctx)
        if isinstance(sel, Problem):
            it.port.cancel(sel, ctx)
            return
        if n > 1:
            x = "" if _fixed_count(node) is not None else f"X = {n} — "
            it.port.trace.emit("times", f"«{ctx.text}»: {x}до {n} атак, каждая по своей "
                               "цели.", *(ctx.cites or ("axe",)), "axe")
    for target in it.reached(node, sel, ctx):
        hit = it.port.attack(node, target, ctx)
        ctx.refs["attacked"] = target       # its riders' «атакованное»
        if hit.landed and riders:
            effects = []
            for r in riders:
                wanted = strength_rider(r)
                if wanted is None:
                    effects.append(r)
                elif hit.strength == wanted:
                    effects.extend(r.effects)   # «при сильной атаке — …»: this one was strong
            it.apply(tuple(effects), ctx)
        if own is not None:
            ctx.refs["attacked"] = own
    # otherwise the parts after the attack («…; в начале хода противника ранить атакованного»)
    # name the card it attacked


# ==================================================================== wounds, heals, poison
def _targets_check(it: Interp, node, ctx: Ctx):
    got = it.each_target(node, node.target, ctx)
    return got if isinstance(got, Problem) else None


def _amount_target_unsupported(node, port: Port) -> str | None:
    return (amount_unsupported(node.amount, port, node.target)
            or selector_unsupported(node.target, port))


def _amounts(it: Interp, node, ctx: Ctx, targets: list):
    """(target, amount) pairs: one amount for all, or — when X is counted on the target itself
    (``about_target``) — one per target."""
    if node.amount is None:
        return [(t, None) for t in targets]
    if about_target(node.amount, node.target):
        return [(t, it.amount(node.amount, ctx, node.target, t)) for t in targets]
    n = it.amount(node.amount, ctx)
    return [(t, n) for t in targets]


@handles(A.Wound, _targets_check, _amount_target_unsupported)
def _wound_apply(it: Interp, node: A.Wound, ctx: Ctx) -> None:
    for target, n in _amounts(it, node, ctx, it.reached(node, node.target, ctx)):
        if not it.port.shielded(target, ctx):
            it.port.wound(target, n, ctx)
    it.port.settle()


def _heal_unsupported(node: A.Heal, port: Port) -> str | None:
    return _amount_target_unsupported(node, port)


@handles(A.Heal, _targets_check, _heal_unsupported)
def _heal_apply(it: Interp, node: A.Heal, ctx: Ctx) -> None:
    for target, n in _amounts(it, node, ctx, it.reached(node, node.target, ctx)):
        if not it.port.shielded(target, ctx):
            it.port.heal(target, n, ctx)


@handles(A.Poison, _targets_check, _amount_target_unsupported)
def _poison_apply(it: Interp, node: A.Poison, ctx: Ctx) -> None:
    for target, n in _amounts(it, node, ctx, it.reached(node, node.target, ctx)):
        it.port.poison(target, n, ctx)


@handles(A.Finishing, _targets_check, _amount_target_unsupported)
def _finish_apply(it: Interp, node: A.Finishing, ctx: Ctx) -> None:
    targets = it.reached(node, node.target, ctx)
    n = it.amount(node.amount, ctx)
    for target in targets:
        it.port.finish(target, n, ctx)
    it.port.settle()


# ==================================================================== gaining and losing
def counter_gain(node: A.Gain) -> int | None:
    """«получает {counter}» / «получает 2 {counter}»: counters, not an ability."""
    if len(node.what) == 1 and isinstance(node.what[0], A.Keyword) \
            and node.what[0].name == KW.COUNTER:
        return node.what[0].value or 1
    return None


def marker_gain(node: A.Gain) -> str | None:
    """«получает маркер «добычи»» (the earlier grammar's form)."""
    if len(node.what) == 1 and isinstance(node.what[0], A.Action) \
            and node.what[0].verb == "marker" and node.what[0].params:
        return str(node.what[0].params[0])
    return None


def life_gain(node: A.Gain) -> int | None:
    """«получает 2 дополнительные жизни»: extra lives, for good (not a «+N» for a while)."""
    w = node.what[0] if len(node.what) == 1 else None
    if isinstance(w, A.Bonus) and tuple(w.to) == ("life",) and isinstance(w.amount, A.Fixed) \
            and w.duration is None and node.duration is None and not w.against:
        return w.amount.value
    return None


def poison_gain(node: A.Gain) -> tuple[int, int | None] | None:
    """«… получает +1 к отравлению (максимум до 2)»: (N, maximum) — the target's poison grows
    by N, for good (a ruleset that can say so has ``add_poison``)."""
    w = node.what[0] if len(node.what) == 1 else None
    if isinstance(w, A.Bonus) and tuple(w.to) == (K.POISON,) and isinstance(w.amount, A.Fixed) \
            and w.duration is None and node.duration is None and w.against is None \
            and w.per is None and w.condition is None and w.attacker is None and not w.strengths:
        return w.amount.value, w.maximum
    return None


def _idiom(w):
    """«{ova}1 или +1 к {ova}» written as a choice between the two: one «+1»."""
    if isinstance(w, A.Choice) and len(w.options) == 2:
        k, b = w.options
        if isinstance(k, A.Keyword) and isinstance(b, A.Bonus) and tuple(b.to) == (k.name,) \
                and isinstance(b.amount, A.Fixed) and b.amount.value == k.value:
            return k
    return w


def granted(node: A.Gain) -> tuple:
    """What a Gain grants: the idiom «{ova}1 или +1 к {ova}» read as one +1, and a granted
    bonus without its own duration (the Gain's, ``gain_duration``, is the one that counts)."""
    what = []
    for w in node.what:
        if isinstance(w, A.Static) and w.condition is None:
            what.extend(w.effects)              # «получает «A, B» до конца хода»: A and B
        else:
            what.append(_idiom(w))
    what = tuple(what)
    keywords = {w.name: w for w in what if isinstance(w, A.Keyword)}
    out = []
    for w in what:
        if isinstance(w, A.Bonus) and len(w.to) == 1 and w.to[0] in keywords \
                and isinstance(w.amount, A.Fixed) and keywords[w.to[0]].value == w.amount.value:
            continue                               # the «… или +N к …» half of the idiom
        if isinstance(w, A.Bonus) and w.duration is not None:
            w = replace(w, duration=None)
        out.append(w)
    return tuple(out)


def gain_duration(node: A.Gain) -> A.Duration | None:
    """The duration of what is granted: on the Gain, or (earlier grammar) on a granted Bonus."""
    if node.duration is not None:
        return node.duration
    found = {w.duration for w in node.what if isinstance(w, A.Bonus) and w.duration}
    return next(iter(found)) if len(found) == 1 else None


#: «+N к следующему {strike} / броску кубика»: a bonus used up by the card's next one.
NEXT_BONUSES = frozenset({BonusTo.NEXT_STRIKE, BonusTo.NEXT_DICE})


def next_bonus(w) -> str | None:
    """The NEXT_* target of a granted «+N к следующему …», or None for any other node."""
    if isinstance(w, A.Bonus) and len(w.to) == 1 and w.to[0] in NEXT_BONUSES:
        return w.to[0]
    return None


def valued_x(w) -> bool:
    """«защита от атак величиной X [или менее]» with X of the context (no «где X — …»)."""
    return isinstance(w, A.Protection) and isinstance(w.up_to, A.Variable) \
        and w.up_to.definition is None


def frozen(what: tuple, amount) -> tuple:
    """What a Gain grants, its X-valued protections fixed now (``amount``: Variable → int)."""
    return tuple(replace(w, up_to=A.Fixed(amount(w.up_to))) if valued_x(w) else w for w in what)


def _next_bonus_unsupported(w: A.Bonus, port: Port) -> str | None:
    """A ruleset that uses the bonus up at the next strike / roll has ``next_bonus``; only a
    fixed amount with nothing narrowing it (a target, a strength, a condition) is applied."""
    if not hasattr(port, "next_bonus"):
        return port.unsupported(w)
    if not isinstance(w.amount, A.Fixed) or w.per is not None or w.maximum is not None \
            or w.strengths or w.against is not None or w.attacker is not None \
            or w.condition is not None:
        return "прибавка «к следующему …» с уточнениями пока не применяется"
    return None


def _gain_unsupported(node: A.Gain, port: Port) -> str | None:
    reason = selector_unsupported(node.target, port)
    if reason:
        return reason
    if counter_gain(node) is not None or marker_gain(node) is not None \
            or life_gain(node) is not None:
        return None
    if poison_gain(node) is not None and hasattr(port, "add_poison"):
        return None
    durations = {w.duration for w in node.what if isinstance(w, A.Bonus) and w.duration}
    if node.duration is None and len(durations) > 1:
        return "у частей полученного разные сроки"
    for w in granted(node):
        if isinstance(w, (A.Choice, A.Sequence_)):
            return "выбор среди получаемых особенностей пока не применяется"
        if isinstance(w, (A.Triggered, A.Activated, A.Static)):
            return "полученная особенность со своим действием или срабатыванием пока не применяется"
        if valued_x(w):
            # «получает защиту от атак величиной X …»: X is fixed when granted (``grant``)
            w = replace(w, up_to=A.Fixed(0))
        reason = _next_bonus_unsupported(w, port) if next_bonus(w) else port.unsupported(w)
        if reason:
            return reason
    if node.duration is not None:
        return port.unsupported(node.duration)
    return None


@handles(A.Gain, _targets_check, _gain_unsupported)
def _gain_apply(it: Interp, node: A.Gain, ctx: Ctx) -> None:
    targets = it.reached(node, node.target, ctx)
    n, mark, more = counter_gain(node), marker_gain(node), poison_gain(node)
    for target in targets:
        if more is not None:
            it.port.add_poison(target, more[0], more[1], ctx)
        elif n is not None:
            it.port.counters(target, n, ctx)
        elif mark is not None:
            it.port.marker(target, mark, 1, ctx)
        else:
            it.port.grant(target, frozen(granted(node), lambda v: it.amount(v, ctx)),
                          gain_duration(node), ctx)


def _lose_unsupported(node: A.Lose, port: Port) -> str | None:
    reason = selector_unsupported(node.target, port)
    if reason:
        return reason
    if node.what == "counters":
        return None
    return port.unsupported(node)


@handles(A.Lose, _targets_check, _lose_unsupported)
def _lose_apply(it: Interp, node: A.Lose, ctx: Ctx) -> None:
    for target in it.reached(node, node.target, ctx):
        if node.what == "counters":
            it.port.counters(target, -node.amount if node.amount else None, ctx)
        else:
            it.port.lose(target, node, ctx)
