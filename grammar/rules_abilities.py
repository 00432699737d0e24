"""Transformer rules for keyword abilities, protections, bonuses and reductions."""
from __future__ import annotations

import re

from lark import Token, v_args

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from grammar import ast as A
from grammar.nodeops import define_x
from grammar.ruleset import RuleSet, keyword_rule, kinds_rule, tag_rule
from grammar.vocab import (
    ICON_KEYWORDS,
    PROT_ICONS,
    SIMPLE_KEYWORDS,
    STAT_ICONS,
    UNPROVEN,
    attack_kind,
    experience_of,
    signed,
    strength_of,
)


@v_args(meta=True)
class AbilityRules(RuleSet):
    """Rules of keyword abilities, protections, bonuses and reductions (joined into the
    transformer ``grammar.transform.Builder``)."""

    # Keywords with no parameters: the node is fixed by the rule alone.
    kw_defender_any = keyword_rule(KW.DEFENDER_ANY)
    kw_defends_any_times = keyword_rule(KW.DEFENDS_ANY_TIMES)
    kw_defends_as_open = keyword_rule(KW.DEFENDS_AS_OPEN_WHEN_CLOSED)
    kw_defends_without_closing = keyword_rule(KW.DEFENDS_WITHOUT_CLOSING)
    kw_diagonal = keyword_rule(KW.DIAGONAL_MOVE)
    kw_ignores_flying_protection = keyword_rule(KW.IGNORES_FLYING_PROTECTION)
    kw_ignores_forced_targeting = keyword_rule(KW.IGNORES_FORCED_TARGETING)
    kw_no_close_after_attack = keyword_rule(KW.NO_CLOSE_AFTER_ATTACK)
    kw_no_response_wounds = keyword_rule(KW.NO_RESPONSE_WOUNDS)
    kw_strike_not_reduced = keyword_rule(KW.STRIKE_NOT_REDUCED)
    kw_strike_only_opposite = keyword_rule(KW.STRIKE_ONLY_OPPOSITE)
    kw_symbiote = keyword_rule(KW.SYMBIOTE)

    # Qualifier tags.
    per_counter = tag_rule("per:counter")
    taunt_any_range = tag_rule("any_range")
    taunt_near = tag_rule("while_adjacent_to_enemy")

    # Protections / reductions against one kind.
    prot_effects = kinds_rule(K.EFFECTS)
    prot_flyers = kinds_rule(K.FLYERS)
    prot_magic = kinds_rule(K.MAGIC)
    prot_nonmagic = kinds_rule(K.NONMAGIC)
    prot_poison = kinds_rule(K.POISON)
    prot_spells = kinds_rule(K.SPELLS)
    red_flyers = kinds_rule(K.FLYERS)
    red_nonmagic = kinds_rule(K.NONMAGIC)

    def against(self, meta, items):
        return items[1]

    def bonus(self, meta, items):
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
                       span=self._span(meta, items))

    def bonus_condition(self, meta, items):
        return A.Condition("attacking", (items[-1],), span=self._span(meta, items))

    def bonus_target(self, meta, items):
        strs = items[0] if len(items) > 1 else ()
        return attack_kind(str(items[-1])), strs

    def bonus_targets(self, meta, items):
        targets, strengths = [], []
        for item in items:
            if isinstance(item, Token):
                continue
            t, s = item
            targets.append(t)
            strengths.extend(s)
        return ("targets", tuple(dict.fromkeys(targets)), tuple(dict.fromkeys(strengths)))

    def bonus_where(self, meta, items):
        return items[0]

    def dice_target(self, meta, items):
        return K.DICE, ()

    def experience_target(self, meta, items):
        return experience_of(str(items[0])), ()

    def kw_armor(self, meta, items):
        return A.Keyword(KW.ARMOR, int(items[1]), span=self._span(meta, items))

    def kw_attack_all_adjacent(self, meta, items):
        tails = " ".join(str(t) for t in items if t.type == "MULTI_TAIL")
        quals = ("in_a_row",) + (("close_after_last",) if "последнего" in tails else ())
        return A.Keyword(KW.ATTACK_ALL_ADJACENT, against=A.Selector("creature", "enemy", quals),
                         span=self._span(meta, items))

    def kw_direct(self, meta, items):
        against = items[-1] if isinstance(items[-1], A.Selector) else None
        return A.Keyword(KW.DIRECT, against=against, span=self._span(meta, items))

    def kw_experience(self, meta, items):
        name = experience_of(str(items[0]))
        value = int(items[1]) if len(items) > 1 else 1
        return A.Keyword(name, value, span=self._span(meta, items))

    def kw_icon(self, meta, items):
        name = ICON_KEYWORDS[str(items[0])]
        value = int(items[1]) if len(items) > 1 else None
        node = A.Keyword(name, value, span=self._span(meta, items))
        if name in UNPROVEN:
            return A.Unknown(name, (node,), span=node.span)
        return node

    def kw_icon_value(self, meta, items):
        code, value = re.match(r"\{(\w+)\}\s*(\d+)", str(items[0])).groups()
        node = A.Keyword(code, int(value), span=self._span(meta, items))
        return A.Unknown(code, (node,), span=node.span) if code in UNPROVEN else node

    def kw_incarnation(self, meta, items):
        return A.Keyword(KW.INCARNATION, int(items[1]), span=self._span(meta, items))

    def kw_jump(self, meta, items):
        return A.Keyword(KW.JUMP, int(items[-1]), span=self._span(meta, items))

    def kw_regen(self, meta, items):
        return A.Keyword(KW.REGEN, int(items[1]), span=self._span(meta, items))

    def kw_simple(self, meta, items):
        word = str(items[0])
        for stem, name in SIMPLE_KEYWORDS:
            if word.startswith(stem):
                return A.Keyword(name, span=self._span(meta, items))
        raise ValueError(word)

    def kw_unanswerable(self, meta, items):
        against = items[-1] if isinstance(items[-1], A.Selector) else None
        return A.Keyword(KW.UNANSWERABLE, against=against, span=self._span(meta, items))

    def kw_unknown(self, meta, items):
        code = str(items[0])[1:-1]
        return A.Unknown(code, span=self._span(meta, items))

    def next_target(self, meta, items):
        strs = items[1] if len(items) > 2 else ()
        return "next_" + attack_kind(str(items[-1])), strs

    def poison_target(self, meta, items):
        return K.POISON, ()

    def prot_attack(self, meta, items):
        strs = items[0] if len(items) > 1 else ()
        return (attack_kind(str(items[-1])),), strs

    def prot_list(self, meta, items):
        against, strengths = [], []
        for item in items:
            if isinstance(item, Token):
                continue
            kinds, strs = item
            against.extend(kinds)
            strengths.extend(strs)
        return tuple(dict.fromkeys(against)), tuple(dict.fromkeys(strengths))

    def protection(self, meta, items):
        tok = items[0]
        if tok.type == "PROT_ICON":
            return A.Protection(PROT_ICONS[str(tok)], span=self._span(meta, items))
        against, strengths = items[1]
        return A.Protection(against, strengths, span=self._span(meta, items))

    def range_target(self, meta, items):
        if len(items) > 1:
            return "range_" + attack_kind(str(items[1])), ()
        return K.RANGE, ()

    def red_condition(self, meta, items):
        return items[-1]

    def red_item(self, meta, items):
        return self.prot_attack(meta, items)

    def red_source(self, meta, items):
        sel = items[1]
        return A.Selector("creature", sel.side, sel.qualifiers, sel.count, span=sel.span)

    def red_targets(self, meta, items):
        return self.prot_list(meta, items)

    def reduction(self, meta, items):
        amount = signed(items[0], negate=True)
        against, strengths = items[2]
        source = condition = None
        for item in items[3:]:
            if isinstance(item, A.Selector):
                source = item
            elif isinstance(item, A.Condition):
                condition = item
        return A.Reduction(amount, against, strengths, source, condition, span=self._span(meta, items))

    def stat_target(self, meta, items):
        return STAT_ICONS[str(items[0])], ()

    def strengths(self, meta, items):
        return tuple(strength_of(str(t)) for t in items if t.type == "STRENGTH")

    def taunt(self, meta, items):
        kinds = tuple(attack_kind(str(t)) for t in items
                      if isinstance(t, Token) and t.type not in ("ENEMY_MAY_DECLARE", "ONLY_PO",
                                                               "SELF_NAME", "LISTSEP"))
        quals = tuple(i for i in items if type(i) is str)
        return A.Action("taunt", A.Selector("self", qualifiers=quals), kinds, span=self._span(meta, items))

