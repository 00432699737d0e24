"""The files a user names, read and written through one door.

Every command that reads a FILE (card lists, scenarios, deck and squad lists, golden files,
rulebook files) goes through ``read_text`` so that all of them treat the same inputs alike:

* ``-`` is standard input (labelled «<стандартный ввод>» in messages);
* a missing file, a directory, a file without read permission — a located Russian message,
  never «[Errno 2] …»;
* bytes that are not UTF-8 — «файл не в кодировке UTF-8» at the line and column of the first
  bad byte; a UTF-8 byte-order mark is dropped (editors on Windows write one);
* a file over ``limit`` bytes — refused before it is read whole.

``load_json`` is the JSON reader with the same guarantees: a located Russian message for every
syntax error, nesting deeper than ``MAX_DEPTH`` refused (Python's json would raise
RecursionError at ~1,000 levels), integers of more than ``MAX_INT_DIGITS`` digits refused (the
interpreter's own limit is 4,300 digits, with an English ValueError).  ``write_text`` writes a
file atomically with the usual permissions (0666 less the umask — ``tempfile.mkstemp`` alone
leaves 0600).

Every error is an ``InputError`` (exit 2 at the CLI edge).
"""
from __future__ import annotations

import errno
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from berserk.errors import InputError, Location

#: The path that means standard input.
STDIN = "-"
STDIN_LABEL = "<стандартный ввод>"
#: Largest file read whole (bytes); a reader may ask for less (YAML is slow: berserk.yamlio).
MAX_BYTES = 256 * 2**20
#: Deepest nesting of lists/objects in a JSON or YAML file a user writes (a card list is 3
#: deep, a scenario under 10).
MAX_DEPTH = 64
#: Longest integer literal read from JSON (2**63 has 19 digits; game numbers have 1–3).
MAX_INT_DIGITS = 30

_OS_ERRORS = {
    errno.ENOENT: "файл не найден",
    errno.EISDIR: "это каталог, а не файл",
    errno.EACCES: "нет прав на чтение файла",
    errno.EPERM: "нет прав на чтение файла",
    errno.ENOTDIR: "часть пути — не каталог",
    errno.ENAMETOOLONG: "слишком длинное имя файла",
    errno.ELOOP: "символические ссылки зациклены",
}

# json's messages (C and Python scanners) → Russian.  Prefixes: the message may go on with
# «: line 1 column 5 (char 4)» or a quoted character.
_JSON_MESSAGES = (
    ("Expecting value", "ожидалось значение"),
    ("Expecting ',' delimiter", "ожидалась запятая"),
    ("Expecting ':' delimiter", "ожидалось двоеточие"),
    ("Expecting property name enclosed in double quotes",
     "ожидалось имя поля в двойных кавычках"),
    ("Unterminated string starting at", "строка не закрыта кавычкой"),
    ("Invalid control character", "управляющий символ внутри строки"),
    ("Invalid \\uXXXX escape", "неверная последовательность \\uXXXX"),
    ("Invalid \\escape", "неверная экранирующая последовательность"),
    ("Extra data", "лишние данные после конца JSON"),
    ("Illegal trailing comma", "лишняя запятая перед закрывающей скобкой"),
)


def is_stdin(path: str | Path) -> bool:
    return str(path) == STDIN


def label(path: str | Path) -> str:
    """How messages name ``path``: as the user wrote it, or «<стандартный ввод>» for ``-``."""
    return STDIN_LABEL if is_stdin(path) else str(path)


def read_bytes(path: str | Path, what: str = "файл", limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` (``-``: standard input).  ``what`` names the file in messages
    («файл сценария»); a file over ``limit`` bytes is refused."""
    source = label(path)
    try:
        if is_stdin(path):
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(limit + 1)
    except OSError as err:
        reason = _OS_ERRORS.get(err.errno, f"{what} не читается (ошибка ОС {err.errno})")
        if what != "файл" and reason.startswith("файл не найден"):
            reason = f"{what} не найден"
        raise InputError.at(reason, source) from None
    if len(data) > limit:
        raise InputError.at(f"{what} больше {_size(limit)}: такой файл не читается", source)
    return data


def decode(data: bytes, source: str) -> str:
    """UTF-8 text of ``data`` without a byte-order mark; bytes that are not UTF-8 are an
    ``InputError`` at the line and column of the first one."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = data.rfind(b"\n", 0, err.start) + 1
        line = data.count(b"\n", 0, err.start) + 1
        column = len(data[start:err.start].decode("utf-8", "replace")) + 1
        if line == 1 and data.startswith(b"\xef\xbb\xbf"):
            column -= 1
        raise InputError.at(f"файл не в кодировке UTF-8 (байт 0x{data[err.start]:02x}); "
                            "сохраните его в UTF-8", source, line, column) from None


def read_text(path: str | Path, what: str = "файл", limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of ``path`` (``-``: standard input); every failure a located
    ``InputError``."""
    return decode(read_bytes(path, what, limit), label(path))


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temp file in the same folder, then a rename)
    with the permissions a plain ``open(path, "w")`` would give: 0666 less the umask."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    # os.umask can only be read by setting it; set it back at once (single-threaded CLI).
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# ---------------------------------------------------------------- JSON
class _LongInt(ValueError):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def _int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_INT_DIGITS:
        raise _LongInt(literal)
    return int(literal)


def load_json(text: str, source: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text``; every problem an ``InputError`` located in ``source``."""
    try:
        data = json.loads(text, parse_int=_int)
    except json.JSONDecodeError as err:
        raise InputError.at(f"битый JSON: {json_message(err.msg)}", source, err.lineno,
                            err.colno, text) from None
    except _LongInt as err:
        offset = max(text.find(err.digits), 0)
        loc = Location.from_offset(text, offset, source)
        raise InputError.at(f"число из {len(err.digits.lstrip('-'))} цифр: такие числа не "
                            f"читаются (не больше {MAX_INT_DIGITS} цифр)", source, loc.line,
                            loc.column, text, width=10) from None
    except RecursionError:
        too_deep = True                     # deeper than the interpreter goes: located below
    else:
        too_deep = depth(data) > max_depth
    if too_deep:
        loc = Location.from_offset(text, _too_deep_at(text, max_depth) or 0, source)
        raise InputError.at(f"вложенность списков и объектов глубже {max_depth} уровней",
                            source, loc.line, loc.column, text) from None
    return data


def json_message(msg: str) -> str:
    """json's English message in Russian (the position is reported separately)."""
    for english, russian in _JSON_MESSAGES:
        if msg.startswith(english):
            return russian
    return "JSON не читается"


def depth(data: Any) -> int:
    """How deep lists and dicts nest in ``data`` (a scalar: 0), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep_at(text: str, max_depth: int) -> int | None:
    """Offset of the bracket that opens level ``max_depth + 1`` (strings skipped)."""
    level = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            level += 1
            if level > max_depth:
                return match.start()
        elif token in "]}":
            level -= 1
    return None


def _size(n: int) -> str:
    return f"{n // 2**20} МБ" if n >= 2**20 else f"{n} байт"
