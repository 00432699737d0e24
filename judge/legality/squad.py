"""Classic squad legality: the crystal budget and what the squad bought with it.

Rules (book ``classic``; numbers from the ``Ruleset``, see judge/legality_rules.py):

* ``squad.crystals`` — 23 gold + 22 silver; the squad is chosen from a 15-card deal; a card's
  payment (gold + silver) equals its cost; neither colour is overspent.
* ``squad.elite`` — elite cards only with gold; ordinary cards with either.
* ``squad.elements`` / ``squad.neutral`` — +1 gold for a single-element squad, −1 gold for each
  element above two; neutral cards count as no element (a neutral-only squad: see the ruleset).
* ``squad.flyers`` — flyers cost at most 15 crystals in total.
* ``squad.second-player`` — the second player's bonus (the sources disagree; the ruleset says
  which one applies and the verdict's notes show it).
* ``squad.redeal`` — each redeal costs 1 gold.

A card line may state its payment («4з», «2з 1с») or not; unstated payments are allocated the
way the seeds advise (elite from gold; ordinary from silver first, then gold), which is the
allocation that fits whenever any allocation fits, since only the totals of each colour count.
Placement (``cell``) is checked by judge/placement.py when the file gives cells.
"""
from __future__ import annotations

from dataclasses import dataclass

from carddb.lookup import CardIndex
from carddb.model import Card
from judge.legality.lists import Entry, ListFile
from judge.legality.placement import CITES as PLACEMENT_CITES
from judge.legality.placement import PLACEMENT_ORDER, check_placement, has_cells
from judge.legality.rules import (Finding, Paid, Ruleset, Verdict, check_cites, elements_of,
                                  is_flyer, ordered)

# Every clause this module can cite (checked against the shipped book at load time).
CITES = {"classic": ("deck", "squad", "squad.crystals", "squad.elite", "squad.elements", "squad.neutral",
                     "squad.flyers", "squad.second-player", "squad.redeal")}

SQUAD_ORDER = ("card.unknown", "squad.size", "squad.copies", "squad.payment", "squad.elite", "squad.gold",
               "squad.silver", "squad.flyers")


@dataclass(frozen=True)
class BudgetPart:
    """One line of the crystal budget: how much of each colour, why, and the clause."""

    clause: str
    reason: str
    gold: int = 0
    silver: int = 0

    def to_dict(self) -> dict:
        return {"clause": self.clause, "reason": self.reason, "gold": self.gold,
                "silver": self.silver}


@dataclass(frozen=True)
class Budget:
    parts: tuple[BudgetPart, ...]

    @property
    def gold(self) -> int:
        return sum(p.gold for p in self.parts)

    @property
    def silver(self) -> int:
        return sum(p.silver for p in self.parts)

    def explain(self, colour: str) -> str:
        """«23 базовых + 1 за одну стихию − 1 за пересдачу»."""
        out = []
        for part in self.parts:
            amount = part.gold if colour == "gold" else part.silver
            if not amount and out:
                continue
            sign = "" if not out else ("+ " if amount >= 0 else "− ")
            out.append(f"{sign}{abs(amount) if out else amount} {part.reason}")
        return " ".join(out)


def budget(rules: Ruleset, player: str, elements: int | None, redeals: int) -> Budget:
    """The crystals a player has for the squad.  ``elements``: distinct elements of the squad
    (neutral excluded); None when it cannot be known (unknown cards)."""
    parts = [BudgetPart("squad.crystals", "базовых", rules.gold, rules.silver)]
    if player == "second" and (rules.second_gold or rules.second_silver):
        parts.append(BudgetPart("squad.second-player", "бонус второго игрока",
                                rules.second_gold, rules.second_silver))
    if elements == 0:
        parts.append(BudgetPart("squad.neutral", "за отряд только из нейтральных карт",
                                rules.neutral_only_gold))
    elif elements == 1:
        parts.append(BudgetPart("squad.elements", "за одну стихию", rules.single_element_gold))
    elif elements is not None and elements > 2:
        extra = 1 if rules.extra_element_flat else elements - 2
        parts.append(BudgetPart("squad.elements", f"за стихии сверх двух ({elements - 2})",
                                -rules.extra_element_gold * extra))
    if redeals:
        parts.append(BudgetPart("squad.redeal", f"за пересдачи ({redeals})",
                                -rules.redeal_gold * redeals))
    return Budget(tuple(parts))


def check_squad(squad: ListFile, cards: CardIndex, rules: Ruleset, player: str | None = None,
                side: str | None = None, redeals: int | None = None) -> Verdict:
    """Every problem of a classic squad (and of its placement, when cells are given).

    ``player``/``side``/``redeals`` override the file's header settings."""
    check_cites(rules.book, CITES.get(rules.book, ()) + PLACEMENT_CITES.get(rules.book, ()))
    settings = squad.settings
    player = player or settings.get("player", "first")
    side = side or settings.get("side") or ("A" if player == "first" else "B")
    redeals = settings.get("redeals", 0) if redeals is None else redeals
    book = rules.book
    findings: list[Finding] = []

    copies = [(e, cards.get(e.name)) for e in squad.entries for _ in range(e.count)]
    for entry, card in dict(((e.line, e.name), (e, c)) for e, c in copies).values():
        if card is None:
            findings.append(Finding("squad", "card.unknown", cards.unknown_message(entry.name),
                                    card=entry.name, line=entry.line, book=book))
    known = [c for _, c in copies if c is not None]
    size = len(copies)
    if size > rules.hand_size:
        findings.append(Finding("squad", "squad.size",
                                f"в отряде {size} карт, а набирают его из раздачи в "
                                f"{rules.hand_size} карт", book=book))

    findings.extend(_copies(copies, rules, book))
    element_set = sorted({e for c in known for e in elements_of(c)})
    elements = len(element_set) if len(known) == len(copies) else None
    money = budget(rules, player, elements, redeals)
    paid = _pay(copies, money, findings, book)
    findings.extend(_overspend(paid, money, book))
    findings.extend(_flyers(paid, rules, book))

    notes = list(rules.notes("squad", neutral_only=elements == 0))
    spent_gold, spent_silver = sum(p.gold for p in paid), sum(p.silver for p in paid)
    notes.append(f"золото: потрачено {spent_gold} из {money.gold} ({money.explain('gold')}); "
                 f"серебро: {spent_silver} из {money.silver} ({money.explain('silver')})")
    if has_cells(squad):
        findings.extend(check_placement(paid, player, side, book))
    else:
        notes.append("клетки не указаны — расстановка не проверялась")
    summary = {
        "player": player, "side": side, "redeals": redeals, "cards": size,
        "elements": element_set,
        "budget": {"gold": money.gold, "silver": money.silver,
                   "parts": [p.to_dict() for p in money.parts]},
        "spent": {"gold": spent_gold, "silver": spent_silver},
        "flyers_cost": sum(p.card.cost or 0 for p in paid if p.card and is_flyer(p.card)),
    }
    return Verdict("отряд", rules, ordered(findings, SQUAD_ORDER + PLACEMENT_ORDER),
                   tuple(notes), summary)


def _copies(copies: list[tuple[Entry, Card | None]], rules: Ruleset,
            book: str) -> list[Finding]:
    """A squad comes from a legal deck, so it cannot hold more copies of a card than a deck."""
    counts: dict[str, list[Entry]] = {}
    for entry, card in copies:
        if card is not None:
            counts.setdefault(card.name, []).append(entry)
    return [Finding("deck", "squad.copies", f"«{name}»: {len(entries)} экз. в отряде, а в "
                                            f"колоде их не может быть больше {rules.copies}",
                    card=name, line=entries[0].line, book=book)
            for name, entries in counts.items() if len(entries) > rules.copies]


def _pay(copies: list[tuple[Entry, Card | None]], money: Budget, findings: list[Finding],
         book: str) -> list[Paid]:
    """Stated payments as written (checked against the cost and the elite rule); unstated
    ones allocated: elite from gold, ordinary from the silver left, then gold."""
    paid: list[Paid] = []
    for entry, card in copies:
        stated = entry.gold is not None or entry.silver is not None
        gold, silver = entry.gold or 0, entry.silver or 0
        if card is None or card.cost is None:
            paid.append(Paid(entry, card, gold, silver, stated))
            continue
        if stated and gold + silver != card.cost:
            findings.append(Finding("squad.crystals", "squad.payment",
                                    f"«{card.name}» стоит {card.cost}, а оплачено {gold + silver}"
                                    f" ({gold} зол. + {silver} сер.)", card=card.name,
                                    line=entry.line, book=book))
        if stated and card.elite and silver:
            findings.append(Finding("squad.elite", "squad.elite",
                                    f"элитная карта «{card.name}» оплачена серебром ({silver}): "
                                    f"элитные карты берутся только за золото", card=card.name,
                                    line=entry.line, book=book))
        paid.append(Paid(entry, card, gold, silver, stated))
    silver_left = money.silver - sum(p.silver for p in paid)
    for i, p in enumerate(paid):
        if p.stated or p.card is None or p.card.cost is None:
            continue
        cost = p.card.cost
        if p.card.elite:
            paid[i] = Paid(p.entry, p.card, cost, 0, False)
        else:
            silver = max(0, min(cost, silver_left))
            silver_left -= silver
            paid[i] = Paid(p.entry, p.card, cost - silver, silver, False)
    return paid


def _overspend(paid: list[Paid], money: Budget, book: str) -> list[Finding]:
    out = []
    gold = sum(p.gold for p in paid)
    silver = sum(p.silver for p in paid)
    if gold > money.gold:
        elite = sum(p.gold for p in paid if p.card is not None and p.card.elite)
        why = f"; из них на элитные {elite}" if elite else ""
        out.append(Finding("squad.crystals", "squad.gold",
                           f"золота потрачено {gold}{why}, а есть {money.gold} "
                           f"({money.explain('gold')})", book=book))
    if silver > money.silver:
        out.append(Finding("squad.crystals", "squad.silver",
                           f"серебра потрачено {silver}, а есть {money.silver} "
                           f"({money.explain('silver')})", book=book))
    return out


def _flyers(paid: list[Paid], rules: Ruleset, book: str) -> list[Finding]:
    flyers = [p.card for p in paid if p.card is not None and is_flyer(p.card)]
    total = sum(c.cost or 0 for c in flyers)
    if total <= rules.flyers_max:
        return []
    names = ", ".join(f"«{c.name}» ({c.cost})" for c in flyers)
    return [Finding("squad.flyers", "squad.flyers",
                    f"на летающих потрачено {total} кристаллов ({names}): допускается не более "
                    f"{rules.flyers_max}", book=book)]
