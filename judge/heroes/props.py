"""What a card is, changed by card text: its non-base properties (104.3.1, 109), its features
copied from another card (111.1, 111.5), and combined cards (105.4–105.6, 505.4, term:Присоединить
карту Х к карте Y, term:Модуль, term:Объединённая карта).

* A non-base property (type, element, class) a card's text changes is **overwritten**, not an
  effect (104.3.1): «снять все эффекты» leaves it; it holds only in the play zone, and the card
  gets its printed values back when it leaves (``Obj.over`` is cleared on every move out of
  play).  A new element replaces the old ones (109.1: a steppe creature made dark is no longer
  steppe); a card that loses its last element is neutral (107.2.1; a neutral card may lose one:
  legal, nothing changes, 107.2.2).  A new type brings the base properties of that type only
  (109.2, 107.1.1): a creature made a weapon has no strike and no lives — it is a support (212.4:
  never attacked, never wounded; 212.3: the player's older support of that class goes); a
  creature made a hero has no cost and no strike and neither attacks nor defends (209.4).
* Copying a feature (111.1): only printed text is a feature; what an effect granted is an
  ability, not a feature, and cannot be copied.  The copy is read as if printed on the receiver,
  its source's name in the text replaced by the receiver's (111.5).
* A combined card (term:Присоединить): the part lies under the card and the two are one card —
  base lives, strike and cost are sums, names, elements and classes are all of the parts' (105.4),
  the part's features are added; wounds on the part come with it.  Leaving play, the parts go
  to the same zone as separate cards (each a new object in a hand or a deck, 201.4); dying, the
  combined card dies once (505.4): its death triggers fire once.

A mixin of the Engine.
"""
from __future__ import annotations

import re
from typing import Any

from berserk.text import fold
from berserk.vocab import CardType, Element, Qualifier, Verb
from berserk.vocab import ConditionKind as CK
from grammar import ast as A
from judge.core.trace import Unnamed
from judge.heroes import cites as C
from judge.heroes.model import CLASSES, ELEMENTS, PART, PLAY, TYPE, EffKind, Obj
from judge.heroes.readers import LOSE_ELEMENTS, MECHANISM
from judge.heroes.fromgrammar import feature
from judge.heroes.wording import Feature

_TYPE_RU = {CardType.HERO: "героем", CardType.CREATURE: "существом",
            CardType.SUPPORT: "картой поддержки", CardType.SPELL: "заклинанием"}
_BASE_RU = {"cost": "стоимость", "life": "жизни", "strike_value": "силу удара"}


class Props:
    # ---------------------------------------------------------------- 104.3.1, 109
    def change_props(self, o: Obj, params: tuple, ctx) -> bool:
        """«X становится тёмным / оружием / героем», «X теряет стихии»: overwrite (104.3.1)."""
        if o.zone != PLAY:
            self.emit("nothing", f"«{o.name}» {self.where(o)}: небазовые свойства меняются только "
                      "у карт в игре.", C.NON_BASE_OVERWRITE)
            return False
        found = {}
        for p in params:
            key, _, value = str(p).partition(":")
            found[key] = value
        if LOSE_ELEMENTS in params:
            was = o.neutral
            o.over[ELEMENTS] = ()
            self.emit("property", f"«{o.name}» теряет стихии — теперь нейтральная карта"
                      + (" (она и была нейтральной: заявка легальна, ничего не меняется)" if was
                         else "") + ".", C.ELEMENT_LOST, C.ELEMENT_AGAIN, C.NON_BASE_OVERWRITE)
            return not was
        if Qualifier.ELEMENT in found:
            element = Element(found[Qualifier.ELEMENT])
            before = ", ".join(o.elements)
            o.over[ELEMENTS] = (element,)
            self.emit("property", f"«{o.name}» становится картой стихии «{element}» (было: "
                      f"{before}) — новая стихия заменяет прежнюю; это не эффект, а перезапись "
                      "небазового свойства, до ухода карты из игры.", C.PROPERTY_REPLACED,
                      C.NON_BASE_OVERWRITE, C.MULTI_ELEMENT, C.T_ELEMENT)
            return True
        if Qualifier.TYPE in found:
            return self._change_type(o, CardType(found[Qualifier.TYPE]),
                                     found.get(Qualifier.CLASS))
        return False

    def _change_type(self, o: Obj, kind: CardType, cls: str | None) -> bool:
        before = {p: o.base(p) for p in _BASE_RU}
        old = o.kind
        o.over[TYPE] = kind
        o.over[CLASSES] = (cls,) if cls else ()
        lost = [_BASE_RU[p] for p, v in before.items() if v is not None and o.base(p) is None]
        self.emit("property", f"«{o.name}» становится {_TYPE_RU.get(kind, kind)}"
                  + (f" (класс «{cls}»)" if cls else "") + f" и перестаёт быть "
                  f"{_TYPE_RU.get(old, old)}: базовые свойства — как у нового типа"
                  + (f", теряет {', '.join(lost)}" if lost else "") + "; это перезапись "
                  "небазового свойства, не эффект.", C.TYPE_CHANGED, C.TYPE_PROPERTIES,
                  C.NON_BASE_OVERWRITE, C.TYPES)
        if kind == CardType.SUPPORT:
            self.emit("rule", f"«{o.name}» — карта поддержки: её нельзя атаковать, ран она не "
                      "получает.", C.SUPPORT_NOT_ATTACKED)
            self.one_of_a_kind(o)
        elif kind == CardType.HERO:
            self.emit("rule", f"«{o.name}» — герой: не атакует ударом и не бывает защитником; "
                      "героем игрока остаётся его прежний герой.", C.HERO_NO_ATTACK)
        self.settle()
        return True

    def restore_props(self, o: Obj) -> None:
        """Leaving play, a card gets its printed non-base properties back (104.3.1)."""
        if o.over:
            o.over.clear()
            self.emit("property", f"«{o.name}» покидает игру и возвращает напечатанные тип, "
                      "стихию и классы.", C.NON_BASE_OVERWRITE)

    # ---------------------------------------------------------------- 111.1, 111.5
    def copy_feature(self, receiver: Obj, donor: Obj, ctx) -> bool:
        """The receiver gets one printed feature of the donor, as if printed on it."""
        printed = self.printed(donor)
        raw = self.raw_answer(ctx.key, "feature")
        if raw is None:
            if not printed:
                self.emit("nothing", f"У «{donor.name}» нет особенностей (напечатанного текста): "
                          "копировать нечего.", C.FEATURES, C.T_COPY)
                return False
            if len(printed) > 1 and self.inputs.strict:
                raise Unnamed(f"какую особенность «{donor.name}» копирует «{ctx.key}» (поле "
                              "feature: номер или текст)")
            f = printed[0]
            if len(printed) > 1:
                self.emit("assumed", f"Не названо, какую особенность копирует «{ctx.key}» — "
                          f"принята первая: «{f.text}».", C.FEATURES, assumed=True)
        else:
            f = self._named_feature(printed, raw)
            if f is None:
                granted = self._named_feature(self.features(donor), raw)
                why = (f"«{raw}» у «{donor.name}» — способность, выданная эффектом, а не "
                       "особенность (напечатанный текст): её не копируют") if granted else \
                    f"у «{donor.name}» нет особенности «{raw}»"
                self.emit("nothing", why + ".", C.FEATURES, C.T_FEATURE, C.EFFECTS)
                return False
        text = f.text
        renamed = False
        for name in donor.names:
            pattern = re.compile(r"«?" + re.escape(name) + r"»?", re.IGNORECASE)
            if pattern.search(text) and name != receiver.name:
                text = pattern.sub(f"«{receiver.name}»", text)
                renamed = True
        line = max([g.line for g in self.features(receiver)] + [0]) + 1
        new = feature(line, text, receiver.is_spell, receiver.name)
        self.add_effect(receiver, EffKind.GAIN, new, ctx.source, None, self.me(ctx))
        self.emit("copy", f"«{receiver.name}» получает копию особенности «{f.text.rstrip('.')}» "
                  f"карты «{donor.name}» — как если бы она была напечатана на нём (особенность "
                  f"№{line})" + (f"; название источника в тексте заменено на «{receiver.name}»"
                                 if renamed else "") + ".", C.FEATURES, C.T_COPY,
                  *((C.FEATURE_COPY_NAME,) if renamed else ()))
        if new.reason is not None:
            self.refused(receiver, new)
        return True

    @staticmethod
    def _named_feature(feats, raw: Any) -> Feature | None:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return next((f for f in feats if f.line == raw), None)
        want = fold(str(raw)).strip(" .")
        return next((f for f in feats if fold(f.text).strip(" .") == want
                     or fold(f.text).split(".")[0].strip() == want), None)

    # ---------------------------------------------------------------- combined cards
    def attach(self, part: Obj, host: Obj, cites: tuple[str, ...] = ()) -> None:
        """Put ``part`` under ``host``: one combined card (term:Присоединить карту Х к карте Y)."""
        self._detach(part)
        was_in_play = part.zone == PLAY
        part.zone, part.host = PART, host
        part.controller = host.controller
        host.parts.append(part)
        if was_in_play and part.wounds:
            host.wounds += part.wounds
            part.wounds = 0
        self.emit("attach", f"«{part.name}» присоединяется к «{host.name}»: это одна карта — "
                  f"названия {', '.join('«' + n + '»' for n in host.names)}, жизни "
                  f"{host.base('life')}, удар {host.base('strike_value')}, стоимость "
                  f"{host.base('cost')} (суммы частей); особенности части добавлены.",
                  C.T_ATTACH, C.T_COMBINED, C.SEVERAL_NAMES, *cites)

    def module_attach(self, o: Obj, controller: str) -> bool:
        """term:Модуль: a creature with Модуль that should enter play may instead be attached
        to its controller's mechanism (a replacement, 517.1); True if it was."""
        for f in self.printed(o):
            node = f.node
            if not (isinstance(node, A.Static) and node.condition is not None
                    and node.condition.what == CK.WOULD
                    and node.condition.params[:1] == (Verb.ENTER,)):
                continue
            hosts = [h for h in self.g.in_play(controller) if h.is_creature and
                     fold(MECHANISM) in {fold(c) for c in h.classes}]
            if not hosts:
                self.emit("rule", f"«{o.name}» с Модулем: у {controller} нет механизма в игре — "
                          "карта входит в игру обычным образом.", C.T_MODULE)
                return False
            o.controller = controller
            self.emit("replace", f"«{o.name}» должен войти в игру — по Модулю вместо этого его "
                      "можно присоединить к своему механизму.", C.T_MODULE, C.REPLACEMENT)
            return self.run_replacement(o, f) and o.zone == PART
        return False

    def scatter(self, o: Obj) -> list[Obj]:
        """The parts of a combined card leaving play: separate cards again (returned so the
        caller moves each to its owner's zone)."""
        parts = list(o.parts)
        o.parts.clear()
        for p in parts:
            p.host = None
        return parts

    def part_features(self, o: Obj) -> tuple[Feature, ...]:
        """The printed features of a combined card's parts, each labelled with its own card."""
        out = []
        for p in o.parts:
            for f in self.printed(p):
                out.append(Feature(f.line, f.text, f.node, f.reason, f.cost, f.every_time, f.zone,
                                   card=p.id))
        return tuple(out)
