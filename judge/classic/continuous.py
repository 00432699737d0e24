"""Continuous effects: what a card has *now*, evaluated when asked, in one documented order.

1. **base** — the printed card: its unconditional keywords, protections, «+N к …», «−N от …»
   (judge/classic/kit.py), and what its equipment lends it (equipment rule);
2. **own statics** — its own abilities under a condition: «пока …» / «если …», «Строй: …»
   (while in formation, see judge/classic/facts.py), a label «Бестелесный: …» (while it has the
   keyword); each holds only while its condition does;
3. **others' statics** — auras of other cards on the table that reach it («ваши существа в строю
   с X получают …», «существа противника не могут …»);
4. **temporary** — what effects gave it for a while («до конца хода», «на 2 хода противника»),
   in the order they were given; each ends as its ``Duration`` says (``ends_at``).

Numbers add up across the steps (a keyword with a number, a «+N»), flags are present or not, a
restriction restricts.  Every grant keeps its ``Origin`` so the trace can say where a bonus came
from and cite Правило Топора (card text over the rules) with the clause it changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from berserk.vocab import CardType
from berserk.vocab import ConditionKind, SelectorNoun
from berserk.vocab import DurationKind as D
from grammar import ast as A
from judge.classic import facts
from judge.classic.state import Piece
from judge.classic.traits import (
    BASE,
    Origin,
    Traits,
    fold,
    fold_base,
    is_cap,
    is_strength_cap,
)
from judge.core.context import Ctx
from judge.core.trace import NO_INPUTS as _NO_INPUTS


@dataclass
class Temp:
    """A temporary grant on a card: what, from whom, until when."""

    what: tuple
    source: str                     # the giving card's name
    line: int
    until: str
    ends_at: int | None             # the turn index at whose end it ends (None: see ``until``)
    holder: str | None = None       # the giving card's id (WHILE_SELF_ON_FIELD)
    started_at: int = 0
    notes: dict = field(default_factory=dict)


def ends_at(until: str, count, controller: str, target_owner: str, turn: str,
            index: int) -> int | None:
    """The index of the turn at whose end a duration ends (the current turn is ``index``, the
    active player ``turn``).  «вашего» is the controller of the effect; «свой следующий ход»
    of a restriction is the target's owner's next turn."""
    mine = turn == controller
    if until in (D.END_OF_TURN, D.THIS_TURN, "end_of_turn"):
        return index
    if until == D.END_OF_YOUR_TURN:
        return index if mine else index + 1
    if until == D.END_OF_OPPONENT_TURN:
        return index + 1 if mine else index
    if until == D.END_OF_YOUR_NEXT_TURN:
        return index + 2 if mine else index + 1
    if until == D.END_OF_OPPONENT_NEXT_TURN:
        return index + 1 if mine else index + 2
    if until in (D.NEXT_TURN, "next_turn"):
        return index + 2 if turn == target_owner else index + 1
    if until == D.UNTIL_YOUR_NEXT_TURN:
        return index + 1 if mine else index      # ends as the controller's next turn starts
    if until in (D.X_OPPONENT_TURNS, D.OPPONENT_TURNS):
        n = int(count or 0)
        return index + 2 * n - 1 if mine else index + 2 * n
    return None                                  # end of fight / while the source is in play


#: «эта карта»: a cap an aura lays on a card is that card's own.
SELF = A.Selector(SelectorNoun.SELF)


def about_targets(cond: A.Condition | None) -> bool:
    """Is this aura's condition about the cards it reaches?  «…, пока стоят рядом с этой
    картой» with no subject: a position relative to the aura's own card."""
    if cond is None or cond.subject is not None or cond.what != ConditionKind.IS:
        return False
    return any(isinstance(x, A.Relation) and x.to.noun == SelectorNoun.SELF for x in cond.params)


def origin_note(step: str, source: str = "", extra: str = "") -> str:
    return {"own": "своё условие", "formation": "строй", "others": f"от «{source}»",
            "temp": f"временно, от «{source}»"}.get(step, "") + (f", {extra}" if extra else "")


class Continuous:
    """A mixin of the classic Engine: ``traits(piece)`` in the order above."""

    def traits(self, p: Piece) -> Traits:
        t = p._traits
        if t is not None and self._dynamic is False:
            return t                              # the fast path: nothing on the table varies
        if not self.dynamic():
            return t or self._base_traits(p)
        kit = p.kit
        if not (kit.own or p.effects or self.aura_holders()):
            return p._traits or self._base_traits(p)
        if p.id in self._computing:
            return self._base_traits(p)           # a condition asking about itself: printed
        self._computing.add(p.id)
        try:
            lost = self.lost_at(p)
            if lost is None:
                grants = [(n, BASE) for n in self._base_nodes(p)]
                grants += self._own(p, kit)
                temps = p.effects
            else:                                 # «теряет все особенности»: only what came after
                grants, temps = [], p.effects[lost + 1:]
            grants += self._others(p)
            grants += [(n, Origin("temp", t.source, t.line, origin_note("temp", t.source)))
                       for t in temps if self.active(t) for n in t.what]
            return fold(grants)
        finally:
            self._computing.discard(p.id)

    # ------------------------------------------------------------ 1. base
    def _base_nodes(self, p: Piece) -> tuple:
        nodes = self.kit(p).base_nodes
        for eq in self.state.attached_to(p):
            if eq.kind is CardType.EQUIPMENT:
                nodes = nodes + self.kit(eq).base_nodes
        return nodes

    def _base_traits(self, p: Piece) -> Traits:
        if p._traits is None:
            attached = any(q.host == p.id for q in self.state.pieces.values())
            p._traits = fold_base(self._base_nodes(p)) if attached else p.kit.base
        return p._traits

    # ------------------------------------------------------------ 2. own statics
    def under_holds(self, p: Piece, ab, skip_static: bool = False) -> bool:
        ctx = None
        for u in ab.under:
            if skip_static and u[0] == "static":
                continue
            if u[0] == "formation":
                if not facts.in_formation(self, p):
                    return False
                if len(u) > 1:
                    ctx = ctx or Ctx(p, ab.line, ab.text, _NO_INPUTS)
                    if not facts.holds(self, u[1], ctx):
                        return False
            elif u[0] == "static":
                ctx = ctx or Ctx(p, ab.line, ab.text, _NO_INPUTS, refs={"it": p})
                if not facts.holds(self, u[1], ctx):
                    return False
            elif u[0] == "label":
                if not self._base_traits(p).has(u[1]):
                    return False
            elif u[0] == "order":
                if p.order != u[1]:
                    return False
        return True

    def _own(self, p: Piece, kit) -> list:
        out = []
        for ab, node in kit.own:
            if self.under_holds(p, ab):
                step = "formation" if any(u[0] == "formation" for u in ab.under) else "own"
                out.append((node, Origin(step, p.name, ab.line, origin_note(step))))
        return out

    def active(self, t: Temp) -> bool:
        """A temporary grant still in force («пока X не покинет поле боя»: X is on the table)."""
        if t.until != D.WHILE_SELF_ON_FIELD or t.holder not in self.state.pieces:
            return True
        return self.state.pieces[t.holder].on_table

    def lost_at(self, p: Piece) -> int | None:
        """The index in ``p.effects`` of the last «теряет все особенности» in force, or None."""
        if not p.effects:
            return None
        for i in range(len(p.effects) - 1, -1, -1):
            t = p.effects[i]
            if t.notes.get("lost") and self.active(t):
                return i
        return None

    def blank(self, p: Piece) -> bool:
        """Has ``p`` lost all its abilities (its text does nothing: no triggers, actions,
        auras, riders)?"""
        return bool(p.effects) and self.lost_at(p) is not None

    def dynamic(self) -> bool:
        """Does any card on the table have a conditional static, an aura or a temporary grant?
        (When none does, every card's traits are its printed ones — the fast path.)"""
        if self._dynamic is None:
            self._dynamic = bool(self.aura_holders()) or any(
                p.effects or p.kit.own for p in self.state.pieces.values())
        return self._dynamic

    # ------------------------------------------------------------ 3. others' statics
    def aura_holders(self) -> list[Piece]:
        if self._auras is None:
            self._auras = [q for q in self.state.on_table() if self.kit(q).auras]
        return [q for q in self._auras if not self.blank(q)] if self._lost else self._auras

    def _others(self, p: Piece) -> list:
        out = []
        for q in self.aura_holders():
            if not q.on_table:
                continue
            for ab in self.kit(q).auras:
                for node in self.aura_grants(q, ab, p):
                    out.append((node, Origin("others", q.name, ab.line,
                                             origin_note("others", q.name), q.id)))
        return out

    def aura_grants(self, q: Piece, ab, p: Piece) -> list:
        """What aura ``ab`` of ``q`` gives ``p`` now (empty when it does not reach it)."""
        node = ab.node
        if isinstance(node, A.Static):
            gains = [e for e in node.effects if isinstance(e, A.Gain)]
            caps = [e for e in node.effects if isinstance(e, A.Action)
                    and (is_cap(e) or is_strength_cap(e))]
        elif isinstance(node, A.Gain):
            gains, caps = [node], []
        elif isinstance(node, A.Action) and (is_cap(node) or is_strength_cap(node)):
            gains, caps = [], [node]
        else:
            gains, caps = [], []
        ctx = Ctx(q, ab.line, ab.text, _NO_INPUTS, refs={"it": q})
        cond = next((u[1] for u in ab.under if u[0] == "static"), None)
        if about_targets(cond):
            # «ваши существа получают …, пока стоят рядом с X»: the condition is about each card
            # the aura reaches, not about X (a card is never «рядом» with itself)
            if not facts.holds(self, cond, ctx, subject=p):
                return []
            if not self.under_holds(q, ab, skip_static=True):
                return []
        elif not self.under_holds(q, ab):
            return []
        out = []
        for g in gains:
            if g.target is not None and facts.matches(self, g.target, p, ctx):
                out.extend(g.what)
        for c in caps:
            if facts.matches(self, c.target, p, ctx):
                out.append(replace(c, target=SELF))      # now a cap on the card it reaches
        if isinstance(node, (A.Restriction, A.Permission)) and node.subject is not None:
            if facts.matches(self, node.subject, p, ctx) and (
                    node.condition is None or facts.holds(self, node.condition, ctx)):
                out.append(replace(node, subject=None, condition=None))
        return out

    def forget_auras(self) -> None:
        """A card entered or left the table: the set of aura holders may have changed."""
        self._auras = None
        self._dynamic = None
        self._rollers = None

    # ------------------------------------------------------------ 4. temporary
    def lose_all(self, target: Piece, duration: A.Duration | None, ctx) -> Temp:
        """«… теряет все особенности [до …]»: from now its text does nothing, and what it had
        gained before is gone; the card type (a flyer, a symbiote) stays."""
        t = self.add_temp(target, (), duration, ctx)
        t.notes["lost"] = True
        self._lost = True
        target.incorporeal = False
        self.forget_auras()
        return t

    def add_temp(self, target: Piece, what: tuple, duration: A.Duration | None, ctx) -> Temp:
        st = self.state
        until = duration.until if duration is not None else D.END_OF_FIGHT
        count = duration.count if duration is not None else None
        if until == D.X_OPPONENT_TURNS:
            count = ctx.x if ctx.x is not None else count
        clean = tuple(replace(w, duration=None) if isinstance(w, A.Bonus) and w.duration else w
                      for w in what)
        t = Temp(clean, ctx.source.name, ctx.line, until,
                 ends_at(until, count, ctx.source.owner, target.owner, st.turn, st.turn_index),
                 ctx.source.id, st.turn_index)
        target.effects.append(t)
        self._dynamic = True
        return t

    def expire(self, ending: int, starting_player: str | None = None) -> None:
        """The turn with index ``ending`` ends: temporary grants that end with it go."""
        for p in self.state.pieces.values():
            keep = []
            for t in p.effects:
                gone = (t.ends_at is not None and t.ends_at <= ending) or (
                    t.until == D.WHILE_SELF_ON_FIELD and t.holder in self.state.pieces
                    and not self.state.pieces[t.holder].on_table)
                if gone:
                    self.emit("expired", f"«{p.name}»: действие «{t.source}» (строка {t.line}) "
                              "закончилось.", *self.cites_of_temp(t))
                else:
                    keep.append(t)
            p.effects = keep
            if not p.effects or self.lost_at(p) is None:
                p.incorporeal = p.kit.incorporeal      # its text is back
        self._dynamic = None
        self._auras = None
        marks = self.state.cell_markers
        for cell in list(marks):
            keep = [m for m in marks[cell] if m.ends_at is None or m.ends_at > ending]
            for m in marks[cell]:
                if m not in keep:
                    self.emit("expired", f"Маркер «{m.name}» на клетке {cell} («{m.source}») "
                              "убран: его срок закончился.", "axe")
            if keep:
                marks[cell] = keep
            else:
                del marks[cell]

    def cites_of_temp(self, t: Temp) -> tuple[str, ...]:
        return ("axe",)
