"""A Heroes scenario end to end: ``load_scenario`` (the table, the actions, ``expect`` — every
problem located) and ``run`` (the actions through the engine, then ``expect`` compared) giving
the same ``Outcome`` shape as the classic judge, so ``berserk judge`` prints both alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from berserk.yamlio import MDict
from judge.core.trace import Event
from judge.heroes import cites as C
from judge.heroes.engine import Engine
from judge.heroes.expect import check_expect, compare
from judge.heroes.model import Game
from judge.heroes.scenario import (RULESET, SOURCE_KEYS, TOP_KEYS, Builder, Loc, Scenario,
                                   cards_for, check_keys, read_doc, unknown)
from judge.heroes.script import perform, read_actions, resolver

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
    engine = Engine(sc.game, resolve_ref=resolver(sc.game))
    for o in sc.game.in_play():                 # an ability the judge cannot read is named,
        engine.refuse_unread(o)                 # never silently left out
    if sc.game.phase == "start" and not any(a.verb == "start_turn" for a in sc.actions):
        engine.start_turn()
    for action in sc.actions:
        perform(engine, action, strict, sc.path, sc.text)
    return engine
