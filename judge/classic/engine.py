"""The classic rules engine: applies actions to a ``State`` and records a cited trace.

Rules are defaults; the card's abilities (judge/traits.py, read from the typed AST) override
them.  Every change of the table is an ``Event`` with the clause ids it rests on.  Three kinds
of outcome never raise:

* an action that cannot be carried out (illegal target, out of range, no counters, a closed card
  acting …) is *cancelled without paying its cost* — an event citing Правило легальности next to
  the clause that forbids it;
* an ability that overrides a default rule wins, and its event cites Правило Топора next to the
  overridden clause;
* an ability the engine cannot read (Opaque, an unproven icon) is refused with the reason.

Dice and choices are inputs (``Inputs``): the engine asks for them as it needs them.  In strict
mode an input the scenario did not name raises ``Unnamed``; the scenario layer turns it into a
located error.  Attacks live in judge/attacks.py (a mixin of this class).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from berserk.errors import BerserkError
from berserk.text import plural
from berserk.vocab import AttackKind as K
from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from grammar import ast as A
from judge.classic import board
from judge import cites as C
from judge.classic.attacks import AttackRules
from judge.hosts import HostProblem, equipment_host_problems
from judge.classic.state import AIR, ATTACHED, FIELD, GRAVEYARD, Piece, State

DEFAULT_ROLL = 1


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    cites: tuple[str, ...]
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "cites": list(self.cites),
                **({"data": self.data} if self.data else {})}

    def render(self) -> str:
        return f"{self.text}  [{', '.join(self.cites)}]"


class Unnamed(BerserkError):
    """Strict mode: the scenario did not name a roll or a choice the engine needs.  The engine
    does not know the file: ``judge.scenario.run`` re-raises it as an ``InputError`` at the
    action's line (``location`` is None until then)."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


class Inputs:
    """The rolls (in order of use) and the named choices of one action."""

    def __init__(self, rolls=(), choices: dict[str, Any] | None = None, strict: bool = False):
        self.rolls = list(rolls)
        self.choices = dict(choices or {})
        self.strict = strict

    def roll(self, engine: Engine, who: str, cite: str) -> int:
        if self.rolls:
            return int(self.rolls.pop(0))
        if self.strict:
            raise Unnamed(f"бросок кубика: {who}")
        engine.emit("assumed", f"Бросок ({who}) не назван в сценарии — принято {DEFAULT_ROLL}.",
                    cite, assumed=True)
        return DEFAULT_ROLL

    def choice(self, engine: Engine, key: str, what: str, default: Any, cite: str) -> Any:
        if key in self.choices:
            return self.choices[key]
        if self.strict:
            raise Unnamed(f"выбор: {what} (поле «{key}»)")
        engine.emit("assumed", f"Выбор «{what}» не назван в сценарии — принято: {default}.",
                    cite, assumed=True)
        return default


class Engine(AttackRules):
    def __init__(self, state: State):
        C.check_against_book()
        self.state = state
        self.events: list[Event] = []
        self.any_death = False
        self._noted: set[str] = set()

    # ------------------------------------------------------------ trace
    def emit(self, kind: str, text: str, *cites: str, **data) -> Event:
        ev = Event(kind, text, tuple(dict.fromkeys(cites)), data)
        self.events.append(ev)
        return ev

    def illegal(self, text: str, *cites: str) -> bool:
        """Правило легальности: the action is cancelled, its cost unpaid.  Returns False so a
        check can ``return self.illegal(…)``."""
        self.emit("cancelled", f"Отменено: {text} Стоимость не оплачивается.", C.LEGALITY, *cites)
        return False

    def refuse(self, piece: Piece, what: str, reason: str) -> None:
        self.emit("refused", f"Судья не выносит решения об особенности «{what}» карты "
                  f"«{piece.name}»: {reason}.", C.AXE)

    # ------------------------------------------------------------ common checks
    def on_table(self, piece: Piece, role: str) -> bool:
        if not piece.on_table:
            return self.illegal(f"{role} «{piece.name}» не в игре ({piece.where}).", C.DEATH)
        return True

    def can_act(self, piece: Piece, verb: str, instant: bool = False, tap: bool = True,
                action: bool = True, artifact_ok: bool = False) -> bool:
        """May ``piece`` take an action now?  (Its own turn or an instant; open; a creature; and,
        for an action that closes the card, not one that already acted this turn — a card that
        «после нападения не закрывается» stays open but has still made its one action.)"""
        if not self.on_table(piece, "действующая карта"):
            return False
        if piece.is_artifact and not artifact_ok:
            # artifacts do not attack, reflect, defend or move; their own abilities they use
            return self.illegal(f"артефакт «{piece.name}» не может {verb}.", C.ARTIFACT)
        if not piece.is_creature and not piece.is_artifact:
            return self.illegal(f"«{piece.name}» — не существо и не может {verb}.", C.ACTION_CLOSE)
        if piece.owner != self.state.turn and not instant:
            return self.illegal(f"сейчас ход игрока {self.state.turn}; «{piece.name}» не может "
                                f"{verb} в ход противника без внезапного действия.",
                                C.TURN_ORDER, C.INSTANT)
        if tap and piece.closed:
            return self.illegal(f"«{piece.name}» закрыта и не может {verb}.", C.ACTION_CLOSE)
        if tap and action and piece.acted:
            return self.illegal(f"«{piece.name}» уже действовала в этот ход и не может {verb}: "
                                "существо совершает одно действие за ход.", C.ACTION_CLOSE)
        self.note_refused(piece)
        return True

    def reveal_actor(self, piece: Piece) -> None:
        """A card lying face down is turned up when it acts — called once the action is legal
        and goes ahead, so a cancelled action leaves it face down (Правило легальности)."""
        if piece.hidden:
            piece.hidden = False
            self.emit("reveal", f"Карта рубашкой вверх действует и вскрывается: «{piece.name}».",
                      C.HIDDEN_ROW)

    def note_refused(self, piece: Piece) -> None:
        """Once per card: the abilities the judge cannot read, so a ruling never silently
        ignores them (an unproven icon, an untyped sentence)."""
        if piece.id in self._noted:
            return
        self._noted.add(piece.id)
        for text, reason in self.state.traits(piece).refused:
            self.refuse(piece, text, reason)

    def close_after_action(self, piece: Piece, what: str) -> None:
        piece.closed = True
        piece.acted = True
        piece.moves_left = 0
        self.emit("closed", f"«{piece.name}» закрывается после действия ({what}).",
                  C.ACTION_CLOSE)

    # ------------------------------------------------------------ turn structure
    def start_turn(self, player: str) -> None:
        st = self.state
        if player != st.turn and player == st.first:
            st.turn_number += 1
        st.turn = player
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
        for p in list(st.on_table(player)):
            traits = st.traits(p)
            poison = p.markers.get("poison", 0)
            was_closed = p.closed
            if was_closed:
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
                              f"{_lives(poison)}.", C.POISON, C.TURN_START, amount=poison)
                    self.wound(p, poison, None, K.POISON, C.POISON)
                    self.check_deaths()     # lives ≤ 0 → it dies now, before anything heals it
            p.opened_by_effect = False
            p.moves_left = p.move or 0
            if p.markers.get("anti_air") == 2:        # its next turn passed unused
                p.markers.pop("anti_air")
                self.emit("anti-air", f"«{p.name}» не напала на летающего в свой следующий ход — "
                          "возможность пропала.", C.FLYERS)
            elif p.markers.get("anti_air") == 1:      # armed for this, its next turn
                p.markers["anti_air"] = 2
            if p.on_table:
                regen = traits.number(KW.REGEN)
                if regen and p.wounds:
                    healed = min(regen, p.wounds)
                    p.wounds -= healed
                    self.emit("heal", f"«{p.name}»: регенерация излечивает {healed} "
                              f"{_wounds(healed)} в начале хода.", C.TURN_START, C.AXE,
                              amount=healed)
                for trig in traits.turn_start:
                    self.turn_start_trigger(p, trig)
        self.check_deaths()

    def turn_start_trigger(self, piece: Piece, trig) -> None:
        for e in trig.effects:
            amount = e.amount.value if isinstance(getattr(e, "amount", None), A.Fixed) else None
            target = getattr(e, "target", None)
            if amount is None or (target is not None and target.noun != "self"):
                self.refuse(piece, "в начале хода", "цель или величина эффекта не определены")
                continue
            if isinstance(e, A.Heal):
                healed = min(amount, piece.wounds)
                piece.wounds -= healed
                self.emit("heal", f"«{piece.name}» в начале хода излечивается на {healed}.",
                          C.TURN_START, amount=healed)
            elif isinstance(e, A.Wound):
                self.emit("trigger", f"«{piece.name}» в начале хода получает {amount} "
                          f"{_wounds(amount)}.", C.TURN_START)
                self.wound(piece, amount, None, "effect", C.TURN_START)

    # ------------------------------------------------------------ movement
    def move(self, piece: Piece, path: list[str]) -> bool:
        st = self.state
        if not self.on_table(piece, "карта"):
            return False
        if piece.flying or piece.zone == AIR:
            return self.illegal(f"«{piece.name}» — летающее существо: летающие не двигаются.",
                                C.FLYERS, C.MOVEMENT)
        if piece.is_artifact:
            return self.illegal(f"артефакт «{piece.name}» не двигается.", C.ARTIFACT, C.MOVEMENT)
        if not self.can_act(piece, "двигаться", action=False):
            return False
        if piece.move is None:
            return self.illegal(f"у «{piece.name}» движение «X»: она в принципе не может ходить.",
                                C.MOVEMENT)
        if len(path) > piece.moves_left:
            left = piece.moves_left
            why = ("у карты движение «0»" if piece.move == 0
                   else f"осталось очков движения: {left}")
            return self.illegal(f"«{piece.name}» хочет пройти {len(path)} "
                                f"{_cells(len(path))}, но {why}.", C.MOVEMENT)
        here = piece.cell
        for step in path:
            if not board.orthogonal_step(here, step):
                diag = board.adjacent(here, step)
                return self.illegal(f"шаг {here}→{step} " + ("по диагонали" if diag else
                                    "не на соседнюю клетку") + ": двигаться можно только вперёд, "
                                    "назад, вправо или влево на одну клетку.", C.MOVEMENT)
            if st.occupied(step):
                return self.illegal(f"клетка {step} занята картой «{st.at(step).name}»: двигаться "
                                    "можно только на свободные клетки.", C.MOVEMENT)
            here = step
        self.reveal_actor(piece)
        start = piece.cell
        piece.cell = here
        piece.moves_left -= len(path)
        self.emit("move", f"«{piece.name}» перемещается {start}→{'→'.join(path)} (осталось "
                  f"очков движения: {piece.moves_left}).", C.MOVEMENT, frm=start, to=here)
        return True

    # ------------------------------------------------------------ counters
    def charge(self, piece: Piece) -> bool:
        """«Закрыться, чтобы накопить фишку» — an action of its own."""
        if not self.can_act(piece, "закрыться для накопления фишки", artifact_ok=True):
            return False
        limit = self.state.traits(piece).counter_limit
        if limit is not None and piece.counters >= limit:
            return self.illegal(f"у «{piece.name}» уже {piece.counters} {_counters(limit)} — "
                                f"больше {limit} она иметь не может.", C.COUNTERS, C.AXE)
        self.reveal_actor(piece)
        piece.counters += 1
        self.close_after_action(piece, "накопление фишки")
        self.emit("counter", f"«{piece.name}» получает фишку (всего {piece.counters}).",
                  C.COUNTERS, counters=piece.counters)
        return True

    def open_by_effect(self, piece: Piece, source: str) -> bool:
        """A card opened by some effect (of a card the scenario does not model)."""
        if not self.on_table(piece, "карта"):
            return False
        piece.closed = False
        piece.moves_left = piece.move or 0
        if piece.owner != self.state.turn:
            piece.opened_by_effect = True
        self.emit("open", f"«{piece.name}» открывается эффектом ({source}); очки движения "
                  "восстанавливаются.", C.NAMED_EFFECT)
        return True

    # ------------------------------------------------------------ equipment and terrain
    def equip(self, item: Piece, host: Piece) -> bool:
        st = self.state
        bad = None
        if not host.on_table or host.zone != FIELD and host.zone != AIR:
            bad = f"хозяин «{host.name}» не на поле боя"
        elif host.owner != item.owner:
            bad = "экипировку можно помещать только на существ своего отряда"
        elif problem := host_problem(host):
            if problem is HostProblem.ARTIFACT:
                return self.illegal(f"на артефакт «{host.name}» нельзя помещать экипировку.",
                                    C.EQUIPMENT, C.ARTIFACT)
            bad = {HostProblem.NOT_CREATURE: f"«{host.name}» — не существо",
                   HostProblem.NO_CLASS: f"у «{host.name}» нет класса",
                   HostProblem.FLYER: f"«{host.name}» — летающее существо",
                   HostProblem.SYMBIOTE: f"«{host.name}» — симбиот",
                   HostProblem.INCORPOREAL: f"«{host.name}» бестелесна"}[problem]
        else:
            for other in st.attached_to(host):
                if other.kind is CardType.EQUIPMENT and set(other.card.classes) & set(item.card.classes):
                    bad = (f"на «{host.name}» уже есть экипировка того же класса "
                           f"(«{other.name}»)")
        if bad:
            return self.illegal(f"«{item.name}» нельзя поместить: {bad}.", C.EQUIPMENT)
        item.zone, item.host, item.cell = ATTACHED, host.id, None
        host.forget_traits()
        self.emit("equip", f"«{item.name}» помещается на «{host.name}» ({host.where}).",
                  C.EQUIPMENT)
        return True

    # ------------------------------------------------------------ wounds and death
    def wound(self, target: Piece, amount: int, source: Piece | None, kind: str,
              *cites: str) -> int:
        """Give ``amount`` wounds (already reduced); returns the wounds actually given."""
        if amount <= 0:
            return 0
        target.wounds += amount
        self.emit("wounds", f"«{target.name}» получает {amount} {_wounds(amount)} "
                  f"(осталось жизней: {max(target.lives, 0)}).", *cites, C.DEATH,
                  target=target.id, amount=amount)
        return amount

    def check_deaths(self) -> list[Piece]:
        """Lives ≤ 0 → graveyard; a symbiote dies with its host; equipment is destroyed."""
        st = self.state
        dead = [p for p in st.on_table() if p.zone != ATTACHED and p.life and p.lives <= 0
                and p.kind in (CardType.CREATURE, CardType.ARTIFACT)]
        dead += [p for p in st.on_table() if p.zone == ATTACHED and p.life and p.lives <= 0]
        for p in dead:
            self.bury(p, f"«{p.name}»: жизней {p.lives} — карта гибнет и уходит на кладбище.",
                      C.DEATH)
        if dead:
            self.any_death = True
            self.check_victory()
        return dead

    def bury(self, p: Piece, text: str, *cites: str) -> None:
        st = self.state
        if p.zone == GRAVEYARD:
            return
        host = st.host_of(p)
        p.zone, p.cell, p.closed = GRAVEYARD, None, False
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


def _wounds(n: int) -> str:
    return plural(n, "рану", "раны", "ран")


def _lives(n: int) -> str:
    return plural(n, "жизнь", "жизни", "жизней")


def _cells(n: int) -> str:
    return plural(n, "клетку", "клетки", "клеток")


def _counters(n: int) -> str:
    return plural(n, "фишка", "фишки", "фишек")


def host_problems(host: Piece) -> tuple[HostProblem, ...]:
    """Why ``host`` (as it is on the table now) cannot carry equipment."""
    return equipment_host_problems(artifact=host.is_artifact, creature=host.is_creature,
                                   classes=host.card.classes, flyer=host.flying,
                                   symbiote=host.symbiote, incorporeal=host.incorporeal)


def host_problem(host: Piece) -> HostProblem | None:
    """The first of ``host_problems`` (the rules' order), or None."""
    problems = host_problems(host)
    return problems[0] if problems else None
