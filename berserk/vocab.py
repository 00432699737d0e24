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

    @classmethod
    def of(cls, word: str) -> CardType | None:
        """The card type for its name or an accepted alias (case and ё/е folded), or None."""
        return _CARD_TYPE_ALIASES.get(fold(word.strip()))


_CARD_TYPE_ALIASES: dict[str, CardType] = {
    fold(a): t for t in CardType for a in (t.value, *t.aliases)}


__all__ = ["AttackKind", "CardType", "DurationKind", "Element", "Forms", "KeywordName",
           "Strength", "TriggerEvent", "Vocabulary"]
