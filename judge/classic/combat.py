"""Fights by the strike table (514.1–514.8): the one place that turns dice into strike strengths.

A *fight* (514.1) is a simple strike on an open creature of the opponent: both roll, the
difference picks a row of the strike table (514.2), and the row says what each side deals.  Ties
go by the rolled value itself: 4 or less — the attacker deals a weak strike, 5 or more — the
reflecting card does (both *with modifiers*).  When both would strike, the side that rolled more
may step one row up the table and take no strike (514.4): that is a choice, so a fight has one or
two *options*.  Everything that is not a fight — a strike on a closed card (514.6), on one's own
card (514.7), and every special, unanswerable, magic strike, uchr, shot, discharge and throw
(514.8) — is rolled by the attacker alone: 1–3 weak, 4–5 medium, 6 strong, with the modified
roll clamped to 1..6 (Правило сведения броска).

Strengths are ``berserk.vocab.Strength`` members; a miss is ``None``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from berserk.errors import ParseError
from berserk.vocab import Strength
from judge import cites as C
from rulings.lookup import load_book

WEAK, MEDIUM, STRONG = Strength.WEAK, Strength.MEDIUM, Strength.STRONG
STRENGTHS = tuple(Strength)
STRENGTH_RU: dict[Strength | None, str] = {s: s.masc for s in Strength} | {None: "промах"}

TIE_THRESHOLD = 4          # «4 или меньше» / «5 или больше» on equal rolls


def _strength(word: str) -> Strength | None:
    return None if word == "miss" else Strength(word)


def _load_table() -> tuple[dict, dict, tuple, tuple]:
    """514.2 as the rulebook index ships it (rulings/books/classic.yaml, clause data): the
    judge reads the table from the book instead of keeping a second copy of it."""
    data = load_book(C.BOOK).clauses[C.STRIKE_TABLE].data["strike_table"]
    row = lambda pair: (_strength(pair[0]), _strength(pair[1]))
    att = {int(k): row(v) for k, v in data["attacker_higher"].items()}
    dfd = {int(k): row(v) for k, v in data["defender_higher"].items()}
    return att, dfd, row(data["equal"]["low"]), row(data["equal"]["high"])


def _load_closed() -> dict[int, str]:
    """514.6 / 514.8: the strength of a single attacker's die, from the rulebook index."""
    data = load_book(C.BOOK).clauses[C.AS_ON_CLOSED].data["closed_target"]
    return {int(k): Strength(v) for k, v in data.items()}


CLOSED_FORCE = _load_closed()

#: Key: the difference in one side's favour (1..5, 5 = «5 или больше»); value: (what the attacker
#: deals, what the reflecting card deals).  Equal rolls: TIE_LOW (≤ 4) / TIE_HIGH (≥ 5).
ATTACKER_FAVOUR, DEFENDER_FAVOUR, TIE_LOW, TIE_HIGH = _load_table()


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the strike table as a fight landed on it."""

    favour: str          # attacker | defender | tie
    difference: int      # 0 for a tie; 1..5 (5 = five or more)
    attacker: Strength | None
    defender: Strength | None

    def describe(self) -> str:
        if self.favour == "tie":
            return "равные броски"
        side = "нападающего" if self.favour == "attacker" else "отражающего"
        more = " или больше" if self.difference == 5 else ""
        return f"разница {self.difference}{more} в пользу {side}"


@dataclass(frozen=True, slots=True)
class Option:
    """One outcome the players may end up with: what each side deals."""

    attacker: Strength | None
    defender: Strength | None
    row: Row
    stepped_up: str | None = None        # "attacker" / "defender" when 514.4 was used

    @property
    def cites(self) -> tuple[str, ...]:
        out = [C.FIGHT_BOTH_ROLL, C.STRIKE_TABLE]
        if self.defender is not None:
            out.append(C.RESPONSE)
        if self.stepped_up:
            out.append(C.STEP_UP)
        if self.attacker is None or self.defender is None:
            out.append(C.MISS)
        return tuple(out)


def clamp(roll: int) -> int:
    """Правило сведения броска: outside a fight of two cards a modified roll is 1..6."""
    return 1 if roll < 1 else min(roll, 6)


@lru_cache(maxsize=512)
def fight_row(attacker_roll: int, defender_roll: int) -> Row:
    """The strike-table row for two modified rolls (no clamping inside a fight)."""
    diff = attacker_roll - defender_roll
    if diff > 0:
        k = min(diff, 5)
        return Row("attacker", k, *ATTACKER_FAVOUR[k])
    if diff < 0:
        k = min(-diff, 5)
        return Row("defender", k, *DEFENDER_FAVOUR[k])
    return Row("tie", 0, *(TIE_LOW if attacker_roll <= TIE_THRESHOLD else TIE_HIGH))


def step_up(row: Row) -> Row | None:
    """514.4: the row one line up in the same part of the table, if both sides strike on
    ``row`` (only then may the higher roller step up); otherwise None."""
    if row.attacker is None or row.defender is None or row.favour == "tie":
        return None
    table = ATTACKER_FAVOUR if row.favour == "attacker" else DEFENDER_FAVOUR
    k = row.difference - 1
    return Row(row.favour, k, *table[k])


@lru_cache(maxsize=512)
def fight_options(attacker_roll: int, defender_roll: int) -> tuple[Option, ...]:
    """Every outcome of a fight the players may choose: the table's row, and when both would
    strike, also the step-up of the side that rolled more (514.4)."""
    row = fight_row(attacker_roll, defender_roll)
    options = [Option(row.attacker, row.defender, row)]
    up = step_up(row)
    if up is not None:
        options.append(Option(up.attacker, up.defender, up, stepped_up=row.favour))
    return tuple(options)


def closed_strength(roll: int) -> Strength:
    """514.6 / 514.8: the strength of a strike rolled by the attacker alone (already clamped)."""
    return CLOSED_FORCE[roll]


def strength_value(values: tuple[int, int, int], strength: Strength | None) -> int:
    """Damage of a strength on a «слабый-средний-сильный» triple; 0 for a miss."""
    return 0 if strength is None else values[Strength(strength).index]


def parse_triple(text: str, source: str = "<ввод>") -> tuple[int, int, int]:
    """«1-2-3» → (1, 2, 3) (the CLI's W-M-S form); ``ParseError`` otherwise."""
    parts = text.replace("–", "-").split("-")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise ParseError.at(f"ожидались три числа «слабый-средний-сильный», а не «{text}»", source)
    return tuple(int(p) for p in parts)  # type: ignore[return-value]
