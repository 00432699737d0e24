"""Full-text rule search: one SQLite FTS5 table over the clauses and glossary of the books, bm25.

Every clause and every glossary entry is one row with six analysed columns (``rulings.analysis``
turns the text into stems first; FTS5's unicode61 tokenizer then only splits on spaces):

========== ====== ===================================================================
column     weight what
========== ====== ===================================================================
title        5    our short heading (or the glossary term)
keywords     2    our keyword list
summary      2    our one-line summary
text         1    the official text and examples, where the user imported them
gloss        1.5  the glossary terms that point at the clause, with their definitions
section      0.5  the titles of the clause's section and part
========== ====== ===================================================================

A query is analysed the same way; its distinct tokens are OR-ed (a clause need not hold every
word — a judge's words are spread over a clause's title, summary and text), bm25 picks the
candidates of the asked book, and they are re-ranked by *coverage*: the share of the query's
idf the row holds, so a clause with all the words beats one repeating a single rare word — and
by the share held in the row's *heading* (every clause has a heading of ours that names what it is
about, so «бестелесный урон» goes to «Бестелесные существа», not to the clause on vampirism whose
text happens to mention both words).  Glossary rows are short and win bm25 too easily: their
score is halved — but a glossary entry whose term *is* the query comes first.

A **whole sentence** (``sentence_from`` words or more — a judge's key words are fewer) is in the
player's words, not the rule's: each of its words is also met, at half credit, by the rule word
for its class (``broader`` in the vocabulary: «ударить по событию» → атака, поддержка).  Key
words are not widened: a judge who types «броня» means броня.  Measured and not taken (knobs
kept for bench/rules.py): asking a sentence by its rarest words only, coverage by idf², and a
second pass by the rarer half of the words when the first pass is weak.

A query none of whose words occurs in the books gets no answer at all rather than an unrelated
clause.

Clause numbers are not bm25 material (digits in a question matched ids such as 513.2):
``rulings.lookup.resolve`` answers a number by exact id before it searches.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Iterator

import sqlite_utils

from rulings.analysis import WORD, Analyzer, search_fold, words_of
from rulings.model import Book, Clause, GlossaryEntry

COLUMNS = ("title", "keywords", "summary", "text", "gloss", "section")
WEIGHTS = (5.0, 2.0, 2.0, 1.0, 1.5, 0.5)
TOKENIZE = "unicode61 remove_diacritics 0 tokenchars '_'"


@dataclass(frozen=True)
class Settings:
    """The knobs of the ranking; the defaults are what ships (bench/rules.py measures others)."""

    weights: tuple[float, ...] = WEIGHTS
    candidates: int = 60          # bm25 rows re-ranked in Python
    coverage: float = 1.0         # exponent of the coverage factor (0: plain bm25 order)
    side_weight: float = 0.0      # > 0: side tokens in a column of their own with this weight
    side_credit: float = 1.0      # coverage credit of a word met only through its side token
    broader_credit: float = 0.5   # coverage credit of a word met only through a broader word (0: off)
    heading_boost: float = 2.0    # × (1 + heading_boost · idf share of the query's words in the heading)
    term_weight: float = 0.5      # factor on glossary rows' scores
    term_first: bool = True       # a glossary entry equal to the query goes first
    title_equal: float = 2.0      # factor on a clause whose heading *is* the query
    near: int = 0                 # also OR consecutive query stems within N tokens (0: off)
    sentence_from: int = 5        # a query of this many words is a whole sentence (key words: fewer)
    long_power: float = 1.0       # sentence: coverage weights are idf ** long_power
    long_keep: int = 0            # sentence: asked by its N rarest words only (0: all)
    second_pass: float = 0.0      # sentence: best coverage under this → asked again by its rarer half
    stemmer: str = "auto"
    prefix: int = 5
    synonyms: bool = True
    stopwords: bool = True
    stop_phrases: bool = True     # question formulas («как работает», «что даёт») out
    idioms: bool = True           # players' idioms become one rule word («закрыть собой» → защитник)


@dataclass(frozen=True)
class Document:
    """One searchable row: a clause or a glossary entry of a book, with its raw fields."""

    book: str
    clause: Clause | None = None
    entry: GlossaryEntry | None = None
    fields: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def key(self) -> str:
        return self.clause.id if self.clause is not None else f"term:{self.entry.term}"


@dataclass(frozen=True)
class Found:
    """A document the query matched, with its final score."""

    doc: Document
    score: float


def _ancestors(book: Book, clause: Clause) -> str:
    titles, seen, parent = [], set(), clause.parent
    while parent and parent in book.clauses and parent not in seen:
        seen.add(parent)
        titles.append(book.clauses[parent].title)
        parent = book.clauses[parent].parent
    return " | ".join(t for t in titles if t)


def documents(books: Iterable[Book]) -> Iterator[Document]:
    """The rows of the index: every clause (with the glossary terms that point at it) and every
    glossary entry of ``books``."""
    for book in books:
        pointing: dict[str, list[GlossaryEntry]] = {}
        for g in book.glossary:
            for ref in g.refs:
                pointing.setdefault(ref, []).append(g)
        for c in book.clauses.values():
            gloss = " ".join(" ".join(filter(None, [g.term, g.summary, g.text])) for g in pointing.get(c.id, ()))
            yield Document(book.name, clause=c, fields={
                "title": c.title, "keywords": " | ".join(c.keywords), "summary": c.summary,
                "text": "\n".join(filter(None, [c.text, *c.examples])), "gloss": gloss,
                "section": _ancestors(book, c)})
        for g in book.glossary:
            yield Document(book.name, entry=g, fields={
                "title": g.term, "keywords": "", "summary": g.summary, "text": g.text or "",
                "gloss": "", "section": ""})


class SearchIndex:
    """The FTS5 index of some books, in memory (built in ~0.1–0.4 s; cached by the caller)."""

    def __init__(self, books: Iterable[Book], settings: Settings = Settings()):
        self.settings = settings
        docs = list(documents(books))
        self.analyzer = Analyzer(corpus_words=words_of(v for d in docs for v in d.fields.values()),
                                 stemmer=settings.stemmer, prefix=settings.prefix,
                                 synonyms=settings.synonyms, stopwords=settings.stopwords,
                                 stop_phrases=settings.stop_phrases, idioms=settings.idioms)
        separate = settings.side_weight > 0
        self.columns = COLUMNS + (("sides",) if separate else ())
        self.db = sqlite_utils.Database(memory=True)
        self.docs: list[Document] = []
        self.tokens: list[frozenset[str]] = []
        self.heading_tokens: list[frozenset[str]] = []
        self.heading_all: list[frozenset[str]] = []
        self.heading_stems: list[tuple[str, ...]] = []
        rows, df = [], {}
        for rowid, d in enumerate(docs, 1):
            words = {c: self.analyzer.words(d.fields[c]) for c in COLUMNS}
            if separate:      # side tokens in a column of their own, weighed apart
                row = {c: " ".join(m for m, _s in ws) for c, ws in words.items()}
                row["sides"] = " ".join(sd for ws in words.values() for _m, sd in ws if sd)
            else:
                row = {c: " ".join(t for pair in ws for t in pair if t) for c, ws in words.items()}
            toks = frozenset(t for v in row.values() for t in v.split())
            for t in toks:
                df[t] = df.get(t, 0) + 1
            self.docs.append(d)
            self.tokens.append(toks)
            self.heading_tokens.append(self.analyzer.terms(d.fields["title"]))
            self.heading_all.append(frozenset(row["title"].split()))
            self.heading_stems.append(self.analyzer.plain_stems(d.fields["title"]) if d.entry is not None else ())
            rows.append({"id": rowid, "book": d.book, **row})
        table = self.db["docs"]
        table.insert_all(rows, pk="id", columns={c: str for c in self.columns} | {"book": str})   # id = rowid
        table.enable_fts(list(self.columns), tokenize=TOKENIZE)
        n = len(docs)
        self.idf = {t: math.log(1 + (n - c + .5) / (c + .5)) for t, c in df.items()}
        weights = ", ".join(str(w) for w in settings.weights + ((settings.side_weight,) if separate else ()))
        self._sql = (f"select f.rowid, bm25(docs_fts, {weights}) as s from docs_fts f "
                     f"join docs d on d.id = f.rowid where docs_fts match ? and d.book in ({{books}}) "
                     f"order by s limit ?")

    def __len__(self) -> int:
        return len(self.docs)

    def _idf(self, word: tuple) -> float:
        m, sd, wide = word
        return self.idf.get(m) or self.idf.get(sd) or max(self.idf[t] for t in wide)

    def query_words(self, query: str, expand: bool = False) -> list[tuple[str, str | None, tuple[str, ...]]]:
        """The query's distinct words of which the books hold a token: (main token, side token,
        broader tokens — «событие» → поддержка, «ударить» → атака)."""
        out, seen = [], set()
        expand = expand and self.settings.broader_credit > 0
        for main, side in self.analyzer.words(query):
            side = side if side in self.idf else None
            wide = tuple(t for t in self.analyzer.broader.get(main, ()) if t in self.idf) if expand else ()
            if main not in seen and (main in self.idf or side or wide):
                seen.add(main)
                out.append((main, side, wide))
        return out

    def query_tokens(self, query: str, expand: bool = False) -> list[str]:
        """The query's distinct analysed tokens that occur somewhere in the books."""
        return list(dict.fromkeys(t for m, sd, wide in self.query_words(query, expand)
                                  for t in (m, sd, *wide) if t and t in self.idf))

    def _credit(self, weight, have: frozenset[str]) -> float:
        """The idf-weighted share of the query's words that ``have`` holds: a word by its own
        token 1, by its side token ``side_credit``, by a broader word ``broader_credit``."""
        s = self.settings
        return sum(w if m in have else w * s.side_credit if sd in have
                   else w * s.broader_credit if any(t in have for t in wide) else 0.0
                   for m, sd, wide, w in weight)

    def search(self, query: str, books: Iterable[str], limit: int = 10) -> list[Found]:
        """Rows of ``books`` answering ``query``, best first; [] when no query word is in them."""
        s = self.settings
        books = list(books)
        sentence = len(WORD.findall(search_fold(query))) >= s.sentence_from
        words = self.query_words(query, expand=sentence)
        if not words or not books:
            return []
        if sentence and s.long_keep:
            words = sorted(words, key=lambda w: -self._idf(w))[:s.long_keep]
        found, best = self._rank(query, words, books, s.long_power if sentence else 1.0)
        if sentence and s.second_pass and best < s.second_pass and len(words) > 2:
            # weak first pass: the less informative half of the words goes, the rest is asked again
            keep = sorted(words, key=lambda w: -self._idf(w))[:max(2, (len(words) + 1) // 2)]
            found, _best = self._rank(query, [w for w in words if w in keep], books, 1.0)
        return found[:limit]

    def _rank(self, query: str, words: list, books: list[str], power: float) -> tuple[list[Found], float]:
        """bm25 candidates for ``words`` re-ranked; also the best candidate's coverage."""
        s = self.settings
        toks = list(dict.fromkeys(t for m, sd, wide in words for t in (m, sd, *wide) if t and t in self.idf))
        match = " OR ".join(f'"{t}"' for t in toks)
        stems = [m for m, _s, _w in words if m in self.idf]
        if s.near and len(stems) > 1:
            match += " OR " + " OR ".join(f'NEAR("{a}" "{b}", {s.near})' for a, b in zip(stems, stems[1:]))
        sql = self._sql.format(books=", ".join("?" * len(books)))
        rows = self.db.execute(sql, [match, *books, s.candidates]).fetchall()
        # coverage: the share of the query's words (weighed by idf) the row holds
        weight = [(m, sd, wide, self._idf((m, sd, wide)) ** power) for m, sd, wide in words]
        total = sum(w[-1] for w in weight)
        asked = frozenset(stems)
        spelled = self.analyzer.plain_stems(query)
        found, best = [], 0.0
        for rowid, bm in rows:
            have = self.tokens[rowid - 1]
            coverage = self._credit(weight, have) / total
            best = max(best, coverage)
            score = -bm * coverage ** s.coverage
            if s.heading_boost:
                head = self.heading_all[rowid - 1]
                score *= 1 + s.heading_boost * self._credit(weight, head) / total
            doc = self.docs[rowid - 1]
            same = self.heading_tokens[rowid - 1] == asked
            if doc.entry is None:
                score *= s.title_equal if same else 1.0
            else:
                score *= s.term_weight
                if s.term_first and same:         # the query *is* this term: shown first
                    score += 2e6 if self.heading_stems[rowid - 1] == spelled else 1e6
            found.append(Found(doc, score))
        found.sort(key=lambda f: -f.score)
        return found, best
