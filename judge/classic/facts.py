"""The classic table's answers to card text: selectors, relations, conditions and measures.

Each vocabulary word the AST may carry has one entry in a table keyed by its ``berserk.vocab``
member (or, for the earlier grammar's forms, its stored string): ``QUALIFIERS``, ``RELATIONS``,
``CONDITIONS``, ``MEASURES``.  A word without an entry makes ``unsupported`` give a reason, and
an ability that uses it is refused — the judge never guesses what a word means.  Where the seeds
leave a word's meaning open, the reading is stated once, here, and in docs/judge.md.

Positions follow judge/classic/board.py.  «Напротив» (opposite) is the cell in front of a card,
towards the enemy half; «позади» (behind) the one behind it; «справа и слева» the two cells of the
same row; «рядом» the eight neighbours.
"""
from __future__ import annotations

import re

from dataclasses import replace
from collections.abc import Callable
from typing import Any

from berserk.vocab import AttackKind as K
from berserk.vocab import CardType, Element
from berserk.vocab import ConditionKind as CK
from berserk.vocab import MeasureKind as MK
from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import Side, Strength
from carddb.model import name_key
from grammar import ast as A
from judge import cites as C
from judge.classic import board
from judge.classic.board import GRAVEYARD
from judge.classic.traits import matches_kind

#: The class prefix of classic «heroes» (Герой-воин, Герой-маг …).
HERO_CLASS = name_key("Герой")


# ------------------------------------------------------------------ geometry
def front_cell(cell: str | None, owner: str, steps: int = 1) -> str | None:
    """The cell ``steps`` in front of ``cell`` for ``owner`` (towards the enemy half)."""
    if cell is None:
        return None
    c = board.parse(cell)
    row = c.row + steps if owner == "A" else c.row - steps
    return f"{board.COLUMNS[c.col]}{row}" if 1 <= row <= 6 else None


def side_cells(cell: str | None) -> tuple[str, ...]:
    if cell is None:
        return ()
    c = board.parse(cell)
    return tuple(f"{board.COLUMNS[col]}{c.row}" for col in (c.col - 1, c.col + 1) if 0 <= col < 5)


def in_formation(eng, p) -> bool:
    """Reading (docs/judge.md): a creature with «Строй» is in formation while a creature of its
    own squad that also has «Строй» stands next to it in the same row (left or right)."""
    return bool(formation_mates(eng, p))


def formation_mates(eng, p):
    """The creatures in formation with ``p``; for a card that died on the field, those that
    stood with it in formation as it died (reading, docs/judge.md: «стоявшие с ним в строю» —
    the creatures of its squad with «Строй» standing left and right of the cell it died on)."""
    if not eng.kit(p).formation:
        return []
    cell = p.cell if p.zone == "field" else p.died_at if p.zone == GRAVEYARD else None
    if cell is None:
        return []
    out = []
    for cell in side_cells(cell):
        q = eng.state.at(cell)
        if q is not None and q.owner == p.owner and q.is_creature and eng.kit(q).formation:
            out.append(q)
    return out


def _rel(eng, what: str, p, q) -> bool:
    """Is ``p`` in relation ``what`` to ``q``?"""
    st = eng.state
    if what == R.ON_CELL:                 # «карта на клетке X»: q is the cell (or a card on it)
        return st.position(p) == (q if isinstance(q, str) else st.position(q))
    if isinstance(q, str):                # a cell: «рядом с этой клеткой»
        a = st.position(p)
        return what in (R.ADJACENT, "adjacent") and not p.flying and a is not None \
            and board.adjacent(a, q)
    a, b = st.position(p), st.position(q)
    if what in (R.ADJACENT, "adjacent"):
        if p.flying or q.flying:
            return False
        return a is not None and b is not None and board.adjacent(a, b)
    if what in (R.OPPOSITE, "opposite"):
        return a is not None and a == front_cell(b, q.owner)
    if what in (R.BEHIND, "behind"):
        return a is not None and a == front_cell(b, q.owner, -1)
    if what == R.IN_FRONT:
        return a is not None and a == front_cell(b, q.owner)
    if what in (R.LEFT_RIGHT, "left_and_right"):
        return a is not None and a in side_cells(b)
    if what in (R.IN_FORMATION_WITH, "in_formation_with_self"):
        return p in formation_mates(eng, q)
    if what == R.SAME_ROW:
        return a is not None and b is not None and a[1] == b[1] and p is not q
    if what in (R.SAME_COLUMN, "same_column_as_self"):
        return a is not None and b is not None and a[0] == b[0] and p is not q
    if what in (R.DEFENDED_BY, "defended_by_self"):
        return eng.facts.get("defended") is p and eng.facts.get("defender") is q
    if what == R.HOST_OF:
        return q.host == p.id
    if what == R.PARASITE_OF:
        return p.host == q.id
    if what == R.OF:
        return p.owner == q.owner
    if what == R.FIGHTS_WITH:
        # «существо, с которым сражается»: the other card of the fight being rolled now
        # (514.1: both roll — a closed target or an ability's target does not fight)
        pair = eng.facts.get("fight") or ()
        return p is not q and p in pair and q in pair
    raise KeyError(what)


RELATIONS = frozenset({R.ADJACENT, R.OPPOSITE, R.BEHIND, R.IN_FRONT, R.LEFT_RIGHT,
                       R.IN_FORMATION_WITH, R.SAME_ROW, R.SAME_COLUMN, R.DEFENDED_BY,
                       R.HOST_OF, R.PARASITE_OF, R.OF, R.ON_CELL, R.FIGHTS_WITH})

# ------------------------------------------------------------------ nouns and qualifiers
NOUNS: dict[str, Callable[[Any, Any, Any], bool]] = {
    N.CREATURE: lambda eng, p, ctx: p.is_creature,
    N.CARD: lambda eng, p, ctx: p.kind in (CardType.CREATURE, CardType.ARTIFACT),
    N.ARTIFACT: lambda eng, p, ctx: p.is_artifact,
    # «пока в вашем отряде есть пустыня»: a terrain card (its class names its kind, «Пустыня»)
    N.TERRAIN: lambda eng, p, ctx: p.kind is CardType.TERRAIN,
    N.FLYER: lambda eng, p, ctx: p.is_creature and p.flying,
    N.SELF: lambda eng, p, ctx: p is ctx.source,
    N.IT: lambda eng, p, ctx: p is ctx.refs.get("it"),
    N.ATTACKED: lambda eng, p, ctx: p is ctx.refs.get("attacked"),
    N.ATTACKER: lambda eng, p, ctx: p is ctx.refs.get("attacker"),
    N.DEFENDER: lambda eng, p, ctx: p is ctx.refs.get("defender"),
    N.HOST: lambda eng, p, ctx: ctx.source.host == p.id,
    N.SYMBIOTE: lambda eng, p, ctx: p.symbiote,
    N.TARGET: lambda eng, p, ctx: p is ctx.refs.get("it"),
    # classic has no hero cards: «герой-воин» is a creature of the class «Герой-воин»
    N.HERO: lambda eng, p, ctx: p.is_creature and any(
        name_key(c).startswith(HERO_CLASS) for c in p.card.classes),
}


def _cost(p) -> int:
    return p.card.cost or 0


def _with(eng, p, what: str) -> bool:
    """«обладающее X»: an attack kind it can make, or a keyword it has."""
    kinds = set(what.split("|"))
    kit = eng.kit(p)
    if kinds & kit.attack_kinds:
        return True
    if "formation" in kinds and kit.formation:
        return True                         # «существо со строем»: a «Строй» ability
    t = eng.traits(p)
    return any(t.has(k) or t.number(k) for k in kinds)    # «с бронёй»: a numbered keyword too


#: qualifier name (before «:») → test(eng, piece, argument, ctx).
QUALIFIERS: dict[str, Callable[[Any, Any, str, Any], bool]] = {
    Q.OTHER: lambda eng, p, arg, ctx: p is not ctx.source,
    Q.CHOSEN: lambda eng, p, arg, ctx: True,
    Q.ANY: lambda eng, p, arg, ctx: True,
    Q.ALL: lambda eng, p, arg, ctx: True,
    Q.THIS: lambda eng, p, arg, ctx: p is ctx.refs.get("it"),
    # «в ту же цель» after an attack trigger: the card that attack was made at (no attack in
    # the context — nothing fits, so the effect is cancelled, never aimed elsewhere)
    Q.SAME: lambda eng, p, arg, ctx: p is ctx.refs.get("attacked"),
    Q.CLOSED: lambda eng, p, arg, ctx: p.closed,
    Q.OPEN: lambda eng, p, arg, ctx: not p.closed,
    Q.FLYING: lambda eng, p, arg, ctx: p.flying,
    Q.NONFLYING: lambda eng, p, arg, ctx: not p.flying,
    Q.ORDINARY: lambda eng, p, arg, ctx: not p.card.elite,
    Q.ELITE: lambda eng, p, arg, ctx: bool(p.card.elite),
    Q.WOUNDED: lambda eng, p, arg, ctx: p.wounds > 0,
    Q.UNWOUNDED: lambda eng, p, arg, ctx: p.wounds == 0,
    Q.POISONED: lambda eng, p, arg, ctx: bool(p.markers.get("poison")),
    Q.INCORPOREAL: lambda eng, p, arg, ctx: p.incorporeal,
    Q.CORPOREAL: lambda eng, p, arg, ctx: not p.incorporeal,
    Q.DEAD: lambda eng, p, arg, ctx: p.zone == GRAVEYARD,
    Q.IN_GRAVEYARD: lambda eng, p, arg, ctx: p.zone == GRAVEYARD,
    Q.ON_FIELD: lambda eng, p, arg, ctx: p.on_table,
    Q.IN_SQUAD: lambda eng, p, arg, ctx: p.on_table,
    Q.ELEMENT: lambda eng, p, arg, ctx: (Element.of(arg[1:]) not in p.card.elements
                                         if arg.startswith("!")
                                         else Element.of(arg) in p.card.elements),
    Q.CLASS: lambda eng, p, arg, ctx: name_key(arg) in {name_key(c) for c in p.card.classes},
    Q.COST_MAX: lambda eng, p, arg, ctx: _cost(p) <= int(arg),
    Q.COST_MIN: lambda eng, p, arg, ctx: _cost(p) >= int(arg),
    Q.WITH: lambda eng, p, arg, ctx: _with(eng, p, arg),
    Q.WITHOUT: lambda eng, p, arg, ctx: not _with(eng, p, arg),
    Q.ROW: lambda eng, p, arg, ctx: _row(eng, p, arg, ctx),
    Q.LIFE_MAX: lambda eng, p, arg, ctx: p.lives <= int(arg),
    Q.LIFE_MIN: lambda eng, p, arg, ctx: p.lives >= int(arg),
    # «на половине поля боя противника / вашей»: whose half, from the ability's side
    Q.HALF: lambda eng, p, arg, ctx: _on_half(eng, p, arg, ctx),
    Q.NAMED: lambda eng, p, arg, ctx: name_key(p.name) == name_key(arg),
    Q.MARKER: lambda eng, p, arg, ctx: bool(p.markers.get(arg)) if arg else bool(
        {k for k in p.markers if k not in ("poison", "anti_air")}),
    # the earlier grammar's forms
    "cost<=": lambda eng, p, arg, ctx: _cost(p) <= int(arg),
    "cost>=": lambda eng, p, arg, ctx: _cost(p) >= int(arg),
    "adjacent": lambda eng, p, arg, ctx: _rel(eng, "adjacent", p, ctx.source),
    "opposite": lambda eng, p, arg, ctx: _rel(eng, "opposite", p, ctx.source),
    "left_and_right": lambda eng, p, arg, ctx: _rel(eng, "left_and_right", p, ctx.source),
    "in_formation_with_self": lambda eng, p, arg, ctx: _rel(eng, "in_formation_with_self", p,
                                                            ctx.source),
    "same_column_as_self": lambda eng, p, arg, ctx: _rel(eng, "same_column_as_self", p,
                                                         ctx.source),
    "defended_by_self": lambda eng, p, arg, ctx: _rel(eng, "defended_by_self", p, ctx.source),
    "not_moved_this_turn": lambda eng, p, arg, ctx: p.moved == 0,
    # «пока X его паразит» / «пока является хозяином»: a symbiote sitting on its host (reading,
    # docs/judge.md: «паразит» is the symbiote on the creature it sits on, whoever owns them)
    "parasite": lambda eng, p, arg, ctx: p.host is not None and p.symbiote,
    "host": lambda eng, p, arg, ctx: any(q.symbiote for q in eng.state.attached_to(p)),
    Q.MOST_LIFE: lambda eng, p, arg, ctx: True,     # compared in ``matches`` (needs the pool)
}


def _on_half(eng, p, arg: str, ctx) -> bool:
    cell = eng.state.position(p)
    if cell is None or arg not in ("own", "enemy"):
        return False
    owner = ctx.source.owner if arg == "own" else board.other(ctx.source.owner)
    return board.own_row_number(owner, cell) is not None


#: a row qualifier the judge counts: «N[|M…]» with an optional owner («own» / «enemy»)
ROW_ARG = re.compile(r"\d+(\|\d+)*(:(own|enemy))?")


def row_of_side(arg: str, side) -> str:
    """«карта противника в первом ряду»: a row with no owner written, on a selector of the
    opponent's cards, is the opponent's row (seeds: each player counts his own rows — «ваш первый
    ряд», «первые три ряда к вам»; docs/judge.md).  No side, or own: the ability's side."""
    if side == Side.ENEMY and ":" not in arg:
        return f"{arg}:enemy"
    return arg


def _row(eng, p, arg: str, ctx) -> bool:
    parts = arg.split(":")
    cell = eng.state.position(p)
    if cell is None:
        return False
    whose = parts[1] if len(parts) > 1 else None
    owner = ctx.source.owner if whose in (None, "own") else board.other(ctx.source.owner)
    # «во 2 или 3 ряду» — «row:2|3:own»
    return board.own_row_number(owner, cell) in {int(n) for n in parts[0].split("|")}


def _qual(q: str) -> tuple[str, str]:
    for old in ("cost<=", "cost>="):
        if q.startswith(old):
            return old, q[len(old):]
    name, _, arg = q.partition(":")
    return name, arg


def _side_ok(sel: A.Selector, p, ctx) -> bool:
    if sel.side == Side.OWN:
        return p.owner == ctx.source.owner
    if sel.side == Side.ENEMY:
        return p.owner != ctx.source.owner
    return True


#: nouns an event names (the attacker, the attacked, the defender): «… его» adds nothing
EVENT_NOUNS = frozenset({N.ATTACKER, N.ATTACKED, N.DEFENDER})


def matches(eng, sel: A.Selector, p, ctx) -> bool:
    """Does ``p`` fit the selector now (relative to the ability's card and context)?"""
    if sel.noun == N.CELL:
        cell = p if isinstance(p, str) else eng.state.position(p)
        return cell is not None and cell_matches(eng, sel, cell, ctx)
    if isinstance(p, str):
        return False
    if sel.noun in (N.ANY_OF, N.ALL_OF):
        return any(matches(eng, m, p, ctx) for m in sel.members)
    test = NOUNS.get(sel.noun)
    if test is None or not test(eng, p, ctx):
        return False
    if not _side_ok(sel, p, ctx):
        return False
    quals = sel.qualifiers
    if Q.MOST_LIFE in quals:
        # «карта противника с наибольшим {health}»: the most lives left (printed + extra −
        # wounds) among every card the rest of the selector names; a tie — each of them
        rest = replace(sel, qualifiers=tuple(q for q in quals if q != Q.MOST_LIFE))
        if not matches(eng, rest, p, ctx):
            return False
        return p.lives >= max(o.lives for o in select(eng, rest, ctx))
    if sel.noun == N.HERO:                # «герой-воин»: the class «Герой-воин»
        quals = tuple(f"class:{HERO_CLASS}-{q[6:]}" if q.startswith("class:") else q
                      for q in quals)
    for q in quals:
        name, arg = _qual(q)
        if name == Q.ROW:
            arg = row_of_side(arg, sel.side)
        if not QUALIFIERS[name](eng, p, arg, ctx):
            return False
    for rel in sel.relations:
        if rel.what == R.OF and sel.noun in EVENT_NOUNS and getattr(rel.to, "noun", None) == N.IT:
            continue                          # «атаковавшая его карта»: the event says whose
        if not _related(eng, rel.what, p, rel.to, ctx):
            return False
    if sel.condition is not None and not holds(eng, sel.condition, ctx, subject=p):
        return False
    return True


def cell_matches(eng, sel: A.Selector, cell: str, ctx) -> bool:
    """A cell of the field for a move's destination: «свободная», «любая», «третьего ряда
    противника», «рядом с X»."""
    for q in sel.qualifiers:
        name, arg = _qual(q)
        if name == Q.FREE and eng.state.occupied(cell):
            return False
        if name == Q.ROW and not _cell_row(cell, arg, ctx):
            return False
        if name == Q.HALF and not _cell_half(cell, arg, ctx):
            return False                  # «клетка вашей половины поля боя»
        if name == Q.THIS and cell != ctx.refs.get("cell"):
            return False                  # «эта клетка»: the one the ability named before
        if name == DIAGONAL_OF_IT and not _diagonal_of_it(eng, cell, ctx):
            return False                  # «на 1 клетку по диагонали» (core.verbs.DIAGONAL_STEP)
    for rel in sel.relations:
        others = [eng.state.position(o) for o in select(eng, rel.to, ctx)]
        if rel.what == R.ADJACENT and not any(o and board.adjacent(cell, o) for o in others):
            return False
    return True


#: a cell diagonally next to the card the effect moves («it»): core/verbs.DIAGONAL_STEP
DIAGONAL_OF_IT = "diagonal_of_it"


def _diagonal_of_it(eng, cell: str, ctx) -> bool:
    who = ctx.refs.get("it")
    here = eng.state.position(who) if who is not None and not isinstance(who, str) else None
    if here is None:
        return False
    a, b = board.parse(here), board.parse(cell)
    return abs(a.col - b.col) == 1 and abs(a.row - b.row) == 1


def _cell_row(cell: str, arg: str, ctx) -> bool:
    """«клетка N-го ряда [противника / вашего]»: rows are counted from each player's side."""
    parts = arg.split(":")
    whose = parts[1] if len(parts) > 1 else None
    owner = ctx.source.owner if whose in (None, "own") else board.other(ctx.source.owner)
    return parts[0].isdigit() and board.own_row_number(owner, cell) == int(parts[0])


def _cell_half(cell: str, arg: str, ctx) -> bool:
    """«клетка вашей половины поля боя / половины противника»: whose, from the ability's side."""
    if arg not in ("own", "enemy"):
        return False
    owner = ctx.source.owner if arg == "own" else board.other(ctx.source.owner)
    return board.own_row_number(owner, cell) is not None


#: What a cell selector may say (judge/classic/support.py).
CELL_QUALIFIERS = frozenset({Q.FREE, Q.ANY, Q.ROW, Q.CHOSEN, Q.THIS, Q.HALF, DIAGONAL_OF_IT})
CELL_RELATIONS = frozenset({R.ADJACENT})


def select(eng, sel: A.Selector, ctx):
    """Every card on the table (or in a graveyard, when the selector says so) that fits; for a
    cell selector, every cell of the field that fits."""
    if sel.noun == N.CELL:
        return [c for c in board.ALL_CELLS if cell_matches(eng, sel, c, ctx)]
    if sel.noun in (N.ANY_OF, N.ALL_OF):
        found = []
        for m in sel.members:
            found += [p for p in select(eng, m, ctx) if p not in found]
        return found
    named = {N.SELF: ctx.source, N.IT: ctx.refs.get("it"), N.TARGET: ctx.refs.get("it"),
             N.ATTACKED: ctx.refs.get("attacked"),
             N.ATTACKER: ctx.refs.get("attacker"), N.DEFENDER: ctx.refs.get("defender")}
    if sel.noun in named:
        p = named[sel.noun]
        if isinstance(p, str) and sel.noun == N.IT and not sel.qualifiers and not sel.relations \
                and sel.condition is None:
            return [p]                    # «на неё»: the cell the text named before
        return [p] if p is not None and matches(eng, sel, p, ctx) else []
    graveyard = Q.IN_GRAVEYARD in sel.qualifiers or Q.DEAD in sel.qualifiers
    pool = eng.state.graveyard() if graveyard else eng.state.on_table()
    return [p for p in pool if matches(eng, sel, p, ctx)]


# ------------------------------------------------------------------ conditions
def _subject(eng, cond: A.Condition, ctx, subject):
    if subject is not None:
        return subject
    if cond.subject is None:
        return ctx.source
    found = select(eng, cond.subject, ctx)
    return found[0] if found else None


def _got_wounds(eng, p, prm) -> bool:
    """«получало раны [от N или более [других] выстрелов или метаний] в этот ход»: the attacks
    that wounded it this turn (``Piece.hit_kinds``), of the kinds named; «других» — not the
    attack now being resolved (when that one wounded it, it is the last of them)."""
    tags = [str(t) for t in prm]
    if tags in (["this_turn"], ["from:any", "this_turn"], ["this_turn", "from:any"]):
        return p.wounded_turn > 0
    kinds = tuple(t[5:] for t in tags if t.startswith("from:"))
    need = next((int(t[8:-1]) for t in tags if t.startswith("attacks:")), 1)
    hits = [k for k in p.hit_kinds if not kinds or matches_kind(kinds, k)]
    f = eng.facts
    if "other" in tags and hits and f.get("attacked") is p and f.get("dealt") \
            and p.hit_kinds and p.hit_kinds[-1] == f.get("kind") and hits[-1] == f.get("kind"):
        hits = hits[:-1]
    return len(hits) >= need


def _is(eng, p, params, ctx) -> bool:
    for item in params:
        if isinstance(item, A.Relation):
            if not _related(eng, item.what, p, item.to, ctx):
                return False
        else:
            name, arg = _qual(str(item))
            if not QUALIFIERS[name](eng, p, arg, ctx):
                return False
    return True


def _related(eng, what: str, p, to: A.Selector, ctx) -> bool:
    """``p`` stands in ``what`` to a card ``to`` selects.  A counted ``to`` («стоит рядом с
    двумя вашими существами») needs that many of them — at least, as a bare number in an
    existence condition (audit F9: one neighbour was enough); «N или меньше» caps it."""
    others = select(eng, to, ctx)
    lo, hi = to.count if getattr(to, "count", None) else (1, None)
    if not isinstance(lo, int):
        raise KeyError(f"a relation to «{lo}» cards")      # (as an unknown relation: not applied)
    n = sum(1 for o in others if _rel(eng, what, p, o))
    return n >= max(lo, 1) and (hi is None or hi == lo or n <= hi)


def _exists(eng, params, ctx) -> bool:
    sel = params[0]
    n = len(select(eng, sel, ctx))
    lo, hi = sel.count if sel.count else (1, None)
    return n >= lo and (hi is None or n <= hi)


def _moved(p, params) -> bool:
    need, direction = 1, None
    for tag in params:
        tag = str(tag)
        if tag.startswith("cells:"):
            need = int(tag.split(":")[1])
        elif tag.startswith("direction:"):
            direction = tag.split(":")[1]
    return _moved_cells(p, need, direction)


def _moved_cells(p, need: int, direction: str | None) -> bool:
    """«переместилась хотя бы на N клеток [в одном направлении / в разных направлениях]»."""
    if direction in ("same", "same_direction"):
        return any(n >= need for n in p.moved_dirs.values())
    if direction in ("different", "different_directions"):
        return p.moved >= need and len(p.moved_dirs) >= 2
    return p.moved >= need


def _row_empty(eng, ctx, n: int) -> bool:
    enemy = board.other(ctx.source.owner)
    return not any(board.own_row_number(enemy, eng.state.position(q) or "a1") == n
                   for q in eng.state.on_table(enemy) if q.zone == "field")


_OPS = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
        ">": lambda a, b: a > b, "<": lambda a, b: a < b}

#: condition kind → test(eng, subject, params, ctx).  Old forms keep their stored names.
CONDITIONS: dict[str, Callable[[Any, Any, tuple, Any], bool]] = {
    CK.IS: lambda eng, p, prm, ctx: _is(eng, p, prm, ctx),
    CK.EXISTS: lambda eng, p, prm, ctx: _exists(eng, prm, ctx),
    CK.WOUNDED: lambda eng, p, prm, ctx: p.wounds >= (prm[0] if prm else 1),
    CK.UNWOUNDED: lambda eng, p, prm, ctx: p.wounds == 0,
    CK.HAS_COUNTERS: lambda eng, p, prm, ctx: p.counters >= (prm[0] if prm else 1),
    CK.DEFENDING: lambda eng, p, prm, ctx: eng.facts.get("defender") is p,
    CK.ATTACKING: lambda eng, p, prm, ctx: (eng.facts.get("attacker") is p and (
        not prm or matches(eng, prm[0], eng.facts.get("attacked"), ctx))),
    CK.ATTACKED_BY: lambda eng, p, prm, ctx: (eng.facts.get("attacked") is p and (
        not prm or any(matches_kind((k,), eng.facts.get("kind") or "") for k in prm))),
    CK.MOVED: lambda eng, p, prm, ctx: _moved(p, prm),
    CK.GOT_WOUNDS: lambda eng, p, prm, ctx: _got_wounds(eng, p, prm),
    CK.ROLLED: lambda eng, p, prm, ctx: eng.facts.get("roll") in prm,
    CK.OWN_TURN: lambda eng, p, prm, ctx: eng.state.turn == ctx.source.owner,
    CK.OPPONENT_TURN: lambda eng, p, prm, ctx: eng.state.turn != ctx.source.owner,
    CK.COUNT: lambda eng, p, prm, ctx: _OPS[prm[1]](measure(eng, prm[0], ctx),
                                                     _number(eng, prm[2], ctx)),
    # the parts of a compound are about the compound's card (a selector's «кроме X и Y»: the
    # candidate) unless a part names its own
    CK.ALL: lambda eng, p, prm, ctx: all(holds(eng, c, ctx, p if c.subject is None else None) for c in prm),
    # «когда атакует X»: the attack being resolved is the subject's, at a card that fits
    CK.EVENT: lambda eng, p, prm, ctx: _attacking(eng, p, prm[0], ctx),
    CK.ANY: lambda eng, p, prm, ctx: any(holds(eng, c, ctx, p if c.subject is None else None) for c in prm),
    # the earlier grammar's forms
    "counters_on_self": lambda eng, p, prm, ctx: (p.counters == 0) == (prm[0] == "none"),
    "in_formation_with": lambda eng, p, prm, ctx: any(
        matches(eng, prm[0], q, ctx) for q in formation_mates(eng, p)),
    "not_moved_this_turn": lambda eng, p, prm, ctx: p.moved == 0,
    "moved_cells": lambda eng, p, prm, ctx: _moved_cells(p, int(prm[0]), prm[1]),
    "no_enemy_cards_in_row": lambda eng, p, prm, ctx: _row_empty(eng, ctx, int(prm[0])),
    "self_attacked_by": lambda eng, p, prm, ctx: (eng.facts.get("attacked") is p and any(
        matches_kind((k,), eng.facts.get("kind") or "") for k in prm)),
}


def _attacking(eng, p, t: A.Trigger, ctx) -> bool:
    if t.event == TE.FIGHTS:
        return p in (eng.facts.get("fight") or ())       # «сражаясь, …»: in a fight now
    if eng.facts.get("attacker") is not p:
        return False
    kind = eng.facts.get("kind")
    if t.attack not in (None, K.ANY) and not (kind and matches_kind((t.attack,), kind)):
        return False
    target = eng.facts.get("attacked")
    return t.target is None or (target is not None and matches(eng, t.target, target, ctx))


def _number(eng, x, ctx) -> int:
    """The right side of a comparison: a number, or another count («больше X, чем Y»)."""
    return measure(eng, x, ctx) if isinstance(x, A.Measure) else int(x)


def holds(eng, cond: A.Condition, ctx, subject = None) -> bool:
    p = _subject(eng, cond, ctx, subject)
    if p is None:
        result = False
    else:
        result = bool(CONDITIONS[cond.what](eng, p, tuple(cond.params), ctx))
    return result != bool(getattr(cond, "negated", False))


# ------------------------------------------------------------------ measures
def _of(eng, m: A.Measure, ctx):
    return [ctx.source] if m.of is None else select(eng, m.of, ctx)


def _strike_value(eng, m: A.Measure, ctx, cards) -> int:
    """«величина [слабого] {strike}»: the printed value with the card's unconditional «+N к
    {strike}» (only the printed one «без учёта модификаторов»); with no strength named — only in
    a bonus to a strike (support._measure) — the strength of the strike being made."""
    if "this_strike" in m.params:
        # «при ударе … где X — величина удара»: the value this strike was made with (the
        # strike table's value and the striker's bonuses to it, before the target's own
        # protections, reductions and armour)
        return int(ctx.event.data.get("value", 0)) if ctx.event is not None else 0
    strength = m.strength or ctx.refs.get("strength")
    if strength is None:
        eng.emit("refused", "Величина удара без названной силы не считается (0).", C.AXE)
        return 0
    i = tuple(Strength).index(Strength(strength))
    total = sum(p.strike[i] for p in cards)
    if "base" in m.params:
        return total
    for p in cards:
        for b in eng.traits(p).bonuses:
            if not any(t == K.STRIKE for t in b.to) or b.attacker is not None \
                    or (b.strengths and strength not in b.strengths):
                continue
            if b.against is None and b.condition is None and b.per is None \
                    and isinstance(b.amount, A.Fixed):
                total += b.amount.value          # «+N к {strike}»: the value it strikes with
            else:
                eng.emit("refused", f"Прибавка к удару «{p.name}» зависит от цели или условия — "
                         "в величину удара не включена.", C.AXE)
    return total


MEASURES: dict[str, Callable[[Any, A.Measure, Any], int]] = {
    MK.COUNTERS: lambda eng, m, ctx: sum(p.counters for p in _of(eng, m, ctx)),
    MK.SPENT_COUNTERS: lambda eng, m, ctx: ctx.spent,
    MK.WOUNDS: lambda eng, m, ctx: sum(p.wounded_turn if "received_this_turn" in m.params
                                       else p.wounds for p in _of(eng, m, ctx)),
    MK.CELLS_MOVED: lambda eng, m, ctx: sum(p.moved for p in _of(eng, m, ctx)),
    MK.STRIKE_VALUE: lambda eng, m, ctx: _strike_value(eng, m, ctx, _of(eng, m, ctx)[:1]),
    MK.SUM_STRIKE_VALUE: lambda eng, m, ctx: _strike_value(eng, m, ctx, _of(eng, m, ctx)),
    MK.COUNT: lambda eng, m, ctx: len(select(eng, m.of, ctx)) if m.of is not None else 0,
    MK.COST: lambda eng, m, ctx: sum(_cost(p) for p in _of(eng, m, ctx)[:1]),
    MK.WOUNDS_DEALT: lambda eng, m, ctx: int(eng.facts.get("dealt", 0)),
    # «существа минимум 4 разных классов»: the classes of the matching cards, each once
    MK.DISTINCT_CLASSES: lambda eng, m, ctx: len({name_key(c) for p in _of(eng, m, ctx)
                                                  for c in p.card.classes if c}),
}


def measure(eng, m: A.Measure, ctx) -> int:
    return MEASURES[m.what](eng, m, ctx)
