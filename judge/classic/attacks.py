"""Attacks: the simple strike with its fight, defenders, ranged and special attacks, finishing,
poison and vampirism — every check cited, every refusal a ruling.

A mixin of ``judge.engine.Engine`` (it uses ``emit``, ``illegal``, ``wound``, ``can_act`` …), kept
in its own module because attacks are one topic: who may be hit from where (``melee_reach``,
``ranged_reach``), who may defend (``defender_problem``), how a strike's strength is rolled
(judge/combat.py), and what reaches the target after protections, reductions and armour
(``hit``).
"""
from __future__ import annotations

from collections.abc import Callable

from berserk.vocab import AttackKind as K
from berserk.vocab import CardType
from berserk.vocab import KeywordName as KW
from berserk.vocab import Strength
from grammar import ast as A
from judge.classic import board
from judge import cites as C
from judge.classic.combat import (
    STRENGTH_RU,
    clamp,
    closed_strength,
    fight_options,
    strength_value,
)
from judge.classic.state import AIR, FIELD, Piece
from judge.classic.traits import MAGICAL, RANGED, matches_kind, protected


def _ru(kind: str) -> str:
    """«выстрел»: how a message names an attack kind."""
    return K(kind).forms.nom


def _deal(strength: str | None) -> str:
    return "промах" if strength is None else f"{STRENGTH_RU[strength]} удар"


class AttackRules:
    # ------------------------------------------------------------ who may be hit
    def attackable(self, target: Piece) -> bool:
        if target.kind is CardType.TERRAIN:
            return self.illegal(f"местность «{target.name}» не может быть атакована.", C.TERRAIN)
        if target.kind is CardType.EQUIPMENT:
            return self.illegal(f"экипировка «{target.name}» не может быть атакована.",
                                C.EQUIPMENT)
        return True

    def melee_reach(self, actor: Piece, target: Piece, kind: str) -> bool:
        st = self.state
        clause = C.ATTACK_CLAUSE[kind]
        if actor.flying:
            return True                      # a flyer attacks any card (flyers)
        if target.flying:
            if kind == K.STRIKE and actor.markers.get("anti_air") == 2:
                # spent in ``strike`` once the strike goes ahead (a cancelled one keeps it)
                self.emit("anti-air", f"«{actor.name}» закрывалась на удар по летающему и бьёт "
                          f"«{target.name}» как рядом стоящую карту.", C.FLYERS)
                return True
            return self.illegal(f"«{actor.name}» не летает и не может нанести {_ru(kind)} "
                                f"летающему «{target.name}».", C.FLYERS, clause)
        a, t = st.position(actor), st.position(target)
        if a is None or t is None or not board.adjacent(a, t):
            return self.illegal(f"{_ru(kind)} наносится только по рядом стоящей карте, а "
                                f"«{target.name}» ({t}) не рядом с «{actor.name}» ({a}).", clause)
        return True

    def ranged_reach(self, actor: Piece, target: Piece, kind: str, rng: int | None) -> bool:
        st = self.state
        clause = C.ATTACK_CLAUSE[kind]
        if actor is target or (actor.zone == FIELD and st.position(actor) == st.position(target)):
            return self.illegal(f"{_ru(kind)} — дальняя атака; она наносится на расстоянии, "
                                "а не по самой действующей карте.", C.RANGED, clause)
        if target.flying:
            if kind == K.UCHR:
                return self.illegal(f"удар через ряд нельзя объявить по летающему "
                                    f"«{target.name}».", C.UCHR, C.FLYERS)
            self.emit("reach", f"«{target.name}» летает: дальнюю атаку по летающему можно "
                      "объявить всегда, независимо от дальности.", C.RANGED, C.FLYERS)
            return True
        if actor.flying:
            return True
        a, t = st.position(actor), st.position(target)
        if board.adjacent(a, t):
            return self.illegal(f"{_ru(kind)} — дальняя атака; её нельзя наносить по рядом "
                                f"стоящей карте ({a}→{t}).", C.RANGED, clause)
        if kind == K.UCHR:
            middle = board.through_row_middle(a, t)
            if middle is None:
                return self.illegal(f"удар через ряд бьёт только по вертикали или горизонтали "
                                    f"через одну клетку; {a}→{t} не такая линия.", C.UCHR)
            between = st.at(middle)
            if between is not None and between.owner != actor.owner:
                return self.illegal(f"удар через ряд нельзя наносить через карту противника "
                                    f"(«{between.name}» на {middle}).", C.UCHR)
        if rng is not None and board.distance(a, t) > rng:
            return self.illegal(f"до «{target.name}» {board.distance(a, t)} клетки, а дальность "
                                f"атаки {rng}.", C.RANGED, clause)
        return True

    # ------------------------------------------------------------ defenders
    def defender_problem(self, actor: Piece, target: Piece, d: Piece,
                         kind: str) -> tuple[str, tuple[str, ...]] | None:
        st = self.state
        traits = st.traits(actor)
        if kind != K.STRIKE:
            return "защитника можно назначить только от простого удара", (C.DEFENDER,)
        if traits.has(KW.DIRECT):
            return ("от направленного удара нельзя назначить защитника",
                    (C.DIRECT, C.AXE, C.DEFENDER))
        if traits.has(KW.UNANSWERABLE):
            return ("от безответного удара нельзя назначить защитника",
                    (C.UNANSWERABLE, C.AXE, C.DEFENDER))
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
        if d.hidden or d.closed:
            return "защитником может стать только открытая карта", (C.DEFENDER,)
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

    def possible_defenders(self, actor: Piece, target: Piece) -> list[Piece]:
        return [d for d in self.state.on_table(target.owner)
                if d.zone in (FIELD, AIR)
                and self.defender_problem(actor, target, d, K.STRIKE) is None]

    # ------------------------------------------------------------ bonuses and damage
    def selector_matches(self, sel: A.Selector | None, target: Piece, owner: str) -> bool | None:
        """Does a bonus's «по …» selector fit the target?  None when it cannot be checked."""
        if sel is None:
            return True
        if sel.side == "enemy" and target.owner == owner or sel.side == "own" and target.owner != owner:
            return False
        if sel.noun == "flyer" and not target.flying:
            return False
        for q in sel.qualifiers:
            if q == "closed":
                ok = target.closed
            elif q == "open":
                ok = not target.closed
            elif q == "flying":
                ok = target.flying
            elif q == "nonflying":
                ok = not target.flying
            elif q == "wounded":
                ok = target.wounds > 0
            elif q == "unwounded":
                ok = target.wounds == 0
            elif q == "poisoned":
                ok = bool(target.markers.get("poison"))
            elif q.startswith("element:"):
                ok = q.split(":", 1)[1] in target.card.elements
            else:
                return None
            if not ok:
                return False
        return True

    def bonus(self, src: Piece, dst: Piece, kind: str) -> int:
        total = 0
        for b in self.state.traits(src).bonuses:
            if not matches_kind(b.to, kind) or b.strengths:
                continue
            fits = self.selector_matches(b.against, dst, src.owner)
            if fits is None:
                self.refuse(src, "бонус к удару", "условие «по …» судья пока не проверяет")
                continue
            if fits:
                total += b.amount.value
                self.emit("bonus", f"«{src.name}»: +{b.amount.value} к {K(kind).forms.dat}"
                          + (f" по «{dst.name}»" if b.against else "") + ".", C.BONUS, C.AXE)
        return total

    def hit(self, src: Piece, dst: Piece, kind: str, damage: int, *cites: str) -> int:
        """Damage ``damage`` of an attack of ``kind`` reaching ``dst``: protections, reductions
        («-N от …») and armour first; returns the wounds given."""
        st = self.state
        tr = st.traits(dst)
        self.note_refused(dst)
        if damage <= 0:
            self.emit("no-wounds", f"Атака на 0 не ранит «{dst.name}».", *cites)
            return 0
        if protected(tr.protections, kind, src.flying):
            what = ("атак летающих" if src.flying and not protected(tr.protections, kind)
                    else f"этой атаки ({_ru(kind)})")
            self.emit("protected", f"«{dst.name}» защищена от {what} и не получает ран.",
                      *cites, C.AXE, *((C.FLYERS,) if what == "атак летающих" else ()))
            return 0
        for r in tr.reductions:
            if matches_kind(r.against, kind) and not r.strengths:
                cut = min(r.amount.value, damage)
                damage -= cut
                self.emit("reduction", f"«{dst.name}»: −{cut} от этой атаки (текст карты).",
                          *cites, C.AXE)
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

    def apply_poison(self, dst: Piece, amount: int, src: Piece) -> None:
        if dst.is_artifact:
            self.emit("poison-none", f"На артефакт «{dst.name}» нельзя применять отравление.",
                      C.POISON, C.ARTIFACT)
        elif dst.incorporeal:
            self.emit("poison-none", f"Отравление не действует на бестелесную «{dst.name}».",
                      C.POISON, C.INCORPOREAL)
        elif protected(self.state.traits(dst).protections, K.POISON):
            self.emit("protected", f"«{dst.name}» защищена от отравления.", C.POISON, C.AXE)
        elif K.EFFECTS in self.state.traits(dst).protections:
            # the rules define poison as a воздействие, like finishing
            self.emit("protected", f"«{dst.name}» защищена от воздействий, а отравление — "
                      "воздействие.", C.POISON, C.NAMED_EFFECT, C.AXE)
        elif not dst.on_table:
            return
        else:
            dst.markers["poison"] = max(dst.markers.get("poison", 0), amount)
            self.emit("poisoned", f"«{dst.name}» отравлена на {amount} (от «{src.name}»).",
                      C.POISON, amount=amount)

    def after_strike(self, src: Piece, dst: Piece, dealt: int) -> None:
        """What rides on a simple strike that landed: poison riders and vampirism."""
        traits = self.state.traits(src)
        if protected(self.state.traits(dst).protections, K.STRIKE, src.flying):
            # the target is protected from this strike: it is wasted, and what rides on it too
            if traits.strike_riders or traits.vampirism:
                self.emit("riders-none", f"«{dst.name}» защищена от этого удара — сопутствующие "
                          "ему особенности тоже не действуют.", C.STRIKE, C.AXE)
            return
        for rider in traits.strike_riders:
            if isinstance(rider.amount, A.Fixed):
                self.apply_poison(dst, rider.amount.value, src)
        if traits.vampirism and dealt > 0:
            if dst.incorporeal:
                self.emit("vampirism-none", "Вампиризм не действует против бестелесных.",
                          C.VAMPIRISM, C.INCORPOREAL)
            elif dst.is_artifact:
                self.emit("vampirism-none", "На артефакты нельзя применять вампиризм.",
                          C.VAMPIRISM, C.ARTIFACT)
            else:
                healed = min(dealt, src.wounds)
                src.wounds -= healed
                self.emit("vampirism", f"Вампиризм: «{src.name}» излечивается на {healed}.",
                          C.VAMPIRISM, amount=healed)

    # ------------------------------------------------------------ instants
    def resolve_stack(self, responses: list[Callable[[], object]]) -> None:
        if not responses:
            return
        self.emit("stack", f"Объявлено внезапных действий: {len(responses)}; они выполняются, "
                  "начиная с последнего объявленного.", C.INSTANT)
        for r in reversed(responses):
            r()

    def still_there(self, actor: Piece, target: Piece, tap: bool = True) -> bool:
        if not actor.on_table:
            return self.illegal(f"«{actor.name}» уже не в игре — атака не может быть выполнена.",
                                C.DEATH)
        if tap and actor.closed:
            return self.illegal(f"«{actor.name}» закрыта до выполнения атаки.", C.ACTION_CLOSE)
        if not target.on_table:
            return self.illegal(f"цель «{target.name}» уже не в игре.", C.DEATH)
        return True

    def reveal(self, target: Piece, why: str = "она атакована") -> None:
        if target.hidden:
            target.hidden = False
            self.emit("reveal", f"Карта рубашкой вверх вскрывается ({why}): второй игрок обязан "
                      f"её перевернуть — это «{target.name}».", C.HIDDEN_ROW)

    # ------------------------------------------------------------ the simple strike
    def strike(self, actor: Piece, target: Piece, inputs, responses=(),
               as_response: bool = False) -> bool:
        st = self.state
        if as_response:
            return self.illegal("простой удар — не внезапное действие; в ответ его объявить "
                                "нельзя.", C.INSTANT, C.STRIKE)
        if not self.can_act(actor, "нападать"):
            return False
        if not self.on_table(target, "цель") or not self.attackable(target):
            return False
        if not self.melee_reach(actor, target, K.STRIKE):
            return False
        self.reveal_actor(actor)
        self.emit("declare", f"«{actor.name}» ({actor.where}) нападает простым ударом на "
                  f"«{target.name}» ({target.where}).", C.STRIKE)
        self.resolve_stack(list(responses))
        if not self.still_there(actor, target):
            return False
        if target.flying and not actor.flying:
            actor.markers.pop("anti_air", None)      # its one strike on a flyer is made
        self.reveal(target)
        traits = st.traits(actor)
        reflecting, defender = target, None
        named = "defender" in inputs.choices
        choice = inputs.choices.get("defender")
        if not named and inputs.strict and self.possible_defenders(actor, target):
            inputs.choice(self, "defender", "защитник", None, C.DEFENDER)
        if choice is not None:
            problem = self.defender_problem(actor, target, choice, K.STRIKE)
            if problem:
                self.illegal(f"«{choice.name}» не может стать защитником: {problem[0]}.",
                             *problem[1])
            else:
                defender = reflecting = choice
                self.emit("defender", f"Назначен защитник «{choice.name}» ({choice.where}); он "
                          f"отражает удар вместо «{target.name}».", C.DEFENDER,
                          *((C.FLYERS,) if actor.flying or target.flying else ()))
        self.note_refused(reflecting)        # its unread abilities might change the fight
        # how the strike is rolled
        if traits.has(KW.UNANSWERABLE):
            mode = (C.AS_ON_CLOSED, C.UNANSWERABLE)
            why = "безответный удар считается как по закрытой карте"
        elif reflecting.owner == actor.owner:
            mode, why = (C.OWN_CARD,), "удар по карте своего отряда — как по закрытой"
        elif reflecting.is_artifact:
            mode, why = (C.ARTIFACT, C.CLOSED_TARGET), "артефакт не отражает удары"
        elif reflecting.closed:
            mode, why = (C.CLOSED_TARGET,), "отражающая карта закрыта и не сражается"
        else:
            mode, why = None, ""
        if mode is None:
            a = inputs.roll(self, f"нападающий «{actor.name}»", C.FIGHT_BOTH_ROLL)
            d = inputs.roll(self, f"отражающий «{reflecting.name}»", C.FIGHT_BOTH_ROLL)
            am, dm = traits.number(KW.OVA), st.traits(reflecting).number(KW.OVZ)
            options = fight_options(a + am, d + dm)
            row = options[0].row
            mods = []
            if am:
                mods.append(f"опыт в атаке +{am}: {a + am}")
            if dm:
                mods.append(f"опыт в защите +{dm}: {d + dm}")
            self.emit("fight", f"Сражение: у нападающего {a}, у отражающего {d}"
                      + (f" ({'; '.join(mods)})" if mods else "")
                      + f" — {row.describe()}: нападающий — {_deal(row.attacker)}, "
                      f"отражающий — {_deal(row.defender)}.", C.FIGHT_BOTH_ROLL,
                      C.STRIKE_TABLE, *((C.AXE,) if mods else ()), rolls=[a, d])
            opt = options[0]
            if len(options) > 1:
                who = "нападающий" if options[1].stepped_up == "attacker" else "отражающий"
                step = inputs.choice(self, "step_up", f"ослабление удара ({who})", False,
                                     C.STEP_UP)
                if step:
                    opt = options[1]
                    self.emit("step-up", f"{who.capitalize()} выбросил больше и поднимается на "
                              f"строку вверх: нападающий — {_deal(opt.attacker)}, "
                              f"отражающий — {_deal(opt.defender)}; сам удара не получает.",
                              C.STEP_UP, C.STRIKE_TABLE)
                else:
                    self.emit("step-up", f"{who.capitalize()} мог ослабить удар, но не стал.",
                              C.STEP_UP)
            att_str, def_str = opt.attacker, opt.defender
        else:
            raw = inputs.roll(self, f"нападающий «{actor.name}»", mode[0])
            am = traits.number(KW.OVA)
            r = clamp(raw + am)
            att_str, def_str = closed_strength(r), None
            extra = []
            if am:
                extra.append(f"опыт в атаке +{am}: {raw + am}")
            if r != raw + am:
                extra.append(f"сводится к {r}")
            self.emit("roll", f"Кубик бросает только нападающий ({why}): {raw}"
                      + (f" ({', '.join(extra)})" if extra else "")
                      + f" — {STRENGTH_RU[att_str]} удар.", *mode,
                      *((C.ROLL_CLAMP,) if r != raw + am else ()),
                      *((C.AXE,) if am else ()), rolls=[raw])
        # both strikes land at once (514.1); a miss deals nothing and triggers nothing (514.5)
        hits = []
        if att_str is None:
            self.emit("miss", f"Нападающий «{actor.name}» промахивается: ран нет, сопутствующие "
                      "удару особенности не срабатывают.", C.MISS)
        else:
            dmg = strength_value(actor.strike, att_str)
            hits.append((actor, reflecting, dmg + self.bonus(actor, reflecting, K.STRIKE),
                         (C.STRIKE,)))
        if def_str is not None:
            dmg = strength_value(reflecting.strike, def_str)
            self.emit("response", f"Ответный удар «{reflecting.name}» ({STRENGTH_RU[def_str]}) — "
                      "простой удар со всеми его особенностями, без закрытия.", C.RESPONSE)
            hits.append((reflecting, actor, dmg + self.bonus(reflecting, actor, K.STRIKE),
                         (C.RESPONSE,)))
        elif mode is None and att_str is not None:
            self.emit("miss", f"Отражающий «{reflecting.name}» не наносит удара.", C.MISS)
        dealt = [(src, dst, self.hit(src, dst, K.STRIKE, dmg, *cs)) for src, dst, dmg, cs in hits]
        for src, dst, n in dealt:
            self.after_strike(src, dst, n)
        if traits.has(KW.NO_CLOSE_AFTER_ATTACK):
            actor.acted = True
            self.emit("no-close", f"«{actor.name}» после нападения не закрывается (текст карты "
                      "сильнее правила о закрытии).", C.AXE, C.ACTION_CLOSE)
        else:
            self.close_after_action(actor, "нападение")
        if defender is not None and defender.on_table:
            defender.closed, defender.acted = True, True
            self.emit("closed", f"Защитник «{defender.name}» закрывается после защиты.",
                      C.DEFENDER)
        self.check_deaths()
        return True

    # ------------------------------------------------------------ choosing the ability
    def pick_usable(self, actor: Piece, kinds: tuple[str, ...], inputs, clause: str):
        """The ability of ``kinds`` the player uses.  A card may have several (a plain shot and a
        stronger one for counters): the player names it — the scenario's ``ability``, the line of
        the card's text — and the judge never guesses silently.  Returns the ``Usable``, None
        when the card has none of these, or False when the named line is not one of them."""
        found = [u for u in self.state.traits(actor).usables if u.kind in kinds]
        if not found:
            return None
        if len(found) == 1 and "ability" not in inputs.choices:
            return found[0]
        lines = ", ".join(f"{u.index} — «{u.text}»" for u in found)
        n = inputs.choice(self, "ability", f"какую особенность «{actor.name}» применить "
                          f"(строка текста: {lines})", found[0].index, clause)
        u = next((u for u in found if str(u.index) == str(n)), None)
        if u is None:
            self.illegal(f"в строке {n} текста «{actor.name}» нет такой особенности (есть: "
                         f"{lines}).", clause)
            return False
        return u

    # ------------------------------------------------------------ attacks from abilities
    def ability_attack(self, actor: Piece, target: Piece, kind: str, inputs, responses=(),
                       as_response: bool = False) -> bool:
        st = self.state
        clause = C.ATTACK_CLAUSE[kind]
        if not self.on_table(actor, "действующая карта"):
            return False
        u = self.pick_usable(actor, (kind,), inputs, clause)
        if u is False:
            return False
        if u is None:
            self.note_refused(actor)
            return self.illegal(f"у «{actor.name}» нет особенности «{_ru(kind)}», которую "
                                "судья может применить.", clause)
        if as_response and not u.instant:
            return self.illegal(f"«{u.text}» — не внезапное действие; в ответ его объявить "
                                "нельзя.", C.INSTANT)
        if not self.can_act(actor, f"применить {_ru(kind)}", instant=u.instant,
                            tap=u.cost.tap):
            return False
        need = u.cost.counters or 0
        if need > actor.counters:
            return self.illegal(f"для «{u.text}» нужно фишек: {need}, а на «{actor.name}» "
                                f"{actor.counters}.", C.COUNTERS)
        if not self.on_table(target, "цель") or not self.attackable(target):
            return False
        effect: A.Attack = u.effect
        if kind in RANGED:
            if not self.ranged_reach(actor, target, kind, effect.range):
                return False
        elif not self.melee_reach(actor, target, kind):
            return False
        self.reveal_actor(actor)
        self.emit("declare", f"«{actor.name}» ({actor.where}) применяет «{u.text}» по "
                  f"«{target.name}» ({target.where})"
                  + (" как внезапное действие" if u.instant else "") + ".", clause,
                  *((C.INSTANT,) if u.instant else ()))
        named = inputs.choices.get("defender")
        if named is not None:
            problem = self.defender_problem(actor, target, named, kind)
            self.illegal(f"«{named.name}» не может стать защитником: {problem[0]}.", *problem[1])
        self.resolve_stack(list(responses))
        if not self.still_there(actor, target, u.cost.tap):
            return False
        self.reveal(target)
        dmg = self.attack_damage(actor, effect, inputs, clause)
        dmg += self.bonus(actor, target, kind)
        self.hit(actor, target, kind, dmg, clause)
        for rider in effect.riders:
            if isinstance(rider, A.Poison) and isinstance(rider.amount, A.Fixed):
                if not protected(st.traits(target).protections, kind, actor.flying):
                    self.apply_poison(target, rider.amount.value, actor)
            else:
                self.refuse(actor, u.text, "сопутствующий эффект этого вида пока не применяется")
        self.pay(actor, u, _ru(kind))
        self.check_deaths()
        return True

    def attack_damage(self, actor: Piece, effect: A.Attack, inputs, clause: str) -> int:
        d = effect.damage
        if isinstance(d, A.Fixed):
            self.emit("damage", f"Сила атаки фиксирована: {d.value} — кубик не нужен.", clause,
                      C.AS_ON_CLOSED)
            return d.value
        if isinstance(d, A.ByStrength):
            roll = inputs.roll(self, f"«{actor.name}»", C.AS_ON_CLOSED)
            r = clamp(roll)
            s = closed_strength(r)
            value = strength_value((d.weak, d.medium, d.strong), s)
            self.emit("roll", f"Кубик бросает только нападающий (как по закрытой карте): {roll} "
                      f"— {Strength(s).fem} атака, {value}.", C.AS_ON_CLOSED, clause,
                      rolls=[roll])
            return value
        if isinstance(d, A.Variable):
            x = int(inputs.choice(self, "x", "значение X", 0, clause))
            value = x + d.offset
            if d.maximum is not None:
                value = min(value, d.maximum)
            self.emit("damage", f"X = {x}: сила атаки {value}.", clause)
            return value
        # «Разряд» with no strength: the seeds fix it at 0
        self.emit("damage", "Сила не указана — атака на 0.", clause)
        return 0

    def pay(self, actor: Piece, u, what: str) -> None:
        if u.cost.counters:
            actor.counters -= u.cost.counters
            self.emit("counter", f"«{actor.name}» тратит фишек: {u.cost.counters} (осталось "
                      f"{actor.counters}).", C.COUNTERS)
        if u.cost.tap:
            self.close_after_action(actor, what)

    # ------------------------------------------------------------ finishing
    def _can_use(self, actor, u, target, as_response: bool, what: str, what_gen: str,
                 verb: str) -> bool:
        """The checks every targeted ability shares, in the order the legality rule needs:
        instant when answering, the card may act, counters to pay, a target on the table."""
        if as_response and not u.instant:
            return self.illegal(f"{what} — не внезапное действие.", C.INSTANT)
        if not self.can_act(actor, verb, instant=u.instant, tap=u.cost.tap, artifact_ok=True):
            return False
        if (u.cost.counters or 0) > actor.counters:
            return self.illegal(f"для {what_gen} нужно фишек: {u.cost.counters}, а на "
                                f"«{actor.name}» {actor.counters}.", C.COUNTERS)
        return self.on_table(target, "цель")

    def finish(self, actor: Piece, target: Piece, inputs, as_response: bool = False) -> bool:
        st = self.state
        if not self.on_table(actor, "действующая карта"):
            return False
        u = self.pick_usable(actor, ("finishing",), inputs, C.FINISHING)
        if u is False:
            return False
        if u is None:
            return self.illegal(f"у «{actor.name}» нет добивания.", C.FINISHING)
        if not self._can_use(actor, u, target, as_response, "добивание", "добивания", "добивать"):
            return False
        a, t = st.position(actor), st.position(target)
        if a is None or t is None or not board.adjacent(a, t):
            return self.illegal(f"добивание действует только на рядом стоящую карту, а "
                                f"«{target.name}» не рядом.", C.FINISHING)
        self.reveal_actor(actor)
        self.note_refused(target)
        self.reveal(target, "на неё применяют добивание")
        if target.is_artifact:
            return self.illegal("на артефакты нельзя применять добивание.", C.FINISHING,
                                C.ARTIFACT)
        if not target.is_creature:
            return self.illegal(f"«{target.name}» — не существо.", C.FINISHING)
        if target.incorporeal:
            return self.illegal("добивание не действует против бестелесных.", C.FINISHING,
                                C.INCORPOREAL)
        if target.symbiote:
            return self.illegal("добивание не действует против симбиотов.", C.FINISHING,
                                C.SYMBIOTE)
        x = u.effect.amount.value if isinstance(u.effect.amount, A.Fixed) else None
        if x is None:
            x = int(inputs.choice(self, "x", "значение X добивания", 0, C.FINISHING))
        if target.lives > x:
            return self.illegal(f"у «{target.name}» осталось жизней: {target.lives} — больше, "
                                f"чем {x}; добивание на {x} невозможно.", C.FINISHING)
        if protected(st.traits(target).protections, K.EFFECTS):
            self.emit("protected", f"«{target.name}» защищена от воздействий.", C.FINISHING,
                      C.AXE)
        else:
            self.emit("finishing", f"«{actor.name}» добивает «{target.name}» (осталось жизней "
                      f"{target.lives} ≤ {x}).", C.FINISHING, C.NAMED_EFFECT)
            self.bury(target, f"«{target.name}» уничтожена добиванием и уходит на кладбище.",
                      C.FINISHING, C.DEATH)
            self.check_victory()
        self.pay(actor, u, "добивание")
        return True

    # ------------------------------------------------------------ flyers
    def anti_air(self, actor: Piece) -> bool:
        """«Закрыться на удар по летающему» (only flyers are left on the other side)."""
        enemy = self.state.creatures(board.other(actor.owner))
        if actor.flying:
            return self.illegal(f"«{actor.name}» сама летает.", C.FLYERS)
        if not enemy or not all(p.flying for p in enemy):
            return self.illegal("закрыться на удар по летающему можно, только когда у "
                                "противника остались одни летающие.", C.FLYERS)
        if not self.can_act(actor, "закрыться на удар по летающему"):
            return False
        self.reveal_actor(actor)
        actor.markers["anti_air"] = 1
        self.close_after_action(actor, "закрылась на удар по летающему")
        self.emit("anti-air", f"«{actor.name}» в свой следующий ход сможет один раз напасть "
                  "простым ударом на летающего как на рядом стоящую карту.", C.FLYERS)
        return True

    # ------------------------------------------------------------ воздействия и заклинания
    def use_effect(self, actor: Piece, target: Piece, inputs, as_response: bool = False) -> bool:
        """An ability that is not an attack: «Воздействие «…» — …», «Заклинание «…» — …»,
        «{tap}: Излечить …», «{tap}: Ранить …».  Not a fight: the target does not answer."""
        st = self.state
        if not self.on_table(actor, "действующая карта"):
            return False
        u = self.pick_usable(actor, ("named", "spell", "heal", "wound", "poison"), inputs,
                             C.NAMED_EFFECT)
        if u is False:
            return False
        if u is None:
            self.note_refused(actor)
            return self.illegal(f"у «{actor.name}» нет воздействия или заклинания, которое судья "
                                "может применить.", C.NAMED_EFFECT)
        spell = u.kind == "spell"
        clause = C.SPELL if spell else C.NAMED_EFFECT
        if not self._can_use(actor, u, target, as_response, f"«{u.text}»", f"«{u.text}»",
                             "применить особенность"):
            return False
        body = u.effect.body if isinstance(u.effect, A.Named) else (u.effect,)
        steps = []
        for e in body:
            amount = getattr(e, "amount", None)
            if not isinstance(e, (A.Wound, A.Heal, A.Poison)) or not isinstance(amount, A.Fixed):
                self.refuse(actor, u.text, "эффект этого вида судья пока не применяет")
                return self.illegal("особенность не может быть выполнена судьёй.", clause)
            steps.append((e, amount.value))
        self.reveal_actor(actor)
        self.note_refused(target)
        self.reveal(target, "на неё применяют воздействие или заклинание")
        if any(isinstance(e, A.Heal) for e, _ in steps) and target.is_artifact:
            return self.illegal("артефакты не излечиваются.", C.ARTIFACT, clause)
        if target.kind in (CardType.TERRAIN, CardType.EQUIPMENT):
            # neither fights, nor can be attacked, nor takes wounds: nothing here applies to it
            return self.illegal(f"«{target.name}» — {target.kind}: она не получает ран, не "
                                "излечивается и не отравляется.",
                                C.TERRAIN if target.kind is CardType.TERRAIN else C.EQUIPMENT, clause)
        self.emit("declare", f"«{actor.name}» применяет «{u.text}» к «{target.name}» "
                  f"({target.where}): это не атака — цель не сражается и не отвечает.", clause)
        guard = K.SPELLS if spell else K.EFFECTS
        prot = st.traits(target).protections
        if guard in prot or (spell and (K.MAGIC in prot or K.MAGICAL in prot)):
            self.emit("protected", f"«{target.name}» защищена от "
                      + ("заклинаний" if spell else "воздействий") + " — эффект не действует.",
                      clause, C.AXE)
        else:
            for e, n in steps:
                if isinstance(e, A.Wound):
                    self.wound(target, n, actor, guard, clause)
                elif isinstance(e, A.Heal):
                    healed = min(n, target.wounds)
                    target.wounds -= healed
                    self.emit("heal", f"«{target.name}» излечивается на {healed}.", clause,
                              amount=healed)
                else:
                    self.apply_poison(target, n, actor)
        self.pay(actor, u, "заклинание" if spell else "воздействие")
        self.check_deaths()
        return True
