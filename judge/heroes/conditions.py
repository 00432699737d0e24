"""Conditions of Heroes card text («если …», «пока …») → ``A.Condition`` (the bridge of
judge/heroes/phrases.py, continued).

Where a condition stands decides when it is read (the engine, judge/heroes/port.py ``holds``):

* after a trigger's head — «В конце вашего хода, если эта карта на кладбище, …» — it is part of
  the trigger's condition (113.2: «Если» is one of the condition words): checked when the
  trigger would fire; not met, nothing triggers;
* inside an effect — «покажите верхнюю карту колоды, если её стоимость 1 или менее, возьмите
  её» — when that part is executed (512.5: what depends on the execution is read then);
* at the head of a static — «Пока это существо ранено, оно получает +1 к удару» — while it holds
  (115.1: the effect is on while the card fits the condition, off as soon as it does not).

The forms read (folded text): «<карта> ранен(а) / не ранен / закрыт / открыт / отравлен / на
кладбище / в руке / стоимостью N или менее (более)», «её (его) стоимость N или менее (более)»,
«у вас (у противника) есть / нет [других] <карт>», «у вас N или более <карт>», «в вашей руке
N или более (менее) карт / нет карт», «сейчас ваш ход / ход противника», «в ваш ход / в ход
противника».  Anything else is not a condition this reader knows: None, and the ability is
refused (never read without its condition).
"""
from __future__ import annotations

import re

from berserk.vocab import ConditionKind as CK
from berserk.vocab import Qualifier, Side
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.heroes.phrases import selector

#: ``Condition.params`` of a count: at least / at most N.
AT_LEAST, AT_MOST = "min", "max"

_STATES = (
    (r"не\s+ранен\w*|без\s+ран", Qualifier.UNWOUNDED),
    (r"ранен\w*", Qualifier.WOUNDED),
    (r"закрыт\w*", Qualifier.CLOSED),
    (r"открыт\w*", Qualifier.OPEN),
    (r"отравлен\w*", Qualifier.POISONED),
    (r"(?:находится\s+)?на\s+(?:вашем\s+|своем\s+)?кладбище", Qualifier.IN_GRAVEYARD),
    (r"(?:находится\s+)?в\s+(?:вашей\s+|своей\s+)?руке", Qualifier.IN_HAND),
)
_HAND = A.Selector(noun=N.CARD, side=Side.OWN, qualifiers=(Qualifier.IN_HAND, Qualifier.ALL))
_ENEMY_HAND = A.Selector(noun=N.CARD, side=Side.ENEMY,
                         qualifiers=(Qualifier.IN_HAND, Qualifier.ALL))


def _n(word: str) -> int | None:
    return {"одна": 1, "одну": 1, "одно": 1, "две": 2, "два": 2, "три": 3, "четыре": 4,
            "пять": 5}.get(word, int(word) if word.isdigit() else None)


def _cost(word: str, cmp: str | None) -> str | None:
    n = "X" if word in ("x", "х") else (str(_n(word)) if _n(word) is not None else None)
    if n is None:
        return None
    if cmp in ("менее", "меньше", "ниже"):
        return f"{Qualifier.COST_MAX}:{n}"
    if cmp in ("более", "больше", "выше"):
        return f"{Qualifier.COST_MIN}:{n}"
    return f"{Qualifier.COST}:{n}"


def condition(text: str) -> A.Condition | None:
    """One condition (folded, without «если» / «пока») → a Condition, or None."""
    t = text.strip(" ,.")
    if re.fullmatch(r"(?:сейчас\s+)?(?:ваш\s+ход|в\s+ваш\s+ход|идет\s+ваш\s+ход)", t):
        return A.Condition(what=CK.OWN_TURN)
    if re.fullmatch(r"(?:сейчас\s+)?(?:ход\s+противника|в\s+ход\s+противника)", t):
        return A.Condition(what=CK.OPPONENT_TURN)
    m = re.fullmatch(r"(?:ее|её|его)\s+стоимость\s+(\d+|x|х|\w+)(?:\s+или\s+(\w+))?", t)
    if m:
        q = _cost(m.group(1), m.group(2))
        return A.Condition(what=CK.IS, subject=A.Selector(noun=N.IT), params=(q,)) if q else None
    m = re.fullmatch(r"в\s+(вашей|его|руке\s+противника|руке)\s*(?:руке\s+)?(нет\s+карт|"
                     r"(\S+)\s+или\s+(более|больше|менее|меньше)\s+карт\w*)", t)
    if m:
        hand = _ENEMY_HAND if m.group(1) in ("его", "руке противника") else _HAND
        if m.group(2).startswith("нет"):
            return A.Condition(what=CK.EXISTS, subject=hand, negated=True)
        n = _n(m.group(3))
        if n is None:
            return None
        bound = AT_LEAST if m.group(4) in ("более", "больше") else AT_MOST
        return A.Condition(what=CK.COUNT, subject=hand, params=(f"{bound}:{n}",))
    m = re.fullmatch(r"у\s+(вас|противника)\s+(есть|нет)\s+(.+)", t)
    if m:
        sel = selector(m.group(3) + (" противника" if m.group(1) == "противника" else " ваши"),
                       plural=True)
        if sel is None:
            return None
        return A.Condition(what=CK.EXISTS, subject=sel, negated=m.group(2) == "нет")
    m = re.fullmatch(r"у\s+(вас|противника)\s+(\S+)\s+или\s+(более|больше|менее|меньше)\s+(.+)", t)
    if m and _n(m.group(2)) is not None:
        sel = selector(m.group(4) + (" противника" if m.group(1) == "противника" else " ваши"),
                       plural=True)
        if sel is None:
            return None
        bound = AT_LEAST if m.group(3) in ("более", "больше") else AT_MOST
        return A.Condition(what=CK.COUNT, subject=sel, params=(f"{bound}:{_n(m.group(2))}",))
    for pattern, q in _STATES:
        m = re.fullmatch(r"(.+?)\s+(не\s+)?(?:" + pattern + r")", t)
        if m:
            sel = selector(m.group(1))
            if sel is None:
                return None
            return A.Condition(what=CK.IS, subject=_one(sel), params=(q,),
                               negated=bool(m.group(2)))
    m = re.fullmatch(r"(.+?)\s+стоимостью\s+(\S+)(?:\s+или\s+(\w+))?", t)
    if m:
        sel, q = selector(m.group(1)), _cost(m.group(2), m.group(3))
        if sel is None or q is None:
            return None
        return A.Condition(what=CK.IS, subject=_one(sel), params=(q,))
    return None


def _one(sel: A.Selector) -> A.Selector:
    """The card a condition speaks of is named, not chosen: «ваш герой», «это существо»."""
    if sel.noun in (N.SELF, N.IT) or Qualifier.ALL in sel.qualifiers:
        return sel
    return A.Selector(noun=sel.noun, side=sel.side, qualifiers=tuple(
        q for q in sel.qualifiers if q != Qualifier.CHOSEN) + (Qualifier.ALL,))


def split_if(text: str) -> tuple[A.Condition, str] | None:
    """«если <условие>, <остальное>» → (condition, the rest), or None."""
    m = re.match(r"если\s+(.+?),\s+(.+)$", text.strip())
    if not m:
        return None
    cond = condition(m.group(1))
    return (cond, m.group(2)) if cond is not None else None


def split_while(text: str) -> tuple[A.Condition, str] | None:
    """«пока <условие>, <остальное>» → (condition, the rest), or None."""
    m = re.match(r"пока\s+(.+?),\s+(.+)$", text.strip())
    if not m:
        return None
    cond = condition(m.group(1))
    return (cond, m.group(2)) if cond is not None else None
