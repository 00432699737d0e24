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
                   ("стойкость", "stamina"), ("орда", "horde"), ("рывок", "dash"))
STRENGTHS = (("слаб", "weak"), ("средн", "medium"), ("сильн", "strong"))
ELEMENTS = (("горн", "горы"), ("лесн", "леса"), ("болотн", "болота"), ("степн", "степи"),
            ("темн", "тьма"))
NUMWORDS = (("одн", 1), ("дв", 2), ("тр", 3), ("четыр", 4), ("пят", 5))


def attack_kind(word: str) -> str:
    """Attack noun (any case form, folded) → attack kind id."""
    w = word.strip()
    if w == "{strike}":
        return "strike"
    if w == "{uchr}" or "через" in w:
        return "uchr"
    if w == "{direct}" or w.startswith("направленн"):
        return "direct"
    for stem, kind in (("выстрел", "shot"), ("разряд", "discharge"), ("метани", "throw"),
                       ("особ", "special")):
        if w.startswith(stem):
            return kind
    if w.startswith("магическ"):
        return "magic" if "удар" in w else "magical"
    if w.startswith("дальн"):
        return "ranged"
    if w.startswith("ближн"):
        return "melee"
    if w.startswith("немагическ"):
        return "nonmagic"
    if w.startswith("удар"):
        return "strike"
    if w.startswith("атак"):
        return "any"
    if "летающ" in w:
        return "flyers"
    raise ValueError(w)


def strength_of(word: str) -> str:
    for stem, value in STRENGTHS:
        if word.startswith(stem):
            return value
    raise ValueError(word)


def number_word(word: str) -> int:
    for stem, value in NUMWORDS:
        if word.startswith(stem):
            return value
    raise ValueError(word)


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


def adjective_id(word: str) -> str:
    w = word
    if w.startswith("стоящ") and "напротив" in w:
        return "opposite"
    if w.startswith("стоящ") and "сзади" in w:
        return "behind"
    if w.startswith("любо"):
        return "any"
    if w.startswith("сво"):
        return "choosers_own"
    if w.startswith("ваш"):
        return "side:own"
    if w.startswith("нелетающ"):
        return "nonflying"
    for stem, q in (("друг", "other"), ("закрыт", "closed"), ("открыт", "open"),
                    ("летающ", "flying"), ("рядов", "ordinary"), ("элитн", "elite"),
                    ("отравленн", "poisoned"), ("выбранн", "chosen"), ("стоящ", "adjacent"),
                    ("соседн", "adjacent"), ("эт", "this"), ("разн", "different")):
        if w.startswith(stem):
            return q
    for stem, element in ELEMENTS:
        if w.startswith(stem):
            return "element:" + element
    raise ValueError(word)


def noun_id(word: str) -> str:
    if word.startswith("существ"):
        return "creature"
    if word.startswith("карт"):
        return "card"
    if word.startswith("цел"):
        return "target"
    if word.startswith("защитник"):
        return "defender"
    if word.startswith("хозяин"):
        return "host"
    for stem, cls in (("йордлинг", "йордлинг"), ("демон", "демон"), ("нежит", "нежить"),
                      ("инквизитор", "инквизитор")):
        if word.startswith(stem):
            return "class:" + cls
    raise ValueError(word)


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
