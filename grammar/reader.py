"""The reader of one ability sentence: tokens → chunk parse → frames → typed nodes, or Opaque.

``read_unit`` is the whole pipeline for one *unit* (an ability sentence of a canonical line,
``grammar.repairs.split_units``):

1. ``grammar.lexer.tokenize`` — word classes and the look-ahead token classes;
2. the chunk grammar (grammar/language.lark, LALR, ``strict=True``) with the parts transformer
   applied inline (``grammar.parts.ToParts``: no parse tree is built); the LALR loop runs in
   lark-cython when it is installed and asked for (optional; ``use_cython``), else in Python
   (``_TableLoop``: Lark's loop over Lark's table, written out);
3. ``grammar.frames_ability.ability`` — meaning from head words; a frame that cannot use every
   part of its clause raises ``Reject``;
4. on ``Reject`` (or a syntax error): the head alone, when the unit has one the frames can type
   (a cost, a trigger, a label, a named-effect head, a condition), with the rest ``Opaque``;
   else the whole unit ``Opaque``.

The nodes of a unit are memoised position-free (spans relative to the unit), keyed by the
unit text, the card's name and the list vocabulary, and shifted to where the unit stands.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Iterator

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError
from lark.grammar import Terminal
from lark.lexer import Lexer
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
from lark.parsers.lalr_analysis import Shift

from grammar import ast as A
from grammar.frames_ability import ability, head_only
from grammar.frames_base import Ctx, Reject
from grammar.frames_quality import icon_ability
from grammar.lexer import tokenize
from grammar.parts import ToParts
from grammar.tokens import Vocabulary

try:                    # optional: the LALR loop in C; the pure-Python parser does the same work
    import lark_cython
except ImportError:     # pragma: no cover - depends on what is installed
    lark_cython = None

GRAMMAR_FILE = "language.lark"


# ``Token(type, value, start_pos=…, end_pos=…)`` goes through a keyword check before this
# constructor: a unit makes a few dozen tokens per parse, so the parsers call it directly
# (positional: type, value, start_pos, line, column, end_line, end_column, end_pos)
_new_token = getattr(Token, "_future_new", None) or Token



def _make_token(t, _str_new=str.__new__, _Token=Token):
    """A table-loop token: ``Token._future_new`` written out for one lexer token (the same
    object and fields, without the classmethod binding and ``super()`` per token)."""
    inst = _str_new(_Token, t.value)
    inst.type = t.type
    inst.start_pos = t.start
    inst.value = t.value
    inst.line = None
    inst.column = None
    inst.end_line = None
    inst.end_column = None
    inst.end_pos = t.end
    return inst




class _TokenFeed(Lexer):
    """Lark's lexer slot, fed with the tokens ``grammar.lexer.tokenize`` classified."""

    def __init__(self, conf):
        pass

    def lex(self, data):
        new = _new_token
        for t in data:
            yield new(t.type, t.value, t.start, None, None, None, None, t.end)


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("grammar").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


_choice: list[bool | None] = [None]       # ``lalr_in_c`` (the tests and the benchmark)


def use_cython() -> bool:
    """Parse with lark-cython?  Only when it is installed and asked for: ``BERSERK_LARK_CYTHON=1``
    or a ``lalr_in_c(True)`` block (the AST is the same either way).  By default the units go
    through ``_TableLoop``: with the parts transformer inline, its Python loop is faster than
    lark-cython's C loop, which needs every token made twice and the children of every
    terminal-bearing rule mapped back (bench/parse.py measures both)."""
    if lark_cython is None:
        return False
    if _choice[0] is not None:
        return _choice[0]
    _env[0] = os.environ.get("BERSERK_LARK_CYTHON", "0") == "1"
    return _env[0]


# the environment's answer, read at the first unit and again whenever ``use_cython`` is asked
# (an ``os.environ`` lookup per unit was ~1 % of a cold pass)
_env: list[bool | None] = [None]


def _loop() -> tuple:
    """``_inline(use_cython())`` for a unit, the environment read once."""
    choice = _choice[0]
    if choice is None:
        choice = _env[0]
        if choice is None:
            choice = use_cython()
    return _inline(choice and lark_cython is not None)


@contextmanager
def lalr_in_c(on: bool) -> Iterator[None]:
    """Within the block, units are parsed with lark-cython (``on``, when installed) or the
    pure-Python parser; the unit memo is cleared on the way in and out."""
    before = _choice[0]
    _choice[0] = on
    clear()
    try:
        yield
    finally:
        _choice[0] = before
        clear()


class _CythonFeed:
    """lark-cython's LALR parser over our tokens.  Its parser asks a lexer thread for
    ``next_token`` and takes only its own ``Token`` class (not a ``str``: ``len``, ``int`` and
    ``==`` on it are not the text's), so it is fed lark-cython tokens carrying the token's index
    in ``start_pos``; every rule that has a terminal gets its children back as the lark
    ``Token`` objects the pure-Python parser would pass (built once per token, as there), so
    the transformer and the frames see exactly the same values."""

    def __init__(self, lark: Lark):
        self._parser = lark.parser.parser
        self._start = lark.options.start[0]
        self.tokens: list[Token] = []
        callbacks = lark.parser.parser_conf.callbacks
        for rule, callback in list(callbacks.items()):
            # a token is always a direct child of a rule whose expansion names its terminal
            if any(isinstance(sym, Terminal) for sym in rule.expansion):
                callbacks[rule] = self._unwrapping(callback)

    def _unwrapping(self, callback):
        cy_token = lark_cython.Token
        tokens = self.tokens

        def f(children):
            return callback([tokens[c.start_pos] if type(c) is cy_token else c for c in children])
        return f

    def parse(self, toks):
        new = _new_token
        self.tokens[:] = [new(t.type, t.value, t.start, None, None, None, None, t.end) for t in toks]
        return self._parser.parse(_Thread(toks), self._start)


class _Thread:
    """The lexer thread lark-cython's parser reads: one token per ``next_token``, then
    EOFError."""
    __slots__ = ("_it",)

    def __init__(self, toks):
        cy_token = lark_cython.Token
        self._it = iter([cy_token(t.type, t.value, start_pos=i) for i, t in enumerate(toks)])

    def next_token(self, *_state):
        for tok in self._it:
            return tok
        raise EOFError


@lru_cache(maxsize=2)
def _inline(cython: bool = False) -> tuple:
    """The LALR table with the parts transformer applied while parsing (no tree is built): a
    parser whose ``parse(tokens)`` gives the parts, and the transformer.  ``cython``: with
    lark-cython (``use_cython``).  ``strict=True``: a grammar change that introduces a
    conflict fails here."""
    parts = ToParts("")
    if cython:
        lark = Lark(grammar_text(), parser="lalr", lexer=_TokenFeed, strict=True,
                    propagate_positions=False, maybe_placeholders=False, transformer=parts,
                    _plugins=lark_cython.plugins)
        _plain_goto_keys(lark.parser.parser_conf.rules)
        return _CythonFeed(lark), parts
    lark = Lark(grammar_text(), parser="lalr", lexer=_TokenFeed, strict=True,
                propagate_positions=False, maybe_placeholders=False, transformer=parts)
    _plain_goto_keys(lark.parser.parser.parser_conf.rules)
    return _TableLoop(lark), parts


class _TableLoop:
    """Lark's LALR loop (``lark.parsers.lalr_parser_state.ParserState.feed_token``) over the
    same table and the same callbacks, written out for a list of tokens: one action lookup
    per step, a reduction's (size, callback, goto row) read from one tuple, no lexer thread,
    parser-state object or method call per token.  It shifts, reduces and calls exactly what
    Lark's loop does, and a token the table has no action for raises ``UnexpectedToken`` as
    there (the unit is refused)."""

    def __init__(self, lark: Lark):
        self.lark = lark                                        # (its own loop: the tests)
        parser = lark.parser.parser.parser
        table, callbacks = parser.parse_table, parser.callbacks
        if any(isinstance(key, str) for key in callbacks):      # pragma: no cover - grammar
            raise TypeError("terminal callbacks: the table loop shifts tokens as they are")
        start = lark.options.start[0]
        self.start, self.end = table.start_states[start], table.end_states[start]
        callbacks = {**callbacks, **_written_callbacks(lark)}
        reduce_of: dict = {}
        self.actions: dict = {}
        for state, row in table.states.items():
            out = self.actions[state] = {}
            for key, (action, arg) in row.items():
                if action is Shift:
                    out[key] = arg                     # an int: shift to (or goto) that state
                else:
                    found = reduce_of.get(id(arg))
                    if found is None:
                        found = reduce_of[id(arg)] = (len(arg.expansion), callbacks[arg],
                                                      arg.origin.name)
                    out[key] = found

    def parse(self, toks):
        tokens = list(map(_make_token, toks))
        actions = self.actions
        states, values = [self.start], []
        row = actions[self.start]                      # the actions of the state on top
        last = Token.new_borrow_pos("$END", "", tokens[-1]) if tokens else Token("$END", "", 0, 1, 1)
        tokens.append(last)        # the end of the unit: reduce until the start rule's end state
        end = self.end
        for token in tokens:
            kind = token.type
            while True:
                try:
                    act = row[kind]
                except KeyError:
                    raise UnexpectedToken(token, {s for s in row if s.isupper()}, state=None,
                                          interactive_parser=None) from None
                if type(act) is int:
                    states.append(act)
                    values.append(token)
                    row = actions[act]
                    break
                size, callback, origin = act
                if callback is None:               # a ``?rule`` of one child: the value stays
                    state = states[-1] = actions[states[-2]][origin]
                else:
                    if size:
                        children = values[-size:]
                        del states[-size:]
                        del values[-size:]
                    else:
                        children = []
                    state = actions[states[-1]][origin]
                    states.append(state)
                    values.append(callback(children))
                row = actions[state]
                if state == end and token is last:
                    return values[-1]
        return None                                # pragma: no cover - Lark's tables never shift «$END»


def _written_callbacks(lark: Lark) -> dict:
    """Each rule's callback as one function: what Lark's chain of wrappers does (keep the one
    child of a ``?rule``; drop filtered tokens and splice the children of an inlined ``_rule``;
    then the transformer's method, or its ``__default__``) written out per rule, so a reduction
    costs one Python call instead of three or four.  A rule whose chain holds anything else
    keeps Lark's callback."""
    transformer = lark.options.transformer
    default = transformer.__default__
    # ToParts makes an inlined ``_rule`` a plain Tree of its children (``parts.__default__``)
    inlined_trees = type(transformer).__default__ is ToParts.__default__
    out = {}
    for rule, chain in lark._parse_tree_builder.rule_builders:
        name = rule.alias or rule.options.template_source or rule.origin.name
        method = getattr(transformer, name, None)
        if method is not None and getattr(method, "visit_wrapper", None) is not None:
            continue                                           # pragma: no cover - ToParts has none
        expand1, keep = False, None
        for wrapper in chain:
            if wrapper is ExpandSingleChild:
                expand1 = True
            elif getattr(wrapper, "func", None) is ChildFilterLALR_NoPlaceholders:
                keep = wrapper.args[0]
            else:
                break
        else:
            if expand1 and keep is None and len(rule.expansion) == 1:
                out[rule] = None          # a ``?rule`` of one symbol: its child is its value
                continue
            namespace = {"method": method, "default": default, "name": name, "Tree": Tree}
            if method is None and name.startswith("_") and keep and keep[0] == (0, True) and not expand1 \
                    and not any(splice for _i, splice in keep[1:]) and inlined_trees:
                # a left-recursive list of an inlined ``_rule`` («__clause_plus_2: __clause_plus_2
                # part»): the items go onto the list's own tree, as Lark's child filter adds them
                # to its children in place, instead of a new list and tree per item
                more = ", ".join(f"children[{i}]" for i, _splice in keep[1:])
                body = ["def f(children):", "    first = children[0]",
                        "    if type(first) is Tree and first.data == name:",
                        f"        first.children.extend(({more},))", "        return first",
                        f"    return default(name, [*first.children, {more}], None)"]
                exec("\n".join(body) + "\n", namespace)
                out[rule] = namespace["f"]
                continue
            if keep is None:
                items = "children"
            else:
                items = "[" + ", ".join(f"*children[{i}].children" if splice else f"children[{i}]"
                                        for i, splice in keep) + "]"
            # (Lark wraps the method in ExpandSingleChild first, the child filter around it: the
            # filter runs first and the one-child test is on what it kept)
            body = ["def f(children):", f"    items = {items}"]
            if expand1:
                body += ["    if len(items) == 1:", "        return items[0]"]
            body.append("    return method(items)" if method is not None else "    return default(name, items, None)")
            exec("\n".join(body) + "\n", namespace)
            out[rule] = namespace["f"]
    return out


def _plain_goto_keys(rules) -> None:
    """After each reduction both LALR loops look the goto state up by ``rule.origin.name``, a
    lark ``Token`` whose Python ``__eq__`` runs against the table's ``str`` keys (one call per
    reduction); a plain ``str`` of the same text (same hash) is compared in C.  The callbacks
    are bound by then: nothing else reads the name."""
    for rule in rules:
        if type(rule.origin.name) is not str:
            rule.origin.name = str(rule.origin.name)


@lru_cache(maxsize=2)
def bare_parser(cython: bool = False):
    """The same LALR table building a tree, without our transformer: what the benchmark
    measures as the bare ``Lark.parse`` (``cython``: with lark-cython, when installed)."""
    if cython and lark_cython is not None:
        lark = Lark(grammar_text(), parser="lalr", lexer=_TokenFeed, strict=True,
                    propagate_positions=False, maybe_placeholders=False,
                    _plugins=lark_cython.plugins)
        return _BareCython(lark)
    return Lark(grammar_text(), parser="lalr", lexer=_TokenFeed, strict=True,
                propagate_positions=False, maybe_placeholders=False)


class _BareCython:
    """lark-cython building its tree from our tokens (its leaves: lark-cython tokens)."""

    def __init__(self, lark: Lark):
        self._parser, self._start = lark.parser.parser, lark.options.start[0]

    def parse(self, toks):
        return self._parser.parse(_Thread(toks), self._start)


def read_unit(text: str, name: str | None, vocab: Vocabulary | None, strict: bool) -> tuple:
    """The nodes of one unit, spans relative to it; never raises on card text (strict mode
    re-raises what is a bug: any error but a refusal or a syntax error)."""
    return _read_cached(text, name, vocab, strict)


@lru_cache(maxsize=65536)
def _read_cached(text: str, name: str | None, vocab: Vocabulary | None, strict: bool) -> tuple:
    toks = tokenize(text, name, vocab)
    if not toks:
        return (), True
    if len(toks) == 1:
        node = icon_ability(toks[0])
        if node is not None:
            return _cover([node], len(text)), True
    lark, parts = _loop()
    tree = None
    try:
        parts.text = text
        parts.offset = 0
        tree = lark.parse(toks)
        ctx = Ctx(text, _granted(name, vocab, strict), name)
        nodes = [n for n in ability(tree, ctx) if not isinstance(n, A.Limit)] + ctx.extra
        return _cover(nodes, len(text)), True
    except (UnexpectedInput, Reject):
        pass
    except VisitError as err:
        if strict and not isinstance(err.orig_exc, Reject):
            raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        if strict:
            raise
    return _fallback(text, toks, tree, strict), False


def _read(text: str, name, vocab, strict: bool) -> tuple:
    """The unit read without the memo and without the fallback (a refusal raises): for tools
    that want to know *why* a unit is not typed."""
    toks = tokenize(text, name, vocab)
    if not toks:
        return ()
    lark, parts = _loop()
    parts.text = text
    parts.offset = 0
    tree = lark.parse(toks)
    ctx = Ctx(text, _granted(name, vocab, strict), name)
    nodes = [n for n in ability(tree, ctx) if not isinstance(n, A.Limit)] + ctx.extra
    return _cover(nodes, len(text))


def _granted(name, vocab, strict: bool):
    """The recursion for a quoted ability («получает «…»»): typed, or the frame rejects."""
    def reparse(inner: str, at: int):
        nodes, ok = read_unit(inner, name, vocab, strict)
        if not ok or not all(A.is_typed(n) for n in nodes):
            raise Reject("the granted ability is not typed")
        nodes = tuple(A.shift(n, at) for n in nodes)
        return nodes[0] if len(nodes) == 1 else A.Static(nodes, span=A.Span(at, at + len(inner)))
    return reparse


def _cover(nodes: list, length: int) -> tuple:
    """Frames use every part of a unit or reject it, so the abilities of a typed unit cover
    it: the tails a node absorbed (limits, «где X —», parentheses) are inside its span."""
    nodes.sort(key=lambda n: n.span.start)
    out = []
    last = len(nodes) - 1
    for i, n in enumerate(nodes):
        sp = n.span
        lo = 0 if i == 0 else sp.start
        hi = nodes[i + 1].span.start if i < last else length
        lo = lo if lo < sp.start else sp.start
        hi = hi if hi > sp.end else sp.end
        # (the span compared on its two ints, not by the dataclass ``__eq__``)
        out.append(n if lo == sp.start and hi == sp.end else A.with_span(n, A.Span(lo, hi)))
    return tuple(out)


def _fallback(text: str, toks: list, tree, strict: bool) -> tuple:
    """A typed head with its body Opaque, else the whole unit Opaque (the tokens and the parse
    of the failed try are reused)."""
    try:
        head = head_only(text, toks, Ctx(text, None), tree)
    except Reject:
        head = None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        if strict:
            raise
        head = None
    if head is not None:
        return (head,)
    return (A.Opaque(text, span=A.Span(0, len(text))),)


def clear() -> None:
    _read_cached.cache_clear()
