"""YAML that remembers where each value was written: the one YAML reader for files a user
writes (scenarios, card files, deck and squad lists), so every problem is located.

``load`` returns plain dicts and lists — ``MDict`` / ``MList`` subclasses carrying the 1-based
line and column of the node, of each key and of each value, and the duplicate keys PyYAML would
otherwise merge silently (two cards on one cell in one player's board is exactly such a
duplicate; ``MDict.pairs`` keeps every pair as written).  Booleans are YAML 1.2's: only
true/false (``on``, ``yes``, ``no`` stay words).
"""
from __future__ import annotations

import re

import yaml

from berserk.errors import InputError


class MDict(dict):
    line: int = 0
    col: int = 0

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.key_pos: dict = {}
        self.val_pos: dict = {}
        self.duplicates: list[tuple[object, int, int]] = []
        self.written: list[tuple[object, object, tuple[int, int], tuple[int, int]]] = []

    def pos(self, key) -> tuple[int, int]:
        """Where the value of ``key`` was written (or the mapping itself)."""
        return self.val_pos.get(key) or self.key_pos.get(key) or (self.line, self.col)

    def pairs(self):
        """Every (key, value, key position, value position) in document order, a repeated key
        as often as it was written."""
        return iter(self.written)


class MList(list):
    line: int = 0
    col: int = 0

    def __init__(self, *a):
        super().__init__(*a)
        self.item_pos: list[tuple[int, int]] = []

    def pos(self, index: int) -> tuple[int, int]:
        if 0 <= index < len(self.item_pos):
            return self.item_pos[index]
        return (self.line, self.col)


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Loader(yaml.SafeLoader):
    pass


# YAML 1.2 booleans: only true/false.  YAML 1.1 also reads on/off/yes/no as booleans, which
# turned the documented expectation key «on» (the host) into True.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool",
                              re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def _mapping(loader: _Loader, node: yaml.MappingNode) -> MDict:
    out = MDict()
    out.line, out.col = _mark(node)
    loader.flatten_mapping(node)
    for knode, vnode in node.value:
        key = loader.construct_object(knode, deep=True)
        value = loader.construct_object(vnode, deep=True)
        try:
            hash(key)
        except TypeError:
            key = str(key)
        if key in out:
            out.duplicates.append((key, *_mark(knode)))
        out[key] = value
        out.key_pos[key] = _mark(knode)
        out.val_pos[key] = _mark(vnode)
        out.written.append((key, value, out.key_pos[key], out.val_pos[key]))
    return out


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> MList:
    out = MList()
    out.line, out.col = _mark(node)
    for item in node.value:
        out.append(loader.construct_object(item, deep=True))
        out.item_pos.append(_mark(item))
    return out


_Loader.add_constructor("tag:yaml.org,2002:map", _mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _sequence)


def load(text: str, source: str, what: str = "ошибка синтаксиса YAML"):
    """Parse ``text``; a syntax error becomes a located ``InputError`` with a caret, its message
    «<what>: <PyYAML's problem>»."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        raise InputError.at(f"{what}: {problem}", source,
                            mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                            text if mark else None) from None
