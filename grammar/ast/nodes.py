"""The typed ability AST: one frozen dataclass per grammar rule.

Every node keeps its source ``span`` (character offsets into the canonical card text, not the
raw source).  Collections are tuples.  ``to_dict`` / ``from_dict`` are the canonical JSON pair;
spans are left out of the canonical form on purpose: the regression snapshot must change when a
card's *meaning* changes, not when an earlier line grew by a word.

Vocabulary (closed; the values below are the only ones the transformer produces):

attack kinds (``Attack.kind``, ``Bonus.to``, ``Reduction.against``, ``Protection.against``)
    strike (простой удар), shot (выстрел), discharge (разряд), throw (метание),
    uchr (удар через ряд), special (особый удар), magic (магический удар), direct (направленный
    удар, as a *bonus target*), ranged (дальние атаки), melee (ближние удары),
    nonmagic (немагические атаки), magical (магические атаки), flyers (атаки летающих),
    spells (заклинания), effects (воздействия), poison (отравление), any (все атаки),
    response (ответные удары), dice (бросок кубика), range (дальность)
strengths: weak, medium, strong

Every other word the AST carries is a member of a closed vocabulary in ``berserk.vocab``
(``SelectorNoun``, ``Qualifier``, ``RelationKind``, ``ConditionKind``, ``Verb``, ``MeasureKind``,
``TriggerEvent``, ``TriggerTiming``, ``DurationKind``, ``LimitPer``, ``KeywordName`` …); the
contract for the judge — every node, field and word with an example — is in docs/grammar.md
(«The AST contract»).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int

    def shift(self, by: int) -> "Span":
        return Span(self.start + by, self.end + by)


NOSPAN = Span(0, 0)


@dataclass(frozen=True, slots=True)
class Node:
    span: Span = field(default=NOSPAN, kw_only=True, compare=False, repr=False)

    @property
    def kind(self) -> str:
        """Stable short name for the DB and facets (overridden where a field says more)."""
        name = _KINDS.get(type(self))
        if name is None:
            name = _KINDS[type(self)] = _snake(type(self).__name__)
        return name


_KINDS: dict[type, str] = {}              # class → its ``kind`` (asked per node by the DB build)


# ---------------------------------------------------------------- damage and amounts
@dataclass(frozen=True, slots=True)
class Fixed(Node):
    """«на 2»."""
    value: int


@dataclass(frozen=True, slots=True)
class ByStrength(Node):
    """«на 2-3-4»: weak / medium / strong, chosen by the die (514.8)."""
    weak: int
    medium: int
    strong: int


@dataclass(frozen=True, slots=True)
class Measure(Node):
    """What X counts, from «где X — …», «за каждую …»: ``what`` is a ``MeasureKind`` (counters,
    wounds, cells_moved, wounds_dealt, cards_shown, strike_value, count, cost …); ``of`` whose
    (or, for ``count``, which cards are counted); ``params`` qualify (``MeasureKind`` says)."""
    what: str
    of: "Selector | None" = None
    strength: str | None = None
    params: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Define(Node):
    """«(где X — стоимость показанной карты …)» after a clause: what X means in it;
    ``maximum`` / ``minimum``: «(максимум N)» capping X itself, so every use of X in the clause
    holds it («{ova} X и +X к удару, где X … (максимум 2)»)."""
    name: str
    measure: Measure
    maximum: int | None = None
    minimum: int | None = None


@dataclass(frozen=True, slots=True)
class Variable(Node):
    """«на X», «на X+1», «на X-1»; ``maximum`` from «(максимум 4)»; ``definition`` from
    «где X — …» (a Measure, or Opaque when the grammar cannot type the definition);
    ``factor`` from «2X» (the value is factor·X + offset); ``minimum`` from «(минимум N)»."""
    name: str = "X"
    offset: int = 0
    maximum: int | None = None
    definition: "Measure | Opaque | None" = None
    factor: int = 1
    minimum: int | None = None


Damage = Union[Fixed, ByStrength, Variable]


def damage_values(d: Damage | None) -> tuple[int | None, int | None, int | None]:
    """(weak, medium, strong) for DB columns; ``None`` where the value is not a number."""
    if isinstance(d, Fixed):
        return d.value, d.value, d.value
    if isinstance(d, ByStrength):
        return d.weak, d.medium, d.strong
    return None, None, None


# ---------------------------------------------------------------- small parts
@dataclass(frozen=True, slots=True)
class Cost(Node):
    """What an activated ability costs: ``{instant}{counter}{tap}``, «3{counter}{tap}», «X{counter}{tap}»,
    and in «Берсерк. Герои» coins: «{tap}, 2{coin}:», «1 монета:»."""
    tap: bool = False
    counters: int | str = 0           # a number, or "X"
    instant: bool = False
    coins: int | str = 0              # «Берсерк. Герои»: «2{coin}:», «2 монеты:», «X монет:»
    parts: tuple["Effect", ...] = ()  # a payment written as a clause: «Сбросьте карту:» (Action
                                      # discard), «Раньте ваше существо на 1:» (Wound) — done first


@dataclass(frozen=True, slots=True)
class Limit(Node):
    """«(1 раз за ход)», «(не более 2 раз за ход)», «(до 2 раз за ход)», «(1 раз за бой)»."""
    times: int
    per: str                          # turn | fight | game
    each: str | None = None           # «для каждого ряда» → "row"


@dataclass(frozen=True, slots=True)
class Relation(Node):
    """Where a selected card stands relative to another: «рядом с атакованным» →
    Relation(adjacent, Selector(attacked)); ``what`` is a ``RelationKind``."""
    what: str
    to: "Selector"


@dataclass(frozen=True, slots=True)
class Selector(Node):
    """A typed noun phrase: who or what an effect or bonus applies to.

    ``noun``: a ``SelectorNoun`` (creature, card, cell, self, it, attacked, attacker, host …);
    ``side``: own | enemy | None; ``qualifiers``: ``Qualifier`` names, bare («closed») or with
    one argument («element:горы», «cost_max:3», «with:shot», «class:йордлинг», «row:1:own»);
    ``count``: «двух или менее» → (0, 2), «три» → (3, 3), «два или более» → (2, None);
    ``relations``: binary positions («стоящее рядом с X», «в строю с X»); ``condition``: a
    relative clause on each selected card («…, которое не передвигалось в этот ход»);
    ``members``: the selectors of «X или Y» (noun any_of) / «X и Y» (noun all_of)."""
    noun: str
    side: str | None = None
    qualifiers: tuple[str, ...] = ()
    count: tuple[int, int | None] | None = None
    relations: tuple[Relation, ...] = ()
    condition: "Condition | None" = None
    members: tuple["Selector", ...] = ()    # noun any_of / all_of: «X или Y», «X и Y»


@dataclass(frozen=True, slots=True)
class Duration(Node):
    """«до конца хода», «до конца вашего хода», «до конца боя», «на X ходов противника» …"""
    until: str                        # a DurationKind: end_of_turn | end_of_your_turn | … |
                                      # turns (``count`` of them) | while (``condition`` holds)
    count: int | str | None = None    # «на 2 хода», «на X ходов»
    condition: "Condition | None" = None  # «до тех пор, пока …»


@dataclass(frozen=True, slots=True)
class Condition(Node):
    """«пока …», «если …»: a typed condition (``what``, a ``ConditionKind``) about ``subject``
    (None: the card itself, or no subject) with its parameters (the kind says what they are);
    ``negated``: «если … не …», «пока нет …»."""
    what: str
    params: tuple[Any, ...] = ()
    negated: bool = False
    subject: "Selector | None" = None


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    """«При гибели», «В начале вашего хода», «При перемещении», «При 🗡», «При сильном 🗡» …

    ``event``: death | own_death | turn_start | opponent_turn_start | turn_end |
    opponent_turn_end | fight_start | move | move_adjacent | attack | strong_attack |
    attacked | becomes_defender | incarnation | prophecy | … ; ``attack``: the attack kind the
    event is about (strike, shot …) or None; ``subject``: whose event — who attacks, moves,
    dies (None: the card itself) ; ``target``: who is attacked («при ударе по закрытому
    существу»); ``origin`` / ``destination``: where a move starts / ends; ``cause``: what caused
    it («от отравления»: an AttackKind); ``timing``: a ``TriggerTiming`` (after — «после …»,
    instead — «вместо …»), None = at the moment of the event; ``turn``: own | opponent («в ваш
    ход»); ``params``: ``TriggerParam`` tags (first_per_turn, in_assault …); ``also``: further
    events that trigger the same ability («при ударе или промахе»)."""
    event: str
    attack: str | None = None
    strength: str | None = None
    subject: Selector | None = None
    target: Selector | None = None
    origin: Selector | None = None
    destination: Selector | None = None
    cause: str | None = None
    timing: str | None = None
    turn: str | None = None
    params: tuple[Any, ...] = ()
    also: tuple["Trigger", ...] = ()


# ---------------------------------------------------------------- effects
@dataclass(frozen=True, slots=True)
class Attack(Node):
    """выстрел, разряд, метание, удар через ряд, особый/магический удар, простой удар.

    ``damage`` None only for a bare «Разряд» where the seeds fix strength 0 → Fixed(0) is used
    instead, so None means «the card's own simple strike»."""
    attack: str                       # shot | discharge | throw | uchr | special | magic | strike
    damage: Damage | None = None
    range: int | None = None
    name: str | None = None           # «Метание «бомбы»», «Особый удар «молниеносный выпад»»
    count: tuple[int, int] = (1, 1)   # «Три или менее разряда» → (1, 3)
    target: Selector | None = None    # «по карте на выбранной клетке», «по разным существам»
    riders: tuple["Effect", ...] = () # «, атакованное существо получает отравление на 1»
    times: "Damage | None" = None     # «X разрядов на 2 (где X — …)»: how many, when not a number
    through: "Selector | None" = None  # «только через свободную клетку»: what the attack passes over

    @property
    def kind(self) -> str:
        return self.attack


@dataclass(frozen=True, slots=True)
class Poison(Node):
    """Отравление на N (ability, rider or effect)."""
    amount: Damage
    target: Selector | None = None


@dataclass(frozen=True, slots=True)
class Finishing(Node):
    """Добивание на N / на X."""
    amount: Damage
    target: Selector | None = None


@dataclass(frozen=True, slots=True)
class Wound(Node):
    """«ранить … на N» (and «получить N ран»: target self)."""
    target: Selector
    amount: Damage


@dataclass(frozen=True, slots=True)
class Heal(Node):
    """«излечить … на N», «излечиться на N»."""
    target: Selector
    amount: Damage | None = None      # None: «излечить от ран, полученных …»


@dataclass(frozen=True, slots=True)
class Gain(Node):
    """«Получить 🎯», «получает ⚔️1 до конца хода», «получает ⚪️», «получает полёт»."""
    target: Selector
    what: tuple["Ability", ...]
    duration: Duration | None = None


@dataclass(frozen=True, slots=True)
class Lose(Node):
    """«теряет все ⚪️», «потерять полёт», «теряет все особенности»."""
    target: Selector
    what: str                         # counters | flying | abilities | ability | markers
    amount: int | None = None         # None = all
    duration: "Duration | None" = None
    abilities: tuple["Ability", ...] = ()   # what="ability": the ones lost («теряет {zor}»)


@dataclass(frozen=True, slots=True)
class Action(Node):
    """A typed game action without its own class: закрыть, открыть, переместить, уничтожить,
    вызвать, телепортироваться, пророчество N, перебросить кубик, блокировать удар …

    ``verb`` is a ``Verb``; ``target`` what it acts on; ``to`` where / to whom («переместить
    X на Y», «перераспределить раны на Y»); ``amount`` how much; ``duration``; ``params``
    further qualify it (the verb's entry in the contract says what they are)."""
    verb: str
    target: Selector | None = None
    params: tuple[Any, ...] = ()
    to: Selector | None = None
    amount: "Damage | None" = None
    duration: "Duration | None" = None
    by: Selector | None = None        # who does it, when not the card («выбранное существо …»)
    origin: Selector | None = None    # from where / whom («перенаправить удар с X на Y»)


@dataclass(frozen=True, slots=True)
class Sequence_(Node):
    """Effects joined by «, при этом», «;», «и» — executed in order."""
    steps: tuple["Effect", ...]

    @property
    def kind(self) -> str:
        return "sequence"


@dataclass(frozen=True, slots=True)
class Conditional(Node):
    """«…, если …» / «…, пока …» inside an effect list: the effects happen only if the condition holds."""
    condition: "Condition"
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()     # «…, иначе …»


@dataclass(frozen=True, slots=True)
class Choice(Node):
    """«либо A, либо B», «A или B» (the owner chooses unless ``chooser`` says otherwise);
    ``each``: the choice is made for each card the options' subject selects, one by one
    («каждое ваше существо может переместиться», «два существа противника могут …»),
    not once for all of them."""
    options: tuple["Effect", ...]
    chooser: str | None = None
    each: bool = False


@dataclass(frozen=True, slots=True)
class Named(Node):
    """Воздействие / Заклинание «name» — body."""
    effect_kind: str                  # effect (воздействие) | spell (заклинание)
    name: str | None
    body: tuple["Effect", ...]
    limit: Limit | None = None
    range: int | None = None          # «Заклинание «x», дальность N …»: how far it reaches

    @property
    def kind(self) -> str:
        return "spell" if self.effect_kind == "spell" else "named_effect"


@dataclass(frozen=True, slots=True)
class Opaque(Node):
    """Text the grammar cannot type yet — kept with its span, never dropped."""
    text: str


# ---------------------------------------------------------------- abilities
@dataclass(frozen=True, slots=True)
class Keyword(Node):
    """A keyword ability with an optional number.

    names: ova (опыт в атаке), ovz (опыт в защите), ovs (опыт в стрельбе), regen, armor,
    flying, incorporeal, direct, unanswerable, corpse_eater, clumsy (неповоротливость),
    incarnation, jump (value = range), symbiote, stamina, diagonal_move, no_close_after_attack,
    no_response_wounds …"""
    name: str
    value: int | None = None
    against: Selector | None = None   # «Направленный удар по лесным существам»

    @property
    def kind(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Protection(Node):
    """Защита от … : ``against`` lists attack kinds (shot, discharge, throw, magic, spells, poison,
    effects, flyers, strike, nonmagic …); ``strengths`` narrows («от слабых 🗡»).  In a protection
    ``magic`` is «защита от магии» ({zom}): every magical attack, not only the magic strike."""
    against: tuple[str, ...]
    strengths: tuple[str, ...] = ()
    up_to: "Damage | None" = None     # «величиной 1», «величиной X или менее»: attacks of at most this


@dataclass(frozen=True, slots=True)
class Vampirism(Node):
    amount: Damage | None = None
    maximum: int | None = None        # «Максимум 10 {health}»


@dataclass(frozen=True, slots=True)
class Bonus(Node):
    """«+N к <attacks> [по <whom>]»; negative ``amount`` for «-1 к …» given to others."""
    amount: Damage
    to: tuple[str, ...]
    strengths: tuple[str, ...] = ()
    against: Selector | None = None
    duration: Duration | None = None
    per: Measure | None = None        # «за каждую ⚪️ на X» → Measure(counters, of=X): amount × it
    condition: Condition | None = None  # «, когда атакует карты во втором ряду противника»
    attacker: Selector | None = None  # «+1 к ударам летающих существ»: whose attacks
    maximum: int | None = None        # «(максимум +2)»: the bonus (× per) is at most this


@dataclass(frozen=True, slots=True)
class Reduction(Node):
    """«−N от <attacks>» (damage taken is reduced)."""
    amount: Damage
    against: tuple[str, ...]
    strengths: tuple[str, ...] = ()
    source: Selector | None = None    # «существ стоимостью 3 или менее»
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class CounterLimit(Node):
    """«Не может иметь более N {counter}»."""
    maximum: int


@dataclass(frozen=True, slots=True)
class StartsWithCounters(Node):
    """«Начинает бой с {counter}»."""
    count: int = 1


@dataclass(frozen=True, slots=True)
class Activated(Node):
    """cost: effects (limit) — e.g. «{tap}: Выстрел на 2, дальность 3.»"""
    cost: Cost
    effects: tuple["Effect", ...]
    limit: Limit | None = None


@dataclass(frozen=True, slots=True)
class Triggered(Node):
    """«При гибели — …», «В начале вашего хода …», «При сильном 🗡 — …».  An optional effect
    («может …») is a Choice(effect, nothing) among the effects."""
    trigger: Trigger
    effects: tuple["Effect", ...]
    limit: Limit | None = None
    condition: Condition | None = None  # «При гибели, если …, —»: checked when it triggers


@dataclass(frozen=True, slots=True)
class Static(Node):
    """A continuous effect with an optional condition: «Получает +1 к 🗡, пока …»; ``limit``:
    how often an optional one may be used («Может … (1 раз за бой)»)."""
    effects: tuple["Effect", ...]
    condition: Condition | None = None
    limit: Limit | None = None


@dataclass(frozen=True, slots=True)
class Formation(Node):
    """Строй: inner (while in formation)."""
    inner: tuple["Ability", ...]
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class WhenOrder(Node):
    """{second}: … / {first}: … — applies only when the owner moves second / first."""
    order: str                        # first | second
    inner: tuple["Ability", ...]

    @property
    def kind(self) -> str:
        return "when_" + self.order


@dataclass(frozen=True, slots=True)
class Label(Node):
    """«Word[s][ N]: ability» (not Строй, Вальхалла, the order icons): the inner abilities hold while
    the card has the label's keyword or state; ``name`` its word(s) folded as written («бестелесный»,
    «дух леса»), ``keyword`` the ``KeywordName`` it names when known, ``value`` the number after it."""
    name: str
    inner: tuple["Ability", ...]
    value: int | None = None
    keyword: str | None = None


@dataclass(frozen=True, slots=True)
class Restriction(Node):
    """What cards may not do, or may do only in one way: «не может атаковать», «может
    объявлять разряд только по …», «нельзя назначать защитником», «не открывается …».

    ``what``: a ``Verb`` (attack, move, defend, open, heal, get_counters …); ``subject``: who is
    restricted (None: the card itself); ``only``: the one permitted target («только по X»);
    ``kinds``: the attack kinds concerned; ``duration``; ``condition`` (while it holds);
    ``params``: ``Verb``-specific tags (next_turn, more_than:N …)."""
    what: str
    subject: "Selector | None" = None
    only: "Selector | None" = None
    kinds: tuple[str, ...] = ()
    duration: "Duration | None" = None
    condition: "Condition | None" = None
    params: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Permission(Node):
    """What cards may do beyond the rules: «может двигаться по диагонали», «может атаковать
    {strike} 2 раза за ход», «может стрелять по стоящим рядом», «игнорирует защиту от …».

    ``what``: a ``Verb``; ``subject`` (None: the card itself); ``times`` («2 раза за ход»);
    ``target``: whom it may now act on; ``kinds``: attack kinds concerned; ``duration``;
    ``condition``; ``params``: ``Verb``-specific tags (diagonal, in_a_row, different_targets …)."""
    what: str
    subject: "Selector | None" = None
    times: int | None = None
    target: "Selector | None" = None
    kinds: tuple[str, ...] = ()
    duration: "Duration | None" = None
    condition: "Condition | None" = None
    params: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Unknown(Node):
    """An ability that uses an icon whose meaning is not proven: the judge refuses to rule on it."""
    icon: str
    inner: tuple["Ability", ...] = ()


Effect = Union[Attack, Poison, Finishing, Wound, Heal, Gain, Lose, Action, Sequence_, Choice, Conditional,
               StartsWithCounters, Define, Restriction, Permission, Triggered,
               Named, Bonus, Reduction, Protection, Keyword, Opaque]
Ability = Union[Keyword, Protection, Vampirism, Bonus, Reduction, CounterLimit,
                StartsWithCounters, Define, Activated, Triggered, Static, Formation, WhenOrder, Named,
                Label, Restriction, Permission, Attack, Poison, Finishing, Unknown, Opaque]


def _snake(name: str) -> str:
    out = []
    for i, ch in enumerate(name.rstrip("_")):
        if ch.isupper() and i:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


#: what ``grammar.ast`` re-exports: the node classes, the unions, ``Span`` / ``NOSPAN``
__all__ = sorted([name for name, obj in list(globals().items())
                  if isinstance(obj, type) and issubclass(obj, Node)]
                 + ["Span", "NOSPAN", "Damage", "Effect", "Ability", "damage_values"])
