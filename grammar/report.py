"""Coverage of a card list by the grammar: the maintainer's view of what is typed and what not.

Three figures per segment (one canonical line = one source segment): *structural* — the
segment was parsed into abilities whose spans cover every word of it (nothing dropped: untyped
parts are Opaque nodes with their spans); *framed* — every sentence got at least a typed head
(a cost, a trigger, «Строй:» …); *typed* — no ``Opaque`` or ``Unknown`` anywhere in it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from berserk.errors import caret_lines
from grammar import ast as A
from grammar.constructs import DESCRIPTIONS, histogram
from grammar.parser import CardText, parse


@dataclass
class Untyped:
    """One segment that is not fully typed, with the parts the grammar could not type."""

    card: str
    line: int
    text: str
    holes: list[tuple[int, int, str]]      # (start, end, reason) relative to the line

    def render(self) -> str:
        out = [f"{self.card}, строка {self.line + 1}:"]
        for start, end, reason in self.holes:
            out.append(f"  {reason}:")
            out.append(caret_lines(self.text, 1, start + 1, max(1, end - start)))
        return "\n".join(out)


@dataclass
class Coverage:
    cards: int = 0
    cards_without_text: int = 0
    segments: int = 0
    structural: int = 0
    framed: int = 0
    typed: int = 0
    kinds: Counter = field(default_factory=Counter)
    untyped: list[Untyped] = field(default_factory=list)
    repairs: Counter = field(default_factory=Counter)
    unknown_icons: Counter = field(default_factory=Counter)

    def add(self, name: str, card: CardText | None) -> None:
        self.cards += 1
        if card is None:
            self.cards_without_text += 1
            return
        for repair in card.repairs:
            self.repairs[repair.kind] += 1
        for icon in card.unknown_icons:
            self.unknown_icons[icon] += 1
        for line in card.lines:
            self.segments += 1
            self.structural += line.structural
            self.framed += line.framed
            self.typed += line.typed
            for ability in line.abilities:
                self.kinds[ability.kind] += 1
            if not line.typed:
                holes = []
                for node in line.opaque_nodes():
                    s, e = node.span.start - line.span.start, node.span.end - line.span.start
                    reason = ("не разобрано" if isinstance(node, A.Opaque)
                              else f"значок «{node.icon}» не доказан")
                    holes.append((max(0, s), max(s + 1, e), reason))
                self.untyped.append(Untyped(name, line.index, line.text, holes))

    def untyped_by_construct(self) -> Counter:
        """Construct of the language → how many untyped segments contain it (the catalogue of
        grammar/constructs.py): which part to add next."""
        return histogram(u.text for u in self.untyped)

    def percent(self, n: int) -> float:
        return round(100.0 * n / self.segments, 1) if self.segments else 100.0

    def to_json(self) -> dict:
        return {
            "cards": self.cards, "cards_without_text": self.cards_without_text,
            "segments": self.segments, "structural": self.structural, "framed": self.framed,
            "typed": self.typed,
            "structural_percent": self.percent(self.structural),
            "framed_percent": self.percent(self.framed),
            "typed_percent": self.percent(self.typed),
            "kinds": dict(sorted(self.kinds.items())),
            "repairs": dict(sorted(self.repairs.items())),
            "unknown_icons": dict(sorted(self.unknown_icons.items())),
            "untyped_by_construct": dict(sorted(self.untyped_by_construct().items())),
            "untyped": [{"card": u.card, "line": u.line, "text": u.text,
                         "holes": [list(h) for h in u.holes]} for u in self.untyped],
        }

    def render(self) -> str:
        out = [
            f"карт: {self.cards} (без текста: {self.cards_without_text})",
            f"сегментов: {self.segments}",
            f"разобрано структурно (без потерь текста): {self.structural} ({self.percent(self.structural)} %)",
            f"с типизированной головой (цена, событие, строй…): {self.framed} ({self.percent(self.framed)} %)",
            f"полностью типизировано: {self.typed} ({self.percent(self.typed)} %)",
            "виды способностей: " + ", ".join(f"{k} {v}" for k, v in self.kinds.most_common()),
        ]
        if self.repairs:
            out.append("исправления источника: " + ", ".join(f"{k} {v}" for k, v in sorted(self.repairs.items())))
        if self.unknown_icons:
            out.append("недоказанные значки: " + ", ".join(f"{k} {v}" for k, v in sorted(self.unknown_icons.items())))
        by_construct = self.untyped_by_construct()
        if by_construct:
            out.append("не типизировано по конструкциям: " + ", ".join(
                f"{DESCRIPTIONS.get(k, k)} {v}" for k, v in by_construct.most_common(10)))
        if self.untyped:
            out.append("")
            out.append(f"не полностью типизированы ({len(self.untyped)}):")
            out.extend(u.render() for u in self.untyped)
        return "\n".join(out)


def coverage(cards: Iterable[tuple[str, CardText | None]]) -> Coverage:
    """Coverage over (card name, parsed text or None for unknown text)."""
    cov = Coverage()
    for name, parsed in cards:
        cov.add(name, parsed)
    return cov


def coverage_of_texts(items: Iterable[tuple[str, str | None]], separator: str | None = None) -> Coverage:
    return coverage((name, parse(text, name=name, separator=separator) if text is not None else None)
                    for name, text in items)
