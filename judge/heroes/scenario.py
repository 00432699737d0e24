"""Scenario files of «Берсерк. Герои» (``ruleset: heroes-15``): the table, the actions, what must
follow.  docs/heroes.md is the reference (in Russian) with examples; in short::

    ruleset: heroes-15
    title: Защитник принимает удар, направленный в героя
    source: {own: true}            # or {rules: "509.1", example: 1} / {faq: …, entry: 7}
    cards:                         # inline Heroes cards (type, classes, element, cost, life,
      Степной рубака: {type: существо, cost: 3, life: 4, strike: 3, text: "Рывок."}
    turn: A                        # the active player (first: who moved first, default A)
    turn_number: 5                 # 1 = the first player's first turn
    players:
      A: {hero: Вождь, coins: 3, hand: [...], deck: [Волк, 10], play: [Степной рубака]}
      B: {hero: {card: Жрица, wounds: 3}, coins: {open: 0, closed: 3}, play: [...]}
    actions:
      - attack: {by: Степной рубака, target: B.hero, defender: Лесной страж}
    expect:
      B.hero: {wounds: 0}
      cites: ["509.1"]

Loading validates everything it can and reports every problem at once, each at file:line:col
with did-you-mean (``InputError``, exit 2).  This module builds the table into a ``Game``;
judge/heroes/script.py reads the actions, judge/heroes/expect.py the expectations, and
judge/heroes/run.py puts them together (``load_scenario``, ``run``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from berserk.errors import AmbiguousError, InputError, Location, Problem, Report, UnknownNameError
from berserk.text import fold
from berserk.vocab import CardType, Element
from berserk.vocab import DurationKind as D
from berserk.vocab import Game as GameKind
from berserk.yamlio import MDict, MList, load
from carddb.lookup import CardIndex, card_index
from carddb.model import Card, CardFieldError
from judge.heroes import cites as C
from judge.heroes.model import (DEFENDED, ATTACKED, DECK, GRAVEYARD, HAND, PLAY, PLAYERS, STOCK,
                                Coin, EffKind, Eff, Game, Obj, Player, other)
from judge.heroes.fromgrammar import read
from judge.heroes.wording import Feature

RULESET = "heroes-15"
TOP_KEYS = ("ruleset", "title", "question", "answer", "source", "cards", "first", "turn",
            "turn_number", "phase", "players", "actions", "expect", "notes")
PLAYER_KEYS = ("hero", "coins", "prayers", "hand", "deck", "graveyard", "stock", "play",
               "failed_draws")
CARD_KEYS = ("card", "closed", "wounds", "new", "owner", "hidden", "used", "defended",
             "attacked", "effects", "created")
EFFECT_KEYS = ("strike", "extra_lives", "negative_lives", "strengthen", "weaken", "poison",
               "stun", "no_open", "shield", "lose_features", "gain")
SOURCE_KEYS = ("rules", "example", "faq", "file", "entry", "own", "based_on")
#: A card of the deck the scenario does not name (``deck: [12]``).
FILLER = Card(name="карта колоды", game=GameKind.HEROES, card_type=CardType.CREATURE,
              elements=(Element.NEUTRAL,), cost=1, life=1, strike_value=1)
DEFAULT_HERO_LIFE = 20
#: Durations a scenario may give an effect already on a card (``until:``).
UNTIL = {"end_of_turn": D.END_OF_TURN, "end_of_your_turn": D.END_OF_YOUR_TURN,
         "start_of_turn": D.UNTIL_NEXT_TURN, "start_of_your_turn": D.UNTIL_YOUR_NEXT_TURN}


@dataclass
class Scenario:
    path: str
    text: str
    title: str
    question: str
    answer: str
    source: Any
    game: Game
    actions: list
    expect: MDict | None
    ruleset: str = RULESET
    cites_seen: tuple[str, ...] = ()


class Loc:
    """Located problems of one file."""

    def __init__(self, path: str, text: str):
        self.path, self.text = path, text
        self.report = Report()

    def add(self, message: str, pos: tuple[int, int] | None) -> None:
        line, col = pos if pos and pos[0] else (None, None)
        self.report.problems.append(Problem(Location(self.path, line, col), message,
                                            self.text if line else None))


def _strings(v: Any) -> bool:
    return isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))


def unknown(what: str, key: Any, known) -> str:
    return UnknownNameError(what, key, known, head=f"неизвестное {what} «{key}»").message


# ---------------------------------------------------------------- loading
def check_keys(d: MDict, known: tuple[str, ...], what: str, loc: Loc) -> None:
    for k in d:
        if k not in known:
            loc.add(unknown(what, k, known), d.key_pos.get(k))


def inline_cards(raw, doc: MDict, loc: Loc) -> dict[str, Card]:
    out: dict[str, Card] = {}
    if raw is None:
        return out
    if not isinstance(raw, MDict):
        loc.add("cards должен быть объектом «имя: {свойства}»", doc.pos("cards"))
        return out
    for name, props in raw.items():
        props = props if props is not None else MDict()
        if not isinstance(props, dict):
            loc.add(f"свойства карты «{name}» должны быть объектом", raw.pos(name))
            continue
        shape = [k for k in ("classes", "class", "element", "elements")
                 if k in props and not _strings(props[k])]
        shape += [k for k in ("text", "type", "rarity", "set") if k in props
                  and not isinstance(props[k], str)]
        for k in shape:
            loc.add(f"карта «{name}», поле {k}: ожидалась строка" + (" или список строк" if k in
                    ("classes", "class", "element", "elements") else ""), props.pos(k)
                    if isinstance(props, MDict) else raw.pos(name))
        if shape:
            continue
        data = dict(props)
        data.setdefault("name", str(name))
        data.setdefault("game", GameKind.HEROES)
        if "elements" not in data:
            data.setdefault("element", Element.NEUTRAL)
        if data.get("element") in ([], ()):
            data["element"] = Element.NEUTRAL
        try:
            card = Card.from_dict(data)
        except CardFieldError as err:
            for e in getattr(err, "errors", [err]):
                where = props.pos(e.field) if isinstance(props, MDict) and e.field in props \
                    else raw.pos(name)
                loc.add(f"карта «{name}», поле {e.field}: {e.message}", where)
            continue
        if card.card_type in (CardType.HERO, CardType.CREATURE) and card.life is None:
            loc.add(f"карта «{name}»: у героя и существа есть жизни (life) [{C.TYPE_PROPERTIES}]",
                    raw.pos(name))
        out[str(name)] = card
    return out


class Builder:
    """Builds the Game of a scenario, reporting every problem."""

    def __init__(self, doc: MDict, cards: CardIndex, loc: Loc):
        self.doc, self.cards, self.loc = doc, cards, loc
        self.inline = CardIndex(cards._by_key.values(), label="карты сценария")
        self.game = Game(players={p: Player(p) for p in PLAYERS})

    def card(self, name: Any, pos) -> Card | None:
        if not isinstance(name, str) or not name.strip():
            self.loc.add(f"ожидалось имя карты, а не «{name}»", pos)
            return None
        card = self.cards.get(name)
        if card is None:
            self.loc.add(self.inline.unknown(name, otherwise=" (опишите её в cards: тип, "
                                             "стоимость, жизни, удар, текст)").message, pos)
            return None
        if card.game != GameKind.HEROES:
            self.loc.add(f"«{name}» — карта классической игры; в сценарии «Героев» опишите карту "
                         f"в cards (type: существо / заклинание / поддержка / герой)", pos)
            return None
        return card

    def new_obj(self, card: Card, owner: str, zone: str) -> Obj:
        g = self.game
        o = Obj(id=g.new_id(card.name), card=card, owner=owner, controller=owner, zone=zone,
                ts=g.tick())
        g.objs[o.id] = o
        return o

    def build(self) -> Game:
        doc, loc, g = self.doc, self.loc, self.game
        first = str(doc.get("first", "A"))
        turn = str(doc.get("turn", first))
        for key, value in (("first", first), ("turn", turn)):
            if value not in PLAYERS:
                loc.add(f"{key}: игрок должен быть A или B, а не «{value}»", doc.pos(key))
        g.first = first if first in PLAYERS else "A"
        g.active = turn if turn in PLAYERS else g.first
        n = doc.get("turn_number", 3 if g.active == g.first else 4)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            loc.add(f"turn_number: номер хода партии — целое ≥ 1, а не «{n}»", doc.pos("turn_number"))
            n = 3
        if n == 1 and g.active != g.first:
            loc.add(f"turn_number: 1 — это первый ход первого игрока ({g.first}), а ходит "
                    f"{g.active} [{C.FIRST_TURN}]", doc.pos("turn_number"))
        if (n % 2 == 1) != (g.active == g.first):
            loc.add(f"turn_number {n}: {'нечётные' if n % 2 else 'чётные'} ходы — ходы игрока "
                    f"{g.first if n % 2 else other(g.first)}, а ходит {g.active}",
                    doc.pos("turn_number"))
        g.turn = n
        phase = str(doc.get("phase", "main"))
        if phase not in ("main", "start"):
            loc.add(unknown("фаза", phase, ("main", "start")), doc.pos("phase"))
            phase = "main"
        g.phase = phase
        raw = doc.get("players")
        if raw is not None and not isinstance(raw, MDict):
            loc.add("players: объект «A: {…}, B: {…}»", doc.pos("players"))
            raw = None
        raw = raw or MDict()
        for p in raw:
            if p not in PLAYERS:
                loc.add(f"игрок должен быть A или B, а не «{p}»", raw.key_pos.get(p))
        sides = {}
        for p in PLAYERS:
            side = raw.get(p)
            if side is not None and not isinstance(side, MDict):
                loc.add(f"players.{p}: объект (hero, coins, hand, deck, play …)", raw.pos(p))
                side = None
            sides[p] = (side or MDict(), raw.pos(p) if p in raw else doc.pos("players"))
        # heroes and cards in play first: they get the plain ids («Волк»), the copies in hands
        # and decks «Волк#2» — a name means the card in play first
        for p in PLAYERS:
            self.player(p, *sides[p])
        for p in PLAYERS:
            self.in_play(p, *sides[p])
        for p in PLAYERS:
            self.zones(p, sides[p][0])
        return g

    # ---------------------------------------------------------------- one player
    def player(self, p: str, side: MDict, pos) -> None:
        check_keys(side, PLAYER_KEYS, "поле игрока", self.loc)
        g, pl = self.game, self.game.players[p]
        hero_raw = side.get("hero")
        if hero_raw is None or (isinstance(hero_raw, MDict) and "card" not in hero_raw):
            props = hero_raw if isinstance(hero_raw, MDict) else MDict()
            check_keys(props, CARD_KEYS + ("life",), "свойство героя", self.loc)
            life = props.get("life", DEFAULT_HERO_LIFE)
            if not isinstance(life, int) or isinstance(life, bool) or life < 1:
                self.loc.add(f"life: начальные жизни героя — целое ≥ 1, а не «{life}»",
                             props.pos("life"))
                life = DEFAULT_HERO_LIFE
            card = Card(name=f"Герой {p}", game=GameKind.HEROES, card_type=CardType.HERO,
                        elements=(Element.NEUTRAL,), life=life)
            hero = self.new_obj(card, p, PLAY)
            self.flags(hero, props, PLAY)
        else:
            hero = self.entry(p, hero_raw, side.pos("hero"), PLAY, want_hero=True)
        if hero is not None:
            pl.hero = hero.id
        self.coins(pl, side)
        for key in ("prayers", "failed_draws"):
            v = side.get(key, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                self.loc.add(f"{key}: целое число ≥ 0, а не «{v}»", side.pos(key))
            else:
                setattr(pl, key, v)
        if pl.failed_draws >= 3:
            self.loc.add(f"failed_draws {pl.failed_draws}: на третий раз игрок уже проиграл "
                         f"[{C.DRAW_PHASE}]", side.pos("failed_draws"))

    def zones(self, p: str, side: MDict) -> None:
        g, pl = self.game, self.game.players[p]
        for zone in (HAND, DECK, GRAVEYARD, STOCK):
            items = side.get(zone, [])
            if not isinstance(items, list):
                self.loc.add(f"{zone}: список карт", side.pos(zone))
                continue
            for i, item in enumerate(items):
                ipos = items.pos(i) if isinstance(items, MList) else side.pos(zone)
                if zone == DECK and isinstance(item, int) and not isinstance(item, bool):
                    for _ in range(max(item, 0)):
                        o = Obj(id=f"?{p}{len(g.objs)}", card=FILLER, owner=p, controller=p,
                                zone=DECK)
                        g.objs[o.id] = o
                        pl.deck.append(o.id)
                    continue
                o = self.entry(p, item, ipos, zone)
                if o is not None:
                    pl.zone(zone).append(o.id)

    def in_play(self, p: str, side: MDict, pos) -> None:
        play = side.get("play", [])
        if not isinstance(play, list):
            self.loc.add("play: список карт в игре (герой — в hero)", side.pos("play"))
            play = []
        for i, item in enumerate(play):
            ipos = play.pos(i) if isinstance(play, MList) else side.pos("play")
            self.entry(p, item, ipos, PLAY)
        self.supports(p, side.pos("play") if "play" in side else pos)

    def coins(self, pl: Player, side: MDict) -> None:
        raw = side.get("coins", 0)
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
            pl.coins = [Coin(True) for _ in range(raw)]
            return
        if isinstance(raw, MDict):
            check_keys(raw, ("open", "closed", "temporary"), "поле монет", self.loc)
            counts = {}
            for k in ("open", "closed", "temporary"):
                v = raw.get(k, 0)
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    self.loc.add(f"coins.{k}: целое число ≥ 0, а не «{v}»", raw.pos(k))
                    v = 0
                counts[k] = v
            pl.coins = ([Coin(True) for _ in range(counts["open"])]
                        + [Coin(False) for _ in range(counts["closed"])]
                        + [Coin(True, "end_of_turn") for _ in range(counts["temporary"])])
            return
        self.loc.add(f"coins: число открытых монет или {{open: N, closed: N}}, а не «{raw}»",
                     side.pos("coins"))

    def entry(self, p: str, item, pos, zone: str, want_hero: bool = False) -> Obj | None:
        if isinstance(item, MDict):
            props = item
            check_keys(props, CARD_KEYS, "свойство карты", self.loc)
        else:
            props = MDict({"card": item})
            props.line, props.col = pos or (None, None)
        card = self.card(props.get("card"), props.pos("card") if "card" in props else pos)
        if card is None:
            return None
        if want_hero != (card.card_type == CardType.HERO):
            if want_hero:
                self.loc.add(f"hero: «{card.name}» — не герой ({card.card_type}) "
                             f"[{C.HERO}]", pos)
            else:
                self.loc.add(f"«{card.name}» — герой: герой указывается в поле hero, он всегда в "
                             f"игре [{C.HERO}]", pos)
            return None
        if zone == PLAY and card.card_type == CardType.SPELL:
            self.loc.add(f"«{card.name}» — заклинание: в игровой зоне заклинаний не бывает "
                         f"(разыгранное уходит на кладбище) [{C.SPELL_PLAY}]", pos)
            return None
        owner = str(props.get("owner", p))
        if owner not in PLAYERS:
            self.loc.add(f"owner: A или B, а не «{owner}»", props.pos("owner"))
            owner = p
        if owner != p and zone != PLAY:
            self.loc.add(f"owner: чужая карта бывает только в игре под контролем (в руке, "
                         f"колоде и на кладбище карты владельца) [{C.HAND_OWNER}]",
                         props.pos("owner"))
        o = self.new_obj(card, owner, zone)
        o.controller = p
        self.flags(o, props, zone)
        return o

    def flags(self, o: Obj, props: MDict, zone: str) -> None:
        loc = self.loc
        for key in ("closed", "hidden", "new", "defended", "attacked", "created"):
            if key in props and not isinstance(props[key], bool):
                loc.add(f"{key}: true или false, а не «{props[key]}»", props.pos(key))
        o.closed = bool(props.get("closed", False))
        o.hidden = bool(props.get("hidden", False))
        o.created = bool(props.get("created", False))
        if props.get("new"):
            if not o.is_creature:
                loc.add("new: слабость первого хода бывает только у существ "
                        f"[{C.HERO_NO_WEAKNESS}, {C.SUPPORT_NO_WEAKNESS}]", props.pos("new"))
            o.arrived = self.game.turn
        elif zone == PLAY:
            o.arrived = self.game.turn - 2
        if props.get("defended"):
            o.used[DEFENDED] = 1
        if props.get("attacked"):
            o.used[ATTACKED] = 1
        used = props.get("used", [])
        if not isinstance(used, list) or not all(isinstance(n, int) and n > 0 for n in used):
            loc.add("used: номера особенностей, уже использованных в этот ход (1, 2 …)",
                    props.pos("used"))
        else:
            for n in used:
                o.used[f"L{n}"] = o.used.get(f"L{n}", 0) + 1
        w = props.get("wounds", 0)
        if not isinstance(w, int) or isinstance(w, bool) or w < 0:
            loc.add(f"wounds: целое число ≥ 0, а не «{w}»", props.pos("wounds"))
            w = 0
        if w and (o.is_support or zone != PLAY):
            loc.add(f"wounds: раны бывают только у персонажей в игре [{C.SUPPORT_NOT_ATTACKED}]",
                    props.pos("wounds"))
            w = 0
        o.wounds = w
        self.effects(o, props)
        if zone == PLAY and o.is_character and (o.card.life or 0) > 0 and \
                o.wounds >= (o.card.life or 0) + o.count(EffKind.EXTRA_LIFE) \
                - o.count(EffKind.NEG_LIFE) + o.count(EffKind.STRENGTHEN) - o.count(EffKind.WEAKEN):
            loc.add(f"у «{o.name}» {o.wounds} ран — жизней не осталось, такая карта уже "
                    f"{'погибла' if o.is_creature else 'проиграла'} [{C.DESTROYED}]",
                    props.pos("wounds"))

    def effects(self, o: Obj, props: MDict) -> None:
        raw = props.get("effects")
        if raw is None:
            return
        if not isinstance(raw, MDict):
            self.loc.add("effects: объект (strike, extra_lives, poison, gain …)",
                         props.pos("effects"))
            return
        check_keys(raw, EFFECT_KEYS, "эффект", self.loc)
        ints = {"strike": EffKind.STRIKE, "extra_lives": EffKind.EXTRA_LIFE,
                "negative_lives": EffKind.NEG_LIFE, "strengthen": EffKind.STRENGTHEN,
                "weaken": EffKind.WEAKEN, "poison": EffKind.POISON, "shield": EffKind.SHIELD}
        for key, kind in ints.items():
            if key in raw:
                v, until = raw[key], None
                if isinstance(v, MDict):               # {value: 2, until: end_of_turn}
                    check_keys(v, ("value", "until"), "поле эффекта", self.loc)
                    until = v.get("until")
                    if until is not None and (not isinstance(until, str) or until not in UNTIL):
                        self.loc.add(unknown("срок", until, tuple(UNTIL)), v.pos("until"))
                        until = None
                    v = v.get("value", 1)
                if not isinstance(v, int) or isinstance(v, bool) or (v < 0 and key != "strike"):
                    self.loc.add(f"effects.{key}: целое число, а не «{v}»", raw.pos(key))
                elif v:
                    o.effects.append(Eff(kind, v, until=UNTIL.get(until), player=o.controller,
                                         ts=self.game.tick()))
        for key, kind in (("stun", EffKind.STUN), ("no_open", EffKind.NO_OPEN),
                          ("lose_features", EffKind.LOSE_ALL)):
            if raw.get(key):
                o.effects.append(Eff(kind, 1, ts=self.game.tick(),
                                     until="next_turn" if key == "no_open" else None))
        gains = raw.get("gain", [])
        for i, g in enumerate(gains if isinstance(gains, list) else [gains]):
            text = g.get("text") if isinstance(g, dict) else g
            until = g.get("until") if isinstance(g, dict) else None
            until = UNTIL.get(until) if isinstance(until, str) else None
            feats = read(str(text), o.name)
            for f in feats:
                if f.reason:
                    self.loc.add(f"effects.gain: «{text}» — {f.reason}", raw.pos("gain"))
                else:
                    o.effects.append(Eff(EffKind.GAIN, Feature(0, f.text, f.node), until=until,
                                         ts=self.game.tick()))

    def supports(self, p: str, pos) -> None:
        seen: dict[str, str] = {}
        for o in self.game.in_play(p):
            cls = o.support_class
            if cls is None:
                continue
            if cls in seen:
                self.loc.add(f"у игрока {p} две карты поддержки класса «{cls}» ({seen[cls]}, "
                             f"«{o.name}»): в игре может быть только одна [{C.SUPPORT_ONE_CLASS}]",
                             pos)
            seen[cls] = f"«{o.name}»"


# ---------------------------------------------------------------- references
def find(game: Game, ref: Any) -> Obj | None:
    """A card of the game: ``A.hero``, ``A:Имя`` (A's card: in play first, then hand, graveyard,
    deck, stock), ``Имя#2`` (its id), ``Имя`` when unique (in play first).  Raises
    ``AmbiguousError`` when a name fits several cards."""
    if isinstance(ref, Obj):
        return ref
    if not isinstance(ref, str) or not ref.strip():
        return None
    ref = ref.strip()
    if len(ref) >= 6 and ref[0] in PLAYERS and fold(ref[1:]) == ".hero":
        return game.hero(ref[0])
    if "#" in ref and ref in game.objs:
        return game.objs[ref]
    owner = None
    if len(ref) > 2 and ref[1] == ":" and ref[0] in PLAYERS:
        owner, ref = ref[0], ref[2:].strip()
        if "#" in ref and ref in game.objs and (game.objs[ref].controller == owner
                                                or game.objs[ref].owner == owner):
            return game.objs[ref]
    key = fold(ref)
    found = [o for o in game.objs.values() if fold(o.name) == key
             and (owner is None or (o.controller if o.zone == PLAY else o.owner) == owner)]
    if len(found) <= 1:
        if not found and ref in game.objs:
            return game.objs[ref]
        return found[0] if found else None
    for zone in (PLAY, HAND, GRAVEYARD, DECK, STOCK):
        here = [o for o in found if o.zone == zone]
        if len(here) == 1:
            return here[0]
        if len(here) > 1:
            first = [o for o in here if o.id == ref]
            if first:
                return first[0]            # «Волк» is the first copy, «Волк#2» the second
            break
    raise AmbiguousError("Карта", ref, [f"{o.id} ({o.controller if o.zone == PLAY else o.owner}, "
                                        f"{o.zone})" for o in found])


def read_doc(path: str | Path, text: str | None) -> tuple[str, str, MDict]:
    path = str(path)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise InputError.at(f"файл сценария не читается: {err}", path) from None
    doc = load(text, path)
    if not isinstance(doc, MDict):
        raise InputError.at("сценарий должен быть YAML-объектом (ruleset, players, actions …)",
                            path, 1, 1)
    return path, text, doc


def cards_for(doc: MDict, loc: Loc, db: str | None) -> CardIndex:
    inline = inline_cards(doc.get("cards"), doc, loc)
    return CardIndex(inline, under=lambda: card_index(db))

