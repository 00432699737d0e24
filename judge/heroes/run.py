"""A Heroes scenario end to end: ``load_scenario`` (the table, the actions, ``expect`` — every
problem located) and ``run`` (the actions through the engine, then ``expect`` compared) giving
the same ``Outcome`` shape as the classic judge, so ``berserk judge`` prints both alike.

Strict mode names every choice the run needs (a missing one is an error at its action) and no
other: a choice the run never asked for — an ability that was not used, an order of
simultaneous triggers where a player had one — is as wrong in a ruling as classic's surplus
dice, and is an error located at its key (``ScenarioEngine`` records what each action asked).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from berserk.errors import InputError, Location, Problem
from berserk.yamlio import MDict
from judge.core.trace import Event, Inputs
from judge.heroes import cites as C
from judge.heroes.engine import Engine
from judge.heroes.expect import check_expect, compare
from judge.heroes.model import Game
from judge.heroes.scenario import (RULESET, SOURCE_KEYS, TOP_KEYS, Builder, Loc, Scenario,
                                   cards_for, check_keys, read_doc, unknown)
from judge.heroes.script import SHORTCUTS, Action, perform, read_actions, resolver

__all__ = ["RULESET", "Outcome", "load_scenario", "play", "run"]


@dataclass
class Outcome:
    """A judged scenario: the trace, the final game, and which expectations failed."""

    file: str
    title: str
    question: str
    events: list[Event]
    failures: list[str]
    state: Game
    answer: str = ""
    resolved: tuple[str, ...] = ()

    book = C.BOOK                         # the book its events cite

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict:
        return {"file": self.file, "title": self.title, "question": self.question,
                "answer": self.answer, "ok": self.ok, "failures": self.failures,
                "events": [e.to_dict(self.book) for e in self.events], "winner": self.state.winner,
                "resolved": list(self.resolved), "state": self.state.snapshot()}


def load_scenario(path: str | Path, db: str | None = None, text: str | None = None,
                  doc: MDict | None = None) -> Scenario:
    """Load and validate a ``ruleset: heroes-15`` scenario (``InputError`` with every problem)."""
    if doc is None:
        path, text, doc = read_doc(path, text)
    path = str(path)
    loc = Loc(path, text or "")
    check_keys(doc, TOP_KEYS, "поле сценария", loc)
    if str(doc.get("ruleset")) != RULESET:
        loc.add(unknown("правила", doc.get("ruleset"), ("classic", RULESET)), doc.pos("ruleset"))
    source = doc.get("source")
    if isinstance(source, MDict):
        check_keys(source, SOURCE_KEYS, "поле source", loc)
    cards = cards_for(doc, loc, db)
    game = Builder(doc, cards, loc).build()
    actions = read_actions(doc.get("actions"), doc, game, loc)
    expect = doc.get("expect")
    if expect is not None and not isinstance(expect, MDict):
        loc.add("expect должен быть объектом", doc.pos("expect"))
        expect = None
    if expect is not None:
        check_expect(expect, game, loc)
    loc.report.raise_if_any()
    return Scenario(path, text or "", str(doc.get("title") or Path(path).stem),
                    str(doc.get("question") or ""), str(doc.get("answer") or ""), source, game,
                    actions, expect)


def run(sc: Scenario, strict: bool = False) -> Outcome:
    """Judge a loaded scenario: apply its actions, compare ``expect``."""
    engine = play(sc, strict)
    failures = compare(sc.expect, engine)
    return Outcome(sc.path, sc.title, sc.question, list(engine.events), failures, engine.g,
                   sc.answer, tuple(engine.resolved))


def play(sc: Scenario, strict: bool = False) -> Engine:
    """Apply the scenario's actions (once: the engine changes ``sc.game``); ``compare`` then
    checks any ``expect`` against the engine."""
    engine = ScenarioEngine(sc.game, resolve_ref=resolver(sc.game))
    for o in sc.game.in_play():                 # an ability the judge cannot read is named,
        engine.refuse_unread(o)                 # never silently left out
    if sc.game.phase == "start" and not any(a.verb == "start_turn" for a in sc.actions):
        engine.start_turn()
    unasked: list[tuple[Action, str]] = []
    for action in sc.actions:
        perform(engine, action, strict, sc.path, sc.text)
        unasked += [(action, raw) for raw in engine.unasked()]
    if strict and unasked and engine.trace.count("refused") == 0:
        raise InputError([_unasked_problem(sc, action, raw) for action, raw in unasked])
    return engine


class _Asked(dict):
    """One action's choices (normalised keys), remembering each key the run read."""

    def __init__(self, data: dict):
        super().__init__(data)
        self.asked: set[str] = set()

    def get(self, key: Any, default: Any = None) -> Any:
        self.asked.add(key)
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.asked.add(key)
        return super().__getitem__(key)


class ScenarioEngine(Engine):
    """The engine as a scenario drives it: it also records which of an action's choices the run
    asked for, so strict mode can refuse the others.  A ruling with a refused ability is exempt
    (as classic's surplus dice are): the choices were named for a text the judge did not apply."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._given: list[tuple[str, str]] = []

    def set_choices(self, inputs: Inputs, choices: dict | None) -> None:
        super().set_choices(inputs, choices)
        self.choices = _Asked(self.choices)
        self._given = [(str(raw), self.norm_label(raw)) for raw in (choices or {})]

    def unasked(self) -> list[str]:
        """The choice keys (as the action wrote them) the last action never asked for."""
        asked = self.choices.asked if isinstance(self.choices, _Asked) else set()
        return [raw for raw, key in self._given if key not in asked]


def _unasked_problem(sc: Scenario, action: Action, raw: str) -> Problem:
    """Where an unasked choice is written: its key in ``choices``, or the answers written on
    the action itself (``target: …``), which answer the card's first feature that asks."""
    choices = action.args.get("choices")
    if isinstance(choices, MDict) and raw in choices:
        line, col = choices.key_pos.get(raw, (action.line, action.col))
        what = f"выбор «{raw}»"
    else:
        short = [k for k in SHORTCUTS if k in action.args and k != "ability"]
        line, col = action.args.key_pos.get(short[0], (action.line, action.col)) if short \
            else (action.line, action.col)
        what = f"ответ {', '.join(short)} действия {action.verb}"
    return Problem(Location(sc.path, line, col),
                   f"строгий режим: {what} не понадобился — в этом действии судья его не "
                   f"спрашивал (способность не использовалась, порядок не выбирался); уберите "
                   f"его",
                   sc.text if line else None)
