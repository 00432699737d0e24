"""Parse tree → AST: one small method per grammar rule.

Tokens are read from the *folded* matching copy; anything shown to people (quoted names) is cut
from the original canonical text by offset.  ``build`` also runs the driver's recursion for
``REST`` tokens of the ``frame`` start symbol.
"""
from __future__ import annotations

from lark import Token, Transformer, Tree

from grammar import ast as A
from grammar.nodeops import define_x, split_limit, with_limit
from grammar.rules_abilities import AbilityRules
from grammar.rules_effects import EffectRules
from grammar.rules_parts import PartRules
from grammar.vocab import attack_kind, order_of


class _Builder(AbilityRules, EffectRules, PartRules, Transformer):
    """Transformer with access to the original text and the offset of the parsed piece."""

    def __init__(self, ctx, offset: int):
        super().__init__(visit_tokens=False)
        self.ctx = ctx
        self.offset = offset
        self._meta = None

    def _call_userfunc(self, tree, new_children=None):
        # The rule being built: its meta (propagate_positions) spans every token of the rule,
        # anonymous punctuation included, which the children alone do not.
        self._meta = tree.meta
        return super()._call_userfunc(tree, new_children)

    # ------------------------------------------------------------ helpers
    def _span(self, items=None) -> A.Span:
        """Span of the rule being transformed (text offsets) when ``items`` is omitted or is the
        rule's own children list; else the span of the tokens and nodes in ``items``."""
        meta = self._meta
        if (items is None or _is_rule_items(items)) and meta is not None and not meta.empty:
            return A.Span(self.offset + meta.start_pos, self.offset + meta.end_pos)
        bounds = list(_bounds(items or (), self.offset))
        if not bounds:
            return A.NOSPAN
        return A.Span(min(b[0] for b in bounds), max(b[1] for b in bounds))

    def _orig(self, tok: Token) -> str:
        return self.ctx.original[self.offset + tok.start_pos: self.offset + tok.end_pos]

    def _rest(self, tok: Token) -> tuple:
        """The REST token of a frame, parsed again as effects."""
        from grammar.parser import parse_effects

        s = self.offset + tok.start_pos
        return parse_effects(self.ctx, s, s + len(tok))

    def _unit(self, tok: Token) -> tuple:
        """The REST token of a frame, parsed again as a whole ability."""
        from grammar.parser import parse_unit

        s = self.offset + tok.start_pos
        return parse_unit(self.ctx, s, s + len(tok))[0]

    # ------------------------------------------------------------ starts
    def sentence(self, items):
        only = items[0]
        return only if isinstance(only, tuple) else (only,)

    def bonus_with_rider(self, items):
        """«+1 к магическому удару …, при магическом ударе — …»: a bonus and a trigger of the
        same attack, two abilities in one sentence."""
        bonus, attack_tok, effects = items[0], items[2], items[-1]
        trigger = A.Trigger("attack", attack_kind(str(attack_tok)), span=self._span([items[1], attack_tok]))
        return (bonus, A.Triggered(trigger, effects, span=self._span(items[1:])))

    def effects(self, items):
        effects, limit = split_limit(items)
        effects = effects[0]
        if limit is not None:
            effects = effects[:-1] + (with_limit(effects[-1], limit),)
        return effects

    def frame_activated(self, items):
        cost, rest = items[0], items[-1]
        return (A.Activated(cost, self._rest(rest), span=self._span(items)),)

    def frame_formation(self, items):
        return (A.Formation(self._unit(items[-1]), span=self._span(items)),)

    def frame_order(self, items):
        return (A.WhenOrder(order_of(items[0]), self._unit(items[-1]), span=self._span(items)),)

    def frame_valhalla(self, items):
        trig = A.Trigger("valhalla", span=self._span(items[:1]))
        return (A.Triggered(trig, self._rest(items[-1]), span=self._span(items)),)

    def frame_named(self, items):
        head = items[0]
        limit = next((i for i in items if isinstance(i, A.Limit)), None)
        return (A.Named(head[0], head[1], self._rest(items[-1]), limit, span=self._span(items)),)

    def frame_triggered(self, items):
        return (A.Triggered(items[0], self._rest(items[-1]), span=self._span(items)),)

    def frame_conditional(self, items):
        return (A.Static(self._rest(items[-1]), items[0], span=self._span(items)),)

    # ------------------------------------------------------------ abilities
    def activated(self, items):
        items = [i for i in items if not isinstance(i, Token)]
        effects, limit = split_limit(items[1:])
        return A.Activated(items[0], effects[0], limit, span=self._span(items))

    def cost(self, items):
        tap = instant = False
        counters: int | str = 0
        for tok in items:
            t = str(tok).replace(" ", "")
            if t == "{tap}":
                tap = True
            elif t == "{instant}":
                instant = True
            else:
                n = t[: -len("{counter}")]
                counters = "X" if n == "x" else int(n or 1)
        return A.Cost(tap, counters, instant, span=self._span(items))

    def formation(self, items):
        inner = items[1]
        cond = items[2] if len(items) > 2 else None
        return A.Formation((inner,), cond, span=self._span(items))

    def when_order(self, items):
        return A.WhenOrder(order_of(items[0]), (items[1],), span=self._span(items))

    def valhalla(self, items):
        return A.Triggered(A.Trigger("valhalla"), items[1], span=self._span(items))

    def triggered(self, items):
        # «может …» after a trigger is a Choice inside the effects (rule `may`), not a flag here
        rest = [i for i in items[1:] if not isinstance(i, Token)]
        effects, limit = split_limit(rest)
        return A.Triggered(items[0], effects[0], limit, span=self._span(items))

    def effects_ab(self, items):
        effects, limit = split_limit(items)
        effects = effects[0]
        if len(effects) == 1:
            only = effects[0]
            if isinstance(only, (A.Bonus, A.Reduction, A.Protection, A.Attack, A.Poison,
                                 A.Finishing, A.Named, A.Keyword, A.StartsWithCounters)):
                return with_limit(only, limit) if limit else only
        return A.Static(effects, span=self._span(items))

    def static_ab(self, items):
        nodes = [i for i in items if not isinstance(i, Token)]
        if len(nodes) == 1:
            return nodes[0]
        if isinstance(nodes[0], A.Condition):
            return A.Static(nodes[1], nodes[0], span=self._span(items))
        return A.Static((nodes[0],), nodes[1], span=self._span(items))

    def kw_multi_attack(self, items):
        tails = " ".join(str(t) for t in items if t.type == "MULTI_TAIL")
        quals = []
        if "подряд" in tails:
            quals.append("in_a_row")
        if "разным" in tails:
            quals.append("different_targets")
        if "не закрывается" in tails:
            quals.append("no_close_after_first")
        against = A.Selector("card", qualifiers=tuple(quals)) if quals else None
        return A.Keyword("multi_attack", 2, against, span=self._span(items))

    def counter_limit(self, items):
        return A.CounterLimit(int(items[1]), span=self._span(items))

    def cannot_more(self, items):
        return None

    def vampirism(self, items):
        amount = next((i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength))), None)
        where = next((i for i in items if isinstance(i, dict)), None)
        return A.Vampirism(define_x(amount, where), span=self._span(items))

    def max_health(self, items):
        return A.Keyword("max_health", int(items[1]), span=self._span(items))


def _is_rule_items(items) -> bool:
    """True for a rule's children list as Lark passes it (a list), False for sub-selections
    the methods build themselves (tuples)."""
    return isinstance(items, list)


def _bounds(items, offset: int):
    for item in items:
        if isinstance(item, Token):
            yield offset + item.start_pos, offset + item.end_pos
        elif isinstance(item, A.Node):
            if item.span != A.NOSPAN:
                yield item.span.start, item.span.end
        elif isinstance(item, tuple):
            yield from _bounds(item, offset)


def build(tree: Tree, ctx, offset: int) -> tuple:
    """Transform a parse tree of ``ctx.folded[offset:…]`` into a tuple of AST nodes."""
    return _Builder(ctx, offset).transform(tree)


def as_rider(previous, node):
    """Fold a trigger sentence about the previous ability's attack into that attack."""
    if isinstance(previous, A.Vampirism) and isinstance(node, A.Keyword) and node.name == "max_health":
        return A.Vampirism(previous.amount, node.value, span=A.Span(previous.span.start, node.span.end))
    if not isinstance(node, A.Triggered) or node.trigger.subject is not None:
        return None
    if node.trigger.event not in ("strong_attack", "attack"):
        return None
    attack = _last_attack(previous)
    if attack is None:
        return None
    if node.trigger.attack not in (None, attack.attack, "any"):
        return None
    rider = node if node.trigger.event == "strong_attack" or node.trigger.strength else None
    new_riders = attack.riders + ((rider,) if rider else node.effects)
    new_attack = A.Attack(attack.attack, attack.damage, attack.range, attack.name, attack.count,
                          attack.target, new_riders, span=A.Span(attack.span.start, node.span.end))
    return _replace_attack(previous, attack, new_attack)


def _last_attack(node):
    if isinstance(node, A.Attack):
        return node
    if isinstance(node, A.Activated):
        for eff in reversed(node.effects):
            if isinstance(eff, A.Attack):
                return eff
    return None


def _replace_attack(node, old, new):
    if node is old:
        return new
    if isinstance(node, A.Activated):
        effects = tuple(new if e is old else e for e in node.effects)
        return A.Activated(node.cost, effects, node.limit,
                           span=A.Span(node.span.start, max(node.span.end, new.span.end)))
    return None
