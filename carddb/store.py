"""Reading a built card DB: the API the judge, legality and CLI layers call.

    >>> from carddb.store import find_card
    >>> find_card("cards.db", "страж перевала").strike      # doctest: +SKIP
    (1, 2, 3)

Names are matched case- and ё/е-insensitively; an unknown name raises ``UnknownNameError`` with
«did you mean …» suggestions, a name that fits cards of several sets raises ``AmbiguousError``
unless ``set`` narrows it.
"""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

import sqlite_utils

from berserk.errors import (
    AmbiguousError,
    InputError,
    Location,
    Problem,
    UnknownNameError,
)
from berserk.text import fold
from berserk.vocab import CardType, Element, Game
from carddb.model import Card, name_key

#: Where the commands look for the DB unless --db or $BERSERK_DB says otherwise.
DEFAULT_DB = "cards.db"

#: The shape of the tables ``carddb.build`` writes (``meta.schema_version``); the site needs
#: this one exactly (its pages read card_list, card_abilities, facet_counts …).
SCHEMA_VERSION = "5"          # 5: card_index.game (search «игра:»)


def schema_problem(conn: sqlite3.Connection, path: str | Path) -> str | None:
    """None when the DB at ``conn`` has this version's tables, else what to do about it."""
    try:
        row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    found = row[0] if row else "?"
    if found == SCHEMA_VERSION:
        return None
    return (f"база собрана другой версией berserk (схема {found}, нужна {SCHEMA_VERSION}); "
            f"пересоберите её: berserk db build" + (f" -o {path}" if str(path) != DEFAULT_DB
                                                    else ""))


def default_db_path() -> str:
    """Where ``db build`` writes, and the DB a command opens when it needs one: $BERSERK_DB,
    else ./cards.db (which may not exist yet)."""
    return os.environ.get("BERSERK_DB") or DEFAULT_DB


def source_db_path(db: str | Path | None = None) -> str | None:
    """The card DB a command reads — the one card-source rule of every command: ``--db``
    (``db``), else $BERSERK_DB, else ./cards.db if it exists, else None: the bundled example
    cards alone (``carddb.lookup.card_index`` puts them under whichever DB this names)."""
    if db:
        return str(db)
    if os.environ.get("BERSERK_DB"):
        return os.environ["BERSERK_DB"]
    return DEFAULT_DB if Path(DEFAULT_DB).is_file() else None


def open_db(path: str | Path, readonly: bool = True) -> sqlite_utils.Database:
    """The DB at ``path`` (read-only by default).  A missing file is an input error, not a
    silently created empty DB."""
    path = Path(path)
    if not path.is_file():
        raise InputError(Problem(Location(str(path)), "базы карт нет; соберите её: "
                                 "berserk db build" + (f" -o {path}" if str(path) != DEFAULT_DB
                                                       else "")))
    if readonly:
        # quoted: a «?» or «#» in a folder name would end the URI's path
        conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    else:
        conn = sqlite3.connect(str(path))
    try:
        conn.execute("select 1 from cards limit 1")
    except sqlite3.DatabaseError as err:
        conn.close()
        reason = ("в ней нет таблицы карт" if "no such table" in str(err)
                  else "файл не SQLite или повреждён")
        raise InputError(Problem(Location(str(path)), f"это не база карт berserk: {reason}; "
                                 "соберите её: berserk db build")) from None
    return sqlite_utils.Database(conn)


CARD_COLUMNS = ("name, set_name, number, elements, card_type, cost, elite, uniq, life, move, "
                "flying, strike_weak, strike_medium, strike_strong, classes, rarity, text, game, "
                "strike_value, cost_x")


def card_from_row(row: dict | sqlite3.Row) -> Card:
    """A ``Card`` from a ``cards`` row (the columns in ``CARD_COLUMNS``)."""
    row = dict(row)
    strike = None
    if row.get("strike_weak") is not None:
        strike = (row["strike_weak"], row["strike_medium"], row["strike_strong"])
    move = row.get("move")
    if isinstance(move, str) and move.isdigit():
        move = int(move)
    return Card(
        name=row["name"], set=row.get("set_name") or "", number=row.get("number"),
        elements=tuple(Element(e) for e in json.loads(row.get("elements") or "[]")),
        card_type=CardType(row.get("card_type") or CardType.CREATURE), cost=row.get("cost"),
        elite=bool(row.get("elite")), unique=bool(row.get("uniq")), life=row.get("life"),
        move=move, flying=bool(row.get("flying")), strike=strike,
        classes=tuple(json.loads(row.get("classes") or "[]")), rarity=row.get("rarity"),
        text=row.get("text"), game=Game(row.get("game") or Game.CLASSIC),
        strike_value=row.get("strike_value"), cost_x=bool(row.get("cost_x")),
    )


def load_cards(db_path: str | Path) -> list[Card]:
    """Every card of the DB, ordered by set and number."""
    db = open_db(db_path)
    try:
        rows = db.execute(f"select {CARD_COLUMNS} from cards order by set_name, number, name")
        cols = [d[0] for d in rows.description]
        return [card_from_row(dict(zip(cols, r))) for r in rows.fetchall()]
    finally:
        db.conn.close()


def card_names(db_path: str | Path) -> list[str]:
    db = open_db(db_path)
    try:
        return [r[0] for r in db.execute("select name from cards order by name").fetchall()]
    finally:
        db.conn.close()


def find_card(db_path: str | Path, name: str, set: str | None = None) -> Card:
    """The card called ``name`` (case, ё/е and surrounding spaces do not matter)."""
    db = open_db(db_path)
    try:
        sql = f"select {CARD_COLUMNS} from cards where name_fold = ?"
        params: list = [name_key(name)]
        if set:
            sql += " and set_fold = ?"
            params.append(fold(set.strip()))
        cur = db.execute(sql, params)
        cols = [d[0] for d in cur.description]
        rows = [dict(zip(cols, r)) for r in cur.fetchall()]
        if len(rows) == 1:
            return card_from_row(rows[0])
        if len(rows) > 1:
            raise AmbiguousError("Имя карты", name,
                                 [f"{r['name']} ({r['set_name']})" for r in rows])
        names = [r[0] for r in db.execute("select distinct name from cards").fetchall()]
    finally:
        db.conn.close()
    raise UnknownNameError("карта", name, names, missing="не найдена")
