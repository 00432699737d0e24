"""The conflicts register: where rule sources disagree, every statement is kept with its source
and each ruleset names the one it applies (``rulings/books/<book>.conflicts.yaml``).

This module reads a register; ``rulings.lookup`` attaches it to the loaded book, and one place
owns the rule: the judge and the legality code ask ``rulings.lookup.applied(book, conflict,
ruleset)`` instead of hard-coding a number, and ``berserk rule`` shows the conflict next to its
clauses.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from berserk.errors import Report
from rulings.model import Book, Conflict, Statement


def parse_conflicts(doc: Any, book: Book, source: str) -> tuple[Conflict, ...]:
    """Conflicts of ``book`` from a parsed YAML list; every problem is reported together."""
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
        if len(statements) < 2:
            report.add(f"конфликт {cid}: нужно не меньше двух утверждений", source)
        applies = {str(k): str(v) for k, v in (raw.get("applies") or {}).items()}
        if not applies:
            report.add(f"конфликт {cid}: не указано, какое утверждение применяет каждый набор правил", source)
        for ruleset, chosen in applies.items():
            if chosen not in {s.source for s in statements}:
                report.add(f"конфликт {cid}: набор правил {ruleset} применяет «{chosen}», "
                           "но такого утверждения нет", source)
        out.append(Conflict(id=cid, book=book.name, clauses=clauses, topic=str(raw.get("topic") or ""),
                            statements=statements, applies=applies, why=str(raw.get("why") or "")))
    report.raise_if_any()
    return tuple(out)


def load_conflicts(path: Path, book: Book) -> tuple[Conflict, ...]:
    if not path.is_file():
        return ()
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return parse_conflicts(doc.get("conflicts"), book, path.name)
