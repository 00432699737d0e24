"""Pre-game legality: decks, squads (crystals) and placement, checked against a ruleset.

Independent of the rules engine (judge/engine.py): it reads card lists and the card DB and
returns verdicts, every finding citing its clause.
"""
