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

A unit is read where it stands (``read_at``): its tokens' positions are in the unit, the
parts' spans add its offset, so every node's span counts from the start of the card text and
nothing is shifted afterwards.  The frames slice the unit's text by those spans: they are given
the unit behind as many blanks as its offset (``_at``).  The nodes are memoised by the unit's
text, the card's name and the list vocabulary with the offset they were read at; a repeat
elsewhere (a list's «Защита от магии.») is shifted by the difference.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from itertools import islice
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
from grammar.tokens import Tok, Vocabulary

try:                    # optional: the LALR loop in C; the pure-Python parser does the same work
    import lark_cython
except ImportError:     # pragma: no cover - depends on what is installed
    lark_cython = None

GRAMMAR_FILE = "language.lark"


# ``Token(type, value, start_pos=…, end_pos=…)`` goes through a keyword check before this
# constructor: a unit makes a few dozen tokens per parse, so the parsers call it directly
# (positional: type, value, start_pos, line, column, end_line, end_column, end_pos)
_new_token = getattr(Token, "_future_new", None) or Token



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
    in ``start_pos``; every rule that has a terminal gets its children back as the lexer's own
    tokens (``grammar.tokens.Tok``), which the pure-Python parser passes, so the transformer
    and the frames see exactly the same values."""

    def __init__(self, lark: Lark):
        self._parser = lark.parser.parser
        self._start = lark.options.start[0]
        self.tokens: list[Tok] = []
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
        self.tokens[:] = toks
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
    per step, a reduction's (size, callback, goto key) read from one tuple, no lexer thread,
    parser-state object or method call per token.  It shifts, reduces and calls what Lark's
    loop does, and a token the table has no action for raises ``UnexpectedToken`` as there
    (the unit is refused).

    Its tokens are the lexer's own (``grammar.tokens.Tok``, no token object made per word).
    A shift (or goto) entry is the next state's row itself, so the stack holds rows and no
    state number is looked up; a list of an inlined ``_rule`` is a plain list (see
    ``_written_callbacks``)."""

    def __init__(self, lark: Lark):
        self.lark = _LarksLoop(lark)                            # (its own loop: the tests)
        parser = lark.parser.parser.parser
        table, callbacks = parser.parse_table, parser.callbacks
        if any(isinstance(key, str) for key in callbacks):      # pragma: no cover - grammar
            raise TypeError("terminal callbacks: the table loop shifts tokens as they are")
        start = lark.options.start[0]
        callbacks = {**callbacks, **_written_callbacks(lark)}
        rows: dict = {state: {} for state in table.states}
        reduce_of: dict = {}
        for state, row in table.states.items():
            out = rows[state]
            for key, (action, arg) in row.items():
                if action is Shift:
                    out[key] = rows[arg]
                else:
                    found = reduce_of.get(id(arg))
                    if found is None:
                        callback = callbacks[arg]
                        found = reduce_of[id(arg)] = (len(arg.expansion), callback, arg.origin.name) \
                            if callback is not _GROW else (-1, None, arg.origin.name)
                    out[key] = found
        self.start = rows[table.start_states[start]]
        # Lark returns when a reduction on «$END» reaches the end state (its row is empty):
        # here the end state «shifts» «$END» into an empty row, the last token, and the loop
        # is over — no end test per reduction
        end = rows[table.end_states[start]]
        if end:                                                 # pragma: no cover - Lark's table
            raise TypeError("the end state has actions")
        end["$END"] = {}

    def parse(self, toks):
        row = self.start
        rows, values = [row], []
        for token in [*toks, _END]:
            kind = token.type
            while True:
                try:
                    act = row[kind]
                except KeyError:
                    raise _unexpected(token, row, toks) from None
                if act.__class__ is dict:                  # shift: the next state's row
                    rows.append(act)
                    values.append(token)
                    row = act
                    break
                size, callback, origin = act
                if size == 1:                              # (most reductions: in place)
                    if callback is not None:               # (None: a ``?rule``'s one child stays)
                        values[-1] = callback([values[-1]])
                    row = rows[-1] = rows[-2][origin]
                    continue
                if size < 0:                               # (``_GROW``: the list takes the item)
                    item = values.pop()
                    values[-1].append(item)
                    del rows[-1]
                    row = rows[-1] = rows[-2][origin]
                    continue
                if size:
                    children = values[-size:]
                    del rows[-size:]
                    del values[-size:]
                else:
                    children = []
                row = rows[-1][origin]
                rows.append(row)
                values.append(callback(children))
        return values[-2]                                  # (under the «$END» accepted)


# a left-recursive list of an inlined rule growing by one item: done by the loop in place
_GROW = object()

# the end of every unit («$END»: Lark's name for it)
_END = Tok("$END", "", 0, 0)


def _unexpected(token, row: dict, toks: list) -> UnexpectedToken:
    """Lark's error for a token the table has no action for (a lark ``Token`` at the same
    place: «$END» where the last token ends, as Lark puts it)."""
    at = toks[-1] if token is _END and toks else token
    lark_token = Token(token.type, token.value, at.start, None, None, None, None, at.end)
    return UnexpectedToken(lark_token, {s for s in row if s.isupper()}, state=None,
                           interactive_parser=None)


class _LarksLoop:
    """Lark's own LALR loop, over the same table and callbacks, fed the same tokens (the tests
    hold the table loop to it)."""

    def __init__(self, lark: Lark):
        self._lark = lark

    def parse(self, toks):
        parser = self._lark.parse_interactive(toks)
        for token in toks:
            parser.feed_token(token)
        return parser.feed_token(_END)


def _written_callbacks(lark: Lark) -> dict:
    """Each rule's callback as one function: what Lark's chain of wrappers does (keep the one
    child of a ``?rule``; drop filtered tokens and splice the children of an inlined ``_rule``;
    then the transformer's method, or its ``__default__``) written out per rule, so a reduction
    costs one Python call instead of three or four (a rule whose chain is only its method: the
    method itself).  An inlined ``_rule`` (Lark's EBNF lists: «__clause_plus_2») is a plain
    list, not a Tree: a list and one more item is ``_GROW`` (the loop appends the item), a list
    grows in place, and a rule made of one list alone takes that list as its items (as Lark's
    child filter does)."""
    transformer = lark.options.transformer
    default = transformer.__default__
    out = {}
    for rule, chain in lark._parse_tree_builder.rule_builders:
        name = rule.alias or rule.options.template_source or rule.origin.name
        method = getattr(transformer, name, None)
        inlined = name.startswith("_") and method is None
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
            if keep is None and not expand1 and method is not None:
                out[rule] = method
                continue
            if inlined and expand1:                            # pragma: no cover - grammar
                raise TypeError(f"{name}: an inlined rule of one child is not a list")
            if inlined and keep == [(0, True), (1, False)]:
                out[rule] = _GROW         # «__clause_plus_2: __clause_plus_2 part»
                continue
            if inlined and keep is None and not expand1:
                # «__clause_plus_2: part»: the list is its children — a copy made in C instead
                # of a written function that returns them
                out[rule] = list
                continue
            namespace = {"method": method, "default": default, "name": name}
            body = ["def f(children):"]
            if keep is None:
                items = "children"
            elif keep[0] == (0, True):
                # the first child a list of an inlined rule: the items are that list, grown in
                # place (it is off the stack: nothing else holds it; Lark's filter does the same)
                items = "children[0]"
                body += [f"    children[0] += children[{i}]" if splice else
                         f"    children[0].append(children[{i}])" for i, splice in keep[1:]]
            else:
                items = "[" + ", ".join(f"*children[{i}]" if splice else f"children[{i}]"
                                        for i, splice in keep) + "]"
            # (Lark wraps the method in ExpandSingleChild first, the child filter around it: the
            # filter runs first and the one-child test is on what it kept)
            body.append(f"    items = {items}")
            if expand1:
                body += ["    if len(items) == 1:", "        return items[0]"]
            body.append("    return items" if inlined else
                        "    return method(items)" if method is not None else
                        "    return default(name, items, None)")
            exec("\n".join(body) + "\n", namespace)
            out[rule] = namespace["f"]
            continue
        if inlined:                                            # pragma: no cover - grammar
            raise TypeError(f"{name}: an inlined rule whose chain is not written out")
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
    """The nodes of one unit, spans relative to it, and whether it was typed (``read_at`` 0)."""
    return read_at(text, name, vocab, strict, 0)


# The units read since ``clear``: (text, name, vocabulary, strict) → (nodes, typed, the offset
# they were read at).  A unit met again at another offset (a list's repeated sentences) is
# shifted by the difference; one read where it first stands needs no shift at all.
_units: dict = {}
_UNITS_MAX = 65536


def read_at(text: str, name: str | None, vocab: Vocabulary | None, strict: bool,
            offset: int) -> tuple:
    """The nodes of one unit that stands at ``offset`` of the card text (their spans count
    from the start of the card text) and whether it was typed; never raises on card text
    (strict mode re-raises what is a bug: any error but a refusal or a syntax error)."""
    key = (text, name, vocab, strict)
    got = _units.get(key)
    if got is None:
        nodes, ok = _read_at(text, name, vocab, strict, offset)
        if len(_units) >= _UNITS_MAX:                  # (the older half goes: dicts keep order)
            for old in list(islice(_units, _UNITS_MAX // 2)):
                _units.pop(old, None)
        _units[key] = (nodes, ok, offset)
        return nodes, ok
    nodes, ok, at = got
    if at != offset:
        nodes = tuple([A.shift(n, offset - at) for n in nodes])
    return nodes, ok


def _read_at(text: str, name: str | None, vocab: Vocabulary | None, strict: bool,
             offset: int) -> tuple:
    toks = tokenize(text, name, vocab)
    if not toks:
        return (), True
    if len(toks) == 1:
        node = icon_ability(toks[0])
        if node is not None:
            return _cover([A.shift(node, offset) if offset else node], offset, len(text)), True
    tree = None
    try:
        tree = _parse(text, toks, offset)
        return _frames(text, tree, name, vocab, strict, offset), True
    except (UnexpectedInput, Reject):
        pass
    except VisitError as err:
        if strict and not isinstance(err.orig_exc, Reject):
            raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        if strict:
            raise
    return _fallback(text, toks, tree, strict, offset), False


def _read(text: str, name, vocab, strict: bool) -> tuple:
    """The unit read without the memo and without the fallback (a refusal raises): for tools
    that want to know *why* a unit is not typed."""
    toks = tokenize(text, name, vocab)
    if not toks:
        return ()
    return _frames(text, _parse(text, toks, 0), name, vocab, strict, 0)


def _parse(text: str, toks: list, offset: int):
    """The parts of a unit at ``offset`` (the LALR loop with the parts transformer inline)."""
    loop, parts = _loop()
    parts.text = text
    parts.offset = offset
    return loop.parse(toks)


def _frames(text: str, tree, name, vocab, strict: bool, offset: int) -> tuple:
    """The typed nodes of a parsed unit (a frame rejects it: ``Reject``)."""
    ctx = Ctx(_at(text, offset), _granted(name, vocab, strict), name)
    nodes = [n for n in ability(tree, ctx) if not isinstance(n, A.Limit)] + ctx.extra
    return _cover(nodes, offset, len(text))


def _at(text: str, offset: int) -> str:
    """The text the frames read a unit at ``offset`` from: they slice it by the parts' spans,
    which count from the start of the card text, so the unit stands behind as many blanks."""
    return " " * offset + text if offset else text


def _granted(name, vocab, strict: bool):
    """The recursion for a quoted ability («получает «…»»): typed, or the frame rejects."""
    def reparse(inner: str, at: int):
        nodes, ok = read_at(inner, name, vocab, strict, at)
        if not ok or not all(A.is_typed(n) for n in nodes):
            raise Reject("the granted ability is not typed")
        return nodes[0] if len(nodes) == 1 else A.Static(nodes, span=A.Span(at, at + len(inner)))
    return reparse


def _cover(nodes: list, offset: int, length: int) -> tuple:
    """Frames use every part of a unit or reject it, so the abilities of a typed unit cover
    it (from ``offset``, ``length`` characters): the tails a node absorbed (limits, «где X —»,
    parentheses) are inside its span."""
    if len(nodes) > 1:                  # (most units: one node, nothing to order)
        nodes.sort(key=lambda n: n.span.start)
    out = []
    last = len(nodes) - 1
    for i, n in enumerate(nodes):
        sp = n.span
        lo = offset if i == 0 else sp.start
        hi = nodes[i + 1].span.start if i < last else offset + length
        lo = lo if lo < sp.start else sp.start
        hi = hi if hi > sp.end else sp.end
        # (the span compared on its two ints, not by the dataclass ``__eq__``)
        out.append(n if lo == sp.start and hi == sp.end else A.with_span(n, A.Span(lo, hi)))
    return tuple(out)


def _fallback(text: str, toks: list, tree, strict: bool, offset: int) -> tuple:
    """A typed head with its body Opaque, else the whole unit Opaque (the tokens and the parse
    of the failed try are reused)."""
    try:
        if offset:
            # (the head read where the unit stands, as the parse was: its tokens moved there;
            # ``head_only`` spans the whole text it is given, from 0: the unit starts at offset)
            toks = [Tok(t.type, t.value, t.start + offset, t.end + offset, t.text) for t in toks]
        head = head_only(_at(text, offset), toks, Ctx(_at(text, offset), None), tree)
        if head is not None and offset and head.span.start == 0:
            head = A.with_span(head, A.Span(offset, head.span.end))
    except Reject:
        head = None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        if strict:
            raise
        head = None
    if head is not None:
        return (head,)
    return (A.Opaque(text, span=A.Span(offset, offset + len(text))),)


def clear() -> None:
    _units.clear()
