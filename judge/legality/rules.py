"""Shared vocabulary of the pre-game legality checks: findings, verdicts, rulesets, card lookup.

``judge.legality.deck``, ``judge.legality.squad`` and ``judge.legality.placement`` each own their rules; this module owns
what they have in common:

* ``Finding`` — one problem as data (clause id, stable rule id, Russian message, card, cell,
  line of the input file).  Validators never stop at the first problem: they return every
  finding, sorted by ``Finding.sort_key`` so the same input always prints the same list.
* ``Ruleset`` — the numbers of a game variant.  Where the sources disagree (the second player's
  crystal bonus, the neutral-only squad) the ruleset says which statement it applies and
  ``Ruleset.notes`` prints that choice with every verdict.
(Card names resolve through ``carddb.lookup.CardIndex``, the lookup the judge uses too.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Iterable, Mapping

from berserk.errors import InputError, UnknownNameError
from berserk.text import fold
from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from carddb.model import NEUTRAL, Card
from grammar import ast as A
from judge.legality.lists import Entry
from rulings.lookup import applied, check_citations, cite_label, source_label

# ---------------------------------------------------------------- findings


@dataclass(frozen=True)
class Finding:
    """One legality problem.

    ``clause`` is the citation (bare id within ``book``); ``rule`` is the stable machine id of
    the check that fired (``deck.size``, ``squad.flyers`` …), so tests and tools need not parse
    messages.  ``line`` is the 1-based line of the input file the problem is about, if any."""

    clause: str
    rule: str
    message: str
    card: str | None = None
    cell: str | None = None
    line: int | None = None
    book: str = "classic"

    def sort_key(self, order: tuple[str, ...]) -> tuple:
        rank = order.index(self.rule) if self.rule in order else len(order)
        return (rank, self.line or 0, self.cell or "", self.card or "", self.message)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"clause": self.clause, "cite": cite_label(self.book, self.clause),
                               "book": self.book, "rule": self.rule, "message": self.message}
        for key in ("card", "cell", "line"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def render(self, source: str | None = None) -> str:
        where = ""
        if self.line is not None:
            where = f"{source}:{self.line}: " if source else f"строка {self.line}: "
        return f"[{cite_label(self.book, self.clause)}] {where}{self.message}"


@dataclass(frozen=True)
class Verdict:
    """The result of one check: every finding, plus what the reader should know about the
    ruleset choices that were applied (``notes``) and the figures behind them (``summary``)."""

    subject: str                              # «колода» | «отряд»
    ruleset: "Ruleset"
    findings: tuple[Finding, ...]
    notes: tuple[str, ...] = ()
    summary: Mapping[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "subject": self.subject, "ruleset": self.ruleset.name,
                "book": self.ruleset.book,
                "problems": [f.to_dict() for f in self.findings],
                "notes": list(self.notes), "summary": dict(self.summary)}


@dataclass(frozen=True)
class Paid:
    """One card of a squad with its resolved card and its payment (the squad check makes these;
    the placement check reads them)."""

    entry: Entry
    card: Card | None
    gold: int
    silver: int
    stated: bool


def ordered(findings: Iterable[Finding], order: tuple[str, ...]) -> tuple[Finding, ...]:
    """Findings in the stable report order: by rule (validator's order), then by line, cell."""
    return tuple(sorted(findings, key=lambda f: f.sort_key(order)))


# ---------------------------------------------------------------- rulesets


@dataclass(frozen=True)
class Ruleset:
    """The numbers of one game variant.  Classic squads use the crystal fields; Heroes decks
    use ``deck_min``/``copies``/``horde_copies``.  A Berserk-Online table with non-standard
    crystal counts is the same ruleset with other ``gold``/``silver`` (``with_crystals``).

    The numbers the sources disagree on (the second player's bonus, the neutral-only squad,
    the extra-element penalty) are not written here: ``ruleset()`` reads them from the
    rulebook's conflicts register (rulings/books/classic.conflicts.yaml), which names the
    statement each ruleset applies and its source."""

    name: str
    book: str
    game: str                                  # classic | heroes
    title: str
    deck_min: int
    deck_max: int | None
    copies: int
    # classic squad
    gold: int = 23
    silver: int = 22
    second_gold: int = 0
    second_silver: int = 0
    second_source: str = ""
    single_element_gold: int = 1
    extra_element_gold: int = 1
    extra_element_flat: bool = False           # True: one gold for any number above two
    neutral_only_gold: int = 0
    neutral_only_source: str = ""
    redeal_gold: int = 1
    flyers_max: int = 15
    hand_size: int = 15
    # heroes deck
    horde_copies: int | None = None            # None: the «Орда» exception has no limit
    crystals_source: str = "стандарт"

    def with_crystals(self, gold: int | None = None, silver: int | None = None) -> "Ruleset":
        """A Berserk-Online table with its own crystal counts (set when the table is created)."""
        if gold is None and silver is None:
            return self
        return replace(self, gold=self.gold if gold is None else gold,
                       silver=self.silver if silver is None else silver,
                       crystals_source="задано для стола")

    def notes(self, subject: str, neutral_only: bool = False) -> tuple[str, ...]:
        """One line per ruleset choice that matters for ``subject`` (deck | squad); the
        neutral-only choice is shown only for a squad that is neutral-only."""
        if self.game == "heroes":
            limit = ("без ограничения" if self.horde_copies is None
                     else f"не более {self.horde_copies}")
            return (f"правила {self.name}: только карты «Героев»; герой + не менее "
                    f"{self.deck_min} карт, не более {self.copies} одинаковых; карты с «Орда» — "
                    f"{limit}; без «Созданный», «Помещённый», «Обращенный» (глоссарий "
                    f"«Героев»)",)
        if subject == "deck":
            return (f"правила {self.name}: в колоде от {self.deck_min} до {self.deck_max} карт, "
                    f"не более {self.copies} одинаковых",)
        bonus = " и ".join(p for p in (
            f"+{self.second_gold} золотой" if self.second_gold else "",
            f"+{self.second_silver} серебряный" if self.second_silver else "") if p) or "нет"
        out = [f"правила {self.name}: кристаллы — {self.gold} золотых и {self.silver} "
               f"серебряных ({self.crystals_source})",
               f"бонус второго игрока: {bonus} — применяется источник: {source_label(self.second_source)} "
               "(источники расходятся; оба прочтения: berserk rule «бонус второго игрока»)"]
        if neutral_only:
            out.append(f"отряд только из нейтральных карт: {self.neutral_only_gold:+d} золотой — "
                       f"применяется источник: {source_label(self.neutral_only_source)} "
                       "(источники расходятся; оба прочтения: berserk rule «нейтральные карты в отряде»)")
        return tuple(out)


# The undisputed numbers of each ruleset; ``ruleset()`` adds the disputed ones.
RULESETS: dict[str, Ruleset] = {r.name: r for r in (
    Ruleset(name="classic", book="classic", game="classic",
            title="«Берсерк», правила настольной игры", deck_min=30, deck_max=50, copies=3),
    Ruleset(name="classic-online", book="classic", game="classic",
            title="«Берсерк-Онлайн»", deck_min=30, deck_max=50, copies=3),
    Ruleset(name="heroes-15", book="heroes-15", game="heroes",
            title="«Берсерк. Герои», Полные правила, 15-е издание",
            deck_min=40, deck_max=None, copies=3, horde_copies=5),
)}


def ruleset(name: str, source: str = "--ruleset", line: int | None = None) -> Ruleset:
    """The ruleset called ``name``, complete; an unknown name is an input error with hints
    (``source`` says where the name was written: the option or a file)."""
    base = RULESETS.get(name)
    if base is None:
        raise InputError.at(UnknownNameError(
            "правила", name, RULESETS, quoted=False,
            head=f"неизвестные правила «{name}»; есть: {', '.join(RULESETS)}").message,
            source, line)
    return _with_register(base) if base.game == "classic" else base


@lru_cache(maxsize=None)
def check_cites(book: str, ids: tuple[str, ...]) -> None:
    """Fail loudly (once per book and registry) if a check cites a clause the book lacks: each
    check module calls this with its ``CITES`` before its first verdict."""
    check_citations(book, ids, source="judge/legality")


@lru_cache(maxsize=None)
def _with_register(base: Ruleset) -> Ruleset:
    """``base`` with the disputed numbers its conflicts-register choices give."""
    second = applied(base.book, "second-player-bonus", base.name)
    neutral = applied(base.book, "neutral-only-squad", base.name)
    penalty = applied(base.book, "extra-element-penalty", base.name)
    return replace(base,
                   second_gold=int(second.value.get("gold", 0)),
                   second_silver=int(second.value.get("silver", 0)),
                   second_source=second.source,
                   # the register states the neutral-only squad's total; we keep the delta
                   neutral_only_gold=int(neutral.value["gold"]) - base.gold,
                   neutral_only_source=neutral.source,
                   extra_element_gold=int(penalty.value.get("gold", 1)),
                   extra_element_flat=penalty.value.get("penalty") == "flat")


# ---------------------------------------------------------------- card facts

_SENTENCES_RE = re.compile(r"[.\n]")
_SYMBIOTE_RE = re.compile(r"^\s*симбиот\s*\.?\s*$", re.MULTILINE)

#: Heroes keywords that keep a card out of a deck list (glossary of heroes-15): a «Созданный»
#: card comes from the stock, a «Помещённый» one is shuffled in from the stock during the game,
#: and a card side with «Обращенный» enters play only by turning the card over (the deck holds
#: the other side).  The vocabulary has no members for them yet (they wait for the grammar's
#: Heroes keywords): each is matched as a sentence of the text on its own («Созданный.»), folded.
NOT_IN_DECK = ("созданный", "помещенный", "обращенный")


def elements_of(card: Card) -> tuple[str, ...]:
    """The card's elements for legality: neutral cards have none («нейтральные карты никак
    не влияют на количество золотых кристаллов»)."""
    return tuple(e for e in card.elements if e != NEUTRAL)


def has_keyword(card: Card, name: str) -> bool:
    """A top-level keyword ability (not one granted by an effect: «получает полёт» is not a
    flyer)."""
    return any(isinstance(a, A.Keyword) and a.name == name for a in card.abilities())


def is_flyer(card: Card) -> bool:
    return KW.FLYING in card.type_keywords or has_keyword(card, KW.FLYING)


def is_symbiote(card: Card) -> bool:
    if KW.SYMBIOTE in card.type_keywords or has_keyword(card, KW.SYMBIOTE):
        return True
    return bool(card.text and _SYMBIOTE_RE.search(fold(card.text)))


def has_horde(card: Card) -> bool:
    """«Орда» as the card's own keyword (the grammar types it: ``KeywordName.HORDE``) — not a
    name with «орден», not a text that mentions cards with Орда."""
    return has_keyword(card, KW.HORDE)


def not_in_deck(card: Card) -> str | None:
    """The keyword of ``NOT_IN_DECK`` the card has (folded), or None."""
    if not card.text:
        return None
    sentences = {part.strip() for part in _SENTENCES_RE.split(fold(card.text))}
    return next((word for word in NOT_IN_DECK if word in sentences), None)


def special_kind(card: Card) -> str | None:
    """Which placement.special group a card belongs to (flyer, terrain, symbiote, equipment,
    artifact), or None for an ordinary creature."""
    if is_flyer(card):
        return CardType.FLYER
    if card.card_type in (CardType.TERRAIN, CardType.EQUIPMENT, CardType.ARTIFACT):
        return CardType(card.card_type)
    if is_symbiote(card):
        return CardType.SYMBIOTE
    return None


