"""Deck legality: the classic deck and the «Берсерк. Герои» deck.

Classic (book ``classic``, clause ``deck``): 30–50 cards, at most 3 cards of one name
(seed 000, «КОЛОДЫ» and the Берсерк-Онлайн section; seed 001 repeats 30–50).

Heroes (book ``heroes-15``; the tournament rules' «Общие правила», seed 001 «ПРАВИЛА СОСТАВЛЕНИЯ
КОЛОДЫ» and the glossary): Heroes cards only (``Card.game``); one hero and at least 40 other
cards, no upper limit; only the hero's element and neutral cards, a multi-element card needs one
element in common with the hero (107.2.3); at most 3 cards of one name (term «Название карты»),
up to 5 of a card with «Орда» (term «Орда»); no «Созданный» or «Помещённый» card and no card side
with «Обращенный» (their glossary terms).  «Уникальность» limits the cards in play, not the deck.
The full rules have no numbered deck-building clause: the size and hero checks cite 101.2, the
elements 107.2 / 107.2.3, the card types 107.1, the rest the glossary terms (``HEROES_CLAUSES``).

``check_deck`` returns a ``Verdict`` with every finding in a stable order; it never raises on
an illegal deck (only the reader raises, on malformed files).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from berserk.text import fold, plural
from berserk.vocab import HEROES_TYPES, CardType, Element, Game
from carddb.lookup import CardIndex
from carddb.model import Card
from judge.legality.lists import Entry, ListFile
from judge.legality.rules import (NOT_IN_DECK, Finding, Ruleset, Verdict, check_cites,
                                  elements_of, has_horde, not_in_deck, ordered)

# Report order of the deck rules (Finding.rule): the order a judge reads a deck in.
DECK_ORDER = ("card.unknown", "deck.size", "deck.copies",
              "heroes.classic-card", "heroes.hero", "heroes.size", "heroes.created",
              "heroes.placed", "heroes.flipped", "heroes.element", "heroes.multi-element",
              "heroes.copies", "heroes.horde")

# Heroes citations: the nearest numbered clauses of the 15th edition for what the tournament
# rules and seed 001 say without numbers, and the glossary terms that state a deck rule.
HEROES_CLAUSES = {
    "heroes.classic-card": "107.1",        # the four Heroes card types
    "heroes.hero": "101.2",                # a player starts with their own deck (and a hero)
    "heroes.size": "101.2",
    "heroes.created": "term:Созданный",    # «не может быть в колоде»
    "heroes.placed": "term:Помещённый",    # «не может быть в колоде на момент начала партии»
    "heroes.flipped": "term:Обращенный",   # the deck holds the side without it
    "heroes.element": "107.2",             # elements and neutral cards
    "heroes.multi-element": "107.2.3",     # a multi-element card belongs to each of its elements
    "heroes.copies": "term:Название карты",  # at most 3 of one name in a constructed deck
    "heroes.horde": "term:Орда",           # up to 5 of a card with Орда
}
#: The rule of each keyword that keeps a card out of a deck (``rules.NOT_IN_DECK``), and why.
NOT_IN_DECK_RULES = dict(zip(NOT_IN_DECK, (
    ("heroes.created", "«Созданный»", "такой карты не бывает в колоде — её создают из запаса "
                                      "во время партии"),
    ("heroes.placed", "«Помещённый»", "такой карты не бывает в колоде в начале партии — её "
                                      "помещают в колоду из запаса во время игры"),
    ("heroes.flipped", "«Обращенный»", "эта сторона карты появляется в игре только переворотом "
                                       "— в колоду кладут карту другой стороной"),
)))


# Every clause this module can cite, per book (checked against the shipped books at load time).
CITES = {"classic": ("deck",), "heroes-15": tuple(sorted(set(HEROES_CLAUSES.values())))}


@dataclass(frozen=True)
class Counted:
    """One distinct card name of the list: how many, the first line it appears on."""

    name: str
    count: int
    line: int | None
    card: Card | None


def count_names(entries: tuple[Entry, ...], cards: CardIndex) -> list[Counted]:
    """Entries merged by folded name (the same card on two lines counts once), file order."""
    totals: Counter[str] = Counter()
    first: dict[str, Entry] = {}
    for entry in entries:
        key = fold(entry.name)
        totals[key] += entry.count
        first.setdefault(key, entry)
    out = []
    for key, entry in first.items():
        card = cards.get(entry.name)
        out.append(Counted(card.name if card else entry.name, totals[key], entry.line, card))
    return out


def unknown_findings(counted: list[Counted], cards: CardIndex, clause: str,
                     book: str) -> list[Finding]:
    return [Finding(clause, "card.unknown", cards.unknown_message(c.name), card=c.name,
                    line=c.line, book=book)
            for c in counted if c.card is None]


def check_deck(deck: ListFile, cards: CardIndex, rules: Ruleset) -> Verdict:
    """Every problem of ``deck`` under ``rules`` (classic or heroes)."""
    check_cites(rules.book, CITES.get(rules.book, ()))
    counted = count_names(deck.entries, cards)
    if rules.game == "heroes":
        findings, summary = _heroes(counted, cards, rules)
    else:
        findings, summary = _classic(counted, cards, rules)
    return Verdict("колода", rules, ordered(findings, DECK_ORDER), rules.notes("deck"), summary)


# ---------------------------------------------------------------- classic


def _classic(counted: list[Counted], cards: CardIndex, rules: Ruleset):
    book = rules.book
    findings = unknown_findings(counted, cards, "deck", book)
    total = sum(c.count for c in counted)
    if total < rules.deck_min or (rules.deck_max is not None and total > rules.deck_max):
        findings.append(Finding("deck", "deck.size",
                                f"в колоде {total} {_cards(total)}: нужно от {rules.deck_min} "
                                f"до {rules.deck_max}", book=book))
    findings.extend(_copies(counted, rules, "deck", "deck.copies", book, horde=False))
    return findings, {"cards": total, "distinct": len(counted)}


def _copies(counted: list[Counted], rules: Ruleset, clause: str, rule: str, book: str,
            horde: bool) -> list[Finding]:
    out = []
    for c in counted:
        if horde and c.card is not None and has_horde(c.card):
            limit = rules.horde_copies
            if limit is not None and c.count > limit:
                out.append(Finding(HEROES_CLAUSES["heroes.horde"], "heroes.horde",
                                   f"«{c.name}»: {c.count} экз.; карт с «Орда» допускается не "
                                   f"более {limit}", card=c.name, line=c.line, book=book))
            continue
        if c.count > rules.copies:
            out.append(Finding(clause, rule, f"«{c.name}»: {c.count} экз.; допускается не более "
                                             f"{rules.copies} одинаковых карт",
                               card=c.name, line=c.line, book=book))
    return out


def _cards(n: int) -> str:
    return plural(n, "карта", "карты", "карт")


# ---------------------------------------------------------------- heroes


def _heroes(counted: list[Counted], cards: CardIndex, rules: Ruleset):
    book = rules.book
    cite = HEROES_CLAUSES
    findings = unknown_findings(counted, cards, cite["heroes.size"], book)
    # a classic card is named once and checked no further (its hero type, elements and
    # copies belong to the other game); it still counts in the deck's size
    classic = [c for c in counted if c.card is not None and c.card.game != Game.HEROES]
    findings += [Finding(cite["heroes.classic-card"], "heroes.classic-card",
                         f"«{c.name}» — карта классической игры «Берсерк»; в колоде «Героев» "
                         f"только карты «Героев» ({', '.join(HEROES_TYPES)}) — если это карта "
                         f"«Героев», в источнике карт у неё не указана игра (game: heroes)",
                         card=c.name, line=c.line, book=book) for c in classic]
    known = [c for c in counted if c.card is not None and c not in classic]
    heroes = [c for c in known if c.card.card_type == CardType.HERO]
    others = [c for c in counted if c not in heroes]
    hero_copies = sum(c.count for c in heroes)
    if hero_copies == 0:
        findings.append(Finding(cite["heroes.hero"], "heroes.hero",
                                "в колоде нет героя: нужна ровно одна карта героя", book=book))
    elif hero_copies > 1:
        names = ", ".join(f"«{c.name}» ×{c.count}" for c in heroes)
        findings.append(Finding(cite["heroes.hero"], "heroes.hero",
                                f"героев в колоде {hero_copies} ({names}): нужен ровно один",
                                card=heroes[0].name, line=heroes[0].line, book=book))
    total = sum(c.count for c in others)
    if total < rules.deck_min:
        findings.append(Finding(cite["heroes.size"], "heroes.size",
                                f"кроме героя в колоде {total} {_cards(total)}: нужно не менее "
                                f"{rules.deck_min}", book=book))
    for c in known:
        word = not_in_deck(c.card)
        if word is not None:
            rule, keyword, why = NOT_IN_DECK_RULES[word]
            findings.append(Finding(cite[rule], rule, f"«{c.name}» — карта с особенностью "
                                                      f"{keyword}; {why}",
                                    card=c.name, line=c.line, book=book))
    hero = heroes[0].card if len(heroes) == 1 and heroes[0].count == 1 else None
    rest = [c for c in others if c not in classic]
    if hero is not None:
        findings.extend(_element_findings(hero, rest, book))
    findings.extend(_copies(rest, rules, cite["heroes.copies"], "heroes.copies", book,
                            horde=True))
    summary = {"hero": hero.name if hero else None, "cards": total, "distinct": len(others),
               "hero_elements": list(elements_of(hero)) if hero else []}
    return findings, summary


def _element_findings(hero: Card, others: list[Counted], book: str) -> list[Finding]:
    """Only the hero's element(s) and neutral cards; a multi-element card needs one element in
    common with the hero (107.2.3: it belongs to each of its elements)."""
    allowed = set(elements_of(hero))
    out = []
    for c in others:
        if c.card is None:
            continue
        own = elements_of(c.card)
        if not own or allowed & set(own):
            continue
        shown_hero = ", ".join(sorted(allowed)) or Element.NEUTRAL
        if len(own) > 1:
            out.append(Finding(HEROES_CLAUSES["heroes.multi-element"], "heroes.multi-element",
                               f"«{c.name}» ({', '.join(own)}): ни одна из стихий карты не "
                               f"совпадает со стихией героя «{hero.name}» ({shown_hero})",
                               card=c.name, line=c.line, book=book))
        else:
            out.append(Finding(HEROES_CLAUSES["heroes.element"], "heroes.element",
                               f"«{c.name}» ({own[0]}): в колоду героя «{hero.name}» "
                               f"({shown_hero}) можно брать только карты его стихии и "
                               f"нейтральные", card=c.name, line=c.line, book=book))
    return out
