"""The effect interpreter: card text applied through one ``check`` and one ``apply`` per effect
node class of grammar/ast, composed by the AST.

An ability's effects are a tuple done in order; ``Sequence_``, ``Named`` (воздействие /
заклинание «…» — body), ``Choice`` («либо … либо …», «может …»), ``Conditional`` («если …»,
«иначе …») and the riders of an ``Attack`` compose them.  Every class has a ``Handler``:

* ``check(interp, node, ctx)`` — pure: binds the targets the player chose (``ctx.bound``) and
  says why the effect cannot be carried out (a ``Problem``: the legality rule cancels the whole
  action, nothing paid), or None;
* ``apply(interp, node, ctx)`` — does it, through the ruleset's Port;
* ``unsupported(node, port)`` — why the judge cannot apply it exactly (a reason), or None.  The
  same walk decides, before any game, whether a card's ability is applied or refused
  (``unsupported_effects``), so the figure `judge_applicable` and the trace agree by construction.

A new card whose text uses known parts needs no engine code: its AST is already covered here.
Parts inside a ``Conditional`` or an unchosen option are checked when they are reached: if one
cannot be carried out then, that part alone is cancelled (the action was already paid).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from berserk.vocab import AttackKind as K
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb
from grammar import ast as A
from judge.core.context import Ctx, Problem, is_chosen
from judge.core.port import Port
from judge.core.trace import Unnamed
from judge.core.words import OPAQUE, icon_unproven, node_word, word

Check = Callable[["Interp", Any, Ctx], "Problem | None"]
Apply = Callable[["Interp", Any, Ctx], None]
Support = Callable[[Any, Port], "str | None"]


@dataclass(frozen=True, slots=True)
class Handler:
    check: Check
    apply: Apply
    unsupported: Support


#: node class → its handler (the table the module doc speaks of).
HANDLERS: dict[type, Handler] = {}
#: Action.verb → its handler (judge/core/verbs.py fills it).
VERBS: dict[str, Handler] = {}


def handles(cls: type, check: Check, unsupported: Support):
    def register(apply: Apply) -> Apply:
        HANDLERS[cls] = Handler(check, apply, unsupported)
        return apply
    return register


@lru_cache(maxsize=4096)
def mentions_it(sel: A.Selector) -> bool:
    """Does the selector refer to «it» (the card the text named before) inside itself?"""
    return any(isinstance(x, A.Selector) and x.noun == N.IT for x in A.walk(sel) if x is not sel)


class Interp:
    """Runs effects against one Port."""

    def __init__(self, port: Port):
        self.port = port
        self._checking = 0                 # depth of nested checks (refs restored at 0)

    # ------------------------------------------------------------ composition
    def check(self, effects, ctx: Ctx) -> Problem | None:
        """Pure: binds the player's choices (``ctx.bound``) but leaves the context's named cards
        («it», the cell …) as they were — the apply names them again in the same order (a check
        that renamed «it» made the apply start from the last card the check named)."""
        outer = self._checking == 0
        saved = dict(ctx.refs) if outer else None
        self._checking += 1
        try:
            for node in effects:
                handler = HANDLERS.get(type(node))
                if handler is None:
                    return Problem(f"«{node_word(node)}» — судья это не применяет")
                problem = handler.check(self, node, ctx)
                if problem is not None:
                    return problem
            return None
        finally:
            self._checking -= 1
            if outer:
                ctx.refs.clear()
                ctx.refs.update(saved)

    def apply(self, effects, ctx: Ctx) -> None:
        for node in effects:
            if getattr(self.port, "over", False):
                return                               # the game has ended
            HANDLERS[type(node)].apply(self, node, ctx)

    # ------------------------------------------------------------ targets
    def targets(self, node, sel: A.Selector | None, ctx: Ctx, *, key: int | None = None,
                default_noun: str | None = None) -> list | Problem:
        """The objects ``node`` acts on: named ones from the context, every match of an ``all``
        selector, or the player's choice (bound once per use)."""
        port = self.port
        if sel is not None and sel.noun == N.ALL_OF and is_chosen(sel):
            # «уничтожить эту карту и выбранное существо»: the named members, and the choice
            fixed = [o for m in sel.members if not is_chosen(m) for o in port.select(m, ctx)]
            chosen = next(m for m in sel.members if is_chosen(m))
            picked = self.targets(node, chosen, ctx, key=key, default_noun=default_noun)
            return picked if isinstance(picked, Problem) else fixed + [
                o for o in picked if o not in fixed]
        if sel is not None and not is_chosen(sel):
            found = port.select(sel, ctx)
            if found and not mentions_it(sel):
                # (a selector defined by «it» — «существа, стоявшие с ним в строю» — keeps «it»:
                # renaming it here would change what the apply phase selects)
                ctx.name(found[-1] if len(found) == 1 else None)
            return found
        index = ctx.points.targets.get(id(node) if key is None else key)
        if index is None:                            # a rider's «атакованное»: the context's
            got = ctx.refs.get("attacked")
            return [got] if got is not None else Problem("не названа цель эффекта")
        if index in ctx.bound:
            got = ctx.bound[index]
            if len(got) == 1:
                ctx.name(got[0])             # named again at the apply, as at the check
            return got
        picked = self._pick(node, sel, ctx, index, default_noun)
        if isinstance(picked, Problem):
            return picked
        ctx.bound[index] = picked
        if len(picked) == 1:
            ctx.name(picked[0])
        return picked

    def _pick(self, node, sel, ctx: Ctx, index: int, default_noun) -> list | Problem:
        port = self.port
        raw = ctx.answers.target(index)
        many = sel is not None and sel.count is not None and sel.count != (1, 1)
        if raw is None:
            if sel is None:
                return Problem("цель не названа")
            candidates = [o for o in port.select(sel, ctx)
                          if port.target_problem(node, o, ctx) is None]
            what = f"цель особенности «{ctx.text}» карты «{ctx.source.name}»"
            if not candidates:
                return Problem(f"для «{ctx.text}» нет подходящей цели")
            if many:
                lo, hi = sel.count
                default = candidates[: hi if hi is not None else len(candidates)]
            else:
                default = [candidates[0]]
            if len(candidates) == 1 and not many:
                return default                    # one legal target: nothing to choose
            if ctx.inputs.strict:
                raise Unnamed(f"{what} (поле targets, №{index + 1})")
            shown = ", ".join(getattr(o, "name", str(o)) for o in default)
            port.trace.emit("assumed", f"Не названа {what} — принято: {shown}.",
                            *(ctx.cites or ("legality",)), assumed=True)
            return default
        items = raw if isinstance(raw, list) else [raw]
        objs = [port.ref(r, ctx) for r in items]
        if many:
            lo, hi = sel.count
            if len(objs) < lo or (hi is not None and len(objs) > hi):
                bound = f"от {lo} до {hi}" if hi is not None else f"не меньше {lo}"
                return Problem(f"для «{ctx.text}» нужно выбрать целей {bound}, а названо "
                               f"{len(objs)}")
            if len({id(o) for o in objs}) != len(objs):
                return Problem(f"в «{ctx.text}» одна и та же цель названа дважды")
        elif len(objs) != 1:
            return Problem(f"для «{ctx.text}» выбирается одна цель, а названо {len(objs)}")
        for obj in objs:
            problem = port.target_problem(node, obj, ctx)
            if problem is not None:
                return problem
            if sel is not None and not port.matches(sel, obj, ctx):
                return Problem(f"«{getattr(obj, 'name', obj)}» не подходит как цель «{ctx.text}»",
                               ctx.cites)
        return objs

    def each_target(self, node, sel, ctx: Ctx, key: int | None = None) -> list | Problem:
        """Targets plus the legality of the effect on each (check phase)."""
        got = self.targets(node, sel, ctx, key=key)
        if isinstance(got, Problem):
            return got
        for obj in got:
            problem = self.port.target_problem(node, obj, ctx)
            if problem is not None:
                return problem
        return got

    def reached(self, node, sel, ctx: Ctx, key: int | None = None) -> list:
        """Apply phase: the targets, or [] after cancelling this part (already paid)."""
        got = self.each_target(node, sel, ctx, key)
        if isinstance(got, Problem):
            self.port.cancel(Problem(f"часть «{ctx.text}» не выполняется: {got.text}",
                                     got.cites), ctx)
            return []
        return got

    # ------------------------------------------------------------ amounts
    def amount(self, d, ctx: Ctx, on=None, target=None, quiet: bool = False) -> int:
        """A number from the text: fixed, «N-M-K» (the ruleset rolls), X (the cost's X, the
        player's X, or what «где X — …» counts), with offset, factor and bounds.  ``on``: the
        selector of the effect's own target, ``target`` the card it is being applied to — a
        measure of exactly that selector («излечить другое существо от ран, полученных им в
        этот ход») is a measure of this target (``about_target``)."""
        if isinstance(d, A.Fixed):
            return d.value
        if isinstance(d, A.ByStrength):
            return self.port.by_strength(d, ctx)
        if isinstance(d, A.Variable):
            if isinstance(d.definition, A.Measure) and about_target(d, on):
                saved = ctx.refs.get("it")
                ctx.refs["it"] = target
                try:
                    x = self.port.measure(replace(d.definition, of=IT), ctx)
                finally:
                    ctx.refs["it"] = saved
            elif isinstance(d.definition, A.Measure):
                # ``quiet``: a check counts without a step in the ruling (the apply shows it)
                x = (self.port.quiet_measure if quiet and hasattr(self.port, "quiet_measure")
                     else self.port.measure)(d.definition, ctx)
            elif ctx.x_def is not None:
                x = self.port.measure(ctx.x_def, ctx)
            elif ctx.x is not None:
                x = ctx.x
            else:
                raw = ctx.answers.x
                if raw is None:
                    raw = ctx.inputs.choice(self.port.trace, f"{ctx.key}.x",
                                            f"значение X («{ctx.text}»)", 0,
                                            *(ctx.cites[:1] or ("legality",)))
                x = ctx.x = int(raw)
            value = d.factor * x + d.offset
            if d.maximum is not None:
                value = min(value, d.maximum)
            if d.minimum is not None:
                value = max(value, d.minimum)
            return max(value, 0)
        raise TypeError(f"not an amount: {d!r}")


#: «он / оно»: the card the effect is applied to (see ``about_target``).
IT = A.Selector("it")


def about_target(d, on: A.Selector | None) -> bool:
    """Is the X of ``d`` counted on the effect's own target?  The grammar reads healing another
    creature of the wounds it took this turn with the measure's ``of`` repeating the
    target's selector: that is the target, not every card the selector matches."""
    return (on is not None and isinstance(d, A.Variable) and isinstance(d.definition, A.Measure)
            and d.definition.of is not None and d.definition.of == on)


def amount_unsupported(d, port: Port, on: A.Selector | None = None) -> str | None:
    if d is None or isinstance(d, (A.Fixed, A.ByStrength)):
        return None
    if isinstance(d, A.Variable):
        if isinstance(d.definition, A.Opaque):
            return "определение X не разобрано грамматикой"
        if about_target(d, on):
            return port.unsupported(replace(d.definition, of=IT))
        if isinstance(d.definition, A.Measure):
            return port.unsupported(d.definition)
        return None
    return f"величина вида «{node_word(d)}» не поддерживается"


def selector_unsupported(sel: A.Selector | None, port: Port) -> str | None:
    return None if sel is None else port.unsupported(sel)


def unsupported_effects(effects, port: Port) -> str | None:
    """Why the judge cannot apply every part of these effects exactly, or None."""
    for node in effects:
        handler = HANDLERS.get(type(node))
        if handler is None:
            if isinstance(node, A.Opaque):
                return OPAQUE
            if isinstance(node, A.Unknown):
                return icon_unproven(node)
            return f"«{node_word(node)}» — судья пока не применяет"
        reason = handler.unsupported(node, port)
        if reason:
            return reason
    return None


# ==================================================================== composition nodes
def _seq_check(it: Interp, node: A.Sequence_, ctx: Ctx):
    return it.check(node.steps, ctx)


@handles(A.Sequence_, _seq_check, lambda n, p: unsupported_effects(n.steps, p))
def _seq_apply(it: Interp, node: A.Sequence_, ctx: Ctx) -> None:
    it.apply(node.steps, ctx)


def _named_ctx(node: A.Named, ctx: Ctx) -> None:
    ctx.guard = K.SPELLS if node.effect_kind == "spell" else K.EFFECTS


def _named_check(it: Interp, node: A.Named, ctx: Ctx):
    _named_ctx(node, ctx)
    return it.check(node.body, ctx)


def _named_unsupported(node: A.Named, port: Port) -> str | None:
    if node.limit is not None and node.limit.each is not None:
        return "ограничение «для каждого …» пока не отслеживается"
    if node.range is not None:
        # «Заклинание «x», дальность N»: the judge does not measure how far a target stands
        return "дальность воздействия пока не проверяется"
    return unsupported_effects(node.body, port)


@handles(A.Named, _named_check, _named_unsupported)
def _named_apply(it: Interp, node: A.Named, ctx: Ctx) -> None:
    _named_ctx(node, ctx)
    it.apply(node.body, ctx)


def is_may(node: A.Choice) -> bool:
    """«может X»: a choice between X and nothing."""
    last = node.options[-1] if node.options else None
    return isinstance(last, A.Action) and last.verb == Verb.NOTHING and len(node.options) == 2


def chosen_option(it: Interp, node: A.Choice, ctx: Ctx) -> int:
    """0-based index of the option taken (the chooser's answer; «может» → yes by default)."""
    index = ctx.points.options.get(id(node), 0)
    raw = ctx.answers.option(index)
    if raw is None:
        if is_may(node):
            what = f"применить ли «{ctx.text}» («может»)"
        else:
            what = f"вариант «{ctx.text}» (1–{len(node.options)})"
        raw = ctx.inputs.choice(it.port.trace, f"{ctx.key}.option{index + 1}", what,
                                True if is_may(node) else 1, *(ctx.cites[:1] or ("axe",)))
    if isinstance(raw, bool):
        return 0 if raw else len(node.options) - 1
    return max(0, min(int(raw) - 1, len(node.options) - 1))


def _choice_check(it: Interp, node: A.Choice, ctx: Ctx):
    return it.check((node.options[chosen_option(it, node, ctx)],), ctx)


def _choice_unsupported(node: A.Choice, port: Port) -> str | None:
    if node.each:
        return "выбор за каждую карту по отдельности («каждое … может») судья пока не делает"
    if node.chooser not in (None, "owner", "opponent", "attacked"):
        return f"выбор делает «{word(node.chooser)}» — судья пока не знает, кто это"
    return unsupported_effects(node.options, port)


@handles(A.Choice, _choice_check, _choice_unsupported)
def _choice_apply(it: Interp, node: A.Choice, ctx: Ctx) -> None:
    i = chosen_option(it, node, ctx)
    chooser = {"opponent": "противник", "attacked": "атакованный"}.get(node.chooser or "",
                                                                    "владелец")
    if is_may(node):
        it.port.trace.emit("choice", f"«{ctx.source.name}»: «{ctx.text}» — "
                           + ("применяется (выбор владельца)." if i == 0 else
                              "владелец не применяет («может»)."), *(ctx.cites or ("axe",)))
    else:
        it.port.trace.emit("choice", f"«{ctx.text}»: {chooser} выбирает вариант {i + 1}.",
                           *(ctx.cites or ("axe",)))
    it.apply((node.options[i],), ctx)


def _cond_unsupported(node: A.Conditional, port: Port) -> str | None:
    return (port.unsupported(node.condition) or unsupported_effects(node.effects, port)
            or unsupported_effects(node.otherwise, port))


@handles(A.Conditional, lambda it, n, ctx: None, _cond_unsupported)
def _cond_apply(it: Interp, node: A.Conditional, ctx: Ctx) -> None:
    holds = it.port.holds(node.condition, ctx)
    branch = node.effects if holds else node.otherwise
    it.port.trace.emit("condition", f"«{ctx.text}»: условие "
                       + ("выполнено." if holds else "не выполнено."), *(ctx.cites or ("axe",)))
    it.apply(branch, ctx)


def _define_check(it: Interp, node: A.Define, ctx: Ctx):
    ctx.x_def = node.measure
    return None


@handles(A.Define, _define_check,
         lambda n, p: "предел X («максимум / минимум N» для всех его вхождений) судья пока не применяет"
         if n.maximum is not None or n.minimum is not None else p.unsupported(n.measure))
def _define_apply(it: Interp, node: A.Define, ctx: Ctx) -> None:
    ctx.x_def = node.measure


@handles(A.Triggered, lambda it, n, ctx: None,
         lambda n, p: p.unsupported(n))
def _delayed_apply(it: Interp, node: A.Triggered, ctx: Ctx) -> None:
    """A trigger inside an effect («в начале вашего следующего хода …»): a delayed effect."""
    it.port.delay(node, ctx)
