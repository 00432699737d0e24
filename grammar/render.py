"""The one Russian rendering of the ability AST for people: ``berserk parse``, ``berserk card``
and the web card page all show ``lines(node)``.

    >>> from grammar import parse
    >>> print(tree(parse("{tap}: Выстрел на 2, дальность 3.").abilities[0]))
    действие, цена ⤵️:
      выстрел на 2, дальность 3

A node is one line — a Russian phrase with its small parts inline (damage, range, cost, target,
duration …) — followed, two spaces deeper, by the nodes it contains (an action's effects, an
attack's riders, what «Строй» holds).  ``Line.parts`` keep icons as ``{code}`` (``tree`` shows
symbols, grammar.display; the web, HTML); a part naming a rule term (an attack kind, a keyword,
poison …) carries it in ``Part.term`` for the web's link to its clause.

Every node class renders: one without a phrase here gets the generic rendering (its Russian
name, leaf fields inline, node fields below).  The open vocabularies' words (verbs, conditions,
qualifiers …) come from grammar.display; an id none has shows as ``⟨без перевода: id⟩``
(tests/carddb/test_render.py renders the whole corpus and fails on any).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from berserk.text import plural
from berserk.vocab import KeywordName
from grammar import ast as A
from grammar import display as W
from grammar.display import word
from grammar.render_core import (INLINE, RENDERERS, Line, Part, Phrase, Rendered, _members, amount,
                                 attack_kind, attack_name, condition, condition_text, cost,
                                 count_text, duration, indented_texts, inline, join_phrase, limit,
                                 line_text, lines, measure, param_text, relation, selector,
                                 strength_of, summary, tree, trigger)


# ---------------------------------------------------------------- one phrase per node class
keyword_name = _members(KeywordName)


def _keyword(n: A.Keyword) -> Rendered:
    member = keyword_name(n.name)
    p = Phrase()
    if member is not None and member.icon and W.has_emoji(member.icon):
        p.add(member.icon + " ")
    p.add(member.ru if member is not None else word(n.name), n.name)
    if n.value is not None:
        p.add(f" {n.value}")
    if n.against is not None:
        p.add(f", по цели: {selector(n.against)}")
    return p, ()


def _kinds(kinds: Iterable[str], table: dict[str, str] | None, form: str) -> Phrase:
    """«выстрелов, разрядов» — each kind a linked part, in the case ``form`` names."""
    p = Phrase()
    for i, kind in enumerate(kinds):
        if i:
            p.add(", ")
        member = attack_kind(kind)
        if table is not None and kind in table:
            text = table[kind]
        elif member is not None:
            text = getattr(member.forms, form)
        else:
            text = word(kind)
        p.add(text, kind)
    return p


def _strengths(values: Iterable[str]) -> str:
    names = []
    for v in values:
        s = strength_of(v)
        names.append(s.masc if s is not None else word(v))
    return ", ".join(names)


def _protection(n: A.Protection) -> Rendered:
    p = Phrase("защита от ")
    join_phrase(p, _kinds(n.against, W.PROTECTION_GEN, "nom"))
    if n.strengths:
        p.add(f" (только {_strengths(n.strengths)})")
    return p, ()


def _per(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return f"за каждую {{{value}}}"
    return f"за каждую единицу: {measure(value)}"


def _bonus(n: A.Bonus) -> Rendered:
    p = Phrase(f"{_signed(n.amount)} к ")
    join_phrase(p, _kinds(n.to, W.TO_DATIVE, "dat"))
    if n.strengths:
        p.add(f" (только {_strengths(n.strengths)})")
    attacker = getattr(n, "attacker", None)
    p.tail(f"чьим: {selector(attacker)}" if attacker is not None else "")
    p.tail(f"по цели: {selector(n.against)}" if n.against is not None else "")
    p.tail(_per(n.per))
    maximum = getattr(n, "maximum", None)
    p.tail(f"максимум +{maximum}" if maximum is not None else "")
    p.tail(duration(n.duration))
    p.tail(f"если {condition(n.condition)}" if n.condition is not None else "")
    return p, _definitions(n.amount)


def _signed(value: Any) -> str:
    text = amount(value)
    return text if text.startswith(("-", "+")) else "+" + text


def _reduction(n: A.Reduction) -> Rendered:
    p = Phrase(f"−{amount(n.amount).lstrip('-')} от ")
    join_phrase(p, _kinds(n.against, W.PROTECTION_GEN, "nom"))
    if n.strengths:
        p.add(f" (только {_strengths(n.strengths)})")
    p.tail(f"источник: {selector(n.source)}" if n.source is not None else "")
    p.tail(f"если {condition(n.condition)}" if n.condition is not None else "")
    return p, _definitions(n.amount)


def _attack(n: A.Attack) -> Rendered:
    p = Phrase().add(attack_name(n.attack), n.attack)
    if n.name:
        p.add(f" «{n.name}»")
    if n.damage is not None:
        p.add(f" на {amount(n.damage)}")
    p.tail(f"дальность {n.range}" if n.range is not None else "")
    if tuple(n.count) != (1, 1):
        p.tail(count_text(n.count) + " раз")
    p.tail(f"по цели: {selector(n.target)}" if n.target is not None else "")
    through = getattr(n, "through", None)
    p.tail(f"только через: {selector(through)}" if through is not None else "")
    return p, _definitions(n.damage) + tuple(n.riders)


def _definitions(value: Any) -> tuple:
    """«где X — …» under a line whose amount is a defined variable."""
    if isinstance(value, A.Variable) and value.definition is not None:
        return (_Where(value.name, value.definition),)
    return ()


@dataclass(frozen=True)
class _Where:
    """The definition of a variable, as a line of its own: «где X — число ран: …»."""
    name: str
    definition: Any


def _amounted(name: str, term: str):
    def render(n) -> Rendered:
        p = Phrase().add(name, term).add(f" на {amount(n.amount)}")
        p.tail(f"цель: {selector(n.target)}" if getattr(n, "target", None) is not None else "")
        return p, _definitions(n.amount)
    return render


def _wound(n: A.Wound) -> Rendered:
    return Phrase(f"ранить: {selector(n.target)}, на {amount(n.amount)}"), _definitions(n.amount)


def _heal(n: A.Heal) -> Rendered:
    p = Phrase().add("излечить", "heal").add(f": {selector(n.target)}")
    p.add(f", на {amount(n.amount)}" if n.amount is not None else ", от ран")
    return p, _definitions(n.amount)


def _vampirism(n: A.Vampirism) -> Rendered:
    p = Phrase().add("вампиризм", "vampirism")
    if n.amount is not None:
        p.add(f" на {amount(n.amount)}")
    if n.maximum is not None:
        p.add(f" (не более {n.maximum} {{health}})")
    return p, _definitions(n.amount)


def _gain(n: A.Gain) -> Rendered:
    p = Phrase(f"{selector(n.target)} получает").tail(duration(n.duration))
    return p.add(":"), tuple(n.what)


def _lose(n: A.Lose) -> Rendered:
    what = W.LOSE_WHAT.get(n.what, word(n.what))
    if n.amount is not None:
        what = f"{n.amount} × {what}"
    abilities = tuple(getattr(n, "abilities", ()))
    p = Phrase(f"{selector(n.target)} теряет {what}").tail(duration(n.duration))
    return (p.add(":") if abilities else p), abilities


def _action(n: A.Action) -> Rendered:
    p = Phrase(W.VERBS.get(n.verb, word(n.verb)))
    amount_value = getattr(n, "amount", None)
    if amount_value is not None:
        p.add(f" {amount(amount_value)}")
    if n.target is not None:
        p.add(f": {selector(n.target)}")
    to = getattr(n, "to", None)
    origin = getattr(n, "origin", None)
    by = getattr(n, "by", None)
    p.tail(f"откуда: {selector(origin)}" if origin is not None else "")
    p.tail(f"куда: {selector(to)}" if to is not None else "")
    p.tail(f"кто: {selector(by)}" if by is not None and by.noun != "player" else "")
    nodes = tuple(v for v in n.params if isinstance(v, A.Node) and not isinstance(v, INLINE))
    leaves = [v for v in n.params if v not in nodes]
    if leaves:
        p.add(" (" + ", ".join(param_text(v) for v in leaves) + ")")
    p.tail(duration(getattr(n, "duration", None)))
    return p, nodes + _definitions(amount_value)


def _activated(n: A.Activated) -> Rendered:
    p = Phrase("действие, цена ").add(cost(n.cost))
    p.tail(limit(n.limit), " — ")
    return p.add(":"), tuple(n.effects)


def _triggered(n: A.Triggered) -> Rendered:
    p = trigger(n.trigger)
    cond = getattr(n, "condition", None)
    p.tail(f"если {condition(cond)}" if cond is not None else "")
    p.tail(limit(n.limit), " — ")
    return p.add(":"), tuple(n.effects)


def _static(n: A.Static) -> Rendered:
    p = Phrase("постоянно")
    p.tail(f"пока {condition(n.condition)}" if n.condition is not None else "")
    p.tail(limit(getattr(n, "limit", None)), " — ")
    return p.add(":"), tuple(n.effects)


def _formation(n: A.Formation) -> Rendered:
    p = Phrase().add("строй", "formation")
    p.tail(f"если {condition(n.condition)}" if n.condition is not None else "")
    return p.add(":"), tuple(n.inner)


def _when_order(n: A.WhenOrder) -> Rendered:
    who = {"second": "вторым", "first": "первым"}.get(n.order, word(n.order))
    return Phrase(f"{{{n.order}}} если вы ходите {who}:"), tuple(n.inner)


def _named(n: A.Named) -> Rendered:
    kind = "заклинание" if n.effect_kind == "spell" else "воздействие"
    p = Phrase().add(kind, n.kind)
    if n.name:
        p.add(f" «{n.name}»")
    if getattr(n, "range", None) is not None:
        p.add(f", дальность {n.range}")
    p.tail(limit(n.limit), " — ")
    return p.add(":"), tuple(n.body)


def _choice(n: A.Choice) -> Rendered:
    who = W.CHOOSERS.get(n.chooser, word(n.chooser)) if n.chooser else "владельца"
    each = " (за каждую карту отдельно)" if n.each else ""
    return Phrase(f"на выбор {who}{each}:"), tuple(n.options)


def _conditional(n: A.Conditional) -> Rendered:
    otherwise = tuple(getattr(n, "otherwise", ()))
    children = tuple(n.effects)
    if otherwise:
        children += (_Otherwise(otherwise),)
    return Phrase(f"если {condition(n.condition)}:"), children


@dataclass(frozen=True)
class _Otherwise:
    """The «иначе:» branch of a Conditional, as a line of its own."""
    effects: tuple


def _label(n) -> Rendered:
    member = keyword_name(getattr(n, "keyword", None) or "")
    p = Phrase()
    if member is not None and member.icon and W.has_emoji(member.icon):
        p.add(member.icon + " ")
    p.add(n.name, getattr(n, "keyword", None))
    if getattr(n, "value", None) is not None:
        p.add(f" {n.value}")
    return p.add(" — пока у карты есть эта особенность:"), tuple(n.inner)


def _rule_change(n, head: str) -> Phrase:
    """Restriction / Permission: «<кто> не может: атаковать, только по …»."""
    p = Phrase()
    subject = getattr(n, "subject", None)
    p.add((selector(subject) + " " if subject is not None else "") + head + " ")
    p.add(W.VERBS.get(n.what, word(n.what)))
    kinds = getattr(n, "kinds", ())
    if kinds:
        p.add(": ")
        join_phrase(p, _kinds(kinds, None, "nom"))
    times = getattr(n, "times", None)
    p.tail(f"{times} {plural(times, 'раз', 'раза', 'раз')} за ход" if times else "")
    for name, label in (("only", "только по цели"), ("target", "по цели")):
        sel = getattr(n, name, None)
        p.tail(f"{label}: {selector(sel)}" if sel is not None else "")
    leaves = [v for v in getattr(n, "params", ()) if not isinstance(v, A.Node)]
    p.tail(", ".join(param_text(v) for v in leaves))
    p.tail(duration(getattr(n, "duration", None)))
    cond = getattr(n, "condition", None)
    p.tail(f"пока {condition(cond)}" if cond is not None else "")
    return p


def _rule(allowed: bool):
    """Permission («может …») or Restriction («не может …»; «может … только по X»)."""
    def render(n) -> Rendered:
        nodes = tuple(v for v in getattr(n, "params", ()) if isinstance(v, A.Node))
        head = "может" if allowed or getattr(n, "only", None) else "не может"
        return _rule_change(n, head), nodes
    return render


def _unknown(n: A.Unknown) -> Rendered:
    return (Phrase(f"{{{n.icon}}} значок не доказан — судья не решает по этой способности"),
            tuple(n.inner))


def _opaque(n: A.Opaque) -> Rendered:
    return Phrase(f"не разобрано: «{n.text}»"), ()


#: node class name → its phrase (names, not classes: a class the grammar adds later renders
#: generically until it is listed here, and this module imports on any version of grammar.ast)
_RENDERERS: dict[str, Callable[[Any], Rendered]] = {
    "Keyword": _keyword, "Protection": _protection, "Bonus": _bonus, "Reduction": _reduction,
    "Attack": _attack, "Poison": _amounted("отравление", "poison"),
    "Finishing": _amounted("добивание", "finishing"), "Wound": _wound, "Heal": _heal,
    "Vampirism": _vampirism, "Gain": _gain, "Lose": _lose, "Action": _action,
    "Activated": _activated, "Triggered": _triggered, "Static": _static,
    "Formation": _formation, "WhenOrder": _when_order, "Named": _named, "Choice": _choice,
    "Conditional": _conditional, "Sequence_": lambda n: (Phrase("по порядку:"), tuple(n.steps)),
    "Unknown": _unknown, "Opaque": _opaque, "Label": _label,
    "Restriction": _rule(False), "Permission": _rule(True),
    "_Otherwise": lambda n: (Phrase("иначе:"), n.effects),
    "_Where": lambda n: (Phrase(f"где {n.name} — {inline(n.definition)}"), ()),
    "Define": lambda n: (Phrase(f"где {n.name} — {inline(n.measure)}"
                               + (f" (максимум {n.maximum})" if n.maximum is not None else "")
                               + (f" (минимум {n.minimum})" if n.minimum is not None else "")), ()),
    "CounterLimit": lambda n: (Phrase(f"не более {n.maximum} {{counter}}"), ()),
    "StartsWithCounters": lambda n: (Phrase("начинает бой с ").add(
        f"{n.count if n.count != 1 else ''}{{counter}}", "counter"), ()),
    "Measure": lambda n: (Phrase(measure(n)), ()),
    "Condition": lambda n: (Phrase(condition(n)), ()),
    "Selector": lambda n: (Phrase(selector(n)), ()),
    "Relation": lambda n: (Phrase(relation(n)), ()),
    "Duration": lambda n: (Phrase(duration(n)), ()),
    "Limit": lambda n: (Phrase(limit(n)), ()),
    "Trigger": lambda n: (trigger(n), ()),
    "Cost": lambda n: (Phrase(cost(n)), ()),
    "Fixed": lambda n: (Phrase(amount(n)), ()),
    "ByStrength": lambda n: (Phrase(amount(n)), ()),
    "Variable": lambda n: (Phrase(amount(n)), _definitions(n)),
}
RENDERERS.update(_RENDERERS)

__all__ = ["Line", "Part", "amount", "attack_name", "condition", "condition_text", "cost", "duration",
           "inline", "limit", "line_text", "lines", "measure", "relation", "selector", "summary", "tree",
           "trigger"]
