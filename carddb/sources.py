"""Readers: card lists in three formats → ``Card`` values.

    >>> from carddb.sources import read_cards
    >>> result = read_cards("carddb/examples/cards.yaml")
    >>> result.format, len(result.cards) > 20, result.problems
    ('canonical', True, [])

Formats (detected from the content; ``format=`` forces one):

``tgbot``
    the Telegram-bot JSON (a list of objects with ``stats`` and ``abilities``); icons are emoji,
    abilities are separated by '|'.  Text goes through ``grammar.icons.normalise`` and every
    repair it made is kept on the card (``Card.repairs``) and listed as a warning.
``nxt``
    berserk-nxt ``data.json`` (``color`` bit flags, ``type`` codes, ``hit``, ``icons``,
    ``text`` with ``{code}``).  Icons with a value > 0 are printed on the card as icons, not in
    ``text``: they become their own first lines of the canonical text («{zom}.», «{ova}1.»).
``canonical``
    the project's own YAML or JSON: a list of cards (or ``{cards: [...]}``) in ``Card.to_dict``
    form (docs/carddb.md).

``problems`` are errors (the build refuses them; the other cards are still read so that every
problem is listed at once).  ``warnings`` are source defects that were repaired or that leave a
field unknown; they are reported and stored, never fatal.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from berserk import yamlio
from berserk.errors import InputError, Location, Problem
from berserk.vocab import CardType, Element
from berserk.yamlio import MDict, MList
from carddb.model import Card, CardFieldError, parse_strike
from grammar.icons import normalise

FORMATS = ("tgbot", "nxt", "canonical")


@dataclass
class ReadResult:
    cards: list[Card]
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    format: str | None = None
    path: str = ""


# ---------------------------------------------------------------- entry point
def read_cards(path: str | Path, format: str | None = None) -> ReadResult:
    """Read one card file; never raises on bad content (problems are listed instead)."""
    path = Path(path)
    label = str(path)
    result = ReadResult([], path=label)
    if format is not None and format not in FORMATS:
        result.problems.append(Problem(Location(label), f"неизвестный формат «{format}»; "
                                       "допустимы: " + ", ".join(FORMATS)))
        return result
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        result.problems.append(Problem(Location(label), "файл не найден"))
        return result
    except (OSError, UnicodeDecodeError) as err:
        result.problems.append(Problem(Location(label), f"файл не читается: {err}"))
        return result

    is_yaml = path.suffix.lower() in (".yaml", ".yml")
    lines: dict[int, int] = {}
    try:
        if is_yaml:
            data, lines = _load_yaml(raw, label)
        else:
            data = json.loads(raw)
    except json.JSONDecodeError as err:
        result.problems.append(Problem(Location(label, err.lineno, err.colno),
                                       f"битый JSON: {err.msg}", raw))
        return result
    except InputError as err:
        result.problems.extend(err.problems)
        return result

    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    fmt = format or detect_format(data, is_yaml)
    result.format = fmt
    if fmt is None:
        result.problems.append(Problem(Location(label), "неизвестный формат файла карт: ожидался "
                                       "список карт tgbot, berserk-nxt data.json или канонический "
                                       "YAML/JSON (см. docs/carddb.md); укажите --format"))
        return result
    if not isinstance(data, list):
        result.problems.append(Problem(Location(label), "ожидался список карт"))
        return result
    reader = {"tgbot": _read_tgbot, "nxt": _read_nxt, "canonical": _read_canonical}[fmt]
    reader(data, result, lines)
    _check_duplicates(result, lines)
    return result


def detect_format(data: Any, is_yaml: bool = False) -> str | None:
    """'tgbot' | 'nxt' | 'canonical' from the shape of the first entries, or None."""
    if is_yaml:
        return "canonical"
    if not isinstance(data, list) or not data:
        return None
    sample = [d for d in data[:5] if isinstance(d, dict)]
    if not sample:
        return None
    if all("stats" in d and "abilities" in d for d in sample):
        return "tgbot"
    if all("hit" in d or "color" in d or "set_id" in d for d in sample):
        return "nxt"
    if all("name" in d and ("element" in d or "elements" in d) for d in sample):
        return "canonical"
    return None


# ---------------------------------------------------------------- helpers
def _where(result: ReadResult, index: int, name: Any, field_name: str | None,
           lines: dict[int, int]) -> tuple[Location, str]:
    """Location and a Russian prefix naming the card and the field."""
    who = f"карта №{index + 1}" + (f" «{name}»" if isinstance(name, str) and name else "")
    if field_name:
        who += f", поле «{field_name}»"
    return Location(result.path, lines.get(index)), who


def _problem(result: ReadResult, index: int, name: Any, field_name: str | None, message: str,
             lines: dict[int, int], warning: bool = False) -> None:
    loc, who = _where(result, index, name, field_name, lines)
    (result.warnings if warning else result.problems).append(Problem(loc, f"{who}: {message}"))


def _load_yaml(raw: str, label: str) -> tuple[Any, dict[int, int]]:
    """YAML data plus the 1-based line of each card of the list (for located problems)."""
    data = yamlio.load(raw, label, what="битый YAML")
    cards = data.get("cards") if isinstance(data, MDict) else data
    lines = {i: cards.pos(i)[0] for i in range(len(cards))} if isinstance(cards, MList) else {}
    return data, lines


def _check_duplicates(result: ReadResult, lines: dict[int, int]) -> None:
    seen: dict[tuple[str, str], int] = {}
    for index, card in enumerate(result.cards):
        key = (card.set, card.name.casefold().replace("ё", "е"))
        if key in seen:
            loc = Location(result.path, None)
            result.problems.append(Problem(loc, f"карта «{card.name}»: имя повторяется в сете "
                                           f"«{card.set}» (уже было у карты №{seen[key] + 1})"))
        else:
            seen[key] = index


def _int_field(value: Any, field_name: str, message: str) -> int:
    """An integer field of a source card; ``CardFieldError(field_name, message)`` otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        return int(value)
    raise CardFieldError(field_name, message)


# ---------------------------------------------------------------- tgbot
TGBOT_TERRAIN_CLASSES = frozenset({"горы", "болото", "пустыня", "река", "лес", "степь"})


def _read_list(data: list, result: ReadResult, lines: dict[int, int], build,
               expected: str = "ожидался объект карты") -> None:
    """Every entry through ``build`` (→ Card or None after listing its problems); a bad entry
    is reported and the others are still read."""
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            _problem(result, index, None, None, expected, lines)
            continue
        card = build(item, index, result, lines)
        if card is not None:
            result.cards.append(card)


def _read_tgbot(data: list, result: ReadResult, lines: dict[int, int]) -> None:
    # The «Нашествие тьмы» file has ``abilities: null`` on every card: the source lacks the
    # text, so null means *unknown* there.  In a file with texts, null is still what the
    # source says — it cannot tell «no abilities» from «missing» — so it stays unknown too.
    _read_list(data, result, lines, _tgbot_card)


def _tgbot_card(item: dict, index: int, result: ReadResult, lines) -> Card | None:
    name = item.get("name")
    before = len(result.problems)
    notes: list[str] = []

    def bad(field_name: str, message: str) -> None:
        _problem(result, index, name, field_name, message, lines)

    def note(field_name: str, message: str) -> None:
        notes.append(f"{field_name}: {message}")
        _problem(result, index, name, field_name, message, lines, warning=True)

    if not isinstance(name, str) or not name.strip():
        bad("name", "у карты нет имени")
    elif name != name.strip():
        note("name", "лишние пробелы вокруг имени убраны")
    stats = item.get("stats")
    if not isinstance(stats, dict):
        bad("stats", "нет блока stats")
        stats = {}
    cost = None
    try:
        cost = _int_field(item.get("cost"), "cost",
                          f"стоимость должна быть числом, а не «{item.get('cost')}»")
    except CardFieldError as err:
        bad(err.field, err.message)
    life = None
    raw_life = stats.get("lifeCount")
    try:
        life = _int_field(raw_life, "stats.lifeCount", f"жизни должны быть числом, а не «{raw_life}»")
    except CardFieldError as err:
        bad(err.field, err.message)
    elements: tuple[Element, ...] = ()
    element = Element.of(str(item.get("element") or ""))
    if element is None:
        bad("element", f"неизвестная стихия «{item.get('element')}»")
    else:
        elements = (element,)
    raw_class = item.get("class")
    classes: tuple[str, ...] = ()
    if isinstance(raw_class, str):
        parts = raw_class.split(",")
        classes = tuple(p.strip() for p in parts if p.strip())
        if any(p != p.strip() for p in parts[:1]) or raw_class != raw_class.strip():
            note("class", f"лишние пробелы в классе «{raw_class}» убраны")
    strike = None
    raw_hit = stats.get("simpleHit")
    try:
        strike = parse_strike(raw_hit)
    except CardFieldError as err:
        bad("stats.simpleHit", err.message)
    if strike is None and raw_hit not in (None, ""):
        pass                                # «--»: the card does not strike (terrain, buildings)
    elif strike is not None and not (strike[0] <= strike[1] <= strike[2]):
        note("stats.simpleHit", f"удар «{raw_hit}» не возрастает — так в источнике")

    raw_move = stats.get("walkCount")
    move: int | str | None = None
    flying = False
    move_text = "" if raw_move is None else str(raw_move).strip()
    if move_text.casefold().replace("ё", "е") == "полет":
        flying = True
    elif move_text.isdigit():
        move = int(move_text)
    elif move_text in ("X", "Х"):
        move = "X"
    elif move_text in ("", "NaN"):
        note("stats.walkCount", f"ход не указан в источнике («{move_text}»): неизвестен")
    else:
        bad("stats.walkCount", f"ход должен быть числом или «Полет», а не «{raw_move}»")

    terrain = (life == 0 and strike is None and
               (move in (0, None)) and not flying)
    if terrain:
        card_type, life, move = CardType.TERRAIN, None, None
    elif flying:
        card_type = CardType.FLYER
    else:
        card_type = CardType.CREATURE

    text = item.get("abilities")
    repairs: list[str] = list(notes)
    if text is not None and not isinstance(text, str):
        bad("abilities", "текст способностей должен быть строкой")
        text = None
    if isinstance(text, str):
        norm = normalise(text, separator="|", name=name if isinstance(name, str) else None)
        for repair in norm.repairs:
            repairs.append(f"text: {repair}")
            _problem(result, index, name, "abilities", f"исправлено: {repair}", lines, warning=True)
        text = norm.text
    for flag in ("elite", "uniqueness"):
        if not isinstance(item.get(flag), bool):
            bad(flag, f"ожидалось true или false, а не «{item.get(flag)}»")
    number = item.get("index")
    if len(result.problems) > before:
        return None
    return Card(
        name=name.strip(), set=str(item.get("set") or ""),
        number=number if isinstance(number, int) else None, elements=elements,
        card_type=card_type, cost=cost, elite=item["elite"], unique=item["uniqueness"],
        life=life, move=move, flying=flying, strike=strike, classes=classes,
        rarity=item.get("rarity") or None, text=text, repairs=tuple(repairs),
    )


# ---------------------------------------------------------------- berserk-nxt
NXT_SETS = {10: "Война стихий", 20: "Нашествие тьмы", 21: "Легенды Лаара",
            22: "Русы против ящеров", 30: "Семена раздора", 40: "Ложные боги",
            50: "Путь хранителей"}
NXT_COLORS = {1: Element.STEPPE, 2: Element.MOUNTAINS, 4: Element.FOREST, 8: Element.SWAMP,
              16: Element.DARKNESS, 32: Element.NEUTRAL}
# berserk-nxt const.json «creature_types»: 0 Нелетающее, 1 Летающее, 2 Компаньон, 3 Паразит,
# 4 Артефакт, 5 Местность.  «Паразит» is the card that lives on a host: our «симбиот».
NXT_TYPES = {0: CardType.CREATURE, 1: CardType.FLYER, 2: CardType.COMPANION,
             3: CardType.SYMBIOTE, 4: CardType.ARTIFACT, 5: CardType.TERRAIN}
NXT_RARITIES = {1: "Частая", 2: "Необычная", 3: "Редкая", 4: "Ультраредкая"}
# Icons that carry a number on the card («{ova}1.»): printed when the number is > 0.
NXT_NUMBERED_ICONS = frozenset({"ova", "ovz", "ovs", "regen", "armor"})
# Icons printed as a bare keyword («{zom}.»), whatever the value: berserk-nxt stores these
# flags with the value 0 (zor, zoo, direct, stamina …), so the value says nothing here.
NXT_FLAG_ICONS = frozenset({"zov", "zot", "zoo", "zoal", "zom", "zoz", "zor", "direct", "stamina"})
# Every other code with value 0 is a search tag of berserk-nxt (sht, fin, lep …), not printed.
NXT_PRINTED_ICONS = NXT_NUMBERED_ICONS | NXT_FLAG_ICONS


def _read_nxt(data: list, result: ReadResult, lines: dict[int, int]) -> None:
    _read_list(data, result, lines, _nxt_card)


def nxt_icon_lines(icons: dict) -> list[str]:
    """Canonical lines for the icons printed on an nxt card, in a stable order: a numbered
    icon with its number when it is > 0 («{ova}1.»), a flag icon whatever its value
    («{zor}.»: berserk-nxt writes flags as 0).  Other codes with value 0 are search tags and
    are not printed."""
    out = []
    for code in sorted(icons or {}):
        value = icons[code]
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if code in NXT_NUMBERED_ICONS:
            if value > 0:
                out.append(f"{{{code}}}{value}.")
        elif code in NXT_FLAG_ICONS or value > 0:
            # an unknown code with a number is printed too: the grammar names it Unknown
            # rather than the reader dropping it
            out.append(f"{{{code}}}.")
    return out


def _nxt_card(item: dict, index: int, result: ReadResult, lines) -> Card | None:
    name = item.get("name")
    before = len(result.problems)
    notes: list[str] = []

    def bad(field_name: str, message: str) -> None:
        _problem(result, index, name, field_name, message, lines)

    if not isinstance(name, str) or not name.strip():
        bad("name", "у карты нет имени")
    ints: dict[str, int | None] = {}
    for key in ("cost", "life", "move"):
        raw = item.get(key)
        if raw is None and key != "cost":
            ints[key] = None
            continue
        try:
            ints[key] = _int_field(raw, key, f"ожидалось число, а не «{raw}»")
        except CardFieldError as err:
            bad(err.field, err.message)
            ints[key] = None
    color = item.get("color")
    elements: tuple[Element, ...] = ()
    if not isinstance(color, int) or isinstance(color, bool) or color <= 0 or color >= 64:
        bad("color", f"битовая маска стихий должна быть числом 1–63, а не «{color}»")
    else:
        elements = tuple(NXT_COLORS[bit] for bit in sorted(NXT_COLORS) if color & bit)
    type_code = item.get("type", 0)
    card_type = NXT_TYPES.get(type_code) if isinstance(type_code, int) else None
    if card_type is None:
        bad("type", f"неизвестный код типа «{type_code}»; известны: "
            + ", ".join(f"{k}={v}" for k, v in NXT_TYPES.items()))
        card_type = CardType.CREATURE
    strike = None
    if item.get("hit") is not None:
        try:
            strike = parse_strike(item.get("hit"))
        except CardFieldError as err:
            bad("hit", err.message)
    text = item.get("text")
    if text is not None and not isinstance(text, str):
        bad("text", "текст должен быть строкой")
        text = None
    icons = item.get("icons") or {}
    if not isinstance(icons, dict):
        bad("icons", "icons должен быть объектом {код: число}")
        icons = {}
    if text is not None or icons:
        # nxt text separates abilities by '. ' on one line; the grammar splits sentences
        # itself, so it stays one line.  Icons printed on the card come first, as on the card.
        body = normalise(text).text if text else ""
        text = "\n".join(nxt_icon_lines(icons) + ([body] if body else []))
    set_id = item.get("set_id")
    set_name = NXT_SETS.get(set_id) if isinstance(set_id, int) else None
    if set_name is None:
        set_name = f"сет {set_id}"
        notes.append(f"set_id: неизвестный сет {set_id}")
        _problem(result, index, name, "set_id", f"неизвестный сет {set_id}: назван «{set_name}»",
                 lines, warning=True)
    classes = item.get("class") or []
    if isinstance(classes, str):
        classes = [classes]
    elite = item.get("elite", False)
    if len(result.problems) > before:
        return None
    return Card(                                    # a flyer's move is dropped by Card itself
        name=name.strip(), set=set_name, number=item.get("number"), elements=elements,
        card_type=card_type, cost=ints["cost"], elite=elite in (True, 1, "1"),
        unique=bool(item.get("uniq", False)), life=ints["life"],
        move=ints["move"], strike=strike,
        classes=tuple(str(c).strip() for c in classes if str(c).strip()),
        rarity=NXT_RARITIES.get(item.get("rarity")) if item.get("rarity") else None,
        text=text, repairs=tuple(notes),
    )


# ---------------------------------------------------------------- canonical
def _read_canonical(data: list, result: ReadResult, lines: dict[int, int]) -> None:
    _read_list(data, result, lines, _canonical_card, "ожидался объект карты (name, element, …)")


def _canonical_card(item: dict, index: int, result: ReadResult, lines) -> Card | None:
    try:
        card = Card.from_dict(item)
    except CardFieldError as err:
        for one in getattr(err, "errors", [err]):
            _problem(result, index, item.get("name"), one.field, one.message, lines)
        return None
    if isinstance(card.text, str):
        norm = normalise(card.text)
        if norm.text != card.text:
            card = replace(card, text=norm.text)
    return card


__all__ = ["FORMATS", "ReadResult", "detect_format", "read_cards", "nxt_icon_lines"]
