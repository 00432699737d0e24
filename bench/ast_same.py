"""Is the AST of every corpus segment the same under two checkouts?  (issue 16: a faster parser
pipeline must not change a single node or span.)

    python bench/ast_same.py OTHER_CHECKOUT          # exit 1 when any segment differs
    python bench/ast_same.py --dump FILE             # this checkout's ASTs, one JSON a line

Every card of the corpora (../shared: classic tgbot, nxt samples, nxt sets 10–20) is parsed
as the DB build parses it — with the card list's names and classes — and as a lone card (no
list); each line of each card is written as its canonical JSON with spans.  The comparison runs
each checkout in a fresh process (its own ``grammar`` package) and compares line by line.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("BERSERK_SHARED", ROOT.parent / "shared"))
CORPORA = ("classic/set1_voyna_stihiy.tgbot.json", "classic/nxt_format_samples.json",
           "classic/set2_nashestvie_tmy.stats_only.tgbot.json", "nxt/sets_10_20.nxt.json")


def dump(out: Path) -> int:
    """Write every segment's AST (with and without the list's vocabulary); the count."""
    sys.path.insert(0, str(ROOT))
    from carddb.model import parse_key
    from carddb.sources import read_cards
    from grammar import Vocabulary, parse
    from grammar import ast as A

    if not (SHARED / "corpus").is_dir():
        # an empty dump would compare "identical" with another empty one
        sys.exit(f"нет корпуса {SHARED / 'corpus'}: задайте BERSERK_SHARED")
    n = 0
    with out.open("w", encoding="utf-8") as f:
        for corpus in CORPORA:
            cards = [c for c in read_cards(SHARED / "corpus" / corpus).cards if c.text]
            vocabulary = Vocabulary.of([c.name for c in cards],
                                       [k for c in cards for k in c.classes])
            for card in cards:
                for label, vocab in (("list", vocabulary), ("alone", None)):
                    parsed = parse(*parse_key(card.text, card.name), vocabulary=vocab)
                    for line in parsed.lines:
                        record = [corpus, card.name, label, line.index, line.text,
                                  [line.span.start, line.span.end], line.framed, line.folded,
                                  [A.to_dict(a, spans=True) for a in line.abilities]]
                        f.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
                        n += 1
    return n


def compare(other: Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="berserk-ast-") as tmp:
        files = []
        for n, root in enumerate((ROOT, other)):
            out = Path(tmp) / f"{n}.jsonl"
            subprocess.run([sys.executable, str(Path(__file__).resolve()), "--dump", str(out),
                            "--root", str(root)], check=True,
                           env={**os.environ, "PYTHONPATH": str(root)})
            files.append(out.read_text("utf-8").splitlines())
    here, there = files
    differ = [(a, b) for a, b in zip(here, there) if a != b]
    print(f"{len(here)} segments here, {len(there)} there; {len(differ)} differ")
    for a, b in differ[:5]:
        print("here: ", a[:400], "\nthere:", b[:400], "\n")
    return bool(here) and not differ and len(here) == len(there)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("other", nargs="?", help="the other checkout's root")
    ap.add_argument("--dump", metavar="FILE", help="write this checkout's ASTs to FILE")
    ap.add_argument("--root", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.dump:
        global ROOT
        ROOT = Path(args.root).resolve() if args.root else ROOT
        print(f"{dump(Path(args.dump))} segments from {ROOT}", file=sys.stderr)
        return
    if not args.other:
        ap.error("give the other checkout or --dump FILE")
    sys.exit(0 if compare(Path(args.other).resolve()) else 1)


if __name__ == "__main__":
    main()
