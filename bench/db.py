"""Card DB benchmark: build, search and Datasette card pages on a 35,000-card corpus.

    python bench/db.py                      # writes bench/RESULTS_db.md
    python bench/db.py --cards 5000 --runs 1 --no-write

The dev corpus (../shared «Война стихий», 150 cards) is replicated to N cards with unique names
(«Кшар 17»).  Figures are medians and 95th percentiles over repeated runs, with the machine
noted; targets: build < 30 s, p95 of 20 fixed queries < 10 ms, Datasette card page p95 < 100 ms
on loopback (the card list, search and facet pages under load: bench/serve.py).

Note on the build figure: the build parses each distinct (text, name-if-mentioned) once, so the
replicated corpus parses ~150 texts; the cold parse throughput is measured and reported
separately so the figure is not mistaken for parsing 35,000 distinct texts.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("BERSERK_SHARED", ROOT.parent / "shared"))
DEV = SHARED / "corpus" / "classic" / "set1_voyna_stihiy.tgbot.json"

QUERIES = [
    "выстрел", "выстрел>=2", "дальность>=3", "разряд дальность>=2", "удар через ряд",
    "стихия:горные стоимость<=4", "стихия:лес элита:да", "-стихия:тьма стоимость<=3",
    "тип:летающее", "имя:гном", "имя:ор", "текст:защита", "\"защита от выстрелов\"",
    "есть:вампиризм", "отравление or добивание", "(стихия:леса or стихия:болота) жизни>=10",
    "класс:гном уник:да", "удар=2-3-4 ход=2", "тролль", "редкость:ультраредкая -тип:летающее",
]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def replicate(n: int, out: Path) -> None:
    base = json.loads(DEV.read_text("utf-8"))
    cards = []
    for i in range(n):
        record = dict(base[i % len(base)])
        record["name"] = f"{record['name'].strip()} {i // len(base) + 1}"
        record["index"] = i + 1
        cards.append(record)
    out.write_text(json.dumps(cards, ensure_ascii=False), "utf-8")


def bench_build(src: Path, db: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        # a fresh process per run (no parse cache carried over), as a user runs it
        subprocess.run([sys.executable, "-m", "berserk", "db", "build", "-o", str(db),
                        "--cards", str(src)], cwd=ROOT, check=True, capture_output=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
        times.append(time.perf_counter() - started)
    return times


def bench_parse_cold(sample: int = 150) -> float:
    """Cards per second when every text is parsed (no cache): the grammar's own throughput."""
    from carddb.sources import read_cards
    from grammar import parse

    cards = [c for c in read_cards(DEV).cards if c.text][:sample]
    for c in cards[:20]:
        parse(c.text, name=c.name)                   # warm the parser tables
    started = time.perf_counter()
    for c in cards:
        parse(c.text, name=c.name + " x")
    return len(cards) / (time.perf_counter() - started)


def bench_queries(db: Path, repeats: int) -> dict[str, list[float]]:
    from carddb.search import search_sql

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    out: dict[str, list[float]] = {}
    for query in QUERIES:
        sql, params = search_sql(query, limit=50)
        conn.execute(sql, params).fetchall()          # warm the page cache
        samples = []
        for _ in range(repeats):
            started = time.perf_counter()
            sql, params = search_sql(query, limit=50)  # compile included: what a user waits for
            conn.execute(sql, params).fetchall()
            samples.append((time.perf_counter() - started) * 1000)
        out[query] = samples
    conn.close()
    return out


def bench_pages(db: Path, requests: int) -> list[float]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "berserk", "serve", "--db", str(db), "--port",
                             str(port)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}/cards/"
    conn = sqlite3.connect(db)
    slugs = conn.execute("select set_slug, card_key from cards").fetchall()
    conn.close()
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/".join(slugs[0]), timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        rng = random.Random(7)
        samples = []
        for _ in range(requests):
            url = base + "/".join(rng.choice(slugs))            # /cards/<set>/<card>
            started = time.perf_counter()
            body = urllib.request.urlopen(url, timeout=5).read()
            samples.append((time.perf_counter() - started) * 1000)
            assert b"berserk-card" in body
        return samples
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=10)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"SQLite {sqlite3.sqlite_version}, {platform.system()} {platform.release()}; "
            f"load average at the end {load} (other work shares the machine)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=35000)
    ap.add_argument("--runs", type=int, default=3, help="build runs (median reported)")
    ap.add_argument("--repeats", type=int, default=50, help="runs of each query")
    ap.add_argument("--pages", type=int, default=300, help="card page requests")
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="berserk-bench-") as tmp:
        src, db = Path(tmp) / "replicated.tgbot.json", Path(tmp) / "bench.db"
        replicate(args.cards, src)
        build = bench_build(src, db, args.runs)
        cold = bench_parse_cold()
        queries = bench_queries(db, args.repeats)
        pages = bench_pages(db, args.pages)
        size_mb = db.stat().st_size / 1e6

    all_q = [v for samples in queries.values() for v in samples]
    per_query_p95 = {q: percentile(s, 95) for q, s in queries.items()}
    lines = [
        "# Card DB benchmark (bench/db.py)", "",
        f"Command: `python bench/db.py --cards {args.cards} --runs {args.runs} "
        f"--repeats {args.repeats} --pages {args.pages}`", "",
        f"Machine: {machine()}", f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
        "| measure | median | p95 | target | ratio to target (p95 or median) |",
        "| --- | --- | --- | --- | --- |",
        f"| build, {args.cards} cards ({args.runs} runs, fresh process each) | "
        f"{statistics.median(build):.1f} s | — | < 30 s | {statistics.median(build) / 30:.2f} |",
        f"| 20 fixed queries, all samples ({len(all_q)}) | {statistics.median(all_q):.2f} ms | "
        f"{percentile(all_q, 95):.2f} ms | p95 < 10 ms | {percentile(all_q, 95) / 10:.2f} |",
        f"| Datasette card page, loopback ({len(pages)} requests) | {statistics.median(pages):.1f} ms | "
        f"{percentile(pages, 95):.1f} ms | p95 < 100 ms | {percentile(pages, 95) / 100:.2f} |",
        "", f"DB size: {size_mb:.1f} MB. Cold parse throughput (no cache, grammar only): "
        f"{cold:.0f} cards/s — a 35,000-card list of *distinct* texts would spend "
        f"~{35000 / cold:.0f} s parsing.", "",
        "Per-query p95 (ms), slowest first:", "",
        "| query | median | p95 |", "| --- | --- | --- |",
    ]
    for q, p95 in sorted(per_query_p95.items(), key=lambda kv: -kv[1]):
        lines.append(f"| `{q}` | {statistics.median(queries[q]):.2f} | {p95:.2f} |")
    report = "\n".join(lines) + "\n"
    print(report)
    if not args.no_write:
        (ROOT / "bench" / "RESULTS_db.md").write_text(report, "utf-8")


if __name__ == "__main__":
    main()
