"""The project's error classes, shared by every layer.

``berserk`` is the bottom layer, so the base classes live here and the other packages import
them.  Every error the project raises on purpose is a ``BerserkError`` and carries a
``location`` (a ``Location``: file or label, line, column — None only where nothing finer than
"this call" is known).  Three kinds, as DESIGN.md asks:

* ``InputError`` — malformed input: a file, a line, a column, the offending text quoted and a
  caret under it. Exit code 2 at the CLI edge.
* ``AmbiguousError`` — a name or reference that fits several things; every candidate is named.
* ``UnknownNameError`` — a name that exists nowhere, with "did you mean …" suggestions: the one
  place that words that hint.

``InternalError`` is a programming error caught at load time (the judge citing a clause the
rulebook lacks): exit code 1, like an uncaught exception.  An *illegal action in a game
situation* is not an exception at all: the judge records it as a ruling (see judge/engine.py).
Messages are in Russian: they are shown to players and judges.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from berserk.text import did_you_mean


class BerserkError(Exception):
    """Base of every error the project raises on purpose."""

    exit_code = 2
    location: "Location | None" = None

    def render(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file (or a label such as ``<текст>``), 1-based line and column."""

    source: str = "<ввод>"
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.source]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    @classmethod
    def from_offset(cls, text: str, offset: int, source: str = "<ввод>") -> "Location":
        """Line and column of a 0-based character offset into ``text``."""
        offset = max(0, min(offset, len(text)))
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return cls(source, line, column)


#: Characters of the offending line shown either side of the caret (a minified JSON file is
#: one line of megabytes).
CARET_WINDOW = 60


def caret_lines(text: str, line: int, column: int, width: int = 1) -> str:
    """The offending line of ``text`` with a caret (``^~~``) under the column (both 1-based);
    a long line is cut to ``CARET_WINDOW`` characters either side, the cuts shown as «…»."""
    start = 0
    for _ in range(max(line, 1) - 1):            # no splitlines(): the text may be 50 MB
        found = text.find("\n", start)
        if found < 0:
            break
        start = found + 1
    end = text.find("\n", start)
    row = text[start:] if end < 0 else text[start:end]
    row = row.rstrip("\r")
    col = max(1, min(column, len(row) + 1))
    left = max(0, col - 1 - CARET_WINDOW)
    right = min(len(row), col - 1 + max(width, 1) + CARET_WINDOW)
    shown = ("…" if left else "") + row[left:right] + ("…" if right < len(row) else "")
    offset = col - 1 - left + (1 if left else 0)
    width = max(1, min(width, right - (col - 1)))
    return f"  {shown}\n  {' ' * offset}^{'~' * (width - 1)}"


@dataclass
class Problem:
    """One problem found by a validator: where, what, and optionally the text it is about."""

    location: Location
    message: str
    text: str | None = None
    width: int = 1

    def render(self) -> str:
        head = f"{self.location}: {self.message}"
        if self.text is not None and self.location.line is not None:
            return head + "\n" + caret_lines(self.text, self.location.line,
                                             self.location.column or 1, self.width)
        return head


class InputError(BerserkError):
    """Malformed input.  Carries every problem found, not only the first."""

    def __init__(self, problems: Problem | Sequence[Problem]):
        self.problems: list[Problem] = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))

    @property
    def location(self) -> Location | None:
        """Where the first problem is."""
        return self.problems[0].location if self.problems else None

    @classmethod
    def at(cls, message: str, source: str = "<ввод>", line: int | None = None,
           column: int | None = None, text: str | None = None, width: int = 1) -> "InputError":
        return cls(Problem(Location(source, line, column), message, text, width))


class ParseError(InputError):
    """Text that a grammar (the search query language, a scenario field …) cannot read."""


class InternalError(BerserkError):
    """A programming error the code detects itself (not the user's input): exit code 1."""

    exit_code = 1

    def __init__(self, message: str, location: Location | None = None):
        self.location = location
        super().__init__(f"{location}: {message}" if location else message)


class AmbiguousError(BerserkError):
    def __init__(self, what: str, query: str, candidates: Iterable[str],
                 location: Location | None = None):
        self.query = query
        self.candidates = sorted(set(candidates))
        self.location = location
        where = f"{location}: " if location else ""
        super().__init__(f"{where}{what} «{query}» неоднозначно: подходят "
                         + ", ".join(f"«{c}»" for c in self.candidates))


class UnknownNameError(BerserkError):
    """A name that exists nowhere, with the closest known ones (``suggestions``).

    The message is ``head`` — by default «<what> «<name>» <missing>» (``missing`` agrees with
    ``what`` in gender: «карта … не найдена», «пункт … не найден») — followed by «; возможно, вы
    имели в виду: …», or by ``otherwise`` when nothing is close.  Validators that collect every
    problem instead of raising the first take the same words from ``message``.  ``quoted``:
    suggestions in «ёлочки» (names), or bare (ids, option words)."""

    def __init__(self, what: str, name: str, candidates: Iterable[str] = (),
                 location: Location | None = None, missing: str = "не найдено", *,
                 head: str | None = None, quoted: bool = True, otherwise: str = ""):
        self.name = name
        self.suggestions = did_you_mean(str(name), candidates)
        self.location = location
        self.message = (f"{what} «{name}» {missing}" if head is None else head) + (
            _hint(self.suggestions, quoted) if self.suggestions else otherwise)
        super().__init__(f"{location}: {self.message}" if location else self.message)


def _hint(suggestions: Sequence[str], quoted: bool) -> str:
    shown = (f"«{s}»" for s in suggestions) if quoted else (str(s) for s in suggestions)
    return "; возможно, вы имели в виду: " + ", ".join(shown)


@dataclass
class Report:
    """Collects problems while a validator keeps going; raise once at the end."""

    problems: list[Problem] = field(default_factory=list)

    def add(self, message: str, source: str = "<ввод>", line: int | None = None,
            column: int | None = None, text: str | None = None) -> None:
        self.problems.append(Problem(Location(source, line, column), message, text))

    def raise_if_any(self, cls: type[InputError] = InputError) -> None:
        if self.problems:
            raise cls(self.problems)
