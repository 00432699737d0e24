"""The closed vocabularies, one enum each, with their flags and Russian word forms as data.

Every id the AST, the database and the judge use for an attack kind, a strength, a keyword, a
trigger event, a duration, an element or a card type is a member of an enum of this package —
``berserk.vocab.cards`` (the game's words: attack kinds, strengths, keywords, elements, card
types, games) or ``berserk.vocab.language`` (the ability language's words: triggers, durations,
selectors, qualifiers, relations, conditions, verbs, measures, limits) — re-exported here, so
``from berserk.vocab import X`` is the one import.  The members are
``StrEnum``s whose values are the very strings the AST's canonical JSON and the database have
always carried, so ``AttackKind.SHOT == "shot"`` and a member can stand wherever the string did
(a dict key, a SQL parameter, ``json.dumps``).  Code names a word through its member
(``AttackKind.DISCHARGE``), never as a string literal: tests/test_vocab.py greps for the
attack-kind words.

Member *names* are part of the API (grammar/, carddb/, rulings/ and judge/ use them); add
members freely, never rename one.  Russian forms are the ones messages print; the parser's own
stems (how a word is *recognised*) stay with the grammar.

Note: PyYAML's safe dumper does not know ``str`` subclasses: turn a member into ``str(member)``
before ``yaml.safe_dump`` (``json.dumps`` and sqlite need nothing).
"""
from __future__ import annotations
from __future__ import annotations

from berserk.vocab.cards import (HEROES_CLASSES, HEROES_EQUIPMENT, HEROES_TYPES, AttackKind, CardType,
                                 Element, Forms, Game, KeywordName, Strength, Vocabulary)
from berserk.vocab.language import (BonusTo, ConditionKind, DurationKind, LimitPer, MeasureKind, Qualifier,
                                    RelationKind, SelectorNoun, Side, TriggerEvent, TriggerParam,
                                    TriggerTiming, Verb)

__all__ = ["AttackKind", "BonusTo", "CardType", "ConditionKind", "DurationKind", "Element", "Forms", "Game",
           "HEROES_CLASSES", "HEROES_EQUIPMENT", "HEROES_TYPES",
           "KeywordName", "LimitPer", "MeasureKind", "Qualifier", "RelationKind", "SelectorNoun",
           "Side", "Strength", "TriggerEvent", "TriggerParam", "TriggerTiming", "Verb",
           "Vocabulary"]
