"""Abilities: the head of a unit (a cost, a label «Word[ N]:», an order icon, a trigger, a
condition, «когда …») and its body — a sequence of clauses read by ``body_effects`` (named-effect
heads with or without «» and dash, conditions inside the body and «иначе», a trigger inside a
body starting a second triggered ability, a gerund phrase as a condition, «или» between
clauses as a choice) — shaped into the project's ability nodes."""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as C
from berserk.vocab import KeywordName as KW
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import TriggerParam as TP
from berserk.vocab import TriggerTiming as TT
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import KEYWORD_NOUNS, Ctx, Reject, Tails, _is_pred, _span
from grammar.frames_clause import clause_effects
from grammar.frames_cond import cond_clause, condition
from grammar.frames_select import SELF, attack_ref, subject_of, take_np
from grammar.frames_tails import strip_tails
from grammar.frames_trigger import trigger_parts, when_trigger
from grammar.parts import NP, Clause, Clauses, P

# label words that are triggers («Найм:» — when the card enters play, «Гибель:» — its death)
_TRIGGER_LABELS = {"найм": TE.ENTERS, "гибель": TE.OWN_DEATH}
# a label word's lemma → the keyword it names
LABEL_KEYWORDS = {"incorporeal": KW.INCORPOREAL, "flying": KW.FLYING, **KEYWORD_NOUNS}
ABILITY_NODES = (A.Keyword, A.Protection, A.Bonus, A.Reduction, A.Attack, A.Vampirism, A.Named,
                 A.Finishing, A.Poison, A.StartsWithCounters, A.Restriction, A.Permission,
                 A.CounterLimit, A.Unknown)


def ability(node: P, ctx: Ctx) -> list:
    k = node.kind
    if k == "label":
        tok, inner = node.v
        lemma, _, num = tok.partition("#")
        inner_nodes = tuple(ability(inner, ctx)) if inner is not None else ()
        if not inner_nodes:
            raise Reject("label without an ability")
        if lemma == "formation" and not num:
            if len(inner_nodes) == 1 and isinstance(inner_nodes[0], A.Static) and inner_nodes[0].condition:
                # «Строй: Броня 2 (пока в строю с …)»
                st = inner_nodes[0]
                return [A.Formation(st.effects, st.condition, span=node.span)]
            return [A.Formation(inner_nodes, span=node.span)]
        if lemma == "valhalla" and not num:
            effects = []
            for n in inner_nodes:
                if isinstance(n, A.Static) and n.condition is None:
                    effects.extend(n.effects)
                elif isinstance(n, A.Gain) or not isinstance(n, (A.Triggered, A.Activated)):
                    effects.append(n)
                else:
                    raise Reject("valhalla body")
            return [A.Triggered(A.Trigger(TE.VALHALLA, span=node.span), tuple(effects), span=node.span)]
        word = re.match(r"[\wё-]+", node.text.lower().replace("ё", "е"))
        if word is None:
            raise Reject("label word")
        if word.group(0) in _TRIGGER_LABELS and not num:
            # «Найм: …», «Гибель: …» («Берсерк. Герои»): a trigger written as a label
            effects = []
            for n in inner_nodes:
                if isinstance(n, A.Static) and n.condition is None:
                    effects.extend(n.effects)
                elif isinstance(n, (A.Triggered, A.Activated, A.Label, A.Formation)):
                    raise Reject("a trigger label's body")
                else:
                    effects.append(n)
            trig = A.Trigger(_TRIGGER_LABELS[word.group(0)], span=A.Span(node.span.start, node.span.start + len(node.text)))
            return [A.Triggered(trig, tuple(effects), span=node.span)]
        return [A.Label(word.group(0), inner_nodes, int(num) if num.isdigit() else None,
                        LABEL_KEYWORDS.get(lemma), span=node.span)]
    if k == "when_order":
        order, inner = node.v
        return [A.WhenOrder(order, tuple(ability(inner, ctx)), span=node.span)]
    if k == "activated":
        cost_text, clauses = node.v
        effects, limit = body_effects(clauses, ctx)
        if not effects:
            raise Reject("cost without effects")
        return [A.Activated(cost(cost_text, node.span), tuple(effects), limit, span=node.span)]
    if k == "plain":
        return plain(node.v, ctx)
    raise Reject("ability kind " + k)


def cost(text: str, span) -> A.Cost:
    t = text.replace(" ", "").rstrip(":").replace(",", "")
    counters: int | str = 0
    coins: int | str = 0
    for n, code in re.findall(r"(x|\d+)?\{(counter|coin)\}", t):
        value = "X" if n == "x" else int(n) if n else 1
        if code == "counter":
            counters = value
        else:
            coins = value
    m = re.fullmatch(r"(x|\d+)монет\w*", t)
    if m:
        coins = "X" if m.group(1) == "x" else int(m.group(1))       # «2 монеты:»
    return A.Cost("{tap}" in t, counters, "{instant}" in t, coins, span=span)


def _clause_list(clauses: Clauses) -> list:
    """[(separator before, Clause)]."""
    out = []
    sep = None
    for it in clauses.items:
        if isinstance(it, P) and it.kind == "sep":
            sep = it.v if sep is None or sep == "CCOMMA" or it.v in ("INSTEAD", "ELSE") else sep
            continue
        out.append((sep, it))
        sep = None
    return out


def _rest_clauses(items: list, first_rest: list | None = None) -> Clauses:
    tail = ([Clause(first_rest, _span(first_rest))] if first_rest else []) + \
        [x for sep, cl in items for x in ((P("sep", sep) if sep else None), cl) if x is not None]
    while tail and isinstance(tail[0], P):
        tail = tail[1:]
    return Clauses(tail, _span(tail))


_TRIGGER_KINDS = ("pri", "after", "at_start", "at_end", "instead_of")


class _Body:
    """The state of reading a body: the effects so far, the ability's limit, the subject of the
    last clause («наносит … и закрывается»), a named-effect head waiting for its body."""

    def __init__(self):
        self.effects: list = []
        self.limit: A.Limit | None = None
        self.last_subject = None
        self.named = None
        self.named_limit = None
        self.named_prefix: list = []
        self.last_modal = None
        self.or_chain = False        # the last effect is a Choice made of «A, или B[, или C]»

    def take_limit(self, tails: Tails, got: list) -> None:
        if tails.limit is None:
            return
        if got and isinstance(got[-1], A.Named) and got[-1].limit is None:
            n = got[-1]
            got[-1] = A.Named(n.effect_kind, n.name, n.body, tails.limit, span=n.span)
        elif self.limit is None:
            self.limit = tails.limit
        else:
            raise Reject("two limits")


def _clause(parts: list, ctx: Ctx, hint, body: _Body) -> tuple[list, Tails]:
    tails = Tails()
    got = clause_effects(parts, ctx, tails, hint)
    return got, tails


def _split_trailing_if(items: list) -> list:
    """«X, если A — Y»: X is unconditional and «если A» leads Y — the trailing condition is cut
    into a clause of its own, so that it reads as a leading one."""
    out: list = []
    for n, (sep, cl) in enumerate(items):
        parts = list(cl.parts)
        nxt = items[n + 1] if n + 1 < len(items) else None
        if len(parts) > 1 and isinstance(parts[-1], P) and parts[-1].kind == "if" and nxt is not None \
                and nxt[0] == "DASH":
            out.append((sep, Clause(parts[:-1], _span(parts[:-1]))))
            out.append(("CCOMMA", Clause([parts[-1]], parts[-1].span)))
            continue
        out.append((sep, cl))
    return out


def body_effects(clauses: Clauses, ctx: Ctx, subject_hint=None) -> tuple[list, A.Limit | None]:
    """Effects of a sequence of clauses (after a cost, a trigger, a label …) and the limit."""
    b = _Body()
    items = _split_trailing_if(_clause_list(clauses))
    k = 0
    while k < len(items):
        sep, cl = items[k]
        parts = list(cl.parts)
        if parts and isinstance(parts[0], P) and parts[0].kind == "named" and b.named is None:
            t0 = Tails()
            rest0 = strip_tails(parts[1:], ctx, t0)
            b.named = parts[0]
            b.named_prefix, b.effects = b.effects, []
            if not rest0:
                # «Воздействие «x» (1 раз за бой) —»: the head alone, its body follows
                if t0.notes or t0.duration or t0.condition or t0.where is not None:
                    raise Reject("named head tails")
                b.named_limit = t0.limit
                k += 1
                continue
            # «Воздействие дар силы свести …» (no dash): the name heads every clause after it
            parts = parts[1:]
        if k + 1 < len(items) and items[k + 1][0] == "RCLOSE":
            # a clause ending in a relative clause, closed by a comma: the next one's subject
            merged = parts + list(items[k + 1][1].parts)
            items[k + 1] = (sep, Clause(merged, _span(merged)))
            k += 1
            continue
        if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "search" and not parts[0].adjs \
                and k + 1 < len(items) and items[k + 1][0] == "DASH":
            # «Поиск — существо стоимостью 2 или менее» («Берсерк. Герои»): search the deck for it
            what = list(items[k + 1][1].parts)
            t2 = Tails()
            what = strip_tails(what, ctx, t2)
            sel, j = take_np(what, 0)
            if j != len(what):
                raise Reject("search: tail")
            b.take_limit(t2, [])
            t2.check()
            b.effects.append(A.Action(V.SEARCH, sel, span=_span([parts, items[k + 1][1]])))
            k += 2
            continue
        if len(parts) == 1 and isinstance(parts[0], P) and parts[0].kind in ("if", "while") and k + 1 < len(items):
            k = _lead_condition(parts, items, k, ctx, subject_hint, b)
            continue
        if len(parts) == 1 and isinstance(parts[0], P) and parts[0].kind == "if" and k + 1 == len(items) \
                and parts[0].v.get("clause") is not None:
            # «…, если открыт может объявить …» (no dash after the condition): the longest
            # prefix that is a condition governs the rest
            b.effects.append(_cut_condition(list(parts[0].v["clause"].parts), ctx, subject_hint, b, parts[0].span))
            k += 1
            continue
        if parts and isinstance(parts[0], P) and parts[0].kind == "gerund" and k + 1 < len(items) \
                and items[k + 1][0] == "CCOMMA":
            cond = _gerund(parts)
            got, t2 = _clause(list(items[k + 1][1].parts), ctx, subject_hint, b)
            b.take_limit(t2, got)
            t2.check()
            b.effects.append(A.Conditional(cond, tuple(got), span=_span([parts, items[k + 1][1]])))
            k += 2
            continue
        if len(parts) == 1 and isinstance(parts[0], P) and parts[0].kind == "when" and k + 1 < len(items):
            trig = when_trigger(list(parts[0].v["clause"].parts), ctx)
            effs, lim = body_effects(_rest_clauses(items[k + 1:]), ctx)
            b.effects.append(A.Triggered(trig, tuple(effs), lim, span=_span([parts] + [c for _, c in items[k + 1:]])))
            break
        if parts and isinstance(parts[0], P) and parts[0].kind in _TRIGGER_KINDS:
            # «…, при магическом ударе — теряет все {counter}»: a trigger inside a body starts a
            # triggered ability made of this clause's rest and every clause after it
            trig, rest = trigger_parts(parts)
            effs, lim = body_effects(_rest_clauses(items[k + 1:], rest), ctx)
            if not effs:
                raise Reject("inner trigger without effects")
            b.effects.append(_triggered(trig, effs, lim, _span([parts] + [c for _, c in items[k + 1:]])))
            break
        hint = subject_hint
        if sep in ("AND_V", "OR_V") and b.last_subject is not None and not (parts and isinstance(parts[0], NP)):
            hint = b.last_subject
        if sep in ("AND_V", "OR_V") and b.last_modal is not None and parts and isinstance(parts[0], P) \
                and parts[0].kind == "verb" and parts[0].v["form"].startswith("inf") \
                and (sep == "AND_V" or b.last_modal.v["neg"]):
            # «не может иметь … и получать …», «не может нападать или выступать …»: the modal
            # governs both infinitives (a negated «или» is neither: two restrictions, no choice)
            parts = [b.last_modal] + parts
            sep = "AND_V"
        if len(parts) == 1 and isinstance(parts[0], P) and parts[0].kind == "verb" \
                and parts[0].v["form"] in ("inf", "imp") and k + 1 < len(items) and items[k + 1][0] in ("OR_V", "AND_V"):
            nxt = list(items[k + 1][1].parts)
            if len(nxt) > 1 and isinstance(nxt[0], P) and nxt[0].kind == "verb" and nxt[0].v["form"] == parts[0].v["form"] \
                    and isinstance(nxt[1], NP):
                parts = parts + nxt[1:]          # «вызвать или возродить X»: one object for both verbs
        shared_modal = sep == "AND_V" and b.last_modal is not None and bool(parts) and parts[0] is b.last_modal
        got, tails = _clause(parts, ctx, hint, b)
        if shared_modal and len(got) == 1 and isinstance(got[0], A.Restriction) and got[0].duration is not None \
                and b.effects and isinstance(b.effects[-1], A.Restriction) and b.effects[-1].duration is None:
            # «не может излечиваться и получать … в свой следующий ход»: one modal, one duration
            b.effects[-1] = replace(b.effects[-1], duration=got[0].duration)
        if shared_modal and tails.condition is not None and len(got) == 1 and isinstance(got[0], A.Restriction) \
                and b.effects and isinstance(b.effects[-1], A.Restriction) and b.effects[-1].condition is None:
            # «не может нападать или выступать защитником, пока …»: the condition of both
            b.effects[-1] = replace(b.effects[-1], condition=_own_pronoun(tails.condition, b.effects[-1]))
        preds = [i for i, q in enumerate(parts) if _is_pred(q)]
        b.last_modal = parts[preds[0]] if preds and parts[preds[0]].kind == "modal" else None
        if preds and preds[0] > 0 and isinstance(parts[0], NP):
            try:
                b.last_subject = subject_of(parts[:preds[0]])
            except Reject:
                b.last_subject = None
        elif hint is not None:
            b.last_subject = hint
        b.take_limit(tails, got)
        then = tails.take_note("then")
        if then is not None:
            t2 = Tails()
            then_eff = clause_effects(list(then), ctx, t2, b.last_subject)
            b.take_limit(t2, then_eff)
            t2.check()
            got = list(got) + [A.Conditional(tails.use("condition"), tuple(then_eff), span=_span(then))]
        elif tails.condition is not None:
            got = _conditioned(got, tails.use("condition"), parts)
        if tails.where is not None and ("where" not in tails._used or any(
                isinstance(n, A.Keyword) and n.value == "X" for g in got for n in A.walk(g))):
            # (a keyword's «X» has no Variable of its own: the definition stands beside it)
            # «(где X — стоимость показанной карты)» defines an X the clause's selectors use
            got = list(got) + [A.Define("X", tails.use("where"), span=_span(tails.span_parts))]
        chooser = tails.use("chooser") if sep == "OR_V" and tails.chooser is not None else None
        if tails.named is not None:
            kind, name = tails.named
            got = [A.Named("spell" if kind == "spell" else "effect", name, tuple(b.effects + got),
                           span=_span([b.effects, parts]))]
            b.effects = []
        tails.check()
        if sep in ("CCOMMA", "SEQ") and b.effects and isinstance(b.effects[-1], A.Attack) and len(got) == 1 \
                and isinstance(got[0], (A.Poison, A.Wound, A.Gain, A.Action, A.Lose, A.Heal)) \
                and (sep == "CCOMMA" or _on_attacked(got[0])):
            # «Выстрел на 2, атакованное существо получает отравление на 1» («…; при этом
            # атакованное …»): a rider of the attack
            a = b.effects[-1]
            b.effects[-1] = replace(a, riders=a.riders + (got[0],), span=_span([a, got[0]]))
            k += 1
            continue
        if sep == "THEN" and b.effects and _is_may(b.effects[-1]) and len(got) == 1 \
                and not (parts and isinstance(parts[0], (NP,))) and not any(isinstance(q, P) and q.kind == "modal"
                                                                           for q in parts):
            # «вы можете посмотреть X, затем положить их …»: the second step belongs to the option
            may = b.effects.pop()
            first = may.options[0]
            steps = (first.steps if isinstance(first, A.Sequence_) else (first,)) + tuple(got)
            seq = A.Sequence_(steps, span=_span(list(steps)))
            got = [A.Choice((seq,) + may.options[1:], may.chooser, span=_span([may, parts]))]
        chained = b.or_chain
        b.or_chain = sep == "OR_V" and bool(b.effects)
        if sep == "OR_V" and b.effects:
            prev = b.effects.pop()
            # «A, или B, или C»: one choice of three (not a choice inside a choice)
            opts = prev.options if chained and isinstance(prev, A.Choice) and prev.chooser == (chooser or "owner") \
                else (prev,)
            got = [A.Choice(opts + tuple(got), chooser or "owner", span=_span([prev, parts]))]
        elif chooser is not None:
            raise Reject("a chooser without a choice")
        elif sep == "ELSE" and b.effects and isinstance(b.effects[-1], A.Conditional) \
                and not b.effects[-1].otherwise:
            c = b.effects.pop()
            got = [A.Conditional(c.condition, c.effects, tuple(got), span=_span([c, parts]))]
        elif sep == "ELSE":
            raise Reject("«иначе» without a condition")
        b.effects.extend(got)
        k += 1
    if b.named is not None:
        kind, name = b.named.v
        whole = A.Named("spell" if kind == "spell" else "effect", name, tuple(b.effects),
                        b.named_limit or b.limit, span=_span([b.named] + [c for _, c in items]))
        b.effects = b.named_prefix + [whole]
        b.limit = None
    return b.effects, b.limit


def _conditioned(got: list, cond: A.Condition, parts) -> list:
    """«…, пока / если …» at the end of a clause: a restriction or permission carries it;
    anything else is a Conditional (a static ability with it becomes Static(…, condition))."""
    if len(got) == 1 and isinstance(got[0], (A.Restriction, A.Permission)) \
            and got[0].condition is None:
        return [replace(got[0], condition=_own_pronoun(cond, got[0]))]
    return [A.Conditional(cond, tuple(got), span=_span(parts))]


def _lead_condition(parts, items, k, ctx, subject_hint, b: _Body) -> int:
    """«если A — X [, иначе Y]» inside a body: the condition governs the next clause."""
    cond = condition(parts[0], ctx)
    nsep, ncl = items[k + 1]
    got, t2 = _clause(list(ncl.parts), ctx, subject_hint, b)
    b.take_limit(t2, got)
    t2.check()
    k += 2
    otherwise = ()
    if k < len(items) and items[k][0] == "ELSE":
        got3, t3 = _clause(list(items[k][1].parts), ctx, subject_hint, b)
        b.take_limit(t3, got3)
        t3.check()
        otherwise = tuple(got3)
        k += 1
    b.effects.append(A.Conditional(cond, tuple(got), otherwise, span=_span([parts, ncl] + [
        items[k - 1][1]] if otherwise else [parts, ncl])))
    return k


def _is_may(node) -> bool:
    """A «может X» choice: (X, nothing)."""
    return isinstance(node, A.Choice) and len(node.options) == 2 and isinstance(node.options[1], A.Action) \
        and node.options[1].verb == V.NOTHING


def _cut_condition(inner: list, ctx: Ctx, subject_hint, b: _Body, span) -> A.Conditional:
    """«если A B» with no separator: the shortest prefix A that is a whole condition and leaves
    a whole clause B («если открыт | может объявить …», not «если открыт может объявить |…»)."""
    for cut in range(1, len(inner)):
        try:
            cond = cond_clause(inner[:cut], ctx)
        except Reject:
            continue
        try:
            got, t2 = _clause(inner[cut:], ctx, subject_hint, b)
            b.take_limit(t2, got)
            t2.check()
        except Reject:
            continue
        return A.Conditional(cond, tuple(got), span=span)
    raise Reject("condition without its effect")


_GERUNDS = {"defending": C.DEFENDING}


def _gerund(parts: list) -> A.Condition:
    """«Выступая защитником, …» → the condition of the clause after it."""
    g = parts[0]
    if g.v == "fighting":
        return _fighting(parts)
    what = _GERUNDS.get(g.v)
    if what is None or len(parts) != 2 or not isinstance(parts[1], NP) or parts[1].noun != "defender":
        raise Reject("gerund phrase")
    return A.Condition(what, span=_span(parts))


def _fighting(parts: list) -> A.Condition:
    """«Сражаясь [{strike}] [с X], …» → while the card fights (with that attack, that card)."""
    kind = target = None
    j = 1
    if j < len(parts) and isinstance(parts[j], NP) and (parts[j].noun or "").startswith("atk:"):
        kinds, strengths = attack_ref(parts[j])
        if strengths or len(kinds) != 1:
            raise Reject("fighting with what")
        kind, j = kinds[0], j + 1
    if j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind == "prep" and parts[j].v == "s":
        target, j = take_np(parts, j + 1)
    if j != len(parts):
        raise Reject("fighting tail")
    trig = A.Trigger(TE.FIGHTS, kind, target=target, span=_span(parts))
    return A.Condition(C.EVENT, (trig,), span=_span(parts))


def _triggered(trig: A.Trigger, effects: list, limit, span):
    """A trigger's effects; «При X, если Y, — Z» puts the condition on the trigger; «После
    нападения не закрывается» is the keyword the judge knows."""
    if trig.event == TE.ATTACK and trig.timing == TT.AFTER and trig.params == (TP.IN_ASSAULT,) \
            and trig.attack is None and trig.subject is None and limit is None and len(effects) == 1 \
            and isinstance(effects[0], A.Restriction) and effects[0].what == V.CLOSE \
            and effects[0].subject is None and not effects[0].params and effects[0].duration is None:
        return A.Keyword(KW.NO_CLOSE_AFTER_ATTACK, span=span)
    cond = None
    if len(effects) == 1 and isinstance(effects[0], A.Conditional) and not effects[0].otherwise:
        cond, effects = effects[0].condition, list(effects[0].effects)
    return A.Triggered(trig, tuple(effects), limit, cond, span=span)


def plain(clauses: Clauses, ctx: Ctx) -> list:
    items = _clause_list(clauses)
    if not items:
        raise Reject("empty")
    parts = list(items[0][1].parts)
    p0 = parts[0]
    if isinstance(p0, P) and p0.kind in _TRIGGER_KINDS:
        trig, rest = trigger_parts(parts)
        effects, limit = body_effects(_rest_clauses(items[1:], rest), ctx)
        if not effects:
            raise Reject("trigger without effects")
        effects = _masculine_self(effects, trig, ctx)
        return [_triggered(trig, effects, limit, clauses.span)]
    if isinstance(p0, P) and p0.kind in ("when", "after_that") and len(parts) == 1 \
            and ("WHEN", "each") in p0.v["toks"]:
        # «Каждый раз, когда …»: every time, with no once-per-turn reading (heroes-15 113.5)
        plain_when = plain(Clauses([Clause([P(p0.kind, {**p0.v, "toks": [("WHEN", "when")]}, p0.span)],
                                           items[0][1].span)] + list(clauses.items[1:]), clauses.span), ctx)
        return [replace(n, trigger=replace(n.trigger, params=n.trigger.params + (TP.EACH,)))
                if isinstance(n, A.Triggered) else n for n in plain_when]
    if isinstance(p0, P) and p0.kind in ("when", "after_that") and len(parts) == 1:
        inner = list(p0.v["clause"].parts)
        if len(items) > 1:
            try:
                trig = when_trigger(inner, ctx)
            except Reject as e:
                if "without verb" not in str(e):
                    # berserk-nxt dropped the dash: the body starts inside the first clause
                    return [_split_when(inner, p0.kind, ctx, clauses.span, items[1:])]
                # «Когда X закрыт, …»: a state, not an event → a static with a condition
                cond = cond_clause(inner, ctx)
                effects, limit = body_effects(_rest_clauses(items[1:]), ctx)
                if limit is not None:
                    raise Reject("static with a limit")
                return [A.Static(tuple(effects), cond, span=clauses.span)]
            if p0.kind == "after_that":
                trig = A.Trigger(trig.event, trig.attack, trig.strength, trig.subject, trig.target,
                                 trig.origin, trig.destination, trig.cause, "after", trig.turn,
                                 trig.params, trig.also, span=trig.span)
            effects, limit = body_effects(_rest_clauses(items[1:]), ctx)
            return [_triggered(trig, effects, limit, clauses.span)]
        return [_split_when(inner, p0.kind, ctx, clauses.span)]
    if isinstance(p0, P) and p0.kind in ("while", "if") and len(parts) == 1:
        inner = list(p0.v["clause"].parts)
        if len(items) > 2 and items[1][0] in ("AND_V", "OR_V") and items[2][0] in ("DASH", "CCOMMA") \
                and isinstance(items[1][1].parts[0], P) and items[1][1].parts[0].kind in ("verb", "modal"):
            # «если X атакует и не наносит ран — …»: the second predicate is the condition's
            joiner = P("and" if items[1][0] == "AND_V" else "or", None)
            inner = inner + [joiner] + list(items[1][1].parts)
            items = [items[0]] + items[2:]
        if len(items) == 1:
            return [_split_cond(inner, ctx, clauses.span)]
        try:
            cond = cond_clause(inner, ctx)
        except Reject:
            return [_split_cond(inner, ctx, clauses.span, items[1:])]
        effects, limit = body_effects(_rest_clauses(items[1:]), ctx)
        reaction = _reaction(p0.kind, cond, items[1][0], effects, limit, clauses.span)
        if reaction is not None:
            return [reaction]
        if limit is not None:
            raise Reject("conditional with a limit")
        if p0.kind == "if" and any(not isinstance(e, (A.Gain, A.Bonus, A.Reduction, A.Keyword, A.Protection,
                                                      A.Restriction, A.Permission)) for e in effects):
            return [A.Static((A.Conditional(cond, tuple(effects), span=clauses.span),), span=clauses.span)]
        return [_static(effects, cond, clauses.span)]
    effects, limit = body_effects(clauses, ctx)
    if any(isinstance(e, A.Triggered) for e in effects):
        if limit is not None:
            raise Reject("limit beside an inner trigger")
        return [e if isinstance(e, A.Triggered) else _as_ability(e) for e in effects]
    if limit is not None:
        if len(effects) == 1 and isinstance(effects[0], (A.Named, A.Attack, A.Finishing)):
            e = effects[0]
            if isinstance(e, A.Named) and e.limit is None:
                return [A.Named(e.effect_kind, e.name, e.body, limit, span=e.span)]
        raise Reject("a limit on a static ability")
    if len(effects) == 1:
        return [_as_ability(effects[0])]
    if all(isinstance(e, (A.Keyword, A.Protection)) for e in effects):
        return list(effects)
    if len(effects) == 1 and isinstance(effects[0], A.Conditional):
        c = effects[0]
        return [_static(c.effects, c.condition, clauses.span)]
    return [A.Static(tuple(_unwrap_self_gain(effects)), span=clauses.span)]


_WOULD_EVENTS = {V.HEAL: TE.HEALED, V.DIE: TE.DEATH, V.GET_WOUNDS: TE.WOUNDED}


def _reaction(kind: str, cond: A.Condition, sep, effects: list, limit, span) -> A.Triggered | None:
    """«Если X атакован <attack> — …» is a reaction to the attack; «Если должен излечиться на
    X — вместо этого …» replaces the healing: both are triggered abilities, not statics."""
    if kind != "if":
        return None
    rolled, rest = _rolled(cond)
    if rolled is not None:
        # «Если [, сражаясь,] выбрасывает на кубике 6 — …»: a reaction to the roll
        trig = A.Trigger(TE.DIE_ROLL, subject=rolled.subject,
                         params=tuple(f"{TP.FACE}:{f}" for f in rolled.params), span=rolled.span)
        return A.Triggered(trig, tuple(effects), limit, rest, span=span)
    attacking, after = _attacking(cond)
    if attacking is not None:
        # «Если карта противника атакует [и не наносит ран] — …»: a reaction to its attack (the
        # rest of the condition is checked when the attack is over)
        trig = A.Trigger(TE.ATTACK, K.ANY, subject=attacking.subject,
                         timing=TT.AFTER if after is not None else None, span=attacking.span)
        return A.Triggered(trig, tuple(effects), limit, after, span=span)
    if cond.what == C.ATTACKED_BY and not cond.negated and cond.params:
        # «Если X атакован <attack> — …»: when the attack is declared (even if it misses), unlike
        # «при <attack> по X» (when it lands) — judge R10; the attacker is another card
        first, *more = cond.params
        target = cond.subject or SELF
        declared = (TP.DECLARED,)
        also = tuple(A.Trigger(TE.ATTACK, k, target=target, params=declared, span=cond.span) for k in more)
        trig = A.Trigger(TE.ATTACK, first, subject=A.Selector(N.CARD), target=target, params=declared,
                         also=also, span=cond.span)
        return A.Triggered(trig, tuple(effects), limit, span=span)
    if cond.what == C.WOULD and sep == "INSTEAD" and cond.params and cond.params[0] in _WOULD_EVENTS:
        event = _WOULD_EVENTS[cond.params[0]]
        if event == TE.DEATH and cond.subject is None:
            event = TE.OWN_DEATH
        because = None
        causes = [p[1] for p in cond.params[1:] if isinstance(p, tuple) and p[0] == "cause"]
        if causes:
            # «… в результате гибели хозяина вместо этого …»: only when it follows from that
            because = A.Condition(C.EVENT, (causes[0],), span=causes[0].span)
        trig = A.Trigger(event, subject=cond.subject, timing=TT.INSTEAD, span=cond.span)
        return A.Triggered(trig, tuple(effects), limit, because, span=span)
    return None


_MASCULINE_PRONOUNS = frozenset({"он"})   # (его, ему, ним are neuter too: «существо»)
# selector nouns of masculine gender in Russian (an «он» may point to them)
_MASCULINE_NOUNS = frozenset({N.HOST, N.PARASITE, N.SYMBIOTE, N.HERO, N.DEFENDER, N.OPPONENT,
                              N.ATTACKER, N.PLAYER, N.COMPANION, N.ARTIFACT, N.MARKER, N.TOKEN})


def _masculine_self(effects: list, trig: A.Trigger, ctx: Ctx) -> list:
    """«При атаке по существу рядом с Сайкороном — он может …»: «он» can only be the card when
    nothing masculine was named before it (существо, карта, клетка are not) — judge R10."""
    named = [n for n in A.walk(trig) if isinstance(n, A.Selector) and n.noun != N.SELF]
    if any(n.noun in _MASCULINE_NOUNS or n.noun == N.IT for n in named):
        return effects
    if not any(isinstance(n, A.Selector) and n.noun == N.SELF for n in A.walk(trig)) and not named:
        return effects                    # nothing at all named: «он» has no antecedent here

    def fix(node):
        if isinstance(node, A.Selector) and node.noun == N.IT and not node.qualifiers and not node.relations \
                and node.span != A.NOSPAN and ctx.orig(node.span).lower() in _MASCULINE_PRONOUNS:
            return A.Selector(N.SELF, span=node.span)
        if isinstance(node, A.Node):
            vals = {f: fix(getattr(node, f)) for f in node.__dataclass_fields__ if f != "span"}
            return type(node)(**vals, span=node.span)
        if isinstance(node, tuple):
            return tuple(fix(x) for x in node)
        return node
    return [fix(e) for e in effects]


def _attacking(cond: A.Condition):
    """(the attacking condition, a further condition on the attack's outcome or None)."""
    if cond.what == C.ATTACKING and not cond.negated and not cond.params and cond.subject is not None:
        return cond, None
    if cond.what == C.ALL and len(cond.params) == 2 and not cond.negated:
        a, b = cond.params
        if a.what == C.ATTACKING and not a.negated and not a.params and a.subject is not None \
                and b.what == C.DEALT_WOUNDS and b.subject == a.subject:
            return a, A.Condition(b.what, b.params, b.negated, None, span=b.span)
    return None, None


def _rolled(cond: A.Condition):
    """«Если, сражаясь, выбрасывает 6 —»: a die roll while fighting at the head of an ability is
    an event of its own: (the roll, the fight condition); (None, None) otherwise.  A bare «если
    выпало 6» stays a condition on the roll the text made before."""
    if cond.what == C.ALL and len(cond.params) == 2 and not cond.negated:
        a, b = cond.params
        if b.what == C.ROLLED and not b.negated and a.what == C.EVENT and a.params[0].event == TE.FIGHTS:
            return b, a
    return None, None


def _static(effects, cond: A.Condition | None, span):
    """A continuous ability with a condition; a single restriction or permission carries the
    condition itself (the judge evaluates it where the restriction applies)."""
    effects = _unwrap_self_gain(effects)
    if cond is not None and len(effects) == 1 and isinstance(effects[0], (A.Restriction, A.Permission)) \
            and effects[0].condition is None:
        node = effects[0]
        return replace(node, condition=_own_pronoun(cond, node), span=span)
    return A.Static(tuple(effects), cond, span=span)


def _own_pronoun(cond: A.Condition, node) -> A.Condition:
    """«…только по Сторожу, пока он стоит рядом …»: «он» is the card the ability names; «не
    может атаковать, пока у него …» (no other card named): it can only be the card itself."""
    if cond.subject is not None and cond.subject.noun == "it" and not cond.subject.qualifiers:
        sels = [n for n in A.walk(node) if isinstance(n, A.Selector)
                and not (isinstance(node, (A.Restriction, A.Permission)) and n is getattr(node.condition, "subject", None))]
        if any(n.noun == "self" for n in sels) or (isinstance(node, (A.Restriction, A.Permission))
                                                    and node.subject is None and not sels):
            return A.Condition(cond.what, cond.params, cond.negated, None, span=cond.span)
    return cond


def _unwrap_self_gain(effects) -> list:
    """A static «получает X» of the card itself is X."""
    out = []
    for e in effects:
        if isinstance(e, A.Gain) and e.target == SELF and e.duration is None:
            out.extend(e.what)
        else:
            out.append(e)
    return out


def _as_ability(e):
    if isinstance(e, A.Poison) and e.target is not None:
        return A.Static((e,), span=e.span)    # «отравить X на N»: not the strike's poison (R4)
    if isinstance(e, ABILITY_NODES):
        return e
    if isinstance(e, A.Gain) and e.target == SELF and e.duration is None:
        return e.what[0] if len(e.what) == 1 and isinstance(e.what[0], ABILITY_NODES) \
            else A.Static(e.what, span=e.span)
    if isinstance(e, A.Conditional) and not e.otherwise:
        return _static(e.effects, e.condition, e.span)
    return A.Static((e,), span=e.span)


def _split_when(inner: list, kind: str, ctx: Ctx, span, more: list = ()) -> A.Node:
    """«Когда X становится защитником излечить …» (berserk-nxt dropped the dash): the first
    cut after the verb where both the trigger and the body have a meaning."""
    preds = [i for i, q in enumerate(inner) if _is_pred(q)]
    if not preds:
        raise Reject("when without verb")
    last_err: Reject | None = None
    for k in range(preds[0] + 1, len(inner)):
        head, rest = inner[:k], inner[k:]
        try:
            trig = when_trigger(head, ctx)
            effects, limit = body_effects(_rest_clauses(list(more), rest), ctx)
        except Reject as e:
            last_err = e
            continue
        if kind == "after_that":
            trig = A.Trigger(trig.event, trig.attack, trig.strength, trig.subject, trig.target,
                             trig.origin, trig.destination, trig.cause, "after", trig.turn,
                             trig.params, trig.also, span=trig.span)
        return _triggered(trig, effects, limit, span)
    raise last_err or Reject("when split")


def _split_cond(inner: list, ctx: Ctx, span, more: list = ()) -> A.Node:
    """«Пока X стоит рядом получает +1 …», «Если X атакован {strike} может …» (no comma or
    dash): the first cut where both halves have a meaning."""
    for k in range(1, len(inner)):
        head, rest = inner[:k], inner[k:]
        try:
            cond = cond_clause(head, ctx)
            effects, limit = body_effects(_rest_clauses(list(more), rest), ctx)
        except Reject:
            continue
        if limit is not None:
            continue
        if any(not isinstance(e, (A.Gain, A.Bonus, A.Reduction, A.Keyword, A.Protection,
                                  A.Restriction, A.Permission)) for e in effects):
            return A.Static((A.Conditional(cond, tuple(effects), span=span),), span=span)
        return _static(effects, cond, span)
    raise Reject("condition split")


def head_only(text: str, toks: list, ctx: Ctx, tree=None):
    """The fallback of a unit the frames reject: its head typed (a cost, an order icon, Строй,
    Вальхалла, a trigger, a named-effect head), the rest one Opaque node — so an untyped body
    never costs the typed head.  None when the unit has no head the frames can type."""
    if len(toks) < 2:
        return None
    span = A.Span(0, len(text))

    def opaque(start: int) -> A.Opaque:
        while start < len(text) and text[start] in " —-,:":
            start += 1
        return A.Opaque(text[start:], span=A.Span(start, len(text)))

    head = toks[0]
    if head.type == "ORDER":
        return A.WhenOrder(head.value, (opaque(toks[1].start),), span=span)
    if head.type == "LABEL":
        lemma, _, num = head.value.partition("#")
        if lemma == "formation" and not num:
            return A.Formation((opaque(toks[1].start),), span=span)
        if lemma == "valhalla" and not num:
            return A.Triggered(A.Trigger(TE.VALHALLA, span=A.Span(head.start, head.end)),
                               (opaque(toks[1].start),), span=span)
        return None
    if head.type == "COST":
        body = _named_head(tree.v[1], text, opaque) if tree is not None and tree.kind == "activated" else None
        return A.Activated(cost(head.value, A.Span(head.start, head.end)),
                           (body or opaque(toks[1].start),), span=span)
    if tree is None or tree.kind != "plain" or not tree.v.items:
        return None
    first = tree.v.items[0]
    parts = list(first.parts) if isinstance(first, Clause) else []
    if not parts or not isinstance(parts[0], P) or parts[0].kind not in _TRIGGER_KINDS:
        return None
    try:
        trig, rest = trigger_parts(parts)
    except Reject:
        return None
    end = trig.span.end
    body = None
    if rest and isinstance(rest[0], P) and rest[0].kind == "named":
        body = _named_head(Clauses([Clause(rest, _span(rest))] + list(tree.v.items[1:]), tree.v.span),
                           text, opaque)
    return A.Triggered(trig, (body or opaque(end),), span=span)


def _named_head(clauses: Clauses, text: str, opaque):
    """«Воздействие «x» — <untyped body>» → Named(x, (Opaque,))."""
    items = [it for it in clauses.items if isinstance(it, Clause)]
    if not items or not items[0].parts:
        return None
    p0 = items[0].parts[0]
    if not isinstance(p0, P) or p0.kind != "named":
        return None
    kind, name = p0.v
    return A.Named("spell" if kind == "spell" else "effect", name, (opaque(p0.span.end),),
                   span=A.Span(p0.span.start, len(text)))


__all__ = ["ability", "body_effects", "cost", "head_only", "plain"]


def _on_attacked(node) -> bool:
    """Whether an effect acts on the attacked creature (so that «при этом» after an attack
    makes it a rider of the attack)."""
    t = getattr(node, "target", None)
    return isinstance(t, A.Selector) and t.noun in (N.ATTACKED, N.IT)
