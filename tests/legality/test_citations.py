"""Every clause the legality checks cite exists in its book, and the static CITES registries
(checked at load time) cover every clause a finding or a budget part actually carries."""
from __future__ import annotations

import pytest

from carddb.lookup import CardIndex
from judge.legality import deck, placement, squad, verify_citations
from judge.legality.lists import Entry
from judge.legality.rules import ruleset
from rulings.lookup import clause_exists
from tests.legality.conftest import card, listing, mountain


def registry(book):
    return {c for m in (deck, squad, placement) for c in m.CITES.get(book, ())}


@pytest.mark.parametrize("book", ["classic", "heroes-15"])
def test_registered_citations_exist(book):
    ids = registry(book)
    assert ids
    assert [c for c in sorted(ids) if not clause_exists(book, c)] == []
    verify_citations(book)                  # the load-time check passes too


def test_findings_cite_only_registered_clauses(examples, heroes_cards):
    classic = ruleset("classic")
    seen = set()
    decks = [listing((4, "Страж перевала"), (1, "Нет такой")),
             listing(*[(3, n) for n in examples.names[:17]])]
    for d in decks:
        seen |= {(f.book, f.clause, f.rule) for f in deck.check_deck(d, examples, classic).findings}
    heroes = listing((2, "Горный вождь"), (4, "Рудокоп"), (6, "Гоблин из орды"), (1, "Нет"))
    one_hero = listing((1, "Горный вождь"), *mountain(40), (1, "Лесная дриада"),
                       (1, "Лесостепной кентавр"))
    barred = listing((1, "Вождь в гневе"), *mountain(40), (1, "Каменный слуга"),
                     (1, "Подброшенный камень"), (1, "Горец старой школы"))
    for d in (heroes, one_hero, barred):
        seen |= {(f.book, f.clause, f.rule)
                 for f in deck.check_deck(d, heroes_cards, ruleset("heroes-15")).findings}
    entries = [Entry("Рунный кузнец", gold=3, silver=3, cell="c2"),
               Entry("Призрачный всадник", cell="c2"),
               Entry("Ледяной сокол", cell="доп"), Entry("Ледяной сокол", cell="c5"),
               Entry("Светлячок", cell="a2"), Entry("Страж перевала", gold=1, cell="a3"),
               Entry("Нет такой"), Entry("Степной лучник", silver=30)]
    entries += [Entry("Наёмный копейщик")] * 9
    verdict = squad.check_squad(listing(*entries, settings={"redeals": 5}), examples, classic)
    seen |= {(f.book, f.clause, f.rule) for f in verdict.findings}
    hosts = [Entry("Рунный кузнец", cell="c2"), Entry("Старый голем", cell="b2"),
             Entry("Знамя единства", cell="d2"), Entry("Пиявка-симбиот", cell="c3", host="d2"),
             Entry("Походный щит", cell="b3", host="b2"), Entry("Степной лучник", cell="d3",
                                                                 host="c2"),
             Entry("Пиявка-симбиот", cell="c1", host="e1")]
    hosted = squad.check_squad(listing(*hosts), examples, classic)
    seen |= {(f.book, f.clause, f.rule) for f in hosted.findings}
    pairs = [Entry("Рунный кузнец", cell="c2"), Entry("Пиявка-симбиот", cell="c3", host="c2"),
             Entry("Пиявка-симбиот", cell="b3", host="c2"),
             Entry("Походный щит", cell="d3", host="c3")]
    seen |= {(f.book, f.clause, f.rule)
             for f in squad.check_squad(listing(*pairs), examples, classic).findings}
    classed = [card(name="Гном", classes=["Гном"]), card(name="Щит 1", type="экипировка",
                                                         classes=["щит"]),
               card(name="Щит 2", type="экипировка", classes=["щит"])]
    twice = [Entry("Гном", cell="c2"), Entry("Щит 1", cell="c3", host="c2"),
             Entry("Щит 2", cell="b3", host="c2")]
    seen |= {(f.book, f.clause, f.rule) for f in squad.check_squad(
        listing(*twice), CardIndex(classed), classic).findings}
    second_player = squad.check_squad(listing(Entry("Страж перевала", cell="a5")), examples,
                                      classic, player="second")
    seen |= {(f.book, f.clause, f.rule) for f in second_player.findings}
    budget_clauses = {p["clause"] for p in verdict.summary["budget"]["parts"]}
    second = squad.budget(classic, "second", 0, 0)
    budget_clauses |= {p.clause for p in second.parts}

    rules = {r for _, _, r in seen}
    everything = set(deck.DECK_ORDER) | set(squad.SQUAD_ORDER) | set(placement.PLACEMENT_ORDER)
    assert everything - rules == set(), "a rule no input here exercises"
    for book in ("classic", "heroes-15"):
        cited = {c for b, c, _ in seen if b == book}
        if book == "classic":
            cited |= budget_clauses
        assert cited <= registry(book), cited - registry(book)
