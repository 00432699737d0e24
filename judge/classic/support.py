"""Which parts of card text the classic judge applies exactly — the one answer for both the
trace and the figures.

``unsupported(node)`` gives a reason (Russian) why the judge cannot apply a selector, relation,
condition, measure, duration or granted ability, or None when it can.  The interpreter asks it
for every such node below an effect (judge/core/interp.py), the reader of a card
(judge/classic/kit.py) for every ability; an ability with a reason is refused at the table and
does not count towards `judge_applicable`.  The tables it consults are the ones the engine runs
(judge/classic/facts.py, judge/classic/traits.py), so «supported» means «applied».
"""
from __future__ import annotations

import re

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as CK
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import MeasureKind as MK
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import TriggerParam as TP
from berserk.vocab import Verb
from berserk.vocab import Qualifier
from berserk.vocab import RelationKind as R
from grammar import ast as A
from judge.core.context import NAMED_NOUNS, is_chosen
from judge.core.interp import unsupported_effects
from judge.core.words import node_word, params, word
from berserk.vocab import SelectorNoun as N
from judge.classic.facts import (
    CELL_QUALIFIERS,
    CELL_RELATIONS,
    CONDITIONS,
    MEASURES,
    NOUNS,
    QUALIFIERS,
    ROW_ARG,
    RELATIONS,
    _qual,
)
from judge.classic.traits import (
    RESTRICTION_FLAGS,
    ATTACK_KINDS,
    BONUS_TARGETS,
    KEYWORDS,
    PERMISSION_FLAGS,
    is_defends_without_closing,
    is_ignore_flying_protection,
    is_ignore_forced_targeting,
)

#: Durations the judge tracks (judge/classic/continuous.py says when each ends).
DURATIONS = frozenset({D.END_OF_TURN, D.END_OF_YOUR_TURN, D.END_OF_OPPONENT_TURN,
                       D.END_OF_YOUR_NEXT_TURN, D.END_OF_OPPONENT_NEXT_TURN, D.END_OF_FIGHT,
                       D.NEXT_TURN, D.THIS_TURN, D.UNTIL_YOUR_NEXT_TURN, D.X_OPPONENT_TURNS,
                       D.OPPONENT_TURNS, D.WHILE_SELF_ON_FIELD, "next_turn", "end_of_turn"})
#: Restriction verbs the engine enforces (what a card may not do).
RESTRICTIONS = frozenset({Verb.ATTACK, Verb.OPEN, Verb.DEFEND, Verb.DECLARE, Verb.MOVE,
                          Verb.ASSIGN, Verb.GET_COUNTERS, Verb.GET,
                          Verb.GET_WOUNDS, Verb.HEAL})
#: Condition params of the tag kind the engine reads.
MOVED_TAGS = ("this_turn", "cells:", "direction:same", "direction:different")
ATTACK_WORDS = frozenset(K)


def unsupported(node) -> str | None:
    """Why the classic judge cannot evaluate ``node`` exactly, or None."""
    fn = _BY_CLASS.get(type(node))
    if fn is None:
        return f"«{node_word(node)}» — судья пока не применяет"
    return fn(node)


# ------------------------------------------------------------------ selectors
def _selector(sel: A.Selector) -> str | None:
    if sel.noun == N.ANY_OF:
        if not sel.members or sel.qualifiers or sel.relations or sel.condition:
            return "выбор «X или Y» с уточнениями пока не применяется"
        return next((r for r in map(_selector, sel.members) if r), None)
    if sel.noun == N.ALL_OF:
        # «эту карту и выбранное существо»: cards only, at most one of them chosen
        if not sel.members or sel.qualifiers or sel.relations or sel.condition \
                or any(m.noun not in NOUNS for m in sel.members) \
                or sum(is_chosen(m) for m in sel.members) > 1:
            return "«X и Y» такого вида судья пока не выбирает"
        return next((r for r in map(_selector, sel.members) if r), None)
    if sel.noun == N.CELL:
        bad = [q for q in sel.qualifiers if _qual(str(q))[0] not in CELL_QUALIFIERS
               or _bad_row(str(q))]
        bad += [r.what for r in sel.relations if r.what not in CELL_RELATIONS]
        if bad or sel.condition is not None:
            return f"клетку «{word(bad[0]) if bad else 'с условием'}» судья пока не выбирает"
        return next((r for r in (_selector(rel.to) for rel in sel.relations) if r), None)
    if sel.noun not in NOUNS:
        return f"судья не знает, что выбирает «{word(sel.noun, N)}»"
    if sel.noun == N.SELF and (Qualifier.ALL in sel.qualifiers or any(
            isinstance(r.to, A.Selector) and r.to.noun == N.SELF for r in sel.relations)):
        # «за каждого вашего стоящего рядом Линдвурма»: the other cards of this name, not itself
        return "«каждый <имя этой карты>» — другие карты с этим именем: разбор пишет саму карту"
    for q in sel.qualifiers:
        name, arg = _qual(str(q))
        if name not in QUALIFIERS:
            return f"уточнение «{word(q)}» судья пока не проверяет"
        if _bad_row(str(q)):
            return f"ряд «{arg}» («в каждом ряду», выбранный ряд) судья пока не проверяет"
        if name in ("cost<=", "cost>=", "cost_max", "cost_min", "life_max", "life_min") \
                and not arg.lstrip("-").isdigit():
            return f"уточнение «{word(q)}» с переменной пока не проверяется"
        if name == "element" and not arg:
            return "стихия не названа"
        if name in (Qualifier.WITH, Qualifier.WITHOUT) and "prophecy" in arg.split("|"):
            # «существа с пророчеством»: an ability of the card's kit, not a keyword traits hold
            return "уточнение «обладающее пророчеством» судья пока не проверяет"
    for rel in sel.relations:
        reason = _relation(rel)
        if reason:
            return reason
    if sel.condition is not None:
        return _condition(sel.condition)
    return None


def _bad_row(q: str) -> bool:
    """A row the judge cannot count: «в каждом ряду» (``row:each``), a chosen row — anything
    but «N[|M][:own|enemy]» (``facts.ROW_ARG``); refused, never an error at the table."""
    name, arg = _qual(q)
    return name == Qualifier.ROW and ROW_ARG.fullmatch(arg) is None


def _relation(rel: A.Relation) -> str | None:
    if rel.what not in RELATIONS:
        return f"отношение «{word(rel.what, R)}» судья пока не проверяет"
    if isinstance(rel.to, A.Selector) and rel.to.noun == N.CELL \
            and rel.what not in (R.ADJACENT, R.ON_CELL):
        return f"отношение «{word(rel.what, R)}» к клетке пока не проверяется"
    return _selector(rel.to)


# ------------------------------------------------------------------ conditions
def _condition(cond: A.Condition) -> str | None:
    if cond.what not in CONDITIONS:
        return f"условие «{word(cond.what, CK)}» судья пока не проверяет"
    if cond.subject is not None:
        reason = _selector(cond.subject)
        if reason:
            return reason
    p = tuple(cond.params)
    what = cond.what
    if what == CK.IS:
        for item in p:
            if isinstance(item, A.Relation):
                reason = _relation(item)
            elif isinstance(item, str) and _bad_row(item):
                reason = f"ряд «{_qual(item)[1]}» судья пока не проверяет"
            elif isinstance(item, str) and _qual(item)[0] in QUALIFIERS:
                reason = None
            else:
                reason = f"условие «{word(item)}» судья пока не проверяет"
            if reason:
                return reason
    elif what in (CK.EXISTS, "in_formation_with"):
        if len(p) != 1 or not isinstance(p[0], A.Selector):
            return "условие «есть такие карты» без описания карт"
        return _selector(p[0])
    elif what == CK.ATTACKING:
        return _selector(p[0]) if p and isinstance(p[0], A.Selector) else None
    elif what in (CK.ATTACKED_BY, "self_attacked_by"):
        if not all(k in ATTACK_WORDS for k in p):
            return "вид атаки в условии не распознан"
    elif what == CK.MOVED:
        if not all(isinstance(t, str) and t.startswith(MOVED_TAGS) for t in p):
            return "условие о перемещении с такими уточнениями пока не проверяется"
    elif what == CK.GOT_WOUNDS:
        tags = set(map(str, p))
        if "this_turn" not in tags or not all(
                t in ("this_turn", "other") or (t.startswith("from:") and t[5:] in ATTACK_WORDS)
                or re.fullmatch(r"attacks:\d+\+", t) for t in tags):
            return "условие о полученных ранах с такими уточнениями пока не проверяется"
    elif what in (CK.WOUNDED, CK.HAS_COUNTERS):
        if p and not isinstance(p[0], int):
            return "порог в условии не число"
    elif what == CK.ROLLED:
        if not all(isinstance(f, int) for f in p):
            return "грани кубика в условии не числа"
    elif what == CK.COUNT:
        if len(p) != 3 or not isinstance(p[0], A.Measure) or p[1] not in ("<", "<=", "==",
                                                                           ">=", ">"):
            return "сравнение числа в условии не разобрано"
        if isinstance(p[2], A.Measure):          # «больше X, чем Y»: two counts compared
            return _measure(p[0]) or _measure(p[2])
        return _measure(p[0]) if isinstance(p[2], int) else "сравнение с нечислом не разобрано"
    elif what in (CK.ALL, CK.ANY):
        for c in p:
            reason = _condition(c) if isinstance(c, A.Condition) else "часть условия не разобрана"
            if reason:
                return reason
    elif what == "counters_on_self":
        if p not in (("none",), ("some",)):
            return "условие о фишках не разобрано"
    elif what == CK.EVENT:
        # «+N к броску, когда атакует карту такого-то ряда»: the attack being made
        t = p[0] if len(p) == 1 else None
        if isinstance(t, A.Trigger) and t.event == TE.FIGHTS and cond.subject is None \
                and t == A.Trigger(TE.FIGHTS, span=t.span):
            return None                       # «сражаясь, …»: the card is in a fight now
        if not isinstance(t, A.Trigger) or t.event != TE.ATTACK or t.subject or t.origin \
                or t.destination or t.cause or t.timing or t.also or t.params or t.strength \
                or cond.subject is not None or (t.attack is not None and t.attack not in K):
            return "условие «во время события» такого вида пока не проверяется"
        return _selector(t.target) if t.target is not None else None
    elif what in ("moved_cells",):
        if len(p) != 2 or not isinstance(p[0], int):
            return "условие о перемещении не разобрано"
    return None


# ------------------------------------------------------------------ measures and durations
#: Measure params the engine reads: the turn (what it counts is per turn anyway) and «без учёта
#: модификаторов» (the printed value, which is what it counts).
MEASURE_PARAMS = {MK.CELLS_MOVED: (("this_turn",),), MK.WOUNDS: (("received_this_turn",),),
                  MK.STRIKE_VALUE: (("base",), ("this_strike",))}


#: relations that pin one cell next to a named card: «существо напротив / позади него»
ONE_CELL = frozenset({R.OPPOSITE, R.BEHIND, R.IN_FRONT})


def definite(sel: A.Selector) -> bool:
    """A selector that names at most one card by where it stands — not a choice."""
    return any(r.what in ONE_CELL and isinstance(r.to, A.Selector) and r.to.noun in NAMED_NOUNS
               for r in sel.relations)


def _measure(m: A.Measure, strength_given: bool = False) -> str | None:
    """``strength_given``: the amount is a bonus to a strike, so a strike value with no strength
    named is the value at the strength of the strike being made (reading: docs/judge.md)."""
    if m.what in (MK.STRIKE_VALUE, MK.SUM_STRIKE_VALUE) and m.strength is None \
            and not strength_given and "this_strike" not in m.params:
        # «на X, где X — величина удара»: of which strike (this one? the card's weak one?)
        return "величина удара без названной силы пока не считается"
    if m.what not in MEASURES:
        return f"величина «{word(m.what, MK)}» судья пока не считает"
    if m.params and tuple(m.params) not in MEASURE_PARAMS.get(m.what, ()):
        return f"уточнения величины «{params(m.params)}» пока не учитываются"
    if m.what not in (MK.COUNT, MK.SUM_STRIKE_VALUE, MK.DISTINCT_CLASSES) and m.of is not None \
            and is_chosen(m.of) \
            and not definite(m.of):
        # «на столько, сколько ран у выбранного существа»: which card — the effect's target or
        # every matching one — the AST does not say; the judge does not guess
        return "величина «у выбранной карты» пока не считается"
    if m.of is not None:
        return _selector(m.of)
    return None


def _duration(d: A.Duration) -> str | None:
    if d.until not in DURATIONS:
        return f"срок «{word(d.until, D)}» судья пока не отслеживает"
    if d.until in (D.OPPONENT_TURNS,) and not isinstance(d.count, int):
        return "число ходов срока не названо"
    return None


# ------------------------------------------------------------------ granted simple abilities
def _kinds_known(kinds) -> bool:
    return all(k in ATTACK_WORDS for k in kinds)


def _keyword(node: A.Keyword) -> str | None:
    rule = KEYWORDS.get(node.name)
    if node.name == KW.MOVE:
        return "«{move}N» — движение становится N: судья пока не применяет"
    if rule is None:
        return f"особенность «{word(node.name, KW)}» судья пока не применяет"
    if rule.numbered and not isinstance(node.value, int):
        return f"у особенности «{word(node.name, KW)}» нет числа"
    if node.against is not None:
        if node.name not in (KW.DIRECT, KW.UNANSWERABLE):
            return f"«{word(node.name, KW)}» против части карт пока не применяется"
        return _selector(node.against)
    return None


def _protection(node: A.Protection) -> str | None:
    if not _kinds_known(node.against):
        return "вид защиты не распознан"
    if node.up_to is not None:
        # «защита от атак величиной N [или менее]»: only attacks whose value is N or less
        # (attacks.hit: the value before the target's own abilities, as «величина удара»)
        if not all(k in ATTACK_WORDS and k not in NOT_VALUED for k in node.against):
            return "защита «величиной N» не от атак пока не применяется"
        if not isinstance(node.up_to, A.Fixed):
            return "защита от атак величиной X пока не применяется"
    return None


#: kinds a «защита … величиной N» cannot be about (they have no value): poison, spells, effects
NOT_VALUED = frozenset({K.POISON, K.SPELLS, K.EFFECTS})


def _reduction(node: A.Reduction) -> str | None:
    if not isinstance(node.amount, A.Fixed):
        return "уменьшение на переменную величину пока не применяется"
    if not _kinds_known(node.against):
        return "вид атаки в уменьшении не распознан"
    if node.source is not None:
        reason = _selector(node.source)
        if reason:
            return reason
    if node.condition is not None:
        return _condition(node.condition)
    return None


def _bonus(node: A.Bonus) -> str | None:
    if not all(t in BONUS_TARGETS for t in node.to):
        bad = next(t for t in node.to if t not in BONUS_TARGETS)
        return f"прибавка к «{word(bad)}» пока не применяется"
    if isinstance(node.amount, A.Variable):
        if not isinstance(node.amount.definition, A.Measure):
            return "прибавка X без определения X"
        reason = _measure(node.amount.definition, strength_given=tuple(node.to) == (K.STRIKE,))
        if reason:
            return reason
    elif not isinstance(node.amount, A.Fixed):
        return "прибавка на переменную величину пока не применяется"
    if node.duration is not None:
        return "прибавка со сроком вне «получает …» пока не применяется"
    if isinstance(node.per, A.Measure):
        reason = _measure(node.per)
        if reason:
            return reason
    elif node.per not in (None, "counter"):
        return "прибавка «за каждую …» такого вида пока не применяется"
    if node.maximum is not None and node.per is None and not isinstance(node.amount, A.Fixed):
        # «получает +1 к выстрелу (максимум +2)»: a cap on what repeated gains add up to
        # (traits.fold merges them); a variable amount with it is not read
        return "предел суммы повторных прибавок пока не применяется"
    for sel in (node.against, node.attacker):
        if sel is not None:
            reason = _selector(sel)
            if reason:
                return reason
    if node.condition is not None:
        return _condition(node.condition)
    return None


def _vampirism(node: A.Vampirism) -> str | None:
    if node.maximum is not None:
        # «Вампиризм. Максимум 15 {health}»: lives above the printed ones? the seeds say not
        return "вампиризм с максимумом жизней пока не применяется"
    d = node.amount
    if d is None:
        return None
    if isinstance(d, A.Variable) and isinstance(d.definition, A.Measure) \
            and d.definition.what == MK.WOUNDS_DEALT \
            and (d.definition.of is None or d.definition.of.noun == N.SELF):
        return None                           # «вампиризм на X-1, где X — число нанесённых ран»
    return "вампиризм с числом пока не применяется"


def _restriction(node: A.Restriction) -> str | None:
    if is_defends_without_closing(node):
        return None
    if len(node.params) == 1 and (node.what, node.params[0]) in RESTRICTION_FLAGS \
            and not (node.subject or node.only or node.kinds or node.condition):
        return None                   # «после первой атаки не закрывается» …
    if node.what not in RESTRICTIONS:
        return f"запрет «{word(node.what, Verb)}» судья пока не применяет"
    if node.duration is not None and node.duration.until in (D.NEXT_TURN, "next_turn") and node.what != Verb.OPEN:
        # «в свой следующий ход» is that turn only; the engine's span runs from now (F2)
        return "запрет только на следующий ход (не с этого момента) пока не применяется"
    if node.what == Verb.ASSIGN:
        # «этой карте нельзя назначать защитника»: only the defender is named by the engine
        if not (len(node.params) == 1 and isinstance(node.params[0], A.Selector)
                and node.params[0].noun == N.DEFENDER and not node.kinds):
            return "запрет назначать что-либо, кроме защитника, пока не применяется"
        return _selector(node.subject) if node.subject is not None else None
    if node.what == Verb.GET:
        # «не может … получать дополнительные {health}»
        if tuple(node.params) != ("extra_lives",) or node.kinds or node.only:
            return "запрет получать что-либо, кроме дополнительных жизней, пока не применяется"
        return _selector(node.subject) if node.subject is not None else None
    if node.what == Verb.GET_WOUNDS and wound_cap(node) is not None:
        return None                   # «не может получить более N ран за ход»
    if node.what == Verb.GET_COUNTERS:
        # «не может получать {counter} [от других существ]»
        src = [p[1] for p in node.params if isinstance(p, tuple) and p[:1] == ("from",)]
        if len(src) != len(node.params) or len(src) > 1 or node.kinds or node.only:
            return "запрет получать фишки с такими уточнениями пока не применяется"
        return _selector(src[0]) if src else None
    if not _kinds_known(node.kinds):
        return "вид атаки в запрете не распознан"
    if node.params and not all(p in ("any_range", "next_turn", "when_defending")
                               or (p == "at_turn_start" and node.what == Verb.OPEN)
                               for p in node.params):
        return f"уточнения запрета «{params(node.params)}» пока не применяются"
    if node.what == Verb.DECLARE and node.only is None and not node.kinds:
        return "запрет объявлять атаку без указания, какую и по кому"
    for sel in (node.subject, node.only):
        if sel is not None:
            reason = _selector(sel)
            if reason:
                return reason
    if node.condition is not None:
        reason = _condition(node.condition)
        if reason:
            return reason
    return None


def wound_cap(node: A.Restriction) -> int | None:
    """N of an unconditional «не может получить более N ран за ход» (Restriction(get_wounds,
    params=("max:N", "per_turn"))), else None — a cap, not a ban on wounds."""
    if node.what != Verb.GET_WOUNDS or len(node.params) != 2 or node.kinds or node.subject \
            or node.only or node.condition is not None or node.duration is not None:
        return None
    cap, per = node.params
    if per == "per_turn" and isinstance(cap, str) and cap.startswith("max:") and cap[4:].isdigit():
        return int(cap[4:])
    return None


#: «… только подряд и по разным картам» of a multi-attack.
MULTI_ATTACK_TAGS = frozenset({"in_a_row", "different_targets"})


def _multi_attack(node: A.Permission) -> bool:
    """«Может атаковать {strike} N раз за ход[, только подряд][ и по разным картам]»."""
    sel = node.target
    return (node.what == Verb.ATTACK and isinstance(node.times, int) and node.times >= 2
            and tuple(node.kinds) == (K.STRIKE,) and set(node.params) <= MULTI_ATTACK_TAGS
            and (sel is None or (sel.noun in (N.CARD, N.CREATURE) and not sel.side
                                 and tuple(sel.qualifiers) == (Qualifier.DIFFERENT,)
                                 and not sel.relations and sel.condition is None)))


def _permission(node: A.Permission) -> str | None:
    if node.subject is not None or node.duration is not None:
        return "разрешение для других карт или со сроком пока не применяется"
    if _multi_attack(node):
        return _condition(node.condition) if node.condition is not None else None
    if node.condition is not None and (reason := _condition(node.condition)):
        return reason
    if any((node.what, p) in PERMISSION_FLAGS for p in node.params) and len(node.params) == 1:
        return None
    if is_ignore_flying_protection(node) or is_ignore_forced_targeting(node):
        return None if _kinds_known(node.kinds) else "вид атаки не распознан"
    if node.params or node.times is not None:
        tags = f" ({params(node.params)})" if node.params else ""
        return f"разрешение «{word(node.what, Verb)}»{tags} судья пока не применяет"
    if node.what == Verb.ATTACK and tuple(node.kinds) == (K.STRIKE,) and node.target is not None:
        return _selector(node.target)     # «может атаковать {strike} летающих»: as adjacent
    if node.what == Verb.DEFEND and not node.kinds and node.target is not None:
        return _selector(node.target)     # «может выступать защитником любому …»
    return f"разрешение «{word(node.what, Verb)}» судья пока не применяет"


def _counter_limit(node: A.CounterLimit) -> str | None:
    return None


#: What a ``Lose`` loses, as a message names it.
LOSE_RU = {"abilities": "всех особенностей", "ability": "особенности", "flying": "полёта",
           "counters": "фишек", "effects": "эффектов", "incarnation_tokens": "жетонов инкарнации"}


#: Words of an unparsed «при наборе в отряд …» that may reach the fight: the card starting it
#: otherwise («начинает игру / бой с …»), a bonus, a card value or a counter.  Text without them
#: is about crystals and the squad only (reading: nothing at the table).
AT_THE_TABLE = re.compile(r"начина|\bбо[йяюе]\b|\bигр[уыае]\b|\+|получа[ею]т|\{(?:strike|health|"
                          r"move|counter|ova|ovz|armor|regen|direct|tap)\}", re.IGNORECASE)


def squad_only(text: str) -> bool:
    """An unparsed «При наборе отряда / в отряд …» with none of those words: crystals and the
    squad only («второй такой стоит 6 …») — nothing at the table (reading, docs/judge.md)."""
    return bool(re.match(r"При наборе (?:отряда|в отряд)\b", text)) and not AT_THE_TABLE.search(text)


def killed_by(t: A.Trigger) -> A.Selector | None:
    """«при гибели от атак существа противника» (grammar R13: Trigger(own_death, cause=any,
    params=((by, X),)), nothing else): X, the card whose attack left this one no lives
    (``Piece.killer``); None for any other trigger."""
    if t.event != TE.OWN_DEATH or t.cause != K.ANY or t.timing is not None or t.also \
            or t.subject is not None or t.target is not None or t.attack is not None \
            or t.strength is not None or t.turn is not None or len(t.params) != 1:
        return None
    p = t.params[0]
    if isinstance(p, tuple) and len(p) == 2 and p[0] == TP.BY and isinstance(p[1], A.Selector):
        return p[1]
    return None


def loses_at_once(t: A.Trigger) -> int | None:
    """«когда ваша карта единовременно теряет N или более {counter}» (grammar R16:
    Trigger(loses_counter, params=("at_least:N", at_once))): N; None for any other shape."""
    tags = {str(p) for p in t.params}
    n = [p[9:] for p in tags if p.startswith("at_least:")]
    if t.event != TE.LOSES_COUNTER or tags != {f"at_least:{n[0] if n else ''}", TP.AT_ONCE} \
            or not n[0].isdigit() or t.target is not None or t.also or t.cause is not None \
            or t.timing is not None or t.attack is not None or t.turn is not None:
        return None
    return int(n[0])


def deals_at_least(t: A.Trigger) -> int | None:
    """«когда ваше существо наносит N или более ран [немагической атакой]»
    (Trigger(deals_wounds, subject, cause=<attack kind> | None, params=("at_least:N",))): N —
    the wounds one attack of the subject left on one card; None for any other shape."""
    tags = [str(p) for p in t.params]
    if t.event != TE.DEALS_WOUNDS or len(tags) != 1 or not tags[0].startswith("at_least:") \
            or not tags[0][9:].isdigit() or t.target is not None or t.also \
            or t.timing is not None or t.attack is not None or t.turn is not None \
            or t.cause == K.POISON or (t.cause is not None and t.cause not in ATTACK_CAUSES):
        return None
    return int(tags[0][9:])


#: «… атакой [вида]»: the causes a dealt-wounds trigger tells apart (an attack of a kind or any)
ATTACK_CAUSES = frozenset(K.concrete_kinds()) | {K.ANY, K.RANGED, K.MELEE, K.MAGICAL, K.NONMAGIC}


def at_least(t: A.Trigger) -> int | None:
    """N of «теряет / наносит N или более …» (``loses_at_once`` / ``deals_at_least``)."""
    return loses_at_once(t) if t.event == TE.LOSES_COUNTER else deals_at_least(t)


def is_cure_poison(node: A.Lose) -> bool:
    """«снять с X отравление» — the grammar's Lose(X, "ability", (Keyword(poisoning),)) (its
    contract: poison is a state the card loses; seeds: «Отравление на Х» is a воздействие on the
    creature), with nothing else lost and no duration."""
    return (node.what == "ability" and node.duration is None and node.amount is None
            and len(node.abilities) == 1 and isinstance(node.abilities[0], A.Keyword)
            and node.abilities[0].name == KW.POISONING
            and node.abilities[0].value is None and node.abilities[0].against is None)


def _lose(node: A.Lose) -> str | None:
    if node.what == "counters":
        return None
    if is_cure_poison(node):
        return None                     # «снять с него отравление»: port.lose removes the poison
    if node.what == "abilities" and not node.abilities:
        # «… теряет все особенности [до тех пор, пока …]»
        return _duration(node.duration) if node.duration is not None else None
    return f"потеря «{LOSE_RU.get(node.what, word(node.what))}» пока не применяется"


#: Events a delayed effect («…, в конце хода …» inside an ability) may wait for.
DELAYABLE = frozenset({TE.TURN_END, TE.OPPONENT_TURN_END, TE.TURN_START, TE.OPPONENT_TURN_START,
                       TE.NEXT_TURN_START})


class _Words:
    """The vocabulary as a Port's ``unsupported`` (for the effects of a delayed effect)."""

    unsupported = staticmethod(lambda node: unsupported(node))


def _triggered(node: A.Triggered) -> str | None:
    """A trigger inside an effect: a delayed effect, done once at the next such moment."""
    t = node.trigger
    if t.event not in DELAYABLE or t.subject or t.target or t.origin or t.destination \
            or t.cause or t.timing or t.also or t.attack or t.strength or t.turn \
            or any(p != TP.EACH_TURN for p in t.params):
        return f"отложенный эффект «{word(t.event, TE)}» пока не применяется"
    if node.condition is not None or node.limit is not None:
        return "отложенный эффект с условием или ограничением пока не применяется"
    return unsupported_effects(node.effects, _Words)


_BY_CLASS = {
    A.Selector: _selector, A.Relation: _relation, A.Condition: _condition,
    A.Measure: _measure, A.Duration: _duration, A.Keyword: _keyword,
    A.Protection: _protection, A.Reduction: _reduction, A.Bonus: _bonus,
    A.Vampirism: _vampirism, A.Restriction: _restriction, A.Permission: _permission,
    A.CounterLimit: _counter_limit, A.Lose: _lose, A.Triggered: _triggered,
}

__all__ = ["ATTACK_KINDS", "unsupported"]
