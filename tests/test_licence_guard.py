"""The repository carries no copies of the licensed texts (© Мир Хобби).

* Card text: no tracked file shares a run of ``WINDOW`` (50) characters with an ability (or any
  other text field, such as the flavour text) of any card of ../shared/corpus (classic and nxt),
  compared case-folded, whitespace-folded and with «ё» read as «е», against the source text and against its canonical form
  (``grammar.icons.normalise``: icons as ``{code}``, one ability a line).  A sliding window, not
  just each ability's opening: a copy that starts mid-sentence or swaps the card's name is still
  a copy.  The corpus's windows go into one set and every file is slid over once, so the whole
  check is a few seconds.
* Rule text: no file holds a 60-character run of a sentence of ../shared/rules or seeds.

``KNOWN_COPIES`` lists the files that still hold card text when this check was widened (they
belong to other work in progress); each may not gain a window, and an entry whose file is clean
must go."""
from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterable, Iterator
from functools import cache

import pytest

from grammar.icons import normalise
from tests.conftest import ROOT, SHARED

#: Length of a shared run that counts as a copy of card text.
WINDOW = 50
#: Length of the run of a rule sentence (its characters 10..70) that counts as a copy.
RULE_RUN = 60

#: Files allowed to hold copied card text, with the number of copied windows they may hold.
#: Empty: every file was cleaned when the check became a sliding window over both corpora.  Kept
#: (not removed) so a file that cannot be cleaned at once is capped, never silently allowed.
KNOWN_COPIES: dict[str, int] = {}


def fold(text: str) -> str:
    """The form both sides are compared in: runs of whitespace → one space, case-folded, «ё» → «е»
    (a copy does not stop being one by re-wrapping a line or dropping the dots of «ё»)."""
    return " ".join(text.split()).casefold().replace("ё", "е")


def windows(text: str, size: int = WINDOW) -> Iterator[str]:
    for i in range(len(text) - size + 1):
        yield text[i:i + size]


def canonical_lines(card: dict) -> list[str]:
    """A card's ability text in canonical form, a line each (as written, it is one of the
    record's strings: ``_strings``)."""
    text = card.get("abilities") or card.get("text") or ""
    if not isinstance(text, str) or not text.strip():
        return []
    return normalise(text, "|" if "|" in text else None).text.split("\n")


def _strings(value) -> Iterator[str]:
    """Every string inside a card record (flavour text, notes, … — not only the abilities)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@cache
def card_windows() -> frozenset[str]:
    """Every ``WINDOW``-character run of every card of ../shared/corpus, folded: its abilities
    (as written and canonical) and any other text field of the record (the flavour text is
    licensed too)."""
    found: set[str] = set()
    for path in sorted((SHARED / "corpus").glob("*/*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")):
            for segment in [*canonical_lines(card), *_strings(card)]:
                found.update(windows(fold(segment)))
    return frozenset(found)


@cache
def rule_runs() -> frozenset[str]:
    runs: set[str] = set()
    for folder in ("rules", "seeds"):
        for path in (SHARED / folder).glob("*"):
            for sentence in re.split(r"(?<=[.!?])\s+", path.read_text(encoding="utf-8")):
                sentence = sentence.strip()
                if len(sentence) > 80:
                    runs.add(sentence[10:10 + RULE_RUN])
    return frozenset(runs)


def copied(text: str, card: frozenset[str], rules: frozenset[str]) -> tuple[list[str], list[str]]:
    """The card windows (folded) and rule runs (as written) ``text`` holds."""
    return ([w for w in windows(fold(text)) if w in card],
            [r for r in windows(text, RULE_RUN) if r in rules])


def tracked_texts() -> Iterable[tuple[str, str]]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\0")
    for name in filter(None, names):
        try:
            yield name, (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue


def test_no_licensed_text_in_tracked_files(shared):
    card, rules = card_windows(), rule_runs()
    assert len(card) > 40_000 and len(rules) > 1000
    new, grown, clean = {}, {}, []
    for name, text in tracked_texts():
        card_hits, rule_hits = copied(text, card, rules)
        if rule_hits:
            new[name] = rule_hits[:3]
        allowed = KNOWN_COPIES.get(name)
        if allowed is None:
            if card_hits:
                new[name] = card_hits[:3]
        elif len(card_hits) > allowed:
            grown[name] = (allowed, len(card_hits), card_hits[:3])
        elif not card_hits:
            clean.append(name)
    assert not new, f"скопированный лицензионный текст (перескажите своими словами): {new}"
    assert not grown, f"в файлах из KNOWN_COPIES стало больше скопированного текста: {grown}"
    assert not clean, f"эти файлы чисты — уберите их из KNOWN_COPIES: {clean}"


def test_known_copies_are_tracked_files():
    tracked = {name for name, _ in tracked_texts()}
    assert sorted(set(KNOWN_COPIES) - tracked) == []


def _a_card_ability() -> str:
    """A long nxt ability (berserk-nxt writes «е» for «ё» throughout)."""
    for card in json.loads((SHARED / "corpus" / "nxt" / "sets_10_20.nxt.json")
                           .read_text(encoding="utf-8")):
        text = card.get("text") or ""
        if len(text) > 120:
            return text
    raise AssertionError("no nxt card with a long ability")


def _rewrapped(s: str) -> str:
    """From the middle of the sentence, upper case, three line breaks where spaces were."""
    return ("Как сказано: " + s[7:90]).upper().replace(" ", "\n   ", 3)


PLANTS = {
    "verbatim": lambda s: s,
    "mid-sentence, re-wrapped, upper case": _rewrapped,
    "«ё» where the source has «е»": lambda s: s[:80].replace("е", "ё", 3),
}


@pytest.mark.parametrize("plant", PLANTS, ids=list(PLANTS))
def test_a_planted_card_sentence_is_found(plant, shared):
    """The check itself: a real ability pasted into a file — whole, from its middle with the
    lines re-wrapped, or with «ё» for «е» — is found (the sentence is read from ../shared at run
    time; the repository never holds it)."""
    text = "# своими словами\n" + PLANTS[plant](_a_card_ability()) + "\n"
    card_hits, _ = copied(text, card_windows(), rule_runs())
    assert card_hits


def test_own_wording_passes(shared):
    text = ("Существо с этой особенностью бьёт дважды за ход, но только по разным целям; "
            "после первого удара оно остаётся открытым.")
    assert copied(text, card_windows(), rule_runs()) == ([], [])
