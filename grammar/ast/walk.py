"""Walking the ability AST and its canonical JSON pair (``to_dict`` / ``from_dict``): the
functions over every node class of ``grammar.ast.nodes`` (re-exported by ``grammar.ast``)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from enum import Enum
from typing import Any, Iterator

from grammar.ast import jsontext, nodes
from grammar.ast.nodes import NOSPAN, Node, Opaque, Span, Unknown
from grammar.nodeinit import CHILDREN, SHIFT, WITH_SPAN, fast_init, walkers

# ---------------------------------------------------------------- walking and JSON
NODE_TYPES: dict[str, type] = {}


def _register() -> None:
    fast_init(Span)                   # (grammar.nodeinit: the same __init__, storing by slot)
    for obj in list(vars(nodes).values()):
        if isinstance(obj, type) and issubclass(obj, Node) and obj is not Node:
            NODE_TYPES[obj.__name__] = obj
            fast_init(obj)
            walkers(obj, Node, Span, shift)     # (CHILDREN, SHIFT: written out per class)




def children(node: Node) -> Iterator[Node]:
    """The nodes directly below ``node``, in field order (in tuples at any depth: ``params``)."""
    return iter(_children(node))


def _children(node: Node) -> list:
    written = CHILDREN.get(type(node))
    if written is not None:
        return written(node)
    out = []
    for name in _names(type(node)):
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif isinstance(value, tuple) and value:
            _tuple_nodes_into(value, out)
    return out


def _tuple_nodes_into(items: tuple, out: list) -> None:
    for item in items:
        if isinstance(item, Node):
            out.append(item)
        elif isinstance(item, tuple):
            _tuple_nodes_into(item, out)


def walk(node: Node) -> Iterator[Node]:
    """Pre-order over ``node`` and everything below it."""
    stack = [node]
    pop, push, written = stack.pop, stack.extend, CHILDREN
    while stack:
        current = pop()
        yield current
        kids = written.get(type(current))
        kids = kids(current) if kids is not None else _children(current)
        if kids:
            kids.reverse()
            push(kids)


def is_typed(node: Node) -> bool:
    """True when no ``Opaque`` or ``Unknown`` sits anywhere below ``node``."""
    return not any(isinstance(n, (Opaque, Unknown)) for n in walk(node))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_FIELD_DEFAULTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    """A node class's field names but ``span``, in order (``dataclasses.fields`` per node was
    most of a walk); ``_defaults``: (name, default) pairs, ``MISSING`` for none."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls) if f.name != "span")
    return names


def _defaults(cls: type) -> tuple[tuple[str, Any], ...]:
    pairs = _FIELD_DEFAULTS.get(cls)
    if pairs is None:
        pairs = _FIELD_DEFAULTS[cls] = tuple((f.name, f.default) for f in fields(cls) if f.name != "span")
    return pairs


def shift(node: Any, by: int) -> Any:
    """The same tree with every span moved ``by`` characters (a memoised line reused at
    another offset of the card text)."""
    written = SHIFT.get(type(node))             # (grammar.nodeinit: written out per class)
    if written is not None:
        return written(node, by)
    if isinstance(node, Node):
        cls = type(node)
        names = _FIELD_NAMES.get(cls) or _names(cls)
        # positional in field order (``span`` is keyword-only); leaves are kept without a call
        values = [getattr(node, n) for n in names]
        for i, value in enumerate(values):
            if isinstance(value, Node):
                values[i] = shift(value, by)
            elif isinstance(value, tuple) and _has_node(value):
                values[i] = tuple([shift(v, by) for v in value])
        span = node.span
        if span.start or span.end:                  # NOSPAN stays NOSPAN
            span = Span(span.start + by, span.end + by)
        return cls(*values, span=span)
    if isinstance(node, tuple) and _has_node(node):
        return tuple([shift(v, by) for v in node])
    return node


def _has_node(items: tuple) -> bool:
    """Does a tuple hold a node anywhere (not only first: ``("free_cell", Selector(…))``)?"""
    for item in items:
        if isinstance(item, Node) or (isinstance(item, tuple) and _has_node(item)):
            return True
    return False


def with_span(node: Node, span: Span) -> Node:
    """The same node with another span (positional, as ``shift``: no ``dataclasses.replace``)."""
    written = WITH_SPAN.get(type(node))
    if written is not None:
        return written(node, span)
    return type(node)(*[getattr(node, n) for n in _names(type(node))], span=span)


def to_dict(node: Any, spans: bool = False, redact: bool = False) -> Any:
    """Canonical plain-data form: ``{"node": ClassName, field: value …}``; defaults omitted.

    ``redact``: an Opaque node keeps a hash and length of its text instead of the text (golden
    files must not carry licensed card sentences)."""
    if isinstance(node, Opaque) and redact:
        digest = hashlib.sha256(node.text.encode("utf-8")).hexdigest()[:16]
        out = {"node": "Opaque", "sha256": digest, "length": len(node.text)}
        if spans:
            out["span"] = [node.span.start, node.span.end]
        return out
    if isinstance(node, Node):
        out: dict[str, Any] = {"node": type(node).__name__}
        if spans:
            sp = node.span
            if sp.start or sp.end:                  # not NOSPAN
                out["span"] = [sp.start, sp.end]
        for name, default in _defaults(type(node)):
            value = getattr(node, name)
            if value == default:
                continue
            out[name] = to_dict(value, spans, redact)
        return out
    if isinstance(node, tuple):
        return [to_dict(v, spans, redact) for v in node]
    if isinstance(node, Enum):
        # the parser names vocabulary words by their berserk.vocab members: plain data holds
        # their values (what from_dict gives back, and what YAML can write)
        return node.value
    return node


def from_dict(data: Any) -> Any:
    """Inverse of ``to_dict`` (spans restored when present)."""
    if isinstance(data, dict) and data.get("node") == "Opaque" and "text" not in data:
        # a redacted Opaque (golden files): its hash stands in for the text
        span = Span(*data["span"]) if "span" in data else NOSPAN
        return Opaque(f"#{data.get('sha256', '?')} ({data.get('length', '?')} симв.)", span=span)
    if isinstance(data, dict) and "node" in data:
        cls = NODE_TYPES[data["node"]]
        kwargs = {}
        for f in fields(cls):
            if f.name == "span":
                if "span" in data:
                    kwargs["span"] = Span(*data["span"])
                continue
            if f.name in data:
                kwargs[f.name] = from_dict(data[f.name])
        return cls(**kwargs)
    if isinstance(data, list):
        return tuple(from_dict(v) for v in data)
    return data


def to_json(node: Any, spans: bool = False, redact: bool = False) -> str:
    """Canonical JSON: sorted keys, no whitespace variance, UTF-8 kept readable.  Without spans
    or redaction (the DB's and the goldens' form) written directly by ``grammar.ast.jsontext``
    (the same text, without building the dicts)."""
    if not spans and not redact:
        return jsontext.to_json(node)
    return json.dumps(to_dict(node, spans, redact), ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))


_register()
