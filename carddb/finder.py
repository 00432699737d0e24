"""Running a search on a card DB: the page of cards, the total, the sort, a time limit, notes
on how the query was read, and «did you mean» for words no card has.

    >>> found = find(db, "разряд стихия:горы", limit=20, sort="-стоимость")   # doctest: +SKIP
    >>> found.total, len(found.rows), found.notes                           # doctest: +SKIP
    (7, 7, ('«разряд» — способность (по разбору текста); слово в тексте: текст:разряд',))

The terminal (``berserk search``) and the web (carddb.web: the ``q`` box of the card list) run
the same compiled WHERE clause (carddb.search) over ``card_index``, so one query finds the same
cards in both.  A query runs under a time limit (SQLite's progress handler); when it is
exceeded the search stops with ``SearchTimeout`` (exit 2) instead of running on.
"""
from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from dataclasses import dataclass
from typing import Iterator

from berserk.errors import InputError, Location, Problem
from berserk.text import did_you_mean, fold
from carddb.search import (
    ABILITY_TERMS,
    NUMERIC_FIELDS,
    SELECT_COLUMNS,
    TEXT_FIELDS,
    compile_query,
    plain_words,
    term_words,
)

#: The time a query may take (seconds) before it is stopped.
TIME_LIMIT = 3.0

#: --sort fields → card_index columns (``-поле``: descending); ties are broken by name.
SORT_FIELDS = {"имя": "c.name_fold", "стоимость": "c.cost", "жизни": "c.life", "ход": "c.move",
               "удар": "c.strike_strong", "стихия": "c.element_key", "тип": "c.card_type",
               "сет": "c.set_fold", "редкость": "c.rarity_fold", "элита": "c.elite"}


class SearchTimeout(InputError):
    """A search ran longer than its time limit and was stopped."""


@dataclass(frozen=True)
class Found:
    rows: list[dict]                    # the page of cards (cards columns, SELECT_COLUMNS)
    total: int                          # every card the query matches
    notes: tuple[str, ...] = ()         # how some words were read
    suggestions: tuple[str, ...] = ()   # «did you mean» when nothing matched


@contextlib.contextmanager
def time_limit(conn: sqlite3.Connection, seconds: float, query: str = "") -> Iterator[None]:
    """Stop any statement on ``conn`` that runs past ``seconds`` (SearchTimeout)."""
    deadline = time.monotonic() + seconds
    conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 1000)
    try:
        yield
    except sqlite3.OperationalError as err:
        if "interrupt" not in str(err):
            raise
        raise SearchTimeout(Problem(Location("<запрос>", 1, 1), f"запрос выполнялся дольше "
                                    f"{seconds:g} с и остановлен; сузьте его (например, добавьте "
                                    "стихию или тип)", query or None)) from None
    finally:
        conn.set_progress_handler(None, 0)


def order_by(sort: str | None) -> str:
    """The ORDER BY of ``--sort`` (``стоимость``, ``-жизни`` …); unknown fields are an error."""
    if not sort:
        return "c.name_fold, c.id"
    field = sort.strip()
    descending = field.startswith("-")
    field = fold(field.lstrip("-+"))
    column = SORT_FIELDS.get(field)
    if column is None:
        raise InputError(Problem(Location("--sort"), f"нельзя сортировать по «{sort}»; можно: "
                                 + ", ".join(SORT_FIELDS) + " (с «-» — по убыванию)"))
    direction = "DESC" if descending else "ASC"
    # cards without the value (no strike, unknown move) go last either way
    return f"{column} IS NULL, {column} {direction}, c.name_fold, c.id"


def find(db, query: str, limit: int | None = 50, sort: str | None = None,
         seconds: float = TIME_LIMIT, suggest: bool = True) -> Found:
    """The cards matching ``query`` in an open DB (sqlite_utils.Database or a connection)."""
    where, params = compile_query(query)
    order = order_by(sort)
    conn = getattr(db, "conn", db)
    inner = f"SELECT c.id FROM card_index c WHERE {where} ORDER BY {order}"
    page_params = list(params)
    if limit is not None:
        inner += " LIMIT ?"
        page_params.append(int(limit))
    # the page of ids from the narrow card_index, then those rows in full, in the same order
    # (the cards table has every column ORDER BY names)
    sql = f"SELECT {SELECT_COLUMNS} FROM cards c WHERE c.id IN ({inner}) ORDER BY {order}"
    with time_limit(conn, seconds, query):
        cur = conn.execute(sql, page_params)
        cols = [d[0] for d in cur.description]
        rows = [dict(zip(cols, r)) for r in cur.fetchall()]
        if limit is None or len(rows) < limit:
            total = len(rows)
        else:
            total = conn.execute(f"SELECT count(*) FROM card_index c WHERE {where}",
                                 params).fetchone()[0]
    notes = tuple(f"«{w}» — способность (по разбору текста); слово в тексте: текст:{w}"
                  for w in dict.fromkeys(term_words(query)))
    suggestions: tuple[str, ...] = ()
    if not rows and suggest:
        suggestions = tuple(suggest_words(conn, query))
    return Found(rows, total, notes, suggestions)


def _known(conn, word: str) -> bool:
    """Some name contains ``word`` or some word of a name or text starts with it."""
    key = fold(word)
    tokens = re.findall(r"\w+", key)
    if not tokens:
        return True
    prefix = tokens[0]
    hit = conn.execute("SELECT 1 FROM cards_fts_vocab WHERE term >= ? AND term < ? LIMIT 1",
                       [prefix, prefix + "\U0010ffff"]).fetchone()
    if hit is not None:
        return True
    like = "%" + key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    return conn.execute("SELECT 1 FROM card_index WHERE name_fold LIKE ? ESCAPE '\\' LIMIT 1",
                        [like]).fetchone() is not None


def suggest_words(conn, query: str) -> list[str]:
    """Close words for the plain words of ``query`` that no card has («выстерл» → «выстрел»):
    from the words of every name and text, the ability terms and the field names."""
    try:
        unknown = [w for w in plain_words(query) if not _known(conn, w)]
    except sqlite3.OperationalError:            # a DB built before the vocabulary table
        return []
    if not unknown:
        return []
    vocabulary = [r[0] for r in conn.execute("SELECT term FROM cards_fts_vocab WHERE "
                                             "length(term) > 2 AND term GLOB '*[^0-9]*'")]
    vocabulary += list(ABILITY_TERMS) + [f"{f}:" for f in TEXT_FIELDS] + list(NUMERIC_FIELDS)
    out: list[str] = []
    for word in unknown:
        out.extend(s for s in did_you_mean(word, vocabulary) if s not in out)
    return out[:5]
