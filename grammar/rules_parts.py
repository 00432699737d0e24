"""Transformer rules for the parts of abilities: triggers, conditions, durations, limits, selectors."""
from __future__ import annotations

import re

from lark import Token, v_args

from berserk.vocab import Strength
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar.ruleset import RuleSet, selector_rule, tag_rule
from grammar.vocab import (
    adjective_id,
    duration_of,
    attack_kind,
    noun_id,
    number_word,
)


@v_args(meta=True)
class PartRules(RuleSet):
    """Rules of the parts of abilities: triggers, conditions, durations, limits, selectors
    (joined into the transformer ``grammar.transform.Builder``)."""

    # Selectors with no qualifiers: the node is fixed by the rule alone.
    sel_attacked = selector_rule("attacked")
    sel_attacker = selector_rule("attacker")
    sel_it = selector_rule("it")
    sel_self = selector_rule("self")

    # Qualifier tags.
    count_all = tag_rule("all")
    post_adjacent = tag_rule("adjacent")
    post_back_rows = tag_rule("rows:2-3:own")
    post_beside = tag_rule("left_and_right")
    post_chosen_cell = tag_rule("on_chosen_cell")
    post_cost_x = tag_rule("cost=X")
    post_defended_by_self = tag_rule("defended_by_self")
    post_enemy = tag_rule("side:enemy")
    post_in_formation_with_self = tag_rule("in_formation_with_self")
    post_in_graveyard = tag_rule("in_graveyard")
    post_isolated = tag_rule("no_allies_left_and_right")
    post_not_moved = tag_rule("not_moved_this_turn")
    post_not_wounded_this_turn = tag_rule("not_wounded_this_turn")
    post_on_this_cell = tag_rule("on_that_cell")
    post_opposite = tag_rule("opposite")
    post_own = tag_rule("side:own")
    post_poisoned = tag_rule("poisoned")
    post_same_column = tag_rule("same_column_as_self")
    post_unwounded = tag_rule("unwounded")

    def cond_adjacent_count(self, meta, items):
        count = items[1][1] if isinstance(items[1], tuple) else None
        return ("adjacent_count", (count[0] if count else None, items[-1]))

    def cond_both_cards(self, meta, items):
        tok = items[-1]
        if tok.type == "UNKNOWN_ICON":
            code = str(tok)[1:-1]
            return ("both_shown_cards", (A.Unknown(code, span=self._span(meta, [tok])),))
        return ("both_shown_cards", (str(tok).strip("{}"),))

    def cond_cannot_move(self, meta, items):
        return ("cannot_move", ())

    def cond_column(self, meta, items):
        w = str(items[0])
        return ("column", ("center",) if "центральн" in w else ("edge",))

    def cond_counters(self, meta, items):
        return ("counters_on_self", ("none",) if " нет " in f" {items[0]} " else ("some",))

    def cond_defending(self, meta, items):
        return ("defending", ())

    def cond_distinct_classes(self, meta, items):
        n = int(re.search(r"\d+", str(items[0])).group(0))
        return ("adjacent_distinct_classes", (n,))

    def cond_formation_with(self, meta, items):
        return ("in_formation_with", (items[1],))

    def cond_moved_cells(self, meta, items):
        w = str(items[0])
        n = int(re.search(r"\d+", w).group(0))
        return ("moved_cells", (n, "same_direction" if "одном" in w else "different_directions"))

    def cond_no_enemy_in_first_row(self, meta, items):
        return ("no_enemy_cards_in_row", (1,))

    def cond_not_moved(self, meta, items):
        return ("not_moved_this_turn", ())

    def cond_shown_card(self, meta, items):
        return ("shown_card", (str(items[-1]).strip("{}"),))

    def cond_unwounded(self, meta, items):
        return ("unwounded", ())

    def cond_would_heal(self, meta, items):
        return ("would_heal", ("X",))

    def cond_wounded_by_two(self, meta, items):
        return ("wounded_by_other_ranged_this_turn", (2,))

    def condition(self, meta, items):
        cond = items[1]
        return A.Condition(cond[0], cond[1], span=self._span(meta, items))

    def condition_paren(self, meta, items):
        return next(i for i in items if isinstance(i, A.Condition))

    def conditional_effect(self, meta, items):
        return A.Conditional(items[-1], (items[0],) if not isinstance(items[0], tuple) else items[0],
                             span=self._span(meta, items))

    def count_prefix(self, meta, items):
        n = number_word(str(items[0]))
        return ("count", (1, n) if len(items) > 1 else (n, n))

    def count_sel(self, meta, items):
        n = number_word(str(items[0]))
        return ("count", (0, n) if len(items) > 1 else (n, n))

    def count_up_to(self, meta, items):
        return ("count", (0, number_word(str(items[1]))))

    def define_note(self, meta, items):
        return A.Define("X", A.Measure("shown_card_cost", span=self._span(meta, items)), span=self._span(meta, items))

    def duration(self, meta, items):
        return A.Duration(duration_of(str(items[0])), span=self._span(meta, items))

    def limit(self, meta, items):
        body = re.sub(r"\s+", " ", str(items[0]))
        m = re.search(r"(\d+|один|одного) раза? за (ход|бой|игру)", body)
        times = int(m.group(1)) if m.group(1).isdigit() else 1
        per = {"ход": "turn", "бой": "fight", "игру": "game"}[m.group(2)]
        each = "creature" if "существа" in body else "row" if "ряда" in body else None
        return A.Limit(times, per, each, span=self._span(meta, items))

    def m_cards_shown(self, meta, items):
        return A.Measure("cards_shown", span=self._span(meta, items))

    def m_cells_moved(self, meta, items):
        return A.Measure("cells_moved", A.Selector("self"), span=self._span(meta, items))

    def m_count(self, meta, items):
        return A.Measure("count", items[-1], span=self._span(meta, items))

    def m_counters(self, meta, items):
        return A.Measure("counters", A.Selector("self"), span=self._span(meta, items))

    def m_strike_value(self, meta, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        sel = next(i for i in items if isinstance(i, A.Selector))
        what = "sum_strike_value" if str(items[0]).startswith("сумм") else "strike_value"
        return A.Measure(what, sel, strengths[0] if strengths else None, span=self._span(meta, items))

    def m_wounds(self, meta, items):
        return A.Measure("wounds", A.Selector("self"), span=self._span(meta, items))

    def m_wounds_dealt(self, meta, items):
        return A.Measure("wounds_dealt", A.Selector("self"), span=self._span(meta, items))

    def maximum(self, meta, items):
        return int(re.search(r"\d+", str(items[0])).group(0))

    def named_head(self, meta, items):
        kind = "spell" if str(items[0]).startswith("заклинан") else "effect"
        name = items[1][1] if len(items) > 1 else None
        return (kind, name)

    def named_note(self, meta, items):
        tok = items[0]
        kind = "spell" if "заклинание" in str(tok) else "effect"
        # «(воздействие «взрыв»)»; berserk-nxt drops the quotes: «(воздействие взрыв )»
        text = self._orig(tok)
        m = re.search(r"«([^»)]*)", text) or re.search(r"(?:воздействие|заклинание)\s+([^()]+?)\s*\)",
                                                        text, re.I)
        return ("note", kind, m.group(1).strip() or None if m else None)

    def post_cost(self, meta, items):
        op = "<=" if re.search(r"менее|меньше", str(items[2])) else ">="
        return f"cost{op}{int(items[1])}"

    def post_having(self, meta, items):
        kinds = [attack_kind(str(t)) for t in items[1:] if t.type != "LISTSEP"]
        return "with:" + "|".join(kinds)

    def post_row(self, meta, items):
        w = str(items[0])
        row = 1 if "перв" in w else 2 if "втор" in w else 3
        return f"row:{row}" + (":enemy" if "противника" in w else "")

    def quoted(self, meta, items):
        return ("name", self._orig(items[0])[1:-1].strip())

    def sel_pre(self, meta, items):
        return adjective_id(str(items[0]))

    def sel_self_qualified(self, meta, items):
        quals = tuple(i for i in items if type(i) is str)
        return A.Selector("self", qualifiers=quals, span=self._span(meta, items))

    def selector(self, meta, items):
        count = None
        qualifiers: list[str] = []
        side = None
        noun = None
        for item in items:
            if isinstance(item, tuple) and item and item[0] == "count":
                count = item[1]
            elif isinstance(item, Token) and item.type == "SEL_NOUN":
                noun = noun_id(str(item))
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
                          span=self._span(meta, items))

    def selector_posts(self, meta, items):
        return self.selector(meta, items)

    def trig_attack(self, meta, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        kind_tok = [i for i in items[1:] if isinstance(i, Token)]
        kind = attack_kind(str(kind_tok[0]))
        subject = next((i for i in items if isinstance(i, A.Selector)), None)
        event = TE.STRONG_ATTACK if strengths == (Strength.STRONG,) else TE.ATTACK
        strength = strengths[0] if len(strengths) == 1 else None
        return A.Trigger(event, kind, strength, subject, span=self._span(meta, items))

    def trig_corpse_eating(self, meta, items):
        return A.Trigger(TE.CORPSE_EATING, span=self._span(meta, items))

    def trig_death(self, meta, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger(TE.DEATH if subject else TE.OWN_DEATH, subject=subject, span=self._span(meta, items))

    def trig_defender(self, meta, items):
        return A.Trigger(TE.BECOMES_DEFENDER, subject=items[1], span=self._span(meta, items))

    def trig_end(self, meta, items):
        event = TE.OPPONENT_TURN_END if "противника" in str(items[0]) else TE.TURN_END
        return A.Trigger(event, span=self._span(meta, items))

    def trig_incarnates_open(self, meta, items):
        return A.Trigger(TE.INCARNATION, subject=A.Selector("self", qualifiers=("open",)),
                         span=self._span(meta, items))

    def trig_incarnation(self, meta, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger(TE.INCARNATION, subject=subject, span=self._span(meta, items))

    def trig_miss(self, meta, items):
        return A.Trigger(TE.MISS, span=self._span(meta, items))

    def trig_move(self, meta, items):
        return A.Trigger(TE.MOVE_ADJACENT if len(items) > 1 else TE.MOVE, span=self._span(meta, items))

    def trig_move_near(self, meta, items):
        return A.Trigger(TE.MOVE_NEXT_TO, subject=items[-1], span=self._span(meta, items))

    def trig_nth_counter(self, meta, items):
        return A.Trigger(TE.THIRD_COUNTER, span=self._span(meta, items))

    def trig_poison_wounds(self, meta, items):
        return A.Trigger(TE.WOUNDED_BY_POISON, subject=items[1], span=self._span(meta, items))

    def trig_crossed_half(self, meta, items):
        # «с вашей половины … на половину противника» or the reverse
        to_enemy = re.search(r"с\s+вашей", str(items[0])) is not None
        return A.Trigger(TE.CROSSED_TO_ENEMY_HALF if to_enemy else TE.CROSSED_TO_OWN_HALF,
                         span=self._span(meta, items))

    def cond_refuses_move(self, meta, items):
        return ("attacked_cannot_or_will_not_move", ())

    def trig_die_roll(self, meta, items):
        # any digit the lexer admits; TriggerEvent.die_roll names the six faces
        return A.Trigger("die_roll_" + re.search(r"\d", str(items[0])).group(0), span=self._span(meta, items))

    def trig_to_graveyard(self, meta, items):
        return A.Trigger(TE.TO_GRAVEYARD, span=self._span(meta, items))

    def trig_attack_or_miss(self, meta, items):
        return A.Trigger(TE.ATTACK_OR_MISS, attack_kind(str(items[1])), span=self._span(meta, items))

    def cond_attacked_by(self, meta, items):
        return ("self_attacked_by", (attack_kind(str(items[-1])),))

    def cond_shown_odd(self, meta, items):
        return ("shown_card_cost_odd", ())

    def cond_rolled(self, meta, items):
        return ("rolled", tuple(int(d) for d in re.findall(r"\d", str(items[0]))))

    def trig_prophecy(self, meta, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger(TE.PROPHECY, subject=subject, span=self._span(meta, items))

    def trig_shown(self, meta, items):
        return A.Trigger(TE.SHOWN_IN_PROPHECY, subject=A.Selector("self"), span=self._span(meta, items))

    def trig_start(self, meta, items):
        w = str(items[0])
        event = (TE.OPPONENT_TURN_START if "противника" in w else TE.FIGHT_START if "боя" in w
                 else TE.BEFORE_TURN if w.startswith("до") else TE.TURN_START)
        return A.Trigger(event, span=self._span(meta, items))

    def trig_strong(self, meta, items):
        return A.Trigger(TE.STRONG_ATTACK, span=self._span(meta, items))

    def trig_wounded_by(self, meta, items):
        return A.Trigger(TE.WOUNDED_BY, attack_kind(str(items[-1])), subject=items[1], span=self._span(meta, items))

    def when_attacking(self, meta, items):
        return items[-1]

    def where(self, meta, items):
        measure = next((i for i in items if isinstance(i, A.Measure)), None)
        maximum = next((i for i in items if isinstance(i, int) and not isinstance(i, bool)), None)
        return {"definition": measure, "maximum": maximum}

