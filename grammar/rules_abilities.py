"""Transformer rules for keyword abilities, protections, bonuses and reductions."""
from __future__ import annotations

import re

from lark import Token

from grammar import ast as A
from grammar.nodeops import define_x, keyword_rule, kinds_rule, tag_rule
from grammar.vocab import (
    ICON_KEYWORDS,
    PROT_ICONS,
    SIMPLE_KEYWORDS,
    UNPROVEN,
    attack_kind,
    signed,
    strength_of,
)


class AbilityRules:
    """Rule methods mixed into the transformer (``grammar.transform._Builder``)."""

    def against(self, items):
        return items[1]

    def bonus(self, items):
        amount = signed(items[0])
        targets: list[str] = []
        strengths: tuple = ()
        against = duration = per = condition = None
        for item in items[2:]:
            if isinstance(item, tuple) and item and item[0] == "targets":
                targets, strengths = item[1], item[2]
            elif isinstance(item, A.Selector):
                against = item
            elif isinstance(item, A.Duration):
                duration = item
            elif item == "per:counter":
                per = "counter"
            elif isinstance(item, dict):
                amount = define_x(amount, item)
            elif isinstance(item, A.Condition):
                condition = item
        return A.Bonus(amount, tuple(targets), strengths, against, duration, per, condition,
                       span=self._span(items))

    def bonus_condition(self, items):
        return A.Condition("attacking", (items[-1],), span=self._span(items))

    def bonus_target(self, items):
        strs = items[0] if len(items) > 1 else ()
        return attack_kind(str(items[-1])), strs

    def bonus_targets(self, items):
        targets, strengths = [], []
        for item in items:
            if isinstance(item, Token):
                continue
            t, s = item
            targets.append(t)
            strengths.extend(s)
        return ("targets", tuple(dict.fromkeys(targets)), tuple(dict.fromkeys(strengths)))

    def bonus_where(self, items):
        return items[0]

    def dice_target(self, items):
        return "dice", ()

    def experience_target(self, items):
        word = str(items[0])
        return ("ova" if "атак" in word else "ovz" if "защит" in word else "ovs"), ()

    def kw_armor(self, items):
        return A.Keyword("armor", int(items[1]), span=self._span(items))

    def kw_attack_all_adjacent(self, items):
        tails = " ".join(str(t) for t in items if t.type == "MULTI_TAIL")
        quals = ("in_a_row",) + (("close_after_last",) if "последнего" in tails else ())
        return A.Keyword("attack_all_adjacent", against=A.Selector("creature", "enemy", quals),
                         span=self._span(items))

    def kw_direct(self, items):
        against = items[-1] if isinstance(items[-1], A.Selector) else None
        return A.Keyword("direct", against=against, span=self._span(items))

    def kw_experience(self, items):
        word = str(items[0])
        name = "ova" if "атак" in word else "ovz" if "защит" in word else "ovs"
        value = int(items[1]) if len(items) > 1 else 1
        return A.Keyword(name, value, span=self._span(items))

    def kw_icon(self, items):
        name = ICON_KEYWORDS[str(items[0])]
        value = int(items[1]) if len(items) > 1 else None
        node = A.Keyword(name, value, span=self._span(items))
        if name in UNPROVEN:
            return A.Unknown(name, (node,), span=node.span)
        return node

    def kw_icon_value(self, items):
        code, value = re.match(r"\{(\w+)\}\s*(\d+)", str(items[0])).groups()
        node = A.Keyword(code, int(value), span=self._span(items))
        return A.Unknown(code, (node,), span=node.span) if code in UNPROVEN else node

    def kw_incarnation(self, items):
        return A.Keyword("incarnation", int(items[1]), span=self._span(items))

    def kw_jump(self, items):
        return A.Keyword("jump", int(items[-1]), span=self._span(items))

    def kw_regen(self, items):
        return A.Keyword("regen", int(items[1]), span=self._span(items))

    def kw_simple(self, items):
        word = str(items[0])
        for stem, name in SIMPLE_KEYWORDS:
            if word.startswith(stem):
                return A.Keyword(name, span=self._span(items))
        raise ValueError(word)

    def kw_unanswerable(self, items):
        against = items[-1] if isinstance(items[-1], A.Selector) else None
        return A.Keyword("unanswerable", against=against, span=self._span(items))

    def kw_unknown(self, items):
        code = str(items[0])[1:-1]
        return A.Unknown(code, span=self._span(items))

    def next_target(self, items):
        strs = items[1] if len(items) > 2 else ()
        return "next_" + attack_kind(str(items[-1])), strs

    def poison_target(self, items):
        return "poison", ()

    def prot_attack(self, items):
        strs = items[0] if len(items) > 1 else ()
        return (attack_kind(str(items[-1])),), strs

    def prot_list(self, items):
        against, strengths = [], []
        for item in items:
            if isinstance(item, Token):
                continue
            kinds, strs = item
            against.extend(kinds)
            strengths.extend(strs)
        return tuple(dict.fromkeys(against)), tuple(dict.fromkeys(strengths))

    def protection(self, items):
        tok = items[0]
        if tok.type == "PROT_ICON":
            return A.Protection(PROT_ICONS[str(tok)], span=self._span(items))
        against, strengths = items[1]
        return A.Protection(against, strengths, span=self._span(items))

    def range_target(self, items):
        if len(items) > 1:
            return "range_" + attack_kind(str(items[1])), ()
        return "range", ()

    def red_condition(self, items):
        return items[-1]

    def red_item(self, items):
        return self.prot_attack(items)

    def red_source(self, items):
        sel = items[1]
        return A.Selector("creature", sel.side, sel.qualifiers, sel.count, span=sel.span)

    def red_targets(self, items):
        return self.prot_list(items)

    def reduction(self, items):
        amount = signed(items[0], negate=True)
        against, strengths = items[2]
        source = condition = None
        for item in items[3:]:
            if isinstance(item, A.Selector):
                source = item
            elif isinstance(item, A.Condition):
                condition = item
        return A.Reduction(amount, against, strengths, source, condition, span=self._span(items))

    def stat_target(self, items):
        return {"{move}": "move", "{health}": "life", "{ova}": "ova", "{ovz}": "ovz"}[str(items[0])], ()

    def strengths(self, items):
        return tuple(strength_of(str(t)) for t in items if t.type == "STRENGTH")

    def taunt(self, items):
        kinds = tuple(attack_kind(str(t)) for t in items
                      if isinstance(t, Token) and t.type not in ("ENEMY_MAY_DECLARE", "ONLY_PO",
                                                               "SELF_NAME", "LISTSEP"))
        quals = tuple(i for i in items if type(i) is str)
        return A.Action("taunt", A.Selector("self", qualifiers=quals), kinds, span=self._span(items))


# Keywords with no parameters: rules whose node is fixed by the rule alone.
PLAIN_KEYWORDS = {
    "kw_defender_any": "defender_any",
    "kw_defends_any_times": "defends_any_times",
    "kw_defends_as_open": "defends_as_open_when_closed",
    "kw_defends_without_closing": "defends_without_closing",
    "kw_diagonal": "diagonal_move",
    "kw_ignores_flying_protection": "ignores_flying_protection",
    "kw_ignores_forced_targeting": "ignores_forced_targeting",
    "kw_no_close_after_attack": "no_close_after_attack",
    "kw_no_response_wounds": "no_response_wounds",
    "kw_strike_not_reduced": "strike_not_reduced",
    "kw_strike_only_opposite": "strike_only_opposite",
    "kw_symbiote": "symbiote",
}
for _rule, _value in PLAIN_KEYWORDS.items():
    setattr(AbilityRules, _rule, keyword_rule(_value))


# Qualifier tags: rules whose node is fixed by the rule alone.
TAGS = {
    "per_counter": "per:counter",
    "taunt_any_range": "any_range",
    "taunt_near": "while_adjacent_to_enemy",
}
for _rule, _value in TAGS.items():
    setattr(AbilityRules, _rule, tag_rule(_value))


# Protections / reductions against one kind: rules whose node is fixed by the rule alone.
SINGLE_KINDS = {
    "prot_effects": "effects",
    "prot_flyers": "flyers",
    "prot_magic": "magic",
    "prot_nonmagic": "nonmagic",
    "prot_poison": "poison",
    "prot_spells": "spells",
    "red_flyers": "flyers",
    "red_nonmagic": "nonmagic",
    "red_ranged": "ranged",
}
for _rule, _value in SINGLE_KINDS.items():
    setattr(AbilityRules, _rule, kinds_rule(_value))
