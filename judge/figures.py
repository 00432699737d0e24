"""How much of a card list the judge applies: the figures for maintainers.

For a list of cards (``carddb.model.Card``):

* ``cards_with_text`` — cards whose text is known and not empty;
* ``judge_applicable`` — those whose *every* ability the judge applies (nothing refused);
* ``judge_refusals`` — reason → number of abilities refused for it (the most frequent first).

and, per card, the verdict on each ability (``card_verdict``): its line, text, whether the judge
applies it, and why not.  The answer comes from the same reader and tables the engine uses at
the table (judge/classic/kit.py), so a card counted as applicable is applied in a ruling.

A card whose text depends on the turn order («{first}: …», «{second}: …») is read for both
orders: an ability counts as applied when the judge applies it in the order it is for (a
scenario always knows who moved first).

    >>> from carddb.model import Card
    >>> figures([Card(name="Лучник", elements=("нейтральная",), text="{tap}: Выстрел на 2.")])
    {'cards_with_text': 1, 'judge_applicable': 1, 'judge_refusals': {}}
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from carddb.model import Card
from judge.classic.kit import kit_of

ORDERS = ("first", "second")


@dataclass(frozen=True, slots=True)
class AbilityVerdict:
    line: int                 # 1-based position among the card's abilities
    text: str
    applied: bool
    reason: str | None        # why the judge refuses it (Russian), None when applied


@dataclass(frozen=True, slots=True)
class CardVerdict:
    name: str
    applicable: bool          # every ability applied
    abilities: tuple[AbilityVerdict, ...]

    def to_dict(self) -> dict:
        return {"name": self.name, "applicable": self.applicable,
                "abilities": [asdict(a) for a in self.abilities]}


def card_verdict(card: Card) -> CardVerdict:
    """The judge's verdict on each ability of ``card`` (both turn orders merged)."""
    seen: dict[tuple[int, str], AbilityVerdict] = {}
    for order in ORDERS:
        kit = kit_of(card.text, card.name, order, card.type_keywords)
        for ab in kit.abilities:
            key = (ab.line, ab.text)
            verdict = AbilityVerdict(ab.line, ab.text, ab.refusal is None, ab.refusal)
            if key not in seen or (seen[key].applied and not verdict.applied):
                seen[key] = verdict
    abilities = tuple(sorted(seen.values(), key=lambda a: (a.line, a.text)))
    return CardVerdict(card.name, all(a.applied for a in abilities), abilities)


def has_text(card: Card) -> bool:
    return bool(card.text and card.text.strip())


def figures(cards: Iterable[Card]) -> dict:
    """``cards_with_text``, ``judge_applicable`` and ``judge_refusals`` for a card list."""
    with_text = applicable = 0
    reasons: Counter[str] = Counter()
    for card in cards:
        if not has_text(card):
            continue
        with_text += 1
        verdict = card_verdict(card)
        applicable += verdict.applicable
        reasons.update(a.reason for a in verdict.abilities if not a.applied)
    return {"cards_with_text": with_text, "judge_applicable": applicable,
            "judge_refusals": dict(reasons.most_common())}


def ability_marks(card: Card):
    """A note per top-level ability of ``card`` for ``berserk card`` (carddb.present's
    ``AbilityMark``): «судья применяет» or «судья не применяет: <reason>», by the ability's
    position among the card's abilities (the order the judge's reader numbers them)."""
    verdicts: dict[int, list[AbilityVerdict]] = {}
    for v in card_verdict(card).abilities:
        verdicts.setdefault(v.line, []).append(v)
    parsed = card.parsed()
    position = {id(node): i for i, node in enumerate(parsed.abilities, 1)} if parsed else {}

    def mark(node) -> str | None:
        found = verdicts.get(position.get(id(node), 0))
        if not found:
            return None
        refused = [v.reason for v in found if not v.applied]
        return ("судья не применяет: " + "; ".join(dict.fromkeys(r or "" for r in refused))
                if refused else "судья применяет")

    return mark


__all__ = ["AbilityVerdict", "CardVerdict", "ability_marks", "card_verdict", "figures"]
