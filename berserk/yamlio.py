"""YAML that remembers where each value was written: the one YAML reader for files a user
writes (scenarios, card files, deck and squad lists), so every problem is located.

``load`` returns plain dicts and lists — ``MDict`` / ``MList`` subclasses carrying the 1-based
line and column of the node, of each key and of each value, and the duplicate keys PyYAML would
otherwise merge silently (two cards on one cell in one player's board is exactly such a
duplicate; ``MDict.pairs`` keeps every pair as written).  Scalars are YAML 1.2's: booleans are
only true/false (``on``, ``yes``, ``no`` stay words) and there are no timestamps (``2024-01-01``
stays text).

Hostile input is refused with a located Russian message, never a RecursionError or a hang:
nesting deeper than ``MAX_DEPTH`` (PyYAML composes recursively; libyaml's composer crashes the
process at ~100,000 levels), aliases that expand to more than ``MAX_ALIAS_NODES`` nodes (the
«billion laughs»), integers longer than ``MAX_INT_DIGITS`` digits, a text over ``MAX_CHARS``
characters (YAML reads at ~1.5 MB/s: JSON is the format for big card lists).  libyaml's C
parser is used for the events when it is installed (about 4× faster than pure Python); the
composer stays Python's, which is what makes the depth and alias limits possible.
"""
from __future__ import annotations

import re

import yaml
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.resolver import Resolver

from berserk.errors import InputError

#: Deepest nesting of lists/mappings (a scenario is under 10 deep).
MAX_DEPTH = 64
#: Nodes that aliases (``*name``) may add in total when expanded.
MAX_ALIAS_NODES = 100_000
#: Longest integer literal (2**63 has 19 digits; game numbers have 1–3).
MAX_INT_DIGITS = 30
#: Largest YAML text read (characters): ~10 s of reading.
MAX_CHARS = 16 * 2**20


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


class _Limit(ComposerError):
    """A limit of this module, worded in Russian already."""


if yaml.__with_libyaml__:
    from yaml._yaml import CParser as _Events

    class _Base(Composer, _Events, SafeConstructor, Resolver):
        """libyaml's scanner and parser, Python's composer and constructor (the composer
        first in the MRO: its get_single_node is the one that calls compose_node)."""

        def __init__(self, stream):
            _Events.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
else:                                                   # pragma: no cover - pure Python
    _Base = yaml.SafeLoader


class _Loader(_Base):
    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._units = 0                   # nodes composed + nodes aliases stand for
        self._aliased = 0                 # nodes aliases stand for
        self._weight: dict[int, int] = {}  # id(anchored node) → the nodes it stands for

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            node = self.anchors.get(event.anchor)
            if node is not None:
                weight = self._weight.get(id(node), 1)
                self._aliased += weight
                self._units += weight
                if self._aliased > MAX_ALIAS_NODES:
                    raise _Limit(None, None, f"ссылки (*имя) разворачиваются больше чем в "
                                 f"{MAX_ALIAS_NODES} узлов", event.start_mark)
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Limit(None, None, f"вложенность глубже {MAX_DEPTH} уровней", event.start_mark)
        before = self._units
        self._units += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if event.anchor is not None:
            self._weight[id(node)] = self._units - before
        return node

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError):
            # an explicit tag the value does not fit (!!int abc, !!binary …)
            raise ConstructorError(None, None, "значение не подходит к своему тегу",
                                   node.start_mark) from None

    def construct_yaml_int(self, node):
        digits = str(node.value).lstrip("+-").replace("_", "")
        if len(digits) > MAX_INT_DIGITS:
            raise _Limit(None, None, f"число из {len(digits)} цифр: такие числа не читаются "
                         f"(не больше {MAX_INT_DIGITS} цифр)", node.start_mark)
        return super().construct_yaml_int(node)


# YAML 1.2 booleans: only true/false.  YAML 1.1 also reads on/off/yes/no as booleans, which
# turned the documented expectation key «on» (the host) into True.  No timestamps either.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers
            if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
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
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)

# PyYAML's and libyaml's problems (English) → Russian; the first one contained wins.
_PROBLEMS = (
    ("a tab character", "табуляция: отступы в YAML делаются только пробелами"),
    ("found character '\\t'", "табуляция: отступы в YAML делаются только пробелами"),
    ("cannot start any token", "с этого символа не может начинаться значение (возьмите "
                               "значение в кавычки)"),
    ("unexpected end of stream", "файл кончился раньше, чем закрылась скобка или кавычка"),
    ("mapping values are not allowed", "двоеточие здесь недопустимо (возьмите значение в "
                                       "кавычки или проверьте отступы)"),
    ("expected key", "ожидался ключ: проверьте отступы"),
    ("expected ':'", "ожидалось двоеточие после ключа"),
    ("expected ',' or ']'", "ожидалась запятая или «]»"),
    ("expected ',' or '}'", "ожидалась запятая или «}»"),
    ("expected '-' indicator", "ожидался элемент списка «- »: проверьте отступы"),
    ("block sequence entries are not allowed", "элемент списка «- » здесь недопустим: "
                                               "проверьте отступы"),
    ("expected node content", "ожидалось значение"),
    ("expected <block end>", "неожиданный отступ: проверьте отступы"),
    ("undefined alias", "ссылка на неизвестную метку (*имя)"),
    ("duplicate anchor", "метка (&имя) повторяется"),
    ("unknown escape character", "неизвестная экранирующая последовательность в строке"),
    ("expected escape sequence", "неизвестная экранирующая последовательность в строке"),
    ("expected a single document", "в файле несколько документов YAML (---): нужен один"),
    ("expected <document start>", "после конца документа — лишний текст"),
    ("incompatible YAML document", "неподдерживаемая версия YAML (%YAML)"),
    ("tag", "неизвестный тег YAML (!…)"),
    ("control characters are not allowed", "недопустимый управляющий символ"),
    ("unacceptable character", "недопустимый управляющий символ"),
    ("invalid leading UTF-8 octet", "недопустимые байты"),
    ("invalid trailing UTF-8 octet", "недопустимые байты"),
    ("expected alphabetic or numeric character", "после & или * ожидалось имя метки"),
    ("unexpected ':'", "неожиданное двоеточие"),
)


def problem_text(err: yaml.YAMLError) -> str:
    """A Russian wording of PyYAML's (or libyaml's) problem."""
    if isinstance(err, _Limit) or (isinstance(err, ConstructorError)
                                   and not str(err.problem or "").isascii()):
        return str(err.problem)
    said = [str(getattr(err, "problem", None) or err), str(getattr(err, "context", None) or "")]
    for english, russian in _PROBLEMS:
        if any(english in text for text in said):
            return russian
    return "текст не читается как YAML"


def load(text: str, source: str, what: str = "ошибка синтаксиса YAML"):
    """Parse ``text``; a syntax error or a limit becomes a located ``InputError`` with a
    caret, its message «<what>: <the problem in Russian>»."""
    if len(text) > MAX_CHARS:
        raise InputError.at(f"YAML больше {MAX_CHARS // 2**20} МБ читается слишком долго; "
                            "большой список карт сохраните в JSON", source)
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        message = problem_text(err)
        if not isinstance(err, _Limit):             # a limit is not a syntax error
            message = f"{what}: {message}"
        raise InputError.at(message, source,
                            mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                            text if mark else None) from None
