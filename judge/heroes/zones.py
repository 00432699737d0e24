"""Cards between zones (201–207, 505, 519, 527): entering play, dying, going to a hand or a deck,
drawing, discarding, searching, summoning, control.

* A card always goes to its **owner's** hand, deck or graveyard (203.4, 204.4, 205.3).
* Going to a hand or a deck makes a new object (201.4): markers and effects are gone.
* Going from play to the graveyard is a death («гибель»): the death triggers of the card and of
  other cards fire for the player who controlled it (505.3) — they are collected at the move
  from the card's features as they were (205.3, 401.5) — and last known information is kept for
  abilities already queued (403.1).  A created card goes back to its owner's stock instead
  (519.6.1).
* Entering play: a support of a class the player already has sends the older one to the
  graveyard (212.3, a rules effect, design R23: that is its «гибель»); so does a second copy of a
  card with Уникальность.
* Drawing is one card at a time from the top (527.1, 527.2); an empty deck gives nothing (520.3).

A mixin of the Engine.
"""
from __future__ import annotations

from berserk.text import fold
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as E
from judge.heroes import cites as C
from judge.heroes.glossary import keeps_through_graveyard
from judge.heroes.model import DECK, GRAVEYARD, HAND, PLAY, STOCK, ZONE_RU, Lki, Obj

def same_name(name: str, phrase: str) -> bool:
    """Does a phrase of card text name this card, whatever the case form («создайте
    Элементаля огня» — «Элементаль огня»)?  Word by word, a common stem."""
    a, b = fold(name).split(), fold(phrase).split()
    return len(a) == len(b) and all(
        x[:max(3, min(len(x), len(y)) - 2)] == y[:max(3, min(len(x), len(y)) - 2)]
        for x, y in zip(a, b))


#: «уходит …» — where a part of a combined card goes.
ZONE_TO = {HAND: "в руку", DECK: "в колоду", GRAVEYARD: "на кладбище"}


class Zones:
    # ---------------------------------------------------------------- raw moves
    def _detach(self, o: Obj) -> None:
        for p in self.g.players.values():
            for zone in (p.hand, p.deck, p.graveyard, p.stock):
                if o.id in zone:
                    zone.remove(o.id)

    def remember(self, o: Obj) -> Lki:
        """Last known information of a card about to leave play (403.1, 205.3)."""
        lki = Lki(o.id, o.gen, o.name, o.controller, o.zone, self.strike(o), self.lives(o),
                  self.features(o))
        self.lki[(o.id, o.gen)] = lki
        return lki

    def to_zone(self, o: Obj, zone: str, *, top: bool = True, keep: bool = False) -> None:
        """Put ``o`` into its owner's ``zone`` (not play); a hand or a deck makes a new object.
        A card leaving play gets its printed non-base properties back (104.3.1) — after its
        death triggers were collected when ``keep`` — and its parts go the same way as
        separate cards (term:Присоединить карту Х к карте Y)."""
        leaving = o.zone == PLAY
        parts = self.scatter(o) if leaving else []
        if leaving:
            self.release_mined(o)
        self._detach(o)
        if zone in (HAND, DECK):
            o.reset()
            o.controller = o.owner
        pile = self.g.players[o.owner].zone(zone)
        if zone == DECK and top:
            pile.insert(0, o.id)
        else:
            pile.append(o.id)
        o.zone = zone
        o.ts = self.g.tick()
        if leaving and not keep:
            o.over.clear()
        for p in parts:
            self._part_leaves(p, o, zone, top)

    def _part_leaves(self, p: Obj, host: Obj, zone: str, top: bool) -> None:
        if p.created:
            self._to_stock(p)
            self.emit("to_stock", f"Часть «{p.name}» — созданная карта: вместо этой зоны уходит в "
                      "запас владельца.", C.CREATED_TO_STOCK, C.T_PART)
            return
        p.zone = PLAY                       # a part leaves play with its combined card
        self.to_zone(p, zone, top=top)
        self.emit("part", f"Часть «{p.name}» объединённой карты «{host.name}» уходит "
                  f"{ZONE_TO.get(zone, zone)} владельца ({p.owner}) отдельной картой.",
                  C.T_COMBINED, C.T_PART, C.T_ATTACH)

    def _to_stock(self, o: Obj) -> None:
        if o.zone == PLAY:
            self.release_mined(o)
        self._detach(o)
        o.zone = STOCK
        o.over.clear()
        self.g.players[o.owner].stock.append(o.id)

    # ---------------------------------------------------------------- death (505)
    def die(self, o: Obj, cause: str, killer: Obj | None = None, cites: tuple[str, ...] = ()) -> None:
        """Play → owner's graveyard (505.1 / 505.2 / 212.3 …): a death."""
        if o.zone != PLAY:
            return
        lki = self.remember(o)
        controller = o.controller
        self.just_died.append((o, lki))
        parts = list(o.parts)
        if parts:
            self.emit("rule", f"Гибнет объединённая карта «{o.name}» (части: "
                      + ", ".join(f"«{p.name}»" for p in parts) + "): части уходят отдельными "
                      "картами, но это одна гибель — срабатывания на гибель сработают один раз.",
                      C.COMBINED_DIES, C.T_COMBINED)
        if o.created:
            for p in self.scatter(o):
                self._part_leaves(p, o, GRAVEYARD, True)
            self._to_stock(o)
            self.emit("to_stock", f"«{o.name}» — созданная карта: вместо кладбища уходит в запас "
                      "владельца.", C.CREATED_TO_STOCK, *cites)
        else:
            self.to_zone(o, GRAVEYARD, keep=True)
            self.emit("died", f"«{o.name}» погибает ({cause}) и уходит на кладбище владельца "
                      f"({o.owner}).", C.GRAVEYARD_KEEPS, *cites, card=o.id)
        o.effects[:] = [e for e in o.effects if keeps_through_graveyard(e)]   # 205.3
        o.prevented = 0
        o.closed = False
        self.happen(E.OWN_DEATH, o, lki=lki, controller=controller, killer=killer,
                    parts=[o] + parts)
        if o.zone == GRAVEYARD:
            self.happen(E.TO_GRAVEYARD, o, lki=lki, controller=controller, origin=PLAY)
        o.over.clear()                          # 104.3.1, once its death was seen as it was

    # ---------------------------------------------------------------- entering play
    def enter_play(self, o: Obj, controller: str, how: str, *, closed: bool = False,
                   cites: tuple[str, ...] = ()) -> None:
        """A card comes into play under ``controller`` (309.1 step 5, 519.3, 519.4, 519.6) —
        or, a creature with Модуль, is attached to a mechanism instead (term:Модуль)."""
        if o.is_creature and self.module_attach(o, controller):
            return
        self._detach(o)
        kept = [e for e in o.effects if keeps_through_graveyard(e)] if o.zone == GRAVEYARD else []
        if o.zone in (HAND, DECK, GRAVEYARD, STOCK):
            o.reset()
            o.effects.extend(kept)              # Инкарнация survives the move (205.3)
        o.zone, o.controller, o.closed = PLAY, controller, closed
        if self.sleeping(o):                    # term:Спящий: it enters closed
            o.closed = True
            self.emit("rule", f"«{o.name}» — Спящий: входит в игру закрытым.", C.T_SLEEPING)
        o.arrived = self.g.turn
        o.ts = self.g.tick()
        self.emit("enters", f"«{o.name}» входит в игру ({how}) под контролем {controller}.",
                  C.PLAY, *cites, card=o.id)
        self.one_of_a_kind(o)
        if o.zone == PLAY:
            self.refuse_unread(o)
            self.happen(E.ENTERS, o, how=how)

    def one_of_a_kind(self, new: Obj) -> None:
        """212.3 (one support of each class per player) and Уникальность: the older card goes
        to the graveyard as a rules effect (503.1)."""
        for old in self.g.in_play(new.controller):
            if old is new:
                continue
            if new.is_support and old.support_class and old.support_class == new.support_class:
                self.emit("rules", f"У игрока {new.controller} уже есть поддержка класса "
                          f"«{old.support_class}» — «{old.name}» уходит на кладбище.",
                          C.SUPPORT_ONE_CLASS, C.RULES_EFFECTS)
                self.die(old, "лишняя карта поддержки класса", cites=(C.SUPPORT_ONE_CLASS,))
            elif old.name == new.name and (self.has(old, KW.UNIQUE) or self.has(new, KW.UNIQUE)):
                self.emit("rules", f"«{new.name}» с Уникальностью: прежняя копия уходит на "
                          "кладбище.", C.T_UNIQUE, C.RULES_EFFECTS)
                self.die(old, "уникальность", cites=(C.T_UNIQUE,))

    # ---------------------------------------------------------------- hand and deck
    def to_hand(self, o: Obj, cites: tuple[str, ...] = ()) -> bool:
        if o.created:
            self._detach(o)
            o.zone = STOCK
            self.g.players[o.owner].stock.append(o.id)
            self.emit("to_stock", f"«{o.name}» — созданная карта: вместо руки уходит в запас.",
                      C.CREATED_TO_STOCK, *cites)
            return True
        was = o.zone
        if was == PLAY:
            self.remember(o)
        parts = [p.name for p in o.parts]
        self.to_zone(o, HAND)
        self.emit("to_hand", f"«{o.name}» уходит в руку владельца ({o.owner}) — теперь это "
                  "новая карта, без эффектов и маркеров"
                  + (" (объединённая карта распалась на отдельные карты: "
                     + ", ".join(f"«{n}»" for n in parts) + ")" if parts else "") + ".",
                  C.HAND_OWNER, C.NEW_OBJECT, *cites, *((C.T_COMBINED,) if parts else ()))
        return True

    def draw(self, player: str, n: int, cites: tuple[str, ...] = (), *, phase: bool = False) -> int:
        """«Возьмите N карт»: N single draws from the top (527.1, 527.2); fewer if the deck runs
        out (520.3).  Returns how many were drawn."""
        p = self.g.players[player]
        got = 0
        for _ in range(n):
            if not p.deck:
                if not phase:
                    self.emit("draw", f"Колода {player} пуста — карту взять нельзя.",
                              C.DRAW_FEWER, C.DRAW_EMPTY, *cites)
                break
            o = self.g.objs[p.deck[0]]
            self.to_zone(o, HAND)
            got += 1
            p.drawn += 1
            self.emit("draw", f"{player} берёт карту из колоды" + (f" («{o.name}»)" if not
                      o.id.startswith("?") else "") + f"; в руке {len(p.hand)}, в колоде "
                      f"{len(p.deck)}.", C.DRAW, *cites)
            self.happen(E.DRAWS, None, player=player, card=o)
        return got

    def discard(self, player: str, names: list[Obj], cites: tuple[str, ...] = ()) -> int:
        for o in names:
            self.to_zone(o, GRAVEYARD)
            self.emit("discard", f"{player} сбрасывает «{o.name}» с руки на кладбище.",
                      C.T_DISCARD, *cites)
            self.happen(E.DISCARDS, None, player=player, card=o)
            self.happen(E.TO_GRAVEYARD, o, controller=player, origin=HAND)
        return len(names)

    def mill(self, player: str, n: int) -> int:
        """N top cards of the player's deck to the graveyard, one at a time (term:Мор X): not a
        draw, not a discard; the deck is not shuffled (a given place, 204.3)."""
        p = self.g.players[player]
        got = 0
        for _ in range(n):
            if not p.deck:
                self.emit("rule", f"Колода {player} пуста — класть на кладбище больше нечего.",
                          C.DRAW_FEWER, C.AS_FAR_AS)
                break
            o = self.g.objs[p.deck[0]]
            self.to_zone(o, GRAVEYARD)
            got += 1
            self.emit("mill", f"Верхняя карта колоды {player}" + (f" («{o.name}»)" if not
                      o.id.startswith("?") else "") + " кладётся на кладбище (это не гибель и не "
                      "сброс).", C.T_MILL, C.GRAVEYARD)
            self.happen(E.TO_GRAVEYARD, o, controller=player, origin=DECK)
        return got

    def create(self, ctx, name: str) -> bool:
        """«Создайте X»: the card from the controller's stock into play, open, under his
        control, «Созданная» (519.6, 519.6.1)."""
        me = self.me(ctx)
        stock = [self.g.objs[i] for i in self.g.players[me].stock]
        found = [o for o in stock if same_name(o.name, name)]
        if not found:
            self.emit("refused", f"«{ctx.text}»: в запасе {me} нет карты «{name}» — судья её не "
                      "создаёт (опишите карту в cards и положите в stock игрока).", C.CREATE)
            return False
        o = found[0]
        o.created = True
        o.owner = me
        self.enter_play(o, me, "создание", cites=(C.CREATE, C.T_CREATE))
        return o.in_play

    def shuffle(self, player: str, why: str) -> None:
        self.g.players[player].shuffled = True
        self.emit("shuffle", f"Колода {player} перемешивается ({why}).", C.DECK_SHUFFLE,
                  C.RULES_EFFECTS)

    def where(self, o: Obj) -> str:
        return ZONE_RU.get(o.zone, o.zone)
