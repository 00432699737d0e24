"""The card as every layer sees it: one small frozen value object.

Decisions that other modules rely on (documented in docs/carddb.md):

* ``elements`` is a tuple of ``berserk.vocab.Element`` members; a neutral card has
  ``("нейтральная",)`` — the corpus writes «Нейтральная», and a facet needs a value to show.
  ``Card.neutral`` says it without string compares.
* ``text`` is the canonical ability text (``{code}`` icons, one ability per line).  ``None``
  means *unknown* (the source does not have it), ``""`` means *the card has no abilities*.
* ``move`` is an int, ``"X"`` or ``None``; a flyer has ``flying=True`` and ``move=None``
  (the corpus writes «Полет» in the move column).  ``card_type`` «летающее» implies ``flying``.
* ``strike`` is ``(weak, medium, strong)`` or ``None`` (cards that do not strike: terrain,
  buildings — the corpus writes «--»).
* ``game`` says which game the card is of (``berserk.vocab.Game``).  A «Берсерк. Герои» card
  (heroes-15) has one of the four Heroes types, classes from its type's closed list (107.3.3;
  a support card exactly one), its strike as one number in ``strike_value`` (106.3; ``strike``
  stays None) and a cost that may be «X» (``cost_x``, ``cost`` 0: 106.1.4).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from berserk.errors import BerserkError, Location
from berserk.text import fold, shorten
from berserk.vocab import HEROES_CLASSES, HEROES_TYPES, CardType, Element, Game, KeywordName
from grammar import parse
from grammar.parser import fold_for_matching

#: A neutral card's one element (``Card.neutral`` says it without string compares).
NEUTRAL = Element.NEUTRAL


def name_key(name: str) -> str:
    """The matching key of a card name: case, ё/е and surrounding spaces do not matter (the
    DB's ``name_fold`` column, ``carddb.store.find_card`` and ``carddb.lookup`` use it)."""
    return fold(name.strip())


def parse_strike(value: Any) -> tuple[int, int, int] | None:
    """«1-2-3», [1, 2, 3] or (1, 2, 3) → (1, 2, 3); «--», None, "" → None.

    Raises ``CardFieldError`` (field ``strike``) for anything else (the readers turn it into a
    located Problem)."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        text = str(value).strip()
        if text in ("", "--", "-", "—"):
            return None
        parts = re.split(r"\s*[-–—/]\s*", text)
    if len(parts) != 3:
        raise CardFieldError("strike", f"удар должен быть «слабый-средний-сильный», а не «{shorten(value)}»")
    try:
        out = tuple(int(p) for p in parts)
    except (TypeError, ValueError):
        raise CardFieldError("strike", f"удар должен состоять из трёх чисел, а не «{shorten(value)}»") \
            from None
    if any(n < 0 for n in out):
        raise CardFieldError("strike", f"удар не может быть отрицательным: «{shorten(value)}»")
    return out  # type: ignore[return-value]


def strike_text(strike: tuple[int, int, int] | None) -> str | None:
    return None if strike is None else "-".join(str(n) for n in strike)


def parse_key(text: str, name: str) -> tuple[str, str | None]:
    """(text, name) if the text mentions its card's name, else (text, None).

    The parse of a text that does not name its card is the same for every name, so identical
    texts (reprints, other sets, the bench's replicated corpus) are parsed — and turned into
    DB rows — once.  The cheap stem check rules most cards out before the grammar's own name
    pattern (a regex per name) is built."""
    folded = fold(text)
    for word in re.split(r"[\s\-]+", fold(name)):
        if word and word[:3] not in folded:
            return text, None
    if fold_for_matching(text, name) == fold_for_matching(text):
        return text, None
    return text, name


def _parsed(text: str, name: str):
    return _parsed_cached(*parse_key(text, name))


@lru_cache(maxsize=16384)
def _parsed_cached(text: str, name: str | None):
    return parse(text, name=name)


@dataclass(frozen=True)
class Card:
    """One card.  Equality is by value; ``repairs`` (what a reader fixed) does not count."""

    name: str
    set: str = ""
    number: int | None = None
    elements: tuple[Element, ...] = ()
    card_type: CardType = CardType.CREATURE
    cost: int | None = None
    elite: bool = False
    unique: bool = False
    life: int | None = None
    move: int | str | None = None
    flying: bool = False
    strike: tuple[int, int, int] | None = None
    classes: tuple[str, ...] = ()
    rarity: str | None = None
    text: str | None = None
    game: Game = Game.CLASSIC
    strike_value: int | None = None   # «Берсерк. Герои»: the strike is one number (106.3)
    cost_x: bool = False              # «Берсерк. Герои»: the cost is «X» (106.1.2)
    repairs: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        # A flyer flies and has no move points, whichever reader made the card: the one place
        # that says so (the readers, the search, the judge and legality rely on it).
        if self.card_type == CardType.FLYER and (not self.flying or self.move is not None):
            object.__setattr__(self, "flying", True)
            object.__setattr__(self, "move", None)

    # ------------------------------------------------------------ derived
    @property
    def type_keywords(self) -> tuple[KeywordName, ...]:
        """Keywords the card has by its type or its move column rather than by its text: a
        flyer flies, a symbiote is a symbiote.  The search's card_keywords, the judge's traits
        and the legality checks all ask this."""
        return (((KeywordName.FLYING,) if self.flying else ())
                + ((KeywordName.SYMBIOTE,) if self.card_type == CardType.SYMBIOTE else ()))

    @property
    def neutral(self) -> bool:
        return self.elements == (NEUTRAL,)

    @property
    def text_known(self) -> bool:
        return self.text is not None

    @property
    def element(self) -> str:
        """Elements for display: «горы», «горы, леса»."""
        return ", ".join(self.elements)

    def parsed(self):
        """``grammar.parse`` of the text (cached); None when the text is unknown."""
        if self.text is None:
            return None
        return _parsed(self.text, self.name)

    def abilities(self) -> tuple:
        """Typed abilities of the card text; () for no text *and* for unknown text
        (ask ``text_known`` to tell them apart)."""
        parsed = self.parsed()
        return parsed.abilities if parsed is not None else ()

    # ------------------------------------------------------------ canonical dict form
    def to_dict(self) -> dict[str, Any]:
        """The canonical YAML/JSON form (see docs/carddb.md): readable, round-trips."""
        out: dict[str, Any] = {"name": self.name}
        if self.game != Game.CLASSIC:
            out["game"] = str(self.game)
        if self.set:
            out["set"] = self.set
        if self.number is not None:
            out["number"] = self.number
        # plain strings: the form goes to yaml.safe_dump, which does not know enum members
        elements = [str(e) for e in self.elements]
        out["element"] = elements[0] if len(elements) == 1 else elements
        out["type"] = str(self.card_type)
        if self.cost_x:
            out["cost"] = "X"
        elif self.cost is not None:
            out["cost"] = self.cost
        out["elite"] = self.elite
        out["unique"] = self.unique
        if self.life is not None:
            out["life"] = self.life
        if self.flying:
            out["move"] = "полёт"
        elif self.move is not None:
            out["move"] = self.move
        if self.strike is not None:
            out["strike"] = strike_text(self.strike)
        elif self.strike_value is not None:
            out["strike"] = self.strike_value
        if self.classes:
            out["classes"] = list(self.classes)
        if self.rarity:
            out["rarity"] = self.rarity
        if self.text is not None:
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Card":
        """Inverse of ``to_dict``.  Every bad field is found: raises ``CardFieldErrors`` (a
        ``CardFieldError`` for the first, ``.errors`` for all); ``carddb.sources`` turns them
        into located problems."""
        errors: list[CardFieldError] = []

        def field_value(parse, *args):
            try:
                return parse(*args)
            except CardFieldError as err:
                errors.append(err)
                return None

        known = _known_keys(cls)
        game = _GAMES.get(str(data.get("game", Game.CLASSIC)).strip().lower())
        if game is None:
            errors.append(CardFieldError("game", f"неизвестная игра «{shorten(data.get('game'))}»; "
                                         "допустимы: " + ", ".join(Game)))
            game = Game.CLASSIC
        for name in sorted(set(data) - known) if not known.issuperset(data) else ():
            errors.append(CardFieldError(name, "неизвестное поле; допустимы: "
                                         + ", ".join(sorted(known - {"repairs"}))))
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            errors.append(CardFieldError("name", "у карты нет имени"))
        elements = data.get("element", data.get("elements"))
        elements = field_value(_elements_of if type(elements) is str else _elements, elements)
        type_word = str(data.get("type", data.get("card_type", CardType.CREATURE))).strip().lower()
        card_type = _CARD_TYPES.get(type_word)
        if card_type is None:
            errors.append(CardFieldError("type", f"неизвестный тип «{shorten(type_word)}»; допустимы: "
                                         + ", ".join(CardType)))
        move, flying = field_value(_move, data.get("move"), bool(data.get("flying", False))) \
            or (None, False)
        classes = data.get("classes", data.get("class", ()))
        if classes is None:
            classes = ()
        if isinstance(classes, str):
            classes = [c for c in (p.strip() for p in classes.split(",")) if c]
        elif not isinstance(classes, (list, tuple)) or not all(isinstance(c, str) for c in classes):
            errors.append(CardFieldError("classes", "классы — слово, слова через запятую или "
                                         f"список слов, а не «{shorten(classes)}»"))
            classes = ()
        cost_raw, strike_value, cost_x = data.get("cost"), None, False
        if game == Game.HEROES:
            strike = None
            strike_value = field_value(_heroes_strike, data.get("strike"))
            if card_type is not None:
                errors.extend(_heroes_type_errors(card_type, classes))
            if str(cost_raw).strip() in ("X", "Х", "x", "х"):
                cost_raw, cost_x = 0, True
        else:
            strike = data.get("strike")
            strike = field_value(_strike_of if type(strike) is str else parse_strike, strike)
        text = data.get("text")
        if text is not None and not isinstance(text, str):
            errors.append(CardFieldError("text", "текст должен быть строкой"))
        number, life = data.get("number"), data.get("life")
        elite, unique = data.get("elite", False), data.get("unique", data.get("uniq", False))
        # (the usual types of a JSON list taken as they are: the parsers' calls are the cost
        # of reading 35,000 cards)
        values = {
            "number": number if type(number) is int else field_value(_int_or_none, number,
                                                                      "number"),
            "cost": cost_raw if type(cost_raw) is int else field_value(_int_or_none, cost_raw,
                                                                        "cost"),
            "life": life if type(life) is int else field_value(_int_or_none, life, "life"),
            "elite": elite if type(elite) is bool else field_value(_bool, elite, "elite"),
            "unique": unique if type(unique) is bool else field_value(_bool, unique, "unique"),
        }
        if errors:
            raise CardFieldErrors(errors)
        return cls(
            name=name.strip(), set=str(data.get("set") or ""), elements=elements,
            card_type=card_type, move=move, flying=flying, strike=strike,
            classes=tuple(str(c).strip() for c in classes),
            rarity=(str(data["rarity"]) if data.get("rarity") else None),
            text=None if text is None else text.rstrip("\n"), game=game,
            strike_value=strike_value, cost_x=cost_x, **values,
        )


@lru_cache(maxsize=None)
def _known_keys(cls: type) -> frozenset[str]:
    """The keys a card dict may have."""
    return frozenset({f.name for f in fields(cls)} | {"element", "type", "classes", "class",
                                                      "uniq"})


#: ``Game.get`` / ``CardType.get`` (the member whose value is the word) as dicts
_GAMES: dict[str, Game] = {str(g): g for g in Game}
_CARD_TYPES: dict[str, CardType] = {str(t): t for t in CardType}


class CardFieldError(BerserkError):
    """A bad field in a card dict: which field, and a Russian message.

    A card dict does not know its file: the readers (carddb.sources, judge.scenario) turn the
    error into a Problem at the field's file:line; until then ``location`` names the field."""

    def __init__(self, field_name: str, message: str, location: Location | None = None):
        self.field = field_name
        self.message = message
        self.location = location or Location(f"<поле карты «{field_name}»>")
        super().__init__(f"{field_name}: {message}")


class CardFieldErrors(CardFieldError):
    """Several bad fields of one card dict (``errors``); reads as the first."""

    def __init__(self, errors: list[CardFieldError]):
        self.errors = errors
        super().__init__(errors[0].field, errors[0].message)


def _elements(value: Any) -> tuple[Element, ...]:
    if value is None:
        raise CardFieldError("element", "не указана стихия")
    if not isinstance(value, (str, list, tuple)):
        raise CardFieldError("element", f"стихия — слово или список слов, а не «{shorten(value)}»")
    items = [value] if isinstance(value, str) else list(value)
    if not all(isinstance(item, str) for item in items):
        raise CardFieldError("element", "в списке стихий — только слова")
    out = []
    for item in items:
        for part in str(item).split(","):
            canon = Element.of(part)
            if canon is None:
                raise CardFieldError("element", f"неизвестная стихия «{shorten(part.strip())}»; допустимы: "
                                     + ", ".join(Element))
            out.append(canon)
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=4096)
def _elements_of(value: str) -> tuple[Element, ...]:
    """``_elements`` of one text (a list has a few distinct ones; errors are not cached)."""
    return _elements(value)


@lru_cache(maxsize=4096)
def _strike_of(value: str) -> tuple[int, int, int] | None:
    """``parse_strike`` of one text."""
    return parse_strike(value)


def _heroes_strike(value: Any) -> int | None:
    """«Берсерк. Герои»: the strike is one number ≥ 0 (106.3), not «1-2-3»."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise CardFieldError("strike", f"в «Героях» удар — одно число (например 3), а не «{shorten(value)}»")


def _heroes_type_errors(card_type: CardType, classes) -> list[CardFieldError]:
    """A Heroes card has one of the four Heroes types (107.1), classes of its type only
    (107.3.1–107.3.3), and a support card exactly one class (212.1)."""
    if card_type not in HEROES_TYPES:
        return [CardFieldError("type", f"в «Героях» нет типа «{card_type}»; допустимы: "
                               + ", ".join(HEROES_TYPES))]
    allowed = HEROES_CLASSES[card_type]
    out = [CardFieldError("classes", f"«{shorten(c)}» — не класс карт типа «{card_type}» (107.3.3)")
           for c in (str(c).strip().lower() for c in classes) if c not in allowed]
    if card_type == CardType.SUPPORT and len(classes) != 1:
        out.append(CardFieldError("classes", "у карты поддержки ровно один класс (оружие, броня, "
                                  "амулет, местность, событие, механизм или кошмар)"))
    return out


def _move(value: Any, flying: bool) -> tuple[int | str | None, bool]:
    if value is None or value == "":
        return None, flying
    if isinstance(value, bool):
        raise CardFieldError("move", f"ход должен быть числом, «X» или «полёт», а не «{shorten(value)}»")
    if isinstance(value, int):
        return value, flying
    text = str(value).strip()
    if fold(text) in ("полет", "летает", "flying"):
        return None, True
    if text in ("X", "Х", "x", "х"):
        return "X", flying
    if text.isdigit():
        return int(text), flying
    raise CardFieldError("move", f"ход должен быть числом, «X» или «полёт», а не «{shorten(value)}»")


def _int_or_none(value: Any, name: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise CardFieldError(name, f"ожидалось число, а не «{shorten(value)}»")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if re.fullmatch(r"\d+", text):
        return int(text)
    raise CardFieldError(name, f"ожидалось число, а не «{shorten(value)}»")


def _bool(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in (0, 1, "0", "1"):
        return bool(int(value))
    text = fold(str(value).strip())
    # YAML 1.1 read on/off/yes/no as booleans; card files are read as YAML 1.2 (berserk.yamlio),
    # so the words arrive here and keep meaning what they did
    if text in ("да", "true", "yes", "on"):
        return True
    if text in ("нет", "false", "no", "off"):
        return False
    raise CardFieldError(name, f"ожидалось «да» или «нет», а не «{shorten(value)}»")
