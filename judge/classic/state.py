"""The table: the 5×6 field, the additional zone, decks and graveyards, and each card's state.

``Card`` (carddb.model) is the immutable printed card; ``Piece`` is that card *at the table*:
owner, where it lies, open or closed, wounds, counters (фишки), markers (poison …), its host
when it is a symbiote or equipment, moves left and whether it acted this turn.

The state is mutable on purpose: a scenario is a sequence of actions applied to one table, and
the engine (judge/engine.py) is the only writer.  ``State.copy`` gives an independent table for
"what if" questions (odds, property tests).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache

from berserk.vocab import CardType
from carddb.model import Card
from judge.classic import board
from judge.classic.board import AIR, ATTACHED, FIELD, GRAVEYARD, TERRAIN, ZONE_RU
from judge.classic.kit import Kit, kit_of
from judge.classic.traits import Traits


@lru_cache(maxsize=64)
def _kind(card_type) -> CardType:
    t = CardType.get(card_type)
    return t if t is not None and not t.creature else CardType.CREATURE


@dataclass(eq=False)
class Piece:
    id: str
    card: Card
    owner: str
    zone: str = FIELD
    cell: str | None = None
    closed: bool = False
    hidden: bool = False                 # face down (the second player's third row)
    wounds: int = 0
    counters: int = 0
    markers: dict[str, int] = field(default_factory=dict)
    host: str | None = None              # symbiote / equipment: the piece it sits on
    moves_left: int = 0
    acted: bool = False
    armor_used: int = 0                  # wounds armour has already stopped this turn
    opened_by_effect: bool = False       # opened in the opponent's turn by an effect
    order: str | None = None             # "first" / "second": the owner's turn order
    extra_lives: int = 0                 # lives above the printed life (effects, markers)
    effects: list = field(default_factory=list)     # temporary grants (continuous.Temp)
    moved: int = 0                       # cells moved this turn
    moved_dirs: dict[str, int] = field(default_factory=dict)   # direction → cells this turn
    used: dict[str, int] = field(default_factory=dict)         # «N раз за ход»: key → uses
    used_fight: dict[str, int] = field(default_factory=dict)   # «N раз за бой»
    wounded_turn: int = 0                # wounds received this turn
    hits: int = 0                        # attacks that wounded it this turn
    hit_kinds: list[str] = field(default_factory=list)   # … their kinds, in order
    defended: int = 0                    # times it defended this turn
    attacks: int = 0                     # attacks it made this turn (as its action)
    struck: list[str] = field(default_factory=list)   # ids it attacked by its strikes this turn
    died_at: str | None = None           # the cell it stood on when it died («стоявшие с ним …»)
    killer: tuple | None = None          # (card id, kind) whose wounds left it no lives
    _traits: Traits | None = field(default=None, repr=False)
    # the card and its turn order never change: what follows from them is read once, as plain
    # attributes (the rules ask them at every step)
    kit: Kit = field(init=False, repr=False)
    kind: CardType = field(init=False, repr=False)     # artefact, terrain, equipment or creature
    name: str = field(init=False, repr=False)
    life: int = field(init=False, repr=False)          # printed lives
    is_creature: bool = field(init=False, repr=False)
    is_artifact: bool = field(init=False, repr=False)
    flying: bool = field(init=False, repr=False)       # the card type is in the kit
    incorporeal: bool = field(init=False, repr=False)
    symbiote: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        card = self.card
        kit = self.kit = kit_of(card.text, card.name, self.order, card.type_keywords)
        kind = self.kind = _kind(card.card_type)
        self.name = card.name
        self.life = card.life or 0
        self.is_creature = kind is CardType.CREATURE
        self.is_artifact = kind is CardType.ARTIFACT
        self.flying, self.incorporeal, self.symbiote = kit.flying, kit.incorporeal, kit.symbiote
        self._traits = kit.base               # until equipment comes (``forget_traits``)

    # ------------------------------------------------------------ what the card is
    def forget_traits(self) -> None:
        """Drop the cached traits with equipment merged in: equipment came or went."""
        self._traits = None

    @property
    def base_traits(self) -> Traits:
        """The printed traits (without equipment, conditions, auras or temporary grants)."""
        return self.kit.base

    @property
    def lives(self) -> int:
        """Lives left (may go to 0 or below for the moment before death is checked)."""
        return self.life + self.extra_lives - self.wounds

    @property
    def strike(self) -> tuple[int, int, int]:
        return self.card.strike or (0, 0, 0)

    @property
    def move(self) -> int | None:
        """Move points per turn; None for «X» (never moves) and for flyers."""
        m = self.card.move
        if self.flying or m is None or (isinstance(m, str) and m.upper() in ("X", "Х")):
            return None
        return int(m)

    @property
    def on_table(self) -> bool:
        return self.zone in (FIELD, AIR, TERRAIN, ATTACHED)

    @property
    def where(self) -> str:
        if self.zone == FIELD:
            return self.cell or "?"
        if self.zone == ATTACHED:
            return f"на {self.host}"
        return ZONE_RU[self.zone]

    def label(self) -> str:
        return f"{self.card.name} ({self.where})"

    def snapshot(self) -> dict:
        return {"id": self.id, "name": self.card.name, "owner": self.owner, "zone": self.zone,
                "cell": self.cell, "closed": self.closed, "hidden": self.hidden,
                "wounds": self.wounds, "lives": self.lives, "counters": self.counters,
                "markers": dict(self.markers), "host": self.host,
                "moves_left": self.moves_left, "acted": self.acted,
                "extra_lives": self.extra_lives,
                "effects": [f"{t.source}/{t.line}" for t in self.effects]}

    def key(self) -> tuple:
        """Everything a ruling may change about this card, as a comparable value (the property
        «a cancelled action changes nothing» compares these)."""
        return (self.id, self.owner, self.zone, self.cell, self.closed, self.hidden, self.wounds,
                self.counters, tuple(sorted(self.markers.items())), self.host, self.moves_left,
                self.acted, self.armor_used, self.opened_by_effect, self.extra_lives,
                tuple((t.source, t.line, t.until, t.ends_at, t.what) for t in self.effects),
                self.moved, tuple(sorted(self.moved_dirs.items())),
                tuple(sorted(self.used.items())), tuple(sorted(self.used_fight.items())),
                self.wounded_turn, self.hits, tuple(self.hit_kinds), self.defended, self.attacks,
                tuple(self.struck), self.died_at, self.killer)


@dataclass
class Delayed:
    """A delayed effect waiting for its moment («…, в конце хода …» inside an ability): the
    card and line it comes from, the moment (a turn's start or end, of whom), its effects and
    what the ability had named by then (the attacked card, «it», the chosen cell)."""

    holder: str                          # the id of the card whose ability made it
    line: int
    text: str
    node: object                         # the ``Triggered`` node (its effects)
    moment: str                          # TurnEvent.TURN_START / TURN_END
    player: str | None                   # whose turn's start / end; None — whichever comes
    refs: dict = field(default_factory=dict)
    guard: str | None = None
    cites: tuple = ()

    def key(self) -> tuple:
        return (self.holder, self.line, self.moment, self.player,
                tuple(sorted((k, getattr(v, "id", v)) for k, v in self.refs.items())))


@dataclass
class CellMarker:
    """A marker card text puts on a cell of the field (a «костёр» marker laid on an empty cell
    until the opponent's turn ends): its name, until when, and whether the cell with it
    counts as occupied («клетка с маркером … считается занятой»)."""

    name: str
    source: str                          # the card whose text put it
    until: str
    ends_at: int | None                  # the turn index at whose end it goes (None: the fight)
    occupied: bool = False

    def key(self) -> tuple:
        return (self.name, self.source, self.until, self.ends_at, self.occupied)


@dataclass
class State:
    turn: str = "A"                      # the active player
    first: str = "A"                     # who moved first (turn.order)
    turn_number: int = 1
    turn_index: int = 1                  # every turn of either player counts one (durations)
    pieces: dict[str, Piece] = field(default_factory=dict)
    winner: str | None = None
    delayed: list[Delayed] = field(default_factory=list)   # delayed effects, in order made
    last_action: tuple[str, str] | None = None   # (card id, what) of the last action this turn
    rolled: dict[str, int] = field(default_factory=dict)   # player → dice rolled this turn
    cell_markers: dict[str, list] = field(default_factory=dict)   # cell → [CellMarker]

    # ------------------------------------------------------------ queries
    def at(self, cell: str) -> Piece | None:
        """The card standing on ``cell`` (not its symbiote or equipment)."""
        for p in self.pieces.values():
            if p.zone == FIELD and p.cell == cell:
                return p
        return None

    def occupied(self, cell: str) -> bool:
        """A card stands there — or a marker that makes the cell count as occupied."""
        if self.cell_markers and any(m.occupied for m in self.cell_markers.get(cell, ())):
            return True
        return self.at(cell) is not None

    def attached_to(self, piece: Piece) -> list[Piece]:
        return [p for p in self.pieces.values() if p.zone == ATTACHED and p.host == piece.id]

    def host_of(self, piece: Piece) -> Piece | None:
        return self.pieces.get(piece.host) if piece.host else None

    def on_table(self, owner: str | None = None) -> list[Piece]:
        return [p for p in self.pieces.values()
                if p.on_table and (owner is None or p.owner == owner)]

    def creatures(self, owner: str) -> list[Piece]:
        return [p for p in self.on_table(owner) if p.is_creature]

    def graveyard(self, owner: str | None = None) -> list[Piece]:
        return [p for p in self.pieces.values()
                if p.zone == GRAVEYARD and (owner is None or p.owner == owner)]

    def position(self, piece: Piece) -> str | None:
        """The cell a piece occupies, following a symbiote or equipment to its host."""
        if piece.zone == FIELD:
            return piece.cell
        if piece.zone == ATTACHED:
            host = self.host_of(piece)
            return host.cell if host else None
        return None

    def second_player(self) -> str:
        return board.other(self.first)

    # ------------------------------------------------------------ changes
    def add(self, piece: Piece) -> Piece:
        self.pieces[piece.id] = piece
        if piece.host and piece.host in self.pieces:
            self.pieces[piece.host].forget_traits()
        return piece

    def new_id(self, base: str) -> str:
        if base not in self.pieces:
            return base
        n = 2
        while f"{base}#{n}" in self.pieces:
            n += 1
        return f"{base}#{n}"

    def copy(self) -> State:
        return copy.deepcopy(self)

    def snapshot(self) -> dict:
        return {"turn": self.turn, "first": self.first, "turn_number": self.turn_number,
                "winner": self.winner,
                "cards": [p.snapshot() for p in self.pieces.values()]}

    def key(self) -> tuple:
        """The whole table as a comparable value (see ``Piece.key``)."""
        return (self.turn, self.first, self.turn_number, self.turn_index, self.winner,
                tuple(p.key() for p in self.pieces.values()),
                tuple(d.key() for d in self.delayed), self.last_action,
                tuple(sorted(self.rolled.items())),
                tuple(sorted((c, tuple(m.key() for m in ms))
                             for c, ms in self.cell_markers.items())))
