"""Parse tree → AST: the transformer (``Builder``) and the folding of rider sentences.

``Builder`` joins the rule sets by topic (``rules_abilities``, ``rules_effects``,
``rules_parts``) and adds the start rules and the ability rules.  Tokens are read from the
*folded* matching copy; anything shown to people (quoted names) is cut from the original
canonical text by offset.  The ``REST`` of a frame goes back to the driver through
``self.driver`` (``grammar.ruleset.Driver``): this module never imports the driver.
"""
from __future__ import annotations

from lark import Token, Tree, v_args

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar.nodeops import define_x, split_limit, with_limit
from grammar.rules_abilities import AbilityRules
from grammar.rules_effects import EffectRules
from grammar.rules_parts import PartRules
from grammar.ruleset import Driver
from grammar.vocab import attack_kind, order_of


@v_args(meta=True)
class Builder(AbilityRules, EffectRules, PartRules):
    """The transformer of one parsed piece: ``driver.folded[offset:…]``."""

    # ------------------------------------------------------------ starts
    def sentence(self, meta, items):
        only = items[0]
        return only if isinstance(only, tuple) else (only,)

    def bonus_with_rider(self, meta, items):
        """«+1 к магическому удару …, при магическом ударе — …»: a bonus and a trigger of the
        same attack, two abilities in one sentence."""
        bonus, attack_tok, effects = items[0], items[2], items[-1]
        trigger = A.Trigger(TE.ATTACK, attack_kind(str(attack_tok)), span=self._span(meta, [items[1], attack_tok]))
        return (bonus, A.Triggered(trigger, effects, span=self._span(meta, items[1:])))

    def effects(self, meta, items):
        effects, limit = split_limit(items)
        effects = effects[0]
        if limit is not None:
            effects = effects[:-1] + (with_limit(effects[-1], limit),)
        return effects

    def frame_activated(self, meta, items):
        cost, rest = items[0], items[-1]
        return (A.Activated(cost, self._rest(rest), span=self._span(meta, items)),)

    def frame_formation(self, meta, items):
        return (A.Formation(self._unit(items[-1]), span=self._span(meta, items)),)

    def frame_order(self, meta, items):
        return (A.WhenOrder(order_of(items[0]), self._unit(items[-1]), span=self._span(meta, items)),)

    def frame_valhalla(self, meta, items):
        trig = A.Trigger(TE.VALHALLA, span=self._span(meta, items[:1]))
        return (A.Triggered(trig, self._rest(items[-1]), span=self._span(meta, items)),)

    def frame_named(self, meta, items):
        head = items[0]
        limit = next((i for i in items if isinstance(i, A.Limit)), None)
        return (A.Named(head[0], head[1], self._rest(items[-1]), limit, span=self._span(meta, items)),)

    def frame_triggered(self, meta, items):
        return (A.Triggered(items[0], self._rest(items[-1]), span=self._span(meta, items)),)

    def frame_conditional(self, meta, items):
        return (A.Static(self._rest(items[-1]), items[0], span=self._span(meta, items)),)

    # ------------------------------------------------------------ abilities
    def activated(self, meta, items):
        items = [i for i in items if not isinstance(i, Token)]
        effects, limit = split_limit(items[1:])
        return A.Activated(items[0], effects[0], limit, span=self._span(meta, items))

    def cost(self, meta, items):
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
        return A.Cost(tap, counters, instant, span=self._span(meta, items))

    def formation(self, meta, items):
        inner = items[1]
        cond = items[2] if len(items) > 2 else None
        return A.Formation((inner,), cond, span=self._span(meta, items))

    def when_order(self, meta, items):
        return A.WhenOrder(order_of(items[0]), (items[1],), span=self._span(meta, items))

    def valhalla(self, meta, items):
        return A.Triggered(A.Trigger(TE.VALHALLA), items[1], span=self._span(meta, items))

    def triggered(self, meta, items):
        # «может …» after a trigger is a Choice inside the effects (rule `may`), not a flag here
        rest = [i for i in items[1:] if not isinstance(i, Token)]
        effects, limit = split_limit(rest)
        return A.Triggered(items[0], effects[0], limit, span=self._span(meta, items))

    def effects_ab(self, meta, items):
        effects, limit = split_limit(items)
        effects = effects[0]
        if len(effects) == 1:
            only = effects[0]
            if isinstance(only, (A.Bonus, A.Reduction, A.Protection, A.Attack, A.Poison,
                                 A.Finishing, A.Named, A.Keyword, A.StartsWithCounters)):
                return with_limit(only, limit) if limit else only
        return A.Static(effects, span=self._span(meta, items))

    def static_ab(self, meta, items):
        nodes = [i for i in items if not isinstance(i, Token)]
        if len(nodes) == 1:
            return nodes[0]
        if isinstance(nodes[0], A.Condition):
            return A.Static(nodes[1], nodes[0], span=self._span(meta, items))
        return A.Static((nodes[0],), nodes[1], span=self._span(meta, items))

    def kw_multi_attack(self, meta, items):
        tails = " ".join(str(t) for t in items if t.type == "MULTI_TAIL")
        quals = []
        if "подряд" in tails:
            quals.append("in_a_row")
        if "разным" in tails:
            quals.append("different_targets")
        if "не закрывается" in tails:
            quals.append("no_close_after_first")
        against = A.Selector("card", qualifiers=tuple(quals)) if quals else None
        return A.Keyword(KW.MULTI_ATTACK, 2, against, span=self._span(meta, items))

    def counter_limit(self, meta, items):
        return A.CounterLimit(int(items[1]), span=self._span(meta, items))

    def cannot_more(self, meta, items):
        return None

    def vampirism(self, meta, items):
        amount = next((i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength))), None)
        where = next((i for i in items if isinstance(i, dict)), None)
        return A.Vampirism(define_x(amount, where), span=self._span(meta, items))

    def max_health(self, meta, items):
        return A.Keyword(KW.MAX_HEALTH, int(items[1]), span=self._span(meta, items))


def build(tree: Tree, driver: Driver, offset: int) -> tuple:
    """Transform a parse tree of ``driver.folded[offset:…]`` into a tuple of AST nodes."""
    return Builder(driver, offset).transform(tree)


def as_rider(previous, node):
    """Fold a trigger sentence about the previous ability's attack into that attack."""
    if isinstance(previous, A.Vampirism) and isinstance(node, A.Keyword) and node.name == KW.MAX_HEALTH:
        return A.Vampirism(previous.amount, node.value, span=A.Span(previous.span.start, node.span.end))
    if not isinstance(node, A.Triggered) or node.trigger.subject is not None:
        return None
    if node.trigger.event not in (TE.STRONG_ATTACK, TE.ATTACK):
        return None
    attack = _last_attack(previous)
    if attack is None:
        return None
    if node.trigger.attack not in (None, attack.attack, K.ANY):
        return None
    rider = node if node.trigger.event == TE.STRONG_ATTACK or node.trigger.strength else None
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
