"""Attacks: who may be hit from where, who may defend, the simple strike with its fight, and what
reaches the target after protections, reductions and armour — every check cited.

A mixin of ``judge.classic.engine.Engine``.  The checks (``attack_problem``,
``defender_problem``) are pure: they return a ``Problem`` and change nothing, so an illegal
attack is cancelled before anything is paid or turned face up (Правило легальности).  Restrictions
on attacks come from the attacker's own traits and from *other* cards on the table (a
bystander's «карты противника могут объявлять выстрел только по этой карте …»): both are read
here, so a bystander's aura is never silently ignored.
"""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from berserk.vocab import BonusTo, Strength, Verb
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from judge import cites as C
from judge.classic import board, facts
from judge.classic.support import wound_cap
from judge.classic.board import AIR, FIELD
from judge.classic.combat import STRENGTH_RU, clamp, closed_strength, strength_value
from judge.classic.state import Piece
from judge.classic.traits import (
    MAGICAL,
    RANGED,
    Traits,
    is_ignore_forced_targeting,
    matches_kind,
    protected,
    protected_now,
)
from judge.core.context import Ctx, Problem
from judge.core.effects import ignores_abilities, next_bonus, rider_bonuses
from judge.core.trace import NO_INPUTS


#: A card's traits when an attack ignores its abilities.
NO_TRAITS = Traits()


def ru(kind: str) -> str:
    """«выстрел»: how a message names an attack kind."""
    return K(kind).forms.nom


def deal(strength: str | None) -> str:
    return "промах" if strength is None else f"{STRENGTH_RU[strength]} удар"


class AttackRules:
    # ------------------------------------------------------------ who may be hit (pure)
    def attack_problem(self, actor: Piece, target: Piece, kind: str,
                       rng: int | None) -> Problem | None:
        if not target.on_table:
            return Problem(f"цель «{target.name}» не в игре ({target.where})", (C.DEATH,))
        if target.kind is CardType.TERRAIN:
            return Problem(f"местность «{target.name}» не может быть атакована", (C.TERRAIN,))
        if target.kind is CardType.EQUIPMENT:
            return Problem(f"экипировка «{target.name}» не может быть атакована", (C.EQUIPMENT,))
        problem = self.restriction_problem(actor, target, kind)
        if problem is not None:
            return problem
        if kind in RANGED:
            return self.ranged_problem(actor, target, kind, rng)
        return self.melee_problem(actor, target, kind)

    def melee_problem(self, actor: Piece, target: Piece, kind: str) -> Problem | None:
        st = self.state
        clause = C.ATTACK_CLAUSE[kind]
        if actor.flying:
            return None                      # a flyer attacks any card (flyers)
        if target.flying:
            if kind == K.STRIKE and actor.markers.get("anti_air") == 2:
                return None                  # closed for a strike on a flyer (flyers)
            if kind == K.STRIKE and self.permitted(actor, Verb.ATTACK, target, kind):
                return None                  # «может атаковать {strike} летающих» (Топор)
            return Problem(f"«{actor.name}» не летает и не может нанести {ru(kind)} летающему "
                           f"«{target.name}»", (C.FLYERS, clause))
        a, t = st.position(actor), st.position(target)
        if a is None or t is None or not board.adjacent(a, t):
            return Problem(f"{ru(kind)} наносится только по рядом стоящей карте, а "
                           f"«{target.name}» ({t}) не рядом с «{actor.name}» ({a})", (clause,))
        return None

    def ranged_problem(self, actor: Piece, target: Piece, kind: str,
                       rng: int | None) -> Problem | None:
        st = self.state
        clause = C.ATTACK_CLAUSE[kind]
        if actor is target or (actor.zone == FIELD and st.position(actor) == st.position(target)):
            return Problem(f"{ru(kind)} — дальняя атака; она наносится на расстоянии, а не по "
                           "самой действующей карте", (C.RANGED, clause))
        if target.flying:
            if kind == K.UCHR:
                return Problem(f"удар через ряд нельзя объявить по летающему «{target.name}»",
                               (C.UCHR, C.FLYERS))
            return None                      # a ranged attack reaches a flyer at any range
        if actor.flying:
            return None
        a, t = st.position(actor), st.position(target)
        if a is None or t is None:
            return Problem(f"«{target.name}» не на поле боя", (clause,))
        if board.adjacent(a, t):
            return Problem(f"{ru(kind)} — дальняя атака; её нельзя наносить по рядом стоящей "
                           f"карте ({a}→{t})", (C.RANGED, clause))
        if kind == K.UCHR:
            middle = board.through_row_middle(a, t)
            if middle is None:
                return Problem(f"удар через ряд бьёт только по вертикали или горизонтали через "
                               f"одну клетку; {a}→{t} не такая линия", (C.UCHR,))
            between = st.at(middle)
            if between is not None and between.owner != actor.owner:
                return Problem(f"удар через ряд нельзя наносить через карту противника "
                               f"(«{between.name}» на {middle})", (C.UCHR,))
        if rng is not None and board.distance(a, t) > rng \
                and not self.forced_here(actor, target, kind):
            return Problem(f"до «{target.name}» {board.distance(a, t)} клетки, а дальность "
                           f"атаки {rng}", (C.RANGED, clause))
        return None

    # ------------------------------------------------------------ restrictions on attacks
    def forcing(self, actor: Piece, kind: str) -> list[tuple[Piece, bool]]:
        """Cards the attacker must pick among for an attack of ``kind`` (a bystander's
        «могут объявлять … только по этой карте»), each with whether range is then ignored."""
        t = self.traits(actor)
        if not (t.restrictions or self.aura_holders()) or t.has(KW.IGNORES_FORCED_TARGETING):
            return []
        if any(is_ignore_forced_targeting(perm) and (not perm.kinds or kind in perm.kinds)
               for perm in t.permissions):
            return []
        out = []
        for q in self.aura_holders():
            if q.owner == actor.owner or not q.on_table:
                continue
            for ab in self.kit(q).auras:
                node = ab.node
                if isinstance(node, A.Action) and node.verb == Verb.TAUNT \
                        and any(matches_kind((k,), kind) for k in node.params):
                    quals = node.target.qualifiers
                    if "while_adjacent_to_enemy" in quals and not self.next_to_enemy(q):
                        continue
                    out.append((q, "any_range" in quals))
        for r in t.restrictions:
            if r.what == Verb.DECLARE and r.only is not None and r.kinds \
                    and any(matches_kind((k,), kind) for k in r.kinds):
                holder = self.holder_of(actor, r, t)
                ctx = Ctx(holder, 0, "", NO_INPUTS)
                for q in facts.select(self, r.only, ctx):
                    out.append((q, "any_range" in r.params))
        return out

    def next_to_enemy(self, q: Piece) -> bool:
        pos = self.state.position(q)
        return pos is not None and any(
            p.is_creature and not p.flying and self.state.position(p)
            and board.adjacent(pos, self.state.position(p))
            for p in self.state.on_table(board.other(q.owner)))

    def forced_here(self, actor: Piece, target: Piece, kind: str) -> bool:
        return any(q is target and any_range for q, any_range in self.forcing(actor, kind))

    def restriction_problem(self, actor: Piece, target: Piece, kind: str) -> Problem | None:
        if not (self.aura_holders() or self.traits(actor).restrictions):
            return None
        forced = self.forcing(actor, kind)
        if forced and not any(q is target for q, _ in forced):
            names = ", ".join(f"«{q.name}»" for q, _ in forced)
            return Problem(f"{ru(kind)} можно объявить только по {names} — так требует текст "
                           "карты противника", (C.AXE, C.ATTACK_CLAUSE[kind]))
        for r in self.traits(actor).restrictions:
            if r.what in (Verb.ATTACK, Verb.DECLARE) and (
                    not r.kinds or any(matches_kind((k,), kind) for k in r.kinds)):
                if r.only is None:            # «не может атаковать / объявлять выстрел»
                    return Problem(f"«{actor.name}» не может атаковать (текст карты)",
                                   (C.AXE, C.ATTACK_CLAUSE[kind]))
        return None

    def permitted(self, p: Piece, verb: str, target: Piece, kind: str | None = None) -> bool:
        """Does a Permission of ``p``'s text let it do ``verb`` to ``target``?"""
        t = self.traits(p)
        if not t.permissions:
            return False
        ctx = Ctx(p, 0, "", NO_INPUTS)
        return any(perm.what == verb and (kind is None or kind in perm.kinds or not perm.kinds)
                   and perm.target is not None and facts.matches(self, perm.target, target, ctx)
                   for perm in t.permissions)

    def holder_of(self, p: Piece, node, traits) -> Piece:
        """The card whose aura put ``node`` on ``p`` (``p`` itself for its own text); ``traits``
        the very Traits ``node`` came from (grants are made afresh at each evaluation)."""
        origin = traits.origin(node)
        return self.state.pieces.get(origin.holder, p) if origin.holder else p

    # ------------------------------------------------------------ defenders (pure)
    def defender_problem(self, actor: Piece, target: Piece, d: Piece,
                         kind: str) -> tuple[str, tuple[str, ...]] | None:
        st = self.state
        traits = self.traits(actor)
        if kind != K.STRIKE:
            return "защитника можно назначить только от простого удара", (C.DEFENDER,)
        if traits.has(KW.DIRECT) or self.direct_at(actor, target):
            return ("от направленного удара нельзя назначить защитника",
                    (C.DIRECT, C.AXE, C.DEFENDER))
        if self.unanswerable_at(actor, target):
            return ("от безответного удара нельзя назначить защитника",
                    (C.UNANSWERABLE, C.AXE, C.DEFENDER))
        if self.traits(target).restricted(Verb.ASSIGN):
            return (f"«{target.name}» нельзя назначить защитника (текст карты)",
                    (C.DEFENDER, C.AXE))
        if d is target:
            return "атакованная карта не может защищать сама себя", (C.DEFENDER,)
        if d.owner != target.owner:
            return "защитник должен быть из отряда атакованной карты", (C.DEFENDER,)
        if d.owner == st.turn:
            return "назначать защитников можно только в ход противника", (C.DEFENDER,
                                                                           C.TURN_ORDER)
        if not d.on_table:
            return f"«{d.name}» не в игре", (C.DEFENDER,)
        if d.is_artifact:
            return "артефакты не выступают защитниками", (C.DEFENDER, C.ARTIFACT)
        if not d.is_creature:
            return "защитником может быть только существо", (C.DEFENDER,)
        dt = self.traits(d)
        if any(not r.kinds and r.only is None for r in dt.restricted(Verb.DEFEND)):
            return f"«{d.name}» не может выступать защитником (текст карты)", (C.DEFENDER, C.AXE)
        if d.hidden or (d.closed and not dt.has(KW.DEFENDS_AS_OPEN_WHEN_CLOSED)):
            return "защитником может стать только открытая карта", (C.DEFENDER,)
        if d.defended and not dt.has(KW.DEFENDS_ANY_TIMES):
            return f"«{d.name}» уже выступала защитником в этот ход", (C.DEFENDER,
                                                                     C.ACTION_CLOSE)
        if self.permitted(d, Verb.DEFEND, target):
            return None                      # «может выступать защитником любому …» (Топор)
        if actor.flying or target.flying:
            if d.flying:
                return None
            if target.flying:
                return ("летающего от атаки может защитить только другой летающий",
                        (C.DEFENDER, C.FLYERS))
            dp, tp = st.position(d), st.position(target)
            if dp is None or not board.adjacent(dp, tp):
                return ("от нападения летающего защищает летающий или существо рядом с целью",
                        (C.DEFENDER, C.FLYERS))
            return None
        if d.flying:
            return ("летающий не может защищать наземное существо от нападения наземного",
                    (C.DEFENDER, C.FLYERS))
        dp, ap, tp = st.position(d), st.position(actor), st.position(target)
        if dp is None or not (board.adjacent(dp, ap) and board.adjacent(dp, tp)):
            return (("защитник должен стоять рядом и с нападающим, и с атакованным "
                    f"({d.name} на {dp}, нападающий на {ap}, цель на {tp})"), (C.DEFENDER,))
        return None

    def unanswerable_at(self, actor: Piece, target: Piece) -> bool:
        """«Безответный удар по <кому>»: unanswerable only against the cards it names."""
        t = self.traits(actor)
        if t.has(KW.UNANSWERABLE):
            return True
        if not t.unanswerable_against:
            return False
        ctx = Ctx(actor, 0, "", NO_INPUTS)
        return any(facts.matches(self, s, target, ctx) for s in t.unanswerable_against)

    def direct_at(self, actor: Piece, target: Piece) -> bool:
        """«Направленный удар по <кому>»: direct only against the cards it names."""
        sels = self.traits(actor).direct_against
        if not sels:
            return False
        ctx = Ctx(actor, 0, "", NO_INPUTS)
        return any(facts.matches(self, s, target, ctx) for s in sels)

    def possible_defenders(self, actor: Piece, target: Piece) -> list[Piece]:
        return [d for d in self.state.on_table(target.owner)
                if d.zone in (FIELD, AIR)
                and self.defender_problem(actor, target, d, K.STRIKE) is None]

    # ------------------------------------------------------------ bonuses and damage
    def bonus(self, src: Piece, dst: Piece, kind: str, strength: str | None) -> int:
        """«+N к …» of the attacker that applies to this attack, each an event."""
        total = 0
        t = self.traits(src)
        ctx = None
        if t.bonuses:
            ctx = Ctx(src, 0, "", NO_INPUTS)
            # «атакованное существо» of a bonus is the card this strike hits; a strike value
            # with no strength named is read at this strike's strength (docs/judge.md)
            ctx.refs.update(attacked=dst, attacker=src, strength=strength)
        for b in t.bonuses:
            if not matches_kind(tuple(x for x in b.to if K.get(x) is not None), kind):
                continue
            if b.strengths and strength not in b.strengths:
                continue
            if b.against is not None and not facts.matches(self, b.against, dst, ctx):
                continue
            if b.condition is not None and not facts.holds(self, b.condition, ctx):
                continue
            if b.attacker is not None:
                continue                     # a bonus to *other* cards' attacks: read at theirs
            n = self.bonus_amount(b, src, ctx)
            if not n:
                continue
            total += n
            origin = t.origin(b)
            self.emit("bonus", f"«{src.name}»: {n:+d} к {K(kind).forms.dat}"
                      + (f" по «{dst.name}»" if b.against else "")
                      + (f" ({origin.note})" if origin.note else "") + ".", C.BONUS, C.AXE,
                      amount=n)
        if self.traits(dst).bonuses:
            total += self.incoming_bonus(src, dst, kind)
        return total

    def dice_bonus(self, p: Piece, target: Piece | None = None) -> int:
        """«+N к броску кубика [, когда атакует …]» of ``p`` for a roll of its own (a fight, a
        strike or an attack rolled as on a closed card, a «N-M-K» of its text), each an event.
        A roll outside a fight is then clamped (Правило сведения броска)."""
        t = self.traits(p)
        if not t.bonuses:
            return 0
        total = self.next_bonus(p, BonusTo.NEXT_DICE) if p.effects else 0
        for b in t.bonuses:
            if K.DICE not in b.to or b.attacker is not None:
                continue
            ctx = Ctx(p, 0, "", NO_INPUTS, refs={"attacked": target, "attacker": p, "it": p})
            if b.against is not None and (target is None
                                          or not facts.matches(self, b.against, target, ctx)):
                continue
            if b.condition is not None and not facts.holds(self, b.condition, ctx):
                continue
            n = self.bonus_amount(b, p, ctx)
            if n:
                total += n
                origin = t.origin(b)
                self.emit("bonus", f"«{p.name}»: {n:+d} к броску кубика"
                          + (f" ({origin.note})" if origin.note else " (текст карты)") + ".",
                          C.AXE, amount=n)
        return total

    def next_bonus(self, p: Piece, to: str) -> int:
        """«+N к следующему {strike} / броску кубика» (a temporary grant, ``BonusTo.NEXT_*``):
        added to the card's next strike it deals (its attack or a response strike; a miss deals
        none) / its next die roll, then gone — each such grant in force, each an event."""
        if not p.effects:
            return 0
        total, keep = 0, []
        for t in p.effects:
            used = [w for w in t.what if next_bonus(w) == to] if self.active(t) else []
            if not used:
                keep.append(t)
                continue
            for b in used:
                total += b.amount.value
                self.emit("bonus", f"«{p.name}»: {b.amount.value:+d} "
                          + ("к этому удару" if to == BonusTo.NEXT_STRIKE else "к этому броску кубика")
                          + f" — прибавка «к следующему» от «{t.source}», теперь она использована.",
                          C.BONUS, C.AXE, amount=b.amount.value)
            rest = tuple(w for w in t.what if next_bonus(w) != to)
            if rest:
                keep.append(replace(t, what=rest))
        p.effects = keep
        self._dynamic = None
        return total

    def die(self, inputs, p: Piece, who: str, cite: str) -> int:
        """A die rolled for ``p`` (a fight, a roll as on a closed card, a «N-M-K» of its text):
        the scenario's next die — unless a card of its owner on the table says «ваш [первый за
        ход] бросок кубика равен N» (then N, no die named).  Each player's rolls are counted
        per turn (``State.rolled``)."""
        st = self.state
        rolled = st.rolled
        n = rolled.get(p.owner, 0)
        rolled[p.owner] = n + 1
        rollers = self._rollers
        if rollers is None:
            rollers = self._rollers = [q for q in st.pieces.values() if q.kit.rolls]
        if not rollers:
            return inputs.roll(self, who, cite)
        for q in rollers:
            if q.owner != p.owner or not q.on_table or self.blank(q):
                continue
            for ab in q.kit.rolls:
                e = ab.node.effects[0] if isinstance(ab.node, A.Static) else ab.node
                if ("first_per_turn" in e.params and n) or not self.under_holds(q, ab):
                    continue
                face = e.amount.value
                self.emit("roll-set", f"Бросок кубика ({who}) — "
                          + ("первый за ход бросок " if n == 0 and e.params else "бросок ")
                          + f"игрока {p.owner}: он равен {face} («{q.name}», текст карты; кубик "
                          "не бросается).", C.AXE, cite, rolls=[face])
                return face
        return inputs.roll(self, who, cite)

    def rolled(self, p: Piece, face: int) -> None:
        """A die of ``p`` shows ``face`` (before modifiers): «когда … выбрасывает на кубике N»."""
        listens = self._listens if self._listens is not None else self.listeners()
        if TE.DIE_ROLL in listens:
            self.fire(TE.DIE_ROLL, p, face=face)

    def bonus_amount(self, b: A.Bonus, src: Piece, ctx: Ctx) -> int:
        if isinstance(b.amount, A.Fixed):
            n = b.amount.value
        else:
            n = self.interp.amount(b.amount, ctx)
        if isinstance(b.per, A.Measure):
            n *= facts.measure(self, b.per, ctx)
        elif b.per == "counter":
            n *= src.counters
        if b.maximum is not None:
            n = min(n, b.maximum)             # «+1 за каждый артефакт (максимум +2)»
        return n

    def incoming_bonus(self, src: Piece, dst: Piece, kind: str) -> int:
        """«+N к ударам <каких> по этой карте» on the target (``Bonus.attacker``)."""
        total = 0
        ctx = Ctx(dst, 0, "", NO_INPUTS)
        ctx.refs.update(attacked=dst, attacker=src)
        for b in self.traits(dst).bonuses:
            if b.attacker is None or not matches_kind(tuple(b.to), kind):
                continue
            if facts.matches(self, b.attacker, src, ctx):
                n = self.bonus_amount(b, dst, ctx)
                total += n
                self.emit("bonus", f"«{dst.name}»: {n:+d} к атаке «{src.name}» по ней "
                          "(текст карты).", C.BONUS, C.AXE, amount=n)
        return total

    def hit(self, src: Piece, dst: Piece, kind: str, damage: int, *cites: str,
            strength: str | None = None, ignore: bool = False) -> int:
        """Damage ``damage`` of an attack of ``kind`` reaching ``dst``: protections, reductions
        («-N от …») and armour first; returns the wounds given.  ``ignore``: the attack ignores
        the target's abilities — none of them applies (Правило Топора)."""
        tr = NO_TRAITS if ignore else self.traits(dst)
        if ignore:
            self.emit("ignore", f"Атака игнорирует особенности «{dst.name}»: его защиты, "
                      "уменьшения и броня не действуют.", *cites, C.AXE)
        self.note_refused(dst)
        if damage <= 0:
            self.emit("no-wounds", f"Атака на 0 не ранит «{dst.name}».", *cites)
            return 0
        for cap in tr.caps:
            if matches_kind((cap.params[0],), kind) and damage > cap.params[1] \
                    and facts.matches(self, cap.target, dst, Ctx(dst, 0, "", NO_INPUTS)) \
                    and (cap.by is None      # «удары летающих существ по X сводятся к 1»: whose
                         or facts.matches(self, cap.by, src, Ctx(dst, 0, "", NO_INPUTS))):
                damage = cap.params[1]
                self.emit("cap", f"{ru(kind).capitalize()} по «{dst.name}» сводится к "
                          f"{damage} (текст карты).", *cites, C.AXE)
        ignores = self.traits(src).has(KW.IGNORES_FLYING_PROTECTION)
        if tr.valued_protections and self.valued_protected(tr, src, dst, kind, damage, strength,
                                                           cites):
            return 0
        if protected_now(tr, kind, src.flying, strength, ignores):
            flyer = src.flying and not protected_now(tr, kind, False, strength)
            what = "атак летающих" if flyer else f"этой атаки ({ru(kind)})"
            self.emit("protected", f"«{dst.name}» защищена от {what} и не получает ран.",
                      *cites, C.AXE, *((C.FLYERS,) if flyer else ()))
            return 0
        ctx = Ctx(dst, 0, "", NO_INPUTS) if tr.reductions else None
        for r in tr.reductions:
            if not matches_kind(tuple(r.against), kind) or (r.strengths and
                                                            strength not in r.strengths):
                continue
            if r.source is not None and not facts.matches(self, r.source, src, ctx):
                continue
            if r.condition is not None and not facts.holds(self, r.condition, ctx):
                continue
            cut = min(r.amount.value, damage)
            damage -= cut
            note = tr.origin(r).note
            self.emit("reduction", f"«{dst.name}»: −{cut} от этой атаки (текст карты"
                      + (f"; {note}" if note else "") + ").", *cites, C.AXE)
        if any(not r.kinds or any(matches_kind((k,), kind) for k in r.kinds)
               for r in tr.restricted(Verb.GET_WOUNDS) if wound_cap(r) is None):
            self.emit("no-wounds", f"«{dst.name}» не получает ран от этой атаки ({ru(kind)}, "
                      "текст карты).", *cites, C.AXE)
            return 0
        armor = tr.number(KW.ARMOR)
        if armor and kind not in MAGICAL and damage > 0:
            stop = min(armor - dst.armor_used, damage)
            if stop > 0:
                dst.armor_used += stop
                damage -= stop
                self.emit("armor", f"Броня {armor} «{dst.name}» останавливает {stop} "
                          f"(за этот ход остановлено {dst.armor_used} из {armor}).", *cites, C.AXE)
            else:
                self.emit("armor", f"Броня {armor} «{dst.name}» в этот ход уже остановила "
                          f"{armor} — эта атака проходит полностью.", *cites, C.AXE)
        if damage <= 0:
            return 0
        return self.wound(dst, damage, src, kind, *cites)

    def valued_protected(self, tr, src: Piece, dst: Piece, kind: str, damage: int,
                         strength: str | None, cites) -> bool:
        """«Защита от атак величиной N [или менее]»: an attack of a kind it names whose value —
        what it would deal before the target's protections, reductions and armour (the reading
        of «величина удара») — is N or less is wasted, as by any protection (its riders and
        «при …» too: ``landed_on``)."""
        for p in tr.valued_protections:
            if (p.strengths and strength not in p.strengths) \
                    or not protected(frozenset(p.against), kind, src.flying) \
                    or damage > p.up_to.value:
                continue
            self._wasted.add((src.id, dst.id))
            self.emit("protected", f"«{dst.name}» защищена от атак величиной {p.up_to.value} "
                      f"или менее: эта атака ({ru(kind)}) на {damage} пропадает впустую, ран нет "
                      "(текст карты).", *cites, C.AXE)
            return True
        return False

    def landed_on(self, src: Piece, dst: Piece, kind: str, strength: str | None,
                  ignore: bool = False) -> bool:
        """Does the attack count as delivered (its riders and «при …» work)?  Not when the
        target is protected from it: then it is wasted with everything riding on it."""
        if ignore:
            return True
        if self._wasted and (src.id, dst.id) in self._wasted:
            self._wasted.discard((src.id, dst.id))
            return False
        ignores = self.traits(src).has(KW.IGNORES_FLYING_PROTECTION)
        return not protected_now(self.traits(dst), kind, src.flying, strength, ignores)

    # ------------------------------------------------------------ attacks from abilities
    def resolve_attack(self, node: A.Attack, target: Piece, ctx: Ctx):
        """An Attack node of card text, at ``target`` (the Port's ``attack``)."""
        actor, kind = ctx.source, node.attack
        clause = C.ATTACK_CLAUSE[kind]
        if target.flying and kind in RANGED and not actor.flying:
            self.emit("reach", f"«{target.name}» летает: дальнюю атаку по летающему можно "
                      "объявить всегда, независимо от дальности.", C.RANGED, C.FLYERS)
        self.reveal(target)
        self.facts.update(attacker=actor, attacked=target, kind=kind, defender=None)
        dmg, strength = self.attack_damage(actor, node, ctx, clause)
        dmg += self.bonus(actor, target, kind, strength)
        dmg += self.rider_bonus(node, actor, target, strength, ctx)
        self.facts["value"] = dmg
        ignore = ignores_abilities(node)
        dealt = self.hit(actor, target, kind, dmg, clause, strength=strength, ignore=ignore)
        landed = self.landed_on(actor, target, kind, strength, ignore)
        if landed and kind == K.STRIKE and node.damage is None and strength is not None:
            self.after_strike(actor, target, dealt, strength)   # its bare riders, vampirism
        if not landed and node.riders:
            self.emit("riders-none", f"«{target.name}» защищена от этой атаки — сопутствующие "
                      "ей эффекты тоже не действуют.", clause, C.AXE)
        self.facts["dealt"] = dealt
        return landed, dealt, strength

    def rider_bonus(self, node: A.Attack, actor: Piece, target: Piece, strength,
                    ctx: Ctx) -> int:
        """«Особый удар на 2 (+2 к особому удару по горным)»: the attack's own bonus."""
        total = 0
        for b in rider_bonuses(node):
            if b.strengths and strength not in b.strengths:
                continue
            if b.against is not None and not facts.matches(self, b.against, target, ctx):
                continue
            n = b.amount.value
            if isinstance(b.per, A.Measure):
                n *= facts.measure(self, b.per, ctx)   # «+2 за каждую {counter}», «… потраченную»
            if b.maximum is not None:
                n = min(n, b.maximum)
            if not n:
                continue
            total += n
            self.emit("bonus", f"«{actor.name}»: {n:+d} к этой атаке"
                      + (f" по «{target.name}»" if b.against else "") + " (текст карты).",
                      C.BONUS, C.AXE, amount=n)
        return total

    def attack_damage(self, actor: Piece, node: A.Attack, ctx: Ctx,
                      clause: str) -> tuple[int, str | None]:
        d = node.damage
        if isinstance(d, A.Fixed):
            self.emit("damage", f"Сила атаки фиксирована: {d.value} — кубик не нужен.", clause,
                      C.AS_ON_CLOSED)
            return d.value, None
        if isinstance(d, A.ByStrength) or (d is None and node.attack == K.STRIKE):
            # no damage on a simple strike («простой безответный удар» by text): the card's own
            # strike, rolled by the attacker alone (seeds: as on a closed card)
            values = (d.weak, d.medium, d.strong) if d is not None else actor.strike
            roll = self.die(ctx.inputs, actor, f"«{actor.name}»", C.AS_ON_CLOSED)
            self.facts["roll"] = roll
            plus = self.dice_bonus(actor, self.facts.get("attacked"))
            if d is None:                     # a simple strike: «опыт в атаке» as in fight.py
                plus += self.traits(actor).number(KW.OVA)
            s = closed_strength(clamp(roll + plus))
            value = strength_value(values, s)
            shown = f"{roll} ({plus:+d} к броску: {clamp(roll + plus)})" if plus else str(roll)
            self.emit("roll", f"Кубик бросает только нападающий (как по закрытой карте): {shown} "
                      f"— {Strength(s).fem} атака, {value}.", C.AS_ON_CLOSED, clause,
                      *((C.AXE, C.ROLL_CLAMP) if plus else ()), rolls=[roll])
            self.rolled(actor, roll)
            return value, s
        if isinstance(d, A.Variable):
            value = self.interp.amount(d, ctx)
            self.emit("damage", f"X = {ctx.x if ctx.x is not None else value}: сила атаки "
                      f"{value}.", clause, C.AXE)
            return value, None
        self.emit("damage", "Сила не указана — атака на 0.", clause)
        return 0, None
