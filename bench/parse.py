"""Parser throughput on the dev corpus, against a bare regex tokenisation of the same text.

    python bench/parse.py [--corpus PATH] [--passes N] [--runs R]

Each run parses the whole corpus ``--passes`` times (normalise + parse + transform, as
``grammar.parse`` does for a card) and, in the same process, tokenises the same raw text with
one regex; the figures are medians over ``--runs`` runs.  Two parser figures:

* ``steady`` — repeated parsing as a DB build or a search session does it: a line seen before
  is a memo hit (the parse of a line is a pure function of the line and the card's name);
* ``cold``   — the memo cleared before every pass: the cost of text never seen before.

The last line is exactly ``segments_per_s=N ratio_to_regex=R`` (steady figures).
"""
from __future__ import annotations

import argparse
import json
import platform
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grammar import parse  # noqa: E402
from grammar.parser import clear_cache  # noqa: E402

TOKEN = re.compile(r"\{[^{}]+\}|\d+(?:-\d+)*|\w+|[^\w\s]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus/classic/set1_voyna_stihiy.tgbot.json"))
    ap.add_argument("--passes", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    cards = [(c["name"], c["abilities"]) for c in json.loads(Path(args.corpus).read_text(encoding="utf-8"))
             if c.get("abilities")]
    segments = sum(len(text.split("|")) for _n, text in cards)

    def regex_pass() -> None:
        for _name, text in cards:
            for seg in text.split("|"):
                TOKEN.findall(seg)

    def parse_pass() -> None:
        for name, text in cards:
            parse(text, name=name, separator="|")

    def cold_pass() -> None:
        clear_cache()
        parse_pass()

    def rate(fn, passes: int) -> float:
        runs = []
        for _ in range(args.runs):
            start = time.perf_counter()
            for _ in range(passes):
                fn()
            runs.append(segments * passes / (time.perf_counter() - start))
        return statistics.median(runs)

    parse_pass()                                   # build the LALR tables and lexers once
    regex = rate(regex_pass, args.passes)
    steady = rate(parse_pass, args.passes)
    cold = rate(cold_pass, max(1, args.passes // 10))
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"corpus: {len(cards)} cards with text, {segments} segments; {args.runs} runs, median")
    print(f"regex tokenisation: {regex:12.0f} segments/s")
    print(f"parse, steady:      {steady:12.0f} segments/s  (×{regex / steady:.1f} the regex)")
    print(f"parse, cold:        {cold:12.0f} segments/s  (×{regex / cold:.1f} the regex)")
    print(f"segments_per_s={steady:.0f} ratio_to_regex={regex / steady:.2f}")


if __name__ == "__main__":
    main()
