"""The base of the frames: refusals, the per-unit context, spans, the tables that turn lexicon
lemmas into vocabulary members, numbers and the tails every clause may carry (limits,
durations, maxima).

The frames (``frames_select`` noun phrases → selectors, ``frames_cond`` conditions and
measures, ``frames_tails`` tails and parentheses, ``frames_trigger`` trigger heads,
``frames_quality`` verbless qualities — keywords, protections, bonuses, attacks —,
``frames_verbs`` verb frames, ``frames_clause`` clauses, ``frames_ability`` abilities) give
the parts of a clause (``grammar.parts``) a meaning.  Every frame uses every part it is given
or raises ``Reject``: typed but wrong is worse than Opaque.
"""
from __future__ import annotations

import operator
import re
from dataclasses import fields as _dataclass_fields
from typing import Any, Callable

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import LimitPer
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Strength
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.ast.walk import _names as _field_names
from grammar.parts import P


class Reject(Exception):
    """The clause is grammatical but the frames cannot give it a meaning (→ Opaque)."""


# ---------------------------------------------------------------- lemma → vocabulary
# selector nouns: lexicon lemma → SelectorNoun
NOUNS = {
    "creature": N.CREATURE, "card": N.CARD, "cell": N.CELL, "artifact": N.ARTIFACT,
    "host": N.HOST, "parasite": N.PARASITE, "symbiote": N.SYMBIOTE, "companion": N.COMPANION,
    "defender": N.DEFENDER, "target": N.TARGET, "terrain": N.TERRAIN, "row": N.ROW,
    "column": N.COLUMN, "opponent": N.OPPONENT, "hero": N.HERO, "half": N.HALF,
    "graveyard": N.GRAVEYARD, "deck": N.DECK, "squad": N.SQUAD, "marker": N.MARKER,
    "token": N.TOKEN, "hand": N.HAND, "owner": N.PLAYER, "times": N.TIMES, "die": N.DIE,
    "result": N.RESULT, "spell": N.SPELL, "character": N.CHARACTER,
    "player": N.PLAYER,
}
# adjective lemma → qualifier
QUALIFIERS = {
    "other": Q.OTHER, "chosen": Q.CHOSEN, "any": Q.ANY, "any_which": Q.ANY, "closed": Q.CLOSED,
    "open": Q.OPEN, "flying": Q.FLYING, "nonflying": Q.NONFLYING, "incorporeal": Q.INCORPOREAL,
    "corporeal": Q.CORPOREAL, "poisoned": Q.POISONED, "ordinary": Q.ORDINARY, "elite": Q.ELITE,
    "rank:ordinary": Q.ORDINARY, "rank:elite": Q.ELITE, "elemental": Q.ELEMENTAL,
    "this": Q.THIS, "such": Q.THIS, "free": Q.FREE, "occupied": Q.OCCUPIED, "vacated": Q.VACATED, "random": Q.RANDOM,
    "upper": Q.TOP, "different": Q.DIFFERENT, "shown": Q.SHOWN, "summoned": Q.SUMMONED,
    "destroyed": Q.DESTROYED, "exiled": Q.EXILED, "dead": Q.DEAD, "next": Q.NEXT, "each": Q.ALL,
    "remaining": Q.REMAINING, "current": Q.CURRENT, "in_play": Q.ON_FIELD,
    "leftmost": Q.LEFTMOST, "rightmost": Q.RIGHTMOST, "edge": Q.EDGE, "central": Q.CENTRAL,
    "extra": Q.EXTRA, "wounded": Q.WOUNDED, "same": Q.SAME,
}
# adjectives of position with no object («соседнее», «стоящее рядом»): relations to the card
RELATION_ADJ = {"neighbour": "adjacent", "adj:near": "adjacent", "adj:opposite": "opposite",
                "adj:behind": "behind"}
# ``frames_select.selector`` reads a QUALIFIERS adjective before its other branches: none may take one
assert not [a for a in QUALIFIERS if a in RELATION_ADJ or a.startswith(("el:", "ord:", "adj:"))
            or a in ("own", "own_their", "attacked", "attacker", "poss")]
# adjectives that can stand for a whole creature selector («по закрытым», «атакованного»)
SELECTING = (set(QUALIFIERS) | set(RELATION_ADJ) | {"own", "attacked", "attacker", "own_their"}) \
    - {"next", "extra", "current", "remaining", "upper", "random", "different"}
ATTACK_ADJ = {"simple": K.STRIKE, "particular": K.SPECIAL, "magical": K.MAGIC,
              "nonmagical": K.NONMAGIC, "ranged": K.RANGED, "melee": K.MELEE,
              "directed": K.DIRECT, "unanswerable": KW.UNANSWERABLE, "response": K.RESPONSE}
# attack nouns: lexicon lemma after «atk:» → AttackKind (the lemma is the member's value)
ATTACK_NOUNS = {**{k.value: k for k in (K.STRIKE, K.ANY, K.SHOT, K.DISCHARGE, K.THROW, K.UCHR,
                                        K.SPECIAL, K.MAGIC, K.DIRECT)}, "assault": K.STRIKE}
STRENGTH = {"weak": Strength.WEAK, "medium": Strength.MEDIUM, "strong": Strength.STRONG}
# the chunk kinds of a trigger head («при …», «после …», «в начале / конце …», «вместо …»)
TRIGGER_KINDS = ("pri", "after", "at_start", "at_end", "instead_of")
KEYWORD_NOUNS = {"corpse_eating": KW.CORPSE_EATER, "clumsiness": KW.CLUMSY, "flight": KW.FLYING,
                 "horde": KW.HORDE, "stamina": KW.STAMINA, "jump": KW.JUMP,
                 "incarnation": KW.INCARNATION, "armor_kw": KW.ARMOR, "regen_kw": KW.REGEN,
                 "teleport": KW.TELEPORT, "vampirism": KW.VAMPIRISM, "symbiote": KW.SYMBIOTE,
                 "incorporeality": KW.INCORPOREAL, "dash": KW.DASH,
                 "invulnerability": KW.INVULNERABLE,
                 # «Берсерк. Герои», part 7
                 "first_strike": KW.FIRST_STRIKE, "last_strike": KW.LAST_STRIKE,
                 "vulnerability": KW.VULNERABLE, "wrath": KW.WRATH, "frenzy": KW.FRENZY,
                 "uniqueness": KW.UNIQUE, "undeadness": KW.UNDEAD, "fury": KW.FURY,
                 "scales": KW.SCALES, "meditation": KW.MEDITATION, "unity": KW.UNITY,
                 "stun": KW.STUNNED, "module": KW.MODULE, "clutch": KW.CLUTCH,
                 "stealth": KW.STEALTH, "vanguard": KW.VANGUARD, "sleeper": KW.SLEEPING,
                 "created": KW.CREATED}
PROT = {"zoo": (K.POISON,), "zoz": (K.SPELLS,), "zom": (K.MAGIC,), "zor": (K.DISCHARGE,),
        "zot": (K.THROW,), "zov": (K.SHOT,), "zoal": (K.FLYERS,)}
ICON_KEYWORDS = {"ova": KW.OVA, "ovz": KW.OVZ, "ovs": KW.OVS, "regen": KW.REGEN,
                 "armor": KW.ARMOR, "stamina": KW.STAMINA, "move": KW.MOVE, "health": KW.LIFE}
UNPROVEN: set = set()    # icons whose meaning no source proves (berserk-nxt writes ovs / stamina itself)
DURATIONS = {d.value: d for d in D}
# verb lemma (grammar.lexicon) → Verb, for actions, restrictions, permissions, conditions
VERB_IDS = {
    "attack": V.ATTACK, "declare": V.DECLARE, "defend": V.DEFEND, "move": V.MOVE,
    "teleport": V.TELEPORT, "swap": V.SWAP, "open": V.OPEN, "close": V.CLOSE,
    "destroy": V.DESTROY, "exile": V.EXILE, "summon": V.SUMMON, "revive": V.REVIVE,
    "return": V.RETURN, "put": V.PUT, "roll": V.ROLL_DIE, "reroll": V.REROLL_DIE,
    "block": V.BLOCK, "redirect": V.REDIRECT, "redistribute": V.REDISTRIBUTE_WOUNDS,
    "prevent": V.PREVENT_WOUNDS, "reduce_to": V.REDUCE_TO, "reduce": V.REDUCE_STRIKE,
    "choose": V.CHOOSE, "select_as": V.CHOOSE, "heal": V.HEAL, "use": V.USE, "ignore": V.IGNORE,
    "leave": V.LEAVE, "look": V.LOOK, "show": V.SHOW, "pay": V.PAY, "take": V.TAKE,
    "fight": V.FIGHT, "deal": V.FORCED_ATTACK, "die": V.DIE, "remove": V.REMOVE,
    "discard": V.DISCARD, "stun": V.STUN, "prepare": V.PREPARE, "win": V.WIN, "cancel": V.CANCEL,
    "land": V.MOVE, "incarnate": V.INCARNATE, "assign": V.ASSIGN, "wound": V.WOUND,
    "lose": V.LOSE, "get": V.GET, "have": V.HAVE, "act": V.ACT, "enter": V.ENTER,
    "reflect": V.REFLECT, "pass": V.PASS, "be_targeted": V.BE_TARGETED,
    # what «получать / иметь» concern, by their object
    "get_wounds": V.GET_WOUNDS, "get_counters": V.GET_COUNTERS, "have_counters": V.HAVE_COUNTERS,
}


def dmg(part) -> A.Node:
    """An amount as written after «на» («2», «2-3-4», «X», «X+1», «2X», «столько же»), from
    its part (an ``amount`` / ``bare`` P): the node's span is the number's, without «на»."""
    v = part.v.split(":", 1)[-1] if part.kind == "bare" else part.v
    text = part.text or ""
    m = _NUMBER_AT_END.search(text)
    # (the node made once, with its span: not made and then copied with another)
    if m is None or part.span == A.NOSPAN:
        return _amount(v, part.span)
    return _amount(v, A.Span(part.span.end - (len(text) - m.start()), part.span.end))


# (compiled once: an amount is read for nearly every clause)
_NUMBER_AT_END = re.compile(r"[\dXxХх][\d\s+\-XxХх]*$")
_BY_STRENGTH = re.compile(r"\d+-\d+-\d+")
_X_AMOUNT = re.compile(r"(\d*)x([+-]\d+)?")


def _amount(v: str, span: A.Span = A.NOSPAN) -> A.Node:
    v = v.replace(" ", "")
    if _BY_STRENGTH.fullmatch(v):
        w, m, s = (int(x) for x in v.split("-"))
        return A.ByStrength(w, m, s, span=span)
    if v == "same":
        return A.Variable("X", definition=A.Measure("same"), span=span)
    m = _X_AMOUNT.fullmatch(v)
    if m:
        return A.Variable("X", int(m.group(2) or 0), factor=int(m.group(1) or 1), span=span)
    return A.Fixed(int(v), span=span)


def signed(part) -> A.Node:
    """«+1», «-2», «+X», «-2X» (a ``signed`` P) → the amount with its sign and span."""
    return _signed(part.v, part.span)


def _signed(v: str, span: A.Span = A.NOSPAN) -> A.Node:
    v = v.replace(" ", "")
    sign = -1 if v[0] == "-" else 1
    body = v[1:]
    if body.endswith("x"):
        return A.Variable("X", factor=sign * int(body[:-1] or 1), span=span)
    return A.Fixed(sign * int(body), span=span)


class Ctx:
    """Per-unit state: the unit text (for names) and the parse recursion for quoted abilities."""

    def __init__(self, text: str, reparse: Callable[[str, int], tuple] | None = None,
                 name: str | None = None):
        self.text = text
        self.reparse = reparse
        self.name = name           # the card's own name (a granted ability names its granter by it)
        self.extra: list = []      # abilities a tail states on the side («(не может иметь более 3 {counter})»)
        self.walked: dict = {}     # ``nodes_in``'s walks of this unit (id → (node, its nodes))

    def orig(self, span: A.Span) -> str:
        return self.text[span.start:span.end]


def _span(*things) -> A.Span:
    """The span from the first start to the last end of ``things`` (parts, nodes, tokens and
    lists or tuples of them, at any depth); a thing without a span, or with NOSPAN, is
    skipped."""
    # (mostly called with one list: read it directly, not as a one-item tuple of it; one thing
    # with a span of its own: that span — the same value, no new one)
    if len(things) == 1:
        t = things[0]
        if t.__class__ is list:
            return _span_of(t)
        sp = getattr(t, "span", None)
        if sp.__class__ is _Span:
            return _NOSPAN if sp.start == 0 and sp.end == 0 else sp
    return _span_of(things)


_NOSPAN = A.NOSPAN
_Span = A.Span


def _span_of(things) -> A.Span:
    # (called for nearly every node a frame builds: no ``*args`` repacking per level, and the
    # NOSPAN test on the two ints, not through the dataclass ``__eq__``)
    if len(things) == 1:
        # (a fifth of the calls: one thing, whose own span is the value — no loop, no new Span)
        sp = getattr(things[0], "span", None)
        if sp.__class__ is _Span:
            return _NOSPAN if sp.start == 0 and sp.end == 0 else sp
    lo = hi = None
    for t in things:
        # (most things have a span: asked first; a list or tuple has none)
        sp = getattr(t, "span", None)
        if sp is None:
            sp = _span_of(t) if isinstance(t, _SEQ) else _NOSPAN
        s = sp.start
        e = sp.end
        if s == 0 and e == 0:
            continue
        if lo is None:
            lo, hi = s, e
        else:
            if s < lo:
                lo = s
            if e > hi:
                hi = e
    return _NOSPAN if lo is None else _Span(lo, hi)


_SEQ = (list, tuple)


def nodes_in(node, memo: dict | None = None) -> list:
    """Every node of ``node``'s tree in ``A.walk``'s order (pre-order), as one list: the frames'
    checks walk each ability they build.

    ``memo`` (a unit's ``Ctx.walked``): the walks already made in this unit, by node — a tree
    walked before (the effects, then the same ability's checks) is not walked again; the node
    is kept in the memo with its walk, so that its id stands for it while the unit is read."""
    if memo is not None:
        hit = memo.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
    out: list = []
    _WALK[node.__class__](node, out)
    if memo is not None:
        memo[id(node)] = (node, out)
    return out


# ---------------------------------------------------------------- the walk, written per class
# A field annotated with one of these holds no node (a word, a number, a flag, words): the walk
# does not look into it.  ``nodes_in`` is the frames' one walk of what they build (~1,800 nodes
# per pass of the dev corpus, most of them more than once): one function per class that appends
# the node and recurses into its node fields only costs a quarter of the generic walk (one call
# and one ``isinstance`` per field of every node).
_LEAF_TYPES = frozenset({"str", "int", "bool", "str | None", "int | None", "int | str", "int | str | None",
                         "tuple[str, ...]", "tuple[int, int]", "tuple[int, int | None] | None"})
_WALK: dict = {}     # node class → function(node, out): appends node and its nodes, pre-order


def _walk_items(items: tuple, out: list) -> None:
    for x in items:
        if x.__class__ is tuple:
            _walk_items(x, out)
        elif isinstance(x, _Node):
            _WALK[x.__class__](x, out)


def _walker(cls: type):
    """``_WALK[cls]``: the node, then each field that may hold a node (in field order: a node,
    or a tuple of nodes and leaves at any depth), as ``grammar.ast.walk`` visits them."""
    lines = ["def walk(node, out):", "    out.append(node)"]
    for f in _dataclass_fields(cls):
        if f.name == "span" or f.type.strip("'\"") in _LEAF_TYPES:
            continue
        lines += [f"    v = node.{f.name}",
                  "    if v:",
                  "        if v.__class__ is tuple:", "            items(v, out)",
                  "        elif isinstance(v, Node):", "            WALK[v.__class__](v, out)"]
    namespace = {"items": _walk_items, "Node": _Node, "WALK": _WALK}
    exec("\n".join(lines) + "\n", namespace)
    return namespace["walk"]


_Node = A.Node
for _cls in A.NODE_TYPES.values():
    _WALK[_cls] = _walker(_cls)


def rewrite(node, swap, stop=None):
    """``node`` rebuilt bottom-up with ``swap(n)`` (a node, or None to keep and descend) put in
    for the nodes it picks — the one walk of the frames' pronoun and «себя» rewrites; ``stop(n)``:
    a node kept whole, not entered."""
    if isinstance(node, A.Node):
        new = swap(node)
        if new is not None:
            return new
        if stop is not None and stop(node):
            return node
        # positional in field order, as ``grammar.ast.shift`` builds a node (``span`` keyword-only);
        # a leaf (no node, no tuple) is kept without a call
        values = [getattr(node, f) for f in _field_names(type(node))]
        new = [rewrite(v, swap, stop) if isinstance(v, _NODE_OR_TUPLE) else v for v in values]
        # (a subtree nothing was put in is kept, not rebuilt: most rewrites change no node)
        if all(map(_is, new, values)):
            return node
        return type(node)(*new, span=node.span)
    if isinstance(node, tuple):
        new = [rewrite(x, swap, stop) if isinstance(x, _NODE_OR_TUPLE) else x for x in node]
        return node if all(map(_is, new, node)) else tuple(new)
    return node


_is = operator.is_


_NODE_OR_TUPLE = (A.Node, tuple)


def _with(node, **kw):
    d = {f: getattr(node, f) for f in node.__dataclass_fields__ if f != "span"}
    d.update(kw)
    return type(node)(**d, span=node.span)


class Tails:
    """Limits, durations, conditions and notes collected from a clause's parts.  A frame that
    gives one of them a place in the AST takes it (``use``, ``note``); whatever is left when the
    clause is built (``check``) makes the clause Reject — a tail is never silently dropped."""

    _CHECKED = ("duration", "where", "maximum", "minimum", "chooser", "condition", "named")

    # (the tails one clause may have, none by default: read from the class until a part sets
    # one — a clause is read with a fresh Tails, most keep every default)
    limit: A.Limit | None = None
    duration: A.Duration | None = None
    condition: A.Condition | None = None
    where: Any = None
    maximum: int | None = None
    minimum: int | None = None
    named: tuple | None = None
    chooser: str | None = None
    duration_at: int | None = None          # how many of the clause's kept parts precede the duration
    subject_read: tuple | None = None       # (the subject's parts, ``subject_of`` of them): the body's too

    def __init__(self):
        self.notes: list = []
        self.except_: list = []
        self.span_parts: list = []
        self._used: set[str] = set()
        self.duration_ats: list[int] = []      # … each «до конца хода» written (one per option, frames_verbs)

    def use(self, name: str):
        """The tail ``name`` (duration, where, maximum, minimum, chooser, except_), taken."""
        self._used.add(name)
        return getattr(self, name)

    def note(self, key) -> bool:
        """Take the note ``key`` (a string) if the clause had it."""
        if key in self.notes:
            self.notes.remove(key)
            return True
        return False

    def take_note(self, tag: str):
        """Take the first tuple note whose tag is ``tag``; its value, or None."""
        if not self.notes:
            return None             # (the usual clause: no note; asked three times of each)
        for n in self.notes:
            if isinstance(n, tuple) and n[0] == tag:
                self.notes.remove(n)
                return n[1]
        return None

    def check(self) -> None:
        """Reject when a tail of the clause found no place in its nodes."""
        if self.duration is None and self.where is None and self.maximum is None and self.minimum is None \
                and self.chooser is None and self.condition is None and self.named is None \
                and not self.except_ and not self.notes:
            return              # (the usual clause: no tail at all — ``_CHECKED`` read by name below)
        left = [n for n in self._CHECKED if getattr(self, n) is not None and n not in self._used]
        if self.except_ and "except_" not in self._used:
            left.append("except")
        left += [str(n if isinstance(n, str) else n[0]) for n in self.notes]
        if left:
            raise Reject("unused tails: " + ", ".join(left))


_TIMES = re.compile(r"(\d+|один|одного|два|три|x)\s+раз")
_EACH = re.compile(r"для каждого (атакованного )?(\w+)")
_NUMBER = re.compile(r"(\d+|x)")


def _limit(text: str, span: A.Span) -> A.Limit:
    t = text.lower()
    m = _TIMES.search(t)
    n = {"один": 1, "одного": 1, "два": 2, "три": 3}.get(m.group(1), None) if m else None
    if n is None:
        n = int(m.group(1)) if m and m.group(1).isdigit() else 1
    per = LimitPer.FIGHT if "бой" in t else LimitPer.GAME if "игру" in t else LimitPer.TURN
    if "ваш ход" in t or "свой ход" in t:
        per = LimitPer.OWN_TURN
    each = None
    e = _EACH.search(t)
    if e:
        each = "attacked" if e.group(1) else {"ряда": "row", "существа": "creature"}.get(e.group(2), e.group(2))
    return A.Limit(n, per, each, span=span)


#: «в ваш ход» / «в ход противника» as a condition; the axes of «по диагонали / вертикали / горизонтали»
TURN_OF = {"в свой ход": ConditionKind.OWN_TURN, "в ваш ход": ConditionKind.OWN_TURN,
           "в ход противника": ConditionKind.OPPONENT_TURN}
AXES = {"по горизонтали": "horizontal", "по вертикали": "vertical", "по диагонали": "diagonal"}


def _maximum(text: str) -> int:
    m = _NUMBER.search(text.lower())
    return int(m.group(1)) if m and m.group(1).isdigit() else -1


def _is_pred(q) -> bool:
    return isinstance(q, P) and q.kind in ("verb", "modal")


def has_kind(parts, kind: str) -> bool:
    """Is one of ``parts`` a P of ``kind``?  (a loop, not ``any`` over a generator: asked of
    every clause)"""
    # (parts are P or NP, both with a kind, and no NP kind is one a caller asks: the class is
    # tested on a match only)
    for q in parts:
        if q.kind == kind and q.__class__ is P:
            return True
    return False


def first_pred(parts) -> int | None:
    """The index of the first predicate (a verb or a modal) of ``parts``, None without one
    (the clause frames ask for the first only: no list of them all)."""
    for i, q in enumerate(parts):
        k = q.kind              # (as in ``has_kind``: no NP kind is «verb» or «modal»)
        if (k == "verb" or k == "modal") and q.__class__ is P:
            return i
    return None


class _Late:
    """Frames of higher modules that lower ones call back.  The frames are mutually recursive
    (a relative clause in a noun phrase is a condition; a condition's «где X» reads tails; a
    tail «когда …» is a trigger), while the modules are layered
    base → select → cond → tails → trigger → quality → verbs → clause → ability so that no
    import cycle exists: each higher module sets its entry here once, at import."""

    cond_clause: Callable = None
    strip_tails: Callable = None
    when_trigger: Callable = None
    condition: Callable = None
    where: Callable = None
    clause_effects: Callable = None
    paren: Callable = None
    lift_tails: Callable = None
    gain_options: Callable = None


LATE = _Late()

