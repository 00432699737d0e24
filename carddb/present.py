"""Showing cards to people: the stats block, the abilities in Russian, the result table, and the
same things as HTML for the web card page.

One renderer (grammar.render) writes the ability tree for ``berserk parse``, ``berserk card``
and the web; icons are symbols wherever a person reads (grammar.display) and ``{code}`` only in
JSON.

    >>> from grammar import parse
    >>> print(ability_tree(parse("{tap}: Выстрел на 2, дальность 3.").abilities[0]))
    действие, цена ⤵️:
      выстрел на 2, дальность 3

**The judge's column.**  ``card_report(card, marks=…)`` takes an optional ``AbilityMark``: a
function of one top-level ability node that returns a short note (for example whether the
judge applies that ability) or None; the note is printed after the ability's first line as
«  ← note».  carddb knows nothing of the judge: the command layer passes the function
(carddb/cli.py ``JUDGE_MARKS``).
"""
from __future__ import annotations

import html
import unicodedata
from typing import Callable, Iterable

from berserk.vocab import AttackKind, KeywordName
from grammar import ast as A
from grammar.display import PROTECTION_GEN, to_display, to_html, word
from grammar.render import Line, lines, tree

#: A note per top-level ability (or None): the hook the judge's «applies / does not apply» uses.
AbilityMark = Callable[[A.Node], "str | None"]


def ability_tree(node, indent: int = 0) -> str:
    """The Russian tree of one ability, icons as symbols."""
    return tree(node, indent)


def parsed_abilities_tree(parsed, marks: AbilityMark | None = None) -> str:
    """Each line of the card text (icons as symbols) followed by its abilities' trees."""
    out: list[str] = []
    for line in parsed.lines:
        out.append(f"{line.index + 1}. {to_display(line.text)}")
        for ability in line.abilities:
            tree_lines = tree(ability, 1).splitlines()
            if not A.is_typed(ability):
                tree_lines[0] += "  [не разобрано полностью]"
            note = marks(ability) if marks is not None else None
            if note:
                tree_lines[0] += f"  ← {note}"
            out.extend("  " + t for t in tree_lines)
    return "\n".join(out)


def card_abilities_tree(card, marks: AbilityMark | None = None) -> str | None:
    parsed = card.parsed()
    return None if parsed is None else parsed_abilities_tree(parsed, marks)


def yes_no(value) -> str:
    return "да" if value else "нет"


def _dash(value) -> str:
    return "—" if value is None or value == "" else str(value)


def move_text(card) -> str:
    return "полёт" if card.flying else _dash(card.move)


def stats_lines(card) -> list[str]:
    strike = "-".join(map(str, card.strike)) if card.strike else "—"
    where = ""
    if card.set:
        where = f"  ({card.set}" + (f", №{card.number}" if card.number else "") + ")"
    lines_ = [
        f"{card.name}{where}",
        f"  стихия: {card.element}   тип: {card.card_type}   элита: {yes_no(card.elite)}"
        f"   уникальная: {yes_no(card.unique)}",
        f"  стоимость: {_dash(card.cost)}   жизни: {_dash(card.life)}   ход: {move_text(card)}"
        f"   удар: {strike}",
    ]
    if card.classes:
        lines_.append("  класс: " + ", ".join(card.classes))
    if card.rarity:
        lines_.append("  редкость: " + card.rarity)
    return lines_


def card_report(card, marks: AbilityMark | None = None) -> str:
    """``berserk card`` output: stats, text (icons as symbols), abilities as Russian trees."""
    out = stats_lines(card)
    out.append("")
    if card.text is None:
        out.append("Текст: неизвестен (в источнике его нет)")
    elif card.text == "":
        out.append("Текст: способностей нет")
    else:
        out.append("Текст:")
        out.extend("  " + line for line in to_display(card.text).splitlines())
        out.append("")
        out.append("Способности (разбор):")
        out.append(card_abilities_tree(card, marks) or "")
    return "\n".join(out)


# ---------------------------------------------------------------- ability labels (facets)
#: node kinds → what a player calls them (the card_keywords labels, the web's ability facet)
_KIND_LABELS = {
    "poison": "отравление", "finishing": "добивание", "vampirism": "вампиризм",
    "formation": "строй", "named_effect": "воздействие", "spell": "заклинание",
    "heal": "излечение", "activated": "действие с ценой", "triggered": "срабатывание",
    "static": "постоянный эффект", "gain": "даёт особенность", "bonus": "прибавка",
    "reduction": "снижение урона", "wound": "ранение", "lose": "лишает особенности",
    "choice": "выбор", "conditional": "условие", "counter_limit": "предел фишек",
    "starts_with_counters": "начинает с фишкой", "when_second": "если ходите вторым",
    "when_first": "если ходите первым", "unknown": "недоказанный значок",
    "label": "метка особенности", "restriction": "запрет", "permission": "разрешение",
    "action": "действие-эффект", "sequence": "последовательность", "protection": "защита",
    "define": "определение X",
}


def keyword_label(keyword: str) -> str:
    """The Russian label of a card_keywords keyword («shot» → «выстрел», «protection:shot» →
    «защита от выстрелов», «flying» → «полёт»)."""
    if keyword.startswith("protection:"):
        kind = keyword.split(":", 1)[1]
        return "защита от " + PROTECTION_GEN.get(kind, word(kind))
    kind = AttackKind.get(keyword)
    if kind is not None:
        return kind.forms.nom
    member = KeywordName.get(keyword)
    if member is not None:
        return member.ru
    return _KIND_LABELS.get(keyword) or word(keyword)


# ---------------------------------------------------------------- HTML for the web card page
#: term → URL of the clause page that governs it (None: no link)
TermLink = Callable[[str], "str | None"]


def line_html(line: Line, link: TermLink | None = None) -> str:
    """One rendered line as safe HTML: escaped text, icons as symbols, terms as links."""
    out = []
    for part in line.parts:
        text = to_html(part.text)
        url = link(part.term) if link is not None and part.term else None
        if url:
            out.append(f'<a class="term" href="{html.escape(url)}">{text}</a>')
        else:
            out.append(text)
    return "".join(out)


def abilities_html(abilities: Iterable[A.Node], link: TermLink | None = None) -> str:
    """The Russian trees of ``abilities`` as nested lists: ``<ul class="abilities">``, one
    ``<li class="ability">`` per ability, what it contains in ``<ul>`` inside its ``<li>``."""
    out: list[str] = []
    depth = -1
    for ability in abilities:
        untyped = "" if A.is_typed(ability) else " untyped"
        for i, line in enumerate(lines(ability)):
            if line.depth > depth:
                out.append('<ul class="abilities">' if depth < 0 else "<ul>")
            else:
                while depth > line.depth:
                    out.append("</li></ul>")
                    depth -= 1
                out.append("</li>")
            depth = line.depth
            cls = f"ability{untyped}" if i == 0 else ("" if line.typed else "untyped")
            out.append((f'<li class="{cls}">' if cls else "<li>") + line_html(line, link))
    while depth >= 0:
        out.append("</li></ul>")
        depth -= 1
    return "".join(out) or '<ul class="abilities"></ul>'


# ---------------------------------------------------------------- result table (terminal)
def _width(text: str) -> int:
    return sum(0 if unicodedata.combining(ch) or ch == "\ufe0f" else 1 for ch in text)


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
            text = _dash(row.get(key))
            if key == "name" and len(text) > max_name:
                text = text[: max_name - 1] + "…"
            line.append(text)
        cells.append(line)
    widths = [max(_width(r[i]) for r in cells) for i in range(len(RESULT_COLUMNS))]
    out = ["  ".join(_pad(c, w) for c, w in zip(r, widths)).rstrip() for r in cells]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)
