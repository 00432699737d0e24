"""Text analysis for rule lookup: one analyser turns clause texts and queries into the same tokens.

The full-text index (``rulings.search``) stores analysed text, never raw words, because SQLite's
FTS5 has no Russian stemmer of its own.  Whatever is done to a clause is done to the query, in
one place, so the two can never disagree:

1. **fold** — case-folded, ё→е, a lone Latin ``x`` → Cyrillic ``х`` («стоимость X»), Latin
   look-alike letters inside a Cyrillic word → Cyrillic (noisy sources type «Xод»);
2. **words** — runs of digits or letters;
3. **phrases** found on the stem sequence: a *question formula* («как работает», «что даёт»,
   «имеет ли право») goes whole — its words stay search words everywhere else; a player's
   *idiom* is rewritten into the rule's words («закрыть собой» → защитник, «кончились карты» →
   пустая колода; its own words go: no tapping there); a phrase of the synonym table adds its
   group's token («не больше» → the «лимит» token);
4. **stop-words** out (function and question words; the rule-bearing до/после/при/без/раз stay);
5. **numerals** to digits (ноль → 0, трёх → 3: the rulebook prints digits);
6. **stem** — Snowball Russian (PyStemmer; snowballstemmer, the same algorithm in pure Python,
   when the C wheel is missing — the stems are identical);
7. **synonyms** — every word of a group becomes the group's canonical stem (победа / побеждать /
   выиграть), which no stemmer does for the noun/verb families players mix; an entry ending in
   ``*`` takes every word that begins so (``погиб*``: погиб, погибло, погибшего — Snowball leaves
   the verb's forms with three different stems);
8. a weaker side token ``_`` + the word's first five letters for longer words, so derivations
   the stemmer keeps apart (атака / атаковать, противоречие / противоречат) still meet.

The vocabulary (groups, numerals, game words, stop-words, question formulas, idioms, broader
words) is data: ``rulings/vocabulary.yaml``.  ``Analyzer.broader`` (a word → the rule word for its
class: событие → поддержка, удар → атака) is not applied here but by ``rulings.search`` to whole
questions only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator

import yaml

from berserk.text import fold

try:                                            # the C build of Snowball: ~50× faster
    import Stemmer as _pystemmer
except ImportError:                             # pragma: no cover - exercised where the wheel is missing
    _pystemmer = None
from snowballstemmer.russian_stemmer import RussianStemmer

VOCABULARY = Path(__file__).resolve().parent / "vocabulary.yaml"
WORD = re.compile(r"[0-9]+|[а-яa-z]+")
PREFIX = 5                                      # length of the side token; measured in bench/rules.py
_LOOKALIKE = str.maketrans("aceopxykmthb", "асеорхукмтнв")
_LONE_X = re.compile(r"(?<![a-z])x(?![a-z])")
_LETTERS = re.compile(r"[a-zа-я]+")


def search_fold(text: str) -> str:
    """``berserk.text.fold`` plus the letter confusions of typed queries (X/Х, Latin look-alikes)."""
    s = _LONE_X.sub("х", fold(text))
    return _LETTERS.sub(lambda m: m.group(0).translate(_LOOKALIKE)
                        if re.search("[а-я]", m.group(0)) else m.group(0), s)


def russian_stemmer(engine: str = "auto") -> Callable[[str], str]:
    """The Snowball Russian stemmer: ``pystemmer`` (C), ``snowball`` (pure Python) or ``auto``.

    Both are called explicitly: ``snowballstemmer.stemmer('russian')`` silently hands back the
    PyStemmer object when it is installed, which would make the fallback untestable.
    """
    if engine == "pystemmer" or (engine == "auto" and _pystemmer is not None):
        if _pystemmer is None:
            raise ImportError("PyStemmer is not installed (pip install PyStemmer)")
        return _pystemmer.Stemmer("russian").stemWord
    if engine in ("snowball", "auto"):
        return RussianStemmer().stemWord
    raise ValueError(f"unknown stemmer engine {engine!r}: pystemmer | snowball | auto")


@dataclass(frozen=True)
class Vocabulary:
    """The game's words as data: synonym groups, numerals, words naming a game, stop-words."""

    groups: tuple[tuple[str, ...], ...]
    numerals: dict
    game_words: dict
    stopwords: frozenset[str]
    stop_phrases: tuple[str, ...] = ()
    idioms: dict = field(default_factory=dict)
    broader: dict = field(default_factory=dict)


@lru_cache(maxsize=None)
def load_vocabulary(path: Path = VOCABULARY) -> Vocabulary:
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return Vocabulary(groups=tuple(tuple(str(w) for w in g) for g in doc.get("groups") or ()),
                      numerals={search_fold(str(k)): str(v) for k, v in (doc.get("numerals") or {}).items()},
                      game_words={search_fold(str(k)): str(v) for k, v in (doc.get("game_words") or {}).items()},
                      stopwords=frozenset(search_fold(str(w)) for w in doc.get("stopwords") or ()),
                      stop_phrases=tuple(str(p) for p in doc.get("stop_phrases") or ()),
                      idioms={str(k): str(v) for k, v in (doc.get("idioms") or {}).items()},
                      broader={str(k): tuple(map(str, v)) for k, v in (doc.get("broader") or {}).items()})


class Analyzer:
    """Text → tokens for the FTS index and the query alike (see the module doc for the steps).

    ``corpus_words``: every folded word of the indexed texts.  A stop word's *stem* is dropped
    only when no other word of the books has that stem: «своему» goes with «своего», but
    «просто» must not take «простой» with it, nor «сразу» «сразиться».
    """

    def __init__(self, vocabulary: Vocabulary | None = None, corpus_words: Iterable[str] = (),
                 stemmer: str = "auto", prefix: int = PREFIX, synonyms: bool = True,
                 stopwords: bool = True, stop_phrases: bool = True, idioms: bool = True):
        self.vocabulary = vocabulary or load_vocabulary()
        self.stem = lru_cache(maxsize=None)(russian_stemmer(stemmer))
        self.prefix = prefix
        self.stop = self.vocabulary.stopwords if stopwords else frozenset()
        self.numerals = self.vocabulary.numerals
        self.game_words = self.vocabulary.game_words
        stop_stems = {self.stem(w) for w in self.stop}
        stop_stems -= {self.stem(w) for w in set(corpus_words) if w not in self.stop}
        self.stop_stems = frozenset(stop_stems)
        self.stop_phrases = _table((tuple(self.stem(w) for w in WORD.findall(search_fold(p))), None)
                                   for p in (self.vocabulary.stop_phrases if stop_phrases and stopwords else ()))
        self.canon: dict[str, str] = {}
        phrases: list[tuple[tuple[str, ...], str]] = []
        self.prefixes: list[tuple[str, str]] = []
        if synonyms:
            for group in self.vocabulary.groups:
                head = None
                for entry in group:
                    stems = [self.stem(w) for w in WORD.findall(search_fold(entry))]
                    if head is None:
                        head = "_".join(stems)
                    if entry.endswith("*"):          # a prefix: every form of a verb («погиб*»)
                        self.prefixes.append((search_fold(entry[:-1]), head))
                    elif len(stems) == 1:
                        self.canon.setdefault(stems[0], head)
                    elif stems:
                        phrases.append((tuple(stems), head))
        self.phrases = _table(phrases)
        self.idioms: dict = {}
        if idioms:              # the rewrite is analysed before any idiom exists: no recursion
            self.idioms = _table([(tuple(self.stem(w) for w in WORD.findall(search_fold(phrase))), self.words(rule))
                                  for phrase, rule in self.vocabulary.idioms.items()])
        self.broader: dict[str, tuple[str, ...]] = {}
        for wide, narrow in self.vocabulary.broader.items():      # query side only: rulings.search
            for w in narrow:
                t = self.token(w)
                self.broader[t] = tuple(dict.fromkeys(self.broader.get(t, ()) + (self.token(wide),)))

    def token(self, word: str) -> str:
        """The main token of one word (its stem, or its synonym group's canonical stem)."""
        word = search_fold(word)
        return self.canonical(word, self.stem(word))

    def game_of(self, text: str) -> str | None:
        """The game a query names («… в Героях?» → ``heroes``), if any."""
        return next((g for w in WORD.findall(search_fold(text)) if (g := self.game_words.get(w))), None)

    def words(self, text: str) -> list[tuple[str, str | None]]:
        """Each kept word of ``text`` as (main token, its side token or None), in order; a
        synonym phrase found in the text is one more entry (its canonical token, None), an idiom
        is the words of its rewrite, a question formula is nothing."""
        words = WORD.findall(search_fold(text))
        stems = [self.numerals.get(w) or self.stem(w) for w in words]
        out: list[tuple[str, str | None]] = []
        skip: set[int] = set()                    # positions inside a question formula or an idiom
        before: dict[int, list] = {}              # tokens a phrase adds where it starts
        for i, n, _ in _found(stems, self.stop_phrases):
            skip.update(range(i, i + n))
        for i, n, rule in _found(stems, self.idioms):
            if not skip.intersection(range(i, i + n)):
                skip.update(range(i, i + n))
                before.setdefault(i, []).extend(rule)
        for i, _n, head in _found(stems, self.phrases):
            before.setdefault(i, []).append((head, None))
        for i, (word, stem) in enumerate(zip(words, stems)):
            out.extend(before.get(i, ()))
            if (i in skip or word in self.stop or stem in self.stop_stems or word in self.game_words
                    or (len(word) == 1 and not word.isdigit() and word != "х")):
                continue
            token = self.canonical(word, stem)
            side = "_" + word[:self.prefix] if self.prefix and len(word) > self.prefix and not word.isdigit() else None
            out.append((token, side))
        return out

    def canonical(self, word: str, stem: str) -> str:
        """The token of a word: its synonym group's canonical stem, else its own stem."""
        if stem in self.canon:
            return self.canon[stem]
        return next((head for prefix, head in self.prefixes if word.startswith(prefix)), stem)

    def __call__(self, text: str) -> list[str]:
        """The tokens of ``text``: main and side tokens interleaved (what the index stores)."""
        return [t for main, side in self.words(text) for t in (main, side) if t]

    def terms(self, text: str) -> frozenset[str]:
        """The main tokens of a heading or glossary term (no side tokens, no variable «Х», no
        bracketed aside): to tell whether a query *is* that term."""
        text = re.sub(r"\[.*?\]|<.*?>|\(.*?\)", " ", text)
        return frozenset(t for t in self(text) if t != "х" and not t.startswith("_"))

    def plain_stems(self, text: str) -> tuple[str, ...]:
        """The stems of ``text`` without synonyms, stop-words or «Х»: of two glossary terms equal
        to a query through the synonym table («Отравить на Х», «Отравление Х»), the one
        spelled like the query wins."""
        text = re.sub(r"\[.*?\]|<.*?>|\(.*?\)", " ", text)
        return tuple(self.stem(w) for w in WORD.findall(search_fold(text))
                     if w not in self.stop and w not in ("х", "x"))


def _table(phrases) -> dict[str, list]:
    """Phrases (stems, payload) by their first stem, longest first: looked up word by word."""
    out: dict[str, list] = {}
    for stems, payload in sorted(phrases, key=lambda p: -len(p[0])):
        if stems:
            out.setdefault(stems[0], []).append((stems, payload))
    return out


def _found(stems: list[str], table: dict[str, list]) -> Iterator[tuple[int, int, object]]:
    """(position, length, payload) of every phrase of ``table`` in the stem sequence."""
    for i, stem in enumerate(stems):
        for phrase, payload in table.get(stem, ()):
            if tuple(stems[i:i + len(phrase)]) == phrase:
                yield i, len(phrase), payload


def words_of(texts: Iterable[str]) -> set[str]:
    """Every folded word of ``texts`` (the corpus vocabulary an ``Analyzer`` needs)."""
    out: set[str] = set()
    for t in texts:
        out.update(WORD.findall(search_fold(t)))
    return out
