"""The strike attack (108.2, 307, 506–510) and the fight an ability starts (507.4, term:Сразиться).

A strike attack: the active player names an open creature of theirs that has not attacked this
turn and is not under first-turn weakness (108.5; Рывок lifts it), and an opposing character
(507.1, 507.2; not a support, 212.4; heroes never attack, 209.4).  Declaring it takes the
108.2 marker; «когда противник объявляет атаку» triggers are queued and resolved; then the
non-active player may name a defender — another open creature of theirs that has not defended
this turn, not against Направленный удар (509); the defender becomes the final target (502.1,
508.3).  Calculation (508.4.1, 523.1): the strike, target-dependent bonuses (+N к удару по …,
Гнев), «−X от атак», floor 0 (512.1).  An open creature as the final target fights back (510.1,
510.2) — simultaneously, unless Первый / Последний удар; a closed creature or a hero just takes
the wounds (510.3).  Then the «при атаке / при ударе» triggers (307.2) and, once the queue is
empty, the attacker and the defender close if alive — Опыт в атаке / в защите keep them open
(307.3, 509.5; Axe rule 511.1).  The creature attacked directly does not close (design R11).

A mixin of the Engine.
"""
from __future__ import annotations

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as E
from berserk.vocab import Verb
from grammar import ast as A
from judge.core.trace import Unnamed
from judge.heroes import cites as C
from judge.heroes.model import ATTACKED, DEFENDED, Obj


class Attacks:
    # ---------------------------------------------------------------- strength (508.4.1, 523)
    def attack_strength(self, source: Obj, target: Obj, base: int, kind: str,
                        quiet: bool = False) -> int:
        add, sub, notes = 0, 0, []
        printed = source.base("strike_value") or 0
        if kind == K.STRIKE and base != printed:
            notes.append(f"напечатано {printed}, с эффектами и постоянными способностями {base}")
        if kind == K.STRIKE:
            for b in self.nodes(source, A.Bonus):
                if K.STRIKE not in b.to or b.against is None or not isinstance(b.amount, A.Fixed):
                    continue
                n = int(b.amount.value)
                if self.matches_from(b.against, target, source):
                    add, sub = (add + n, sub) if n >= 0 else (add, sub - n)
                    notes.append(f"{n:+d} по «{target.name}»")
                else:
                    notes.append(f"{n:+d} не действует: «{target.name}» не подходит")
            if self.has(source, KW.WRATH) and target.is_creature and \
                    target.id in self.g.wounded_this_turn:
                add += 1
                notes.append("+1 Гнев")
        for r in self.nodes(target, A.Reduction):
            if kind in r.against or K.ANY in r.against:
                sub += int(r.amount.value)
                notes.append(f"−{int(r.amount.value)} от атак «{target.name}»")
        raw = base + add - sub
        value = max(raw, 0)
        if (notes or raw < 0) and not quiet:
            self.emit("calc", f"Сила атаки «{source.name}» по «{target.name}»: {base}"
                      + (f" ({', '.join(notes)})" if notes else "") + f" = {raw}"
                      + (" → считается 0" if raw < 0 else "") + ".",
                      C.CALCULATION, C.MODIFIER_ORDER,
                      *((C.STATIC,) if kind == K.STRIKE and base != printed and any(
                          K.STRIKE in b.to and b.against is None
                          for b in self.nodes(source, A.Bonus)) else ()),
                      *((C.T_WRATH,) if "+1 Гнев" in notes else ()),
                      *((C.T_REDUCTION, C.ZERO, C.MODIFIER_FLOOR) if raw < 0 else
                        (C.T_REDUCTION,) if sub else ()))
        return value

    # ---------------------------------------------------------------- checks
    def attack_problem(self, attacker: Obj, target: Obj, player: str) -> tuple | None:
        g = self.g
        if not attacker.in_play or attacker.controller != player:
            return (f"«{attacker.name}» не существо игрока {player} в игре", C.ATTACK_WHOM)
        if attacker.is_hero:
            return (f"«{attacker.name}» — герой: герой не атакует ударом", C.HERO_NO_ATTACK)
        if not attacker.is_creature:
            return (f"«{attacker.name}» — не существо: атакуют ударом только существа",
                    C.CREATURE, C.STRIKE_ATTACK)
        if player != g.active:
            return (f"атаку ударом объявляет активный игрок, а сейчас ход {g.active}",
                    C.ATTACK_PHASE)
        if attacker.closed:
            return (f"«{attacker.name}» закрыт: атакует только открытое существо",
                    C.ACTION_OPEN, C.STRIKE_ATTACK)
        if self.weak(attacker):
            return (f"«{attacker.name}» появился под контролем {player} в этот ход — слабость "
                    "первого хода (нет Рывка)", C.WEAKNESS, C.CONTROL_WEAKNESS)
        for src in self.g.in_play():
            for r in self.nodes(src, A.Restriction):
                if r.what == Verb.ATTACK and r.subject is not None and r.only is None and \
                        self.matches_from(r.subject, attacker, src):
                    cites = (C.CANNOT, C.PROHIBITION)
                    if self.has(attacker, KW.DASH):
                        cites += (C.T_DASH,)
                    return (f"«{src.name}» запрещает «{attacker.name}» атаковать — запрет сильнее "
                            "разрешения", *cites)
        times = max([p.times or 1 for p in self.nodes(attacker, A.Permission)
                     if p.what == Verb.ATTACK] + [1])
        if attacker.used.get(ATTACKED, 0) >= times:
            return (f"«{attacker.name}» уже атаковал ударом в этот ход (1 раз за ход)",
                    C.STRIKE_ATTACK, C.T_ONCE)
        for r in self.nodes(attacker, A.Restriction):
            if r.what == Verb.ATTACK and r.subject is None and r.only is None:
                bad = [s for s in r.params if isinstance(s, A.Selector)]
                if not bad or any(self.matches_from(s, target, attacker) for s in bad):
                    return (f"«{attacker.name}» не может атаковать «{target.name}» (запрет "
                            "в тексте карты)", C.CANNOT, C.PROHIBITION)
        return self.target_problem_attack(attacker, target)

    def target_problem_attack(self, attacker: Obj, target: Obj) -> tuple | None:
        if not target.in_play:
            return (f"«{target.name}» {self.where(target)}", C.ATTACK_WHOM)
        if target.is_support:
            return (f"«{target.name}» — карта поддержки: её нельзя атаковать",
                    C.SUPPORT_NOT_ATTACKED)
        if not target.is_character:
            return (f"«{target.name}» — не персонаж", C.ATTACK_WHOM)
        if target.controller == attacker.controller:
            return (f"«{target.name}» — свой персонаж: атаковать можно только персонажа "
                    "противника", C.ATTACK_NOT_OWN)
        if target.hidden:
            return (f"«{target.name}» скрыт: не может быть целью атаки", C.T_HIDDEN)
        for k in self.nodes(target, A.Keyword):
            if k.name == KW.ELUSIVE and not target.closed and \
                    self.matches_from(k.against, attacker, target):
                return (f"у «{target.name}» Неуловимость от таких существ, пока он открыт",
                        C.T_ELUSIVE, C.ILLEGAL)
        return self.forced_problem(attacker, target)

    def forced_problem(self, attacker: Obj, target: Obj) -> tuple | None:
        """514.1, 502.9: cards that oblige attackers to choose them (several that contradict
        each other: no legal target at all)."""
        forced = {o.id: o for o in self.g.in_play(target.controller)
                  for r in self.nodes(o, A.Restriction)
                  if r.what == Verb.ATTACK and r.only is not None and r.subject is not None
                  and self.matches_from(r.subject, attacker, o)}
        if len(forced) > 1:
            return ("несколько карт противника обязывают атаковать только их — легальной цели "
                    "нет", C.ILLEGAL, C.ALL_RESTRICTIONS)
        if forced and target.id not in forced:
            only = next(iter(forced.values()))
            return (f"«{only.name}» обязывает выбирать целью атаки ударом только его",
                    C.ILLEGAL, C.ALL_RESTRICTIONS)
        return None

    def defender_problem(self, attacker: Obj, target: Obj, d: Obj) -> tuple | None:
        if d.is_hero:
            return (f"«{d.name}» — герой: герой не бывает защитником", C.HERO_NO_ATTACK)
        if not (d.in_play and d.is_creature and d.controller == target.controller):
            return (f"«{d.name}» — не существо игрока {target.controller} в игре", C.DEFENDER)
        if d is target:
            return (f"«{d.name}» и так цель атаки: защитником становится другое существо",
                    C.ATTACK_PHASE)
        if self.has(attacker, KW.DIRECT):
            return (f"у «{attacker.name}» Направленный удар: защитника не назначают",
                    C.DEFENDER_SIMPLE, C.T_DIRECT)
        if d.closed:
            return (f"«{d.name}» закрыт: защитником становится только открытое существо",
                    C.DEFENDER, C.ACTION_OPEN)
        if d.used.get(DEFENDED):
            return (f"«{d.name}» уже был защитником в этот ход", C.DEFENDER_ONCE,
                    C.DEFENDER_PROPERTY)
        if any(r.what == Verb.DEFEND for r in self.nodes(d, A.Restriction)):
            return (f"«{d.name}» не может быть защитником", C.CANNOT)
        for k in self.nodes(attacker, A.Keyword):
            if k.name == KW.ELUSIVE and self.matches_from(k.against, d, attacker):
                return (f"у «{attacker.name}» Неуловимость от таких существ", C.T_ELUSIVE)
        return None

    # ---------------------------------------------------------------- 307: the strike attack
    def strike_attack(self, attacker: Obj, target: Obj, player: str, defender) -> bool:
        if self.refuse_if_over():
            return False
        problem = self.attack_problem(attacker, target, player)
        if problem:
            self.illegal(f"Атака «{attacker.name}» по «{target.name}»: {problem[0]}",
                         *problem[1:])
            return False
        attacker.used[ATTACKED] = attacker.used.get(ATTACKED, 0) + 1
        self.attacking = {"attacker": attacker, "attacked": target}
        cites = [C.STRIKE_ATTACK, C.ATTACK_PHASE, C.ATTACK_WHOM]
        if attacker.arrived == self.g.turn:
            cites += [C.WEAKNESS, C.T_DASH]
        if attacker.used[ATTACKED] > 1:
            cites.append(C.AXE)
        self.emit("attack", f"{player}: «{attacker.name}» (удар {self.strike(attacker)}) атакует "
                  f"ударом «{target.name}».", *cites)
        self.happen(E.DECLARES_ATTACK, attacker, target=target)
        self.happen(E.ATTACKED, target, attacker=attacker, kind=K.STRIKE)
        self.run_queue()
        if self.over or not attacker.in_play or not target.in_play:
            self.attacking = {}
            self.emit("attack_end", "Атака не состоялась: атакующего или цели уже нет в игре.",
                      C.ATTACK_END)
            return True
        final, d = self._defender(attacker, target, defender)
        self.attacking["attacked"] = final
        if d is not None:
            self.attacking["defender"] = d
        self.exchange(attacker, final, as_attack=True)
        self.attacking["after"] = True
        self.settle()
        self.declare_pending()
        self.run_queue()
        self._close_after(attacker, d)
        return True

    def _defender(self, attacker: Obj, target: Obj, raw) -> tuple[Obj, Obj | None]:
        if raw is None:
            legal = [o for o in self.g.in_play(target.controller)
                     if self.defender_problem(attacker, target, o) is None]
            if legal and self.inputs.strict:
                raise Unnamed(f"защитник от атаки «{attacker.name}» (поле defender: карта или "
                              "none)")
            if legal:
                self.emit("assumed", "Защитник не назван — принято: без защитника.",
                          C.DEFENDER, assumed=True)
            return target, None
        if raw == "none":
            return target, None
        d = raw
        problem = self.defender_problem(attacker, target, d)
        if problem:
            self.emit("cancelled", f"Назначить «{d.name}» защитником нельзя: {problem[0]} — удар "
                      f"идёт в первоначальную цель «{target.name}».", C.ILLEGAL, *problem[1:])
            return target, None
        d.used[DEFENDED] = 1
        cites = [C.DEFENDER, C.FINAL_TARGET, C.PRELIMINARY, C.DEFENDER_PROPERTY]
        if self.weak(d):
            cites.append(C.WEAKNESS)
        self.emit("defender", f"{d.controller} назначает защитником «{d.name}»: теперь он цель "
                  f"атаки вместо «{target.name}».", *cites)
        self.happen(E.BECOMES_DEFENDER, d, attacker=attacker)
        return d, d

    # ---------------------------------------------------------------- 510: the exchange
    def exchange(self, attacker: Obj, target: Obj, as_attack: bool,
                 both_open: bool = False) -> None:
        """Wounds of a strike attack (``as_attack``) or of a fight (both strike back)."""
        fights = target.is_creature and (both_open or not target.closed)
        a_str = self.attack_strength(attacker, target, self.strike(attacker), K.STRIKE)
        if not fights:
            self.emit("no_fight", f"Цель «{target.name}» — " + ("герой" if target.is_hero else
                      "закрытое существо") + f": ответного удара нет, «{attacker.name}» "
                      f"наносит {a_str}.", C.NO_FIGHT, C.APPLICATION)
            dealt = self.deal(target, a_str, K.STRIKE, attacker, strength=a_str)
            self.happen(E.ATTACK, attacker, kind=K.STRIKE, target=target, response=False,
                        dealt=dealt)
            return
        r_str = self.attack_strength(target, attacker, self.strike(target), K.STRIKE)
        first = self._first_striker(attacker, target)
        cites = [C.FIGHT, C.FIGHT_BOTH, C.REFLECTION] if as_attack else [C.FIGHT_KINDS, C.T_FIGHT]
        if first is None and any(self.has(attacker, k) for k in (KW.FIRST_STRIKE, KW.LAST_STRIKE)):
            cites.append(C.T_FIRST_STRIKE)      # both strike first (or last): an ordinary fight
        if first is None:
            self.emit("fight", f"«{attacker.name}» и «{target.name}» сражаются: удары "
                      f"{a_str} и {r_str} наносятся одновременно.", *cites, C.RESPONSE)
            self.hold += 1
            d1 = self.deal(target, a_str, K.STRIKE, attacker, strength=a_str)
            d2 = self.deal(attacker, r_str, K.STRIKE, target, strength=r_str)
            self.hold -= 1
            self.settle()
        else:
            second = target if first is attacker else attacker
            s1, s2 = (a_str, r_str) if first is attacker else (r_str, a_str)
            self.emit("fight", f"«{attacker.name}» и «{target.name}» сражаются: первым бьёт "
                      f"«{first.name}» ({s1}).", *cites, C.T_FIRST_STRIKE, C.T_LAST_STRIKE)
            got = self.deal(second, s1, K.STRIKE, first, strength=s1)
            if second.in_play:
                back = self.deal(first, s2, K.STRIKE, second, strength=s2)
            else:
                back = 0
                self.emit("fight", f"«{second.name}» погиб и ответного удара не наносит.",
                          C.T_FIRST_STRIKE)
            d1, d2 = (got, back) if first is attacker else (back, got)
        self.happen(E.ATTACK, attacker, kind=K.STRIKE, target=target, response=False, dealt=d1)
        self.happen(E.ATTACK, target, kind=K.STRIKE, target=attacker, response=True, dealt=d2)

    def _first_striker(self, a: Obj, b: Obj) -> Obj | None:
        fa = self.has(a, KW.FIRST_STRIKE) or self.has(b, KW.LAST_STRIKE)
        fb = self.has(b, KW.FIRST_STRIKE) or self.has(a, KW.LAST_STRIKE)
        if fa == fb:
            return None
        return a if fa else b

    def _close_after(self, attacker: Obj, d: Obj | None) -> None:
        """307.3, 506.3, 509.5: after the queue is empty the attacker and the defender close,
        if they are still in play (Опыт в атаке / в защите: they do not — Axe rule)."""
        closed = []
        for o, keep, term in ((attacker, (KW.OVA, KW.NO_CLOSE_AFTER_ATTACK), C.T_OVA),
                              (d, (KW.OVZ,), C.T_OVZ)):
            if o is None or not o.in_play:
                continue
            if any(self.has(o, k) for k in keep):
                self.emit("no_close", f"«{o.name}» не закрывается ({term[5:]}), но считается "
                          "подействовавшим.", term, C.AXE, C.T_NO_CLOSE)
                continue
            if not o.closed:
                o.closed = True
                closed.append(o)
        if closed:
            self.emit("close", "После атаки закрываются: " + ", ".join(f"«{o.name}»"
                      for o in closed) + ".", C.CLOSE_AFTER, C.CLOSE_AFTER_FIGHT,
                      *((C.DEFENDER_CLOSES,) if d is not None and d in closed else ()))
        self.run_queue()
        self.attacking = {}
        self.emit("attack_end", "Этап окончания атаки: атакующая карта перестаёт быть "
                  "атакующей; игра возвращается в фазу выбора.", C.ATTACK_END, C.BACK_TO_CHOICE)

    # ---------------------------------------------------------------- «сразиться» (507.4)
    def fight(self, a: Obj, b: Obj, ctx) -> None:
        self.emit("fight_start", f"«{a.name}» сражается с «{b.name}»: без защитника, оба "
                  "отвечают ударом даже закрытыми, никто не закрывается, атака ударом не "
                  "тратится.", C.FIGHT_KINDS, C.T_FIGHT)
        self.exchange(a, b, as_attack=False, both_open=True)
        self.settle()
