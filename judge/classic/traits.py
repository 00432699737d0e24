"""What a card *is* at a given moment: the simple abilities it has, folded into ``Traits``.

A card's continuous abilities — keywords, protections, «+N к …», «−N от …», vampirism, what it
may or may not do — reach the rules as *grants*: one simple ability node each, with where it
came from (printed, «Строй», another card's aura, «до конца хода» …).  ``fold`` turns a list of
grants into ``Traits``, the small value the default rules ask plain questions of (does it fly,
how much armour, which bonuses apply to this strike).  judge/classic/continuous.py decides which
grants a card has now, in the documented order.

``KEYWORDS`` is the table of the keywords the judge applies, keyed by ``KeywordName``: a keyword
without an entry is refused (the card is not `judge_applicable`), never guessed.  Each entry
names the clause the rule rests on and whether the keyword carries a number.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import ConditionKind, SelectorNoun, Strength, Verb
from grammar import ast as A
from judge import cites as C

#: Attack kinds the engine resolves, and which of them are ranged / melee / magical.
ATTACK_KINDS = K.concrete_kinds()
ATTACK_KIND_SET = frozenset(ATTACK_KINDS)
RANGED = frozenset(k for k in ATTACK_KINDS if k.ranged)
MELEE = frozenset(k for k in ATTACK_KINDS if k.melee)
MAGICAL = frozenset(k for k in ATTACK_KINDS if k.magical)
NONMAGICAL = frozenset(k for k in ATTACK_KINDS if not k.magical)


@dataclass(frozen=True, slots=True)
class KeywordRule:
    """How the judge applies one keyword: a flag the rules ask, or a number that adds up
    (a card with «Броня 1» that gains «Броня 1» has «Броня 2»); the clause it rests on."""

    numbered: bool
    cite: str


#: The keywords the judge applies (engine rule points ask ``Traits.has`` / ``Traits.number``).
KEYWORDS: dict[KW, KeywordRule] = {
    KW.FLYING: KeywordRule(False, C.FLYERS),
    KW.INCORPOREAL: KeywordRule(False, C.INCORPOREAL),
    KW.SYMBIOTE: KeywordRule(False, C.SYMBIOTE),
    KW.DIRECT: KeywordRule(False, C.DIRECT),
    KW.UNANSWERABLE: KeywordRule(False, C.UNANSWERABLE),
    KW.NO_CLOSE_AFTER_ATTACK: KeywordRule(False, C.ACTION_CLOSE),
    KW.NO_RESPONSE_WOUNDS: KeywordRule(False, C.RESPONSE),
    KW.DEFENDS_WITHOUT_CLOSING: KeywordRule(False, C.DEFENDER),
    KW.DEFENDS_ANY_TIMES: KeywordRule(False, C.DEFENDER),
    KW.DEFENDS_AS_OPEN_WHEN_CLOSED: KeywordRule(False, C.CLOSED_TARGET),
    KW.IGNORES_FORCED_TARGETING: KeywordRule(False, C.AXE),
    KW.IGNORES_FLYING_PROTECTION: KeywordRule(False, C.FLYERS),
    KW.DIAGONAL_MOVE: KeywordRule(False, C.MOVEMENT),
    KW.ARMOR: KeywordRule(True, C.AXE),
    KW.OVA: KeywordRule(True, C.FIGHT_BOTH_ROLL),
    KW.OVZ: KeywordRule(True, C.FIGHT_BOTH_ROLL),
    KW.REGEN: KeywordRule(True, C.TURN_START),
    # KW.MOVE («получает {move}2», «стать существом с {move} 1») sets the move value: not applied
    # a deck-building permission (more than three copies): nothing at the table
    KW.HORDE: KeywordRule(False, C.DECK),
}

#: A Permission / Restriction of the compositional grammar that says what a keyword said:
#: (verb, tag) → the keyword's flag.
#: «Когда закрыт, отражает {strike} как открытая карта»: it fights when struck while closed (a
#: flag of its own: unlike the earlier grammar's keyword it does not let a closed card defend).
REFLECTS_AS_OPEN = "reflects_as_open"

PERMISSION_FLAGS: dict[tuple[str, str], str] = {
    (Verb.MOVE, "diagonal"): KW.DIAGONAL_MOVE,
    (Verb.DEFEND, "any_times"): KW.DEFENDS_ANY_TIMES,
    (Verb.REFLECT, "as_open"): REFLECTS_AS_OPEN,
}
#: «После первой атаки (за ход) не закрывается» (the kit reads the grammar's trigger «после
#: первой атаки — не закрывается» as this): the card stays open after its first attack.
NO_CLOSE_AFTER_FIRST = "no_close_after_first"

RESTRICTION_FLAGS: dict[tuple[str, str], str] = {
    (Verb.CLOSE, "when_defending"): KW.DEFENDS_WITHOUT_CLOSING,
    (Verb.CLOSE, "after_first_attack"): NO_CLOSE_AFTER_FIRST,
}

#: What a «+N к …» may name that the engine adds (attack kinds, and these; «range» is
#: «+N к дальности» of every ranged attack, «range_<kind>» of one kind).
BONUS_TARGETS = frozenset(ATTACK_KINDS) | {K.MAGIC, K.DIRECT, K.RANGED, K.MELEE, K.ANY,
                                           K.NONMAGIC, K.MAGICAL, K.DICE, "move", "ova", "ovz",
                                           "range"} | {f"range_{k}" for k in ATTACK_KINDS}


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a grant comes from: the step of the order (base, own, others, temporary), the
    card and its ability line, and a short Russian note for the trace."""

    step: str
    source: str = ""
    line: int = 0
    note: str = ""
    holder: str = ""              # the id of the card whose ability it is (auras)


BASE = Origin("base")


@dataclass(frozen=True)
class Traits:
    flags: frozenset[str] = frozenset()
    numbers: tuple[tuple[str, int], ...] = ()
    protections: frozenset[str] = frozenset()
    narrow_protections: tuple[A.Protection, ...] = ()   # «защита от слабых ударов»
    reductions: tuple[A.Reduction, ...] = ()
    bonuses: tuple[A.Bonus, ...] = ()
    vampirism: A.Vampirism | None = None   # «Вампиризм [на X]»
    direct_against: tuple[A.Selector, ...] = ()         # «направленный удар по …»
    unanswerable_against: tuple[A.Selector, ...] = ()   # «безответный удар по …»
    restrictions: tuple[A.Restriction, ...] = ()
    permissions: tuple[A.Permission, ...] = ()
    counter_limit: int | None = None
    caps: tuple[A.Action, ...] = ()                     # «атаки по этой карте сводятся к N»
    strength_caps: tuple[A.Action, ...] = ()            # «{strike} по ней сводится к слабому»
    origins: dict[int, Origin] = field(default_factory=dict, compare=False, hash=False)
    valued_protections: tuple[A.Protection, ...] = ()   # «защита от атак величиной N»

    def has(self, flag: str) -> bool:
        return flag in self.flags

    def number(self, name: str) -> int:
        for key, value in self.numbers:
            if key == name:
                return value
        return 0

    def origin(self, node) -> Origin:
        return self.origins.get(id(node), BASE)

    def restricted(self, verb: str) -> list[A.Restriction]:
        return [r for r in self.restrictions if r.what == verb]


def fold(grants) -> Traits:
    """``Traits`` of a list of (simple ability node, Origin) grants, in order."""
    flags: set[str] = set()
    numbers: dict[str, int] = {}
    protections: set[str] = set()
    narrow, reductions, bonuses, direct, restrictions, permissions = [], [], [], [], [], []
    unanswerable, caps, strength_caps, valued = [], [], [], []
    capped: dict = {}
    capped_origin: dict = {}
    vampirism = None
    limit = None
    origins: dict[int, Origin] = {}
    for node, origin in grants:
        if origin is not BASE:
            origins[id(node)] = origin
        if isinstance(node, A.Keyword):
            rule = KEYWORDS.get(node.name)
            if node.name == KW.DIRECT and node.against is not None:
                direct.append(node.against)
            elif node.name == KW.UNANSWERABLE and node.against is not None:
                unanswerable.append(node.against)
            elif rule is not None and rule.numbered:
                numbers[node.name] = numbers.get(node.name, 0) + (node.value or 0)
            else:
                flags.add(node.name)
        elif isinstance(node, A.Protection):
            if node.up_to is not None:
                valued.append(node)
            elif node.strengths:
                narrow.append(node)
            else:
                protections.update(node.against)
        elif isinstance(node, A.Reduction):
            reductions.append(node)
        elif isinstance(node, A.Bonus) and node.maximum is not None and node.per is None \
                and isinstance(node.amount, A.Fixed) and K.DIRECT not in node.to:
            # a +1 to {strike} for the turn capped at +3, gained again and again: the
            # gains of it add up to the maximum (merged below, after every grant is read)
            capped[node] = capped.get(node, 0) + 1
            if origin is not BASE:
                capped_origin[node] = origin
        elif isinstance(node, A.Bonus):
            if K.DIRECT in node.to:
                direct.append(node.against or A.Selector("card"))
            if any(t != K.DIRECT for t in node.to):
                bonuses.append(node)
        elif isinstance(node, A.Vampirism):
            vampirism = node
        elif isinstance(node, A.Action) and is_cap(node):
            caps.append(node)
        elif isinstance(node, A.Action) and is_strength_cap(node):
            strength_caps.append(node)
        elif isinstance(node, A.CounterLimit):
            limit = node.maximum if limit is None else min(limit, node.maximum)
        elif isinstance(node, A.Restriction) and is_defends_without_closing(node):
            flags.add(KW.DEFENDS_WITHOUT_CLOSING)
        elif isinstance(node, A.Restriction):
            flag = next((RESTRICTION_FLAGS[(node.what, p)] for p in node.params
                         if (node.what, p) in RESTRICTION_FLAGS), None)
            if flag is not None:
                flags.add(flag)
            elif node.what == Verb.GET_WOUNDS and tuple(node.kinds) == (K.RESPONSE,):
                flags.add(KW.NO_RESPONSE_WOUNDS)
            else:
                restrictions.append(node)
        elif isinstance(node, A.Permission):
            flag = next((PERMISSION_FLAGS[(node.what, p)] for p in node.params
                         if (node.what, p) in PERMISSION_FLAGS), None)
            if is_ignore_flying_protection(node):
                flag = KW.IGNORES_FLYING_PROTECTION
            if flag is not None:
                flags.add(flag)
            else:
                permissions.append(node)
    for node, k in capped.items():
        merged = replace(node, amount=A.Fixed(min(k * node.amount.value, node.maximum)))
        bonuses.append(merged)
        if node in capped_origin:
            origins[id(merged)] = capped_origin[node]
    return Traits(frozenset(flags), tuple(sorted(numbers.items())), frozenset(protections),
                  tuple(narrow), tuple(reductions), tuple(bonuses), vampirism, tuple(direct),
                  tuple(unanswerable), tuple(restrictions), tuple(permissions), limit,
                  tuple(caps), tuple(strength_caps), origins, tuple(valued))


def multi_attack(t: Traits) -> A.Permission | None:
    """«Может атаковать {strike} N раз за ход [только подряд] [по разным картам]»."""
    for perm in t.permissions:
        if perm.what == Verb.ATTACK and isinstance(perm.times, int) and perm.times >= 2:
            return perm
    return None


def different_targets(perm: A.Permission) -> bool:
    """«… по разным картам»: written as the target's qualifier or as a tag."""
    return "different_targets" in perm.params or (
        perm.target is not None and "different" in perm.target.qualifiers)


def is_cap(node: A.Action) -> bool:
    """«{strike} / немагические атаки по этой карте сводятся к N»: the attack's value capped."""
    return (node.verb == Verb.REDUCE_TO and len(node.params) == 2
            and K.get(node.params[0]) is not None and isinstance(node.params[1], int)
            and node.target is not None and node.target.noun == SelectorNoun.SELF
            and not node.target.relations and node.target.condition is None)


def is_strength_cap(node: A.Action) -> bool:
    """«{strike} по <картам> сводится к слабому»: the strike's strength, not its value, becomes
    weak (a strong or medium strike at such a card deals the striker's weak strike)."""
    return (node.verb == Verb.REDUCE_TO and len(node.params) == 2
            and K.get(node.params[0]) is not None and Strength.get(node.params[1]) is not None
            and node.target is not None)


def is_ignore_flying_protection(node: A.Permission) -> bool:
    """«Игнорирует защиту от летающих (от полёта)»."""
    return (node.what == Verb.IGNORE and len(node.params) == 1 and node.target is None
            and isinstance(node.params[0], A.Protection)
            and tuple(node.params[0].against) == (K.FLYERS,) and not node.params[0].strengths)


def is_ignore_forced_targeting(node: A.Permission) -> bool:
    """Permission(ignore, forced_targeting): texts that force a choice of target do not bind it."""
    return node.what == Verb.IGNORE and tuple(node.params) == ("forced_targeting",)


def is_defends_without_closing(node: A.Restriction) -> bool:
    """«Выступая защитником, не закрывается»: Restriction(close) while defending."""
    return (node.what == Verb.CLOSE and node.subject is None and not node.kinds
            and node.condition is not None and node.condition.what == ConditionKind.DEFENDING
            and not node.condition.negated and not node.condition.params)


@lru_cache(maxsize=4096)
def fold_base(nodes: tuple) -> Traits:
    """The printed traits of a card (cached by its grants)."""
    return fold((n, BASE) for n in nodes)


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


def protected_now(t: Traits, kind: str, attacker_flying: bool, strength: str | None,
                  ignores_flyers: bool = False) -> bool:
    """Protection with the narrow ones («от слабых …») for a strike of this strength; an
    attacker that ignores protection from flyers is not stopped by it."""
    if not t.protections and not t.narrow_protections:
        return False
    prot = t.protections - {K.FLYERS} if ignores_flyers else t.protections
    if protected(prot, kind, attacker_flying and not ignores_flyers):
        return True
    return any(strength in p.strengths and matches_kind(tuple(p.against), kind)
               for p in t.narrow_protections)
