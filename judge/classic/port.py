"""The classic engine as the interpreter's Port (judge/core/port.py): the facts of the 5×6 table
and the changes card text makes to it, each cited.

A mixin of ``judge.classic.engine.Engine``.  The effect-level legality lives here
(``target_problem``): what an effect cannot do to a card at all is a ``Problem`` found before
anything is paid — healing an artefact, poisoning one, wounding a terrain, finishing a
symbiote — so the action is cancelled unpaid and nothing is turned face up.
"""
from __future__ import annotations

from typing import Any

from berserk.text import plural
from berserk.vocab import AttackKind as K
from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import TriggerParam as TP
from berserk.vocab import DurationKind, Verb
from grammar import ast as A
from judge import cites as C
from judge.classic import board, facts
from judge.classic.board import AIR, DECK, FIELD
from judge.classic.combat import clamp, closed_strength, strength_value
from judge.classic.continuous import ends_at
from judge.classic.state import CellMarker, Delayed, Piece
from judge.classic.support import is_cure_poison, unsupported, wound_cap
from judge.classic.traits import ATTACK_KIND_SET, matches_kind, protected
from judge.core.context import Ctx, Problem
from judge.core.effects import life_gain
from judge.core.port import Hit
from judge.core.words import word


def delayed_moment(t: A.Trigger, controller: str) -> tuple[str, str | None]:
    """When a delayed effect acts: (turn start / end, whose turn — None for whichever comes
    first).  «в конце хода» — this turn's end; «в конце вашего хода» — the controller's turn's
    end (this one if it is his); «в начале вашего [следующего] хода» — the controller's next
    turn; «… хода противника» — the opponent's."""
    end = t.event in (TE.TURN_END, TE.OPPONENT_TURN_END)
    moment = TE.TURN_END if end else TE.TURN_START
    if t.event in (TE.OPPONENT_TURN_END, TE.OPPONENT_TURN_START):
        return moment, board.other(controller)
    if TP.EACH_TURN in t.params:
        return moment, None
    return moment, controller


def wounds_word(n: int) -> str:
    return plural(n, "рану", "раны", "ран")


class PortRules:
    book = C.BOOK

    # ---------------------------------------------------------------- vocabulary and facts
    def unsupported(self, node) -> str | None:
        return unsupported(node)

    def select(self, sel: A.Selector, ctx: Ctx) -> list:
        return facts.select(self, sel, ctx)

    def matches(self, sel: A.Selector, obj: Any, ctx: Ctx) -> bool:
        return isinstance(obj, (Piece, str)) and facts.matches(self, sel, obj, ctx)

    def holds(self, cond: A.Condition, ctx: Ctx) -> bool:
        return facts.holds(self, cond, ctx)

    def measure(self, m: A.Measure, ctx: Ctx) -> int:
        value = facts.measure(self, m, ctx)
        self.emit("measure", f"«{ctx.text or ctx.source.name}»: X = {value} (считается по столу).",
                  *(ctx.cites[:1] or (C.AXE,)), C.AXE, value=value)
        return value

    def declared_attack(self, sel: A.Selector):
        """The attack being declared (the innermost one instants now answer) when its kind fits
        ``sel`` («перенаправить {strike}», «… дальнюю атаку»): (attacker, attacked, kind)."""
        if not self.declared:
            return None
        attacker, attacked, kind = self.declared[-1]
        kinds = tuple(k for q in sel.qualifiers for k in str(q)[5:].split("|"))
        if kinds and not matches_kind(kinds, kind):
            return None
        return attacker, attacked, kind

    def redirect(self, to: Piece, ctx: Ctx) -> bool:
        """«Перенаправить атаку на X»: the declared attack now goes at ``to`` (Правило Топора:
        the text moves it; the attacker's reach is not asked again)."""
        entry = self.declared[-1]
        old = entry[1]
        entry[1] = to
        self.emit("redirect", f"Атака «{entry[0].name}» перенаправлена: теперь её цель — "
                  f"«{to.name}» ({to.where}), а не «{old.name}».", *(ctx.cites or (C.AXE,)),
                  C.AXE, C.INSTANT)
        return True

    def cell_marker(self, cell: str, name: str, duration: A.Duration | None, ctx: Ctx) -> bool:
        """«Положите маркер «X» на клетку [(до …)]»: a marker on a cell of the field, gone when
        its duration ends (``continuous.expire``; none given: it stays for the fight)."""
        st = self.state
        until = duration.until if duration is not None else DurationKind.END_OF_FIGHT
        ends = ends_at(until, duration.count if duration is not None else None,
                       ctx.source.owner, ctx.source.owner, st.turn, st.turn_index)
        st.cell_markers.setdefault(cell, []).append(
            CellMarker(name, ctx.source.name, until, ends))
        self.emit("cell-marker", f"На клетку {cell} положен маркер «{name}» "
                  f"({self.until_ru(duration)}).", *(ctx.cites or (C.AXE,)), C.AXE, cell=cell)
        return True

    def cell_rule(self, name: str, what: str, ctx: Ctx) -> bool:
        """«Клетка с маркером «X» считается занятой»: every cell with such a marker of this card
        counts as occupied while the marker lies there (a card cannot move onto it, it is not
        a free cell)."""
        for cell, marks in self.state.cell_markers.items():
            for m in marks:
                if m.name == name and m.source == ctx.source.name and not m.occupied:
                    m.occupied = True
                    self.emit("cell-rule", f"Клетка {cell} с маркером «{name}» считается занятой.",
                              *(ctx.cites or (C.AXE,)), C.AXE, cell=cell)
        return True

    def to_deck(self, p: Piece, ctx: Ctx) -> bool:
        """«Возвращается в колоду»: the card leaves the table for its owner's deck — not a death
        (no graveyard, no «при гибели»); it comes back as a new card (wounds, counters, markers,
        what it gained: gone); what sat on it (a symbiote, equipment) dies / is destroyed."""
        if p.zone == DECK:
            return False
        for att in self.state.attached_to(p):
            self.bury(att, f"«{att.name}» уходит на кладбище: «{p.name}» покинула поле боя.",
                      *(ctx.cites or (C.AXE,)), C.DEATH)
        p.zone, p.cell, p.closed, p.host = DECK, None, False, None
        p.wounds = p.counters = p.extra_lives = 0
        p.markers, p.effects = {}, []
        self.emit("to-deck", f"«{p.name}» возвращается в колоду владельца (текст карты) — это не "
                  "гибель.", *(ctx.cites or (C.AXE,)), C.AXE, card=p.id)
        self.forget_auras()
        self.check_victory()
        return True

    def quiet_measure(self, m: A.Measure, ctx: Ctx) -> int:
        return facts.measure(self, m, ctx)

    def by_strength(self, d: A.ByStrength, ctx: Ctx) -> int:
        roll = self.die(ctx.inputs, ctx.source, f"«{ctx.source.name}» ({ctx.text})",
                        C.AS_ON_CLOSED)
        self.facts["roll"] = roll
        self.rolled(ctx.source, roll)
        s = closed_strength(clamp(roll + self.dice_bonus(ctx.source)))
        value = strength_value((d.weak, d.medium, d.strong), s)
        self.emit("roll", f"«{ctx.text}»: на кубике {roll} — {s.fem} сила, {value}.",
                  C.AS_ON_CLOSED, C.AXE, rolls=[roll])
        return value

    def ref(self, raw: Any, ctx: Ctx) -> Any:
        return raw                          # the scenario layer hands over pieces and cells

    # ---------------------------------------------------------------- legality (pure)
    def target_problem(self, node, obj: Any, ctx: Ctx) -> Problem | None:
        if isinstance(obj, str):            # a cell (a move's destination)
            return None
        p: Piece = obj
        family = C.SPELL if ctx.guard == K.SPELLS else C.NAMED_EFFECT
        if not p.on_table and not isinstance(node, (A.Action,)):
            return Problem(f"«{p.name}» не в игре ({p.where})", (C.DEATH,))
        if isinstance(node, A.Attack):
            return self.attack_problem(ctx.source, p, node.attack, self.attack_range(ctx.source,
                                                                                     node))
        if p.kind in (CardType.TERRAIN, CardType.EQUIPMENT) and (isinstance(
                node, (A.Wound, A.Heal, A.Poison, A.Finishing)) or (
                isinstance(node, A.Action) and node.verb == Verb.REDISTRIBUTE_WOUNDS)):
            return Problem(f"«{p.name}» — {p.kind}: она не получает ран, не излечивается и не "
                           "отравляется", (C.TERRAIN if p.kind is CardType.TERRAIN
                                            else C.EQUIPMENT, family))
        if isinstance(node, A.Heal) and p.is_artifact:
            return Problem("артефакты не излечиваются", (C.ARTIFACT, family))
        if isinstance(node, A.Poison) and p.is_artifact:
            return Problem(f"на артефакт «{p.name}» нельзя применять отравление",
                           (C.POISON, C.ARTIFACT))
        if isinstance(node, A.Finishing):
            return self.finishing_problem(ctx.source, p, node, ctx)
        if isinstance(node, A.Gain) and life_gain(node) is not None and not p.is_creature:
            return Problem(f"«{p.name}» — не существо: дополнительных жизней она не получает",
                           (C.ARTIFACT,) if p.is_artifact else (C.AXE,))
        return None

    def attack_range(self, actor: Piece, node: A.Attack) -> int | None:
        """«дальность N» plus «+N к дальности [разряда]» (an unlimited range stays so)."""
        if node.range is None:
            return None
        extra = 0
        for b in self.traits(actor).bonuses:
            if ("range" in b.to or f"range_{node.attack}" in b.to) and isinstance(b.amount, A.Fixed):
                extra += b.amount.value
        return node.range + extra

    def finishing_problem(self, actor: Piece, p: Piece, node, ctx: Ctx) -> Problem | None:
        st = self.state
        a, t = st.position(actor), st.position(p)
        if node.target is None and (a is None or t is None or not board.adjacent(a, t)):
            return Problem(f"добивание действует только на рядом стоящую карту, а «{p.name}» "
                           "не рядом", (C.FINISHING,))
        if p.is_artifact:
            return Problem("на артефакты нельзя применять добивание", (C.FINISHING, C.ARTIFACT))
        if not p.is_creature:
            return Problem(f"«{p.name}» — не существо", (C.FINISHING,))
        if p.incorporeal:
            return Problem("добивание не действует против бестелесных",
                           (C.FINISHING, C.INCORPOREAL))
        if p.symbiote:
            return Problem("добивание не действует против симбиотов", (C.FINISHING, C.SYMBIOTE))
        if isinstance(node.amount, A.Fixed) and p.lives > node.amount.value:
            return Problem(f"у «{p.name}» осталось жизней: {p.lives} — больше, чем "
                           f"{node.amount.value}; добивание на {node.amount.value} невозможно",
                           (C.FINISHING,))
        return None

    # ---------------------------------------------------------------- changes
    def attack(self, node: A.Attack, target: Any, ctx: Ctx) -> Hit:
        if ctx.refs.get("cell") is None:
            ctx.refs["cell"] = self.state.position(target)   # «по карте на выбранной клетке»
        a, t = self.state.position(ctx.source), self.state.position(target)
        through = board.through_row_middle(a, t) if node.attack == K.UCHR and a and t else None
        landed, dealt, strength = self.resolve_attack(node, target, ctx)
        self.attack_events(ctx.source, target, node.attack, strength, landed, dealt,
                           value=self.facts.get("value"), through=through)
        return Hit(landed, dealt, strength)

    def wound(self, target: Piece, amount: int, source: Piece | None = None, kind: str = "",
              *cites: str) -> int:
        """Give ``amount`` wounds (already reduced); returns the wounds actually given.  As the
        Port's ``wound(target, amount, ctx)`` the third argument is the context."""
        if isinstance(source, Ctx):
            ctx = source
            cites = ctx.cites or (C.NAMED_EFFECT,)
            source, kind = ctx.source, ctx.guard or K.EFFECTS
        if amount <= 0:
            return 0
        if kind not in ATTACK_KIND_SET and any(           # an attack's were checked in ``hit``
                not r.kinds or any(matches_kind((k,), kind) for k in r.kinds)
                for r in self.traits(target).restricted(Verb.GET_WOUNDS) if wound_cap(r) is None):
            self.emit("no-wounds", f"«{target.name}» не получает ран от этого (текст карты).",
                      *cites, C.AXE)
            return 0
        caps = [n for r in self.traits(target).restricted(Verb.GET_WOUNDS)
                if (n := wound_cap(r)) is not None]
        if caps and amount > min(caps) - target.wounded_turn:
            # «не может получить более N ран за ход»: the wounds over N this turn are not received
            room = max(min(caps) - target.wounded_turn, 0)
            self.emit("wound-cap", f"«{target.name}» не может получить больше {min(caps)} ран за ход"
                      f" (уже получено: {target.wounded_turn}) — "
                      f"получает {room} из {amount} (текст карты).", *cites, C.AXE)
            amount = room
            if not amount:
                return 0
        target.wounds += amount
        target.wounded_turn += amount
        if target.lives <= 0 and target.killer is None and source is not None:
            target.killer = (source.id, kind)     # «когда уничтожает …»: whose wounds
        if kind in ATTACK_KIND_SET:
            target.hits += 1
            target.hit_kinds.append(kind)
        self.emit("wounds", f"«{target.name}» получает {amount} {wounds_word(amount)} "
                  f"(осталось жизней: {max(target.lives, 0)}).", *cites, C.DEATH,
                  target=target.id, amount=amount)
        self.fire_wounded(target, source, kind, amount)
        return amount

    def redistribute(self, source: Piece, to: Piece, most: int, ctx: Ctx) -> int:
        """«Перераспределить N (или менее) ран с X на Y»: up to N of X's wounds move to Y (the
        player's X picks fewer; by default as many as X has, up to N).  Moved wounds are not an
        attack and not «ранить»: Y's triggers on receiving wounds do not answer (reading,
        docs/judge.md); Y dies if its lives run out."""
        n = min(most, source.wounds)
        x = ctx.answers.x
        if x is not None:
            n = max(0, min(int(x), n))
        if not n:
            self.emit("noop", f"«{source.name}»: переносить нечего (ран: {source.wounds}).",
                      *(ctx.cites or (C.AXE,)))
            return 0
        source.wounds -= n
        to.wounds += n
        self.emit("redistribute", f"С «{source.name}» на «{to.name}» перенесено ран: {n} "
                  f"(«{ctx.text}»; у «{to.name}» осталось жизней: {max(to.lives, 0)}).",
                  *(ctx.cites or (C.AXE,)), C.AXE, amount=n)
        return n

    def heal(self, target: Piece, amount: int | None, ctx: Ctx) -> int:
        if self.no_healing(target):
            return 0
        n = target.wounds if amount is None else min(amount, target.wounds)
        target.wounds -= n
        self.emit("heal", f"«{target.name}» излечивается на {n}.", *(ctx.cites or (C.AXE,)),
                  amount=n)
        return n

    def no_healing(self, target: Piece) -> bool:
        """«Не может излечиваться»: the card's text (or an effect on it) forbids it."""
        if self.traits(target).restricted(Verb.HEAL):
            self.emit("no-heal", f"«{target.name}» не может излечиваться (текст карты).", C.AXE)
            return True
        return False

    def poison(self, target: Piece, amount: int, ctx: Ctx) -> bool:
        return self.apply_poison(target, amount, ctx.source)

    def apply_poison(self, dst: Piece, amount: int, src: Piece) -> bool:
        if dst.is_artifact:
            self.emit("poison-none", f"На артефакт «{dst.name}» нельзя применять отравление.",
                      C.POISON, C.ARTIFACT)
        elif dst.incorporeal:
            self.emit("poison-none", f"Отравление не действует на бестелесную «{dst.name}».",
                      C.POISON, C.INCORPOREAL)
        elif protected(self.traits(dst).protections, K.POISON):
            self.emit("protected", f"«{dst.name}» защищена от отравления.", C.POISON, C.AXE)
        elif K.EFFECTS in self.traits(dst).protections:
            # the rules define poison as a воздействие, like finishing
            self.emit("protected", f"«{dst.name}» защищена от воздействий, а отравление — "
                      "воздействие.", C.POISON, C.NAMED_EFFECT, C.AXE)
        elif dst.on_table:
            dst.markers["poison"] = max(dst.markers.get("poison", 0), amount)
            self.emit("poisoned", f"«{dst.name}» отравлена на {amount} (от «{src.name}»).",
                      C.POISON, amount=amount)
            return True
        return False

    def _poison_on(self, target: Piece, ctx: Ctx, verb: str) -> tuple[tuple, int] | None:
        """(the step's citations, the poison on ``target``) for an effect on that poison, or
        None — said in the trace — when there is none or the card is shielded from the effect."""
        cites = ctx.cites or (C.AXE,)
        now = target.markers.get("poison", 0)
        if not now:
            self.emit("noop", f"«{target.name}» не отравлена — {verb} нечего.", *cites)
            return None
        if self.shielded(target, ctx):
            return None
        return cites, now

    def add_poison(self, target: Piece, n: int, maximum: int | None, ctx: Ctx) -> bool:
        """«выбранное существо с отравлением получает +N к отравлению (максимум до M)»: its
        poison grows by N, never above M (a poison already above M stays as it is)."""
        found = self._poison_on(target, ctx, "усиливать")
        if found is None:
            return False
        cites, now = found
        new = now + n if maximum is None else min(now + n, max(maximum, now))
        if new == now:
            self.emit("noop", f"«{target.name}» отравлена на {now} — больше {maximum} это "
                      "отравление не усиливается.", *cites, C.POISON)
            return False
        target.markers["poison"] = new
        self.emit("poisoned", f"Отравление «{target.name}» усиливается: {now} → {new} "
                  f"(«{ctx.text}»).", *cites, C.POISON, C.AXE, amount=new)
        return True

    def cure_poison(self, target: Piece, ctx: Ctx) -> bool:
        """«снять с него отравление»: the poison placed on the card is gone (it loses no more
        lives when it opens); a card not poisoned — nothing to remove."""
        found = self._poison_on(target, ctx, "снимать")
        if found is None:
            return False
        cites, now = found
        del target.markers["poison"]
        self.emit("cured", f"С «{target.name}» снято отравление на {now} («{ctx.text}»).",
                  *cites, C.POISON, C.AXE)
        return True

    def finish(self, target: Piece, amount: int, ctx: Ctx) -> bool:
        if target.lives > amount:
            self.emit("finishing-none", f"У «{target.name}» осталось жизней: {target.lives} — "
                      f"больше, чем {amount}: добивание не срабатывает.", C.FINISHING)
            return False
        if protected(self.traits(target).protections, K.EFFECTS):
            self.emit("protected", f"«{target.name}» защищена от воздействий.", C.FINISHING,
                      C.AXE)
            return False
        self.emit("finishing", f"«{ctx.source.name}» добивает «{target.name}» (осталось "
                  f"жизней {target.lives} ≤ {amount}).", C.FINISHING, C.NAMED_EFFECT)
        if target.kit.triggers and self.replaced(target):
            return True                       # «вместо гибели …»
        target.killer = (ctx.source.id, K.EFFECTS)
        self.bury(target, f"«{target.name}» уничтожена добиванием и уходит на кладбище.",
                  C.FINISHING, C.DEATH)
        self.check_victory()
        self.destroyed(target)
        return True

    def destroy(self, target: Piece, ctx: Ctx) -> bool:
        if not target.on_table:
            return False
        if target.kit.triggers and self.replaced(target):
            return True                       # «вместо гибели …»: destroyed is dying too
        target.killer = (ctx.source.id, ctx.guard or K.EFFECTS)
        self.bury(target, f"«{target.name}» уничтожена («{ctx.text}») и уходит на кладбище.",
                  *(ctx.cites or (C.AXE,)), C.DEATH)
        self.check_victory()
        self.destroyed(target)
        return True

    def set_closed(self, target: Piece, closed: bool, ctx: Ctx) -> bool:
        if target.closed == closed:
            self.emit("noop", f"«{target.name}» уже {'закрыта' if closed else 'открыта'} — "
                      "ничего не происходит.", *(ctx.cites or (C.AXE,)))
            return False
        if closed:
            target.closed = True
            target.moves_left = 0
            self.emit("close", f"«{target.name}» закрывается («{ctx.text}»).",
                      *(ctx.cites or (C.AXE,)))
            return True
        return self.open_card(target, f"«{ctx.text}»", *(ctx.cites or (C.AXE,)))

    def keep_open(self, target: Piece, ctx: Ctx) -> bool:
        """«… не закрывается после этой атаки» (an effect of the attack's trigger): the card
        that closed for the attack is open again, not «opened» (no opening triggers); it has
        acted this turn all the same (514.5) and its moves stay spent."""
        if not target.closed:
            self.emit("noop", f"«{target.name}» не закрыта — ничего не происходит.",
                      *(ctx.cites or (C.AXE,)))
            return False
        target.closed = False
        target.acted = True
        self.emit("no-close", f"«{target.name}» не закрывается после этой атаки («{ctx.text}»; "
                  "текст карты сильнее правила о закрытии) — остаётся открытой, но в этот ход "
                  "уже действовала.", *(ctx.cites or (C.AXE,)), C.AXE, C.ACTION_CLOSE)
        return True

    def relocate(self, target: Piece, verb: str, to: Any, ctx: Ctx) -> bool:
        return self.move_by_effect(target, verb, to, ctx)

    def counters(self, target: Piece, delta: int | None, ctx: Ctx) -> int:
        before = target.counters
        if delta and delta > 0 and ctx.source is not target and self.counters_barred(target, ctx):
            self.emit("no-counters", f"«{target.name}» не получает фишек от других карт (текст "
                      "карты).", C.COUNTERS, C.AXE)
            return 0
        if delta is None:
            target.counters = 0
        else:
            target.counters = max(0, before + delta)
            limit = self.traits(target).counter_limit
            if limit is not None and target.counters > limit:
                target.counters = max(before, limit)
                self.emit("counter-limit", f"«{target.name}» не может иметь больше {limit} "
                          "фишек.", C.COUNTERS, C.AXE)
        change = target.counters - before
        if change:
            self.emit("counter", f"«{target.name}» {'получает' if change > 0 else 'теряет'} "
                      f"фишек: {abs(change)} (всего {target.counters}).",
                      *(ctx.cites or (C.COUNTERS,)), C.COUNTERS, counters=target.counters)
        if change > 0:
            self.fire(TE.GETS_COUNTER, target, before=before, after=target.counters)
        elif change < 0:                      # lost in one go («единовременно»)
            self.fire(TE.LOSES_COUNTER, target, before=before, after=target.counters)
        return change

    def counters_barred(self, target: Piece, ctx: Ctx) -> bool:
        """«Не может получать {counter} [от других существ]»: from ``ctx.source``?"""
        for r in self.traits(target).restricted(Verb.GET_COUNTERS):
            src = [p[1] for p in r.params if isinstance(p, tuple)]
            if not src or facts.matches(self, src[0], ctx.source, Ctx(target, 0, "", ctx.inputs)):
                return True
        return False

    def marker(self, target: Piece, name: str, delta: int, ctx: Ctx) -> int:
        target.markers[name] = max(0, target.markers.get(name, 0) + delta)
        if not target.markers[name]:
            target.markers.pop(name)
        self.emit("marker", f"«{target.name}»: маркер «{name}» "
                  + ("положен" if delta > 0 else "снят") + ".", *(ctx.cites or (C.AXE,)),
                  C.AXE)
        return delta

    def grant(self, target: Piece, what: tuple, duration: A.Duration | None, ctx: Ctx) -> bool:
        lives = life_gain(A.Gain(A.Selector("it"), what)) if duration is None else None
        if lives is not None and any(tuple(r.params) == ("extra_lives",) for r in
                                     self.traits(target).restricted(Verb.GET)):
            self.emit("no-lives", f"«{target.name}» не может получать дополнительные жизни "
                      "(текст карты).", *(ctx.cites or (C.AXE,)), C.AXE)
            return False
        if lives is not None:
            target.extra_lives += lives
            self.emit("extra-lives", f"«{target.name}» получает дополнительных жизней: {lives} "
                      f"(жизней теперь {target.lives}).", *(ctx.cites or (C.AXE,)), C.AXE,
                      amount=lives)
            return True
        self.add_temp(target, what, duration, ctx)
        whose = "" if ctx.source is target else f" от «{ctx.source.name}»"
        self.emit("gain", f"«{target.name}» получает{whose} то, что даёт «{ctx.text}» "
                  f"({self.until_ru(duration)}).", *(ctx.cites or (C.AXE,)), C.AXE)
        return True

    def lose(self, target: Piece, node: A.Lose, ctx: Ctx) -> bool:
        if is_cure_poison(node):
            return self.cure_poison(target, ctx)
        if node.what != "abilities":
            return False                    # counters are the interpreter's; others refused
        if self.shielded(target, ctx):
            return False
        self.lose_all(target, node.duration, ctx)
        self.emit("lost", f"«{target.name}» теряет все особенности ({self.until_ru(node.duration)}"
                  ").", *(ctx.cites or (C.AXE,)), C.AXE)
        return True

    def delay(self, node: A.Triggered, ctx: Ctx) -> None:
        """A delayed effect: done once, at the moment its trigger names (judge/classic/
        triggers.py ``run_delayed``)."""
        moment, player = delayed_moment(node.trigger, ctx.controller)
        refs = {k: v for k, v in ctx.refs.items() if v is not None}
        self.state.delayed.append(Delayed(ctx.source.id, ctx.line, ctx.text, node, moment,
                                          player, refs, ctx.guard, ctx.cites))
        when = "в начале" if moment == TE.TURN_START else "в конце"
        if moment == TE.TURN_END and player in (None, self.state.turn):
            whose = "этого хода"
        elif player is None:
            whose = "следующего хода"
        else:
            whose = f"{'следующего ' if player == self.state.turn else ''}хода игрока {player}"
        self.emit("delayed", f"«{ctx.source.name}»: отложенная часть «{ctx.text}» выполнится "
                  f"{when} {whose}.", *(ctx.cites or (C.AXE,)), C.AXE)

    def shielded(self, target: Piece, ctx: Ctx) -> bool:
        if ctx.guard not in (K.EFFECTS, K.SPELLS):
            return False
        prot = self.traits(target).protections
        spell = ctx.guard == K.SPELLS
        if ctx.guard in prot or (spell and (K.MAGIC in prot or K.MAGICAL in prot)):
            self.emit("protected", f"«{target.name}» защищена от "
                      + ("заклинаний" if spell else "воздействий") + " — эффект не действует.",
                      C.SPELL if spell else C.NAMED_EFFECT, C.AXE)
            return True
        return False

    def cancel(self, problem: Problem, ctx: Ctx | None = None) -> bool:
        return self.illegal(problem.text + ".", *problem.cites)

    def settle(self) -> None:
        self.check_deaths()

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @staticmethod
    def until_ru(duration: A.Duration | None) -> str:
        if duration is None:
            return "до конца боя"
        from_vocab = word(duration.until, DurationKind)
        if duration.count is not None and from_vocab:
            return from_vocab.replace("N", str(duration.count)).replace("X", str(duration.count))
        return from_vocab or str(duration.until)

    def on_field(self, p: Piece) -> bool:
        return p.zone in (FIELD, AIR)

    def has_kw(self, p: Piece, kw: KW) -> bool:
        return self.traits(p).has(kw)
