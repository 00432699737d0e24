"""The base of the transformer's rule sets: spans from Lark's rule meta, the text behind the
tokens, the driver's recursion, and factories for rules whose result is fixed by the rule alone.

Every rule set (``rules_abilities``, ``rules_effects``, ``rules_parts``, ``transform``) is a
``RuleSet`` decorated with Lark's ``v_args(meta=True)``: a rule method is called as
``rule(self, meta, items)``, where ``meta`` is the positions of the rule being built
(``propagate_positions``), which cover its anonymous tokens and punctuation too.

The transformer never imports the driver (``grammar.parser``): the driver hands itself in as
``driver`` (see ``Driver``), and the rules call back into it for the ``REST`` of a frame and
for a quoted ability.  So the import graph is one-way: parser → transform → rules_* → ruleset.
"""
from __future__ import annotations

from typing import Protocol

from lark import Token, Transformer
from lark.tree import Meta

from grammar import ast as A


class Reject(Exception):
    """A rule may raise this when a parse is grammatical but not meaningful: the driver treats
    it as a failed try (the next start symbol, else ``Opaque``), in strict mode too."""


class Driver(Protocol):
    """What the transformer needs from the parser driver (``grammar.parser.LineReader``)."""

    original: str             # canonical text: quoted names and spans are cut from it
    folded: str               # the same-length matching copy the parser ran on

    def unit(self, s: int, e: int) -> tuple[tuple, bool]:
        """text[s:e] as a whole ability (sentence, else frame, else Opaque); ok flag."""

    def effects(self, s: int, e: int) -> tuple:
        """text[s:e] as effects, piece by piece where the whole does not parse."""


class RuleSet(Transformer):
    """Transformer over ``driver.folded[offset:…]``; subclasses hold the rules."""

    def __init__(self, driver: Driver, offset: int):
        super().__init__(visit_tokens=False)
        self.driver = driver
        self.offset = offset

    # ------------------------------------------------------------ spans and text
    def _span(self, meta: Meta, items=None) -> A.Span:
        """The span of the rule (``meta``) when ``items`` is omitted or is a list — the rule's
        own children, or a list built from them; else (a tuple of tokens and nodes the rule
        picked) the span from their bounds.  An empty rule (no token) has only the bounds."""
        if (items is None or isinstance(items, list)) and not meta.empty:
            return A.Span(self.offset + meta.start_pos, self.offset + meta.end_pos)
        bounds = list(_bounds(items or (), self.offset))
        if not bounds:
            return A.NOSPAN
        return A.Span(min(b[0] for b in bounds), max(b[1] for b in bounds))

    def _orig(self, tok: Token) -> str:
        """The token as written in the canonical text (the parser ran on the folded copy)."""
        return self.driver.original[self.offset + tok.start_pos: self.offset + tok.end_pos]

    # ------------------------------------------------------------ the driver's recursion
    def _rest(self, tok: Token) -> tuple:
        """The REST token of a frame, parsed again as effects."""
        s = self.offset + tok.start_pos
        return self.driver.effects(s, s + len(tok))

    def _unit(self, tok: Token) -> tuple:
        """The REST token of a frame, parsed again as a whole ability."""
        s = self.offset + tok.start_pos
        return self.driver.unit(s, s + len(tok))[0]


def _bounds(items, offset: int):
    for item in items:
        if isinstance(item, Token):
            yield offset + item.start_pos, offset + item.end_pos
        elif isinstance(item, A.Node):
            if item.span != A.NOSPAN:
                yield item.span.start, item.span.end
        elif isinstance(item, tuple):
            yield from _bounds(item, offset)


# ---------------------------------------------------------------- constant rules
# Rules whose result is fixed by the rule alone; a rule set declares them in its class body
# (``kw_symbiote = keyword_rule("symbiote")``), so every rule is found where its topic is.
def keyword_rule(name: str):
    """A parameterless keyword ability."""
    def rule(self, meta, items):
        return A.Keyword(name, span=self._span(meta, items))
    return rule


def selector_rule(noun: str):
    """A selector with no qualifiers."""
    def rule(self, meta, items):
        return A.Selector(noun, span=self._span(meta, items))
    return rule


def tag_rule(value: str):
    """A qualifier tag (a plain string the enclosing rule collects)."""
    def rule(self, meta, items):
        return value
    return rule


def kinds_rule(kind: str):
    """A protection / reduction against one kind: (kinds, strengths)."""
    def rule(self, meta, items):
        return (kind,), ()
    return rule
