"""Rulebook lookup: load a book, validate citations, find clauses by number or by word.

Two layers answer a query:

* the **shipped index** (``rulings/books/<name>.yaml``, the project's own ids, titles, summaries
  and keywords; plus ``<name>.conflicts.yaml``) — always there, even on a fresh install;
* an **imported DB** (``berserk db build … --rules FILE --book B``) — when given, its official
  text and examples are merged over the index clause by clause.

``load_book`` / ``clause_exists`` / ``check_citations`` are the stable API the judge and the
legality code use to validate their citations at load time.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from berserk.errors import InputError, Report, UnknownNameError
from berserk.text import fold
from rulings.conflicts import load_conflicts
from rulings.model import Book, Clause, GlossaryEntry, Statement, is_number

BOOKS_DIR = Path(__file__).resolve().parent / "books"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)      # libyaml: the heroes index loads 10× faster
CLAUSE_FIELDS = {"id", "parent", "kind", "title", "summary", "keywords", "source", "data"}


# ── the shipped index ────────────────────────────────────────────────────────────────────────

def book_names() -> list[str]:
    """Names of the shipped books (``classic``, ``heroes-15``)."""
    return list(_book_names())


@lru_cache(maxsize=1)
def _book_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in BOOKS_DIR.glob("*.yaml") if "." not in p.stem))


def _line_of(text: str, cid: str) -> int | None:
    for needle in (f"id: {cid}\n", f"id: '{cid}'", f'id: "{cid}"', f"id: {cid},"):
        at = text.find(needle)
        if at >= 0:
            return text.count("\n", 0, at) + 1
    return None


def parse_index(text: str, source: str = "<index>") -> Book:
    """A ``Book`` from the YAML text of a shipped index; every problem is reported together."""
    try:
        doc = yaml.load(text, Loader=_LOADER) or {}
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
        line = _line_of(text, cid)
        if not cid:
            report.add("у пункта нет id", source, line)
            continue
        extra = set(raw) - CLAUSE_FIELDS
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
            report.add(f"пункт {c.id}: родитель «{c.parent}» не найден", source, _line_of(text, c.id))
    glossary = tuple(GlossaryEntry(book=name, term=str(g["term"]), summary=str(g.get("summary") or ""),
                                   refs=tuple(str(r) for r in g.get("refs") or ()),
                                   source=str(g.get("source") or "индекс"))
                     for g in doc.get("glossary") or ())
    for g in glossary:
        for ref in g.refs:
            if ref not in clauses:
                report.add(f"термин «{g.term}»: пункт «{ref}» не найден", source)
    report.raise_if_any()
    return Book(name=name, title=str(doc.get("title") or name), clauses=clauses, glossary=glossary)


@lru_cache(maxsize=None)
def load_book(name: str) -> Book:
    """The shipped index of book ``name`` with its conflicts register (cached per process).

    >>> load_book("classic").get("514.6").title
    'Удар по закрытой карте'
    """
    path = BOOKS_DIR / f"{name}.yaml"
    if "." in name or not path.is_file():
        raise UnknownNameError("название книги правил", name, book_names())
    text = path.read_text(encoding="utf-8")
    book = parse_index(text, f"rulings/books/{path.name}")
    conflicts = load_conflicts(BOOKS_DIR / f"{name}.conflicts.yaml", book)
    return replace(book, conflicts=conflicts)


def applied(book: str, conflict_id: str, ruleset: str | None = None) -> Statement:
    """The statement ``ruleset`` (default: the book's own name) applies in conflict
    ``conflict_id`` of the book's register (rulings/conflicts.py reads it).

    >>> applied("classic", "second-player-bonus").value
    {'gold': 1, 'silver': 1}
    """
    conflicts = {c.id: c for c in load_book(book).conflicts}
    if conflict_id not in conflicts:
        raise UnknownNameError("конфликт источников", conflict_id, conflicts)
    return conflicts[conflict_id].chosen(ruleset or book)


def clause_exists(book: str, clause_id: str) -> bool:
    """True when ``clause_id`` is a clause of the shipped book ``book`` (unknown book → False)."""
    try:
        return clause_id in load_book(book).clauses
    except UnknownNameError:
        return False


def clause_ids(book: str) -> frozenset[str]:
    """Every clause id of the shipped book ``book`` (for validating a whole set of citations)."""
    return frozenset(load_book(book).clauses)


def check_citations(book: str, ids, source: str = "<ввод>") -> None:
    """Raise one ``InputError`` listing every id in ``ids`` that ``book`` lacks (with suggestions).

    The judge and the legality code call this when they load a scenario or a rule table, so a
    citation of a clause the rulebook does not have fails loudly at load time.
    """
    known = load_book(book).clauses
    report = Report()
    for cid in ids:
        if str(cid) not in known:
            report.add(UnknownNameError("пункт", cid, known, missing=f"не найден в книге {book}",
                                        quoted=False).message, source)
    report.raise_if_any()


# ── merging an imported DB over the index ───────────────────────────────────────────────────

def open_book(name: str, db: Any = None) -> Book:
    """The book as lookup sees it: the shipped index, with official text from ``db`` if given.

    Clauses the DB has and the index lacks (an edition we do not index yet) are appended, so an
    import is never hidden; index clauses without official text keep ``text=None``.
    """
    book = load_book(name)
    if db is None:
        return book
    key = _db_key(db)
    if key is not None and (name, key) in _MERGED:
        return _MERGED[(name, key)]
    merged = _merge(book, db)
    if key is not None:
        _MERGED[(name, key)] = merged
    return merged


def stored_clauses(db, book: str) -> tuple[list[Clause], list[GlossaryEntry]]:
    """The clauses and glossary of ``book`` stored by ``write_clauses`` (empty when absent)."""
    if not db["clauses"].exists():
        return [], []
    clauses = [Clause(book=r["book"], id=r["id"], parent=r["parent"], kind=r["kind"] or "clause",
                      title=r["title"] or "", summary=r["summary"] or "",
                      keywords=tuple(json.loads(r["keywords"] or "[]")), text=r["text"],
                      examples=tuple(json.loads(r["examples"] or "[]")), source=r["source"] or "",
                      data=json.loads(r["data"]) if r["data"] else None)
               for r in db.query("select * from clauses where book = ? order by position", [book])]
    glossary = []
    if db["glossary"].exists():
        glossary = [GlossaryEntry(book=r["book"], term=r["term"], text=r["text"], summary=r["summary"] or "",
                                  refs=tuple(json.loads(r["refs"] or "[]")), source=r["source"] or "")
                    for r in db.query("select * from glossary where book = ? order by rowid", [book])]
    return clauses, glossary


_MERGED: dict[tuple, Book] = {}


def _db_key(db: Any) -> tuple | None:
    """(file, mtime, size) of an on-disk DB — a merged book is reused until the file changes."""
    try:
        path = next(r[2] for r in db.conn.execute("pragma database_list") if r[1] == "main")
        if not path:                      # an in-memory DB has no file to watch
            return None
        st = Path(path).stat()
    except (StopIteration, OSError, AttributeError):
        return None
    return (path, st.st_mtime_ns, st.st_size)


def _merge(book: Book, db: Any) -> Book:
    name = book.name

    imported, glossary = stored_clauses(db, name)
    if not imported and not glossary:
        return book
    merged = dict(book.clauses)
    for c in imported:
        mine = merged.get(c.id)
        if mine is None:
            merged[c.id] = c
        else:
            merged[c.id] = replace(mine, text=c.text, examples=c.examples,
                                   source=f"{mine.source}; текст: {c.source}" if c.text else mine.source,
                                   title=mine.title or c.title, data=mine.data or c.data)
    index_terms = {fold(g.term): g for g in book.glossary}
    entries, seen = [], set()
    for g in glossary:                    # the terminology part and the glossary file overlap
        if fold(g.term) not in seen:
            seen.add(fold(g.term))
            entries.append(replace(g, refs=g.refs or index_terms.get(fold(g.term), g).refs))
    have = {fold(g.term) for g in entries}
    entries += [g for g in book.glossary if fold(g.term) not in have]
    return replace(book, clauses=merged, glossary=tuple(entries), official=True)


# ── search ───────────────────────────────────────────────────────────────────────────────────

@dataclass(frozen=True)
class Hit:
    """One answer to a query: a clause (with the sub-clauses shown under it) or a glossary entry."""

    score: float
    clause: Clause | None = None
    entry: GlossaryEntry | None = None
    children: tuple[Clause, ...] = ()


@dataclass(frozen=True)
class Answer:
    query: str
    hits: tuple[Hit, ...]
    by_number: bool
    books: tuple[Book, ...] = field(default=(), compare=False)

    def book(self, name: str) -> Book:
        return next(b for b in self.books if b.name == name)


def _stems(query: str) -> list[str]:
    """Folded word stems of a query: Russian endings trimmed so «защитник» finds «защитника»."""
    words = re.findall(r"\w+", fold(query))
    return [w[:len(w) - 3] if len(w) >= 7 else w[:max(4, len(w) - 2)] if len(w) > 4 else w
            for w in words if len(w) > 1]


Fields = tuple  # (title, keywords, summary, text), all folded


def _fields(clause: Clause) -> Fields:
    return (fold(clause.title), fold(" | ".join(clause.keywords)), fold(clause.summary),
            fold(" ".join(filter(None, [clause.text, " ".join(clause.examples)]))))


_PREPARED: dict[int, tuple[Book, list[tuple[Clause, Fields]], list[tuple[GlossaryEntry, str, str]]]] = {}


def _prepared(book: Book):
    """Folded search fields of every clause and entry of ``book``, computed once per book value."""
    got = _PREPARED.get(id(book))
    if got is None or got[0] is not book:
        clauses = []
        for c in book.clauses.values():
            f = _fields(c)
            clauses.append((c, f, " ".join(f)))
        got = (book, clauses, [(g, fold(g.term), fold(g.text or ""), _term_core(g.term))
                               for g in book.glossary])
        _PREPARED[id(book)] = got
    return got


def score_clause(clause: Clause, phrase: str, stems: list[str], fields: Fields | None = None) -> float:
    """Higher is a better answer: the phrase as title or keyword beats words scattered in text.

    A clause that *defines* the phrase (its official text opens with it) also ranks high.
    """
    title, keywords, summary, text = fields or _fields(clause)
    score = 0.0
    if phrase == title:
        score += 120
    elif phrase in keywords.split(" | "):
        score += 100
    elif phrase and phrase in title:
        score += 60
    elif phrase and phrase in keywords:
        score += 45
    if stems and all(s in title for s in stems):
        score += 30
    if stems and all(s in keywords for s in stems):
        score += 20
    if stems and all(s in summary for s in stems):
        score += 15
    if stems and text and all(s in text for s in stems):
        score += 5 + min(text.count(stems[0]), 5)
        if text.lstrip(" «\"'*-–—").startswith(stems[0]):       # the text opens with the word
            score += 25
    return score


def _term_core(term: str) -> str:
    """«Отравление на Х» → «отравление»: the variable part does not count when matching."""
    return re.sub(r"\s+(?:на\s+)?[хx]$", "", fold(term)).strip()


def score_entry(entry: GlossaryEntry, phrase: str, stems: list[str], term: str | None = None,
                text: str | None = None, core: str | None = None) -> float:
    term = fold(entry.term) if term is None else term
    if phrase == term:                    # the glossary entry *is* the definition of the phrase
        return 130
    if phrase == (_term_core(entry.term) if core is None else core):
        return 125
    if stems and all(s in term for s in stems):
        return 70 if term.startswith(stems[0]) else 50
    text = fold(entry.text or "") if text is None else text
    if stems and text and all(s in text for s in stems):
        return 4 + min(text.count(stems[0]), 4)
    return 0.0


def find(query: str, books: list[Book], limit: int = 10) -> tuple[Hit, ...]:
    """Clauses and glossary entries of ``books`` answering a word or phrase, best first."""
    phrase = fold(query).strip().strip("«»\"'")
    stems = _stems(phrase)
    hits = []
    for book in books:
        _book, clauses, entries = _prepared(book)
        needles = stems or [phrase]
        first, rest = needles[0], needles[1:]
        for clause, fields, blob in clauses:
            # every way to score needs all stems somewhere in the clause: skip the rest fast
            if first not in blob or (rest and not all(n in blob for n in rest)):
                continue
            s = score_clause(clause, phrase, stems, fields)
            if s > 0:
                hits.append(Hit(s + (0.5 if clause.kind == "rule" else 0), clause=clause))
        for entry, term, text, core in entries:
            if (first not in term and first not in text) or \
                    (rest and not all(n in term or n in text for n in rest)):
                continue
            s = score_entry(entry, phrase, stems, term, text, core)
            if s > 0:
                hits.append(Hit(s, entry=entry))
    hits.sort(key=lambda h: -h.score)
    return tuple(hits[:limit])


def resolve(ref: str, book: str | None = None, db: Any = None, limit: int = 10) -> Answer:
    """Answer ``berserk rule REF``: a number (``514.6``; ``514`` with its sub-clauses) or words.

    Without ``book`` every shipped book is searched.  Nothing found → ``UnknownNameError`` with
    the closest ids and titles as suggestions.
    """
    names = [book] if book else book_names()
    books = tuple(open_book(n, db) for n in names)
    ref = re.sub(r"^(?:п\.|пункт|§)\s*(?=\d)", "", ref.strip(), flags=re.I)   # «п. 514.6» → 514.6
    if not ref:
        raise InputError.at("пустой запрос: укажите номер пункта или слово", "<запрос>")
    numbered = []
    for b in books:
        for cid in [ref] + b.repeats.get(ref, []):
            if cid in b.clauses:
                numbered.append(Hit(1000, clause=b.clauses[cid], children=tuple(b.descendants(cid))))
    if numbered:
        return Answer(ref, tuple(numbered), by_number=True, books=books)
    if is_number(ref.rstrip(".")) and ref.endswith("."):
        return resolve(ref.rstrip("."), book, db, limit)
    hits = find(ref, list(books), limit)
    # a section found by word is shown with its clauses, as when asked by number
    hits = tuple(replace(h, children=tuple(answer_book.descendants(h.clause.id)))
                 if h.clause is not None and h.clause.kind == "section"
                 and (answer_book := next(b for b in books if b.name == h.clause.book)) else h
                 for h in hits)
    if hits:
        return Answer(ref, hits, by_number=False, books=books)
    pool = [cid for b in books for cid in b.clauses] + [c.title for b in books for c in b.clauses.values()
                                                         if c.title] + [g.term for b in books for g in b.glossary]
    where = f"в книге {book}" if book else "ни в одной книге"
    raise UnknownNameError(f"пункт или термин ({where})", ref, pool)
