"""Playing a card (309.1) and using an activated ability (308.1).

Both follow the rulebook's steps; every check is made before anything changes, so an illegal
play or activation returns the game to where it was (308.1 step 7, 309.1 step 8; design R19):
an event ``cancelled`` cites 514.1 and the forbidding clause, and nothing is paid, moved or
marked.  Then the payment (501.2: closing open coins — 522.1; wounds of Ярость — never
prevented, 501.2.1), the move (309.1 step 5: a spell to its owner's graveyard, a creature or a
support into play), the queue: a spell's abilities in printed order (211.2), then the triggers
on the play (Найм, «когда вы разыгрываете …»; design R28), and the queue runs (309.2).

Costs (106, 523): base cost (X chosen, at least 1: 106.1.2, 512.3.1), then the modifiers of the
player's cards in play in the 523.1 order — additions, multiplications, subtractions (Ярость:
−1 for each wounded creature), set-to values — and a floor of 0 (106.1.1, 523.2).  «Бесплатно»
is an alternative cost: every other modifier is lost (term:Бесплатно).  A mixin of the Engine.
"""
from __future__ import annotations

from typing import Any

from berserk.text import fold
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as E
from grammar import ast as A
from judge.core.context import choice_points
from judge.core.trace import Unnamed
from judge.heroes import cites as C
from judge.heroes.model import GRAVEYARD, HAND, MINED, EffKind, Obj, other
from judge.heroes.queue import Ev, effects_of, is_cancel, marker_key
from judge.heroes.wording import Feature


def ctx_free_x(f: Feature) -> bool:
    """Does the ability have an X the player chooses (512.4)?"""
    return choice_points(f.node).free_x


class Actions:
    # ---------------------------------------------------------------- shared
    def refuse_if_over(self) -> bool:
        if self.over:
            self.emit("cancelled", "Игра уже окончена — действия после результата невозможны.",
                      C.GAME_OVER)
            return True
        return False

    def illegal(self, text: str, *cites: str) -> None:
        self.emit("cancelled", f"{text} — заявка нелегальна, игра возвращается к моменту до неё, "
                  "ничего не оплачено.", C.ILLEGAL, *cites)

    def declare_ctx(self, source: Obj, f: Feature, controller: str, x: int | None = None):
        """A context for declaring ``f`` now (with its X), targets bound by ``interp.check``."""
        ctx = self.make_ctx(source, f, controller, None)
        if x is not None:
            ctx.x = ctx.refs["x"] = x
        problem = self.interp.check(effects_of(f), ctx)
        return ctx, problem

    def freeze(self, ctx) -> None:
        """Remember where each chosen target was: on execution it must be the same object in
        the same zone (501.5, 113.9)."""
        objs = [o for got in ctx.bound.values() for o in got if isinstance(o, Obj)]
        objs += [o for o in (ctx.refs.get("it"),) if isinstance(o, Obj)]
        ctx.refs["bound_gen"] = {o.id: o.gen for o in objs}
        ctx.refs["bound_zone"] = {o.id: o.zone for o in objs}
        ctx.refs["resolving"] = True

    # ---------------------------------------------------------------- costs
    def final_cost(self, card: Obj, player: str, x: int | None, free: bool,
                   fury: int) -> tuple[int, list[str]]:
        """(final cost, explanation parts) in the 523.1 order."""
        if free:
            return 0, ["бесплатно: прочие модификаторы теряются"]
        base = x if card.card.cost_x else (card.card.cost or 0)
        parts = [f"базовая {base}" + (f" (X = {x})" if card.card.cost_x else "")]
        add = mul = sub = 0
        factor = 1
        mods = []
        for src in self.g.in_play():            # every modifier, either player's (106.1.1)
            for b in self.nodes(src, A.Bonus):
                if b.to and b.to[0] in ("cost", "cost_factor") and \
                        self._cost_applies(b, card, src, player):
                    mods.append((src, b))
        for b in self.nodes_printed(card, A.Bonus):           # 203.2: its own, while played
            if b.to and b.to[0] == "cost" and b.against is not None and b.against.noun == "self":
                mods.append((card, b))
        for src, b in mods:
            n = int(b.amount.value)
            if b.per is not None:
                n *= self.measure_for(b.per, src, player)
            if b.to[0] == "cost_factor":
                factor *= n
                mul += 1
                parts.append(f"×{n} («{src.name}»)")
            elif n >= 0:
                add += n
                parts.append(f"+{n} («{src.name}»)")
            else:
                sub += -n
                parts.append(f"−{-n} («{src.name}»)")
        for e in self.cost_effects(player, card):
            names, n = e.value
            if n >= 0:
                add += n
                parts.append(f"+{n} (карты с названием «{card.name}», 105.6)")
            else:
                sub += -n
                parts.append(f"−{-n} (карты с названием «{card.name}», 105.6)")
        if fury:
            sub += fury
            parts.append(f"−{fury} (Ярость)")
        raw = (base + add) * factor - sub
        if raw < 0:
            parts.append(f"итог {raw} → 0")
        return max(raw, 0), parts

    def cost_effects(self, player: str, card: Obj) -> list:
        """Effects on the player's hero changing the cost of cards with given names (105.6:
        each name of a multi-named card counts)."""
        hero = self.g.hero(player)
        mine = {fold(n) for n in card.names}
        return [e for e in (hero.effects if hero is not None else ())
                if e.kind == EffKind.COST_NAMES and mine & {fold(n) for n in e.value[0]}]

    def _cost_applies(self, b: A.Bonus, card: Obj, src: Obj, player: str) -> bool:
        """Does a cost modifier of ``src`` apply to ``card`` played by ``player``?  «ваши» /
        «для вас»: its controller's cards; «противника»: the other's; no player named: every
        player's (118.8)."""
        sel = b.against
        if sel is None or sel.noun == "self":
            return False                        # 203.3: a set modifier never its own card
        if sel.side is not None and (player == src.controller) != (sel.side == "own"):
            return False
        return self._noun_fits(sel.noun, card) and all(
            self._qualifier(q, card, src) for q in sel.qualifiers)

    def nodes_printed(self, o: Obj, cls: type) -> list:
        return [f.node for f in self.printed(o) if isinstance(f.node, cls)]

    def measure_for(self, m: A.Measure, source: Obj, player: str) -> int:
        return len(self.select_from(m.of, source, {}, player))

    def pay_coins(self, player: str, n: int) -> None:
        p = self.g.players[player]
        for coin in sorted((c for c in p.coins if c.open), key=lambda c: c.until is None)[:n]:
            coin.open = False

    # ---------------------------------------------------------------- 309: playing a card
    def play(self, card: Obj, player: str, *, x: Any = None, free: bool = False,
             fury: list[Obj] = (), ambush: int | None = None) -> bool:
        if self.refuse_if_over():
            return False
        g = self.g
        what = f"Розыгрыш «{card.name}»"
        egg = self.egg_of(card, player) if card.zone == MINED else None
        if (card.zone != HAND or card.owner != player) and egg is None:
            self.illegal(f"{what}: карты нет в руке игрока {player}", C.PLAY_CARD)
            return False
        if player != g.active and ambush is None:
            self.illegal(f"{what}: сейчас ход {g.active}", C.PLAY_CARD, C.CHOICE)
            return False
        if card.is_hero:
            self.illegal(f"{what}: герой не разыгрывается", C.HERO)
            return False
        if card.card.cost_x and free:
            x = 0                               # 106.1.3: played free, X counts 0
        elif card.card.cost_x:
            if x is None:
                if self.inputs.strict:
                    raise Unnamed(f"значение X при розыгрыше «{card.name}» (поле x)")
                x = 1
                self.emit("assumed", f"X для «{card.name}» не назван — принято 1.", C.COST_X,
                          assumed=True)
            if int(x) < 1 and not free:
                self.illegal(f"{what}: X = {x}, а при розыгрыше X не меньше 1", C.COST_X,
                             C.X_COST_NOT_ZERO)
                return False
        fury = list(fury)
        if fury:
            problem = self._fury_problem(card, player, fury)
            if problem:
                self.illegal(f"{what}: {problem}", C.T_FURY)
                return False
        cost, parts = self.final_cost(card, player, int(x) if x is not None else None, free,
                                      len(fury))
        if ambush is not None:                  # an alternative cost: the others are lost
            cost, parts = ambush, [f"Засада {ambush} (альтернативная стоимость)"]
        elif egg is not None and egg.count(EffKind.MATURE):     # term:Кладка
            n = egg.count(EffKind.MATURE)
            parts.append(f"−{n} (созревание «{egg.name}»)")
            cost = max(cost - n, 0)
        have = g.players[player].open_coins
        if have < cost:
            self.illegal(f"{what}: стоимость {cost} ({', '.join(parts)}), а открытых монет у "
                         f"{player} {have}", C.PREPAYMENT, C.PLAY_CARD, C.COINS,
                         *((C.COST_MODIFIERS, C.MODIFIER_ORDER) if len(parts) > 1 else ()))
            return False
        spell_items = []
        if card.is_spell:
            for f in self.printed(card):
                if f.reason is not None:
                    continue
                ctx, problem = self.declare_ctx(
                    card, f, player, None if x is None else (0 if free else int(x)))
                if problem is not None:
                    self.illegal(f"{what}: способность заклинания «{f.text.rstrip('.')}» нельзя "
                                 f"заявить ({problem.text})", C.SPELL_PLAY, C.SPELL_LIST,
                                 C.ALL_RESTRICTIONS, *problem.cites)
                    return False
                spell_items.append((f, ctx))
        # ---- legal: pay, move, queue (309.1 steps 9, 5, 11, 12)
        self.pay_coins(player, cost)
        self.emit("play", f"{player} разыгрывает «{card.name}»: стоимость {cost} "
                  f"({', '.join(parts)}) — закрыто монет: {cost}, открытых осталось "
                  f"{g.players[player].open_coins}.", C.PLAY_CARD, C.PREPAYMENT,
                  C.CARD_PAYMENT, C.COINS, *((C.MODIFIER_ORDER,) if len(parts) > 1 else ()),
                  *((C.COST_MODIFIERS,) if len(parts) > 1 or cost == 0 else ()),
                  *((C.MODIFIER_FLOOR,) if any("→ 0" in p for p in parts) else ()),
                  *((C.COST_X,) if card.card.cost_x else ()),
                  *((C.T_FREE,) if free else ()), *((C.T_AMBUSH,) if ambush is not None else ()))
        for o in fury:
            self.pay_wounds(o, 1, card, (C.T_FURY,))
        if egg is not None and ambush is None:
            self.hatch(card, egg)
        elif egg is not None:                   # Засада from under the egg: it stays
            egg.mined[:] = [(m, z) for m, z in egg.mined if m is not card]
        self.refuse_unread(card)
        if self._cancelled(card, player):
            self.to_zone(card, GRAVEYARD)
            self.emit("cancel", f"Розыгрыш «{card.name}» отменён: карта оплачена и уходит на "
                      "кладбище; его способности и срабатывания на этот розыгрыш не заносятся в "
                      "очередь.", C.CANCELLATION, *((C.CANCEL_TARGETS,) if spell_items else ()))
            self.run_queue()
            return True
        if card.is_spell:
            self.to_zone(card, GRAVEYARD)
            self.emit("spell", f"«{card.name}» уходит на кладбище владельца; его способности "
                      "заносятся в очередь по порядку.", C.SPELL_PLAY)
        else:
            self.enter_play(card, player, "розыгрыш с руки",
                            cites=(C.SUPPORT_ENTERS,) if card.is_support else ())
        self.happen(E.PLAYED, card, player=player)
        for f, ctx in spell_items:
            swapped = self.replace_ability(card, f, ctx, player)          # 508.3
            if swapped is not None:
                f, ctx = swapped
            self.freeze(ctx)
            item = self.enqueue("spell", card, f, player, ctx, None)
            self.emit("queued", f"Способность заклинания «{item.label}» — в очередь "
                      f"(№{len(self.queue)}).", C.SPELL_PLAY, C.FIFO)
            self.say_targets(ctx, f)
        self.settle()
        self.declare_pending()
        self.run_queue()
        return True

    def _cancelled(self, card: Obj, player: str) -> bool:
        """309.1 step 10, 518: cancellations wait for the play and replace it; what comes with
        them (losing a coin …) happens outside the queue (518.3)."""
        ev = Ev(E.PLAYED, card, {"player": player})
        for src in self.g.in_play():
            for f in self.features(src):
                if not is_cancel(f) or not self._fires(f.node.trigger, src, src.controller, ev):
                    continue
                ctx = self.make_ctx(src, f, src.controller, ev)
                ctx.refs["it"] = card
                self.emit("cancel_window", f"«{src.name}» может отменить розыгрыш «{card.name}» "
                          "— вне очереди.", C.CANCELLATION, C.PLAY_CARD)
                self.interp.apply(effects_of(f), ctx)
                if ctx.refs.get("cancel"):
                    self.emit("cancel_done", "Всё, что сопровождает отмену, сделано вне "
                              "очереди.", C.CANCELLATION, C.CANCEL_OUTSIDE)
                    return True
        return False

    def _fury_problem(self, card: Obj, player: str, fury: list[Obj]) -> str | None:
        if not self.has_printed(card, KW.FURY):
            return "у карты нет Ярости"
        if len(fury) > (card.card.cost or 0):
            return "существ для Ярости больше, чем стоимость карты"
        for o in fury:
            if not (o.in_play and o.is_creature and o.controller == player):
                return f"«{o.name}» — не ваше существо в игре"
        if len({o.id for o in fury}) != len(fury):
            return "одно существо названо дважды"
        return None

    def has_printed(self, o: Obj, name: str) -> bool:
        return any(isinstance(f.node, A.Keyword) and f.node.name == name for f in self.printed(o))

    # ---------------------------------------------------------------- 308: activated abilities
    def activate(self, card: Obj, line: int, player: str, x: Any = None) -> bool:
        if self.refuse_if_over():
            return False
        g = self.g
        feats = {f.line: f for f in self.features(card)}
        f = feats.get(line)
        what = f"Способность «{card.name}/{line}»"
        if f is None or not isinstance(f.node, A.Activated):
            self.illegal(f"{what}: у карты нет активируемой особенности №{line}", C.ACTIVATED)
            return False
        if f.reason is not None:
            self.refused(card, f)
            return False
        from_hand = f.zone == HAND and card.zone == HAND       # «работает только в руке»
        if not card.in_play and not from_hand:
            self.illegal(f"{what}: карта {self.where(card)}", C.ACTIVATED, C.PLAY)
            return False
        if card.controller != player or player != g.active:
            self.illegal(f"{what}: активируемые способности использует контролирующий игрок в "
                         "свой ход", C.ACTIVATED)
            return False
        key = marker_key(f)
        limit = f.node.limit.times if f.node.limit is not None else 1
        if card.used.get(key, 0) >= limit:
            self.illegal(f"{what}: уже использована в этот ход (маркер «1 раз за ход»)",
                         C.ACTIVATED_MARKER, C.T_ONCE)
            return False
        cost = f.cost
        if cost.tap:
            if card.closed:
                self.illegal(f"{what}: в оплате закрытие, а карта закрыта", C.ACTION_OPEN,
                             C.PREPAYMENT)
                return False
            if self.weak(card):
                self.illegal(f"{what}: действие в ход появления — слабость первого хода",
                             C.WEAKNESS, C.ACTION, C.CONTROL_WEAKNESS, C.ACTION_OPEN)
                return False
        coins = cost.coins
        if cost.coins_x:
            if x is None or int(x) < 1:
                self.illegal(f"{what}: X = {x}, а X, выбранный игроком, не может быть 0",
                             C.X_CHOSEN)
                return False
            coins += int(x)
        if g.players[player].open_coins < coins:
            self.illegal(f"{what}: нужно {coins} открытых монет, а есть "
                         f"{g.players[player].open_coins}", C.PREPAYMENT, C.COINS)
            return False
        if x is None and ctx_free_x(f):
            x = self.raw_answer(self.label(card, f), "x")
        if ctx_free_x(f) and (x is None or int(x) < 1):
            self.illegal(f"{what}: X = {x}, а способность с X, который выбирает игрок, нельзя "
                         "заявить с X = 0", C.X_CHOSEN, C.ZERO_PARAMETER)
            return False
        ctx, problem = self.declare_ctx(card, f, player, None if x is None else int(x))
        if problem is not None:
            self.illegal(f"{what}: {problem.text}", C.ALL_RESTRICTIONS, *problem.cites)
            return False
        # ---- pay (308.1 step 8), queue, execute
        card.used[key] = card.used.get(key, 0) + 1
        if cost.tap:
            card.closed = True
        self.pay_coins(player, coins)
        cites = [C.ACTIVATION, C.PREPAYMENT, C.ACTIVATED_MARKER]
        if cost.tap:
            cites += [C.ACTION_CLOSE, C.ACTION]
            if card.is_hero:
                cites += [C.HERO_ABILITIES, C.HERO_NO_WEAKNESS]
            if card.is_support:
                cites.append(C.SUPPORT_NO_WEAKNESS)
        elif card.is_creature and card.arrived == g.turn:
            cites.append(C.ACTION_CLOSE)
        self.emit("activate", f"{player} использует «{card.name}/{line}» — оплата: {cost}"
                  + (f" (X = {x})" if x is not None else "") + ".", *cites)
        swapped = self.replace_ability(card, f, ctx, player)              # 508.3
        if swapped is not None:
            f, ctx = swapped
        self.freeze(ctx)
        self.enqueue("activated", card, f, player, ctx, key)
        self.say_targets(ctx, f)
        self.run_queue()
        return True

    def activate_free(self, card: Obj | None, player: str, ctx) -> bool:
        """«Бесплатно используйте способность вашего героя» (term:Бесплатно, an alternative
        cost: nothing before the colon is paid — no coins, no closing); 512.4.1: an ability whose
        X depends on its payment cannot be used free."""
        feats = [f for f in (self.features(card) if card is not None else ())
                 if isinstance(f.node, A.Activated)]
        raw = self.raw_answer(ctx.key, "ability")
        f = next((g for g in feats if g.line == raw), None) if raw is not None else \
            (feats[0] if len(feats) == 1 else None)
        if f is None and len(feats) > 1 and raw is None:
            if self.inputs.strict:
                raise Unnamed(f"какую способность героя использует «{ctx.key}» (поле ability)")
            f = feats[0]
        if f is None:
            self.emit("nothing", "У героя нет такой активируемой способности — использовать "
                      "нечего.", C.ACTIVATED, C.T_FREE)
            return False
        what = f"«{card.name}/{f.line}»"
        if f.reason is not None:
            self.refused(card, f)
            return False
        if f.cost.coins_x or ctx_free_x(f):
            self.illegal(f"Бесплатно использовать {what} нельзя: её X зависит от оплаты", C.X_FREE,
                         C.T_FREE, C.X_CHOSEN)
            return False
        key = marker_key(f)
        limit = f.node.limit.times if f.node.limit is not None else 1
        if card.used.get(key, 0) >= limit:
            self.illegal(f"{what}: уже использована в этот ход (маркер «1 раз за ход»)",
                         C.ACTIVATED_MARKER, C.T_ONCE)
            return False
        ctx2, problem = self.declare_ctx(card, f, player)
        if problem is not None:
            self.illegal(f"{what}: {problem.text}", C.ALL_RESTRICTIONS, *problem.cites)
            return False
        card.used[key] = card.used.get(key, 0) + 1
        self.emit("activate", f"{player} бесплатно использует {what}: альтернативная стоимость — "
                  "ничего из оплаты (ни монет, ни закрытия) не платится.", C.T_FREE, C.T_ALT_COST,
                  C.DECLARATION, C.ACTIVATED_MARKER, C.AXE)
        self.freeze(ctx2)
        self.enqueue("activated", card, f, player, ctx2, key)
        self.say_targets(ctx2, f)
        return True

    # ---------------------------------------------------------------- choices of effects
    def pick_cards(self, ctx, key: str, pool: list[Obj], n: int, what: str,
                   cite: str) -> list[Obj]:
        raw = self.raw_answer(ctx.key, key)
        if raw is None:
            if self.inputs.strict:
                raise Unnamed(f"{what} (поле {key} в choices «{ctx.key}»)")
            chosen = pool[:n]
            self.emit("assumed", f"Не названо, {what} — приняты: "
                      + ", ".join(f"«{o.name}»" for o in chosen) + ".", cite, assumed=True)
            return chosen
        items = raw if isinstance(raw, list) else [raw]
        out = []
        for r in items:
            o = self.resolve_ref(r)
            if o in pool and o not in out:
                out.append(o)
        return out[:n]

    def pick_search(self, ctx, fits: list[Obj], key: str) -> Obj | None | bool:
        """The card a Поиск / вызов / возрождение takes: an Obj, False (none fits) or None
        (the player declines — may decline even if one is there)."""
        raw = self.raw_answer(ctx.key, key)
        if raw in ("none", "нет", False):
            return None
        if raw is None:
            if not fits:
                return False
            if len(fits) > 1 and self.inputs.strict:
                raise Unnamed(f"какую карту берёт «{ctx.key}» (поле {key}: имя или none)")
            if len(fits) > 1:
                self.emit("assumed", f"Не названо, что находит «{ctx.key}» — принято: "
                          f"«{fits[0].name}».", C.T_SEARCH, assumed=True)
            return fits[0]
        o = self.resolve_ref(raw)
        return o if o in fits else False

    def pick_many(self, ctx, fits: list[Obj], key: str, n: int) -> list[Obj] | None:
        """Up to ``n`` cards a вызов takes (519.3.3: fewer allowed); None: declined."""
        raw = self.raw_answer(ctx.key, key)
        if raw in ("none", "нет", False):
            return None
        if raw is None:
            if len(fits) > n and self.inputs.strict:
                raise Unnamed(f"какие карты берёт «{ctx.key}» (поле {key}: список имён или none)")
            return fits[:n]
        out = []
        for r in raw if isinstance(raw, list) else [raw]:
            o = self.resolve_ref(r)
            if o in fits and o not in out:
                out.append(o)
        return out[:n]

    def revived_lives(self, o: Obj, node, ctx) -> None:
        """«возродите … с N жизнями»: its lives become N (106.2.1)."""
        if node.amount is None or not o.in_play:
            return
        n = self.interp.amount(node.amount, ctx)
        delta = n - self.lives(o)
        if delta:
            self.add_effect(o, EffKind.EXTRA_LIFE if delta > 0 else EffKind.NEG_LIFE,
                            abs(delta), ctx.source)
        self.emit("effect", f"«{o.name}» возрождается с {n} жизн.", C.REVIVE, C.LIVES_SET)
        self.settle()

    def lose_coins(self, player: str, n: int, ctx) -> int:
        """522.5: the player chooses which coins (open or closed) to lose."""
        p = self.g.players[player]
        pref = self.raw_answer(ctx.key, "coins") if ctx is not None else None
        first_open = pref == "open"
        order = sorted(p.coins, key=lambda c: (c.open != first_open, c.until is not None))
        lost = order[:n]
        for c in lost:
            p.coins.remove(c)
        if lost:
            self.emit("coins", f"{player} теряет {len(lost)} мон. (сам выбирает какие: "
                      f"{'открытые' if first_open else 'сначала закрытые'}); осталось "
                      f"{p.open_coins} откр. и {p.closed_coins} закр.", C.COINS_STOCK,
                      C.COINS_CHOICE)
            for _ in lost:
                self.happen(E.COINS_LOST, None, player=player)
        return len(lost)

    def change_control(self, o: Obj, player: str, until: str | None) -> None:
        o.controller = player
        o.arrived = self.g.turn                   # 210.2: weak again under the new controller
        if until is not None:
            self.add_effect(o, "control", other(player), None, until, player)
        self.emit("control", f"Игрок {player} берёт под контроль «{o.name}»" +
                  (" до конца хода" if until else "") + " — у нового контролирующего у него "
                  "слабость первого хода.", C.CONTROL, C.T_CONTROL, C.CONTROL_WEAKNESS)

    def refused(self, card: Obj, f: Feature) -> None:
        if self.trace.refused_once((card.id, str(f.line))):
            self.emit("refused", f"Особенность «{card.name}/{f.line}» («{f.text.rstrip('.')}»): "
                      f"судья её не применяет — {f.reason}.", C.FEATURES)

    def refuse_unread(self, card: Obj) -> None:
        for f in self.features(card):
            if f.reason is not None:
                self.refused(card, f)
