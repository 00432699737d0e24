"""Rulebook value objects: a clause, a glossary entry, a conflict between sources, a book.

A *clause* is addressed by ``(book, id)``.  In a numbered book (``heroes-15``, the 514.x block of
``classic``) the id is the rulebook's own number (``514.6``, ``106.1.1``); unnumbered classic rules
get a stable slug (``axe``, ``squad.crystals``).  Citations everywhere are bare ids within the
scenario's ruleset book.

What the project ships (``rulings/books/*.yaml``) carries only its own words: ids, short titles,
one-line summaries, keywords.  The official ``text`` and ``examples`` arrive only when the user
imports a rulebook file they own (``rulings.importers``); until then they are ``None`` / empty.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from berserk.errors import Location, Problem
from berserk.text import fold

# A clause number: 514, 514.6, 106.1.1, 605 (the heroes rulebook also has 101.1а-style letters).
NUMBER_RE = re.compile(r"^\d{1,3}(?:\.\d{1,3})*[а-я]?$")


def is_number(clause_id: str) -> bool:
    """True for rulebook numbers (``514.6``), False for slugs (``axe``, ``squad.crystals``)."""
    return bool(NUMBER_RE.match(clause_id))


@dataclass(frozen=True)
class Clause:
    """One clause of a rulebook.

    ``summary``/``keywords`` are the project's own; ``text``/``examples`` are the official words,
    present only after an import.  ``data`` holds structured content a clause defines (the strike
    table of 514.2), so the judge reads the rule from the book rather than from a copy in code.
    """

    book: str
    id: str
    title: str = ""
    parent: str | None = None
    summary: str = ""
    keywords: tuple[str, ...] = ()
    text: str | None = None
    examples: tuple[str, ...] = ()
    source: str = ""
    kind: str = "clause"            # part | section | clause | subclause | rule
    data: Mapping[str, Any] | None = field(default=None, compare=False, hash=False)

    @property
    def number(self) -> str | None:
        return self.id if is_number(self.id) else None

    @property
    def depth(self) -> int:
        return self.id.count(".")

    def search_blob(self) -> str:
        """Folded text used for word lookup (title weighs most; see lookup.score)."""
        parts = [self.title, self.summary, " ".join(self.keywords), self.text or "",
                 " ".join(self.examples)]
        return fold(" ".join(p for p in parts if p))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"book": self.book, "id": self.id, "number": self.number,
                               "title": self.title, "parent": self.parent, "kind": self.kind,
                               "summary": self.summary or None, "keywords": list(self.keywords),
                               "text": self.text, "examples": list(self.examples),
                               "source": self.source or None}
        if self.data is not None:
            out["data"] = self.data
        return out


@dataclass(frozen=True)
class GlossaryEntry:
    """A term of a book's glossary; ``refs`` are clause ids the entry points to."""

    book: str
    term: str
    text: str | None = None
    summary: str = ""
    refs: tuple[str, ...] = ()
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"book": self.book, "term": self.term, "text": self.text,
                "summary": self.summary or None, "refs": list(self.refs),
                "source": self.source or None}


@dataclass(frozen=True)
class Statement:
    """One side of a conflict: what a source says, in our words, with the value it implies."""

    source: str
    says: str
    value: Any = None


@dataclass(frozen=True)
class Conflict:
    """Sources disagreeing about one rule; ``applies`` maps each ruleset to the source it follows."""

    id: str
    book: str
    clauses: tuple[str, ...]
    topic: str
    statements: tuple[Statement, ...]
    applies: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    why: str = ""

    def chosen(self, ruleset: str) -> Statement:
        """The statement ``ruleset`` applies (KeyError when the ruleset makes no choice here)."""
        source = self.applies[ruleset]
        return next(st for st in self.statements if st.source == source)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "book": self.book, "clauses": list(self.clauses),
                "topic": self.topic, "applies": dict(self.applies), "why": self.why or None,
                "statements": [{"source": s.source, "says": s.says, "value": s.value}
                               for s in self.statements]}


@dataclass(frozen=True)
class Book:
    """A rulebook: its clauses in reading order, glossary and conflicts register."""

    name: str
    title: str
    clauses: Mapping[str, Clause]
    glossary: tuple[GlossaryEntry, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    official: bool = False          # True once an official text has been merged in

    def __contains__(self, clause_id: str) -> bool:
        return clause_id in self.clauses

    def get(self, clause_id: str) -> Clause | None:
        return self.clauses.get(clause_id)

    def ids(self) -> list[str]:
        return list(self.clauses)

    @cached_property
    def _children(self) -> dict[str | None, list[Clause]]:
        """Children of every clause (None: top level), each list in reading order; built once."""
        index: dict[str | None, list[Clause]] = {}
        for c in self.clauses.values():
            index.setdefault(c.parent, []).append(c)
        return index

    @cached_property
    def repeats(self) -> dict[str, list[str]]:
        """Numbers the document repeats: ``104.3`` → ``["104.3#2"]`` (kept apart by the importer)."""
        out: dict[str, list[str]] = {}
        for cid in self.clauses:
            if "#" in cid:
                out.setdefault(cid.split("#")[0], []).append(cid)
        return out

    def children(self, clause_id: str) -> list[Clause]:
        return list(self._children.get(clause_id, ()))

    def descendants(self, clause_id: str) -> list[Clause]:
        """Every clause under ``clause_id`` in reading order (a pre-order walk of the tree)."""
        out: list[Clause] = []
        stack = list(reversed(self._children.get(clause_id, ())))
        while stack:
            c = stack.pop()
            out.append(c)
            stack.extend(reversed(self._children.get(c.id, ())))
        return out

    def neighbours(self, clause_id: str) -> tuple[Clause | None, Clause | None]:
        """The previous and next sibling (same parent) in reading order."""
        me = self.clauses[clause_id]
        sibs = self._children.get(me.parent, [])
        i = next(k for k, c in enumerate(sibs) if c.id == clause_id)
        return (sibs[i - 1] if i > 0 else None, sibs[i + 1] if i + 1 < len(sibs) else None)

    def conflicts_for(self, clause_id: str) -> list[Conflict]:
        return [c for c in self.conflicts if clause_id in c.clauses]


@dataclass
class Imported:
    """What an importer produced from one file, and what it could not place."""

    book: str
    source: str
    clauses: list[Clause] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)     # unplaced or doubtful lines
    repeated: list[str] = field(default_factory=list)         # numbers the document repeats
    origins: list[tuple[str, int]] = field(default_factory=list)  # (clause id, line) of each placed paragraph

    def note(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(Location(self.source, line), message))

    def __len__(self) -> int:
        return len(self.clauses) + len(self.glossary)

    def by_id(self) -> dict[str, Clause]:
        return {c.id: c for c in self.clauses}


def parent_of(number: str, known, part: str | None) -> str | None:
    """The nearest existing ancestor number (106.1.1 → 106.1 → 106), else the part."""
    parts = number.split(".")
    while len(parts) > 1:
        parts.pop()
        cand = ".".join(parts)
        if cand in known:
            return cand
    return part
