"""The Heroes engine as the effect interpreter's Port (judge/core/port.py).

The shared interpreter knows card text; every question about the table and every change goes
through here, in Heroes terms and with heroes-15 citations.  The verbs record in ``ctx.refs
["done"]`` whether they did their part in full, without a replacement — what «, при этом» and
«, иначе» read (119.4, 119.7, 514.3: closing a closed card is legal but changes nothing).

Target legality (``target_problem``) is in two halves: at declaration every restriction counts
(502.9, 515.2 Защита от заклинаний, 514.1); when the ability is executed only the target's
existence is checked again — the same object in the same zone (501.5, 113.9; design R8).

A mixin of the Engine.
"""
from __future__ import annotations

from typing import Any

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as CK
from berserk.vocab import DurationKind as D
from berserk.vocab import KeywordName as KW
from berserk.vocab import MeasureKind as M
from berserk.vocab import Qualifier, Verb
from berserk.vocab import TriggerEvent as E
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.core.context import Ctx, Problem, is_chosen
from judge.core.port import Hit
from judge.heroes import cites as C
from judge.heroes.facts import ZONE_OF
from judge.heroes.model import PLAY, EffKind, Obj
from judge.heroes.wording import Feature

NOUNS = frozenset({N.CREATURE, N.HERO, N.CHARACTER, N.SUPPORT, N.SPELL, N.CARD, N.SELF, N.IT,
                   N.ATTACKED, N.ATTACKER, N.TARGET, N.DEFENDER, N.PLAYER, N.OPPONENT})
QUALIFIERS = frozenset({Qualifier.OTHER, Qualifier.CHOSEN, Qualifier.ALL, Qualifier.ANY,
                        Qualifier.CLOSED, Qualifier.OPEN, Qualifier.WOUNDED, Qualifier.UNWOUNDED,
                        Qualifier.POISONED, Qualifier.ELEMENT, Qualifier.ELEMENTAL,
                        Qualifier.CLASS, Qualifier.COST_MAX, Qualifier.COST_MIN, Qualifier.COST,
                        Qualifier.WITH, Qualifier.IN_HAND, Qualifier.IN_GRAVEYARD,
                        Qualifier.IN_DECK, Qualifier.NAMED, Qualifier.NEW})
DURATIONS = frozenset({D.END_OF_TURN, D.END_OF_YOUR_TURN, D.END_OF_OPPONENT_TURN,
                       D.UNTIL_YOUR_NEXT_TURN, D.UNTIL_NEXT_TURN, D.NEXT_TURN})
MEASURES = frozenset({M.COUNT, M.WOUNDS, M.STRIKE_VALUE, M.COST})
#: The conditions judge/heroes/conditions.py reads and ``Facts.cond_holds`` decides.
CONDITIONS = frozenset({CK.DONE, CK.IS, CK.EXISTS, CK.COUNT, CK.OWN_TURN, CK.OPPONENT_TURN})


class PortRules:
    # ---------------------------------------------------------------- vocabulary
    def unsupported(self, node: A.Node) -> str | None:
        if isinstance(node, A.Selector):
            if node.noun not in NOUNS:
                return f"судья «Героев» не знает, что такое «{node.noun}»"
            bad = [q for q in node.qualifiers if q.split(":", 1)[0] not in QUALIFIERS]
            if bad or node.relations or node.condition is not None or node.count:
                return "уточнение цели не поддерживается: " + ", ".join(bad or ["отношение"])
            return None
        if isinstance(node, A.Condition):
            return None if node.what in CONDITIONS else f"условие «{node.what}» не поддерживается"
        if isinstance(node, A.Measure):
            if node.what not in MEASURES:
                return f"величина «{node.what}» не поддерживается"
            return self.unsupported(node.of) if node.of is not None else None
        if isinstance(node, A.Duration):
            return None if node.until in DURATIONS else f"срок «{node.until}» не поддерживается"
        return None

    # ---------------------------------------------------------------- facts
    @staticmethod
    def me(ctx: Ctx) -> str:
        return ctx.refs.get("me") or ctx.source.controller

    def select(self, sel: A.Selector, ctx: Ctx) -> list:
        found = self.select_from(sel, ctx.source, ctx.refs, self.me(ctx))
        if Qualifier.ALL in sel.qualifiers and ctx.refs.get("resolving") and \
                id(sel) not in ctx.refs.setdefault("mass_said", set()):
            ctx.refs["mass_said"].add(id(sel))
            shown = ", ".join(f"«{o.name}»" for o in found) or "подходящих карт нет"
            self.emit("mass", f"«{ctx.text}» — массовая способность: целей не выбирают, "
                      f"действует на все подходящие карты ({shown}).", C.MASS_ABILITY, C.MASS,
                      C.NON_TARGETED if sel.side is not None else C.ANY_SIDE)
        return found

    def matches(self, sel: A.Selector, obj: Any, ctx: Ctx) -> bool:
        return isinstance(obj, Obj) and self.matches_from(sel, obj, ctx.source, ctx.refs,
                                                          self.me(ctx))

    def holds(self, cond: A.Condition, ctx: Ctx) -> bool:
        if cond.what == CK.DONE:
            done = bool(ctx.refs.get("done_prev"))
            return done != cond.negated
        got = self.cond_holds(cond, ctx.source, ctx.refs, self.me(ctx))
        self.emit("condition", f"«{ctx.text}»: условие «если …» "
                  + ("выполнено." if got else "не выполнено — эта часть не выполняется."),
                  C.COMPLEX)
        return got

    def measure(self, m: A.Measure, ctx: Ctx) -> int:
        value = 0
        if m.what == M.COUNT:
            value = len(self.select_from(m.of, ctx.source, ctx.refs, self.me(ctx)))
        else:
            target = self.select_from(m.of, ctx.source, ctx.refs, self.me(ctx))
            obj = target[0] if target else None
            if obj is None and m.of is not None and m.of.noun == N.SELF:
                obj = ctx.source
            lki = self.lki.get((obj.id, ctx.refs.get("gen"))) if obj is not None else None
            if m.what == M.STRIKE_VALUE and obj is not None:
                gone = obj.zone != PLAY or obj.gen != ctx.refs.get("gen", obj.gen)
                value = lki.strike if gone and lki else self.strike(obj)
                if gone and lki:
                    self.emit("lki", f"Удар «{obj.name}» берётся по последней известной "
                              f"информации: {value}.", C.LKI)
            elif m.what == M.WOUNDS and obj is not None:
                value = obj.wounds
            elif m.what == M.COST and obj is not None:
                value = self.cost(obj)
        self.emit("measure", f"«{ctx.text}»: X = {value} (считается при выполнении).",
                  C.X_COMPUTED, value=value)
        return max(value, 0)

    def by_strength(self, d: A.ByStrength, ctx: Ctx) -> int:
        return d.medium

    def ref(self, raw: Any, ctx: Ctx) -> Any:
        return raw if isinstance(raw, Obj) else self.resolve_ref(raw)

    # ---------------------------------------------------------------- legality
    def target_problem(self, node, obj: Any, ctx: Ctx) -> Problem | None:
        if not isinstance(obj, Obj):
            return Problem(f"«{obj}» — не карта этой партии", (C.ILLEGAL,))
        resolving = ctx.refs.get("resolving", False)
        if resolving:
            want = ctx.refs.get("bound_gen", {}).get(obj.id)
            zone = ctx.refs.get("bound_zone", {}).get(obj.id)
            if (want is not None and want != obj.gen) or (zone is not None and zone != obj.zone):
                return Problem(f"цели «{obj.name}» уже нет там, где её выбрали "
                               f"({self.where(obj)})", (C.TRIGGER_GONE, C.NEW_OBJECT))
            sel = getattr(node, "target", None)
            if is_chosen(sel) and sel is not None and not self.matches(sel, obj, ctx) and \
                    (id(node), obj.id) not in ctx.refs.setdefault("noted", set()):
                ctx.refs["noted"].add((id(node), obj.id))
                self.emit("rule", f"«{obj.name}» уже не подходит под условие цели «{ctx.text}», "
                          "но ограничение на цель проверяется только при заявке — способность "
                          "выполняется.", C.TARGET_AT_DECLARATION)
            return None
        if isinstance(node, A.Action) and node.verb in (Verb.SEARCH, Verb.SUMMON, Verb.REVIVE):
            return None
        sel = getattr(node, "target", None)
        named_zone = sel is not None and any(ZONE_OF.get(q) == obj.zone for q in sel.qualifiers)
        if named_zone and sel.side is None and obj.owner != self.me(ctx):
            return Problem(f"«{obj.name}» {self.where(obj)} игрока {obj.owner}: зона без "
                           "указания владельца — ваша", (C.OWN_ZONE, C.ILLEGAL))
        if named_zone and sel.side is not None and \
                (obj.owner == self.me(ctx)) != (sel.side == "own"):
            return Problem(f"«{obj.name}» {self.where(obj)} игрока {obj.owner}, а способность "
                           "называет зону другого игрока", (C.OWN_ZONE, C.ILLEGAL))
        if obj.zone != PLAY and not named_zone:
            if isinstance(node, A.Action) and node.verb == Verb.DESTROY:
                return Problem(f"«{obj.name}» {self.where(obj)}: уничтожить можно только карту "
                               "в игре", (C.ILLEGAL,))
            return Problem(f"«{obj.name}» {self.where(obj)}, а не в игре", (C.PLAY_ZONE,))
        if obj.hidden:
            return Problem(f"«{obj.name}» скрыт: не может быть целью", (C.T_HIDDEN,))
        if isinstance(node, A.Attack) and node.attack == K.SHOT:
            if not obj.is_character:
                return Problem(f"«{obj.name}» — не персонаж: атаковать можно только персонажа",
                               (C.SUPPORT_NOT_ATTACKED, C.ATTACK_WHOM))
            if obj.controller == self.me(ctx):
                return Problem(f"«{obj.name}» — свой персонаж: выстрел только по персонажу "
                               "противника", (C.ATTACK_NOT_OWN, C.T_SHOT))
            forced = self.forced_problem(ctx.source, obj)
            if forced:
                return Problem(forced[0], forced[1:])
        if isinstance(node, (A.Wound, A.Heal, A.Poison)) and not obj.is_character:
            return Problem(f"«{obj.name}» — не персонаж", (C.SUPPORT_NOT_ATTACKED,))
        if ctx.guard == K.SPELLS and is_chosen(getattr(node, "target", None)) and \
                any(K.SPELLS in p.against for p in self.nodes(obj, A.Protection)):
            return Problem(f"у «{obj.name}» защита от заклинаний: его нельзя выбрать целью "
                           "способности заклинания", (C.SPELL_PROTECTION, C.ILLEGAL))
        return None

    # ---------------------------------------------------------------- changes
    def _done(self, ctx: Ctx, ok: bool) -> None:
        prev = ctx.refs.get("done")
        ctx.refs["done"] = ok if prev is None else (prev and ok)

    def attack(self, node: A.Attack, target: Any, ctx: Ctx) -> Hit:
        """A shot from card text (507.5): the final strength, then the wound pipeline."""
        source = ctx.source
        target = self.redirect_shot(source, target, ctx)       # 508.3: a new final target
        base = self.interp.amount(node.damage, ctx) if node.damage is not None else 0
        strength = self.attack_strength(source, target, base, K.SHOT)
        shots = ctx.refs["shots"] = ctx.refs.get("shots", 0) + 1
        self.emit(K.SHOT, f"«{source.name}» стреляет по «{target.name}»: сила {strength}.",
                  C.SHOT, C.T_SHOT, C.ATTACK_KINDS,
                  *((C.SEVERAL_ATTACKS,) if shots > 1 else ()))
        self.happen(E.ATTACKED, target, attacker=source, kind=K.SHOT)
        self.replaced_last = False
        dealt = self.deal(target, strength, K.SHOT, source, strength=strength)
        self._done(ctx, dealt > 0 and not self.replaced_last)
        self.happen(E.ATTACK, source, kind=K.SHOT, target=target, response=False)
        return Hit(True, dealt)

    def wound(self, target: Any, amount: int, ctx: Ctx) -> int:
        kind = ctx.guard if ctx.guard in (K.SPELLS, K.POISON) else K.EFFECTS
        self.replaced_last = False
        dealt = self.deal(target, amount, kind, ctx.source,
                          (C.REFLEXIVE,) if target is ctx.source else ())
        self._done(ctx, dealt == amount and not self.replaced_last)
        return dealt

    def heal(self, target: Any, amount: int | None, ctx: Ctx) -> int:
        got = self.heal_wounds(target, amount,
                               (C.REFLEXIVE,) if target is ctx.source else ())
        self._done(ctx, got > 0)
        return got

    def poison(self, target: Any, amount: int, ctx: Ctx) -> bool:
        if amount <= 0:
            self.emit("zero", "Отравление на 0 не накладывается.", C.ZERO_PARAMETER)
            self._done(ctx, False)
            return False
        self.add_effect(target, EffKind.POISON, amount, ctx.source)
        self.emit("effect", f"«{target.name}» получает Отравление {amount} (действует только "
                  f"наибольшее: {self.poison_of(target)}).", C.T_POISON_VERB, C.T_POISON)
        self._done(ctx, True)
        return True

    def finish(self, target: Any, amount: int, ctx: Ctx) -> bool:
        return False

    def destroy(self, target: Any, ctx: Ctx) -> bool:
        if not target.in_play:
            self._done(ctx, False)
            return False
        if self.destroy_replaced(target, ctx):      # 517.1: «вместо этого …»
            self._done(ctx, False)
            return False
        self.die(target, f"уничтожение картой «{ctx.source.name}»", ctx.source,
                 cites=(C.DESTROY, C.T_DESTROY))
        self._done(ctx, True)
        return True

    def set_closed(self, target: Any, closed: bool, ctx: Ctx) -> bool:
        if target.closed == closed:
            self.emit("nothing", f"«{target.name}» уже {'закрыт' if closed else 'открыт'}: "
                      "заявка легальна, но ничего не происходит.", C.OPEN_CLOSE)
            self._done(ctx, False)
            return False
        if not closed and self.cannot_open(target):
            self.emit("nothing", f"«{target.name}» не открывается (запрет сильнее).", C.CANNOT,
                      C.REFLEXIVE, C.PROHIBITION)
            self._done(ctx, False)
            return False
        target.closed = closed
        self.emit("effect", f"«{target.name}» {'закрывается' if closed else 'открывается'}.",
                  C.T_CLOSE if closed else C.OPEN_CLOSE,
                  *((C.REFLEXIVE,) if target is ctx.source else ()))
        self._done(ctx, True)
        return True

    def relocate(self, target: Any, verb: str, to: Any, ctx: Ctx) -> bool:
        return False

    def counters(self, target: Any, delta: int | None, ctx: Ctx) -> int:
        return 0

    def marker(self, target: Any, name: str, delta: int, ctx: Ctx) -> int:
        return 0

    def grant(self, target: Any, what: tuple, duration: A.Duration | None, ctx: Ctx) -> bool:
        until = duration.until if duration is not None else None
        for w in what:
            if isinstance(w, A.Bonus) and K.STRIKE in w.to:
                self.add_effect(target, EffKind.STRIKE, int(w.amount.value), ctx.source, until,
                                self.me(ctx))
                shown = f"{int(w.amount.value):+d} к удару"
            elif isinstance(w, A.Bonus) and KW.LIFE in w.to:
                self.add_effect(target, EffKind.EXTRA_LIFE, int(w.amount.value), ctx.source,
                                until, self.me(ctx))
                shown = f"{int(w.amount.value)} доп. жизн."
            elif isinstance(w, A.Restriction) and w.what == Verb.OPEN:
                self.add_effect(target, EffKind.NO_OPEN, 1, ctx.source, until or D.NEXT_TURN,
                                target.controller)
                shown = "«не открывается»"
            else:
                self.add_effect(target, EffKind.GAIN, Feature(0, ctx.text, w), ctx.source, until,
                                self.me(ctx))
                shown = f"«{getattr(w.name, 'ru', w.name)}»" if isinstance(w, A.Keyword) else \
                    f"особенность «{ctx.text.split(': ', 1)[-1]}»"
            self.emit("effect", f"«{target.name}» получает {shown}"
                      + (f" ({until.ru})" if until is not None and hasattr(until, "ru") else "")
                      + ".", C.T_GAIN, C.EXTRA_LIVES if "жизн" in shown else C.T_GAIN)
        self._done(ctx, True)
        return True

    def lose(self, target: Any, node: A.Lose, ctx: Ctx) -> bool:
        until = node.duration.until if node.duration is not None else None
        if node.what == "effects":
            target.effects.clear()
            self.emit("effect", f"С «{target.name}» сняты все эффекты (смена контроля — не "
                      "эффект, она остаётся).", C.NON_BASE_OVERWRITE)
        elif node.what == "abilities":
            self.add_effect(target, EffKind.LOSE_ALL, 1, ctx.source, until, self.me(ctx))
            self.emit("effect", f"«{target.name}» теряет особенности.", C.STATIC)
        elif any(isinstance(a, A.Keyword) and a.name == KW.POISONING for a in node.abilities):
            target.effects[:] = [e for e in target.effects if e.kind != EffKind.POISON]
            self.emit("effect", f"С «{target.name}» снято отравление.", C.T_POISON)
        self._done(ctx, True)
        return True

    def delay(self, node: A.Triggered, ctx: Ctx) -> None:
        """521: a delayed trigger waits for its moment; its source is the card whose ability
        made it, its controller the player who controlled that ability (521.2, 521.3)."""
        self.delayed.append((ctx.source, self.me(ctx), Feature(0, "отложенный эффект: "
                             + ctx.text, node, every_time=True), self.g.turn))
        self.emit("delayed", f"«{ctx.source.name}» создаёт отложенный эффект («{ctx.text}») — "
                  f"он ждёт начала следующего хода; контролирует {self.me(ctx)}.", C.DELAYED,
                  C.DELAYED_SOURCE)
        self._done(ctx, True)

    def shielded(self, target: Any, ctx: Ctx) -> bool:
        return False

    def cancel(self, problem: Problem, ctx: Ctx | None = None) -> bool:
        self.emit("cancelled", f"{problem.text[:1].upper()}{problem.text[1:]}.", C.ILLEGAL,
                  *problem.cites, *((C.COMPLEX,) if ctx is not None else ()))
        if ctx is not None:
            self._done(ctx, False)
        return False

