"""Load on the card site: a fixed number of clients against `berserk serve` at 35,000 cards.

    python bench/serve.py                          # 35,000 cards, 20 clients, 30 s; prints a table
    python bench/serve.py --clients 20 --seconds 30 --cards 35000 --db existing.db
    python bench/serve.py --no-cache               # the server's answer cache off (worst case)
    python bench/serve.py --varied                 # every request a new search/facet/sort

Three kinds of page, as a player loads them: the card **list** (sorted by each column, and the
next pages), a **search** (the 20 queries of bench/db.py in the search box) and a **facet**
page (a value of each facet clicked: стихия, тип, стоимость, элита, редкость, способности).
Each client is a thread with one keep-alive connection that picks a kind in turn and a random
URL of that kind, for ``--seconds``; then p50/p95/max per kind and the error count (any status
other than 200, any exception).  Before the timed run every URL is requested once by one
client: those are the single-page figures (the first answer of each URL — nothing cached).

``--varied``: the timed run asks for a *different* page every time.  Two kinds, in turn:
**search** — a search (each of the 20 queries, alone or with one more condition) × a clicked
facet value or none × a sort (61,600 URLs); **facet** — one or two clicked values × a sort
(3,952).  Each client takes the kind's next URL of one shuffled list, so the server's answer
cache (per URL) and its per-filter caches rarely hit: what a crowd with varied queries costs.
The table says how many of the requests were distinct URLs.

The dev corpus (../shared «Война стихий») is replicated to ``--cards`` cards with unique names
(bench/db.py's ``replicate``) and built with `berserk db build`.  The machine line says what
else was running (the load average).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from db import QUERIES, machine, percentile, replicate  # noqa: E402  (bench/db.py)

LIST = "/cards/card_list"
SORTS = ["", "_sort=стоимость", "_sort_desc=жизни", "_sort=удар", "_sort=стихия", "_sort=тип",
         "_sort_desc=стоимость", "_sort=ход"]
FACETS = [("стихия", ["горы", "леса", "степи", "болота", "тьма", "нейтральная"]),
          ("тип", ["существо", "летающее", "артефакт", "местность"]),
          ("стоимость", [str(n) for n in range(1, 9)]), ("элита", ["да", "нет"]),
          ("редкость", ["Частая", "Необычная", "Редкая", "Ультраредкая"]),
          ("_ability", ["выстрел", "разряд", "метание", "удар через ряд", "защита от выстрелов",
                        "полёт", "отравление", "строй", "броня", "опыт в атаке"])]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def q(params: str) -> str:
    """A query string with its Cyrillic percent-encoded (what a browser sends)."""
    if not params:
        return ""
    return "?" + "&".join(k + "=" + quote(v, safe="") for k, v in
                          (p.split("=", 1) for p in params.split("&")))


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            self.conn.request("GET", path)
            response = self.conn.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            raise


def url_pools(client: Client) -> dict[str, list[str]]:
    """The URLs of each kind; the list pool follows each sort's «next page» links."""
    pools: dict[str, list[str]] = {"list": [], "search": [], "facet": []}
    for sort in SORTS:
        params = sort
        for _ in range(4):                              # the first pages of each sort
            pools["list"].append(LIST + q(params))
            status, body = client.get(LIST + ".json" + q("&".join(
                filter(None, [params, "_size=50", "_nofacet=1"]))))
            token = json.loads(body).get("next") if status == 200 else None
            if not token:
                break
            params = "&".join(filter(None, [sort, f"_next={token}"]))
    pools["search"] = [LIST + "?" + urlencode({"_search": query}) for query in QUERIES]
    for column, values in FACETS:
        pools["facet"].extend(LIST + "?" + urlencode({column: v}) for v in values)
    return pools


#: one more condition a player adds to a search (varied mode)
EXTRA_TERMS = ["", "стоимость<=4", "стоимость>=5", "элита:да", "-элита:да", "-тип:летающее",
               "жизни>=6", "ход=2", "уник:нет", "стихия:горы", "-стихия:тьма"]


def varied_urls(seed: int = 17) -> dict[str, list[str]]:
    """Distinct URLs per kind, shuffled: **search** — a search (each of the 20 queries, alone
    or with one more condition) × a clicked facet value or none × a sort; **facet** — one or
    two clicked values of different facets × a sort."""
    values = [[(column, value) for value in values] for column, values in FACETS]
    singles = [[pair] for group in values for pair in group]
    doubles = [[a, b] for i, group in enumerate(values) for other in values[i + 1:]
               for a in group for b in other]
    searches = [f"{query} {extra}".strip() for query in QUERIES for extra in EXTRA_TERMS]
    sorts = [[tuple(sort.split("=", 1))] if sort else [] for sort in SORTS]
    out = {"search": [LIST + "?" + urlencode([("_search", search)] + facet + sort)
                      for search in searches for facet in [[]] + singles for sort in sorts],
           "facet": [LIST + "?" + urlencode(facet + sort) for facet in singles + doubles
                     for sort in sorts]}
    for urls in out.values():
        random.Random(seed).shuffle(urls)
    return out


def timed(client: Client, url: str) -> tuple[float, bool]:
    started = time.perf_counter()
    try:
        status, _body = client.get(url)
        ok = status == 200
    except Exception:                                   # noqa: BLE001 - counted as an error
        ok = False
    return (time.perf_counter() - started) * 1000, ok


def run(port: int, clients: int, seconds: float, pools: dict[str, list[str]],
        varied: dict[str, list[str]] | None = None):
    """Closed loop: each client a keep-alive connection asks for each kind in turn: a random
    URL of the kind, or (``varied``) the kind's next URL not asked yet."""
    kinds = list(varied or pools)
    samples: dict[str, list[float]] = {k: [] for k in kinds}
    errors: dict[str, int] = {k: 0 for k in kinds}
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    taken = {k: iter(range(10 ** 9)) for k in kinds}

    def worker(k: int):
        rng = random.Random(k)
        client = Client(port)
        i = k
        while time.monotonic() < deadline:
            kind = kinds[i % len(kinds)]
            i += 1
            if varied is None:
                url = rng.choice(pools[kind])
            else:
                with lock:
                    url = varied[kind][next(taken[kind]) % len(varied[kind])]
            ms, ok = timed(client, url)
            with lock:
                samples[kind].append(ms)
                errors[kind] += not ok

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return samples, errors


def start_server(db: Path, port: int, cache: bool) -> subprocess.Popen:
    if cache:
        argv = [sys.executable, "-m", "berserk", "serve", "--db", str(db), "--port", str(port)]
    else:
        argv = [sys.executable, "-m", "carddb.web", "--db", str(db), "--port", str(port),
                "--no-cache"]
    proc = subprocess.Popen(argv, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def table(title: str, samples: dict, errors: dict | None = None) -> list[str]:
    out = [f"**{title}**", "", "| page | requests | p50 ms | p95 ms | max ms | errors |",
           "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for kind, values in samples.items():
        if not values:
            continue
        out.append(f"| {kind} | {len(values)} | {statistics.median(values):.1f} | "
                   f"{percentile(values, 95):.1f} | {max(values):.1f} | "
                   f"{(errors or {}).get(kind, 0)} |")
    return out + [""]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=35000)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--db", type=Path, help="serve this DB instead of building one")
    ap.add_argument("--no-cache", action="store_true", help="the server's answer cache off")
    ap.add_argument("--varied", action="store_true",
                    help="every timed request a different search/facet/sort combination")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="berserk-bench-serve-") as tmp:
        db = args.db
        if db is None:
            src, db = Path(tmp) / "replicated.tgbot.json", Path(tmp) / "bench.db"
            replicate(args.cards, src)
            subprocess.run([sys.executable, "-m", "berserk", "db", "build", "-o", str(db),
                            "--cards", str(src)], cwd=ROOT, check=True, capture_output=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
        port = free_port()
        proc = start_server(db, port, cache=not args.no_cache)
        try:
            client = Client(port)
            pools = url_pools(client)
            single: dict[str, list[float]] = {k: [] for k in pools}
            single_errors = {k: 0 for k in pools}
            for kind, urls in pools.items():          # every URL once: nothing cached yet
                for url in urls:
                    ms, ok = timed(client, url)
                    single[kind].append(ms)
                    single_errors[kind] += not ok
            varied = varied_urls() if args.varied else None
            samples, errors = run(port, args.clients, args.seconds, pools, varied)
        finally:
            proc.terminate()
            proc.wait(timeout=30)

    total = sum(len(v) for v in samples.values())
    flags = (f" --db {args.db.name}" if args.db else "") + (
        " --no-cache" if args.no_cache else "") + (" --varied" if args.varied else "")
    title = f"{args.clients} clients for {args.seconds:g} s ({total} requests, " \
            f"{total / args.seconds:.0f}/s"
    if varied is not None:
        distinct = sum(min(len(samples[k]), len(urls)) for k, urls in varied.items())
        title += f"; varied: {distinct} distinct URLs"
    lines = [f"Command: `python bench/serve.py --cards {args.cards} --clients {args.clients} "
             f"--seconds {args.seconds:g}{flags}`", "",
             f"Machine: {machine()}", f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
             ""]
    lines += table("One client, each URL once (first answer, nothing cached)", single,
                   single_errors)
    lines += table(title + ")", samples, errors)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
