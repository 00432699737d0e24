"""Icon normalisation: every source notation → canonical text with ``{code}`` placeholders.

Sources write icons three ways: emoji (the tgbot JSON), ``{code}`` (berserk-nxt), and
``<img alt="code">`` (web pages).  Canonical text has one ability per line and icons as
``{code}``.  The emoji table is the *proven* part of the corpus's icon legend
(../shared/corpus/classic/icon_legend.tsv); codes the legend marks unproven (ovs, stamina) and
emoji that are not in the table stay distinct, named tokens (``{ovs}``, ``{emoji:U+1F984}``),
so the parser can type them as ``Unknown`` and the judge refuses to rule on them.

The tgbot source has known defects; each repair is reported as a ``Repair`` so a maintainer sees
exactly what was changed:

* ``broken-strike``: 🗡 written as two U+FFFD (a broken surrogate pair) → ``{strike}``;
* ``lost-strike``: 🗡 dropped entirely, recognisable from the words around the hole
  («При сильном  —», «объявлять  только», «к следующему ,») → ``{strike}``;
* ``lost-icon``: an icon dropped where the context does not say which one → ``{lost}`` (an
  unknown token: never guessed);
* ``split``: two abilities glued together without the ``|`` separator («….⤵️: …») → two lines.

Every notation then goes through the text repairs of ``grammar.repairs`` (control characters,
Latin look-alike letters, the variable letter, errata markers, «» around a granted ability,
spacing), each reported; «nan» is no text (``nan-text``).  A text without a separator (berserk-nxt,
canonical) and every part between separators is cut into one ability sentence per line; a cut where the source glued two
abilities without a full stop is reported (``glued-abilities``).  So canonical text has one
ability sentence per line whatever the source, and ``normalise`` is idempotent.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache

from grammar.names import repair_effect_names, restore_markers
from grammar.repairs import (Repair, characters, errata, needs_spacing, quotes, restore_granted, spacing,
                             split_units)
from grammar.spelling import mend_typos, restore_names

# Proven emoji → code (icon_legend.tsv, column "proven" = yes).  Keys are without U+FE0F;
# the variation selector is stripped before lookup.
EMOJI_CODES: dict[str, str] = {
    "\u2935": "tap",        # ⤵️
    "\u26aa": "counter",    # ⚪️
    "\U0001f5e1": "strike",  # 🗡
    "\u2694": "ova",        # ⚔️
    "\U0001f3af": "direct",  # 🎯
    "\u262f": "regen",      # ☯️
    "\U0001f6e1": "ovz",     # 🛡
    "\u2764": "health",     # ❤️
    "\u2197": "uchr",       # ↗️
    "\U0001fa78": "zoo",     # 🩸
    "\U0001f4dc": "zoz",     # 📜
    "\U0001f52e": "zom",     # 🔮
    "\u26a1": "zor",        # ⚡️
    "2\u20e3": "second",    # 2️⃣
    "1\u20e3": "first",     # 1️⃣
    "\u23f3": "instant",    # ⏳
    "\U0001fa93": "zot",     # 🪓
    "\U0001f43e": "move",    # 🐾
    "\U0001f536": "elite",   # 🔶
    "\U0001f537": "ordinary",  # 🔷
}

#: Codes whose meaning is proven: by the legend, by DESIGN.md's list of berserk-nxt codes that
#: the legend aligns, or by berserk-nxt's own search tokens — it spells ``{stamina}`` «стойкост»
#: and ``{ovs}`` «оп стрельб» beside ``{ovz}`` «оп защ» (the legend's "not proven" is about a
#: tgbot emoji these two never had: they show as a word, as armor does).
KNOWN_CODES = frozenset(EMOJI_CODES.values()) | {"armor", "zov", "zoal", "gold", "silver",
                                                   "coin",     # «Берсерк. Герои»: a coin (never {gold})
                                                   "ovs", "stamina"}
#: Codes a notation writes whose meaning no source proves: read as ``Unknown`` (the judge does
#: not decide by them).  Empty since berserk-nxt's tokens proved ovs / stamina; a later
#: notation's code joins it until a source says what it means.
UNPROVEN_CODES: frozenset[str] = frozenset()

# The proven emoji are replaced by ``str.replace``, the two-character keys first, then the
# one-character ones: the same result as one regex of every key, longest first, because no key
# is a prefix of another (checked here)
assert all(len(k) == 1 or (len(k) == 2 and k[0] not in EMOJI_CODES) for k in EMOJI_CODES)
_PAIR_KEYS = tuple(k for k in EMOJI_CODES if len(k) == 2)
assert all(k[1] == "\u20e3" for k in _PAIR_KEYS)
# the one-character keys, each replaced where it occurs (a ``str.translate`` by a table costs a
# dict lookup per character of the text, a regex scan for their class ~5 µs; a test for one
# character is a memchr)
_ONE_ICON = tuple((k, "{" + v + "}") for k, v in EMOJI_CODES.items() if len(k) == 1)
_VS16 = "\ufe0f"
_IMG_RE = re.compile(r"""<img\b[^>]*?\balt\s*=\s*(["'])(.*?)\1[^>]*>""", re.IGNORECASE)
# the lost 🗡 (two replacement characters); a variation selector between them is dropped
# later anyway, so it must not hide the pair from this pass (normalise is idempotent)
_BROKEN_PAIR = re.compile("\ufffd\ufe0f?\ufffd")
# A 🗡 that the source lost: the words before the hole need a strike noun there.
_LOST_STRIKE_RE = re.compile(
    r"(?P<before>(?:[Пп]ри (?:сильном|слабом|среднем)|объявлять|к следующему))"
    r"(?P<gap>\s+)(?=—|,|только)"
)
# An icon lost after «карты» in «если обе карты  —»: which icon is not recoverable.
_LOST_ICON_RE = re.compile(r"(?P<before>карты)(?P<gap>\s{2,})(?=—)")
# Abilities glued without a separator: «… .{tap}: …» or «… .{second}: …».
_GLUED_RE = re.compile(r"(?<=[.»])\s*(?=(?:X|Х|\d)?(?:\{(?:instant|counter|tap|second|first)\})+\s*:)")
# the same cuts found from the «.» or «»» (a literal class the engine scans for, not a
# lookbehind tried at every offset): each match is the mark, then what ``_GLUED_RE`` drops
_GLUED_AT = re.compile(r"[.»]\s*(?=(?:X|Х|\d)?(?:\{(?:instant|counter|tap|second|first)\})+\s*:)")


def _glued_split(part: str) -> list[str]:
    """``_GLUED_RE.split(part)``."""
    if _GLUED_AT.search(part) is None:
        return [part]                   # (no cut: most parts; one search, no loop)
    pieces, last = [], 0
    for m in _GLUED_AT.finditer(part):
        pieces.append(part[last:m.start() + 1])
        last = m.end()
    pieces.append(part[last:])
    return pieces
_OTHER_EMOJI_RE = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2190-\u21ff\u2300-\u23ff\u2b00-\u2bff\u2900-\u297f]"
)


_CODE_RE = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class Normalised:
    text: str                               # canonical: {code} icons, one ability per line
    repairs: tuple[Repair, ...] = ()
    unknown_icons: tuple[str, ...] = ()     # named tokens the legend does not prove
    # per line, ``split_units(line, name)`` where normalise already knows it (the line is a
    # whole piece it cut), else None: the parser does not cut that line again
    units: tuple = field(default=(), compare=False, repr=False)


_LONG_WORD = re.compile(r"\w{5,}")


@lru_cache(maxsize=4096)
def _split_name_patterns(name: str) -> tuple[tuple[str, str, bool], ...]:
    """(the stem, the stem case-folded, whether ``_mend_split_name`` can gate it) for each word
    of the name (not gated: a Latin «i»: «İ», «ı» match it ignoring case but do not case-fold
    to it).  Their regexes are written and compiled where a text needs them: a compile per
    card name was ~40 ms of a cold pass of the dev corpus."""
    out = []
    for word in _LONG_WORD.findall(name):
        stem = word[:-1] if len(word) > 6 else word          # the last letter may be inflected
        folded = stem.casefold()
        out.append((stem, folded, "i" not in folded))
    return tuple(out)



def clear() -> None:
    """Forget the memo keyed by a card's name (``grammar.clear_cache``)."""
    _split_name_patterns.cache_clear()

def _split_pattern(stem: str) -> str:
    r"""The stem with up to two spaces or tabs between its letters (to be compiled ignoring
    case).  «(?<!\w)» after the first letter (as «(?<!\w.)», dotall): the same matches, and
    the pattern starts with a literal the engine can look for instead of trying every offset."""
    body = r"[ \t]{0,2}".join(map(re.escape, stem[1:]))
    return re.escape(stem[0]) + r"(?<!\w.)" + (r"[ \t]{0,2}" + body if body else "")


def _split_gate(folded: str) -> str:
    """The gate: in the case-folded text, the stem's letters with a space or tab between
    somewhere (where the whole stem does not follow the first letter): a match of the pattern
    that holds a space is one of them, and a case-sensitive pattern that starts with a literal
    is scanned for far faster than a case-insensitive one.  (The specification: ``_split_run``
    tests it with strings; tests/grammar/test_split_run.py holds the two together.)"""
    return re.escape(folded[0]) + "(?!" + re.escape(folded[1:]) + ")" \
        + "".join(r"[ \t]{0,2}" + re.escape(c) for c in folded[1:])


def _split_run(folded: str, text: str) -> bool:
    """``re.search(_split_gate(folded), text) is not None`` by string tests (no pattern compiled
    per name: a cold pass paid two compiles for the two cards of the dev corpus whose counts
    differ).  The letters are no space or tab, so after each one the run of up to two spaces or
    tabs before the next letter is taken whole: the scan never needs to go back."""
    first, rest = folded[0], folded[1:]
    n = len(text)
    i = text.find(first)
    while i >= 0:
        j = i + 1
        if not text.startswith(rest, j):                 # (the gate's negative look-ahead)
            for c in rest:
                k = 0
                while k < 2 and j < n and text[j] in " \t":
                    j += 1
                    k += 1
                if j >= n or text[j] != c:
                    break
                j += 1
            else:
                return True
        i = text.find(first, i + 1)
    return False


def _occurrences(text: str, word: str) -> int:
    """How many times ``word`` occurs in ``text``, overlapping ones included."""
    n, i = 0, text.find(word)
    while i >= 0:
        n, i = n + 1, text.find(word, i + 1)
    return n


def _mend_split_name(text: str, name: str, repairs: list[Repair]) -> str:
    """Join the card's own name where the source put spaces inside one of its words."""
    folded_text = joined_text = None
    for stem, folded, gated in _split_name_patterns(name):
        if gated:
            # only a match with a space or tab in it is mended: a text whose case-folded form
            # has no such run of the stem's letters (most texts, even those naming the card)
            # has none; such a run without its spaces and tabs is the stem, so a text that
            # has not the stem once they are taken out has none (no gate compiled for it)
            if folded_text is None:
                folded_text = text.casefold()
                joined_text = folded_text.replace(" ", "").replace("\t", "")
            # a run with spaces in it is, once they are out, an occurrence of the stem no
            # occurrence of the whole stem in the text gives: as many in both, none (exact,
            # and no gate compiled for the many texts that name the card unbroken)
            if _occurrences(joined_text, folded) == _occurrences(folded_text, folded) \
                    or not _split_run(folded, folded_text):
                continue
        for m in reversed(list(re.finditer(_split_pattern(stem), text, re.IGNORECASE | re.DOTALL))):
            if " " in m.group(0) or "\t" in m.group(0):
                joined = m.group(0).replace(" ", "").replace("\t", "")
                repairs.append(Repair("split-name", m.start(), f"«{m.group(0)}» → «{joined}»"))
                text = text[:m.start()] + joined + text[m.end():]
    return text


def normalise(text: str | None, separator: str | None = None, name: str | None = None) -> Normalised:
    """Canonical form of ``text`` from any notation.

    ``separator``: the source's ability separator ('|' for the tgbot JSON); each separated part
    becomes a line.  ``name``: the card's own name, so that a source that broke it with spaces
    («Бронт  обея») is mended (``split-name``).  Unknown or unproven icons are kept as named
    tokens and listed.
    """
    if not text:
        return Normalised("")
    repairs: list[Repair] = []
    stripped = text.strip()
    if len(stripped) == 3 and stripped.lower() == "nan":
        # berserk-nxt writes «nan» (a pandas NaN) where a card has no text
        return Normalised("", (Repair("nan-text", 0, "«nan» means no text in the source"),))
    if name:
        text = _mend_split_name(text, name, repairs)
    # each defect pass runs only where its defect can be (a substring test, not a regex scan)
    if "\ufffd" in text:
        for m in _BROKEN_PAIR.finditer(text):
            repairs.append(Repair("broken-strike", m.start(), "U+FFFD U+FFFD → {strike}"))
        text = _BROKEN_PAIR.sub("{strike}", text)
    # (each of its heads holds «ри с», «объявлять» or «к следующему»: the scan only where one is)
    lost = list(_LOST_STRIKE_RE.finditer(text)) if "ри с" in text or "объявлять" in text \
        or "к следующему" in text else ()
    if lost:
        for m in lost:
            repairs.append(Repair("lost-strike", m.end("before"),
                                  f"«{m.group('before')} _» → {{strike}}"))
        text = _LOST_STRIKE_RE.sub(lambda m: f"{m.group('before')} {{strike}} ", text)
    if "карты" in text:
        for m in _LOST_ICON_RE.finditer(text):
            repairs.append(Repair("lost-icon", m.end("before"), "icon missing in the source → {lost}"))
        text = _LOST_ICON_RE.sub(lambda m: f"{m.group('before')} {{lost}} ", text)

    if "<" in text:
        text = _IMG_RE.sub(lambda m: "{" + html.unescape(m.group(2)).strip().lower() + "}", text)
    # every proven emoji → {code} (the two-character keys first, then the one-character ones;
    # no key is a prefix of another)
    text = text.replace(_VS16, "")
    if "\u20e3" in text:
        for key in _PAIR_KEYS:
            text = text.replace(key, "{" + EMOJI_CODES[key] + "}")
    for key, code in _ONE_ICON:
        if key in text:
            text = text.replace(key, code)

    unknown: list[str] = []

    def _unknown_emoji(m: re.Match) -> str:
        token = f"emoji:U+{ord(m.group(0)):04X}"
        unknown.append(token)
        repairs.append(Repair("unknown-icon", m.start(), f"{m.group(0)} → {{{token}}}"))
        return "{" + token + "}"

    if _OTHER_EMOJI_RE.search(text):
        text = _OTHER_EMOJI_RE.sub(_unknown_emoji, text)
    text = characters(text, repairs)
    text = quotes(text, repairs)
    text = errata(text, repairs)
    text = restore_granted(text, repairs)
    text = restore_names(text, repairs, name)
    text = repair_effect_names(text, repairs)
    text = restore_markers(text, repairs)
    typos = len(repairs)
    text = mend_typos(text, name, repairs)
    if len(repairs) > typos:           # a mended «воздействие» / «получает» heads a name / a grant
        text = repair_effect_names(restore_names(restore_granted(text, repairs), repairs, name), repairs)
    parts = text.split(separator) if separator else text.splitlines()
    tidy = needs_spacing(text)         # (one gate for the text, not one per piece)
    lines: list[str] = []
    units: list = []
    for part in parts:
        # (a glued head holds a «{…}» and a «:»: the split, a lookbehind tried at every offset,
        # only where both are)
        pieces = _glued_split(part) if "{" in part and ":" in part else [part]
        if len(pieces) > 1:
            repairs.append(Repair("split", 0, f"{len(pieces)} abilities without a separator"))
        for piece in pieces:
            piece = spacing(piece, repairs) if tidy else piece.strip()
            if not piece:
                continue
            cut = split_units(piece, name or "")
            for start, end, glued in cut:
                if glued:
                    repairs.append(Repair("glued-abilities", start,
                                          "two abilities without a full stop: cut here"))
                if piece[end:end + 1] == ".":
                    end += 1                    # the line keeps its full stop
                lines.append(piece[start:end])
                # (the line is the whole piece: its cut is the piece's)
                units.append(tuple(cut) if len(cut) == 1 and not start and end == len(piece) else None)
    canonical = "\n".join(lines)
    for code in _CODE_RE.findall(canonical) if "{" in canonical else ():
        if (code not in KNOWN_CODES or code in UNPROVEN_CODES) and code not in unknown:
            unknown.append(code)
    return Normalised(canonical, tuple(repairs), tuple(dict.fromkeys(unknown)), tuple(units))


def to_display(text: str) -> str:
    """Canonical text with proven icons back as emoji (for terminals that show them)."""
    back = {v: k + ("" if k[0].isdigit() else _VS16) for k, v in EMOJI_CODES.items()}
    back["second"], back["first"] = "2\ufe0f\u20e3", "1\ufe0f\u20e3"
    return re.sub(r"\{(\w+)\}", lambda m: back.get(m.group(1), m.group(0)), text)
