"""Reading deck and squad files: plain text lines or YAML, every mistake located.

Plain text (one card per line; blank lines and ``#`` comments allowed)::

    # колода горы-леса
    3 Кочевник
    2 Волхв

A squad line adds how the card was paid and, optionally, its cell (board coordinates, see
docs/legality.md)::

    игрок: второй
    пересдачи: 1
    Волхв 4з b3          # 4 золотых, клетка b3
    Кочевник 2з 1с c3    # 2 золотых + 1 серебряный
    Кочевник             # оплата не указана: подберёт проверка

YAML: ``{ruleset, cards: {Название: N} | [«N Название», …]}`` for a deck;
``{ruleset, player, side, redeals, crystals: {gold, silver}, squad: [«строка отряда» |
{card, gold, silver, cell}]}`` for a squad.

Malformed input is never a legality finding: it raises ``InputError`` listing *every* bad line
with file:line:col and a caret, and nothing is checked (exit 2).  ``-`` is standard input; the
bytes, size and nesting limits are ``berserk.files`` and ``berserk.yamlio``; every number
(copies, crystals, redeals) is at most ``MAX_NUMBER``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk import files, yamlio
from berserk.errors import InputError, Location, Problem, UnknownNameError
from berserk.text import fold, shorten
from berserk.yamlio import MDict, MList

# ---------------------------------------------------------------- value objects


@dataclass(frozen=True)
class Entry:
    """One card line of a deck or squad file."""

    name: str
    count: int = 1
    line: int | None = None
    gold: int | None = None       # squad only: crystals paid (None: not stated)
    silver: int | None = None
    cell: str | None = None       # squad only: board cell («c2»), or a zone word as written
    host: str | None = None       # squad only: symbiote/equipment — the host's cell after reveal


@dataclass(frozen=True)
class ListFile:
    """A read deck or squad file: entries in file order plus the header settings."""

    source: str
    entries: tuple[Entry, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    setting_lines: dict[str, int] = field(default_factory=dict)   # setting → its line

    @property
    def total(self) -> int:
        return sum(e.count for e in self.entries)


# Header settings of a file: canonical key → accepted spellings (text «ключ: значение» lines
# and YAML keys alike).  One table, so the text and YAML readers cannot drift apart.
SETTING_KEYS: dict[str, tuple[str, ...]] = {
    "ruleset": ("ruleset", "правила"),
    "player": ("player", "игрок"),
    "side": ("side", "сторона"),
    "redeals": ("redeals", "пересдачи", "пересдач"),
    "gold": ("gold", "золото", "золотых"),
    "silver": ("silver", "серебро", "серебряных"),
}
_KEY_OF = {fold(alias): key for key, aliases in SETTING_KEYS.items() for alias in aliases}
PLAYER_WORDS = {"first": "first", "1": "first", "первый": "first",
                "second": "second", "2": "second", "второй": "second"}

# Cells: column a–e (Cyrillic look-alikes а, в, с, д, е accepted) and row 1–6.
_CELL_LETTERS = str.maketrans({"а": "a", "в": "b", "с": "c", "д": "d", "е": "e"})
CELL_RE = re.compile(r"^[a-e][1-6]$")
# Words that put a card outside the board (the additional zone) — legal only after reveal,
# so the placement check reports them (placement.special) instead of the reader refusing them.
ZONE_WORDS = ("доп", "доп.зона", "дополнительная", "зона", "extra")
_PAY_RE = re.compile(r"^(\d+)(з|зол|g|с|сер|s)$")
_HOST_RE = re.compile(r"^(?:хозяин|host)[:=](\S+)$")
_COUNT_RE = re.compile(r"^(\d+)\s*[xх×]?\s+(.*)$", re.IGNORECASE)
#: Largest number of copies, crystals or redeals a list may state (a deck has 30–50 cards).
MAX_NUMBER = 999


def normalise_cell(word: str) -> str:
    word = word.strip().lower()
    return word if fold(word) in ZONE_WORDS else word.translate(_CELL_LETTERS)


# ---------------------------------------------------------------- entry points


def read_list(path: str | Path, kind: str) -> ListFile:
    """Read a deck (``kind="deck"``) or squad (``kind="squad"``) file (``-``: standard
    input); YAML by extension (.yaml/.yml) or by content (a top-level mapping).  Raises
    InputError (every problem)."""
    source = files.label(path)
    text = files.read_text(path, "файл колоды" if kind == "deck" else "файл отряда",
                           limit=yamlio.MAX_CHARS)
    if Path(path).suffix.lower() in (".yaml", ".yml") or _looks_like_yaml(text):
        return _read_yaml(text, source, kind)
    return _read_lines(text, source, kind)


def _number(digits: str) -> int | None:
    """``digits`` as a number if it is at most MAX_NUMBER (no int() of 5,000 digits)."""
    digits = digits.strip()
    return int(digits) if len(digits) <= 6 and int(digits) <= MAX_NUMBER else None


def _looks_like_yaml(text: str) -> bool:
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        return bool(re.match(r"^(cards|squad|карты|отряд)\s*:", line))
    return False


# ---------------------------------------------------------------- plain text


def _read_lines(text: str, source: str, kind: str) -> ListFile:
    problems: list[Problem] = []
    entries: list[Entry] = []
    settings: dict[str, Any] = {}
    setting_lines: dict[str, int] = {}
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        body = raw.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        indent = len(body) - len(body.lstrip())
        setting = re.match(r"^\s*([^\d\W][\w-]*)\s*:\s*(.*)$", body)
        if setting:
            _setting(setting.group(1), setting.group(2).strip(), settings, setting_lines, problems,
                     Location(source, number, indent + 1), text)
            continue
        where = Location(source, number, indent + 1)
        entry = (_deck_line if kind == "deck" else _squad_line)(body.strip(), number, where,
                                                                 text, problems)
        if entry is not None:
            entries.append(entry)
    return _finish(source, entries, settings, setting_lines, problems)


def _finish(source: str, entries: list[Entry], settings: dict, setting_lines: dict,
            problems: list[Problem]) -> ListFile:
    """The list file read, or one InputError with every problem (the two readers end here)."""
    if problems:
        raise InputError(problems)
    if not entries:
        raise InputError.at("в файле нет ни одной карты", source)
    return ListFile(source, tuple(entries), settings, setting_lines)


def _setting(key: str, value: Any, settings: dict, lines: dict, problems: list,
             where: Location, text: str | None) -> None:
    canon = _KEY_OF.get(fold(key))
    if canon is None:
        known = [a for aliases in SETTING_KEYS.values() for a in aliases]
        message = UnknownNameError("настройка", key, known, quoted=False,
                                   head=f"неизвестная настройка «{key}»").message
        problems.append(Problem(where, message, text, len(key)))
        return
    if canon in ("redeals", "gold", "silver"):
        written = str(value).strip() if isinstance(value, (str, int)) else ""
        if isinstance(value, bool) or not re.fullmatch(r"\d+", written) \
                or _number(written) is None:
            problems.append(Problem(where, f"«{key}» должно быть целым числом от 0 до "
                                           f"{MAX_NUMBER}, а не «{shorten(value)}»", text))
            return
        value = int(written)
    elif canon == "player":
        word = PLAYER_WORDS.get(fold(str(value)))
        if word is None:
            problems.append(Problem(where, f"игрок должен быть «первый» или «второй», а не "
                                           f"«{shorten(value)}»", text))
            return
        value = word
    elif canon == "side":
        if str(value).strip().upper() not in ("A", "B", "А", "В"):
            problems.append(Problem(where, f"сторона должна быть A или B, а не «{shorten(value)}»",
                                    text))
            return
        value = {"А": "A", "В": "B"}.get(str(value).strip().upper(), str(value).strip().upper())
    else:
        value = str(value).strip()
    settings[canon] = value
    lines[canon] = where.line


def _deck_line(body: str, number: int, where: Location, text: str | None,
               problems: list) -> Entry | None:
    match = _COUNT_RE.match(body)
    if not match and re.fullmatch(r"\d+\s*[xх×]?", body):
        problems.append(Problem(where, "после количества нет названия карты", text, len(body)))
        return None
    if not match:
        problems.append(Problem(where, "нет количества: строка колоды пишется «N Название», "
                                       "например «3 Кочевник»", text))
        return None
    count, name = _number(match.group(1)), match.group(2).strip()
    if count is None:
        problems.append(Problem(where, f"количество больше {MAX_NUMBER}", text,
                                min(len(match.group(1)), 20)))
        return None
    if count < 1:
        problems.append(Problem(where, f"количество должно быть не меньше 1, а не {count}",
                                text, len(match.group(1))))
        return None
    if not name:
        problems.append(Problem(where, "после количества нет названия карты", text))
        return None
    return Entry(name=name, count=count, line=number)


def _squad_line(body: str, number: int, where: Location, text: str | None,
                problems: list) -> Entry | None:
    """«[N ]Название [Xз] [Yс] [клетка]» — tokens after the name are read from the right."""
    words = body.split()
    gold = silver = cell = host = None
    while words:
        tail = words[-1].lower()
        pay = _PAY_RE.match(tail)
        host_match = _HOST_RE.match(tail)
        if host_match:
            host = normalise_cell(host_match.group(1))
            if not CELL_RE.match(host):
                problems.append(Problem(where, f"хозяин указывается клеткой a1…e6, а не "
                                               f"«{host_match.group(1)}»", text))
                return None
            words.pop()
        elif pay:
            amount = _number(pay.group(1))
            if amount is None:
                problems.append(Problem(where, f"оплата больше {MAX_NUMBER} кристаллов", text))
                return None
            if pay.group(2) in ("з", "зол", "g"):
                gold = (gold or 0) + amount
            else:
                silver = (silver or 0) + amount
            words.pop()
        elif CELL_RE.match(normalise_cell(tail)) or fold(tail) in ZONE_WORDS:
            if cell is not None:
                problems.append(Problem(where, "у карты указано две клетки", text))
                return None
            cell = normalise_cell(tail)
            words.pop()
        else:
            break
    count = 1
    if words and re.fullmatch(r"\d+", words[0]):
        count = _number(words.pop(0))
        if count is None:
            problems.append(Problem(where, f"количество больше {MAX_NUMBER}", text))
            return None
        if count < 1:
            problems.append(Problem(where, f"количество должно быть не меньше 1, а не {count}",
                                    text))
            return None
        if count > 1 and (cell or host or gold is not None or silver is not None):
            problems.append(Problem(where, "оплата и клетка указываются для каждой карты "
                                           "отдельно: напишите по строке на экземпляр", text))
            return None
    name = " ".join(words)
    if not name:
        problems.append(Problem(where, "нет названия карты", text))
        return None
    return Entry(name=name, count=count, line=number, gold=gold, silver=silver, cell=cell,
                 host=host)


# ---------------------------------------------------------------- YAML


def _read_yaml(text: str, source: str, kind: str) -> ListFile:
    root = yamlio.load(text, source, what="не YAML")
    if not isinstance(root, MDict):
        raise InputError.at("ожидался YAML-словарь с ключом "
                            + ("«cards»" if kind == "deck" else "«squad»"), source, 1, 1, text)
    problems: list[Problem] = []
    settings: dict[str, Any] = {}
    setting_lines: dict[str, int] = {}
    list_value, list_pos = None, None
    list_keys = ("cards", "карты") if kind == "deck" else ("squad", "отряд")
    for key, value, key_pos, value_pos in root.pairs():
        key = str(key)
        where = Location(source, *key_pos)
        if fold(key) in list_keys:
            list_value, list_pos = value, value_pos
        elif isinstance(value, MDict) and fold(key) in ("crystals", "кристаллы"):
            for sub_key, sub_value, sub_pos, _ in value.pairs():
                _setting(str(sub_key), _scalar(sub_value), settings, setting_lines, problems,
                         Location(source, *sub_pos), text)
        else:
            _setting(key, _scalar(value), settings, setting_lines, problems, where, text)
    entries: list[Entry] = []
    if list_pos is None:
        problems.append(Problem(Location(source, 1, 1), "нет ключа «" + list_keys[0] + "»"))
    elif isinstance(list_value, MDict):          # {Название: N}
        for name, value, _, value_pos in list_value.pairs():
            where = Location(source, *value_pos)
            raw = _scalar(value)
            if isinstance(raw, bool) or not isinstance(raw, int) or raw > MAX_NUMBER:
                problems.append(Problem(where, f"количество карты «{shorten(name)}» должно "
                                               f"быть целым числом от 1 до {MAX_NUMBER}, а не "
                                               f"«{shorten(raw)}»", text))
            elif raw < 1:
                problems.append(Problem(where, f"количество должно быть не меньше 1, а не {raw}",
                                        text))
            else:
                entries.append(Entry(str(name).strip(), raw, where.line))
    elif isinstance(list_value, MList):
        for i, item in enumerate(list_value):
            where = Location(source, *list_value.pos(i))
            if not isinstance(item, (MDict, MList)):
                reader = _deck_line if kind == "deck" else _squad_line
                body = "" if item is None else str(item)
                entry = reader(body.strip(), where.line, where, text, problems)
            else:
                entry = _yaml_item(item, where, text, kind, problems)
            if entry is not None:
                entries.append(entry)
    else:
        problems.append(Problem(Location(source, *list_pos), "список карт должен быть списком "
                                                             "или словарём «Название: количество»",
                                text))
    return _finish(source, entries, settings, setting_lines, problems)


_ITEM_KEYS = {"card": "name", "карта": "name", "name": "name", "название": "name",
              "count": "count", "количество": "count", "gold": "gold", "золото": "gold",
              "silver": "silver", "серебро": "silver", "cell": "cell", "клетка": "cell",
              "host": "host", "хозяин": "host"}


def _yaml_item(item, where: Location, text: str, kind: str, problems: list) -> Entry | None:
    if not isinstance(item, MDict):
        problems.append(Problem(where, "элемент списка должен быть строкой или словарём", text))
        return None
    values: dict[str, Any] = {}
    ok = True
    for raw_key, raw_value, key_pos, value_pos in item.pairs():
        key = _ITEM_KEYS.get(fold(str(raw_key)))
        if key is None or (kind == "deck" and key in ("gold", "silver", "cell", "host")):
            allowed = ("card, count" if kind == "deck" else "card, gold, silver, cell, host")
            problems.append(Problem(Location(where.source, *key_pos),
                                    f"неизвестный ключ «{raw_key}»; допустимы: {allowed}", text))
            ok = False
            continue
        value = _scalar(raw_value)
        if key in ("count", "gold", "silver") and (isinstance(value, bool)
                                                    or not isinstance(value, int)
                                                    or not 0 <= value <= MAX_NUMBER):
            problems.append(Problem(Location(where.source, *value_pos),
                                    f"«{raw_key}» должно быть целым числом от 0 до {MAX_NUMBER}",
                                    text))
            ok = False
            continue
        if key in ("cell", "host"):
            value = normalise_cell(str(value))
            if key == "host" and not CELL_RE.match(value):
                problems.append(Problem(Location(where.source, *value_pos),
                                        f"хозяин указывается клеткой a1…e6, а не «{value}»", text))
                ok = False
                continue
        values[key] = value
    if not ok:
        return None
    if not values.get("name"):
        problems.append(Problem(where, "у элемента нет названия карты (ключ card)", text))
        return None
    count = values.get("count", 1)
    if count < 1:
        problems.append(Problem(where, f"количество должно быть не меньше 1, а не {count}", text))
        return None
    return Entry(name=str(values["name"]).strip(), count=count, line=where.line,
                 gold=values.get("gold"), silver=values.get("silver"), cell=values.get("cell"),
                 host=values.get("host"))


def _scalar(value: Any) -> Any:
    """A setting's or a count's value; None where YAML wrote a mapping or a list."""
    return None if isinstance(value, (MDict, MList)) else value
