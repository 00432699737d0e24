"""The project's error classes, shared by every layer.

`grammar` is the bottom layer, so the base classes live here and the other packages import them.
Three kinds, as DESIGN.md asks:

* ``InputError`` — malformed input: a file, a line, a column, the offending text quoted and a
  caret under it. Exit code 2 at the CLI edge.
* ``AmbiguousError`` — a name or reference that fits several things; every candidate is named.
* ``UnknownNameError`` — a name that exists nowhere, with "did you mean …" suggestions.

An *illegal action in a game situation* is not an exception at all: the judge records it as a
ruling (see judge/legality.py).  Messages are in Russian: they are shown to players and judges.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence


class BerserkError(Exception):
    """Base of every error the project raises on purpose."""

    exit_code = 2

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


def caret_lines(text: str, line: int, column: int, width: int = 1) -> str:
    """The offending line of ``text`` with a caret (``^~~``) under the column (both 1-based)."""
    lines = text.splitlines() or [""]
    row = lines[min(max(line, 1), len(lines)) - 1]
    col = max(1, min(column, len(row) + 1))
    return f"  {row}\n  {' ' * (col - 1)}^{'~' * max(0, width - 1)}"


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

    @classmethod
    def at(cls, message: str, source: str = "<ввод>", line: int | None = None,
           column: int | None = None, text: str | None = None, width: int = 1) -> "InputError":
        return cls(Problem(Location(source, line, column), message, text, width))


class ParseError(InputError):
    """Text that a grammar (the search query language, a scenario field …) cannot read."""


class AmbiguousError(BerserkError):
    def __init__(self, what: str, query: str, candidates: Iterable[str]):
        self.query = query
        self.candidates = sorted(set(candidates))
        super().__init__(f"{what} «{query}» неоднозначно: подходят "
                         + ", ".join(f"«{c}»" for c in self.candidates))


class UnknownNameError(BerserkError):
    def __init__(self, what: str, name: str, suggestions: Sequence[str] = (),
                 location: Location | None = None, missing: str = "не найдено"):
        # ``missing`` agrees with ``what`` in gender: «карта … не найдена», «пункт … не найден»
        self.name = name
        self.suggestions = list(suggestions)
        self.location = location
        where = f"{location}: " if location else ""
        msg = f"{where}{what} «{name}» {missing}"
        if self.suggestions:
            msg += "; возможно, вы имели в виду: " + ", ".join(f"«{s}»" for s in self.suggestions)
        super().__init__(msg)


def fold(text: str) -> str:
    """Matching key: case-folded, ё→е.  Never used for stored or printed text."""
    return text.casefold().replace("ё", "е")


def did_you_mean(name: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` candidates closest to ``name`` (case and ё/е folded)."""
    from rapidfuzz import fuzz, process

    pool = {fold(c): c for c in candidates}
    found = process.extract(fold(name), list(pool), scorer=fuzz.WRatio, limit=limit, score_cutoff=60)
    return [pool[key] for key, _score, _idx in found]


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
