"""The body of an ability: a sequence of clauses (after a cost, a trigger, a label, a condition)
read by ``body_effects`` — named-effect heads with or without «» and dash, conditions inside the
body and «иначе», a trigger inside a body starting a second triggered ability, a gerund phrase as
a condition, «или» between clauses as a choice, a rider of an attack, the limit of the ability.
``frames_ability`` shapes the result into ability nodes."""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as C
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import TriggerParam as TP
from berserk.vocab import TriggerTiming as TT
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import TRIGGER_KINDS, Ctx, Reject, Tails, _is_pred, _span, first_pred, has_kind, nodes_in
from grammar.frames_clause import _CARD_NOUNS, _one_chosen, clause_effects, subject_again
from grammar.frames_cond import cond_clause, condition, relational_complement, unglue_adjectives
from grammar.frames_heroes import menu, menu_head
from grammar.frames_enter import entry_fold
from grammar.frames_heroes_events import prevention
from grammar.frames_roles import bind_head, bind_roles
from grammar.frames_select import subject_of, take_np
from grammar.frames_tails import amount_if, strip_tails
from grammar.frames_trigger import after_named, trigger_parts
from grammar.frames_when import when_trigger
from grammar.frames_words import attack_ref
from grammar.parts import NP, Clause, Clauses, P


def clause_list(clauses: Clauses) -> list:
    """[(separator before, Clause)]."""
    out = []
    sep = None
    for it in clauses.items:
        if isinstance(it, P) and it.kind == "sep":
            # «X, стоящих …, и имеет …»: a conjunction of predicates after the closing comma wins
            sep = it.v if sep is None or sep == "CCOMMA" or it.v in ("INSTEAD", "ELSE") \
                or (sep == "RCLOSE" and it.v in ("AND_V", "OR_V")) else sep
            continue
        out.append((sep, it))
        sep = None
    return out


def rest_clauses(items: list, first_rest: list | None = None, *, instead_ok: bool = False) -> Clauses:
    """The clauses after a head, without their leading separators.  A leading «вместо этого» is
    dropped only where the caller reads the replacement (``instead_ok``): anywhere else the
    words would be lost (typed-but-wrong), so the reading is refused."""
    tail = ([Clause(first_rest, _span(first_rest))] if first_rest else []) + \
        [x for sep, cl in items for x in ((P("sep", sep) if sep else None), cl) if x is not None]
    while tail and isinstance(tail[0], P):
        if tail[0].v == "INSTEAD" and not instead_ok:
            raise Reject("«вместо этого» with nothing it replaces")
        tail = tail[1:]
    return Clauses(tail, _span(tail))


# what ``body_effects`` reads a special shape of a clause by: the separator after it, its first part
_SHAPE_SEPS = frozenset({"COLON", "RCLOSE", "DASH"})
_SHAPE_KINDS = frozenset({"if", "while", "gerund", "when", *TRIGGER_KINDS})


class _Body:
    """The state of reading a body: the effects so far, the ability's limit, the subject of the
    last clause («наносит … и закрывается»), a named-effect head waiting for its body."""

    # (as ``Tails``: the values no body has yet, read from the class until a clause sets one)
    limit: A.Limit | None = None
    last_subject = None
    named = None
    named_limit = None
    named_range = None           # «Заклинание «x», дальность N …»
    last_modal = None
    or_chain = False             # the last effect is a Choice made of «A, или B[, или C]»

    def __init__(self):
        self.effects: list = []
        self.named_prefix: list = []

    def take_limit(self, tails: Tails, got: list) -> None:
        if tails.limit is None:
            return
        if got and isinstance(got[-1], A.Named) and got[-1].limit is None:
            n = got[-1]
            got[-1] = A.Named(n.effect_kind, n.name, n.body, tails.limit, n.range, span=n.span)
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
    last = len(items) - 1
    for n, (sep, cl) in enumerate(items):
        parts = cl.parts
        end = parts[-1] if len(parts) > 1 else None
        if end.__class__ is P and end.kind == "if" and n < last and items[n + 1][0] == "DASH":
            out.append((sep, Clause(parts[:-1], _span(parts[:-1]))))
            out.append(("CCOMMA", Clause([end], end.span)))
            continue
        # (a clause with no «или» is kept as it is: no copy, no scan for a second predicate)
        out.extend(_split_or_clause(sep, parts, cl) if has_kind(parts, "or") else ((sep, cl),))
    return out


def _split_or_clause(sep, parts: list, cl: Clause) -> list:
    """«X получает A или Y получает B»: the reader took «или» for a noun-level one (no comma);
    a subject followed by its own predicate after it makes it a choice between two clauses."""
    for i, q in enumerate(parts):
        if not (isinstance(q, P) and q.kind == "or") or not any(_is_pred(x) for x in parts[:i]):
            continue
        j = i + 1
        while j < len(parts) and isinstance(parts[j], NP):
            j += 1
        if j > i + 1 and j < len(parts) and _is_pred(parts[j]) and (parts[j].kind == "modal" or parts[j].v[
                "form"] in ("3sg", "3pl")):
            return [(sep, Clause(parts[:i], _span(parts[:i]))),
                    ("OR_V", Clause(parts[i + 1:], _span(parts[i + 1:])))]
    return [(sep, cl)]


def body_effects(clauses: Clauses, ctx: Ctx, subject_hint=None, items: list | None = None) -> tuple[list, A.Limit | None]:
    """Effects of a sequence of clauses (after a cost, a trigger, a label …) and the limit
    (``items``: ``clause_list(clauses)`` when the caller has it; it is not changed)."""
    b = _Body()
    items = _split_trailing_if(clause_list(clauses) if items is None else items)
    k = 0
    while k < len(items):
        sep, cl = items[k]
        parts = list(cl.parts)
        if parts and isinstance(parts[0], P) and parts[0].kind == "named" and b.named is None:
            t0 = Tails()
            if len(parts) > 1 and isinstance(parts[1], P) and parts[1].kind == "range" and parts[1].v.isdigit():
                b.named_range = int(parts[1].v)
                parts = parts[:1] + parts[2:]
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
        # (the first part's kind, read once: the shapes below are told apart by it)
        k0 = parts[0].kind if parts and isinstance(parts[0], P) else None
        # (the shapes below each need a clause after this one joined by «:», «—» or a closing
        # comma, or a first part of a head kind: the usual clause is none and skips them all)
        nsep = items[k + 1][0] if k + 1 < len(items) else None
        if nsep in _SHAPE_SEPS or k0 in _SHAPE_KINDS:
            if nsep == "COLON" and parts and isinstance(parts[-1], P) \
                    and parts[-1].kind == "verb" and parts[-1].v["lemma"] in ("get", "have") and items[k + 1][1].parts \
                    and isinstance(items[k + 1][1].parts[0], NP) and items[k + 1][1].parts[0].kind == "quoted":
                # «получает: «…»»: the colon only introduces the granted ability
                merged = parts + list(items[k + 1][1].parts)
                items[k + 1] = (sep, Clause(merged, _span(merged)))
                k += 1
                continue
            granted = _unquoted_granted(parts, items, k, ctx)
            if granted is not None:
                items[k + 1] = (sep, Clause(granted, _span(granted)))
                k += 1
                continue
            if nsep == "RCLOSE":
                # a clause ending in a relative clause, closed by a comma: the next one's subject
                merged = parts + list(items[k + 1][1].parts)
                items[k + 1] = (sep, Clause(merged, _span(merged)))
                k += 1
                continue
            if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "search" and not parts[0].adjs \
                    and nsep == "DASH":
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
            head = menu_head(parts) if k0 == "verb" and nsep == "COLON" else None
            if head is not None:
                # «выберите одно или несколько: A; B», «выберите 2 раза из: A; B» («Берсерк. Герои»)
                options, j = [], k + 1
                while j < len(items) and (j == k + 1 or items[j][0] == "SEMI"):
                    got, t2 = _clause(list(items[j][1].parts), ctx, subject_hint, b)
                    t2.check()
                    options.append(got[0] if len(got) == 1 else A.Sequence_(tuple(got), span=_span(got)))
                    j += 1
                if j != len(items):
                    raise Reject("menu: a tail after the options")
                b.effects.append(menu(head, options, _span([parts] + [c for _, c in items[k + 1:j]])))
                k = j
                continue
            if (k0 == "if" or k0 == "while") and len(parts) == 1 and k + 1 < len(items):
                k = _lead_condition(parts, items, k, ctx, subject_hint, b)
                continue
            if k0 == "if" and len(parts) == 1 and k + 1 == len(items) \
                    and parts[0].v.get("clause") is not None:
                # «…, если открыт может объявить …» (no dash after the condition): the longest
                # prefix that is a condition governs the rest
                b.effects.append(_cut_condition(list(parts[0].v["clause"].parts), ctx, subject_hint, b, parts[0].span))
                k += 1
                continue
            if k0 == "gerund" and nsep == "CCOMMA":
                cond = _gerund(parts)
                got, t2 = _clause(list(items[k + 1][1].parts), ctx, subject_hint, b)
                b.take_limit(t2, got)
                t2.check()
                b.effects.append(A.Conditional(cond, tuple(got), span=_span([parts, items[k + 1][1]])))
                k += 2
                continue
            if k0 == "when" and len(parts) == 1 and k + 1 < len(items):
                with after_named(k > 0):
                    trig = when_trigger(list(parts[0].v["clause"].parts), ctx)
                effs, lim = body_effects(rest_clauses(items[k + 1:]), ctx)
                b.effects.append(A.Triggered(trig, tuple(effs), lim, span=_span([parts] + [c for _, c in items[k + 1:]])))
                break
            if k0 in TRIGGER_KINDS:
                # «…, при магическом ударе — теряет все {counter}»: a trigger inside a body starts a
                # triggered ability made of this clause's rest and every clause after it
                with after_named(k > 0):
                    trig, rest = trigger_parts(parts)
                effs, lim = body_effects(rest_clauses(items[k + 1:], rest), ctx)
                if not effs:
                    raise Reject("inner trigger without effects")
                b.effects.append(triggered(trig, effs, lim, _span([parts] + [c for _, c in items[k + 1:]]), ctx.text))
                break
        hint = subject_hint
        shared = None
        if sep in ("AND_V", "OR_V") and b.last_subject is not None and not (parts and isinstance(parts[0], NP)):
            hint = b.last_subject
            if sep == "AND_V" and _one_chosen(hint):
                # «выбранное существо становится X и получает Y»: one card, named again as «it»
                # (two equal selectors are two choices, F11) — only when the first verb's target
                # was it (else «it» would be that target: refused)
                if b.effects and getattr(b.effects[-1], "target", None) != hint \
                        and getattr(b.effects[-1], "by", None) == hint:
                    # «X наносит по Y удар и закрывается»: «it» would be Y — the doer of the
                    # effect before is named by its role (frames_roles)
                    hint = A.Selector(N.IT, qualifiers=(f"{Q.ROLE}:by",))
                elif not b.effects or getattr(b.effects[-1], "target", None) != hint:
                    raise Reject("a shared chosen subject the AST cannot name again")
                else:
                    shared, hint = hint, A.Selector(N.IT)
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
        entered = None
        if b.effects and sep in ("COMMA", "CCOMMA", "SEQ"):
            tails = Tails()
            entered = entry_fold(parts, b.effects[-1], ctx, tails)   # «…, она входит в игру с N {health}»
        if entered is not None:
            b.effects[-1], got = entered, []
        else:
            tails = Tails()
            got = clause_effects(parts, ctx, tails, hint)
        if shared_modal and len(got) == 1 and _is_may(got[0]) and b.effects and _is_may(b.effects[-1]) \
                and b.effects[-1].chooser == got[0].chooser and not b.last_modal.v["neg"]:
            # «может открыть X и изгнать Y»: one option of both steps, not two choices (L4)
            got = [_into_may(b.effects.pop(), (got[0].options[0],), "SEQ", parts)]
        if shared_modal and len(got) == 1 and isinstance(got[0], A.Restriction) and got[0].duration is not None \
                and b.effects and isinstance(b.effects[-1], A.Restriction) and b.effects[-1].duration is None:
            # «не может излечиваться и получать … в свой следующий ход»: one modal, one duration
            b.effects[-1] = replace(b.effects[-1], duration=got[0].duration)
        if sep == "AND_V" and len(got) == 1 and isinstance(got[0], (A.Gain, A.Lose)) and got[0].duration is not None \
                and b.effects and isinstance(b.effects[-1], (A.Gain, A.Lose)) and b.effects[-1].duration is None \
                and b.effects[-1].target in (got[0].target, shared and got[0].target.noun == N.IT and shared) \
                and not _counters(b.effects[-1]):
            # «получает +2 к {move} и теряет полёт до конца хода», «становится летающим и получает … до
            # конца хода»: one subject, the final duration of both (the first was left permanent)
            b.effects[-1] = replace(b.effects[-1], duration=got[0].duration)
        if shared_modal and tails.condition is not None and len(got) == 1 and isinstance(got[0], A.Restriction) \
                and b.effects and isinstance(b.effects[-1], A.Restriction) and b.effects[-1].condition is None:
            # «не может нападать или выступать защитником, пока …»: the condition of both
            b.effects[-1] = replace(b.effects[-1], condition=own_pronoun(tails.condition, b.effects[-1]))
        pred = first_pred(parts)
        b.last_modal = parts[pred] if pred is not None and parts[pred].kind == "modal" else None
        if pred is not None and pred > 0 and isinstance(parts[0], NP):
            try:
                b.last_subject = subject_again(parts, pred, tails)
            except Reject:
                b.last_subject = None
        elif hint is not None:
            b.last_subject = hint
        if tails.limit is not None:
            b.take_limit(tails, got)
        # (the usual clause has no note, limit or chooser: the calls that read them are skipped)
        then = tails.take_note("then") if tails.notes else None
        if then is not None:
            t2 = Tails()
            then_eff = clause_effects(list(then), ctx, t2, b.last_subject)
            b.take_limit(t2, then_eff)
            t2.check()
            got = list(got) + [A.Conditional(tails.use("condition"), tuple(then_eff), span=_span(then))]
        elif tails.condition is not None and tails.take_note("each"):
            got = each_conditioned(got, tails.use("condition"))
        elif tails.condition is not None:
            got = _conditioned(got, tails.use("condition"), parts, ctx)
        if tails.where is not None and ("where" not in tails._used or any(
                isinstance(n, A.Keyword) and n.value == "X" for g in got for n in nodes_in(g))):
            # (a keyword's «X» has no Variable of its own: the definition stands beside it)
            # «(где X — стоимость показанной карты)» defines an X the clause's selectors use
            # «{armor} X и +X, где X … (максимум 2)»: the cap is X's — on the definition, so the
            # keyword's X holds it too (F3: it sat on the bonus's Variable only)
            caps = {(n.maximum, n.minimum) for g in got for n in nodes_in(g)
                    if isinstance(n, A.Variable) and (n.maximum is not None or n.minimum is not None)}
            if len(caps) > 1:
                raise Reject("two caps of X")
            hi, lo = caps.pop() if caps else (None, None)
            got = list(got) + [A.Define("X", tails.use("where"), hi, lo, span=_span(tails.span_parts))]
        chooser = tails.use("chooser") if sep == "OR_V" and tails.chooser is not None else None
        if tails.notes:
            got = amount_if(got, tails, not b.effects)      # «(+1, если …)»: frames_tails
        if tails.named is not None:
            kind, name = tails.use("named")
            folded = _fold_may(b.effects, got, sep, parts)
            if folded is not None:
                b.effects.pop()
                got = [folded]
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
        folded = _fold_may(b.effects, got, sep, parts) if sep in _MAY_SEPS else None
        if folded is not None:
            b.effects.pop()
            got = [folded]
        if sep == "OR_V" and b.effects and isinstance(b.effects[-1], A.Conditional) and parts \
                and isinstance(parts[0], P) and parts[0].kind == "verb" and parts[0].v["neg"]:
            # «получает +1, пока X не переместится или не атакует»: the «или не …» continues the
            # condition, not a choice against the effect (was Choice(bonus, «не может атаковать»))
            raise Reject("«или не …» after a condition: the condition's or the effect's")
        chained = b.or_chain
        b.or_chain = sep == "OR_V" and bool(b.effects)
        if sep == "OR_V" and b.effects:
            prev = b.effects.pop()
            # «A, или B, или C»: one choice of three (not a choice inside a choice)
            opts = prev.options if chained and isinstance(prev, A.Choice) and prev.chooser == (chooser or "owner") \
                else (prev,)
            if len(got) == 1 and _is_may(prev) and _is_may(got[0]) and prev.chooser == got[0].chooser \
                    and chooser is None and not chained:
                # «X может A или Y может B»: one choice — A, B or neither
                opts, got, chooser = prev.options[:1], [got[0].options[0], got[0].options[1]], prev.chooser
            got = [A.Choice(opts + tuple(got), chooser or "owner", span=_span([prev, parts]))]
        elif chooser is not None:
            raise Reject("a chooser without a choice")
        elif sep == "ELSE" and b.effects and isinstance(b.effects[-1], A.Conditional) \
                and not b.effects[-1].otherwise:
            c = b.effects.pop()
            got = [A.Conditional(c.condition, c.effects, tuple(got), span=_span([c, parts]))]
        elif sep == "ELSE":
            raise Reject("«иначе» without a condition")
        elif sep == "INSTEAD":
            raise Reject("«вместо этого» with nothing it replaces")
        b.effects.extend(got)
        k += 1
    if b.named is not None:
        kind, name = b.named.v
        whole = A.Named("spell" if kind == "spell" else "effect", name, tuple(b.effects),
                        b.named_limit or b.limit, range=b.named_range,
                        span=_span([b.named] + [c for _, c in items]))
        b.effects = b.named_prefix + [whole]
        b.limit = None
    return b.effects, b.limit


def _unquoted_granted(parts: list, items: list, k: int, ctx: Ctx) -> list | None:
    """«Имеет {tap}: X[, если …]» (berserk-nxt dropped the «»): the cost and the last clause
    are the granted ability, as if quoted; a trailing «если / пока …» stays the holder's
    condition, as after a closing quote.  None when the clause is no such head."""
    if k + 2 != len(items) or items[k + 1][0] != "COLON":
        return None                 # (the cheap test first: asked of every clause of every body)
    i = next((j for j, q in enumerate(parts) if isinstance(q, P) and q.kind == "icon_cost"), None)
    if i is None or i == 0 \
            or not all(isinstance(q, P) and q.kind == "icon_cost" for q in parts[i:]) \
            or not (_is_pred(parts[i - 1]) and parts[i - 1].kind == "verb" and parts[i - 1].v["lemma"] in ("get", "have")):
        return None
    body = list(items[k + 1][1].parts)
    n = len(body)
    while n > 1 and isinstance(body[n - 1], P) and body[n - 1].kind in ("if", "while", "lcomma"):
        n -= 1
    if n == 0 or not all(isinstance(q, (NP, P)) for q in body[:n]):
        return None
    lo, hi = parts[i].span.start, body[n - 1].span.end
    quoted = NP("quoted", None, name=ctx.text[lo:hi], span=A.Span(lo - 1, hi), text=ctx.text[lo:hi])
    return parts[:i] + [quoted] + body[n:]


_EACH_PRONOUN = {N.CREATURE: ("оно", "него"), N.CARD: ("она", "нее", "неё")}


def _conditioned(got: list, cond: A.Condition, parts, ctx: Ctx | None = None) -> list:
    """«…, пока / если …» at the end of a clause: a restriction or permission carries it;
    anything else is a Conditional (a static ability with it becomes Static(…, condition)).
    «ранить каждое существо противника, если оно ранено»: «оно» of every selected card is a
    filter on them (the selector's condition), not one test of «it» (L7)."""
    if ctx is not None and len(got) == 1 and cond.subject is not None and cond.subject.noun == N.IT \
            and not cond.subject.qualifiers and cond.subject.span != A.NOSPAN:
        field = "subject" if isinstance(got[0], (A.Restriction, A.Permission)) else "target"
        sel = getattr(got[0], field, None)
        if isinstance(sel, A.Selector) and Q.ALL in sel.qualifiers and sel.condition is None \
                and sel.span != A.NOSPAN and ctx.orig(sel.span).lower().startswith("кажд") \
                and ctx.orig(cond.subject.span).lower() in _EACH_PRONOUN.get(sel.noun, ()):
            # «каждое существо …, если оно …»: the singular «каждое» and its own pronoun
            return [replace(got[0], **{field: replace(sel, condition=replace(cond, subject=None))})]
    if len(got) == 1 and isinstance(got[0], (A.Restriction, A.Permission)) \
            and got[0].condition is None:
        return [replace(got[0], condition=own_pronoun(cond, got[0]))]
    return [A.Conditional(cond, tuple(got), span=_span(parts))]


def each_conditioned(got: list, cond: A.Condition) -> list:
    """«Ваши существа получают +1 к {strike}, пока стоят в первом ряду»: the plural condition
    tests each card of the plural target / subject — its ``Selector.condition`` (a filter), not
    the card that has the ability.  Reject when no node has such a plural selector."""
    if cond.subject is not None:
        raise Reject("a plural condition with a subject")
    out = []
    for node in got:
        field = "target" if isinstance(node, (A.Gain, A.Lose)) else \
            "subject" if isinstance(node, (A.Restriction, A.Permission)) else None
        sel = getattr(node, field) if field else None
        if sel is None or Q.ALL not in sel.qualifiers or sel.condition is not None:
            raise Reject("a plural condition: whose")
        out.append(replace(node, **{field: replace(sel, condition=cond)}))
    return out


def _lead_condition(parts, items, k, ctx, subject_hint, b: _Body) -> int:
    """«если A — X [, иначе Y]» inside a body: the condition governs the next clause."""
    nsep, ncl = items[k + 1]
    try:
        cond = condition(parts[0], ctx)
    except Reject:
        if not (nsep == "DASH" and k + 2 == len(items) and parts[0].kind == "if"
                and parts[0].v.get("clause") is not None
                and not any(c in ctx.text[parts[0].span.end:ncl.span.start] for c in "—–-")):
            raise
        # the reader put the dash before the verb (berserk-nxt drops commas): the condition's
        # last words are the subject of the clause («если выпало чётное число атака | блокируется»)
        b.effects.append(_cut_condition(list(parts[0].v["clause"].parts) + list(ncl.parts), ctx,
                                        subject_hint, b, _span([parts, ncl])))
        return k + 2
    got, t2 = _clause(list(ncl.parts), ctx, subject_hint, b)
    b.take_limit(t2, got)
    then = t2.take_note("then")
    if then is not None:
        # «если A — X, если B Y»: the next condition (no dash after it) leads a clause of its own
        t3 = Tails()
        then_eff = clause_effects(list(then), ctx, t3, b.last_subject)
        b.take_limit(t3, then_eff)
        t3.check()
        then = A.Conditional(t2.use("condition"), tuple(then_eff), span=_span(then))
    named = t2.use("named") if then is None and t2.named is not None else None
    t2.check()
    k += 2
    if then is not None:
        b.effects.extend([A.Conditional(cond, tuple(got), span=_span([parts, ncl])), then])
        return k
    otherwise = ()
    if k < len(items) and items[k][0] == "ELSE":
        got3, t3 = _clause(list(items[k][1].parts), ctx, subject_hint, b)
        b.take_limit(t3, got3)
        t3.check()
        otherwise = tuple(got3)
        k += 1
    b.effects.append(A.Conditional(cond, tuple(got), otherwise, span=_span([parts, ncl] + [
        items[k - 1][1]] if otherwise else [parts, ncl])))
    if named is not None:
        # «…; если A — X (воздействие «…»)»: the name of the body so far (as after any clause)
        b.effects = [A.Named("spell" if named[0] == "spell" else "effect", named[1], tuple(b.effects),
                             span=_span(b.effects))]
    return k


_MAY_SEPS = frozenset({"THEN", "SEQ", "SEMI"})     # the separators ``_fold_may`` joins a step after


def _fold_may(effects: list, got: list, sep: str, parts: list):
    """«вы можете посмотреть X, затем положить их …», «может X, при этом [Y] Z»: the second step
    belongs to the option (done only if X is), also when the option sits in a «если …» («если
    …, может X, при этом Z»); «может потерять {counter}; Z»: Z is what the counter pays for
    (H3, M3).  The option with ``got`` added, or None."""
    if sep not in _MAY_SEPS or not effects or not got \
            or (sep == "THEN" and (len(got) != 1 or (parts and isinstance(parts[0], NP)))) \
            or has_kind(parts, "modal"):
        return None
    return _into_may(effects[-1], tuple(got), sep, parts)


def _into_may(last, step: tuple, sep: str, parts: list):
    """``last`` (a «может X» choice, or a «если …» whose last effect is one) with ``step`` added
    to its option; None when ``last`` is not one or ``sep`` does not join them."""
    if isinstance(last, A.Conditional) and not last.otherwise and last.effects:
        inner = _into_may(last.effects[-1], step, sep, parts)
        if inner is None:
            return None
        return replace(last, effects=last.effects[:-1] + (inner,), span=_span([last, parts]))
    if isinstance(last, A.Action) and last.verb == V.OBLIGED and sep == "SEQ" and len(last.params) == 1:
        # «обязан X, при этом Y»: Y goes with the duty's X (done only when X is) (F16)
        first = last.params[0]
        steps = (first.steps if isinstance(first, A.Sequence_) else (first,)) + step
        return replace(last, params=(A.Sequence_(steps, span=_span(list(steps))),), span=_span([last, parts]))
    if not _is_may(last):
        return None
    first = last.options[0]
    if sep == "SEMI" and not (isinstance(first, A.Lose) and first.what == "counters"
                              and not (parts and isinstance(parts[0], NP))):
        return None
    steps = (first.steps if isinstance(first, A.Sequence_) else (first,)) + step
    seq = A.Sequence_(steps, span=_span(list(steps)))
    return A.Choice((seq,) + last.options[1:], last.chooser, span=_span([last, parts]))


def _is_may(node) -> bool:
    """A «может X» choice: (X, nothing)."""
    return isinstance(node, A.Choice) and len(node.options) == 2 and isinstance(node.options[1], A.Action) \
        and node.options[1].verb == V.NOTHING


def _cut_condition(inner: list, ctx: Ctx, subject_hint, b: _Body, span) -> A.Conditional:
    """«если A B» with no separator: the shortest prefix A that is a whole condition and leaves
    a whole clause B («если открыт | может объявить …», not «если открыт может объявить |…»)."""
    inner = unglue_adjectives(inner, ctx)
    for cut in range(1, len(inner)):
        if relational_complement(inner, cut):
            continue
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


def jump_now(effects) -> list:
    """«…, при этом прыжок, дальность 2» among the effects of an event or a cost: the jump done
    now, as «совершить прыжок» (Action(jump, amount=N)), not the keyword of a quality (F13)."""
    return [A.Action(V.JUMP, amount=A.Fixed(e.value), span=e.span)
            if isinstance(e, A.Keyword) and e.name == KW.JUMP and isinstance(e.value, int) and e.against is None
            else e for e in effects]


def triggered(trig: A.Trigger, effects: list, limit, span, text: str | None = None):
    """A trigger's effects; «При X, если Y, — Z» puts the condition on the trigger; «После
    нападения не закрывается» is the keyword the judge knows.  ``text``: the unit's text (a
    pronoun's form decides its antecedent, frames_roles)."""
    trig = bind_head(trig, text)
    effects = bind_roles(trig, effects, text)
    effects = jump_now(effects)
    if trig.event == TE.ATTACK and trig.timing == TT.AFTER and trig.params == (TP.IN_ASSAULT,) \
            and trig.attack is None and trig.subject is None and limit is None and len(effects) == 1 \
            and isinstance(effects[0], A.Restriction) and effects[0].what == V.CLOSE \
            and effects[0].subject is None and not effects[0].params and effects[0].duration is None:
        return A.Keyword(KW.NO_CLOSE_AFTER_ATTACK, span=span)
    if trig.event == TE.ATTACK and trig.timing == TT.AFTER and trig.params == (TP.FIRST_PER_TURN,) \
            and trig.attack in (None, K.ANY, K.STRIKE) and trig.subject is None and trig.target is None \
            and not trig.also and limit is None and len(effects) == 1 and isinstance(effects[0], A.Restriction) \
            and effects[0] == A.Restriction(V.CLOSE, span=effects[0].span):
        # «после первой атаки не закрывается»: how its first attack of the turn is paid, not an
        # event with a one-shot ban (F8) — as «не закрывается после первого удара»
        return A.Restriction(V.CLOSE, params=("after_first_attack",), span=span)
    static = prevention(trig, effects, limit, span)
    if static is not None:
        return static
    inner = effects[0] if len(effects) == 1 and isinstance(effects[0], A.Triggered) else None
    if inner is not None and inner.trigger.also and not trig.also and inner.trigger.timing is None \
            and trig.timing is None and (limit is None or inner.limit is None):
        # «В начале боя, в начале вашего хода и при ударе …»: a list of events «A, B и C» (its «и»
        # joined B and C), never a delayed C inside A
        also = (replace(inner.trigger, also=()),) + inner.trigger.also
        return A.Triggered(replace(trig, also=also), inner.effects, limit or inner.limit, inner.condition, span=span)
    cond = None
    if len(effects) == 1 and isinstance(effects[0], A.Conditional) and not effects[0].otherwise:
        cond, effects = effects[0].condition, list(effects[0].effects)
    return A.Triggered(trig, tuple(effects), limit, cond, span=span)


def own_pronoun(cond: A.Condition, node) -> A.Condition:
    """«…только по Сторожу, пока он стоит рядом …»: «он» is the card the ability names; «не
    может атаковать, пока у него …» (no other card named): it can only be the card itself."""
    if cond.subject is not None and cond.subject.noun == "it" and not cond.subject.qualifiers:
        sels = [n for n in nodes_in(node) if isinstance(n, A.Selector)
                and not (isinstance(node, (A.Restriction, A.Permission)) and n is getattr(node.condition, "subject", None))]
        if any(n.noun == "self" for n in sels) or (isinstance(node, (A.Restriction, A.Permission))
                                                    and node.subject is None and not sels):
            return A.Condition(cond.what, cond.params, cond.negated, None, span=cond.span)
    return cond


def _counters(node) -> bool:
    """A gain or loss of {counter} (permanent by nature: a duration never applies to it)."""
    if isinstance(node, A.Lose):
        return node.what == "counters"
    return any(isinstance(w, A.Keyword) and w.name == KW.COUNTER for w in node.what)


def _on_attacked(node) -> bool:
    """Whether an effect acts on the attacked creature (so that «при этом» after an attack
    makes it a rider of the attack)."""
    t = getattr(node, "target", None)
    return isinstance(t, A.Selector) and t.noun in (N.ATTACKED, N.IT)


__all__ = ["TRIGGER_KINDS", "body_effects", "clause_list", "own_pronoun", "rest_clauses", "triggered"]
