"""Loading the shipped clause index (``rulings/books/<name>.yaml``) into ``Book`` values.

The index is the project's own: ids, titles, summaries, keywords, data tables.  It is read once
per process and cached; a malformed index is a bug in the repository, so every problem in it is
reported at once as an ``InputError`` with file and line.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from grammar.errors import InputError, Report, UnknownNameError, did_you_mean
from rulings.model import Book, Clause, Conflict, GlossaryEntry, Statement

BOOKS_DIR = Path(__file__).resolve().parent / "books"
CLAUSE_FIELDS = {"id", "parent", "kind", "title", "summary", "keywords", "source", "data"}


def book_names() -> list[str]:
    """Names of the shipped books (``classic``, ``heroes-15`` …)."""
    return sorted(p.stem for p in BOOKS_DIR.glob("*.yaml") if not p.stem.endswith(".conflicts"))


def _line_of(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1


def parse_index(text: str, source: str = "<index>") -> Book:
    """A ``Book`` from the YAML text of a shipped index; every problem is reported together."""
    try:
        doc = yaml.safe_load(text) or {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise InputError.at(f"индекс книги не читается как YAML: {getattr(err, 'problem', err)}",
                            source, mark.line + 1 if mark else None,
                            mark.column + 1 if mark else None, text) from None
    report = Report()
    name = str(doc.get("book") or "")
    if not name:
        report.add("в индексе нет поля «book»", source, 1)
    clauses: dict[str, Clause] = {}
    for raw in doc.get("clauses") or ():
        cid = str(raw.get("id", ""))
        line = _line_of(text, f"id: {cid}") or _line_of(text, f'id: "{cid}"')
        extra = set(raw) - CLAUSE_FIELDS
        if not cid:
            report.add("у пункта нет id", source, line)
            continue
        if extra:
            report.add(f"пункт {cid}: неизвестные поля {', '.join(sorted(extra))}", source, line)
        if cid in clauses:
            report.add(f"пункт {cid} повторяется", source, line)
        clauses[cid] = Clause(book=name, id=cid, title=str(raw.get("title") or ""),
                              parent=str(raw["parent"]) if raw.get("parent") is not None else None,
                              summary=str(raw.get("summary") or ""),
                              keywords=tuple(str(k) for k in raw.get("keywords") or ()),
                              source=str(raw.get("source") or ""), kind=str(raw.get("kind") or "clause"),
                              data=raw.get("data"))
    for c in clauses.values():
        if c.parent is not None and c.parent not in clauses:
            report.add(f"пункт {c.id}: родитель «{c.parent}» не найден", source,
                       _line_of(text, f"id: {c.id}") or _line_of(text, f'id: "{c.id}"'))
    glossary = tuple(GlossaryEntry(book=name, term=str(g["term"]), summary=str(g.get("summary") or ""),
                                   refs=tuple(str(r) for r in g.get("refs") or ()),
                                   source=str(g.get("source") or ""))
                     for g in doc.get("glossary") or ())
    report.raise_if_any()
    return Book(name=name, title=str(doc.get("title") or name), clauses=clauses, glossary=glossary)


def parse_conflicts(doc: Any, book: Book, source: str) -> tuple[Conflict, ...]:
    report = Report()
    out = []
    for raw in doc or ():
        cid = str(raw.get("id"))
        clauses = tuple(str(c) for c in raw.get("clauses") or ())
        for c in clauses:
            if c not in book.clauses:
                report.add(f"конфликт {cid}: пункт «{c}» не найден в книге {book.name}", source)
        statements = tuple(Statement(source=str(s["source"]), says=str(s["says"]), value=s.get("value"))
                           for s in raw.get("statements") or ())
        applies = str(raw.get("applies") or "")
        if applies not in {s.source for s in statements}:
            report.add(f"конфликт {cid}: применяемый источник «{applies}» не среди утверждений", source)
        out.append(Conflict(id=cid, book=book.name, clauses=clauses, topic=str(raw.get("topic") or ""),
                            statements=statements, applies=applies, why=str(raw.get("why") or "")))
    report.raise_if_any()
    return tuple(out)


@lru_cache(maxsize=None)
def load_book(name: str) -> Book:
    """The shipped index of book ``name`` (cached).  Unknown names get «did you mean».

    >>> load_book("classic").get("514.6").title
    'Удар по закрытой карте'
    """
    path = BOOKS_DIR / f"{name}.yaml"
    if not path.is_file():
        raise UnknownNameError("название книги правил", name, did_you_mean(name, book_names()))
    text = path.read_text(encoding="utf-8")
    book = parse_index(text, str(path.relative_to(BOOKS_DIR.parents[1])))
    conflicts_path = BOOKS_DIR / f"{name}.conflicts.yaml"
    if conflicts_path.is_file():
        doc = yaml.safe_load(conflicts_path.read_text(encoding="utf-8")) or {}
        conflicts = parse_conflicts(doc.get("conflicts"), book, conflicts_path.name)
        book = Book(name=book.name, title=book.title, clauses=book.clauses, glossary=book.glossary,
                    conflicts=conflicts)
    return book


def clause_exists(book: str, clause_id: str) -> bool:
    """True when ``clause_id`` is a clause of the shipped book ``book`` (unknown book → False)."""
    try:
        return clause_id in load_book(book).clauses
    except UnknownNameError:
        return False


def check_citations(book: str, ids, source: str = "<ввод>") -> None:
    """Raise one ``UnknownNameError``/``InputError`` listing every id that ``book`` lacks.

    The judge and legality code call this when they load a scenario or a rule table, so a cite of
    a clause the rulebook does not have fails loudly at load time.
    """
    known = load_book(book).clauses
    report = Report()
    for cid in ids:
        if str(cid) not in known:
            hint = did_you_mean(str(cid), known)
            report.add(f"пункт «{cid}» не найден в книге {book}"
                       + (f"; возможно, вы имели в виду: {', '.join(hint)}" if hint else ""), source)
    report.raise_if_any()
