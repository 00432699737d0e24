"""What is true of a card now: its features (printed, granted, lost), keywords, strike, lives,
first-turn weakness, and which cards a selector of card text matches.

Numbers are derived on demand from the printed card, the statics in play and the card's
effects, never stored (504.1.1, 115.5): strike = printed + statics + «±N к удару» effects +
усиление − ослабление; maximum lives = printed + extra − negative + усиление − ослабление
(term:Максимальные жизни); current lives = maximum − wounds (term:Жизни карты).

A mixin of ``judge.heroes.engine.Engine`` (``self.g`` is the ``Game``).
"""
from __future__ import annotations

from typing import Any

from berserk.text import fold
from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as CK
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import Side
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.heroes.conditions import AT_LEAST
from judge.heroes.readers import SAME_AS_IT
from judge.heroes.model import DECK, GRAVEYARD, HAND, PLAY, EffKind, Obj, other
from judge.heroes.fromgrammar import read
from judge.heroes.wording import Feature

ZONE_OF = {Q.IN_HAND: HAND, Q.IN_GRAVEYARD: GRAVEYARD, Q.IN_DECK: DECK}


class Facts:
    # ---------------------------------------------------------------- features
    def printed(self, o: Obj) -> tuple[Feature, ...]:
        """The features printed on the card — and on its parts, if it is a combined card
        (term:Присоединить карту Х к карте Y: the part's features are added)."""
        own = read(o.card.text, o.name, o.is_spell)
        return own + self.part_features(o) if o.parts else own

    def features(self, o: Obj) -> tuple[Feature, ...]:
        """The card's features now: printed ones unless it lost them, plus granted ones (the
        latest effect wins, 111.3).  A hidden character has none (term:Скрытый персонаж)."""
        if o.hidden:
            return tuple(f for f in self.printed(o)
                         if isinstance(f.node, A.Keyword) and f.node.name == KW.UNIQUE)
        lost = o.has_effect(EffKind.LOSE_ALL) and o.zone == PLAY
        out = [] if lost else list(self.printed(o))
        if o.zone == PLAY:
            for e in o.effects:
                if e.kind == EffKind.GAIN:
                    out.append(e.value)
            out.extend(self.aura_features(o))
        return tuple(out)

    def aura_features(self, o: Obj) -> list[Feature]:
        """Features other cards' statics give this one («ваши существа получают Броню 1»)."""
        out = []
        for src in self.g.in_play():
            if src.hidden:
                continue
            for f in self.printed(src) if not src.has_effect(EffKind.LOSE_ALL) else ():
                if not isinstance(f.node, A.Static):
                    continue
                if f.node.condition is not None and not self.static_holds(f.node.condition, src):
                    continue                    # «пока …»: off while it does not hold (115.1)
                for gain in f.node.effects:
                    if isinstance(gain, A.Gain) and self.matches_from(gain.target, o, src):
                        out.extend(Feature(0, f.text, w) for w in gain.what)
        return out

    def static_holds(self, cond: A.Condition, src: Obj) -> bool:
        """A static's «пока …» now; a condition that would need the features it decides is
        read as not holding (no loop)."""
        if getattr(self, "_reading_static", False):
            return False
        self._reading_static = True
        try:
            return self.cond_holds(cond, src, {}, src.controller)
        finally:
            self._reading_static = False

    # ---------------------------------------------------------------- conditions
    def cond_holds(self, cond: A.Condition, source: Obj, refs: dict | None = None,
                   me: str | None = None) -> bool:
        """«если …» / «пока …» of judge/heroes/conditions.py, read now."""
        me = me or source.controller
        refs = refs or {}
        k = cond.what
        if k == CK.OWN_TURN:
            got = self.g.active == me
        elif k == CK.OPPONENT_TURN:
            got = self.g.active != me
        elif k == CK.EXISTS:
            got = bool(self.select_from(cond.subject, source, refs, me))
        elif k == CK.COUNT:
            n = len(self.select_from(cond.subject, source, refs, me))
            bound, _, limit = str(cond.params[0]).partition(":")
            got = n >= int(limit) if bound == AT_LEAST else n <= int(limit)
        elif k == CK.IS:
            objs = self._subjects(cond.subject, source, refs, me)
            got = bool(objs) and all(self._state(str(q), o, source, refs)
                                     for q in cond.params for o in objs)
        else:
            return False
        return got != cond.negated

    def _subjects(self, sel: A.Selector, source: Obj, refs: dict, me: str) -> list[Obj]:
        if sel.noun == N.SELF:
            return [source]
        if sel.noun == N.IT:
            it = refs.get("it")
            return [it] if isinstance(it, Obj) else []
        return self.select_from(sel, source, refs, me)

    def _state(self, q: str, o: Obj, source: Obj, refs: dict) -> bool:
        if q in ZONE_OF:
            return o.zone == ZONE_OF[q]
        if q.split(":", 1)[0] in (Q.COST_MAX, Q.COST_MIN, Q.COST):
            return self._qualifier(q, o, source, refs)
        return o.zone == PLAY and self._qualifier(q, o, source, refs)

    def keywords(self, o: Obj) -> dict[str, int | None]:
        """Keyword → value; several values of one keyword: only the largest acts (part 7)."""
        out: dict[str, int | None] = {}
        for f in self.features(o):
            if isinstance(f.node, A.Keyword):
                v = f.node.value
                if f.node.name not in out or (v or 0) > (out[f.node.name] or 0):
                    out[f.node.name] = v
        return out

    def has(self, o: Obj, name: str) -> bool:
        return name in self.keywords(o)

    def value(self, o: Obj, name: str) -> int:
        return self.keywords(o).get(name) or 0

    def nodes(self, o: Obj, cls: type) -> list:
        return [f.node for f in self.features(o) if isinstance(f.node, cls)]

    # ---------------------------------------------------------------- numbers
    def strike(self, o: Obj) -> int:
        """The strike now, before target-dependent modifiers (508.4.1); may be below 0."""
        base = o.base("strike_value") or 0
        bonus = sum(int(b.amount.value) for b in self.nodes(o, A.Bonus)
                    if K.STRIKE in b.to and b.against is None and b.condition is None
                    and isinstance(b.amount, A.Fixed))
        return (base + bonus + o.count(EffKind.STRIKE) + o.count(EffKind.STRENGTHEN)
                - o.count(EffKind.WEAKEN))

    def max_lives(self, o: Obj) -> int:
        base = o.base("life") or 0
        bonus = sum(int(b.amount.value) for b in self.nodes(o, A.Bonus)
                    if KW.LIFE in b.to and isinstance(b.amount, A.Fixed))
        return (base + bonus + o.count(EffKind.EXTRA_LIFE) - o.count(EffKind.NEG_LIFE)
                + o.count(EffKind.STRENGTHEN) - o.count(EffKind.WEAKEN))

    def lives(self, o: Obj) -> int:
        return self.max_lives(o) - o.wounds

    def poison_of(self, o: Obj) -> int:
        """Отравление X: only the largest acts (term:Отравление Х)."""
        return max([int(e.value) for e in o.effects if e.kind == EffKind.POISON], default=0)

    def weak(self, o: Obj) -> bool:
        """First-turn weakness (108.5, 210.2): a creature that came under its controller's
        control this turn, unless it has Рывок; heroes and supports never (209.2, 212.5)."""
        return o.is_creature and o.arrived == self.g.turn and not self.has(o, KW.DASH)

    def cost(self, o: Obj) -> int:
        """The cost outside being played: the base, «X» counts 0 (106.1, 106.1.4)."""
        return o.base("cost") or 0      # a cost of «X» is stored as 0 (Card.cost_x)

    # ---------------------------------------------------------------- selectors
    def matches_from(self, sel: A.Selector | None, o: Obj, source: Obj,
                     refs: dict | None = None, controller: str | None = None) -> bool:
        """Does ``o`` fit ``sel`` as read from ``source``'s ability (side relative to its
        controller; no zone named → the play zone, 118.6; no side → either, 118.7)?"""
        if sel is None:
            return True
        refs = refs or {}
        me = controller or source.controller
        noun = sel.noun
        if noun == N.SELF:
            return o is source
        if noun in (N.IT, N.ATTACKED, N.ATTACKER, N.TARGET, N.DEFENDER):
            key = {N.IT: "it", N.ATTACKED: "attacked", N.ATTACKER: "attacker",
                   N.TARGET: "attacked", N.DEFENDER: "defender"}[noun]
            return refs.get(key) is o
        quals = sel.qualifiers
        zone = next((ZONE_OF[q] for q in quals if q in ZONE_OF), PLAY)
        if o.zone != zone:
            return False
        if zone == PLAY and o.hidden:
            return False                       # term:Скрытый персонаж: no ability sees it
        if not self._noun_fits(noun, o):
            return False
        whose = o.controller if zone == PLAY else o.owner
        if sel.side == Side.OWN and whose != me:
            return False
        if sel.side == Side.ENEMY and whose != other(me):
            return False
        if zone != PLAY and sel.side is None and whose != me:
            return False                       # a zone without an owner is yours (118.5)
        return all(self._qualifier(q, o, source, refs) for q in quals)

    @staticmethod
    def _noun_fits(noun: str, o: Obj) -> bool:
        return {N.CREATURE: o.is_creature, N.HERO: o.is_hero, N.CHARACTER: o.is_character,
                N.SUPPORT: o.is_support, N.SPELL: o.is_spell, N.CARD: True}.get(noun, False)

    def _qualifier(self, q: str, o: Obj, source: Obj, refs: dict | None = None) -> bool:
        name, _, arg = q.partition(":")
        if name in (Q.CHOSEN, Q.ALL, Q.ANY, Q.IN_HAND, Q.IN_GRAVEYARD, Q.IN_DECK, Q.DIFFERENT):
            return True
        if name == Q.OTHER:
            return o is not source
        if name == Q.NEW:
            return o.arrived == self.g.turn
        if name == Q.CLASS:
            return fold(arg) in {fold(c) for c in o.classes}
        if name == Q.ELEMENT:
            return arg in o.elements
        if name == Q.ELEMENTAL:
            return not o.neutral
        if name == Q.POISONED:
            return self.poison_of(o) > 0
        if name == Q.WOUNDED:
            return o.wounds > 0
        if name == Q.UNWOUNDED:
            return o.wounds == 0
        if name == Q.CLOSED:
            return o.closed
        if name == Q.OPEN:
            return not o.closed
        if name in (Q.COST_MAX, Q.COST_MIN, Q.COST):
            if arg == "X":
                if refs is None or refs.get("x") is None:
                    return False               # «стоимостью X»: the ability's X (118.4)
                arg = refs["x"]
            c, n = self.cost(o), int(arg)
            return c <= n if name == Q.COST_MAX else c >= n if name == Q.COST_MIN else c == n
        if name == Q.WITH:
            return self.has(o, arg)
        if name == Q.NAMED:
            if arg == SAME_AS_IT:                   # «с таким же названием, как у …» (105.5)
                it = (refs or {}).get("it")
                return isinstance(it, Obj) and bool({fold(n) for n in o.names}
                                                    & {fold(n) for n in it.names})
            return fold(arg) in {fold(n) for n in o.names}       # each name on its own (105.4)
        return False

    def select_from(self, sel: A.Selector, source: Obj, refs: dict | None = None,
                    controller: str | None = None) -> list[Obj]:
        """Every card ``sel`` matches now, in a stable order (play: heroes, then by arrival)."""
        quals = sel.qualifiers
        zone = next((ZONE_OF[q] for q in quals if q in ZONE_OF), PLAY)
        if sel.noun in (N.SELF, N.IT, N.ATTACKED, N.ATTACKER, N.TARGET, N.DEFENDER):
            pool: list[Obj] = list(self.g.objs.values())
        elif zone == PLAY:
            pool = self.g.in_play()
        else:
            pool = [self.g.objs[i] for p in self.g.players.values() for i in p.zone(zone)]
        return [o for o in pool if self.matches_from(sel, o, source, refs, controller)]

    def describe(self, o: Any) -> str:
        return f"«{o.name}»" if isinstance(o, Obj) else str(o)
