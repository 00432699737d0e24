"""Abilities: the head of a unit (a cost, a label «Word[ N]:», an order icon, a trigger, a
condition, «когда …») and its body (read by ``frames_body.body_effects``) shaped into the
project's ability nodes; ``head_only`` keeps a typed head when the body is rejected."""
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
from grammar.frames_base import KEYWORD_NOUNS, Ctx, Reject, Tails, _is_pred, _span, rewrite, nodes_in
from grammar.frames_body import TRIGGER_KINDS, body_effects, clause_list, jump_now, own_pronoun, rest_clauses, triggered
from grammar.frames_clause import being_at, clause_effects
from grammar.frames_cond import cond_clause, relational_complement
from grammar.frames_modal import duty_if_able
from grammar import frames_relative  # noqa: F401  (registers the relative-clause reader)
from grammar.frames_select import SELF, STOOD_IS_LAST
from grammar.frames_trigger import _THIS_ONLY, _this_card, trigger_parts
from grammar.frames_when import when_trigger
from grammar.frames_words import _OPPONENT_WORD, _enemy_marks, _self_relative, this_card_is_self
from grammar.nodeinit import CHILDREN as _KIDS
from grammar.parts import NP, Clause, Clauses, P

# label words that are triggers («Найм:» — when the card enters play, «Гибель:» — its death)
_TRIGGER_LABELS = {"найм": TE.ENTERS, "гибель": TE.OWN_DEATH}
# a label word's lemma → the keyword it names
LABEL_KEYWORDS = {"incorporeal": KW.INCORPOREAL, "flying": KW.FLYING, **KEYWORD_NOUNS}
ABILITY_NODES = (A.Keyword, A.Protection, A.Bonus, A.Reduction, A.Attack, A.Vampirism, A.Named,
                 A.Finishing, A.Poison, A.StartsWithCounters, A.Restriction, A.Permission,
                 A.CounterLimit, A.Unknown)


def ability(node: P, ctx: Ctx) -> list:
    """The abilities of a unit (or of a label's inner unit), each «противника» of its text kept."""
    got = _ability(node, ctx)
    sp = node.span
    text = ctx.orig(sp) if sp.start or sp.end else ctx.text          # (not NOSPAN: two ints, no __eq__)
    # (lowered once: no character but the upper / lower pairs of its letters lowers to a letter
    # of «ротивника», so a substring test of the lowered text finds every case of the word)
    low = text.lower()
    opp = len(_OPPONENT_WORD.findall(low)) if "ротивника" in low else 0
    walked = ctx.walked
    if opp and _enemy_marks(got, opp, walked) < opp:
        # a noun's «противника» some frame had no place for (read as the card's own): the
        # AST must say «the opponent's» at least as often as the text does
        raise Reject("«противника» dropped")
    # one walk of each ability gives both checks their nodes (they walked it twice); «эта
    # карта» is looked for only in an ability with a selector of that one qualifier
    # (``this_card_is_self`` leaves any other as it is: no call, no scan of its selectors)
    out = []
    for g in got:
        gs: list = []
        this = False
        for n in nodes_in(g, walked):
            cls = n.__class__
            if cls is A.Selector:
                gs.append(n)
                if n.qualifiers == _THIS_ONLY:
                    this = True
            elif cls is A.Condition and _self_relative(n):
                raise Reject("a pronoun placed relative to itself")
        out.append(this_card_is_self(g, gs) if this else g)
    return out


# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_LABEL_WORDS = re.compile(r"[^\W\d_]+(?:[\s-]+[^\W\d_]+)*")
_SPACES = re.compile(r"\s+")


def _ability(node: P, ctx: Ctx) -> list:
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
        # the label's word(s) as written, folded: «Дух  леса 2:» → «дух леса»
        word = _LABEL_WORDS.match(node.text.lower().replace("ё", "е"))
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
        return [A.Label(_SPACES.sub(" ", word.group(0)), inner_nodes, int(num) if num.isdigit() else None,
                        LABEL_KEYWORDS.get(lemma), span=node.span)]
    if k == "when_order":
        order, inner = node.v
        return [A.WhenOrder(order, tuple(ability(inner, ctx)), span=node.span)]
    if k == "activated":
        cost_text, clauses = node.v
        effects, limit = body_effects(clauses, ctx)
        if not effects or any(isinstance(e, A.StartsWithCounters) for e in effects):
            raise Reject("cost without effects / a setup fact under a cost (F18)")   # «{tap}: Начинает бой с …»
        return [A.Activated(cost(cost_text, node.span), tuple(jump_now(effects)), limit, span=node.span)]
    if k == "plain":
        return plain(node.v, ctx)
    raise Reject("ability kind " + k)


_PAID_ICONS = re.compile(r"(x|\d+)?\{(counter|coin)\}")
_COINS = re.compile(r"(x|\d+)монет\w*")


def cost(text: str, span) -> A.Cost:
    t = text.replace(" ", "").rstrip(":").replace(",", "")
    if "{c" not in t and "монет" not in t:
        # (the usual cost, «{tap}:»: no counter, coin or «монеты» to count — no scan for them)
        return A.Cost("{tap}" in t, 0, "{instant}" in t, 0, span=span)
    paid: dict[str, list] = {"counter": [], "coin": []}
    for n, code in _PAID_ICONS.findall(t):
        paid[code].append("X" if n == "x" else int(n) if n else 1)
    # «{counter}{counter}:» is two of them (each icon one; was: the last icon's count)
    if any("X" in v and len(v) > 1 for v in paid.values()):
        raise Reject("cost: X beside another count")
    counters: int | str = paid["counter"][0] if paid["counter"] == ["X"] else sum(paid["counter"])
    coins: int | str = paid["coin"][0] if paid["coin"] == ["X"] else sum(paid["coin"])
    m = _COINS.search(t)
    if m:
        coins = "X" if m.group(1) == "x" else int(m.group(1))       # «2 монеты:», «{tap}, 2 монеты:»
    return A.Cost("{tap}" in t, counters, "{instant}" in t, coins, span=span)


# verbs whose clause before a colon is a payment: «Сбросьте карту:», «Раньте ваше существо на 1:»
_PAYMENTS = frozenset({"discard", "wound", "lose"})


def _paid(items: list, ctx: Ctx, span) -> A.Activated | None:
    """«<imperative clause>: <effects>» — an activated ability whose cost is the clause."""
    if len(items) < 2:
        return None                 # (one clause: no colon after it — asked of every plain unit)
    parts = list(items[0][1].parts)
    icons: list[str] = []
    if len(items) >= 3 and items[1][0] == "CCOMMA" and items[2][0] == "COLON" \
            and all(isinstance(q, P) and q.kind == "icon_cost" for q in parts):
        # «{instant}, потерять жетон инкарнации: …»: icons and a payment clause
        icons = [q.v for q in parts]
        items = [(items[0][0], items[1][1])] + list(items[2:])
        parts = list(items[0][1].parts)
    p0 = parts[0]
    if len(items) < 2 or items[1][0] != "COLON" or not (isinstance(p0, P) and p0.kind == "verb") \
            or p0.v["form"] not in ("imp", "inf") or p0.v["lemma"] not in _PAYMENTS or p0.v["neg"]:
        return None
    tails = Tails()
    paid = clause_effects(parts, ctx, tails)
    tails.check()
    if len(paid) != 1 or not isinstance(paid[0], (A.Wound, A.Action, A.Lose)) \
            or (isinstance(paid[0], A.Action) and paid[0].verb not in (V.DISCARD, V.LOSE_COINS)):
        raise Reject("payment")
    effects, limit = body_effects(rest_clauses(items[1:]), ctx)
    if not effects:
        raise Reject("payment without effects")
    if set(icons) - {"tap", "instant"} or len(set(icons)) != len(icons):
        raise Reject("payment icons")
    return A.Activated(A.Cost("tap" in icons, instant="instant" in icons, parts=(paid[0],), span=items[0][1].span),
                       tuple(effects), limit, span=span)


def plain(clauses: Clauses, ctx: Ctx) -> list:
    items = clause_list(clauses)
    if not items:
        raise Reject("empty")
    paid = _paid(items, ctx, clauses.span)
    if paid is not None:
        return [paid]
    parts = list(items[0][1].parts)
    p0 = parts[0]
    if isinstance(p0, P) and p0.kind in TRIGGER_KINDS:
        trig, rest = trigger_parts(parts)
        token = STOOD_IS_LAST.set(trig.event in (TE.DEATH, TE.OWN_DEATH))
        try:
            effects, limit = body_effects(rest_clauses(items[1:], rest), ctx)
        finally:
            STOOD_IS_LAST.reset(token)
        if not effects:
            raise Reject("trigger without effects")
        effects = _masculine_self(effects, trig, ctx)
        effects = [replace(e, effects=tuple(_only_the_card(e.condition, list(e.effects), ctx)))
                   if isinstance(e, A.Conditional) else e for e in effects]
        return [triggered(trig, effects, limit, clauses.span, ctx.text)]
    if isinstance(p0, P) and p0.kind in ("when", "after_that") and len(parts) == 1 \
            and ("WHEN", "each") in p0.v["toks"]:
        # «Каждый раз, когда …»: every time, with no once-per-turn reading (heroes-15 113.5)
        plain_when = plain(Clauses([Clause([P(p0.kind, {**p0.v, "toks": [("WHEN", "when")]}, p0.span)],
                                           items[0][1].span)] + list(clauses.items[1:]), clauses.span), ctx)
        return [replace(n, trigger=replace(n.trigger, params=n.trigger.params + (TP.EACH,)))
                if isinstance(n, A.Triggered) else n for n in plain_when]
    if isinstance(p0, P) and p0.kind in ("when", "after_that") and len(parts) == 1:
        inner = list(p0.v["clause"].parts)
        being = being_at(inner[-1]) if len(items) > 1 and len(inner) > 1 else None
        if being is not None:
            # «Когда X получает раны, находясь на <месте>, …»: X is there when it happens
            return [_while_there(plain(Clauses([Clause([P(p0.kind, {**p0.v, "clause": Clause(
                inner[:-1], _span(inner[:-1]))}, p0.span)], items[0][1].span)] + list(clauses.items[1:]),
                clauses.span), ctx), being)]
        if len(items) > 1 and items[1][0] == "INSTEAD" and p0.kind == "when":
            would = _would_when(inner, ctx)
            if would is not None:
                effects, limit = body_effects(rest_clauses(items[1:], instead_ok=True), ctx)
                return [triggered(would, effects, limit, clauses.span, ctx.text)]
        if len(items) > 1:
            try:
                trig = when_trigger(inner, ctx)
            except Reject as e:
                if "without verb" not in str(e):
                    # berserk-nxt dropped the dash: the body starts inside the first clause
                    return [_split_when(inner, p0.kind, ctx, clauses.span, items[1:])]
                # «Когда X закрыт, …»: a state, not an event → a static with a condition
                cond = cond_clause(inner, ctx)
                effects, limit = body_effects(rest_clauses(items[1:]), ctx)
                if limit is not None:
                    raise Reject("static with a limit")
                return [A.Static(tuple(effects), cond, span=clauses.span)]
            if p0.kind == "after_that":
                trig = A.Trigger(trig.event, trig.attack, trig.strength, trig.subject, trig.target,
                                 trig.origin, trig.destination, trig.cause, "after", trig.turn,
                                 trig.params, trig.also, span=trig.span)
            effects, limit = body_effects(rest_clauses(items[1:]), ctx)
            return [triggered(trig, effects, limit, clauses.span, ctx.text)]
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
        duty = duty_if_able(inner, list(items[1][1].parts)) if p0.kind == "if" and len(items) == 2 else None
        if duty is not None:
            return plain(Clauses([Clause(duty, items[0][1].span)], clauses.span), ctx)
        try:
            cond = cond_clause(inner, ctx)
        except Reject:
            return [_split_cond(inner, ctx, clauses.span, items[1:])]
        effects, limit = body_effects(rest_clauses(items[1:], instead_ok=True), ctx)
        reaction = _reaction(p0.kind, cond, items[1][0], effects, limit, clauses.span)
        if reaction is not None:
            return [reaction]
        if cond.what == C.WOULD or items[1][0] == "INSTEAD":
            # «если должен <событие> …» is a replacement and «вместо этого» names one: only
            # ``_reaction`` reads them; as a standing condition the replacement would be lost
            raise Reject("a replacement read as a condition")
        if limit is not None:
            return [_limited(effects, cond, limit, clauses.span)]
        effects = _only_the_card(cond, effects, ctx)
        if p0.kind == "if" and any(not isinstance(e, (A.Gain, A.Bonus, A.Reduction, A.Keyword, A.Protection,
                                                      A.Restriction, A.Permission)) for e in effects):
            return [A.Static((A.Conditional(cond, tuple(effects), span=clauses.span),), span=clauses.span)]
        return [_static(effects, cond, clauses.span)]
    effects, limit = body_effects(clauses, ctx, items=items)
    sels = [n for e in effects for n in nodes_in(e, ctx.walked) if isinstance(n, A.Selector)]
    if any(n.noun == N.IT for n in sels) and all(n.noun in (N.SELF, N.IT) for n in sels) \
            and any(n.noun == N.SELF and n.span != A.NOSPAN for n in sels):
        # «Вепрь получает +1 к {strike} за каждый маркер на нём»: the card is the only one named
        effects = _it_to_self(effects, ctx, _PERSONAL.__contains__)
    if len(effects) > 1 and isinstance(effects[0], A.Action) and effects[0].verb == V.INCARNATE \
            and effects[0].target is None and limit is None:
        # «Инкарнирует в открытом виде, при этом получает … до конца хода» / «…; переходит под
        # контроль противника»: how it incarnates, and what happens when it does (M4)
        rest = effects[1:]
        if any(isinstance(e, (A.Keyword, A.Protection, A.Triggered, A.Restriction, A.Permission)) for e in rest):
            raise Reject("a lasting ability beside «инкарнирует»")
        trig = A.Trigger(TE.INCARNATION, span=effects[0].span)
        return [_as_ability(effects[0], ctx), A.Triggered(trig, tuple(rest), span=_span(list(rest)))]
    if any(isinstance(e, A.Triggered) for e in effects):
        if limit is not None:
            raise Reject("limit beside an inner trigger")
        return [e if isinstance(e, A.Triggered) else _as_ability(e) for e in effects]
    if limit is not None:
        if len(effects) == 1 and isinstance(effects[0], (A.Named, A.Attack, A.Finishing)):
            e = effects[0]
            if isinstance(e, A.Named) and e.limit is None:
                return [A.Named(e.effect_kind, e.name, e.body, limit, e.range, span=e.span)]
        return [_limited(effects, None, limit, clauses.span)]
    if len(effects) == 1:
        return [_as_ability(effects[0], ctx)]
    if all(isinstance(e, (A.Keyword, A.Protection)) for e in effects):
        return list(effects)
    if len(effects) == 1 and isinstance(effects[0], A.Conditional):
        c = effects[0]
        return [_static(c.effects, c.condition, clauses.span)]
    return [A.Static(tuple(_unwrap_self_gain(effects)), span=clauses.span)]


_WOULD_EVENTS = {V.HEAL: TE.HEALED, V.DIE: TE.DEATH, V.GET_WOUNDS: TE.WOUNDED}


def _would_when(inner: list, ctx: Ctx) -> A.Trigger | None:
    """«Когда X должен получить раны [от …], вместо этого …»: the event about to happen
    (read as «когда X получает …») replaced — the «если должен …» replacement of ``_reaction``
    with a trigger's subject, amount and cause.  None when the clause has no «должен»."""
    k = next((i for i, q in enumerate(inner) if _is_pred(q)), None)
    if k is None or inner[k].kind != "modal" or inner[k].v["lemma"] != "must" or inner[k].v["neg"]:
        return None
    if k + 1 >= len(inner) or not (isinstance(inner[k + 1], P) and inner[k + 1].kind == "verb") \
            or inner[k + 1].v["neg"]:
        raise Reject("would: verb")
    trig = when_trigger(inner[:k] + inner[k + 1:], ctx)
    if trig.event not in _WOULD_EVENTS.values() and trig.event != TE.OWN_DEATH or trig.timing is not None:
        raise Reject("would: event")
    return replace(trig, timing=TT.INSTEAD)


def _reaction(kind: str, cond: A.Condition, sep, effects: list, limit, span) -> A.Triggered | None:
    """«Если X атакован <attack> — …» is a reaction to the attack; «Если должен излечиться на
    X — вместо этого …» replaces the healing: both are triggered abilities, not statics."""
    if kind != "if" or (sep == "INSTEAD" and cond.what != C.WOULD):
        return None             # «вместо этого» replaces only an event that «должен» happen
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
        whose = _this_card(cond.subject)          # «если это существо должно погибнуть»: its own
        if event == TE.DEATH and whose is None:
            event = TE.OWN_DEATH
        because = None
        causes = [p[1] for p in cond.params[1:] if isinstance(p, tuple) and p[0] == "cause"]
        if causes:
            # «… в результате гибели хозяина вместо этого …»: only when it follows from that
            because = A.Condition(C.EVENT, (causes[0],), span=causes[0].span)
        trig = A.Trigger(event, subject=whose, timing=TT.INSTEAD, span=cond.span)
        return A.Triggered(trig, tuple(effects), limit, because, span=span)
    return None


# (его, ему, ним, неё are not here: their case forms are shared by two genders)
_PRONOUN_GENDER = {"он": "m", "она": "f"}
# selector nouns by their Russian gender (an «он» / «она» may point to them)
_GENDERED_NOUNS = {
    "m": frozenset({N.HOST, N.PARASITE, N.SYMBIOTE, N.HERO, N.DEFENDER, N.OPPONENT, N.ATTACKER,
                    N.PLAYER, N.COMPANION, N.ARTIFACT, N.MARKER, N.TOKEN}),
    "f": frozenset({N.CARD, N.CELL, N.TARGET, N.TERRAIN, N.HALF, N.DECK, N.HAND, N.ATTACK}),
}


def _masculine_self(effects: list, trig: A.Trigger, ctx: Ctx) -> list:
    """«При атаке по существу рядом с Сайкороном — он может …»: «он» / «она» can only be the
    card when nothing of that gender was *written* in the trigger before it (существо is
    neuter; the implicit attacker ``Selector(card)`` has no span and names no word) — judge R10."""
    sels = [n for n in nodes_in(trig, ctx.walked) if n.__class__ is A.Selector]  # (one walk for both tests)
    named = [n for n in sels if n.noun != N.SELF and n.span != A.NOSPAN]
    if any(n.noun == N.IT for n in named):
        return effects
    if not any(n.noun == N.SELF for n in sels) and not named:
        return effects                    # nothing at all named: the pronoun has no antecedent here
    taken = {g for g, nouns in _GENDERED_NOUNS.items() if any(n.noun in nouns for n in named)}
    return _it_to_self(effects, ctx, lambda word: _PRONOUN_GENDER.get(word) not in (None, *taken))


# personal pronouns (folded ё → е) that name a card: «он получает», «излечить его», «на нём»
_PERSONAL = frozenset({"он", "она", "оно", "его", "ее", "ему", "ей", "ним", "ней", "нем", "него", "нее"})


def _it_to_self(effects: list, ctx: Ctx, spelled) -> list:
    """The bare pronoun selectors (``Selector(it)``) whose written word passes ``spelled``
    become the card itself (the tree is rebuilt only when there is one)."""
    def hit(node) -> bool:
        return isinstance(node, A.Selector) and node.noun == N.IT and not node.qualifiers \
            and not node.relations and node.span != A.NOSPAN \
            and spelled(ctx.orig(node.span).lower().replace("ё", "е"))

    def own_antecedents(node) -> bool:
        # «пока летающий, имеет «При {strike} по карте … рядом с ней»»: an inner triggered
        # ability whose trigger names a card of its own resolves its pronouns itself
        return isinstance(node, A.Triggered) and any(
            isinstance(n, A.Selector) and n.noun not in (N.SELF, N.IT) and n.span != A.NOSPAN
            for n in nodes_in(node.trigger))

    def hits(root) -> bool:
        # (a walk that does not enter an inner ability with antecedents of its own; was a
        # recursion of generators, one per node) — after one fast walk of the whole tree: most
        # effects have no bare pronoun anywhere
        if not isinstance(root, A.Node) or not any(n.__class__ is A.Selector and n.noun == N.IT
                                                   for n in nodes_in(root)):
            return False
        stack = [root]
        while stack:
            node = stack.pop()
            if not isinstance(node, A.Node) or own_antecedents(node):
                continue
            if hit(node):
                return True
            stack.extend(_KIDS[node.__class__](node))
        return False

    if not any(hits(e) for e in effects):
        return effects

    def swap(node):
        return A.Selector(N.SELF, span=node.span) if hit(node) else None
    return [rewrite(e, swap, own_antecedents) for e in effects]


def _only_the_card(cond: A.Condition, effects: list, ctx: Ctx) -> list:
    """«Если / пока у Вепря …, он получает …»: a condition that names no card but the card
    itself leaves it the only antecedent of a personal pronoun in the effects."""
    if cond.subject is not None:
        return effects
    named = [n for n in nodes_in(cond, ctx.walked) if isinstance(n, A.Selector) and n.noun != N.SELF]
    if not named:
        return _it_to_self(effects, ctx, _PERSONAL.__contains__)
    if any(n.noun == N.IT or n.span == A.NOSPAN for n in named):
        return effects
    # «пока Вепрь атакует летающее существо, он …»: «он» / «она» of a gender nothing named has
    taken = {g for g, nouns in _GENDERED_NOUNS.items() if any(n.noun in nouns for n in named)}
    return _it_to_self(effects, ctx, lambda word: _PRONOUN_GENDER.get(word) not in (None, *taken))


def _attacking(cond: A.Condition):
    """(the attacking condition, a further condition on the attack's outcome or None)."""
    if cond.what == C.ATTACKING and not cond.negated and not cond.params and cond.subject is not None:
        return cond, None
    if cond.what == C.ALL and len(cond.params) == 2 and not cond.negated:
        a, b = cond.params
        if a.what == C.ATTACKING and not a.negated and not a.params and a.subject is not None \
                and b.what == C.DEALT_WOUNDS and b.subject == a.subject:
            # «если X атакует и не наносит ран»: X's wounds — the event's card, never the card
            # that has the ability (F17)
            return a, A.Condition(b.what, b.params, b.negated, A.Selector(N.IT), span=b.span)
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


def _static(effects, cond: A.Condition | None, span, after: Ctx | None = None):
    """A continuous ability with a condition; a single restriction or permission carries the
    condition itself (the judge evaluates it where the restriction applies).  ``after``: the
    condition follows the effects (its pronouns may name what they named)."""
    effects = _unwrap_self_gain(effects)
    if cond is not None and len(effects) == 1 and isinstance(effects[0], (A.Restriction, A.Permission)) \
            and effects[0].condition is None:
        node = effects[0]
        return replace(node, condition=own_pronoun(cond, node), span=span)
    if after is not None and cond is not None and len(effects) == 1 and isinstance(effects[0], A.Keyword) \
            and effects[0].against is not None and effects[0].against.condition is None \
            and _names_target(cond, effects[0].against, after):
        # «безответный удар по существу, если слева от него …»: «он» is the one struck at —
        # the keyword's own shape «… по существам, слева от которых …»
        kw = effects[0]
        return replace(kw, against=replace(kw.against, condition=cond), span=span)
    return A.Static(tuple(effects), cond, span=span)


# the personal pronouns that can stand for one creature (neuter) / one card (feminine) / many
_PLURAL = frozenset({"они", "их", "них", "ими", "ними"})    # «им», «ним»: also «с ним» (one)
_SINGULAR = {N.CREATURE: frozenset({"он", "оно", "его", "него", "ему", "нему", "им", "ним", "нем"}),
             N.CARD: frozenset({"она", "ее", "нее", "ей", "ней", "ею", "нею"})}
_MANY = re.compile(r"(?:существ|карт)(?:ам|ами|ах)\b")


def _names_target(cond: A.Condition, target: A.Selector, ctx: Ctx) -> bool:
    """Whether the pronouns of ``cond`` stand for ``target``: the condition names neither the
    card nor anything else by a pronoun, and each pronoun it spells agrees with the target in
    gender and number (a possessive «его» the grammar adds without a span is not checked)."""
    if target.noun not in _SINGULAR or target.span == A.NOSPAN:
        return False
    agrees = _PLURAL if _MANY.search(ctx.orig(target.span).lower()) else _SINGULAR[target.noun]
    sels = [n for n in nodes_in(cond) if isinstance(n, A.Selector) and n.noun in (N.IT, N.SELF)]
    spelled = [ctx.orig(n.span).lower().replace("ё", "е") for n in sels if n.span != A.NOSPAN]
    return bool(spelled) and all(n.noun == N.IT for n in sels) and all(w in agrees for w in spelled)


def _limited(effects, cond: A.Condition | None, limit: A.Limit, span) -> A.Static:
    """«Может X[, если …] (1 раз за бой)»: only what the card may choose to do has a use to
    count — an optional action or a permission; a limit on a plain continuous effect has no
    reading."""
    if len(effects) != 1 or not (isinstance(effects[0], A.Permission) or (
            isinstance(effects[0], A.Choice) and len(effects[0].options) == 2
            and isinstance(effects[0].options[1], A.Action) and effects[0].options[1].verb == V.NOTHING)):
        raise Reject("a limit on a static ability")
    return A.Static(tuple(effects), cond, limit, span=span)


def _unwrap_self_gain(effects) -> list:
    """A static «получает X» of the card itself is X."""
    out = []
    for e in effects:
        if isinstance(e, A.Gain) and e.target == SELF and e.duration is None:
            out.extend(e.what)
        else:
            out.append(e)
    return out


def _as_ability(e, after: Ctx | None = None):
    if isinstance(e, A.Poison) and e.target is not None:
        return A.Static((e,), span=e.span)    # «отравить X на N»: not the strike's poison (R4)
    if isinstance(e, ABILITY_NODES):
        return e
    if isinstance(e, A.Gain) and e.target == SELF and e.duration is None:
        return e.what[0] if len(e.what) == 1 and isinstance(e.what[0], ABILITY_NODES) \
            else A.Static(e.what, span=e.span)
    if isinstance(e, A.Conditional) and not e.otherwise:
        return _static(e.effects, e.condition, e.span, after)
    return A.Static((e,), span=e.span)


def _while_there(nodes: list, being: A.Condition) -> A.Triggered:
    """The trigger read without its «находясь на …», the place made its condition: the gerund's
    subject is the event's, here only the card itself."""
    if len(nodes) != 1 or not isinstance(nodes[0], A.Triggered) or nodes[0].condition is not None:
        raise Reject("being there: one trigger without a condition")
    if nodes[0].trigger.subject is not None:
        # another card's event: a condition has no word for «the card the event is about» (a
        # selector there would ask whether any such card stands there)
        raise Reject("being there: whose place")
    return replace(nodes[0], condition=being)


def _split_when(inner: list, kind: str, ctx: Ctx, span, more: list = ()) -> A.Node:
    """«Когда X становится защитником излечить …» (berserk-nxt dropped the dash): the first
    cut after the verb where both the trigger and the body have a meaning."""
    preds = [i for i, q in enumerate(inner) if _is_pred(q)]
    if not preds:
        raise Reject("when without verb")
    last_err: Reject | None = None
    more = list(more)
    if more and more[0][0] == "DASH" and not any(
            c in ctx.text[inner[-1].span.end:more[0][1].span.start] for c in "—–-"):
        # the dash the reader supplied before the body's verb: the body's subject is still in
        # ``inner`` («Когда X теряет {counter} ваше существо получает …») — one clause with it
        first, more = list(more[0][1].parts), more[1:]
    else:
        first = []
    for k in range(preds[0] + 1, len(inner)):
        head, rest = inner[:k], inner[k:]
        if isinstance(rest[0], P) and rest[0].kind in ("at_start", "at_end"):
            # «когда X открывается в начале вашего хода, …»: the time narrows the event (no
            # field holds it), it does not start a delayed trigger in the body
            continue
        if k == preds[0] + 1 and isinstance(rest[0], NP) and not any(_is_pred(q) for q in rest):
            # «когда X выполняет удар, …»: a noun right after the verb with no verb of its own is
            # the verb's object, not a verbless body (was: Trigger(acts) + Attack(strike))
            continue
        try:
            trig = when_trigger(head, ctx)
            effects, limit = body_effects(rest_clauses(more, rest + first), ctx)
        except Reject as e:
            last_err = e
            continue
        if kind == "after_that":
            trig = A.Trigger(trig.event, trig.attack, trig.strength, trig.subject, trig.target,
                             trig.origin, trig.destination, trig.cause, "after", trig.turn,
                             trig.params, trig.also, span=trig.span)
        return triggered(trig, effects, limit, span, ctx.text)
    raise last_err or Reject("when split")


def _split_cond(inner: list, ctx: Ctx, span, more: list = ()) -> A.Node:
    """«Пока X стоит рядом получает +1 …», «Если X атакован {strike} может …» (no comma or
    dash): the first cut where both halves have a meaning."""
    for k in range(1, len(inner)):
        head, rest = inner[:k], inner[k:]
        if relational_complement(inner, k):
            continue                         # «является хозяином симбиоту | …»
        try:
            cond = cond_clause(head, ctx)
            effects, limit = body_effects(rest_clauses(list(more), rest), ctx)
        except Reject:
            continue
        if limit is not None or cond.what == C.WOULD:
            continue        # «должен <событие>» is a replacement, never a standing condition
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
    if not parts or not isinstance(parts[0], P) or parts[0].kind not in TRIGGER_KINDS:
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


__all__ = ["ability", "cost", "head_only", "plain"]
