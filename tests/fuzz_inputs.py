"""Hypothesis strategies for the fuzz tests (tests/test_fuzz_*.py): hostile files of every kind.

The readers are fuzzed with four families of input, each reaching a different layer:

* ``mutated(base)`` — a real, valid document (a library scenario, the bundled cards, a card of
  each source format) with 1–4 random edits deep inside: a value replaced by any JSON-like
  value (huge and negative integers, NaN, text, nested lists), a key dropped or added, a node
  wrapped in a list.  Most inputs stay *almost* valid, so the field checks are what is hit.
* ``values()`` — any JSON-like value, nested, with the edge integers (2**63 …).
* ``nesting()`` — brackets, braces, ``- - -`` and ``{a: `` nested up to 5,000 deep.
* ``as_bytes(text)`` — the file's bytes with bytes inserted (0xff, a lone continuation byte),
  cut short, or with a BOM.

``FUZZ_SHORT`` examples per test run by default; the ``fuzz``-marked long tests run
``FUZZ_LONG`` (``python -m pytest -m fuzz``).  An example may try one document on several
readers or formats; each try is one *input*, counted in ``INPUTS`` (tests/conftest.py prints
the total at the end of a run that had any).
"""
from __future__ import annotations

import copy
import json
import os
from typing import Any, Callable

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

#: Examples per fuzz test in the default run, and in the long run (``-m fuzz``); the long run's
#: count can be raised for a one-off soak with $BERSERK_FUZZ_EXAMPLES.
FUZZ_SHORT = 40
FUZZ_LONG = int(os.environ.get("BERSERK_FUZZ_EXAMPLES", "6500"))
#: Inputs tried so far in this process, by test module.
INPUTS: dict[str, int] = {}


def count(module: str) -> None:
    """One more input tried by ``module``'s fuzz test."""
    INPUTS[module] = INPUTS.get(module, 0) + 1

EDGE_INTS = (0, -1, 1, 3, 9999, 10_000, 2**31, 2**63 - 1, 2**63, 2**64, -2**63 - 1, 10**30,
             10**31, 10**400)
GAME_WORDS = ("горы", "Горы", "леса", "тьма", "нейтральная", "существо", "летающее", "артефакт",
              "1-2-3", "2-3-4", "--", "1-2", "Полет", "X", "Х", "c2", "c3", "a1", "f9", "A", "B",
              "classic", "heroes-15", "{tap}: Выстрел на 2, дальность 3.", "Броня 99999999999",
              "⤵️: Разряд на 1-2-2.", "Страж перевала", "Степной лучник", "да", "нет", "on",
              "2024-01-01", "9" * 40, "", " ", "\u0000", "\ud7ff", "🦄")
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from(EDGE_INTS),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(GAME_WORDS))
KEYS = st.one_of(st.text(max_size=8), st.sampled_from((
    "name", "element", "elements", "type", "cost", "life", "move", "strike", "text", "classes",
    "class", "set", "number", "rarity", "elite", "unique", "stats", "lifeCount", "simpleHit",
    "walkCount", "abilities", "color", "hit", "icons", "set_id", "cards", "board", "actions",
    "expect", "attack", "by", "target", "dice", "card", "closed", "wounds", "squad", "gold",
    "silver", "cell", "count", "ruleset")))


def values(max_leaves: int = 12) -> st.SearchStrategy:
    """Any JSON-like value: scalars (edge integers included) in lists and dicts.  Built once
    per size (a strategy is validated when first drawn: a new one per draw costs ~10 ms)."""
    if max_leaves not in _VALUES:
        _VALUES[max_leaves] = st.recursive(SCALARS, lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
            max_leaves=max_leaves)
    return _VALUES[max_leaves]


_VALUES: dict[int, st.SearchStrategy] = {}
_EDITS = st.sampled_from(("replace", "replace", "drop", "add", "wrap", "stringify"))
_BAD_BYTES = st.sampled_from((b"\xff", b"\xfe\xff", b"\x80", b"\xc3", b"\x00", b"\xed\xa0\x80",
                              b"\r", b"\t"))
_BYTE_EDITS = st.sampled_from(("insert", "cut", "bom", "flip"))


def _containers(node: Any, path: tuple = ()) -> list[tuple]:
    """Paths of every list and dict inside ``node`` (the root included)."""
    found, stack = [], [(node, path)]
    while stack:
        current, at = stack.pop()
        if isinstance(current, dict):
            found.append(at)
            stack.extend((v, at + (k,)) for k, v in current.items())
        elif isinstance(current, list):
            found.append(at)
            stack.extend((v, at + (i,)) for i, v in enumerate(current))
    return found


def _at(node: Any, path: tuple) -> Any:
    for step in path:
        node = node[step]
    return node


@st.composite
def mutated(draw, base: Any) -> Any:
    """``base`` (a parsed document) with 1–4 random edits anywhere inside it."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 4))):
        paths = _containers(doc)
        if not paths:
            return draw(values())
        target = _at(doc, paths[draw(st.integers(0, len(paths) - 1))])
        op = draw(_EDITS)
        keys = list(target.keys()) if isinstance(target, dict) else list(range(len(target)))
        if op == "add" or not keys:
            if isinstance(target, dict):
                target[draw(KEYS)] = draw(values())
            else:
                target.append(draw(values()))
            continue
        key = keys[draw(st.integers(0, len(keys) - 1))]
        if op == "replace":
            target[key] = draw(values())
        elif op == "drop":
            del target[key]
        elif op == "wrap":
            target[key] = [target[key]]
        else:
            target[key] = str(target[key])
    return doc


def nesting() -> st.SearchStrategy[str]:
    """Text nested deep: JSON/YAML flow brackets and braces, YAML block dashes and keys."""
    return st.builds(
        lambda n, kind, prefix: prefix + {
            "list": "[" * n + "]" * n, "open": "[" * n, "dict": '{"a": ' * n + "1" + "}" * n,
            "flow": "{a: " * n + "b" + "}" * n, "dashes": "- " * n + "x\n",
            "keys": "".join(f"{' ' * i}k{i}:\n" for i in range(min(n, 400))) + "  " * 400 + "v\n",
        }[kind],
        st.integers(0, 5000), st.sampled_from(("list", "open", "dict", "flow", "dashes", "keys")),
        st.sampled_from(("", "cards: ", "board: ", "squad: ", "x: ")))


@st.composite
def as_bytes(draw, text: str) -> bytes:
    """``text`` as UTF-8 with 0–3 byte-level edits (bad bytes, a cut, a BOM)."""
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(draw(st.integers(0, 3))):
        op = draw(_BYTE_EDITS)
        at = draw(st.integers(0, len(data)))
        if op == "insert":
            data[at:at] = draw(_BAD_BYTES)
        elif op == "cut":
            del data[at:]
        elif op == "bom":
            data[0:0] = b"\xef\xbb\xbf"
        elif data:
            data[min(at, len(data) - 1)] ^= draw(st.integers(1, 255))
    return bytes(data)


def dump(doc: Any, style: str) -> str:
    """``doc`` as JSON, block YAML or flow YAML (NaN and 10**400 allowed: the readers get
    them)."""
    if style == "json":
        return json.dumps(doc, ensure_ascii=False)
    return yaml.safe_dump(doc, allow_unicode=True, default_flow_style=style == "flow",
                          sort_keys=False)


def fuzz_pair(strategy: st.SearchStrategy, check: Callable[[Any], None], shrink: bool = True):
    """Two tests of one property: a short run for the default suite and a long one marked
    ``fuzz``.  Returns (short, long) — assign both to ``test_…`` names.  ``shrink=False`` for
    a test expected to fail (xfail): shrinking a known failure costs seconds for nothing."""
    quiet = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
             HealthCheck.large_base_example]
    phases = tuple(Phase) if shrink else (Phase.explicit, Phase.reuse, Phase.generate)

    def run(case):
        check(case)

    short = settings(max_examples=FUZZ_SHORT, deadline=None, suppress_health_check=quiet,
                     phases=phases)(given(strategy)(run))
    long = pytest.mark.fuzz(settings(max_examples=FUZZ_LONG, deadline=None, phases=phases,
                                     suppress_health_check=quiet)(given(strategy)(run)))
    return short, long
