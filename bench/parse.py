"""Parser throughput on the dev corpus: the cold pipeline against the bare ``Lark.parse`` of the
same sentences and against a bare regex tokenisation, in one process.

    python bench/parse.py [--corpus PATH] [--passes N] [--rounds R] [--root CHECKOUT]

Every round times each measure once, in turn (interleaved, so a change of the machine's load
hits them alike); the figures are medians over ``--rounds`` rounds, each ratio the median of its
per-round ratios.

* ``pipeline, cold`` — the memo cleared before every pass: normalise + split + lex + LALR with
  the inline transformer + frames + spans, i.e. ``grammar.parse`` on text it has not seen.
  "Not seen" includes the card names: ``clear_cache`` forgets the memos keyed by a name, and
  Python's own regex cache is emptied (``re.purge``) — a name's patterns compiled on the last
  pass are work a new card pays (stop 23: the name memos hid ~30 ms of a 110 ms pass).  With
  lark-cython installed it is measured with its LALR loop and with the Python one
  (``grammar.reader._TableLoop``, the default unless ``BERSERK_LARK_CYTHON=1``).  **The last
  line reports the default.**
* ``bare Lark.parse`` — each sentence of the corpus (normalised and split once, before timing)
  through the project's word lexer and Lark's LALR parser building its tree, with no
  transformer, no retries, no memo: the ceiling for any pipeline built on Lark in CPython.
  Cold too, like the pipeline: ``clear_cache`` (the lexer's name patterns ``tokens.name_re``
  and stems ``tokens.name_stems`` among what it forgets) and Python's regex cache emptied
  before each pass (both sides read names they have not seen).  The
  ratio is taken against the pure-Python one (the issue-16 reference); the lark-cython one is
  shown too.
* ``names warm`` — the pipeline with ``clear_cache`` alone and the bare reference without its
  clears: the texts unseen but the names' compiled patterns still in Python's regex cache (the
  protocol of the stops before 23, alike on both sides), and its ratio — shown so that the
  two protocols are compared in one run.
* ``regex`` — the raw text cut by one regex (``TOKEN``).
* ``steady`` — parsing again with the memo warm (a repeated line is a dict lookup): shown for
  information; it measures the memo, not the parser.

The last line is exactly ``segments_per_s=N ratio_to_regex=R ratio_to_bare_lark=L``: N the
default cold pipeline's segments per second, R how many times slower than the regex it is, L its
throughput ÷ the pure-Python bare ``Lark.parse`` throughput.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# ``--root CHECKOUT``: measure another checkout's grammar with this protocol (read before the
# imports below, which must come from that checkout)
_root = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv[:-1] else str(ROOT)
sys.path.insert(0, _root)

from grammar import parse  # noqa: E402
from grammar import reader  # noqa: E402
from grammar.icons import normalise  # noqa: E402
from grammar.lexer import tokenize  # noqa: E402
from grammar.parser import clear_cache  # noqa: E402
from grammar.repairs import split_units  # noqa: E402
from regex_ratio import name_memo_clears  # noqa: E402  (bench/, the script's own directory)

TOKEN = re.compile(r"\{[^{}]+\}|\d+(?:-\d+)*|\w+|[^\w\s]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus/classic/set1_voyna_stihiy.tgbot.json"))
    ap.add_argument("--passes", type=int, default=8, help="corpus passes per measure and round")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--root", default=str(ROOT), help="the checkout whose grammar is measured")
    args = ap.parse_args()

    cards = [(c["name"], c["abilities"]) for c in json.loads(Path(args.corpus).read_text(encoding="utf-8"))
             if c.get("abilities")]
    segments = sum(len(text.split("|")) for _n, text in cards)
    units = []
    for name, text in cards:
        canonical = normalise(text, "|", name).text
        for line in canonical.split("\n"):
            units.extend((line[s:e], name) for s, e, _g in split_units(line, name))

    def regex_pass() -> None:
        for _name, text in cards:
            for seg in text.split("|"):
                TOKEN.findall(seg)

    def parse_pass() -> None:
        for name, text in cards:
            parse(text, name=name, separator="|")

    # the memos keyed by a card's name, which an older checkout's clear_cache keeps: emptied
    # here too, so that every checkout is measured cold
    older = name_memo_clears()

    def forget_all() -> None:
        # every memo keyed by a text or a name (the lexer's name patterns and stems among them)
        # and Python's regex cache: both sides read texts and names they have not seen
        clear_cache()
        for forget in older:
            forget()
        re.purge()

    def cold_pass() -> None:
        forget_all()
        parse_pass()

    def names_warm_pass() -> None:
        # the texts not seen, the names' compiled patterns still in Python's regex cache (the
        # protocol before stop 23, both sides alike): shown beside the default
        clear_cache()
        parse_pass()

    def bare_pass(lark, cold: bool = True) -> None:
        # its lexer is the project's word lexer (grammar.lexer.tokenize), so lexing is inside
        # the figure, as in Lark's own lexers; cold like the pipeline (names not seen)
        if cold:
            forget_all()
        for unit, name in units:
            try:
                lark.parse(tokenize(unit, name))
            except Exception:  # noqa: BLE001 - a failed parse costs time too; that is the point
                pass

    # (an older checkout has no lark-cython switch: the bench still measures it, pure Python)
    installed = getattr(reader, "lark_cython", None) is not None
    cython = installed and reader.use_cython()     # the default loop: lark-cython's or Python's
    bare = reader.bare_parser if installed else (lambda _c=False: reader.bare_parser())
    default = "lark-cython" if cython else "pure Python"
    other = "pure Python" if cython else "lark-cython"
    measures = {"regex": (regex_pass, args.passes * 10),
                f"pipeline, cold ({default})": (cold_pass, args.passes),
                "bare Lark.parse (pure Python)":
                    (lambda: bare_pass(bare(False)), args.passes)}
    if installed:
        def cold_other() -> None:
            with reader.lalr_in_c(not cython):
                cold_pass()
        measures[f"pipeline, cold ({other})"] = (cold_other, args.passes)
        measures["bare Lark.parse (lark-cython)"] = (
            lambda: bare_pass(reader.bare_parser(True)), args.passes)
    measures[f"pipeline, names warm ({default})"] = (names_warm_pass, args.passes)
    measures["bare Lark.parse, names warm"] = (lambda: bare_pass(bare(False), cold=False), args.passes)
    measures["steady (memo warm)"] = (parse_pass, args.passes * 10)

    parse_pass()                                   # build the LALR tables and lexers once
    for lark in {bare(False), bare(installed)}:
        bare_pass(lark)
    rates: dict[str, list[float]] = {k: [] for k in measures}
    for _ in range(args.rounds):
        for key, (fn, passes) in measures.items():
            start = time.perf_counter()
            for _ in range(passes):
                fn()
            rates[key].append(segments * passes / (time.perf_counter() - start))

    cold_key, bare_key = f"pipeline, cold ({default})", "bare Lark.parse (pure Python)"
    per_round = lambda a, b: statistics.median(x / y for x, y in zip(rates[a], rates[b]))  # noqa: E731
    print(f"machine: {platform.machine()} {platform.processor() or ''} python "
          f"{platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
          f"lark-cython {'installed' if installed else 'not installed'}, "
          f"{'used' if cython else 'not used'} by default")
    print(f"corpus: {len(cards)} cards with text, {segments} segments ({len(units)} sentences); "
          f"{args.rounds} interleaved rounds of {args.passes} passes, medians")
    for key in measures:
        line = f"{key:34} {statistics.median(rates[key]):10.0f} segments/s"
        if key not in ("regex", bare_key) and not key.startswith(("steady", "bare", "pipeline, names")):
            line += f"   ×{per_round(key, bare_key):.2f} the bare pure-Python Lark.parse"
        print(line)
    if installed:
        print(f"{'ratio to the bare lark-cython parse':34} "
              f"×{per_round(cold_key, 'bare Lark.parse (lark-cython)'):.2f}")
    print(f"{'ratio with the names warm':34} "
          f"×{per_round(f'pipeline, names warm ({default})', 'bare Lark.parse, names warm'):.2f}")
    print(f"segments_per_s={statistics.median(rates[cold_key]):.0f} "
          f"ratio_to_regex={per_round('regex', cold_key):.2f} "
          f"ratio_to_bare_lark={per_round(cold_key, bare_key):.2f}")


if __name__ == "__main__":
    main()
