"""Who may carry equipment: the one statement of the rule the engine (``Engine.equip``), the
scenario loader (a board that starts with equipment on) and the pre-game placement check share.

Equipment goes only on a creature that has a class and is not a flyer, a symbiote or
incorporeal; never on an artefact.  The callers know their host differently — the engine from
a piece's live traits, placement from the printed card — so they state the facts and this
module says which of them forbid equipment.  How each caller words the first reason stays
with the caller (a ruling and a placement report name them in their own order).
"""
from __future__ import annotations

from enum import StrEnum
from typing import Iterable


class HostProblem(StrEnum):
    """Why a card cannot carry equipment, in the order the rules list them."""

    ARTIFACT = "artifact"
    NOT_CREATURE = "not_creature"
    NO_CLASS = "no_class"
    FLYER = "flyer"
    SYMBIOTE = "symbiote"
    INCORPOREAL = "incorporeal"


def equipment_host_problems(*, artifact: bool, creature: bool, classes: Iterable[str],
                            flyer: bool, symbiote: bool,
                            incorporeal: bool) -> tuple[HostProblem, ...]:
    """Every reason the host cannot carry equipment (empty: it can), in ``HostProblem`` order."""
    facts = {HostProblem.ARTIFACT: artifact, HostProblem.NOT_CREATURE: not creature,
             HostProblem.NO_CLASS: not tuple(classes), HostProblem.FLYER: flyer,
             HostProblem.SYMBIOTE: symbiote, HostProblem.INCORPOREAL: incorporeal}
    return tuple(p for p in HostProblem if facts[p])


def first_of(problems: Iterable[HostProblem], order: tuple[HostProblem, ...]) -> HostProblem | None:
    """The problem a caller names first, by its own ``order``; None when there is none."""
    found = set(problems)
    return next((p for p in order if p in found), None)
