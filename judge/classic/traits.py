"""What a card's abilities mean to the engine: the typed AST read once into ``Traits``.

The engine never walks the AST during a fight: ``traits_of`` dispatches on the node classes of
grammar/ast.py once per card and returns a small frozen value (cached by card text), so the
default rules can ask plain questions: does it fly, how much armour, which attacks can it make,
what rides on its simple strike.

Anything the engine cannot act on is kept in ``refused`` with the reason, never dropped: an
``Opaque`` sentence (the grammar could not type it), an ``Unknown`` node (an icon whose meaning
is unproven), or a typed node the engine has no rule for yet.  When such an ability would
matter, the trace says the judge refuses to rule on it and why.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent
from grammar import ast as A
from grammar import parse

#: Attack kinds the engine resolves, and which of them are ranged / melee / magical.
ATTACK_KINDS = K.concrete_kinds()
RANGED = frozenset(k for k in ATTACK_KINDS if k.ranged)
MELEE = frozenset(k for k in ATTACK_KINDS if k.melee)
MAGICAL = frozenset(k for k in ATTACK_KINDS if k.magical)
NONMAGICAL = frozenset(k for k in ATTACK_KINDS if not k.magical)

#: How a refusal names an AST node the engine has no rule for.
NODE_RU = {"Formation": "особенность строя", "Static": "постоянный эффект с условием",
           "Gain": "получение особенности", "Lose": "потеря особенности", "Action": "действие",
           "Choice": "выбор эффекта", "Sequence_": "цепочка эффектов", "Heal": "излечение",
           "Wound": "ранение", "Named": "воздействие"}

#: Keyword names the engine knows (grammar/ast.py Keyword.name vocabulary).
FLAG_KEYWORDS = frozenset({KW.FLYING, KW.INCORPOREAL, KW.DIRECT, KW.UNANSWERABLE, KW.SYMBIOTE,
                           KW.NO_CLOSE_AFTER_ATTACK})
NUMBER_KEYWORDS = frozenset({KW.ARMOR, KW.OVA, KW.OVZ, KW.REGEN})


@dataclass(frozen=True, slots=True)
class Usable:
    """An ability the card uses as its action: what it costs and what it does."""

    index: int                       # 1-based position among the card's abilities
    cost: A.Cost
    effect: object                   # Attack | Finishing | Poison | Named …
    instant: bool = False
    text: str = ""

    @property
    def kind(self) -> str:
        e = self.effect
        if isinstance(e, A.Attack):
            return e.attack
        if isinstance(e, A.Finishing):
            return "finishing"
        if isinstance(e, A.Poison):
            return "poison"
        if isinstance(e, A.Named):
            return "spell" if e.effect_kind == "spell" else "named"
        if isinstance(e, A.Heal):
            return "heal"
        if isinstance(e, A.Wound):
            return "wound"
        return type(e).__name__.lower()


@dataclass(frozen=True, slots=True)
class Traits:
    flags: frozenset[str] = frozenset()
    numbers: tuple[tuple[str, int], ...] = ()
    protections: frozenset[str] = frozenset()
    reductions: tuple[A.Reduction, ...] = ()
    bonuses: tuple[A.Bonus, ...] = ()
    vampirism: bool = False
    strike_riders: tuple[object, ...] = ()          # effects that ride on a landed simple strike
    usables: tuple[Usable, ...] = ()
    turn_start: tuple[A.Triggered, ...] = ()
    counter_limit: int | None = None
    starts_with_counters: int = 0
    refused: tuple[tuple[str, str], ...] = ()       # (text, reason)

    def has(self, flag: str) -> bool:
        return flag in self.flags

    def number(self, name: str) -> int:
        for key, value in self.numbers:
            if key == name:
                return value
        return 0

    def usable(self, kind: str) -> Usable | None:
        for u in self.usables:
            if u.kind == kind:
                return u
        return None

    def merged(self, other: Traits) -> Traits:
        """This card's traits plus an equipment's (equipment lends its abilities to the host)."""
        nums = dict(self.numbers)
        for k, v in other.numbers:
            nums[k] = nums.get(k, 0) + v
        return Traits(
            flags=self.flags | other.flags, numbers=tuple(sorted(nums.items())),
            protections=self.protections | other.protections,
            reductions=self.reductions + other.reductions, bonuses=self.bonuses + other.bonuses,
            vampirism=self.vampirism or other.vampirism,
            strike_riders=self.strike_riders + other.strike_riders,
            usables=self.usables, turn_start=self.turn_start + other.turn_start,
            counter_limit=self.counter_limit, starts_with_counters=self.starts_with_counters,
            refused=self.refused + other.refused)


# ------------------------------------------------------------------ protections
def protected(protections: frozenset[str], kind: str, attacker_flying: bool = False) -> bool:
    """Does a «Защита от …» set stop an attack of ``kind``?

    Each protection covers only what it names (the seeds: protection from simple strikes does not
    stop a special strike; protection from shots and discharges does not stop a throw)."""
    if not protections:
        return False
    if kind in protections or K.ANY in protections:
        return True
    if kind in RANGED and K.RANGED in protections:
        return True
    if kind in MELEE and K.MELEE in protections:
        return True
    if kind in MAGICAL and (K.MAGICAL in protections or K.MAGIC in protections):
        # {zom} «защита от магии» arrives as MAGIC: it covers every magical attack
        return True
    if kind in NONMAGICAL and K.NONMAGIC in protections:
        return True
    return bool(attacker_flying and K.FLYERS in protections)


def matches_kind(kinds: tuple[str, ...], kind: str) -> bool:
    """Does a bonus or reduction naming ``kinds`` apply to an attack of ``kind``?"""
    return protected(frozenset(kinds), kind)


# ------------------------------------------------------------------ reading the AST
def _amount(d) -> int | None:
    return d.value if isinstance(d, A.Fixed) else None


class _Builder:
    def __init__(self, text: str):
        self.text = text
        self.flags: set[str] = set()
        self.numbers: dict[str, int] = {}
        self.protections: set[str] = set()
        self.reductions: list = []
        self.bonuses: list = []
        self.vampirism = False
        self.riders: list = []
        self.usables: list[Usable] = []
        self.turn_start: list = []
        self.counter_limit: int | None = None
        self.starts = 0
        self.refused: list[tuple[str, str]] = []

    def src(self, node) -> str:
        s = node.span
        return self.text[s.start:s.end] if s.end > s.start else type(node).__name__

    def refuse(self, node, reason: str) -> None:
        self.refused.append((self.src(node), reason))

    def ability(self, index: int, node, order: str | None) -> None:
        if isinstance(node, A.Unknown):
            self.refuse(node, f"значок «{node.icon}»: его значение не доказано")
        elif isinstance(node, A.Opaque):
            self.refuse(node, "грамматика не разобрала этот текст (Opaque)")
        elif isinstance(node, A.Keyword):
            if node.name in FLAG_KEYWORDS and node.against is None:
                self.flags.add(node.name)
            elif node.name in NUMBER_KEYWORDS and node.value is not None:
                self.numbers[node.name] = self.numbers.get(node.name, 0) + node.value
            else:
                self.refuse(node, f"особенность «{node.name}» судья пока не применяет")
        elif isinstance(node, A.Protection):
            if node.strengths:
                self.refuse(node, "защита только от ударов определённой силы пока не применяется")
            else:
                self.protections.update(node.against)
        elif isinstance(node, A.Vampirism):
            self.vampirism = True
        elif isinstance(node, A.Bonus):
            if isinstance(node.amount, A.Fixed) and node.duration is None and node.per is None:
                self.bonuses.append(node)
            else:
                self.refuse(node, "бонус с переменной величиной или сроком пока не применяется")
        elif isinstance(node, A.Reduction):
            if isinstance(node.amount, A.Fixed) and node.source is None and node.condition is None:
                self.reductions.append(node)
            else:
                self.refuse(node, "уменьшение с условием пока не применяется")
        elif isinstance(node, A.CounterLimit):
            self.counter_limit = node.maximum
        elif isinstance(node, A.StartsWithCounters):
            self.starts += node.count
        elif isinstance(node, A.Poison):
            self.riders.append(node)           # «Отравление на N.»: rides on the simple strike
        elif isinstance(node, (A.Attack, A.Finishing)):
            # a bare «Удар через ряд.» / «Добивание на 2.»: an action that closes the card
            self.usable(index, A.Cost(tap=True), node)
        elif isinstance(node, A.Activated):
            if node.limit is not None:
                self.refuse(node, "ограничение числа применений пока не отслеживается")
            if len(node.effects) != 1:
                self.refuse(node, "особенность из нескольких эффектов пока не применяется")
                return
            self.usable(index, node.cost, node.effects[0])
        elif isinstance(node, A.Triggered):
            self.triggered(node)
        elif isinstance(node, A.Static) and node.condition is None:
            for inner in node.effects:
                self.ability(index, inner, order)
        elif isinstance(node, A.WhenOrder):
            # {first}/{second}: kept only for the matching order; unknown order → refuse
            if order is None:
                self.refuse(node, "не указано, каким ходит владелец ({first}/{second})")
            elif node.order == order:
                for inner in node.inner:
                    self.ability(index, inner, order)
        elif isinstance(node, A.Action) and node.verb == "start_with_counter":
            self.starts += int(node.params[0]) if node.params else 1
        elif isinstance(node, A.Named):
            self.usable(index, A.Cost(tap=True), node)
        else:
            what = NODE_RU.get(type(node).__name__, type(node).__name__)
            self.refuse(node, f"{what} — судья пока не применяет")

    def usable(self, index: int, cost: A.Cost, effect) -> None:
        if isinstance(effect, A.Attack) and effect.attack not in ATTACK_KINDS:
            self.refuse(effect, f"атака вида «{effect.attack}» пока не применяется")
            return
        if not A.is_typed(effect):
            self.refuse(effect, "часть особенности не разобрана грамматикой")
            return
        if isinstance(cost.counters, str):
            self.refuse(cost, "стоимость X фишек пока не применяется")
            return
        self.usables.append(Usable(index, cost, effect, cost.instant, self.src(effect)))

    def triggered(self, node: A.Triggered) -> None:
        t = node.trigger
        if t.event == TriggerEvent.ATTACK and t.attack in (K.STRIKE, None) and t.strength is None:
            for e in node.effects:
                if isinstance(e, A.Poison):
                    self.riders.append(e)
                else:
                    self.refuse(e, "сопутствующий удару эффект этого вида пока не применяется")
        elif t.event == TriggerEvent.TURN_START and all(isinstance(e, (A.Heal, A.Wound, A.Poison))
                                             for e in node.effects):
            self.turn_start.append(node)
        else:
            self.refuse(node, f"срабатывание «{t.event}» пока не применяется")

    def build(self) -> Traits:
        return Traits(frozenset(self.flags), tuple(sorted(self.numbers.items())),
                      frozenset(self.protections), tuple(self.reductions), tuple(self.bonuses),
                      self.vampirism, tuple(self.riders), tuple(self.usables),
                      tuple(self.turn_start), self.counter_limit, self.starts,
                      tuple(self.refused))


@lru_cache(maxsize=4096)
def traits_of(text: str | None, name: str = "", order: str | None = None,
              type_keywords: tuple[str, ...] = ()) -> Traits:
    """Traits of a card text (cached).  ``order``: "first"/"second" when known.

    ``type_keywords``: what the card is by its type (``Card.type_keywords``: a flyer flies, a
    symbiote is a symbiote)."""
    b = _Builder(text or "")
    if text:
        parsed = parse(text, name=name or None)
        b.text = parsed.text
        for i, node in enumerate(parsed.abilities, start=1):
            b.ability(i, node, order)
    b.flags.update(type_keywords)
    return b.build()
