"""Heroes effect wording → the typed AST (grammar/ast): noun phrases, amounts and the verbs of
«Берсерк. Герои» card text («ранить выбранное существо на 2», «возьмите карту», «уничтожьте
всех существ», «выбранное существо получает +2 к удару до конца хода» …).

A bridge, not a second grammar: the project's grammar (issue 9) does not type these Heroes forms
yet (docs/heroes.md lists them; /work/scratch/contract/requests.md asks for them).  Everything
here yields the very node classes the grammar will, so the engine reads only the AST; a clause
this module does not know is left ``Opaque`` and the judge refuses the ability by name (never a
guess).  Matching is on folded text (lower case, ё→е).

Selectors: «выбранн…» → a chosen target (qualifier ``chosen``); «все/всех/каждое/каждого»,
a plural «ваши …» → ``all`` (a mass ability, 502.6); «героя противника» / «вашего героя» — there
is one: ``all`` too (non-targeted, 502.10); «это существо», «себя», a reflexive verb → ``self``
(502.8); «его/ему/него» → ``it``.  No side named → either side (118.7).
"""
from __future__ import annotations

import re

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as CK
from berserk.vocab import (HEROES_CLASSES, CardType, DurationKind, Element, KeywordName,
                           MeasureKind, Qualifier, Side, Verb)
from berserk.vocab import SelectorNoun as N
from grammar import ast as A

NOTHING = A.Action(verb=Verb.NOTHING)
DONE = A.Condition(what=CK.DONE)

_CLASS_NOUNS = sorted(HEROES_CLASSES[CardType.CREATURE], key=len, reverse=True)
_NUMBERS = {"одну": 1, "один": 1, "одна": 1, "одно": 1, "две": 2, "два": 2, "три": 3,
            "четыре": 4, "пять": 5, "двух": 2, "трех": 3, "трёх": 3, "четырех": 4, "пяти": 5}

# ---------------------------------------------------------------- selectors
_NOUNS = (
    (r"персонаж\w*", N.CHARACTER),
    (r"геро(?:й|я|ю|ем|е|ев|ям|ями|ях|и)\b", N.HERO),
    (r"существ\w*", N.CREATURE),
    (r"карт\w* поддержки", N.SUPPORT),
    (r"заклинани\w*", N.SPELL),
    (r"карт\w*", N.CARD),
)
_ELEMENT_STEMS = tuple((e.stem, e) for e in Element if e.stem)


def _class_of(word: str) -> str | None:
    for cls in _CLASS_NOUNS:
        stem = cls.replace("ё", "е")
        if len(stem) > 4:
            stem = stem[:-1] if stem[-1] in "ьаяоей" else stem
        if word.startswith(stem[: max(4, len(stem) - 1)]) and " " not in cls:
            return cls
    return None


#: Everything a noun phrase may say that ``selector`` reads; a word outside these makes the
#: phrase unreadable (refused) — a restriction is never silently dropped.
_KNOWN = [
    r"выбранн\w*", r"вс[еи]х?", r"всем", r"кажд\w+", r"люб\w+", r"друг\w+", r"ваш\w*",
    r"сво\w+", r"противника", r"вражеск\w*", r"персонаж\w*", r"геро\w+", r"существ\w*",
    r"карт\w*\s+поддержки", r"карт\w*", r"заклинани\w*", r"со\s+стихией",
    r"обладающ\w*\s+стихией", r"имеющ\w*\s+стихию", r"стихийн\w*", r"отравленн\w*",
    r"без\s+ран", r"ранен\w*", r"с\s+ранами", r"закрыт\w*", r"открыт\w*",
    r"стоимостью\s+(?:ровно\s+)?(?:\d+|x|х)(?:\s+или\s+(?:менее|меньше|ниже|более|больше|выше))?",
    r"с\s+(?:рывком|броней|первым\s+ударом|направленным\s+ударом|уязвимостью)",
    r"(?:в|с|из|на|со)\s+(?:вашей\s+|вашего\s+|своей\s+|своего\s+|его\s+|ее\s+|её\s+)?"
    r"(?:рук[еиу]|кладбищ[аеу]|колод[еыу])",
    r"(?:по\s+имени|с\s+названием|класса|с\s+классом)?\s*«[^»]*»",
] + [e.stem + r"\w*" for e in Element if e.stem]
_STOP = {"и", "в", "на", "с", "со", "из", "по", "у", "от", "к", "для", "или"}


def _unread(p: str) -> list[str]:
    rest = p
    for pattern in _KNOWN:
        rest = re.sub(r"(?<!\w)" + pattern + r"(?!\w)", " ", rest)
    return [w for w in rest.split() if w not in _STOP and _class_of(w) is None]


def selector(phrase: str, *, plural: bool = False) -> A.Selector | None:
    """A noun phrase (folded) → Selector, or None when it is not one this reader knows (every
    word of it must be read: «существо с ударом 2 или менее» is refused, not taken as any
    creature)."""
    p = " " + phrase.strip(" ,.") + " "
    sel = _selector(p, plural)
    if sel is not None and sel.noun not in (N.SELF, N.IT, N.ATTACKED, N.ATTACKER, N.OPPONENT) \
            and _unread(p):
        return None
    return sel


def _selector(p: str, plural: bool) -> A.Selector | None:
    if re.search(r" (себя|сам[оау]?|самого|самой|самому) ", p):
        return A.Selector(noun=N.SELF)
    if re.search(r" (эт(?:о|от|а|у|ого|ой|ому|им)) (существ\w*|карт\w*|персонаж\w*|геро\w*) ", p) \
            and not re.search(r" (другое|другого|другому|другим)", p):
        return A.Selector(noun=N.SELF)
    if re.fullmatch(r" (его|ему|него|нему|оно|она|ее|ей|им|ним|нее|ней) ", p):
        return A.Selector(noun=N.IT)
    if re.search(r" атакованн\w* ", p):
        return A.Selector(noun=N.ATTACKED)
    if re.search(r" (атакующ|атаковавш)\w* ", p):
        return A.Selector(noun=N.ATTACKER)
    if re.fullmatch(r" (противник|противника|противнику|оппонент\w*) ", p):
        return A.Selector(noun=N.OPPONENT)
    noun, cls = None, None
    for pattern, n in _NOUNS:
        if re.search(" " + pattern, p):
            noun = n
            break
    if noun is None:
        for word in p.split():
            cls = _class_of(word)
            if cls:
                noun = N.CREATURE
                break
    if noun is None:
        return None
    quals: list[str] = []
    side = None
    if re.search(r" противника ", p) or re.search(r" вражеск\w* ", p):
        side = Side.ENEMY
    if re.search(r" (ваш|ваше|вашего|вашему|ваша|вашу|вашей|ваши|ваших|вашим|своего|своё|свое|"
                 r"свою|своих|свои|своим)\b", p):
        side = Side.OWN
    if re.search(r" (все|всех|всем|каждое|каждого|каждому|каждый|каждую|каждая|любые|любых) ", p):
        quals.append(Qualifier.ALL)
    elif noun is N.HERO and side is not None and "выбранн" not in p:
        quals.append(Qualifier.ALL)       # «героя противника», «вашего героя»: there is one
    elif plural or re.search(r" (ваши|ваших|вашим) ", p):
        quals.append(Qualifier.ALL)
    else:
        quals.append(Qualifier.CHOSEN)
    if re.search(r" (друг\w+) ", p):
        quals.append(Qualifier.OTHER)
    if cls is None:
        for word in p.split():
            if word.startswith(("существ", "персонаж", "карт", "геро")):
                continue
            cls = _class_of(word)
            if cls:
                break
    if cls:
        quals.append(f"{Qualifier.CLASS}:{cls}")
    for stem, element in _ELEMENT_STEMS:
        if re.search(r" " + stem + r"\w* ", p):
            quals.append(f"{Qualifier.ELEMENT}:{element}")
    if re.search(r" (со стихией|обладающ\w* стихией|имеющ\w* стихию|стихийн\w*) ", p):
        quals.append(Qualifier.ELEMENTAL)
    if re.search(r" отравленн\w* ", p):
        quals.append(Qualifier.POISONED)
    if re.search(r" без ран ", p):
        quals.append(Qualifier.UNWOUNDED)
    elif re.search(r" (ранен\w*|с ранами) ", p):
        quals.append(Qualifier.WOUNDED)
    if re.search(r" закрыт\w* ", p):
        quals.append(Qualifier.CLOSED)
    elif re.search(r" открыт\w* ", p):
        quals.append(Qualifier.OPEN)
    m = re.search(r" стоимостью (\d+|x|х) или (менее|меньше|ниже)", p)
    if m:
        quals.append(f"{Qualifier.COST_MAX}:{_num(m.group(1))}")
    m = m or re.search(r" стоимостью (\d+|x|х) или (более|больше|выше)", p)
    if m and m.group(2) in ("более", "больше", "выше"):
        quals.append(f"{Qualifier.COST_MIN}:{_num(m.group(1))}")
    if not m:
        m = re.search(r" стоимостью (?:ровно )?(\d+|x|х)\b", p)
        if m:
            quals.append(f"{Qualifier.COST}:{_num(m.group(1))}")
    m = re.search(r" с (рывком|броней|первым ударом|направленным ударом|уязвимостью)", p)
    if m:
        quals.append(f"{Qualifier.WITH}:{_KEYWORD_WORDS[m.group(1)]}")
    owner = r"(?:вашей |вашего |своей |своего |его |ее |её )?"
    if re.search(r" (?:в|с|из) " + owner + r"рук[еиу] ", p):
        quals.append(Qualifier.IN_HAND)
    if re.search(r" (?:на|с|со|из) " + owner + r"кладбищ[аеу] ", p):
        quals.append(Qualifier.IN_GRAVEYARD)
    if re.search(r" (?:в|из) " + owner + r"колод[еыу] ", p):
        quals.append(Qualifier.IN_DECK)
    m = re.search(r" (?:класса|с классом) «([^»]+)»", p)
    if m:
        quals.append(f"{Qualifier.CLASS}:{m.group(1)}")
    else:
        m = re.search(r" по имени «([^»]+)»| с названием «([^»]+)»| «([^»]+)»", p)
        if m:
            quals.append(f"{Qualifier.NAMED}:{next(g for g in m.groups() if g)}")
    return A.Selector(noun=noun, side=side, qualifiers=tuple(dict.fromkeys(quals)))


_KEYWORD_WORDS = {"рывком": KeywordName.DASH, "броней": KeywordName.ARMOR,
                  "первым ударом": KeywordName.FIRST_STRIKE,
                  "направленным ударом": KeywordName.DIRECT,
                  "уязвимостью": KeywordName.VULNERABLE}


def _num(word: str) -> str:
    return "X" if word in ("x", "х") else word


# ---------------------------------------------------------------- amounts
def amount(text: str) -> A.Node | None:
    """«2», «X», «X+1», with «где X — …» after it → Fixed / Variable."""
    t = text.strip()
    m = re.fullmatch(r"(\d+)", t)
    if m:
        return A.Fixed(value=int(m.group(1)))
    if t in _NUMBERS:
        return A.Fixed(value=_NUMBERS[t])
    m = re.fullmatch(r"[xх]\s*(?:([+-])\s*(\d+))?(?:\s*,?\s*где\s+[xх]\s*[—–-]\s*(.+))?", t)
    if m:
        offset = int(m.group(2) or 0) * (-1 if m.group(1) == "-" else 1)
        definition = measure(m.group(3)) if m.group(3) else None
        if m.group(3) and definition is None:
            definition = A.Opaque(text=m.group(3))
        return A.Variable(offset=offset, definition=definition)
    return None


def measure(text: str) -> A.Measure | None:
    """«число карт в вашей руке», «число ваших существ», «удар этого существа» …"""
    t = text.strip(" .")
    m = re.fullmatch(r"(?:число|количество) (.+)", t)
    if m:
        what = m.group(1)
        if re.fullmatch(r"карт в (вашей )?руке", what):
            return A.Measure(what=MeasureKind.COUNT, of=A.Selector(
                noun=N.CARD, side=Side.OWN, qualifiers=(Qualifier.IN_HAND, Qualifier.ALL)))
        if re.fullmatch(r"карт в руке противника", what):
            return A.Measure(what=MeasureKind.COUNT, of=A.Selector(
                noun=N.CARD, side=Side.ENEMY, qualifiers=(Qualifier.IN_HAND, Qualifier.ALL)))
        if re.fullmatch(r"ран на (.+)", what):
            sel = selector(re.fullmatch(r"ран на (.+)", what).group(1))
            return A.Measure(what=MeasureKind.WOUNDS, of=sel) if sel else None
        sel = selector(what, plural=True)
        if sel is not None:
            return A.Measure(what=MeasureKind.COUNT, of=sel)
        return None
    m = re.fullmatch(r"(?:сила )?удар\w* (.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Measure(what=MeasureKind.STRIKE_VALUE, of=sel) if sel else None
    m = re.fullmatch(r"стоимость (.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Measure(what=MeasureKind.COST, of=sel) if sel else None
    return None


# ---------------------------------------------------------------- durations
_DURATIONS = (                       # the longer forms first: «до конца хода противника»
    (r"до конца (?:следующего )?хода противника", DurationKind.END_OF_OPPONENT_TURN),
    (r"до конца (?:этого )?хода", DurationKind.END_OF_TURN),
    (r"до конца вашего хода", DurationKind.END_OF_YOUR_TURN),
    (r"до начала (?:вашего )?следующего хода|до начала вашего хода", DurationKind.UNTIL_YOUR_NEXT_TURN),
    (r"до начала хода", DurationKind.UNTIL_YOUR_NEXT_TURN),
)


def split_duration(text: str) -> tuple[str, A.Duration | None]:
    for pattern, kind in _DURATIONS:
        m = re.search(r",?\s*" + pattern + r"\b", text)
        if m:
            until = kind
            if kind is DurationKind.UNTIL_YOUR_NEXT_TURN and "вашего" not in m.group(0):
                until = DurationKind.UNTIL_NEXT_TURN   # bare: the next turn's start (303.1, R7)
            return (text[:m.start()] + text[m.end():]).strip(" ,"), A.Duration(until=until)
    return text, None
