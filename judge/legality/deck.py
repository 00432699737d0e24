"""Deck legality: the classic deck and the «Берсерк. Герои» deck.

Classic (book ``classic``, clause ``deck``): 30–50 cards, at most 3 cards of one name
(seed 000, «КОЛОДЫ» and the Берсерк-Онлайн section; seed 001 repeats 30–50).

Heroes (book ``heroes-15``): one hero and at least 40 other cards; only the hero's element and
neutral cards; a multi-element card needs one element in common with the hero (107.2.3); at
most 3 cards of one name, except cards with «Орда» (glossary: up to 5 in a constructed deck).
The full rules have no numbered deck-building clause: the checks cite the nearest clauses
(see ``HEROES_CLAUSES`` and docs/legality.md) and seed 001 «ПРАВИЛА СОСТАВЛЕНИЯ КОЛОДЫ».

``check_deck`` returns a ``Verdict`` with every finding in a stable order; it never raises on
an illegal deck (only the reader raises, on malformed files).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from berserk.text import fold, plural
from berserk.vocab import CardType, Element
from carddb.lookup import CardIndex
from carddb.model import Card
from judge.legality.lists import Entry, ListFile
from judge.legality.rules import (Finding, Ruleset, Verdict, check_cites, elements_of,
                                  has_horde, ordered)

# Report order of the deck rules (Finding.rule): the order a judge reads a deck in.
DECK_ORDER = ("card.unknown", "deck.size", "deck.copies",
              "heroes.hero", "heroes.size", "heroes.element", "heroes.multi-element",
              "heroes.copies", "heroes.horde")

# Heroes citations: the nearest numbered clauses of the 15th edition (the deck-building rule
# itself is in seed 001 and the tournament rules, which have no numbers).
HEROES_CLAUSES = {
    "heroes.hero": "101.2",            # a player starts with their own deck (and a hero)
    "heroes.size": "101.2",
    "heroes.element": "107.2",         # elements and neutral cards
    "heroes.multi-element": "107.2.3", # a multi-element card belongs to each of its elements
    "heroes.copies": "105.1",          # the name identifies a card
    "heroes.horde": "105.1",
}


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
    heroes = [c for c in counted if c.card is not None and c.card.card_type == CardType.HERO]
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
    hero = heroes[0].card if len(heroes) == 1 and heroes[0].count == 1 else None
    if hero is not None:
        findings.extend(_element_findings(hero, others, book))
    findings.extend(_copies(others, rules, cite["heroes.copies"], "heroes.copies", book,
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
