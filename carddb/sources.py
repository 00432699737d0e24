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
field unknown; they are reported and stored, never fatal.  A problem repeated on many cards
(the same field, the same message: a file read with the wrong ``--format``) is listed once, with
how many cards have it and the first few of them.

Hostile files are problems too, never exceptions: ``-`` is standard input; the bytes, size and
nesting limits are ``berserk.files`` (JSON) and ``berserk.yamlio`` (YAML); every field is
type-checked and every number range-checked here (``MAX_STAT`` …), before anything reaches
SQLite (an integer ≥ 2**63 cannot be stored at all).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from berserk import files, yamlio
from berserk.errors import InputError, Location, Problem
from berserk.text import plural, shorten
from berserk.vocab import CardType, Element
from berserk.yamlio import MDict, MList
from carddb.model import Card, CardFieldError, parse_strike
from grammar.icons import normalise

FORMATS = ("tgbot", "nxt", "canonical")
#: Largest cost, life, move or strike value a card may have (real cards: 0–15).
MAX_STAT = 9999
#: Largest card number within a set.
MAX_NUMBER = 99999
#: Largest number written in a card's text («Броня 5»); a longer one is a broken file.
MAX_TEXT_NUMBER = 999_999_999
#: Text fields a number may stand in (a set called 2024, a rarity code).
NUMBER_NAMED = frozenset({"set", "rarity"})
#: How many cards a repeated problem names before «и ещё N».
SHOWN_REPEATS = 3


@dataclass
class ReadResult:
    cards: list[Card]
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    format: str | None = None
    path: str = ""
    #: sha256 (hex) of the bytes read — standard input cannot be read twice to hash it
    sha256: str = ""
    # (location, card, field, message) of each card problem / warning, folded into
    # ``problems`` / ``warnings`` at the end of ``read_cards`` (repeats listed once)
    card_problems: list[tuple[Location, str, str, str]] = field(default_factory=list, repr=False)
    card_warnings: list[tuple[Location, str, str, str]] = field(default_factory=list, repr=False)
    #: the texts are as written, not normalised (``read_cards(..., normalised=False)``)
    raw_texts: bool = False


# ---------------------------------------------------------------- entry point
def read_cards(path: str | Path, format: str | None = None,
               normalised: bool = True) -> ReadResult:
    """Read one card file (``-``: standard input); never raises on bad content (problems are
    listed instead).  ``normalised=False``: a canonical list's texts are left as written
    (``raw_texts``; the build normalises them in its worker processes, carddb.build)."""
    label = files.label(path)
    result = ReadResult([], path=label)
    if format is not None and format not in FORMATS:
        result.problems.append(Problem(Location(label), f"неизвестный формат «{format}»; "
                                       "допустимы: " + ", ".join(FORMATS)))
        return result
    lines: dict[int, int] = {}
    try:
        data = files.read_bytes(path, "файл карт")
        result.sha256 = hashlib.sha256(data).hexdigest()
        raw = files.decode(data, label)
        is_yaml = _is_yaml(path, raw)
        if is_yaml:
            data, lines = _load_yaml(raw, label)
        else:
            data = files.load_json(raw, label)
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
    if fmt == "canonical" and not normalised:
        reader = partial(_read_canonical, normalise_texts=False)
        result.raw_texts = True
    reader(data, result, lines)
    _fold_repeats(result)
    detected = detect_format(data, is_yaml)
    if format is not None and result.problems and detected not in (None, format):
        result.problems.insert(0, Problem(Location(label), f"файл похож на формат «{detected}», "
                                          f"а указан --format {format}"))
    _check_duplicates(result, lines)
    return result


def _is_yaml(path: str | Path, raw: str) -> bool:
    """YAML by the extension; standard input by its first character (JSON opens with [ or {)."""
    if files.is_stdin(path):
        return raw.lstrip()[:1] not in ("[", "{")
    return Path(path).suffix.lower() in (".yaml", ".yml")


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
def _problem(result: ReadResult, index: int, name: Any, field_name: str | None, message: str,
             lines: dict[int, int], warning: bool = False) -> None:
    who = f"карта №{index + 1}" + (f" «{shorten(name)}»" if isinstance(name, str) and name else "")
    entry = (Location(result.path, lines.get(index)), who, field_name or "", message)
    (result.card_warnings if warning else result.card_problems).append(entry)


def _fold_repeats(result: ReadResult) -> None:
    """Card problems into ``problems`` (warnings into ``warnings``): one Problem per distinct
    (field, message), naming the card — or, repeated, how many cards and the first few."""
    for raw, out in ((result.card_problems, result.problems),
                     (result.card_warnings, result.warnings)):
        groups: dict[tuple[str, str], list[tuple[Location, str]]] = {}
        for loc, who, field_name, message in raw:
            groups.setdefault((field_name, message), []).append((loc, who))
        for (field_name, message), cards in groups.items():
            where = f"поле «{field_name}»: " if field_name else ""
            if len(cards) == 1:
                loc, who = cards[0]
                out.append(Problem(loc, f"{who}, {where}{message}" if where
                                   else f"{who}: {message}"))
                continue
            shown = ", ".join(who.removeprefix("карта ") for _, who in cards[:SHOWN_REPEATS])
            more = len(cards) - SHOWN_REPEATS
            n = len(cards)
            out.append(Problem(cards[0][0], f"{where}{message} — у {n} "
                               f"{plural(n, 'карты', 'карт', 'карт')}: {shown}"
                               + (f" и ещё {more}" if more > 0 else "")))
        raw.clear()


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
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,30}\s*", value):
        return int(value)
    raise CardFieldError(field_name, message)


def _in_range(card: Card, index: int, result: ReadResult, lines) -> Card | None:
    """``card`` if every number of it is in range, else None after listing each one out of
    range (the same check for every format: SQLite cannot store an integer ≥ 2**63, and no
    card has a cost of a million)."""
    numbers = [("cost", card.cost, MAX_STAT), ("life", card.life, MAX_STAT),
               ("move", card.move, MAX_STAT), ("number", card.number, MAX_NUMBER)]
    numbers += [("strike", n, MAX_STAT) for n in card.strike or ()]
    bad = False
    for field_name, value, top in numbers:
        if isinstance(value, int) and not 0 <= value <= top:
            _problem(result, index, card.name, field_name,
                     f"число «{shorten(str(value), 24)}» вне допустимого (0–{top})", lines)
            bad = True
    found = too_big_number(card.text or "")
    if found is not None:
        _problem(result, index, card.name, "text", f"число «{shorten(found, 24)}» "
                 f"в тексте больше {MAX_TEXT_NUMBER:_}".replace("_", " "), lines)
        bad = True
    return None if bad else card


def too_big_number(text: str) -> str | None:
    """The first number of ``text`` above ``MAX_TEXT_NUMBER``, if any."""
    if _LONG_NUMBER.search(text) is None:       # (one scan: no number as long as the maximum)
        return None
    for found in re.finditer(r"\d+", text):
        if len(found.group()) > 9 or int(found.group()) > MAX_TEXT_NUMBER:
            return found.group()
    return None


_LONG_NUMBER = re.compile(r"\d{%d}" % len(str(MAX_TEXT_NUMBER)))


def _text_field(value: Any, field_name: str, lists: bool = False) -> None:
    """A text field (or, with ``lists``, a list of texts): ``CardFieldError`` for a number,
    an object, a nested list."""
    if value is None or isinstance(value, str):
        return
    if field_name in NUMBER_NAMED and isinstance(value, int) and not isinstance(value, bool):
        return                                      # «set: 2024», a rarity code
    if lists and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return
    shape = "текст или список текстов" if lists else "текст"
    raise CardFieldError(field_name, f"ожидался {shape}, а не «{shorten(value)}»")


# ---------------------------------------------------------------- tgbot
TGBOT_TERRAIN_CLASSES = frozenset({"горы", "болото", "пустыня", "река", "лес", "степь"})


def _read_list(data: list, result: ReadResult, lines: dict[int, int], build,
               expected: str = "ожидался объект карты") -> None:
    """Every entry through ``build`` (→ Card or None after listing its problems) and the
    range check; a bad entry is reported and the others are still read."""
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            _problem(result, index, None, None, expected, lines)
            continue
        card = build(item, index, result, lines)
        if card is not None:
            card = _in_range(card, index, result, lines)
        if card is not None:
            result.cards.append(card)


def _scalars(item: dict, names: tuple[str, ...], index: int, result: ReadResult, lines,
             lists: tuple[str, ...] = ()) -> bool:
    """Type-check text fields of a source card (``lists``: a list of texts allowed too);
    True if all are right."""
    ok = True
    for name in names:
        if type(item.get(name, "")) is str:
            continue                                # (the usual case, without the call)
        try:
            _text_field(item.get(name), name, lists=name in lists)
        except CardFieldError as err:
            _problem(result, index, item.get("name"), err.field, err.message, lines)
            ok = False
    return ok


def _read_tgbot(data: list, result: ReadResult, lines: dict[int, int]) -> None:
    # The «Нашествие тьмы» file has ``abilities: null`` on every card: the source lacks the
    # text, so null means *unknown* there.  In a file with texts, null is still what the
    # source says — it cannot tell «no abilities» from «missing» — so it stays unknown too.
    _read_list(data, result, lines, _tgbot_card)


def _tgbot_card(item: dict, index: int, result: ReadResult, lines) -> Card | None:
    name = item.get("name")
    before = len(result.card_problems)
    notes: list[str] = []
    _scalars(item, ("set", "class", "rarity", "element"), index, result, lines)

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
                          f"стоимость должна быть числом, а не «{shorten(item.get('cost'))}»")
    except CardFieldError as err:
        bad(err.field, err.message)
    life = None
    raw_life = stats.get("lifeCount")
    try:
        life = _int_field(raw_life, "stats.lifeCount",
                          f"жизни должны быть числом, а не «{shorten(raw_life)}»")
    except CardFieldError as err:
        bad(err.field, err.message)
    elements: tuple[Element, ...] = ()
    element = Element.of(str(item.get("element") or ""))
    if element is None:
        bad("element", f"неизвестная стихия «{shorten(item.get('element'))}»")
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
    move_text = "" if raw_move is None else shorten(raw_move, 40).strip()
    if move_text.casefold().replace("ё", "е") == "полет":
        flying = True
    elif move_text.isdigit():
        move = int(move_text)
    elif move_text in ("X", "Х"):
        move = "X"
    elif move_text in ("", "NaN"):
        note("stats.walkCount", f"ход не указан в источнике («{move_text}»): неизвестен")
    else:
        bad("stats.walkCount", f"ход должен быть числом или «Полет», а не «{shorten(raw_move)}»")

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
            bad(flag, f"ожидалось true или false, а не «{shorten(item.get(flag))}»")
    number = item.get("index")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        note("index", f"номер карты не число («{shorten(number)}»): неизвестен")
    if len(result.card_problems) > before:
        return None
    return Card(
        name=name.strip(), set=str(item.get("set") or ""),
        number=number if isinstance(number, int) and not isinstance(number, bool) else None,
        elements=elements,
        card_type=card_type, cost=cost, elite=item["elite"], unique=item["uniqueness"],
        life=life, move=move, flying=flying, strike=strike, classes=classes,
        rarity=str(item["rarity"]) if item.get("rarity") else None, text=text,
        repairs=tuple(repairs),
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
    before = len(result.card_problems)
    notes: list[str] = []
    _scalars(item, ("class",), index, result, lines, lists=("class",))

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
            ints[key] = _int_field(raw, key, f"ожидалось число, а не «{shorten(raw)}»")
        except CardFieldError as err:
            bad(err.field, err.message)
            ints[key] = None
    color = item.get("color")
    elements: tuple[Element, ...] = ()
    if not isinstance(color, int) or isinstance(color, bool) or color <= 0 or color >= 64:
        bad("color", f"битовая маска стихий должна быть числом 1–63, а не «{shorten(color)}»")
    else:
        elements = tuple(NXT_COLORS[bit] for bit in sorted(NXT_COLORS) if color & bit)
    type_code = item.get("type", 0)
    card_type = NXT_TYPES.get(type_code) if isinstance(type_code, int) else None
    if card_type is None:
        bad("type", f"неизвестный код типа «{shorten(type_code)}»; известны: "
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
        # Every repair of the text is kept as a note («nan» — a pandas NaN — is no text).
        body = ""
        if text:
            norm = normalise(text, name=name if isinstance(name, str) else None)
            body = norm.text
            for repair in norm.repairs:
                notes.append(f"text: {repair}")
                _problem(result, index, name, "text", f"исправлено: {repair}", lines, warning=True)
        text = "\n".join(nxt_icon_lines(icons) + ([body] if body else []))
    set_id = item.get("set_id")
    set_name = NXT_SETS.get(set_id) if isinstance(set_id, int) else None
    if set_name is None:
        set_name = f"сет {shorten(set_id, 24)}"
        notes.append(f"set_id: неизвестный сет {shorten(set_id, 24)}")
        _problem(result, index, name, "set_id", f"неизвестный сет {shorten(set_id, 24)}: "
                 f"назван «{set_name}»", lines, warning=True)
    number = item.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        bad("number", f"номер карты должен быть числом, а не «{shorten(number)}»")
    rarity = item.get("rarity")
    if rarity is not None and (isinstance(rarity, bool) or not isinstance(rarity, int)):
        bad("rarity", f"код редкости должен быть числом, а не «{shorten(rarity)}»")
    classes = item.get("class") or []
    if isinstance(classes, str):
        classes = [classes]
    elite = item.get("elite", False)
    if len(result.card_problems) > before:
        return None
    return Card(                                    # a flyer's move is dropped by Card itself
        name=name.strip(), set=set_name, number=number, elements=elements,
        card_type=card_type, cost=ints["cost"], elite=elite in (True, 1, "1"),
        unique=bool(item.get("uniq", False)), life=ints["life"],
        move=ints["move"], strike=strike,
        classes=tuple(str(c).strip() for c in classes if str(c).strip()),
        rarity=NXT_RARITIES.get(rarity) if rarity else None,
        text=text, repairs=tuple(notes),
    )


# ---------------------------------------------------------------- canonical
def _read_canonical(data: list, result: ReadResult, lines: dict[int, int],
                    normalise_texts: bool = True) -> None:
    _read_list(data, result, lines, partial(_canonical_card, normalise_texts=normalise_texts),
               "ожидался объект карты (name, element, …)")


def _canonical_card(item: dict, index: int, result: ReadResult, lines,
                    normalise_texts: bool = True) -> Card | None:
    # the shapes Card.from_dict assumes (a number where a text is expected is a TypeError there)
    if not _scalars(item, ("name", "set", "type", "card_type", "rarity", "text", "element",
                           "elements", "classes", "class"), index, result, lines,
                    lists=("element", "elements", "classes", "class")):
        return None
    # «classes: null» is no classes (Card.from_dict would iterate None)
    if item.get("classes", ()) is None or item.get("class", ()) is None:
        item = {k: v for k, v in item.items() if not (k in ("classes", "class") and v is None)}
    try:
        card = Card.from_dict(item)
    except CardFieldError as err:
        for one in getattr(err, "errors", [err]):
            _problem(result, index, item.get("name"), one.field, one.message, lines)
        return None
    if isinstance(card.text, str) and normalise_texts:
        norm = normalise(card.text)
        if norm.text != card.text:
            card = replace(card, text=norm.text)
    return card


__all__ = ["FORMATS", "ReadResult", "detect_format", "read_cards", "nxt_icon_lines",
           "too_big_number"]
