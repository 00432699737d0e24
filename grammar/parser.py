"""The parser driver: canonical text → lines → sentences → typed abilities.

Three tries per sentence, each a Lark LALR parse over the same cached grammar:

1. ``sentence`` — the whole sentence as one typed ability;
2. ``frame`` — only its head is typed (a cost, «Строй:», a trigger, «Воздействие «…» —»), the
   rest is one ``REST`` token that is parsed again as effects (step 1 and 2, recursively);
3. ``Opaque`` with the sentence's span.

So an untyped tail never costs the typed head, and card text never raises.

Matching runs on a *folded copy* of the text (lower case, ё→е, Х→X, − → -, card's own name →
``§``) that has exactly the same length as the original, so every token offset is an offset
into the canonical text: spans and quoted names («…») are taken from the original.
"""
from __future__ import annotations

import hashlib
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterator

from lark import Lark, UnexpectedInput
from lark.exceptions import VisitError

from grammar import ast as A
from grammar.icons import normalise
from grammar.ruleset import Reject
from grammar.transform import as_rider, build

GRAMMAR_FILE = "abilities.lark"

# Every source file whose change can change an AST: the grammar hash (stored in the DB's meta)
# covers them all.  tests/grammar/test_internals.py checks that each grammar module the parser
# loads, and each shared module they import (the vocabularies), is listed here.
AST_SOURCES = (("grammar", GRAMMAR_FILE), ("grammar", "ast.py"), ("grammar", "icons.py"),
               ("grammar", "parser.py"), ("grammar", "transform.py"), ("grammar", "ruleset.py"),
               ("grammar", "rules_abilities.py"), ("grammar", "rules_effects.py"),
               ("grammar", "rules_parts.py"), ("grammar", "nodeops.py"), ("grammar", "vocab.py"),
               ("berserk", "vocab.py"))

# Strict mode: a transformer error raises instead of degrading to Opaque, so that bugs show
# (the test suite runs in it).  A context, not a global: ``parse(strict=…)`` or ``strict_mode()``.
_STRICT: ContextVar[bool] = ContextVar("grammar_strict", default=False)


@contextmanager
def strict_mode(on: bool = True) -> Iterator[None]:
    """Within the block, ``parse`` defaults to strict mode (see ``parse``)."""
    token = _STRICT.set(on)
    try:
        yield
    finally:
        _STRICT.reset(token)


def is_strict() -> bool:
    """The strict mode in effect here (inside a ``strict_mode`` block)."""
    return _STRICT.get()


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("grammar").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def grammar_hash() -> str:
    """Short hash of every source that shapes the AST (``AST_SOURCES``): stored in the DB's
    meta, so a DB built by another grammar is told apart."""
    h = hashlib.sha256()
    for package, name in AST_SOURCES:
        data = resources.files(package).joinpath(name).read_bytes()
        h.update(f"{package}/{name}:{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()[:16]


def lark_parser(start: str = "sentence") -> Lark:
    """The LALR parser for a start symbol (``sentence``, ``effects`` or ``frame``)."""
    return _lark_table("frame" if start == "frame" else "sentence")


@lru_cache(maxsize=2)
def _lark_table(table: str) -> Lark:
    """Two LALR tables from one grammar: `frame` gets its own, so that its catch-all REST
    token never leaks into the lexer states of full parses (LALR merges equal item cores)."""
    starts = ["frame"] if table == "frame" else ["sentence", "effects"]
    return Lark(grammar_text(), parser="lalr", lexer="contextual", start=starts,
                maybe_placeholders=False, propagate_positions=True, cache=True)




@dataclass(frozen=True)
class ParsedLine:
    """One line of canonical text (one source segment)."""

    index: int
    text: str
    span: A.Span
    abilities: tuple
    framed: bool              # every sentence of the line got at least a typed head (a frame)
    folded: bool = False      # a rider sentence folded into an attack of an earlier line

    @property
    def structural(self) -> bool:
        """Lossless: the abilities' spans cover every word of the line (nothing dropped); a
        folded rider line is covered by the attack it rides on."""
        if self.folded:
            return True
        covered = bytearray(len(self.text))
        base = self.span.start
        for ability in self.abilities:
            for node in A.walk(ability):
                s, e = node.span.start - base, node.span.end - base
                if e > s:
                    covered[max(0, s):max(0, e)] = b"\x01" * (min(e, len(self.text)) - max(0, s))
        return all(covered[i] or not self.text[i].isalnum() for i in range(len(self.text)))

    @property
    def typed(self) -> bool:
        return all(A.is_typed(a) for a in self.abilities)

    def opaque_nodes(self) -> list[A.Opaque]:
        return [n for a in self.abilities for n in A.walk(a) if isinstance(n, (A.Opaque, A.Unknown))]


@dataclass(frozen=True)
class CardText:
    text: str                 # canonical
    lines: tuple[ParsedLine, ...]
    repairs: tuple = ()
    unknown_icons: tuple[str, ...] = ()

    @property
    def abilities(self) -> tuple:
        return tuple(a for line in self.lines for a in line.abilities)

    @property
    def typed(self) -> bool:
        return all(line.typed for line in self.lines)


# ---------------------------------------------------------------- folding
_FOLD = str.maketrans({"ё": "е", "Ё": "е", "−": "-", "–": "-", "’": "'", "\u00a0": " "})
# The variable X is written with a Latin or a Cyrillic letter; only a standalone one is X
# («Х{counter}», «на Х», «Х-1»), never the letter inside a word («Хозяин»).
_VARIABLE_X = re.compile(r"(?<![^\W\d_])[XxХх](?![^\W\d_])")


def fold_for_matching(text: str, name: str | None = None) -> str:
    """Same-length matching copy of ``text`` (see the module doc)."""
    folded = _VARIABLE_X.sub("x", text.translate(_FOLD))
    lowered = folded.lower()
    if len(lowered) == len(folded):
        folded = lowered
    if name:
        pattern = _name_pattern(name)
        if pattern is not None:
            folded = pattern.sub(_mark_name, folded)
    return folded


# Words the name pattern must never swallow: «Вампир» would otherwise eat «вампиризм».
_RESERVED = ("вампиризм", "трупоедств", "регенерац", "инкарнац", "защит", "добивани", "отравлени")


def _mark_name(m: re.Match) -> str:
    text = m.group(0)
    if text.startswith(_RESERVED):
        return text
    return "§" * len(text)


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern | None:
    """A regex for the card's own name in any case form: each word's stem + any ending."""
    words = [w for w in re.split(r"[\s\-]+", name.translate(_FOLD).lower()) if w]
    if not words:
        return None
    parts = []
    for w in words:
        stem = w.rstrip("аеиоуыэюяйь")
        stem = stem if len(stem) >= 3 else w[:3]
        parts.append(re.escape(stem) + r"\w{0,4}")
    return re.compile(r"(?<!\w)" + r"[\s\-]+".join(parts) + r"(?!\w)")


# ---------------------------------------------------------------- sentences
_SPLIT_AT = re.compile(r"\.(?=\s|$|\{)")


_SENTENCE_MARKS = re.compile(r"[«»().]")


def split_sentences(text: str, start: int = 0) -> list[tuple[int, int]]:
    """(start, end) of each sentence of one line: split at '.' outside «» and ()."""
    out, depth, quote, begin = [], 0, 0, start
    for m in _SENTENCE_MARKS.finditer(text, start):      # only the marks, not every character
        ch, i = m.group(), m.start()
        if ch == "«":
            quote += 1
        elif ch == "»":
            quote = max(0, quote - 1)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif not depth and not quote and _SPLIT_AT.match(text, i):
            out.append((begin, i))
            begin = i + 1
    out.append((begin, len(text)))
    return [(s, e) for s, e in (_trim(text, s, e) for s, e in out) if e > s]


def _trim(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s] in " \t.":
        s += 1
    while e > s and text[e - 1] in " \t.":
        e -= 1
    return s, e


# ---------------------------------------------------------------- parsing
class LineReader:
    """The driver for one line: the original text, its folded matching copy and the mode.

    It tries the start symbols and splits pieces; the transformer calls back into it
    (``unit``, ``effects``: ``grammar.ruleset.Driver``) for the REST of a frame and for a
    quoted ability, so the transformer never imports this module."""

    __slots__ = ("original", "folded", "strict")

    def __init__(self, original: str, folded: str, strict: bool = False):
        self.original = original
        self.folded = folded
        self.strict = strict

    def read(self) -> tuple[tuple, bool]:
        """The abilities of the whole line, and whether every sentence got a typed head."""
        abilities: list = []
        framed = True
        for ss, se in split_sentences(self.original):
            nodes, ok = self.unit(ss, se)
            framed = framed and ok
            for node in nodes:
                _attach(abilities, node)
        return tuple(abilities), framed

    def unit(self, s: int, e: int, start: str = "sentence") -> tuple[tuple, bool]:
        """Typed nodes for text[s:e] and whether at least a frame was typed."""
        for attempt in (start, "frame"):
            try:
                table = _lark_table("frame" if attempt == "frame" else "sentence")
                tree = table.parse(self.folded[s:e], start=attempt)
                return build(tree, self, s), True
            except (UnexpectedInput, Reject):
                continue
            except VisitError as err:
                # A transformer refusal is a failed attempt.  Any other transformer error is a
                # bug: strict mode (the test suite) surfaces it; users still get an Opaque.
                if self.strict and not isinstance(err.orig_exc, Reject):
                    raise
                continue
        return (A.Opaque(self.original[s:e], span=A.Span(s, e)),), False

    def effects(self, s: int, e: int) -> tuple:
        """The body after a cost, a dash or a colon: whole, else piece by piece at top-level
        ';' and «, при этом», so that one untyped clause does not hide the typed ones around it."""
        s, e = _trim(self.original, s, e)
        if e <= s:
            return ()
        nodes, ok = self.unit(s, e, "effects")
        if ok:
            return nodes
        pieces = _split_top(self.folded, s, e)
        if len(pieces) == 1:
            return nodes
        out: list = []
        for ps, pe in pieces:
            part, _ok = self.unit(ps, pe, "effects")
            out.extend(part)
        return tuple(out)


_PIECE_SEP = re.compile(r";|,\s*при\s+этом\b")


def _split_top(folded: str, s: int, e: int) -> list[tuple[int, int]]:
    out, begin, depth = [], s, 0
    i = s
    while i < e:
        ch = folded[i]
        if ch in "«(":
            depth += 1
        elif ch in "»)":
            depth = max(0, depth - 1)
        elif not depth:
            m = _PIECE_SEP.match(folded, i, e)
            if m:
                out.append((begin, i))
                begin = i = m.end()
                continue
        i += 1
    out.append((begin, e))
    return [p for p in (_trim(folded, a, b) for a, b in out) if p[1] > p[0]]


@lru_cache(maxsize=65536)
def _parse_line_cached(line: str, name: str | None, strict: bool) -> tuple[tuple, bool]:
    """One line parsed on its own (spans relative to the line).  Card lists repeat lines a lot
    («Защита от выстрелов.», «{tap}: {uchr} на 1.»): the nodes are immutable, so a repeated line
    costs a dict lookup.  Keyed by the card's name too, since the name changes the matching,
    and by the mode, so that strict mode never gets a lenient result from the memo."""
    return LineReader(line, fold_for_matching(line, name), strict).read()


@lru_cache(maxsize=65536)
def _parse_line_at(line: str, name: str | None, offset: int, strict: bool) -> tuple[tuple, bool]:
    """The memoised line with its spans moved to where it stands in the card text."""
    abilities, framed = _parse_line_cached(line, name, strict)
    if offset:
        abilities = tuple(A.shift(a, offset) for a in abilities)
    return abilities, framed


@lru_cache(maxsize=65536)
def _normalise_cached(text: str, separator: str | None, name: str | None):
    return normalise(text, separator, name)


def clear_cache() -> None:
    """Forget memoised lines and normalised texts (``grammar.clear_cache``): benchmarks measure
    the cold path with it.  The LALR tables stay: they depend on the grammar file alone."""
    _parse_line_cached.cache_clear()
    _parse_line_at.cache_clear()
    _normalise_cached.cache_clear()


def _attach(abilities: list, node) -> None:
    """A rider sentence («При сильной атаке — …», «При выстреле …») that follows an attack
    ability belongs to that attack: fold it in as a rider instead of a separate ability."""
    if abilities:
        merged = as_rider(abilities[-1], node)
        if merged is not None:
            abilities[-1] = merged
            return
    abilities.append(node)


def parse(text: str | None, name: str | None = None, separator: str | None = None, *,
          strict: bool | None = None) -> CardText:
    """Parse card text (canonical or any source notation).  Never raises on text content.

    ``name``: the card's own name, so that «Килсус», «Мороку» are read as *this card*;
    ``separator``: the source's ability separator ('|' in the tgbot JSON);
    ``strict``: a transformer error raises instead of degrading to Opaque (default: the
    ``strict_mode`` in effect, off outside one)."""
    if not text or not text.strip():
        return CardText("", ())
    strict = is_strict() if strict is None else strict
    norm = _normalise_cached(text, separator, name)
    canonical = norm.text
    lines = []
    offset = 0
    for index, line in enumerate(canonical.split("\n")):
        abilities, framed = _parse_line_at(line, name, offset, strict)
        lines.append(ParsedLine(index, line, A.Span(offset, offset + len(line)), abilities, framed))
        offset += len(line) + 1
    return CardText(canonical, tuple(lines), norm.repairs, norm.unknown_icons)
