"""The closed vocabularies, one enum each, with their flags and Russian word forms as data.

Every id the AST, the database and the judge use for an attack kind, a strength, a keyword, a
trigger event, a duration, an element or a card type is a member below.  The members are
``StrEnum``s whose values are the very strings the AST's canonical JSON and the database have
always carried, so ``AttackKind.SHOT == "shot"`` and a member can stand wherever the string did
(a dict key, a SQL parameter, ``json.dumps``).  Code names a word through its member
(``AttackKind.DISCHARGE``), never as a string literal: tests/test_vocab.py greps for the
attack-kind words.

Member *names* are part of the API (grammar/, carddb/, rulings/ and judge/ use them); add
members freely, never rename one.  Russian forms are the ones messages print; the parser's own
stems (how a word is *recognised*) stay with the grammar.

Note: PyYAML's safe dumper does not know ``str`` subclasses: turn a member into ``str(member)``
before ``yaml.safe_dump`` (``json.dumps`` and sqlite need nothing).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from berserk.text import fold


@dataclass(frozen=True, slots=True)
class Forms:
    """A noun phrase in the three cases the messages use."""

    nom: str        # именительный: «выстрел»
    ins: str        # творительный: «выстрелом» («нанести … выстрелом»)
    dat: str        # дательный: «+1 к выстрелу»


class Vocabulary(StrEnum):
    """Base of the vocabularies (no members of its own)."""

    @classmethod
    def get(cls, value: object):
        """The member whose value is ``value`` exactly, or None (``cls(value)`` raises)."""
        try:
            return cls(value)
        except ValueError:
            return None


class _Worded(Vocabulary):
    """A vocabulary whose members carry one Russian phrase, ``ru``."""

    def __new__(cls, value: str, ru: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.ru = ru
        return member


# ---------------------------------------------------------------- attacks
class AttackKind(Vocabulary):
    """Attack kinds (``Attack.attack``, ``Trigger.attack``) and the groups bonuses, reductions
    and protections name (``Bonus.to``, ``Reduction.against``, ``Protection.against``).

    ``concrete``: an attack a card makes (the judge resolves these seven); the others are
    groups.  ``ranged`` / ``melee`` / ``magical`` are the flags the rules ask (a ranged attack
    cannot hit an adjacent card; armour does not stop a magical one).  In a protection, ``magic``
    is «защита от магии» ({zom}): every magical attack, not only the magic strike."""

    def __new__(cls, value: str, forms: Forms, concrete: bool = False, ranged: bool = False,
                melee: bool = False, magical: bool = False):
        member = str.__new__(cls, value)
        member._value_ = value
        member.forms = forms
        member.concrete = concrete
        member.ranged = ranged
        member.melee = melee
        member.magical = magical
        return member

    # the concrete attacks, in the order the judge lists them
    STRIKE = "strike", Forms("простой удар", "простым ударом", "простому удару"), True, False, True
    SPECIAL = "special", Forms("особый удар", "особым ударом", "особому удару"), True, False, True
    MAGIC = "magic", Forms("магический удар", "магическим ударом", "магическому удару"), \
        True, False, True, True
    SHOT = "shot", Forms("выстрел", "выстрелом", "выстрелу"), True, True
    THROW = "throw", Forms("метание", "метанием", "метанию"), True, True
    DISCHARGE = "discharge", Forms("разряд", "разрядом", "разряду"), True, True, False, True
    UCHR = "uchr", Forms("удар через ряд", "ударом через ряд", "удару через ряд"), True, True
    # groups (what a bonus, reduction or protection may name)
    DIRECT = "direct", Forms("направленный удар", "направленным ударом", "направленному удару")
    RANGED = "ranged", Forms("дальние атаки", "дальними атаками", "дальним атакам")
    MELEE = "melee", Forms("ближние удары", "ближними ударами", "ближним ударам")
    NONMAGIC = "nonmagic", Forms("немагические атаки", "немагическими атаками",
                                 "немагическим атакам")
    MAGICAL = "magical", Forms("магические атаки", "магическими атаками", "магическим атакам")
    FLYERS = "flyers", Forms("атаки летающих", "атаками летающих", "атакам летающих")
    SPELLS = "spells", Forms("заклинания", "заклинаниями", "заклинаниям")
    EFFECTS = "effects", Forms("воздействия", "воздействиями", "воздействиям")
    POISON = "poison", Forms("отравление", "отравлением", "отравлению")
    ANY = "any", Forms("все атаки", "всеми атаками", "всем атакам")
    RESPONSE = "response", Forms("ответные удары", "ответными ударами", "ответным ударам")
    DICE = "dice", Forms("бросок кубика", "броском кубика", "броску кубика")
    RANGE = "range", Forms("дальность", "дальностью", "дальности")

    @property
    def ru(self) -> str:
        """The nominative, as messages name the kind: «разряд»."""
        return self.forms.nom

    @classmethod
    def concrete_kinds(cls) -> tuple[AttackKind, ...]:
        """The seven attacks a card makes, in declaration order."""
        return tuple(k for k in cls if k.concrete)


# ---------------------------------------------------------------- strengths
class Strength(Vocabulary):
    """Strike strength (514.2): a roll's row of the strike table; ``index`` into «2-3-4»."""

    def __new__(cls, value: str, index: int, masc: str, fem: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.index = index
        member.masc = masc      # «слабый удар»
        member.fem = fem        # «слабая атака»
        return member

    WEAK = "weak", 0, "слабый", "слабая"
    MEDIUM = "medium", 1, "средний", "средняя"
    STRONG = "strong", 2, "сильный", "сильная"


# ---------------------------------------------------------------- keywords
class KeywordName(Vocabulary):
    """``Keyword.name``: keyword abilities (a bare word, or a word and a number).

    ``ru``: how a player names it; ``icon``: the ``{code}`` that writes it as an icon, if any;
    ``valued``: it carries a number (броня 2, регенерация 1)."""

    def __new__(cls, value: str, ru: str, valued: bool = False, icon: str | None = None):
        member = str.__new__(cls, value)
        member._value_ = value
        member.ru = ru
        member.valued = valued
        member.icon = icon
        return member

    OVA = "ova", "опыт в атаке", True, "{ova}"
    OVZ = "ovz", "опыт в защите", True, "{ovz}"
    OVS = "ovs", "опыт в стрельбе", True, "{ovs}"
    REGEN = "regen", "регенерация", True, "{regen}"
    ARMOR = "armor", "броня", True, "{armor}"
    DIRECT = "direct", "направленный удар", False, "{direct}"
    STAMINA = "stamina", "стойкость", False, "{stamina}"
    FLYING = "flying", "полёт"
    INCORPOREAL = "incorporeal", "бестелесность"
    UNANSWERABLE = "unanswerable", "безответный удар"
    CORPSE_EATER = "corpse_eater", "трупоедство"
    CLUMSY = "clumsy", "неповоротливость"
    INCARNATION = "incarnation", "инкарнация", True
    JUMP = "jump", "прыжок", True
    SYMBIOTE = "symbiote", "симбиот"
    HORDE = "horde", "орда"
    DASH = "dash", "рывок"
    TELEPORT = "teleport", "телепортация"
    VAMPIRISM = "vampirism", "вампиризм"
    INVULNERABLE = "invulnerable", "неуязвимость"
    DIAGONAL_MOVE = "diagonal_move", "ход по диагонали"
    NO_CLOSE_AFTER_ATTACK = "no_close_after_attack", "не закрывается после атаки"
    NO_RESPONSE_WOUNDS = "no_response_wounds", "не получает ран от ответного удара"
    DEFENDER_ANY = "defender_any", "может стать защитником любой карты"
    DEFENDS_ANY_TIMES = "defends_any_times", "защищает любое число раз"
    DEFENDS_AS_OPEN_WHEN_CLOSED = "defends_as_open_when_closed", "закрытым защищает как открытое"
    DEFENDS_WITHOUT_CLOSING = "defends_without_closing", "защищает, не закрываясь"
    IGNORES_FLYING_PROTECTION = "ignores_flying_protection", "не замечает защиты от летающих"
    IGNORES_FORCED_TARGETING = "ignores_forced_targeting", "не обязано атаковать указанную цель"
    IGNORES_ABILITIES = "ignores_abilities", "не замечает особенностей"
    STRIKE_NOT_REDUCED = "strike_not_reduced", "удар не уменьшается"
    STRIKE_ONLY_OPPOSITE = "strike_only_opposite", "бьёт только стоящего напротив"
    ATTACK_ALL_ADJACENT = "attack_all_adjacent", "атакует всех рядом стоящих"
    MULTI_ATTACK = "multi_attack", "атакует несколько раз", True
    COUNTER = "counter", "фишка", True
    MAX_HEALTH = "max_health", "наибольшее число жизней", True
    MOVE = "move", "ход", True
    LIFE = "life", "жизни", True
    # «Берсерк. Герои» (heroes-15 part 7): keywords the Heroes judge reads
    FIRST_STRIKE = "first_strike", "первый удар"
    LAST_STRIKE = "last_strike", "последний удар"
    VULNERABLE = "vulnerable", "уязвимость"
    WRATH = "wrath", "гнев"
    FRENZY = "frenzy", "бешенство"
    UNIQUE = "unique", "уникальность"
    SCALES = "scales", "чешуя", True
    MEDITATION = "meditation", "медитация", True
    SUPERIORITY = "superiority", "превосходство"         # Keyword.against: over whom
    ELUSIVE = "elusive", "неуловимость"                  # Keyword.against: from whom
    UNDEAD = "undead", "немёртвый"
    STUNNED = "stunned", "оглушение"
    POISONING = "poisoning", "отравление", True           # the state «Отравление X»
    FURY = "fury", "ярость"
    UNITY = "unity", "единение", True


# ---------------------------------------------------------------- triggers
class TriggerEvent(_Worded):
    """``Trigger.event``: the events the engine emits and card text reacts to."""

    ATTACK = "attack", "при атаке"
    STRONG_ATTACK = "strong_attack", "при сильной атаке"
    ATTACK_OR_MISS = "attack_or_miss", "при атаке или промахе"
    MISS = "miss", "при промахе"
    BECOMES_DEFENDER = "becomes_defender", "когда становится защитником"
    WOUNDED_BY = "wounded_by", "при ранении атакой"
    WOUNDED_BY_POISON = "wounded_by_poison", "при ранении отравлением"
    DEATH = "death", "при гибели другой карты"
    OWN_DEATH = "own_death", "при своей гибели"
    TO_GRAVEYARD = "to_graveyard", "при попадании в кладбище"
    VALHALLA = "valhalla", "вальхалла"
    CORPSE_EATING = "corpse_eating", "при трупоедстве"
    TURN_START = "turn_start", "в начале вашего хода"
    OPPONENT_TURN_START = "opponent_turn_start", "в начале хода противника"
    NEXT_TURN_START = "next_turn_start", "в начале вашего следующего хода"
    BEFORE_TURN = "before_turn", "до начала хода"
    TURN_END = "turn_end", "в конце вашего хода"
    OPPONENT_TURN_END = "opponent_turn_end", "в конце хода противника"
    FIGHT_START = "fight_start", "в начале боя"
    MOVE = "move", "при перемещении"
    MOVE_ADJACENT = "move_adjacent", "при перемещении на соседнюю клетку"
    MOVE_NEXT_TO = "move_next_to", "при перемещении рядом"
    CROSSED_TO_ENEMY_HALF = "crossed_to_enemy_half", "при переходе на половину противника"
    CROSSED_TO_OWN_HALF = "crossed_to_own_half", "при переходе на свою половину"
    INCARNATION = "incarnation", "при инкарнации"
    PROPHECY = "prophecy", "при пророчестве"
    SHOWN_IN_PROPHECY = "shown_in_prophecy", "когда показана пророчеством"
    THIRD_COUNTER = "third_counter", "при третьей фишке"
    DIE_ROLL_1 = "die_roll_1", "при выпадении 1"
    DIE_ROLL_2 = "die_roll_2", "при выпадении 2"
    DIE_ROLL_3 = "die_roll_3", "при выпадении 3"
    DIE_ROLL_4 = "die_roll_4", "при выпадении 4"
    DIE_ROLL_5 = "die_roll_5", "при выпадении 5"
    DIE_ROLL_6 = "die_roll_6", "при выпадении 6"
    # the compositional grammar (issue 9): events named by their verb or noun; the subject,
    # target, origin, destination, cause and timing are fields of the Trigger
    WOUNDED = "wounded", "при получении ран"
    HEALED = "healed", "при излечении"
    DECLARES_ATTACK = "declares_attack", "когда объявляет атаку"
    ATTACKED = "attacked", "когда атакован"
    DEFENDS = "defends", "когда защищает"
    OPENS = "opens", "когда открывается"
    CLOSES = "closes", "когда закрывается"
    GETS_COUNTER = "gets_counter", "когда получает фишку"
    LOSES_COUNTER = "loses_counter", "когда теряет фишку"
    DESTROYS = "destroys", "когда уничтожает карту"
    DESTROYED = "destroyed", "когда уничтожен"
    TELEPORT = "teleport", "при телепортации"
    JUMP = "jump", "при прыжке"
    VAMPIRISM = "vampirism", "при вампиризме"
    DIE_ROLL = "die_roll", "при броске кубика"
    RECRUIT = "recruit", "при наборе в отряд"
    ENTERS = "enters", "при выходе на поле боя"
    LEAVES = "leaves", "когда покидает поле боя"
    SHOWN = "shown", "когда показана"
    REVIVED = "revived", "при возрождении"
    SUMMONED = "summoned", "при вызове"
    TURN = "turn", "в ход"
    FIGHTS = "fights", "когда сражается"
    PLACEMENT = "placement", "при рассадке"
    # «Берсерк. Герои»
    PLAYED = "played", "когда разыгрывается карта"
    DRAWS = "draws", "когда берёт карту"
    DISCARDS = "discards", "когда сбрасывает карту"
    STRENGTHENED = "strengthened", "когда получает эффект усиления"
    COINS_LOST = "coins_lost", "когда теряет монету"

    @classmethod
    def die_roll(cls, face: int) -> TriggerEvent:
        """«При выпадении N»: the event for one face of the die."""
        return cls(f"die_roll_{face}")


# ---------------------------------------------------------------- durations
class DurationKind(_Worded):
    """``Duration.until``: how long a temporary effect lasts; ``ru`` is the card's wording."""

    END_OF_TURN = "end_of_turn", "до конца хода"
    END_OF_YOUR_TURN = "end_of_your_turn", "до конца вашего хода"
    END_OF_OPPONENT_TURN = "end_of_opponent_turn", "до конца хода противника"
    END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn", "до конца вашего следующего хода"
    END_OF_OPPONENT_NEXT_TURN = "end_of_opponent_next_turn", "до конца следующего хода противника"
    END_OF_FIGHT = "end_of_fight", "до конца боя"
    X_OPPONENT_TURNS = "x_opponent_turns", "на X ходов противника"
    WHILE_SELF_ON_FIELD = "while_self_on_field", "до тех пор, пока карта в игре"
    # Duration.count turns («на 2 хода»; «на X ходов противника» stays X_OPPONENT_TURNS)
    TURNS = "turns", "на N ходов"
    OPPONENT_TURNS = "opponent_turns", "на N ходов противника"
    UNTIL_YOUR_NEXT_TURN = "until_your_next_turn", "до начала вашего следующего хода"
    THIS_TURN = "this_turn", "в этот ход"
    NEXT_TURN = "next_turn", "в следующий ход"
    WHILE = "while", "до тех пор, пока …"          # Duration.condition holds
    UNTIL_NEXT_TURN = "until_next_turn", "до начала хода (следующего, чей бы он ни был)"


# ---------------------------------------------------------------- elements
class Element(Vocabulary):
    """Card elements (lower case, plural as the corpus writes them); a neutral card is
    ``NEUTRAL``.  ``aliases``: every spelling a user or a source may write; ``stem``: the
    adjective stem card text uses («лесн» — «лесные существа»), None for neutral."""

    def __new__(cls, value: str, aliases: tuple[str, ...], stem: str | None):
        member = str.__new__(cls, value)
        member._value_ = value
        member.aliases = aliases
        member.stem = stem
        return member

    STEPPE = "степи", ("степи", "степь", "степные", "степная", "степной", "степное"), "степн"
    MOUNTAINS = "горы", ("горы", "гора", "горные", "горная", "горный", "горное"), "горн"
    FOREST = "леса", ("леса", "лес", "лесные", "лесная", "лесной", "лесное"), "лесн"
    SWAMP = "болота", ("болота", "болото", "болотные", "болотная", "болотный", "болотное"), \
        "болотн"
    DARKNESS = "тьма", ("тьма", "тьмы", "темные", "тёмные", "темная", "тёмная"), "темн"
    NEUTRAL = "нейтральная", ("нейтральная", "нейтральные", "нейтралы", "нейтрал",
                              "нейтральный", "нейтральное"), None

    @classmethod
    def of(cls, word: str) -> Element | None:
        """The element for any accepted spelling (case and ё/е folded), or None."""
        return _ELEMENT_ALIASES.get(fold(word.strip()))


_ELEMENT_ALIASES: dict[str, Element] = {fold(a): e for e in Element for a in e.aliases}


# ---------------------------------------------------------------- card types
class CardType(Vocabulary):
    """Card types the project knows (the nxt «Компаньон» type is kept under its own name).
    ``aliases``: the other forms a search may write; ``creature``: it plays as a creature on
    the field — everything but an artefact, terrain or equipment (judge/state.py)."""

    def __new__(cls, value: str, aliases: tuple[str, ...] = (), creature: bool = False):
        member = str.__new__(cls, value)
        member._value_ = value
        member.aliases = aliases
        member.creature = creature
        return member

    CREATURE = "существо", ("существа",), True
    FLYER = "летающее", ("летающий", "летающие"), True
    SYMBIOTE = "симбиот", ("симбиоты",), True
    COMPANION = "компаньон", (), True
    ARTIFACT = "артефакт", ("артефакты",)
    TERRAIN = "местность", ("местности",)
    EQUIPMENT = "экипировка", ()
    HERO = "герой", (), True
    # «Берсерк. Герои» (heroes-15 107.1): spells and support cards (their classes: HEROES_CLASSES)
    SPELL = "заклинание", ("заклинания",)
    SUPPORT = "поддержка", ("карта поддержки", "карты поддержки", "поддержки")

    @classmethod
    def of(cls, word: str) -> CardType | None:
        """The card type for its name or an accepted alias (case and ё/е folded), or None."""
        return _CARD_TYPE_ALIASES.get(fold(word.strip()))


_CARD_TYPE_ALIASES: dict[str, CardType] = {
    fold(a): t for t in CardType for a in (t.value, *t.aliases)}


# ---------------------------------------------------------------- the two games
class Game(Vocabulary):
    """``Card.game``: which game a card belongs to — the same words mean other things in each
    («местность» is a classic card type and a Heroes support class; «удар» is «1-2-3» in the
    classic game and one number in «Берсерк. Герои»)."""

    CLASSIC = "classic"
    HEROES = "heroes"


#: «Берсерк. Герои»: the four card types (heroes-15 107.1) and the closed class list of each
#: (107.3.3); «механизм» and «кошмар» belong to creatures and support cards both (107.3.2).
HEROES_TYPES = (CardType.HERO, CardType.CREATURE, CardType.SPELL, CardType.SUPPORT)
HEROES_CLASSES: dict[CardType, frozenset[str]] = {
    CardType.HERO: frozenset(("герой-воин", "герой-голем", "герой-жрец", "герой-маг",
                              "герой-разбойник")),
    CardType.CREATURE: frozenset((
        "акванит", "аккениец", "ангел", "артефакт", "архаалит", "боевая машина", "братство",
        "вайл", "великан", "ворг", "гарпия", "гном", "гоблин", "голем", "гремлин", "демон",
        "дитя кронга", "дракон", "драконид", "дух", "зверь", "инквизитор", "йордлинг",
        "кентавр", "ковен", "койар", "кошмар", "ктулхист", "линунг", "метаморф", "механизм",
        "минотавр", "нага", "наёмник", "нежить", "огр", "орк", "пират", "подземник",
        "порождение", "пустой", "речная дева", "речная рыба", "рой", "свин", "слуа",
        "страж леса", "сумрак", "тигролюд", "тоа-дан", "тролль", "ург", "фея", "хван",
        "элементаль", "эльф", "энт", "яйцо")),
    CardType.SPELL: frozenset(("волшебство", "грех", "действие", "зелье", "приказ", "ритуал",
                               "сфера")),
    CardType.SUPPORT: frozenset(("амулет", "броня", "кошмар", "местность", "механизм", "оружие",
                                 "событие")),
}
#: Support classes that are equipment (107.1.3).
HEROES_EQUIPMENT = frozenset(("амулет", "броня", "оружие"))


# ---------------------------------------------------------------- the ability language (issue 9)
class Side(Vocabulary):
    """``Selector.side``: whose card — the card owner's («ваше») or the opponent's."""
    OWN = "own"
    ENEMY = "enemy"


class SelectorNoun(_Worded):
    """``Selector.noun``: what a noun phrase selects."""

    CREATURE = "creature", "существо"
    CARD = "card", "карта"
    CELL = "cell", "клетка"
    ARTIFACT = "artifact", "артефакт"
    TERRAIN = "terrain", "местность"
    HOST = "host", "хозяин"
    PARASITE = "parasite", "паразит"
    SYMBIOTE = "symbiote", "симбиот"
    COMPANION = "companion", "компаньон"
    HERO = "hero", "герой"
    DEFENDER = "defender", "защитник"
    TARGET = "target", "цель"
    SELF = "self", "эта карта"
    IT = "it", "он / она / оно (названное раньше)"
    ATTACKED = "attacked", "атакованное существо"
    ATTACKER = "attacker", "атаковавшее существо"
    OPPONENT = "opponent", "противник (игрок)"
    PLAYER = "player", "вы (игрок)"
    ROW = "row", "ряд"
    COLUMN = "column", "столбец"
    HALF = "half", "половина поля боя"
    GRAVEYARD = "graveyard", "кладбище"
    DECK = "deck", "колода"
    HAND = "hand", "рука"
    SQUAD = "squad", "отряд"
    MARKER = "marker", "маркер"
    TOKEN = "token", "жетон"
    ATTACK = "attack", "атака"
    ANY_OF = "any_of", "одно из перечисленного"
    ALL_OF = "all_of", "каждое из перечисленного"
    FLYER = "flyer", "летающее существо"
    TIMES = "times", "раз (счёт повторений)"
    DIE = "die", "кубик"
    RESULT = "result", "результат (броска)"
    CHARACTER = "character", "персонаж (герой или существо)"
    SUPPORT = "support", "карта поддержки"
    SPELL = "spell", "заклинание"


class Qualifier(_Worded):
    """``Selector.qualifiers``: a name, bare or with arguments after «:» («element:горы»)."""

    OTHER = "other", "другое"
    CHOSEN = "chosen", "выбранное"
    ANY = "any", "любое"
    ALL = "all", "все / каждое"
    DIFFERENT = "different", "разные"
    THIS = "this", "это (названное раньше)"
    CLOSED = "closed", "закрытое"
    OPEN = "open", "открытое"
    FLYING = "flying", "летающее"
    NONFLYING = "nonflying", "нелетающее"
    ORDINARY = "ordinary", "рядовое"
    ELITE = "elite", "элитное"
    WOUNDED = "wounded", "раненое"
    UNWOUNDED = "unwounded", "без ран"
    POISONED = "poisoned", "отравленное"
    INCORPOREAL = "incorporeal", "бестелесное"
    FREE = "free", "свободная (клетка)"
    DEAD = "dead", "погибшее"
    ELEMENT = "element", "стихии (element:<стихия>; element:!<стихия> — не этой стихии)"
    CLASS = "class", "класса (class:<класс, как в списке карт>)"
    COST_MAX = "cost_max", "стоимостью N или меньше"
    COST_MIN = "cost_min", "стоимостью N или больше"
    COST = "cost", "стоимостью ровно N (или X)"
    MOVE_MIN = "move_min", "с {move} N или больше"
    LIFE_MAX = "life_max", "с жизнями N или меньше"
    WITH = "with", "обладающее (with:<вид атаки или ключевое слово>)"
    WITHOUT = "without", "без (without:<вид атаки или ключевое слово>)"
    ROW = "row", "в N-м ряду (row:N, row:N:own, row:N:enemy)"
    IN_SQUAD = "in_squad", "в отряде"
    IN_GRAVEYARD = "in_graveyard", "на кладбище"
    IN_DECK = "in_deck", "в колоде"
    IN_HAND = "in_hand", "в руке"
    ON_FIELD = "on_field", "на поле боя"
    KIND = "kind", "вида (kind:<вид атаки>, для атак)"
    STRENGTH = "strength", "силы (strength:weak …, для ударов)"
    NAMED = "named", "с именем (named:<имя карты>)"
    TYPE = "type", "типа (type:<тип карты>)"
    CORPOREAL = "corporeal", "небестелесное"
    ELEMENTAL = "elemental", "стихийное"
    OCCUPIED = "occupied", "занятая (клетка)"
    RANDOM = "random", "случайное"
    TOP = "top", "верхняя (карта колоды)"
    SHOWN = "shown", "показанная"
    SUMMONED = "summoned", "вызванное"
    DESTROYED = "destroyed", "уничтоженное"
    EXILED = "exiled", "изгнанное"
    NEXT = "next", "следующее"
    REMAINING = "remaining", "оставшееся"
    CURRENT = "current", "текущее"
    LEFTMOST = "leftmost", "крайнее левое"
    RIGHTMOST = "rightmost", "крайнее правое"
    EDGE = "edge", "крайнее"
    CENTRAL = "central", "центральное"
    EXTRA = "extra", "дополнительное"
    MARKER = "marker", "с маркером (marker:<имя маркера>)"
    ORDINAL = "ordinal", "по порядку (ordinal:N)"
    COUNT = "count", "в числе X (count:X)"
    OWN_OF_SUBJECT = "own_of_subject", "своё (того, кто действует)"
    COLUMN = "column", "в столбце (column:central, column:edge, column:leftmost|rightmost)"
    NEW = "new", "вышедшее в игру в этот ход (под этим контролем)"


class RelationKind(_Worded):
    """``Relation.what``: where a selected card stands relative to ``Relation.to``."""

    ADJACENT = "adjacent", "рядом с"
    OPPOSITE = "opposite", "напротив"
    BEHIND = "behind", "позади / сзади"
    IN_FRONT = "in_front", "перед"
    LEFT_RIGHT = "left_right", "справа и слева от"
    IN_FORMATION_WITH = "in_formation_with", "в строю с"
    SAME_ROW = "same_row", "в одном ряду с"
    SAME_COLUMN = "same_column", "в одном столбце с"
    ON_CELL = "on_cell", "на клетке"
    HOST_OF = "host_of", "хозяин (кого)"
    PARASITE_OF = "parasite_of", "паразит / симбиот (кого)"
    DEFENDED_BY = "defended_by", "кому защитником выступает"
    OF = "of", "принадлежащее (кому)"
    OCCUPIED_BY = "occupied_by", "(клетка,) которую занимает / занимал"


class ConditionKind(_Worded):
    """``Condition.what`` (about ``Condition.subject``, None = the card); params: docs/grammar.md."""

    IS = "is", "является / стоит так (params: qualifiers and Relations)"
    EXISTS = "exists", "есть такие карты (params: Selector, its count)"
    WOUNDED = "wounded", "имеет раны (params: минимум)"
    UNWOUNDED = "unwounded", "не имеет ран"
    HAS_COUNTERS = "has_counters", "есть фишки (params: минимум)"
    HAS = "has", "обладает (params: особенности)"
    DEFENDING = "defending", "выступает защитником"
    ATTACKING = "attacking", "атакует (params: Selector цели)"
    ATTACKED_BY = "attacked_by", "атакован (params: виды атак)"
    GOT_WOUNDS = "got_wounds", "получал раны (params: от чего, когда)"
    MOVED = "moved", "перемещался (params: this_turn, cells:N, direction:same|different)"
    ROLLED = "rolled", "выпало на кубике (params: грани)"
    SHOWN_CARD = "shown_card", "показанная карта такова (params: qualifiers)"
    OWN_TURN = "own_turn", "в ваш ход"
    OPPONENT_TURN = "opponent_turn", "в ход противника"
    CAN = "can", "может (params: Verb)"
    WOULD = "would", "должен бы (params: Verb, amount) — для замен «вместо»"
    COUNT = "count", "число (params: Measure, сравнение, N)"
    ALL = "all", "всё из (params: Conditions)"
    ANY = "any", "хотя бы одно из (params: Conditions)"
    EVENT = "event", "во время события (params: Trigger)"
    DONE = "done", "предыдущая часть выполнена полностью («при этом», «иначе»)"


class Verb(_Worded):
    """``Action.verb``, ``Restriction.what``, ``Permission.what``: what is (or may / may not be)
    done; effects with a node of their own (Wound, Heal, Gain, Attack …) are not verbs here."""

    NOTHING = "nothing", "ничего (второй вариант «может»)"
    ATTACK = "attack", "атаковать / нападать"
    DECLARE = "declare", "объявлять атаку"
    DEFEND = "defend", "выступать защитником"
    MOVE = "move", "перемещаться / переместить"
    TELEPORT = "teleport", "телепортировать(ся)"
    JUMP = "jump", "прыгать"
    SWAP = "swap", "поменять местами"
    OPEN = "open", "открыть(ся)"
    CLOSE = "close", "закрыть(ся)"
    DESTROY = "destroy", "уничтожить"
    EXILE = "exile", "изгнать / убрать из игры"
    SUMMON = "summon", "вызвать"
    REVIVE = "revive", "возродить"
    RETURN = "return", "вернуть (в руку / колоду)"
    PUT = "put", "положить (маркер, жетон, карту)"
    MARKER = "marker", "получить маркер (params: имя маркера)"
    PROPHECY = "prophecy", "пророчество N"
    ROLL_DIE = "roll_die", "бросить кубик"
    REROLL_DIE = "reroll_die", "перебросить кубик"
    CHANGE_ROLL = "change_roll", "изменить бросок кубика"
    BLOCK = "block", "блокировать удар"
    REDIRECT = "redirect", "перенаправить атаку"
    REDISTRIBUTE_WOUNDS = "redistribute_wounds", "перераспределить раны"
    PREVENT_WOUNDS = "prevent_wounds", "предотвратить раны"
    REDUCE_TO = "reduce_to", "свести удар к (params: вид, сила или число)"
    SET_STRENGTH = "set_strength", "свести силу удара к (params: вид, сила)"
    REDUCE_STRIKE = "reduce_strike", "уменьшить величину удара"
    BE_REDUCED = "be_reduced", "быть сниженной (о силе удара)"
    FORCED_ATTACK = "forced_attack", "нанести удар (по приказу)"
    TAUNT = "taunt", "атаковать только эту карту (вынуждать)"
    CHOOSE = "choose", "выбрать"
    CHOOSE_ROW = "choose_row", "выбрать ряд"
    HEAL = "heal", "излечивать(ся)"
    GET_WOUNDS = "get_wounds", "получать раны"
    GET_COUNTERS = "get_counters", "получать фишки"
    HAVE_COUNTERS = "have_counters", "иметь фишки"
    BE_TARGETED = "be_targeted", "быть целью"
    USE = "use", "применять особенности"
    IGNORE = "ignore", "не замечать (params: что)"
    LEAVE_CELL = "leave_cell", "покидать клетку"
    LOOK = "look", "посмотреть"
    SHOW = "show", "показать"
    PAY = "pay", "заплатить"
    TAKE = "take", "взять (карту)"
    GAIN_CRYSTAL = "gain_crystal", "получить кристалл"
    FIGHT = "fight", "сражаться"
    OBLIGED = "obliged", "обязан"
    START_WITH_COUNTER = "start_with_counter", "начинать бой с фишкой"
    LEAVE = "leave", "покинуть (клетку, поле боя)"
    DIE = "die", "погибнуть"
    REMOVE = "remove", "снять / убрать"
    INCARNATE = "incarnate", "инкарнировать"
    ASSIGN = "assign", "назначить"
    WOUND = "wound", "ранить"
    LOSE = "lose", "терять"
    GET = "get", "получать"
    HAVE = "have", "иметь"
    ACT = "act", "действовать"
    ENTER = "enter", "входить"
    REFLECT = "reflect", "отражать"
    PASS = "pass", "переходить"
    # «Берсерк. Герои»: cards, coins and effects the Heroes judge applies
    DRAW = "draw", "взять карты из колоды («возьмите»)"
    DISCARD = "discard", "сбросить карты с руки"
    SEARCH = "search", "поиск в колоде"
    GAIN_COINS = "gain_coins", "получить монеты"
    LOSE_COINS = "lose_coins", "потерять монеты"
    STRENGTHEN = "strengthen", "положить эффект усиления"
    WEAKEN = "weaken", "положить эффект ослабления"
    STUN = "stun", "оглушить"
    PREPARE = "prepare", "подготовить"
    TAKE_CONTROL = "take_control", "взять под контроль"
    PRAY = "pray", "получить жетоны молитвы"
    WIN = "win", "выиграть игру"
    CANCEL = "cancel", "отменить розыгрыш карты"
    SET_LIVES = "set_lives", "жизни становятся равными N"
    SET_STRIKE = "set_strike", "удар становится равным N"


class MeasureKind(_Worded):
    """``Measure.what``: what a variable amount counts (``Measure.of``: whose / which cards)."""

    COUNTERS = "counters", "число фишек на"
    SPENT_COUNTERS = "spent_counters", "число потраченных фишек"
    WOUNDS = "wounds", "число ран на"
    WOUNDS_DEALT = "wounds_dealt", "число нанесённых ран"
    CELLS_MOVED = "cells_moved", "на сколько клеток переместился"
    CARDS_SHOWN = "cards_shown", "число показанных карт"
    SHOWN_CARD_COST = "shown_card_cost", "стоимость показанной карты"
    STRIKE_VALUE = "strike_value", "величина удара"
    SUM_STRIKE_VALUE = "sum_strike_value", "сумма величин ударов"
    COUNT = "count", "число карт (Measure.of — какие)"
    COST = "cost", "стоимость"
    LIFE = "life", "жизни"
    ARMOR = "armor", "оставшаяся броня"
    DIE = "die", "результат броска кубика"
    SAME = "same", "столько же (как выше)"
    DISTINCT_CLASSES = "distinct_classes", "число разных классов среди"


class LimitPer(_Worded):
    """``Limit.per``: «N раз за ход / бой / игру»."""
    TURN = "turn", "ход"
    FIGHT = "fight", "бой"
    GAME = "game", "игру"
    OWN_TURN = "own_turn", "ваш ход"


class TriggerTiming(_Worded):
    """``Trigger.timing``: when the ability acts relative to the event (None: «при …»)."""

    AFTER = "after", "после того, как"
    INSTEAD = "instead", "вместо"
    BEFORE = "before", "до"


class TriggerParam(_Worded):
    """``Trigger.params``: tags that narrow the event."""
    FIRST_PER_TURN = "first_per_turn", "первый за ход"
    IN_ASSAULT = "in_assault", "в нападении"
    RESPONSE = "response", "ответный"
    EACH = "each", "каждый"
    FROM_TEXT = "from_text", "особенностью (не атакой)"
    EACH_TURN = "each_turn", "каждого хода (не только вашего)"
    LAST = "last", "последний (за ход)"
    FACE = "face", "на кубике выпало (face:N)"
    NTH = "nth", "N-й (nth:N: «третью фишку»)"


__all__ = ["AttackKind", "CardType", "ConditionKind", "DurationKind", "Element", "Forms", "Game",
           "HEROES_CLASSES", "HEROES_EQUIPMENT", "HEROES_TYPES",
           "KeywordName", "LimitPer", "MeasureKind", "Qualifier", "RelationKind", "SelectorNoun",
           "Side", "Strength", "TriggerEvent", "TriggerParam", "TriggerTiming", "Verb",
           "Vocabulary"]
