"""The parser driver: card text → canonical lines → ability sentences → typed abilities.

1. ``grammar.icons.normalise`` makes canonical text (``{code}`` icons, one ability sentence per
   line, every source defect repaired with a located note);
2. each line is cut into units (``grammar.repairs.split_units``: a glued second sentence stays
   a unit of its own) and each unit is read by ``grammar.reader.read_unit`` (word classes →
   chunk grammar → frames; a rejected unit keeps its typed head, else is one ``Opaque``);
3. a rider sentence («При сильной атаке — …») that follows an attack is folded into it.

Units are read where they stand and memoised (``grammar.reader``); a repeat elsewhere is
shifted there, so card lists that repeat sentences cost a lookup (and a shift) per repeat.
Card text never raises.
"""
from __future__ import annotations

import hashlib
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Iterator

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar import icons, names, reader, spelling
from grammar.icons import Normalised, normalise
from grammar.nodeinit import fast_init
from grammar.options import fold_option, still_open
from grammar.repairs import split_units
from grammar.tokens import Vocabulary, fold, mentions, name_re, name_stems, needles, word_stem

# Every source file whose change can change an AST: the grammar hash (stored in the DB's meta)
# covers them all.  tests/grammar/test_internals.py checks that each grammar module the parser
# loads, and each shared module they import (the vocabularies), is listed here.
AST_SOURCES = tuple(("grammar", name) for name in (
    "language.lark", "nodeinit.py", "icons.py", "repairs.py", "spelling.py", "names.py", "parser.py",
    "reader.py", "lexicon.py",
    "tokens.py", "lexer.py", "parts.py", "frames_base.py", "frames_select.py", "frames_cond.py",
    "frames_tails.py", "frames_trigger.py", "frames_quality.py", "frames_verbs.py",
    "frames_clause.py", "frames_ability.py", "frames_body.py", "frames_words.py",
    "frames_verbs_attack.py", "frames_verbs_state.py", "frames_heroes.py", "frames_heroes_events.py",
    "frames_measure.py", "frames_modal.py", "frames_relative.py", "frames_when.py",
    "frames_cond_verbs.py", "frames_list.py", "options.py", "wordforms.py", "frames_roles.py", "frames_declare.py", "frames_grant.py", "frames_enter.py", "lexicon_forms.py")) + tuple(
    ("grammar.ast", name) for name in ("__init__.py", "nodes.py", "walk.py", "jsontext.py")) + tuple(
    ("berserk.vocab", name) for name in ("__init__.py", "cards.py", "language.py"))

# Strict mode: a frame's bug raises instead of degrading to Opaque, so that bugs show (the test
# suite runs in it).  A context, not a global: ``parse(strict=…)`` or ``strict_mode()``.
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
def grammar_hash() -> str:
    """Short hash of every source that shapes the AST (``AST_SOURCES``): stored in the DB's
    meta, so a DB built by another grammar is told apart."""
    h = hashlib.sha256()
    for package, name in AST_SOURCES:
        data = resources.files(package).joinpath(name).read_bytes()
        h.update(f"{package}/{name}:{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class ParsedLine:
    """One line of canonical text: one ability sentence (a tgbot segment keeps its sentences)."""

    index: int
    text: str
    span: A.Span
    abilities: tuple
    framed: bool              # every unit of the line got at least a typed head
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

    def opaque_nodes(self) -> list:
        return [n for a in self.abilities for n in A.walk(a) if isinstance(n, (A.Opaque, A.Unknown))]


@dataclass(frozen=True, slots=True)
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


# (a card makes one CardText and a ParsedLine per line: the slot-storing ``__init__``, as the
# AST's nodes have, instead of the frozen dataclass's ``object.__setattr__`` per field)
fast_init(ParsedLine)
fast_init(CardText)


# ---------------------------------------------------------------- folding
_FOLD = str.maketrans({"ё": "е", "Ё": "е", "−": "-", "–": "-", "’": "'", "\u00a0": " "})
_VARIABLE_X = re.compile(r"[XxХх](?<![^\W\d_].)(?![^\W\d_])", re.DOTALL)   # (lookbehind as in repairs)


def fold_for_matching(text: str, name: str | None = None) -> str:
    """Same-length matching copy of ``text``: lower case, ё→е, a standalone Х/X → x, and the
    card's own name (any case form) → ``§``.  Callers compare two foldings to learn whether the
    card's name occurs in its text (carddb.model keys the parse memo by it)."""
    folded = _VARIABLE_X.sub("x", text.translate(_FOLD))
    lowered = folded.lower()
    if len(lowered) == len(folded):
        folded = lowered
    if name:
        pattern = _name_pattern(name)
        if pattern is not None:
            folded = pattern.sub(lambda m: m.group(0) if m.group(0).startswith(_RESERVED)
                                 else "§" * len(m.group(0)), folded)
    return folded


# Words the name pattern must never swallow: «Вампир» would otherwise eat «вампиризм».
_RESERVED = ("вампиризм", "трупоедств", "регенерац", "инкарнац", "защит", "добивани", "отравлени")


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern | None:
    words = [w for w in re.split(r"[\s\-]+", name.translate(_FOLD).lower()) if w]
    if not words:
        return None
    parts = []
    for w in words:
        parts.append(word_stem(w) + r"\w{0,4}")
    return re.compile(r"(?<!\w)" + r"[\s\-]+".join(parts) + r"(?!\w)")


# ---------------------------------------------------------------- riders
def as_rider(previous, node, same_line: bool = True):
    """Fold a trigger sentence about the previous ability's attack into that attack: «{tap}:
    Выстрел на 2. При сильной атаке — …», «Вампиризм. Максимум 10 {health}.»

    From the next line (``same_line`` false) a trigger is folded only when it names that attack's
    own kind («При сильном выстреле»): a line «При сильной атаке …» of its own is about any
    attack of the card, its strikes too, and folded into the shot it would be lost for them."""
    if isinstance(previous, A.Vampirism) and isinstance(node, A.Keyword) and node.name == KW.MAX_HEALTH \
            and previous.maximum is None:
        return A.Vampirism(previous.amount, node.value, span=A.Span(previous.span.start, node.span.end))
    if not isinstance(node, A.Triggered) or node.limit is not None or node.condition is not None:
        return None
    t = node.trigger
    if t.event not in (TE.STRONG_ATTACK, TE.ATTACK) or t.subject is not None or t.target is not None \
            or t.timing is not None or t.turn is not None or t.params or t.also:
        return None
    attack = _last_attack(previous)
    if attack is None or t.attack not in (None, attack.attack, K.ANY):
        return None
    if not same_line and t.attack != attack.attack:
        return None
    rider = node if t.event == TE.STRONG_ATTACK or t.strength else None
    new_riders = attack.riders + ((rider,) if rider else node.effects)
    new_attack = replace(attack, riders=new_riders, span=A.Span(attack.span.start, node.span.end))
    return _replace_attack(previous, attack, new_attack)


def _last_attack(node):
    if isinstance(node, A.Attack):
        return node
    if isinstance(node, A.Activated):
        for eff in reversed(node.effects):
            if isinstance(eff, A.Attack):
                return eff
    return None


def _replace_attack(node, old, new):
    if node is old:
        return new
    if isinstance(node, A.Activated):
        effects = tuple(new if e is old else e for e in node.effects)
        return A.Activated(node.cost, effects, node.limit,
                           span=A.Span(node.span.start, max(node.span.end, new.span.end)))
    return None


# ---------------------------------------------------------------- parsing
_FOLDABLE = (A.WhenOrder, A.Triggered, A.Keyword)      # what fold_option / as_rider can fold


@lru_cache(maxsize=65536)
def _normalise_cached(text: str, separator: str | None, name: str | None):
    return normalise(text, separator, name)


@lru_cache(maxsize=65536)
def _unit_at(unit: str, name: str | None, vocab, offset: int, strict: bool) -> tuple[tuple, bool]:
    return reader.read_at(unit, name, vocab, strict, offset)


@lru_cache(maxsize=65536)
def _units_of(line: str, name: str) -> tuple:
    # a third of a list's lines repeat («Защита от магии.»): their cut is a lookup
    return tuple(split_units(line, name))


def _holds(folded: str, stems: tuple) -> bool:
    return all(map(folded.__contains__, stems))       # (no generator frame per stem)


def clear_cache() -> None:
    """Forget memoised units and normalised texts, and every memo keyed by a card's name or
    text (``grammar.clear_cache``): benchmarks measure the cold path with it.  What depends on
    the grammar file or the lexicon alone stays (the LALR table, a word's class)."""
    reader.clear()
    spelling.clear()
    names.clear()
    icons.clear()
    name_re.cache_clear()
    name_stems.cache_clear()
    _name_pattern.cache_clear()
    _unit_at.cache_clear()
    _units_of.cache_clear()
    _normalise_cached.cache_clear()


def parse(text: str | None, name: str | None = None, separator: str | None = None, *,
          strict: bool | None = None, vocabulary: Vocabulary | None = None,
          canonical: bool = False) -> CardText:
    """Parse card text (canonical or any source notation).  Never raises on text content.

    ``name``: the card's own name, so that «Килсус», «Мороку» are read as *this card*;
    ``separator``: the source's ability separator ('|' in the tgbot JSON); ``vocabulary``: the
    card list's names and class names (``grammar.tokens.Vocabulary``), so that another card's
    name or a class noun of the list is read as such; ``strict``: a frame's bug raises instead
    of degrading to Opaque (default: the ``strict_mode`` in effect, off outside one);
    ``canonical``: ``text`` is a card reader's output, already canonical — a fixed point of
    ``normalise`` (tests/grammar/test_idempotence.py) — so it is not normalised again, and the
    result names no repairs or unknown icons (the reader did; the DB build passes it)."""
    if not text or not text.strip():
        return CardText("", ())
    strict = is_strict() if strict is None else strict
    norm = Normalised(text) if canonical and separator is None else \
        _normalise_cached(text, separator, name)
    texts = norm.text.split("\n")
    # a unit names the card only where the card's text holds every word stem of its name
    # (``tokens.needles``, a substring test once per card, not a regex scan per unit), and
    # then only where the unit itself does (the same test before a unit's regex scan)
    stems = needles(name) if name else ()
    folded_text = fold(norm.text) if name else ""
    may_name = bool(name) and _holds(folded_text, stems)
    # (a unit's folding is the card's folding there when no letter's lower case has another
    # length, nor depends on its neighbours — a Greek «Σ»: sliced, not folded again per unit)
    sliced = may_name and len(folded_text) == len(norm.text) and "Σ" not in norm.text
    per_line: list[list] = []
    framed_of: list[bool] = []
    folded_of: list[bool] = []
    last: tuple[int, int] | None = None          # (line, position) of the last ability
    offset = 0
    # (the cut of each line normalise made whole from a piece it cut; the lines pair up unless
    # a line holds a line break)
    known = norm.units if len(norm.units) == len(texts) else (None,) * len(texts)
    for index, line in enumerate(texts):
        abilities: list = []
        framed, folded = True, False
        cut = known[index]
        for s, e, _glued in cut if cut is not None else _units_of(line, name or ""):
            unit = line[s:e]
            # a unit that does not name the card reads the same for every card: shared memo
            own = name if may_name and _holds(folded_text[offset + s:offset + e] if sliced else fold(unit), stems) \
                and mentions(unit, name) else None
            nodes, ok = _unit_at(unit, own, vocabulary, offset + s, strict)
            framed = framed and (ok or not all(isinstance(n, A.Opaque) for n in nodes))
            for n in nodes:
                # (only an option or a rider folds: ``fold_option`` takes a WhenOrder alone,
                # ``as_rider`` a Triggered or a Keyword — one class test, not two calls per node)
                if last is not None and isinstance(n, _FOLDABLE):
                    li, pi = last
                    owner = abilities if li == index else per_line[li]
                    merged = fold_option(owner[pi], n) or as_rider(owner[pi], n, li == index)
                    if merged is not None:
                        owner[pi] = merged
                        folded = folded or li != index
                        continue
                abilities.append(n)
                last = (index, len(abilities) - 1)
        per_line.append(abilities)
        framed_of.append(framed)
        folded_of.append(folded and not abilities)
        offset += len(line) + 1
    lines = []
    offset = 0
    for index, line in enumerate(texts):
        if any(map(still_open, per_line[index])):
            # a head «…воздействие «X»:» whose options did not follow: no body, not typed (F15)
            per_line[index] = [A.Opaque(line[a.span.start - offset:a.span.end - offset], span=a.span)
                               if still_open(a) else a for a in per_line[index]]
        lines.append(ParsedLine(index, line, A.Span(offset, offset + len(line)),
                                tuple(per_line[index]), framed_of[index], folded_of[index]))
        offset += len(line) + 1
    return CardText(norm.text, tuple(lines), norm.repairs, norm.unknown_icons)
