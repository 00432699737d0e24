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

from dataclasses import dataclass, fields
from typing import Any, Callable, Iterable

from berserk.text import plural
from berserk.vocab import AttackKind, DurationKind, KeywordName, Strength, TriggerEvent
from grammar import ast as A
from grammar import display as W
from grammar.display import to_display, word


@dataclass(frozen=True)
class Part:
    """A piece of a line: its text (icons as ``{code}``) and, for a rule term, the term's
    vocabulary id (``shot``, ``poison``, ``flying``, ``named_effect`` …)."""

    text: str
    term: str | None = None


@dataclass(frozen=True)
class Line:
    depth: int
    parts: tuple[Part, ...]
    typed: bool = True            # False: an Opaque text or an unproven icon

    @property
    def text(self) -> str:
        """The line's canonical text (icons as ``{code}``), without indentation."""
        return "".join(p.text for p in self.parts)


class _Phrase:
    """Builds the parts of one line."""

    def __init__(self, *texts: str):
        self.parts: list[Part] = [Part(t) for t in texts if t]

    def add(self, text: str, term: str | None = None) -> "_Phrase":
        if text:
            if term is None and self.parts and self.parts[-1].term is None:
                self.parts[-1] = Part(self.parts[-1].text + text)
            else:
                self.parts.append(Part(text, term))
        return self

    def tail(self, text: str | None, sep: str = ", ") -> "_Phrase":
        """``sep`` + ``text`` when there is a text."""
        if text:
            self.add(sep + text)
        return self


# ---------------------------------------------------------------- small values, inline
def amount(value: Any) -> str:
    """«2», «2-3-4», «2X+1 (не более 4)»."""
    if isinstance(value, A.Fixed):
        return str(value.value)
    if isinstance(value, A.ByStrength):
        return f"{value.weak}-{value.medium}-{value.strong}"
    if isinstance(value, A.Variable):
        factor = getattr(value, "factor", 1)
        text = (f"{factor}" if factor != 1 else "") + value.name
        text += f"{value.offset:+d}" if value.offset else ""
        bounds = []
        if getattr(value, "minimum", None) is not None:
            bounds.append(f"не менее {value.minimum}")
        if value.maximum is not None:
            bounds.append(f"не более {value.maximum}")
        return text + (f" ({', '.join(bounds)})" if bounds else "")
    if value is None:
        return ""
    if isinstance(value, A.Node):
        return summary(value)
    return str(value)


def cost(value: A.Cost) -> str:
    """«{instant}2{counter}{tap}»: the icons the card prints before the colon."""
    out = "{instant}" if value.instant else ""
    if value.counters:
        out += f"{value.counters if value.counters != 1 else ''}{{counter}}"
    if value.tap:
        out += "{tap}"
    return out or "без цены"


def limit(value: A.Limit | None) -> str:
    if value is None:
        return ""
    per = {"turn": "ход", "fight": "бой", "game": "игру"}.get(value.per, word(value.per))
    text = f"{value.times} {plural(value.times, 'раз', 'раза', 'раз')} за {per}"
    if value.each:
        text += f", для каждого: {W.noun_phrase(value.each)}"
    return text


def _count(count) -> str:
    low, high = count
    if high is None:
        return f"{low} или больше"
    return f"{high}" if low == high else f"до {high}" if low <= 1 else f"{low}–{high}"


def selector(value: A.Selector | None) -> str:
    """«существо противника (соседнее, закрытое), рядом с этой картой, 2»."""
    if value is None:
        return ""
    gender = W.noun_gender(value.noun)
    text = W.noun_phrase(value.noun)
    if value.side == "own":
        text = W.OWN.get(gender, "ваше") + " " + text
    elif value.side:
        text += " " + W.SIDES.get(value.side, W.untranslated(value.side))
    if value.qualifiers:
        text += " (" + ", ".join(W.qualifier_phrase(q, gender) for q in value.qualifiers) + ")"
    if getattr(value, "members", ()):
        # «любое из [верх колоды; низ колоды]»: the members, each a selector of its own
        text += " [" + "; ".join(selector(m) for m in value.members) + "]"
    for rel in getattr(value, "relations", ()):
        text += ", " + relation(rel)
    if getattr(value, "condition", None) is not None:
        text += ", которое: " + condition(value.condition)
    if value.count:
        text += ", " + _count(value.count)
    return text


def relation(value) -> str:
    """«рядом с этой картой», «напротив: атакованное существо»."""
    to = getattr(value, "to", None)
    if to is not None and to.noun == "self" and not to.qualifiers and value.what in W.RELATIONS_TO_SELF:
        return W.RELATIONS_TO_SELF[value.what]
    return f"{W.RELATIONS.get(value.what, word(value.what))}: {selector(to)}"


def duration(value: A.Duration | None) -> str:
    if value is None:
        return ""
    until = str(value.until)
    cond = getattr(value, "condition", None)
    if until.startswith("while:"):
        return "пока " + condition_text(until[len("while:"):], ())
    if until == "while" and cond is not None:
        return "пока " + condition(cond)
    count = getattr(value, "count", None)
    if until in ("turns", "opponent_turns") and count is not None:
        turns = plural(count, "ход", "хода", "ходов") if isinstance(count, int) else "ходов"
        return f"на {count} {turns}" + (" противника" if until == "opponent_turns" else "")
    member = DurationKind.get(until)
    return member.ru if member is not None else word(until)


def _param(value: Any) -> str:
    if isinstance(value, A.Node):
        return inline(value)
    if isinstance(value, tuple):
        if len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], A.Node):
            return f"{word(value[0])}: {inline(value[1])}"         # («from», Selector)
        return ", ".join(_param(v) for v in value)
    return word(value)


_OPS = {">=": "не меньше", "<=": "не больше", "==": "ровно", ">": "больше", "<": "меньше",
        "=": "ровно"}


def condition_text(what: str, params: Iterable[Any], negated: bool = False,
                   subject: Any = None) -> str:
    params = tuple(params)
    words = [_param(p) for p in params]
    who = f"{selector(subject)}: " if subject is not None else ""
    if what == "count" and len(params) == 3:
        text = f"{_param(params[0])} {_OPS.get(str(params[1]), str(params[1]))} {_param(params[2])}"
    elif what in ("all", "any"):
        text = (" и " if what == "all" else " или ").join(words)
    elif what == "rolled":
        text = "на кубике выпало " + " или ".join(words)
    elif what == "has_counters" and negated:
        return who + "нет фишек {counter}" + (f" (меньше {words[0]})" if words else "")
    elif what in ("wounded", "has_counters") and len(params) == 1 and isinstance(params[0], int):
        text = W.CONDITIONS[what] + f" (не меньше {params[0]})"     # «3 или больше ран»
    elif what == "exists" and negated:
        return who + "нет: " + ", ".join(words)
    elif what == "shown_card":                       # «показанная карта элитная»
        return who + ("не " if negated else "") + "показанная карта " + ", ".join(
            W.qualifier_phrase(p, "f") if isinstance(p, str) else _param(p) for p in params)
    else:
        pattern = W.CONDITIONS.get(what)
        if pattern is None:
            pattern = word(what)
        if "{0}" in pattern:
            try:
                text = pattern.format(*words)
            except IndexError:
                text = pattern.replace("{0}", "").strip()
        else:
            text = " ".join(filter(None, [pattern, ", ".join(words)]))
    return who + ("не " if negated else "") + text


def condition(value: A.Condition | None) -> str:
    if value is None:
        return ""
    return condition_text(value.what, value.params, getattr(value, "negated", False),
                          getattr(value, "subject", None))


def measure(value: A.Measure | None) -> str:
    if value is None:
        return ""
    text = W.MEASURES.get(value.what, word(value.what))
    if value.strength:
        member = Strength.get(value.strength)
        text += f" ({member.masc if member else word(value.strength)} удар)"
    params = getattr(value, "params", ())
    if params:
        text += " (" + _param(params) + ")"
    if value.of is not None:
        text += ": " + selector(value.of)
    return text


def attack_name(kind: str) -> str:
    """«выстрел» for ``shot``; a word no member has goes through the phrase tables."""
    member = AttackKind.get(kind)
    return member.forms.nom if member is not None else word(kind)


def trigger(value: A.Trigger) -> _Phrase:
    timing = getattr(value, "timing", None)
    member = TriggerEvent.get(value.event)
    p = _Phrase(f"{word(timing)}: " if timing else "")
    p.add(member.ru if member is not None else word(value.event))
    if value.strength and value.event == "attack" and Strength.get(value.strength):
        # «при атаке» + strong → «при сильной атаке»
        fem = Strength.get(value.strength).fem
        p.parts[-1] = Part(p.parts[-1].text.replace(
            "при атаке", f"при {fem[:-2]}{'ей' if fem.endswith('яя') else 'ой'} атаке"))
    elif value.strength and value.event != "strong_attack":
        s = Strength.get(value.strength)
        p.add(f" ({s.fem if s else word(value.strength)})")
    if value.attack:
        kind = AttackKind.get(value.attack)
        p.add(" ")
        p.add(kind.forms.ins if kind is not None else word(value.attack), value.attack)
    for name, label in (("subject", "кто"), ("target", "по кому"), ("origin", "откуда"),
                        ("destination", "куда")):
        sel = getattr(value, name, None)
        if sel is not None:
            p.add(f", {label}: {selector(sel)}")
    cause = getattr(value, "cause", None)
    if cause:
        p.add(", от: ").add(W.PROTECTION_GEN.get(cause, word(cause)), cause)
    turn = getattr(value, "turn", None)
    if turn:
        p.add(", " + {"own": "в ваш ход", "opponent": "в ход противника"}.get(turn, word(turn)))
    params = getattr(value, "params", ())
    if params:
        p.add(" (" + _param(params) + ")")
    for other in getattr(value, "also", ()):
        p.add(" или ")
        _joined(p, trigger(other))
    return p


def inline(value: Any) -> str:
    """A compact one-line Russian form of a small value or part node (grammar.golden's diffs)."""
    if isinstance(value, (A.Fixed, A.ByStrength, A.Variable)):
        return amount(value)
    if isinstance(value, A.Cost):
        return to_display(cost(value))
    if isinstance(value, A.Limit):
        return limit(value)
    if isinstance(value, A.Selector):
        return selector(value)
    if isinstance(value, A.Duration):
        return duration(value)
    if isinstance(value, A.Condition):
        return condition(value)
    if isinstance(value, A.Measure):
        return measure(value)
    if isinstance(value, A.Trigger):
        return to_display("".join(p.text for p in trigger(value).parts))
    if type(value).__name__ == "Relation":
        return relation(value)
    if isinstance(value, tuple):
        return ", ".join(inline(v) for v in value)
    if isinstance(value, A.Node):
        return summary(value)
    return word(value) if isinstance(value, str) else str(value)


# ---------------------------------------------------------------- one phrase per node class
Rendered = tuple[_Phrase, tuple]          # the head, and the child nodes listed below it


def _keyword(n: A.Keyword) -> Rendered:
    member = KeywordName.get(n.name)
    p = _Phrase()
    if member is not None and member.icon and W.has_emoji(member.icon):
        p.add(member.icon + " ")
    p.add(member.ru if member is not None else word(n.name), n.name)
    if n.value is not None:
        p.add(f" {n.value}")
    if n.against is not None:
        p.add(f", по цели: {selector(n.against)}")
    return p, ()


def _kinds(kinds: Iterable[str], table: dict[str, str] | None, form: str) -> _Phrase:
    """«выстрелов, разрядов» — each kind a linked part, in the case ``form`` names."""
    p = _Phrase()
    for i, kind in enumerate(kinds):
        if i:
            p.add(", ")
        member = AttackKind.get(kind)
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
        s = Strength.get(v)
        names.append(s.masc if s is not None else word(v))
    return ", ".join(names)


def _joined(p: _Phrase, other: _Phrase) -> _Phrase:
    for part in other.parts:
        p.add(part.text, part.term)
    return p


def _protection(n: A.Protection) -> Rendered:
    p = _Phrase("защита от ")
    _joined(p, _kinds(n.against, W.PROTECTION_GEN, "nom"))
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
    p = _Phrase(f"{_signed(n.amount)} к ")
    _joined(p, _kinds(n.to, W.TO_DATIVE, "dat"))
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
    p = _Phrase(f"−{amount(n.amount).lstrip('-')} от ")
    _joined(p, _kinds(n.against, W.PROTECTION_GEN, "nom"))
    if n.strengths:
        p.add(f" (только {_strengths(n.strengths)})")
    p.tail(f"источник: {selector(n.source)}" if n.source is not None else "")
    p.tail(f"если {condition(n.condition)}" if n.condition is not None else "")
    return p, _definitions(n.amount)


def _attack(n: A.Attack) -> Rendered:
    p = _Phrase().add(attack_name(n.attack), n.attack)
    if n.name:
        p.add(f" «{n.name}»")
    if n.damage is not None:
        p.add(f" на {amount(n.damage)}")
    p.tail(f"дальность {n.range}" if n.range is not None else "")
    if tuple(n.count) != (1, 1):
        p.tail(_count(n.count) + " раз")
    p.tail(f"по цели: {selector(n.target)}" if n.target is not None else "")
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
        p = _Phrase().add(name, term).add(f" на {amount(n.amount)}")
        p.tail(f"цель: {selector(n.target)}" if getattr(n, "target", None) is not None else "")
        return p, _definitions(n.amount)
    return render


def _wound(n: A.Wound) -> Rendered:
    return _Phrase(f"ранить: {selector(n.target)}, на {amount(n.amount)}"), _definitions(n.amount)


def _heal(n: A.Heal) -> Rendered:
    p = _Phrase().add("излечить", "heal").add(f": {selector(n.target)}")
    p.add(f", на {amount(n.amount)}" if n.amount is not None else ", от ран")
    return p, _definitions(n.amount)


def _vampirism(n: A.Vampirism) -> Rendered:
    p = _Phrase().add("вампиризм", "vampirism")
    if n.amount is not None:
        p.add(f" на {amount(n.amount)}")
    if n.maximum is not None:
        p.add(f" (не более {n.maximum} {{health}})")
    return p, _definitions(n.amount)


def _gain(n: A.Gain) -> Rendered:
    p = _Phrase(f"{selector(n.target)} получает").tail(duration(n.duration))
    return p.add(":"), tuple(n.what)


def _lose(n: A.Lose) -> Rendered:
    what = W.LOSE_WHAT.get(n.what, word(n.what))
    if n.amount is not None:
        what = f"{n.amount} × {what}"
    abilities = tuple(getattr(n, "abilities", ()))
    p = _Phrase(f"{selector(n.target)} теряет {what}").tail(duration(n.duration))
    return (p.add(":") if abilities else p), abilities


def _action(n: A.Action) -> Rendered:
    p = _Phrase(W.VERBS.get(n.verb, word(n.verb)))
    amount_value = getattr(n, "amount", None)
    if amount_value is not None:
        p.add(f" {amount(amount_value)}")
    if n.target is not None:
        p.add(f": {selector(n.target)}")
    to = getattr(n, "to", None)
    p.tail(f"куда: {selector(to)}" if to is not None else "")
    nodes = tuple(v for v in n.params if isinstance(v, A.Node) and not isinstance(v, _INLINE))
    leaves = [v for v in n.params if v not in nodes]
    if leaves:
        p.add(" (" + ", ".join(_param(v) for v in leaves) + ")")
    p.tail(duration(getattr(n, "duration", None)))
    return p, nodes + _definitions(amount_value)


def _activated(n: A.Activated) -> Rendered:
    p = _Phrase("действие, цена ").add(cost(n.cost))
    p.tail(limit(n.limit), " — ")
    return p.add(":"), tuple(n.effects)


def _triggered(n: A.Triggered) -> Rendered:
    p = trigger(n.trigger)
    cond = getattr(n, "condition", None)
    p.tail(f"если {condition(cond)}" if cond is not None else "")
    p.tail(limit(n.limit), " — ")
    return p.add(":"), tuple(n.effects)


def _static(n: A.Static) -> Rendered:
    p = _Phrase("постоянно")
    p.tail(f"пока {condition(n.condition)}" if n.condition is not None else "")
    return p.add(":"), tuple(n.effects)


def _formation(n: A.Formation) -> Rendered:
    p = _Phrase().add("строй", "formation")
    p.tail(f"если {condition(n.condition)}" if n.condition is not None else "")
    return p.add(":"), tuple(n.inner)


def _when_order(n: A.WhenOrder) -> Rendered:
    who = {"second": "вторым", "first": "первым"}.get(n.order, word(n.order))
    return _Phrase(f"{{{n.order}}} если вы ходите {who}:"), tuple(n.inner)


def _named(n: A.Named) -> Rendered:
    kind = "заклинание" if n.effect_kind == "spell" else "воздействие"
    p = _Phrase().add(kind, n.kind)
    if n.name:
        p.add(f" «{n.name}»")
    p.tail(limit(n.limit), " — ")
    return p.add(":"), tuple(n.body)


def _choice(n: A.Choice) -> Rendered:
    who = W.CHOOSERS.get(n.chooser, word(n.chooser)) if n.chooser else "владельца"
    return _Phrase(f"на выбор {who}:"), tuple(n.options)


def _conditional(n: A.Conditional) -> Rendered:
    otherwise = tuple(getattr(n, "otherwise", ()))
    children = tuple(n.effects)
    if otherwise:
        children += (_Otherwise(otherwise),)
    return _Phrase(f"если {condition(n.condition)}:"), children


@dataclass(frozen=True)
class _Otherwise:
    """The «иначе:» branch of a Conditional, as a line of its own."""
    effects: tuple


def _label(n) -> Rendered:
    member = KeywordName.get(getattr(n, "keyword", None) or "")
    p = _Phrase()
    if member is not None and member.icon and W.has_emoji(member.icon):
        p.add(member.icon + " ")
    p.add(n.name, getattr(n, "keyword", None))
    if getattr(n, "value", None) is not None:
        p.add(f" {n.value}")
    return p.add(" — пока у карты есть эта особенность:"), tuple(n.inner)


def _rule_change(n, head: str) -> _Phrase:
    """Restriction / Permission: «<кто> не может: атаковать, только по …»."""
    p = _Phrase()
    subject = getattr(n, "subject", None)
    p.add((selector(subject) + " " if subject is not None else "") + head + " ")
    p.add(W.VERBS.get(n.what, word(n.what)))
    kinds = getattr(n, "kinds", ())
    if kinds:
        p.add(": ")
        _joined(p, _kinds(kinds, None, "nom"))
    times = getattr(n, "times", None)
    p.tail(f"{times} {plural(times, 'раз', 'раза', 'раз')} за ход" if times else "")
    for name, label in (("only", "только по цели"), ("target", "по цели")):
        sel = getattr(n, name, None)
        p.tail(f"{label}: {selector(sel)}" if sel is not None else "")
    leaves = [v for v in getattr(n, "params", ()) if not isinstance(v, A.Node)]
    p.tail(", ".join(_param(v) for v in leaves))
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
    return (_Phrase(f"{{{n.icon}}} значок не доказан — судья не решает по этой способности"),
            tuple(n.inner))


def _opaque(n: A.Opaque) -> Rendered:
    return _Phrase(f"не разобрано: «{n.text}»"), ()


#: node class name → its phrase (names, not classes: a class the grammar adds later renders
#: generically until it is listed here, and this module imports on any version of grammar.ast)
_RENDERERS: dict[str, Callable[[Any], Rendered]] = {
    "Keyword": _keyword, "Protection": _protection, "Bonus": _bonus, "Reduction": _reduction,
    "Attack": _attack, "Poison": _amounted("отравление", "poison"),
    "Finishing": _amounted("добивание", "finishing"), "Wound": _wound, "Heal": _heal,
    "Vampirism": _vampirism, "Gain": _gain, "Lose": _lose, "Action": _action,
    "Activated": _activated, "Triggered": _triggered, "Static": _static,
    "Formation": _formation, "WhenOrder": _when_order, "Named": _named, "Choice": _choice,
    "Conditional": _conditional, "Sequence_": lambda n: (_Phrase("по порядку:"), tuple(n.steps)),
    "Unknown": _unknown, "Opaque": _opaque, "Label": _label,
    "Restriction": _rule(False), "Permission": _rule(True),
    "_Otherwise": lambda n: (_Phrase("иначе:"), n.effects),
    "_Where": lambda n: (_Phrase(f"где {n.name} — {inline(n.definition)}"), ()),
    "Define": lambda n: (_Phrase(f"где {n.name} — {inline(n.measure)}"), ()),
    "CounterLimit": lambda n: (_Phrase(f"не более {n.maximum} {{counter}}"), ()),
    "StartsWithCounters": lambda n: (_Phrase("начинает бой с ").add(
        f"{n.count if n.count != 1 else ''}{{counter}}", "counter"), ()),
    "Measure": lambda n: (_Phrase(measure(n)), ()),
    "Condition": lambda n: (_Phrase(condition(n)), ()),
    "Selector": lambda n: (_Phrase(selector(n)), ()),
    "Relation": lambda n: (_Phrase(relation(n)), ()),
    "Duration": lambda n: (_Phrase(duration(n)), ()),
    "Limit": lambda n: (_Phrase(limit(n)), ()),
    "Trigger": lambda n: (trigger(n), ()),
    "Cost": lambda n: (_Phrase(cost(n)), ()),
    "Fixed": lambda n: (_Phrase(amount(n)), ()),
    "ByStrength": lambda n: (_Phrase(amount(n)), ()),
    "Variable": lambda n: (_Phrase(amount(n)), _definitions(n)),
}


def _generic(node: A.Node) -> Rendered:
    """A node class without its own phrase: its Russian name, leaf fields inline as «поле:
    значение», node fields as lines below.  New AST classes render this way until they get a
    phrase (tests/carddb/test_render.py says which)."""
    p = _Phrase(W.NODE_NAMES.get(type(node).__name__, W.untranslated(type(node).__name__)))
    children: list = []
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if value in (None, (), False) or value == f.default:
            continue
        label = W.FIELD_NAMES.get(f.name, "")
        if isinstance(value, _INLINE):
            p.tail(f"{label}: {inline(value)}" if label else inline(value))
        elif isinstance(value, A.Node):
            children.append(value)
        elif isinstance(value, tuple) and any(isinstance(v, A.Node) and not isinstance(v, _INLINE)
                                              for v in value):
            children.extend(v for v in value if isinstance(v, A.Node))
        else:
            text = _param(value) if not isinstance(value, bool) else ""
            p.tail(f"{label}: {text}" if label and text else label or text)
    return p, tuple(children)


_INLINE = (A.Fixed, A.ByStrength, A.Variable, A.Cost, A.Limit, A.Selector, A.Duration,
           A.Condition, A.Measure, A.Trigger)


# ---------------------------------------------------------------- public API
def lines(node: A.Node, depth: int = 0) -> list[Line]:
    """The Russian lines of ``node`` and of everything it contains, ``depth`` levels in."""
    render = _RENDERERS.get(type(node).__name__, _generic)
    head, children = render(node)
    typed = not isinstance(node, (A.Opaque, A.Unknown))
    out = [Line(depth, tuple(head.parts), typed)]
    for child in children:
        out.extend(lines(child, depth + 1))
    return out


def line_text(line: Line, indent: str = "  ") -> str:
    """One line as a person reads it in a terminal: indented, icons as symbols."""
    return indent * line.depth + to_display(line.text)


def tree(node: A.Node, indent: int = 0) -> str:
    """The Russian tree of ``node`` (``berserk parse``, ``berserk card``), ``indent`` levels of
    two spaces in, icons as symbols."""
    return "\n".join(line_text(line) for line in lines(node, indent))


def summary(node: A.Node) -> str:
    """One line: what the ability is (diffs and tables) — the head phrase, and the heads of
    what it contains after a colon."""
    all_lines = lines(node)
    head = to_display(all_lines[0].text).rstrip(":")
    rest = [to_display(line.text).rstrip(":") for line in all_lines[1:]]
    return head + (": " + "; ".join(rest) if rest else "")
