"""The state of a «Берсерк. Герои» game as the judge keeps it.

Zones (201.1): the shared play zone and each player's hand, deck, graveyard and stock.  A card
at the table is an ``Obj``: the printed card, its owner and controller, the zone, open/closed,
face-down (hidden), wounds (markers, 504.3), effects (120: ±strike, extra/negative lives,
усиление/ослабление, poison, stun, granted features, shields …), the «1 (X) раз за ход» markers
(113.5, 114.4) and the turn it came into play under its controller (108.5).  Coins are markers
in the play zone (522.2): open, closed, temporary.

A card that moves to a hand or a deck is a new object (201.4): it loses its effects and markers
(``Obj.reset``) and its generation ``gen`` grows, so a queued ability aimed at the old object
finds it gone (113.9).  A card that dies keeps its markers (205.3) and the queue reads its last
known information (403.1) from the snapshot taken at the move (``Lki``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from berserk.vocab import HEROES_EQUIPMENT, CardType, Element
from carddb.model import Card

PLAYERS = ("A", "B")
PLAY, HAND, DECK, GRAVEYARD, STOCK = "play", "hand", "deck", "graveyard", "stock"
#: Out of every zone: a part of a combined card (term:Часть) or a card mined under another
#: (term:Добывает) — neither is a card in play (term:Объединённая карта, term:Добывает).
PART, MINED = "part", "mined"
ZONES = (PLAY, HAND, DECK, GRAVEYARD, STOCK, PART, MINED)
ZONE_RU = {PLAY: "в игре", HAND: "в руке", DECK: "в колоде", GRAVEYARD: "на кладбище",
           STOCK: "в запасе", PART: "в составе объединённой карты", MINED: "под добывшей картой"}
#: Keys of ``Obj.over``: the non-base properties a card's text overwrote in play (104.3.1).
TYPE, ELEMENTS, CLASSES = "type", "elements", "classes"
#: Base properties each type has (107.1.1): a card that changes type keeps only these (109.2).
BASE_OF_TYPE = {CardType.HERO: ("life",), CardType.CREATURE: ("cost", "life", "strike_value"),
                CardType.SPELL: ("cost",), CardType.SUPPORT: ("cost",)}
#: Phases a scenario may start in and the engine reports (301–310).
PHASES = ("start", "main", "end", "over")

#: Per-turn markers of the rules' own actions (108.2, 108.3); an ability's marker is «L<n>».
ATTACKED = "attacked"
DEFENDED = "defended"


def other(player: str) -> str:
    return "B" if player == "A" else "A"


class EffKind:
    """Kinds of effects on a card (120.1–120.6); markers (wounds, coins, X-per-turn) are not
    effects."""

    STRIKE = "strike_mod"          # ±N к удару (106.3.1, 504.1.1)
    EXTRA_LIFE = "extra_life"      # 504.2
    NEG_LIFE = "negative_life"     # 504.4
    STRENGTHEN = "strengthen"      # эффект усиления: +1 удар, +1 жизнь
    WEAKEN = "weaken"              # эффект ослабления: −1 удар, −1 жизнь
    POISON = "poison"              # Отравление X (the largest acts)
    STUN = "stun"                  # Оглушение: does not open in its recovery phase
    GAIN = "gain"                  # a granted feature (value: a Feature)
    LOSE_ALL = "lose_features"     # «теряет особенности»
    SHIELD = "shield"              # «предотвратите следующие N ран» (516.4: the rest is kept)
    NO_OPEN = "no_open"            # «не открывается …»
    CONTROL = "control"            # control taken until a duration ends (519.5)
    INCARNATION = "incarnation"    # Инкарнация X on the card: kept in the graveyard (205.3)
    COST_NAMES = "cost_names"      # on a hero: cards with these names cost ±N (105.6)
    MATURE = "mature"              # эффект созревания on an Яйцо (term:Кладка, part 8)


@dataclass
class Eff:
    kind: str
    value: Any = 1
    source: str | None = None      # id of the card whose ability made it
    until: str | None = None       # a DurationKind; None: while the card stays in play
    player: str | None = None      # whose turn «вашего …» counts (the ability's controller)
    ts: int = 0


@dataclass
class Coin:
    open: bool = True
    until: str | None = None       # a temporary coin (522.4) goes back when this ends


@dataclass
class Obj:
    """One card of the game, in any zone."""

    id: str
    card: Card
    owner: str
    controller: str
    zone: str
    closed: bool = False
    hidden: bool = False
    wounds: int = 0
    effects: list[Eff] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)
    arrived: int | None = None
    prevented: int = 0             # wounds Броня X prevented this turn (its budget)
    gen: int = 0
    ts: int = 0
    created: bool = False          # «Созданный»: goes back to the stock instead (519.6.1)
    over: dict = field(default_factory=dict)            # TYPE / ELEMENTS / CLASSES (104.3.1)
    parts: list["Obj"] = field(default_factory=list)    # cards attached to it (combined card)
    host: "Obj | None" = None                           # the combined card it is a part of
    mined: list = field(default_factory=list)   # (card, zone it came from) it mined (Добывает)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the card has: a combined card has its parts' too (105.4)."""
        return (self.card.name,) + tuple(n for p in self.parts for n in p.names)

    @property
    def kind(self) -> CardType:
        return CardType(self.over.get(TYPE, self.card.card_type))

    @property
    def elements(self) -> tuple[Element, ...]:
        """Its elements now: overwritten in play (109.1), or the printed ones with its parts'
        (term:Объединённая карта); neutral only when it has none (107.2.1)."""
        if ELEMENTS in self.over:
            got = tuple(self.over[ELEMENTS])
        else:
            got = tuple(dict.fromkeys(e for c in self.cards for e in c.card.elements
                                      if e != Element.NEUTRAL))
        return got or (Element.NEUTRAL,)

    @property
    def neutral(self) -> bool:
        return self.elements == (Element.NEUTRAL,)

    @property
    def classes(self) -> tuple[str, ...]:
        if CLASSES in self.over:
            return tuple(self.over[CLASSES])
        return tuple(dict.fromkeys(c for o in self.cards for c in o.card.classes))

    @property
    def cards(self) -> tuple["Obj", ...]:
        """The card itself and its parts (a combined card, term:Присоединить)."""
        return (self,) + tuple(q for p in self.parts for q in p.cards)

    def base(self, prop: str) -> int | None:
        """A base property (104.2) as its type has it (107.1.1, 109.2): the sum over a
        combined card's parts (term:Объединённая карта); None when the type has none."""
        if prop not in BASE_OF_TYPE.get(self.kind, ()):
            return None
        return sum(getattr(o.card, prop) or 0 for o in self.cards)

    @property
    def is_hero(self) -> bool:
        return self.kind is CardType.HERO

    @property
    def is_creature(self) -> bool:
        return self.kind is CardType.CREATURE

    @property
    def is_character(self) -> bool:
        return self.kind in (CardType.HERO, CardType.CREATURE)

    @property
    def is_support(self) -> bool:
        return self.kind is CardType.SUPPORT

    @property
    def is_spell(self) -> bool:
        return self.kind is CardType.SPELL

    @property
    def support_class(self) -> str | None:
        return self.classes[0] if self.is_support and self.classes else None

    @property
    def is_equipment(self) -> bool:
        return self.support_class in HEROES_EQUIPMENT

    @property
    def in_play(self) -> bool:
        return self.zone == PLAY

    @property
    def ref(self) -> str:
        return f"{self.id}@{self.gen}"

    def count(self, kind: str) -> int:
        return sum(int(e.value) for e in self.effects if e.kind == kind)

    def has_effect(self, kind: str) -> bool:
        return any(e.kind == kind for e in self.effects)

    def reset(self) -> None:
        """A new object (201.4, 203.4, 204.4): no markers, no effects, open."""
        self.closed = self.hidden = False
        self.wounds = self.prevented = 0
        self.effects.clear()
        self.used.clear()
        self.over.clear()
        self.arrived = None
        self.gen += 1

    def snapshot(self) -> dict:
        return {"id": self.id, "zone": self.zone, "owner": self.owner,
                "controller": self.controller, "closed": self.closed, "wounds": self.wounds,
                "effects": [e.kind for e in self.effects]}


@dataclass(frozen=True)
class Lki:
    """Last known information about a card as it left a zone (403.1, 205.3)."""

    id: str
    gen: int
    name: str
    controller: str
    zone: str
    strike: int
    lives: int
    features: tuple


@dataclass
class Player:
    name: str
    hero: str | None = None
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)        # top first
    graveyard: list[str] = field(default_factory=list)   # bottom → top
    stock: list[str] = field(default_factory=list)
    coins: list[Coin] = field(default_factory=list)
    prayers: int = 0
    failed_draws: int = 0
    shuffled: bool = False
    drawn: int = 0                 # cards drawn this turn (527.2.2)
    next_hire: int = 0             # «следующий Найм сработает ещё раз» waiting (525.2)

    def zone(self, name: str) -> list[str]:
        return {HAND: self.hand, DECK: self.deck, GRAVEYARD: self.graveyard,
                STOCK: self.stock}[name]

    @property
    def open_coins(self) -> int:
        return sum(1 for c in self.coins if c.open)

    @property
    def closed_coins(self) -> int:
        return sum(1 for c in self.coins if not c.open)

    @property
    def temporary_coins(self) -> int:
        return sum(1 for c in self.coins if c.until is not None)


@dataclass
class Game:
    """The table: players, every card, whose turn, the phase and the result."""

    players: dict[str, Player]
    objs: dict[str, Obj] = field(default_factory=dict)
    first: str = "A"
    active: str = "A"
    turn: int = 3                  # global turn index; 1 = the first player's first turn
    phase: str = "main"
    result: str | None = None      # "A" | "B" | "draw" (601–605)
    clock: int = 0                 # timestamps: latest effect wins (111.3, 513.1, 523.1)
    wounded_this_turn: set[str] = field(default_factory=set)
    extra_turns: list[str] = field(default_factory=list)
    resume: str | None = None      # whose turn comes after the extra turns (term:Дополнительный ход)

    @property
    def winner(self) -> str | None:
        return self.result

    @property
    def inactive(self) -> str:
        return other(self.active)

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def hero(self, player: str) -> Obj | None:
        hid = self.players[player].hero
        return self.objs.get(hid) if hid else None

    def in_play(self, controller: str | None = None) -> list[Obj]:
        """Cards in the play zone (heroes first, then in the order they came), optionally of
        one controller."""
        out = [o for o in self.objs.values() if o.zone == PLAY
               and (controller is None or o.controller == controller)]
        return sorted(out, key=lambda o: (not o.is_hero, o.ts))

    def new_id(self, name: str) -> str:
        if name not in self.objs:
            return name
        n = 2
        while f"{name}#{n}" in self.objs:
            n += 1
        return f"{name}#{n}"

    def snapshot(self) -> dict:
        return {"turn": self.turn, "active": self.active, "phase": self.phase,
                "result": self.result,
                "players": {p: {"hand": list(pl.hand), "deck": len(pl.deck),
                                "graveyard": list(pl.graveyard), "coins_open": pl.open_coins,
                                "coins_closed": pl.closed_coins, "prayers": pl.prayers}
                            for p, pl in self.players.items()},
                "cards": [o.snapshot() for o in self.objs.values() if o.zone == PLAY]}
