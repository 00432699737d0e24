"""The shared effect interpreter with the Heroes verbs added (draw, discard, search, summon,
revive, return to hand, coins, prayers, усиление/ослабление, stun, prepare, control, fight, win).

``HeroesInterp`` is ``judge.core.interp.Interp``: composition, wounds, heals, shots, gaining
and losing features, open/close/destroy all run through the core's one ``apply`` per node
class and reach the table through the Heroes Port.  The Heroes-only verbs are one ``Handler``
each in ``HEROES_VERBS`` (check, apply, unsupported) — the same shape as the core table, kept
here so the classic game never sees a verb it has no rules for (requests_heroes.md asks to
move them into the core when the grammar types them).

It also keeps the «done in full» flag of a complex ability (119.2–119.7): before each part the
flag is cleared, the Port's verbs set it, and a «, при этом» / «, иначе» part reads the flag of
the part before it.
"""
from __future__ import annotations

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as CK
from berserk.vocab import Qualifier, Verb
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as E
from grammar import ast as A
from judge.core.context import Ctx, Problem
from judge.core.interp import Handler, Interp, is_may, selector_unsupported
from judge.core.interp import chosen_option as _chosen_option


def chosen_option(it, node: A.Choice, ctx: Ctx, quiet: bool = False) -> int:
    """The core's answer for a choice; ``quiet`` peeks without asking (no «assumed» event)."""
    if not quiet:
        return _chosen_option(it, node, ctx)
    index = ctx.points.options.get(id(node), 0)
    raw = ctx.answers.option(index)
    if raw is None:
        raw = ctx.inputs.choices.get(f"{ctx.key}.option{index + 1}", True)
    if isinstance(raw, bool):
        return 0 if raw else len(node.options) - 1
    return max(0, min(int(raw) - 1, len(node.options) - 1))
from judge.heroes import cites as C
from judge.heroes.clauses import CONSTRUCTOR, CONSTRUCTOR_TIMES
from judge.heroes.readers import CREATE, GIVE, INCARNATE, VANGUARD
from judge.heroes.model import ATTACKED, DECK, GRAVEYARD, HAND, MINED, Coin, EffKind, other

HEROES_VERBS: dict[str, Handler] = {}


def _verb(name: str, check=None, unsupported=None):
    def register(apply):
        HEROES_VERBS[name] = Handler(check or _no_check, apply, unsupported or _sel_unsupported)
        return apply
    return register


#: The public name other modules register their Heroes verbs with (judge/heroes/hverbs.py).
register = _verb


def _no_check(it: Interp, node: A.Action, ctx: Ctx):
    return None


def _sel_unsupported(node: A.Action, port) -> str | None:
    return selector_unsupported(node.target, port)


def targets_check(it: Interp, node: A.Action, ctx: Ctx):
    got = it.each_target(node, node.target, ctx)
    return got if isinstance(got, Problem) else None


def players(port, sel: A.Selector | None, ctx: Ctx) -> list[str]:
    me = port.me(ctx)
    if sel is None or sel.noun == N.PLAYER:
        if sel is not None and Qualifier.ALL in sel.qualifiers:
            return [port.g.active, port.g.inactive]          # 527.2.3: the active player first
        return [me]
    if sel.noun == N.OPPONENT:
        return [other(me)]
    return [me]


class HeroesInterp(Interp):
    def check(self, effects, ctx: Ctx) -> Problem | None:
        for node in effects:
            if is_constructor(node):
                problem = self._constructor_check(node, ctx)
                if problem is not None:
                    return problem
                continue
            if isinstance(node, A.Choice) and is_may(node):
                self._may_check(node, ctx)
                continue
            if isinstance(node, A.Choice) and node.chooser == CONSTRUCTOR_TIMES:
                link = node.options[chosen_option(self, node, ctx)]
                problem = self.check((link,), ctx)
                if problem is not None:         # 524.3: every link goes into the queue
                    return Problem(f"в цепочку выбрана способность с нелегальной целью: "
                                   f"{problem.text}", (C.CONSTRUCTOR_LEGAL,) + problem.cites)
                continue
            handler = self._own(node)
            problem = handler.check(self, node, ctx) if handler else super().check((node,), ctx)
            if problem is not None:
                return problem
        return None

    def _constructor_check(self, node: A.Sequence_, ctx: Ctx) -> Problem | None:
        """524.2, 524.3: a chain of one or more links, none with illegal targets."""
        chosen = [link for link in node.steps if chosen_option(self, link, ctx, quiet=True) == 0]
        if not chosen:
            return Problem("в «выберите одно или несколько» нужно выбрать хотя бы одну "
                           "способность", (C.CONSTRUCTOR,))
        for link in chosen:
            problem = self.check((link.options[0],), ctx)
            if problem is not None:
                return Problem(f"в цепочку выбрана способность с нелегальной целью: "
                               f"{problem.text}", (C.CONSTRUCTOR_LEGAL,) + problem.cites)
        return None

    def _may_check(self, node: A.Choice, ctx: Ctx) -> None:
        """«можете X»: a part the player may skip.  If X cannot be done now, it is simply not
        done (119.5; term:Иначе — unable to do X means «иначе» follows), never an illegal
        declaration of the whole ability."""
        if chosen_option(self, node, ctx, quiet=True) != 0:
            return
        problem = self.check((node.options[0],), ctx)
        if problem is not None:
            first = node.options[0]
            if isinstance(first, A.Sequence_):
                first = first.steps[0]
            if isinstance(first, A.Action) and first.verb == Verb.CLOSE:
                # closing to pay for a choice needs an open card (506.1; design R25: closing
                # a closed card is legal only as an effect, 514.3)
                problem = Problem(problem.text, problem.cites + (C.ACTION_OPEN, C.OPEN_CLOSE))
            ctx.refs.setdefault("impossible", {})[id(node)] = problem

    def apply(self, effects, ctx: Ctx) -> None:
        for node in effects:
            if self.port.over:
                return
            reads_done = isinstance(node, A.Conditional) and node.condition.what == CK.DONE
            if reads_done:
                ctx.refs["done_prev"] = ctx.refs.get("done")
            else:
                ctx.refs["done"] = None
            port = self.port
            leaf = not isinstance(node, (A.Named, A.Sequence_, A.Conditional, A.Choice))
            port.hold += leaf                   # one application: its deaths come together
            try:
                if reads_done:
                    self._while_doing(node, ctx)
                elif isinstance(node, A.Conditional):          # «если …» (conditions.py)
                    branch = node.effects if self.port.holds(node.condition, ctx) \
                        else node.otherwise
                    self.apply(branch, ctx)
                elif isinstance(node, A.Choice):
                    self._choice(node, ctx)
                else:
                    handler = self._own(node)
                    if handler is not None:
                        handler.apply(self, node, ctx)
                    else:
                        super().apply((node,), ctx)
            finally:
                port.hold -= leaf
            port.settle()                       # 503.2: rules effects right after it
            if not reads_done and ctx.refs.get("done") is None:
                ctx.refs["done"] = False                    # nothing happened (declined …)

    def _while_doing(self, node: A.Conditional, ctx: Ctx) -> None:
        """«, при этом Y» (119.4) / «, иначе Y» (119.7): read the part before."""
        done = bool(ctx.refs.get("done_prev"))
        if node.effects:
            self.port.emit("condition", f"«{ctx.text}»: предыдущая часть "
                           + ("выполнена полностью — часть «при этом» выполняется." if done else
                              "не выполнена полностью — часть «при этом» не выполняется."),
                           C.WHILE_DOING, C.T_WHILE_DOING)
            if done:
                self.apply(node.effects, ctx)
        if node.otherwise:
            self.port.emit("condition", f"«{ctx.text}»: предыдущая часть "
                           + ("выполнена — «иначе» не нужно." if done else
                              "не выполнена (отказ или невозможно) — выполняется «иначе»."),
                           C.OTHERWISE, C.T_OTHERWISE)
            if not done:
                self.apply(node.otherwise, ctx)

    def _choice(self, node: A.Choice, ctx: Ctx) -> None:
        problem = ctx.refs.get("impossible", {}).get(id(node))
        i = 0 if problem is not None else chosen_option(self, node, ctx)
        if is_may(node) and i == 0 and problem is not None:
            self.port.emit("choice", f"«{ctx.text}»: необязательную часть выполнить нельзя "
                           f"({problem.text}) — она не выполняется.", C.MAY_PART, C.OTHERWISE, C.AS_FAR_AS,
                           *problem.cites)
            return
        if node.chooser == CONSTRUCTOR:
            self.port.emit("choice", f"«{ctx.text}»: звено цепочки "
                           + ("выбрано — выполняется." if i == 0 else "не выбрано."),
                           C.CONSTRUCTOR)
        elif node.chooser == CONSTRUCTOR_TIMES:
            self.port.emit("choice", f"«{ctx.text}»: очередное звено цепочки — способность "
                           f"№{i + 1} из перечня (повторы разрешены); звенья выполняются в "
                           "названном игроком порядке.", C.CONSTRUCTOR_TIMES, C.CONSTRUCTOR_LEGAL)
        elif is_may(node):
            self.port.emit("choice", f"«{ctx.text}»: " + ("игрок применяет необязательную часть "
                           "(«можете»)." if i == 0 else "игрок не применяет необязательную "
                           "часть («можете»)."), C.MAY_PART, C.TRIGGER_MAY)
        else:
            self.port.emit("choice", f"«{ctx.text}»: выбран вариант {i + 1}.", C.COMPLEX)
        self.apply((node.options[i],), ctx)

    @staticmethod
    def _own(node) -> Handler | None:
        if isinstance(node, A.Action):
            return HEROES_VERBS.get(node.verb)
        return None


def is_constructor(node) -> bool:
    return isinstance(node, A.Sequence_) and bool(node.steps) and all(
        isinstance(s, A.Choice) and s.chooser == CONSTRUCTOR for s in node.steps)


def heroes_unsupported(node, port) -> str | None:
    """Why a Heroes verb cannot be applied (for the refusal walk), or None."""
    handler = HeroesInterp._own(node)
    return handler.unsupported(node, port) if handler else None


# ==================================================================== cards
@_verb(Verb.DRAW)
def _draw(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    done = True
    for player in players(port, node.target, ctx):
        got = port.draw(player, n, (C.DRAW_ONE_BY_ONE,) if n > 1 else ())
        done = done and got == n
    if len(players(port, node.target, ctx)) > 1:
        port.emit("rule", "Каждый берёт карты: сначала все взятия делает активный игрок, затем "
                  "другой.", C.BOTH_DRAW)
    port._done(ctx, done)


@_verb(Verb.DISCARD)
def _discard(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    for player in players(port, node.target, ctx):
        hand = [port.g.objs[i] for i in port.g.players[player].hand]
        if "until_equal" in node.params:
            mine = len(port.g.players[port.me(ctx)].hand)
            n = max(len(hand) - mine, 0)
            port.emit("rule", f"В руке {player} {len(hand)} карт, у {port.me(ctx)} — {mine}: "
                      + (f"сбросить нужно {n}." if n else "значение уже достигнуто или пройдено — "
                         "способность ничего не делает."), C.UNTIL_EQUAL)
            if n == 0:
                port._done(ctx, False)
                continue
        if len(hand) <= n:
            chosen = hand
            if len(hand) < n:
                port.emit("rule", f"В руке {player} карт меньше, чем нужно сбросить "
                          f"({len(hand)} из {n}): сбрасываются все.", C.DISCARD_FEWER,
                          C.AS_FAR_AS)
        elif "random" in node.params:
            chosen = port.pick_cards(ctx, "random", hand, n, f"какая карта {player} выпала "
                                     "случайно", C.RANDOM)
            port.emit("random", "Случайный выбор: каждая карта равновероятна; результат — вход "
                      "сценария (random).", C.RANDOM)
        else:
            chosen = port.pick_cards(ctx, "discard", hand, n,
                                     f"какие карты сбрасывает {player}", C.T_DISCARD)
        port.discard(player, chosen, (C.T_DISCARD,))
        port._done(ctx, len(chosen) == n)


@_verb(Verb.SEARCH)
def _search(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    deck = [port.g.objs[i] for i in port.g.players[me].deck]
    sel = A.Selector(noun=node.target.noun, side=node.target.side,
                     qualifiers=tuple(q for q in node.target.qualifiers
                                      if q not in (Qualifier.CHOSEN, Qualifier.IN_DECK)))
    fits = [o for o in deck if port._noun_fits(sel.noun, o)
            and all(port._qualifier(q, o, ctx.source) for q in sel.qualifiers)]
    picked = port.pick_search(ctx, fits, "search")
    if picked is None:
        port.emit("declined", f"{me} не выполняет Поиск: колоду не смотрели — перемешивания "
                  "нет.", C.T_SEARCH, C.SUMMON_LOOK)
        port._done(ctx, False)
        return
    if picked:
        port.to_zone(picked, HAND)
        port.emit("search", f"Поиск: {me} находит «{picked.name}», показывает и кладёт в руку.",
                  C.T_SEARCH)
    else:
        port.emit("search", f"Поиск: подходящей карты в колоде {me} нет.", C.T_SEARCH,
                  C.AS_FAR_AS)
    port.shuffle(me, "после просмотра")
    port._done(ctx, bool(picked))


@_verb(Verb.SUMMON)
def _summon(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    if VANGUARD in node.params:                 # term:Авангард Х
        port._done(ctx, port.vanguard(ctx, it.amount(node.amount, ctx)))
        return
    if CREATE in node.params:                   # «создайте X» (519.6)
        port._done(ctx, port.create(ctx, str(node.params[-1])))
        return
    if "ambush" in node.params:                 # Засада X: play this card from the hand for X
        card = ctx.source
        if card.zone not in (HAND, MINED):
            port._done(ctx, False)
            return
        port.emit("ambush", f"Засада: {me} разыгрывает «{card.name}» с руки за "
                  f"{it.amount(node.amount, ctx)} — в любой ход.", C.T_AMBUSH, C.TRIGGER_MAY)
        port._done(ctx, port.play(card, me, ambush=it.amount(node.amount, ctx)))
        return
    zone = {"руки": HAND, "кладбища": GRAVEYARD}.get(node.params[0] if node.params else "",
                                                       DECK)
    pile = [port.g.objs[i] for i in port.g.players[me].zone(zone)]
    fits = [o for o in pile if port._noun_fits(node.target.noun, o)
            and all(port._qualifier(q, o, ctx.source, ctx.refs) for q in node.target.qualifiers
                    if q not in (Qualifier.CHOSEN, Qualifier.IN_DECK, Qualifier.ALL))]
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    picked = port.pick_search(ctx, fits, "summon") if n == 1 else \
        port.pick_many(ctx, fits, "summon", n)
    if picked is None:
        port.emit("declined", f"{me} отказывается от вызова: зону не просматривали — "
                  "заявка прерывается, без перемешивания.", C.SUMMON_LOOK, C.SUMMON_SKIP)
        port._done(ctx, False)
        return
    got = picked if isinstance(picked, list) else ([picked] if picked else [])
    if n > 1 and len(got) < n:
        port.emit("rule", f"Вызвать можно до {n}; {me} вызывает {len(got)} — меньше можно.",
                  C.SUMMON_FEWER)
    for o in got:
        port.enter_play(o, me, "вызов", cites=(C.SUMMON,))
    if zone == DECK:
        port.shuffle(me, "после просмотра при вызове")
    port._done(ctx, bool(got))


@_verb(Verb.REVIVE)
def _revive(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    pile = [port.g.objs[i] for i in port.g.players[me].graveyard]
    if INCARNATE in node.params:                # term:Инкарнация X
        port._done(ctx, port.incarnate(ctx.source, it.amount(node.amount, ctx), ctx))
        return
    if node.target.noun == N.SELF:
        picked = ctx.source if ctx.source.zone == GRAVEYARD else None
        if picked is not None:
            port.enter_play(picked, me, "возрождение", cites=(C.REVIVE,))
            port.revived_lives(picked, node, ctx)
        port._done(ctx, picked is not None)
        return
    if node.target.noun == N.IT:                # «возродите его»: the card the event named
        ev = ctx.event
        dead = ev.data.get("parts") if ev is not None and ev.data.get("parts") else \
            [ctx.refs.get("it")]
        fits = [o for o in dead if o is not None and o.zone == GRAVEYARD]
        if len(fits) > 1:
            port.emit("rule", "Погибла объединённая карта: возродить можно одну из её частей — "
                      "по выбору игрока.", C.COMBINED_DIES, C.T_PART)
        picked = port.pick_search(ctx, fits, "revive")
        if picked:
            port.enter_play(picked, me, "возрождение", cites=(C.REVIVE,))
            port.revived_lives(picked, node, ctx)
        port._done(ctx, bool(picked))
        return
    fits = [o for o in pile if port._noun_fits(node.target.noun, o)
            and all(port._qualifier(q, o, ctx.source) for q in node.target.qualifiers
                    if q not in (Qualifier.CHOSEN, Qualifier.IN_GRAVEYARD))]
    picked = port.pick_search(ctx, fits, "revive")
    if picked:
        port.enter_play(picked, me, "возрождение", cites=(C.REVIVE,))
        port.revived_lives(picked, node, ctx)
    port._done(ctx, bool(picked))


@_verb(Verb.RETURN, check=targets_check)
def _return(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, node.target, ctx):
        ctx.refs["names"] = t.names             # a combined card's names, before it splits
        it.port.to_hand(t, (C.HAND_OWNER,))
        it.port._done(ctx, True)


# ==================================================================== coins and prayers
@_verb(Verb.GAIN_COINS)
def _gain_coins(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    until = node.duration.until if node.duration is not None else None
    for player in players(port, node.target, ctx):
        port.g.players[player].coins.extend(Coin(True, until) for _ in range(n))
        port.emit("coins", f"{player} получает {n} мон." + (" (временные)" if until else "")
                  + f": открытых {port.g.players[player].open_coins}.", C.COINS_STOCK,
                  *((C.COINS_TEMPORARY,) if until else ()))
    port._done(ctx, True)


@_verb(Verb.LOSE_COINS)
def _lose_coins(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    for player in players(port, node.target, ctx):
        lost = port.lose_coins(player, n, ctx)
        port._done(ctx, lost == n)


@_verb(Verb.PRAY)
def _pray(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    for player in players(port, node.target, ctx):
        more = [(src, st) for src in port.g.in_play(player) for f in port.features(src)
                if isinstance(f.node, A.Static) for st in f.node.effects
                if isinstance(st, A.Action) and st.verb == Verb.PRAY and "instead_more" in st.params]
        got = n
        for src, st in more:
            got += int(st.amount.value)
            port.emit("replaced", f"«{src.name}»: вместо {got - int(st.amount.value)} жетона "
                      f"молитвы — {got}.", C.REPLACEMENT, C.REPLACEMENT_CHOICE)
        if len(more) > 1:
            port.emit("rule", "Каждое замещение применяется к этому событию один раз — цепочка "
                      "прерывается перед первым повтором.", C.REPLACEMENT_LOOP)
        n_player = got
        port.g.players[player].prayers += n_player
        port.emit("prayers", f"Герой игрока {player} получает {n_player} жетон(а) молитвы (всего "
                  f"{port.g.players[player].prayers}).", C.PLAYER_IS_HERO)
    port._done(ctx, True)


# ==================================================================== effects on cards
@_verb(Verb.STRENGTHEN, check=targets_check)
def _strengthen(it: Interp, node: A.Action, ctx: Ctx) -> None:
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    for t in it.reached(node, node.target, ctx):
        it.port.add_effect(t, EffKind.STRENGTHEN, n, ctx.source)
        it.port.emit("effect", f"На «{t.name}» кладётся {n} эфф. усиления (+1 к удару и жизни "
                     "каждый).", C.T_STRENGTHEN)
        it.port.happen(E.STRENGTHENED, t, source=ctx.source)
        it.port._done(ctx, True)


@_verb(Verb.WEAKEN, check=targets_check)
def _weaken(it: Interp, node: A.Action, ctx: Ctx) -> None:
    n = it.amount(node.amount, ctx) if node.amount is not None else 1
    for t in it.reached(node, node.target, ctx):
        it.port.add_effect(t, EffKind.WEAKEN, n, ctx.source)
        it.port.emit("effect", f"На «{t.name}» кладётся {n} эфф. ослабления.", C.T_WEAKEN)
        it.port.settle()
        it.port._done(ctx, True)


@_verb(Verb.STUN, check=targets_check)
def _stun(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, node.target, ctx):
        it.port.add_effect(t, EffKind.STUN, 1, ctx.source)
        t.closed = True
        it.port.emit("effect", f"«{t.name}» оглушён: закрыт и не откроется в свою фазу "
                     "восстановления.", C.T_STUN)
        it.port._done(ctx, True)


@_verb(Verb.PREPARE, check=targets_check)
def _prepare(it: Interp, node: A.Action, ctx: Ctx) -> None:
    for t in it.reached(node, node.target, ctx):
        t.closed = False
        t.used.clear()
        it.port.emit("effect", f"«{t.name}» подготовлен: открыт, маркеры «1 раз за ход» сняты — "
                     "может снова атаковать и защищать.", C.T_PREPARE)
        it.port._done(ctx, True)


@_verb(Verb.TAKE_CONTROL, check=targets_check)
def _control(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    until = node.duration.until if node.duration is not None else None
    if GIVE in node.params:                     # term:Отдайте: to the opponent
        me = other(me)
    for t in it.reached(node, node.target, ctx):
        if t.controller == me:
            port._done(ctx, False)
            continue
        port.change_control(t, me, until)
        port._done(ctx, True)


def _fighter(it: Interp, node: A.Action, ctx: Ctx):
    """Who fights: the card itself, or the one the text has the player choose (a target)."""
    if node.by is None or node.by.noun == N.SELF:
        return [ctx.source]
    if id(node.by) in ctx.points.targets:
        return it.each_target(node, node.by, ctx, key=id(node.by))
    return it.port.select(node.by, ctx)


def _fight_check(it: Interp, node: A.Action, ctx: Ctx):
    by = _fighter(it, node, ctx)
    if isinstance(by, Problem):
        return by
    return targets_check(it, node, ctx)


@_verb(Verb.FIGHT, check=_fight_check)
def _fight(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    by = _fighter(it, node, ctx)
    if isinstance(by, Problem):
        port.cancel(by, ctx)
        return
    for t in it.reached(node, node.target, ctx):
        if by and by[0].in_play:
            port.fight(by[0], t, ctx)
            port._done(ctx, True)


@_verb(Verb.ATTACK, check=targets_check)
def _attack_again(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """«оно может атаковать ещё раз»: the card text lifts the 108.2 marker (Axe rule)."""
    for t in it.reached(node, node.target, ctx):
        t.used.pop(ATTACKED, None)
        it.port.emit("effect", f"«{t.name}» может атаковать ударом ещё раз (текст карты сильнее "
                     "правила «1 раз за ход»).", C.AXE, C.STRIKE_ATTACK)
        it.port._done(ctx, True)


@_verb(Verb.CANCEL)
def _cancel(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """«отмените его»: the play of the card is cancelled (518.1) — read by Actions.play."""
    ctx.refs["cancel"] = True
    it.port._done(ctx, True)


@_verb(Verb.WIN)
def _win(it: Interp, node: A.Action, ctx: Ctx) -> None:
    port = it.port
    me = port.me(ctx)
    port.emit("win", f"Выполнилась особенность «{ctx.text}»: игрок {me} выигрывает.", C.WIN,
              C.DEFEAT)
    port.finish([other(me)])


# ==================================================================== «становится равным»
@_verb(Verb.SET_STRIKE, check=targets_check)
def _set_strike(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """106.3.1: ±1 strike effects until the strike is N."""
    port = it.port
    n = it.amount(node.amount, ctx)
    for t in it.reached(node, node.target, ctx):
        delta = n - port.strike(t)
        if delta:
            port.add_effect(t, EffKind.STRIKE, delta, ctx.source)
        port.emit("effect", f"Удар «{t.name}» становится {n}: на карту кладутся эффекты "
                  f"{delta:+d} к удару.", C.STRIKE_SET, C.T_STRIKE_SET)
        port._done(ctx, True)


@_verb(Verb.SET_LIVES, check=targets_check)
def _set_lives(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """106.2.1, 504.6: wounds become negative lives, then extra / negative lives until the
    lives are N; no wound is healed or dealt (no «при лечении», no Уязвимость)."""
    port = it.port
    n = it.amount(node.amount, ctx)
    for t in it.reached(node, node.target, ctx):
        if t.wounds:
            port.add_effect(t, EffKind.NEG_LIFE, t.wounds, ctx.source)
            t.wounds = 0
        delta = n - port.lives(t)
        if delta > 0:
            port.add_effect(t, EffKind.EXTRA_LIFE, delta, ctx.source)
        elif delta < 0:
            port.add_effect(t, EffKind.NEG_LIFE, -delta, ctx.source)
        port.emit("effect", f"Жизни «{t.name}» становятся {port.lives(t)}: раны заменены "
                  "эффектами отрицательных жизней — это не излечение и не раны.", C.LIVES_SET,
                  C.LIVES_SET_TO)
        port._done(ctx, True)
    port.settle()


# ==================================================================== keyword triggers
@_verb(Verb.HEAL)
def _vampirism(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """Вампиризм X: heal X; what is left over becomes extra lives (term:Вампиризм X)."""
    port = it.port
    o = ctx.source
    n = it.amount(node.amount, ctx)
    healed = port.heal_wounds(o, n, (C.T_VAMPIRISM,)) if o.wounds else 0
    rest = n - healed
    if rest > 0 and o.in_play:
        port.add_effect(o, EffKind.EXTRA_LIFE, rest, o)
        port.emit("effect", f"Вампиризм: «{o.name}» получает {rest} доп. жизн. за остаток.",
                  C.T_VAMPIRISM, C.EXTRA_LIVES)
    port._done(ctx, True)


@_verb(Verb.PAY)
def _meditation(it: Interp, node: A.Action, ctx: Ctx) -> None:
    """Медитация X: the attacker's player pays X open coins; each missing coin is a wound on
    their hero (term:Медитация Х)."""
    port = it.port
    n = it.amount(node.amount, ctx)
    attacker = ctx.refs.get("attacker")
    payer = attacker.controller if attacker is not None else other(port.me(ctx))
    have = port.g.players[payer].open_coins
    paid = min(have, n)
    port.pay_coins(payer, paid)
    port.emit("coins", f"Медитация «{ctx.source.name}»: {payer} платит {paid} мон.",
              C.T_MEDITATION, C.COINS)
    if n > paid:
        hero = port.g.hero(payer)
        port.put_wounds(hero, n - paid, ctx.source, K.EFFECTS, (C.T_MEDITATION,))
    port._done(ctx, True)

