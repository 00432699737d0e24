"""Rule lookup: quality on the question set against a plain FTS5 bm25 baseline, and latency.

    python bench/rules.py [--shared ../shared] [--repeat 3] [--out bench/RESULTS_rules.md]

Everything is measured in one run (issue 13), on two layers:

* **index** — the shipped index alone (our titles, summaries, keywords, glossary terms): what
  ``berserk rule`` answers on a fresh install;
* **official** — the index with the official texts imported into a real SQLite file built here
  from ../shared (Heroes full rules + glossary, classic seeds 004/000/001), as
  ``berserk rule --db cards.db`` answers.

Methods: ``ours`` is ``rulings.lookup.resolve`` itself; ``baseline`` is SQLite FTS5 bm25 over the
very same rows and raw texts (unicode61, default weights), the query's words OR-ed.  Both are
asked with the question's game (``--game``), and once more without it (both books ranked
together, as ``berserk rule`` does when neither ``--game`` nor ``$BERSERK_RULESET`` names one).
Splits: dev (tuned on), test (every third question, held out), fresh (written after the lookup
was done), fresh2 (whole sentences written before the whole-question work, never tuned on).  Then: what each part of the analysis is worth (ablations, official
layer, all questions), the pure-Python stemmer, and latency (p95 of warm lookups).
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sqlite_utils  # noqa: E402

from rulings import lookup  # noqa: E402
from rulings.evaluation import (  # noqa: E402
    SPLITS, Baseline, evaluate, latency_ms, load_questions, ours, percentile, term_key,
)
from rulings.importers import import_book  # noqa: E402
from rulings.search import SearchIndex, Settings  # noqa: E402
from rulings.store import write_clauses  # noqa: E402

QUESTIONS = ROOT / "tests" / "rulings" / "questions.yaml"
OFFICIAL = [("rules/heroes_full_rules_15th_2024-05-31.md", "heroes-15"), ("rules/heroes_glossary.rst", "heroes-15"),
            ("seeds/004_*.txt", "classic"), ("seeds/000_*.txt", "classic"), ("seeds/001_*.txt", "classic")]
ABLATIONS = [
    ("ours (as shipped)", {}),
    ("− synonyms", {"synonyms": False}),
    ("− five-letter side tokens", {"prefix": 0}),
    ("− stop-words (and question formulas)", {"stopwords": False}),
    ("− question formulas («как работает», «что даёт» …)", {"stop_phrases": False}),
    ("− players' idioms («закрыть собой» → защитник)", {"idioms": False}),
    ("− broader words for whole sentences (событие → поддержка)", {"broader_credit": 0.0}),
    ("broader words for key words too", {"sentence_from": 1}),
    ("sentence: its 4 rarest words only", {"long_keep": 4}),
    ("sentence: coverage weighed by idf²", {"long_power": 2.0}),
    ("sentence: second pass by the rarer half when coverage < 0.5", {"second_pass": 0.5}),
    ("− coverage re-rank", {"coverage": 0.0}),
    ("− heading boost", {"heading_boost": 0.0}),
    ("− glossary term first", {"term_first": False}),
    ("glossary rows at full weight", {"term_weight": 1.0}),
    ("equal column weights", {"weights": (1.0,) * 6}),
    ("+ NEAR pairs of query words", {"near": 6}),
    ("snowballstemmer (pure Python) instead of PyStemmer", {"stemmer": "snowball"}),
]


def build_official_db(shared: Path, path: Path) -> float:
    """The official texts imported into ``path`` with the project's importers; seconds taken."""
    db = sqlite_utils.Database(path)
    t = time.perf_counter()
    with db.conn:
        for pattern, book in OFFICIAL:
            write_clauses(db, import_book(next(shared.glob(pattern)), book))
    return time.perf_counter() - t


def pct(score, what: str) -> str:
    return f"{getattr(score, what)}/{score.n} ({score.pct(what):.0f} %)"


def quality_table(rows: list[tuple[str, str, dict]]) -> list[str]:
    out = ["| layer | method | split | key words top-1 | key words top-5 | verbatim top-1 | verbatim top-5 |",
           "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for layer, method, res in rows:
        for split in (*SPLITS, "all"):
            k, v = res[(split, "keywords")], res[(split, "question")]
            if k.n:
                out.append(f"| {layer} | {method} | {split} | {pct(k, 'top1')} | {pct(k, 'top5')} | "
                           f"{pct(v, 'top1')} | {pct(v, 'top5')} |")
    return out


def index_searcher(index: SearchIndex):
    def search(query: str, book: str | None):
        found = index.search(query, [book] if book else list(lookup.GAMES.values()), 10)
        return [(f.doc.book, f.doc.clause.id if f.doc.clause is not None else term_key(f.doc.entry.term))
                for f in found]
    return search


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--repeat", type=int, default=3, help="latency rounds over every question and style")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    shared = Path(args.shared)
    questions = load_questions(QUESTIONS)
    load = os.getloadavg()
    lines = ["# Rule lookup benchmark (`python bench/rules.py`)", "",
             f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
             f"SQLite {sqlite_utils.Database(memory=True).execute('select sqlite_version()').fetchone()[0]}; "
             f"load average at start {load[0]:.1f}. Questions: {len(questions)} "
             + ", ".join(f"{sp} {sum(q.split == sp for q in questions)}" for sp in SPLITS)
             + f" ({sum(q.game == 'heroes' for q in questions)} Heroes, "
             f"{sum(q.game == 'classic' for q in questions)} classic).", ""]

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rules.db"
        import_s = build_official_db(shared, path)
        db = sqlite_utils.Database(path)
        t = time.perf_counter()
        lookup.search_index(None)
        cold_index = time.perf_counter() - t
        t = time.perf_counter()
        lookup.search_index(db)
        cold_db = time.perf_counter() - t

        rows = []
        for layer, d in (("index", None), ("official", db)):
            base = Baseline(d)
            rows.append((layer, "baseline: FTS5 bm25, words OR-ed", evaluate(base.search, questions)))
            rows.append((layer, "**ours**", evaluate(ours(d), questions)))
            rows.append((layer, "baseline, game not given", evaluate(base.search, questions, game_given=False)))
            rows.append((layer, "ours, game not given", evaluate(ours(d), questions, game_given=False)))
        lines += ["## Quality: the gold clause among the first 1 / 5 answers", ""] + quality_table(rows) + [""]
        lines += ["## Whole question against key words (ours, game given, all questions)", "",
                  "| layer | top-1 gap, points | top-5 gap, points |", "| --- | ---: | ---: |"]
        for layer, method, res in rows:
            if method == "**ours**":
                k, v = res[("all", "keywords")], res[("all", "question")]
                lines.append(f"| {layer} | {k.pct('top1') - v.pct('top1'):.1f} ({k.top1 - v.top1} questions) | "
                             f"{k.pct('top5') - v.pct('top5'):.1f} ({k.top5 - v.top5} questions) |")
        lines += [""]

        books = [lookup.open_book(n, db) for n in lookup.book_names()]
        lines += ["## What each part is worth (official layer, all questions, game given)", "",
                  "| variant | key words top-1 | key words top-5 | verbatim top-1 | verbatim top-5 | index build ms | p95 ms |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for name, change in ABLATIONS:
            t = time.perf_counter()
            index = SearchIndex(books, replace(Settings(), **change))
            build_ms = (time.perf_counter() - t) * 1000
            times: list[float] = []
            res = evaluate(index_searcher(index), questions, timings=times)
            k, v = res[("all", "keywords")], res[("all", "question")]
            lines.append(f"| {name} | {pct(k, 'top1')} | {pct(k, 'top5')} | {pct(v, 'top1')} | {pct(v, 'top5')} | "
                         f"{build_ms:.0f} | {percentile([x * 1000 for x in times], 0.95):.2f} |")

        lines += ["", "## Latency of `resolve` (warm; every question in both styles, "
                  f"{args.repeat} rounds, plus clause numbers)", "",
                  "| layer | lookups | median ms | p95 ms | max ms |", "| --- | ---: | ---: | ---: | ---: |"]
        worst = 0.0
        for layer, d in (("index", None), ("official (both books + glossary imported)", db)):
            med, p95, mx = latency_ms(ours(d), questions, args.repeat)
            numbers = []
            for _ in range(args.repeat * 20):
                for ref, book in (("514.6", "classic"), ("106.1", "heroes-15"), ("axe", None), ("509", None)):
                    t = time.perf_counter()
                    lookup.resolve(ref, book, d)
                    numbers.append((time.perf_counter() - t) * 1000)
            worst = max(worst, p95)
            lines.append(f"| {layer} | {len(questions) * 2 * args.repeat} words · {len(numbers)} numbers | "
                         f"{med:.2f} · {statistics.median(numbers):.3f} | {p95:.2f} · {percentile(numbers, .95):.3f} | "
                         f"{mx:.1f} · {max(numbers):.2f} |")
        lines += ["", f"Cold: the search index over the shipped books is built in {cold_index * 1000:.0f} ms, over "
                  f"the books with the official texts in {cold_db * 1000:.0f} ms (once per process and DB file); "
                  f"importing the five official files into SQLite took {import_s * 1000:.0f} ms.",
                  f"Target p95 < 20 ms with both books and the glossary imported: "
                  + ("met" if worst < 20 else "NOT met") + f" (worst p95 {worst:.2f} ms)."]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
