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
from berserk.text import did_you_mean, fold
from rulings.conflicts import load_conflicts
from rulings.model import Book, Clause, GlossaryEntry, Statement, is_number
from rulings.search import SearchIndex, Settings

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


#: A glossary term is citable like a clause: ``term:<heading>`` with the heading as the book's
#: ``glossary:`` stores it (``term:Рывок``, ``term:Броня Х``); much of a Heroes ruling rests on
#: the terms of part 7.
TERM = "term:"


def clause_exists(book: str, clause_id: str) -> bool:
    """True when ``clause_id`` is a citable id of the shipped book ``book``: a clause or a
    ``term:`` of its glossary (unknown book → False)."""
    try:
        return canonical_cite(book, str(clause_id)) is not None
    except UnknownNameError:
        return False


def clause_ids(book: str) -> frozenset[str]:
    """Every citable id of the shipped book ``book``: its clauses and ``term:<heading>`` of its
    glossary (for validating a whole set of citations)."""
    b = load_book(book)
    return frozenset(b.clauses) | frozenset(TERM + g.term for g in b.glossary)


def _term_key(term: str, short: bool) -> str:
    """A term heading for matching: case, ё/е and the Latin/Cyrillic X the sources mix do not
    matter; ``short`` also drops the «[…]» / «<…>» slots and a trailing «:»."""
    key = fold(term).replace("x", "х")
    if short:
        key = re.sub(r"[\[<(].*?[\]>)]", " ", key)
        key = re.sub(r"[\s:.—-]+$", "", re.sub(r"\s+", " ", key)).strip()
    return key


@lru_cache(maxsize=None)
def _term_keys(book: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    exact: dict[str, str] = {}
    short: dict[str, list[str]] = {}
    for g in load_book(book).glossary:
        exact[_term_key(g.term, False)] = TERM + g.term
        short.setdefault(_term_key(g.term, True), []).append(TERM + g.term)
    return exact, {k: tuple(v) for k, v in short.items()}


def canonical_cite(book: str, cid: str) -> str | None:
    """The book's id for what a scenario or the code wrote: the id itself, or a glossary term
    written with the other X, another case, or without its «[…]» slot when that is unambiguous;
    None when ``book`` has nothing of that name."""
    if cid in load_book(book).clauses:
        return cid
    if not cid.startswith(TERM):
        return None
    exact, short = _term_keys(book)
    name = cid[len(TERM):]
    if _term_key(name, False) in exact:
        return exact[_term_key(name, False)]
    found = short.get(_term_key(name, True), ())
    return found[0] if len(found) == 1 else None


def cite_problem(book: str, cid: str) -> str | None:
    """What is wrong with a cited id (None when ``book`` has it): ambiguous term, or unknown
    with the closest ids."""
    if canonical_cite(book, cid) is not None:
        return None
    if cid.startswith(TERM):
        found = _term_keys(book)[1].get(_term_key(cid[len(TERM):], True), ())
        if len(found) > 1:
            return f"термин «{cid}» неоднозначен: подходят " + ", ".join(sorted(found))
    pool = [k for k in clause_ids(book) if k.startswith(TERM) == cid.startswith(TERM)]
    return UnknownNameError("пункт", cid, pool, missing=f"не найден в книге {book}",
                            quoted=False).message


def check_citations(book: str, ids, source: str = "<ввод>") -> None:
    """Raise one ``InputError`` listing every id in ``ids`` that ``book`` lacks (with suggestions).

    The judge and the legality code call this when they load a scenario or a rule table, so a
    citation of a clause the rulebook does not have fails loudly at load time.
    """
    report = Report()
    for cid in ids:
        problem = cite_problem(book, str(cid))
        if problem is not None:
            report.add(problem, source)
    report.raise_if_any()


# ── how a citation and a source read to a person ────────────────────────────────────────────

#: A glossary term as a ruling shows it: «Рывок (глоссарий)» (``berserk rule`` reads it back).
GLOSSARY_MARK = " (глоссарий)"
_MARKED_TERM = re.compile(r"(.+?)\s*\(глоссарий\)$")


@lru_cache(maxsize=None)
def cite_label(book: str, cid: str) -> str:
    """A cited id as a person reads it, in a form ``berserk rule`` finds that very clause by:
    a numbered clause by its number («514.6», «118.8#2»); a glossary term by its heading with
    «(глоссарий)»; any other clause (the golden rules, the unnumbered classic sections) by its
    title («Правило Топора», «Простой удар»).  The ids themselves (``attack.strike``,
    ``term:Рывок``) are the code's and the scenario files' — never shown in a ruling.  An id the
    book lacks is shown as written (citations are checked at load time, so that is a bug)."""
    canon = canonical_cite(book, cid)
    if canon is None:
        return cid
    if canon.startswith(TERM):
        return canon[len(TERM):] + GLOSSARY_MARK
    if is_number(canon.split("#", 1)[0]):
        return canon
    return load_book(book).clauses[canon].title or canon


def cite_labels(book: str, ids) -> list[str]:
    """``cite_label`` of each id, in order."""
    return [cite_label(book, str(c)) for c in ids]


#: The documents the shipped index rests on (../shared/SOURCES.md), by the name a source field
#: writes → the name a person knows them by.
DOCUMENTS = (
    ("seed 000", "Обзор правил классического «Берсерка»"),
    ("seed 001", "Основы онлайн-игры «Берсерк» (классика)"),
    ("seed 002", "Основы «Берсерк. Герои» (ранняя редакция)"),
    ("seed 004", "Правила сражения классического «Берсерка» (514.1–514.8)"),
    ("heroes_full_rules_15th_2024-05-31.md", "Полные правила «Берсерк. Герои», 15-я редакция "
                                             "(31.05.2024)"),
    ("heroes_glossary.rst", "Глоссарий «Берсерк. Герои»"),
    ("heroes_faq_vozvrashchenie_drevnih.rst", "FAQ «Берсерк. Герои»: «Возвращение древних»"),
    ("heroes_faq.rst", "FAQ «Берсерк. Герои»"),
    ("heroes_tournament_rules.rst", "Турнирные правила «Берсерк. Герои»"),
)
_DOCUMENT = re.compile("(?:" + "|".join(re.escape(k) for k, _ in DOCUMENTS) + r")[ \t]*")


def source_label(source: str) -> str:
    """A clause's ``source`` as a person reads it: «seed 000 п.5» → «Обзор правил классического
    «Берсерка», п.5»; «seed 004 514.3» → «…, п. 514.3»; a file of the Heroes rules by its title.
    Anything else (a user's own file) stays as written."""
    names = dict(DOCUMENTS)

    def name(m: re.Match) -> str:
        doc = names[m.group(0).strip()]
        rest = source[m.end():]
        if not rest or rest[0] in ";,)":
            return doc
        qualifier = re.search(r" \((.+)\)$", doc)
        if rest.startswith("(") and qualifier and qualifier.group(1) in rest:
            return doc[:qualifier.start()] + " "          # «(ранняя редакция, …)» says it already
        if rest.startswith("("):
            return doc + " "
        if rest[0].isdigit():
            return doc + ", п. "
        if rest.startswith(("п.", "п ", "«", "\"", "там же")):  # a place in the document
            return doc + ", "
        return doc + " "                                     # the sentence goes on: «seed 000 уточняет»
    return _DOCUMENT.sub(name, source)


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

GAMES = {"classic": "classic", "heroes": "heroes-15"}          # --game → book
NOT_IN_RULES = "нет в правилах, которые есть у проекта"
RULESET_ENV = "BERSERK_RULESET"                                  # the context's ruleset, if any


def book_of(game_or_book: str | None) -> str | None:
    """``classic``/``heroes``/``heroes-15``/``classic-online`` → the book name (None stays None)."""
    if game_or_book is None:
        return None
    name = str(game_or_book).strip()
    if name in GAMES:
        return GAMES[name]
    if name in book_names():
        return name
    for game, book in GAMES.items():                           # rulesets: classic-online, heroes-15 …
        if name.startswith(game):
            return book
    raise UnknownNameError("игра", name, [*GAMES, *book_names()])


@dataclass(frozen=True)
class Hit:
    """One answer to a query: a clause (with the sub-clauses shown under it) or a glossary entry."""

    score: float
    clause: Clause | None = None
    entry: GlossaryEntry | None = None
    children: tuple[Clause, ...] = ()

    @property
    def book(self) -> str:
        return self.clause.book if self.clause is not None else self.entry.book


@dataclass(frozen=True)
class Answer:
    """What ``resolve`` found; no hits means the query's words are in none of the asked books
    (``message`` says so, ``suggestions`` are the closest ids, titles and terms)."""

    query: str
    hits: tuple[Hit, ...]
    by_number: bool
    books: tuple[Book, ...] = field(default=(), compare=False)
    suggestions: tuple[str, ...] = ()

    def book(self, name: str) -> Book:
        return next(b for b in self.books if b.name == name)

    @property
    def message(self) -> str | None:
        return None if self.hits else NOT_IN_RULES


_INDEXES: dict[tuple, tuple[tuple[Book, ...], SearchIndex]] = {}


def search_index(db: Any = None, settings: Settings | None = None) -> SearchIndex:
    """The FTS index over every shipped book (with ``db``'s official text merged in), built once
    per book values — i.e. per process for the shipped index, per DB file (path, mtime, size)."""
    books = tuple(open_book(n, db) for n in book_names())
    key = (tuple(id(b) for b in books), settings)
    got = _INDEXES.get(key)
    if got is None or any(a is not b for a, b in zip(got[0], books)):
        if len(_INDEXES) > 8:                                   # in-memory DBs make new books
            _INDEXES.clear()
        got = (books, SearchIndex(books, settings or Settings()))
        _INDEXES[key] = got
    return got[1]


def find(query: str, books: list[str], db: Any = None, limit: int = 10) -> tuple[Hit, ...]:
    """Clauses and glossary entries of the books named ``books`` answering ``query``, best first."""
    found = search_index(db).search(query, books, limit)
    return tuple(Hit(f.score, clause=f.doc.clause, entry=f.doc.entry) for f in found)


def resolve(ref: str, book: str | None = None, db: Any = None, limit: int = 10) -> Answer:
    """Answer ``berserk rule REF``: a number (``514.6``; ``514`` with its sub-clauses) or words.

    ``book``: a book or game name (``classic``, ``heroes``, ``heroes-15``); without it a game the
    query names («… в Героях») is asked, else every book.  Words no book has → an Answer without
    hits (``message``: «нет в правилах, которые есть у проекта»); a number no book has →
    ``UnknownNameError`` with the closest ids.
    """
    book = book_of(book)
    names = [book] if book else book_names()
    books = tuple(open_book(n, db) for n in names)
    ref = re.sub(r"^(?:п\.|пункт|§)\s*(?=\d)", "", ref.strip(), flags=re.I)   # «п. 514.6» → 514.6
    if not ref:
        raise InputError.at("пустой запрос: укажите номер пункта или слово", "<запрос>")
    marked = _MARKED_TERM.match(ref)               # «Рывок (глоссарий)», as a ruling shows it
    if marked:
        ref = TERM + marked.group(1)
    if ref.startswith(TERM):                   # a cited glossary term: «berserk rule term:Рывок»
        terms = []
        for b in books:
            cid = canonical_cite(b.name, ref)
            if cid is not None:
                terms += [Hit(1000, entry=g) for g in b.glossary if TERM + g.term == cid]
        if terms:
            return Answer(ref, tuple(terms), by_number=True, books=books)
        raise UnknownNameError("термин", ref[len(TERM):], [g.term for b in books for g in b.glossary],
                               missing="не найден в глоссарии")
    numbered = []
    for b in books:
        for cid in [ref] + b.repeats.get(ref, []):
            if cid in b.clauses:
                numbered.append(Hit(1000, clause=b.clauses[cid], children=tuple(b.descendants(cid))))
    if numbered:
        return Answer(ref, tuple(numbered), by_number=True, books=books)
    if is_number(ref.rstrip(".")):
        if ref.endswith("."):
            return resolve(ref.rstrip("."), book, db, limit)
        where = f"в книге {book}" if book else "ни в одной книге"
        raise UnknownNameError("пункт", ref, [cid for b in books for cid in b.clauses],
                               missing=f"не найден {where}", quoted=False)
    # the title of a clause without a number («Простой удар», «Правило Топора» — how a ruling
    # names it: cite_label) answers with that clause first, before what the words find
    titled = tuple(Hit(1000, clause=c) for b in books for c in b.clauses.values()
                   if c.title and not is_number(c.id.split("#", 1)[0])
                   and fold(c.title) == fold(ref))
    if book is None:
        hinted = search_index(db).analyzer.game_of(ref)
        if hinted:
            names = [GAMES[hinted]]
    found = find(ref, names, db, limit)
    seen = {(h.book, h.clause.id) for h in titled}
    hits = titled + tuple(h for h in found
                          if h.clause is None or (h.book, h.clause.id) not in seen)
    hits = hits[:max(limit, len(titled))]
    # a section found by word is shown with its clauses, as when asked by number
    by_name = {b.name: b for b in books}
    hits = tuple(replace(h, children=tuple(by_name[h.book].descendants(h.clause.id)))
                 if h.clause is not None and h.clause.kind in ("section", "part") else h
                 for h in hits)
    if hits:
        return Answer(ref, hits, by_number=False, books=books)
    if len(ref.split()) > 1:          # a sentence none of whose words is in the books: no guess
        return Answer(ref, (), by_number=False, books=books)
    pool = [cid for b in books for cid in b.clauses] + [c.title for b in books for c in b.clauses.values()
                                                         if c.title] + [g.term for b in books for g in b.glossary]
    return Answer(ref, (), by_number=False, books=books, suggestions=tuple(did_you_mean(ref, pool)))
