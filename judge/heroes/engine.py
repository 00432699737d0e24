"""The «Берсерк. Герои» engine: one game, the actions a scenario names, the ruling's trace.

The Engine is the Game's only writer.  Its parts are mixins, one topic each: facts (features,
numbers, selectors), damage (the wound pipeline), zones (moves, deaths, draws), rules (rules
effects, the end of the game), queue (triggers, the FIFO queue, last known information), port
(the interpreter's Port), actions (playing cards, activated abilities), attacks (strike attacks,
fights) and turn (the turn's stages, keyword triggers).  Card text is applied by the shared
effect interpreter (judge/core) extended with the Heroes verbs (judge/heroes/hinterp.py).

Every event of the trace cites heroes-15 ids (judge/heroes/cites.py, checked against the book
when an engine is made).
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable

from judge.core.trace import Event, Inputs, Trace
from judge.heroes import cites as C
from judge.heroes.actions import Actions
from judge.heroes.attack import Attacks
from judge.heroes.damage import Damage
from judge.heroes.facts import Facts
from judge.heroes.glossary import Clutch, Glossary
from judge.heroes.hinterp import HeroesInterp
from judge.heroes.hverbs import HEROES_VERBS
from judge.heroes.model import Game, Obj
from judge.heroes.port import PortRules
from judge.heroes.props import Props
from judge.heroes.replace import Replace
from judge.heroes.queue import Queue
from judge.heroes.rules import Rules
from judge.heroes.turn import Turn
from judge.heroes.zones import Zones


class Engine(Facts, Damage, Zones, Rules, Queue, PortRules, Actions, Attacks, Turn, Props,
             Replace, Glossary, Clutch):
    book = C.BOOK
    verbs = HEROES_VERBS                  # the Heroes verbs (hinterp and hverbs register them)

    def __init__(self, game: Game, inputs: Inputs | None = None,
                 resolve_ref: Callable[[Any], Obj | None] | None = None):
        C.check_against_book()
        self.g = game
        self.trace = Trace()
        self.inputs = inputs or Inputs()
        self.interp = HeroesInterp(self)
        self.queue: deque = deque()
        self.pending: list = []
        self.resolved: list[str] = []
        self.log: list = []
        self.lki: dict = {}
        self.last_killer: dict[str, Obj | None] = {}
        self.choices: dict[str, Any] = {}
        self.hold = 0
        self.just_died: list = []
        self.delayed: list = []
        self.attacking: dict = {}
        self.vanguards: list = []             # creatures played by Авангард: back at the end
        self.replaced_last = False
        self._seq = 0
        self._resolve = resolve_ref or (lambda raw: None)

    # ---------------------------------------------------------------- trace
    def emit(self, kind: str, text: str, *cites: str, **data) -> Event:
        return self.trace.emit(kind, text, *cites, **data)

    @property
    def events(self) -> list[Event]:
        return self.trace.events

    # ---------------------------------------------------------------- scenario inputs
    def resolve_ref(self, raw: Any) -> Obj | None:
        if isinstance(raw, Obj):
            return raw
        return self._resolve(raw)

    def norm_label(self, raw: Any) -> str:
        """«A:Дух/1», «Дух#2/1» → the engine's label «<id>/<n>» (unknown stays as written)."""
        text = str(raw)
        card, sep, line = text.rpartition("/")
        if not sep:
            return text
        o = self.resolve_ref(card)
        return f"{o.id}/{line}" if o is not None else text

    def set_choices(self, inputs: Inputs, choices: dict | None) -> None:
        self.inputs = inputs
        self.interp = HeroesInterp(self)
        self.choices = {}
        for key, value in (choices or {}).items():
            if key == "order":
                self.choices[key] = value
            elif key == "point" and isinstance(value, dict):
                self.choices[key] = {self.norm_label(k): v for k, v in value.items()}
            else:
                self.choices[self.norm_label(key)] = value

    def raw_answer(self, label: str, key: str) -> Any:
        raw = self.choices.get(label)
        return raw.get(key) if isinstance(raw, dict) else None
