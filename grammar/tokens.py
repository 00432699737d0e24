"""Canonical ability text → raw word-class tokens: the scanner, the card list's names, and the
multiword expressions (grammar/lexer.py adds the look-ahead classes on top).

Why a word lexer instead of phrase regexes: every terminal is one word class (or one fixed
multiword expression such as «при этом», «до конца хода»), so a sentence the grammar has never
seen still tokenises as long as its words are known, and the lexer is a dictionary lookup.
LALR(1) cannot see two words ahead; the few places where Russian needs that (is this comma a
list comma, a clause boundary or the start of a participle phrase? is this «и» between nouns or
between verbs?) are decided here with a bounded look-ahead and encoded in the token type
(LCOMMA / CCOMMA / RCOMMA / RCLOSE, AND / AND_V …), so the grammar stays conflict-free.

Spans: every token keeps (start, end) offsets into the unit text it was cut from.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple
from functools import lru_cache

from berserk.vocab import AttackKind as K
from grammar import lexicon
from grammar.lexicon import ORDINALS, classify, verb_form


class Tok(NamedTuple):
    """One token: its class, its value (a lemma, a number …), its span in the unit and the
    original text where a frame needs it (names, quotes).  A named tuple: a unit makes a few
    dozen of them, so their cost matters."""

    type: str
    value: str
    start: int
    end: int
    text: str = ""


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """Names the card list itself brings: its cards' names and class names (per list, not
    tuned to any corpus).  Hashed once: the parser's memo keys every unit by it, and a list of
    35,000 names must not be re-hashed per sentence."""
    names: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.names, self.classes)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Vocabulary) and self._hash == other._hash
                                 and self.names == other.names and self.classes == other.classes)

    @classmethod
    def of(cls, names, classes=()) -> "Vocabulary":
        """The vocabulary of a card list: its names and class names, each once, sorted."""
        return cls(tuple(sorted({n.strip() for n in names if n and n.strip()})),
                   tuple(sorted({c.strip() for c in classes if c and c.strip()})))

    @property
    def key(self) -> tuple:
        return (self.names, self.classes)


# ------------------------------------------------------------------ helpers
def fold(text: str) -> str:
    return text.lower().replace("ё", "е")


_FLEETING = re.compile(r"(.{2,}?)([её]|о)([цкн])")


def _stem(w: str) -> tuple[str, str | None, str]:
    """A name word's stem as (head, fleeting vowel or None, tail): its endings dropped; in
    «Утопец» the «е» may drop («Утопца»): ("утоп", "е", "ц")."""
    stem = w.rstrip("аеиоуыэюяйь")
    stem = stem if len(stem) >= 3 else w[:3]
    m = _FLEETING.fullmatch(stem)
    if m and len(stem) >= 4 and m.group(1)[-1] not in "аеиоуыэюяй":
        return m.group(1), m.group(2), m.group(3)
    return stem, None, ""


def word_stem(w: str) -> str:
    """The regex of a name word's stem: its endings dropped, a fleeting vowel optional
    («Утопец» → утоп(?:е)?ц: «Утопца»)."""
    head, vowel, tail = _stem(w)
    if vowel is None:
        return re.escape(head)
    return re.escape(head) + "(?:" + vowel + ")?" + tail


# what separates the words of a name: spaces, hyphens and the apostrophe, which sources write
# as «'», «’» or «ʼ» (a card «Бул'Багур» is named «Бул’Багура» in its own text)
NAME_SEP = r"[\s\-'’ʼ]+"
_NAME_SPLIT = re.compile(NAME_SEP)
# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_WORD3 = re.compile(r"[а-я]{3,}")
_RANGE_VALUE = re.compile(r"\d+|x")


@lru_cache(maxsize=65536)
def name_stems(name: str) -> tuple:
    """Each folded word of the name with its ``_stem`` (head, fleeting vowel, tail), cut once
    per name: the lexer's and the parser's own-name gates (``needles``) and the own-name typo
    pass (``grammar.names``) all ask it, per unit or per text.  Keyed by a name:
    ``grammar.clear_cache`` forgets it."""
    return tuple((w, _stem(w)) for w in _NAME_SPLIT.split(fold(name)) if w)


def needles(name: str) -> tuple[str, ...]:
    """Text every match of ``name_re(name)`` contains: each word's stem up to a fleeting vowel.
    A cheap ``in`` test before the regex: a list of 35,000 names shares first letters by the
    hundred («Гномий король 1» … «Гномий король 117»), and each regex scan costs far more."""
    return tuple(cut[0] for _w, cut in name_stems(name))


def _stem_pattern(name: str) -> str:
    words = [w for w in _NAME_SPLIT.split(fold(name)) if w]
    parts = []
    for w in words:
        parts.append(word_stem(w) + r"[а-я]{0,4}")
    return NAME_SEP.join(parts)


RESERVED = ("вампиризм", "трупоедств", "регенерац", "инкарнац", "защит", "добивани", "отравлени")


@lru_cache(maxsize=65536)
def name_re(name: str) -> re.Pattern | None:
    pat = _stem_pattern(name)
    if not pat:
        return None
    return re.compile(r"(?<![а-я])" + pat + r"(?![а-я])")


def mentions(text: str, name: str) -> bool:
    """Does ``text`` name the card (any case form of ``name``)?  A unit that does not is read
    the same whatever the card's name — the memo can share it between cards."""
    rx = name_re(name)
    return rx is not None and any(not m.group(0).startswith(RESERVED) for m in rx.finditer(fold(text)))


@lru_cache(maxsize=16)
def list_res(vocab: Vocabulary) -> tuple:
    """Card names and multiword class names of the list, indexed by the first three letters of
    their first word (so a unit only tries the few names whose first word it contains)."""
    names, classes = vocab.names, vocab.classes

    def index(items):
        # {first three letters of the first word: {the stems of all words but the last:
        #  [(name, the last word's stem)]}} — one test of the shared words for a group; a
        # name's regex is compiled when a unit holds its stems (35,000 compiles cost seconds)
        idx: dict[str, dict[tuple, list]] = {}
        for it in sorted(set(items), key=lambda x: (-len(x), x)):
            need = needles(it)
            if not need:
                continue
            first = fold(re.split(NAME_SEP, it.strip())[0])[:3]
            idx.setdefault(first, {}).setdefault(need[:-1], []).append((it, need[-1]))
        return idx

    multi = [c for c in classes if " " in c or "-" in c]
    single = tuple((c, name_re(c)) for c in classes if " " not in c and "-" not in c)
    return index(names), index(multi), single


def candidates(idx: dict, folded: str) -> list:
    """(name, regex) of the names ``folded`` may hold, longest first: those indexed under the
    first three letters of one of its words whose every word stem occurs in it."""
    # (a name with no letters has no regex and no needles: never indexed)
    found = []
    for key in {w[:3] for w in _WORD3.findall(folded)}:
        for shared, group in idx.get(key, {}).items():
            if all(n in folded for n in shared):
                found.extend((it, name_re(it)) for it, last in group if last in folded)
    found.sort(key=lambda x: (-len(x[0]), x[0]))
    return found


def single_class(t: Tok, singles) -> Tok:
    """An unknown word that is a one-word class name of the list (``list_res``) → its NOUN."""
    if t.type != "UNKNOWN":
        return t
    for cls, rx in singles:
        if rx is not None and rx.fullmatch(t.value):
            return Tok("NOUN", "cls:" + fold(cls), t.start, t.end, t.text)
    return t


# ------------------------------------------------------------------ raw scan
_SCAN = re.compile(r"""
    (?P<quote>«|")
  | (?P<cost>^(?:(?:(?:x|\d+)?\s*\{(?:instant|counter|tap|coin)\}|(?:x|\d+)\s+монет\w*)\s*,?\s*)+:)
  | (?P<order>^\{(?:first|second)\}\s*:)
  | (?P<icon>\{[a-z_]+(?::[^{}]*)?\})
  | (?P<dmg>\d+-\d+-\d+)
  | (?P<signed>(?<![\w)])[+-]\s*(?:\d+\s*)?(?:x\b|\d+))
  | (?P<xvar>(?<![а-я\w])\d*x(?:\s*[+-]\s*\d+)?(?![а-я\w]))
  | (?P<num>\d+)
  | (?P<word>[а-я§¤]+(?:-[а-я§¤]+)*)
  | (?P<dash>—|–|-(?=\s))
  | (?P<punct>[:;,()])
  | (?P<dot>\.)
  | (?P<other>\S)
""", re.VERBOSE)

ICON_KW = {"ova", "ovz", "ovs", "regen", "armor", "stamina"}
ICON_PROT = {"zoo", "zoz", "zom", "zor", "zot", "zov", "zoal"}
ICON_ATK = {k.value: f"atk:{k.value}" for k in (K.STRIKE, K.UCHR, K.DIRECT)}
ICON_STAT = {"move": "stat:move", "health": "stat:health"}
ICON_RANK = {"elite", "ordinary"}
_PUNCT = {":": "COLON", ";": "SEMI", ",": "COMMA", "(": "LPAR", ")": "RPAR"}


def _quote_end(text: str, i: int) -> int:
    """End (exclusive) of the quotation starting at ``i`` (nested «»; a straight quote pairs
    with the next straight quote).  An unclosed quote runs to the end of the text."""
    if text[i] == '"':
        j = text.find('"', i + 1)
        return len(text) if j < 0 else j + 1
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "«":
            depth += 1
        elif text[j] == "»":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def scan(text: str, folded: str) -> list[Tok]:
    out: list[Tok] = []
    append = out.append
    # one finditer, restarted only after a quotation (it ends past its match)
    matches = _SCAN.finditer(folded)
    while True:
        for m in matches:
            s, e = m.span()
            kind = m.lastgroup
            if kind == "word":            # most tokens: tested first
                w = folded[s:e]
                if w[0] == "§":
                    append(Tok("SELF", "self", s, e, text[s:e]))
                elif w[0] != "¤":
                    typ, value = _word_class(w)
                    append(Tok(typ, value, s, e, text[s:e]))
                continue
            if kind == "punct":
                ch = folded[s]
                append(Tok(_PUNCT[ch], ch, s, e))
                continue
            if kind != "quote":
                _scan_other(kind, s, e, folded, append)
                continue
            e = _quote_end(text, s)
            inner = text[s + 1:e - 1] if text[e - 1:e] in "»\"" else text[s + 1:e]
            own = folded[s + 1:e - 1].strip()
            if own and set(own) <= {"§", " ", "-"} and not (out and out[-1].type == "NOUN" and out[-1].value == "card"):
                # the card's own name in quotes («только «Бьорнбон»»): this card (105.3); after
                # «карта» it names a card so called (a search, a summon: another copy)
                append(Tok("SELF", "self", s, e, text[s:e]))
            else:
                append(Tok("QUOTED", inner.strip(), s, e, text[s:e]))
            if e > m.end():
                matches = _SCAN.finditer(folded, e)
                break
        else:
            return out


def _scan_other(kind: str, s: int, e: int, folded: str, append) -> None:
    """The token of a match that is not a word, a punctuation mark or a quotation."""
    if kind == "cost":
        append(Tok("COST", folded[s:e], s, e))
    elif kind == "order":
        append(Tok("ORDER", "first" if "first" in folded[s:e] else "second", s, e))
    elif kind == "icon":
        code = folded[s + 1:e - 1]
        if code in ICON_KW:
            append(Tok("ICON_KW", code, s, e))
        elif code in ICON_PROT:
            append(Tok("ICON_PROT", code, s, e))
        elif code in ICON_ATK:
            append(Tok("NOUN", ICON_ATK[code], s, e))
        elif code in ICON_STAT:
            append(Tok("NOUN", ICON_STAT[code], s, e))
        elif code == "counter":
            append(Tok("NOUN", "counter", s, e))
        elif code == "coin":
            append(Tok("NOUN", "coin", s, e))
        elif code in ICON_RANK:
            append(Tok("ADJ", "rank:" + code, s, e))
        elif code in ("tap", "instant"):
            append(Tok("ICON_COST", code, s, e))
        else:
            append(Tok("ICON_UNKNOWN", code, s, e))
    elif kind == "dmg":
        append(Tok("DMG", folded[s:e], s, e))
    elif kind == "signed":
        append(Tok("SIGNED", folded[s:e].replace(" ", ""), s, e))
    elif kind == "xvar":
        append(Tok("XVAR", folded[s:e].replace(" ", ""), s, e))
    elif kind == "num":
        append(Tok("NUM", folded[s:e], s, e))
    elif kind == "dash":
        append(Tok("DASH", "-", s, e))
    elif kind == "dot":
        append(Tok("DOT", ".", s, e))
    else:
        append(Tok("OTHER", folded[s:e], s, e))


def _word(w: str, s: int, e: int, orig: str) -> Tok:
    typ, value = _word_class(w)
    return Tok(typ, value, s, e, orig)


_ORD_END = r"(?:ый|ой|ий|ая|ое|ее|ые|ие|ого|его|ому|ему|ом|ем|ую|юю|ых|их|ым|им|ыми|ими|ья|ье|ьего|ьем|ьей|ью|ем)"
_ORDINAL_RE = {stem: re.compile(stem + _ORD_END) for stem in ORDINALS}


_OUTCOME = re.compile(r"промах|слаб\w*|средн\w*|сильн\w*")


def _outcome(half: str) -> str:
    return "miss" if half.startswith("промах") else "weak" if half.startswith("слаб") \
        else "medium" if half.startswith("средн") else "strong"


@lru_cache(maxsize=65536)
def _word_class(w: str) -> tuple[str, str]:
    """(token type, value) of one folded word (a pure function of the word and the lexicon:
    ``lexicon.restricted`` clears it)."""
    if "-" in w and classify(w) is None:
        head = w.split("-")[0]
        if head in ("герой",):
            return "NOUN", "hero:" + w.split("-", 1)[1]
        halves = w.split("-")
        if len(halves) == 2 and all(_OUTCOME.fullmatch(h) for h in halves):
            # «сильный-сильный», «промах-промах»: the outcome of a fight, one word per side
            return "NOUN", "outcome:" + "-".join(_outcome(h) for h in halves)
    hit = classify(w)
    if hit is None:
        for stem, n in ORDINALS.items():
            if w.startswith(stem) and _ORDINAL_RE[stem].fullmatch(w):
                return "ORDW", str(n)
        return "UNKNOWN", w
    terminal, lemma = hit
    if terminal == "ADJ" and lemma in ("first_w", "second_w", "third_w"):
        return "ORDW", {"first_w": "1", "second_w": "2", "third_w": "3"}[lemma]
    if terminal == "VERB":
        return "VERB", lemma + "/" + verb_form(w)
    return terminal, lemma


lexicon.DERIVED.append(_word_class.cache_clear)


# ------------------------------------------------------------------ multiword expressions
# Each: a regex over the space-joined token *signature* "TYPE:value" list is too clumsy; the
# MWEs are matched on the folded text instead and replace the tokens they cover.
_MWE: list[tuple[re.Pattern, object, tuple[str, ...]]] = []


def _mwe(rx: str, make, keys: tuple[str, ...] = ()) -> None:
    """A multiword expression; ``keys``: substrings one of which every match contains (a cheap
    gate: the regex runs only on texts that have one)."""
    _MWE.append((re.compile(rx), make, keys))


# «до конца / до начала своего [следующего] хода»: «своего» is the turn of the subject's owner —
# yours for your card, the opponent's for his («существо противника … до конца своего хода»); the
# duration's value keeps the words under this prefix and the frames refuse it (typed-but-wrong
# was «end_of_your_…» for an enemy subject)
_OWN = "own_turn:"


_TURN = r"(?:вашего|своего|следующего|вашего следующего|своего следующего)?\s*(?:хода|ходу|боя)(?:\s+противника)?"
_mwe(r"(?:[,;]\s*)?при этом\b", lambda m: ("SEQ", "seq"), ('этом',))
_mwe(r"вместо этого\b", lambda m: ("INSTEAD", "instead"), ('вместо',))
_mwe(r"и\s*/\s*или\b", lambda m: ("OR", "or"), ('/',))      # «тёмным и/или степным»: either (both fit)
_mwe(r"до тех пор,\s*пока\b", lambda m: ("UNTIL_WHILE", "until_while"), ('тех пор',))
_mwe(r"до конца " + _TURN, lambda m: ("UNTIL", _until(m.group(0))), ('до конца',))
# «до начала вашего следующего хода» is a duration (before the turn-start trigger «до начала
# вашего хода», which it would otherwise tie with)
_mwe(r"до начала (?:вашего |своего )?следующего хода",
     lambda m: ("UNTIL", _OWN + m.group(0) if "своего" in m.group(0) else "until_your_next_turn"), ('до начала',))
_mwe(r"на (?:x|\d+) ход\w*(?: противника)?", lambda m: ("FOR_TURNS", m.group(0)), (' ход',))
_mwe(r"(?:,\s*)?(?:не более |до )?(?:\d+|один|одного|два|три|x) раз[а]? (?:за|в) (?:ваш |свой )?(?:ход|бой|игру)"
     r"(?: для каждого(?: атакованного)? \w+)?",
     lambda m: ("TIMES", m.group(0)), (' раз',))
_mwe(r"максимум (?:до |на )?\+?(?:\d+|x)(?:\s*\{health\}|\s*\{counter\})?", lambda m: ("MAXIMUM", m.group(0)), ('максимум',))
_mwe(r"(?:,\s*)?но не (?:более|больше) \+?(?:\d+|x)\b", lambda m: ("MAXIMUM", m.group(0)), ('но не',))
# «(не более +3)»: a signed number is a bonus's ceiling, as «максимум +3» (an unsigned one may be a
# count: «не более 2 существ» stays NOMORE)
_mwe(r"(?:,\s*)?не (?:более|больше) \+(?:\d+|x)\b", lambda m: ("MAXIMUM", m.group(0)), ('не более +', 'не больше +'))
_mwe(r"минимум (?:до )?\d+", lambda m: ("MINIMUM", m.group(0)), ('минимум',))
_mwe(r"(?:,\s*)?дальность (?:\d+|x)", lambda m: ("RANGE", _RANGE_VALUE.search(m.group(0)).group(0)), ('дальность',))
_mwe(r"вне зависимости от дальности", lambda m: ("ANYRANGE", "any_range"), ('вне завис',))
_mwe(r"по (?:его |вашему )?выбору(?: (?:атакованного|противника|владельца|его владельца))?(?:, общему для всех целей)?",
     lambda m: ("BYCHOICE", m.group(0)), ('выбору',))
_mwe(r"в этот ход", lambda m: ("TURNREF", "this_turn"), ('этот ход',))
_mwe(r"в (?:ваш|свой) (?:следующий )?ход|в ход противника|в следующий ход противника|в прошлый ход противника|"
     r"за ход|за бой|в свой следующий ход",
     lambda m: ("TURNREF", m.group(0)), (' ход', 'за бой'))
_mwe(r"(?:в начале|до начала) (?:вашего|своего|первого|каждого)?\s*(?:следующего )?(?:хода|боя)(?: (?:противника|своего владельца))?",
     lambda m: ("AT_START", m.group(0)), ('начал',))
_mwe(r"в конце (?:вашего |своего |каждого )?хода(?: противника)?", lambda m: ("AT_END", m.group(0)), ('в конце',))
_mwe(r"хотя бы", lambda m: ("EVEN", "at_least"), ('хотя бы',))
_mwe(r"ещ[её] раз", lambda m: ("ADV", "again"), (' раз',))
_mwe(r"(?:первый|последний) удар", lambda m: ("NOUN", "first_strike" if m.group(0).startswith("перв") else "last_strike"),
     ('ый удар', 'ий удар'))
_mwe(r"под (?:свой |ваш )?контроль", lambda m: ("ADV", "take_control"), ('контроль',))
_mwe(r"под контроль противника", lambda m: ("ADV", "to_enemy_control"), ('контроль',))   # «переходит под …»
_mwe(r"каждый раз,? когда", lambda m: ("WHEN", "each"), ('каждый раз',))
_mwe(r"(?:в )?первый раз за ход", lambda m: ("ADV", "first_per_turn"), ('первый раз',))
_mwe(r"(?:тот|та|то|ту|той|того|тому|тем|том|те|тех|такой|такая|такое|такую|такие|таких|таким|такого) же\b",
     lambda m: ("ADJ", "same"), (' же',))
# «два стоящих рядом друг с другом существа»: the selected cards stand next to each other
_mwe(r"стоящ\w* рядом друг с другом\b", lambda m: ("ADJ", "adj:near:each_other"), ('друг с другом',))
_mwe(r"любое число раз за ход", lambda m: ("TIMES", "any"), ('любое число',))
_mwe(r"не более\b", lambda m: ("NOMORE", "no_more"), ('не более',))
_mwe(r"(?:или|и) (?:более|больше)\b", lambda m: ("ORMORE", "or_more"), ('или бол', 'и бол'))
_mwe(r"быть изменен\w*", lambda m: ("VERB", "change/inf"), ('быть',))
_mwe(r"или (?:менее|меньше)\b", lambda m: ("ORLESS", "or_less"), ('или мен',))
_mwe(r"пол[ея] боя", lambda m: ("NOUN", "field"), (' боя',))
_mwe(r"в одном и том же направлении", lambda m: ("ADV", "в том же направлении"), ('том же',))
_mwe(r"в любом порядке", lambda m: ("ADV", "any_order"), ('порядке',))
_mwe(r"жетон\w* инкарнации", lambda m: ("NOUN", "inc_token"), ('жетон',))
_mwe(r"быть (?:снижен|уменьшен)\w*", lambda m: ("VERB", "lower/inf"), ('быть',))
_mwe(r"быть перемещен\w*", lambda m: ("VERB", "move/inf_refl"), ('быть',))
_mwe(r"быть цел(?:ью|ями)", lambda m: ("VERB", "be_targeted/inf"), ('быть',))
_mwe(r"быть атакован\w*", lambda m: ("VERB", "be_attacked/inf"), ('быть',))
# «Берсерк. Герои»: an effect of strengthening / weakening lies on a card (term:Эффект усиления)
_mwe(r"эффект\w* усиления", lambda m: ("NOUN", "fx_strengthen"), ('усилени',))
_mwe(r"эффект\w* ослабления", lambda m: ("NOUN", "fx_weaken"), ('ослаблени',))
_mwe(r"суммарно|в сумме", lambda m: ("ADV", "in_total"), ('суммарно', 'в сумме'))
# «выберите одно или несколько: A; B» (heroes-15 524.2): a menu of options
_mwe(r"(?:одно|один|одну|одного) или несколько", lambda m: ("ADV", "one_or_more"), ('или несколько',))
# «не может быть / стать защитником» is «не может выступать защитником» (heroes-15 509)
_mwe(r"(?:(?<=не может )|(?<=не могут ))(?:быть|стать)(?= защитник)", lambda m: ("VERB", "defend/inf"), ('быть защитник', 'стать защитник'))
# «не может или не хочет X»: neither can nor will — one refusal
_mwe(r"(?<=не )(?:может|могут) или не (?:хочет|хотят)", lambda m: ("MODAL", "can"), ('или не хо',))
_mwe(r"по диагонали|по вертикали|по горизонтали|в любом направлении|в направлении (?:удара|движения)|"
     r"в том же направлении|на одной прямой", lambda m: ("ADV", m.group(0)), ('диагонал', 'вертикал', 'горизонтал', 'направлени', 'прямой'))
_mwe(r"удар\w* через ряд", lambda m: ("NOUN", "atk:uchr"), ('через ряд',))
_mwe(r"опыт\w* в (атаке|защите|стрельбе)", lambda m: ("NOUN", {"атаке": "stat:ova", "защите": "stat:ovz", "стрельбе": "stat:ovs"}[m.group(1)]), ('опыт',))
_mwe(r"после того,? как", lambda m: ("AFTER_THAT", "after_that"), ('после того',))
_mwe(r"в том числе", lambda m: ("INCL", "incl"), ('том числе',))
_mwe(r"после этого|после этой атаки|после этого удара", lambda m: ("ADV", "after_this"), ('после эт',))
_mwe(r"так же|также", lambda m: ("ALSO", "also"), ('так',))
_mwe(r"в закрытом виде|в открытом виде", lambda m: ("ADV", "closed" if "закр" in m.group(0) else "open"), (' виде',))
_mwe(r"под (?:вашим|своим) контролем", lambda m: ("ADV", "under_your_control"), ('контролем',))
_mwe(r"без учета (?:модификаторов|элитности)|без модификаторов", lambda m: ("NOMOD", m.group(0)), ('без ',))


_MWE_KEYS = tuple(sorted({k for _rx, _make, keys in _MWE for k in keys}))
# key → the MWEs (by order) it gates: a unit runs only the regexes of the keys it holds
_MWE_BY_KEY = {k: tuple(o for o, (_rx, _make, keys) in enumerate(_MWE) if k in keys)
               for k in _MWE_KEYS}
_MWE_UNGATED = tuple(o for o, (_rx, _make, keys) in enumerate(_MWE) if not keys)


def _until(s: str) -> str:
    s = s.replace("(", "").replace(")", "").strip()
    if "боя" in s:
        return "end_of_fight"
    if "своего" in s:
        return _OWN + s         # whose turn: the subject's owner's — the frames refuse it
    your = "вашего" in s
    nxt = "следующего" in s
    opp = "противника" in s
    if nxt and opp:
        return "end_of_opponent_next_turn"
    if nxt and your:
        return "end_of_your_next_turn"
    if nxt:
        return "end_of_next_turn"       # «до конца следующего хода»: whose is not said (M1, refused)
    if opp:
        return "end_of_opponent_turn"
    return "end_of_your_turn" if your else "end_of_turn"


def apply_mwe(toks: list[Tok], folded: str) -> list[Tok]:
    """Replace the tokens covered by multiword expressions; overlapping matches are resolved
    longest-first (so «любое число раз за ход» wins over «за ход»)."""
    orders = set(_MWE_UNGATED)
    for k in _MWE_KEYS:
        if k in folded:
            orders.update(_MWE_BY_KEY[k])
    if not orders:
        return toks
    cands = []
    starts = ends = None
    for order in orders:
        rx, make, _keys = _MWE[order]
        for m in rx.finditer(folded):
            if starts is None:
                starts = {t.start for t in toks}
                ends = {t.end for t in toks}
            s, e = m.start(), m.end()
            while s < e and folded[s] == " ":
                s += 1
            while e > s and folded[e - 1] == " ":
                e -= 1
            if (s not in starts and folded[s] not in ",(") or e not in ends:
                continue
            cands.append((-(e - s), order, s, e, m, make))
    if not cands:
        return toks
    cands.sort()
    taken = bytearray(len(folded) + 1)
    spans = []
    for _neg, _order, s, e, m, make in cands:
        if any(taken[s:e]):
            continue
        typ, val = make(m)
        spans.append((s, e, typ, val))
        taken[s:e] = b"\x01" * (e - s)
    if not spans:
        return toks
    out = []
    spans.sort()
    si = 0
    for t in toks:
        while si < len(spans) and spans[si][1] <= t.start:
            si += 1
        if si < len(spans) and spans[si][0] <= t.start < spans[si][1]:
            s, e, typ, val = spans[si]
            if not out or out[-1].start != s:
                out.append(Tok(typ, val, s, e))
            continue
        out.append(t)
    return out
