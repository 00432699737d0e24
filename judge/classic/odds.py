"""Fights at the table: what each side deals for given dice, and the exact odds over all dice.

Both questions take a ``Matchup`` — two «слабый-средний-сильный» triples and the modifiers that
change a fight (die modifiers such as опыт в атаке / в защите, «+N к удару» damage bonuses) — and
answer from judge/combat.py, the one owner of the strike table.  Odds are exact: the 36 pairs of
a fight (or the 6 rolls against a closed card) are enumerated and counted as fractions.

The step-up choice (514.4) makes a fight's outcome depend on a player's decision, so the odds
are given for two policies: the side that may step up never does, or always does.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from berserk.errors import InputError
from judge import cites as C
from judge.classic.combat import (
    STRENGTH_RU,
    clamp,
    closed_strength,
    fight_options,
    strength_value,
)


@dataclass(frozen=True, slots=True)
class Matchup:
    attacker: tuple[int, int, int]
    defender: tuple[int, int, int]
    defender_closed: bool = False
    attacker_mod: int = 0          # added to the attacker's die
    defender_mod: int = 0          # added to the reflecting card's die
    attacker_bonus: int = 0        # «+N к удару»: added to the attacker's damage when it lands
    defender_bonus: int = 0        # the same for the response strike (514.3)
    attacker_lives: int | None = None
    defender_lives: int | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """One option: strengths and damage each side deals."""

    attacker_strength: str | None
    defender_strength: str | None
    attacker_deals: int
    defender_deals: int
    stepped_up: str | None
    row: str
    cites: tuple[str, ...]

    def to_dict(self) -> dict:
        return {"attacker_deals": self.attacker_deals, "defender_deals": self.defender_deals,
                "attacker_strike": STRENGTH_RU[self.attacker_strength],
                "defender_strike": STRENGTH_RU[self.defender_strength],
                "stepped_up": self.stepped_up, "row": self.row, "cites": list(self.cites)}


def _damage(triple, strength, bonus) -> int:
    return 0 if strength is None else strength_value(triple, strength) + bonus


def deals(m: Matchup, attacker_roll: int, defender_roll: int | None = None) -> tuple[Deal, ...]:
    """Every outcome the players may choose for these dice (two when 514.4 applies)."""
    if m.defender_closed:
        raw = attacker_roll + m.attacker_mod
        roll = clamp(raw)
        strength = closed_strength(roll)
        cites = (C.CLOSED_TARGET,) + ((C.ROLL_CLAMP,) if raw != roll else ())
        return (Deal(strength, None, _damage(m.attacker, strength, m.attacker_bonus), 0, None,
                     f"бросок {roll}" + (f" (сведён из {raw})" if raw != roll else ""), cites),)
    if defender_roll is None:
        raise InputError.at("в сражении нужны два броска", "броски")
    out = []
    for opt in fight_options(attacker_roll + m.attacker_mod, defender_roll + m.defender_mod):
        out.append(Deal(opt.attacker, opt.defender,
                        _damage(m.attacker, opt.attacker, m.attacker_bonus),
                        _damage(m.defender, opt.defender, m.defender_bonus),
                        opt.stepped_up, opt.row.describe(), opt.cites))
    return tuple(out)


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _pick(options: tuple[Deal, ...], policy: str) -> Deal:
    if policy == "always" and len(options) > 1:
        return options[1]
    return options[0]


def distribution(m: Matchup, policy: str = "never") -> dict[tuple[int, int], Fraction]:
    """P(attacker deals a, reflecting card deals d) over all dice."""
    counts: Counter = Counter()
    if m.defender_closed:
        for a in range(1, 7):
            d = deals(m, a)[0]
            counts[(d.attacker_deals, d.defender_deals)] += 6
    else:
        for a in range(1, 7):
            for b in range(1, 7):
                d = _pick(deals(m, a, b), policy)
                counts[(d.attacker_deals, d.defender_deals)] += 1
    return {k: Fraction(v, 36) for k, v in sorted(counts.items())}


def report(m: Matchup) -> dict:
    """Exact odds for both step-up policies: each damage outcome and each side's death."""
    policies = ("never",) if m.defender_closed else ("never", "always")
    out: dict = {"pairs": 6 if m.defender_closed else 36, "policies": {}}
    for policy in policies:
        dist = distribution(m, policy)
        entry: dict = {"outcomes": [
            {"attacker_deals": a, "defender_deals": d, "probability": float(p),
             "fraction": _frac(p)} for (a, d), p in dist.items()]}
        if m.defender_lives is not None:
            p = sum((q for (a, _d), q in dist.items() if a >= m.defender_lives), Fraction(0))
            entry["defender_dies"] = float(p)
            entry["defender_dies_fraction"] = _frac(p)
        if m.attacker_lives is not None:
            p = sum((q for (_a, d), q in dist.items() if d >= m.attacker_lives), Fraction(0))
            entry["attacker_dies"] = float(p)
            entry["attacker_dies_fraction"] = _frac(p)
        out["policies"][policy] = entry
    out["cites"] = ([C.CLOSED_TARGET, C.ROLL_CLAMP] if m.defender_closed
                    else [C.FIGHT_BOTH_ROLL, C.STRIKE_TABLE, C.RESPONSE, C.STEP_UP])
    return out
