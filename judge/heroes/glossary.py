"""Part-7 mechanisms that are more than a keyword's number: Авангард X, Инкарнация X, Немёртвый
(the opponent's way to wound the card) and extra turns.

* **Авангард X** (term:Авангард Х): a trigger after this card is played — its controller may
  play a creature of cost X or less from the hand free (an alternative cost, term:Бесплатно);
  it gets Рывок and, at the end of the turn, if it is still in play, returns to the hand; if he
  did, the card with Авангард closes.
* **Инкарнация X** (term:Инкарнация X): a trigger from the graveyard at the start of its
  owner's turn — he may lose X coins and revive the creature closed.  Инкарнация 0 is never
  declared (512.2); a card in play cannot declare it; the effect «Инкарнация X» survives the
  moves between the graveyard and play (205.3).  Whether it may be declared with fewer than X
  coins the rules do not say: the engine does not declare it then and says so.
* **Немёртвый** (term:Немертвый): the card takes wounds only from this feature — in his turn the
  opponent may close X coins (X ≥ 1, 512.4) and wound it by X, any number of times a turn.
* **Дополнительный ход** (term:Дополнительный ход): taken right after the current turn, as if the
  turn had been passed to that player; several are taken one at a time in the order they came;
  then the turns go on from where they were.

A mixin of the Engine.
"""
from __future__ import annotations

from berserk.text import fold
from berserk.vocab import CardType, Element
from berserk.vocab import Game as GameKind
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as E
from berserk.vocab import TriggerParam, Verb
from carddb.model import Card
from grammar import ast as A
from judge.heroes import cites as C
from judge.heroes.model import GRAVEYARD, HAND, MINED, STOCK, EffKind, Eff, Obj, other
from judge.heroes.phrases import NOTHING
from judge.heroes.readers import INCARNATE, MATURE
from judge.heroes.wording import Feature

#: ``Feature.text`` of the built trigger of Инкарнация (its label: «<card>/Инкарнация»).
INCARNATION_RU = "Инкарнация"


def keeps_through_graveyard(e: Eff) -> bool:
    """205.3: a dead card loses its effects — except Инкарнация (and it keeps it revived)."""
    return e.kind == EffKind.INCARNATION or (
        e.kind == EffKind.GAIN and isinstance(e.value.node, A.Keyword)
        and e.value.node.name == KW.INCARNATION)


class Glossary:
    # ---------------------------------------------------------------- Авангард X
    def vanguard(self, ctx, n: int) -> bool:
        """The Авангард trigger's effect: play a creature of cost n or less from the hand free."""
        me = self.me(ctx)
        source = ctx.source
        hand = [self.g.objs[i] for i in self.g.players[me].hand]
        fits = [o for o in hand if o.is_creature and self.cost(o) <= n]
        picked = self.pick_search(ctx, fits, "summon")
        if not picked:
            self.emit("nothing", f"Авангард «{source.name}»: существа стоимостью {n} или менее "
                      "не разыграно.", C.T_VANGUARD)
            return False
        self.emit("vanguard", f"Авангард {n} «{source.name}»: {me} бесплатно разыгрывает "
                  f"«{picked.name}» с руки.", C.T_VANGUARD, C.T_FREE, C.T_ALT_COST)
        if not self.play(picked, me, free=True):
            return False
        if picked.in_play:
            self.add_effect(picked, EffKind.GAIN, Feature(0, "Рывок.", A.Keyword(name=KW.DASH)),
                            source, None, me)
            self.emit("effect", f"«{picked.name}» получает Рывок; в конце хода, если не погибнет, "
                      "вернётся в руку.", C.T_VANGUARD, C.T_DASH)
            self.vanguards.append((picked, picked.gen, source))
        if not source.closed and source.in_play:
            source.closed = True
            self.emit("effect", f"«{source.name}» закрывается (Авангард применён).",
                      C.T_VANGUARD, C.T_CLOSE)
        return True

    def vanguards_return(self) -> None:
        """At the end of the turn the creatures played by Авангард return to the hand."""
        for o, gen, source in list(self.vanguards):
            self.vanguards.remove((o, gen, source))
            if o.in_play and o.gen == gen:
                self.emit("vanguard", f"Конец хода: «{o.name}», разыгранный Авангардом "
                          f"«{source.name}», не погиб — возвращается в руку.", C.T_VANGUARD)
                self.to_hand(o)

    # ---------------------------------------------------------------- Инкарнация X
    def incarnation_value(self, o: Obj) -> int:
        """The largest Инкарнация of a card in the graveyard: printed or kept as an effect."""
        values = [f.node.value or 0 for f in self.printed(o)
                  if isinstance(f.node, A.Keyword) and f.node.name == KW.INCARNATION]
        values += [e.value.node.value or 0 for e in o.effects if keeps_through_graveyard(e)
                   and e.kind == EffKind.GAIN]
        values += [int(e.value) for e in o.effects if e.kind == EffKind.INCARNATION]
        return max(values, default=0)

    def incarnation_triggers(self, o: Obj) -> list[Feature]:
        n = self.incarnation_value(o) if o.zone == GRAVEYARD and o.is_creature else 0
        if n <= 0:
            return []
        body = A.Choice(options=(A.Action(verb=Verb.REVIVE, target=A.Selector(noun="self"),
                                          amount=A.Fixed(value=n), params=(INCARNATE,)),
                                 NOTHING))
        return [Feature(0, f"{INCARNATION_RU} {n}", A.Triggered(
            trigger=A.Trigger(event=E.TURN_START), effects=(body,)), zone=GRAVEYARD)]

    def incarnate(self, o: Obj, n: int, ctx) -> bool:
        me = self.me(ctx)
        pl = self.g.players[me]
        if o.zone != GRAVEYARD:
            self.emit("nothing", f"«{o.name}» уже не на кладбище — Инкарнация не выполняется.",
                      C.T_INCARNATION)
            return False
        if len(pl.coins) < n:
            self.emit("refused", f"Инкарнация {n} «{o.name}»: у {me} только {len(pl.coins)} "
                      "мон. — можно ли её заявить, не потеряв все X монет, правила не говорят; "
                      "судья её не применяет.", C.T_INCARNATION)
            return False
        lost = self.lose_coins(me, n, ctx)
        self.emit("incarnation", f"Инкарнация {n}: {me} теряет {lost} мон. и возрождает "
                  f"«{o.name}» в закрытом виде.", C.T_INCARNATION, C.REVIVE)
        self.enter_play(o, me, "Инкарнация", closed=True, cites=(C.T_INCARNATION,))
        return o.in_play

    # ---------------------------------------------------------------- Немёртвый
    def undead_wound(self, card: Obj, player: str, x) -> bool:
        """The opponent closes X coins and wounds a card with Немёртвый by X (term:Немертвый)."""
        if self.refuse_if_over():
            return False
        what = f"Ранить «{card.name}» через Немёртвый"
        if not card.in_play or not self.has(card, KW.UNDEAD):
            self.illegal(f"{what}: у карты в игре нет Немёртвого", C.T_UNDEAD)
            return False
        if player == card.controller or player != self.g.active:
            self.illegal(f"{what}: это делает противник контролирующего её игрока в свой ход",
                         C.T_UNDEAD)
            return False
        if not isinstance(x, int) or isinstance(x, bool) or x < 1:
            self.illegal(f"{what}: X = {x}, а X, выбранный игроком, не может быть 0",
                         C.X_CHOSEN, C.T_UNDEAD)
            return False
        if self.g.players[player].open_coins < x:
            self.illegal(f"{what}: нужно закрыть {x} мон., открытых "
                         f"{self.g.players[player].open_coins}", C.PREPAYMENT, C.T_UNDEAD)
            return False
        self.pay_coins(player, x)
        self.emit("undead", f"{player} закрывает {x} мон. и ранит «{card.name}» на {x} — "
                  "Немёртвый получает раны только так.", C.T_UNDEAD, C.COINS)
        self.deal(card, x, "undead", card, (C.T_UNDEAD,))
        self.settle()
        self.run_queue()
        return True

    # ---------------------------------------------------------------- Дополнительный ход
    def next_player(self) -> str:
        """Who moves next: an extra turn first (term:Дополнительный ход), then the turns go on
        from where they were."""
        g = self.g
        if g.extra_turns:
            if g.resume is None:
                g.resume = other(g.active)
            nxt = g.extra_turns.pop(0)
            self.emit("extra_turn", f"{nxt} получает дополнительный ход — он наступает сразу за "
                      "текущим.", C.T_EXTRA_TURN)
            return nxt
        if g.resume is not None:
            nxt, g.resume = g.resume, None
            return nxt
        return other(g.active)



# ==================================================================== Кладка, Яйцо
#: The egg's class (107.3.3): a card of it is an Яйцо of part 8.
EGG_CLASS = "яйцо"


def egg_card() -> Card:
    """Яйцо (part 8): a created neutral creature, strike 0, lives 2, cost 1, class яйцо; it
    neither attacks nor defends; its maturing and the play of the card it mined are the
    engine's (Clutch below)."""
    return Card(name="Яйцо", game=GameKind.HEROES, card_type=CardType.CREATURE,
                elements=(Element.NEUTRAL,), cost=1, life=2, strike_value=0,
                classes=(EGG_CLASS,), text="Не может атаковать. Не может быть защитником.")


class Clutch:
    """term:Кладка — «1 монета: создайте Яйцо, оно добывает эту карту» (from the hand); the
    Яйцо of part 8 matures at the start of each turn; the card it mined may be played 1 cheaper
    for each maturing effect, and then the egg is destroyed (term:Добывает: a mined card is not
    in play; it goes back where it was when the egg leaves play; nothing triggers on that)."""

    def is_egg(self, o: Obj) -> bool:
        return o.is_creature and fold(EGG_CLASS) in {fold(c) for c in o.classes}

    def clutch(self, ctx) -> bool:
        card, me = ctx.source, self.me(ctx)
        if card.zone != HAND:
            return False
        stock = [self.g.objs[i] for i in self.g.players[me].stock]
        egg = next((o for o in stock if self.is_egg(o)), None)
        if egg is None:
            egg = Obj(id=self.g.new_id("Яйцо"), card=egg_card(), owner=me, controller=me,
                      zone=STOCK, ts=self.g.tick())
            self.g.objs[egg.id] = egg
            self.g.players[me].stock.append(egg.id)
        egg.created = True
        self.enter_play(egg, me, "Кладка", cites=(C.T_CLUTCH, C.CREATE, C.T_CREATE))
        self._detach(card)
        card.zone = MINED
        egg.mined.append((card, HAND))
        self.emit("mine", f"Яйцо добывает «{card.name}»: карта лежит под ним и в игре не "
                  "находится.", C.T_CLUTCH, C.T_MINES)
        return True

    def egg_triggers(self, o: Obj) -> list[Feature]:
        """«В начале каждого хода положите эффект созревания на Яйцо» (part 8)."""
        if not self.is_egg(o):
            return []
        return [Feature(0, "Созревание Яйца", A.Triggered(
            trigger=A.Trigger(event=E.TURN_START, params=(TriggerParam.EACH_TURN,)),
            effects=(A.Action(verb=Verb.PUT, target=A.Selector(noun="self"),
                              params=(MATURE,)),)))]

    def mature(self, egg: Obj) -> bool:
        if not egg.in_play:
            return False
        self.add_effect(egg, EffKind.MATURE, 1, egg)
        self.emit("effect", f"На «{egg.name}» кладётся эффект созревания (всего "
                  f"{egg.count(EffKind.MATURE)}).", C.T_CLUTCH)
        return True

    def egg_of(self, card: Obj, player: str) -> Obj | None:
        return next((e for e in self.g.in_play(player) if self.is_egg(e)
                     and any(m is card for m, _ in e.mined)), None)

    def hatch(self, card: Obj, egg: Obj) -> None:
        """The mined card was played from under the egg: the egg is destroyed."""
        egg.mined[:] = [(m, z) for m, z in egg.mined if m is not card]
        self.emit("hatch", f"«{card.name}» разыгрывается из-под «{egg.name}» — яйцо "
                  "уничтожается.", C.T_CLUTCH, C.DESTROY)
        self.die(egg, "Кладка: карта разыграна из-под яйца", cites=(C.T_CLUTCH,))

    def release_mined(self, o: Obj) -> None:
        """The miner leaves play: the mined cards go back where they were; nothing triggers."""
        for card, zone in list(o.mined):
            o.mined.remove((card, zone))
            card.zone = zone
            self.g.players[card.owner].zone(zone).append(card.id)
            self.emit("mine", f"«{o.name}» покидает игру — добытая «{card.name}» возвращается "
                      f"{'в руку' if zone == HAND else 'на место'} владельца.", C.T_MINES)
