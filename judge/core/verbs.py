"""Handlers of ``Action`` verbs and of Restriction / Permission used as effects.

``VERBS`` is keyed by ``berserk.vocab.Verb``: a verb without an entry is refused by the judge
(its card is not `judge_applicable`), never guessed.  Each entry's work is the ruleset's
(through the Port); the entry says which Port call a verb is and what its target defaults to.
"""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import DurationKind, SelectorNoun, Verb
from grammar import ast as A
from judge.core.context import Ctx, Problem, is_chosen, is_diagonal_step
from judge.core.interp import VERBS, Handler, Interp, handles, selector_unsupported
from judge.core.port import Port
from judge.core.words import params, word

#: The target a verb acts on when the text names none: the card itself.
SELF = A.Selector("self")


def _target(node: A.Action) -> A.Selector:
    return node.target if node.target is not None else SELF


#: The earlier grammar's destinations (Action.params) as the ``to`` selector they mean.
FREE_CELL = A.Selector("cell", qualifiers=("free",))
OLD_DESTINATIONS = {(Verb.TELEPORT, ("free_cell",)): FREE_CELL}
#: «переместить X на 1 клетку по диагонали» (no ``to``; params ("diagonal",), amount 1): a free
#: cell that is a diagonal neighbour of X — the ruleset's cell qualifier ``diagonal_of_it``.
DIAGONAL_STEP = A.Selector("cell", qualifiers=("free", "diagonal_of_it"))


def destination(node: A.Action) -> tuple[A.Selector | None, int]:
    """Where a move goes, and the key of that choice (judge/core/context.py)."""
    if node.to is not None:
        return node.to, id(node.to)
    if is_diagonal_step(node):
        return DIAGONAL_STEP, -id(node)
    old = OLD_DESTINATIONS.get((node.verb, tuple(node.params)))
    return old, -id(node)


def _check(it: Interp, node: A.Action, ctx: Ctx):
    before = ctx.refs.get("it")
    got = it.each_target(node, _target(node), ctx)
    if isinstance(got, Problem):
        return got
    to, key = destination(node)
    if to is not None:
        dest = _dest(it, node, to, key, ctx, before)
        if isinstance(dest, Problem):
            return dest
    return None


def _dest(it: Interp, node: A.Action, to: A.Selector, key: int, ctx: Ctx, before):
    """Where an effect sends its target.  A bare «на неё» is what the text named *before* this
    effect (the cell of «через свободную клетку») — a card is never moved onto itself; a cell
    placed relative to «it» («на соседнюю с ним клетку») is relative to the target just named."""
    if to.noun != SelectorNoun.IT or to.qualifiers or to.relations or to.condition is not None:
        return it.targets(node, to, ctx, key=key)
    named = ctx.refs.get("it")
    ctx.refs["it"] = before
    try:
        return it.targets(node, to, ctx, key=key)
    finally:
        if ctx.refs.get("it") is before:
            ctx.refs["it"] = named


def _plain_unsupported(node: A.Action, port: Port) -> str | None:
    if node.params:
        return (f"уточнение действия «{word(node.verb, Verb)}» ({params(node.params)}) пока не "
                "применяется")
    return selector_unsupported(node.target, port)


def verb(name: Verb, check=_check, unsupported=_plain_unsupported):
    def register(apply):
        VERBS[name] = Handler(check, apply, unsupported)
        return apply
    return register


@verb(Verb.NOTHING, check=lambda it, n, ctx: None, unsupported=lambda n, p: None)
def _nothing(it: Interp, node: A.Action, ctx: Ctx) -> None:
    return None


@verb(Verb.OPEN)
def _open(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, _target(node), ctx):
        it.port.set_closed(t, False, ctx)


@verb(Verb.CLOSE)
def _close(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, _target(node), ctx):
        if not it.port.shielded(t, ctx):
            it.port.set_closed(t, True, ctx)


@verb(Verb.DESTROY)
def _destroy(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, _target(node), ctx):
        if not it.port.shielded(t, ctx):
            it.port.destroy(t, ctx)
    it.port.settle()


def _marker_unsupported(node: A.Action, port: Port) -> str | None:
    if len(node.params) != 1 or not isinstance(node.params[0], str):
        # (name, its rules …): «маркер «N» (при … ранить его на 1)» — the rules are not applied
        return "маркер без имени" if not node.params or not isinstance(node.params[0], str) \
            else "правила маркера пока не применяются"
    return selector_unsupported(node.target, port)


@verb(Verb.MARKER, unsupported=_marker_unsupported)
def _marker(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, _target(node), ctx):
        it.port.marker(t, str(node.params[0]), 1, ctx)


def _move_unsupported(node: A.Action, port: Port) -> str | None:
    to, _key = destination(node)
    # a written destination with params («на одну клетку в любом направлении (кроме …)»): the
    # params narrow it and are not read — refused (it moved the card to any cell before)
    if to is None or (node.params and node.to is not None):
        return (f"перемещение «{params(node.params)}» пока не применяется" if node.params
                else "не сказано, куда перемещать")
    return selector_unsupported(node.target, port) or port.unsupported(to)


def _relocate(it: Interp, node: A.Action, ctx: Ctx) -> None:
    to, key = destination(node)
    before = ctx.refs.get("it")
    for t in it.reached(node, _target(node), ctx):
        dest = _dest(it, node, to, key, ctx, before)
        if isinstance(dest, Problem) or not dest:
            it.port.cancel(Problem(f"«{ctx.text}»: некуда переместить"), ctx)
            continue
        it.port.relocate(t, node.verb, dest[0], ctx)


for _v in (Verb.MOVE, Verb.TELEPORT, Verb.SWAP):
    VERBS[_v] = Handler(_check, _relocate, _move_unsupported)


# ==================================================================== wounds moved between cards
def _redistribute_unsupported(node: A.Action, port: Port) -> str | None:
    """«перераспределить N (или менее) ран с X на Y»: one card to one card, a fixed N."""
    if tuple(node.params) != ("or_less",):
        return "перераспределение без «или менее» пока не применяется"
    if not isinstance(node.amount, A.Fixed) or node.target is None or node.to is None:
        return "перераспределение: не сказано, сколько ран, откуда или куда"
    if node.to.noun == SelectorNoun.ANY_OF or "all" in node.to.qualifiers:
        return "перераспределение на несколько карт пока не применяется"
    return selector_unsupported(node.target, port) or selector_unsupported(node.to, port)


def _redistribute_check(it: Interp, node: A.Action, ctx: Ctx):
    got = it.each_target(node, node.target, ctx)
    if isinstance(got, Problem):
        return got
    dest = it.targets(node, node.to, ctx, key=id(node.to))
    if isinstance(dest, Problem):
        return dest
    for d in dest:
        problem = it.port.target_problem(node, d, ctx)
        if problem is not None:
            return problem
    return None


@verb(Verb.REDISTRIBUTE_WOUNDS, check=_redistribute_check, unsupported=_redistribute_unsupported)
def _redistribute(it: Interp, node: A.Action, ctx: Ctx) -> None:
    sources = it.reached(node, node.target, ctx)
    dest = it.targets(node, node.to, ctx, key=id(node.to))
    if isinstance(dest, Problem) or len(dest) != 1:
        it.port.cancel(Problem(f"«{ctx.text}»: некуда перенести раны"), ctx)
        return
    most = it.amount(node.amount, ctx)
    for src in sources:
        if src is dest[0] or it.port.shielded(src, ctx) or it.port.shielded(dest[0], ctx):
            continue
        it.port.redistribute(src, dest[0], most, ctx)
    it.port.settle()


# ==================================================================== the earlier grammar's forms
#: Verbs of the earlier grammar (no longer ``Verb`` members; stored ASTs still carry them).
OLD_NO_OPEN, OLD_CANNOT_ATTACK = "no_open_next_turn", "cannot_attack"


def _old_restriction(node: A.Action) -> A.Restriction | None:
    """cannot_attack / no_open_next_turn (kept so stored ASTs read) as the Restriction the
    compositional grammar writes for them."""
    if node.verb == OLD_NO_OPEN:
        return A.Restriction(Verb.OPEN, duration=A.Duration(DurationKind.NEXT_TURN))
    if node.verb == OLD_CANNOT_ATTACK:
        until = node.params[0] if node.params else None
        return A.Restriction(Verb.ATTACK, duration=A.Duration(until) if until else None)
    return None


def _old_unsupported(node: A.Action, port: Port) -> str | None:
    r = _old_restriction(node)
    return selector_unsupported(node.target, port) or port.unsupported(r)


def _old_apply(it: Interp, node: A.Action, ctx: Ctx) -> None:
    r = _old_restriction(node)
    for t in it.reached(node, _target(node), ctx):
        it.port.grant(t, (replace(r, duration=None),), r.duration, ctx)


for _v in (OLD_NO_OPEN, OLD_CANNOT_ATTACK):
    VERBS[_v] = Handler(_check, _old_apply, _old_unsupported)


# ==================================================================== the Action node
def _action_check(it: Interp, node: A.Action, ctx: Ctx):
    handler = VERBS.get(node.verb)
    if handler is None:
        return Problem(f"действие «{word(node.verb, Verb)}» судья не применяет")
    return handler.check(it, node, ctx)


def _action_unsupported(node: A.Action, port: Port) -> str | None:
    handler = VERBS.get(node.verb)
    if handler is None:
        return f"действие «{word(node.verb, Verb)}» судья пока не применяет"
    return handler.unsupported(node, port)


@handles(A.Action, _action_check, _action_unsupported)
def _action_apply(it: Interp, node: A.Action, ctx: Ctx) -> None:
    VERBS[node.verb].apply(it, node, ctx)


# ==================================================================== restrictions as effects
def _subject(node) -> A.Selector:
    return node.subject if node.subject is not None else SELF


def _limit_check(it: Interp, node, ctx: Ctx):
    got = it.each_target(node, _subject(node), ctx)
    return got if isinstance(got, Problem) else None


def keeps_open(node) -> bool:
    """«не закрывается после этой атаки» as an effect (a trigger of the attack): the card that
    closed for its attack is open again — a ruleset that can say so has ``keep_open``."""
    return (isinstance(node, A.Restriction) and node.what == Verb.CLOSE
            and tuple(node.params) == ("after_this",) and node.subject is None
            and node.only is None and not node.kinds and node.condition is None
            and node.duration is None)


def _limit_unsupported(node, port: Port) -> str | None:
    if keeps_open(node) and hasattr(port, "keep_open"):
        return None
    if node.duration is None:
        return "бессрочное ограничение как эффект пока не применяется"
    return (selector_unsupported(node.subject, port)
            or port.unsupported(replace(node, subject=None, duration=None))
            or port.unsupported(node.duration))


def _limit_apply(it: Interp, node, ctx: Ctx) -> None:
    if keeps_open(node):
        for t in it.reached(node, _subject(node), ctx):
            it.port.keep_open(t, ctx)
        return
    for t in it.reached(node, _subject(node), ctx):
        it.port.grant(t, (replace(node, subject=None, duration=None),), node.duration, ctx)


handles(A.Restriction, _limit_check, _limit_unsupported)(_limit_apply)
handles(A.Permission, _limit_check, _limit_unsupported)(_limit_apply)


# ==================================================================== redirecting an attack
def _redirect_unsupported(node: A.Action, port: Port) -> str | None:
    """«Перенаправить <атаку> [с <карты>] на <карту>»: a ruleset that knows the attack being
    declared has ``declared_attack``; the attack named by its kind only, one destination."""
    if not hasattr(port, "declared_attack"):
        return f"действие «{word(node.verb, Verb)}» судья пока не применяет"
    t = node.target
    if t is None or t.noun != SelectorNoun.ATTACK or t.relations or t.condition is not None \
            or t.count is not None or node.params or node.by is not None or node.to is None \
            or node.amount is not None or node.duration is not None \
            or not all(str(q).startswith("kind:") for q in t.qualifiers):
        return "перенаправление атаки такого вида пока не применяется"
    if node.to.count is not None or not is_chosen(node.to):
        return "перенаправление на несколько карт пока не применяется"
    return (selector_unsupported(node.origin, port) if node.origin is not None else None) \
        or port.unsupported(node.to)


def _redirect_bind(it: Interp, node: A.Action, ctx: Ctx):
    """The declared attack it redirects (kind as the text says, from a card that fits
    ``origin``) and where to: Problem, or (declaration, new target)."""
    found = it.port.declared_attack(node.target)
    if found is None:
        return Problem(f"«{ctx.text}»: нет объявленной атаки такого вида, которую можно "
                       "перенаправить", ("legality",))
    attacker, attacked, _kind = found
    # «… с карты на стоящее рядом с ней существо»: «она» is the attacked card
    ctx.refs.update(attacker=attacker, attacked=attacked, it=attacked)
    if node.origin is not None and not it.port.matches(node.origin, attacked, ctx):
        return Problem(f"«{ctx.text}»: атакована карта «{attacked.name}», а перенаправить можно "
                       "только атаку на карту, которую называет текст", ("legality",))
    dest = it.targets(node, node.to, ctx, key=id(node.to))
    if isinstance(dest, Problem):
        return dest
    if not dest or dest[0] is attacked or dest[0] is attacker:
        return Problem(f"«{ctx.text}»: перенаправить атаку можно только на другую карту",
                       ("legality",))
    ctx.refs["it"] = attacked
    return found, dest[0]


def _redirect_check(it: Interp, node: A.Action, ctx: Ctx):
    got = _redirect_bind(it, node, ctx)
    return got if isinstance(got, Problem) else None


@verb(Verb.REDIRECT, check=_redirect_check, unsupported=_redirect_unsupported)
def _redirect(it: Interp, node: A.Action, ctx: Ctx) -> None:
    got = _redirect_bind(it, node, ctx)
    if isinstance(got, Problem):
        it.port.cancel(got, ctx)
        return
    it.port.redirect(got[1], ctx)


# ==================================================================== markers on cells
def marker_name(sel: A.Selector | None) -> str | None:
    """«маркер «костра»» (``Selector(marker, named:костра)``) → «костра»."""
    if sel is None or sel.noun != SelectorNoun.MARKER or sel.relations or sel.condition \
            or sel.count is not None or len(sel.qualifiers) != 1 \
            or not str(sel.qualifiers[0]).startswith("named:"):
        return None
    return str(sel.qualifiers[0])[6:] or None


def _put_unsupported(node: A.Action, port: Port) -> str | None:
    """«Положите маркер «X» на <клетку> [(до …)]»: a ruleset with cells has ``cell_marker``."""
    if not hasattr(port, "cell_marker") or marker_name(node.target) is None \
            or node.to is None or node.to.noun != SelectorNoun.CELL or node.params \
            or node.by is not None or node.origin is not None or node.amount is not None:
        return f"действие «{word(node.verb, Verb)}» судья пока не применяет"
    return port.unsupported(node.to) or (port.unsupported(node.duration)
                                         if node.duration is not None else None)


def _put_check(it: Interp, node: A.Action, ctx: Ctx):
    cells = it.targets(node, node.to, ctx, key=id(node.to))
    if isinstance(cells, Problem):
        return cells
    return None if cells else Problem(f"«{ctx.text}»: нет подходящей клетки", ("legality",))


@verb(Verb.PUT, check=_put_check, unsupported=_put_unsupported)
def _put(it: Interp, node: A.Action, ctx: Ctx) -> None:
    cells = it.targets(node, node.to, ctx, key=id(node.to))
    if isinstance(cells, Problem) or not cells:
        it.port.cancel(cells if isinstance(cells, Problem) else
                       Problem(f"«{ctx.text}»: нет подходящей клетки"), ctx)
        return
    for cell in cells:
        it.port.cell_marker(cell, marker_name(node.target), node.duration, ctx)


def cell_rule(node: A.Action) -> tuple[str, str] | None:
    """«Клетка с маркером «X» считается занятой» (``Action(become, target=Selector(cell,
    marker:X), params=(occupied,))``) → (X, "occupied")."""
    t = node.target
    if node.verb != Verb.BECOME or t is None or t.noun != SelectorNoun.CELL or t.relations \
            or t.condition is not None or len(t.qualifiers) != 1 \
            or not str(t.qualifiers[0]).startswith("marker:") or tuple(node.params) != ("occupied",) \
            or node.to is not None or node.by is not None or node.duration is not None:
        return None
    return str(t.qualifiers[0])[7:], "occupied"


def _become_unsupported(node: A.Action, port: Port) -> str | None:
    if cell_rule(node) is None or not hasattr(port, "cell_marker"):
        return f"действие «{word(node.verb, Verb)}» судья пока не применяет"
    return None


@verb(Verb.BECOME, check=lambda it, n, ctx: None, unsupported=_become_unsupported)
def _become(it: Interp, node: A.Action, ctx: Ctx) -> None:
    name, what = cell_rule(node)
    it.port.cell_rule(name, what, ctx)


# ==================================================================== back to the deck
def _return_unsupported(node: A.Action, port: Port) -> str | None:
    """«возвращается в колоду»: the card itself to its owner's deck (a ruleset with decks has
    ``to_deck``)."""
    if not hasattr(port, "to_deck") or node.to is None or node.to.noun != SelectorNoun.DECK \
            or node.to.qualifiers or node.to.relations or node.params or node.by is not None \
            or node.amount is not None or node.duration is not None \
            or (node.target is not None and node.target.noun != SelectorNoun.SELF):
        return f"действие «{word(node.verb, Verb)}» такого вида пока не применяется"
    return None


@verb(Verb.RETURN, check=lambda it, n, ctx: None, unsupported=_return_unsupported)
def _return(it: Interp, node: A.Action, ctx: Ctx) -> None:
    it.port.to_deck(ctx.source, ctx)
