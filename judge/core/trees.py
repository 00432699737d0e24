"""Rewriting a card's AST (grammar.ast) bottom-up: the one tree walk the rulesets' readers use to
read a tree more exactly than it is written (judge/classic/rewrites.py, judge/heroes/fromgrammar.py).
"""
from __future__ import annotations

from dataclasses import fields, replace

from grammar import ast as A


def transform(node, on_node=None, on_list=None, list_fields=None):
    """The tree with ``on_node(n)`` put in place of every node (bottom-up) and ``on_list(t)`` of
    every tuple of nodes (of the fields named in ``list_fields`` only, when given); the very same
    objects where nothing changed (so the readers' caches and choice points stay valid)."""
    if not isinstance(node, A.Node):
        return node
    changes = {}
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if isinstance(value, A.Node):
            new = transform(value, on_node, on_list, list_fields)
            if new is not value:
                changes[f.name] = new
        elif isinstance(value, tuple) and value and all(isinstance(v, A.Node) for v in value):
            new = tuple(transform(v, on_node, on_list, list_fields) for v in value)
            if on_list is not None and (list_fields is None or f.name in list_fields):
                new = on_list(new)
            if len(new) != len(value) or any(x is not y for x, y in zip(new, value)):
                changes[f.name] = new
    out = replace(node, **changes) if changes else node
    return on_node(out) if on_node is not None else out
