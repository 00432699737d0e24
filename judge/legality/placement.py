"""Classic opening placement: which cells each player may use, and in what order.

Board (DESIGN.md): columns a–e, rows 1–6, row 1 nearest player A.  Each player's half is three
rows; a player's *own* rows are counted from the front (the row facing the enemy) because the
seeds do: «первый ряд обычно составляют воины», «в третьем ряду прячутся … маги», and the
second player's hidden third row is the back one.  So for side A own row 1/2/3 = board row
3/2/1; for side B own row 1/2/3 = board row 4/5/6.

Fill tiers (seed 000 «Поле боя и расстановка карт», seed 001 «Поле боя и расстановка карт"):

* first player — tier 1: the central 3×3 (columns b–d × own rows 1–3); tier 2: the side cells
  (columns a, e) of own rows 2–3; tier 3: the side cells of own row 1 (filled last);
* second player — tier 1: all five cells of own row 1 + columns b–d of own rows 2–3;
  tier 2: the side cells of own rows 2–3.

A card may stand in tier k only when every cell of the tiers before it is occupied («если в
отряде оказалось больше 9 карт … заполнение начинается со второго или третьего ряда, а
боковые клетки первого ряда заполняются в последнюю очередь»).  Flyers, terrain, symbiotes,
equipment and artifacts are placed face down on free cells like any card; they move to the
additional zone or onto a host only when revealed (``placement.special``).

A symbiote or equipment line may name where it goes when revealed (``хозяин:c2``): the host
is the own card placed on that cell.  A symbiote needs a creature on the field with no other
symbiote (``symbiote``); equipment needs a creature with a class that is not a symbiote,
incorporeal or a flyer, and one host carries equipment of different classes only
(``equipment``); neither goes onto an artifact (``artifact``).
"""
from __future__ import annotations

from typing import Iterable

from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from judge.classic import board
from judge.hosts import HostProblem, equipment_host_problems, first_of
from judge.legality.lists import ListFile
from judge.legality.rules import (Finding, Paid, has_keyword, is_flyer, is_symbiote,
                                  special_kind)

COLUMNS = board.COLUMNS
CENTRE = "bcd"
SIDES = "ae"

# Every clause this module can cite (checked against the shipped book at load time).
CITES = {"classic": ("placement", "placement.special", "placement.first-player",
                     "placement.second-player", "placement.overflow", "symbiote", "equipment",
                     "artifact")}

PLACEMENT_ORDER = ("placement.missing", "placement.special", "placement.half",
                   "placement.occupied", "placement.first-player", "placement.second-player",
                   "placement.overflow", "host.kind", "host.missing", "host.artifact",
                   "host.symbiote", "host.equipment", "host.equipment-class")


def board_row(own_row: int, side: str) -> int:
    """Board row of a player's own row (1 = front): the inverse of ``own_row``."""
    rows = board.half(side)
    return rows[-own_row] if side == "A" else rows[own_row - 1]


def own_row(cell: str, side: str) -> int | None:
    """The player's own row (1 = front) of a board cell, or None outside their half — the
    judge's board geometry owns this (judge/board.py)."""
    return board.own_row_number(side, cell)


def cells(columns: str, own_rows: Iterable[int], side: str) -> tuple[str, ...]:
    return tuple(f"{c}{board_row(r, side)}" for r in own_rows for c in columns)


def tiers(player: str, side: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The fill tiers of ``player`` on ``side``: (name, cells) in the order they are filled."""
    if player == "first":
        return (("центральная зона 3×3", cells(CENTRE, (1, 2, 3), side)),
                ("боковые клетки 2–3 рядов", cells(SIDES, (2, 3), side)),
                ("боковые клетки 1 ряда", cells(SIDES, (1,), side)))
    return (("первый ряд и центр 2–3 рядов",
             cells(COLUMNS, (1,), side) + cells(CENTRE, (2, 3), side)),
            ("боковые клетки 2–3 рядов", cells(SIDES, (2, 3), side)))


def has_cells(squad: ListFile) -> bool:
    return any(e.cell for e in squad.entries)


def describe(player: str, side: str) -> str:
    """The player's half as text, tier number in each cell (front row first) — for the docs."""
    tier_of = {cell: i for i, (_, group) in enumerate(tiers(player, side), start=1)
               for cell in group}
    lines = []
    for r in (1, 2, 3):
        row = board_row(r, side)
        lines.append(f"ряд {r} (поле {row}): " + " ".join(
            f"{c}{row}={tier_of[f'{c}{row}']}" for c in COLUMNS))
    return "\n".join(lines)


def check_placement(paid: list[Paid], player: str, side: str, book: str) -> list[Finding]:
    """Every placement problem of a squad whose cards carry cells."""
    findings: list[Finding] = []
    occupied: dict[str, str] = {}
    placed: list[tuple[str, str, int | None]] = []
    for p in paid:
        name = p.card.name if p.card else p.entry.name
        cell, line = p.entry.cell, p.entry.line
        if not cell:
            findings.append(Finding("placement", "placement.missing",
                                    f"«{name}» не расставлена: у каждой карты отряда должна быть "
                                    f"клетка", card=name, line=line, book=book))
            continue
        if not board.is_cell(cell):
            kind = special_kind(p.card) if p.card else None
            what = f"{kind} «{name}»" if kind else f"«{name}»"
            findings.append(Finding("placement.special", "placement.special",
                                    f"{what}: при расстановке все карты (и летающие, местности, "
                                    f"симбиоты, экипировка) кладутся рубашкой вверх на свободные "
                                    f"клетки поля; в дополнительную зону или на хозяина — только "
                                    f"после вскрытия", card=name, line=line, book=book))
            continue
        if own_row(cell, side) is None:
            half = "1–3" if side == "A" else "4–6"
            findings.append(Finding("placement", "placement.half",
                                    f"«{name}» на {cell}: это не ваша половина поля (сторона "
                                    f"{side} — ряды {half})", card=name, cell=cell, line=line,
                                    book=book))
            continue
        if cell in occupied:
            findings.append(Finding("placement", "placement.occupied",
                                    f"«{name}» на {cell}: клетка уже занята «{occupied[cell]}»",
                                    card=name, cell=cell, line=line, book=book))
            continue
        occupied[cell] = name
        placed.append((name, cell, line))
    findings.extend(_tier_findings(placed, set(occupied), player, side, book))
    findings.extend(_host_findings(paid, book))
    return findings


def _tier_findings(placed, occupied: set[str], player: str, side: str,
                   book: str) -> list[Finding]:
    groups = tiers(player, side)
    tier_of = {cell: i for i, (_, group) in enumerate(groups) for cell in group}
    out = []
    for name, cell, line in placed:
        tier = tier_of[cell]
        earlier = [c for _, group in groups[:tier] for c in group]
        free = sorted(c for c in earlier if c not in occupied)
        if not free:
            continue
        title, _ = groups[tier]
        if tier == 1:
            rule = "placement.first-player" if player == "first" else "placement.second-player"
            base = groups[0][0]
            who = "первый" if player == "first" else "второй"
            message = (f"«{name}» на {cell} ({title}): {who} игрок сначала заполняет "
                       f"{base}; свободны {', '.join(free)}")
        else:
            rule = "placement.overflow"
            message = (f"«{name}» на {cell} ({title}): эти клетки заполняются в последнюю "
                       f"очередь; свободны {', '.join(free)}")
        out.append(Finding(rule, rule, message, card=name, cell=cell, line=line, book=book))
    return out


def _host_findings(paid: list[Paid], book: str) -> list[Finding]:
    """Where revealed symbiotes and equipment go: onto an allowed own card on the field."""
    on_cell = {p.entry.cell: p for p in paid if p.entry.cell and board.is_cell(p.entry.cell)}
    out: list[Finding] = []
    symbiote_hosts: dict[str, str] = {}
    equipment_classes: dict[tuple[str, str], str] = {}
    for p in paid:
        host_cell = p.entry.host
        if not host_cell or p.card is None:
            continue
        name, line = p.card.name, p.entry.line

        def add(clause: str, rule: str, message: str) -> None:
            out.append(Finding(clause, rule, f"«{name}» → {host_cell}: {message}", card=name,
                               cell=host_cell, line=line, book=book))

        kind = CardType.SYMBIOTE if is_symbiote(p.card) else p.card.card_type
        if kind not in (CardType.SYMBIOTE, CardType.EQUIPMENT):
            add("placement.special", "host.kind", "хозяин указывается только для симбиота или "
                                                  "экипировки")
            continue
        host = on_cell.get(host_cell)
        if host is None or host is p or host.card is None:
            add("placement.special", "host.missing", "на этой клетке нет вашей карты")
            continue
        target = host.card
        if target.card_type == CardType.ARTIFACT:
            add("artifact", "host.artifact", f"«{target.name}» — артефакт: на артефакты нельзя "
                                             f"помещать симбиотов и экипировку")
        elif kind == CardType.SYMBIOTE:
            if target.card_type != CardType.CREATURE or is_symbiote(target) or is_flyer(target):
                add("symbiote", "host.symbiote", f"«{target.name}» не может быть хозяином "
                                                 f"симбиота: нужно существо на поле")
            elif host_cell in symbiote_hosts:
                add("symbiote", "host.symbiote", f"на «{target.name}» уже помещён симбиот "
                                                 f"«{symbiote_hosts[host_cell]}»")
            else:
                symbiote_hosts[host_cell] = name
        else:
            why = _equipment_refusal(target)
            if why:
                add("equipment", "host.equipment", f"«{target.name}» {why}")
                continue
            for cls in p.card.classes:          # class-less equipment: nothing to compare
                key = (host_cell, cls)
                if key in equipment_classes:
                    add("equipment", "host.equipment-class",
                        f"на «{target.name}» уже есть экипировка класса «{cls}»: "
                        f"«{equipment_classes[key]}»")
                    break
                equipment_classes[key] = name
    return out


#: How a placement report words the first reason a card cannot carry equipment (artefacts are
#: reported before this, as a rule of their own).
_EQUIPMENT_REFUSALS = {
    HostProblem.NOT_CREATURE: "не существо",
    HostProblem.FLYER: "летающее: экипировку нельзя помещать на летающих",
    HostProblem.SYMBIOTE: "симбиот: экипировку нельзя помещать на симбиотов",
    HostProblem.INCORPOREAL: "бестелесное: экипировку нельзя помещать на бестелесных",
    HostProblem.NO_CLASS: "без класса: экипировку помещают только на существ с классом",
}


def _equipment_refusal(target) -> str | None:
    """Why the printed card ``target`` cannot carry equipment, or None."""
    flyer = is_flyer(target)
    problems = equipment_host_problems(
        artifact=False, creature=target.card_type == CardType.CREATURE or flyer,
        classes=target.classes, flyer=flyer, symbiote=is_symbiote(target),
        incorporeal=has_keyword(target, KW.INCORPOREAL))
    first = first_of(problems, tuple(_EQUIPMENT_REFUSALS))
    return None if first is None else _EQUIPMENT_REFUSALS[first]
