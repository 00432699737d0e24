"""The machinery of the Russian rendering (grammar.render): lines and their parts, the inline
phrases of small values (amounts, costs, selectors, durations, conditions, measures, triggers),
the generic rendering of a node class without a phrase, and the public ``lines`` / ``tree`` /
``summary``.  The phrases of the node classes live in ``grammar.render``, which registers them
in ``RENDERERS`` (a registry, so that a value phrase can name a whole node — «где X — …» — and a
node phrase can use the value phrases, without an import cycle)."""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Callable, Iterable, NamedTuple

from berserk.text import plural
from berserk.vocab import AttackKind, DurationKind, Strength, TriggerEvent
from grammar import ast as A
from grammar import display as W
from grammar.display import to_display, word

class Part(NamedTuple):
    """A piece of a line: its text (icons as ``{code}``) and, for a rule term, the term's
    vocabulary id (``shot``, ``poison``, ``flying``, ``named_effect`` …).  (A named tuple, not
    a frozen dataclass: a 35,000-card build makes a million of them.)"""

    text: str
    term: str | None = None


class Line(NamedTuple):
    depth: int
    parts: tuple[Part, ...]
    typed: bool = True            # False: an Opaque text or an unproven icon

    @property
    def text(self) -> str:
        """The line's canonical text (icons as ``{code}``), without indentation."""
        return "".join(p.text for p in self.parts)


class Phrase:
    """Builds the parts of one line: their texts and terms side by side (``parts`` makes the
    ``Part``s; the build's trees need only the texts)."""

    __slots__ = ("texts", "terms")

    def __init__(self, *texts: str):
        self.texts: list[str] = [t for t in texts if t]
        self.terms: list[str | None] = [None] * len(self.texts)

    @property
    def parts(self) -> tuple[Part, ...]:
        return tuple(map(Part, self.texts, self.terms))

    def add(self, text: str, term: str | None = None) -> "Phrase":
        if text:
            terms = self.terms
            if term is None and terms and terms[-1] is None:
                self.texts[-1] += text
            else:
                self.texts.append(text)
                terms.append(term)
        return self

    def tail(self, text: str | None, sep: str = ", ") -> "Phrase":
        """``sep`` + ``text`` when there is a text."""
        if text:
            self.add(sep + text)
        return self


def _members(cls) -> Callable[[Any], Any]:
    """``cls.get`` as a dict lookup (``cls(value)`` raises and catches for every word that is
    not a member; the build renders ~100,000 abilities)."""
    table = dict(cls._value2member_map_)

    def get(value: Any) -> Any:
        try:
            return table.get(value)
        except TypeError:                   # (unhashable: the enum's own lookup)
            return cls.get(value)
    return get


attack_kind, strength_of, trigger_event, duration_kind = map(
    _members, (AttackKind, Strength, TriggerEvent, DurationKind))


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
    coins = getattr(value, "coins", 0)
    if coins:
        out += f"{coins}{{coin}}"
    for part in getattr(value, "parts", ()):
        out += (", " if out else "") + summary(part)
    return out or "без цены"


def limit(value: A.Limit | None) -> str:
    if value is None:
        return ""
    per = {"turn": "ход", "fight": "бой", "game": "игру"}.get(value.per, word(value.per))
    text = f"{value.times} {plural(value.times, 'раз', 'раза', 'раз')} за {per}"
    if value.each:
        text += f", для каждого: {W.noun_phrase(value.each)}"
    return text


def count_text(count) -> str:
    low, high = count
    if high is None:
        return f"{low} или больше"
    return f"{high}" if low == high else f"до {high}" if low <= 1 else f"{low}–{high}"


def _by_value(render: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``render`` remembered by the node's value (spans aside) for the last few thousand
    values: the same targets and triggers recur on thousands of cards (a build renders ~7,000
    selectors of ~550 values per 5,000 texts).  A node holding an unhashable value is
    rendered each time."""
    cached = lru_cache(maxsize=4096)(render)

    def by_value(value: Any) -> Any:
        try:
            return cached(value)
        except TypeError:
            return render(value)
    by_value.__doc__ = render.__doc__
    return by_value


def selector(value: A.Selector | None) -> str:
    """«существо противника (соседнее, закрытое), рядом с этой картой, 2»."""
    if value is None:
        return ""
    return _selector(value)


@_by_value
def _selector(value: A.Selector) -> str:
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
        text += ", " + count_text(value.count)
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
    member = duration_kind(until)
    return member.ru if member is not None else word(until)


def param_text(value: Any) -> str:
    if isinstance(value, A.Node):
        return inline(value)
    if isinstance(value, tuple):
        if len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], A.Node):
            return f"{word(value[0])}: {inline(value[1])}"         # («from», Selector)
        return ", ".join(param_text(v) for v in value)
    return word(value)


_OPS = {">=": "не меньше", "<=": "не больше", "==": "ровно", ">": "больше", "<": "меньше",
        "=": "ровно"}


def condition_text(what: str, params: Iterable[Any], negated: bool = False,
                   subject: Any = None) -> str:
    params = tuple(params)
    words = [param_text(p) for p in params]
    who = f"{selector(subject)}: " if subject is not None else ""
    if what == "count" and len(params) == 3:
        text = f"{param_text(params[0])} {_OPS.get(str(params[1]), str(params[1]))} {param_text(params[2])}"
    elif what in ("all", "any"):
        text = (" и " if what == "all" else " или ").join(words)
    elif what == "rolled":
        text = "на кубике выпало " + " или ".join(words)
    elif what == "turn_order":                       # an option of «воздействие «X»:» ({first} / {second})
        text = "вы ходите " + " или ".join({"first": "первым", "second": "вторым"}.get(str(p), word(p)) for p in params)
    elif what == "direction":                        # «(атаки,) нанесённые не по диагонали»
        axes = {"diagonal": "по диагонали", "horizontal": "по горизонтали", "vertical": "по вертикали"}
        return who + "атака нанесена " + ("не " if negated else "") + " или ".join(
            axes.get(str(p), word(p)) for p in params)
    elif what == "has_counters" and negated:
        return who + "нет фишек {counter}" + (f" (меньше {words[0]})" if words else "")
    elif what in ("wounded", "has_counters") and len(params) == 1 and isinstance(params[0], int):
        text = W.CONDITIONS[what] + f" (не меньше {params[0]})"     # «3 или больше ран»
    elif what == "exists" and negated:
        return who + "нет: " + ", ".join(words)
    elif what == "shown_card":                       # «показанная карта элитная»
        return who + ("не " if negated else "") + "показанная карта " + ", ".join(
            W.qualifier_phrase(p, "f") if isinstance(p, str) else param_text(p) for p in params)
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
        member = strength_of(value.strength)
        text += f" ({member.masc if member else word(value.strength)} удар)"
    params = getattr(value, "params", ())
    if params:
        text += " (" + param_text(params) + ")"
    if value.of is not None:
        text += ": " + selector(value.of)
    return text


def attack_name(kind: str) -> str:
    """«выстрел» for ``shot``; a word no member has goes through the phrase tables."""
    member = attack_kind(kind)
    return member.forms.nom if member is not None else word(kind)


def trigger(value: A.Trigger) -> Phrase:
    """The phrase of a trigger (a new one each time: the callers add to it)."""
    texts, terms = _trigger(value)
    p = Phrase()
    p.texts, p.terms = list(texts), list(terms)
    return p


@_by_value
def _trigger(value: A.Trigger) -> tuple[tuple, tuple]:
    timing = getattr(value, "timing", None)
    member = trigger_event(value.event)
    p = Phrase(f"{word(timing)}: " if timing else "")
    p.add(member.ru if member is not None else word(value.event))
    if value.strength and value.event == "attack" and strength_of(value.strength):
        # «при атаке» + strong → «при сильной атаке»
        fem = strength_of(value.strength).fem
        p.texts[-1] = p.texts[-1].replace(
            "при атаке", f"при {fem[:-2]}{'ей' if fem.endswith('яя') else 'ой'} атаке")
        p.terms[-1] = None
    elif value.strength and value.event != "strong_attack":
        s = strength_of(value.strength)
        p.add(f" ({s.fem if s else word(value.strength)})")
    if value.attack:
        kind = attack_kind(value.attack)
        # «когда становится целью»: of what attack (the vocabulary has no genitive: «целью: выстрел»)
        p.add(": " if value.event == "targeted" else " ")
        form = None if kind is None else kind.forms.nom if value.event == "targeted" else kind.forms.ins
        p.add(form if form is not None else word(value.attack), value.attack)
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
        p.add(" (" + param_text(params) + ")")
    for other in getattr(value, "also", ()):
        p.add(" или ")
        join_phrase(p, trigger(other))
    return tuple(p.texts), tuple(p.terms)


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
        return to_display("".join(trigger(value).texts))
    if type(value).__name__ == "Relation":
        return relation(value)
    if isinstance(value, tuple):
        return ", ".join(inline(v) for v in value)
    if isinstance(value, A.Node):
        return summary(value)
    return word(value) if isinstance(value, str) else str(value)

Rendered = tuple[Phrase, tuple]          # the head, and the child nodes listed below it


def join_phrase(p: Phrase, other: Phrase) -> Phrase:
    for text, term in zip(other.texts, other.terms):
        p.add(text, term)
    return p


#: node class name → its phrase, filled by grammar.render (names, not classes: a class the
#: grammar adds later renders generically until it is listed there)
RENDERERS: dict[str, Callable[[Any], "Rendered"]] = {}


def _generic(node: A.Node) -> Rendered:
    """A node class without its own phrase: its Russian name, leaf fields inline as «поле:
    значение», node fields as lines below.  New AST classes render this way until they get a
    phrase (tests/carddb/test_render.py says which)."""
    p = Phrase(W.NODE_NAMES.get(type(node).__name__, W.untranslated(type(node).__name__)))
    children: list = []
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if value in (None, (), False) or value == f.default:
            continue
        label = W.FIELD_NAMES.get(f.name, "")
        if isinstance(value, INLINE):
            p.tail(f"{label}: {inline(value)}" if label else inline(value))
        elif isinstance(value, A.Node):
            children.append(value)
        elif isinstance(value, tuple) and any(isinstance(v, A.Node) and not isinstance(v, INLINE)
                                              for v in value):
            children.extend(v for v in value if isinstance(v, A.Node))
        else:
            text = param_text(value) if not isinstance(value, bool) else ""
            p.tail(f"{label}: {text}" if label and text else label or text)
    return p, tuple(children)


INLINE = (A.Fixed, A.ByStrength, A.Variable, A.Cost, A.Limit, A.Selector, A.Duration,
           A.Condition, A.Measure, A.Trigger)


# ---------------------------------------------------------------- public API
def lines(node: A.Node, depth: int = 0) -> list[Line]:
    """The Russian lines of ``node`` and of everything it contains, ``depth`` levels in."""
    render = RENDERERS.get(type(node).__name__, _generic)
    head, children = render(node)
    typed = not isinstance(node, (A.Opaque, A.Unknown))
    out = [Line(depth, head.parts, typed)]
    for child in children:
        out.extend(lines(child, depth + 1))
    return out


def indented_texts(node: A.Node, depth: int = 0, out: list[str] | None = None) -> list[str]:
    """``["  " * line.depth + line.text for line in lines(node, depth)]`` without the ``Line``
    and ``Part`` objects (the build's ``abilities_tree``: only the texts are stored)."""
    if out is None:
        out = []
    head, children = RENDERERS.get(type(node).__name__, _generic)(node)
    out.append("  " * depth + "".join(head.texts))
    for child in children:
        indented_texts(child, depth + 1, out)
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
