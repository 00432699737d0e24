"""Parse tree → AST: one small method per grammar rule.

Tokens are read from the *folded* matching copy; anything shown to people (quoted names) is cut
from the original canonical text by offset.  ``build`` also runs the driver's recursion for
``REST`` tokens of the ``frame`` start symbol.
"""
from __future__ import annotations

import re
from typing import Any

from lark import Token, Transformer, Tree, v_args

from grammar import ast as A

# ---------------------------------------------------------------- vocabularies
ICON_KEYWORDS = {"{ova}": "ova", "{ovz}": "ovz", "{ovs}": "ovs", "{regen}": "regen",
                 "{armor}": "armor", "{direct}": "direct", "{stamina}": "stamina"}
PROT_ICONS = {"{zoo}": ("poison",), "{zoz}": ("spells",), "{zom}": ("magic",),
              "{zor}": ("discharge",), "{zot}": ("throw",), "{zov}": ("shot",),
              "{zoal}": ("flyers",)}
UNPROVEN = {"ovs", "stamina"}
SIMPLE_KEYWORDS = (("трупоедств", "corpse_eater"), ("неповоротлив", "clumsy"),
                   ("полет", "flying"), ("летающ", "flying"), ("бестелесн", "incorporeal"),
                   ("стойкость", "stamina"), ("орда", "horde"), ("рывок", "dash"))
STRENGTHS = (("слаб", "weak"), ("средн", "medium"), ("сильн", "strong"))
ELEMENTS = (("горн", "горы"), ("лесн", "леса"), ("болотн", "болота"), ("степн", "степи"),
            ("темн", "тьма"))
NUMWORDS = (("одн", 1), ("дв", 2), ("тр", 3), ("четыр", 4), ("пят", 5))


def attack_kind(word: str) -> str:
    """Attack noun (any case form, folded) → attack kind id."""
    w = word.strip()
    if w == "{strike}":
        return "strike"
    if w == "{uchr}" or "через" in w:
        return "uchr"
    if w == "{direct}" or w.startswith("направленн"):
        return "direct"
    for stem, kind in (("выстрел", "shot"), ("разряд", "discharge"), ("метани", "throw"),
                       ("особ", "special")):
        if w.startswith(stem):
            return kind
    if w.startswith("магическ"):
        return "magic" if "удар" in w else "magical"
    if w.startswith("дальн"):
        return "ranged"
    if w.startswith("ближн"):
        return "melee"
    if w.startswith("немагическ"):
        return "nonmagic"
    if w.startswith("удар"):
        return "strike"
    if w.startswith("атак"):
        return "any"
    if "летающ" in w:
        return "flyers"
    raise ValueError(w)


def strength_of(word: str) -> str:
    for stem, value in STRENGTHS:
        if word.startswith(stem):
            return value
    raise ValueError(word)


def number_word(word: str) -> int:
    for stem, value in NUMWORDS:
        if word.startswith(stem):
            return value
    raise ValueError(word)


def _with_span(node, span: A.Span):
    return type(node)(**{f: getattr(node, f) for f in node.__dataclass_fields__ if f != "span"}, span=span)


def _damage_from(tok: Token) -> A.Damage:
    text = str(tok).replace(" ", "")
    if tok.type == "DAMAGE3":
        w, m, s = (int(x) for x in text.split("-"))
        return A.ByStrength(w, m, s)
    if tok.type == "XVAR":
        offset = int(text[1:]) if len(text) > 1 else 0
        return A.Variable("X", offset)
    return A.Fixed(int(text))


class _Builder(Transformer):
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
        """Span of the rule being transformed (text offsets); of ``items`` when given."""
        meta = self._meta
        if items is None or (meta is not None and not getattr(meta, "empty", True)
                             and items is not None and _is_rule_items(items)):
            if meta is not None and not getattr(meta, "empty", True):
                return A.Span(self.offset + meta.start_pos, self.offset + meta.end_pos)
        bounds = list(_bounds(items or (), self.offset))
        if not bounds:
            return A.NOSPAN
        return A.Span(min(b[0] for b in bounds), max(b[1] for b in bounds))

    def _orig(self, tok: Token) -> str:
        return self.ctx.original[self.offset + tok.start_pos: self.offset + tok.end_pos]

    def _rest(self, tok: Token, start: str = "effects") -> tuple:
        from grammar.parser import parse_effects

        s = self.offset + tok.start_pos
        return parse_effects(self.ctx, s, s + len(tok))

    # ------------------------------------------------------------ starts
    def sentence(self, items):
        return (items[0],)

    def effects(self, items):
        effects, limit = _split_limit(items)
        effects = effects[0]
        if limit is not None:
            effects = effects[:-1] + (_with_limit(effects[-1], limit),)
        return effects

    def frame_activated(self, items):
        cost, rest = items[0], items[-1]
        return (A.Activated(cost, self._rest(rest), span=self._span(items)),)

    def frame_formation(self, items):
        from grammar.parser import parse_unit

        rest = items[-1]
        s = self.offset + rest.start_pos
        inner, _ok = parse_unit(self.ctx, s, s + len(rest))
        return (A.Formation(inner, span=self._span(items)),)

    def frame_order(self, items):
        from grammar.parser import parse_unit

        rest = items[-1]
        s = self.offset + rest.start_pos
        inner, _ok = parse_unit(self.ctx, s, s + len(rest))
        return (A.WhenOrder(_order(items[0]), inner, span=self._span(items)),)

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
        effects, limit = _split_limit(items[1:])
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
        return A.WhenOrder(_order(items[0]), (items[1],), span=self._span(items))

    def valhalla(self, items):
        return A.Triggered(A.Trigger("valhalla"), items[1], span=self._span(items))

    def triggered(self, items):
        trig = items[0]
        optional = any(isinstance(i, Token) and i.type == "MAY" for i in items)
        rest = [i for i in items[1:] if not isinstance(i, Token)]
        effects, limit = _split_limit(rest)
        return A.Triggered(trig, effects[0], limit, optional, span=self._span(items))

    def effects_ab(self, items):
        effects, limit = _split_limit(items)
        effects = effects[0]
        if len(effects) == 1:
            only = effects[0]
            if isinstance(only, (A.Bonus, A.Reduction, A.Protection, A.Attack, A.Poison,
                                 A.Finishing, A.Named, A.Keyword, A.StartsWithCounters)):
                return _with_limit(only, limit) if limit else only
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
        return A.Vampirism(_define(amount, where), span=self._span(items))

    def max_health(self, items):
        return A.Keyword("max_health", int(items[1]), span=self._span(items))

    # ------------------------------------------------------------ keywords
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

    def kw_strike_not_reduced(self, items):
        return A.Keyword("strike_not_reduced", span=self._span(items))

    def kw_ignores_forced_targeting(self, items):
        return A.Keyword("ignores_forced_targeting", span=self._span(items))

    def kw_defends_as_open(self, items):
        return A.Keyword("defends_as_open_when_closed", span=self._span(items))

    def kw_attack_all_adjacent(self, items):
        tails = " ".join(str(t) for t in items if t.type == "MULTI_TAIL")
        quals = ("in_a_row",) + (("close_after_last",) if "последнего" in tails else ())
        return A.Keyword("attack_all_adjacent", against=A.Selector("creature", "enemy", quals),
                         span=self._span(items))

    def act_set_strength(self, items):
        sel = next(i for i in items if isinstance(i, A.Selector))
        return A.Action("set_strength", sel, (attack_kind(str(items[1])), strength_of(str(items[-1]))),
                        span=self._span(items))

    def heal_other_rev(self, items):
        return A.Heal(items[-1], items[2], span=self._span(items))

    def may_opponent(self, items):
        inner = items[-1]
        return A.Choice((inner, A.Action("nothing")), "opponent", span=self._span(items))

    def act_redirect_own(self, items):
        return A.Action("redirect", items[-1], (attack_kind(str(items[1])), A.Selector("self")),
                        span=self._span(items))

    def must_choice(self, items):
        """«это существо должно A либо B»: the options are done by the subject, not the card."""
        subject = items[0]
        effects = [_bind_subject(i, subject) for i in items
                   if isinstance(i, A.Node) and not isinstance(i, A.Selector)]
        chooser_tok = next((t for t in items if isinstance(t, Token) and t.type == "CHOOSER"), None)
        chooser = None
        if chooser_tok is not None:
            w = str(chooser_tok)
            chooser = "attacked" if "атакован" in w else "opponent" if "противник" in w else "owner"
        return A.Choice(tuple(effects), chooser, span=self._span(items))

    def obliged(self, items):
        return items[-1]

    def damage_measure(self, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        sel = next(i for i in items if isinstance(i, A.Selector))
        kind_tok = [t for t in items[1:] if isinstance(t, Token) and t.type != "STRENGTH"][0]
        measure = A.Measure("strike_value", sel, strengths[0] if strengths else None, span=self._span(items))
        return A.Variable("X", definition=measure, span=self._span(items))

    def post_defended_by_self(self, items):
        return "defended_by_self"

    def post_isolated(self, items):
        return "no_allies_left_and_right"

    def post_same_column(self, items):
        return "same_column_as_self"

    def cond_wounded_by_two(self, items):
        return ("wounded_by_other_ranged_this_turn", (2,))

    def cond_would_heal(self, items):
        return ("would_heal", ("X",))

    def act_forced_strike(self, items):
        sels = [i for i in items if isinstance(i, A.Selector)]
        return A.Action("forced_attack", sels[0], (attack_kind(str(items[-1])), sels[1]),
                        span=self._span(items))

    def cond_cannot_move(self, items):
        return ("cannot_move", ())

    def cond_distinct_classes(self, items):
        n = int(re.search(r"\d+", str(items[0])).group(0))
        return ("adjacent_distinct_classes", (n,))

    def trig_poison_wounds(self, items):
        return A.Trigger("wounded_by_poison", subject=items[1], span=self._span(items))

    def trig_wounded_by(self, items):
        return A.Trigger("wounded_by", attack_kind(str(items[-1])), subject=items[1], span=self._span(items))

    def trig_nth_counter(self, items):
        return A.Trigger("third_counter", span=self._span(items))

    def redistribute_these(self, items):
        return A.Action("redistribute_wounds", items[-1], ("these",), span=self._span(items))

    def kw_ignores_flying_protection(self, items):
        return A.Keyword("ignores_flying_protection", span=self._span(items))

    def kw_defends_without_closing(self, items):
        return A.Keyword("defends_without_closing", span=self._span(items))

    def kw_defends_any_times(self, items):
        return A.Keyword("defends_any_times", span=self._span(items))

    def kw_strike_only_opposite(self, items):
        return A.Keyword("strike_only_opposite", span=self._span(items))

    def taunt(self, items):
        kinds = tuple(attack_kind(str(t)) for t in items
                      if isinstance(t, Token) and t.type not in ("ENEMY_MAY_DECLARE", "ONLY_PO",
                                                               "SELF_NAME", "LISTSEP"))
        quals = tuple(i for i in items if type(i) is str)
        return A.Action("taunt", A.Selector("self", qualifiers=quals), kinds, span=self._span(items))

    def taunt_near(self, items):
        return "while_adjacent_to_enemy"

    def taunt_any_range(self, items):
        return "any_range"

    def kw_armor(self, items):
        return A.Keyword("armor", int(items[1]), span=self._span(items))

    def kw_experience(self, items):
        word = str(items[0])
        name = "ova" if "атак" in word else "ovz" if "защит" in word else "ovs"
        value = int(items[1]) if len(items) > 1 else 1
        return A.Keyword(name, value, span=self._span(items))

    def kw_regen(self, items):
        return A.Keyword("regen", int(items[1]), span=self._span(items))

    def kw_simple(self, items):
        word = str(items[0])
        for stem, name in SIMPLE_KEYWORDS:
            if word.startswith(stem):
                return A.Keyword(name, span=self._span(items))
        raise ValueError(word)

    def kw_incarnation(self, items):
        return A.Keyword("incarnation", int(items[1]), span=self._span(items))

    def kw_jump(self, items):
        return A.Keyword("jump", int(items[-1]), span=self._span(items))

    def kw_direct(self, items):
        against = items[-1] if isinstance(items[-1], A.Selector) else None
        return A.Keyword("direct", against=against, span=self._span(items))

    def kw_unanswerable(self, items):
        against = items[-1] if isinstance(items[-1], A.Selector) else None
        return A.Keyword("unanswerable", against=against, span=self._span(items))

    def kw_symbiote(self, items):
        return A.Keyword("symbiote", span=self._span(items))

    def kw_unknown(self, items):
        code = str(items[0])[1:-1]
        return A.Unknown(code, span=self._span(items))

    def kw_no_response_wounds(self, items):
        return A.Keyword("no_response_wounds", span=self._span(items))

    def kw_no_close_after_attack(self, items):
        return A.Keyword("no_close_after_attack", span=self._span(items))

    def kw_diagonal(self, items):
        return A.Keyword("diagonal_move", span=self._span(items))

    def kw_defender_any(self, items):
        return A.Keyword("defender_any", span=self._span(items))

    # ------------------------------------------------------------ protections
    def protection(self, items):
        tok = items[0]
        if tok.type == "PROT_ICON":
            return A.Protection(PROT_ICONS[str(tok)], span=self._span(items))
        against, strengths = items[1]
        return A.Protection(against, strengths, span=self._span(items))

    def prot_list(self, items):
        against, strengths = [], []
        for item in items:
            if isinstance(item, Token):
                continue
            kinds, strs = item
            against.extend(kinds)
            strengths.extend(strs)
        return tuple(dict.fromkeys(against)), tuple(dict.fromkeys(strengths))

    def prot_attack(self, items):
        strs = items[0] if len(items) > 1 else ()
        return (attack_kind(str(items[-1])),), strs

    def prot_poison(self, items):
        return ("poison",), ()

    def prot_magic(self, items):
        return ("magic",), ()

    def prot_spells(self, items):
        return ("spells",), ()

    def prot_flyers(self, items):
        return ("flyers",), ()

    def prot_nonmagic(self, items):
        return ("nonmagic",), ()

    def strengths(self, items):
        return tuple(strength_of(str(t)) for t in items if t.type == "STRENGTH")

    # ------------------------------------------------------------ bonuses / reductions
    def bonus(self, items):
        amount = _signed(items[0])
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
                amount = _define(amount, item)
            elif isinstance(item, A.Condition):
                condition = item
        return A.Bonus(amount, tuple(targets), strengths, against, duration, per, condition,
                       span=self._span(items))

    def bonus_targets(self, items):
        targets, strengths = [], []
        for item in items:
            if isinstance(item, Token):
                continue
            t, s = item
            targets.append(t)
            strengths.extend(s)
        return ("targets", tuple(dict.fromkeys(targets)), tuple(dict.fromkeys(strengths)))

    def bonus_target(self, items):
        strs = items[0] if len(items) > 1 else ()
        return attack_kind(str(items[-1])), strs

    def next_target(self, items):
        strs = items[1] if len(items) > 2 else ()
        return "next_" + attack_kind(str(items[-1])), strs

    def range_target(self, items):
        if len(items) > 1:
            return "range_" + attack_kind(str(items[1])), ()
        return "range", ()

    def experience_target(self, items):
        word = str(items[0])
        return ("ova" if "атак" in word else "ovz" if "защит" in word else "ovs"), ()

    def poison_target(self, items):
        return "poison", ()

    def bonus_where(self, items):
        return items[0]

    def dice_target(self, items):
        return "dice", ()

    def stat_target(self, items):
        return {"{move}": "move", "{health}": "life", "{ova}": "ova", "{ovz}": "ovz"}[str(items[0])], ()

    def against(self, items):
        return items[1]

    def per_counter(self, items):
        return "per:counter"

    def bonus_condition(self, items):
        return A.Condition("attacking", (items[-1],), span=self._span(items))

    def when_attacking(self, items):
        return items[-1]

    def reduction(self, items):
        amount = _signed(items[0], negate=True)
        against, strengths = items[2]
        source = condition = None
        for item in items[3:]:
            if isinstance(item, A.Selector):
                source = item
            elif isinstance(item, A.Condition):
                condition = item
        return A.Reduction(amount, against, strengths, source, condition, span=self._span(items))

    def red_targets(self, items):
        return self.prot_list(items)

    def red_item(self, items):
        return self.prot_attack(items)

    def red_ranged(self, items):
        return ("ranged",), ()

    def red_nonmagic(self, items):
        return ("nonmagic",), ()

    def red_flyers(self, items):
        return ("flyers",), ()

    def red_source(self, items):
        sel = items[1]
        return A.Selector("creature", sel.side, sel.qualifiers, sel.count, span=sel.span)

    def red_condition(self, items):
        return items[-1]

    # ------------------------------------------------------------ effects
    def define_note(self, items):
        return A.Define("X", A.Measure("shown_card_cost", span=self._span(items)), span=self._span(items))

    def effect_list(self, items):
        if items and isinstance(items[-1], A.Define):
            return self.effect_list(items[:-1]) + (items[-1],)
        note = items[-1] if isinstance(items[-1], tuple) and items[-1][:1] == ("note",) else None
        effects = tuple(_flatten(i for i in (items[:-1] if note else items)
                                 if not isinstance(i, Token)))
        if note:
            # «…, ранить … на 1 (воздействие «цепи»)»: the whole clause is that named effect.
            return (A.Named(note[1], note[2], effects, span=self._span(items)),)
        return effects

    def named_note(self, items):
        tok = items[0]
        kind = "spell" if "заклинание" in str(tok) else "effect"
        m = re.search(r"«([^»)]*)", self._orig(tok))
        return ("note", kind, m.group(1).strip() if m else None)

    def may(self, items):
        """«может X» — the owner chooses: X, or nothing."""
        inner = items[-1]
        if isinstance(inner, tuple):
            inner = A.Sequence_(inner, span=self._span(inner)) if len(inner) > 1 else inner[0]
        return A.Choice((inner, A.Action("nothing")), "owner", span=self._span(items))

    def targets(self, items):
        sels = tuple(i for i in items if isinstance(i, A.Selector))
        if len(sels) == 1:
            return sels[0]
        ors = any(isinstance(t, Token) and str(t) == "или" for t in items)
        quals = ("one_of",) if ors else ("each",)
        # several targets: a selector over their union, the members kept as qualifiers
        return A.Selector("any_of" if ors else "all_of", None,
                          tuple(f"{s.noun}:{','.join(s.qualifiers)}" for s in sels) + quals,
                          span=self._span(items))

    def conditional_effect(self, items):
        return A.Conditional(items[-1], (items[0],) if not isinstance(items[0], tuple) else items[0],
                             span=self._span(items))

    def act_reduce_strike(self, items):
        return A.Action("reduce_chosen_strike", None, (items[-1],), span=self._span(items))

    def act_move_other(self, items):
        dest = "adjacent_cell" if "соседн" in str(items[-1]) else "free_cell"
        return A.Action("move", items[1], (dest,), span=self._span(items))

    def act_redirect(self, items):
        sels = [i for i in items if isinstance(i, A.Selector)]
        return A.Action("redirect", sels[1], (attack_kind(str(items[1])), sels[0]), span=self._span(items))

    def act_choose_row(self, items):
        return A.Action("choose_row", params=("enemy",) if "противника" in str(items[0]) else (),
                        span=self._span(items))

    def act_can_attack_flyers(self, items):
        return A.Action("may_attack_flyers", A.Selector("self"), ("strike",), span=self._span(items))

    def delayed(self, items):
        return A.Triggered(A.Trigger("next_turn_start"), items[-1], span=self._span(items))

    def cond_moved_cells(self, items):
        w = str(items[0])
        n = int(re.search(r"\d+", w).group(0))
        return ("moved_cells", (n, "same_direction" if "одном" in w else "different_directions"))

    def cond_no_enemy_in_first_row(self, items):
        return ("no_enemy_cards_in_row", (1,))

    def cond_shown_card(self, items):
        return ("shown_card", (str(items[-1]).strip("{}"),))

    def post_cost_x(self, items):
        return "cost=X"

    def post_on_this_cell(self, items):
        return "on_that_cell"

    def gain_group(self, items):
        nodes = tuple(i for i in items if not isinstance(i, Token))
        return nodes[0] if len(nodes) == 1 else A.Sequence_(nodes, span=self._span(items))

    def gain_choice(self, items):
        opts = tuple(i for i in items if not isinstance(i, Token))
        return ("gain", (A.Choice(opts, "owner", span=self._span(opts)),))

    def gain_quoted(self, items):
        """«получает «{tap}: {uchr} на 2»» — the quoted text is an ability of its own."""
        from grammar.parser import parse_unit

        tok = items[0]
        s = self.offset + tok.start_pos + 1
        inner, _ok = parse_unit(self.ctx, s, self.offset + tok.end_pos - 1)
        return inner[0] if len(inner) == 1 else A.Sequence_(inner, span=self._span(items))

    def lead_conditional(self, items):
        instead = any(isinstance(t, Token) and t.type == "INSTEAD" for t in items)
        what = items[1][0] + ("_instead" if instead else "")
        cond = A.Condition(what, items[1][1], span=self._span(items))
        return A.Conditional(cond, (items[-1],) if not isinstance(items[-1], tuple) else items[-1],
                             span=self._span(items))

    def cond_both_cards(self, items):
        tok = items[-1]
        if tok.type == "UNKNOWN_ICON":
            code = str(tok)[1:-1]
            return ("both_shown_cards", (A.Unknown(code, span=self._span([tok])),))
        return ("both_shown_cards", (str(tok).strip("{}"),))

    def cond_counters(self, items):
        return ("counters_on_self", ("none",) if " нет " in f" {items[0]} " else ("some",))

    def gain_lives(self, items):
        return A.Bonus(A.Fixed(int(items[0])), ("life",), span=self._span(items))

    def gain_marker(self, items):
        return A.Action("marker", None, (items[-1][1],), span=self._span(items))

    def trig_incarnates_open(self, items):
        return A.Trigger("incarnation", subject=A.Selector("self", qualifiers=("open",)),
                         span=self._span(items))

    def cond_column(self, items):
        w = str(items[0])
        return ("column", ("center",) if "центральн" in w else ("edge",))

    def post_not_wounded_this_turn(self, items):
        return "not_wounded_this_turn"

    def sel_self_qualified(self, items):
        quals = tuple(i for i in items if type(i) is str)
        return A.Selector("self", qualifiers=quals, span=self._span(items))

    def wound_self(self, items):
        return A.Wound(A.Selector("self"), items[1], span=self._span(items))

    def sel_it(self, items):
        return A.Selector("it", span=self._span(items))

    def gain_stat_bonus(self, items):
        name = {"{move}": "move", "{health}": "life", "{ova}": "ova", "{ovz}": "ovz"}[str(items[1])]
        return A.Bonus(_signed(items[0]), (name,), span=self._span(items))

    def attack_list(self, items):
        """Head and pieces in order; a new head («, метание на 1») starts the next attack."""
        attacks: list[dict] = []
        for item in items:
            if isinstance(item, dict):                      # a head
                attacks.append(item)
                continue
            tag, value = item
            current = attacks[-1]
            if tag == "next":
                attacks.append(value)
            elif tag == "rider":
                current.setdefault("riders", []).append(value)
            elif tag == "where":
                current["where"] = value
            else:
                current[tag] = value
        whole = self._span()
        for a, nxt in zip(attacks, attacks[1:] + [None]):
            a["end"] = nxt["span"].start if nxt else whole.end
        built = [self._attack(a) for a in attacks]
        if len(built) == 1:
            return built[0]
        return A.Sequence_(tuple(built), span=self._span(built))

    def _attack(self, a: dict) -> A.Attack:
        kind = a["kind"]
        damage = a.get("damage")
        if damage is None:
            # Bare «Разряд» is strength 0 (seed rules); bare «Удар через ряд» deals 1.
            damage = A.Fixed(0) if kind == "discharge" else A.Fixed(1) if kind == "uchr" else None
        if "where" in a:
            damage = _define(damage, a["where"])
        span = A.Span(a["span"].start, max(a["span"].end, a.get("end", 0)))
        return A.Attack(kind, damage, a.get("range"), a.get("name"), a.get("count", (1, 1)),
                        a.get("target"), tuple(a.get("riders", ())), span=span)

    def attack_head(self, items):
        head = {"span": self._span(items)}
        for item in items:
            if isinstance(item, Token) and item.type == "ATTACK_WORD":
                head["kind"] = attack_kind(str(item))
            elif isinstance(item, tuple) and item[0] == "count":
                head["count"] = item[1]
            elif isinstance(item, tuple) and item[0] == "name":
                head["name"] = item[1]
        return head

    def attack_old_head(self, items):
        return {"span": self._span(items), "kind": attack_kind(str(items[0])), "damage": items[-1]}

    def a_damage(self, items):
        return ("damage", items[-1])

    def a_range(self, items):
        return ("range", int(items[-1]))

    def a_target(self, items):
        return ("target", next(i for i in items if isinstance(i, A.Selector)))

    def a_ignores(self, items):
        return ("rider", A.Keyword("ignores_abilities", span=self._span(items)))

    def a_rider(self, items):
        return ("rider", next(i for i in items if isinstance(i, A.Node)))

    def a_next(self, items):
        return ("next", items[-1])

    def a_where(self, items):
        return ("where", items[0])

    # «где X — …» and «(максимум N)»
    def where(self, items):
        measure = next((i for i in items if isinstance(i, A.Measure)), None)
        maximum = next((i for i in items if isinstance(i, int) and not isinstance(i, bool)), None)
        return {"definition": measure, "maximum": maximum}

    def maximum(self, items):
        return int(re.search(r"\d+", str(items[0])).group(0))

    def m_counters(self, items):
        return A.Measure("counters", A.Selector("self"), span=self._span(items))

    def m_wounds(self, items):
        return A.Measure("wounds", A.Selector("self"), span=self._span(items))

    def m_wounds_dealt(self, items):
        return A.Measure("wounds_dealt", A.Selector("self"), span=self._span(items))

    def m_cells_moved(self, items):
        return A.Measure("cells_moved", A.Selector("self"), span=self._span(items))

    def m_cards_shown(self, items):
        return A.Measure("cards_shown", span=self._span(items))

    def m_strike_value(self, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        sel = next(i for i in items if isinstance(i, A.Selector))
        what = "sum_strike_value" if str(items[0]).startswith("сумм") else "strike_value"
        return A.Measure(what, sel, strengths[0] if strengths else None, span=self._span(items))

    def m_count(self, items):
        return A.Measure("count", items[-1], span=self._span(items))

    def count_prefix(self, items):
        n = number_word(str(items[0]))
        return ("count", (1, n) if len(items) > 1 else (n, n))

    def quoted(self, items):
        return ("name", self._orig(items[0])[1:-1].strip())

    def damage(self, items):
        return _with_span(_damage_from(items[0]), self._span(items))

    def poison_eff(self, items):
        target = next((i for i in items if isinstance(i, A.Selector)), None)
        return A.Poison(items[-1], target, span=self._span(items))

    def finishing(self, items):
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        where = next((i for i in items if isinstance(i, dict)), None)
        node = A.Finishing(_define(amount, where), span=self._span(items))
        limit = next((i for i in items if isinstance(i, A.Limit)), None)
        return (node, limit) if limit else node

    def wound(self, items):
        target = next((i for i in items if isinstance(i, A.Selector)), A.Selector("self"))
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        where = next((i for i in items if isinstance(i, dict)), None)
        amount = _define(amount, where)
        if isinstance(items[0], Token) and str(items[0]) == "ранятся":
            target = A.Selector("card", qualifiers=("on_cell",))
        return A.Wound(target, amount, span=self._span(items))

    def heal_self(self, items):
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        where = next((i for i in items if isinstance(i, dict)), None)
        return A.Heal(A.Selector("self"), _define(amount, where), span=self._span(items))

    def heal_other(self, items):
        return A.Heal(items[1], items[-1], span=self._span(items))

    def heal_all(self, items):
        return A.Heal(items[1], None, span=self._span(items))

    def gain_clause(self, items):
        target = next((i for i in items if isinstance(i, A.Selector)), A.Selector("self"))
        what = next(i for i in items if isinstance(i, tuple) and i and i[0] == "gain")[1]
        duration = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.Gain(target, what, duration, span=self._span(items))

    def gain_items(self, items):
        return ("gain", tuple(i for i in items if not isinstance(i, Token)))

    def gain_counter(self, items):
        return A.Keyword("counter", 1, span=self._span(items))

    def gain_stat(self, items):
        name = {"{move}": "move", "{health}": "life", "{ova}": "ova", "{ovz}": "ovz"}[str(items[0])]
        return A.Keyword(name, int(items[1]), span=self._span(items))

    def gain_flying(self, items):
        return A.Keyword("flying", span=self._span(items))

    def lose(self, items):
        target = next((i for i in items if isinstance(i, A.Selector)), A.Selector("self"))
        duration = next((i for i in items if isinstance(i, A.Duration)), None)
        what = next(i for i in items if type(i) is str)
        count = next((number_word(str(t)) for t in items if isinstance(t, Token) and t.type == "NUMWORD"), None)
        return A.Lose(target, what, count, duration, span=self._span(items))

    def lose_counters(self, items):
        return "counters"

    def lose_flying(self, items):
        return "flying"

    def lose_abilities(self, items):
        return "abilities"

    def act_close(self, items):
        return self._action("close", items)

    def act_open(self, items):
        return self._action("open", items)

    def act_destroy(self, items):
        targets = [i for i in items if isinstance(i, A.Selector)]
        if len(targets) == 1:
            return self._action("destroy", items)
        return A.Sequence_(tuple(A.Action("destroy", t, span=t.span) for t in targets),
                           span=self._span(items))

    def act_prophecy(self, items):
        return A.Action("prophecy", params=(int(items[-1]),), span=self._span(items))

    def act_revive(self, items):
        params = ("closed", "once_per_fight") if len(items) > 2 else ()
        return A.Action("revive", items[1], params, span=self._span(items))

    def act_starts_with(self, items):
        return A.StartsWithCounters(1, span=self._span(items))

    def redistribute(self, items):
        sels = [i for i in items if isinstance(i, A.Selector)]
        n = int(next(t for t in items if isinstance(t, Token) and t.type == "NUM"))
        return A.Action("redistribute_wounds", sels[1], (n, sels[0]), span=self._span(items))

    def act_no_open(self, items):
        return self._action("no_open_next_turn", items)

    def act_cannot_attack(self, items):
        target = next((i for i in items if isinstance(i, A.Selector)), None)
        dur = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.Action("cannot_attack", target, (dur.until,) if dur else (), span=self._span(items))

    def act_reduce_to(self, items):
        kind = attack_kind(str(items[0]))
        value = items[-1]
        value = int(value) if value.type == "NUM" else strength_of(str(value))
        return A.Action("reduce_to", items[2], (kind, value), span=self._span(items))

    def act_block(self, items):
        return A.Action("block", span=self._span(items))

    def act_move(self, items):
        return A.Action("teleport", A.Selector("self"), ("free_cell",), span=self._span(items))

    def _action(self, verb, items):
        target = next((i for i in items if isinstance(i, A.Selector)), None)
        return A.Action(verb, target, span=self._span(items))

    def choice(self, items):
        return A.Choice(tuple(i for i in items if not isinstance(i, Token)), span=self._span(items))

    def named(self, items):
        kind, name = items[0]
        body = items[-1] if len(items) > 1 and isinstance(items[-1], tuple) else ()
        return A.Named(kind, name, body, span=self._span(items))

    def named_head(self, items):
        kind = "spell" if str(items[0]).startswith("заклинан") else "effect"
        name = items[1][1] if len(items) > 1 else None
        return (kind, name)

    # ------------------------------------------------------------ triggers and conditions
    def trig_death(self, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger("death" if subject else "own_death", subject=subject, span=self._span(items))

    def trig_start(self, items):
        w = str(items[0])
        event = ("opponent_turn_start" if "противника" in w else "fight_start" if "боя" in w
                 else "before_turn" if w.startswith("до") else "turn_start")
        return A.Trigger(event, span=self._span(items))

    def trig_end(self, items):
        event = "opponent_turn_end" if "противника" in str(items[0]) else "turn_end"
        return A.Trigger(event, span=self._span(items))

    def trig_move(self, items):
        return A.Trigger("move_adjacent" if len(items) > 1 else "move", span=self._span(items))

    def trig_attack(self, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        kind_tok = [i for i in items[1:] if isinstance(i, Token)]
        kind = attack_kind(str(kind_tok[0]))
        subject = next((i for i in items if isinstance(i, A.Selector)), None)
        event = "strong_attack" if strengths == ("strong",) else "attack"
        strength = strengths[0] if len(strengths) == 1 else None
        return A.Trigger(event, kind, strength, subject, span=self._span(items))

    def trig_strong(self, items):
        return A.Trigger("strong_attack", span=self._span(items))

    def trig_defender(self, items):
        return A.Trigger("becomes_defender", subject=items[1], span=self._span(items))

    def trig_move_near(self, items):
        return A.Trigger("move_next_to", subject=items[-1], span=self._span(items))

    def trig_shown(self, items):
        return A.Trigger("shown_in_prophecy", subject=A.Selector("self"), span=self._span(items))

    def act_summon(self, items):
        where = str(items[-1])
        params = ("free_cell", "closed") if "закрытом" in where else ("free_cell",)
        return A.Action("summon", items[1], params, span=self._span(items))

    def declare(self, items):
        return items[-1]

    def trig_incarnation(self, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger("incarnation", subject=subject, span=self._span(items))

    def trig_corpse_eating(self, items):
        return A.Trigger("corpse_eating", span=self._span(items))

    def trig_prophecy(self, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger("prophecy", subject=subject, span=self._span(items))

    def trig_miss(self, items):
        return A.Trigger("miss", span=self._span(items))

    def condition(self, items):
        cond = items[1]
        return A.Condition(cond[0], cond[1], span=self._span(items))

    def cond_unwounded(self, items):
        return ("unwounded", ())

    def cond_formation_with(self, items):
        return ("in_formation_with", (items[1],))

    def cond_defending(self, items):
        return ("defending", ())

    def cond_not_moved(self, items):
        return ("not_moved_this_turn", ())

    def cond_adjacent_count(self, items):
        count = items[1][1] if isinstance(items[1], tuple) else None
        return ("adjacent_count", (count[0] if count else None, items[-1]))

    def condition_paren(self, items):
        return next(i for i in items if isinstance(i, A.Condition))

    def duration(self, items):
        w = re.sub(r"\s+", " ", str(items[0]).strip("() "))
        if w.startswith("на x ходов"):
            return A.Duration("x_opponent_turns", span=self._span(items))
        if w.startswith("до тех пор"):
            return A.Duration("while_self_on_field", span=self._span(items))
        until = {"до конца вашего следующего хода": "end_of_your_next_turn",
                 "до конца следующего хода противника": "end_of_opponent_next_turn",
                 "до конца вашего хода": "end_of_your_turn",
                 "до конца хода противника": "end_of_opponent_turn",
                 "до конца хода": "end_of_turn",
                 "до конца боя": "end_of_fight"}[w]
        return A.Duration(until, span=self._span(items))

    def limit(self, items):
        body = re.sub(r"\s+", " ", str(items[0]))
        m = re.search(r"(\d+|один|одного) раза? за (ход|бой|игру)", body)
        times = int(m.group(1)) if m.group(1).isdigit() else 1
        per = {"ход": "turn", "бой": "fight", "игру": "game"}[m.group(2)]
        each = "creature" if "существа" in body else "row" if "ряда" in body else None
        return A.Limit(times, per, each, span=self._span(items))

    # ------------------------------------------------------------ selectors
    def selector(self, items):
        count = None
        qualifiers: list[str] = []
        side = None
        noun = None
        for item in items:
            if isinstance(item, tuple) and item and item[0] == "count":
                count = item[1]
            elif isinstance(item, Token) and item.type == "SEL_NOUN":
                noun = _noun(str(item))
            elif type(item) is str:
                if item == "side:own":
                    side = "own"
                elif item == "side:enemy":
                    side = "enemy"
                else:
                    qualifiers.append(item)
        if noun is None:
            noun = "creature"
        return A.Selector(noun, side, tuple(dict.fromkeys(qualifiers)), count,
                          span=self._span(items))

    def selector_posts(self, items):
        return self.selector(items)

    def sel_self(self, items):
        return A.Selector("self", span=self._span(items))

    def sel_attacked(self, items):
        return A.Selector("attacked", span=self._span(items))

    def sel_attacker(self, items):
        return A.Selector("attacker", span=self._span(items))

    def count_sel(self, items):
        n = number_word(str(items[0]))
        return ("count", (0, n) if len(items) > 1 else (n, n))

    def count_up_to(self, items):
        return ("count", (0, number_word(str(items[1]))))

    def count_all(self, items):
        return "all"

    def sel_pre(self, items):
        return _adjective(str(items[0]))

    def post_enemy(self, items):
        return "side:enemy"

    def post_own(self, items):
        return "side:own"

    def post_unwounded(self, items):
        return "unwounded"

    def post_poisoned(self, items):
        return "poisoned"

    def post_cost(self, items):
        op = "<=" if re.search(r"менее|меньше", str(items[2])) else ">="
        return f"cost{op}{int(items[1])}"

    def post_opposite(self, items):
        return "opposite"

    def post_adjacent(self, items):
        return "adjacent"

    def post_chosen_cell(self, items):
        return "on_chosen_cell"

    def post_in_formation_with_self(self, items):
        return "in_formation_with_self"

    def post_not_moved(self, items):
        return "not_moved_this_turn"

    def post_beside(self, items):
        return "left_and_right"

    def post_row(self, items):
        w = str(items[0])
        row = 1 if "перв" in w else 2 if "втор" in w else 3
        return f"row:{row}" + (":enemy" if "противника" in w else "")

    def post_having(self, items):
        kinds = [attack_kind(str(t)) for t in items[1:] if t.type != "LISTSEP"]
        return "with:" + "|".join(kinds)


def _bind_subject(effect, subject: A.Selector):
    """An effect whose implicit doer («получить 2 раны», «закрыться») is ``subject``."""
    if isinstance(effect, A.Wound) and effect.target.noun == "self":
        return A.Wound(subject, effect.amount, span=effect.span)
    if isinstance(effect, A.Action) and effect.target is None:
        return A.Action(effect.verb, subject, effect.params, span=effect.span)
    return effect


def _adjective(word: str) -> str:
    w = word
    if w.startswith("стоящ") and "напротив" in w:
        return "opposite"
    if w.startswith("стоящ") and "сзади" in w:
        return "behind"
    if w.startswith("любо"):
        return "any"
    if w.startswith("сво"):
        return "choosers_own"
    if w.startswith("ваш"):
        return "side:own"
    if w.startswith("нелетающ"):
        return "nonflying"
    for stem, q in (("друг", "other"), ("закрыт", "closed"), ("открыт", "open"),
                    ("летающ", "flying"), ("рядов", "ordinary"), ("элитн", "elite"),
                    ("отравленн", "poisoned"), ("выбранн", "chosen"), ("стоящ", "adjacent"),
                    ("соседн", "adjacent"), ("эт", "this"), ("разн", "different")):
        if w.startswith(stem):
            return q
    for stem, element in ELEMENTS:
        if w.startswith(stem):
            return "element:" + element
    raise ValueError(word)


def _noun(word: str) -> str:
    if word.startswith("существ"):
        return "creature"
    if word.startswith("карт"):
        return "card"
    if word.startswith("цел"):
        return "target"
    if word.startswith("защитник"):
        return "defender"
    if word.startswith("хозяин"):
        return "host"
    for stem, cls in (("йордлинг", "йордлинг"), ("демон", "демон"), ("нежит", "нежить"),
                      ("инквизитор", "инквизитор")):
        if word.startswith(stem):
            return "class:" + cls
    raise ValueError(word)


def _order(tok) -> str:
    return "second" if str(tok) == "{second}" else "first"


def _signed(tok, negate: bool = False) -> A.Damage:
    text = str(tok).replace(" ", "")
    sign = -1 if text[0] == "-" else 1
    if negate:
        sign = -sign
    body = text[1:]
    if body == "x":
        return A.Variable("X", 0)
    return A.Fixed(sign * int(body))


def _define(damage, where):
    """Apply «где X — …» / «(максимум N)» to the Variable inside ``damage``."""
    if not where or not isinstance(damage, A.Variable):
        return damage
    return A.Variable(damage.name, damage.offset, where.get("maximum") or damage.maximum,
                      where.get("definition") or damage.definition, span=damage.span)


def _split_limit(items):
    """Separate a Limit from the other items; a Limit nested in an effect tuple (an effect that
    carries «(не более 2 раз за ход)» mid-sentence) belongs to the whole ability too."""
    limit = next((i for i in items if isinstance(i, A.Limit)), None)
    rest = []
    for item in items:
        if isinstance(item, A.Limit) or item is None:
            continue
        if isinstance(item, tuple) and any(isinstance(x, A.Limit) for x in item):
            limit = limit or next(x for x in item if isinstance(x, A.Limit))
            item = tuple(x for x in item if not isinstance(x, A.Limit))
        rest.append(item)
    return rest, limit


def _with_limit(node, limit):
    if limit is None:
        return node
    if hasattr(node, "limit"):
        return type(node)(**{**_fields(node), "limit": limit})
    return node


def _fields(node) -> dict:
    from dataclasses import fields

    out = {f.name: getattr(node, f.name) for f in fields(node)}
    return out


def _flatten(items):
    for item in items:
        if isinstance(item, tuple):
            yield from item
        elif item is not None:
            yield item


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
