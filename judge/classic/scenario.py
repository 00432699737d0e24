"""Scenario files: a situation at the table, the actions with their dice, and what must follow.

A scenario is at once a published ruling (title, question, set-up, actions, expected result and
citations) and a regression test of the engine.  Format (docs/judge.md has the full reference)::

    ruleset: classic
    title: Удар по закрытой карте
    question: Бросает ли кубик закрытая карта?
    cards:                          # inline cards; others come from the DB / bundled examples
      Копейщик: {life: 4, strike: 1-2-3, move: 1}
    turn: A                          # whose turn it is (first: who moved first, default A)
    board:
      A: {c3: Копейщик}
      B: {c4: {card: Копейщик, closed: true}}
    actions:
      - attack: {by: c3, target: c4, dice: [5]}
    expect:
      c4: {wounds: 2}
      cites: ["514.6"]

Loading validates everything it can and reports every problem at once, each with file:line:col
(``InputError``); a scenario that loads is then *run*: ``run`` applies the actions through the
engine and compares ``expect`` with the final table and the trace.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk.vocab import AttackKind as K
from berserk.vocab import CardType, Element
from carddb.lookup import CardIndex, card_index
from carddb.model import Card, CardFieldError
from berserk.errors import (
    AmbiguousError,
    InputError,
    Location,
    Problem,
    Report,
    UnknownNameError,
)
from berserk.text import fold
from berserk.yamlio import MDict, MList, load
from judge.classic import board
from judge import cites as C
from judge.classic.actions import host_problems
from judge.core.trace import Event
from judge.hosts import HostProblem
from judge.classic.board import AIR, ATTACHED, DECK, FIELD, GRAVEYARD, TERRAIN
from judge.classic.state import Piece, State
from rulings.lookup import cite_label

#: The rulesets the judge applies (judge/scenario.py hands each to its loader).
RULESETS = ("classic", "heroes-15")
TOP_KEYS = ("ruleset", "title", "question", "answer", "cards", "first", "turn", "board",
            "actions", "expect", "notes")
PIECE_KEYS = ("card", "closed", "hidden", "wounds", "counters", "poison", "moves_left", "acted",
              "symbiote", "equipment", "markers", "extra_lives", "moved", "used")
#: An attack verb is «attack» (the simple strike unless ``kind`` says otherwise) or the kind.
ABILITY_ATTACKS = (K.SHOT, K.THROW, K.DISCHARGE, K.UCHR, K.SPECIAL, K.MAGIC)
ATTACK_VERBS = ("attack",) + ABILITY_ATTACKS
VERBS = ATTACK_VERBS + ("start_turn", "end_turn", "start_fight", "move", "finish", "effect", "use",
                        "charge", "equip", "open", "anti_air")
ACTION_KEYS = ("by", "target", "targets", "to", "dice", "defender", "step_up", "x", "kind",
               "responses", "card", "host", "owner", "source", "ability", "choices", "order",
               "may", "option", "options")
EXPECT_CARD_KEYS = ("wounds", "lives", "closed", "hidden", "counters", "poison", "dead", "zone",
                    "cell", "moves_left", "acted", "host", "on", "extra_lives", "markers",
                    "effects", "empty")
EXPECT_KEYS = ("cites", "not_cites", "winner", "turn", "cancelled", "refused", "events", "order",
               "triggered")
ZONES = {"field": FIELD, "air": AIR, "terrain": TERRAIN, "graveyard": GRAVEYARD, "deck": DECK,
         "attached": ATTACHED}


# ---------------------------------------------------------------- the loaded scenario
@dataclass
class Action:
    verb: str
    args: dict
    line: int
    col: int
    responses: list[Action] = field(default_factory=list)


@dataclass
class Scenario:
    path: str
    text: str
    title: str
    question: str
    state: State
    actions: list[Action]
    expect: MDict | None
    ruleset: str = "classic"
    answer: str = ""
    moves_given: set[str] = field(default_factory=set)   # pieces whose moves_left is named
    occupants: dict[str, str] = field(default_factory=dict)   # cell → id of its card at the start


@dataclass
class Outcome:
    """A judged scenario: the trace, the final table, and which expectations failed."""

    file: str
    title: str
    question: str
    events: list[Event]
    failures: list[str]
    state: State
    answer: str = ""

    book = C.BOOK                         # the book its events cite

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict:
        return {"file": self.file, "title": self.title, "question": self.question,
                "answer": self.answer, "ok": self.ok, "failures": self.failures,
                "events": [e.to_dict(self.book) for e in self.events],
                "winner": self.state.winner, "state": self.state.snapshot()}


class _Loc:
    """Builds located problems for one file."""

    def __init__(self, path: str, text: str):
        self.path, self.text = path, text
        self.report = Report()
        self.moves_given: set[str] = set()      # pieces whose moves_left the file names

    def add(self, message: str, pos: tuple[int, int] | None) -> None:
        line, col = pos if pos and pos[0] else (None, None)
        self.report.problems.append(Problem(Location(self.path, line, col), message,
                                            self.text if line else None))


# ---------------------------------------------------------------- loading
def load_scenario(path: str | Path, db: str | None = None, text: str | None = None) -> Scenario:
    path = str(path)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise InputError.at(f"файл сценария не читается: {err}", path) from None
    doc = load(text, path)
    loc = _Loc(path, text)
    if not isinstance(doc, MDict):
        raise InputError.at("сценарий должен быть YAML-объектом (ruleset, board, actions …)",
                            path, 1, 1)
    for key in doc:
        if key not in TOP_KEYS:
            loc.add(unknown("поле сценария", key, TOP_KEYS), doc.key_pos.get(key))
    ruleset = str(doc.get("ruleset", "classic"))
    if ruleset != "classic":
        loc.add(UnknownNameError("правила", ruleset, RULESETS,
                                 head=f"правила «{ruleset}» судья не применяет").message
                + f" (есть: {', '.join(RULESETS)})", doc.pos("ruleset"))
    inline = _inline_cards(doc.get("cards"), doc, loc)
    # inline cards first, then the DB / bundled examples
    cards = CardIndex(inline, under=lambda: card_index(db))
    state = _build_state(doc, cards, loc)
    actions = _actions(doc.get("actions"), doc, loc)
    expect = doc.get("expect")
    if expect is not None and not isinstance(expect, MDict):
        loc.add("expect должен быть объектом", doc.pos("expect"))
        expect = None
    if expect is not None:
        _check_expect(expect, loc)
        _check_expect_refs(expect, state, loc)
    loc.report.raise_if_any()
    occupants = {p.cell: p.id for p in state.pieces.values() if p.zone == FIELD and p.cell}
    return Scenario(path, text, str(doc.get("title") or Path(path).stem),
                    str(doc.get("question") or ""), state, actions, expect, ruleset,
                    str(doc.get("answer") or ""), loc.moves_given, occupants)


def _rule(cid: str) -> str:
    """A clause as a message names it (its number or title, never the index id)."""
    return cite_label(C.BOOK, cid)


def unknown(what: str, key: Any, known) -> str:
    return UnknownNameError(what, key, known, head=f"неизвестное {what} «{key}»").message


def _inline_cards(raw, doc: MDict, loc: _Loc) -> dict[str, Card]:
    out: dict[str, Card] = {}
    if raw is None:
        return out
    if not isinstance(raw, MDict):
        loc.add("cards должен быть объектом «имя: {свойства}»", doc.pos("cards"))
        return out
    for name, props in raw.items():
        if props is None:
            props = MDict()
        if not isinstance(props, dict):
            loc.add(f"свойства карты «{name}» должны быть объектом", raw.pos(name))
            continue
        data = dict(props)
        data.setdefault("name", str(name))
        data.setdefault("element", Element.NEUTRAL)
        try:
            out[str(name)] = Card.from_dict(data)
        except CardFieldError as err:
            where = props.pos(err.field) if isinstance(props, MDict) else raw.pos(name)
            loc.add(f"карта «{name}», поле {err.field}: {err.message}", where)
    return out


def _card(name: Any, cards: CardIndex, loc: _Loc, pos) -> Card | None:
    if not isinstance(name, str) or not name.strip():
        loc.add(f"ожидалось имя карты, а не «{name}»", pos)
        return None
    card = cards.get(name)
    if card is None:
        loc.add(cards.unknown(name, otherwise=" (ни среди карт сценария, ни в базе)").message, pos)
    return card


def _build_state(doc: MDict, cards: CardIndex, loc: _Loc) -> State:
    first = str(doc.get("first", "A"))
    turn = str(doc.get("turn", first))
    for key, value in (("first", first), ("turn", turn)):
        if value not in board.PLAYERS:
            loc.add(f"{key}: игрок должен быть A или B, а не «{value}»", doc.pos(key))
    state = State(turn=turn if turn in board.PLAYERS else "A",
                  first=first if first in board.PLAYERS else "A")
    raw = doc.get("board")
    if not isinstance(raw, MDict):
        loc.add("нет поля board (расстановка: A: {клетка: карта}, B: {…})",
                doc.pos("board") if "board" in doc else (1, 1))
        return state
    taken: dict[str, tuple[int, int]] = {}
    for player, side in raw.items():
        if player not in board.PLAYERS:
            loc.add(f"игрок должен быть A или B, а не «{player}»", raw.key_pos.get(player))
            continue
        if side is None:
            continue
        if not isinstance(side, MDict):
            loc.add(f"расстановка игрока {player} должна быть объектом", raw.pos(player))
            continue
        for key, line, col in side.duplicates:
            loc.add(f"клетка {key} указана дважды: две карты на одной клетке", (line, col))
        terrains = 0
        for where, entry in side.items():
            pos = side.key_pos.get(where)
            if where in ("air", "graveyard", "deck", "terrain"):
                items = entry if isinstance(entry, list) else [entry]
                if where == "terrain":
                    terrains += len(items)
                for i, item in enumerate(items):
                    ipos = entry.pos(i) if isinstance(entry, MList) else side.pos(where)
                    _place(state, player, where, None, item, cards, loc, ipos)
                continue
            if not board.is_cell(where):
                if board.looks_like_cell(str(where)):
                    loc.add(f"клетка «{where}» вне поля: столбцы a–e, ряды 1–6 [{_rule(C.FIELD)}]", pos)
                else:
                    loc.add(unknown("место", where, list(board.ALL_CELLS[:3]) +
                                     ["air", "terrain", "graveyard", "deck"]), pos)
                continue
            if where in taken:
                loc.add(f"клетка {where} уже занята (строка {taken[where][0]}): две карты на "
                        "одной клетке", pos)
                continue
            taken[where] = pos
            _place(state, player, "field", where, entry, cards, loc, side.pos(where))
        if terrains > 1:
            loc.add(f"у игрока {player} {terrains} местности: во время боя у каждого игрока "
                    f"может быть только одна местность [{_rule(C.TERRAIN)}]", side.key_pos.get("terrain"))
    return state


def _place(state: State, player: str, zone: str, cell: str | None, entry, cards: CardIndex,
           loc: _Loc, pos) -> Piece | None:
    if isinstance(entry, MDict):
        props = entry
    else:                                    # the short form «c3: Латник»
        props = MDict({"card": entry})
        props.line, props.col = pos or (None, None)
    if isinstance(entry, MDict):
        for k in entry:
            if k not in PIECE_KEYS:
                loc.add(unknown("свойство карты на столе", k, PIECE_KEYS), entry.key_pos.get(k))
    card = _card(props.get("card"), cards, loc, props.pos("card") if "card" in props else pos)
    if card is None:
        return None
    zone_id = {"field": FIELD, "air": AIR, "terrain": TERRAIN, "graveyard": GRAVEYARD,
               "deck": DECK, "attached": ATTACHED}[zone]
    piece = Piece(id=state.new_id(card.name), card=card, owner=player, zone=zone_id, cell=cell,
                  order="first" if player == state.first else "second")
    for key, attr in (("closed", "closed"), ("hidden", "hidden"), ("acted", "acted")):
        if key in props:
            if not isinstance(props[key], bool):
                loc.add(f"{key}: ожидалось true или false", props.pos(key))
            else:
                setattr(piece, attr, props[key])
    for key in ("wounds", "counters", "poison", "moves_left", "extra_lives", "moved"):
        if key in props:
            v = props[key]
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                loc.add(f"{key}: ожидалось целое число ≥ 0, а не «{v}»", props.pos(key))
                continue
            if key == "poison":
                piece.markers["poison"] = v
            else:
                setattr(piece, key, v)
    _markers(piece, props, loc)
    _used(piece, props, loc)
    if "moves_left" not in props:
        piece.moves_left = piece.move or 0
    else:
        loc.moves_given.add(piece.id)
    if "counters" not in props:                 # «Начинает бой с фишкой»
        piece.counters = piece.kit.starts_with
    if piece.life and piece.wounds >= piece.lives + piece.wounds and zone_id != GRAVEYARD:
        loc.add(f"у «{card.name}» {piece.wounds} ран при {piece.life} жизнях — такая карта уже "
                f"на кладбище [{_rule(C.DEATH)}]", props.pos("wounds"))
    if zone_id == FIELD:
        if piece.flying:
            loc.add(f"«{card.name}» летает: после вскрытия летающие лежат в дополнительной зоне "
                    f"(air), а не на клетке [{_rule(C.FLYERS)}]", pos)
        if piece.kind in (CardType.TERRAIN, CardType.EQUIPMENT):
            loc.add(f"«{card.name}» ({piece.kind}) не ставится на клетку поля "
                    f"[{_rule(C.PLACEMENT_SPECIAL)}]", pos)
        if piece.hidden and not (player == state.second_player()
                                 and board.own_row_number(player, cell) == 3):
            loc.add(f"рубашкой вверх может лежать только карта третьего ряда второго игрока "
                    f"[{_rule(C.HIDDEN_ROW)}]", props.pos("hidden"))
    if zone_id == AIR and not piece.flying:
        loc.add(f"«{card.name}» не летает: в дополнительной зоне лежат летающие и местности "
                f"[{_rule(C.FLYERS)}]", pos)
    if zone_id == TERRAIN and piece.kind is not CardType.TERRAIN:
        loc.add(f"«{card.name}» — не местность [{_rule(C.TERRAIN)}]", pos)
    state.add(piece)
    for key, kind in (("symbiote", "symbiote"), ("equipment", "equipment")):
        if key not in props:
            continue
        items = props[key] if isinstance(props[key], list) else [props[key]]
        for i, item in enumerate(items):
            ipos = props[key].pos(i) if isinstance(props[key], MList) else props.pos(key)
            att = _place(state, player, "attached", None, item, cards, loc, ipos)
            if att is None:
                continue
            att.host = piece.id
            _check_attachment(state, piece, att, kind, loc, ipos)
    return piece


def _markers(piece: Piece, props: MDict, loc: _Loc) -> None:
    """``markers: {проклятие: 1, благословение: 2}`` or ``markers: [проклятие]`` (one each)."""
    raw = props.get("markers")
    if raw is None:
        return
    items = {str(m): 1 for m in raw} if isinstance(raw, list) else raw
    if not isinstance(items, dict):
        loc.add("markers: список имён маркеров или «имя: число»", props.pos("markers"))
        return
    for name, n in items.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            loc.add(f"markers: число маркеров «{name}» — целое ≥ 0, а не «{n}»",
                    props.pos("markers"))
        elif n:
            piece.markers[str(name)] = n


def _used(piece: Piece, props: MDict, loc: _Loc) -> None:
    """``used: [2]`` — the abilities on these lines were already used this turn (limits)."""
    raw = props.get("used")
    if raw is None:
        return
    if not isinstance(raw, list) or not all(isinstance(n, int) and n > 0 for n in raw):
        loc.add("used: список номеров строк текста, уже применённых в этот ход",
                props.pos("used"))
        return
    for n in raw:
        key = f"{piece.id}/{n}"
        piece.used[key] = piece.used.get(key, 0) + 1


def _check_attachment(state: State, host: Piece, att: Piece, kind: str, loc: _Loc, pos) -> None:
    if kind == "symbiote":
        if not att.symbiote:
            loc.add(f"«{att.name}» не симбиот [{_rule(C.SYMBIOTE)}]", pos)
        if host.is_artifact:
            loc.add(f"на артефакт нельзя помещать симбиотов [{_rule(C.ARTIFACT)}]", pos)
        if sum(1 for p in state.attached_to(host) if p.symbiote) > 1:
            loc.add(f"на одного хозяина можно поместить только одного симбиота [{_rule(C.SYMBIOTE)}]",
                    pos)
    else:
        problems = []
        if att.kind is not CardType.EQUIPMENT:
            problems.append(f"«{att.name}» не экипировка")
        bad = set(host_problems(host))
        if HostProblem.ARTIFACT in bad:
            problems.append(f"на артефакт нельзя помещать экипировку [{_rule(C.ARTIFACT)}]")
        elif HostProblem.NO_CLASS in bad:
            problems.append(f"у «{host.name}» нет класса")
        if bad & {HostProblem.FLYER, HostProblem.SYMBIOTE, HostProblem.INCORPOREAL}:
            problems.append("экипировку нельзя помещать на летающих, симбиотов и бестелесных")
        for p in problems:
            loc.add(f"{p} [{_rule(C.EQUIPMENT)}]", pos)
    host.forget_traits()


def _actions(raw, doc: MDict, loc: _Loc) -> list[Action]:
    if raw is None:
        return []
    if not isinstance(raw, MList):
        loc.add("actions должен быть списком", doc.pos("actions"))
        return []
    out = []
    for i, item in enumerate(raw):
        a = _action(item, raw.pos(i), loc)
        if a is not None:
            out.append(a)
    return out


#: Verbs that need no arguments may be written bare («- start_fight»).
BARE_VERBS = ("start_fight", "end_turn")


def _action(item, pos, loc: _Loc) -> Action | None:
    if isinstance(item, str) and item in BARE_VERBS:
        args = MDict()
        args.line, args.col = pos or (None, None)
        item = MDict({item: args})
        item.line, item.col = pos or (None, None)
        item.key_pos = {k: pos for k in item}
    if not isinstance(item, MDict) or len(item) != 1:
        loc.add("каждое действие — объект с одним ключом: attack, move, start_turn …", pos)
        return None
    verb, args = next(iter(item.items()))
    apos = item.pos(verb)
    if verb not in VERBS:
        loc.add(unknown("действие", verb, VERBS), item.key_pos.get(verb))
        return None
    if args is None and verb in BARE_VERBS:
        args = MDict()
        args.line, args.col = apos
    if not isinstance(args, MDict):
        # short forms: «start_turn: B», «charge: c2», «open: c3», «anti_air: c2»
        args = MDict({"target" if verb == "open" else "by": args})
        args.line, args.col = apos
        args.val_pos = {k: apos for k in args}
    for k in args:
        if k not in ACTION_KEYS:
            loc.add(unknown("поле действия", k, ACTION_KEYS), args.key_pos.get(k))
    dice = args.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool)
                                             and 1 <= d <= 6 for d in dice):
        loc.add(f"dice: броски — список чисел от 1 до 6, а не «{dice}»", args.pos("dice"))
    ability = args.get("ability")
    if "ability" in args and (not isinstance(ability, int) or isinstance(ability, bool)
                              or ability < 1):
        loc.add(f"ability: номер строки текста карты (1, 2 …), а не «{ability}»",
                args.pos("ability"))
    if verb in ATTACK_VERBS + ("move", "finish", "effect", "use", "charge", "anti_air") \
            and "by" not in args:
        loc.add(f"у действия {verb} нет поля by (кто действует)", apos)
    if verb in ATTACK_VERBS + ("finish",) and "target" not in args:
        loc.add(f"у действия {verb} нет поля target (цель)", apos)
    if "choices" in args and not isinstance(args["choices"], dict):
        loc.add("choices — объект «карта/строка: выбор» (например c3/2: {target: d4})",
                args.pos("choices"))
    for key in ("order", "targets"):
        if key in args and not isinstance(args[key], list):
            loc.add(f"{key} — список", args.pos(key))
    if verb == "equip" and not {"card", "host"} <= set(args):
        loc.add("у equip нужны поля card (экипировка) и host (хозяин)", apos)
    if verb == "move" and "to" not in args:
        loc.add("у move нет поля to (клетка или список клеток пути)", apos)
    for key in ("by", "target", "defender", "host"):
        v = args.get(key)
        if isinstance(v, str) and board.looks_like_cell(v) and not board.is_cell(v):
            loc.add(f"клетка «{v}» вне поля: столбцы a–e, ряды 1–6 [{_rule(C.FIELD)}]", args.pos(key))
    to = args.get("to")
    for cell in (to if isinstance(to, list) else [to] if to is not None else []):
        if not board.is_cell(cell):
            loc.add(f"клетка «{cell}» вне поля: столбцы a–e, ряды 1–6 [{_rule(C.FIELD)}]", args.pos("to"))
    action = Action(verb, args, *apos)
    resp = args.get("responses")
    if resp is not None:
        if not isinstance(resp, MList):
            loc.add("responses — список внезапных действий", args.pos("responses"))
        else:
            for i, r in enumerate(resp):
                sub = _action(r, resp.pos(i), loc)
                if sub is not None:
                    action.responses.append(sub)
    return action


#: List expectations that say «at least these» (an empty one would say nothing: refused).
AT_LEAST = ("cites", "not_cites", "events", "order")


def _check_expect(expect: MDict, loc: _Loc) -> None:
    for key, value in expect.items():
        if key in AT_LEAST + ("triggered",) and not isinstance(value, list):
            loc.add(f"expect.{key} — список", expect.pos(key))
            continue
        if key in AT_LEAST and not value:
            loc.add(f"expect.{key}: пустой список ничего не проверяет — уберите его или "
                    "назовите, что ожидается", expect.pos(key))
            continue
        if key in ("cites", "not_cites"):
            for i, cid in enumerate(value):
                problem = _clause_problem(str(cid))
                if problem:
                    loc.add(problem, value.pos(i) if isinstance(value, MList) else expect.pos(key))
        elif key in EXPECT_KEYS:
            continue
        elif isinstance(value, MDict):
            for k in value:
                if k not in EXPECT_CARD_KEYS:
                    loc.add(unknown("ожидаемое свойство", k, EXPECT_CARD_KEYS),
                            value.key_pos.get(k))
        else:
            loc.add(f"expect.{key}: ожидался объект свойств карты ({', '.join(EXPECT_CARD_KEYS[:4])} …) "
                    f"или одно из полей {', '.join(EXPECT_KEYS)}", expect.key_pos.get(key))


def _check_expect_refs(expect: MDict, state: State, loc: _Loc) -> None:
    """A card named in ``expect`` must be one the scenario puts on the table (a typo there
    would otherwise read as a failed ruling)."""
    for key, value in expect.items():
        if key in EXPECT_KEYS or not isinstance(value, MDict):
            continue
        pos = expect.key_pos.get(key)
        if board.is_cell(key):
            continue
        if board.looks_like_cell(str(key)):
            loc.add(f"клетка «{key}» вне поля: столбцы a–e, ряды 1–6 [{_rule(C.FIELD)}]", pos)
            continue
        try:
            found = find_piece(state, str(key))
        except AmbiguousError as err:
            loc.add(f"{err}; укажите клетку или id", pos)
            continue
        if found is None:
            loc.add(UnknownNameError("карта", key, [p.id for p in state.pieces.values()],
                                     missing="не участвует в сценарии").message, pos)


def _clause_problem(cid: str) -> str | None:
    known = C.book_ids()
    if cid in known:
        return None
    return UnknownNameError("пункт", cid, known, missing=f"не найден в книге {C.BOOK}",
                            quoted=False).message


# ---------------------------------------------------------------- references
def find_piece(state: State, ref) -> Piece | None:
    """A card by cell (``c3``), id (``Копейщик#2``), name, or ``A:имя``."""
    if not isinstance(ref, str):
        return None
    if board.is_cell(ref):
        return state.at(ref)
    if ref in state.pieces:
        return state.pieces[ref]
    owner = None
    if len(ref) > 2 and ref[1] == ":" and ref[0] in board.PLAYERS:
        owner, ref = ref[0], ref[2:]
    key = fold(ref.strip())
    found = [p for p in state.pieces.values()
             if fold(p.name) == key and (owner is None or p.owner == owner)]
    alive = [p for p in found if p.on_table]
    if len(alive) == 1 or (len(found) == 1):
        return (alive or found)[0]
    if len(alive) > 1 or len(found) > 1:
        raise AmbiguousError("Карта", ref, [f"{p.id} ({p.where})" for p in (alive or found)])
    return None


def scenario_files(paths) -> list[Path]:
    """Every ``*.yaml`` under the given files and directories, in a stable order."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(list(p.rglob("*.yaml")) + list(p.rglob("*.yml"))))
        else:
            out.append(p)
    return out
