"""The repository carries no copies of the licensed texts (© Мир Хобби): no tracked file holds
the opening 50 characters of a card ability (raw or canonical) or a 60-character run of a
rule sentence.  The hook samples this; the test checks every file and every sentence."""
from __future__ import annotations

import json
import re
import subprocess

from grammar.icons import normalise
from tests.conftest import CORPUS, ROOT, SHARED


def _needles() -> set[str]:
    needles: set[str] = set()
    for path in CORPUS.glob("*.json"):
        for card in json.loads(path.read_text(encoding="utf-8")):
            text = card.get("abilities") or card.get("text") or ""
            for seg in text.split("|") + normalise(text, "|" if "|" in text else None).text.split("\n"):
                seg = seg.strip()
                if len(seg) > 50:
                    needles.add(seg[:50])
    for folder in ("rules", "seeds"):
        for path in (SHARED / folder).glob("*"):
            for sentence in re.split(r"(?<=[.!?])\s+", path.read_text(encoding="utf-8")):
                sentence = sentence.strip()
                if len(sentence) > 80:
                    needles.add(sentence[10:70])
    return needles


def test_no_licensed_text_in_tracked_files(shared):
    needles = _needles()
    assert len(needles) > 1000
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    found = {}
    for name in files:
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        hits = [n for n in needles if n in text]
        if hits:
            found[name] = hits[:3]
    assert not found, found
