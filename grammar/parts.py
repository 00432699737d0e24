"""Lark tree → *parts*: small typed records for the chunks of a clause (noun phrases,
prepositions, predicates, amounts, tails …), each with its span.  the frames (grammar/frames_*.py) gives them a
meaning.  No decision about meaning is taken here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer, Tree

from grammar import ast as A


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


def _start(it):
    if isinstance(it, Token):
        return it.start_pos
    sp = getattr(it, "span", None)
    return sp.start if sp is not None and (sp.start or sp.end) else None       # not NOSPAN


def _end(it):
    if isinstance(it, Token):
        return it.end_pos
    sp = getattr(it, "span", None)
    return sp.end if sp is not None and (sp.start or sp.end) else None


class ToParts(Transformer):
    def __init__(self, text: str, offset: int = 0):
        super().__init__(visit_tokens=False)
        self.text = text
        self.offset = offset

    # ------------------------------------------------------------ helpers
    def _sp(self, items) -> A.Span:
        """The span of a rule's children: they come in text order, so the first child with a
        position gives the start and the last one the end.  (Called for every part the parser
        reduces: written out for speed — a token is exactly ``Token``, a part has ``span``, a
        span (0, 0) is NOSPAN.)"""
        if items and type(items[0]) is Token and type(items[-1]) is Token:   # the usual case
            return A.Span(items[0].start_pos, items[-1].end_pos)
        for it in items:
            if type(it) is Token:
                lo = it.start_pos
                break
            sp = getattr(it, "span", None)
            if sp is not None and (sp.start or sp.end):
                lo = sp.start
                break
        else:
            return A.NOSPAN
        for it in reversed(items):
            if type(it) is Token:
                return A.Span(lo, it.end_pos)
            sp = getattr(it, "span", None)
            if sp is not None and (sp.start or sp.end):
                return A.Span(lo, sp.end)
        return A.Span(lo, None)

    def _orig(self, tok: Token) -> str:
        return self.text[tok.start_pos - self.offset:tok.end_pos - self.offset]

    def __default__(self, data, children, meta):
        if data[0] == "_":
            # Lark's own EBNF helpers, inlined by the builder (grammar.reader's table loop adds a
            # left-recursive list's items to this tree in place: keep it a plain Tree)
            return Tree(data, children, meta)
        return P(data, children, self._sp(children))

    # ------------------------------------------------------------ abilities
    def start(self, items):
        return items[0]

    def label(self, items):
        return P("label", (str(items[0]), items[1] if len(items) > 1 else None), self._sp(items),
                 self._orig(items[0]))

    def when_order(self, items):
        return P("when_order", (str(items[0]), items[1]), self._sp(items))

    def activated(self, items):
        return P("activated", (str(items[0]), items[1]), self._sp(items))

    def plain(self, items):
        return P("plain", items[0], self._sp(items))

    def clauses(self, items):
        out = []
        for it in items:
            if isinstance(it, Token):
                out.append(P("sep", it.type, self._sp([it])))
            else:
                out.append(it)
        return Clauses(out, self._sp(items))

    def clause(self, items):
        return Clause(list(items), self._sp(items))

    # ------------------------------------------------------------ ctails
    def _ctail(self, kind):
        def f(items):
            # the head words of the tail, in order: its tokens and the preposition of a relative
            # clause («, рядом с которой …» → ADV near, PREP s, WHICH)
            toks = [(i.type, str(i)) if isinstance(i, Token) else ("PREP", i.v) for i in items
                    if isinstance(i, Token) or (isinstance(i, P) and i.kind == "prep")]
            return P(kind, {"clause": next((i for i in items if isinstance(i, Clause)), None),
                            "toks": toks}, self._sp(items))
        return f

    def if_(self, items): return self._ctail("if")(items)
    def while_(self, items): return self._ctail("while")(items)
    def when_(self, items): return self._ctail("when")(items)
    def after_that(self, items): return self._ctail("after_that")(items)
    def until_while(self, items): return self._ctail("until_while")(items)
    def where(self, items): return self._ctail("where")(items)
    def where_rel(self, items): return self._ctail("where_rel")(items)
    def rel_which(self, items): return self._ctail("rel_which")(items)

    def rel_part(self, items):
        p = self._ctail("rel_part")(items)
        p.v["neg"] = any(isinstance(t, Token) and t.type == "NEG" for t in items)
        p.v["part"] = next(str(t) for t in items if isinstance(t, Token) and t.type == "PART")
        return p

    def rel_ger(self, items):
        p = self._ctail("rel_ger")(items)
        p.v["ger"] = next(str(t) for t in items if isinstance(t, Token) and t.type == "GER")
        return p

    # ------------------------------------------------------------ noun phrases
    def nphrase(self, items):
        count = None
        adjs = []
        head = None
        for it in items:
            if isinstance(it, P) and it.kind == "count":
                count = it.v
            elif isinstance(it, Token) and it.type == "ADJ":
                adjs.append(str(it))
            elif isinstance(it, P) and it.kind == "head":
                head = it.v
        noun, name, opp = head
        num = None
        if noun and "#" in noun:
            noun, n = noun.split("#", 1)
            num = int(n) if n.isdigit() else n
        sp = self._sp(items)
        return NP("noun", noun, tuple(adjs), count, name, opp, sp,
                  self.text[sp.start - self.offset:sp.end - self.offset], num)

    def head(self, items):
        noun = str(items[0])
        name = None
        opp = False
        for it in items[1:]:
            if it.type == "NAME":
                name = str(it) if it.value else self._orig(it)
                name = self._orig(it).strip("«»\"") if name is None else name
            elif it.type == "OPP":
                opp = True
        if any(it.type == "NAME" for it in items[1:]):
            name = _canonical_name(self._orig(next(it for it in items[1:] if it.type == "NAME")))
        return P("head", (noun, name, opp), self._sp(items))

    def np_elided(self, items):
        count = None
        adjs = []
        for it in items:
            if isinstance(it, P) and it.kind == "count":
                count = it.v
            elif isinstance(it, Token) and it.type in ("ADJ", "ADJX"):
                adjs.append(str(it))
        sp = self._sp(items)
        return NP("elided", None, tuple(adjs), count, span=sp,
                  text=self.text[sp.start - self.offset:sp.end - self.offset])

    def np_pron(self, items):
        return NP("pron", str(items[0]), span=self._sp(items), text=self._orig(items[0]))

    def np_self(self, items):
        adjs = tuple(str(t) for t in items if t.type == "ADJ")
        opp = any(t.type == "OPP" for t in items)
        own = next((str(t) for t in items if t.type == "SELF"), None)     # the card's name
        return NP("self", "self", adjs, name=own, opp=opp, span=self._sp(items),
                  text=self._orig(items[-1] if not opp else items[-2]))

    def np_ref(self, items):
        adjs = tuple(str(t) for t in items[:-1])
        sp = self._sp(items)
        return NP("ref", str(items[-1]), adjs, span=sp,
                  text=self.text[sp.start - self.offset:sp.end - self.offset])

    def np_quoted(self, items):
        t = items[0]
        return NP("quoted", None, name=str(t), span=self._sp(items), text=self._orig(t))

    def count(self, items):
        t = items[0]
        if t.type == "ALLW":
            c = ("all",)
        elif t.type == "XVAR":
            c = ("x", str(t))
        elif t.type == "ORDW":
            c = ("ord", str(t))
        else:
            c = ("n", int(str(t)))
            if getattr(t, "value", None) is not None and False:
                pass
        if len(items) > 1:
            c = ("or_less" if items[1].type == "ORLESS" else "or_more",) + c[1:]
        return P("count", c, self._sp(items))

    def prep(self, items):
        return P("prep", str(items[0]), self._sp(items), self._orig(items[0]))

    # ------------------------------------------------------------ predicates
    def verb(self, items):
        neg = items[0].type == "NEG"
        tok = items[-1]
        lemma, form = str(tok).split("/")
        return P("verb", {"lemma": lemma, "form": form, "neg": neg, "word": self._orig(tok).lower()},
                 self._sp(items), self._orig(tok))

    def modal(self, items):
        neg = items[0].type == "NEG"
        tok = items[-1]
        return P("modal", {"lemma": str(tok), "neg": neg, "word": self._orig(tok).lower()}, self._sp(items))

    def neg(self, items):
        return P("neg", None, self._sp(items))

    # ------------------------------------------------------------ other parts
    def event(self, items):
        return P("event", [(t.type, str(t)) for t in items], self._sp(items))

    def pri(self, items):
        return P("pri", items[1].v, self._sp(items))

    def after(self, items):
        return P("after", items[1].v, self._sp(items))

    def instead_of(self, items):
        return P("instead_of", str(items[1]), self._sp(items))

    def paren(self, items):
        inner = next((i for i in items if isinstance(i, Clauses)), None)
        return P("paren", inner, self._sp(items))

    def named_head(self, items):
        kind = str(items[0])
        name = None
        if len(items) > 1:
            name = _canonical_name(self._orig(items[1]))
        return P("named", (kind, name), self._sp(items))


_LEAVES = ("amount range signed lcomma icon_kw icon_prot at_start at_end times until for_turns "
           "maximum minimum gerund adv only also is_ no_ as_ than more less ormore orless nomore "
           "anyrange bychoice nomod incl turnref dmg bare icon_unknown icon_cost unknown and_ or_ "
           "either even participle").split()
for _name in _LEAVES:
    def _make(kind):
        def f(self, items):
            tok = items[0] if items else None
            sp = self._sp(items)
            # (NOSPAN is Span(0, 0): tested on the two ints, not by the dataclass ``__eq__``)
            return P(kind, str(tok) if tok is not None else None, sp,
                     "" if sp.start == 0 and sp.end == 0 else self.text[sp.start - self.offset:sp.end - self.offset])
        return f
    setattr(ToParts, _name, _make(_name.rstrip("_")))


def _canonical_name(text: str) -> str:
    """A quoted name as the AST carries it: without its «», ё written е (the sources differ)."""
    return text.strip().strip("«»\"").strip().replace("ё", "е").replace("Ё", "Е")
