"""Geometry of the classic field: 5 columns (a–e) × 6 rows (1–6), row 1 nearest player A.

Player A's half is rows 1–3, player B's rows 4–6.  A player's *first* row is the one nearest
the enemy (the front line: A's row 3, B's row 4) and the *third* row the one nearest the player
(A's row 1, B's row 6) — the rows are counted the way the rulebook counts them, from the front.

All geometry lives here, so every rule that needs "adjacent", "in range" or "through a row"
asks the same functions.  Cells are plain strings (``"c3"``); ``Cell`` is their parsed form.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from berserk.errors import InputError

COLUMNS = "abcde"
ROWS = range(1, 7)
PLAYERS = ("A", "B")

#: Where a card lies: the field (a cell), the additional zone (flyers; terrain), on a host
#: (symbiote, equipment), the graveyard, the deck.
FIELD, AIR, TERRAIN, ATTACHED, GRAVEYARD, DECK = ("field", "air", "terrain", "attached",
                                                  "graveyard", "deck")
ZONE_RU = {FIELD: "поле боя", AIR: "дополнительная зона", TERRAIN: "дополнительная зона",
           ATTACHED: "на хозяине", GRAVEYARD: "кладбище", DECK: "колода"}

_CELL_RE = re.compile(r"^[a-e][1-6]$")


@dataclass(frozen=True, slots=True)
class Cell:
    col: int        # 0..4  (a..e)
    row: int        # 1..6

    def __str__(self) -> str:
        return f"{COLUMNS[self.col]}{self.row}"


def is_cell(text: object) -> bool:
    return isinstance(text, str) and bool(_CELL_RE.match(text))


def looks_like_cell(text: object) -> bool:
    """A letter and a number: used to say «клетка вне поля» rather than «карта не найдена»."""
    return isinstance(text, str) and bool(re.match(r"^[a-zA-Zа-яА-Я]\d+$", text.strip()))


@lru_cache(maxsize=64)
def parse(cell: str) -> Cell:
    if not is_cell(cell):
        raise InputError.at(f"клетка «{cell}» вне поля: столбцы a–e, ряды 1–6", "клетка")
    return Cell(COLUMNS.index(cell[0]), int(cell[1]))


ALL_CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)


def other(player: str) -> str:
    return "B" if player == "A" else "A"


def half(player: str) -> range:
    """Rows of ``player``'s half of the field."""
    return range(1, 4) if player == "A" else range(4, 7)


def own_row_number(player: str, cell: str) -> int | None:
    """1, 2 or 3 — the cell's row counted from ``player``'s front line; None outside the half."""
    r = parse(cell).row
    if r not in half(player):
        return None
    return 4 - r if player == "A" else r - 3


@lru_cache(maxsize=1024)
def distance(a: str, b: str) -> int:
    """Cells between two cells counting diagonal steps as one (adjacent ⇔ distance 1).

    The project's reading of «дальность N»: a target within N such steps.  It is the same
    measure that makes diagonal neighbours adjacent for a simple strike."""
    ca, cb = parse(a), parse(b)
    return max(abs(ca.col - cb.col), abs(ca.row - cb.row))


def adjacent(a: str, b: str) -> bool:
    """Neighbours including diagonals (a simple strike reaches them)."""
    return a != b and distance(a, b) == 1


@lru_cache(maxsize=64)
def neighbours(cell: str) -> tuple[str, ...]:
    return tuple(c for c in ALL_CELLS if adjacent(cell, c))


@lru_cache(maxsize=64)
def orthogonal_neighbours(cell: str) -> tuple[str, ...]:
    """Cells one step forward, back, left or right (movement never goes diagonally)."""
    c = parse(cell)
    out = []
    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        col, row = c.col + dc, c.row + dr
        if 0 <= col < 5 and 1 <= row <= 6:
            out.append(f"{COLUMNS[col]}{row}")
    return tuple(out)


def orthogonal_step(a: str, b: str) -> bool:
    return b in orthogonal_neighbours(a)


def through_row_middle(a: str, b: str) -> str | None:
    """The cell a «удар через ряд» passes over, or None when b is not two cells away from a
    on a straight vertical or horizontal line (a diagonal is never allowed)."""
    ca, cb = parse(a), parse(b)
    dc, dr = cb.col - ca.col, cb.row - ca.row
    if (abs(dc), abs(dr)) not in ((2, 0), (0, 2)):
        return None
    return f"{COLUMNS[ca.col + dc // 2]}{ca.row + dr // 2}"
