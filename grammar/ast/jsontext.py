"""The canonical JSON of a node (no spans, not redacted) written directly as text: the
implementation of ``grammar.ast.to_json`` for that case (json.dumps of ``to_dict``'s output
with sorted keys gives the same text), and, for the DB build's rows (``carddb.textrows``),
the same text with the nodes in walk order from one walk."""
from __future__ import annotations

import json
from dataclasses import fields
from enum import Enum
from typing import Callable

from grammar.ast.nodes import Node


def to_json(node) -> str:
    """``json.dumps(to_dict(node), ensure_ascii=False, sort_keys=True, separators=(",", ":"))``
    exactly (no spans, not redacted), written directly as JSON text — each node's fields in sorted key order, as ``sort_keys`` writes them (no node
    holds a mapping; collections are tuples) — by a function per node class made once (a
    35,000-card build serialises ~100,000 distinct abilities; building dicts for the encoder
    cost a third more)."""
    return _json(node, [])


def json_and_nodes(node) -> tuple[str, list]:
    """``(to_json(node), nodes_of(node))`` in one walk."""
    nodes: list = []
    return _json(node, nodes), nodes


#: Per value type: the function that writes one value of it as JSON (``_writer``).
_WRITERS: dict[type, Callable] = {}
_LEAVES = frozenset({str, int, type(None), bool, float})
_encode_str = json.encoder.encode_basestring        # (ensure_ascii=False's; C)
#: anything else (a float, a subclass of str) as ``json.dumps`` writes it
_encode_other = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode


def _json(value, nodes: list) -> str:
    """``value`` as JSON text, as ``grammar.ast.to_dict`` and ``json.dumps(...,
    ensure_ascii=False, sort_keys=True, separators=(",", ":"))`` write it (spans aside): nodes
    as objects (defaults omitted), tuples as arrays, enums as their values; every node met is
    appended to ``nodes`` in ``grammar.ast.walk`` order (pre-order, fields in order, nodes
    inside tuples at any depth)."""
    writer = _WRITERS.get(type(value))
    if writer is None:
        writer = _writer(type(value))
    return writer(value, nodes)


def _json_enum(value: Enum, nodes: list) -> str:
    value = value._value_                   # (``.value``: a descriptor call)
    return _encode_str(value) if type(value) is str else _json(value, nodes)


def _json_tuple(items: tuple, nodes: list) -> str:
    get = _WRITERS.get
    return "[" + ",".join([_encode_str(v) if type(v) is str else (get(type(v)) or _json)(v, nodes)
                           for v in items]) + "]"


def _writer(cls: type) -> Callable:
    """The JSON writer of one value type: for a node class ``def write(node, nodes)`` — the
    node into ``nodes``, then each field written in field order; its members in sorted key
    order (with «node»), a field left out when it equals its default."""
    if issubclass(cls, Node):
        writer = _node_writer(cls)
    elif cls is str:
        writer = lambda value, nodes: _encode_str(value)            # noqa: E731
    elif cls is bool:
        writer = lambda value, nodes: "true" if value else "false"  # noqa: E731
    elif cls is type(None):
        writer = lambda value, nodes: "null"                         # noqa: E731
    elif issubclass(cls, Enum):
        writer = _json_enum
    elif issubclass(cls, tuple):
        writer = _json_tuple
    elif issubclass(cls, int):
        writer = lambda value, nodes: int.__repr__(value)           # noqa: E731
    else:
        writer = lambda value, nodes: _encode_other(value)          # noqa: E731
    _WRITERS[cls] = writer
    return writer


_NODE_KEY = _encode_str("node") + ":"


def _node_writer(cls: type) -> Callable:
    defaults = {f.name: f.default for f in fields(cls) if f.name != "span"}
    code = ["def write(node, nodes):", "    nodes.append(node)"]
    for n, key in enumerate(defaults):
        default = defaults[key]
        code.append(f"    v{n} = node.{key}")
        # a field at its default is left out; a default that holds no node (None, a text, a
        # number, an empty tuple) is not walked either — the usual case, a field not given
        same = (f"v{n} is None" if default is None else f"v{n} == d{n}")
        write = (f"enc(v{n}) if type(v{n}) is str else "
                 f"(get(type(v{n})) or deeper)(v{n}, nodes)")
        if default is None or type(default) in _LEAVES or isinstance(default, Enum) \
                or default == ():
            code.append(f"    p{n} = None if {same} else {write}")
        else:
            code.append(f"    p{n} = {write}")
            code.append(f"    if {same}:")
            code.append(f"        p{n} = None")
    code.append("    out = []")
    at = {key: n for n, key in enumerate(defaults)}
    for key in sorted([*defaults, "node"]):
        if key == "node":
            code.append(f"    out.append({_NODE_KEY + _encode_str(cls.__name__)!r})")
        else:
            code.append(f"    if p{at[key]} is not None:")
            code.append(f"        out.append({_encode_str(key) + ':'!r} + p{at[key]})")
    code.append("    return '{' + ','.join(out) + '}'")
    scope = {f"d{n}": default for n, default in enumerate(defaults.values())}
    scope.update(enc=_encode_str, deeper=_json, get=_WRITERS.get)
    exec("\n".join(code), scope)
    return scope["write"]
