"""Transformer rules for the parts of abilities: triggers, conditions, durations, limits, selectors."""
from __future__ import annotations

import re

from lark import Token

from grammar import ast as A
from grammar.nodeops import selector_rule, tag_rule
from grammar.vocab import (
    adjective_id,
    attack_kind,
    noun_id,
    number_word,
)


class PartRules:
    """Rule methods mixed into the transformer (``grammar.transform._Builder``)."""

    def cond_adjacent_count(self, items):
        count = items[1][1] if isinstance(items[1], tuple) else None
        return ("adjacent_count", (count[0] if count else None, items[-1]))

    def cond_both_cards(self, items):
        tok = items[-1]
        if tok.type == "UNKNOWN_ICON":
            code = str(tok)[1:-1]
            return ("both_shown_cards", (A.Unknown(code, span=self._span([tok])),))
        return ("both_shown_cards", (str(tok).strip("{}"),))

    def cond_cannot_move(self, items):
        return ("cannot_move", ())

    def cond_column(self, items):
        w = str(items[0])
        return ("column", ("center",) if "центральн" in w else ("edge",))

    def cond_counters(self, items):
        return ("counters_on_self", ("none",) if " нет " in f" {items[0]} " else ("some",))

    def cond_defending(self, items):
        return ("defending", ())

    def cond_distinct_classes(self, items):
        n = int(re.search(r"\d+", str(items[0])).group(0))
        return ("adjacent_distinct_classes", (n,))

    def cond_formation_with(self, items):
        return ("in_formation_with", (items[1],))

    def cond_moved_cells(self, items):
        w = str(items[0])
        n = int(re.search(r"\d+", w).group(0))
        return ("moved_cells", (n, "same_direction" if "одном" in w else "different_directions"))

    def cond_no_enemy_in_first_row(self, items):
        return ("no_enemy_cards_in_row", (1,))

    def cond_not_moved(self, items):
        return ("not_moved_this_turn", ())

    def cond_shown_card(self, items):
        return ("shown_card", (str(items[-1]).strip("{}"),))

    def cond_unwounded(self, items):
        return ("unwounded", ())

    def cond_would_heal(self, items):
        return ("would_heal", ("X",))

    def cond_wounded_by_two(self, items):
        return ("wounded_by_other_ranged_this_turn", (2,))

    def condition(self, items):
        cond = items[1]
        return A.Condition(cond[0], cond[1], span=self._span(items))

    def condition_paren(self, items):
        return next(i for i in items if isinstance(i, A.Condition))

    def conditional_effect(self, items):
        return A.Conditional(items[-1], (items[0],) if not isinstance(items[0], tuple) else items[0],
                             span=self._span(items))

    def count_prefix(self, items):
        n = number_word(str(items[0]))
        return ("count", (1, n) if len(items) > 1 else (n, n))

    def count_sel(self, items):
        n = number_word(str(items[0]))
        return ("count", (0, n) if len(items) > 1 else (n, n))

    def count_up_to(self, items):
        return ("count", (0, number_word(str(items[1]))))

    def define_note(self, items):
        return A.Define("X", A.Measure("shown_card_cost", span=self._span(items)), span=self._span(items))

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

    def m_cards_shown(self, items):
        return A.Measure("cards_shown", span=self._span(items))

    def m_cells_moved(self, items):
        return A.Measure("cells_moved", A.Selector("self"), span=self._span(items))

    def m_count(self, items):
        return A.Measure("count", items[-1], span=self._span(items))

    def m_counters(self, items):
        return A.Measure("counters", A.Selector("self"), span=self._span(items))

    def m_strike_value(self, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        sel = next(i for i in items if isinstance(i, A.Selector))
        what = "sum_strike_value" if str(items[0]).startswith("сумм") else "strike_value"
        return A.Measure(what, sel, strengths[0] if strengths else None, span=self._span(items))

    def m_wounds(self, items):
        return A.Measure("wounds", A.Selector("self"), span=self._span(items))

    def m_wounds_dealt(self, items):
        return A.Measure("wounds_dealt", A.Selector("self"), span=self._span(items))

    def maximum(self, items):
        return int(re.search(r"\d+", str(items[0])).group(0))

    def named_head(self, items):
        kind = "spell" if str(items[0]).startswith("заклинан") else "effect"
        name = items[1][1] if len(items) > 1 else None
        return (kind, name)

    def named_note(self, items):
        tok = items[0]
        kind = "spell" if "заклинание" in str(tok) else "effect"
        # «(воздействие «взрыв»)»; berserk-nxt drops the quotes: «(воздействие взрыв )»
        text = self._orig(tok)
        m = re.search(r"«([^»)]*)", text) or re.search(r"(?:воздействие|заклинание)\s+([^()]+?)\s*\)",
                                                        text, re.I)
        return ("note", kind, m.group(1).strip() or None if m else None)

    def post_cost(self, items):
        op = "<=" if re.search(r"менее|меньше", str(items[2])) else ">="
        return f"cost{op}{int(items[1])}"

    def post_having(self, items):
        kinds = [attack_kind(str(t)) for t in items[1:] if t.type != "LISTSEP"]
        return "with:" + "|".join(kinds)

    def post_row(self, items):
        w = str(items[0])
        row = 1 if "перв" in w else 2 if "втор" in w else 3
        return f"row:{row}" + (":enemy" if "противника" in w else "")

    def quoted(self, items):
        return ("name", self._orig(items[0])[1:-1].strip())

    def sel_pre(self, items):
        return adjective_id(str(items[0]))

    def sel_self_qualified(self, items):
        quals = tuple(i for i in items if type(i) is str)
        return A.Selector("self", qualifiers=quals, span=self._span(items))

    def selector(self, items):
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
                          span=self._span(items))

    def selector_posts(self, items):
        return self.selector(items)

    def trig_attack(self, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        kind_tok = [i for i in items[1:] if isinstance(i, Token)]
        kind = attack_kind(str(kind_tok[0]))
        subject = next((i for i in items if isinstance(i, A.Selector)), None)
        event = "strong_attack" if strengths == ("strong",) else "attack"
        strength = strengths[0] if len(strengths) == 1 else None
        return A.Trigger(event, kind, strength, subject, span=self._span(items))

    def trig_corpse_eating(self, items):
        return A.Trigger("corpse_eating", span=self._span(items))

    def trig_death(self, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger("death" if subject else "own_death", subject=subject, span=self._span(items))

    def trig_defender(self, items):
        return A.Trigger("becomes_defender", subject=items[1], span=self._span(items))

    def trig_end(self, items):
        event = "opponent_turn_end" if "противника" in str(items[0]) else "turn_end"
        return A.Trigger(event, span=self._span(items))

    def trig_incarnates_open(self, items):
        return A.Trigger("incarnation", subject=A.Selector("self", qualifiers=("open",)),
                         span=self._span(items))

    def trig_incarnation(self, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger("incarnation", subject=subject, span=self._span(items))

    def trig_miss(self, items):
        return A.Trigger("miss", span=self._span(items))

    def trig_move(self, items):
        return A.Trigger("move_adjacent" if len(items) > 1 else "move", span=self._span(items))

    def trig_move_near(self, items):
        return A.Trigger("move_next_to", subject=items[-1], span=self._span(items))

    def trig_nth_counter(self, items):
        return A.Trigger("third_counter", span=self._span(items))

    def trig_poison_wounds(self, items):
        return A.Trigger("wounded_by_poison", subject=items[1], span=self._span(items))

    def trig_crossed_half(self, items):
        # «с вашей половины … на половину противника» or the reverse
        to_enemy = re.search(r"с\s+вашей", str(items[0])) is not None
        return A.Trigger("crossed_to_enemy_half" if to_enemy else "crossed_to_own_half",
                         span=self._span(items))

    def cond_refuses_move(self, items):
        return ("attacked_cannot_or_will_not_move", ())

    def trig_die_roll(self, items):
        return A.Trigger("die_roll_" + re.search(r"\d", str(items[0])).group(0), span=self._span(items))

    def trig_to_graveyard(self, items):
        return A.Trigger("to_graveyard", span=self._span(items))

    def trig_attack_or_miss(self, items):
        return A.Trigger("attack_or_miss", attack_kind(str(items[1])), span=self._span(items))

    def cond_attacked_by(self, items):
        return ("self_attacked_by", (attack_kind(str(items[-1])),))

    def cond_shown_odd(self, items):
        return ("shown_card_cost_odd", ())

    def cond_rolled(self, items):
        return ("rolled", tuple(int(d) for d in re.findall(r"\d", str(items[0]))))

    def trig_prophecy(self, items):
        subject = items[1] if len(items) > 1 else None
        return A.Trigger("prophecy", subject=subject, span=self._span(items))

    def trig_shown(self, items):
        return A.Trigger("shown_in_prophecy", subject=A.Selector("self"), span=self._span(items))

    def trig_start(self, items):
        w = str(items[0])
        event = ("opponent_turn_start" if "противника" in w else "fight_start" if "боя" in w
                 else "before_turn" if w.startswith("до") else "turn_start")
        return A.Trigger(event, span=self._span(items))

    def trig_strong(self, items):
        return A.Trigger("strong_attack", span=self._span(items))

    def trig_wounded_by(self, items):
        return A.Trigger("wounded_by", attack_kind(str(items[-1])), subject=items[1], span=self._span(items))

    def when_attacking(self, items):
        return items[-1]

    def where(self, items):
        measure = next((i for i in items if isinstance(i, A.Measure)), None)
        maximum = next((i for i in items if isinstance(i, int) and not isinstance(i, bool)), None)
        return {"definition": measure, "maximum": maximum}


# Selectors with no qualifiers: rules whose node is fixed by the rule alone.
PLAIN_SELECTORS = {
    "sel_attacked": "attacked",
    "sel_attacker": "attacker",
    "sel_it": "it",
    "sel_self": "self",
}
for _rule, _value in PLAIN_SELECTORS.items():
    setattr(PartRules, _rule, selector_rule(_value))


# Qualifier tags: rules whose node is fixed by the rule alone.
TAGS = {
    "count_all": "all",
    "post_adjacent": "adjacent",
    "post_back_rows": "rows:2-3:own",
    "post_beside": "left_and_right",
    "post_chosen_cell": "on_chosen_cell",
    "post_cost_x": "cost=X",
    "post_defended_by_self": "defended_by_self",
    "post_enemy": "side:enemy",
    "post_in_formation_with_self": "in_formation_with_self",
    "post_in_graveyard": "in_graveyard",
    "post_isolated": "no_allies_left_and_right",
    "post_not_moved": "not_moved_this_turn",
    "post_not_wounded_this_turn": "not_wounded_this_turn",
    "post_on_this_cell": "on_that_cell",
    "post_opposite": "opposite",
    "post_own": "side:own",
    "post_poisoned": "poisoned",
    "post_same_column": "same_column_as_self",
    "post_unwounded": "unwounded",
}
for _rule, _value in TAGS.items():
    setattr(PartRules, _rule, tag_rule(_value))
