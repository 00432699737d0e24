"""What one resolution of an ability knows: its source, its choices, the cards it has named.

``Ctx`` is made fresh for every use of an ability (an action, a trigger, a continuous check), so
the interpreter can write into it freely while the table stays untouched until ``apply``.

**Choice points.**  Every place in an ability where the player picks something — a target
(an effect whose selector names one card, or ``count`` of them, rather than ``all`` of them or a
card already named; a chosen actor, ``Action.by`` of «выбранное ваше существо сражается с …»,
comes right before its action's target, as the text names them), an option of a ``Choice``
(«может …» is a choice between the effect and nothing), the value of a free ``X`` — gets an
index in the ability's tree order, computed once per ability (``choice_points``).  A scenario
answers them by index: ``targets: [c4, d5]`` (the first and second chosen target; ``target:
c4`` is ``targets: [c4]``; several targets of one effect are one nested list), ``options: [1,
2]`` (or ``may: [true]``), ``x: 2``.  Keyed by the tree and not by the order of evaluation, an
answer stays attached to its place in the text whichever branch the resolution takes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from berserk.vocab import Qualifier
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.core.trace import Inputs

#: Selector nouns that name a card the context already knows: no choice is made for them.
NAMED_NOUNS = frozenset({N.SELF, N.IT, N.ATTACKED, N.ATTACKER, N.DEFENDER, N.TARGET, N.HOST,
                         N.PARASITE, N.OPPONENT, N.PLAYER,
                         N.ATTACK,       # «перенаправить {strike}»: the attack in question
                         N.MARKER})      # «положите маркер «костра»»: the marker the text names
#: Effect node classes whose ``target`` is where the effect lands (a choice point when chosen).
TARGETED = (A.Wound, A.Heal, A.Poison, A.Finishing, A.Gain, A.Lose, A.Action, A.Attack)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an action or an effect cannot be carried out (Правило легальности): the message (in
    Russian, a sentence without the final period) and the clauses that forbid it."""

    text: str
    cites: tuple[str, ...] = ()


def is_chosen(sel: A.Selector | None) -> bool:
    """Does this selector make the player pick (one card, or ``count`` of them)?"""
    if sel is None:
        return True                       # «Выстрел на 2»: at a card the player names
    if sel.noun == N.ALL_OF:
        return any(is_chosen(m) for m in sel.members)   # «эту карту и выбранное существо»
    if sel.noun in NAMED_NOUNS:
        return False
    quals = sel.qualifiers
    if Qualifier.ALL in quals or Qualifier.THIS in quals:
        return False
    return True


def is_diagonal_step(n: A.Action) -> bool:
    """«переместить X на 1 клетку по диагонали»: a move with no ``to`` whose only param is
    «по диагонали» and whose amount is one cell (judge/core/verbs.DIAGONAL_STEP is where)."""
    return (n.verb == "move" and n.to is None and tuple(n.params) == ("diagonal",)
            and n.amount == A.Fixed(1) and n.duration is None and n.by is None
            and n.origin is None)


@dataclass(frozen=True, slots=True)
class Points:
    """An ability's choice points: ``id(node) → index`` per kind (targets, options, x)."""

    targets: dict[int, int]
    options: dict[int, int]
    free_x: bool

    @property
    def n_targets(self) -> int:
        return len(self.targets)


def choice_points(node: A.Node) -> Points:
    """The choice points of one ability, in tree order.  Computed once per ability by the
    ruleset's reader of a card (the indices are ``id``s of this very tree's nodes)."""
    targets: dict[int, int] = {}
    options: dict[int, int] = {}
    free_x = False
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, TARGETED):
            if isinstance(n, A.Action) and n.by is not None and is_chosen(n.by):
                targets.setdefault(id(n.by), len(targets))     # the actor first: text order
            sel = n.target
            if isinstance(n, A.Poison) and sel is None:
                pass                      # a rider: the attacked card
            elif isinstance(n, A.Finishing) and sel is None and isinstance(node, A.Triggered):
                pass                      # «при ударе — добивание»: the attacked card
            elif isinstance(n, A.Action) and sel is None:
                pass                      # a verb about the card itself / the situation
            elif is_chosen(sel):
                targets.setdefault(id(n), len(targets))
            if isinstance(n, A.Action) and n.to is not None and is_chosen(n.to):
                targets.setdefault(id(n.to), len(targets))
            elif isinstance(n, A.Action) and ("free_cell" in n.params or is_diagonal_step(n)):
                # the earlier grammar's «на клетку»; «на 1 клетку по диагонали» (no ``to``)
                targets.setdefault(-id(n), len(targets))
        elif isinstance(n, (A.Restriction, A.Permission)) and n.subject is not None \
                and is_chosen(n.subject):
            targets.setdefault(id(n), len(targets))
        if isinstance(n, A.Choice):
            options.setdefault(id(n), len(options))
        if isinstance(n, A.Variable) and n.definition is None:
            free_x = True
        if isinstance(n, (A.Condition, A.Selector, A.Measure)):
            continue                      # selectors inside conditions are not choices
        if n is not node and isinstance(n, (A.Triggered, A.Activated)):
            continue                      # a granted / delayed ability chooses when it acts
        if isinstance(n, A.Gain):
            stack.append(n.target)        # what it grants chooses later, when used
            continue
        stack.extend(reversed(list(A.children(n))))
    return Points(targets, options, free_x)


class Answers:
    """The scenario's answers for one use of one ability (see the module doc)."""

    def __init__(self, raw: Any = None):
        self.targets: list[Any] = []
        self.options: list[Any] = []
        self.x: Any = None
        self.named = False
        if raw is None:
            return
        self.named = True
        if isinstance(raw, dict):
            if "target" in raw:
                self.targets.append(raw["target"])
            self.targets.extend(raw.get("targets") or [])
            opts = raw.get("options", raw.get("option"))
            if opts is not None:
                self.options.extend(opts if isinstance(opts, list) else [opts])
            may = raw.get("may")
            if may is not None:
                self.options.extend(may if isinstance(may, list) else [may])
            self.x = raw.get("x")
        elif isinstance(raw, bool):
            self.options.append(raw)
        elif isinstance(raw, list):
            self.targets.extend(raw)
        else:
            self.targets.append(raw)

    def target(self, i: int) -> Any:
        return self.targets[i] if i < len(self.targets) else None

    def option(self, i: int) -> Any:
        return self.options[i] if i < len(self.options) else None


@dataclass
class Ctx:
    """One resolution of one ability (or of a rule the engine applies in the same terms)."""

    source: Any                                   # the card whose ability it is
    line: int                                     # the ability's line (1-based); 0: a rule
    text: str                                     # the ability's text, for messages
    inputs: Inputs
    answers: Answers = field(default_factory=Answers)
    points: Points = field(default_factory=lambda: Points({}, {}, False))
    guard: str | None = None                      # what protects from it: effects / spells / a kind
    cites: tuple[str, ...] = ()                   # the clauses of the ability's family
    refs: dict[str, Any] = field(default_factory=dict)   # it / attacked / attacker / defender …
    event: Any = None                             # the game event a trigger answers
    x: int | None = None                          # X of this use (cost, choice or definition)
    x_def: A.Measure | None = None                # «где X — …» stated as a Define
    bound: dict[int, Any] = field(default_factory=dict)  # choice point → what was picked
    spent: int = 0                                # counters paid for it (X in the cost)
    key: str = ""                                 # the choice key of this ability («id/line»)

    @property
    def controller(self) -> str:
        return self.source.owner

    def it(self) -> Any:
        return self.refs.get("it")

    def name(self, who: Any) -> None:
        """The card an effect has just named becomes «it» for the effects after it."""
        if who is not None:
            self.refs["it"] = who
