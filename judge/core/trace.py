"""The ruling's trace and the situation's inputs — shared by every ruleset.

A ruling is a list of ``Event``s, each citing the clause ids it rests on (of the ruleset's
book).  ``Trace`` is the list with the three events every ruleset needs besides its own:
``cancelled`` (Правило легальности: the action is cancelled, nothing paid), ``refused`` (the
judge does not rule on an ability it cannot apply, and says so) and ``assumed`` (a roll or a
choice the scenario did not name, taken by default — only outside strict mode).

Dice and choices are *inputs*: the scenario names them, the engine asks for them as it needs
them (``Inputs``).  In strict mode an input the scenario did not name raises ``Unnamed``; the
scenario layer turns it into a located error.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from berserk.errors import BerserkError
from rulings.lookup import cite_labels

#: A roll the scenario did not name, outside strict mode.
DEFAULT_ROLL = 1


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    cites: tuple[str, ...]
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self, book: str) -> dict:
        """The event for ``--json``: ``cites`` as a person reads them (clause numbers, the
        titles of unnumbered clauses, «… (глоссарий)» — ``rulings.lookup.cite_label``),
        ``cite_ids`` the ids of ``book`` for tools."""
        return {"kind": self.kind, "text": self.text, "cites": cite_labels(book, self.cites),
                "cite_ids": list(self.cites), **({"data": self.data} if self.data else {})}

    def render(self, book: str) -> str:
        """One step of a printed ruling: its text and its citations as a person reads them."""
        return f"{self.text}  [{', '.join(cite_labels(book, self.cites))}]"


class Unnamed(BerserkError):
    """Strict mode: the scenario did not name a roll or a choice the engine needs.  The engine
    does not know the file: the scenario runner re-raises it as an ``InputError`` at the
    action's line (``location`` is None until then)."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


class Trace:
    """The events of one ruling, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._refused: set[tuple[str, str]] = set()

    def emit(self, kind: str, text: str, *cites: str, **data) -> Event:
        ev = Event(kind, text, tuple(dict.fromkeys(cites)), data)
        self.events.append(ev)
        return ev

    def refused_once(self, key: tuple[str, str]) -> bool:
        """True the first time ``key`` (card id, ability) is refused: a ruling names each
        ability it does not rule on once, not at every step."""
        if key in self._refused:
            return False
        self._refused.add(key)
        return True

    def count(self, kind: str) -> int:
        return sum(1 for e in self.events if e.kind == kind)


class Inputs:
    """The rolls (in order of use) and the named choices of one action.

    ``choices`` maps a key to the value the scenario gave: the classic keys are ``defender``,
    ``step_up``, ``x``, ``ability`` and, for card text, ``<card>/<line>`` keys (judge/core/interp.py
    builds them: «может» → bool, a chosen target → a card, several → a list, a cell, an order)."""

    def __init__(self, rolls=(), choices: dict[str, Any] | None = None, strict: bool = False):
        self.rolls = list(rolls)
        self.choices = dict(choices or {})
        self.strict = strict
        self.used: set[str] = set()

    def roll(self, trace, who: str, cite: str) -> int:
        if self.rolls:
            return int(self.rolls.pop(0))
        if self.strict:
            raise Unnamed(f"бросок кубика: {who}")
        trace.emit("assumed", f"Бросок ({who}) не назван в сценарии — принято {DEFAULT_ROLL}.",
                   cite, assumed=True)
        return DEFAULT_ROLL

    def has(self, key: str) -> bool:
        return key in self.choices

    def choice(self, trace, key: str, what: str, default: Any, cite: str) -> Any:
        if key in self.choices:
            self.used.add(key)
            return self.choices[key]
        if self.strict:
            raise Unnamed(f"выбор: {what} (поле «{key}»)")
        shown = getattr(default, "name", default)
        trace.emit("assumed", f"Выбор «{what}» не назван в сценарии — принято: {shown}.",
                   cite, assumed=True)
        return default



#: Inputs for a question that needs none (a condition, a bonus's selector): never consulted.
NO_INPUTS = Inputs()
