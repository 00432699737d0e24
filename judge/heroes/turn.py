"""The turn's stages (302–310) and the keywords that act at its boundaries.

End of turn (310): the «в конце хода» triggers (Регенерация among them) are queued and run
(310.1); when the queue is empty the «до конца хода» effects end and temporary coins go back —
which is not losing them (310.2, 522.4); the turn passes (310.3).

Start of turn (302–304): effects «до начала хода» end (303.1 — the next turn's start, whoever's
turn it is, unless the text says «вашего»: design R7); the active player opens their cards, hero
and coins (303.2; Оглушение keeps a card closed once, «не открывается» too); every card loses its
«1 (X) раз за ход» markers (303.3 — all cards: design R6) and Броня counts afresh; a coin if
fewer than 10 (304.1, all coin markers count: R22); a card from the deck except on the first
player's first turn — the third failed draw of the game loses it (304.2; only this draw counts:
R20, R21); then the «в начале хода» triggers and poison (304.4).

Keyword triggers (part 7) are features of their own, built here: Регенерация X (end of own
turn: heal X), Отравление X (start of own turn: X wounds), Вампиризм X (dealt wounds by a strike:
heal X, the rest as extra lives), Медитация X (attacked: the attacker's player pays X coins, the
shortfall wounds their hero).  A mixin of the Engine.
"""
from __future__ import annotations

from berserk.vocab import AttackKind as K
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as E
from berserk.vocab import Verb
from grammar import ast as A
from judge.heroes import cites as C
from judge.heroes.clauses import SELF
from judge.heroes.model import Coin, EffKind, Obj, other
from judge.heroes.queue import Ev, Pending
from judge.core.trace import Unnamed
from judge.heroes.readers import REGEN, SLEEPING
from judge.heroes.wording import Feature

#: Durations that end at the end of a turn (310.2) / at the start of one (303.1).
END_KINDS = {D.END_OF_TURN: "any", D.END_OF_YOUR_TURN: "own", D.END_OF_OPPONENT_TURN: "other"}
START_KINDS = {D.UNTIL_NEXT_TURN: "any", D.UNTIL_YOUR_NEXT_TURN: "own"}


class Turn:
    # ---------------------------------------------------------------- keyword triggers
    def keyword_triggers(self, o: Obj) -> list[Feature]:
        out = []
        kw = self.keywords(o) if o.is_character else {}
        if kw.get(KW.REGEN):
            out.append(Feature(0, f"Регенерация {kw[KW.REGEN]}", A.Triggered(
                trigger=A.Trigger(event=E.TURN_END),
                effects=(A.Action(verb=Verb.HEAL, target=SELF, amount=A.Fixed(
                    value=kw[KW.REGEN]), params=(REGEN,)),))))
        if kw.get(KW.VAMPIRISM):
            out.append(Feature(0, f"Вампиризм {kw[KW.VAMPIRISM]}", A.Triggered(
                trigger=A.Trigger(event=E.ATTACK, attack=K.STRIKE, params=("dealt",)),
                effects=(A.Action(verb=Verb.HEAL, target=SELF,
                                  amount=A.Fixed(value=kw[KW.VAMPIRISM]),
                                  params=("vampirism",)),))))
        if kw.get(KW.MEDITATION):
            out.append(Feature(0, f"Медитация {kw[KW.MEDITATION]}", A.Triggered(
                trigger=A.Trigger(event=E.ATTACKED),
                effects=(A.Action(verb=Verb.PAY, amount=A.Fixed(value=kw[KW.MEDITATION]),
                                  params=("meditation",)),))))
        out.extend(self.egg_triggers(o))        # Яйцо (part 8): matures each turn
        poison = self.poison_of(o)
        if poison:
            out.append(Feature(0, f"Отравление {poison}", A.Triggered(
                trigger=A.Trigger(event=E.TURN_START),
                effects=(A.Wound(target=SELF, amount=A.Fixed(value=poison)),))))
        return out

    # ---------------------------------------------------------------- 310
    def end_turn(self) -> bool:
        if self.refuse_if_over():
            return False
        g = self.g
        frenzied = [o for o in g.in_play(g.active) if self.has(o, KW.FRENZY)
                    and self._can_attack_someone(o)]
        if frenzied:
            self.illegal(f"Закончить ход нельзя: «{frenzied[0].name}» с Бешенством ещё может "
                         "атаковать ударом и обязан", C.T_FRENZY, C.AXE)
            return False
        self.emit("end", f"{g.active} передаёт ход: этап конца хода.", C.CHOICE, C.END_TRIGGERS)
        g.phase = "end"
        self.happen(E.TURN_END, None, player=g.active)
        self.happen(E.OPPONENT_TURN_END, None, player=g.active)
        self.run_queue()
        if self.over:
            return True
        self.vanguards_return()
        self._expire(END_KINDS, C.UNTIL_END)
        for p in g.players.values():
            temp = [c for c in p.coins if c.until in END_KINDS and self._ends(c.until, p.name,
                                                                              END_KINDS)]
            if temp:
                for c in temp:
                    p.coins.remove(c)
                self.emit("coins", f"Временные монеты {p.name} ({len(temp)}) возвращаются в "
                          "запас — это не потеря монет.", C.COINS_TEMPORARY, C.UNTIL_END)
        nxt = self.next_player()
        g.active = nxt
        g.turn += 1
        self.emit("pass", f"Ход переходит к {nxt} (ход №{g.turn}).", C.TURN_PASSES)
        self.start_turn()
        return True

    def _can_attack_someone(self, o: Obj) -> bool:
        return any(self.attack_problem(o, t, o.controller) is None
                   for t in self.g.in_play(other(o.controller)))

    def _ends(self, until: str, player: str | None, kinds: dict) -> bool:
        whose = kinds.get(until)
        return whose == "any" or (whose == "own" and player == self.g.active) or \
            (whose == "other" and player != self.g.active)

    def _expire(self, kinds: dict, cite: str) -> None:
        for o in list(self.g.objs.values()):
            ending = [e for e in o.effects if e.until in kinds and self._ends(e.until, e.player,
                                                                               kinds)]
            for e in ending:
                o.effects.remove(e)
                if e.kind == "control":
                    o.controller = e.value
                    self.emit("control", f"Контроль над «{o.name}» кончается — им снова "
                              f"управляет {e.value}.", C.CONTROL, cite)
                else:
                    self.emit("expire", f"С «{o.name}» снят эффект «{e.kind}» — кончился его "
                              "срок.", cite, C.RULES_EFFECTS)
        self.settle()

    # ---------------------------------------------------------------- 302–304
    def start_turn(self) -> None:
        g = self.g
        ap = g.active
        g.phase = "start"
        g.wounded_this_turn.clear()
        self._expire(START_KINDS, C.UNTIL_START)
        opened = []
        for o in g.in_play(ap):
            if o.has_effect(EffKind.STUN):
                o.effects[:] = [e for e in o.effects if e.kind != EffKind.STUN]
                self.emit("stun", f"«{o.name}» оглушён: в эту фазу восстановления не "
                          "открывается и теряет Оглушение.", C.T_STUN, C.RECOVERY_OPEN)
                continue
            if self.cannot_open(o):
                for e in o.effects:
                    if e.kind == EffKind.NO_OPEN:
                        e.until = D.END_OF_TURN
                self.emit("no_open", f"«{o.name}» не открывается в этот ход (запрет в его "
                          "особенности).", C.REFLEXIVE, C.CANNOT, C.RECOVERY_OPEN,
                          *((C.T_SLEEPING,) if self.sleeping(o) else ()))
                continue
            if o.closed:
                o.closed = False
                opened.append(o.name)
        p = g.players[ap]
        closed_coins = p.closed_coins
        for c in p.coins:
            c.open = True
        self.emit("recovery", f"Фаза восстановления {ap}: открываются " +
                  (", ".join(f"«{n}»" for n in opened) + " и " if opened else "")
                  + f"все монеты ({closed_coins} были закрыты).", C.RECOVERY_OPEN)
        for o in g.objs.values():
            o.used.clear()
            o.prevented = 0
        for q in g.players.values():
            q.drawn = 0
        self.emit("markers", "Все карты теряют маркеры «1 (X) раз за ход».", C.RECOVERY_MARKERS)
        total = len(p.coins)
        if total < 10:
            from_coins = total
            p.coins.append(Coin(True))
            self.emit("coin", f"Фаза накопления: у {ap} было {from_coins} монет — получает ещё "
                      f"одну (теперь {len(p.coins)}).", C.COIN_GAIN, C.COIN_CAP)
        else:
            self.emit("coin", f"У {ap} уже {total} монет — в фазу накопления монету не "
                      "получает.", C.COIN_GAIN, C.COIN_CAP)
        if g.turn == 1 and ap == g.first:
            self.emit("draw", "Первый ход первого игрока: карту не берут.", C.DRAW_PHASE,
                      C.FIRST_TURN)
        elif p.deck:
            self.draw(ap, 1, (C.DRAW_PHASE,), phase=True)
        else:
            p.failed_draws += 1
            self.emit("draw", f"Колода {ap} пуста: карту взять нельзя ({p.failed_draws}-й раз "
                      "за игру).", C.DRAW_PHASE)
            if p.failed_draws >= 3:
                self.emit("lost", f"{ap} в третий раз не может взять карту в фазу накопления — "
                          "проигрывает.", C.DRAW_PHASE, C.DEFEAT, C.RULES_EFFECTS, C.VICTORY)
                self.finish([ap])
                return
        self.reveal(ap)
        self.happen(E.TURN_START, None, player=ap)
        self.happen(E.OPPONENT_TURN_START, None, player=ap)
        for entry in list(self.delayed):
            source, controller, f, made = entry
            if made < g.turn and (f.node.trigger.turn != "own" or controller == ap):
                self.delayed.remove(entry)
                self._seq += 1
                self.pending.append(Pending(source, f, controller, Ev(E.TURN_START, None,
                                                                      {"player": ap}), self._seq))
        self.run_queue()
        if not self.over:
            g.phase = "main"
            self.emit("main", f"Основной этап хода {ap}: фаза выбора.", C.MAIN)

    def cannot_open(self, o: Obj) -> bool:
        return o.has_effect(EffKind.NO_OPEN) or self.sleeping(o)

    def sleeping(self, o: Obj) -> bool:
        """Спящий: it enters closed and opens neither in its recovery phase nor by abilities
        (term:Спящий)."""
        return any(r.what == Verb.OPEN and SLEEPING in r.params
                   for r in self.nodes(o, A.Restriction))

    def reveal(self, player: str) -> None:
        """304.3: the active player reveals at once the hidden characters he wants to
        (``choices: {reveal: [...]}``); before the «в начале хода» triggers."""
        hidden = [o for o in self.g.in_play(player) if o.hidden]
        if not hidden:
            return
        raw = self.choices.get("reveal")
        if raw is None and self.inputs.strict:
            raise Unnamed("какие скрытые карты раскрывает игрок в фазу накопления (choices: "
                          "reveal: [карты] или [])")
        wanted = [self.resolve_ref(r) for r in (raw if isinstance(raw, list) else [])]
        for o in hidden:
            if o in wanted:
                o.hidden = False
                self.emit("reveal", f"{player} раскрывает «{o.name}»: он больше не скрыт.",
                          C.REVEAL, C.T_REVEAL)
        if not wanted:
            self.emit("reveal", f"{player} не раскрывает скрытые карты.", C.REVEAL)

