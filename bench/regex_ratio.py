"""Cold pipeline ÷ bare regex on the dev corpus for ANY checkout — issue 9's «not slower per
segment» compares today's grammar with one from before the issue, which has no
``grammar.reader`` (so ``bench/parse.py --root`` cannot measure it).

    python bench/regex_ratio.py CHECKOUT [--names-warm] [--rounds R]

Only ``grammar.parse`` and ``grammar.parser.clear_cache`` are used, which every checkout has.
The cold pass is the one of ``bench/parse.py``: ``clear_cache``, the memos keyed by a card's
name that an older ``clear_cache`` keeps, and Python's regex cache emptied; ``--names-warm``
clears with ``clear_cache`` alone (the protocol before stop 23).  Run it for each checkout in
turn, several times, and compare the medians of the same run.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

TOKEN = re.compile(r"\{[^{}]+\}|\d+(?:-\d+)*|\w+|[^\w\s]")
NAME_MEMOS = (("grammar.tokens", "name_re"), ("grammar.icons", "_split_name_patterns"),
              ("grammar.names", "_own_words"), ("grammar.names", "known_name"),
              ("grammar.parser", "_name_pattern"))


def name_memo_clears() -> list:
    """``cache_clear`` of each memo keyed by a card's name that the imported checkout has — an
    older checkout's ``clear_cache`` keeps them (stop 23 made it forget them); bench/parse.py
    uses this too."""
    clears = [getattr(getattr(sys.modules.get(m), f, None), "cache_clear", None) for m, f in NAME_MEMOS]
    return [c for c in clears if c is not None]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout")
    ap.add_argument("--names-warm", action="store_true")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    root = Path(args.checkout).resolve()
    sys.path.insert(0, str(root))
    from grammar import parse
    from grammar.parser import clear_cache

    shared = Path(os.environ.get("BERSERK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    corpus = shared / "corpus/classic/set1_voyna_stihiy.tgbot.json"
    cards = [(c["name"], c["abilities"]) for c in json.loads(corpus.read_text(encoding="utf-8"))
             if c.get("abilities")]
    segments = sum(len(text.split("|")) for _n, text in cards)
    memos = [] if args.names_warm else name_memo_clears()

    def regex_pass() -> None:
        for _name, text in cards:
            for seg in text.split("|"):
                TOKEN.findall(seg)

    def cold_pass() -> None:
        clear_cache()
        for forget in memos:
            forget()
        if not args.names_warm:
            re.purge()
        for name, text in cards:
            parse(text, name=name, separator="|")

    cold_pass()
    regex, cold = [], []
    for _ in range(args.rounds):
        for rates, fn, passes in ((regex, regex_pass, 80), (cold, cold_pass, 8)):
            start = time.perf_counter()
            for _ in range(passes):
                fn()
            rates.append(segments * passes / (time.perf_counter() - start))
    print(f"{root} {'names warm' if args.names_warm else 'cold'}: "
          f"cold_segments_per_s={statistics.median(cold):.0f} "
          f"ratio_to_regex={statistics.median(r / c for r, c in zip(regex, cold)):.2f}")


if __name__ == "__main__":
    main()
