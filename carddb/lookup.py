"""Cards by name: the one in-memory lookup the judge's scenarios and the legality checks use.

    >>> index = load_index()                      # the project's bundled example cards
    >>> index.get("  страж ПЕРЕВАЛА ").name
    'Страж перевала'

Names match case- and ё/е-insensitively, surrounding spaces ignored (``name_key``).  Reprints
share a name and count as one card: the first one read wins.  An unknown name is worded by
``UnknownNameError`` with «did you mean …».  A single lookup in a built DB without loading every
card is ``carddb.store.find_card`` (it also tells reprints of several sets apart).

``card_index`` is the one card-source rule every command follows (``deck check``, ``squad
check``, ``judge``): ``--db``, else $BERSERK_DB, else ./cards.db if present (the choice is
``carddb.store.source_db_path``), with the bundled example cards always under it — a scenario
or a list may name an example card whatever DB the user gives, and the user's card wins a
name clash.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Mapping

from berserk.errors import InputError, Location, UnknownNameError
from carddb.build import bundled_examples
from carddb.model import Card, name_key
from carddb.sources import read_cards
from carddb.store import load_cards, source_db_path

#: How ``load_index`` labels the bundled example cards in messages.
EXAMPLES_LABEL = "примеры карт проекта"


class CardIndex:
    """Cards by ``name_key``.  ``cards``: the cards (first of a name wins), or a mapping of the
    names to look up → cards; ``under``: the index asked when this one lacks a name (a
    scenario's inline cards over the DB), or a function that loads it — called only when a
    name is not here, so a scenario of inline cards never opens the DB; ``label``: where the
    cards come from, for messages."""

    def __init__(self, cards: Iterable[Card] | Mapping[str, Card] = (), label: str = "",
                 under: CardIndex | Callable[[], CardIndex] | None = None):
        self.label = label
        self._under = under
        pairs = cards.items() if isinstance(cards, Mapping) else ((c.name, c) for c in cards)
        self._by_key: dict[str, Card] = {}
        for name, card in pairs:
            self._by_key.setdefault(name_key(name), card)
        self._names = [c.name for c in self._by_key.values()]

    @property
    def under(self) -> CardIndex | None:
        if callable(self._under) and not isinstance(self._under, CardIndex):
            self._under = self._under()
        return self._under

    def __len__(self) -> int:
        return len(self._by_key) + (len(self.under) if self.under is not None else 0)

    @property
    def names(self) -> list[str]:
        """Every card name, this index's first (with repeats where an overlay shadows one)."""
        return self._names + (self.under.names if self.under is not None else [])

    def over(self, under: CardIndex) -> CardIndex:
        """This index's cards with ``under`` asked for the names it lacks (this one wins a
        clash).  A lower index of this one's own is replaced by ``under``."""
        out = CardIndex(label=self.label, under=under)
        out._by_key, out._names = self._by_key, self._names
        return out

    def get(self, name: str) -> Card | None:
        card = self._by_key.get(name_key(name))
        if card is None and self._under is not None:
            return self.under.get(name)
        return card

    def unknown(self, name: str, missing: str = "не найдена", otherwise: str = "",
                location: Location | None = None) -> UnknownNameError:
        """The error for a name this index lacks: «карта «…» не найдена; возможно, …»."""
        return UnknownNameError("карта", name, self.names, location, missing, otherwise=otherwise)

    def unknown_message(self, name: str) -> str:
        """The message of ``unknown``, naming where the cards come from."""
        where = f" (источник карт: {self.label})" if self.label else ""
        return self.unknown(name, f"не найдена{where}").message


def load_index(db: str | None = None, cards: str | None = None) -> CardIndex:
    """The cards names resolve against: a built DB (``db``), a card file in any format carddb
    reads (``cards``), or — neither given — the project's bundled example cards.  A card file
    with problems is an input error listing every problem.

    Cached per file version (absolute path, size, mtime): a scenario library loads the DB once,
    and a rebuilt DB or another working directory is never served from the cache."""
    path = Path(db or cards or bundled_examples()).resolve()
    try:
        version = (path.stat().st_size, path.stat().st_mtime_ns)
    except OSError:
        version = None                          # the loaders word the missing file
    return _load(str(path), version, db, cards)


@lru_cache(maxsize=8)
def _load(_path: str, _version, db: str | None, cards: str | None) -> CardIndex:
    """``_path``/``_version`` key the cache; ``db``/``cards`` are loaded as the user wrote
    them, so messages name the file the way the user did."""
    if db:
        return CardIndex(load_cards(db), label=str(db))
    result = read_cards(cards or bundled_examples())
    if result.problems:
        raise InputError(result.problems)
    return CardIndex(result.cards, label=str(cards) if cards else EXAMPLES_LABEL)


def card_index(db: str | None = None, cards: str | None = None) -> CardIndex:
    """The cards a command resolves names against: a card file (``--cards``) over the DB of
    the card-source rule (``source_db_path(db)``: ``--db``, else $BERSERK_DB, else ./cards.db
    if present) over the bundled example cards.  The upper source wins a name clash; each
    source is loaded through ``load_index``'s cache."""
    index = load_index()
    path = source_db_path(db)
    if path is not None:
        index = load_index(db=path).over(index)
        index.label = f"{path} и {EXAMPLES_LABEL}"
    if cards:
        upper = load_index(cards=cards)
        index = upper.over(index)
        index.label = f"{cards}, затем {index.under.label}"
    return index
