"""The simple strike: declaration, defender, the fight by the strike table, what rides on it.

A mixin of ``judge.classic.engine.Engine``.  Like every action it goes check (pure:
``strike_problem``) → pay (the attacker closes; a card that «после нападения не закрывается»
keeps open but has made its one action) → apply (the fight).  Both strikes of a fight land at once
(514.1); each then carries what rides on a simple strike — the card's bare «Отравление на N»,
vampirism — and the «при ударе …» triggers of the card that struck (a response strike is a
simple strike with all its features, 514.3).  A miss deals nothing and triggers nothing but
«при промахе» (514.5).
"""
from __future__ import annotations

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import BonusTo, Strength
from berserk.vocab import TriggerEvent as TE
from judge import cites as C
from judge.classic import board, facts
from judge.classic.attacks import deal
from judge.classic.combat import STRENGTH_RU, clamp, closed_strength, fight_options, strength_value
from judge.classic.state import Piece
from judge.classic.traits import (
    matches_kind,
    NO_CLOSE_AFTER_FIRST,
    REFLECTS_AS_OPEN,
    different_targets,
    multi_attack,
    protected_now,
)
from judge.core.context import Ctx, Problem


#: «сводится к слабому / среднему»: the dative of a strength.
TO_STRENGTH = {Strength.WEAK: "слабому", Strength.MEDIUM: "среднему", Strength.STRONG: "сильному"}


class FightRules:
    def strike_problem(self, actor: Piece, target: Piece, as_response: bool) -> Problem | None:
        if as_response:
            return Problem("простой удар — не внезапное действие; в ответ его объявить нельзя",
                           (C.INSTANT, C.STRIKE))
        again = self.another_strike(actor, target)
        if isinstance(again, Problem):
            return again
        problem = self.act_problem(actor, "нападать", action=not again)
        if problem is not None:
            return problem
        return self.attack_problem(actor, target, K.STRIKE, None)

    def another_strike(self, actor: Piece, target: Piece) -> bool | Problem:
        """Is this strike one more of «может атаковать {strike} N раз за ход [только подряд]
        [по разным картам]» (True), not one (False), or one the text does not allow?"""
        if not actor.attacks or not actor.acted:
            return False
        perm = multi_attack(self.traits(actor))
        if perm is None:
            return False                      # one action per turn (514.5): act_problem says so
        if actor.attacks >= perm.times:
            return Problem(f"«{actor.name}» уже атаковала {actor.attacks} раз(а) за ход — больше "
                           "текст карты не разрешает", (C.AXE, C.ACTION_CLOSE))
        if "in_a_row" in perm.params and self.state.last_action != (actor.id, K.STRIKE):
            return Problem(f"«{actor.name}» атакует несколько раз только подряд, а после её "
                           "прошлой атаки было другое действие", (C.AXE, C.ACTION_CLOSE))
        if different_targets(perm) and target.id in actor.struck:
            return Problem(f"«{actor.name}» атакует несколько раз только по разным картам, а "
                           f"«{target.name}» она в этот ход уже атаковала", (C.AXE, C.STRIKE))
        return True

    def strike(self, actor: Piece, target: Piece, inputs, responses=(),
               as_response: bool = False) -> bool:
        problem = self.strike_problem(actor, target, as_response)
        if problem is not None:
            return self.cancel(problem)
        self.note_refused(actor)
        self.reveal_actor(actor)
        self.emit("declare", f"«{actor.name}» ({actor.where}) нападает простым ударом на "
                  f"«{target.name}» ({target.where}).", C.STRIKE)
        self.fire(TE.ATTACKED, target, actor, K.STRIKE)
        if responses:
            target = self.resolve_stack(list(responses), [actor, target, K.STRIKE])
        if not self.still_there(actor, [target]):
            return False
        # pay: the attack is the card's action
        actor.attacks += 1
        actor.struck.append(target.id)
        self.state.last_action = (actor.id, K.STRIKE)
        traits = self.traits(actor)
        if actor.attacks > 1:
            self.emit("again", f"«{actor.name}» атакует в этот ход уже {actor.attacks}-й раз — "
                      "так разрешает текст карты.", C.AXE, C.ACTION_CLOSE)
        if traits.has(KW.NO_CLOSE_AFTER_ATTACK):
            actor.acted = True
            self.emit("no-close", f"«{actor.name}» после нападения не закрывается (текст карты "
                      "сильнее правила о закрытии).", C.AXE, C.ACTION_CLOSE)
        elif actor.attacks == 1 and traits.has(NO_CLOSE_AFTER_FIRST):
            actor.acted = True
            self.emit("no-close", f"«{actor.name}» после первой атаки за ход не закрывается "
                      "(текст карты сильнее правила о закрытии).", C.AXE, C.ACTION_CLOSE)
        else:
            self.close_after_action(actor, "нападение")
        self.acts(actor)
        if target.flying and not actor.flying and actor.markers.get("anti_air") == 2:
            self.emit("anti-air", f"«{actor.name}» закрывалась на удар по летающему и бьёт "
                      f"«{target.name}» как рядом стоящую карту.", C.FLYERS)
            actor.markers.pop("anti_air", None)      # its one strike on a flyer is made
        self.reveal(target)
        reflecting, defender = self.assign_defender(actor, target, inputs)
        self.facts.update(attacker=actor, attacked=reflecting, kind=K.STRIKE,
                          defender=defender, defended=target if defender else None)
        att_str, def_str, fought = self.roll_fight(actor, reflecting, inputs)
        if att_str is not None and self.traits(reflecting).strength_caps:
            att_str = self.strength_capped(actor, reflecting, att_str)
        if def_str is not None and self.traits(actor).strength_caps:
            def_str = self.strength_capped(reflecting, actor, def_str)
        # both strikes land at once (514.1); a miss deals nothing and triggers nothing (514.5)
        hits = []
        if att_str is None:
            self.emit("miss", f"Нападающий «{actor.name}» промахивается: ран нет, сопутствующие "
                      "удару особенности не срабатывают.", C.MISS)
        else:
            dmg = strength_value(actor.strike, att_str) + (
                self.next_bonus(actor, BonusTo.NEXT_STRIKE) if actor.effects else 0)
            hits.append((actor, reflecting, att_str,
                         dmg + self.bonus(actor, reflecting, K.STRIKE, att_str), (C.STRIKE,)))
        if def_str is not None:
            dmg = strength_value(reflecting.strike, def_str)
            self.emit("response", f"Ответный удар «{reflecting.name}» ({STRENGTH_RU[def_str]}) — "
                      "простой удар со всеми его особенностями, без закрытия.", C.RESPONSE)
            if reflecting.effects:
                dmg += self.next_bonus(reflecting, BonusTo.NEXT_STRIKE)
            hits.append((reflecting, actor, def_str,
                         dmg + self.bonus(reflecting, actor, K.STRIKE, def_str), (C.RESPONSE,)))
        elif fought and att_str is not None:
            self.emit("miss", f"Отражающий «{reflecting.name}» не наносит удара.", C.MISS)
        dealt = []
        for src, dst, s, dmg, cs in hits:
            if cs == (C.RESPONSE,) and self.traits(dst).has(KW.NO_RESPONSE_WOUNDS):
                self.emit("no-wounds", f"«{dst.name}» не получает ран от ответных ударов (текст "
                          "карты).", C.RESPONSE, C.AXE)
                dealt.append((src, dst, s, 0))
                continue
            dealt.append((src, dst, s, self.hit(src, dst, K.STRIKE, dmg, *cs, strength=s)))
        values = [dmg for _src, _dst, _s, dmg, _cs in hits]
        landed = [self.after_strike(src, dst, n, s) for src, dst, s, n in dealt]
        if defender is not None and defender.on_table:
            defender.defended += 1
            if self.traits(defender).has(KW.DEFENDS_WITHOUT_CLOSING):
                defender.acted = True
                self.emit("no-close", f"Защитник «{defender.name}» не закрывается после защиты "
                          "(текст карты).", C.AXE, C.DEFENDER)
            else:
                defender.closed, defender.acted = True, True
                self.emit("closed", f"Защитник «{defender.name}» закрывается после защиты.",
                          C.DEFENDER)
        if att_str is None:
            self.fire(TE.MISS, actor, reflecting, K.STRIKE, assault=True,
                      first=actor.attacks <= 1)
        for (src, dst, s, n), hit, value in zip(dealt, landed, values):
            self.attack_events(src, dst, K.STRIKE, s, hit, n, response=src is not actor,
                               value=value)
        self.check_deaths()
        self.facts.clear()
        return True

    def assign_defender(self, actor: Piece, target: Piece, inputs) -> tuple[Piece, Piece | None]:
        named = "defender" in inputs.choices
        choice = inputs.choices.get("defender")
        if not named and inputs.strict and self.possible_defenders(actor, target):
            inputs.choice(self, "defender", "защитник", None, C.DEFENDER)
        if choice is None:
            return target, None
        problem = self.defender_problem(actor, target, choice, K.STRIKE)
        if problem:
            self.illegal(f"«{choice.name}» не может стать защитником: {problem[0]}.", *problem[1])
            return target, None
        self.emit("defender", f"Назначен защитник «{choice.name}» ({choice.where}); он "
                  f"отражает удар вместо «{target.name}».", C.DEFENDER,
                  *((C.FLYERS,) if actor.flying or target.flying else ()))
        self.facts.update(defender=choice, defended=target)
        self.fire(TE.BECOMES_DEFENDER, choice, target)
        self.acts(choice)
        return choice, choice

    def roll_fight(self, actor: Piece, reflecting: Piece, inputs):
        """The strengths each side deals: a fight by the table, or one die (514.6–514.8)."""
        traits = self.traits(actor)
        self.note_refused(reflecting)        # its unread abilities might change the fight
        rt = self.traits(reflecting)
        closed = reflecting.closed and not (rt.has(KW.DEFENDS_AS_OPEN_WHEN_CLOSED)
                                            or rt.has(REFLECTS_AS_OPEN))
        if reflecting.closed and not closed:
            self.emit("as-open", f"«{reflecting.name}» закрыта, но отражает удар как открытая "
                      "(текст карты).", C.AXE, C.CLOSED_TARGET)
        if self.unanswerable_at(actor, reflecting):
            mode = (C.AS_ON_CLOSED, C.UNANSWERABLE)
            why = "безответный удар считается как по закрытой карте"
        elif reflecting.owner == actor.owner:
            mode, why = (C.OWN_CARD,), "удар по карте своего отряда — как по закрытой"
        elif reflecting.is_artifact:
            mode, why = (C.ARTIFACT, C.CLOSED_TARGET), "артефакт не отражает удары"
        elif closed:
            mode, why = (C.CLOSED_TARGET,), "отражающая карта закрыта и не сражается"
        else:
            mode, why = None, ""
        if mode is None:
            a = self.die(inputs, actor, f"нападающий «{actor.name}»", C.FIGHT_BOTH_ROLL)
            d = self.die(inputs, reflecting, f"отражающий «{reflecting.name}»", C.FIGHT_BOTH_ROLL)
            self.facts["roll"] = a
            ova, ovz = traits.number(KW.OVA), rt.number(KW.OVZ)
            da = self.dice_bonus(actor, reflecting) if traits.bonuses else 0
            dd = self.dice_bonus(reflecting, actor) if rt.bonuses else 0
            am, dm = ova + da, ovz + dd
            options = fight_options(a + am, d + dm)
            row = options[0].row
            mods = []
            if ova:
                mods.append(f"опыт в атаке +{ova}: {a + ova}")
            if da:
                mods.append(f"к броску нападающего {da:+d}: {a + am}")
            if ovz:
                mods.append(f"опыт в защите +{ovz}: {d + ovz}")
            if dd:
                mods.append(f"к броску отражающего {dd:+d}: {d + dm}")
            self.emit("fight", f"Сражение: у нападающего {a}, у отражающего {d}"
                      + (f" ({'; '.join(mods)})" if mods else "")
                      + f" — {row.describe()}: нападающий — {deal(row.attacker)}, "
                      f"отражающий — {deal(row.defender)}.", C.FIGHT_BOTH_ROLL,
                      C.STRIKE_TABLE, *((C.AXE,) if mods else ()), rolls=[a, d])
            if TE.DIE_ROLL in self.listeners():
                self.facts["fight"] = (actor, reflecting)     # «сражаясь» (514.1: both roll)
                try:
                    self.rolled(actor, a)
                    self.rolled(reflecting, d)
                finally:
                    self.facts.pop("fight", None)
            opt = options[0]
            if len(options) > 1:
                who = "нападающий" if options[1].stepped_up == "attacker" else "отражающий"
                step = inputs.choice(self, "step_up", f"ослабление удара ({who})", False,
                                     C.STEP_UP)
                if step:
                    opt = options[1]
                    self.emit("step-up", f"{who.capitalize()} выбросил больше и поднимается на "
                              f"строку вверх: нападающий — {deal(opt.attacker)}, "
                              f"отражающий — {deal(opt.defender)}; сам удара не получает.",
                              C.STEP_UP, C.STRIKE_TABLE)
                else:
                    self.emit("step-up", f"{who.capitalize()} мог ослабить удар, но не стал.",
                              C.STEP_UP)
            return opt.attacker, opt.defender, True
        raw = self.die(inputs, actor, f"нападающий «{actor.name}»", mode[0])
        self.facts["roll"] = raw
        ova = traits.number(KW.OVA)
        da = self.dice_bonus(actor, reflecting) if traits.bonuses else 0
        am = ova + da
        r = clamp(raw + am)
        att_str = closed_strength(r)
        extra = []
        if ova:
            extra.append(f"опыт в атаке +{ova}: {raw + ova}")
        if da:
            extra.append(f"к броску {da:+d}: {raw + am}")
        if r != raw + am:
            extra.append(f"сводится к {r}")
        self.emit("roll", f"Кубик бросает только нападающий ({why}): {raw}"
                  + (f" ({', '.join(extra)})" if extra else "")
                  + f" — {STRENGTH_RU[att_str]} удар.", *mode,
                  *((C.ROLL_CLAMP,) if r != raw + am else ()),
                  *((C.AXE,) if am else ()), rolls=[raw])
        self.rolled(actor, raw)
        return att_str, None, False

    def after_strike(self, src: Piece, dst: Piece, dealt: int, strength: Strength) -> bool:
        """What rides on a simple strike that landed: the card's bare riders and vampirism.
        Returns whether the strike counts as delivered (not wasted on a protection)."""
        kit = self.kit(src)
        traits = self.traits(src)
        if not self.landed_on(src, dst, K.STRIKE, strength):
            # the target is protected from this strike: it is wasted, and what rides on it too
            if kit.riders or traits.vampirism or any(
                    ab.event in (TE.ATTACK, TE.STRONG_ATTACK) for ab in kit.triggers):
                self.emit("riders-none", f"«{dst.name}» защищена от этого удара — сопутствующие "
                          "ему особенности тоже не действуют.", C.STRIKE, C.AXE)
            return False
        if kit.riders:
            ctx = Ctx(src, 0, "отравление", self.inputs, refs={"attacked": dst, "it": dst},
                      cites=(C.STRIKE,))
            self.interp.apply(kit.riders, ctx)
        if traits.vampirism and dealt > 0:
            if dst.incorporeal:
                self.emit("vampirism-none", "Вампиризм не действует против бестелесных.",
                          C.VAMPIRISM, C.INCORPOREAL)
            elif dst.is_artifact:
                self.emit("vampirism-none", "На артефакты нельзя применять вампиризм.",
                          C.VAMPIRISM, C.ARTIFACT)
            elif not (traits.restrictions and self.no_healing(src)):
                amount = dealt
                if traits.vampirism.amount is not None:     # «вампиризм на X-1, где X — …»
                    self.facts["dealt"] = dealt
                    amount = self.interp.amount(traits.vampirism.amount,
                                                Ctx(src, 0, "вампиризм", self.inputs,
                                                    refs={"attacked": dst}, cites=(C.VAMPIRISM,)))
                healed = min(amount, src.wounds)
                src.wounds -= healed
                self.emit("vampirism", f"Вампиризм: «{src.name}» излечивается на {healed}.",
                          C.VAMPIRISM, amount=healed)
        return True

    def strength_capped(self, src: Piece, dst: Piece, strength: str | None) -> str | None:
        """«{strike} по <этой карте / картам рядом с X> сводится к слабому»: a stronger simple
        strike at ``dst`` becomes that strength (the striker's weak value), before bonuses."""
        if strength is None:
            return None
        t = self.traits(dst)
        for cap in t.strength_caps:
            want = Strength(cap.params[1])
            if matches_kind((cap.params[0],), K.STRIKE) and want.index < Strength(strength).index \
                    and facts.matches(self, cap.target, dst, Ctx(dst, 0, "", self.inputs)) \
                    and (cap.by is None
                         or facts.matches(self, cap.by, src, Ctx(dst, 0, "", self.inputs))):
                origin = t.origin(cap)
                self.emit("cap", f"{STRENGTH_RU[strength].capitalize()} удар «{src.name}» по "
                          f"«{dst.name}» сводится к {TO_STRENGTH[want]}"
                          + (f" ({origin.note})" if origin.note else " (текст карты)") + ".",
                          C.STRIKE_TABLE, C.AXE)
                return want
        return strength

    # ------------------------------------------------------------ flyers
    def anti_air_problem(self, actor: Piece) -> Problem | None:
        from_enemy = self.state.creatures(board.other(actor.owner))
        if actor.flying:
            return Problem(f"«{actor.name}» сама летает", (C.FLYERS,))
        if not from_enemy or not all(p.flying for p in from_enemy):
            return Problem("закрыться на удар по летающему можно, только когда у противника "
                           "остались одни летающие", (C.FLYERS,))
        return self.act_problem(actor, "закрыться на удар по летающему")

    def anti_air(self, actor: Piece) -> bool:
        """«Закрыться на удар по летающему» (only flyers are left on the other side)."""
        problem = self.anti_air_problem(actor)
        if problem is not None:
            return self.cancel(problem)
        self.reveal_actor(actor)
        self.state.last_action = (actor.id, "anti_air")
        actor.markers["anti_air"] = 1
        self.close_after_action(actor, "закрылась на удар по летающему")
        self.acts(actor)
        self.emit("anti-air", f"«{actor.name}» в свой следующий ход сможет один раз напасть "
                  "простым ударом на летающего как на рядом стоящую карту.", C.FLYERS)
        return True

    def protected_from_strike(self, src: Piece, dst: Piece, strength) -> bool:
        return protected_now(self.traits(dst), K.STRIKE, src.flying, strength)
