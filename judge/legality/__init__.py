"""Pre-game legality: decks, squads (crystals) and placement, checked against a ruleset.

Independent of the rules engine (judge/engine.py): it reads card lists and the card DB and
returns verdicts, every finding citing its clause.  Each check module lists the clauses it can
cite (``CITES``) and verifies them against the book before its first verdict
(``rules.check_cites``); ``verify_citations`` checks every module's list at once.
"""
from judge.legality import deck, placement, squad
from judge.legality.rules import check_cites


def verify_citations(book: str) -> None:
    """Fail loudly if any legality check cites a clause ``book`` lacks."""
    check_cites(book, tuple(cid for module in (deck, squad, placement)
                            for cid in module.CITES.get(book, ())))
