"""A card's text read once into what the engine uses: the ``Kit``.

``kit_of`` parses a card's text (grammar.parse) and sorts every ability into the three doors
card text has into the engine (docs/DESIGN.md): *actions* (costs + effects a player uses),
*triggers* (by the event they answer) and *continuous* abilities (printed grants, the card's own
conditional statics — «пока …», «Строй: …», labels — and auras that reach other cards).  Each
ability is an ``Ab``: its line (1-based position among the card's abilities, the scenario's
``ability``), its node, its text, its choice points and — when the judge cannot apply it
exactly — the reason (``refusal``).  A refused ability is named in the trace whenever it could
matter and the card does not count towards `judge_applicable`.

Whether an ability is applied is decided by the same tables the engine runs: the interpreter's
handlers (judge/core) and the classic vocabulary (judge/classic/support.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import TriggerParam as TP
from berserk.vocab import (
    ConditionKind,
    DurationKind,
    MeasureKind,
    Qualifier,
    RelationKind,
    Side,
    TriggerTiming,
    Verb,
)
from grammar import ast as A
from grammar import parse
from judge.classic.support import AT_THE_TABLE, at_least, killed_by, squad_only, unsupported
from judge.classic.traits import is_defends_without_closing
from judge.classic.traits import (
    ATTACK_KINDS,
    KEYWORDS,
    Traits,
    fold_base,
    is_cap,
    is_strength_cap,
)
from judge.core.context import Points, choice_points
from judge.core.effects import next_bonus
from judge.core.interp import unsupported_effects
from judge.classic.rewrites import first_only, bind_optional, this_strike
from judge.core.words import OPAQUE, icon_unproven, node_word, params, word


class _Vocab:
    """The classic vocabulary as the interpreter's ``Port.unsupported`` (no engine needed)."""

    @staticmethod
    def unsupported(node) -> str | None:
        return unsupported(node)

    #: the classic Port keeps a card open after its attack (judge/classic/port.py keep_open)
    keep_open = True
    #: … and strengthens a poison (port.add_poison)
    add_poison = True
    #: … and uses up «+N к следующему {strike} / броску кубика» (attacks.next_bonus)
    next_bonus = True
    #: … and knows the attack being declared, to redirect it (port.declared_attack)
    declared_attack = True
    #: … and puts markers on cells (port.cell_marker)
    cell_marker = True
    #: … and returns a card to its owner's deck (port.to_deck)
    to_deck = True


VOCAB = _Vocab()

#: Simple continuous abilities (what ``traits.fold`` reads).
GRANTS = (A.Keyword, A.Protection, A.Reduction, A.Bonus, A.Vampirism, A.CounterLimit,
          A.Restriction, A.Permission)

#: Trigger events the engine emits (judge/classic/triggers.py), old forms included.
EVENTS = frozenset({TE.ATTACK, TE.STRONG_ATTACK, TE.MISS, TE.ATTACK_OR_MISS,
                    TE.BECOMES_DEFENDER, TE.DEFENDS, TE.OWN_DEATH, TE.DEATH, TE.TURN_START,
                    TE.OPPONENT_TURN_START, TE.TURN_END, TE.OPPONENT_TURN_END, TE.FIGHT_START,
                    TE.MOVE, TE.MOVE_ADJACENT, TE.WOUNDED, TE.WOUNDED_BY,
                    TE.CROSSED_TO_ENEMY_HALF, TE.CROSSED_TO_OWN_HALF, TE.ATTACKED,
                    TE.THIRD_COUNTER, TE.GETS_COUNTER, TE.DIE_ROLL, TE.OPENS, TE.ACTS,
                    TE.DESTROYS, TE.LOSES_COUNTER, TE.DEALS_WOUNDS})


@dataclass(frozen=True, slots=True)
class Ab:
    """One ability of a card as the engine holds it."""

    line: int
    node: A.Node
    text: str
    refusal: str | None
    points: Points
    under: tuple = ()             # («formation», cond) / («order», first) / («label», kw) …
    event: str | None = None      # a trigger: the engine event it answers (``canonical``)
    tags: frozenset = frozenset()  # … and what narrows it (assault, first, response)

    @property
    def applied(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class Kit:
    abilities: tuple[Ab, ...]             # every ability (inner ones of Строй / labels too)
    base: Traits                          # printed, unconditional grants folded
    base_nodes: tuple                     # … and the nodes themselves
    own: tuple[tuple[Ab, A.Node], ...]    # own conditional grants: (ability, grant node)
    auras: tuple[Ab, ...]                 # statics that reach other cards
    triggers: tuple[Ab, ...]
    actions: tuple[Ab, ...]
    riders: tuple[A.Node, ...]            # what rides on the simple strike (bare «Отравление»)
    starts_with: int = 0
    formation: bool = False
    attack_kinds: frozenset = frozenset()
    refused: tuple[Ab, ...] = ()          # the abilities the judge cannot apply
    listens: frozenset = frozenset()      # trigger events its abilities (refused too) answer
    flying: bool = False                  # printed (or by type): asked at every rule point
    incorporeal: bool = False
    symbiote: bool = False
    rolls: tuple[Ab, ...] = ()            # «ваш первый за ход бросок кубика равен N»

    @property
    def dynamic(self) -> bool:
        return bool(self.own or self.auras)

    def __deepcopy__(self, memo) -> Kit:
        return self                       # immutable: a copied table shares it


#: «если X атакован(а/о/ы) …»: the attack declared, not landed (the AST does not tell them apart)
DECLARED = re.compile(r"\bатакован[аоы]?\b")

#: an ordinal before «{counter}» («третьей», «второй» …) the parse may drop: then refuse
ORDINAL = re.compile(r"(?:втор|треть|трет|четв[её]рт|пят|шест)(?:ой|ей|ью|ую)\s*\{counter\}")

class _Reader:
    def __init__(self, text: str, order: str | None):
        self.text = text
        self.order = order
        self.abilities: list[Ab] = []
        self.base: list = []
        self.own: list = []
        self.auras: list = []
        self.triggers: list = []
        self.actions: list = []
        self.riders: list = []
        self.starts = 0
        self.rolls: list = []
        self.formation = False
        self.kinds: set = set()

    def src(self, node) -> str:
        s = node.span
        return self.text[s.start:s.end].strip() if s.end > s.start else type(node).__name__

    def add(self, line: int, node, refusal: str | None, under: tuple = (),
            event: str | None = None, tags: frozenset = frozenset()) -> Ab:
        text = self.src(node)
        if isinstance(node, A.Activated) and node.effects and refusal is None:
            # messages name what the ability does, not its cost: «Выстрел на 2»
            first, last = node.effects[0].span, node.effects[-1].span
            if last.end > first.start:
                text = self.text[first.start:last.end].strip()
        ab = Ab(line, node, text, refusal, choice_points(node), under, event, tags)
        self.abilities.append(ab)
        return ab

    # ---------------------------------------------------------------- one ability
    def read(self, line: int, node, under: tuple = ()) -> None:
        if isinstance(node, A.Opaque):          # «При наборе отряда …» of crystals: not at the table
            self.add(line, node, None if squad_only(node.text) else OPAQUE, under)
        elif isinstance(node, A.Unknown):
            self.add(line, node, icon_unproven(node), under)
        elif isinstance(node, GRANTS):
            self.grant(line, node, under)
        elif isinstance(node, (A.StartsWithCounters,)) or (
                isinstance(node, A.Action) and node.verb == Verb.START_WITH_COUNTER):
            plain = all(u[0] == "order" for u in under)
            self.add(line, node, None if plain else "фишка в начале боя с условием", under)
            if plain:
                self.starts += node.count if isinstance(node, A.StartsWithCounters) else (
                    int(node.params[0]) if node.params else 1)
        elif isinstance(node, A.Poison) and node.target is None:
            ab = self.add(line, node, unsupported_effects((node,), VOCAB), under)
            if ab.applied:
                self.route_grant(ab, node, under, rider=True)
        elif isinstance(node, (A.Attack, A.Finishing, A.Named, A.Activated)):
            self.action(line, node, under)
        elif isinstance(node, A.Triggered):
            self.triggered(line, node, under)
        elif isinstance(node, A.Static):
            self.static(line, node, under)
        elif isinstance(node, A.Formation):
            self.formation = True
            cond = () if node.condition is None else (node.condition,)
            for inner in node.inner:
                self.read(line, inner, under + (("formation",) + cond,))
        elif isinstance(node, A.WhenOrder):
            if self.order is None:
                self.add(line, node, "не указано, каким ходит владелец ({first}/{second})", under)
            elif node.order == self.order:
                for inner in node.inner:
                    self.read(line, inner, under + (("order", node.order),))
        elif isinstance(node, A.Label):
            if node.keyword is None or node.keyword not in KEYWORDS:
                self.add(line, node, f"метка «{node.name}:» — судья не знает, когда она "
                         "действует", under)
            else:
                # «Бестелесный: …» names what the card is (the keyword: seed 000's rules for
                # incorporeal cards apply) and what being so gives it (the inner abilities,
                # while it has the keyword) — without the keyword they never held
                self.base.append(A.Keyword(node.keyword, span=node.span))
                for inner in node.inner:
                    self.read(line, inner, under + (("label", node.keyword),))
        elif isinstance(node, A.Action) and node.verb == Verb.TAUNT:
            self.taunt(line, node, under)
        else:
            self.add(line, node, f"«{node_word(node)}» — судья пока не применяет", under)

    # ---------------------------------------------------------------- continuous
    def grant(self, line: int, node, under: tuple) -> None:
        reason = unsupported(node)
        subject = getattr(node, "subject", None)
        if reason is None and isinstance(node, (A.Restriction, A.Permission)) \
                and node.duration is not None:
            reason = "запрет со сроком без события пока не применяется"
        own = subject is None or subject.noun == N.SELF
        if own and isinstance(node, (A.Restriction, A.Permission)) and node.condition is not None \
                and not (isinstance(node, A.Restriction) and is_defends_without_closing(node)):
            # «не может атаковать, пока …» / «может двигаться по диагонали, пока …»: the card's
            # own ability while the condition holds — an own conditional static
            under = under + (("static", node.condition),)
            node = replace(node, condition=None)
        ab = self.add(line, node, reason, under)
        if ab.applied:
            if not own:
                self.auras.append(ab)
            else:
                self.route_grant(ab, node, under)

    def route_grant(self, ab: Ab, node, under: tuple, rider: bool = False) -> None:
        if rider:
            if under:
                object.__setattr__(ab, "refusal", "сопутствующий удару эффект с условием")
                return
            self.riders.append(node)
        elif not under or all(u[0] == "order" for u in under):
            self.base.append(node)
        else:
            self.own.append((ab, node))

    def static(self, line: int, node: A.Static, under: tuple) -> None:
        under = under + ((("static", node.condition),) if node.condition is not None else ())
        if node.limit is not None:
            # «Может … (1 раз за бой)»: the uses of an optional static are not counted yet
            self.add(line, node, "ограничение «N раз за …» на постоянной способности пока не "
                     "отслеживается", under)
            return
        if node.condition is not None and (reason := unsupported(node.condition)):
            self.add(line, node, reason, under)
            return
        if node.condition is not None and any(
                isinstance(r, A.Relation) and r.what == RelationKind.OF
                and isinstance(r.to, A.Selector) and r.to.noun == N.IT
                for r in A.walk(node.condition)):
            # «пока в первом ряду противника нет его карт»: «его» is the opponent there, but a
            # static has no event — `it` would be the card itself (its own cards: wrong)
            self.add(line, node, "«его карты» в условии постоянного эффекта — чьи, разбор не "
                     "говорит", under)
            return
        for e in node.effects:
            if isinstance(e, (A.Activated, A.Triggered)):
                self.read(line, e, under)         # «пока …, имеет «{tap}: …»»
                continue
            self_target = e.target is None or e.target.noun == N.SELF \
                if isinstance(e, A.Gain) else False
            if self_target and all(isinstance(w, (A.Activated, A.Triggered)) for w in e.what) \
                    and e.duration is None:
                # «пока …, получает «{tap}: …»»: the granted ability, while the condition holds
                for w in e.what:
                    self.read(line, w, under)
                continue
            if isinstance(e, A.Gain) and self_target and this_turn_only(node.condition, e):
                # «получает X до конца вашего хода, если переместилась … в этот ход»: the
                # condition only holds in this turn, so the grant lasts exactly while it does
                e = replace(e, duration=None)
            if isinstance(e, A.Gain) and e.duration is None and not _gain_duration(e):
                target = e.target
                self_grant = target is None or target.noun == N.SELF
                reason = unsupported_effects((e,), VOCAB)
                if reason is None and any(not isinstance(w, GRANTS) for w in e.what):
                    reason = "получаемая особенность — не постоянное свойство"
                if reason is None and any(next_bonus(w) for w in e.what):
                    # used up by the next strike / roll: not a standing property
                    reason = "постоянная прибавка «к следующему …» пока не применяется"
                ab = self.add(line, e if len(node.effects) > 1 else node, reason, under)
                if not ab.applied:
                    continue
                if self_grant:
                    for w in e.what:
                        self.route_grant(ab, w, under)
                else:
                    self.auras.append(ab)
            elif isinstance(e, GRANTS):
                self.grant(line, e, under)
            elif isinstance(e, A.Action) and e.verb == Verb.TAUNT:
                self.taunt(line, e, under)
            elif isinstance(e, A.Action) and e.verb == Verb.SET_ROLL:
                ab = self.add(line, e if len(node.effects) > 1 else node, set_roll_unsupported(e),
                              under)
                if ab.applied:
                    self.rolls.append(ab)
            elif isinstance(e, A.Action) and (is_cap(e) or is_strength_cap(e)):
                # «удары <кого> по X сводятся к …»: whose attacks (Action.by) count too
                reason = unsupported(e.target) or (unsupported(e.by) if e.by is not None
                                                   else None)
                ab = self.add(line, e if len(node.effects) > 1 else node, reason, under)
                if ab.applied and e.target.noun == N.SELF:
                    self.route_grant(ab, e, under)
                elif ab.applied:
                    # «{strike} по картам слева и справа от X сводится к слабому»: an aura
                    self.auras.append(ab)
            else:
                self.add(line, node, "постоянный эффект этого вида судья пока не применяет",
                         under)

    def taunt(self, line: int, node: A.Action, under: tuple) -> None:
        """The earlier grammar's taunt: enemy cards may declare <kinds> only at this card while
        an enemy creature is adjacent to it, whatever the range of the declared action."""
        quals = set(node.target.qualifiers) if node.target else set()
        ok = (node.target is not None and node.target.noun == N.SELF
              and quals <= {"while_adjacent_to_enemy", "any_range"}
              and all(k in ATTACK_KINDS for k in node.params))
        ab = self.add(line, node, None if ok else "вынуждение атаковать пока не применяется",
                      under)
        if ab.applied and not under:
            self.auras.append(ab)
        elif ab.applied:
            object.__setattr__(ab, "refusal", "вынуждение с условием пока не применяется")

    # ---------------------------------------------------------------- actions and triggers
    def action(self, line: int, node, under: tuple) -> None:
        if isinstance(node, A.Activated):
            cost, effects, limit = node.cost, node.effects, node.limit
        else:                               # a bare «Удар через ряд.» / «Добивание на 2.»
            cost, effects, limit = A.Cost(tap=True), (node,), getattr(node, "limit", None)
        reason = unsupported_effects(effects, VOCAB)
        if reason is None and limit is not None and limit.each is not None \
                and not each_origin(effects, limit):
            reason = "ограничение «для каждого …» пока не отслеживается"
        if reason is None and any(u[0] not in ("static", "formation", "label", "order")
                                  for u in under):
            reason = "действие под условием пока не применяется"
        if reason is None and isinstance(cost.counters, str) and not _x_used(effects):
            reason = "стоимость X фишек, а X в тексте не используется"
        if reason is None and _measures_it(effects):
            # «X — сумма … слева и справа от него»: the card, or the target? (no event names it)
            reason = "«он / него» в величине X действия — чья карта, не ясно"
        for e in effects:
            if isinstance(e, A.Attack):
                self.kinds.add(e.attack)
        ab = self.add(line, node, reason, under)
        if ab.applied:
            self.actions.append(ab)

    def triggered(self, line: int, node: A.Triggered, under: tuple) -> None:
        t = node.trigger
        if no_close_after_first(node):
            # «…, после первой атаки не закрывается»: not an event to answer but how the card
            # pays for its first attack of the turn (a flag its attacks read)
            self.grant(line, A.Restriction(Verb.CLOSE, params=("after_first_attack",),
                                           span=node.span), under)
            return
        if t.event == TE.RECRUIT and not t.also:
            # «при наборе в отряд»: squad building, before the fight — nothing at the table,
            # unless the parse lost what it does («… начинает игру с +X к {strike}»)
            opaque = [n for e in node.effects for n in A.walk(e) if isinstance(n, A.Opaque)]
            fight = any(AT_THE_TABLE.search(n.text) for n in opaque)
            self.add(line, node, "при наборе в отряд: текст не разобран и говорит о бое — "
                     "влияет ли он на бой, не ясно" if fight else None, under)
            return
        event, tags, reason = canonical(t)
        if event in (TE.ATTACK, TE.STRONG_ATTACK) and t.attack == K.STRIKE \
                and t.subject is None and t.target is None:
            node = replace(node, effects=this_strike(node.effects))
        if reason is None and all(isinstance(e, A.Named) and not e.body for e in node.effects):
            reason = "срабатывание без разобранного действия"      # «… — воздействие «X»:»
        if reason is None and event == TE.DEATH and t.subject is None:
            reason = "не сказано, чья гибель"
        if reason is None and event in ATTACKS and t.subject is None and t.target is not None:
            # «при ударе по закрытому существу» — the card's own strike; «при ударе по <этой
            # карте>» — anyone's strike on it; «… по существу рядом с <этой картой>» — whose?
            if DECLARED.search(self.src(t) if t.span.end > t.span.start else self.src(node)):
                reason = "«если атакован …» (при объявлении атаки) пока не применяется"
            elif not t.target.relations and t.target.condition is None and (
                    t.target.noun == N.SELF or tuple(t.target.qualifiers) == (Qualifier.THIS,)):
                tags = tags | {"on_self"}
            elif any(isinstance(x, A.Selector) and x.noun == N.SELF for x in A.walk(t.target)):
                reason = "чья атака по карте рядом с этой — не ясно"
        if reason is None and event in ATTACKS and _near_self(t.target) and any(
                isinstance(x, A.Selector) and x.noun == N.IT
                for e in node.effects for x in A.walk(e)):
            # «при ударе по существу рядом с <этой картой> — излечить его»: «его» may be the
            # attacked card (the engine's reading of an attack trigger) or the card itself; the
            # grammar writes self for «он / она» when the gender decides (R10), `it` otherwise
            reason = ("местоимение («его» …) после «при атаке по существу рядом с этой "
                      "картой» — атакованная карта или эта, разбор не говорит")
        if reason is None and event == TE.GETS_COUNTER and not tags \
                and ORDINAL.search(self.src(node)):
            reason = "порядковый номер фишки в тексте, но не в разборе"   # «третьей» lost
        if reason is None:
            for sel in (t.subject, t.target):
                if sel is not None and (reason := unsupported(sel)):
                    break
        if reason is None and node.condition is not None:
            reason = unsupported(node.condition)
        if reason is None and node.limit is not None and node.limit.each is not None:
            reason = "ограничение «для каждого …» пока не отслеживается"
        if reason is None:
            reason = unsupported_effects(node.effects, VOCAB)
        if reason is None and under and any(u[0] not in ("formation", "order", "label", "static")
                                            for u in under):
            reason = "срабатывание под условием пока не применяется"
        ab = self.add(line, node, reason, under, event=event, tags=tags)
        if ab.applied:
            self.triggers.append(ab)

    def build(self) -> Kit:
        refused = tuple(a for a in self.abilities if a.refusal)
        base = fold_base(tuple(self.base))
        listens = frozenset(a.event or a.node.trigger.event for a in self.abilities
                            if isinstance(a.node, A.Triggered))
        return Kit(tuple(self.abilities), base, tuple(self.base),
                   tuple(self.own), tuple(self.auras), tuple(self.triggers), tuple(self.actions),
                   tuple(self.riders), self.starts, self.formation, frozenset(self.kinds),
                   refused, listens, base.has(KW.FLYING), base.has(KW.INCORPOREAL),
                   base.has(KW.SYMBIOTE), tuple(self.rolls))


#: «получает раны от <чего>» the engine tells apart: an attack (of a kind, or any) or poison.
WOUND_CAUSES = frozenset(K.concrete_kinds()) | {K.ANY, K.RANGED, K.MELEE, K.MAGICAL,
                                                K.NONMAGIC, K.POISON}

#: Trigger.params tags the engine tells apart (judge/classic/triggers.py).
ATTACK_TAGS = frozenset({"in_assault", "first_per_turn", "response", "each"})
ATTACKS = (TE.ATTACK, TE.STRONG_ATTACK, TE.MISS, TE.ATTACK_OR_MISS)


def _is_cell_next_to_self(sel: A.Selector | None) -> bool:
    return (sel is not None and sel.noun == N.CELL and not sel.qualifiers and len(sel.relations) == 1
            and sel.relations[0].what == RelationKind.ADJACENT
            and sel.relations[0].to.noun == N.SELF)


def moved_by(t: A.Trigger) -> A.Selector | None:
    """The card whose text makes the move, of «при перемещении … <кем>» (TriggerParam.by)."""
    p = t.params[0] if t.params else None
    if isinstance(p, tuple) and len(p) == 2 and p[0] == TP.BY and isinstance(p[1], A.Selector):
        return p[1]
    return None


def _near_self(sel: A.Selector | None) -> bool:
    """A selector of another card placed relative to this one («существо рядом с этой
    картой»), not the card itself."""
    return (sel is not None and sel.noun != N.SELF
            and any(isinstance(x, A.Selector) and x.noun == N.SELF for x in A.walk(sel)))


def _half(sel: A.Selector | None) -> str | None:
    return sel.side if sel is not None and sel.noun == N.HALF and not sel.qualifiers else None


def canonical(t: A.Trigger) -> tuple[str | None, frozenset, str | None]:
    """The engine event a trigger answers, the tags that narrow it, or why the judge cannot
    tell (both grammars: «при перемещении на соседнюю клетку» is the earlier ``move_adjacent``
    and the compositional ``move`` with a destination next to the card)."""
    e, tags = t.event, frozenset(t.params)
    if e not in EVENTS:
        return None, tags, f"срабатывание «{word(e, TE)}» судья пока не применяет"
    if t.attack is not None and e not in ATTACKS:
        # «когда X атакован выстрелом»: the engine's event does not say the attack's kind
        return None, tags, "вид атаки у этого срабатывания пока не проверяется"
    if e == TE.OWN_DEATH and t.timing == TriggerTiming.INSTEAD and not t.cause and not tags \
            and not t.also and t.subject is None and t.target is None:
        # «вместо гибели …»: a replacement — done instead of the card's death
        return e, frozenset({"instead"}), None
    if (by := killed_by(t)) is not None:      # «при гибели от атак X»: X the killer
        return e, frozenset({"killed_by"}), unsupported(by)
    if t.timing not in (None, TriggerTiming.AFTER) or (
            t.cause and not (e in (TE.WOUNDED, TE.DEALS_WOUNDS) and t.cause in WOUND_CAUSES)):
        return None, tags, "уточнение срабатывания («вместо», «от чего») пока не применяется"
    if e == TE.WOUNDED and tags:
        if tags == {"first_per_turn"} and t.cause in WOUND_CAUSES and t.cause != K.POISON:
            return e, tags, None              # «получает раны от атаки в первый раз за ход»
        if tags == {"amount:X"} and (t.cause is None or t.cause in WOUND_CAUSES):
            return e, tags, None              # «получает X ран …, … на X»: X — the wounds received
        return None, tags, f"уточнение срабатывания «{params(sorted(tags))}» пока не применяется"
    if t.also:
        if e == TE.ATTACK and [a.event for a in t.also] == [TE.MISS] \
                and all(not a.subject and not a.target and not a.attack and not a.strength
                        and (not a.params or frozenset(a.params) == tags) for a in t.also):
            e = TE.ATTACK_OR_MISS                 # «при ударе [в нападении] или промахе …»
        elif e in ATTACKS and several_kinds(t):
            pass                # «при дальней немагической атаке …»: one event, several kinds
        else:
            return None, tags, "срабатывание на несколько событий пока не применяется"
    if e in ATTACKS and through_cell(t) is not None:
        # «при {uchr} через свободную клетку …»: the cell the attack passed over («на неё» —
        # that cell)
        return e, frozenset({"through"}), unsupported(through_cell(t))
    if e in ATTACKS:
        if not tags <= ATTACK_TAGS:
            return None, tags, f"уточнение удара «{params(sorted(tags - ATTACK_TAGS))}» пока не применяется"
        if t.subject is not None and not new_grammar():
            # the earlier grammar wrote the attacked card here, the compositional one the
            # attacker: the judge does not guess which
            return None, tags, "не ясно, чей это удар и по кому"
        return e, tags, None
    if e == TE.DESTROYS:
        # «когда уничтожает [атакой] карту противника»: the card itself (no subject) destroys one
        # that fits the target (a selector of cards; the earlier «выстрелом» form is refused)
        if tags or t.subject is not None or t.target is None \
                or t.target.noun in (N.ATTACK, N.CELL):
            return None, tags, "срабатывание «когда уничтожает» такого вида пока не применяется"
        return e, tags, None
    if e == TE.GETS_COUNTER and all(str(p).startswith("nth:") and str(p)[4:].isdigit()
                                    for p in tags) and len(tags) <= 1:
        return e, tags, None                      # «когда получает [третью] {counter}»
    if e in (TE.LOSES_COUNTER, TE.DEALS_WOUNDS):   # «… теряет / наносит N или более …»
        return (e, tags, None) if at_least(t) else (
            None, tags, f"срабатывание «{word(e, TE)}» такого вида пока не применяется")
    if e == TE.DIE_ROLL:
        if not tags or not all(str(p).startswith("face:") and str(p)[5:].isdigit() for p in tags):
            return None, tags, "бросок кубика без названной грани пока не применяется"
        return e, tags, None                      # «когда … выбрасывает на кубике 6»
    if e == TE.MOVE and len(t.params) == 1 and moved_by(t) is not None \
            and t.origin is None and t.destination is None:
        # «при перемещении <этой карты> другой картой»: a move made by another card's text
        return e, frozenset({"by"}), unsupported(moved_by(t))
    if e == TE.MOVE and tags == {"diagonal"} and t.subject is None and t.origin is None \
            and t.destination is None:
        return TE.MOVE_ADJACENT, tags, None        # «при перемещении по диагонали»: each such step
    if tags:
        return None, tags, f"уточнение срабатывания «{params(sorted(tags))}» пока не применяется"
    if e == TE.MOVE and (t.origin is not None or t.destination is not None):
        if _is_cell_next_to_self(t.destination) and t.origin is None:
            return TE.MOVE_ADJACENT, tags, None
        dest = t.destination
        if t.origin is None and dest is not None and dest.noun == N.CELL \
                and (dest.relations or dest.qualifiers) and unsupported(dest) is None:
            # «при перемещении на клетку, рядом с которой …» / «… на клетку третьего ряда
            # противника»: each step onto such a cell
            return TE.MOVE_ADJACENT, frozenset({"destination"}), None
        origin, dest = _half(t.origin), _half(t.destination)
        if origin == Side.OWN and dest == Side.ENEMY:
            return TE.CROSSED_TO_ENEMY_HALF, tags, None
        if origin == Side.ENEMY and dest == Side.OWN:
            return TE.CROSSED_TO_OWN_HALF, tags, None
        return None, tags, "откуда или куда перемещение — судья пока не проверяет"
    return e, tags, None


#: «ваш бросок» (AST contract: «ваш» → Selector(player)); a roll of whose the grammar left
#: unsaid is ``by=None`` — and a lost «противника» reads so too: refused.
YOUR_ROLL = A.Selector(N.PLAYER)


def set_roll_unsupported(e: A.Action) -> str | None:
    """«Ваш [первый за ход] бросок кубика равен N» as a standing ability: every die (or the first
    die each turn) its controller rolls for a card of his is N."""
    if e.by != YOUR_ROLL:
        return "«бросок кубика равен N» — чей бросок, разбор не говорит"
    if not isinstance(e.amount, A.Fixed) or e.target is not None or e.to is not None \
            or e.origin is not None or e.duration is not None or not set(e.params) <= {"first_per_turn"}:
        return "«бросок кубика равен N» с такими уточнениями пока не применяется"
    return None


def each_origin(effects: tuple, limit: A.Limit) -> bool:
    """«Перенаправить атаку с существа … (1 раз за ход для каждого существа)»: a limit counted
    per card the attack is redirected from (the one card the text names by «с …»)."""
    return (len(effects) == 1 and isinstance(effects[0], A.Action)
            and effects[0].verb == Verb.REDIRECT and effects[0].origin is not None
            and limit.each == effects[0].origin.noun)


def through_cell(t: A.Trigger) -> A.Selector | None:
    """The cell of «при {uchr} через <клетку>» (``TriggerParam.through``), or None."""
    if t.attack != K.UCHR or len(t.params) != 1:
        return None
    p = t.params[0]
    if isinstance(p, tuple) and len(p) == 2 and p[0] == TP.THROUGH \
            and isinstance(p[1], A.Selector) and p[1].noun == N.CELL:
        return p[1]
    return None


def several_kinds(t: A.Trigger) -> bool:
    """Is ``t.also`` the same attack trigger for other attack kinds (a535b3f: «при дальней
    немагической атаке» → shot, ``also`` throw and uchr), every other role equal?"""
    bare = replace(t, also=())
    return t.attack is not None and all(
        a.attack is not None and not a.also and replace(a, attack=t.attack) == bare
        for a in t.also)


def attack_kinds(t: A.Trigger) -> tuple | None:
    """The attack kinds a trigger answers: its own and those of ``also`` (None: any)."""
    if t.attack is None:
        return None
    return (t.attack, *(a.attack for a in t.also if a.attack is not None))


@lru_cache(maxsize=1)
def new_grammar() -> bool:
    """Does the grammar write «при ударе по X» as ``Trigger.target`` (the compositional
    grammar) rather than in ``subject`` (the earlier one)?  Asked once, of the parser itself."""
    probe = parse("При {strike} по закрытому существу получить {counter}.").abilities
    t = probe[0].trigger if probe and isinstance(probe[0], A.Triggered) else None
    return t is not None and t.target is not None and t.subject is None


def no_close_after_first(node: A.Triggered) -> bool:
    """The grammar's «после первой атаки [за ход] — не закрывается» trigger."""
    t = node.trigger
    if t.event != TE.ATTACK or t.timing != TriggerTiming.AFTER \
            or tuple(t.params) != ("first_per_turn",) or t.attack not in (None, K.ANY, K.STRIKE) \
            or t.subject or t.target or t.also or t.cause or t.turn \
            or node.condition is not None or node.limit is not None or len(node.effects) != 1:
        return False
    r = node.effects[0]
    return (isinstance(r, A.Restriction) and r.what == Verb.CLOSE and r.subject is None
            and r.duration is None and r.condition is None and not r.params and not r.kinds
            and r.only is None)


def this_turn_only(cond: A.Condition | None, e: A.Gain) -> bool:
    """A condition about what the card did this turn, for a grant that ends with this turn."""
    until = e.duration.until if e.duration is not None else None
    return (cond is not None and cond.what == ConditionKind.MOVED and not cond.negated
            and "this_turn" in cond.params and cond.subject is None
            and until in (DurationKind.END_OF_TURN, DurationKind.END_OF_YOUR_TURN))


def _gain_duration(e: A.Gain) -> bool:
    return any(isinstance(w, A.Bonus) and w.duration is not None for w in e.what)


def _measures_it(effects) -> bool:
    return any(isinstance(n, A.Measure) and n.of is not None
               and any(isinstance(s, A.Selector) and s.noun == N.IT for s in A.walk(n.of))
               for e in effects for n in A.walk(e))


def _x_used(effects) -> bool:
    """Does the text use the X of an «X{counter}» cost (a free X, the spent counters, or «на X
    ходов противника»)?"""
    return any((isinstance(n, A.Variable) and n.definition is None)
               or (isinstance(n, A.Measure) and n.what == MeasureKind.SPENT_COUNTERS)
               or (isinstance(n, A.Duration) and n.until == DurationKind.X_OPPONENT_TURNS)
               for e in effects for n in A.walk(e))


@lru_cache(maxsize=4096)
def kit_of(text: str | None, name: str = "", order: str | None = None,
           type_keywords: tuple[str, ...] = ()) -> Kit:
    """The Kit of a card text (cached).  ``order``: "first"/"second" when known;
    ``type_keywords``: what the card is by its type (a flyer flies, a symbiote is one)."""
    r = _Reader(text or "", order)
    if text:
        parsed = parse(text, name=name or None)
        r.text = parsed.text
        for i, node in enumerate(parsed.abilities, start=1):
            r.read(i, first_only(bind_optional(node, parsed.text), parsed.text))
    for kw in type_keywords:
        r.base.append(A.Keyword(kw))
    for ab in r.actions:
        for e in (ab.node.effects if isinstance(ab.node, A.Activated) else (ab.node,)):
            if isinstance(e, A.Attack):
                r.kinds.add(e.attack)
    return r.build()


def kit_refusals(kit: Kit) -> list[tuple[int, str, str]]:
    """(line, text, reason) of every refused ability."""
    return [(a.line, a.text, a.refusal) for a in kit.refused]


__all__ = ["Ab", "Kit", "KW", "K", "kit_of", "kit_refusals"]
