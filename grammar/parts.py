"""Lark tree → *parts*: small typed records for the chunks of a clause (noun phrases,
prepositions, predicates, amounts, tails …), each with its span.  the frames (grammar/frames_*.py) gives them a
meaning.  No decision about meaning is taken here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Transformer, Tree

from grammar import ast as A
from grammar.tokens import Tok


@dataclass(slots=True)
class P:
    """One part.  ``kind`` names the grammar rule; ``v`` holds its value(s)."""
    kind: str
    v: Any = None
    span: A.Span = A.NOSPAN
    text: str = ""

    def __repr__(self) -> str:
        return f"{self.kind}({self.v!r})"


@dataclass(slots=True)
class NP:
    kind: str                       # noun | elided | pron | self | ref | quoted
    noun: str | None = None         # lemma of the head noun
    adjs: tuple[str, ...] = ()
    count: tuple[Any, ...] | None = None   # ("n", 2) | ("or_less", 2) | ("or_more", 2) | ("all",) | ("x",)
    name: str | None = None
    opp: bool = False
    span: A.Span = A.NOSPAN
    text: str = ""
    num: int | None = None          # «Инкарнация 3»: the number glued to the noun
    posts: list = field(default_factory=list)   # attached post-modifiers (frames.attach)

    @property
    def kind_(self) -> str:
        return "np"

    def __repr__(self) -> str:
        bits = [self.kind, self.noun or "", ",".join(self.adjs)]
        if self.count:
            bits.append(f"count={self.count}")
        if self.opp:
            bits.append("OPP")
        if self.name:
            bits.append(f"«{self.name}»")
        return "NP(" + " ".join(b for b in bits if b) + ")"


@dataclass(slots=True)
class Clause:
    parts: list
    span: A.Span = A.NOSPAN


@dataclass(slots=True)
class Clauses:
    items: list          # Clause and separator P("sep", type) alternately
    span: A.Span = A.NOSPAN


class ToParts(Transformer):
    """The parts of a unit's rules.  Its tokens are the lexer's (``grammar.tokens.Tok``: their
    positions in the unit); ``offset`` is where the unit stands in the card text, so the
    parts' spans are absolute (a unit read where it stands is never shifted afterwards)."""

    def __init__(self, text: str, offset: int = 0):
        super().__init__(visit_tokens=False)
        self.text = text
        self.offset = offset

    # ------------------------------------------------------------ helpers
    def _sp(self, items) -> A.Span:
        """The span of a rule's children: they come in text order and every one has a
        position (a token, or a part with its span), so the first gives the start and the last
        the end.  (A token's position is in its unit: plus the unit's offset; a part's span is
        already absolute.)"""
        if not items:
            return A.NOSPAN
        first, last, o = items[0], items[-1], self.offset
        return A.Span(first.start + o if first.__class__ is Tok else first.span.start,
                      last.end + o if last.__class__ is Tok else last.span.end)

    def _tsp(self, first: Tok, last: Tok) -> A.Span:
        """The span of a run of tokens, ``first`` to ``last``."""
        o = self.offset
        return A.Span(first.start + o, last.end + o)

    def _orig(self, tok: Tok) -> str:
        return self.text[tok.start:tok.end]

    def _cut(self, sp: A.Span) -> str:
        """The unit's text under an (absolute) span."""
        o = self.offset
        return self.text[sp.start - o:sp.end - o]

    def __default__(self, data, children, meta):
        if data[0] == "_":
            # Lark's own EBNF helpers, inlined by the builder (its own loop splices a Tree's
            # children; grammar.reader's table loop gives them as plain lists instead)
            return Tree(data, children, meta)
        return P(data, children, self._sp(children))

    # ------------------------------------------------------------ abilities
    def start(self, items):
        return items[0]

    def label(self, items):
        return P("label", (items[0].value, items[1] if len(items) > 1 else None), self._sp(items),
                 self._orig(items[0]))

    def when_order(self, items):
        return P("when_order", (items[0].value, items[1]), self._sp(items))

    def activated(self, items):
        return P("activated", (items[0].value, items[1]), self._sp(items))

    def plain(self, items):
        return P("plain", items[0], items[0].span)

    def clauses(self, items):
        o = self.offset
        out = [P("sep", it.type, A.Span(it.start + o, it.end + o)) if it.__class__ is Tok else it
               for it in items]
        return Clauses(out, self._sp(items))

    def clause(self, items):
        # (``items`` is the reduction's own list — a fresh one, or the inlined rule's list that
        # only it holds — so the clause keeps it, not a copy)
        return Clause(items, self._sp(items))

    # ------------------------------------------------------------ ctails
    def _ctail(self, kind, items):
        # the head words of the tail, in order: its tokens and the preposition of a relative
        # clause («, рядом с которой …» → ADV near, PREP s, WHICH)
        toks = [(i.type, i.value) if i.__class__ is Tok else ("PREP", i.v) for i in items
                if i.__class__ is Tok or (i.__class__ is P and i.kind == "prep")]
        return P(kind, {"clause": next((i for i in items if i.__class__ is Clause), None),
                        "toks": toks}, self._sp(items))

    def if_(self, items): return self._ctail("if", items)
    def while_(self, items): return self._ctail("while", items)
    def when_(self, items): return self._ctail("when", items)
    def after_that(self, items): return self._ctail("after_that", items)
    def until_while(self, items): return self._ctail("until_while", items)
    def where(self, items): return self._ctail("where", items)
    def where_rel(self, items): return self._ctail("where_rel", items)
    def rel_which(self, items): return self._ctail("rel_which", items)

    def rel_part(self, items):
        p = self._ctail("rel_part", items)
        p.v["neg"] = any(t.__class__ is Tok and t.type == "NEG" for t in items)
        p.v["part"] = next(t.value for t in items if t.__class__ is Tok and t.type == "PART")
        return p

    def rel_ger(self, items):
        p = self._ctail("rel_ger", items)
        p.v["ger"] = next(t.value for t in items if t.__class__ is Tok and t.type == "GER")
        return p

    # ------------------------------------------------------------ noun phrases
    def nphrase(self, items):
        # (``count? ADJ* head`` or ``ADJ+ count ADJ* head``: the head last, before it the
        # adjectives (tokens) and at most one count (a part))
        noun, name, opp, lo, hi = items[-1]
        count = None
        adjs = ()
        if len(items) > 1:
            first = items[0]
            lo = first.start + self.offset if first.__class__ is Tok else first.span.start
            words = []
            for it in items[:-1]:
                if it.__class__ is Tok:
                    words.append(it.value)
                else:
                    count = it.v
            adjs = tuple(words)
        num = None
        if noun and "#" in noun:
            noun, n = noun.split("#", 1)
            num = int(n) if n.isdigit() else n
        o = self.offset
        return NP("noun", noun, adjs, count, name, opp, A.Span(lo, hi), self.text[lo - o:hi - o], num)

    def head(self, items):
        """``NOUN NAME? OPP?`` → (noun, name, opp, start, end): read by ``nphrase`` alone, so a
        tuple, not a part."""
        o = self.offset
        if len(items) == 1:                     # (the noun alone: most heads)
            t = items[0]
            return (t.value, None, False, t.start + o, t.end + o)
        name = None
        opp = False
        for it in items[1:]:
            if it.type == "NAME":
                name = _canonical_name(self._orig(it))
            elif it.type == "OPP":
                opp = True
        return (items[0].value, name, opp, items[0].start + o, items[-1].end + o)

    def np_elided(self, items):
        count = None
        adjs = []
        for it in items:
            if it.__class__ is Tok:
                if it.type in ("ADJ", "ADJX"):
                    adjs.append(it.value)
            elif it.kind == "count":
                count = it.v
        sp = self._sp(items)
        return NP("elided", None, tuple(adjs), count, span=sp, text=self._cut(sp))

    def np_pron(self, items):
        t = items[0]
        return NP("pron", t.value, span=self._tsp(t, t), text=self._orig(t))

    def np_self(self, items):
        if len(items) == 1:                     # (the name or «это существо» alone: most)
            t = items[0]
            return NP("self", "self", (), name=t.value if t.type == "SELF" else None,
                      span=self._tsp(t, t), text=self._orig(t))
        adjs = tuple(t.value for t in items if t.type == "ADJ")
        opp = any(t.type == "OPP" for t in items)
        own = next((t.value for t in items if t.type == "SELF"), None)     # the card's name
        return NP("self", "self", adjs, name=own, opp=opp, span=self._tsp(items[0], items[-1]),
                  text=self._orig(items[-1] if not opp else items[-2]))

    def np_ref(self, items):
        sp = self._tsp(items[0], items[-1])
        return NP("ref", items[-1].value, tuple(t.value for t in items[:-1]), span=sp, text=self._cut(sp))

    def np_quoted(self, items):
        t = items[0]
        return NP("quoted", None, name=t.value, span=self._tsp(t, t), text=self._orig(t))

    def count(self, items):
        t = items[0]
        if t.type == "ALLW":
            c = ("all",)
        elif t.type == "XVAR":
            c = ("x", t.value)
        elif t.type == "ORDW":
            c = ("ord", t.value)
        else:
            c = ("n", int(t.value))
        if len(items) > 1:
            c = ("or_less" if items[1].type == "ORLESS" else "or_more",) + c[1:]
        return P("count", c, self._tsp(t, items[-1]))

    def prep(self, items):
        t = items[0]
        return P("prep", t.value, self._tsp(t, t), self._orig(t))

    # ------------------------------------------------------------ predicates
    def verb(self, items):
        neg = items[0].type == "NEG"
        tok = items[-1]
        lemma, form = tok.value.split("/")
        word = self._orig(tok)
        return P("verb", {"lemma": lemma, "form": form, "neg": neg, "word": word.lower()},
                 self._tsp(items[0], tok), word)

    def modal(self, items):
        neg = items[0].type == "NEG"
        tok = items[-1]
        return P("modal", {"lemma": tok.value, "neg": neg, "word": self._orig(tok).lower()},
                 self._tsp(items[0], tok))

    def neg(self, items):
        return P("neg", None, self._tsp(items[0], items[-1]))

    # ------------------------------------------------------------ other parts
    def event(self, items):
        return P("event", [(t.type, t.value) for t in items], self._tsp(items[0], items[-1]))

    def pri(self, items):
        return P("pri", items[1].v, self._sp(items))

    def after(self, items):
        return P("after", items[1].v, self._sp(items))

    def instead_of(self, items):
        return P("instead_of", items[1].value, self._tsp(items[0], items[1]))

    def paren(self, items):
        inner = next((i for i in items if i.__class__ is Clauses), None)
        return P("paren", inner, self._tsp(items[0], items[-1]))

    def named_head(self, items):
        kind = items[0].value
        name = None
        if len(items) > 1:
            name = _canonical_name(self._orig(items[1]))
        return P("named", (kind, name), self._tsp(items[0], items[-1]))


_LEAVES = ("amount range signed lcomma icon_kw icon_prot at_start at_end times until for_turns "
           "maximum minimum gerund adv only also is_ no_ as_ than more less ormore orless nomore "
           "anyrange bychoice nomod incl turnref dmg bare icon_unknown icon_cost unknown and_ or_ "
           "either even participle").split()
for _name in _LEAVES:
    def _make(kind):
        def f(self, items):
            # (one token: ``?part: AMOUNT -> amount`` …)
            tok = items[0]
            o = self.offset
            return P(kind, tok.value, A.Span(tok.start + o, tok.end + o), self.text[tok.start:tok.end])
        return f
    setattr(ToParts, _name, _make(_name.rstrip("_")))


def _canonical_name(text: str) -> str:
    """A quoted name as the AST carries it: without its «», ё written е (the sources differ)."""
    return text.strip().strip("«»\"").strip().replace("ё", "е").replace("Ё", "Е")
