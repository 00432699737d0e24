"""The classic rules engine: applies actions to a ``State`` and records a cited trace.

Rules are defaults; card text overrides them, read through the typed AST (judge/classic/kit.py)
and applied by the effect interpreter (judge/core/interp.py) through this engine as its Port
(judge/classic/port.py).  Every change of the table is an ``Event`` with the clause ids it rests
on.  Three kinds of outcome never raise:

* an action that cannot be carried out (illegal target, out of range, no counters, a closed card
  acting …) is *cancelled without paying its cost*: every action is check (pure) → pay → apply,
  and a failed check is an event citing Правило легальности next to the clause that forbids it;
* an ability that overrides a default rule wins, and its event cites Правило Топора next to the
  overridden clause;
* an ability the engine cannot apply is refused with the reason, for whichever card on the
  table holds it, whenever it could matter.

The engine is assembled from one mixin per topic: attacks (reach, defenders, damage), the fight,
triggers, continuous effects, the Port, actions (abilities, counters, equipment) and movement.
"""
from __future__ import annotations

from berserk.text import plural
from berserk.vocab import AttackKind as K
from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import Verb
from grammar import ast as A
from judge import cites as C
from judge.classic import board
from judge.classic.actions import ActionRules
from judge.classic.attacks import AttackRules
from judge.classic.board import ATTACHED, GRAVEYARD
from judge.classic.continuous import Continuous
from judge.classic.fight import FightRules
from judge.classic.kit import Kit, kit_of
from judge.classic.moves import MoveRules
from judge.classic.port import PortRules, wounds_word
from judge.classic.state import Piece, State
from judge.classic.triggers import EMITTED, Triggers
from judge.core.context import Problem
from judge.core.interp import Interp
from judge.core.trace import Event, Inputs, Trace, Unnamed

__all__ = ["Engine", "Event", "Inputs", "Unnamed"]

#: The Kit of a card whose text does nothing.
NO_TEXT = kit_of(None)

#: Refused abilities named only when they could act: a card's own action when it acts, a
#: trigger when its event happens (judge/classic/triggers.py); every other refused ability —
#: continuous ones, untyped text, triggers on events the engine does not emit — whenever any
#: action happens.
_WHEN_USED = (A.Activated, A.Attack, A.Finishing, A.Named)


#: What a card in the graveyard may still do (вальхалла, инкарнация, «при попадании на кладбище»,
#: возрождение): its refused abilities of these kinds are named while it lies there.
FROM_GRAVEYARD = frozenset({TE.VALHALLA, TE.INCARNATION, TE.TO_GRAVEYARD, TE.REVIVED})


def matters_from_graveyard(ab) -> bool:
    node = ab.node
    if isinstance(node, A.Triggered):
        return node.trigger.event in FROM_GRAVEYARD
    return isinstance(node, A.Keyword) and node.name == KW.INCARNATION


def matters_always(ab) -> bool:
    node = ab.node
    if isinstance(node, _WHEN_USED):
        return False
    if isinstance(node, A.Triggered):
        return (ab.event or node.trigger.event) not in EMITTED
    return True


class Engine(FightRules, AttackRules, PortRules, Triggers, Continuous, ActionRules, MoveRules):
    def __init__(self, state: State, inputs: Inputs | None = None):
        C.check_against_book()
        self.state = state
        self.trace = Trace()
        self.events = self.trace.events
        self.any_death = False
        self.facts: dict = {}            # the attack being resolved, the last roll …
        self.inputs = inputs or Inputs()
        self._computing: set[str] = set()
        self._auras: list | None = None
        self._rollers: list | None = None  # cards with «ваш … бросок кубика равен N»
        self.declared: list[list] = []     # [attacker, target, kind] of attacks being declared
        self._wasted: set = set()          # (attacker, target) of an attack a valued protection
                                           # stopped, until ``landed_on`` asks
        self._lost = False               # some card has lost all its abilities
        self._dynamic: bool | None = None
        self._listens: frozenset | None = None
        self._depth = 0

    @property
    def interp(self) -> Interp:
        """The interpreter over this engine as its Port (made when asked: holding it would tie
        the engine in a reference cycle, and every finished ruling would wait for the cyclic
        garbage collector)."""
        return Interp(self)

    # ------------------------------------------------------------ trace
    def emit(self, kind: str, text: str, *cites: str, **data) -> Event:
        ev = Event(kind, text, tuple(dict.fromkeys(cites)) if len(cites) > 1 else cites, data)
        self.events.append(ev)
        return ev

    def illegal(self, text: str, *cites: str) -> bool:
        """Правило легальности: the action is cancelled, its cost unpaid.  Returns False so a
        check can ``return self.illegal(…)``."""
        self.emit("cancelled", f"Отменено: {text} Стоимость не оплачивается.", C.LEGALITY, *cites)
        return False

    def refuse(self, piece: Piece, what: str, reason: str) -> None:
        if self.trace.refused_once((piece.id, what)):
            self.emit("refused", f"Судья не выносит решения об особенности «{what}» карты "
                      f"«{piece.name}»: {reason}.", C.AXE, card=piece.id)

    def refuse_ab(self, piece: Piece, ab) -> None:
        self.refuse(piece, ab.text, ab.refusal)

    def kit(self, p: Piece) -> Kit:
        """What ``p``'s text gives it now: its Kit, or none at all while it has lost all its
        abilities («теряет все особенности»)."""
        if self._lost and self.blank(p):
            return NO_TEXT
        return p.kit

    def note_refused(self, piece: Piece) -> None:
        """The abilities of an acting (or targeted) card the judge cannot apply and that could
        change what happens now, once each: everything but its other actions (an ability it
        does not use now cannot matter; one it tries to use is named when it is picked)."""
        refused = piece.kit.refused
        if refused and not (self._lost and self.blank(piece)):
            for ab in refused:
                if not isinstance(ab.node, _WHEN_USED):
                    self.refuse_ab(piece, ab)

    def begin(self, inputs: Inputs) -> None:
        """A scenario action starts: its inputs; and every card's refused ability that could
        matter at any moment (continuous ones, untyped text) is named, once."""
        self.inputs = inputs
        for p in self.state.on_table():
            for ab in self.kit(p).refused:
                if matters_always(ab):
                    self.refuse_ab(p, ab)
        for p in self.state.graveyard():
            for ab in self.kit(p).refused:
                if matters_from_graveyard(ab):
                    self.refuse_ab(p, ab)

    # ------------------------------------------------------------ common checks (pure)
    def act_problem(self, piece: Piece, verb: str, instant: bool = False, tap: bool = True,
                    action: bool = True, artifact_ok: bool = False,
                    terrain_ok: bool = False) -> Problem | None:
        """May ``piece`` take an action now?  (Its own turn or an instant; open; a creature;
        and, for an action that closes the card, not one that already acted this turn.)"""
        if not piece.on_table:
            return Problem(f"действующая карта «{piece.name}» не в игре ({piece.where})",
                           (C.DEATH,))
        if piece.is_artifact and not artifact_ok:
            return Problem(f"артефакт «{piece.name}» не может {verb}", (C.ARTIFACT,))
        # a terrain uses its own ability («{tap}: Воздействие …» printed on it — Правило Топора:
        # the seeds forbid a terrain to fight, be attacked or wounded, not to act)
        if not piece.is_creature and not piece.is_artifact \
                and not (terrain_ok and piece.kind is CardType.TERRAIN):
            return Problem(f"«{piece.name}» — не существо и не может {verb}", (C.ACTION_CLOSE,))
        if piece.owner != self.state.turn and not instant:
            return Problem(f"сейчас ход игрока {self.state.turn}; «{piece.name}» не может "
                           f"{verb} в ход противника без внезапного действия",
                           (C.TURN_ORDER, C.INSTANT))
        if tap and piece.closed:
            return Problem(f"«{piece.name}» закрыта и не может {verb}", (C.ACTION_CLOSE,))
        if tap and action and piece.acted:
            return Problem(f"«{piece.name}» уже действовала в этот ход и не может {verb}: "
                           "существо совершает одно действие за ход", (C.ACTION_CLOSE,))
        return None

    def reveal_actor(self, piece: Piece) -> None:
        """A card lying face down is turned up when it acts — called once the action is legal
        and goes ahead, so a cancelled action leaves it face down (Правило легальности)."""
        if piece.hidden:
            piece.hidden = False
            self.emit("reveal", f"Карта рубашкой вверх действует и вскрывается: «{piece.name}».",
                      C.HIDDEN_ROW)

    def reveal(self, target: Piece, why: str = "она атакована") -> None:
        if target.hidden:
            target.hidden = False
            self.emit("reveal", f"Карта рубашкой вверх вскрывается ({why}): второй игрок обязан "
                      f"её перевернуть — это «{target.name}».", C.HIDDEN_ROW)

    def close_after_action(self, piece: Piece, what: str) -> None:
        piece.closed = True
        piece.acted = True
        piece.moves_left = 0
        self.emit("closed", f"«{piece.name}» закрывается: {what} — действие карты.",
                  C.ACTION_CLOSE)

    def resolve_stack(self, responses, attack: list | None = None):
        """Instants declared in answer, last first.  ``attack``: [attacker, target, kind] of the
        attack being declared — an instant may redirect it; returns its target then."""
        if not responses:
            return attack[1] if attack else None
        self.emit("stack", f"Объявлено внезапных действий: {len(responses)}; они выполняются, "
                  "начиная с последнего объявленного.", C.INSTANT)
        if attack is not None:
            self.declared.append(attack)
        try:
            for r in reversed(responses):
                r()
        finally:
            if attack is not None:
                self.declared.pop()
        return attack[1] if attack else None

    def still_there(self, actor: Piece, targets, tap: bool = True) -> bool:
        if not actor.on_table:
            return self.illegal(f"«{actor.name}» уже не в игре — действие не может быть "
                                "выполнено.", C.DEATH)
        if tap and actor.closed:
            return self.illegal(f"«{actor.name}» закрыта до выполнения действия.",
                                C.ACTION_CLOSE)
        for t in targets:
            if isinstance(t, Piece) and not t.on_table:
                return self.illegal(f"цель «{t.name}» уже не в игре.", C.DEATH)
        return True

    # ------------------------------------------------------------ turn structure
    def end_turn(self) -> None:
        """The active player's turn ends: «в конце хода» triggers, then what lasted «до конца
        хода» ends."""
        st = self.state
        self.emit("turn-end", f"Конец хода игрока {st.turn}.", C.TURN)
        self.fire(TE.TURN_END, player=st.turn)
        self.run_delayed(TE.TURN_END, st.turn)
        self.expire(st.turn_index)

    def start_turn(self, player: str) -> None:
        st = self.state
        self.end_turn()
        if player != st.turn and player == st.first:
            st.turn_number += 1
        st.turn = player
        st.turn_index += 1
        self.emit("turn", f"Начало хода игрока {player}.", C.TURN_ORDER, C.TURN_START,
                  player=player)
        hidden = [p for p in st.on_table(player) if p.hidden]
        if hidden:
            for p in hidden:
                p.hidden = False
            self.emit("reveal", "Второй игрок вскрывает карты третьего ряда: "
                      + ", ".join(p.label() for p in hidden) + ".", C.HIDDEN_ROW)
        for p in st.pieces.values():
            p.armor_used = 0
            p.acted = False                  # «действовавшая в этот ход» lasts one turn (514.5)
            p.used.clear()
            p.moved, p.moved_dirs, p.wounded_turn, p.defended, p.attacks = 0, {}, 0, 0, 0
            p.struck, p.hits, p.hit_kinds = [], 0, []
        st.last_action = None
        st.rolled = {}
        for p in list(st.on_table(player)):
            self.open_at_turn_start(p)
        self.fire(TE.TURN_START, player=player)
        self.run_delayed(TE.TURN_START, player)
        self.check_deaths()

    def open_at_turn_start(self, p: Piece) -> None:
        poison = p.markers.get("poison", 0)
        was_closed = p.closed
        if was_closed and self.traits(p).restricted(Verb.OPEN):
            self.emit("stays-closed", f"«{p.name}» не открывается в этот ход (текст карты).",
                      C.TURN_START, C.AXE)
            was_closed = False
            poison = 0
        elif was_closed:
            p.closed = False
            self.emit("open", f"«{p.name}» открывается.", C.TURN_START)
        if poison and p.on_table:
            if p.incorporeal:
                self.emit("poison-none", f"«{p.name}» бестелесна: отравление на неё не "
                          "действует.", C.POISON, C.INCORPOREAL)
            elif not was_closed and p.opened_by_effect:
                self.emit("poison-none", f"«{p.name}» открылась ещё в ход противника от "
                          "эффекта — отравление не действует.", C.POISON, C.TURN_START)
            elif not was_closed:
                self.emit("poison-none", f"«{p.name}» не открывается в начале хода (была "
                          "открыта) — отравление не действует.", C.POISON, C.TURN_START)
            else:           # it opens now — even if an effect had opened it once before
                self.emit("poison", f"«{p.name}» открывается отравленной и теряет {poison} "
                          f"{plural(poison, 'жизнь', 'жизни', 'жизней')}.", C.POISON,
                          C.TURN_START, amount=poison)
                self.wound(p, poison, None, K.POISON, C.POISON)
                self.check_deaths()     # lives ≤ 0 → it dies now, before anything heals it
        p.opened_by_effect = False
        p.moves_left = self.move_points(p)
        if p.markers.get("anti_air") == 2:        # its next turn passed unused
            p.markers.pop("anti_air")
            self.emit("anti-air", f"«{p.name}» не напала на летающего в свой следующий ход — "
                      "возможность пропала.", C.FLYERS)
        elif p.markers.get("anti_air") == 1:      # armed for this, its next turn
            p.markers["anti_air"] = 2
        if p.on_table:
            regen = self.traits(p).number(KW.REGEN)
            if regen and p.wounds and not self.no_healing(p):
                healed = min(regen, p.wounds)
                p.wounds -= healed
                self.emit("heal", f"«{p.name}»: регенерация излечивает {healed} "
                          f"{wounds_word(healed)} в начале хода.", C.TURN_START, C.AXE,
                          amount=healed)

    def start_fight(self) -> None:
        """«В начале боя»: the triggers of every card, the non-active player's first."""
        self.emit("fight-start", "Начало боя.", C.TURN)
        self.fire(TE.FIGHT_START)
        self.check_deaths()

    def open_card(self, piece: Piece, source: str, *cites: str) -> bool:
        piece.closed = False
        piece.moves_left = self.move_points(piece)
        if piece.owner != self.state.turn:
            piece.opened_by_effect = True
        self.emit("open", f"«{piece.name}» открывается эффектом ({source}); очки движения "
                  "восстанавливаются.", *(cites or (C.NAMED_EFFECT,)))
        # «когда ваше существо открывается …»: an opening by an effect (the opening of every card
        # at its owner's turn start is the rules' phase, not this event — docs/judge.md)
        self.fire(TE.OPENS, piece)
        return True

    # ------------------------------------------------------------ wounds and death
    def check_deaths(self) -> list[Piece]:
        """Lives ≤ 0 → graveyard; a symbiote dies with its host; equipment is destroyed."""
        st = self.state
        gone = [p for p in st.on_table() if p.life and p.lives <= 0]
        if not gone:
            return []
        dead = [p for p in gone if p.zone != ATTACHED
                and p.kind in (CardType.CREATURE, CardType.ARTIFACT)]
        dead += [p for p in gone if p.zone == ATTACHED]
        if any(p.kit.triggers for p in dead):
            # «вместо гибели …»: a card whose replacement is done does not die now (a replacement
            # that leaves it with no lives is not done again in this check)
            dead = [p for p in dead if not self.replaced(p)]
        for p in dead:
            self.bury(p, f"«{p.name}»: жизней {p.lives} — карта гибнет и уходит на кладбище.",
                      C.DEATH)
        if dead:
            self.any_death = True
            self.check_victory()
            for p in dead:
                self.fire(TE.DEATH, p)
                self.destroyed(p)
        return dead

    def bury(self, p: Piece, text: str, *cites: str) -> None:
        st = self.state
        if p.zone == GRAVEYARD:
            return
        host = st.host_of(p)
        p.died_at = p.cell if p.zone == "field" else None
        p.zone, p.cell, p.closed = GRAVEYARD, None, False
        p.effects = []
        self.emit("death", text, *cites, card=p.id)
        if host is not None:
            host.forget_traits()
        p.host = None
        for att in st.attached_to(p):
            if att.kind is CardType.EQUIPMENT:
                self.bury(att, f"Экипировка «{att.name}» уничтожается вместе с хозяином.",
                          C.EQUIPMENT)
            else:
                self.bury(att, f"Симбиот «{att.name}» гибнет вместе с хозяином «{p.name}».",
                          C.SYMBIOTE)
        self.any_death = True
        self.forget_auras()

    def check_victory(self) -> None:
        st = self.state
        if st.winner is not None:
            return
        alive = {pl: bool(st.creatures(pl)) for pl in board.PLAYERS}
        if alive["A"] and alive["B"]:
            return
        if not alive["A"] and not alive["B"]:
            st.winner = "draw"
            self.emit("victory", "Погибли все существа обоих игроков — ничья.", C.VICTORY)
            return
        st.winner = "A" if alive["A"] else "B"
        loser = board.other(st.winner)
        self.emit("victory", f"Все существа игрока {loser} погибли — победа игрока "
                  f"{st.winner} (артефакты и местности не считаются).", C.VICTORY,
                  winner=st.winner)
