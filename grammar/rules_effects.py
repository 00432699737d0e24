"""Transformer rules for effects: attacks, wounds, heals, gains, actions, named effects."""
from __future__ import annotations

from lark import Token, v_args

from berserk.vocab import AttackKind as K
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from grammar.nodeops import bind_subject, define_x, flatten
from grammar.ruleset import RuleSet, keyword_rule, tag_rule
from grammar.vocab import (
    STAT_ICONS,
    attack_kind,
    damage_from,
    number_word,
    signed,
    strength_of,
    with_span,
)


@v_args(meta=True)
class EffectRules(RuleSet):
    """Rules of effects (joined into the transformer ``grammar.transform.Builder``)."""

    # Rules whose node is fixed by the rule alone: a keyword, what is lost (``Lose.what``).
    gain_flying = keyword_rule(KW.FLYING)
    lose_abilities = tag_rule("abilities")
    lose_counters = tag_rule("counters")
    lose_flying = tag_rule("flying")

    def _action(self, meta, verb, items):
        target = next((i for i in items if isinstance(i, A.Selector)), None)
        return A.Action(verb, target, span=self._span(meta, items))

    def _attack(self, a: dict) -> A.Attack:
        kind = a["kind"]
        damage = a.get("damage")
        if damage is None:
            # Bare «Разряд» is strength 0 (seed rules); bare «Удар через ряд» deals 1.
            damage = A.Fixed(0) if kind == K.DISCHARGE else A.Fixed(1) if kind == K.UCHR else None
        if "where" in a:
            damage = define_x(damage, a["where"])
        span = A.Span(a["span"].start, max(a["span"].end, a.get("end", 0)))
        return A.Attack(kind, damage, a.get("range"), a.get("name"), a.get("count", (1, 1)),
                        a.get("target"), tuple(a.get("riders", ())), span=span)

    def a_damage(self, meta, items):
        return ("damage", items[-1])

    def a_ignores(self, meta, items):
        return ("rider", A.Keyword(KW.IGNORES_ABILITIES, span=self._span(meta, items)))

    def a_next(self, meta, items):
        return ("next", items[-1])

    def a_range(self, meta, items):
        return ("range", int(items[-1]))

    def a_rider(self, meta, items):
        return ("rider", next(i for i in items if isinstance(i, A.Node)))

    def a_target(self, meta, items):
        return ("target", next(i for i in items if isinstance(i, A.Selector)))

    def a_where(self, meta, items):
        return ("where", items[0])

    # «где X — …» and «(максимум N)»

    def act_block(self, meta, items):
        return A.Action("block", span=self._span(meta, items))

    def act_can_attack_flyers(self, meta, items):
        return A.Action("may_attack_flyers", A.Selector("self"), (K.STRIKE,), span=self._span(meta, items))

    def act_cannot_attack(self, meta, items):
        target = next((i for i in items if isinstance(i, A.Selector)), None)
        dur = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.Action("cannot_attack", target, (dur.until,) if dur else (), span=self._span(meta, items))

    def act_choose_row(self, meta, items):
        return A.Action("choose_row", params=("enemy",) if "противника" in str(items[0]) else (),
                        span=self._span(meta, items))

    def act_close(self, meta, items):
        return self._action(meta, "close", items)

    def act_destroy(self, meta, items):
        targets = [i for i in items if isinstance(i, A.Selector)]
        if len(targets) == 1:
            return self._action(meta, "destroy", items)
        return A.Sequence_(tuple(A.Action("destroy", t, span=t.span) for t in targets),
                           span=self._span(meta, items))

    def act_forced_strike(self, meta, items):
        sels = [i for i in items if isinstance(i, A.Selector)]
        return A.Action("forced_attack", sels[0], (attack_kind(str(items[-1])), sels[1]),
                        span=self._span(meta, items))

    def act_move(self, meta, items):
        return A.Action("teleport", A.Selector("self"), ("free_cell",), span=self._span(meta, items))

    def act_move_other(self, meta, items):
        w = str(items[-1])
        dest = "adjacent_cell" if "соседн" in w else "one_cell_along_strike" if "направлении" in w \
            else "free_cell"
        return A.Action("move", items[1], (dest,), span=self._span(meta, items))

    def act_no_open(self, meta, items):
        return self._action(meta, "no_open_next_turn", items)

    def act_open(self, meta, items):
        return self._action(meta, "open", items)

    def act_prophecy(self, meta, items):
        return A.Action("prophecy", params=(int(items[-1]),), span=self._span(meta, items))

    def act_redirect(self, meta, items):
        sels = [i for i in items if isinstance(i, A.Selector)]
        action = A.Action("redirect", sels[1], (attack_kind(str(items[1])), sels[0]), span=self._span(meta, items))
        limit = next((i for i in items if isinstance(i, A.Limit)), None)
        return (action, limit) if limit else action

    def act_redirect_own(self, meta, items):
        return A.Action("redirect", items[-1], (attack_kind(str(items[1])), A.Selector("self")),
                        span=self._span(meta, items))

    def act_put(self, meta, items):
        what_tok = items[1]
        if isinstance(what_tok, Token) and what_tok.type == "INC_TOKEN":
            what = ("incarnation_token",)
        elif isinstance(what_tok, Token) and what_tok.type == "TOP_CARD":
            what = ("top_card_of_deck",)
        else:
            what = what_tok                                # ("marker", name) from put_what
        where = next((i for i in items[2:] if isinstance(i, A.Selector)), None)
        place = next((str(t) for t in items[2:] if isinstance(t, Token)
                      and t.type in ("FREE_CELLS", "GRAVEYARD")), None)
        if where is None:
            where = A.Selector("cell", qualifiers=("free",)) if place and "клетк" in place \
                else A.Selector("graveyard", "own")
        keep = next((i for i in items if isinstance(i, A.Duration)), None)
        params = what + ((keep.until,) if keep else ())
        return A.Action("put", where, params, span=self._span(meta, items))

    def put_what(self, meta, items):
        """«маркер «костра»»: the marker and its name."""
        return ("marker", items[-1][1])

    def put_keep(self, meta, items):
        return A.Duration(D.END_OF_OPPONENT_TURN, span=self._span(meta, items))

    def in_own_turn(self, meta, items):
        cond = A.Condition("own_turn", span=self._span(meta, items[:1]))
        return A.Conditional(cond, (items[-1],), span=self._span(meta, items))

    def wound_by_self(self, meta, items):
        target = next(i for i in items if isinstance(i, A.Selector))
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        return A.Wound(target, amount, span=self._span(meta, items))

    def act_pinned(self, meta, items):
        until = ("while_self_stays",) if len(items) > 2 else ()
        return A.Action("cannot_leave_cell", items[0], until, span=self._span(meta, items))

    def act_roll_die(self, meta, items):
        return A.Action("roll_die", span=self._span(meta, items))

    def act_reduce_strike(self, meta, items):
        return A.Action("reduce_chosen_strike", None, (items[-1],), span=self._span(meta, items))

    def act_reduce_to(self, meta, items):
        kind = attack_kind(str(items[0]))
        value = items[-1]
        value = int(value) if value.type == "NUM" else strength_of(str(value))
        return A.Action("reduce_to", items[2], (kind, value), span=self._span(meta, items))

    def act_revive(self, meta, items):
        params = ("closed", "once_per_fight") if len(items) > 2 else ()
        return A.Action("revive", items[1], params, span=self._span(meta, items))

    def act_set_strength(self, meta, items):
        sel = next(i for i in items if isinstance(i, A.Selector))
        return A.Action("set_strength", sel, (attack_kind(str(items[1])), strength_of(str(items[-1]))),
                        span=self._span(meta, items))

    def act_starts_with(self, meta, items):
        return A.StartsWithCounters(1, span=self._span(meta, items))

    def act_summon(self, meta, items):
        where = str(items[-1])
        params = ("free_cell", "closed") if "закрытом" in where else ("free_cell",)
        return A.Action("summon", items[1], params, span=self._span(meta, items))

    def attack_head(self, meta, items):
        head = {"span": self._span(meta, items)}
        for item in items:
            if isinstance(item, Token) and item.type == "ATTACK_WORD":
                head["kind"] = attack_kind(str(item))
            elif isinstance(item, tuple) and item[0] == "count":
                head["count"] = item[1]
            elif isinstance(item, tuple) and item[0] == "name":
                head["name"] = item[1]
            elif isinstance(item, Token) and item.type == "BARE_NAME":
                head["name"] = self._orig(item).strip()
        return head

    def attack_list(self, meta, items):
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
        whole = self._span(meta)
        for a, nxt in zip(attacks, attacks[1:] + [None]):
            a["end"] = nxt["span"].start if nxt else whole.end
        built = [self._attack(a) for a in attacks]
        if len(built) == 1:
            return built[0]
        return A.Sequence_(tuple(built), span=self._span(meta, built))

    def attack_old_head(self, meta, items):
        return {"span": self._span(meta, items), "kind": attack_kind(str(items[0])), "damage": items[-1]}

    def choice(self, meta, items):
        return A.Choice(tuple(i for i in items if not isinstance(i, Token)), span=self._span(meta, items))

    def damage(self, meta, items):
        return with_span(damage_from(items[0]), self._span(meta, items))

    def damage_measure(self, meta, items):
        strengths = next((i for i in items if isinstance(i, tuple)), ())
        sel = next(i for i in items if isinstance(i, A.Selector))
        measure = A.Measure("strike_value", sel, strengths[0] if strengths else None, span=self._span(meta, items))
        return A.Variable("X", definition=measure, span=self._span(meta, items))

    def declare(self, meta, items):
        return items[-1]

    def delayed(self, meta, items):
        return A.Triggered(A.Trigger(TE.NEXT_TURN_START), items[-1], span=self._span(meta, items))

    def effect_list(self, meta, items):
        if items and isinstance(items[-1], A.Define):
            return self.effect_list(meta, items[:-1]) + (items[-1],)
        note = items[-1] if isinstance(items[-1], tuple) and items[-1][:1] == ("note",) else None
        effects = tuple(flatten(i for i in (items[:-1] if note else items)
                                 if not isinstance(i, Token)))
        if note:
            # «…, ранить … на 1 (воздействие «цепи»)»: the whole clause is that named effect.
            return (A.Named(note[1], note[2], effects, span=self._span(meta, items)),)
        return effects

    def finishing(self, meta, items):
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        where = next((i for i in items if isinstance(i, dict)), None)
        node = A.Finishing(define_x(amount, where), span=self._span(meta, items))
        limit = next((i for i in items if isinstance(i, A.Limit)), None)
        return (node, limit) if limit else node

    def gain_choice(self, meta, items):
        opts = tuple(i for i in items if not isinstance(i, Token))
        return ("gain", (A.Choice(opts, "owner", span=self._span(meta, opts)),))

    def gain_clause(self, meta, items):
        target = next((i for i in items if isinstance(i, A.Selector)), A.Selector("self"))
        what = next(i for i in items if isinstance(i, tuple) and i and i[0] == "gain")[1]
        duration = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.Gain(target, what, duration, span=self._span(meta, items))

    def gain_counter(self, meta, items):
        return A.Keyword(KW.COUNTER, 1, span=self._span(meta, items))

    def gain_group(self, meta, items):
        nodes = tuple(i for i in items if not isinstance(i, Token))
        return nodes[0] if len(nodes) == 1 else A.Sequence_(nodes, span=self._span(meta, items))

    def gain_items(self, meta, items):
        return ("gain", tuple(i for i in items if not isinstance(i, Token)))

    def gain_lives(self, meta, items):
        return A.Bonus(A.Fixed(int(items[0])), (KW.LIFE,), span=self._span(meta, items))

    def gain_marker(self, meta, items):
        return A.Action("marker", None, (items[-1][1],), span=self._span(meta, items))

    def gain_quoted(self, meta, items):
        """«получает «{tap}: {uchr} на 2»» — the quoted text is an ability of its own."""
        tok = items[0]
        s = self.offset + tok.start_pos + 1
        inner, _ok = self.driver.unit(s, self.offset + tok.end_pos - 1)
        return inner[0] if len(inner) == 1 else A.Sequence_(inner, span=self._span(meta, items))

    def gain_stat(self, meta, items):
        name = STAT_ICONS[str(items[0])]
        return A.Keyword(name, int(items[1]), span=self._span(meta, items))

    def gain_stat_bonus(self, meta, items):
        name = STAT_ICONS[str(items[1])]
        return A.Bonus(signed(items[0]), (name,), span=self._span(meta, items))

    def heal_all(self, meta, items):
        return A.Heal(items[1], None, span=self._span(meta, items))

    def heal_other(self, meta, items):
        return A.Heal(items[1], items[-1], span=self._span(meta, items))

    def heal_other_rev(self, meta, items):
        return A.Heal(items[-1], items[2], span=self._span(meta, items))

    def heal_self(self, meta, items):
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        where = next((i for i in items if isinstance(i, dict)), None)
        return A.Heal(A.Selector("self"), define_x(amount, where), span=self._span(meta, items))

    def lead_conditional(self, meta, items):
        instead = any(isinstance(t, Token) and t.type == "INSTEAD" for t in items)
        what = items[1][0] + ("_instead" if instead else "")
        cond = A.Condition(what, items[1][1], span=self._span(meta, items))
        return A.Conditional(cond, (items[-1],) if not isinstance(items[-1], tuple) else items[-1],
                             span=self._span(meta, items))

    def lose(self, meta, items):
        target = next((i for i in items if isinstance(i, A.Selector)), A.Selector("self"))
        duration = next((i for i in items if isinstance(i, A.Duration)), None)
        what = next(i for i in items if type(i) is str)
        count = next((number_word(str(t)) for t in items if isinstance(t, Token) and t.type == "NUMWORD"), None)
        return A.Lose(target, what, count, duration, span=self._span(meta, items))

    def may(self, meta, items):
        """«может X» — the owner chooses: X, or nothing."""
        inner = items[-1]
        if isinstance(inner, tuple):
            inner = A.Sequence_(inner, span=self._span(meta, inner)) if len(inner) > 1 else inner[0]
        return A.Choice((inner, A.Action("nothing")), "owner", span=self._span(meta, items))

    def may_opponent(self, meta, items):
        inner = items[-1]
        return A.Choice((inner, A.Action("nothing")), "opponent", span=self._span(meta, items))

    def must_choice(self, meta, items):
        """«это существо должно A либо B»: the options are done by the subject, not the card."""
        subject = items[0]
        effects = [bind_subject(i, subject) for i in items
                   if isinstance(i, A.Node) and not isinstance(i, A.Selector)]
        chooser_tok = next((t for t in items if isinstance(t, Token) and t.type == "CHOOSER"), None)
        chooser = None
        if chooser_tok is not None:
            w = str(chooser_tok)
            chooser = "attacked" if "атакован" in w else "opponent" if "противник" in w else "owner"
        return A.Choice(tuple(effects), chooser, span=self._span(meta, items))

    def named(self, meta, items):
        kind, name = items[0]
        body = items[-1] if len(items) > 1 and isinstance(items[-1], tuple) else ()
        return A.Named(kind, name, body, span=self._span(meta, items))

    def obliged(self, meta, items):
        return items[-1]

    def poison_eff(self, meta, items):
        target = next((i for i in items if isinstance(i, A.Selector)), None)
        return A.Poison(items[-1], target, span=self._span(meta, items))

    def redistribute(self, meta, items):
        sels = [i for i in items if isinstance(i, A.Selector)]
        n = int(next(t for t in items if isinstance(t, Token) and t.type == "NUM"))
        return A.Action("redistribute_wounds", sels[1], (n, sels[0]), span=self._span(meta, items))

    def redistribute_these(self, meta, items):
        return A.Action("redistribute_wounds", items[-1], ("these",), span=self._span(meta, items))

    def targets(self, meta, items):
        sels = tuple(i for i in items if isinstance(i, A.Selector))
        if len(sels) == 1:
            return sels[0]
        ors = any(isinstance(t, Token) and str(t) == "или" for t in items)
        quals = ("one_of",) if ors else ("each",)
        # several targets: a selector over their union, the members kept as qualifiers
        return A.Selector("any_of" if ors else "all_of", None,
                          tuple(f"{s.noun}:{','.join(s.qualifiers)}" for s in sels) + quals,
                          span=self._span(meta, items))

    def wound(self, meta, items):
        target = next((i for i in items if isinstance(i, A.Selector)), A.Selector("self"))
        amount = next(i for i in items if isinstance(i, (A.Fixed, A.Variable, A.ByStrength)))
        where = next((i for i in items if isinstance(i, dict)), None)
        amount = define_x(amount, where)
        if isinstance(items[0], Token) and str(items[0]) == "ранятся":
            target = A.Selector("card", qualifiers=("on_cell",))
        return A.Wound(target, amount, span=self._span(meta, items))

    def wound_self(self, meta, items):
        return A.Wound(A.Selector("self"), items[1], span=self._span(meta, items))

