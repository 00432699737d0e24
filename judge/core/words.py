"""How the judge names the words of card text in Russian, wherever it tells a user why it does
not apply an ability (a refusal in the trace, ``berserk corpus report``, ``berserk card``).

A refusal names the part of the text it stops at: a keyword, a trigger, a verb, a selector noun,
a qualifier, a measure … .  The AST carries them as ``berserk.vocab`` members (or, from the
earlier grammar, as the very strings those members have as values); a user never sees the id
(«corpse_eater»), only the Russian word the vocabulary gives it («трупоедство»).  ``word`` finds
it; ``node_word`` names an AST node class («прибавка», «постоянная особенность»); ``params``
names the tags of an action, a restriction or a permission («только подряд», «по диагонали»).
A value that is in no vocabulary is shown as the card text wrote it — never as a Python repr.
"""
from __future__ import annotations

import re
from enum import Enum

from berserk.vocab import (
    AttackKind,
    ConditionKind,
    DurationKind,
    KeywordName,
    MeasureKind,
    Qualifier,
    RelationKind,
    SelectorNoun,
    Strength,
    TriggerEvent,
    TriggerParam,
    Verb,
)
from grammar import ast as A

#: The vocabularies a bare string may come from, in the order a clash is settled (a keyword
#: before the verb or trigger of the same spelling: «teleport», «jump»).
VOCABULARIES = (KeywordName, AttackKind, TriggerEvent, Verb, SelectorNoun, Qualifier,
                RelationKind, ConditionKind, MeasureKind, DurationKind, TriggerParam, Strength)

#: The reason for text the grammar left untyped (``Opaque``).
OPAQUE = "грамматика не разобрала этот текст"

#: AST node classes as a user reads them.
NODE_RU: dict[type, str] = {
    A.Bonus: "прибавка", A.Reduction: "уменьшение атак", A.Protection: "защита",
    A.Keyword: "особенность", A.Poison: "отравление", A.Wound: "ранение", A.Heal: "излечение",
    A.Finishing: "добивание", A.Attack: "атака", A.Gain: "получение особенностей",
    A.Lose: "потеря", A.Action: "действие", A.Static: "постоянная особенность",
    A.Triggered: "срабатывающая особенность", A.Activated: "особенность за действие",
    A.Named: "воздействие или заклинание", A.Choice: "выбор", A.Conditional: "условие",
    A.Sequence_: "последовательность действий", A.Restriction: "запрет",
    A.Permission: "разрешение", A.Vampirism: "вампиризм", A.CounterLimit: "предел фишек",
    A.StartsWithCounters: "фишки в начале боя", A.Formation: "строй", A.Label: "метка",
    A.WhenOrder: "особенность по очерёдности хода", A.Define: "определение X",
    A.Variable: "переменная величина", A.Measure: "величина", A.Selector: "выбор карт",
    A.Condition: "условие", A.Duration: "срок", A.Opaque: "неразобранный текст",
}

#: Tags of Action / Restriction / Permission params (the contract's closed list and a few the
#: grammar writes besides).
PARAM_RU: dict[str, str] = {
    "diagonal": "по диагонали", "any_times": "любое число раз", "in_a_row": "только подряд",
    "different_targets": "по разным картам", "no_close_after_first": "не закрываясь после первой",
    "close_after_last": "закрываясь после последней", "any_range": "независимо от дальности",
    "as_adjacent": "как по рядом стоящей", "all_adjacent": "по всем стоящим рядом",
    "through_row": "через ряд", "closed": "в закрытом виде", "free_cell": "на свободную клетку",
    "as_open": "как открытая", "along_strike": "в направлении удара", "or_less": "или менее",
    "these": "эти", "yours": "под вашим контролем", "next_turn": "в следующий ход",
    "when_defending": "выступая защитником", "again": "ещё раз", "only": "только",
    "except": "кроме", "from": "от", "extra_lives": "дополнительные жизни",
    "no_roll": "не бросая кубики", "next": "следующий", "first_per_turn": "первый за ход",
    "amount": "в количестве", "at_least": "не менее", "at_most": "не более",
}


def word(value, vocab=None) -> str:
    """The Russian word for a vocabulary value («corpse_eater» → «трупоедство»; ``vocab``: the
    vocabulary to look in first), a «name:arg» qualifier as «<word>: <arg>»; anything else as
    written."""
    if isinstance(value, Enum):
        return _member_ru(value)
    text = str(value)
    for vocab in ((vocab,) if vocab is not None else ()) + VOCABULARIES:
        member = vocab.get(text)
        if member is not None:
            return _member_ru(member)
    name, sep, arg = text.partition(":")
    if sep:
        q = Qualifier.get(name)
        if q is not None:
            head = q.ru.split(" (")[0]
            return f"{head}: " + " ".join(_arg(a) for a in re.split(r"[:|]", arg) if a)
    if ID.fullmatch(text):
        return UNKNOWN              # an id no vocabulary has yet: never shown to a user as such
    return text


#: A vocabulary id (ASCII) that no vocabulary names yet, and how a user reads it.
ID = re.compile(r"[A-Za-z_][A-Za-z_0-9:|!+-]*")
UNKNOWN = "уточнение, которого судья не знает"

#: Arguments of qualifiers («row:3:enemy», «column:leftmost|rightmost»).
ARG_RU = {"own": "ваш", "enemy": "противника", "x": "X"}


def _arg(a: str) -> str:
    if a in ARG_RU:
        return ARG_RU[a]
    q = Qualifier.get(a)
    return q.ru.split(" (")[0] if q is not None else a


def _member_ru(member) -> str:
    if isinstance(member, AttackKind):
        return member.forms.nom
    if isinstance(member, Strength):
        return member.masc
    ru = getattr(member, "ru", None)
    return ru.split(" (params")[0] if ru else str(member.value)


def icon_unproven(node) -> str:
    """The reason for an ``Unknown`` icon: its code and the word it would be."""
    kw = KeywordName.get(node.icon)
    what = f" («{kw.ru}»)" if kw is not None else ""
    return f"значок {{{node.icon}}}{what}: его значение не доказано"


def node_word(node) -> str:
    """«прибавка» for a ``Bonus`` (a node or its class)."""
    cls = node if isinstance(node, type) else type(node)
    return NODE_RU.get(cls, "часть текста")


def params(items) -> str:
    """The tags of an action / restriction / permission, in Russian, comma-separated."""
    out = []
    for p in items:
        if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str):
            out.append(f"{PARAM_RU.get(p[0], word(p[0]))} {selector(p[1])}")
        elif isinstance(p, A.Selector):
            out.append(selector(p))
        elif isinstance(p, A.Node):
            out.append(node_word(p))
        elif isinstance(p, str) and ":" in p and p.split(":", 1)[0] in PARAM_RU:
            head, arg = p.split(":", 1)               # «at_least:3» → «не менее 3»
            out.append(f"{PARAM_RU[head]} {arg}")
        else:
            out.append(PARAM_RU.get(str(p), word(p)))
    return ", ".join(out)


def selector(sel) -> str:
    """A selector as its noun («существо»), for a message."""
    if isinstance(sel, A.Selector):
        return word(sel.noun)
    return node_word(sel) if isinstance(sel, A.Node) else str(sel)


__all__ = ["NODE_RU", "OPAQUE", "PARAM_RU", "icon_unproven", "node_word", "params", "selector", "word"]
