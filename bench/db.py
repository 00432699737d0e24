"""Card DB benchmark: build, search and Datasette card pages on a 35,000-card corpus.

    python bench/db.py                      # writes bench/RESULTS_db.md
    python bench/db.py --cards 5000 --runs 1 --no-write
    python bench/db.py --distinct 35000 --runs 3 [--compare ../old-checkout]
                                            # writes bench/RESULTS_db_distinct.md

The dev corpus (../shared «Война стихий», 150 cards) is replicated to N cards with unique names
(«Кшар 17»).  Figures are medians and 95th percentiles over repeated runs, with the machine
noted; targets: build < 30 s, p95 of 20 fixed queries < 10 ms, Datasette card page p95 < 100 ms
on loopback (the card list, search and facet pages under load: bench/serve.py).

Note on the build figure: the build parses each distinct (text, name-if-mentioned) once, so the
replicated corpus parses ~150 texts; the cold parse throughput is measured and reported
separately so the figure is not mistaken for parsing 35,000 distinct texts.

``--distinct N`` measures that case: N cards whose texts are all different, made from the
corpora's own sentences with their parts drawn again (``Variator``: numbers, elements, attack
kinds, sides, cost heads, durations …), built in fresh processes, reported per build phase.
"""
from __future__ import annotations

import argparse
import bisect
import json
import os
import platform
import random
import re
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
from carddb.search import search_sql  # (imported after the sys.path line: this checkout)
from carddb.sources import read_cards
from grammar import parse

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


# ---------------------------------------------------------------- distinct texts (--distinct)
CORPORA = (DEV, SHARED / "corpus" / "nxt" / "sets_10_20.nxt.json")

# Interchangeable parts of the corpus's own sentences: each group's members fill the same slot
# with the same grammar (stems that take the same endings, phrases of the same case).
_STEMS = (("горн", "лесн", "степн", "болотн", "темн"), ("сильн", "слаб"), ("закрыт", "открыт"),
          ("выстрел", "разряд"))
_ENDINGS = r"(?:ых|ым|ыми|ый|ая|ое|ые|ого|ому|ую|ом|ой|ов|ами|ам|ах|а|у|е|ы|)(?!\w)"
_STEM_RES = tuple(re.compile(r"(?<!\w)(" + "|".join(g) + r")(?=" + _ENDINGS + ")", re.IGNORECASE)
                  for g in _STEMS)
_PLURAL_ATTACK = re.compile(r"(?<!\w)(удар|выстрел|разряд)(?=(?:ам|ами|ов|ах)(?!\w))", re.IGNORECASE)
_GROUPS = (("{ova}", "{ovz}", "{ovs}"), ("{armor}", "{regen}"), ("{elite}", "{ordinary}"),
           ("{zoo}", "{zom}", "{zov}", "{zor}", "{zoz}", "{zoal}", "{zot}"),
           ("до конца хода противника", "до конца вашего хода", "до конца боя",
            "до конца следующего хода", "до конца хода"))
_GROUP_RES = tuple(re.compile("|".join(re.escape(p) for p in g)) for g in _GROUPS)
_LIMIT = re.compile(r"(?<=раз за )(ход|бой)|(?<=раза за )(ход|бой)")
_NUMBER = re.compile(r"(?<![\w{])(\d+)(?:-(\d+)-(\d+))?(?!\w)")
_COUNTED = re.compile(r" [а-яё]")
_COST = re.compile(r"^(?:\d+ )?(?:\{(?:tap|counter|instant)\})+: ")
_SIDE = re.compile(r"(?<!\w)(?:(ваш(?:е|его|ему|им|их|ими|и)) )?(существ(?:о|а|у|ом|ам|ами|ах)?)"
                   r"(?: (противника))?(?!\w)", re.IGNORECASE)
_OWN = {"существо": "ваше", "существу": "вашему", "существом": "вашим", "существ": "ваших",
        "существам": "вашим", "существами": "вашими", "существах": "ваших"}


def units_of(line: str) -> list[str]:
    """The sentences of one canonical line: cut after «.» or «)» and a space, outside «»."""
    out, start, quote = [], 0, 0
    for i, ch in enumerate(line):
        if ch == "«":
            quote += 1
        elif ch == "»":
            quote = max(0, quote - 1)
        elif ch == " " and not quote and i and line[i - 1] in ".)" and i + 1 < len(line):
            out.append(line[start:i])
            start = i + 1
    out.append(line[start:])
    return [u for u in out if u]


def _like(word: str, model: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


class Variator:
    """New sentences from a corpus sentence: its numbers (a counted noun keeps its agreement: 1
    / 2–4 / 5+; a strike triple stays non-decreasing), elements, attack kinds, strengths, the
    side of a creature («существо противника» / «ваше существо»), cost heads, durations,
    limits and numbered icons are drawn again; the rest of the sentence stays as written."""

    def __init__(self, rng: random.Random, cost_heads: list[str]):
        self.rng, self.cost_heads = rng, cost_heads

    @staticmethod
    def slots(unit: str) -> int:
        return (len(_NUMBER.findall(unit)) + len(_LIMIT.findall(unit)) + bool(_COST.match(unit))
                + len(_SIDE.findall(unit)) + len(_PLURAL_ATTACK.findall(unit))
                + sum(len(rx.findall(unit)) for rx in _STEM_RES + _GROUP_RES))

    def _number(self, unit: str, m: re.Match) -> str:
        rng = self.rng
        if m.group(2):
            a = rng.randint(0, 4)
            b = rng.randint(a, a + 3)
            return f"{a}-{b}-{rng.randint(b, b + 3)}"
        v = int(m.group(1))
        if _COUNTED.match(unit, m.end()):
            return str(1 if v == 1 else rng.randint(2, 4) if v < 5 else rng.randint(5, 9))
        return str(rng.randint(1, 9))

    def _side(self, m: re.Match) -> str:
        own, noun, enemy = m.group(1), m.group(2), m.group(3)
        low = noun.lower()
        own_form = ({"вашего": "вашего", "ваши": "ваши"}.get((own or "").lower())
                    if low == "существа" else _OWN.get(low))
        choices = [low + " противника"] + ([own_form + " " + low] if own_form else [])
        if not own and not enemy:
            choices.append(low)
        return _like(self.rng.choice(choices), m.group(0))

    def vary(self, unit: str) -> str:
        rng = self.rng
        unit = _NUMBER.sub(lambda m: self._number(unit, m), unit)
        unit = _LIMIT.sub(lambda m: rng.choice(("ход", "бой")), unit)
        for group, rx in zip(_STEMS, _STEM_RES):
            unit = rx.sub(lambda m, g=group: _like(rng.choice(g), m.group(1)), unit)
        unit = _PLURAL_ATTACK.sub(
            lambda m: _like(rng.choice(("удар", "выстрел", "разряд")), m.group(1)), unit)
        for group, rx in zip(_GROUPS, _GROUP_RES):
            unit = rx.sub(lambda m, g=group: rng.choice(g), unit)
        unit = _SIDE.sub(self._side, unit)
        head = _COST.match(unit)
        return rng.choice(self.cost_heads) + unit[head.end():] if head else unit


#: A sentence this short is a keyword line («{zoo}.», «Трупоедство.», «{ova}2.»): varied when it
#: can be, but it may repeat, as it does in every real card list (and costs the parser little).
SHORT = 24
#: How far (in corpus sentences ordered by length) a replacement sentence is looked for.
_WIDTHS = (20, 60, 200, 2000)


def distinct_cards(n: int, seed: int = 16) -> list[dict]:
    """``n`` cards (canonical form) whose texts are all different: the corpora's cards in
    turn, each sentence varied by ``Variator`` until it is new — so no sentence longer than
    ``SHORT`` reaches the parser twice; a sentence whose variants ran out is replaced by a
    varied corpus sentence of about its length, so texts keep the corpus's lengths.  Names:
    «<corpus name> <k>»."""
    base = [c for path in CORPORA for c in read_cards(path).cards if c.text]
    rng = random.Random(seed)
    units = sorted({u for c in base for line in c.text.split("\n") for u in units_of(line)})
    heads = sorted({m.group(0) for u in units for m in [_COST.match(u)] if m})
    var = Variator(rng, heads)
    slots = {u: var.slots(u) for u in units}
    pool = sorted((u for u in units if slots[u]), key=len)
    lengths = [len(u) for u in pool]
    tired: set[str] = set()                    # sentences whose variants ran out
    seen: set[str] = set()
    texts: set[str] = set()
    copies: dict[str, int] = {}
    out = []

    def fresh(unit: str, force: bool = False) -> str:
        if len(unit) <= SHORT and not force:
            return var.vary(unit)
        if slots.get(unit) and unit not in tired:
            for _ in range(12):
                new = var.vary(unit)
                if new not in seen:
                    return new
            tired.add(unit)
        at = bisect.bisect_left(lengths, len(unit))
        for width in _WIDTHS:
            near = [u for u in pool[max(0, at - width):at + width] if u not in tired]
            for _ in range(4 * len(near)):
                source = rng.choice(near)
                for _ in range(6):
                    new = var.vary(source)
                    if new not in seen:
                        return new
                tired.add(source)
                near.remove(source)
                if not near:
                    break
        return unit

    for i in range(n):
        card = base[i % len(base)]
        for attempt in range(50):
            # a text of short sentences only («{zoo}. Трупоедство.») may come out twice: again
            lines = [" ".join(fresh(u, force=attempt == 49 and k == 0)
                              for k, u in enumerate(units_of(line)))
                     for line in card.text.split("\n")]
            text = "\n".join(lines)
            if text not in texts:
                break
        texts.add(text)
        seen.update(u for line in lines for u in units_of(line))
        key = card.name.lower().replace("ё", "е")
        copies[key] = copies.get(key, 0) + 1
        record = card.to_dict()
        record.pop("repairs", None)
        record.update(name=f"{card.name} {copies[key]}", number=i + 1, text=text)
        out.append(record)
    return out


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
    cards = [c for c in read_cards(DEV).cards if c.text][:sample]
    for c in cards[:20]:
        parse(c.text, name=c.name)                   # warm the parser tables
    started = time.perf_counter()
    for c in cards:
        parse(c.text, name=c.name + " x")
    return len(cards) / (time.perf_counter() - started)


def bench_queries(db: Path, repeats: int) -> dict[str, list[float]]:
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


# ---------------------------------------------------------------- the --distinct build
#: One build in a fresh process, as ``berserk db build`` composes it (the rule index too);
#: prints the build's phases (``carddb.build.PHASES``).  A checkout from before the phases
#: (``--compare`` with an older commit) parses and makes rows in one loop: there the texts are
#: parsed first (the parse phase: every distinct key once, the list's vocabulary, as that build
#: does), the build's ``parse`` answers from that memo, and the per-card row making
#: (``_card_rows``) is timed — its rows phase; insert, indexes and the rest stay in "other".
_CHILD = """
import json, sys, time
import carddb.build as B
from carddb.cli import rule_index_writer
src, out = sys.argv[1], sys.argv[2]
if hasattr(B, "PHASES"):
    report = B.build_db(out, [src], writers=[rule_index_writer])
    print(json.dumps({"phases": report.phases, "seconds": report.seconds}))
    sys.exit()
from carddb.model import parse_key
from grammar import Vocabulary
started = time.perf_counter()
cards = [c for c, _s, _i in B.read_all([src])[0]]
reading = time.perf_counter() - started
vocabulary = Vocabulary.of((c.name for c in cards), (k for c in cards for k in c.classes))
memo = {}
for c in cards:
    if c.text is not None:
        key = parse_key(c.text, c.name)
        if key not in memo:
            memo[key] = B.parse(*key, vocabulary=vocabulary)
parsing = time.perf_counter() - started - reading
B.parse = lambda text, name=None, vocabulary=None: memo[(text, name)]
rows, card_rows = [0.0], B._card_rows
def timed(*args, **kwargs):
    t = time.perf_counter()
    try:
        return card_rows(*args, **kwargs)
    finally:
        rows[0] += time.perf_counter() - t
B._card_rows = timed
report = B.build_db(out, [src], writers=[rule_index_writer])
phases = {"reading": reading, "parse": parsing, "rows": rows[0],
          "other": report.seconds - reading - rows[0]}
print(json.dumps({"phases": phases, "seconds": parsing + report.seconds, "old": True}))
"""


def build_once(root: Path, src: Path, db: Path) -> dict:
    """Wall time of a fresh process building ``src`` with the code at ``root`` (interpreter
    start and imports included), and the phases it reports."""
    load = os.getloadavg()[0]
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, str(src), str(db)], cwd=root,
                          check=True, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root)})
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["total"] = time.perf_counter() - started
    out["load"] = load                      # the 1-minute load average as the build started
    return out


def describe(cards: list[dict]) -> str:
    """How distinct the generated list is, in the parser's terms."""
    texts = [c["text"] for c in cards]
    units = [u for t in texts for line in t.split("\n") for u in units_of(line)]
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    again = sum(n - 1 for n in counts.values() if n > 1)
    mean = statistics.mean(map(len, texts))
    return (f"{len(cards)} cards, {len(set(texts))} distinct texts (mean {mean:.0f} characters); "
            f"{len(units)} sentences, {len(counts)} distinct: {again} are a repeat "
            f"({again / len(units):.0%}: lines made from corpus sentences of ≤ {SHORT} characters, "
            f"«{{zoo}}.», «{{tap}}: {{uchr}} на 3.»)")


def distinct_main(args) -> None:
    roots = [ROOT] + [Path(r).resolve() for r in args.compare]
    load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="berserk-bench-") as tmp:
        src, db = Path(tmp) / "distinct.json", Path(tmp) / "bench.db"
        cards = distinct_cards(args.distinct)
        src.write_text(json.dumps({"cards": cards}, ensure_ascii=False), "utf-8")
        runs: dict[Path, list[dict]] = {root: [] for root in roots}
        for _ in range(args.runs):                      # interleaved: A B A B …
            for root in roots:
                runs[root].append(build_once(root, src, db))
                print(root, json.dumps(runs[root][-1]), file=sys.stderr)
    lines = ["# Card DB build of distinct texts (bench/db.py --distinct)", "",
             f"Command: `python bench/db.py --distinct {args.distinct} --runs {args.runs}"
             + "".join(f" --compare {r}" for r in args.compare) + "`", "",
             f"Machine: {machine()}; at the start {load_before}",
             f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
             f"Cards: {describe(cards)}.", "",
             "Medians of fresh processes (seconds); build = the build's own clock (reading the "
             "file to the renamed DB), process = the process's wall time (interpreter start and "
             "imports too).  A checkout from before the phases: parse and rows measured as "
             "``_CHILD`` says (its insert and indexes are inside «other»; its process reads the "
             "file twice).", "",
             "| code | " + " | ".join(PHASE_NAMES) + " | build | process | load at start |",
             "| --- |" + " ---: |" * (len(PHASE_NAMES) + 3)]
    for root, results in runs.items():
        cells = []
        for phase in PHASE_NAMES:
            values = [r["phases"][phase] for r in results if phase in r.get("phases", {})]
            cells.append(f"{statistics.median(values):.1f}" if values else "—")
        builds = [r["seconds"] for r in results]
        totals = [r["total"] for r in results]
        lines.append(f"| {root} | " + " | ".join(cells) + f" | {statistics.median(builds):.1f} | "
                     f"**{statistics.median(totals):.1f}** ({', '.join(f'{t:.1f}' for t in totals)})"
                     f" | {', '.join('%.1f' % r.get('load', 0) for r in results)} |")
    report = "\n".join(lines) + "\n"
    print(report)
    if not args.no_write:
        (ROOT / "bench" / "RESULTS_db_distinct.md").write_text(report, "utf-8")


# ---------------------------------------------------------------- --same-rows
#: Builds one card list with the code of the current directory and writes every table's rows
#: (rowid order; meta without build_time/build_id) to a file.
_DUMP = """
import sqlite3, sys
from carddb.build import build_db
from carddb.cli import rule_index_writer
db, out, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
build_db(db, sources, writers=[rule_index_writer])
conn = sqlite3.connect(db)
with open(out, "w", encoding="utf-8") as f:
    f.write("## sqlite_master\\n")
    for row in conn.execute("select type, name, tbl_name, sql from sqlite_master order by 1, 2"):
        f.write(repr(row) + "\\n")
    tables = "select name from sqlite_master where type = 'table' order by name"
    for (name,) in conn.execute(tables):
        where = " where key not in ('build_time', 'build_id')" if name == "meta" else ""
        f.write(f"## {name}\\n")
        for row in conn.execute(f"select * from [{name}]{where}"):
            f.write(repr(row) + "\\n")
"""


def same_rows(other: Path, n_distinct: int = 2000) -> bool:
    """Build the corpora (and ``n_distinct`` generated cards) with this checkout and with
    ``other``; print, per list and table, whether every row is the same."""
    lists = {"classic": [DEV, DEV.with_name("set2_nashestvie_tmy.stats_only.tgbot.json")],
             "nxt samples": [DEV.with_name("nxt_format_samples.json")],
             "nxt sets": [CORPORA[1]], "examples": [ROOT / "carddb" / "examples" / "cards.yaml"]}
    same = True
    with tempfile.TemporaryDirectory(prefix="berserk-rows-") as tmp:
        generated = Path(tmp) / "distinct.json"
        generated.write_text(json.dumps({"cards": distinct_cards(n_distinct)}, ensure_ascii=False),
                             "utf-8")
        lists[f"{n_distinct} distinct"] = [generated]
        for key, sources in lists.items():
            dumps = []
            for n, root in enumerate((ROOT, other)):
                out = Path(tmp) / f"{n}.dump"
                subprocess.run([sys.executable, "-c", _DUMP, str(Path(tmp) / f"{n}.db"), str(out),
                                *map(str, sources)], cwd=root, check=True,
                               env={**os.environ, "PYTHONPATH": str(root)})
                tables: dict[str, list[str]] = {}
                for line in out.read_text("utf-8").splitlines():
                    if line.startswith("## "):
                        rows = tables.setdefault(line[3:], [])
                    else:
                        rows.append(line)
                dumps.append(tables)
            for table in sorted(set(dumps[0]) | set(dumps[1])):
                a, b = dumps[0].get(table), dumps[1].get(table)
                equal = a == b
                same = same and equal
                print(f"{key:16} {table:20} {len(a or ()):7} rows  "
                      + ("same" if equal else f"DIFFERENT ({len(b or ())} rows there)"))
    return same


#: carddb.build.PHASES (not imported: the bench measures other checkouts too)
PHASE_NAMES = ("reading", "parse", "rows", "insert", "indexes", "other")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=35000)
    ap.add_argument("--runs", type=int, default=3, help="build runs (median reported)")
    ap.add_argument("--repeats", type=int, default=50, help="runs of each query")
    ap.add_argument("--pages", type=int, default=300, help="card page requests")
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--distinct", type=int, metavar="N",
                    help="only the build, of N cards whose texts are all different, per phase")
    ap.add_argument("--compare", action="append", default=[], metavar="DIR",
                    help="with --distinct: also build with the code of another checkout, "
                         "runs interleaved")
    ap.add_argument("--same-rows", metavar="DIR",
                    help="only check that this checkout and DIR's build the same rows from the "
                         "corpora (and 2,000 generated cards); exit 1 if not")
    args = ap.parse_args()
    if args.same_rows:
        sys.exit(0 if same_rows(Path(args.same_rows).resolve()) else 1)
    if args.distinct:
        distinct_main(args)
        return

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
