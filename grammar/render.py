"""Human-readable views of the AST: the indented tree (one walker, two styles) and a one-line
summary.

``tree`` (style ``RUSSIAN``, ``berserk parse``) shows node names as «Русское (English)» so that
players and maintainers read the same tree; ``plain_tree`` (style ``PLAIN``, the DB's
``abilities_tree`` column, ``berserk card``, the Datasette card page) shows class names and
``field=value`` as in the canonical JSON.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, Callable, Iterable, Iterator

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


# ---------------------------------------------------------------- the tree, in two styles
@dataclass(frozen=True)
class Style:
    """How ``render_tree`` writes a node.  The walk is the same for every style: a head line,
    then each shown field either as a leaf or as nested nodes (a list under «key:»)."""

    head: Callable[[A.Node], str]                          # the node's own line
    shown: Callable[[A.Node], Iterable[tuple[str, Any]]]   # (field, value) pairs, in order
    leaf_field: Callable[[Any], bool]                      # a field value written inline
    leaf_item: Callable[[Any], bool]                       # a list item written inline
    leaf: Callable[[Any], str]                             # how a leaf field reads
    item: Callable[[Any], str]                             # how a leaf list item reads
    leaves_in_head: bool          # «Attack attack=shot range=3» rather than a «range: 3» line
    node_on_key_line: bool        # «damage: Fixed value=2» rather than «damage:» + the subtree


def render_tree(node: A.Node, style: Style, prefix: str = "") -> str:
    """The indented tree of ``node`` in ``style``, every line starting with ``prefix``."""
    return "\n".join(_tree_lines(node, style, prefix))


def _tree_lines(node: A.Node, style: Style, prefix: str) -> list[str]:
    head, body = [style.head(node)], []
    for name, value in style.shown(node):
        if style.leaf_field(value):
            if style.leaves_in_head:
                head.append(f"{name}={style.leaf(value)}")
            else:
                body.append(f"{prefix}  {name}: {style.leaf(value)}")
        elif isinstance(value, A.Node) and style.node_on_key_line:
            sub = _tree_lines(value, style, prefix + "  ")
            body.append(f"{prefix}  {name}: {sub[0].lstrip()}")
            body.extend(sub[1:])
        else:
            body.append(f"{prefix}  {name}:")
            for item in (value if isinstance(value, tuple) else (value,)):
                if style.leaf_item(item):
                    body.append(f"{prefix}    {style.item(item)}")
                else:
                    body.extend(_tree_lines(item, style, prefix + "    "))
    return [prefix + " ".join(head)] + body


def _has_node(value: Any) -> bool:
    return isinstance(value, A.Node) or (
        isinstance(value, tuple) and any(isinstance(v, A.Node) for v in value))


# «Русское (English)» heads, the kind of an attack or keyword on the head line, small parts inline
def _ru_head(node: A.Node) -> str:
    head = label(node)
    if isinstance(node, A.Attack):
        head += f" — {attack_ru(node.attack)}"
    elif isinstance(node, A.Keyword):
        head += f" — {node.name}" + (f" {node.value}" if node.value is not None else "")
    elif isinstance(node, A.Opaque):
        head += f": «{node.text}»"
    return head


_ON_HEAD = {A.Keyword: ("name", "value"), A.Attack: ("attack",), A.Opaque: ("text",)}


def _ru_shown(node: A.Node) -> Iterator[tuple[str, Any]]:
    skip = _ON_HEAD.get(type(node), ())
    for f in fields(node):
        if f.name == "span" or f.name in skip:
            continue
        value = getattr(node, f.name)
        if not (value in (None, (), False) or value == f.default):
            yield f.name, value


RUSSIAN = Style(
    head=_ru_head, shown=_ru_shown,
    leaf_field=lambda v: (isinstance(v, _INLINE) or not _has_node(v)
                          or (isinstance(v, A.Variable) and v.definition is None)),
    leaf_item=lambda v: not isinstance(v, A.Node) or isinstance(v, _INLINE),
    leaf=inline, item=inline, leaves_in_head=False, node_on_key_line=False)


# English class names and canonical field names in sorted order, as in the canonical JSON
def _plain_shown(node: A.Node) -> list[tuple[str, Any]]:
    return sorted((f.name, getattr(node, f.name)) for f in fields(node)
                  if f.name != "span" and getattr(node, f.name) != f.default)


def _plain_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value and " " not in value else json.dumps(value, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False)


def _plain_leaf(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(_plain_scalar(v) for v in value)
    return _plain_scalar(value)


PLAIN = Style(
    head=lambda node: type(node).__name__, shown=_plain_shown,
    leaf_field=lambda v: not _has_node(v), leaf_item=lambda v: not isinstance(v, A.Node),
    leaf=_plain_leaf, item=_plain_scalar, leaves_in_head=True, node_on_key_line=True)


def tree(node: A.Node, indent: int = 0) -> str:
    """The Russian tree of ``node`` (``berserk parse``), ``indent`` levels of two spaces in."""
    return render_tree(node, RUSSIAN, "  " * indent)


def plain_tree(node: A.Node, prefix: str = "") -> str:
    """The compact English tree (the DB's ``abilities_tree``, ``berserk card``): class names
    and ``field=value`` as in the canonical JSON, defaults left out."""
    return render_tree(node, PLAIN, prefix)


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
