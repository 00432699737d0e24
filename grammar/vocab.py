"""Words → ids: how the transformer recognises Russian word forms of the closed vocabularies.

The ids are the members of ``berserk.vocab`` (``AttackKind``, ``Strength``, ``KeywordName``,
``Element``, ``DurationKind``); what lives here is the grammar's own data about them: the stems that recognise a
word in the folded text, in match order, and the icons that write a word.  Other ids the AST
carries (selector nouns and adjectives) are made here and only here.
"""
from __future__ import annotations

import re

from lark import Token

from berserk.vocab import AttackKind as K
from berserk.vocab import DurationKind as D
from berserk.vocab import Element
from berserk.vocab import KeywordName as KW
from berserk.vocab import Strength
from grammar import ast as A

# ---------------------------------------------------------------- icons
ICON_KEYWORDS = {kw.icon: kw for kw in KW if kw.icon}          # {ova} … {stamina}
PROT_ICONS = {"{zoo}": (K.POISON,), "{zoz}": (K.SPELLS,), "{zom}": (K.MAGIC,),
              "{zor}": (K.DISCHARGE,), "{zot}": (K.THROW,), "{zov}": (K.SHOT,),
              "{zoal}": (K.FLYERS,)}
UNPROVEN = {KW.OVS, KW.STAMINA}           # icons whose meaning the legend does not prove
STAT_ICONS = {"{move}": KW.MOVE, "{health}": KW.LIFE, "{ova}": KW.OVA, "{ovz}": KW.OVZ}

# ---------------------------------------------------------------- stems, in match order
SIMPLE_KEYWORDS = (("трупоедств", KW.CORPSE_EATER), ("неповоротлив", KW.CLUMSY),
                   ("полет", KW.FLYING), ("летающ", KW.FLYING), ("бестелесн", KW.INCORPOREAL),
                   ("стойкость", KW.STAMINA), ("орда", KW.HORDE), ("рывок", KW.DASH),
                   ("неуязвимост", KW.INVULNERABLE))
STRENGTHS = (("слаб", Strength.WEAK), ("средн", Strength.MEDIUM), ("сильн", Strength.STRONG))
NUMWORDS = (("одн", 1), ("дв", 2), ("тр", 3), ("четыр", 4), ("пят", 5))
# «опыт в атаке / в защите / в стрельбе»: the word after «в»
EXPERIENCE = (("атак", KW.OVA), ("защит", KW.OVZ))


def experience_of(word: str) -> KW:
    """«Опыт в атаке» → ova, «… в защите» → ovz, else (в стрельбе) ovs."""
    return next((kw for stem, kw in EXPERIENCE if stem in word), KW.OVS)


# «до конца хода» …: the folded wording (spaces squeezed, parentheses stripped) → duration;
# the first two by their opening words (the rest of the phrase varies).
DURATION_OPENINGS = (("на x ходов", D.X_OPPONENT_TURNS), ("до тех пор", D.WHILE_SELF_ON_FIELD))
DURATION_WORDS = {"до конца вашего следующего хода": D.END_OF_YOUR_NEXT_TURN,
                  "до конца следующего хода противника": D.END_OF_OPPONENT_NEXT_TURN,
                  "до конца вашего хода": D.END_OF_YOUR_TURN,
                  "до конца хода противника": D.END_OF_OPPONENT_TURN,
                  "до конца хода": D.END_OF_TURN,
                  "до конца боя": D.END_OF_FIGHT}


def duration_of(text: str) -> D:
    """A duration phrase as the lexer matched it (folded) → its id."""
    w = re.sub(r"\s+", " ", text.strip("() "))
    for opening, duration in DURATION_OPENINGS:
        if w.startswith(opening):
            return duration
    return DURATION_WORDS[w]


# Attack nouns by stem, in order (the first stem that starts the word wins).
ATTACK_STEMS = (("{strike}", K.STRIKE), ("{uchr}", K.UCHR), ("{direct}", K.DIRECT),
                ("направленн", K.DIRECT), ("выстрел", K.SHOT), ("разряд", K.DISCHARGE),
                ("метани", K.THROW), ("особ", K.SPECIAL), ("немагическ", K.NONMAGIC),
                ("дальн", K.RANGED), ("ближн", K.MELEE), ("прост", K.STRIKE), ("удар", K.STRIKE),
                ("атак", K.ANY))
NOUNS = (("клетк", "cell"), ("существ", "creature"), ("карт", "card"), ("цел", "target"), ("защитник", "defender"),
         ("хозяин", "host"), ("йордлинг", "class:йордлинг"), ("демон", "class:демон"),
         ("нежит", "class:нежить"), ("инквизитор", "class:инквизитор"))


def by_stem(word: str, table) -> str:
    """The id of the first (stem, id) pair whose stem starts ``word``."""
    for stem, value in table:
        if word.startswith(stem):
            return value
    raise ValueError(word)


def attack_kind(word: str) -> K:
    """Attack noun (any case form, folded) → attack kind id."""
    w = word.strip()
    if "через" in w:
        return K.UCHR                      # «удар через ряд» before the plain «удар»
    if w.startswith("магическ"):
        return K.MAGIC if "удар" in w else K.MAGICAL
    if "летающ" in w:
        return K.FLYERS
    return by_stem(w, ATTACK_STEMS)


def strength_of(word: str) -> Strength:
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
ADJECTIVES += tuple((e.stem, "element:" + e.value) for e in Element if e.stem)


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
