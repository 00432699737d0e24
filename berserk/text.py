"""Russian text helpers every layer shares: folding for matching, «did you mean», plurals.

One of each, here: a second copy of a plural rule or of the fuzzy match is how two messages end
up disagreeing.
"""
from __future__ import annotations

import reprlib
from typing import Any, Iterable, TypeVar

T = TypeVar("T", bound=str)


def fold(text: str) -> str:
    """Matching key: case-folded, ё→е.  Never used for stored or printed text."""
    return text.casefold().replace("ё", "е")


def did_you_mean(name: str, candidates: Iterable[T], limit: int = 3) -> list[T]:
    """Up to ``limit`` candidates closest to ``name`` (case and ё/е folded), best first.

    Messages do not call this directly: ``berserk.errors.UnknownNameError`` words the hint."""
    from rapidfuzz import fuzz, process   # ~12 ms to import: paid only on an unknown name

    pool = {fold(c): c for c in candidates}
    found = process.extract(fold(name), list(pool), scorer=fuzz.WRatio, limit=limit, score_cutoff=60)
    return [pool[key] for key, _score, _idx in found]


def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of a Russian noun after the number ``n``: 1 рана, 2 раны, 5 ран (21 рана,
    12 ран, 114 ран)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 4, 4, 40, 40


def shorten(value: Any, limit: int = 60) -> str:
    """``value`` as a message quotes it: text cut to ``limit`` characters (the cut shown as
    «…»), a list or dict through ``reprlib`` (a file may hold a million-item list)."""
    text = value if isinstance(value, str) else _REPR.repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
