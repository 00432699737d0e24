"""The Port: what a ruleset offers the effect interpreter.

The interpreter (judge/core/interp.py) knows card text — the AST of grammar/ast — and how
its parts compose; it knows nothing of a board, dice, zones or costs.  Every question about the
table and every change of it goes through a Port the ruleset implements (the classic engine in
judge/classic/port.py; a Heroes engine the same way).  The verbs return what actually happened
(wounds actually given, whether a card actually closed …), so «при этом», «если …» and
«иначе» can read it.

Objects are the ruleset's own (a classic ``Piece``): the interpreter reads only ``id``,
``name`` and ``owner`` from them and hands them back to the Port.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from grammar import ast as A
from judge.core.context import Ctx, Problem
from judge.core.trace import Trace


@dataclass(frozen=True, slots=True)
class Hit:
    """What an attack did: did it land (not a miss, the target not protected from it), the
    wounds it gave, and its strength (None when not rolled by strength)."""

    landed: bool
    dealt: int = 0
    strength: str | None = None


class Port(Protocol):
    """The ruleset side of the interpreter."""

    trace: Trace
    book: str                          # the rulebook its citations belong to

    # ---------------------------------------------------------------- vocabulary it knows
    def unsupported(self, node: A.Node) -> str | None:
        """Why the ruleset cannot evaluate this selector / condition / measure / relation /
        granted ability (a reason in Russian), or None when it can.  The interpreter asks it
        for every such node below an effect; an ability with any reason is refused."""

    # ---------------------------------------------------------------- facts
    def select(self, sel: A.Selector, ctx: Ctx) -> list[Any]:
        """Every object the selector matches now (for ``all`` and for defaults)."""

    def matches(self, sel: A.Selector, obj: Any, ctx: Ctx) -> bool:
        """Does ``obj`` fit the selector (noun, side, qualifiers, relations, condition)?"""

    def holds(self, cond: A.Condition, ctx: Ctx) -> bool:
        """Is the condition true now?"""

    def measure(self, m: A.Measure, ctx: Ctx) -> int:
        """The number a Measure counts now."""

    def by_strength(self, d: A.ByStrength, ctx: Ctx) -> int:
        """An amount «N-M-K» outside an attack: the ruleset's way to pick the strength."""

    def ref(self, raw: Any, ctx: Ctx) -> Any:
        """A scenario's answer (already an object, or a reference) as an object or a cell."""

    # ---------------------------------------------------------------- legality (pure)
    def target_problem(self, node: A.Node, obj: Any, ctx: Ctx) -> Problem | None:
        """Why this effect cannot be applied to ``obj`` at all (the legality rule), or None."""

    # ---------------------------------------------------------------- changes
    def attack(self, node: A.Attack, target: Any, ctx: Ctx) -> Hit: ...
    def wound(self, target: Any, amount: int, ctx: Ctx) -> int: ...
    def heal(self, target: Any, amount: int | None, ctx: Ctx) -> int: ...
    def poison(self, target: Any, amount: int, ctx: Ctx) -> bool: ...
    def finish(self, target: Any, amount: int, ctx: Ctx) -> bool: ...
    def destroy(self, target: Any, ctx: Ctx) -> bool: ...
    def set_closed(self, target: Any, closed: bool, ctx: Ctx) -> bool: ...
    def relocate(self, target: Any, verb: str, to: Any, ctx: Ctx) -> bool: ...
    def counters(self, target: Any, delta: int | None, ctx: Ctx) -> int: ...
    def marker(self, target: Any, name: str, delta: int, ctx: Ctx) -> int: ...
    def grant(self, target: Any, what: tuple, duration: A.Duration | None, ctx: Ctx) -> bool: ...
    def lose(self, target: Any, node: A.Lose, ctx: Ctx) -> bool: ...
    def delay(self, node: A.Triggered, ctx: Ctx) -> None: ...
    def redistribute(self, source: Any, to: Any, most: int, ctx: Ctx) -> int: ...

    def shielded(self, target: Any, ctx: Ctx) -> bool:
        """Is ``target`` protected from this ability's family (воздействия, заклинания)?  The
        Port emits the event saying so."""

    def cancel(self, problem: Problem, ctx: Ctx | None = None) -> bool:
        """Emit the legality cancellation; returns False."""

    def settle(self) -> None:
        """Deaths and the end of the game after an atomic change (the ruleset's order)."""
