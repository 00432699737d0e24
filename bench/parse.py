"""Parser throughput on the dev corpus, against a bare regex tokenisation of the same text.

    python bench/parse.py [--corpus PATH] [--passes N] [--runs R]

Each run parses the whole corpus ``--passes`` times (normalise + parse + transform, as
``grammar.parse`` does for a card) and, in the same process, tokenises the same raw text with
one regex; the figures are medians over ``--runs`` runs.  Two parser figures:

* ``cold``   — the memo cleared before every pass: normalise + parse + transform of text the
  parser has not seen, i.e. the parser's real cost.  **The last line reports these figures.**
* ``steady`` — repeated parsing with the memo warm (the parse of a line is a pure function of the
  line and the card's name, so a repeated line is a dict lookup): what a second build in the same
  process costs.  Shown for information; it measures the memo, not the parser.

A third figure, ``lark-only``, is the bare ``Lark.parse`` of the corpus's folded sentences with
no transformer, no retries and no normalisation: the ceiling for any pipeline built on Lark's
LALR parser in CPython.

The last line is exactly ``segments_per_s=N ratio_to_regex=R`` (cold figures).
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
from grammar.icons import normalise  # noqa: E402
from grammar.lexer import tokenize  # noqa: E402
from grammar.parser import clear_cache  # noqa: E402
from grammar.reader import bare_parser  # noqa: E402
from grammar.repairs import split_units  # noqa: E402

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

    units = []
    for name, text in cards:
        canonical = normalise(text, "|", name).text
        for line in canonical.split("\n"):
            units.extend((line[s:e], name) for s, e, _g in split_units(line, name))
    lark = bare_parser()

    def lark_pass() -> None:
        # the bare Lark.parse of every unit: its lexer is the project's word lexer
        # (grammar.lexer.tokenize), so lexing is inside the figure, as in Lark's own lexers
        for unit, name in units:
            try:
                lark.parse(tokenize(unit, name))
            except Exception:  # noqa: BLE001 - a failed parse costs time too; that is the point
                pass

    parse_pass()                                   # build the LALR tables and lexers once
    regex = rate(regex_pass, args.passes)
    steady = rate(parse_pass, args.passes)
    cold = rate(cold_pass, max(1, args.passes // 4))
    lark_only = rate(lark_pass, max(1, args.passes // 4))
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"corpus: {len(cards)} cards with text, {segments} segments; {args.runs} runs, median")
    print(f"regex tokenisation: {regex:12.0f} segments/s")
    print(f"parse, cold:        {cold:12.0f} segments/s  (×{regex / cold:.1f} the regex)")
    print(f"lark-only ceiling:  {lark_only:12.0f} segments/s  (×{regex / lark_only:.1f} the regex; "
          f"{len(units)} units, Lark.parse alone)")
    print(f"parse, steady:      {steady:12.0f} segments/s  (memo warm; measures the memo)")
    print(f"segments_per_s={cold:.0f} ratio_to_regex={regex / cold:.2f}")


if __name__ == "__main__":
    main()
