"""Showing cards to people: the stats block, the ability tree, the search result table.

One place renders these, so the terminal (``berserk card``) and the Datasette card page (which
shows the ``cards.abilities_tree`` column this module fills at build time) agree.

    >>> from grammar import parse
    >>> print(ability_tree(parse("{tap}: Выстрел на 2, дальность 3.").abilities[0]))
    Activated
      cost: Cost tap=true
      effects:
        Attack attack=shot range=3
          damage: Fixed value=2
"""
from __future__ import annotations

import unicodedata

from grammar import ast as A
from grammar.render import plain_tree


def ability_tree(node, indent: str = "") -> str:
    """A readable indented tree of one AST node (defaults left out, as in canonical JSON)."""
    return plain_tree(node, indent)


def card_abilities_tree(card) -> str | None:
    """Each line of the card's text followed by the trees of its abilities; None if unknown."""
    parsed = card.parsed()
    return None if parsed is None else parsed_abilities_tree(parsed)


def parsed_abilities_tree(parsed) -> str:
    """The tree of a ``grammar.parse`` result (``CardText``)."""
    out: list[str] = []
    for line in parsed.lines:
        out.append(f"{line.index + 1}. {line.text}")
        for ability in line.abilities:
            marker = "" if A.is_typed(ability) else "  [не разобрано полностью]"
            tree = ability_tree(ability, "   ").splitlines()
            tree[0] += marker
            out.extend(tree)
    return "\n".join(out)


def stats_lines(card) -> list[str]:
    move = "полёт" if card.flying else ("—" if card.move is None else str(card.move))
    strike = "-".join(map(str, card.strike)) if card.strike else "—"
    flags = [w for w, on in (("элита", card.elite), ("уникальная", card.unique)) if on]
    lines = [
        f"{card.name}" + (f"  ({card.set}" + (f", №{card.number}" if card.number else "") + ")"
                          if card.set else ""),
        f"  стихия: {card.element}   тип: {card.card_type}" + (f"   {', '.join(flags)}" if flags else ""),
        f"  стоимость: {_dash(card.cost)}   жизни: {_dash(card.life)}   ход: {move}   удар: {strike}",
    ]
    if card.classes:
        lines.append("  класс: " + ", ".join(card.classes))
    if card.rarity:
        lines.append("  редкость: " + card.rarity)
    return lines


def _dash(value) -> str:
    return "—" if value is None else str(value)


def card_report(card) -> str:
    """``berserk card`` output: stats, text, abilities as a tree."""
    out = stats_lines(card)
    out.append("")
    if card.text is None:
        out.append("Текст: неизвестен (в источнике его нет)")
    elif card.text == "":
        out.append("Текст: способностей нет")
    else:
        out.append("Текст:")
        out.extend("  " + line for line in card.text.splitlines())
        out.append("")
        out.append("Способности (разбор):")
        out.append(card_abilities_tree(card) or "")
    return "\n".join(out)


# ---------------------------------------------------------------- result table
def _width(text: str) -> int:
    return sum(0 if unicodedata.combining(ch) else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


RESULT_COLUMNS = (("name", "имя"), ("set_name", "сет"), ("element", "стихия"),
                  ("card_type", "тип"), ("cost", "ст."), ("life", "жизни"),
                  ("move_text", "ход"), ("strike", "удар"))


def result_table(rows: list[dict], max_name: int = 32) -> str:
    """A plain-text table of search results (no colour, fits a terminal)."""
    if not rows:
        return "Ничего не найдено."
    cells = [[h for _, h in RESULT_COLUMNS]]
    for row in rows:
        line = []
        for key, _ in RESULT_COLUMNS:
            value = row.get(key)
            text = "—" if value is None or value == "" else str(value)
            if key == "name" and len(text) > max_name:
                text = text[: max_name - 1] + "…"
            line.append(text)
        cells.append(line)
    widths = [max(_width(r[i]) for r in cells) for i in range(len(RESULT_COLUMNS))]
    out = ["  ".join(_pad(c, w) for c, w in zip(r, widths)).rstrip() for r in cells]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)
