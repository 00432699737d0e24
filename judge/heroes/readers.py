"""Heroes effect clauses of the second round → AST nodes (the bridge of judge/heroes/phrases.py,
continued): non-base property changes («становится тёмным / оружием / героем», «теряет
стихии»), copying a feature, looking at and showing the top of the deck, distributed heals,
«следующий Найм сработает ещё раз», extra turns, free use of the hero's ability.

Each reader takes one folded clause (no final period) and its duration and returns a node or
None; judge/heroes/clauses.py tries them after its own.  What a reader cannot place exactly is
None — the clause stays unread and the ability is refused, never half-applied.

The nodes are the grammar's classes; a mechanism the vocabulary has no member for is written
as an ``Action`` of the nearest verb with a tag in ``params`` (the constants below), the same
way Засада is (``params=("ambush",)``).
"""
from __future__ import annotations

import re

from berserk.vocab import AttackKind as AK
from berserk.vocab import CardType, Element, KeywordName, Qualifier, Side, TriggerEvent, Verb
from berserk.vocab import ConditionKind as CK
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.heroes.model import HAND, PLAY
from judge.heroes.phrases import NOTHING, amount, selector

#: ``Action.params`` tags of the mechanisms below.
COPY_FEATURE = "copy_feature"          # «… получает одну особенность выбранного существа»
TOP = "top"                            # the top card of a deck (204.3)
BOTTOM = "bottom"                      # «под низ колоды»
DISTRIBUTE = "distribute"              # «суммарно до N» — divided among targets (308.1 step 6)
NEXT_HIRE = "next_hire_again"          # «следующий Найм сработает ещё раз» (525.2)
EXTRA_TURN = "extra_turn"              # term:Дополнительный ход
FREE = "free"                          # term:Бесплатно
LOSE_ELEMENTS = "lose_elements"        # «теряет стихии» (107.2.1)
REGEN = "regeneration"                 # Регенерация X (its heal may be replaced, 517.1)
ATTACH = "attach"                      # term:Модуль — «присоединить к вашему механизму»
VANGUARD = "vanguard"                  # term:Авангард Х — play a creature from the hand free
INCARNATE = "incarnate"                # term:Инкарнация X — revive this card closed
COST_NAMES = "cost_names"              # «карты с такими же названиями стоят на N больше» (105.6)
SAME_AS_IT = "@it"                     # ``named:@it`` — «с таким же названием, как у …» (105.5)
MECHANISM = "механизм"                 # the class a module attaches to (107.3.2)
CREATE = "create"                      # «создайте X» — X from the stock into play (519.6)
MILL = "mill"                          # «положите N верхних карт колоды на кладбище» (Мор X)
GIVE = "give"                          # «отдайте …» — control to the opponent (term:Отдайте)
HIDE = "hide"                          # «скрывается» (term:Скрыться, term:Скрытность)
SLEEPING = "sleeping"                  # Спящий: enters closed, never opens (term:Спящий)
CLUTCH = "clutch"                      # term:Кладка — create an Яйцо that mines this card
MATURE = "mature"                      # the Яйцо's «положите эффект созревания»

#: «становится …» (104.3.1): the vocabulary's «стать»; ``params`` say what it becomes
#: (``type:<тип>``, ``class:<класс>``, ``element:<стихия>``).
CHANGE = Verb.BECOME

PLAYER = A.Selector(noun=N.PLAYER)
OWN_HERO = A.Selector(noun=N.HERO, side=Side.OWN, qualifiers=(Qualifier.ALL,))
SELF = A.Selector(noun=N.SELF)
IT = A.Selector(noun=N.IT)

#: «становится X»: the type (and the class a support type needs, 107.3) a word names.
_TYPES = {"героем": (CardType.HERO, None), "существом": (CardType.CREATURE, None),
          "оружием": (CardType.SUPPORT, "оружие"), "броней": (CardType.SUPPORT, "броня"),
          "амулетом": (CardType.SUPPORT, "амулет"),
          "местностью": (CardType.SUPPORT, "местность"),
          "событием": (CardType.SUPPORT, "событие")}


def become(t: str, duration) -> A.Node | None:
    """«X становится тёмным / оружием / героем» (104.3.1, 109.1, 109.2); «X теряет все
    стихии» (107.2.1).  A change for a while (a duration) is not read: 104.3.1 overwrites."""
    if duration is not None:
        return None
    m = re.fullmatch(r"(.+?)\s+(?:становится|становятся|стал[аио]?)\s+(\w+)", t)
    if m:
        sel = selector(m.group(1), plural=bool(re.search(r"становятся", t)))
        word = m.group(2)
        if sel is None:
            return None
        if word in _TYPES:
            kind, cls = _TYPES[word]
            params = (f"{Qualifier.TYPE}:{kind}",) + ((f"{Qualifier.CLASS}:{cls}",) if cls else ())
            return A.Action(verb=CHANGE, target=sel, params=params)
        element = next((e for e in Element if e.stem and word.startswith(e.stem)
                        and re.fullmatch(e.stem + r"(?:ым|ой|ыми|ою)", word)), None)
        if element is not None:
            return A.Action(verb=CHANGE, target=sel,
                            params=(f"{Qualifier.ELEMENT}:{element}",))
        return None
    m = re.fullmatch(r"(.+?)\s+теря\w+\s+(?:все\s+)?(?:свои\s+)?стихи\w*", t)
    if m:
        sel = selector(m.group(1), plural=bool(re.search(r"теряют", t)))
        return A.Action(verb=CHANGE, target=sel, params=(LOSE_ELEMENTS,)) if sel else None
    return None


def copy_feature(t: str, duration) -> A.Node | None:
    """«Эта карта / ваш герой получает (копирует) одну особенность выбранного существа» (111.1,
    term:Скопировать свойства и особенности): ``target`` is the card copied from, ``to`` the
    receiver."""
    m = re.fullmatch(r"(.+?)\s+(?:получает|копирует)\s+(?:одну|1)\s+особенность\s+(.+)", t) or \
        re.fullmatch(r"скопируйте\s+(?:одну|1)\s+особенность\s+(.+)", t)
    if not m or duration is not None:
        return None
    if m.lastindex == 1:
        to, whose = SELF, m.group(1)
    else:
        to, whose = selector(m.group(1)), m.group(2)
    sel = selector(whose)
    if sel is None or to is None or to.noun not in (N.SELF, N.HERO):
        return None
    return A.Action(verb=Verb.GET, target=sel, to=to, params=(COPY_FEATURE,))


def deck_top(t: str, duration) -> A.Node | None:
    """«Посмотрите / покажите верхнюю карту вашей колоды» (204.3: no look at the deck, no
    shuffle) and «положите её под низ колоды»."""
    m = re.fullmatch(r"(посмотрите|покажите)\s+верхнюю\s+карту\s+(?:вашей\s+|своей\s+)?колоды", t)
    if m:
        verb = Verb.LOOK if m.group(1) == "посмотрите" else Verb.SHOW
        return A.Action(verb=verb, target=A.Selector(noun=N.CARD, side=Side.OWN, qualifiers=(
            Qualifier.IN_DECK, Qualifier.TOP)), params=(TOP,))
    m = re.fullmatch(r"(?:положите|положить)\s+(?:ее|её|эту\s+карту|ее\s+же)\s+(?:под\s+низ|вниз|в\s+низ)\s+"
                     r"(?:вашей\s+|своей\s+)?колоды", t)
    if m:
        return A.Action(verb=Verb.PUT, target=IT, params=(BOTTOM,))
    m = re.fullmatch(r"(возьмите|положите|взять|положить)\s+(?:ее|её|эту\s+карту)\s+в\s+(?:вашу\s+|"
                     r"свою\s+)?руку", t)
    if m:
        if m.group(1).startswith("в"):       # «возьмите» the top card: a draw (527.1)
            return A.Action(verb=Verb.DRAW, target=PLAYER, amount=A.Fixed(value=1))
        return A.Action(verb=Verb.TAKE, target=IT, params=(TOP,))   # not a draw (527.4)
    return None


def distributed_heal(t: str, duration) -> A.Node | None:
    """«Излечите суммарно до N ран ваших персонажей» (502.6: the ones named are targets; the
    division is announced at declaration, each at least one, 308.1 step 6, 309.1 step 7)."""
    m = re.fullmatch(r"(?:излечите|излечить|вылечите)\s+(?:суммарно|в\s+сумме)\s+до\s+(\S+)\s+"
                     r"ран\w*\s+(.+)", t) or \
        re.fullmatch(r"(?:излечите|излечить|вылечите)\s+(.+?)\s+(?:суммарно|в\s+сумме)\s+на\s+(\S+)",
                     t)
    if not m or duration is not None:
        return None
    if t.split()[1] in ("суммарно", "в"):
        n, whom = amount(m.group(1)), m.group(2)
    else:
        whom, n = m.group(1), amount(m.group(2))
    sel = selector(whom, plural=True)
    if sel is None or not isinstance(n, A.Fixed) or sel.noun not in (N.CHARACTER, N.CREATURE, N.HERO):
        return None
    quals = tuple(q for q in sel.qualifiers if q not in (Qualifier.ALL, Qualifier.CHOSEN))
    many = A.Selector(noun=sel.noun, side=sel.side, qualifiers=quals + (Qualifier.CHOSEN,),
                      count=(1, n.value))
    return A.Action(verb=Verb.HEAL, target=many, amount=n, params=(DISTRIBUTE,))


def next_hire(t: str, duration) -> A.Node | None:
    """«Следующий Найм сработает ещё раз» (525.2): a delayed effect on the controller's hero
    (521.1) — the next Найм that triggers for this player triggers once more."""
    if re.fullmatch(r"(?:ваш\s+)?следующий\s+найм\s+(?:сработает|срабатывает)\s+(?:ещ[её]\s+раз|"
                    r"дважды)(?:\s*\(.*\))?", t):
        return A.Action(verb=Verb.ENTER, target=PLAYER, params=(NEXT_HIRE,))
    return None


def extra_turn(t: str, duration) -> A.Node | None:
    """«Получите дополнительный ход» (term:Дополнительный ход)."""
    if re.fullmatch(r"(?:получите|вы\s+получаете|сделайте)\s+дополнительный\s+ход", t):
        return A.Action(verb=Verb.TAKE, target=PLAYER, params=(EXTRA_TURN,))
    return None


def free_hero_ability(t: str, duration) -> A.Node | None:
    """«Можете бесплатно использовать активируемую способность вашего героя» (term:Бесплатно;
    512.4.1: not an ability whose X depends on the payment)."""
    if re.fullmatch(r"(?:бесплатно\s+(?:используйте|примените|использовать|применить)|"
                    r"(?:используйте|использовать)\s+бесплатно)\s+"
                    r"(?:активируемую\s+)?способность\s+(?:вашего|своего)\s+героя", t):
        return A.Action(verb=Verb.USE, target=OWN_HERO, params=(FREE,))
    return None


def same_names(t: str, duration) -> A.Node | None:
    """«Вызовите из колоды до N существ с такими же названиями, как у выбранного существа
    противника» (105.4, 105.5: each name of a multi-named card works on its own): the card is
    chosen, then up to N cards bearing any of its names are summoned (519.3.3: fewer allowed);
    «карты с такими же названиями стоят для него на N больше» (105.6)."""
    m = re.fullmatch(r"вызовите\s+(?:из\s+(?:вашей\s+)?колоды\s+)?до\s+(\S+)\s+(существ\w*|карт\w*)\s+"
                     r"с\s+(?:такими\s+же\s+|теми\s+же\s+)?названи\w+,?\s+как\s+у\s+(.+)", t)
    if m and duration is None:
        n, whose = amount(m.group(1)), selector(m.group(3))
        if not isinstance(n, A.Fixed) or whose is None:
            return None
        noun = N.CREATURE if m.group(2).startswith("существ") else N.CARD
        pick = A.Selector(noun=noun, qualifiers=(Qualifier.IN_DECK, Qualifier.ALL,
                                                 f"{Qualifier.NAMED}:{SAME_AS_IT}"))
        return A.Sequence_(steps=(A.Action(verb=Verb.CHOOSE, target=whose),
                                  A.Action(verb=Verb.SUMMON, target=pick, amount=n,
                                           params=("колоды",))))
    m = re.fullmatch(r"карты\s+с\s+(?:такими\s+же|теми\s+же)\s+названиями\s+стоят\s+для\s+(него|"
                     r"противника)\s+на\s+(\d+)\s+(больше|дороже|меньше|дешевле)", t)
    if m and duration is not None:
        n = int(m.group(2)) * (1 if m.group(3) in ("больше", "дороже") else -1)
        return A.Action(verb=Verb.PUT, target=IT, amount=A.Fixed(value=n), params=(COST_NAMES,),
                        duration=duration)
    return None


def create(t: str, duration) -> A.Node | None:
    """«Создайте <карту>» (519.6, term:Создайте Х): the card comes into play from the stock,
    open, under your control.  The name is matched against the stock when it is done (its
    case form in the text differs from the card's name)."""
    m = re.fullmatch(r"(?:создайте|создать)\s+(?:в\s+игре\s+)?(.+)", t)
    if m and duration is None and not re.search(r"копи", m.group(1)):
        return A.Action(verb=Verb.SUMMON, target=A.Selector(noun=N.CARD), params=(
            CREATE, m.group(1).strip(" «»")))
    return None


def mill(t: str, duration) -> A.Node | None:
    """«Мор N» / «положите N верхних карт [любой / выбранной / вашей] колоды на кладбище» /
    «<игрок> кладёт верхнюю карту колоды на кладбище» (term:Мор X): from the top, one at a time,
    no shuffle (204.3: a given place); not drawing, not discarding."""
    m = re.fullmatch(r"мор\s+(\d+)", t)
    if m:
        return A.Action(verb=Verb.PUT, target=A.Selector(noun=N.HERO, qualifiers=(
            Qualifier.CHOSEN,)), amount=A.Fixed(value=int(m.group(1))), params=(MILL,))
    m = re.fullmatch(r"(?:положите|положить)\s+(?:(\S+)\s+)?верхн\w+\s+карт\w*\s+(любой|выбранной|"
                     r"вашей|своей)?\s*колоды(?:\s+противника)?\s+на\s+кладбище", t)
    if m:
        n = amount(m.group(1)) if m.group(1) else A.Fixed(value=1)
        whose = m.group(2)
        if "противника" in t:
            who = A.Selector(noun=N.OPPONENT)
        elif whose in ("любой", "выбранной"):
            who = A.Selector(noun=N.HERO, qualifiers=(Qualifier.CHOSEN,))
        else:
            who = PLAYER
        return A.Action(verb=Verb.PUT, target=who, amount=n, params=(MILL,)) if n else None
    m = re.fullmatch(r"(выбранный\s+игрок|противник|каждый\s+игрок|игрок)\s+кладет\s+(?:(\S+)\s+)?"
                     r"верхн\w+\s+карт\w*\s+(?:своей\s+|его\s+)?колоды\s+на\s+кладбище", t)
    if m:
        who = {"противник": A.Selector(noun=N.OPPONENT),
               "каждый игрок": A.Selector(noun=N.PLAYER, qualifiers=(Qualifier.ALL,))}.get(
            re.sub(r"\s+", " ", m.group(1)),
            A.Selector(noun=N.HERO, qualifiers=(Qualifier.CHOSEN,)))
        n = amount(m.group(2)) if m.group(2) else A.Fixed(value=1)
        return A.Action(verb=Verb.PUT, target=who, amount=n, params=(MILL,)) if n else None
    return None


def give(t: str, duration) -> A.Node | None:
    """«Отдайте выбранное ваше существо противнику» (term:Отдайте)."""
    m = re.fullmatch(r"(?:отдайте|отдать)\s+(.+?)(?:\s+противнику)?", t)
    if m:
        sel = selector(m.group(1))
        return A.Action(verb=Verb.TAKE_CONTROL, target=sel, params=(GIVE,),
                        duration=duration) if sel else None
    return None


def hide(t: str, duration) -> A.Node | None:
    """«(Это существо) скрывается» / «скройтесь» (term:Скрыться)."""
    if re.fullmatch(r"(?:это\s+существо\s+|оно\s+)?(?:скрывается|скройтесь|скрыться)", t):
        return A.Action(verb=Verb.PUT, target=SELF, params=(HIDE,))
    return None


READERS = (become, copy_feature, deck_top, distributed_heal, next_hire, extra_turn,
           free_hero_ability, same_names, create, mill, give, hide)
MAY = NOTHING


# ==================================================================== replacement statics
#: ``Condition.params`` of a replacement: what it waits for (517.1: «[X], вместо этого [Y]»).
WOULD_REGEN = REGEN


def _would(what: str, subject: A.Selector, body: tuple) -> A.Static:
    return A.Static(effects=body, condition=A.Condition(what=CK.WOULD, params=(what,),
                                                        subject=subject))


def replacement(s: str, effects) -> A.Node | None:
    """A static that waits for an event and replaces it (517.1, term:Вместо): «если <кто>
    должен быть уничтожен, вместо этого …», «вместо Регенерации …», «если противник
    заявляет излечение своих персонажей, вместо этого …»; and the redirection of a shot at the
    preliminary stage (508.3) «когда противник стреляет по другому вашему существу, можете
    сделать целью этого выстрела эту карту».  ``effects`` reads the replacing part."""
    def body(text: str) -> tuple | None:
        got = effects(text)
        return got if got and not any(isinstance(n, A.Opaque) for n in got) else None

    m = re.fullmatch(r"если\s+(.+?)\s+(?:должн\w+\s+)?(?:быть\s+)?(?:уничтожен\w*|погибнуть),?\s+"
                     r"вместо\s+этого\s+(.+)", s)
    if m:
        sel, rest = selector(m.group(1), plural=True), body(m.group(2))
        return _would(Verb.DESTROY, sel, rest) if sel and rest else None
    m = re.fullmatch(r"вместо\s+(?:своей\s+)?регенерации(?:\s+\d+)?,?\s+(.+)", s)
    if m:
        rest = body(m.group(1))
        return _would(WOULD_REGEN, SELF, rest) if rest else None
    m = re.fullmatch(r"если\s+противник\s+(?:заявляет|объявляет)\s+излечение\s+(?:своих\s+)?"
                     r"(\w+),?\s+вместо\s+этого\s+(.+)", s)
    if m:
        sel, rest = selector(m.group(1) + " противника", plural=True), body(m.group(2))
        return _would(Verb.HEAL, sel, rest) if sel and rest else None
    m = re.fullmatch(r"когда\s+противник\s+стреляет\s+по\s+(другому\s+)?вашему\s+существу,?\s+"
                     r"(?:вы\s+)?можете\s+сделать\s+(?:эту\s+карту|это\s+существо)\s+целью\s+"
                     r"(?:этого\s+)?выстрела", s)
    if m:
        quals = (Qualifier.ALL,) + ((Qualifier.OTHER,) if m.group(1) else ())
        redirect = A.Action(verb=Verb.REDIRECT, target=A.Selector(
            noun=N.CREATURE, side=Side.OWN, qualifiers=quals), to=SELF, params=(AK.SHOT,))
        return A.Static(effects=(A.Choice(options=(redirect, NOTHING)),))
    return None


# ==================================================================== glossary keywords
def glossary_keyword(kw: A.Keyword) -> tuple[A.Node, str, int] | None:
    """A keyword the glossary defines as a whole ability → (the ability, the zone it works
    from, the coins it costs); None for a keyword the engine applies as such."""
    if kw.name == KeywordName.STEALTH:          # term:Скрытность: «Найм: это существо скрывается»
        return A.Triggered(trigger=A.Trigger(event=TriggerEvent.ENTERS), effects=(
            A.Action(verb=Verb.PUT, target=SELF, params=(HIDE,)),)), PLAY, 0
    if kw.name == KeywordName.CLUTCH:           # term:Кладка — works in the hand, costs a coin
        return A.Activated(cost=A.Cost(counters=1), effects=(
            A.Action(verb=Verb.PUT, target=SELF, params=(CLUTCH,)),)), HAND, 1
    if kw.name == KeywordName.SLEEPING:         # term:Спящий: enters closed, never opens
        return A.Restriction(what=Verb.OPEN, params=(SLEEPING,)), PLAY, 0
    if kw.name == KeywordName.VANGUARD and isinstance(kw.value, int):
        n = kw.value                            # term:Авангард Х — after this card is played
        play = A.Action(verb=Verb.SUMMON, target=A.Selector(noun=N.CREATURE, side=Side.OWN,
                        qualifiers=(Qualifier.IN_HAND, f"{Qualifier.COST_MAX}:{n}")),
                        amount=A.Fixed(value=n), params=(VANGUARD,))
        return A.Triggered(trigger=A.Trigger(event=TriggerEvent.PLAYED, subject=SELF),
                           effects=(A.Choice(options=(play, NOTHING)),)), PLAY, 0
    if kw.name == KeywordName.MODULE:           # term:Модуль: entering, it may attach instead
        host = A.Selector(noun=N.CREATURE, side=Side.OWN, qualifiers=(
            Qualifier.CHOSEN, f"{Qualifier.CLASS}:{MECHANISM}"))
        attach = A.Action(verb=Verb.PUT, target=host, params=(ATTACH,))
        return A.Static(effects=(A.Choice(options=(attach, NOTHING)),), condition=A.Condition(
            what=CK.WOULD, params=(Verb.ENTER,), subject=SELF)), PLAY, 0
    return None
