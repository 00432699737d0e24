"""Building the card DB: cards → one SQLite file, atomically, with sqlite-utils.

    >>> from carddb.build import build_db
    >>> report = build_db("cards.db", ["carddb/examples/cards.yaml"])      # doctest: +SKIP
    >>> report.counts["cards"]                                             # doctest: +SKIP
    32

The file is written under a temporary name next to the target, fsynced and renamed over it only
when everything succeeded (carddb.atomic: a lock per target, stale temp files removed, stop
signals clean up), so a failed or killed build never leaves a half-written DB and never touches
the previous one.  Rows are inserted in a stable order (source order), so the same inputs give
the same rows; only ``meta.build_time`` and ``meta.build_id`` differ between two builds.

Tables (docs/carddb.md has the column list):

cards         one row per card: stats as columns, canonical text (NULL = unknown), folded copies
              for matching, ``keywords`` (JSON array) and the typed flag, the URL parts
              ``set_slug``/``card_key`` (/cards/voyna-stihiy/12)
card_list     what the web's card list shows: one row per card, Russian column names, human
              values (элита «да»/«нет», способности in words) — facets and sorting run on it
abilities     one row per top-level ability: kind, node class, typed flag, the common params as
              columns (damage weak/medium/strong, range, amount), canonical JSON and span
card_keywords one row per feature found anywhere in a card's ability tree (an attack inside an
              activated ability, a protection inside «Строй» …) with its strongest damage,
              range and amount, and its Russian ``label``: what the search language's ability
              terms and the web's ability facet query
sets         name, card count, source file
parse_issues  what the grammar left untyped (Opaque / unknown icons) and what readers repaired
meta          build time, grammar hash, source file hashes, counts
cards_fts     FTS5 over the folded name and text (case and ё/е folded)

The build runs in phases (``PHASES``, timed in ``BuildReport.phases``): read every source
(a canonical list's texts as written: their normalise runs with the parse); parse each
distinct text once and make its rows (``carddb.textrows``: each distinct ability *value*,
spans aside, is walked, serialised and rendered once; a long list is shared out to worker
processes, one per core, forked once — the rows are the same); make every card's rows as value
tuples — each chunk of texts' cards as soon as the chunk is back, while the workers parse on;
insert them (executemany; ``card_index`` copied from ``cards`` by SQL); indexes, FTS and the
facet tables; the rest.  Normalise, parse, the texts' rows (in the workers on a long list),
the cards' rows and their insert run together: the build's clock from the first chunk to the
last insert is shared out between reading (normalise), parse, rows and insert in proportion to
the seconds each took (``_share``).  ``bench/db.py --distinct`` measures the phases on a list
of all-different texts, ``bench/db.py --same-rows DIR`` checks that another
checkout builds the very same rows.
"""
from __future__ import annotations

import gc
import json
import secrets
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Callable, Iterator, Sequence

import sqlite_utils

from berserk.errors import InputError, Location, Problem
from berserk.text import fold
from carddb.atomic import replacing
from carddb.model import Card, name_key, strike_text
from carddb.sources import read_cards, too_big_number
from carddb.store import SCHEMA_VERSION
from carddb.textrows import (  # noqa: F401 - features_of, node_params, nodes_of: the API
    NO_TEXT,
    STRUCTURE_KINDS,
    TextRows,
    UnitRows,
    features_of,
    label,
    node_params,
    nodes_of,
    rows_from,
)
from grammar import Vocabulary, grammar_hash


#: Columns copied into ``card_index`` (see ``_create_schema``); the search language uses these.
CARD_INDEX_COLUMNS = ("id", "name_fold", "set_fold", "cost", "life", "move", "move_text",
                      "strike", "strike_strong", "elite", "uniq", "card_type", "rarity_fold",
                      "element_key", "class_key", "keyword_key", "game")
_INT_INDEX_COLUMNS = {"id", "cost", "life", "move", "strike_strong", "elite", "uniq"}

def bundled_examples() -> Path:
    """The project's own example cards (package data)."""
    return Path(str(resources.files("carddb").joinpath("examples/cards.yaml")))


@dataclass
class BuildReport:
    path: str
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    seconds: float = 0.0
    #: seconds per phase of the build (``PHASES``)
    phases: dict[str, float] = field(default_factory=dict)


# ---------------------------------------------------------------- URLs: /cards/<set>/<card>
_TRANSLIT = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                     ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n",
                      "o", "p", "r", "s", "t", "u", "f", "h", "ts", "ch", "sh", "sch", "", "y", "",
                      "e", "yu", "ya"]))


def slugify(text: str) -> str:
    """«Война стихий» → «voyna-stihiy»: Latin letters, digits and dashes only."""
    out = "".join(_TRANSLIT.get(ch, ch) for ch in text.casefold())
    out = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in out)
    return "-".join(filter(None, out.split("-"))) or "x"


def card_keys(cards: Sequence[Card]) -> list[tuple[str, str]]:
    """(set slug, card key) per card, unique: the card's number within its set when that is
    unique there, else its name slug (made unique by its position when even that repeats)."""
    numbers: dict[tuple[str, int], int] = {}
    for card in cards:
        if card.number is not None:
            numbers[(card.set, card.number)] = numbers.get((card.set, card.number), 0) + 1
    set_slugs: dict[str, str] = {}
    taken: set[str] = set()
    for name in dict.fromkeys(card.set for card in cards):
        slug = slugify(name)
        while slug in taken:
            slug += "-2"
        taken.add(slug)
        set_slugs[name] = slug
    used: set[tuple[str, str]] = set()
    out = []
    for position, card in enumerate(cards, start=1):
        slug = set_slugs[card.set]
        if card.number is not None and numbers[(card.set, card.number)] == 1:
            key = str(card.number)
        else:
            key = slugify(card.name)
            if (slug, key) in used or key.isdigit():
                key = f"{key}-{position}"
        used.add((slug, key))
        out.append((slug, key))
    return out


#: card_list columns (SQLite types); facets and sorting run on these
CARD_LIST_COLUMNS = {
    "id": int, "имя": str, "сет": str, "номер": int, "стихия": str, "тип": str,
    "стоимость": int, "жизни": int, "ход": str, "удар": str, "элита": str, "уникальная": str,
    "класс": str, "редкость": str, "способности": str, "name_fold": str, "set_slug": str,
    "card_key": str, "facet_key": str, "ability_key": str,
}
#: card_list columns the web facets on; ``facet_counts`` holds their counts over every card
FACET_COLUMNS = ("стихия", "тип", "стоимость", "элита", "редкость", "сет")
ABILITY_FACET = "способности"
_FACET_AT = tuple(list(CARD_LIST_COLUMNS).index(c) for c in FACET_COLUMNS)

#: cards columns (SQLite types), in table order: ``_card_row`` gives its values in this order
CARD_COLUMNS = {
    "id": int, "name": str, "name_fold": str, "set_name": str, "set_fold": str,
    "number": int, "element": str, "elements": str, "card_type": str, "cost": int,
    "elite": int, "uniq": int, "life": int, "move": int, "move_text": str, "flying": int,
    "strike": str, "strike_weak": int, "strike_medium": int, "strike_strong": int,
    "game": str, "strike_value": int, "cost_x": int,
    "classes": str, "element_key": str, "class_key": str, "keyword_key": str, "rarity": str,
    "rarity_fold": str, "text": str, "abilities_tree": str, "text_fold": str, "text_known": int,
    "typed": int, "abilities_count": int, "keywords": str, "source": str,
    "source_index": int, "set_slug": str, "card_key": str,
}
ABILITY_COLUMNS = ("card_id", "card_name", "line", "position", "kind", "node", "typed",
                   "damage_weak", "damage_medium", "damage_strong", "range", "amount", "json",
                   "span_start", "span_end", "text")
KEYWORD_COLUMNS = ("card_id", "keyword", "strongest", "range", "amount", "label", "player")
ISSUE_COLUMNS = ("card_id", "card_name", "kind", "line", "detail")
_MOVE_TEXT, _STRIKE, _NAME_FOLD = (list(CARD_COLUMNS).index(c)
                                   for c in ("move_text", "strike", "name_fold"))


# A 35,000-card build writes five JSON arrays a card, nearly all of them seen before (elements,
# classes, keyword and label sets, facet keys): each distinct one is encoded once.  (The tuples
# hold texts, enum members, ints and None — no bool that would share an int's cache entry.)
@lru_cache(maxsize=65536)
def _dumps_tuple(values: tuple) -> str:
    return json.dumps(list(values), ensure_ascii=False)


@lru_cache(maxsize=65536)
def _fold_cached(text: str) -> str:
    return fold(text)


@lru_cache(maxsize=4096)
def _bars(values: tuple) -> str:
    """«|a|b|»: the element, class and keyword columns the search matches on."""
    return "|" + "|".join(values) + "|"


@lru_cache(maxsize=4096)
def _folded_bars(values: tuple) -> str:
    return "|" + "|".join(fold(v) for v in values) + "|"


def _strike_shown(card: Card) -> str | None:
    """The strike as a player reads it: «1-2-3» (classic), one number («Берсерк. Герои»)."""
    if card.strike is not None:
        return strike_text(card.strike)
    return None if card.strike_value is None else str(card.strike_value)


def _card_row(card: Card, card_id: int, source: str, source_index: int, slugs: tuple[str, str],
              rows: TextRows, keywords: Sequence[str]) -> tuple:
    """The cards row, in ``CARD_COLUMNS`` order."""
    strike = card.strike
    return (
        card_id, card.name, name_key(card.name), card.set, _fold_cached(card.set), card.number,
        card.element, _dumps_tuple(card.elements), card.card_type, card.cost, int(card.elite),
        int(card.unique), card.life, card.move if not isinstance(card.move, str) else None,
        "полёт" if card.flying else (str(card.move) if card.move is not None else None),
        int(card.flying), _strike_shown(card), strike[0] if strike else None,
        strike[1] if strike else None, strike[2] if strike else None,
        str(card.game), card.strike_value, int(card.cost_x), _dumps_tuple(card.classes),
        _bars(card.elements), _folded_bars(card.classes), _bars(keywords),
        card.rarity, _fold_cached(card.rarity) if card.rarity else None, card.text, rows.tree,
        fold(card.text) if card.text else None, int(card.text is not None), int(rows.typed),
        len(rows.abilities), _dumps_tuple(keywords), source, source_index, slugs[0], slugs[1])


def _list_row(row: tuple, card: Card, labels: Sequence[str]) -> tuple:
    """The card_list row (``CARD_LIST_COLUMNS`` order): what a player reads in the list."""
    out = (row[0], card.name, card.set, card.number, card.element, str(card.card_type),
           card.cost, card.life, row[_MOVE_TEXT], row[_STRIKE], "да" if card.elite else "нет",
           "да" if card.unique else "нет", ", ".join(card.classes) or None, card.rarity,
           ", ".join(labels) or None, row[_NAME_FOLD], row[-2], row[-1])
    # what the web's facets group by: one key per combination of facet values, one per set of
    # ability labels — a filtered list counts a few hundred keys instead of every card
    return out + (_dumps_tuple(tuple([out[i] for i in _FACET_AT])), _dumps_tuple(labels))


def _card_feature_rows(card: Card) -> list[tuple]:
    """Facts of the card itself that the search treats as abilities (a flyer «has flight»)."""
    return [(k, None, None, None, label(k), 1) for k in card.type_keywords]


def _card_rows(card: Card, card_id: int, source: str, source_index: int,
               slugs: tuple[str, str], rows: TextRows):
    """(cards row, abilities rows, card_keywords rows, parse_issues rows, card_list row)."""
    who = (card_id, card.name)
    extra = _card_feature_rows(card)
    features = rows.features + tuple(extra) if extra else rows.features
    keywords, labels = rows.keywords, rows.labels
    if extra:
        keywords = tuple(sorted({f[0] for f in features}))
        labels = tuple(sorted({f[4] for f in features if f[0] not in STRUCTURE_KINDS}))
    issues = [who + r for r in rows.issues]
    issues.extend(who + ("source_repair", None, repair) for repair in card.repairs)
    row = _card_row(card, card_id, source, source_index, slugs, rows, keywords)
    return (row, [who + r for r in rows.abilities], [(card_id, *f) for f in features], issues,
            _list_row(row, card, labels))


# ---------------------------------------------------------------- schema
def _create_schema(db: sqlite_utils.Database) -> None:
    db["cards"].create(CARD_COLUMNS, pk="id", not_null={"name", "card_type"})
    db["card_list"].create(CARD_LIST_COLUMNS, pk="id", foreign_keys=[("id", "cards", "id")])
    db["abilities"].create({
        "id": int, "card_id": int, "card_name": str, "line": int, "position": int, "kind": str,
        "node": str, "typed": int, "damage_weak": int, "damage_medium": int,
        "damage_strong": int, "range": int, "amount": int, "json": str, "span_start": int,
        "span_end": int, "text": str,
    }, pk="id", foreign_keys=[("card_id", "cards", "id")])
    db["card_keywords"].create({
        "id": int, "card_id": int, "keyword": str, "strongest": int, "range": int, "amount": int,
        "label": str, "player": int,
    }, pk="id", foreign_keys=[("card_id", "cards", "id")])
    db["sets"].create({"name": str, "cards": int, "source": str}, pk="name")
    db["parse_issues"].create({"id": int, "card_id": int, "card_name": str, "kind": str,
                               "line": int, "detail": str}, pk="id",
                              foreign_keys=[("card_id", "cards", "id")])
    db["meta"].create({"key": str, "value": str}, pk="key")
    # The narrow copy of the columns a search filters and sorts on.  Searches run here and read
    # the wide ``cards`` rows (texts, trees) only for the page of results: at 35,000 cards,
    # candidate lookups into wide rows were what kept the p95 above 10 ms.
    db["card_index"].create({column: int if column in _INT_INDEX_COLUMNS else str
                             for column in CARD_INDEX_COLUMNS}, pk="id",
                            foreign_keys=[("id", "cards", "id")])


def _create_indexes(db: sqlite_utils.Database) -> None:
    db["cards"].create_index(["name_fold"])
    # covering, in result order: a filter-only search walks it and stops after LIMIT matches
    db["card_index"].create_index([c for c in CARD_INDEX_COLUMNS if c != "id"],
                                  index_name="card_index_search")
    db["cards"].create_index(["set_fold", "name_fold"], unique=True)
    for column in ("cost", "life", "card_type", "element"):
        db["cards"].create_index([column])
    db["abilities"].create_index(["card_id"])
    db["abilities"].create_index(["kind"])
    db["card_keywords"].create_index(["keyword", "strongest", "amount", "card_id"])
    db["card_keywords"].create_index(["card_id"])
    db["card_keywords"].create_index(["range", "card_id"])
    db["card_keywords"].create_index(["player", "label", "card_id"])
    db["card_keywords"].create_index(["label", "card_id"])
    db["cards"].create_index(["set_slug", "card_key"], unique=True)
    # the web's card list: sorted by name, faceted on the human columns (counts from indexes)
    # and sorted by any column: each sortable column has its index (a page of a sort is then
    # a walk of that index, as is every «next page» of it)
    for columns in (["name_fold"], ["стихия"], ["тип"], ["стоимость"], ["элита"],
                    ["редкость"], ["сет"], ["жизни"], ["уникальная"], ["имя"], ["номер"],
                    ["ход"], ["удар"]):
        db["card_list"].create_index(columns)
    db["parse_issues"].create_index(["card_id"])
    # The folded copies make the search language ё/е-blind; the originals are indexed too so
    # that Datasette's search box (which passes the query through unfolded) finds «ёж» typed
    # with ё in a text that writes ё.
    db["cards"].enable_fts(["name", "text", "name_fold", "text_fold"], fts_version="FTS5",
                           tokenize="unicode61 remove_diacritics 2", create_triggers=False)
    # the words of every name and text: «did you mean» for a search word matching nothing
    db.execute("CREATE VIRTUAL TABLE cards_fts_vocab USING fts5vocab(cards_fts, 'row')")


def _facet_tables(db: sqlite_utils.Database) -> None:
    """What the web's facets read: ``card_abilities`` (card, ability label — each once, the
    player's labels only) and ``facet_counts`` (facet, value, cards) over the whole list, so
    the unfiltered card list counts nothing when it is shown."""
    db.execute("CREATE TABLE card_abilities (card_id INTEGER NOT NULL REFERENCES cards(id), "
               "label TEXT NOT NULL, PRIMARY KEY (card_id, label)) WITHOUT ROWID")
    db.execute("INSERT INTO card_abilities SELECT DISTINCT card_id, label FROM card_keywords "
               "WHERE player = 1")
    db.execute("CREATE INDEX idx_card_abilities_label ON card_abilities (label, card_id)")
    # ``value`` without a declared type keeps numbers numbers (стоимость 3, not «3»)
    db.execute("CREATE TABLE facet_counts (facet TEXT NOT NULL, value, cards INTEGER NOT NULL)")
    for column in FACET_COLUMNS:
        db.execute(f"INSERT INTO facet_counts SELECT ?, [{column}], count(*) FROM card_list "
                   f"WHERE [{column}] IS NOT NULL GROUP BY [{column}]", [column])
    db.execute("INSERT INTO facet_counts SELECT ?, label, count(*) FROM card_abilities "
               "GROUP BY label", [ABILITY_FACET])


# ---------------------------------------------------------------- the build
def read_all(sources: Sequence[str | Path], format: str | None = None):
    """Read every source; raise one InputError listing every problem of every file.  Returns
    the cards (card, source, index in it), the warnings and each source's hash (``meta``)."""
    cards, warnings, hashes, _raw = _read_all(sources, format)
    return cards, warnings, hashes


def _read_all(sources: Sequence[str | Path], format: str | None = None, raw: bool = False):
    """``read_all`` and, per card, whether its text is still to be normalised.  ``raw``: a
    canonical file's texts are read as written (``read_cards(..., normalised=False)``) and
    normalised by the parse's workers (``carddb.textrows.UnitRows``) — the same text as the
    reader's.  When there are problems, the files read so are read again the ordinary way
    (the problems are then exactly the ordinary reader's); standard input is always read the
    ordinary way (it cannot be read twice)."""
    results = [read_cards(source, format=format, normalised=not raw or str(source) == "-")
               for source in sources]
    out = _assemble(sources, results)
    if out[4] and any(r.raw_texts for r in results):
        results = [read_cards(source, format=format) if r.raw_texts else r
                   for source, r in zip(sources, results)]
        out = _assemble(sources, results)
    cards, warnings, hashes, raws, problems = out
    if problems:
        raise InputError(problems)
    return cards, warnings, hashes, raws


def _assemble(sources, results):
    problems: list[Problem] = []
    warnings: list[Problem] = []
    cards: list[tuple[Card, str, int]] = []
    raws: list[bool] = []
    hashes: list[dict[str, str]] = []
    seen: dict[tuple[str, str], str] = {}
    for source, result in zip(sources, results):
        # the hash of the bytes the reader read: standard input («-») cannot be read again
        hashes.append({"file": Path(source).name, "sha256": result.sha256[:16]})
        problems.extend(result.problems)
        warnings.extend(result.warnings)
        for index, card in enumerate(result.cards):
            key = (fold(card.set), fold(card.name))
            if key in seen and seen[key] != str(source):
                problems.append(Problem(Location(str(source)), f"карта «{card.name}»: имя "
                                        f"повторяется в сете «{card.set}» (уже есть в {seen[key]})"))
                continue
            seen.setdefault(key, str(source))
            cards.append((card, str(source), index))
            raws.append(result.raw_texts and card.text is not None)
    return cards, warnings, hashes, raws, problems


#: Writes more tables into the DB being built, inside its one transaction (``db build --rules``
#: adds the rulebook clauses this way: rulings.store.clause_writer).  Returns counts that are
#: added to the build report; its warnings go to the list it was created with.
TableWriter = Callable[[sqlite_utils.Database], dict[str, int]]

#: ``progress(done, total)``: cards parsed so far (the build's long part on a big list).
Progress = Callable[[int, int], None]


#: The build's phases, in order (``BuildReport.phases``, bench/db.py --distinct): reading the
#: sources; parsing each distinct text (with its preparation: the list's vocabulary and
#: distinct texts, the parser's tables and the list's name index, the workers' fork); making
#: the rows; inserting them; indexes, FTS and the facet tables; the rest (schema, the
#: writers' tables, meta, ANALYZE, fsync and rename).
PHASES = ("reading", "parse", "rows", "insert", "indexes", "other")


def build_db(out: str | Path, sources: Sequence[str | Path] | None = None,
             format: str | None = None, writers: Sequence[TableWriter] = (),
             progress: Progress | None = None,
             on_wait: Callable[[], None] | None = None) -> BuildReport:
    """Build the DB at ``out`` from ``sources`` (default: the bundled examples).

    ``writers`` add more tables in the same transaction (carddb knows nothing of what they
    write; the command layer composes them).  ``progress(done, total)`` is called as cards are
    parsed; ``on_wait()`` once if another build of ``out`` holds the lock (this one waits)."""
    started = time.perf_counter()
    sources = list(sources) if sources else [bundled_examples()]
    with _young_collections_only():
        cards, warnings, hashes, raw = _read_all(sources, format, raw=True)
        phases = dict.fromkeys(PHASES, 0.0)
        phases["reading"] = time.perf_counter() - started
        with replacing(out, on_wait=on_wait) as tmp:
            counts = _write(tmp, cards, hashes, writers, progress, phases, raw,
                            lambda: read_all(sources, format))
    seconds = time.perf_counter() - started
    phases["other"] = seconds - sum(v for k, v in phases.items() if k != "other")
    return BuildReport(str(out), counts, warnings, seconds, phases)


@contextmanager
def _young_collections_only() -> Iterator[None]:
    """The cyclic GC off while the build runs: a 35,000-card build holds millions of objects
    that live to its end (cards, rows, the parser's memo), and each automatic collection of
    the oldest generation walked them all — a quarter of the parse time.  The garbage cycles
    the parser makes (a refused frame's exception and its traceback) are collected young
    (``carddb.textrows`` runs a generation-0 collection every few thousand texts)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Clock:
    """Adds the time since the last ``lap`` to a phase."""

    def __init__(self, phases: dict[str, float]) -> None:
        self.phases, self.last = phases, time.perf_counter()

    def lap(self, phase: str | None) -> None:
        now = time.perf_counter()
        if phase is not None:
            self.phases[phase] += now - self.last
        self.last = now


#: The rows made so far are inserted every this many cards (fewer rows held at once).
INSERT_EVERY = 2000


def _units(cards, raw: Sequence[bool]) -> tuple[list, list]:
    """The parse's units (``carddb.textrows.Unit``: each distinct text once, with the names of
    its cards) and, per card, (its unit, its name's place in the unit) or None (no text)."""
    at: dict[tuple[str, bool], int] = {}
    units: list[tuple[str, bool, dict]] = []
    where: list[tuple[int, int] | None] = []
    for (card, _s, _i), is_raw in zip(cards, raw):
        if card.text is None:
            where.append(None)
            continue
        u = at.get((card.text, is_raw))
        if u is None:
            u = at[(card.text, is_raw)] = len(units)
            units.append((card.text, is_raw, {}))
        names = units[u][2]
        where.append((u, names.setdefault(card.name, len(names))))
    return [(text, is_raw, tuple(names)) for text, is_raw, names in units], where


def _write(tmp: Path, cards, hashes: list[dict], writers: Sequence[TableWriter],
           progress: Progress | None = None, phases: dict[str, float] | None = None,
           raw: Sequence[bool] | None = None,
           read_again: Callable[[], object] | None = None) -> dict[str, int]:
    """Parse the texts (``UnitRows``: in worker processes on a long list) and, as each chunk
    of texts is back, make and insert its cards' rows (while the workers parse on); then
    indexes, FTS, the writers' tables and meta.  ``raw``: per card, its text is still to be normalised (the
    normalised text is the card's text from here on); ``read_again()`` reads the sources the
    ordinary way — called when a normalised text breaks the reader's range check, to raise the
    ordinary reader's problems."""
    phases = phases if phases is not None else dict.fromkeys(PHASES, 0.0)
    clock = _Clock(phases)
    raw = raw if raw is not None else [False] * len(cards)
    vocabulary = Vocabulary.of((card.name for card, _s, _i in cards),
                               (c for card, _s, _i in cards for c in card.classes))
    units, where = _units(cards, raw)
    clock.lap("parse")                      # (the parse's input: the names, the distinct texts)
    rows = _CardRows(cards, where, card_keys([card for card, _source, _index in cards]),
                     read_again)
    clock.lap("rows")
    with ExitStack() as stack:
        # worker processes fork here, before the DB is opened (the parser's tables and the
        # list's name index are built first: the parse's time)
        parsed = stack.enter_context(UnitRows(units, vocabulary))
        clock.lap("parse")
        started = clock.last
        tmp.unlink(missing_ok=True)
        db = rows.db = sqlite_utils.Database(tmp)
        db.conn.execute("pragma journal_mode = off")
        db.conn.execute("pragma synchronous = off")
        # (a 35,000-card DB is ~220 MB: a bigger page cache spills fewer pages while the rows
        # go in and the indexes are sorted; the rows are the same)
        db.conn.execute("pragma cache_size = -131072")
        with db.conn:
            _create_schema(db)
            t = time.perf_counter()
            waiting = rows.stream(iter(parsed), progress)
            streaming = time.perf_counter() - t
            stack.close()                   # (every chunk is back: the workers end)
            clock.lap(None)
            _share(phases, streaming, parsed.spent, rows.inserting,
                   streaming - waiting - rows.inserting)
            phases["rows"] += clock.last - started - streaming     # (schema, the end)
            counts = _finish(db, rows, hashes, writers, clock)
    db.conn.execute("pragma journal_mode = delete")
    db.conn.execute("vacuum") if len(cards) < 2000 else None
    db.conn.close()
    return counts


def _share(phases: dict[str, float], seconds: float, spent: dict[str, float],
           inserting: float, making: float) -> None:
    """Share out ``seconds`` of the build's clock in which normalise, parse and the texts' rows
    ran (``spent``: seconds summed over the processes that ran them — the workers on a long
    list) together with this process making the cards' rows (``making``) and inserting them
    (``inserting``): each phase gets its part of the time in proportion to the seconds it
    took.  In one process these are the seconds each took; with workers, work that ran beside
    other work costs the build that much less of its clock."""
    busy = sum(spent.values()) + inserting + making
    if busy <= 0:
        phases["rows"] += seconds
        return
    phases["reading"] += seconds * spent["normalise"] / busy
    phases["parse"] += seconds * spent["parse"] / busy
    phases["rows"] += seconds * (spent["rows"] + making) / busy
    phases["insert"] += seconds * inserting / busy


class _CardRows:
    """Every card's rows, made in card order as the texts' rows come back, and inserted every
    ``INSERT_EVERY`` cards; the counts of the ``meta`` table and the sets' rows."""

    TABLES = (("cards", tuple(CARD_COLUMNS)), ("abilities", ABILITY_COLUMNS),
              ("card_keywords", KEYWORD_COLUMNS), ("parse_issues", ISSUE_COLUMNS),
              ("card_list", tuple(CARD_LIST_COLUMNS)))
    TYPED_AT = list(CARD_COLUMNS).index("typed")
    ABILITY_TYPED_AT = ABILITY_COLUMNS.index("typed")

    def __init__(self, cards, where, slugs, read_again) -> None:
        self.cards, self.where, self.slugs, self.read_again = cards, where, slugs, read_again
        self.db: sqlite_utils.Database | None = None
        self.pending: tuple[list, ...] = ([], [], [], [], [])
        self.counts = dict.fromkeys(("cards", "abilities", "typed_abilities",
                                     "cards_text_unknown", "cards_typed", "parse_issues",
                                     "sets", "clauses"), 0)
        self.sets: dict[str, list] = {}
        self.done: list = []                # per unit: (its text, normalised; its parse keys)
        self.by_key: dict = {}
        self.inserting = 0.0                # seconds

    def stream(self, chunks: Iterator[tuple[list, dict]], progress: Progress | None) -> float:
        """Take the chunks in order; after each, make and insert the rows of every card whose
        text is parsed by then.  Returns the seconds spent getting the chunks."""
        cards, where, done = self.cards, self.where, self.done
        pool = 0.0
        made = 0
        while True:
            t = time.perf_counter()
            chunk = next(chunks, None)
            pool += time.perf_counter() - t
            if chunk is not None:
                done.extend(chunk[0])
                self.by_key.update((k, rows_from(v)) for k, v in chunk[1].items())
            while made < len(cards) and (where[made] is None or where[made][0] < len(done)):
                self.card(made)
                made += 1
                if len(self.pending[0]) >= INSERT_EVERY:
                    self.insert()
            if chunk is None:
                break
            if progress is not None:
                progress(made, len(cards))
        self.insert()
        if progress is not None and cards:
            progress(len(cards), len(cards))
        return pool

    def card(self, n: int) -> None:
        """Card ``n``'s rows into ``pending`` (its text is parsed)."""
        card, source, index = self.cards[n]
        at, rows = self.where[n], NO_TEXT
        if at is not None:
            text, keys = self.done[at[0]]
            if text != card.text:
                if too_big_number(text) is not None and self.read_again is not None:
                    self.read_again()       # raises the ordinary reader's problems
                card = replace(card, text=text)
            rows = self.by_key[keys[at[1]]]
        row, abil, feats, issues, listed = _card_rows(card, n + 1, source, index,
                                                      self.slugs[n], rows)
        pending, counts = self.pending, self.counts
        pending[0].append(row)
        pending[1].extend(abil)
        pending[2].extend(feats)
        pending[3].extend(issues)
        pending[4].append(listed)
        counts["abilities"] += len(abil)
        counts["typed_abilities"] += sum(r[self.ABILITY_TYPED_AT] for r in abil)
        counts["parse_issues"] += len(issues)
        if card.text is None:
            counts["cards_text_unknown"] += 1
        else:
            counts["cards_typed"] += row[self.TYPED_AT]
        entry = self.sets.get(card.set)
        if entry is None:
            entry = self.sets[card.set] = [card.set, 0, Path(source).name]
        entry[1] += 1

    def insert(self) -> None:
        t = time.perf_counter()
        for (table, columns), rows in zip(self.TABLES, self.pending):
            _bulk_insert(self.db, table, columns, rows)
            rows.clear()
        self.inserting += time.perf_counter() - t


def _finish(db: sqlite_utils.Database, rows: _CardRows, hashes: list[dict],
            writers: Sequence[TableWriter], clock: _Clock) -> dict[str, int]:
    """After the cards' rows: the sets, ``card_index``, indexes, FTS and facet tables, the
    writers' tables, meta and the planner's statistics.  Returns the counts."""
    counts, sets = rows.counts, rows.sets
    _bulk_insert(db, "sets", ("name", "cards", "source"), list(sets.values()))
    # the narrow copy: the same values, read back in id order by SQLite itself
    names = ", ".join(f"[{c}]" for c in CARD_INDEX_COLUMNS)
    db.execute(f"INSERT INTO card_index ({names}) SELECT {names} FROM cards ORDER BY id")
    clock.lap("insert")
    _create_indexes(db)
    _facet_tables(db)
    clock.lap("indexes")
    extra: dict[str, int] = {}
    for writer in writers:
        for key, n in writer(db).items():
            extra[key] = extra.get(key, 0) + n
    counts.update(cards=len(rows.cards), sets=len(sets), clauses=0)
    counts.update(extra)
    meta = {
        "schema_version": SCHEMA_VERSION,
        "build_id": secrets.token_hex(8),
        "build_time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "grammar_hash": grammar_hash(),
        "sources": json.dumps(hashes, ensure_ascii=False),
        "counts": json.dumps(counts, ensure_ascii=False),
    }
    db["meta"].insert_all({"key": k, "value": v} for k, v in meta.items())
    db.conn.execute("analyze")          # planner statistics: the search plans depend on them
    return counts


def _bulk_insert(db: sqlite_utils.Database, table: str, columns: Sequence[str],
                 rows: list[tuple]) -> None:
    """executemany of value tuples in ``columns`` order.  sqlite-utils owns the schema,
    indexes and FTS; for the bulk rows its per-value type sniffing (``insert_all``) cost ~70%
    of a 35,000-card build, and every value here is already a plain str/int/None."""
    if rows:
        db.conn.executemany(f"INSERT INTO [{table}] ({', '.join(f'[{c}]' for c in columns)}) "
                            f"VALUES ({', '.join('?' for _ in columns)})", rows)
