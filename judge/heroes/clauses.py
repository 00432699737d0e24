"""Heroes effect clauses → AST effects: the verbs of card text, their composition («, при этом»,
«, иначе», «можете …», complex abilities split by «,» and «;», 119) and the part of a feature
after its head.  See judge/heroes/phrases.py for why this reader exists and what it yields.

``effects(text)`` returns the effects in order, or a one-element tuple holding ``Opaque`` for
the first clause it cannot read (so the whole ability is refused, never half-applied).
"""
from __future__ import annotations

import copy
import re

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier, Verb
from berserk.vocab import TriggerEvent as E
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.heroes.conditions import condition, split_if
from judge.heroes.phrases import DONE, NOTHING, amount, measure, selector, split_duration
from judge.heroes.readers import READERS

PLAYER = A.Selector(noun=N.PLAYER)
OPPONENT = A.Selector(noun=N.OPPONENT)
EVERY_PLAYER = A.Selector(noun=N.PLAYER, qualifiers=(Qualifier.ALL,))
SELF = A.Selector(noun=N.SELF)

#: Words that start a new clause after a comma (a complex ability, 119.2).
VERB_START = re.compile(
    r"^(?:вы\s+)?(?:можете|ранить|раните|раньте|раниться|излеч\w+|вылеч\w+|полностью|уничтож\w+|"
    r"возьмите|взять|сбросьте|сбросить|закро\w+|закрыть|закройте|откро\w+|открыть|откройте|"
    r"выстрел\w*|сделайте|отрав\w+|положите|получите|потеряйте|поиск|найдите|вызов\w+|"
    r"возрод\w+|верните|оглуш\w+|подготов\w+|сразит\w+|каждый|противник|снимите|затем|удар\s|"
    r"нанесите|наносит|карты\s+с|создайте|мор\s|отдайте|посмотрите|покажите|скопируйте|следующий|бесплатно|используйте|"
    r"он[оа]?\s+может|"
    r"жизни\s|оно\s|"
    r"он[оа]?\s|его\s|ваш\w*\s|выбранн\w+\s|эт[оа]\s|все\s)")

# keyword features a Gain may grant («получает Рывок», «получает Броню 2»)
_GRANTED = (
    (r"рывок", KW.DASH, False), (r"направленный удар", KW.DIRECT, False),
    (r"первый удар", KW.FIRST_STRIKE, False), (r"последний удар", KW.LAST_STRIKE, False),
    (r"опыт в атаке", KW.OVA, False), (r"опыт в защите", KW.OVZ, False),
    (r"уязвимость", KW.VULNERABLE, False), (r"гнев", KW.WRATH, False),
    (r"бешенство", KW.FRENZY, False), (r"брон[юя] (\d+)", KW.ARMOR, True),
    (r"чешу[юя] (\d+)", KW.SCALES, True), (r"регенераци[юя] (\d+)", KW.REGEN, True),
    (r"вампиризм (\d+)", KW.VAMPIRISM, True), (r"оглушение", KW.STUNNED, False),
)


def granted(text: str) -> A.Node | None:
    """What «получает …» grants: a keyword, «+N к удару», N extra lives."""
    t = text.strip(" .")
    m = re.fullmatch(r"([+−-])\s*(\d+)\s+к\s+удар\w*", t)
    if m:
        n = int(m.group(2)) * (-1 if m.group(1) in "−-" else 1)
        return A.Bonus(amount=A.Fixed(value=n), to=(K.STRIKE,))
    m = re.fullmatch(r"([+−-])\s*(\d+)\s+к\s+жизн\w*", t)
    if m:
        n = int(m.group(2)) * (-1 if m.group(1) in "−-" else 1)
        return A.Bonus(amount=A.Fixed(value=n), to=(KW.LIFE,))
    m = re.fullmatch(r"(\d+|одну) дополнительн\w+ жизн\w*", t)
    if m:
        n = 1 if m.group(1) == "одну" else int(m.group(1))
        return A.Bonus(amount=A.Fixed(value=n), to=(KW.LIFE,))
    if re.fullmatch(r"дополнительн\w+ жизн\w*", t):
        return A.Bonus(amount=A.Fixed(value=1), to=(KW.LIFE,))
    for pattern, name, valued in _GRANTED:
        m = re.fullmatch(pattern, t)
        if m:
            return A.Keyword(name=name, value=int(m.group(1)) if valued else None)
    m = re.fullmatch(r"защиту от (.+)", t)
    if m:
        kinds = protection_kinds(m.group(1))
        return A.Protection(against=kinds) if kinds else None
    return None


def protection_kinds(text: str) -> tuple[str, ...] | None:
    """«выстрелов» / «ударов» / «атак» / «заклинаний» / «атак степных карт» → the kinds (an
    element of the attacking card is written as a qualifier «element:<стихия>»)."""
    t = text.strip(" .")
    kinds: list[str] = []
    for word, kind in (("выстрел", (K.SHOT,)), ("удар", (K.STRIKE,)), ("атак", (K.STRIKE, K.SHOT)),
                       ("заклинани", (K.SPELLS,)), ("отравлени", (K.POISON,)),
                       ("способност", (K.EFFECTS,))):
        if re.search(r"\b" + word, t):
            kinds.extend(kind)
    sel = selector(t.split(" ", 1)[1]) if " " in t else None
    if sel is not None:
        kinds.extend(q for q in sel.qualifiers if q.startswith(Qualifier.ELEMENT + ":"))
    return tuple(dict.fromkeys(kinds)) or None


def _n(word: str | None, default: int = 1) -> A.Node:
    if not word:
        return A.Fixed(value=default)
    return amount(word) or A.Fixed(value=default)


def _amount(text: str) -> A.Node | None:
    got = amount(text)
    if got is None:
        m = measure(text)
        if m is not None:
            return A.Variable(definition=m)
    return got


# ---------------------------------------------------------------- one clause
def clause(text: str) -> A.Node | None:
    """One verb clause (folded, no final period) → one effect node, or None."""
    t, duration = split_duration(text.strip(" ."))
    t = re.sub(r"^(?:затем|потом)\s+", "", t)
    m = re.fullmatch(r"(?:вы\s+)?можете\s+(.+)", t) or \
        re.fullmatch(r"(противник)\s+может\s+(.+)", t)
    if m:
        text = m.group(m.lastindex)
        if m.lastindex == 2:            # the opponent's «своё» is the opponent's card
            text = re.sub(r"\b(сво[её]|своего|свою|своих|свои)\s+(\w+)", r"\2 противника", text)
        inner = effects(text)
        if inner is None or any(isinstance(n, A.Opaque) for n in inner):
            return None
        body = inner[0] if len(inner) == 1 else A.Sequence_(steps=inner)
        return A.Choice(options=(body, NOTHING), chooser="opponent" if m.lastindex == 2 else None)
    for reader in _READERS:
        node = reader(t, duration)
        if node is not None:
            return node
    return None


def _wound(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"(?:ранить|раните|раньте|ранит|ранят|нанесите\s+раны)\s+(.+?)\s+на\s+(.+)", t)
    if m:
        sel, n = selector(m.group(1)), _amount(m.group(2))
        return A.Wound(target=sel, amount=n) if sel and n else None
    m = re.fullmatch(r"(?:нанесите|наносит|нанести)\s+(\d+|одну|две|три|x|х)\s+ран\w*\s+(.+)", t)
    if m:
        sel, n = selector(m.group(2)), _amount(m.group(1))
        return A.Wound(target=sel, amount=n) if sel and n else None
    m = re.fullmatch(r"ранить?ся\s+на\s+(.+)", t) or re.fullmatch(r"раньтесь\s+на\s+(.+)", t)
    if m:
        n = _amount(m.group(1))
        return A.Wound(target=SELF, amount=n) if n else None
    m = re.fullmatch(r"(.+?)\s+получа\w+\s+(\d+|одну)\s+ран\w*", t)
    if m:
        sel = selector(m.group(1))
        return A.Wound(target=sel, amount=_n(m.group(2))) if sel else None
    return None


def _heal(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"полностью\s+(?:излеч\w+|вылеч\w+)\s+(.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Heal(target=sel, amount=None) if sel else None
    m = re.fullmatch(r"(?:излечить|излечите|излечит|вылечите|вылечить)\s+(.+?)\s+на\s+(.+)", t)
    if m:
        sel, n = selector(m.group(1)), _amount(m.group(2))
        return A.Heal(target=sel, amount=n) if sel and n else None
    m = re.fullmatch(r"(.+?)\s+(?:излечивается|излечиваются)\s+на\s+(.+)", t)
    if m and not m.group(1).startswith("и"):
        sel, n = selector(m.group(1)), _amount(m.group(2))
        return A.Heal(target=sel, amount=n) if sel and n else None
    m = re.fullmatch(r"(?:излечиться|излечитесь|излечивается)\s+на\s+(.+)", t)
    if m:
        n = _amount(m.group(1))
        return A.Heal(target=SELF, amount=n) if n else None
    return None


def _destroy(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"(?:уничтожить|уничтожьте|уничтожает|уничтожит)\s+(.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.DESTROY, target=sel) if sel else None
    return None


def _cards(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"(?:возьмите|взять)\s+(?:(\d+|одну|две|три|x|х)\s+)?карт\w*", t)
    if m:
        return A.Action(verb=Verb.DRAW, target=PLAYER, amount=_n(m.group(1)))
    m = re.fullmatch(r"(каждый игрок|противник|оппонент)\s+берет\s+(?:(\d+|одну|две|три|x|х)\s+)?карт\w*", t)
    if m:
        who = EVERY_PLAYER if m.group(1) == "каждый игрок" else OPPONENT
        return A.Action(verb=Verb.DRAW, target=who, amount=_n(m.group(2)))
    m = re.fullmatch(r"(?:сбросьте|сбросить)\s+(?:(\d+|одну|две|три)\s+)?(случайн\w+\s+)?карт\w*"
                     r"(?:\s+с\s+руки)?", t)
    if m:
        return A.Action(verb=Verb.DISCARD, target=PLAYER, amount=_n(m.group(1)),
                        params=("random",) if m.group(2) else ())
    m = re.fullmatch(r"(?:противник|оппонент)\s+сбрасывает\s+карты,?\s+пока\s+(?:в\s+его\s+руке\s+)?не\s+"
                     r"станет\s+столько\s+же\s+карт,?\s+сколько\s+в\s+вашей(?:\s+руке)?", t)
    if m:
        return A.Action(verb=Verb.DISCARD, target=OPPONENT, params=("until_equal",))
    m = re.fullmatch(r"(противник|оппонент|каждый игрок)\s+сбрасывает\s+(?:(\d+|одну|две|три)\s+)?"
                     r"(случайн\w+\s+)?карт\w*(?:\s+с\s+руки)?", t)
    if m:
        who = EVERY_PLAYER if m.group(1) == "каждый игрок" else OPPONENT
        return A.Action(verb=Verb.DISCARD, target=who, amount=_n(m.group(2)),
                        params=("random",) if m.group(3) else ())
    m = re.fullmatch(r"поиск\s*[—–-]\s*(.+)", t) or \
        re.fullmatch(r"найдите\s+в\s+(?:вашей\s+|своей\s+)?колоде\s+(.+?)(?:,?\s+покажите.*)?"
                     r"(?:\s+и\s+положите.*)?", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.SEARCH, target=sel) if sel else None
    m = re.fullmatch(r"положите\s+в\s+игру\s+(.+?)\s+из\s+(?:вашей\s+|своей\s+)?(руки|колоды)", t) \
        or re.fullmatch(r"вызовите\s+(.+?)(?:\s+из\s+(?:вашей\s+|своей\s+)?(колоды|руки|кладбища))?", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.SUMMON, target=sel, params=(m.group(2) or "колоды",)) \
            if sel else None
    m = re.fullmatch(r"(?:возродите|возродить)\s+(.+?)(?:\s+под\s+(?:вашим|своим)\s+контролем)?"
                     r"(?:\s+с\s+(\d+)\s+жизн\w*)?", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.REVIVE, target=sel,
                        amount=_n(m.group(2)) if m.group(2) else None) if sel else None
    m = re.fullmatch(r"(?:верните|положите|вернуть|положить)\s+(.+?)\s+в\s+руку(?:\s+(?:его\s+)?"
                     r"владельца)?", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.RETURN, target=sel, params=("hand",)) if sel else None
    return None


def _open_close(t: str, duration) -> A.Node | None:
    for verb, words in ((Verb.CLOSE, r"закройте|закрыть|закрывает|закроет"),
                        (Verb.OPEN, r"откройте|открыть|открывает|откроет"),
                        (Verb.STUN, r"оглушите|оглушить|оглушает"),
                        (Verb.PREPARE, r"подготовьте|подготовить")):
        m = re.fullmatch(rf"(?:{words})\s+(.+)", t)
        if m:
            sel = selector(m.group(1))
            return A.Action(verb=verb, target=sel) if sel else None
    if re.fullmatch(r"закрыться|закройтесь|закрывается", t):
        return A.Action(verb=Verb.CLOSE, target=SELF)
    if re.fullmatch(r"открыться|откройтесь|открывается", t):
        return A.Action(verb=Verb.OPEN, target=SELF)
    m = re.fullmatch(r"(.+?)\s+не\s+открывается(?:\s+в\s+(?:свой\s+|его\s+)?следующ\w+\s+ход)?", t)
    if m:
        sel = selector(m.group(1))
        if sel:
            return A.Restriction(what=Verb.OPEN, subject=sel,
                                 duration=duration or A.Duration(until="next_turn"))
    return None


def _attacks(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"(?:сделайте\s+)?выстрел(?:ите)?\s+на\s+(\S+)(?:\s+по\s+(.+))?", t)
    if m:
        n = _amount(m.group(1))
        sel = selector(m.group(2)) if m.group(2) else None
        if n is None or (m.group(2) and sel is None):
            return None
        if sel is not None and sel.noun == N.HERO and Qualifier.ALL in sel.qualifiers:
            # an attack has exactly one target (502.5): «по герою противника» is that target
            sel = A.Selector(noun=N.HERO, side=sel.side, qualifiers=(Qualifier.CHOSEN,))
        return A.Attack(attack=K.SHOT, damage=n, target=sel)
    m = re.fullmatch(r"(?:отравить|отравите|отравьте)\s+(.+?)\s+на\s+(.+)", t)
    if m:
        sel, n = selector(m.group(1)), _amount(m.group(2))
        return A.Poison(amount=n, target=sel) if sel and n else None
    m = re.fullmatch(r"(?:сразитесь|сразиться)\s+с\s+(.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.FIGHT, target=sel, by=SELF) if sel else None
    m = re.fullmatch(r"(.+?)\s+сража\w+\s+с\s+(.+)", t)
    if m:
        by, sel = selector(m.group(1)), selector(m.group(2))
        return A.Action(verb=Verb.FIGHT, target=sel, by=by) if sel and by else None
    return None


def _gain(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"положите\s+(?:(\d+)\s+)?эффект\w*\s+(усиления|ослабления)\s+на\s+(.+)", t)
    if m:
        sel = selector(m.group(3))
        verb = Verb.STRENGTHEN if m.group(2) == "усиления" else Verb.WEAKEN
        return A.Action(verb=verb, target=sel, amount=_n(m.group(1))) if sel else None
    if re.fullmatch(r"[+−-]\s*\d+\s+к\s+удар\w*", t):       # «+1 к удару до конца хода»
        return A.Gain(target=SELF, what=(granted(t),), duration=duration)
    m = re.fullmatch(r"(?:получите|получает)\s+(.+)", t)
    if m and granted(m.group(1)) is not None:
        return A.Gain(target=SELF, what=(granted(m.group(1)),), duration=duration)
    m = re.fullmatch(r"(.+?)\s+получа\w+\s+(.+)", t)
    if m:
        sel = selector(m.group(1), plural=bool(re.search(r"получают", t)))
        what = granted(m.group(2))
        if sel is None or what is None:
            return None
        return A.Gain(target=sel, what=(what,), duration=duration)
    m = re.fullmatch(r"(.+?)\s+теря\w+\s+(?:все\s+)?особенности", t)
    if m:
        sel = selector(m.group(1), plural=bool(re.search(r"теряют", t)))
        return A.Lose(target=sel, what="abilities", duration=duration) if sel else None
    m = re.fullmatch(r"снимите\s+(?:все\s+)?эффекты\s+с\s+(.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Lose(target=sel, what="effects") if sel else None
    m = re.fullmatch(r"(?:оно|он|она|это\s+существо)\s+может\s+(?:снова\s+)?атаковать(?:\s+ещ[её]\s+раз)?", t)
    if m:
        return A.Action(verb=Verb.ATTACK, target=A.Selector(noun=N.IT), params=("again",))
    m = re.fullmatch(r"снимите\s+отравление\s+с\s+(.+)", t)
    if m:
        sel = selector(m.group(1))
        return A.Lose(target=sel, what="ability",
                      abilities=(A.Keyword(name=KW.POISONING),)) if sel else None
    return None


def _resources(t: str, duration) -> A.Node | None:
    m = re.fullmatch(r"получите\s+(?:(\d+|одну|две|три)\s+)?монет\w*", t)
    if m:
        return A.Action(verb=Verb.GAIN_COINS, target=PLAYER, amount=_n(m.group(1)),
                        duration=duration)
    m = re.fullmatch(r"(?:потеряйте|потерять)\s+(?:(\d+|одну|две|три)\s+)?монет\w*", t)
    if m:
        return A.Action(verb=Verb.LOSE_COINS, target=PLAYER, amount=_n(m.group(1)))
    m = re.fullmatch(r"(противник|оппонент)\s+теряет\s+(?:(\d+|одну|две|три)\s+)?монет\w*", t)
    if m:
        return A.Action(verb=Verb.LOSE_COINS, target=OPPONENT, amount=_n(m.group(2)))
    m = re.fullmatch(r"(?:получите|получить)\s+(?:(\d+|один|два|три)\s+)?жетон\w*\s+молитв\w*", t)
    if m:
        return A.Action(verb=Verb.PRAY, target=PLAYER, amount=_n(m.group(1)))
    m = re.fullmatch(r"каждый игрок получает\s+(?:(\d+|один|два|три)\s+)?жетон\w*\s+молитв\w*", t)
    if m:
        return A.Action(verb=Verb.PRAY, target=EVERY_PLAYER, amount=_n(m.group(1)))
    m = re.fullmatch(r"возьмите\s+под\s+контроль\s+(.+)", t) or \
        re.fullmatch(r"возьмите\s+(.+?)\s+под\s+контроль", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.TAKE_CONTROL, target=sel, duration=duration) if sel else None
    if re.fullmatch(r"вы\s+выигрываете(?:\s+игру)?", t):
        return A.Action(verb=Verb.WIN, target=PLAYER)
    if re.fullmatch(r"отмените\s+(?:его|ее|её|эту\s+карту|это\s+заклинание|розыгрыш)", t):
        return A.Action(verb=Verb.CANCEL, target=A.Selector(noun=N.IT))
    m = re.fullmatch(r"в\s+начале\s+(вашего\s+)?следующего\s+хода,?\s+(.+)", t)
    if m:
        body = effects(m.group(2))
        if body is None or any(isinstance(n, A.Opaque) for n in body):
            return None
        return A.Triggered(trigger=A.Trigger(event=E.NEXT_TURN_START,
                                             turn="own" if m.group(1) else None), effects=body)
    return None


def _set_value(t: str, duration) -> A.Node | None:
    """«удар X становится равным N» (106.3.1), «жизни X становятся равными N» (106.2.1)."""
    m = re.fullmatch(r"(удар|жизни)\s+(.+?)\s+(?:становится|становятся|сводится|сводятся)\s+"
                     r"(?:равн\w+\s+)?(?:к\s+)?(\d+)", t)
    if m:
        sel = selector(m.group(2), plural=bool(re.search(r"(?:всех|каждого)", m.group(2))))
        verb = Verb.SET_STRIKE if m.group(1) == "удар" else Verb.SET_LIVES
        return A.Action(verb=verb, target=sel, amount=A.Fixed(value=int(m.group(3)))) \
            if sel else None
    return None


_READERS = (_wound, _heal, _destroy, _cards, _open_close, _attacks, _gain, _resources,
            _set_value) + READERS


# ---------------------------------------------------------------- composition
def _split_clauses(sentence: str) -> list[str]:
    """«A, B; C» → [A, B, C]: a comma starts a new clause only before a verb (119.2)."""
    parts: list[str] = []
    for chunk in re.split(r";\s*", sentence):
        for piece in re.split(r",\s+|\s+и\s+(?=(?:возьмите|ранить|излеч|уничтож|закро|откро|"
                              r"сбросьте|получите|положите|отрав)\w*)", chunk):
            if parts and (not VERB_START.match(piece) or piece.startswith("где ")):
                parts[-1] += ", " + piece
            else:
                parts.append(piece)
    return [p.strip() for p in parts if p.strip()]


#: ``Choice.chooser`` of a link of «выберите одно или несколько: …» (524.2).
CONSTRUCTOR = "constructor"
#: ``Choice.chooser`` of a link of «выберите X раз из: …» (524.1: repeats allowed).
CONSTRUCTOR_TIMES = "constructor_times"
_TIMES = {"два": 2, "две": 2, "дважды": 2, "три": 3, "трижды": 3}


def effects(text: str) -> tuple[A.Node, ...] | None:
    """A feature's effect text (folded) → effects in order; None if it is not effect text."""
    m = re.fullmatch(r"выберите\s+(\d+|два|две|три|дважды|трижды)(?:\s+раза?)?\s+из\s*:?\s*(.+)",
                     text.strip(" ."))
    if m:                                   # 524.1: a chain of X links, repeats allowed
        n = int(m.group(1)) if m.group(1).isdigit() else _TIMES[m.group(1)]
        options = []
        for part in re.split(r";\s*", m.group(2)):
            got = effects(part)
            if got is None or any(isinstance(x, A.Opaque) for x in got):
                return (A.Opaque(text=part),)
            options.append(got[0] if len(got) == 1 else A.Sequence_(steps=got))
        if n < 1 or len(options) < 2:
            return (A.Opaque(text=text),)
        # every link its own copy of the options: its own targets, chosen anew (524.1)
        return (A.Sequence_(steps=tuple(
            A.Choice(options=tuple(copy.deepcopy(o) for o in options), chooser=CONSTRUCTOR_TIMES)
            for _ in range(n))),)
    m = re.fullmatch(r"выберите\s+одно\s+или\s+несколько\s*:\s*(.+)", text.strip(" ."))
    if m:
        links = []
        for part in re.split(r";\s*", m.group(1)):
            got = effects(part)
            if got is None or any(isinstance(n, A.Opaque) for n in got):
                return (A.Opaque(text=part),)
            body = got[0] if len(got) == 1 else A.Sequence_(steps=got)
            links.append(A.Choice(options=(body, NOTHING), chooser=CONSTRUCTOR))
        return (A.Sequence_(steps=tuple(links)),)
    out: list[A.Node] = []
    for sentence in re.split(r"\.\s+", text.strip(" .")):
        m = re.fullmatch(r"(?:(.+?),\s+)?(если\s+.+)", sentence)
        got = split_if(m.group(2)) if m else None
        tail = condition(m.group(2)[5:]) if m and got is None and m.group(1) else None
        if tail is not None:                 # «A, если <условие>»: A only then
            body = effects(m.group(1))
            if body is None or any(isinstance(n, A.Opaque) for n in body):
                return (A.Opaque(text=sentence),)
            out.append(A.Conditional(condition=tail, effects=body))
            continue
        if got is not None:                  # «[A,] если <условие>, B» (conditions.py)
            before = effects(m.group(1)) if m.group(1) else ()
            body = effects(got[1])
            if before is None or body is None or any(isinstance(n, A.Opaque)
                                                     for n in before + body):
                return (A.Opaque(text=sentence),)
            out.extend(before)
            out.append(A.Conditional(condition=got[0], effects=body))
            continue
        m = re.fullmatch(r"(.+?),\s+иначе\s+(.+)", sentence)
        if m:
            first, second = effects(m.group(1)), effects(m.group(2))
            if first is None or second is None:
                return (A.Opaque(text=sentence),)
            out.extend(first)
            out.append(A.Conditional(condition=DONE, effects=(), otherwise=second))
            continue
        m = re.fullmatch(r"(.+?),\s+при\s+этом\s+(.+)", sentence)
        if m:
            first, second = effects(m.group(1)), effects(m.group(2))
            if first is None or second is None:
                return (A.Opaque(text=sentence),)
            out.extend(first)
            out.append(A.Conditional(condition=DONE, effects=second))
            continue
        for part in _split_clauses(sentence):
            node = clause(part)
            if node is None:
                return (A.Opaque(text=part),) if out or part != sentence else None
            out.append(node)
    return tuple(out) or None
