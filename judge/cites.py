"""Every clause id the judge cites, in one place.

The engine never writes a clause id as a bare string: it uses the constants below, so the set of
ids the judge can cite is known at import time and can be checked against the rulebook
(``rulings/books/classic.yaml``) in one call, ``check_against_book``.  A citation of a clause the
book does not have is a programming error and fails loudly (``MissingClauseError``) the first time
a scenario is judged, not silently in a printed trace.

Ids are the ones agreed between the rulebooks, judge and legality issues (bare ids within the
``classic`` book).
"""
from __future__ import annotations

from functools import lru_cache

from berserk.errors import InternalError, Location
from berserk.vocab import AttackKind as K
from rulings.lookup import clause_ids

BOOK = "classic"

# -------------------------------------------------------------- combat clauses (seed 004)
FIGHT = "514"
FIGHT_BOTH_ROLL = "514.1"          # a simple strike on an open enemy creature: both roll
STRIKE_TABLE = "514.2"             # the strike table
RESPONSE = "514.3"                 # the reflecting card's strike is a response strike
STEP_UP = "514.4"                  # the higher roller may step one row up, taking no strike
MISS = "514.5"                     # a miss: no wounds, no riders; both count as having acted
CLOSED_TARGET = "514.6"            # a closed target does not roll: 1-3 / 4-5 / 6
OWN_CARD = "514.7"                 # a strike on one's own card is rolled as on a closed card
AS_ON_CLOSED = "514.8"             # special, unanswerable, magic, uchr, shot, discharge, throw

# -------------------------------------------------------------- golden rules
AXE = "axe"                        # Правило Топора: card text beats the rules
LEGALITY = "legality"              # Правило легальности: cancelled, cost unpaid
ROLL_CLAMP = "roll-clamp"          # Правило сведения броска: 1..6 outside a two-card fight

# -------------------------------------------------------------- play
FIELD = "field"
DECK = "deck"
TURN = "turn"
PLACEMENT_SPECIAL = "placement.special"
TURN_ORDER = "turn.order"
TURN_START = "turn.start"
HIDDEN_ROW = "turn.hidden-row"
MOVEMENT = "movement"
ACTION_CLOSE = "action.close"
STRIKE = "attack.strike"
DEFENDER = "attack.defender"
DIRECT = "attack.direct"
UNANSWERABLE = "attack.unanswerable"
VAMPIRISM = "attack.vampirism"
BONUS = "attack.bonus"
SPECIAL = "attack.special"
MAGIC = "attack.magic"
SHOT = "attack.shot"
THROW = "attack.throw"
DISCHARGE = "attack.discharge"
UCHR = "attack.uchr"
RANGED = "attack.ranged"
NAMED_EFFECT = "effect.named"
SPELL = "effect.spell"
FINISHING = "effect.finishing"
POISON = "effect.poison"
DEATH = "wounds.death"
COUNTERS = "counters"
INSTANT = "instant"
FLYERS = "flyers"
INCORPOREAL = "incorporeal"
SYMBIOTE = "symbiote"
EQUIPMENT = "equipment"
ARTIFACT = "artifact"
TERRAIN = "terrain"
VICTORY = "victory"

#: The clause that describes each attack kind.
ATTACK_CLAUSE = {
    K.STRIKE: STRIKE, K.SPECIAL: SPECIAL, K.MAGIC: MAGIC, K.SHOT: SHOT, K.THROW: THROW,
    K.DISCHARGE: DISCHARGE, K.UCHR: UCHR,
}

ALL: frozenset[str] = frozenset(
    value for name, value in dict(globals()).items()
    if name.isupper() and isinstance(value, str) and name != "BOOK"
)


class MissingClauseError(InternalError):
    """The judge cites a clause id the rulebook does not have: a programming error."""


@lru_cache(maxsize=1)
def book_ids() -> frozenset[str]:
    """Clause ids of the classic rulebook index (rulings/books/classic.yaml)."""
    return clause_ids(BOOK)


def missing_in_book() -> list[str]:
    """Ids the judge cites that the classic book lacks."""
    return sorted(ALL - book_ids())


@lru_cache(maxsize=1)
def check_against_book() -> None:
    """Raise ``MissingClauseError`` if the judge can cite an id the rulebook does not have.
    Called when an ``Engine`` is made, so the mismatch surfaces on the first ruling."""
    missing = missing_in_book()
    if missing:
        raise MissingClauseError(
            "судья ссылается на пункты, которых нет в книге «classic»: " + ", ".join(missing),
            Location(f"книга правил «{BOOK}»"))
