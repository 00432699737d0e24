"""Triggers: game events the engine emits and the card abilities that answer them.

The engine calls ``fire`` at each event of the rules — an attack declared, a strike landed or
missed, wounds received, a death, a turn's start and end, a move, a card becoming a defender,
the start of the fight.  Every card on the table (and a card that has just died, for its own
«при гибели») whose ``Triggered`` ability matches the event answers it:

* **order** — the non-active player's triggers first, then the active player's (reading,
  docs/judge.md: the order the Heroes basics of seed 001 state for simultaneous abilities);
  within one player, the order the scenario names (``order: [c3/2, d4/1]``), else the table's
  (cells a1…e6, then the additional zone);
* **limits** — «(N раз за ход)» / «(N раз за бой)» are counted per card and ability line in the
  state (``Piece.used`` resets at every turn start, ``Piece.used_fight`` never), and a trigger
  over its limit says so in the trace;
* **refusals** — an ability the judge cannot apply that answers this event is named as refused,
  whichever card holds it.

A trigger's effects go through the interpreter: check (its targets; a problem cancels the
trigger, citing the legality rule) → apply.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from berserk.vocab import AttackKind as K
from berserk.vocab import Side, Strength
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from judge import cites as C
from judge.classic import board, facts
from judge.classic.kit import attack_kinds, moved_by, through_cell
from judge.classic.support import at_least, killed_by
from judge.classic.state import Piece
from judge.classic.traits import ATTACK_KIND_SET, matches_kind
from judge.core.context import Answers, Ctx, choice_points

#: An event of the rules → the trigger events that answer it (the earlier grammar's too).
ANSWERS: dict[str, tuple[str, ...]] = {
    TE.ATTACK: (TE.ATTACK, TE.STRONG_ATTACK, TE.ATTACK_OR_MISS),
    TE.MISS: (TE.MISS, TE.ATTACK_OR_MISS),
    TE.BECOMES_DEFENDER: (TE.BECOMES_DEFENDER, TE.DEFENDS),
    TE.DEATH: (TE.OWN_DEATH, TE.DEATH),
    TE.TURN_START: (TE.TURN_START, TE.OPPONENT_TURN_START),
    TE.TURN_END: (TE.TURN_END, TE.OPPONENT_TURN_END),
    TE.FIGHT_START: (TE.FIGHT_START,),
    TE.MOVE: (TE.MOVE,),
    TE.MOVE_ADJACENT: (TE.MOVE_ADJACENT,),
    TE.CROSSED_TO_ENEMY_HALF: (TE.CROSSED_TO_ENEMY_HALF,),
    TE.CROSSED_TO_OWN_HALF: (TE.CROSSED_TO_OWN_HALF,),
    TE.WOUNDED: (TE.WOUNDED, TE.WOUNDED_BY),
    TE.ATTACKED: (TE.ATTACKED,),
    TE.THIRD_COUNTER: (TE.THIRD_COUNTER,),
    TE.GETS_COUNTER: (TE.GETS_COUNTER, TE.THIRD_COUNTER),
    TE.DIE_ROLL: (TE.DIE_ROLL,),
    TE.OPENS: (TE.OPENS,),
    TE.ACTS: (TE.ACTS,),
    TE.DESTROYS: (TE.DESTROYS,),
    TE.LOSES_COUNTER: (TE.LOSES_COUNTER,),
    TE.DEALS_WOUNDS: (TE.DEALS_WOUNDS,),
}
#: … as sets (``fire`` asks whether anyone on the table listens).
ANSWER_SETS = {kind: frozenset(answers) for kind, answers in ANSWERS.items()}
#: Every trigger event some event of the rules answers.
EMITTED = frozenset(e for answers in ANSWERS.values() for e in answers)
#: What the trace calls each event.
EVENT_RU = {TE.GETS_COUNTER: "получена фишка", TE.LOSES_COUNTER: "потеряны фишки",
            TE.DEALS_WOUNDS: "нанесены раны",
            TE.ATTACK: "удар нанесён", TE.MISS: "промах", TE.BECOMES_DEFENDER: "назначен защитник",
            TE.DEATH: "гибель", TE.TURN_START: "начало хода", TE.TURN_END: "конец хода",
            TE.FIGHT_START: "начало боя", TE.MOVE: "перемещение",
            TE.MOVE_ADJACENT: "перемещение на соседнюю клетку", TE.WOUNDED: "получение ран",
            TE.CROSSED_TO_ENEMY_HALF: "переход на половину противника",
            TE.CROSSED_TO_OWN_HALF: "переход на свою половину", TE.ATTACKED: "атака объявлена",
            TE.THIRD_COUNTER: "третья фишка", TE.DIE_ROLL: "бросок кубика",
            TE.OPENS: "карта открылась", TE.ACTS: "карта действует",
            TE.DESTROYS: "уничтожила карту"}
#: The clause each event rests on (next to Правило Топора: the card text acts).
EVENT_CITE = {TE.ATTACK: C.STRIKE, TE.MISS: C.MISS, TE.BECOMES_DEFENDER: C.DEFENDER,
              TE.DEATH: C.DEATH, TE.TURN_START: C.TURN_START, TE.TURN_END: C.TURN,
              TE.FIGHT_START: C.TURN, TE.MOVE: C.MOVEMENT, TE.MOVE_ADJACENT: C.MOVEMENT,
              TE.WOUNDED: C.DEATH, TE.CROSSED_TO_ENEMY_HALF: C.MOVEMENT,
              TE.CROSSED_TO_OWN_HALF: C.MOVEMENT, TE.ATTACKED: C.STRIKE,
              TE.THIRD_COUNTER: C.COUNTERS, TE.GETS_COUNTER: C.COUNTERS, TE.DIE_ROLL: C.AXE,
              TE.OPENS: C.NAMED_EFFECT, TE.ACTS: C.ACTION_CLOSE, TE.DESTROYS: C.DEATH}
MAX_DEPTH = 8
#: Attack events; a trigger on one whose subject is a bare Selector(card) is «another card's».
ATTACK_EVENTS = frozenset({TE.ATTACK, TE.STRONG_ATTACK, TE.ATTACK_OR_MISS, TE.MISS})
ANOTHER = A.Selector("card")


@dataclass
class GameEvent:
    kind: str                       # an event of the rules (a key of ANSWERS)
    subject: Piece | None = None    # whose event: who attacks, dies, moves, defends
    target: Piece | None = None     # who is attacked / defended
    attack: str | None = None
    strength: str | None = None
    player: str | None = None       # whose turn starts / ends
    data: dict = field(default_factory=dict)


class Triggers:
    # ------------------------------------------------------------ the events of the rules
    def attack_events(self, src: Piece, dst: Piece, kind: str, strength: str | None,
                      landed: bool, dealt: int, response: bool = False,
                      value: int | None = None, through: str | None = None) -> None:
        """An attack was delivered (not a miss, the target not protected from it): the
        attacker's «при …» answer it.  A wasted attack triggers nothing (seed: «атака пропадает
        впустую»); a miss is its own event (judge/classic/fight.py)."""
        if landed:
            self.fire(TE.ATTACK, src, dst, kind, strength, dealt=dealt, response=response,
                      assault=not response, first=src.attacks <= 1,
                      value=dealt if value is None else value, through=through)

    def acts(self, piece: Piece) -> None:
        """«Когда X действует»: ``piece`` performs an action — an attack, an ability used, a
        closing for a counter or on a flyer, a defence (seed 000: an action is an attack or the
        use of an ability; assigning a defender and closing for a counter are actions too).  A
        move is not an action."""
        self.fire(TE.ACTS, piece)

    def fire_wounded(self, target: Piece, source: Piece | None, kind: str, amount: int) -> None:
        self.fire(TE.WOUNDED, target, source, kind or None, amount=amount,
                  first=target.hits == 1)
        if source is not None and kind in ATTACK_KIND_SET:
            # «когда ваше существо наносит N или более ран … атакой»: the attacker's side
            self.fire(TE.DEALS_WOUNDS, source, target, kind, amount=amount)

    # ------------------------------------------------------------ answering an event
    def listeners(self) -> frozenset:
        """Every trigger event some card on the table (or in a graveyard) answers."""
        if self._listens is None:
            self._listens = frozenset().union(*(p.kit.listens
                                               for p in self.state.pieces.values()))
        return self._listens

    def fire(self, kind: str, subject: Piece | None = None, target: Piece | None = None,
             attack: str | None = None, strength: str | None = None, player: str | None = None,
             **data) -> None:
        """An event of the rules: every ability on the table that answers it answers (a
        ``GameEvent`` is made only when some card listens)."""
        listens = self._listens if self._listens is not None else self.listeners()
        if not listens or listens.isdisjoint(ANSWER_SETS.get(kind, ())):
            return
        if self.state.winner is not None or self._depth >= MAX_DEPTH:
            return
        wanted = ANSWERS[kind]
        ev = GameEvent(kind, subject, target, attack, strength, player, data)
        pool = self.state.on_table()
        if ev.kind == TE.DEATH and ev.subject is not None and ev.subject not in pool:
            pool = pool + [ev.subject]
        subs = []
        for holder in pool:
            kit = self.kit(holder)
            for ab in kit.refused:
                if isinstance(ab.node, A.Triggered) and (ab.event or ab.node.trigger.event) \
                        in wanted:
                    self.refuse_ab(holder, ab)
            for ab in kit.triggers:
                if ab.event in wanted and self.under_holds(holder, ab) \
                        and self.answers(holder, ab, ev):
                    subs.append((holder, ab))
        if not subs:
            return
        self._depth += 1
        try:
            for holder, ab in self.ordered(subs):
                if self.state.winner is not None:
                    return
                self.run_trigger(holder, ab, ev)
        finally:
            self._depth -= 1

    def answers(self, holder: Piece, ab, ev: GameEvent) -> bool:
        """Does ``holder``'s trigger ``ab`` answer ``ev``?"""
        t: A.Trigger = ab.node.trigger
        e = ab.event
        if "instead" in ab.tags:
            return False            # «вместо гибели …»: the death does not happen (``replaced``)
        if t.turn == Side.OWN and self.state.turn != holder.owner:
            return False
        if t.turn in (Side.ENEMY, "opponent") and self.state.turn == holder.owner:
            return False
        if e in (TE.TURN_START, TE.TURN_END):
            return ev.player == holder.owner
        if e in (TE.OPPONENT_TURN_START, TE.OPPONENT_TURN_END):
            return ev.player != holder.owner
        if e == TE.FIGHT_START:
            return True
        ctx = Ctx(holder, ab.line, ab.text, self.inputs, refs={"it": holder})
        if e == TE.DEATH:
            return ev.subject is not holder and facts.matches(self, t.subject, ev.subject, ctx)
        if e == TE.OPENS and t.subject is not None and ev.subject is holder:
            return False          # «когда ваше существо открывается, эта карта также …»: another
        if "on_self" in ab.tags:
            if ev.target is not holder:           # «при ударе по <этой карте>»: anyone's
                return False
        elif e == TE.OWN_DEATH or t.subject is None:
            if ev.subject is not holder:          # the card's own event
                return False
        elif ev.subject is None or not facts.matches(self, t.subject, ev.subject, ctx):
            return False                          # «при ударе вашего существа»: whose event
        elif ev.subject is holder and e in ATTACK_EVENTS and t.subject == ANOTHER \
                and t.target is not None:
            # «при ударе по существу рядом с <этой картой>»: the grammar writes a bare
            # Selector(card) for another card's attack (AST contract, R10), not the card's own
            return False
        if e in (TE.ATTACK, TE.STRONG_ATTACK, TE.ATTACK_OR_MISS, TE.MISS):
            kinds = attack_kinds(t)
            if kinds is not None and not matches_kind(kinds, ev.attack or ""):
                return False
            if e == TE.STRONG_ATTACK and ev.strength != Strength.STRONG:
                return False
            if t.strength is not None and ev.strength != t.strength:
                return False
            if "in_assault" in ab.tags and not ev.data.get("assault"):
                return False                  # «при нападении»: its own attack, not an answer
            if "response" in ab.tags and not ev.data.get("response"):
                return False
            if "first_per_turn" in ab.tags and not ev.data.get("first"):
                return False
            if "through" in ab.tags:
                cell = ev.data.get("through")     # «при {uchr} через свободную клетку»
                if cell is None or not facts.cell_matches(self, through_cell(t), cell, ctx):
                    return False
            if t.target is not None:
                return facts.matches(self, t.target, ev.target, ctx)
            return True
        if e == TE.DESTROYS:
            # «когда уничтожает [атакой …] карту противника»: the destroyed card fits
            if t.attack is not None and not matches_kind((t.attack,), ev.attack or ""):
                return False
            return facts.matches(self, t.target, ev.target, ctx)
        if "killed_by" in ab.tags:
            # «при гибели от атак существа противника»: its lives were taken by that card's attack
            killer = self.killer_of(ev.subject)
            return killer is not None and facts.matches(self, killed_by(t), killer, ctx)
        if "by" in ab.tags:
            # «при перемещении … другой картой»: the card whose text moved it (not its own move)
            mover = ev.data.get("mover")
            return mover is not None and facts.matches(self, moved_by(t), mover, ctx)
        if "destination" in ab.tags:
            return facts.cell_matches(self, t.destination, ev.data["to"], ctx)
        if "diagonal" in ab.tags:
            return not board.orthogonal_step(ev.data["frm"], ev.data["to"])
        if e == TE.LOSES_COUNTER:             # «единовременно теряет N или более {counter}»
            return ev.data["before"] - ev.data["after"] >= (at_least(t) or 0) > 0
        if e == TE.DEALS_WOUNDS:              # «наносит N или более ран [… атакой]»
            return ev.data["amount"] >= (at_least(t) or 0) > 0 \
                and wounded_by(t.cause or K.ANY, ev.attack)
        if e in (TE.GETS_COUNTER, TE.THIRD_COUNTER):
            nth = 3 if e == TE.THIRD_COUNTER else next(
                (int(str(p)[4:]) for p in ab.tags if str(p).startswith("nth:")), None)
            return nth is None or ev.data["before"] < nth <= ev.data["after"]
        if e == TE.DIE_ROLL:
            faces = {int(str(p)[5:]) for p in ab.tags if str(p).startswith("face:")}
            return ev.data["face"] in faces
        if e in (TE.WOUNDED, TE.WOUNDED_BY):
            if t.cause is not None and not wounded_by(t.cause, ev.attack):
                return False                  # «получает раны от атаки / от отравления»
            if "first_per_turn" in ab.tags and not ev.data.get("first"):
                return False                  # «… в первый раз за ход»: its first attack's wounds
            return t.attack is None or matches_kind((t.attack,), ev.attack or "")
        return True

    def killer_of(self, p: Piece) -> Piece | None:
        """The card whose *attack* left ``p`` no lives (``Piece.killer``; an effect, a
        destruction or poison: none)."""
        if p.killer is None or p.killer[1] not in ATTACK_KIND_SET:
            return None
        return self.state.pieces.get(p.killer[0])

    def destroyed(self, p: Piece) -> None:
        """``p`` died (wounds, destroyed, finished): the card whose wounds or effect did it
        answers «когда уничтожает …» (``Piece.killer``; poison and a death of no one's doing
        have none)."""
        if p.killer is None or TE.DESTROYS not in self.listeners():
            return
        killer = self.state.pieces.get(p.killer[0])
        if killer is not None and killer.on_table:
            self.fire(TE.DESTROYS, killer, p, p.killer[1] or None)

    def replaced(self, p: Piece) -> bool:
        """«Вместо гибели …»: ``p`` should die; its own replacement (when it has one, within its
        limit) is done instead and the card does not die (no death, no «при гибели»)."""
        subs = [ab for ab in self.kit(p).triggers if "instead" in ab.tags
                and self.under_holds(p, ab)]
        for ab in subs:
            ev = GameEvent(TE.DEATH, p)
            self.emit("replace", f"«{p.name}» должна погибнуть — вместо этого действует её текст "
                      f"«{ab.text}».", C.AXE, C.DEATH)
            if self.run_trigger(p, ab, ev):
                return True
        return False

    def run_delayed(self, moment: str, player: str) -> None:
        """Delayed effects waiting for this moment (a turn's start or end of ``player``): each
        done once, in the order they were made, then gone.  The card that made one need not
        be on the table any more: the effect was made, it happens."""
        due = [d for d in self.state.delayed if d.moment == moment
               and (d.player is None or d.player == player)]
        if not due:
            return
        self.state.delayed = [d for d in self.state.delayed if d not in due]
        for d in due:
            if self.state.winner is not None:
                return
            holder = self.state.pieces[d.holder]
            key = f"{holder.id}/{d.line}"
            ctx = Ctx(holder, d.line, d.text, self.inputs,
                      answers=Answers(self.inputs.choices.get(key)),
                      points=choice_points(d.node),
                      # a part of text of no stated kind is a воздействие (seed); a spell's stays
                      guard=d.guard if d.guard == K.SPELLS else K.EFFECTS,
                      cites=d.cites or (C.AXE,), refs=dict(d.refs), key=key)
            self.emit("trigger", f"Выполняется отложенная часть «{d.text}» карты "
                      f"«{holder.name}».", C.AXE, *d.cites, card=holder.id, line=d.line)
            problem = self.interp.check(d.node.effects, ctx)
            if problem is not None:
                self.cancel(problem)
                continue
            self.interp.apply(d.node.effects, ctx)
            self.check_deaths()

    def ordered(self, subs: list) -> list:
        """Non-active player's first, then the active player's; within a player the order the
        scenario names (``order``), else the table's."""
        active = self.state.turn
        out = []
        for player in (board.other(active), active):
            mine = [s for s in subs if s[0].owner == player]
            mine.sort(key=lambda s: (_place(s[0]), s[1].line))
            named = self.inputs.choices.get("order")
            if len(mine) > 1:
                if named:
                    rank = {key: i for i, key in enumerate(named)}
                    mine.sort(key=lambda s: rank.get(f"{s[0].id}/{s[1].line}", len(rank)))
                else:
                    self.inputs.choice(self, "order", f"порядок одновременных срабатываний "
                                       f"игрока {player}", "по порядку клеток", C.AXE)
            out.extend(mine)
        if len(out) > 1:
            self.emit("order", "Одновременные срабатывания выполняются по порядку: "
                      + ", ".join(f"«{h.name}» ({h.where}, игрок {h.owner})" for h, ab in out)
                      + " — сначала неактивного игрока, затем активного.", C.AXE,
                      order=[f"{h.id}/{ab.line}" for h, ab in out])
        return out

    def run_trigger(self, holder: Piece, ab, ev: GameEvent) -> bool:
        node: A.Triggered = ab.node
        key = f"{holder.id}/{ab.line}"
        limit = node.limit
        used = holder.used if limit is None or limit.per == "turn" else holder.used_fight
        if limit is not None and used.get(key, 0) >= limit.times:
            per = "ход" if limit.per == "turn" else "бой"
            self.emit("limit", f"«{holder.name}»: «{ab.text}» уже сработало {limit.times} раз(а) "
                      f"за {per} — больше не срабатывает.", C.AXE)
            return False
        refs: dict[str, Any] = {}
        if ev.kind in (TE.ATTACK, TE.MISS, TE.ATTACKED):
            # «при ударе — оно …»: the pronoun is the attacked card
            refs.update(attacker=ev.subject, attacked=ev.target, it=ev.target)
            if "through" in ab.tags:
                # «… через свободную клетку — … на неё»: «она» is that cell
                refs.update(it=ev.data["through"], cell=ev.data["through"])
        elif ev.kind == TE.DESTROYS:
            refs["it"] = ev.target                # «когда уничтожает карту — её …»: the destroyed
        elif ev.kind == TE.DEALS_WOUNDS:
            # «когда ваше существо наносит … ран — это существо …»: the one that dealt them
            refs.update(it=ev.subject, attacker=ev.subject, attacked=ev.target)
        elif ev.subject is not None:
            # «когда X становится защитником, он …», «при гибели X — его …»: the event's card
            refs["it"] = ev.subject
            if ev.data.get("to"):
                refs["cell"] = ev.data["to"]      # «… на эту клетку / рядом с этой клеткой»
            if ev.target is not None:
                refs["defended" if ev.kind == TE.BECOMES_DEFENDER else "attacker"] = ev.target
            if "killed_by" in ab.tags:
                # «… уничтожить это существо» after dying of an enemy's attack: «это» is the killer
                refs["it"] = refs["attacker"] = self.killer_of(ev.subject)
        cite = EVENT_CITE.get(ev.kind, C.AXE)
        if ev.kind == TE.ATTACK and ev.attack in C.ATTACK_CLAUSE:
            cite = C.ATTACK_CLAUSE[ev.attack]         # a shot's trigger cites «Выстрел» …
        # a part of card text that names no kind is a воздействие (seed: «если тип особенности
        # не указан явно, то она является воздействием»)
        ctx = Ctx(holder, ab.line, ab.text, self.inputs,
                  answers=Answers(self.inputs.choices.get(key)), points=ab.points,
                  guard=K.EFFECTS, cites=(C.AXE, cite), refs=refs, event=ev, key=key)
        if ev.data.get("dealt") is not None:
            self.facts["dealt"] = ev.data["dealt"]
        if "amount:X" in ab.tags:
            ctx.x = ev.data["amount"]             # «когда получает X ран …»: the wounds received
        if node.condition is not None and not facts.holds(self, node.condition, ctx):
            return False
        what = EVENT_RU.get(ev.kind, ev.kind)
        if ev.kind == TE.ATTACK and ev.attack not in (None, K.STRIKE):
            what = "атака нанесена"
        self.emit("trigger", f"Срабатывает «{ab.text}» карты «{holder.name}» "
                  f"({what}).", C.AXE, cite, card=holder.id,
                  line=ab.line)
        problem = self.interp.check(node.effects, ctx)
        if problem is not None:
            self.cancel(problem)
            return False
        if limit is not None:
            used[key] = used.get(key, 0) + 1
        self.interp.apply(node.effects, ctx)
        self.check_deaths()
        return True


def wounded_by(cause: str, kind: str | None) -> bool:
    """Were wounds of ``kind`` (an attack kind, poison, effects / spells) caused by ``cause``
    («от атаки» — any attack; «от выстрела» …; «от отравления»)?"""
    if cause == K.POISON:
        return kind == K.POISON
    if kind not in ATTACK_KIND_SET:
        return False                          # an effect or a spell is not an attack
    return cause == K.ANY or matches_kind((cause,), kind)


def _place(p: Piece) -> tuple:
    cell = p.cell or "z9"
    return (p.zone != "field", cell[1], cell[0], p.id)
