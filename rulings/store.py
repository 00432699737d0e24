"""Storing imported rulebooks in the card DB: the ``clauses`` and ``glossary`` tables with FTS.

Datasette browses these tables and ``berserk rule --db`` reads the official text from them.
``clause_writer`` is the table writer ``berserk db build --rules`` hands to carddb's build, so
the clauses land in the same atomic write as the cards.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterable

from berserk.errors import Location, Problem
from berserk.text import fold
from rulings.importers import Imported, import_book
from rulings.lookup import load_book
from rulings.model import Clause, GlossaryEntry

CLAUSE_COLUMNS = {"book": str, "id": str, "number": str, "parent": str, "kind": str, "position": int,
                  "title": str, "summary": str, "keywords": str, "text": str, "examples": str,
                  "source": str, "data": str, "folded": str, "per_file": str}
GLOSSARY_COLUMNS = {"book": str, "term": str, "text": str, "summary": str, "refs": str,
                    "source": str, "folded": str}


def _clause_row(c: Clause, position: int) -> dict:
    return {"book": c.book, "id": c.id, "number": c.number, "parent": c.parent, "kind": c.kind,
            "position": position, "title": c.title, "summary": c.summary or None,
            "keywords": json.dumps(list(c.keywords), ensure_ascii=False), "text": c.text,
            "examples": json.dumps(list(c.examples), ensure_ascii=False), "source": c.source,
            "data": json.dumps(c.data, ensure_ascii=False) if c.data is not None else None,
            "folded": c.search_blob()}


def _file_of(source: str) -> str:
    return re.sub(r":\d+$", "", source.strip())


def _existing(db, book: str, cid: str) -> dict | None:
    found = list(db.query("select * from clauses where book = ? and id = ?", [book, cid]))
    return found[0] if found else None


def _merged(old: dict, new: dict) -> dict:
    """A clause several files speak about: each file's text kept (``per_file``), joined in order.

    Re-importing a file replaces only that file's part, so importing seeds 000 and 001 into
    ``classic`` keeps both statements — which is what the conflicts register needs.
    """
    per_file = json.loads(old.get("per_file") or "{}") or {
        _file_of(old["source"] or ""): {"text": old["text"], "examples": json.loads(old["examples"] or "[]"),
                                        "source": old["source"]}}
    per_file[_file_of(new["source"] or "")] = {"text": new["text"], "source": new["source"],
                                               "examples": json.loads(new["examples"] or "[]")}
    out = dict(new)
    out["per_file"] = json.dumps(per_file, ensure_ascii=False)
    paragraphs: list[str] = []
    for v in per_file.values():              # two documents often carry the same paragraph
        for para in (v["text"] or "").split("\n\n"):
            if para.strip() and para not in paragraphs:
                paragraphs.append(para)
    out["text"] = "\n\n".join(paragraphs) or None
    out["source"] = "; ".join(v["source"] for v in per_file.values() if v["source"])
    out["examples"] = json.dumps([e for v in per_file.values() for e in v["examples"]], ensure_ascii=False)
    out["data"] = new["data"] or old["data"]
    out["title"] = old["title"] or new["title"]
    out["parent"] = old["parent"] or new["parent"]
    out["folded"] = fold(" ".join(filter(None, [out["title"], out["text"]])))
    return out


def write_clauses(db, clauses: "Imported | Iterable[Clause]", glossary: Iterable[GlossaryEntry] = ()) -> tuple[int, int]:
    """Store clauses and glossary entries in ``db`` (a ``sqlite_utils.Database``).

    Creates ``clauses`` (pk book+id) and ``glossary`` (pk book+term+source) with FTS5 over the
    title/term, the official text and a ё/е-folded copy (``folded``), so Datasette's search box and
    ``berserk rule`` both find «ещё» as «еще».  Rows of a book already present are replaced, so
    re-importing a file is idempotent.  The caller owns the transaction (the DB build writes
    everything into a temp file in one go).  Returns (clauses written, glossary entries written).
    """
    if isinstance(clauses, Imported):               # write_clauses(db, import_book(path, book))
        clauses, glossary = clauses.clauses, list(glossary) or clauses.glossary
    clauses, glossary = list(clauses), list(glossary)
    table = db["clauses"]
    if not table.exists():
        table.create(CLAUSE_COLUMNS, pk=("book", "id"), not_null={"book", "id"})
        table.create_index(["book", "parent"])
    gtable = db["glossary"]
    if not gtable.exists():
        gtable.create(GLOSSARY_COLUMNS, pk=("book", "term", "source"), not_null={"book", "term"})
    start = (db.execute("select coalesce(max(position), -1) + 1 from clauses").fetchone()[0])
    rows = []
    for i, c in enumerate(clauses):
        row = _clause_row(c, start + i)
        old = _existing(db, c.book, c.id)
        if old is not None:
            row["position"] = old["position"]
            if old["source"] != row["source"]:
                row = _merged(old, row)
        rows.append(row)
    table.upsert_all(rows, pk=("book", "id"))
    gtable.upsert_all(({"book": g.book, "term": g.term, "text": g.text, "summary": g.summary or None,
                        "refs": json.dumps(list(g.refs), ensure_ascii=False), "source": g.source,
                        "folded": fold(" ".join(filter(None, [g.term, g.summary, g.text])))}
                       for g in glossary), pk=("book", "term", "source"))
    for t, cols in ((table, ["title", "text", "folded"]), (gtable, ["term", "text", "folded"])):
        if not t.detect_fts():
            t.enable_fts(cols, create_triggers=True)
        else:
            t.rebuild_fts()
    return len(clauses), len(glossary)


def clause_writer(rules_file: str | Path, book: str, warnings: list[Problem]):
    """A table writer for ``carddb.build.build_db``: imports ``rules_file`` as ``book`` into the
    DB being built (clauses + glossary).  The book name is checked now, before anything is
    written (an unknown book is an UnknownNameError, exit 2).

    What the importer could not place is not dropped silently: one warning per file counts it
    and points to ``berserk rulebook check``, which lists every such line (the seeds carry
    dozens of unrelated lines, so listing them all on every build would drown the output)."""
    load_book(book)

    def write(db) -> dict[str, int]:
        imported = import_book(rules_file, book)
        if imported.problems:
            warnings.append(Problem(Location(str(rules_file)),
                                    f"не размещено строк: {len(imported.problems)} (подробно: "
                                    f"berserk rulebook check {rules_file} --book {book})"))
        written = write_clauses(db, imported)
        return {"clauses": written[0] if isinstance(written, tuple) else int(written or 0)}

    return write
