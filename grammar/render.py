"""Human-readable views of the AST: an indented tree and a one-line summary.

Node names are shown as «Русское (English)» so that players and maintainers read the same tree.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any

from berserk.vocab import AttackKind
from grammar import ast as A

RU_NAMES = {
    "Activated": "действие", "Triggered": "срабатывание", "Static": "постоянно",
    "Formation": "строй", "WhenOrder": "по очерёдности хода", "Keyword": "ключевое слово",
    "Protection": "защита", "Vampirism": "вампиризм", "Bonus": "прибавка", "Reduction": "снижение",
    "CounterLimit": "предел фишек", "StartsWithCounters": "начинает с фишками",
    "Attack": "атака", "Poison": "отравление", "Finishing": "добивание", "Wound": "ранить",
    "Heal": "излечить", "Gain": "получает", "Lose": "теряет", "Action": "действие-эффект",
    "Sequence_": "последовательно", "Choice": "выбор", "Conditional": "при условии",
    "Named": "воздействие/заклинание", "Opaque": "НЕ РАЗОБРАНО", "Unknown": "НЕДОКАЗАННЫЙ ЗНАЧОК",
    "Cost": "цена", "Limit": "ограничение", "Selector": "цель", "Duration": "длительность",
    "Condition": "условие", "Trigger": "событие", "Fixed": "урон", "ByStrength": "урон по силе",
    "Variable": "переменная", "Measure": "мера",
}


def attack_ru(kind: str) -> str:
    """«выстрел» for ``shot``; a word no enum member has is shown as it is."""
    try:
        return AttackKind(kind).forms.nom
    except ValueError:
        return kind


def label(node: A.Node) -> str:
    name = type(node).__name__
    return f"{RU_NAMES.get(name, name)} ({name.rstrip('_')})"


def inline(value: Any) -> str:
    """A compact one-line form of small values and leaf nodes."""
    if isinstance(value, A.Fixed):
        return str(value.value)
    if isinstance(value, A.ByStrength):
        return f"{value.weak}-{value.medium}-{value.strong}"
    if isinstance(value, A.Variable):
        text = value.name + (f"{value.offset:+d}" if value.offset else "")
        if value.maximum is not None:
            text += f" (максимум {value.maximum})"
        return text
    if isinstance(value, A.Cost):
        parts = []
        if value.instant:
            parts.append("{instant}")
        if value.counters:
            parts.append(f"{value.counters if value.counters != 1 else ''}{{counter}}")
        if value.tap:
            parts.append("{tap}")
        return "".join(parts) or "—"
    if isinstance(value, A.Limit):
        return f"{value.times} раз за {dict(turn='ход', fight='бой', game='игру')[value.per]}" + (
            f" для каждого ({value.each})" if value.each else "")
    if isinstance(value, A.Selector):
        bits = [value.noun]
        if value.side:
            bits.append(value.side)
        bits.extend(value.qualifiers)
        if value.count:
            bits.append(f"{value.count[0]}..{value.count[1]}")
        return "[" + " ".join(bits) + "]"
    if isinstance(value, A.Duration):
        return value.until
    if isinstance(value, tuple) and all(not isinstance(v, A.Node) for v in value):
        return ", ".join(str(v) for v in value)
    return str(value)


_INLINE = (A.Fixed, A.ByStrength, A.Cost, A.Limit, A.Selector, A.Duration)


def tree(node: A.Node, indent: int = 0) -> str:
    """Indented multi-line tree of ``node``."""
    pad = "  " * indent
    head = label(node)
    if isinstance(node, A.Attack):
        head += f" — {attack_ru(node.attack)}"
    elif isinstance(node, A.Keyword):
        head += f" — {node.name}" + (f" {node.value}" if node.value is not None else "")
    elif isinstance(node, A.Opaque):
        head += f": «{node.text}»"
    lines = [pad + head]
    for f in fields(node):
        if f.name == "span" or (isinstance(node, A.Keyword) and f.name in ("name", "value")):
            continue
        if isinstance(node, (A.Attack,)) and f.name == "attack":
            continue
        if isinstance(node, A.Opaque) and f.name == "text":
            continue
        value = getattr(node, f.name)
        if value in (None, (), False) or value == f.default:
            continue
        if isinstance(value, _INLINE) or (isinstance(value, A.Variable) and value.definition is None):
            lines.append(f"{pad}  {f.name}: {inline(value)}")
        elif isinstance(value, A.Node):
            lines.append(f"{pad}  {f.name}:")
            lines.append(tree(value, indent + 2))
        elif isinstance(value, tuple) and any(isinstance(v, A.Node) for v in value):
            lines.append(f"{pad}  {f.name}:")
            for item in value:
                if isinstance(item, A.Node) and not isinstance(item, _INLINE):
                    lines.append(tree(item, indent + 2))
                else:
                    lines.append(f"{pad}    {inline(item)}")
        else:
            lines.append(f"{pad}  {f.name}: {inline(value)}")
    return "\n".join(lines)


def summary(node: A.Node) -> str:
    """One line: what the ability is, for diffs and tables."""
    if isinstance(node, A.Attack):
        bits = [attack_ru(node.attack)]
        if node.damage is not None:
            bits.append("на " + inline(node.damage))
        if node.range is not None:
            bits.append(f"дальность {node.range}")
        return " ".join(bits)
    if isinstance(node, A.Activated):
        return f"{inline(node.cost)}: " + "; ".join(summary(e) for e in node.effects)
    if isinstance(node, A.Keyword):
        return node.name + (f" {node.value}" if node.value is not None else "")
    if isinstance(node, A.Protection):
        return "защита от " + ", ".join(node.against)
    if isinstance(node, A.Opaque):
        return f"НЕ РАЗОБРАНО «{node.text}»"
    if isinstance(node, A.Named):
        kind = "заклинание" if node.effect_kind == "spell" else "воздействие"
        return f"{kind} «{node.name}»" if node.name else kind
    if isinstance(node, A.Action):
        return f"действие {node.verb}"
    return label(node)
