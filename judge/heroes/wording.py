"""A Heroes card's text → its features (111.1), each typed as the AST of grammar/ast.

A feature is one sentence of the printed text (111.1: features are separated by full stops);
a scenario names one as ``<card>/<n>``, the n-th feature of the card.  A sentence without a
head of its own that follows a triggered or activated feature on the same line continues its
effect («Найм: ранить … на 1. Возьмите карту.» is one Найм), except on a spell, whose every
sentence is one spell ability (211.2).

This is the bridge: the judge reads a card from grammar.parse's AST first
(judge/heroes/fromgrammar.py) and reads a feature here only where ``fromgrammar.why_bridge``
says the grammar leaves it untyped or still writes another meaning.  Heads read here: keywords (Рывок, Броня N, Первый удар, Превосходство над …, Защита от …, −N от
атак, +N к удару по …), trigger heads (Найм:, Гибель:, При гибели …, Когда эта карта попадает на
кладбище, При атаке / ударе / выстреле, Когда … атакован, В начале / конце [вашего / каждого]
хода, Когда вы разыгрываете …, Каждый раз, когда …), activated costs («{tap}, 2{coin}:», «2
монеты:», «раньте ваше существо на 1:»), statics (auras «ваши существа получают …», cost
modifiers «… стоят на N меньше», «не может атаковать …», «получает раны только от …»).  A text
the reader does not know is a feature with ``reason`` set: the judge names it as refused.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from berserk.text import fold
from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import LimitPer, Qualifier, Side, TriggerEvent as E, TriggerParam, Verb
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.heroes.clauses import SELF, effects, protection_kinds
from judge.heroes.conditions import split_if, split_while
from judge.heroes.model import GRAVEYARD, HAND, PLAY
from judge.heroes.phrases import measure, selector, split_duration
from judge.heroes.readers import glossary_keyword, replacement


@dataclass(frozen=True)
class HCost:
    """What an activated ability costs (501.2: everything before the colon)."""

    tap: bool = False
    coins: int = 0
    coins_x: bool = False
    wound_own: int = 0          # «раньте ваше существо на N:» — wounds as a payment
    discard: int = 0

    def __str__(self) -> str:
        parts = (["закрыть карту"] if self.tap else []) + \
            ([f"{'X' if self.coins_x else self.coins} мон."] if self.coins or self.coins_x else [])
        if self.wound_own:
            parts.append(f"ранить своё существо на {self.wound_own}")
        if self.discard:
            parts.append(f"сбросить {self.discard} карт.")
        return ", ".join(parts) or "бесплатно"


@dataclass(frozen=True)
class Feature:
    """One feature of a card: its number, its text, the typed ability (or why not)."""

    line: int
    text: str
    node: A.Node | None
    reason: str | None = None
    cost: HCost | None = None
    every_time: bool = False          # «Каждый раз, когда …»: no once-per-turn marker (113.5)
    zone: str = PLAY                  # where it works (202.2; 113.12 graveyard; hand)
    card: str | None = None           # a combined card's part it is printed on (its label)
    fallback: str | None = None       # why the bridge read it and not grammar.parse

    @property
    def typed(self) -> bool:
        return self.node is not None and self.reason is None


# ---------------------------------------------------------------- keywords
_PLAIN = {
    "рывок": KW.DASH, "орда": KW.HORDE, "направленный удар": KW.DIRECT,
    "первый удар": KW.FIRST_STRIKE, "последний удар": KW.LAST_STRIKE, "опыт в атаке": KW.OVA,
    "опыт в защите": KW.OVZ, "бешенство": KW.FRENZY, "уязвимость": KW.VULNERABLE,
    "гнев": KW.WRATH, "уникальность": KW.UNIQUE, "немертвый": KW.UNDEAD,
    "оглушение": KW.STUNNED, "ярость": KW.FURY,
    "не закрывается после атаки": KW.NO_CLOSE_AFTER_ATTACK,
}
_VALUED = {"броня": KW.ARMOR, "чешуя": KW.SCALES, "регенерация": KW.REGEN,
           "вампиризм": KW.VAMPIRISM, "медитация": KW.MEDITATION, "отравление": KW.POISONING,
           "единение": KW.UNITY, "инкарнация": KW.INCARNATION}
#: ``Bonus.to`` of «наносит на N ран больше»: the number of wounds, not the strength.
WOUNDS = "wounds"
_ENEMY_CREATURES = A.Selector(noun=N.CREATURE, side=Side.ENEMY, qualifiers=(Qualifier.ALL,))


def keyword(s: str) -> A.Node | None:
    if s in _PLAIN:
        return A.Keyword(name=_PLAIN[s])
    m = re.fullmatch(r"(\w+)\s+(\d+)", s)
    if m and m.group(1) in _VALUED:
        return A.Keyword(name=_VALUED[m.group(1)], value=int(m.group(2)))
    m = re.fullmatch(r"превосходство(?:\s+над\s+(.+))?", s)
    if m:
        over = selector(m.group(1), plural=True) if m.group(1) else _ENEMY_CREATURES
        return A.Keyword(name=KW.SUPERIORITY, against=over) if over else None
    m = re.fullmatch(r"неуловимость\s+от\s+(.+)", s)
    if m:
        sel = selector(m.group(1), plural=True)
        return A.Keyword(name=KW.ELUSIVE, against=sel) if sel else None
    m = re.fullmatch(r"защита\s+от\s+(.+)", s)
    if m:
        kinds = protection_kinds(m.group(1))
        return A.Protection(against=kinds) if kinds else None
    return None


def static(s: str) -> A.Node | None:
    """A static feature that is not a keyword (115.1)."""
    m = re.fullmatch(r"([+−-])\s*(\d+)\s+к\s+удар\w*(?:\s+(?:по|против)\s+(.+))?", s)
    if m:
        n = int(m.group(2)) * (-1 if m.group(1) in "−-" else 1)
        against = selector(m.group(3), plural=True) if m.group(3) else None
        if m.group(3) and against is None:
            return None
        return A.Bonus(amount=A.Fixed(value=n), to=(K.STRIKE,), against=against)
    m = re.fullmatch(r"[−-]\s*(\d+)\s+от\s+(атак\w*|ударов|выстрелов)", s)
    if m:
        kinds = {"ударов": (K.STRIKE,), "выстрелов": (K.SHOT,)}.get(m.group(2), (K.STRIKE, K.SHOT))
        return A.Reduction(amount=A.Fixed(value=int(m.group(1))), against=kinds)
    m = re.fullmatch(r"не\s+получает\s+ран\s+от\s+(.+)", s)
    if m:
        kinds = protection_kinds(m.group(1))
        return A.Restriction(what=Verb.GET_WOUNDS, kinds=kinds) if kinds else None
    m = re.fullmatch(r"получает\s+раны\s+только\s+от\s+(.+)", s)
    if m:
        kinds = protection_kinds(m.group(1))
        return A.Restriction(what=Verb.GET_WOUNDS, kinds=kinds, params=("only",)) if kinds else None
    m = re.fullmatch(r"не\s+может\s+(?:атаковать|нападать)(?:\s+(.+))?", s)
    if m:
        sel = selector(m.group(1), plural=True) if m.group(1) else None
        if m.group(1) and sel is None:
            return None
        return A.Restriction(what=Verb.ATTACK, params=(sel,) if sel else ())
    if re.fullmatch(r"не\s+может\s+(?:быть|стать|выступать)\s+защитником", s):
        return A.Restriction(what=Verb.DEFEND)
    m = re.fullmatch(r"(?:может\s+атаковать|атакует)\s+(?:ударом\s+)?(дважды|(\d+)\s+раза)\s+за\s+ход", s)
    if m:
        return A.Permission(what=Verb.ATTACK, times=2 if m.group(1) == "дважды" else int(m.group(2)))
    m = re.fullmatch(r"(?:существа\s+противника\s+могут\s+атаковать\s+(?:ударом\s+)?только\s+|"
                     r"целью\s+(?:каждой\s+)?атак\w*\s+(?:ударом\s+)?(?:существ\s+противника\s+)?"
                     r"должн\w+\s+быть\s+)(.+)", s)
    if m and selector(m.group(1)) == SELF:
        return A.Restriction(what=Verb.ATTACK, subject=_ENEMY_CREATURES, only=SELF)
    m = re.fullmatch(r"(.+?)\s+сто(?:ит|ят)\s+(?:для\s+(вас|противника)\s+)?на\s+(\d+)\s+(меньше|"
                     r"дешевле|больше|дороже)(?:\s+за\s+каждую\s+(.+))?", s)
    if m:
        n = int(m.group(3)) * (-1 if m.group(4) in ("меньше", "дешевле") else 1)
        whom = selector(m.group(1), plural=True)
        if whom is not None and m.group(2) and whom.side is None and whom.noun != N.SELF:
            # «для вас» / «для противника»: whose cards (118.8: none named — every player's)
            whom = A.Selector(noun=whom.noun, side=Side.OWN if m.group(2) == "вас" else Side.ENEMY,
                              qualifiers=whom.qualifiers)
        per = measure("число " + m.group(5).replace("карту", "карт")) if m.group(5) else None
        if whom is None or (m.group(5) and per is None):
            return None
        return A.Bonus(amount=A.Fixed(value=n), to=("cost",), against=whom, per=per)
    m = re.fullmatch(r"наносит\s+на\s+(\d+|одну)\s+ран\w*\s+больше", s)
    if m:
        n = 1 if m.group(1) == "одну" else int(m.group(1))
        return A.Bonus(amount=A.Fixed(value=n), to=(WOUNDS,))
    m = re.fullmatch(r"(?:ваши\s+)?заклинания\s+(?:противника\s+)?нанос\w+\s+на\s+(\d+|одну)\s+"
                     r"ран\w*\s+больше|\+(\d+)\s+к\s+урону\s+(?:ваших\s+)?заклинаний", s)
    if m:
        n = int(m.group(1) or m.group(2)) if (m.group(1) or m.group(2)) != "одну" else 1
        return A.Bonus(amount=A.Fixed(value=n), to=(K.SPELLS,))
    m = re.fullmatch(r"каждый\s+раз,?\s+когда\s+(.+?)\s+(?:должно\s+|должен\s+)?получа\w+\s+раны,?"
                     r"\s+предотвратите\s+(\d+|одну)\s+из\s+них", s)
    if m:
        whom = selector(m.group(1), plural=True)
        if whom is not None and whom.noun != N.SELF:
            whom = A.Selector(noun=whom.noun, side=whom.side, qualifiers=tuple(dict.fromkeys(
                [q for q in whom.qualifiers if q != Qualifier.CHOSEN] + [Qualifier.ALL])))
        n = 1 if m.group(2) == "одну" else int(m.group(2))
        return A.Static(effects=(A.Action(verb=Verb.PREVENT_WOUNDS, target=whom,
                                          amount=A.Fixed(value=n)),)) if whom else None
    m = re.fullmatch(r"если\s+вы\s+должны\s+получить\s+жетон\w*\s+молитвы,?\s+вместо\s+этого\s+"
                     r"получите\s+(?:на\s+)?(\d+|один|одну)\s+(?:жетон\w*\s+)?больше", s)
    if m:
        n = 1 if m.group(1) in ("один", "одну") else int(m.group(1))
        return A.Static(effects=(A.Action(verb=Verb.PRAY, amount=A.Fixed(value=n),
                                          params=("instead_more",)),))
    m = re.fullmatch(r"существа,?\s+(?:вышедшие|появившиеся)\s+в\s+(?:игру|игровую\s+зону)\s+в\s+"
                     r"этот\s+ход,?\s+не\s+могут\s+атаковать", s)
    if m:
        return A.Restriction(what=Verb.ATTACK, subject=A.Selector(
            noun=N.CREATURE, qualifiers=(Qualifier.ALL, Qualifier.NEW)))
    m = re.fullmatch(r"стоимость\s+(.+?)\s+удваивается", s)
    if m:
        whom = selector(m.group(1), plural=True)
        return A.Bonus(amount=A.Fixed(value=2), to=("cost_factor",), against=whom) if whom else None
    node = replacement(s, effects)              # «…, вместо этого …», redirection (517, 508.3)
    if node is not None:
        return node
    got = effects(s)
    if got and not any(isinstance(n, A.Opaque) for n in got) and all(
            isinstance(n, A.Gain) and Qualifier.ALL in n.target.qualifiers for n in got):
        return A.Static(effects=got)            # an aura: «ваши существа получают +1 к удару»
    held = split_while(s)
    if held is not None:                        # «пока <условие>, …» (115.1)
        cond, rest = held
        inner = keyword(rest) or static(rest)
        if isinstance(inner, A.Static) and inner.condition is None:
            return A.Static(effects=inner.effects, condition=cond)
        gains = effects(re.sub(r"^(?:оно|он|она)\s+", "это существо ", rest))
        if inner is None and gains and all(isinstance(n, A.Gain) for n in gains) and all(
                n.target.noun == N.SELF or Qualifier.ALL in n.target.qualifiers for n in gains):
            return A.Static(effects=gains, condition=cond)
        if isinstance(inner, (A.Bonus, A.Keyword, A.Protection, A.Reduction)):
            return A.Static(effects=(A.Gain(target=SELF, what=(inner,)),), condition=cond)
    return None


# ---------------------------------------------------------------- triggers
_TURN = r"(?:(вашего|каждого|своего)\s+)?хода(?:\s+(противника|каждого игрока))?"


def trigger(head: str) -> tuple[A.Trigger, str] | None:
    """A trigger head (folded) → (Trigger, zone it works from)."""
    h = head.strip(" ,:—–-")
    if h == "найм":
        return A.Trigger(event=E.ENTERS), PLAY
    if h in ("гибель", "при гибели", "когда погибает", "когда это существо погибает",
             "при уничтожении"):
        return A.Trigger(event=E.OWN_DEATH), PLAY
    if h in ("при гибели от существа противника", "когда погибает от существа противника"):
        return A.Trigger(event=E.OWN_DEATH, params=("from_enemy_creature",)), PLAY
    m = re.fullmatch(r"(?:при\s+гибели|когда\s+погибает)\s+(.+)", h) or \
        re.fullmatch(r"когда\s+(.+?)\s+погибает", h)
    if m:
        sel = selector(m.group(1))
        if sel is not None and sel.noun == N.SELF:
            return A.Trigger(event=E.OWN_DEATH), PLAY
        if sel is not None:
            return A.Trigger(event=E.DEATH, subject=sel), PLAY
    if re.fullmatch(r"когда\s+эта\s+карта\s+попадает\s+на\s+кладбище", h):
        return A.Trigger(event=E.TO_GRAVEYARD), GRAVEYARD
    for word, kind in (("атаке", None), ("ударе", K.STRIKE), ("выстреле", K.SHOT)):
        if h == f"при {word}":
            return A.Trigger(event=E.ATTACK, attack=kind), PLAY
    if re.fullmatch(r"когда\s+(?:это\s+существо|эта\s+карта|этот\s+персонаж)?\s*(?:атакован\w*|"
                    r"атакуют|становится\s+целью\s+атаки)", h) or \
            re.fullmatch(r"когда\s+(?:по\s+нему|по\s+этому\s+существу)\s+стреляют", h):
        return A.Trigger(event=E.ATTACKED), PLAY
    if re.fullmatch(r"когда\s+противник\s+объявляет\s+атаку(?:\s+ударом)?", h):
        return A.Trigger(event=E.DECLARES_ATTACK, subject=_ENEMY_CREATURES), PLAY
    m = re.fullmatch(r"в\s+(начале|конце)\s+" + _TURN, h)
    if m:
        start = m.group(1) == "начале"
        if m.group(3) == "противника":
            return A.Trigger(event=E.OPPONENT_TURN_START if start else E.OPPONENT_TURN_END), PLAY
        params = () if m.group(2) in ("вашего", "своего") else (TriggerParam.EACH_TURN,)
        return A.Trigger(event=E.TURN_START if start else E.TURN_END, params=params), PLAY
    m = re.fullmatch(r"когда\s+(?:это\s+существо|оно)\s+(?:ранит|наносит\s+раны)\s+ударом\s+(\w+)"
                     r"(?:\s+противника)?", h)
    if m:
        # «героя»: the opponent's hero — a strike never hits an allied card (507.2)
        whom = A.Selector(noun=N.HERO) if m.group(1) == "героя" else \
            selector(m.group(1) + " противника", plural=True)
        return A.Trigger(event=E.ATTACK, attack=K.STRIKE, target=whom, params=("dealt",)), PLAY
    m = re.fullmatch(r"когда\s+(.+?)\s+получа\w+\s+ран\w*", h)
    if m:
        sel = selector(m.group(1), plural=True) if not re.fullmatch(
            r"(это существо|эта карта|этот персонаж)", m.group(1)) else None
        return A.Trigger(event=E.WOUNDED, subject=sel), PLAY
    m = re.fullmatch(r"когда\s+(вы|противник)\s+разыгрыва\w+\s+(.+)", h)
    if m:
        sel = selector(m.group(2))
        if sel is not None:
            side = Side.OWN if m.group(1) == "вы" else Side.ENEMY
            return A.Trigger(event=E.PLAYED, subject=A.Selector(
                noun=sel.noun, side=side, qualifiers=sel.qualifiers)), PLAY
    m = re.fullmatch(r"когда\s+(вы|противник)\s+(?:берете|берет)\s+карту", h)
    if m:
        return A.Trigger(event=E.DRAWS, subject=A.Selector(
            noun=N.PLAYER if m.group(1) == "вы" else N.OPPONENT)), PLAY
    m = re.fullmatch(r"когда\s+(вы|противник)\s+(?:сбрасываете|сбрасывает)\s+карту", h)
    if m:
        return A.Trigger(event=E.DISCARDS, subject=A.Selector(
            noun=N.PLAYER if m.group(1) == "вы" else N.OPPONENT)), PLAY
    m = re.fullmatch(r"когда\s+(вы|противник)\s+теря\w+\s+монет\w*", h)
    if m:
        return A.Trigger(event=E.COINS_LOST, subject=A.Selector(
            noun=N.PLAYER if m.group(1) == "вы" else N.OPPONENT)), PLAY
    m = re.fullmatch(r"когда\s+на\s+(.+?)\s+(?:кладут|положен\w*|накладыва\w+)\s+эффект\s+усиления", h)
    if m:
        return A.Trigger(event=E.STRENGTHENED, subject=selector(m.group(1))), PLAY
    return None


_HEAD = re.compile(r"^(найм|гибель)\s*:\s*(.+)$|^((?:при|когда|в начале|в конце)\b[^,:—–]*?)"
                   r"\s*(?:,|:|—|–|\s-\s)\s*(.+)$")
_LIMIT = re.compile(r"\s*\(?\s*(\d+|один|одного)\s+раз\w*\s+за\s+(ход|игру|бой)\s*\)?\s*[.:]?\s*")


def _split_head(s: str):
    """(trigger, zone), body — the head ends at «:», «,», «—» or, without one, at the longest
    run of words that reads as a trigger head («При атаке возьмите карту»)."""
    m = _HEAD.match(s)
    if m:
        head, rest = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        got = trigger(head)
        if got is not None:
            return got, rest
    if not re.match(r"(?:при|когда|в начале|в конце)\b", s):
        return None
    words = s.split(" ")
    fallback = None
    for k in range(2, min(len(words) - 1, 10) + 1):
        got = trigger(" ".join(words[:k]))
        if got is None:
            continue
        body = " ".join(words[k:]).strip(" ,:—")
        parsed = effects(body)
        if parsed and not any(isinstance(n, A.Opaque) for n in parsed):
            return got, body                    # the shortest head whose rest reads
        fallback = fallback or (got, body)
    return fallback


def _limit(s: str) -> tuple[str, A.Limit | None]:
    m = _LIMIT.search(s)
    if not m:
        return s, None
    times = 1 if m.group(1) in ("один", "одного") else int(m.group(1))
    per = {"ход": LimitPer.TURN, "игру": LimitPer.GAME, "бой": LimitPer.FIGHT}[m.group(2)]
    rest = (s[:m.start()] + (": " if m.group(0).rstrip().endswith(":") else " ") + s[m.end():])
    return rest.strip(" "), A.Limit(times=times, per=per)


def _cost(text: str) -> HCost | None:
    tap = False
    coins = wound = discard = 0
    coins_x = False
    for part in re.split(r",\s*|\s+и\s+", text.strip()):
        part = part.strip()
        if part in ("{tap}", "закройте эту карту", "закройте это существо", "закройте героя",
                    "закройте вашего героя"):
            tap = True
            continue
        m = re.fullmatch(r"(\d+|x|х)\s*(?:\{coin\}|монет\w*|мон\.)", part) or \
            re.fullmatch(r"(?:заплатите|закройте)\s+(\d+|x|х)\s*(?:\{coin\}|монет\w*)", part)
        if m:
            if m.group(1) in ("x", "х"):
                coins_x = True
            else:
                coins += int(m.group(1))
            continue
        if re.fullmatch(r"(?:\{coin\}|монета|монету|одна монета)", part):
            coins += 1
            continue
        m = re.fullmatch(r"раньте\s+ваше\s+(?:другое\s+)?существо\s+на\s+(\d+)", part)
        if m:
            wound = int(m.group(1))
            continue
        m = re.fullmatch(r"сбросьте\s+(?:(\d+)\s+)?карт\w*", part)
        if m:
            discard = int(m.group(1) or 1)
            continue
        return None
    return HCost(tap=tap, coins=coins, coins_x=coins_x, wound_own=wound, discard=discard)


def _body(rest: str, original: str) -> tuple[tuple, str | None]:
    got = effects(rest)
    if got is None or any(isinstance(n, A.Opaque) for n in got):
        held = _held_static(rest)
        if held is not None:
            return (held,), None
    if got is None:
        return (A.Opaque(text=original),), "эффект не разобран"
    bad = next((n for n in got if isinstance(n, A.Opaque)), None)
    if bad is not None:
        return got, f"не разобрано: «{bad.text}»"
    return got, None


def _held_static(rest: str) -> A.Node | None:
    """An effect that is a static of the card for a while — «до конца хода противника существа
    противника могут атаковать только это существо»: the card gains it (term:Получает [текст])."""
    t, duration = split_duration(rest)
    node = static(t)
    if node is None or duration is None or isinstance(node, A.Static):
        return None
    return A.Gain(target=SELF, what=(node,), duration=duration)


def feature(line: int, text: str, spell: bool, name: str) -> Feature:
    """One sentence of a card's text → its Feature."""
    s = fold(text).strip(" .")
    own = f"«{fold(name)}»"
    if own in s and not re.search(r"поиск|вызов|возрод|найдите", s):
        s = s.replace(f"карту {own}", "эту карту").replace(own, "это существо")
    s = re.sub(r"\s+", " ", s.replace("–", "—"))
    if spell:
        body, reason = _body(s, text)
        return Feature(line, text, A.Named(effect_kind="spell", name=name, body=body), reason)
    node = keyword(s) or static(s)
    if node is not None:
        return Feature(line, text, node)
    m = re.fullmatch(r"(скрытность|кладка|спящий|модуль|авангард\s+(\d+))", s)
    if m:                                       # a glossary term that is a whole ability
        name = {"скрытность": KW.STEALTH, "кладка": KW.CLUTCH, "спящий": KW.SLEEPING,
                "модуль": KW.MODULE}.get(m.group(1), KW.VANGUARD)
        node, zone, coins = glossary_keyword(A.Keyword(name=name, value=int(m.group(2))
                                                       if m.group(2) else None))
        return Feature(line, text, node, cost=HCost(coins=coins) if coins else None, zone=zone)
    m = re.fullmatch(r"(.+?),?\s+засада\s+(\d+)(?:\s*\{coin\}|\s+монет\w*)?", s)
    if m and trigger(m.group(1)) is not None:
        trig, _ = trigger(m.group(1))
        play = A.Action(verb=Verb.SUMMON, target=SELF, params=("ambush",),
                        amount=A.Fixed(value=int(m.group(2))))
        return Feature(line, text, A.Triggered(trigger=trig, effects=(
            A.Choice(options=(play, A.Action(verb=Verb.NOTHING))),)), zone=HAND)
    s, limit = _limit(s)
    every = False
    m = re.fullmatch(r"каждый\s+раз,?\s+(когда\s+.+)", s)
    if m:
        s, every = m.group(1), True
    found = _split_head(s)
    if found is not None:
        (trig, zone), rest = found
        cond = None
        got = split_if(rest)
        if got is not None:                     # «В конце хода, если …, …» (113.2)
            cond, rest = got
            if cond.subject is not None and cond.subject.noun == N.SELF and \
                    Qualifier.IN_GRAVEYARD in cond.params:
                zone = GRAVEYARD                # «если эта карта на кладбище» (113.12)
        body, reason = _body(rest, text)
        if any(isinstance(n, A.Action) and n.verb == Verb.REVIVE and n.target is not None
               and n.target.noun == N.SELF for e in body for n in A.walk(e)):
            zone = GRAVEYARD                    # its own revival: it works from the graveyard
        return Feature(line, text, A.Triggered(trigger=trig, effects=body, limit=limit,
                                               condition=cond),
                       reason, every_time=every, zone=zone)
    m = re.fullmatch(r"(.+?):\s*(.+)", s)
    if m:
        cost = _cost(m.group(1))
        if cost is not None:
            body, reason = _body(m.group(2), text)
            node = A.Activated(cost=A.Cost(tap=cost.tap, counters=cost.coins), effects=body,
                               limit=limit)
            return Feature(line, text, node, reason, cost=cost)
    return Feature(line, text, None, "судья «Героев» не знает такой особенности")


def sentences(line: str) -> list[str]:
    """Split at full stops outside «…» quotes."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(line):
        if ch == "«":
            depth += 1
        elif ch == "»":
            depth = max(0, depth - 1)
        elif ch == "." and depth == 0 and (i + 1 == len(line) or line[i + 1] == " "):
            out.append(line[start:i + 1].strip())
            start = i + 1
    if line[start:].strip():
        out.append(line[start:].strip())
    return [s for s in out if s.strip(" .")]


@lru_cache(maxsize=4096)
def bridge_read(text: str | None, name: str, spell: bool = False) -> tuple[Feature, ...]:
    """Every feature of a card text, numbered from 1 in the order printed."""
    if not text:
        return ()
    out: list[Feature] = []
    for raw_line in text.split("\n"):
        prev_on_line: Feature | None = None
        for sentence in sentences(raw_line.strip()):
            f = feature(len(out) + 1, sentence, spell, name)
            if (f.node is None and prev_on_line is not None and not spell
                    and isinstance(prev_on_line.node, (A.Triggered, A.Activated))
                    and prev_on_line.reason is None):
                merged = _continue(prev_on_line, sentence)
                if merged is not None:
                    out[-1] = prev_on_line = merged
                    continue
            out.append(f)
            prev_on_line = f
    return tuple(out)


def _continue(prev: Feature, sentence: str) -> Feature | None:
    more = effects(re.sub(r"\s+", " ", fold(sentence).strip(" .")))
    if not more or any(isinstance(n, A.Opaque) for n in more):
        return None
    node = prev.node
    text = f"{prev.text} {sentence}"
    if isinstance(node, A.Triggered):
        node = A.Triggered(trigger=node.trigger, effects=node.effects + more, limit=node.limit)
    else:
        node = A.Activated(cost=node.cost, effects=node.effects + more, limit=node.limit)
    return Feature(prev.line, text, node, None, prev.cost, prev.every_time, prev.zone)


HAND_ZONE = HAND
