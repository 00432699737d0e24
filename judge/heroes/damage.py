"""Wounds, heals and lives: the main stage of an attack or an ability (508.4) for one target.

``deal`` takes the final strength of an attack (or the number of an ability) and puts wounds:

1. a strike or shot of strength 0 is no source of wounds (512.1, 512.1.1) — no bonus reaches it;
2. the number of wounds is modified (508.4.1, 523.1: additions, then subtractions):
   Превосходство +2 / −2 (read as a modifier, design R15), Уязвимость +1 (no stacking);
3. replacement effects (517, 508.4.2): Защита от [X] (515.1), «не получает ран от …» /
   «получает раны только от …» (517.1.1), Немёртвый; a replaced event spends no prevention
   (replacement before prevention, design R14);
4. prevention (516): Чешуя X, Броня X (its budget counts from the start of each turn), shields
   «предотвратите следующие N ран» (516.4 keeps the rest); the non-active player's first
   (516.3);
5. the wounds are put (504.3, 508.4.3) and the rules check runs at once (503.2, 505.1).

Wounds paid as a cost (Ярость, «раньте ваше существо:») go through ``pay_wounds``: a payment is
never modified or prevented (501.2.1, term:Ярость).  A mixin of the Engine.
"""
from __future__ import annotations

from berserk.text import plural
from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier, TriggerEvent as E, Verb
from grammar import ast as A
from judge.heroes import cites as C
from judge.heroes.model import EffKind, Eff, Obj
from judge.heroes.wording import WOUNDS

ATTACKS = (K.STRIKE, K.SHOT)


def wounds_word(n: int) -> str:
    return plural(n, "рану", "раны", "ран")


class Damage:
    def deal(self, target: Obj, amount: int, kind: str, source: Obj | None,
             cites: tuple[str, ...] = (), strength: int | None = None) -> int:
        """Put the wounds ``amount`` gives ``target`` (see the module doc); returns how many
        were put.  ``kind``: STRIKE (incl. a response), SHOT, SPELLS, EFFECTS, POISON."""
        who = f"«{target.name}»"
        by = f" от «{source.name}»" if source is not None and source is not target else ""
        if target.hidden:
            self.emit("protected", f"{who} скрыт — ран не получает.", C.T_HIDDEN)
            return 0
        if not target.is_character or not target.in_play:
            self.emit("no_wounds", f"{who} не персонаж в игре — ран не получает.",
                      C.SUPPORT_NOT_ATTACKED if target.is_support else C.WOUNDS)
            return 0
        if amount <= 0:
            if kind in ATTACKS:
                self.emit("zero", f"Сила {'удара' if kind == K.STRIKE else 'выстрела'}{by} по "
                          f"{who} — 0: это не источник ран, ран нет.", C.ZERO, C.ZERO_NO_SOURCE,
                          *cites)
            else:
                self.emit("zero", f"{who}: число ран{by} — 0, ран нет.", C.ZERO, *cites)
            return 0
        n = self._modified(target, amount, kind, source)
        if n <= 0:
            self.emit("zero", f"{who}: после модификаторов ран{by} не остаётся.", C.ZERO,
                      C.MODIFIER_FLOOR, *cites)
            return 0
        replaced = self._replaced(target, kind, source, strength)
        if replaced is not None:
            self.emit("replaced", f"{who} не получает ран{by}: {replaced[0]}.", *replaced[1],
                      C.MODIFICATION, *cites)
            self.replaced_last = True
            return 0
        n = self._prevented(target, n, kind, strength if strength is not None else amount)
        if n <= 0:
            return 0
        return self.put_wounds(target, n, source, kind, cites)

    def put_wounds(self, target: Obj, n: int, source: Obj | None, kind: str,
                   cites: tuple[str, ...] = ()) -> int:
        target.wounds += n
        self.g.wounded_this_turn.add(target.id)
        by = f" от «{source.name}»" if source is not None and source is not target else ""
        extra = target.count(EffKind.EXTRA_LIFE)
        self.emit("wounded", f"«{target.name}» получает {n} {wounds_word(n)}{by} "
                  f"(жизней осталось {self.lives(target)}"
                  + (f"; дополнительные жизни ({extra}) раны не снимают" if extra else "") + ").",
                  C.WOUNDS, C.APPLICATION, *cites,
                  *((C.EXTRA_LIVES, C.LIVES_CANCEL) if extra else ()), card=target.id, wounds=n)
        self.last_killer[target.id] = source
        self.happen(E.WOUNDED, target, amount=n, source=source, kind=kind)
        self.settle()
        return n

    def pay_wounds(self, target: Obj, n: int, source: Obj, cites: tuple[str, ...]) -> None:
        """Wounds as a payment: put as they are, never modified or prevented (501.2.1)."""
        target.wounds += n
        self.g.wounded_this_turn.add(target.id)
        self.emit("paid", f"Оплата: «{target.name}» получает {n} {wounds_word(n)} (оплату не "
                  "изменяют и не предотвращают).", C.PREPAYMENT, C.PAYMENT_REPLACED, *cites)
        self.happen(E.WOUNDED, target, amount=n, source=source, kind=K.EFFECTS)

    # ---------------------------------------------------------------- 508.4.1 (wound count)
    def _modified(self, target: Obj, amount: int, kind: str, source: Obj | None) -> int:
        n = amount
        extra = sum(int(b.amount.value) for b in (self.nodes(source, A.Bonus) if source else ())
                    if WOUNDS in b.to and isinstance(b.amount, A.Fixed))
        if extra:
            n += extra
            self.emit("modifier", f"«{source.name}» наносит на {extra} {wounds_word(extra)} "
                      "больше.", C.CALCULATION, C.MODIFIER_ORDER)
        if kind == K.SPELLS and source is not None:
            for card in self.g.in_play(source.controller):
                for b in self.nodes(card, A.Bonus):
                    if K.SPELLS in b.to and isinstance(b.amount, A.Fixed):
                        n += int(b.amount.value)
                        self.emit("modifier", f"«{card.name}»: заклинание наносит на "
                                  f"{int(b.amount.value)} больше.", C.CALCULATION,
                                  C.APPLICATION)
        if source is not None and source.is_creature:
            over = self.nodes(source, A.Keyword)
            if any(k.name == KW.SUPERIORITY and self.matches_from(k.against, target, source)
                   for k in over):
                n += 2
                self.emit("modifier", f"«{source.name}» превосходит «{target.name}»: на 2 раны "
                          "больше.", C.T_SUPERIORITY, C.CALCULATION, C.MODIFIER_ORDER)
        if self.has(target, KW.VULNERABLE):
            n += 1
            self.emit("modifier", f"«{target.name}» уязвим: на 1 рану больше.", C.T_VULNERABLE,
                      C.CALCULATION)
        if source is not None and source.is_creature and target.is_creature:
            mine = self.nodes(target, A.Keyword)
            if any(k.name == KW.SUPERIORITY and self.matches_from(k.against, source, target)
                   for k in mine):
                n -= 2
                self.emit("modifier", f"«{target.name}» превосходит «{source.name}»: на 2 раны "
                          "меньше.", C.T_SUPERIORITY, C.CALCULATION, C.MODIFIER_ORDER)
        return max(n, 0)

    # ---------------------------------------------------------------- 517 (replacement)
    def _replaced(self, target: Obj, kind: str, source: Obj | None,
                  strength: int | None) -> tuple[str, tuple[str, ...]] | None:
        for p in self.nodes(target, A.Protection):
            if self._covers(p.against, kind, source, protection=True):
                return "защита", (C.PROTECTION, C.T_PROTECTION, C.REPLACEMENT)
            if K.SPELLS in p.against and kind == K.SPELLS:
                self.emit("rule", f"У «{target.name}» защита от заклинаний: она лишь запрещает "
                          "выбирать его целью способности заклинания — от нецелевой способности "
                          "раны он получает.", C.SPELL_PROTECTION)
            elif p.against:
                self.emit("rule", f"Защита «{target.name}» не от этого: раны проходят.",
                          C.PROTECTION, C.T_PROTECTION)
        for r in self.nodes(target, A.Restriction):
            if r.what != Verb.GET_WOUNDS:
                continue
            hit = self._covers(r.kinds, kind, source, protection=False)
            if ("only" in r.params) != hit:
                return ("раны только от указанного" if "only" in r.params else
                        "не получает таких ран"), (C.REPLACEMENT_WOUNDS, C.REPLACEMENT)
        if self.has(target, KW.UNDEAD) and kind != "undead":
            return "Немёртвый получает раны только от своей особенности", (C.T_UNDEAD,
                                                                           C.REPLACEMENT_WOUNDS)
        return None

    @staticmethod
    def _covers(against: tuple[str, ...], kind: str, source: Obj | None,
                protection: bool) -> bool:
        kinds = {a for a in against if ":" not in a}
        elements = {a.split(":", 1)[1] for a in against if a.startswith(Qualifier.ELEMENT + ":")}
        if protection and kind == K.SPELLS and kinds == {K.SPELLS}:
            return False                       # 515.2: only a targeting restriction
        if kinds and kind not in kinds and not (K.EFFECTS in kinds and kind == K.SPELLS):
            return False
        if elements and (source is None or not elements & set(source.elements)):
            return False
        return bool(kinds or elements)

    # ---------------------------------------------------------------- 516 (prevention)
    def _prevented(self, target: Obj, n: int, kind: str, strength: int) -> int:
        if kind in ATTACKS:
            scales = self.value(target, KW.SCALES)
            if scales and strength <= scales:
                self.emit("prevented", f"Чешуя {scales} «{target.name}» предотвращает все {n} "
                          f"{wounds_word(n)} (сила {strength}).", C.T_SCALES, C.PREVENTION,
                          C.PREVENTION_AFTER)
                return 0
            if scales:
                self.emit("rule", f"Чешуя {scales} «{target.name}» не действует: сила атаки "
                          f"{strength} с учётом модификаторов больше {scales}.", C.T_SCALES,
                          C.PREVENTION_AFTER)
            armor = self.value(target, KW.ARMOR)
            left = max(armor - target.prevented, 0)
            if armor and left:
                stop = min(left, n)
                target.prevented += stop
                n -= stop
                self.emit("prevented", f"Броня {armor} «{target.name}» предотвращает {stop} "
                          f"{wounds_word(stop)} (в этот ход осталось {left - stop}).", C.T_ARMOR,
                          C.PREVENTION, C.PREVENTION_PARTIAL, C.MODIFICATION)
        for src, action in self._static_preventions(target):
            if n <= 0:
                break
            stop = min(int(action.amount.value), n)
            n -= stop
            self.emit("prevented", f"«{src.name}» предотвращает {stop} {wounds_word(stop)} "
                      f"«{target.name}».", C.PREVENTION, C.PREVENTION_ORDER, C.PREVENTION_AFTER)
        for e in [e for e in target.effects if e.kind == EffKind.SHIELD]:
            if n <= 0:
                break
            stop = min(int(e.value), n)
            e.value = int(e.value) - stop
            n -= stop
            self.emit("prevented", f"«{target.name}»: предотвращено {stop} "
                      f"{wounds_word(stop)}, у эффекта осталось {e.value}.", C.PREVENTION,
                      C.PREVENTION_PARTIAL, C.PREVENTION_AFTER)
            if e.value <= 0:
                target.effects.remove(e)
        return max(n, 0)

    def _static_preventions(self, target: Obj) -> list:
        """Preventions by statics in play that cover ``target``: the non-active player's first,
        then the active player's (516.3); a source that left play prevents nothing (516.6)."""
        found = []
        for src in self.g.in_play():
            for st in self.nodes(src, A.Static):
                for eff in st.effects:
                    if isinstance(eff, A.Action) and eff.verb == Verb.PREVENT_WOUNDS and \
                            self.matches_from(eff.target, target, src):
                        found.append((src.controller != self.g.inactive, src.ts, src, eff))
        return [(src, eff) for _, _, src, eff in sorted(found, key=lambda x: x[:2])]

    # ---------------------------------------------------------------- heal, lives
    def heal_wounds(self, target: Obj, amount: int | None, cites: tuple[str, ...] = ()) -> int:
        """Remove up to ``amount`` wounds (None: all); 120.5.1 / 520.2 — fewer wounds: all."""
        if not target.in_play or not target.is_character:
            return 0
        n = target.wounds if amount is None else min(amount, target.wounds)
        if n <= 0:
            self.emit("heal", f"«{target.name}»: ран нет — излечивать нечего.", C.HEAL_ALL,
                      *cites)
            return 0
        target.wounds -= n
        cite = (C.HEAL_ALL, C.HEAL_FEWER) if amount is not None and amount > n else (C.T_HEAL,)
        self.emit("heal", f"«{target.name}» излечивается на {n} (ран осталось {target.wounds}).",
                  *cite, *cites)
        self.happen(E.HEALED, target, amount=n)
        return n

    def add_effect(self, target: Obj, kind: str, value=1, source: Obj | None = None,
                   until: str | None = None, player: str | None = None) -> Eff:
        e = Eff(kind, value, source.id if source else None, until, player, self.g.tick())
        if kind == EffKind.EXTRA_LIFE:
            self._cancel_pairs(target, EffKind.NEG_LIFE, int(value), e)
        elif kind == EffKind.NEG_LIFE:
            self._cancel_pairs(target, EffKind.EXTRA_LIFE, int(value), e)
        elif kind == EffKind.STRENGTHEN:
            self._cancel_pairs(target, EffKind.WEAKEN, int(value), e)
        elif kind == EffKind.WEAKEN:
            self._cancel_pairs(target, EffKind.STRENGTHEN, int(value), e)
        if int(e.value) if isinstance(e.value, int) else True:
            target.effects.append(e)
        return e

    @staticmethod
    def _cancel_pairs(target: Obj, opposite: str, n: int, new: Eff) -> None:
        """504.5: extra and negative lives cancel each other (усиление / ослабление too)."""
        for old in [x for x in target.effects if x.kind == opposite]:
            if n <= 0:
                break
            take = min(n, int(old.value))
            old.value = int(old.value) - take
            n -= take
            if old.value <= 0:
                target.effects.remove(old)
        new.value = n
