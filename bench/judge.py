"""Judge benchmarks: single-attack resolutions per second, exact odds of one fight, the library.

    python bench/judge.py            # print the table
    python bench/judge.py --write    # also write bench/RESULTS_judge.md
    python bench/judge.py --base DIR # also measure the checkout in DIR (an earlier commit:
                                     # git worktree add DIR <commit>) in the same run

Every figure is the median of several runs (wall clock, ``time.perf_counter``) on this machine;
the machine is noted in the output.  Goals (issue 5): ≥ 5,000 single-attack resolutions/s and
exact odds of one fight in < 5 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from carddb.model import Card
from judge.classic import combat
from judge.classic.engine import Engine
from judge.core.trace import Inputs
from judge.classic.odds import Matchup, report
from judge.scenario import load_scenario, run, scenario_files
from judge.classic.state import Piece, State

ATTACKER = Card(name="Ветеран", elements=("нейтральная",), life=9, move=1, strike=(2, 3, 4),
                text="{ova}1.\nВампиризм.")
DEFENDER = Card(name="Рыцарь", elements=("нейтральная",), life=12, move=1, strike=(1, 2, 3),
                text="Броня 1.\nОтравление на 1.")


def one_attack(a: int, d: int) -> None:
    """Set up a two-card table and resolve one simple strike (a fight with the dice a:d)."""
    state = State(turn="A")
    att = state.add(Piece(id="a", card=ATTACKER, owner="A", cell="c3", moves_left=1))
    dfd = state.add(Piece(id="d", card=DEFENDER, owner="B", cell="c4", moves_left=1))
    Engine(state).strike(att, dfd, Inputs([a, d], {"step_up": False, "defender": None}))


def bench_attacks(n: int = 5000, repeats: int = 5) -> float:
    dice = [(a, d) for a in range(1, 7) for d in range(1, 7)]
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        for i in range(n):
            one_attack(*dice[i % 36])
        rates.append(n / (time.perf_counter() - t))
    return statistics.median(rates)


def bench_odds(repeats: int = 200) -> float:
    m = Matchup((2, 3, 4), (1, 2, 3), attacker_mod=1, defender_bonus=1, attacker_lives=5,
                defender_lives=4)
    times = []
    for _ in range(repeats):
        combat.fight_options.cache_clear()      # measure the full enumeration, not a cache hit
        combat.fight_row.cache_clear()
        t = time.perf_counter()
        report(m)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def bench_library(repeats: int = 3) -> tuple[int, float]:
    files = scenario_files([ROOT / "rulings" / "scenarios"])
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        for f in files:
            run(load_scenario(f), strict=True)
        times.append(time.perf_counter() - t)
    return len(files), statistics.median(times)


#: Run in a fresh interpreter inside another checkout: its own bench_attacks, one measurement.
BASE_SNIPPET = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("base_bench", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
mod.one_attack(4, 2)
print(json.dumps(max(mod.bench_attacks(int(sys.argv[2]), 1) for _ in range(int(sys.argv[3])))))
"""


def base_rate(base: Path, n: int, best_of: int = 3) -> float:
    """Single-attack resolutions/s of the checkout at ``base`` (its own bench function, in a
    fresh interpreter): the best of ``best_of`` runs — on a shared machine another process
    only ever slows a CPU-bound loop down, so the fastest run is the least disturbed one."""
    out = subprocess.run([sys.executable, "-c", BASE_SNIPPET, str(base / "bench" / "judge.py"),
                          str(n), str(best_of)], cwd=base, capture_output=True, text=True,
                         check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1]))


def compare(base: Path, n: int = 3000, rounds: int = 7) -> tuple[float, float]:
    """Both checkouts measured the same way — each in a fresh interpreter, in turns (base,
    head, base, head …) so the shared machine's load falls on both alike; the medians of the
    rounds' best-of-3 rates."""
    head_rates, base_rates = [], []
    for _ in range(rounds):
        base_rates.append(base_rate(base, n))
        head_rates.append(base_rate(ROOT, n))
    return statistics.median(base_rates), statistics.median(head_rates)


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f} at the start (shared machine)"
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPU ({model or '?'}), "
            f"Python {platform.python_version()}{load}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write bench/RESULTS_judge.md")
    ap.add_argument("--base", type=Path, default=None,
                    help="a checkout of an earlier commit to measure in the same run")
    args = ap.parse_args()
    where = machine()
    one_attack(4, 2)                            # warm caches: grammar, traits, rulebook
    rate = bench_attacks()
    odds_ms = bench_odds()
    count, lib_s = bench_library()
    rows = [
        ("single-attack resolutions (fight, fresh table each)", f"{rate:,.0f} /s", "≥ 5,000 /s",
         "ok" if rate >= 5000 else "MISSED"),
        ("exact odds of one fight (36 pairs, 2 policies)", f"{odds_ms:.2f} ms", "< 5 ms",
         "ok" if odds_ms < 5 else "MISSED"),
        (f"rulings library: load + judge {count} scenarios, strict", f"{lib_s:.2f} s", "—", ""),
    ]
    lines = ["# Judge benchmarks (issue 5)", "",
             f"Command: `python bench/judge.py --write`.  Machine: {where}.",
             "Figures are medians of repeated runs (wall clock).", "",
             "| what | median | goal | |", "| --- | --- | --- | --- |"]
    if args.base is not None:
        base, head = compare(args.base.resolve())
        ratio = head / base
        rows.append((f"single-attack resolutions vs {args.base.name} (same run, alternating)",
                     f"{head:,.0f} /s vs {base:,.0f} /s = {ratio:.2f}×", "≥ 0.8×",
                     "ok" if ratio >= 0.8 else "MISSED"))
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        (ROOT / "bench" / "RESULTS_judge.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
