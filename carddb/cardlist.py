"""The card list's data (``/cards/card_list``): its filters, its matches and its facets, per
build.  carddb.listpage renders the HTML page from them; Datasette's table view (``.json``,
``.csv``, requests the page does not model) uses the same filters and facets (carddb.web hooks).

* **filters** (``ListFilter`` → ``where_of``) — the plain ``column=value`` pairs as Datasette's
  own ``Filters`` writes them, the search language compiled by carddb.search (``every=True``:
  «has it» terms through the keyword index), ability labels through ``card_abilities``;
* **the matches, in order** (``ordered_ids``) — the ids of a filtered list in the order
  (sort column, id) — the order Datasette's keyset ``_next`` tokens describe — from one
  statement, kept per build, filters and sort (``Matches``): the count is their number, every
  «next page» a slice, the facets a count over them.  A search with the default order runs on
  ``card_index`` alone (its covering index is in name order);
* **the facets** (``Combos``, ``CardFacets``) — every card's facet values and ability labels
  are interned once per build into a few hundred *combinations*; a filtered list's facets are
  a count of its cards' combinations (a ``Counter`` over an array: ~3 ms for 35,000 cards), the
  whole list's the sum of them all.  Nothing here reads a card row to count it.
"""
from __future__ import annotations

import json
import sqlite3
from array import array
from collections import Counter, OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator
from urllib.parse import parse_qsl, urlencode

from datasette.database import QueryInterrupted
from datasette.facets import Facet
from datasette.filters import Filters
from datasette.utils import (
    escape_sqlite,
    path_with_removed_args,
    sqlite_timelimit,
)

from berserk.errors import BerserkError
from carddb.build import ABILITY_FACET, FACET_COLUMNS
from carddb.search import compile_named, term_words

DB_NAME = "cards"
TABLE = "card_list"
#: cached match lists: entries, and ids in all (4 bytes each)
MATCHES_MAX_ENTRIES = 512
MATCHES_MAX_IDS = 8_000_000


@dataclass(frozen=True)
class ListFilter:
    """What narrows the list: plain ``column=value`` pairs (sorted, as Datasette sorts them),
    a query of the search language, ability labels."""
    pairs: tuple = ()
    search: str = ""
    abilities: tuple = ()

    @classmethod
    def of(cls, request) -> ListFilter:
        pairs = sorted((k, v) for k in request.args for v in request.args.getlist(k)
                       if not (k.startswith("_") and "__" not in k))
        return cls(tuple(pairs), request.args.get("_search", "").strip(),
                   tuple(request.args.getlist("_ability")))


@dataclass(frozen=True)
class Where:
    """A ListFilter as SQL on card_list, and what the page says about its search."""
    bits: tuple
    params: dict
    notes: tuple = ()
    error: str | None = None
    search_sql: str | None = None       # the compiled search alone (over ``card_index c``)


def where_of(flt: ListFilter) -> Where:
    """The WHERE parts of ``flt``: Datasette's own filters for the pairs (the same SQL its
    view runs), the search compiled by carddb.search, the abilities through card_abilities."""
    bits, params = Filters(list(flt.pairs)).build_where_clauses(TABLE)
    notes, error, search_sql = (), None, None
    if flt.search:
        try:
            search_sql, named = compile_named(flt.search, "bq", every=True)
            bits.append(f"id in (select c.id from card_index c where {search_sql})")
            params.update(named)
            notes = tuple(f"«{w}» — способность (по разбору текста); слово в тексте ищет "
                          f"текст:{w}" for w in dict.fromkeys(term_words(flt.search)))
        except BerserkError as err:
            bits.append("0")
            error = err.render()
    for i, label in enumerate(flt.abilities):
        bits.append(f"id in (select card_id from card_abilities where label = :ab{i})")
        params[f"ab{i}"] = label
    return Where(tuple(bits), params, notes, error, search_sql)


# ---------------------------------------------------------------- per build: combos and matches
class Combos:
    """Every card's facet values and ability labels, interned: ``of[id]`` is the card's
    combination, ``values[combo]`` its (facet values in FACET_COLUMNS order, labels)."""

    def __init__(self, rows) -> None:
        index: dict[tuple, int] = {}
        self.values: list[tuple] = []
        pairs = []
        for card_id, facet_key, ability_key in rows:
            key = (facet_key, ability_key)
            combo = index.get(key)
            if combo is None:
                combo = index[key] = len(self.values)
                self.values.append((tuple(json.loads(facet_key)), tuple(json.loads(ability_key))))
            pairs.append((card_id, combo))
        self.of = array("i", [0]) * (max((i for i, _ in pairs), default=0) + 1)
        for card_id, combo in pairs:
            self.of[card_id] = combo
        self.total = len(pairs)
        self.everything = self.totals(Counter(c for _, c in pairs))

    def totals(self, counts: Counter) -> dict:
        """(column, value) → cards, from cards per combination."""
        out: Counter = Counter()
        for combo, n in counts.items():
            values, labels = self.values[combo]
            for column, value in zip(FACET_COLUMNS, values):
                if value is not None:
                    out[(column, value)] += n
            for label in labels:
                out[(ABILITY_FACET, label)] += n
        return out

    def count(self, ids) -> dict:
        return self.totals(Counter(map(self.of.__getitem__, ids)))


class Matches:
    """One build's card list state (kept on its Datasette database object, so a swapped-in
    build starts empty): the combinations and the cached ordered ids of filtered lists."""

    def __init__(self, combos: Combos) -> None:
        self.combos = combos
        self.ordered: OrderedDict = OrderedDict()     # (filter, order) → array of ids
        self.facets: OrderedDict = OrderedDict()      # filter → (column, value) → cards
        self.size = 0

    def get(self, key):
        found = self.ordered.get(key)
        if found is not None:
            self.ordered.move_to_end(key)
        return found

    def put(self, key, ids: array) -> None:
        if key in self.ordered:
            return
        self.ordered[key] = ids
        self.size += len(ids)
        while len(self.ordered) > MATCHES_MAX_ENTRIES or self.size > MATCHES_MAX_IDS:
            _k, old = self.ordered.popitem(last=False)
            self.size -= len(old)


def _load_combos(conn) -> Combos:
    cur = conn.cursor()
    cur.row_factory = None
    return Combos(cur.execute(f"select id, facet_key, ability_key from {TABLE}"))


async def matches_of(db) -> Matches:
    """The build's Matches (loaded on first use: ~50 ms at 35,000 cards, once per build)."""
    state = getattr(db, "berserk_matches", None)
    if state is None:
        state = Matches(await db.execute_fn(_load_combos))
        db.berserk_matches = getattr(db, "berserk_matches", None) or state
    return db.berserk_matches


def ids_sql(where: Where, sort: str, desc: bool) -> str:
    if where.search_sql is not None and len(where.bits) == 1 and sort == "name_fold" \
            and not desc:
        # a search alone in name order: card_index's covering index is in that order
        return (f"select c.id from card_index c where {where.search_sql} "
                "order by c.name_fold, c.id")
    clause = f" where {' and '.join(where.bits)}" if where.bits else ""
    # «+»: every match is read anyway, so find them by the filter's index and sort them
    # (walking the sort column's index instead reads every card: 4 → 100 ms for a facet)
    plus = "+" if where.bits else ""
    return (f"select id from {TABLE}{clause} order by {plus}{escape_sqlite(sort)}"
            f"{' desc' if desc else ''}, id")


@contextmanager
def time_limit(conn, ms: int, sql: str, params: dict) -> Iterator[None]:
    """Datasette's time limit on ``conn``: a statement past ``ms`` raises Datasette's
    ``QueryInterrupted`` (its Russian 400 page, carddb.web), as its own view's statements do."""
    try:
        with sqlite_timelimit(conn, ms):
            yield
    except sqlite3.OperationalError as err:
        if "interrupted" in str(err):
            raise QueryInterrupted(err, sql, params) from None
        raise


def fetch_ids(conn, sql: str, params: dict, ms: int) -> array:
    cur = conn.cursor()
    cur.row_factory = None
    with time_limit(conn, ms, sql, params):
        return array("i", [r[0] for r in cur.execute(sql, params)])


async def ordered_ids(ds, db, flt: ListFilter, sort: str = "name_fold",
                      desc: bool = False) -> array:
    """The ids of the list narrowed by ``flt`` in the order (sort, id), cached per build."""
    state = await matches_of(db)
    key = (flt, sort, desc)
    ids = state.get(key)
    if ids is None:
        where = where_of(flt)
        sql = ids_sql(where, sort, desc)
        limit = ds.setting("sql_time_limit_ms")
        ids = await db.execute_fn(lambda conn: fetch_ids(conn, sql, where.params, limit))
        state.put(key, ids)
    return ids


async def facets_of(ds, db, flt: ListFilter, ids: array | None = None) -> dict:
    """(column, value) → cards of the list narrowed by ``flt`` (every card when it is empty);
    ``ids``: its cards when the caller has them (in any order)."""
    state = await matches_of(db)
    if flt == ListFilter():
        return state.combos.everything
    counts = state.facets.get(flt)
    if counts is None:
        if ids is None:
            ids = await ordered_ids(ds, db, flt)
        counts = state.facets[flt] = state.combos.count(ids)
        while len(state.facets) > MATCHES_MAX_ENTRIES:
            state.facets.popitem(last=False)
    return counts


# ---------------------------------------------------------------- facets (Datasette's class)
class CardFacets(Facet):
    """Every facet of the card list in one go (metadata: ``facets: [{cards: стихия}, …]``),
    counted from the list's combinations (``facets_of``).  Facets describe the whole
    filtered list: not the page (``_next``), not its order."""

    type = "cards"
    ids: array | None = None            # the list's cards, when the page has them already

    async def suggest(self):
        return []

    async def facet_results(self):
        columns = [c["config"].get("simple") for c in self.get_configs()]
        if self.table != TABLE or not columns:
            return [], []
        counts = await facets_of(self.ds, self.ds.get_database(self.database),
                                    ListFilter.of(self.request), self.ids)
        size = self.get_facet_size()
        found: dict[str, list] = {c: [] for c in columns}
        for (column, value), n in counts.items():
            if column in found:
                found[column].append((value, n))
        return [self._facet(column, found[column], size) for column in columns], []

    def _facet(self, column: str, values: list, size: int) -> dict:
        values.sort(key=lambda vc: (-vc[1], str(vc[0])))
        arg = "_ability" if column == ABILITY_FACET else column
        chosen = set(self.request.args.getlist(arg))
        # Datasette's path_with_added_args, with the query parsed once per facet, not per value
        kept = urlencode([(k, v) for k, v in parse_qsl(self.request.query_string)
                          if k != "_next"])
        results = []
        for value, count in values[:size]:
            on = str(value) in chosen
            if on:
                path, _, query = path_with_removed_args(self.request, {arg: str(value)}
                                                        ).partition("?")
                query = "&".join(p for p in query.split("&")
                                 if p and not p.startswith("_next="))
            else:                                       # a new filter starts at page 1
                path, query = self.request.path, "&".join(
                    filter(None, [kept, urlencode([(arg, value)])]))
            results.append({"value": value, "label": value, "count": count, "selected": on,
                            "toggle_url": self.ds.urls.path(path + ("?" + query if query else ""))})
        return {"name": column, "type": self.type, "hideable": False, "toggle_url": "",
                "results": results, "truncated": len(values) > size}
