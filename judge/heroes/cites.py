"""Every heroes-15 id the Heroes judge cites, in one place.

The engine never writes a clause id as a bare string: it names the constants below, so the set
of ids it can cite is known at import time and checked against the book (rulings/books/
heroes-15.yaml) by ``check_against_book`` the first time an engine is made — a citation of a
clause the book lacks fails loudly (``MissingClauseError``), never silently in a trace.

Two kinds of ids: the numbered clauses (``"507.3"``; the two numbers the book repeats are
``104.3#2`` and ``118.8#2``) and the glossary terms of part 7, ``term:<heading>`` with the
heading exactly as the book's ``glossary:`` stores it (``term:Рывок``, ``term:Броня Х``).  Much
of a Heroes ruling rests on part 7, so a term is citable like a clause; ``known_ids`` is the
union and ``cite_problem`` says what is wrong with an id a scenario writes (did-you-mean).
"""
from __future__ import annotations

import re
from functools import lru_cache

from berserk.errors import InternalError, Location, UnknownNameError
from berserk.text import fold
from rulings.lookup import load_book

BOOK = "heroes-15"
TERM = "term:"

# -------------------------------------------------------------- cards and properties (part 1)
NON_BASE_OVERWRITE = "104.3.1"
FEATURES = "111.1"
NAME_SELF = "105.3"
COST = "106.1"
COST_MODIFIERS = "106.1.1"
COST_X = "106.1.2"
COST_X_FREE = "106.1.3"
COST_X_ZERO = "106.1.4"
LIVES_SET = "106.2.1"
STRIKE_SET = "106.3.1"
TYPES = "107.1"
TYPE_PROPERTIES = "107.1.1"
CHARACTER = "107.1.2"
MULTI_ELEMENT = "107.2.3"
STRIKE_ATTACK = "108.2"
DEFENDER_PROPERTY = "108.3"
REFLECTION = "108.4"
WEAKNESS = "108.5"
TRIGGER_WORDS = "113.2"
TRIGGER_MUST = "113.3"
TRIGGER_MAY = "113.4"
ONCE_PER_TURN = "113.5"
TRIGGER_CONTROLLER = "113.6"
TRIGGER_POINT = "113.7"
TRIGGER_ILLEGAL = "113.8"
TRIGGER_GONE = "113.9"
FROM_GRAVEYARD = "113.12"
ACTIVATED = "114.2"
ACTIVATED_PAID = "114.3"
ACTIVATED_MARKER = "114.4"
STATIC = "115.1"
SPELL_LIST = "117.1"
MASS = "118.4"
OWN_ZONE = "118.5"
PLAY_ZONE = "118.6"
ANY_SIDE = "118.7"
ALL_PLAYERS = "118.8"
COMPLEX = "119.2"
WHILE_DOING = "119.4"
MAY_PART = "119.5"
UNTIL_EQUAL = "119.6"
OTHERWISE = "119.7"
HEAL_ALL = "120.5.1"
PARTIAL = "120.7"

# -------------------------------------------------------------- zones and types (part 2)
NEW_OBJECT = "201.4"
PLAY = "202.1"
HAND_OWNER = "203.4"
DECK_SHUFFLE = "204.3"
DECK_OWNER = "204.4"
GRAVEYARD = "205.1"
GRAVEYARD_KEEPS = "205.3"
HERO = "209.1"
HERO_NO_WEAKNESS = "209.2"
HERO_ABILITIES = "209.3"
HERO_NO_ATTACK = "209.4"
PLAYER_IS_HERO = "209.5"
CREATURE = "210.1"
CONTROL_WEAKNESS = "210.2"
SPELL_PLAY = "211.2"
SPELL_DEPENDENT = "211.3"
SUPPORT_ENTERS = "212.2"
SUPPORT_ONE_CLASS = "212.3"
SUPPORT_NOT_ATTACKED = "212.4"
SUPPORT_NO_WEAKNESS = "212.5"

# -------------------------------------------------------------- the turn (part 3)
TURN_ORDER = "301.4"
FIRST_TURN = "302.3"
UNTIL_START = "303.1"
RECOVERY_OPEN = "303.2"
RECOVERY_MARKERS = "303.3"
COIN_GAIN = "304.1"
DRAW_PHASE = "304.2"
REVEAL = "304.3"
START_TRIGGERS = "304.4"
MAIN = "305.2"
CHOICE = "306.1"
CHOICE_ANY = "306.2"
ATTACK_PHASE = "307.1"
AFTER_FIGHT = "307.2"
CLOSE_AFTER = "307.3"
BACK_TO_CHOICE = "307.4"
ACTIVATION = "308.1"
PLAY_CARD = "309.1"
AFTER_PLAY = "309.2"
END_TRIGGERS = "310.1"
UNTIL_END = "310.2"
TURN_PASSES = "310.3"

# -------------------------------------------------------------- the queue (part 4)
QUEUE = "401.1"
QUEUE_INSIDE = "401.2"
FIFO = "401.3"
ANYWHERE = "401.5"
AFTER_ITEM = "401.6"
PASS = "401.7"
SIMULTANEOUS = "402.1"
LKI = "403.1"

# -------------------------------------------------------------- game process (part 5)
DECLARATION = "501.1"
PREPAYMENT = "501.2"
PAYMENT_REPLACED = "501.2.1"
CARD_PAYMENT = "501.3"
TARGET_AT_DECLARATION = "501.5"
ACTION = "501.6"
FINAL_TARGET = "502.1"
SOURCE = "502.2"
SOURCE_LOST_ABILITY = "502.3.1"
TARGETS = "502.4"
ONE_TARGET = "502.5"
MASS_ABILITY = "502.6"
PROPERTY_TARGET = "502.7"
REFLEXIVE = "502.8"
ALL_RESTRICTIONS = "502.9"
NON_TARGETED = "502.10"
RULES_EFFECTS = "503.1"
RULES_EFFECTS_NOW = "503.2"
RULES_EFFECTS_BATCH = "503.3"
LIVES_ENTER = "504.1"
EXTRA_LIVES = "504.2"
WOUNDS = "504.3"
NEGATIVE_LIVES = "504.4"
LIVES_CANCEL = "504.5"
LIVES_SET_TO = "504.6"
DESTROYED = "505.1"
DIED_FROM = "505.1.1"
DESTROY = "505.2"
DEATH_TRIGGERS = "505.3"
ACTION_OPEN = "506.1"
ACTION_CLOSE = "506.2"
CLOSE_AFTER_FIGHT = "506.3"
ATTACK_WHOM = "507.1"
ATTACK_NOT_OWN = "507.2"
ATTACK_KINDS = "507.3"
FIGHT_KINDS = "507.4"
SHOT = "507.5"
SEVERAL_ATTACKS = "507.6"
PRELIMINARY = "508.3"
CALCULATION = "508.4.1"
MODIFICATION = "508.4.2"
APPLICATION = "508.4.3"
ATTACK_END = "508.5"
DEFENDER = "509.1"
DEFENDER_SIMPLE = "509.2"
DEFENDER_ONCE = "509.3"
DEFENDER_NO_SECOND = "509.4"
DEFENDER_CLOSES = "509.5"
FIGHT = "510.1"
FIGHT_BOTH = "510.2"
NO_FIGHT = "510.3"
RESPONSE = "510.4"
AXE = "511.1"
ZERO = "512.1"
ZERO_NO_SOURCE = "512.1.1"
ZERO_PARAMETER = "512.2"
X_COST = "512.3"
X_COST_NOT_ZERO = "512.3.1"
X_CHOSEN = "512.4"
X_FREE = "512.4.1"
X_COMPUTED = "512.5"
BASE_ZERO = "512.6"
LATEST_STATIC = "513.1"
PROHIBITION = "513.2"
ILLEGAL = "514.1"
CANNOT = "514.2"
OPEN_CLOSE = "514.3"
PROTECTION = "515.1"
SPELL_PROTECTION = "515.2"
PREVENTION = "516.1"
PREVENTION_AFTER = "516.2"
PREVENTION_ORDER = "516.3"
PREVENTION_PARTIAL = "516.4"
PREVENTION_SOURCE = "516.6"
REPLACEMENT = "517.1"
REPLACEMENT_WOUNDS = "517.1.1"
REPLACEMENT_CHOICE = "517.3"
CANCELLATION = "518.1"
CANCEL_TARGETS = "518.2"
CANCEL_OUTSIDE = "518.3"
SUMMON = "519.3"
SUMMON_LOOK = "519.3.1"
SUMMON_SKIP = "519.3.2"
SUMMON_FEWER = "519.3.3"
REVIVE = "519.4"
CONTROL = "519.5"
CREATE = "519.6"
CREATED_TO_STOCK = "519.6.1"
AS_FAR_AS = "520.1"
HEAL_FEWER = "520.2"
DRAW_FEWER = "520.3"
DISCARD_FEWER = "520.4"
DELAYED = "521.1"
DELAYED_SOURCE = "521.3"
COINS = "522.1"
COINS_STOCK = "522.2"
COIN_CAP = "522.3"
COINS_TEMPORARY = "522.4"
COINS_CHOICE = "522.5"
MODIFIER_ORDER = "523.1"
MODIFIER_FLOOR = "523.2"
CONSTRUCTOR = "524.2"
CONSTRUCTOR_LEGAL = "524.3"
REPLACEMENT_LOOP = "525.1"
RANDOM = "526.1"
DRAW = "527.1"
DRAW_ONE_BY_ONE = "527.2"
BOTH_DRAW = "527.2.3"
DRAW_EMPTY = "527.3"
NOT_DRAW = "527.4"

# -------------------------------------------------------------- victory (part 6)
VICTORY = "601"
WIN = "602.1"
DRAW_GAME = "603.1"
DRAW_OFFER = "603.2"
DEFEAT = "604.1"
GAME_OVER = "605.1"

# -------------------------------------------------------------- glossary terms (part 7)
T_DASH = TERM + "Рывок"
T_ARMOR = TERM + "Броня Х"
T_SCALES = TERM + "Чешуя X"
T_VULNERABLE = TERM + "Уязвимость"
T_WRATH = TERM + "Гнев"
T_SUPERIORITY = TERM + "Превосходство или Превосходство над [Х]"
T_REDUCTION = TERM + "–X от атаки"
T_PROTECTION = TERM + "Защита от [текст]"
T_ELUSIVE = TERM + "Неуловимость от [ТЕКСТ]"
T_FIRST_STRIKE = TERM + "Первый удар"
T_LAST_STRIKE = TERM + "Последний удар"
T_DIRECT = TERM + "Направленный удар"
T_OVA = TERM + "Опыт в атаке"
T_OVZ = TERM + "Опыт в защите"
T_NO_CLOSE = TERM + "Не закрывается после атаки (не закрывается, выступая защитником)"
T_FRENZY = TERM + "Бешенство"
T_UNIQUE = TERM + "Уникальность"
T_POISON = TERM + "Отравление Х"
T_POISON_VERB = TERM + "Отравить на Х"
T_REGEN = TERM + "Регенерация X"
T_VAMPIRISM = TERM + "Вампиризм X"
T_MEDITATION = TERM + "Медитация Х"
T_UNDEAD = TERM + "Немертвый"
T_STUN = TERM + "Оглушение"
T_PREPARE = TERM + "Подготовить [карту/карты]"
T_FIGHT = TERM + "Сразиться с выбранным существом"
T_ON_ATTACK = TERM + "При атаке"
T_ON_STRIKE = TERM + "При ударе"
T_ON_SHOT = TERM + "При выстреле"
T_HIRE = TERM + "Найм: [текст]"
T_DEATH = TERM + "Гибель: [текст]"
T_ON_DEATH = TERM + "При гибели (при уничтожении) Х"
T_TURN_START = TERM + "В начале хода"
T_SHOT = TERM + "Выстрел на X"
T_SEARCH = TERM + "Поиск — [карта/карты]"
T_FURY = TERM + "Ярость"
T_AMBUSH = TERM + "Засада"
T_FREE = TERM + "Бесплатно"
T_STRENGTHEN = TERM + "Эффект усиления"
T_WEAKEN = TERM + "Эффект ослабления"
T_EXTRA_LIVES = TERM + "Дополнительные жизни"
T_MAX_LIVES = TERM + "Максимальные жизни"
T_HEAL = TERM + "Излечить (излечение) на X"
T_DRAW = TERM + "Возьмите карту"
T_DISCARD = TERM + "Сбросьте карту"
T_DESTROY = TERM + "Уничтожить (карту)"
T_CLOSE = TERM + "Закрыть (существо, карту)"
T_GAIN = TERM + "Получает [текст] (получает особенность)"
T_RESPONSE = TERM + "Ответный удар"
T_WHILE_DOING = TERM + "При этом"
T_OTHERWISE = TERM + "Иначе"
T_ONCE = TERM + "Один (Х) раз за ход"
T_HIDDEN = TERM + "Скрытый персонаж"
T_CONTROL = TERM + "Возьмите под контроль Х"
T_UNITY = TERM + "Единение Х"
T_WEAKNESS = TERM + "Слабость первого хода"
T_STRIKE_SET = TERM + "Удар становится равным Х"
T_LIVES_SET = TERM + "Жизни сокращаются до Х"

ALL: frozenset[str] = frozenset(
    value for name, value in dict(globals()).items()
    if name.isupper() and isinstance(value, str) and name not in ("BOOK", "TERM"))


class MissingClauseError(InternalError):
    """The Heroes judge cites an id the book does not have: a programming error."""


@lru_cache(maxsize=1)
def known_ids() -> frozenset[str]:
    """Every citable id of heroes-15: its clauses and ``term:<heading>`` of its glossary."""
    book = load_book(BOOK)
    return frozenset(book.clauses) | frozenset(TERM + g.term for g in book.glossary)


@lru_cache(maxsize=1)
def check_against_book() -> None:
    """Raise ``MissingClauseError`` if the engine can cite an id heroes-15 lacks."""
    missing = sorted(ALL - known_ids())
    if missing:
        raise MissingClauseError("судья «Героев» ссылается на пункты, которых нет в книге "
                                 f"«{BOOK}»: " + ", ".join(missing), Location(f"книга «{BOOK}»"))


def _term_key(term: str, short: bool) -> str:
    """A term heading for matching: case, ё/е and the Latin/Cyrillic X the source mixes do not
    matter; ``short`` also drops the «[…]» / «<…>» slots and a trailing «:»."""
    key = fold(term).replace("x", "х")
    if short:
        key = re.sub(r"[\[<(].*?[\]>)]", " ", key)
        key = re.sub(r"[\s:.—-]+$", "", re.sub(r"\s+", " ", key)).strip()
    return key


@lru_cache(maxsize=1)
def _term_keys() -> tuple[dict[str, str], dict[str, list[str]]]:
    exact: dict[str, str] = {}
    short: dict[str, list[str]] = {}
    for cid in known_ids():
        if cid.startswith(TERM):
            exact[_term_key(cid[len(TERM):], False)] = cid
            short.setdefault(_term_key(cid[len(TERM):], True), []).append(cid)
    return exact, short


def canonical(cid: str) -> str | None:
    """The book's id for what a scenario wrote: the id itself, or a glossary term written with
    the other X, another case, or without its «[…]» slot when that is unambiguous."""
    if cid in known_ids():
        return cid
    if not cid.startswith(TERM):
        return None
    exact, short = _term_keys()
    name = cid[len(TERM):]
    if _term_key(name, False) in exact:
        return exact[_term_key(name, False)]
    found = short.get(_term_key(name, True), [])
    return found[0] if len(found) == 1 else None


def cite_problem(cid: str) -> str | None:
    """What is wrong with an id a scenario cites (None when heroes-15 has it)."""
    known = known_ids()
    if canonical(cid) is not None:
        return None
    if cid.startswith(TERM):
        found = _term_keys()[1].get(_term_key(cid[len(TERM):], True), [])
        if len(found) > 1:
            return (f"термин «{cid}» неоднозначен: подходят " + ", ".join(sorted(found)))
    pool = [k for k in known if k.startswith(TERM)] if cid.startswith(TERM) else \
        [k for k in known if not k.startswith(TERM)]
    return UnknownNameError("пункт", cid, pool, missing=f"не найден в книге {BOOK}",
                            quoted=False).message


def section(cid: str) -> str | None:
    """The section (``"507"``) a numbered id belongs to, None for a term or a part."""
    head = cid.split("#", 1)[0].split(".", 1)[0]
    return head if head.isdigit() else None
