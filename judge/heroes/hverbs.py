"""The Heroes verbs of the second round, one handler each in ``hinterp.HEROES_VERBS`` (check,
apply, unsupported): non-base property changes (104.3.1, 109), copying a feature (111.1),
the top of the deck (204.3, 512.3), distributed heals (502.6, 308.1 step 6, 309.1 step 7),
«следующий Найм сработает ещё раз» (525.2), extra turns (term:Дополнительный ход) and the free
use of the hero's activated ability (term:Бесплатно, 512.4.1).

The readers that write these nodes are in judge/heroes/readers.py; the engine parts they call
are Props (judge/heroes/props.py), Replace (judge/heroes/replace.py) and the rest of the Engine.
Importing this module registers the handlers (judge/heroes/engine.py does).
"""
from __future__ import annotations

from berserk.vocab import TriggerEvent as E
from berserk.vocab import Verb
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.core.context import Ctx, Problem
from judge.core.interp import Interp
from judge.heroes import cites as C
from judge.heroes.hinterp import HEROES_VERBS, players, register, targets_check
from judge.heroes.model import EffKind
from judge.heroes.readers import (CHANGE, ATTACH, BOTTOM, CLUTCH, COPY_FEATURE, COST_NAMES, DISTRIBUTE,
                                  EXTRA_TURN, FREE, HIDE, MATURE, MILL, NEXT_HIRE, REGEN, TOP)

#: The handler of Вампиризм (an ``Action(heal)`` too): the heal verb dispatches on its tag.
_VAMPIRISM = HEROES_VERBS[Verb.HEAL]


def _unsupported_unless(*tags: str):
    def check(node: A.Action, port) -> str | None:
        if not any(t in node.params for t in tags):
            return f"«{node.verb}» в таком виде судья «Героев» не применяет"
        return None
    return check


# ==================================================================== 104.3.1, 109
@register(CHANGE, check=targets_check)
def _change(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, node.target, ctx):
        it.port._done(ctx, it.port.change_props(t, node.params, ctx))


# ==================================================================== 111.1, 111.5
def _copy_check(it: Interp, node: A.Action, ctx: Ctx):
    return targets_check(it, node, ctx)


@register(Verb.GET, check=_copy_check, unsupported=_unsupported_unless(COPY_FEATURE))
def _copy(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    receivers = [ctx.source] if node.to is None or node.to.noun == N.SELF \
        else port.select_from(node.to, ctx.source, ctx.refs, port.me(ctx))
    for donor in it.reached(node, node.target, ctx):
        for r in receivers:
            port._done(ctx, port.copy_feature(r, donor, ctx))


# ==================================================================== 204.3, 512.3
def _top(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    deck = port.g.players[me].deck
    if not deck:
        port.emit("rule", f"Колода {me} пуста — смотреть / показывать нечего.", C.DRAW_FEWER,
                  C.AS_FAR_AS)
        port._done(ctx, False)
        return
    top = port.g.objs[deck[0]]
    ctx.name(top)
    shown = f"«{top.name}»" if not top.id.startswith("?") else "неизвестная карта"
    if node.verb == Verb.LOOK:
        port.emit("look", f"{me} смотрит верхнюю карту своей колоды ({shown}) — колоду не "
                  "просматривают, карта берётся из определённого места: перемешивания нет.",
                  C.DECK_SHUFFLE)
    else:
        cost = port.cost(top) if not top.id.startswith("?") else None
        port.emit("show", f"{me} показывает верхнюю карту своей колоды ({shown})"
                  + (f"; её стоимость вне розыгрыша — {cost}"
                     + (" (X вне розыгрыша равен 0)" if top.card.cost_x else "")
                     if cost is not None else "") + ".", C.DECK_SHUFFLE,
                  *((C.X_COST, C.COST_X_ZERO) if top.card.cost_x else ()))
    port._done(ctx, True)


register(Verb.LOOK, unsupported=_unsupported_unless(TOP))(_top)
register(Verb.SHOW, unsupported=_unsupported_unless(TOP))(_top)


def _put_check(it: Interp, node: A.Action, ctx: Ctx):
    chosen = node.target is not None and node.target.noun == N.HERO
    return targets_check(it, node, ctx) if ATTACH in node.params or chosen else None


@register(Verb.PUT, check=_put_check,
          unsupported=_unsupported_unless(BOTTOM, ATTACH, COST_NAMES, MILL, HIDE, CLUTCH, MATURE))
def _put(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    if CLUTCH in node.params:                   # term:Кладка
        port._done(ctx, port.clutch(ctx))
        return
    if MATURE in node.params:
        port._done(ctx, port.mature(ctx.source))
        return
    if MILL in node.params:                     # term:Мор X
        n = it.amount(node.amount, ctx) if node.amount is not None else 1
        who = [h.controller for h in it.reached(node, node.target, ctx)] \
            if node.target.noun == N.HERO else players(port, node.target, ctx)
        moved = 0
        for p in who:
            moved += port.mill(p, n)
        port._done(ctx, moved > 0)
        return
    if HIDE in node.params:                     # term:Скрыться
        o = ctx.source
        if not (o.in_play and o.is_character) or o.hidden:
            port._done(ctx, False)
            return
        o.hidden = True
        port.emit("hide", f"«{o.name}» скрывается: лежит рубашкой вверх — не цель атак и "
                  "способностей, ран не получает, его способности не работают (кроме "
                  "Уникальности).", C.T_HIDE, C.T_HIDDEN)
        port._done(ctx, True)
        return
    if ATTACH in node.params:                   # term:Модуль: attach to the chosen mechanism
        for host in it.reached(node, node.target, ctx):
            port.attach(ctx.source, host, (C.T_MODULE,))
            port.emit("rule", f"Срабатывают только Наймы присоединённой карты «{ctx.source.name}».",
                      C.T_MODULE, C.T_HIRE)
            port.happen(E.ENTERS, host, how="модуль", part=ctx.source)
            port._done(ctx, True)
        return
    if COST_NAMES in node.params:               # 105.6: every name of the card
        card = ctx.refs.get("it")
        if card is None:
            port._done(ctx, False)
            return
        names = tuple(ctx.refs.get("names") or card.names)
        hero = port.g.hero(card.owner)
        n = it.amount(node.amount, ctx)
        until = node.duration.until if node.duration is not None else None
        port.add_effect(hero, EffKind.COST_NAMES, (names, n), ctx.source, until, port.me(ctx))
        port.emit("effect", f"Карты {card.owner} с названиями " + ", ".join(f"«{x}»" for x in names)
                  + f" стоят на {abs(n)} {'больше' if n > 0 else 'меньше'} — для каждого из "
                  "названий.", C.SAME_NAME_EACH, C.SEVERAL_NAMES, C.COST_MODIFIERS)
        port._done(ctx, True)
        return
    _to_bottom(it, node, ctx)


def _to_bottom(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    card = ctx.refs.get("it")
    deck = port.g.players[card.owner].deck if card is not None else []
    if card is None or card.id not in deck:
        port._done(ctx, False)
        return
    deck.remove(card.id)
    deck.append(card.id)
    port.emit("deck", f"Карта кладётся под низ колоды {card.owner} — в определённое место: "
              "колоду не перемешивают.", C.DECK_SHUFFLE)
    port._done(ctx, True)


@register(Verb.TAKE, unsupported=_unsupported_unless(TOP, EXTRA_TURN))
def _take(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    if EXTRA_TURN in node.params:
        port.g.extra_turns.append(me)
        port.emit("extra_turn", f"{me} получает дополнительный ход: он наступит сразу после "
                  "текущего хода" + (f" (дополнительных ходов в очереди: "
                                     f"{len(port.g.extra_turns)})" if len(port.g.extra_turns) > 1
                                     else "") + ".", C.T_EXTRA_TURN)
        port._done(ctx, True)
        return
    card = ctx.refs.get("it")
    if card is None or card.zone != "deck":
        port._done(ctx, False)
        return
    port.to_zone(card, "hand")
    port.emit("to_hand", f"«{card.name}» переходит из колоды в руку {card.owner} без слова "
              "«возьмите» — это не взятие карты.", C.NOT_DRAW)
    port._done(ctx, True)


# ==================================================================== distributed heals
def distribution(it: Interp, node: A.Action, ctx: Ctx) -> list | Problem:
    """The division of «суммарно до N» among targets, named at declaration (308.1 step 6,
    309.1 step 7): [(target, n)], each at least one, the sum at most N."""
    port = it.port
    if "distribution" in ctx.refs:
        return ctx.refs["distribution"]
    n = it.amount(node.amount, ctx)
    raw = port.raw_answer(ctx.key, "distribute")
    if raw is None:
        return Problem(f"«{ctx.text}»: распределение не названо (поле distribute: "
                       "{карта: число, …})", (C.ACTIVATION, C.PLAY_CARD))
    out: list = []
    for ref, k in raw.items():
        o = port.resolve_ref(ref)
        if o is None or not port.matches(node.target, o, ctx):
            return Problem(f"«{ref}» не подходит для «{ctx.text}»", (C.TARGETS,))
        problem = port.target_problem(node, o, ctx)
        if problem is not None:
            return problem
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            return Problem(f"каждая цель распределения получает хотя бы 1, а «{ref}» — {k}",
                           (C.ACTIVATION, C.PLAY_CARD))
        if any(o is p for p, _ in out):
            return Problem(f"«{ref}» назван в распределении дважды", (C.TARGETS,))
        out.append((o, k))
    total = sum(k for _, k in out)
    if total > n:
        return Problem(f"распределено {total}, а «{ctx.text}» — не больше {n}",
                       (C.ACTIVATION, C.PLAY_CARD))
    ctx.refs["distribution"] = out
    for i, (o, _) in enumerate(out):
        ctx.bound.setdefault(-1000 - i, [o])       # named targets (502.6), kept for 113.9
    return out


def _heal_check(it: Interp, node: A.Action, ctx: Ctx):
    if DISTRIBUTE not in node.params:
        return None
    got = distribution(it, node, ctx)
    return got if isinstance(got, Problem) else None


@register(Verb.HEAL, check=_heal_check)
def _heal(it: Interp, node: A.Action, ctx: Ctx) -> None:
    if REGEN in node.params:
        it.port._done(ctx, it.port.regenerate(ctx.source, it.amount(node.amount, ctx), ctx))
        return
    if DISTRIBUTE not in node.params:
        _VAMPIRISM.apply(it, node, ctx)
        return
    port = it.port
    got = distribution(it, node, ctx)
    if isinstance(got, Problem):
        port.cancel(got, ctx)
        return
    port.emit("distribute", f"«{ctx.text}»: распределение излечения (названо при заявке) — "
              + ", ".join(f"«{o.name}» {k}" for o, k in got) + ".", C.MASS_ABILITY,
              C.ACTIVATION, C.PLAY_CARD, C.TARGETS)
    healed = 0
    for o, k in got:
        if port.gone(o, ctx):
            continue
        healed += port.heal_wounds(o, k)
    port._done(ctx, healed > 0)


# ==================================================================== «выберите …» (105.5)
@register(Verb.CHOOSE, check=targets_check)
def _choose(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """A card chosen for what follows («… как у выбранного существа»): it becomes «it»."""
    for t in it.reached(node, node.target, ctx):
        ctx.name(t)
        if len(t.names) > 1:
            it.port.emit("rule", f"У «{t.name}» несколько названий ("
                         + ", ".join(f"«{x}»" for x in t.names) + "): каждое действует "
                         "отдельно, подходит любое.", C.SEVERAL_NAMES, C.SAME_NAME_ANY)
        it.port._done(ctx, True)


# ==================================================================== 525.2, term:Бесплатно
@register(Verb.ENTER, unsupported=_unsupported_unless(NEXT_HIRE))
def _next_hire(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    pl = port.g.players[me]
    pl.next_hire += 1
    port.emit("delayed", f"Отложенный эффект на герое {me}: следующий Найм его карты сработает "
              f"ещё раз (ждут: {pl.next_hire}).", C.DELAYED, C.DELAYED_SOURCE, C.T_HIRE)
    port._done(ctx, True)


@register(Verb.USE, unsupported=_unsupported_unless(FREE))
def _use_free(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    hero = port.g.hero(me)
    port._done(ctx, port.activate_free(hero, me, ctx))
