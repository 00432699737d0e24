"""Words → ids: the closed vocabularies the transformer maps Russian word forms onto.

Every id the AST carries for an attack kind, a strength, a selector adjective or noun is made
here and only here (``grammar/ast.py`` documents the id sets).
"""
from __future__ import annotations

from lark import Token

from grammar import ast as A

# ---------------------------------------------------------------- vocabularies
ICON_KEYWORDS = {"{ova}": "ova", "{ovz}": "ovz", "{ovs}": "ovs", "{regen}": "regen",
                 "{armor}": "armor", "{direct}": "direct", "{stamina}": "stamina"}
PROT_ICONS = {"{zoo}": ("poison",), "{zoz}": ("spells",), "{zom}": ("magic",),
              "{zor}": ("discharge",), "{zot}": ("throw",), "{zov}": ("shot",),
              "{zoal}": ("flyers",)}
UNPROVEN = {"ovs", "stamina"}
SIMPLE_KEYWORDS = (("трупоедств", "corpse_eater"), ("неповоротлив", "clumsy"),
                   ("полет", "flying"), ("летающ", "flying"), ("бестелесн", "incorporeal"),
                   ("стойкость", "stamina"), ("орда", "horde"), ("рывок", "dash"),
                   ("неуязвимост", "invulnerable"))
STRENGTHS = (("слаб", "weak"), ("средн", "medium"), ("сильн", "strong"))
ELEMENTS = (("горн", "горы"), ("лесн", "леса"), ("болотн", "болота"), ("степн", "степи"),
            ("темн", "тьма"))
NUMWORDS = (("одн", 1), ("дв", 2), ("тр", 3), ("четыр", 4), ("пят", 5))


# Attack nouns by stem, in order (the first stem that starts the word wins).
ATTACK_STEMS = (("{strike}", "strike"), ("{uchr}", "uchr"), ("{direct}", "direct"),
                ("направленн", "direct"), ("выстрел", "shot"), ("разряд", "discharge"),
                ("метани", "throw"), ("особ", "special"), ("немагическ", "nonmagic"),
                ("дальн", "ranged"), ("ближн", "melee"), ("прост", "strike"), ("удар", "strike"),
                ("атак", "any"))
NOUNS = (("клетк", "cell"), ("существ", "creature"), ("карт", "card"), ("цел", "target"), ("защитник", "defender"),
         ("хозяин", "host"), ("йордлинг", "class:йордлинг"), ("демон", "class:демон"),
         ("нежит", "class:нежить"), ("инквизитор", "class:инквизитор"))


def by_stem(word: str, table) -> str:
    """The id of the first (stem, id) pair whose stem starts ``word``."""
    for stem, value in table:
        if word.startswith(stem):
            return value
    raise ValueError(word)


def attack_kind(word: str) -> str:
    """Attack noun (any case form, folded) → attack kind id."""
    w = word.strip()
    if "через" in w:
        return "uchr"                      # «удар через ряд» before the plain «удар»
    if w.startswith("магическ"):
        return "magic" if "удар" in w else "magical"
    if "летающ" in w:
        return "flyers"
    return by_stem(w, ATTACK_STEMS)


def strength_of(word: str) -> str:
    return by_stem(word, STRENGTHS)


def number_word(word: str) -> int:
    return by_stem(word, NUMWORDS)


def with_span(node, span: A.Span):
    return type(node)(**{f: getattr(node, f) for f in node.__dataclass_fields__ if f != "span"}, span=span)


def damage_from(tok: Token) -> A.Damage:
    text = str(tok).replace(" ", "")
    if tok.type == "DAMAGE3":
        w, m, s = (int(x) for x in text.split("-"))
        return A.ByStrength(w, m, s)
    if tok.type == "XVAR":
        offset = int(text[1:]) if len(text) > 1 else 0
        return A.Variable("X", offset)
    return A.Fixed(int(text))


# Selector adjectives by stem, in order: «нелетающ» before «летающ», «стоящ … напротив/сзади»
# before the plain «стоящ рядом».
ADJECTIVES = (("любо", "any"), ("сво", "choosers_own"), ("ваш", "side:own"),
              ("нелетающ", "nonflying"), ("друг", "other"), ("закрыт", "closed"),
              ("открыт", "open"), ("летающ", "flying"), ("рядов", "ordinary"), ("элитн", "elite"),
              ("отравленн", "poisoned"), ("выбранн", "chosen"), ("соседн", "adjacent"),
              ("эт", "this"), ("разн", "different"))
ADJECTIVES += tuple((stem, "element:" + element) for stem, element in ELEMENTS)


def adjective_id(word: str) -> str:
    if word.startswith("стоящ"):
        return "opposite" if "напротив" in word else "behind" if "сзади" in word else "adjacent"
    return by_stem(word, ADJECTIVES)


def noun_id(word: str) -> str:
    return by_stem(word, NOUNS)


def order_of(tok) -> str:
    return "second" if str(tok) == "{second}" else "first"


def signed(tok, negate: bool = False) -> A.Damage:
    text = str(tok).replace(" ", "")
    sign = -1 if text[0] == "-" else 1
    if negate:
        sign = -sign
    body = text[1:]
    if body == "x":
        return A.Variable("X", 0)
    return A.Fixed(sign * int(body))
