"""Measuring rule lookup: a question set with gold clauses, a plain bm25 baseline, top-k scores.

Used by ``bench/rules.py`` (the BENCHMARKS.md table) and ``tests/rulings/test_retrieval.py``
(the acceptance figures of issue 13), so both measure the same thing in the same way.

* A **question** (``tests/rulings/questions.yaml``) has the 2–4 key words a judge types, the whole
  sentence a player asks (verbatim), the game and the gold answers (clause ids of the book, or
  ``term:<Термин>`` for a glossary entry; any gold id counts as a hit).  Every third question
  (q03, q06 …) is the held-out **test** split; the lookup is tuned on **dev** only.  The
  **fresh** splits were each written before a piece of work was measured and measured once
  before being read — the closest stand-in for players' questions the project has not seen:
  **fresh** (f01 …) after the lookup and the index were done, **fresh2** (g01 …) before the
  whole-question work, **fresh3** (h01 …) after it, its key words copied from the question.
* The **baseline** is the simplest thing that works: one SQLite FTS5 table over the very same
  rows and raw texts (unicode61 tokenizer, default bm25 weights), the query's words OR-ed.
* **Ours** is ``rulings.lookup.resolve`` itself — exactly what ``berserk rule`` answers.
"""
from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import sqlite_utils
import yaml

from berserk.errors import Report
from rulings.analysis import search_fold
from rulings.lookup import GAMES, Answer, load_book, open_book, resolve
from rulings.search import COLUMNS, documents

STYLES = ("keywords", "question")           # key words / the question verbatim
SPLITS = ("dev", "test", "fresh", "fresh2", "fresh3")
FIELDS = {"id", "game", "keywords", "question", "gold", "note"}


@dataclass(frozen=True)
class Question:
    id: str
    game: str
    keywords: str
    question: str
    gold: tuple[str, ...]
    note: str = ""

    @property
    def book(self) -> str:
        return GAMES[self.game]

    @property
    def split(self) -> str:
        if self.id.startswith("f"):
            return "fresh"
        if self.id.startswith("g"):
            return "fresh2"
        if self.id.startswith("h"):
            return "fresh3"
        return "test" if int(re.sub(r"\D", "", self.id)) % 3 == 0 else "dev"

    def text(self, style: str) -> str:
        return self.keywords if style == "keywords" else self.question


def term_key(term: str) -> str:
    return "term:" + re.sub(r"\s+", " ", search_fold(term)).strip(" .")


def load_questions(path: Path) -> list[Question]:
    """The question set, every problem reported at once (fields, duplicate ids, gold ids that
    the shipped index lacks)."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    report, out, seen = Report(), [], set()
    for raw in doc.get("questions") or ():
        qid = str(raw.get("id"))
        missing = FIELDS - set(raw)
        if missing:
            report.add(f"вопрос {qid}: нет полей {', '.join(sorted(missing))}", str(path))
            continue
        if qid in seen:
            report.add(f"вопрос {qid} повторяется", str(path))
        seen.add(qid)
        if raw["game"] not in GAMES:
            report.add(f"вопрос {qid}: неизвестная игра {raw['game']!r}", str(path))
            continue
        book = load_book(GAMES[raw["game"]])
        terms = {term_key(g.term) for g in book.glossary}
        for g in map(str, raw["gold"]):
            if not (term_key(g[5:]) in terms if g.startswith("term:") else g in book.clauses):
                report.add(f"вопрос {qid}: ответа {g!r} нет в книге {book.name}", str(path))
        out.append(Question(qid, raw["game"], str(raw["keywords"]), str(raw["question"]),
                            tuple(map(str, raw["gold"])), str(raw.get("note") or "")))
    report.raise_if_any()
    return out


def answer_keys(answer: Answer) -> list[tuple[str, str]]:
    """(book, clause id or term key) of every hit, in order."""
    return [(h.book, h.clause.id if h.clause is not None else term_key(h.entry.term)) for h in answer.hits]


def rank_of(keys: list[tuple[str, str]], q: Question) -> int | None:
    """1-based rank of the first gold answer of ``q`` among ``keys`` (None: not there)."""
    gold = {term_key(g[5:]) if g.startswith("term:") else g for g in q.gold}
    return next((r for r, (book, key) in enumerate(keys, 1) if book == q.book and key in gold), None)


class Baseline:
    """Plain FTS5 bm25 over the same rows and raw texts: unicode61, default weights, words OR-ed."""

    def __init__(self, db: Any = None):
        self.db = sqlite_utils.Database(memory=True)
        books = [open_book(n, db) for n in GAMES.values()]
        self.keys = []
        rows = []
        for i, d in enumerate(documents(books), 1):
            self.keys.append((d.book, d.key if d.clause is not None else term_key(d.entry.term)))
            rows.append({"id": i, "book": d.book, **d.fields})
        self.db["docs"].insert_all(rows, pk="id", columns={c: str for c in COLUMNS} | {"book": str})
        self.db["docs"].enable_fts(list(COLUMNS))

    def search(self, query: str, book: str | None, limit: int = 10) -> list[tuple[str, str]]:
        words = [f'"{w}"' for w in re.findall(r"\w+", query.lower())]
        if not words:
            return []
        sql = "select f.rowid from docs_fts f join docs d on d.id = f.rowid where docs_fts match ?"
        args: list = [" OR ".join(words)]
        if book:
            sql += " and d.book = ?"
            args.append(book)
        rows = self.db.execute(sql + " order by bm25(docs_fts) limit ?", args + [limit]).fetchall()
        return [self.keys[r[0] - 1] for r in rows]


@dataclass
class Score:
    """top-1 / top-5 counts of one method on one split and style."""

    n: int = 0
    top1: int = 0
    top5: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, rank: int | None, qid: str) -> None:
        self.n += 1
        self.top1 += rank == 1
        self.top5 += bool(rank and rank <= 5)
        if not rank or rank > 5:
            self.misses.append(qid)

    def pct(self, what: str) -> float:
        return 100.0 * getattr(self, what) / self.n if self.n else 0.0

    def cell(self, what: str) -> str:
        return f"{getattr(self, what)}/{self.n} ({self.pct(what):.0f} %)"


Searcher = Callable[[str, "str | None"], list[tuple[str, str]]]


def ours(db: Any = None) -> Searcher:
    """The project's lookup as a searcher: (query, book or None) → hit keys."""
    return lambda query, book: answer_keys(resolve(query, book, db, limit=10))


def evaluate(search: Searcher, questions: Iterable[Question], game_given: bool = True,
             timings: list[float] | None = None) -> dict[tuple[str, str], Score]:
    """Scores by (split, style) plus ("all", style); ``timings`` collects each lookup's seconds."""
    out = {(sp, st): Score() for sp in (*SPLITS, "all") for st in STYLES}
    for q in questions:
        for style in STYLES:
            t = time.perf_counter()
            keys = search(q.text(style), q.book if game_given else None)
            if timings is not None:
                timings.append(time.perf_counter() - t)
            rank = rank_of(keys, q)
            out[(q.split, style)].add(rank, q.id)
            out[("all", style)].add(rank, q.id)
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]


def latency_ms(search: Searcher, questions: list[Question], repeat: int = 3) -> tuple[float, float, float]:
    """Median, p95 and max milliseconds of warm lookups (every question, both styles)."""
    times: list[float] = []
    for _ in range(repeat):
        evaluate(search, questions, timings=times)
    ms = [t * 1000 for t in times]
    return statistics.median(ms), percentile(ms, 0.95), max(ms)
