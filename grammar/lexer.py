"""The lexer of the chunk grammar: raw tokens (grammar/tokens.py) → the token classes that
let LALR(1) read Russian ability text without seeing two words ahead.

Passes, in order: unquoted names (berserk-nxt drops «»), token merges («на» + number →
AMOUNT, «особый удар» → one attack noun …), labels («Word[ N]:»), bare numbers, elided noun
phrases (an adjective run no noun follows), «где» that defines no X, a negation no verb
follows, and the comma / «и» classes (list comma, clause comma, relative-clause comma and
its close; «и»/«или» between verbs).  Each pass is a bounded look-ahead written out here and
encoded in the token type, so the grammar stays conflict-free (built with ``strict=True``).
"""
from __future__ import annotations

import re

from grammar.tokens import (RESERVED, Tok, Vocabulary, apply_mwe, candidates, fold, list_res,
                            name_re, needles, scan, single_class)
from berserk.vocab import AttackKind as K
from grammar.lexicon import classify, noun_follows, word_labels


# ------------------------------------------------------------------ names
NAMED_HEADS = ("воздействие", "заклинание")
ATTACK_HEAD_LEMMAS = {"atk:shot", "atk:discharge", "atk:throw", "atk:uchr", "atk:strike"}
# a token that starts the body after an unquoted effect name
_BODY_START = {"VERB", "MODAL", "NEG", "SIGNED", "AMOUNT", "PRON", "ALLW", "SEQ", "DASH", "COLON",
               "ICON_KW", "ICON_PROT", "TIMES", "LPAR", "RPAR", "UNTIL", "AT_START", "TURNREF",
               "IF", "WHILE", "WHEN", "COMMA", "SEMI", "NUMW", "NUM", "XVAR", "DMG", "ELSE"}
_BODY_ADJ = {"own", "own_their", "chosen", "each", "any", "other", "this", "open", "closed", "attacked",
             "attacker", "flying", "nonflying", "ordinary", "elite", "neighbour", "next", "rank:elite",
             "rank:ordinary"}
_KEYWORD_NOUNS = {"finishing", "poison", "vampirism", "prophecy", "incarnation", "jump", "counter",
                  "creature", "card", "cell"}
_BODY_NOUN = {"creature", "card", "counter", "host", "opponent", "stat:move", "stat:health", "poison",
              "prophecy"}


def _names(toks: list[Tok], text: str) -> list[Tok]:
    """Unquoted names (berserk-nxt): «Воздействие дар силы свести …» → NAMED + NAME «дар силы»;
    «Метание бомбы на 1» → NOUN atk:throw + NAME «бомбы».  The name runs to the first token
    that can start the body (a verb, a determiner, a number …) — or to ')' in a trailing
    «(воздействие …)»."""
    out: list[Tok] = []
    i, n = 0, len(toks)
    in_paren = 0
    while i < n:
        t = toks[i]
        if t.type == "LPAR":
            in_paren += 1
        elif t.type == "RPAR":
            in_paren = max(0, in_paren - 1)
        if t.type == "NOUN" and t.value in ("effect", "spell") and fold(t.text) in NAMED_HEADS \
                and not (out and (out[-1].type in ("VERB", "ADJ") or out[-1].type.startswith("P_"))):
            # (the object of a verb — «разыгрывает заклинание» — is a noun, not a named effect)
            out.append(Tok("NAMED", t.value, t.start, t.end, t.text))
            j = i + 1
            if j < n and toks[j].type == "QUOTED":
                out.append(Tok("NAME", toks[j].value, toks[j].start, toks[j].end, toks[j].text))
                i = j + 1
                continue
            k = j
            while k < n:
                u = toks[k]
                if in_paren and u.type == "RPAR":
                    break
                if not in_paren and (u.type in _BODY_START or (u.type == "ADJ" and u.value in _BODY_ADJ)
                                     or (u.type == "NOUN" and u.value in _BODY_NOUN and k > j)):
                    break
                if u.type == "COLON":
                    break
                k += 1
                if k - j >= 5:
                    break
            if k > j and k - j <= 4:
                out.append(Tok("NAME", text[toks[j].start:toks[k - 1].end], toks[j].start, toks[k - 1].end,
                               text[toks[j].start:toks[k - 1].end]))
                i = k
                continue
            i = j
            continue
        if t.type == "NOUN" and t.value == "marker" and i + 1 < n and toks[i + 1].type in ("NOUN", "ADJ", "UNKNOWN", "SELF", "NAMEREF") \
                and toks[i + 1].type != "QUOTED":
            out.append(t)
            j = i + 1
            k = j
            while k < n and toks[k].type in ("NOUN", "ADJ", "UNKNOWN", "SELF", "NAMEREF") and k - j < 2:
                if toks[k].type == "ADJ" and toks[k].value in _BODY_ADJ:
                    break
                if toks[k].type == "NOUN" and toks[k].value in ("creature", "card", "cell", "counter") or \
                        toks[k].type == "NOUN" and toks[k].value.startswith(("atk:", "stat:")):
                    break
                k += 1
            if k > j:
                out.append(Tok("NAME", text[toks[j].start:toks[k - 1].end], toks[j].start, toks[k - 1].end,
                               text[toks[j].start:toks[k - 1].end]))
                i = k
                continue
            i += 1
            continue
        if t.type == "NOUN" and t.value in ATTACK_HEAD_LEMMAS | {"atk:special", "atk:magic"} and t.text \
                and not (out and out[-1].type == "P_PRI"):
            out.append(t)
            j = i + 1
            if j < n and toks[j].type == "QUOTED" and j + 1 < n and toks[j + 1].type in ("AMOUNT", "RANGE", "LPAR"):
                out.append(Tok("NAME", toks[j].value, toks[j].start, toks[j].end, toks[j].text))
                i = j + 1
                continue
            k = j
            while k < n and toks[k].type in ("NOUN", "ADJ", "UNKNOWN", "SELF", "NAMEREF") and k - j < 3:
                if toks[k].type == "ADJ" and toks[k].value in _BODY_ADJ:
                    break
                if toks[k].type == "NOUN" and (toks[k].value.startswith(("atk:", "stat:", "evt:"))
                                               or toks[k].value in _KEYWORD_NOUNS):
                    break
                k += 1
            if k > j and k < n and toks[k].type == "AMOUNT":
                out.append(Tok("NAME", text[toks[j].start:toks[k - 1].end], toks[j].start, toks[k - 1].end,
                               text[toks[j].start:toks[k - 1].end]))
                i = k
                continue
            i += 1
            continue
        if t.type == "QUOTED" and out and out[-1].type == "NOUN":
            # «маркер «добычи»», «с текстом «…»»: a quotation right after a noun is its name
            out.append(Tok("NAME", t.value, t.start, t.end, t.text))
            i += 1
            continue
        out.append(t)
        i += 1
    return out


# ------------------------------------------------------------------ token-level merges
_POSSESSIVE = ("его", "ее", "её", "их")
# the types of the tokens a merge below can start at (keep in step with its branches)
_MERGE_HEADS = frozenset({"PRON", "NUM", "NUMW", "P_DO", "ADV", "NOUN", "P_NA", "ADJ", "PART", "ORDW", "ICON_KW"})


def _merge(toks: list[Tok]) -> list[Tok]:
    out: list[Tok] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.type not in _MERGE_HEADS:        # most tokens start no merge below
            out.append(t)
            i += 1
            continue
        # «его / её / их» before a noun phrase is a possessive («других его существ»)
        if t.type == "PRON" and fold(t.text) in _POSSESSIVE and i + 1 < n \
                and toks[i + 1].type in ("NOUN", "ADJ"):
            out.append(Tok("ADJ", "poss", t.start, t.end, t.text))
            i += 1
            continue
        nxt = toks[i + 1] if i + 1 < n else None
        # «2 (или менее) раны» → «2 или менее раны»; «до трех существ» → count «up to 3»
        if t.type in ("NUM", "NUMW") and i + 3 < n and nxt.type == "LPAR" and toks[i + 2].type == "ORLESS" \
                and toks[i + 3].type == "RPAR":
            out.append(t)
            out.append(Tok("ORLESS", "or_less", nxt.start, toks[i + 3].end))
            i += 4
            continue
        if t.type == "P_DO" and nxt and nxt.type in ("NUMW", "NUM") and i + 2 < n \
                and toks[i + 2].type in ("ADJ", "NOUN"):
            out.append(Tok(nxt.type, nxt.value, t.start, nxt.end, "up_to"))
            out.append(Tok("ORLESS", "up_to", nxt.end, nxt.end))
            i += 2
            continue
        # «вместо гибели»: «вместо» before an event noun is the preposition
        if t.type == "ADV" and t.value == "instead" and nxt and nxt.type == "NOUN" and nxt.value.startswith("evt:"):
            out.append(Tok("P_VMESTO", "vmesto", t.start, t.end, t.text))
            i += 1
            continue
        # «верх / низ колоды»: the top or the bottom of a deck, one noun
        if t.type == "NOUN" and t.value in ("top", "bottom") and nxt and nxt.type == "NOUN" and nxt.value == "deck":
            out.append(Tok("NOUN", "deck_" + t.value, t.start, nxt.end, t.text + " " + nxt.text))
            i += 2
            continue
        # «на верх или в низ вашей колоды»: the first end shares the deck of the second
        if t.type == "NOUN" and t.value in ("top", "bottom") and i + 3 < n and nxt.type == "OR" \
                and toks[i + 2].type.startswith("P_") and toks[i + 3].type == "NOUN" \
                and toks[i + 3].value in ("top", "bottom") and toks[i + 3].value != t.value:
            k = i + 4
            while k < n and toks[k].type == "ADJ":
                k += 1
            if k < n and toks[k].type == "NOUN" and toks[k].value == "deck":
                out.append(Tok("NOUN", "deck_" + t.value, t.start, t.end, t.text))
                out.extend(toks[i + 1:i + 3])
                out.extend(toks[i + 4:k])
                last = toks[i + 3]
                out.append(Tok("NOUN", "deck_" + last.value, last.start, toks[k].end, last.text))
                i = k + 1
                continue
        # «на» + a damage → AMOUNT
        if t.type == "P_NA" and nxt and nxt.type in ("NUM", "DMG", "XVAR"):
            out.append(Tok("AMOUNT", nxt.value, t.start, nxt.end))
            i += 2
            continue
        if t.type == "P_NA" and nxt and nxt.type == "UNKNOWN" and nxt.value == "столько":
            j = i + 2
            end = nxt.end
            if j < n and toks[j].type == "UNKNOWN" and toks[j].value == "же":
                end = toks[j].end
                j += 1
            out.append(Tok("AMOUNT", "same", t.start, end))
            i = j
            continue
        # special / magic strike: adjective + «удар» → one attack noun
        if t.type == "ADJ" and t.value in ("particular", "magical") and nxt and nxt.type == "NOUN" \
                and nxt.value == "atk:strike":
            out.append(Tok("NOUN", f"atk:{K.SPECIAL if t.value == 'particular' else K.MAGIC}", t.start, nxt.end,
                           t.text + " " + nxt.text))
            i += 2
            continue
        # «стоящей сзади него карты»: the same without a preposition
        if t.type == "PART" and t.value == "standing" and i + 3 < n and toks[i + 1].type == "ADV" \
                and toks[i + 1].value in ("opposite", "behind") and toks[i + 2].type == "PRON" \
                and toks[i + 2].value == "it" and toks[i + 3].type in ("NOUN", "ADJ"):
            out.append(Tok("ADJ", f"adj:{toks[i + 1].value}:it", t.start, toks[i + 2].end))
            i += 3
            continue
        # «стоящее рядом с ней существо»: a participle phrase before its noun → one adjective
        if t.type == "PART" and t.value == "standing" and i + 4 < n and toks[i + 1].type == "ADV" \
                and toks[i + 1].value in ("near", "opposite", "behind") and toks[i + 2].type == "P_S" \
                and toks[i + 3].type == "PRON" and toks[i + 3].value == "it" \
                and toks[i + 4].type in ("NOUN", "ADJ"):
            out.append(Tok("ADJ", f"adj:{toks[i + 1].value}:it", t.start, toks[i + 3].end))
            i += 4
            continue
        # «соседней с Огненным импом / с ней клетки»: the same with «соседний»
        if t.type == "ADJ" and t.value == "neighbour" and i + 3 < n and toks[i + 1].type == "P_S" \
                and (toks[i + 2].type == "SELF" or (toks[i + 2].type == "PRON" and toks[i + 2].value == "it")) \
                and toks[i + 3].type in ("NOUN", "ADJ"):
            who = "self" if toks[i + 2].type == "SELF" else "it"
            out.append(Tok("ADJ", f"adj:near:{who}", t.start, toks[i + 2].end, t.text))
            i += 3
            continue
        # «стоящ* рядом/напротив/сзади» before a noun → one adjective
        if t.type == "PART" and t.value == "standing" and nxt and nxt.type == "ADV" \
                and nxt.value in ("near", "opposite", "behind") and (not out or out[-1].type not in ("RCOMMA", "COMMA")):
            after = toks[i + 2] if i + 2 < n else None
            if after is None or after.type not in ("P_S",):
                out.append(Tok("ADJ", "adj:" + nxt.value, t.start, nxt.end))
                i += 2
                continue
        # a number right after a keyword noun that it does not count («Инкарнация 3»,
        # «пророчество 1», «Броня 2») belongs to the noun
        if t.type == "NOUN" and nxt and nxt.type == "NUM" and "#" not in t.value and t.value not in _NOT_KEYWORD:
            after = toks[i + 2] if i + 2 < n else None
            if after is None or after.type not in ("NOUN", "ADJ", "ORDW", "ORLESS", "ORMORE", "LCOMMA", "COMMA", "OR", "AND"):
                out.append(Tok("NOUN", t.value + "#" + nxt.value, t.start, nxt.end, t.text))
                i += 2
                continue
        # «вашем втором или третьем ряду»: ordinals after an adjective are adjectives
        # «во 2 или 3 ряду»: numbers before «ряд / столбец» are ordinals
        if t.type == "NUM":
            k = i + 1
            while k + 1 < n and toks[k].type in ("OR", "AND") and toks[k + 1].type == "NUM":
                k += 2
            if k < n and toks[k].type == "NOUN" and toks[k].value in ("row", "column"):
                toks = toks[:i] + [Tok("ORDW", x.value, x.start, x.end, x.text) if x.type == "NUM" else x
                                   for x in toks[i:k]] + toks[k:]
                t = toks[i]
                nxt = toks[i + 1] if i + 1 < n else None
        if t.type == "ORDW" and i + 2 < n and nxt.type == "OR" and toks[i + 2].type == "ORDW":
            t = Tok("ORDW", t.value + "|" + toks[i + 2].value, t.start, toks[i + 2].end, t.text)
            toks = toks[:i] + [t] + toks[i + 3:]
            n = len(toks)
            nxt = toks[i + 1] if i + 1 < n else None
        if t.type == "ORDW" and t.value == "1" and i + 2 < n and toks[i + 1].type == "TURNREF" \
                and toks[i + 1].value == "за ход" and toks[i + 2].type in ("NOUN", "ADJ"):
            # «первый за ход бросок», «при первой за ход атаке»: one adjective
            out.append(Tok("ADJ", "first_per_turn", t.start, toks[i + 1].end, t.text))
            i += 2
            continue
        if t.type == "ORDW" and out and out[-1].type == "ADJ":
            out.append(Tok("ADJ", "ord:" + t.value, t.start, t.end, t.text))
            i += 1
            continue
        # icon keyword + number; «{move}1», «{health}2» written together are keywords too
        if t.type == "ICON_KW" and nxt and nxt.type in ("NUM", "XVAR") and nxt.start - t.end <= 1:
            out.append(Tok("ICON_KW", t.value + ":" + nxt.value, t.start, nxt.end))
            i += 2
            continue
        if t.type == "NOUN" and t.value in ("stat:move", "stat:health") and nxt and nxt.type == "NUM" \
                and nxt.start == t.end and not (out and out[-1].type == "SIGNED"):
            out.append(Tok("ICON_KW", t.value[5:] + ":" + nxt.value, t.start, nxt.end))
            i += 2
            continue
        out.append(t)
        i += 1
    return out


_COUNTABLE = {"NOUN", "ADJ", "ORDW"}
# nouns a following number does not belong to («выбрасывает на кубике 6»: the face)
_NOT_KEYWORD = {"die", "roll", "result", "value", "number"}


def _bare_numbers(toks: list[Tok]) -> list[Tok]:
    """A number (or «все») is a count only when a noun phrase follows it («3 {counter}», «два
    выбранных существа», «3 или менее карты»); else it is a BARE value («если выпало 5 или 6»)."""
    out = []
    for i, t in enumerate(toks):
        if t.type in ("NUM", "NUMW", "XVAR", "ALLW"):
            j = i + 1
            if j < len(toks) and toks[j].type in ("ORLESS", "ORMORE") and t.type != "ALLW":
                j += 1
            if not (j < len(toks) and toks[j].type in _COUNTABLE):
                out.append(Tok("BARE", t.type + ":" + t.value, t.start, t.end, t.text))
                continue
        out.append(t)
    return out


def _elided_adjectives(toks: list[Tok]) -> list[Tok]:
    """The last adjective of a run that no noun follows heads an elided noun phrase («ранить
    атакованного», «по закрытым»): ADJX, so the grammar knows the phrase ends there."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type == "ADJ" and not noun_follows(toks, i):
            out[i] = Tok("ADJX", t.value, t.start, t.end, t.text)
    return out


def _labels(toks: list[Tok]) -> list[Tok]:
    """«Word[ N]:» at the start of an ability (or after another label) → LABEL(word, N)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        at_head = not out or out[-1].type in ("LABEL", "ORDER", "COST")
        if at_head and t.type == "NOUN" and t.value.startswith("atk:") and i + 2 < len(toks) \
                and toks[i + 1].type == "COLON" and toks[i + 2].type in ("DMG", "NUM", "XVAR"):
            # the old notation «Выстрел: 2-3-4» is an attack and its amount, not a label
            out.append(t)
            out.append(Tok("AMOUNT", toks[i + 2].value, toks[i + 1].start, toks[i + 2].end))
            i += 3
            continue
        if at_head and t.type in ("NOUN", "ADJ", "UNKNOWN") and "#" not in t.value:
            j = i + 1
            num = None
            if j < len(toks) and toks[j].type == "NUM":
                num = toks[j].value
                j += 1
            if j < len(toks) and toks[j].type == "COLON":
                out.append(Tok("LABEL", t.value + (("#" + num) if num else ""), t.start, toks[j].end, t.text))
                i = j + 1
                continue
        if at_head and t.type == "NOUN" and "#" in t.value and i + 1 < len(toks) and toks[i + 1].type == "COLON":
            out.append(Tok("LABEL", t.value, t.start, toks[i + 1].end, t.text))
            i += 2
            continue
        out.append(t)
        i += 1
    return out


# ------------------------------------------------------------------ comma and «и» classes
_ABSORB = {"IF", "WHILE", "WHEN", "WHERE", "SEQ", "THEN", "ELSE", "EITHER", "ONLY", "RANGE",
           "TIMES", "UNTIL", "ANYRANGE", "INSTEAD", "P_KROME", "AFTER_THAT", "BYCHOICE"}
_CLAUSE_END = {"COMMA", "SEQ", "SEMI", "THEN", "IF", "WHILE", "WHERE", "RPAR", "DASH", "ELSE",
               "EITHER", "WHEN", "UNTIL_WHILE", "COLON", "DOT"}
_VERBISH = {"VERB", "MODAL"}


def _has_verb(toks: list[Tok], i: int) -> bool:
    depth = 0
    for t in toks[i:]:
        if t.type == "LPAR":
            depth += 1
        elif t.type == "RPAR":
            if depth == 0:
                return False
            depth -= 1
        elif depth == 0 and t.type in _CLAUSE_END:
            return False
        elif depth == 0 and t.type in _VERBISH:
            return True
    return False


def _same_list(prev: Tok, nxt: Tok, toks: list[Tok], i: int) -> bool:
    """«выстрелом, метанием или разрядом», «+1 к {strike}, {ova}1»: the comma continues a list
    when the words on both sides are of one kind (attack nouns; nouns with one ending; qualities)."""
    if prev.type == "NOUN" and nxt.type == "NOUN":
        if prev.value.startswith("atk:") and nxt.value.startswith("atk:"):
            return True
        a, b = fold(prev.text)[-2:], fold(nxt.text)[-2:]
        return bool(a) and a == b
    if prev.type in ("NOUN", "ICON_KW", "ICON_PROT") and nxt.type in ("ICON_KW", "ICON_PROT", "SIGNED"):
        return True
    return False


def _inserted_gerund(toks: list[Tok]) -> list[Tok]:
    """«Если, сражаясь, выбрасывает …»: a gerund set off by commas right after «если / когда»
    belongs to the condition — its commas are not clause boundaries."""
    for i, t in enumerate(toks):
        if t.type == "COMMA" and i and toks[i - 1].type in ("IF", "WHEN") and i + 1 < len(toks) \
                and toks[i + 1].type == "GER":
            for j in range(i + 2, min(len(toks), i + 6)):
                if toks[j].type in _VERBISH:
                    break
                if toks[j].type == "COMMA":
                    return toks[:i] + toks[i + 1:j] + toks[j + 1:]
    return toks


def _comma_after_paren(toks: list[Tok]) -> list[Tok]:
    """«… на клетку (до конца хода …) клетка … считается занятой»
    (berserk-nxt dropped the comma): after «)» a new subject with its own finite verb, when the
    clause before already has its verb, starts a clause."""
    out = list(toks)
    for i in range(len(toks) - 2, 0, -1):
        if toks[i].type != "RPAR" or toks[i + 1].type != "NOUN":
            continue
        k = i + 1
        while k < len(toks) and toks[k].type in ("NOUN", "ADJ", "P_S", "NAME", "OPP"):
            k += 1
        if k >= len(toks) or toks[k].type != "VERB" or _verb_form(toks[k]) not in ("3sg", "3pl", "3sg_refl", "3pl_refl"):
            continue
        start = max((j for j in range(i) if toks[j].type in _CLAUSE_END or toks[j].type in ("COST", "LABEL")),
                    default=-1)
        if any(t.type in _VERBISH for t in toks[start + 1:i]):
            at = toks[i].end
            out.insert(i + 1, Tok("COMMA", ",", at, at, ""))
    return out


def _classify_commas(toks: list[Tok]) -> list[Tok]:
    toks = _comma_after_paren(_inserted_gerund(toks))
    out: list[Tok] = []
    open_rel = False
    for i, t in enumerate(toks):
        if t.type == "COMMA":
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is None:
                continue
            if nxt.type in _ABSORB:
                # the comma belongs to the keyword that follows it («, если», «, где X»)
                open_rel = False
                continue
            if nxt.type in ("PART", "WHICH", "GER") or (nxt.type == "NEG" and i + 2 < len(toks)
                                                       and toks[i + 2].type in ("PART", "GER")) \
                    or (nxt.type in ("P_S", "P_NA", "P_V", "P_DO", "P_OT") and i + 2 < len(toks) and toks[i + 2].type == "WHICH") \
                    or (nxt.type == "ADV" and i + 3 < len(toks) and toks[i + 2].type in ("P_S", "P_OT") and toks[i + 3].type == "WHICH") \
                    or (nxt.type == "ADV" and i + 4 < len(toks) and toks[i + 2].type == "AND" and toks[i + 4].type == "P_OT" and i + 5 < len(toks) and toks[i + 5].type == "WHICH") \
                    or (nxt.type == "ADV" and i + 2 < len(toks) and toks[i + 2].type == "P_OT" and False):
                out.append(Tok("RCOMMA", ",", t.start, t.end))
                open_rel = nxt.type != "GER"
                continue
            prev = toks[i - 1] if i else None
            if nxt.type in ("P_PRI", "P_POSLE", "AT_START", "AT_END", "WHEN") or (
                    nxt.type == "NOUN" and nxt.value == "search" and i + 2 < len(toks) and toks[i + 2].type == "DASH"):
                # (and «…, Поиск — X»: the Heroes search is a clause of its own)
                out.append(Tok("CCOMMA", ",", t.start, t.end))
                open_rel = False
                continue
            if nxt.type == "THAN" or (prev is not None and _same_list(prev, nxt, toks, i)):   # «…, чем X»: in-phrase
                out.append(Tok("LCOMMA", ",", t.start, t.end))
                continue
            verb_ahead = _has_verb(toks, i + 1)
            if open_rel and (verb_ahead or nxt.type == "AMOUNT"):
                # the comma that closes a participle phrase: a verb, or the main verb's «на N»
                # («ранить существо, стоящее позади атакованного, на X»), follows
                out.append(Tok("RCLOSE", ",", t.start, t.end))
                open_rel = False
                continue
            out.append(Tok("CCOMMA" if verb_ahead else "LCOMMA", ",", t.start, t.end))
            if verb_ahead:
                open_rel = False
            continue
        if t.type in ("AND", "OR", "EITHER"):
            # «и» between verbs → AND_V («закрывается и не открывается»)
            j = i + 1
            while j < len(toks) and toks[j].type in ("NEG", "ADV", "ALSO", "MODAL", "PRON", "SELF", "SELFW"):
                if toks[j].type == "MODAL":
                    break
                j += 1
            if j < len(toks) and toks[j].type in _VERBISH and t.type != "EITHER":
                out.append(Tok(t.type + "_V", t.value, t.start, t.end))
                continue
        if t.type in ("SEQ", "SEMI", "THEN", "IF", "WHILE", "WHERE", "DASH"):
            open_rel = False
        out.append(t)
    return out


# ------------------------------------------------------------------ the dash berserk-nxt drops
_HEAD_END = {"DASH", "COLON", "SEMI", "CCOMMA", "DOT", "THEN", "SEQ", "RPAR", "RCLOSE", "ELSE", "LPAR",
             "IF", "WHEN", "WHILE"}
_NOMINATIVE = {"он", "она", "оно", "они"}


def _verb_form(t: Tok) -> str:
    return t.value.rpartition("/")[2] if t.type == "VERB" else ""


_DETERMINERS = {"this", "own", "each", "other", "chosen", "attacked", "such"}


def _subject_start(toks: list[Tok], j: int, pred: int) -> int:
    """Where the subject of the verb at ``j`` starts: the card's name, a name, a nominative
    pronoun («Молотобоец ранит», «Заступник Ордена также может»), or a noun phrase that opens
    with a determiner («эта атака блокируется»); else the verb itself (an object of the
    condition's verb stays there: «уничтожает выстрелом карту | получает …»)."""
    k = j
    while k - 1 > pred and (toks[k - 1].type in ("SELF", "NAMEREF", "ALSO") or
                            toks[k - 1].type == "PRON" and fold(toks[k - 1].text) in _NOMINATIVE):
        k -= 1
    if k < j:
        return k
    while k - 1 > pred and toks[k - 1].type in ("NOUN", "OPP", "ADJ"):
        k -= 1
    return k if k < j and toks[k].type == "ADJ" and toks[k].value in _DETERMINERS else j


def _verbless_cut(toks: list[Tok], i: int, j: int) -> int | None:
    """Where the subject of the verb at ``j`` starts when a verbless condition (a noun phrase,
    no «есть / нет») stands between «если» at ``i`` and it: one noun phrase back, opening with a
    determiner («ваши демоны»); None when the stretch is not like that."""
    k = j
    while k - 1 > i and toks[k - 1].type == "NOUN":
        k -= 1
    if k == j:
        return None
    while k - 1 > i and toks[k - 1].type == "ADJ":
        k -= 1
        if toks[k].value in _DETERMINERS:
            break                      # «{elite} | это существо»: the nearest determiner opens it
    if not (toks[k].type == "ADJ" and toks[k].value in _DETERMINERS) or k <= i + 1:
        return None
    before = toks[i + 1:k]
    if any(x.type in ("IS", "NO", "VERB", "MODAL", "NEG") for x in before) \
            or not any(x.type in ("NOUN", "ADJX") for x in before):
        return None
    return k


def _implicit_dashes(toks: list[Tok]) -> list[Tok]:
    """«Если X атакован {strike} могут потерять …», «когда бросок кубика равен 1 ранить …»:
    berserk-nxt drops the dash between a condition and the effect.  Where the condition clause
    (from «если / когда» to the first separator) holds a second predicate, a zero-width DASH is
    put before it: before a modal or an infinitive / imperative after the condition's own
    predicate (not the infinitive of its modal), before a second finite verb and its subject,
    before a nominative pronoun, and before «пророчество» after the predicate's object.  A
    verbless «X на кладбище» is a predicate too."""
    out = list(toks)
    inserted = 0
    n = len(toks)
    for i, t in enumerate(toks):
        if t.type == "RCOMMA" and i + 1 < n and toks[i + 1].type in ("PART", "GER"):
            # «При выстреле по существу, стоящему рядом с этой картой | оно может …»: a
            # participle phrase ends before a nominative pronoun with its verb
            for j in range(i + 2, n):
                u = toks[j]
                if u.type in _HEAD_END or u.type in _VERBISH:
                    break
                if u.type == "PRON" and fold(u.text) in _NOMINATIVE and j + 1 < n and toks[j + 1].type in _VERBISH:
                    out.insert(j + inserted, Tok("DASH", "—", u.start, u.start, ""))
                    inserted += 1
                    break
            continue
        if t.type not in ("IF", "WHEN"):
            continue
        pred = None              # index of the condition's predicate
        modal = False
        cut = None
        j = i + 1
        while j < n and toks[j].type not in _HEAD_END:
            u = toks[j]
            form = _verb_form(u)
            if pred is None:
                if u.type == "MODAL":
                    pred, modal = j, True
                elif u.type == "VERB" and form in ("inf", "imp") and j > i + 2 and t.type == "IF":
                    cut = j          # «если обе карты {elite} | ранить …»: a verbless condition
                    while cut - 1 > i + 1 and toks[cut - 1].type == "ADV":
                        cut -= 1     # «… болотный | полностью излечить …»
                elif u.type == "VERB" and t.type == "IF" and form in ("3sg", "3pl", "3sg_refl", "3pl_refl") \
                        and _verbless_cut(toks, i, j) is not None:
                    # «если это нежить | ваши демоны получают …»: a verbless condition, then the
                    # subject of the effect
                    cut = _verbless_cut(toks, i, j)
                elif u.type == "VERB":
                    pred = j
                elif u.type in ("P_NA", "P_V") and j + 1 < n and toks[j + 1].type == "NOUN" \
                        and toks[j + 1].value in ("graveyard", "deck", "hand"):
                    pred, j = j + 1, j + 1
            elif modal and u.type in ("VERB", "NEG", "OR", "OR_V", "AND_V", "MODAL") and form in ("inf", "inf_refl", "other", ""):
                pass                 # «не может или не хочет быть перемещен»: the modal's own verbs
            elif u.type == "VERB" and form in ("3sg", "3pl", "3sg_refl", "3pl_refl") and (
                    toks[j - 1].type in ("AND_V", "OR_V") or (toks[j - 1].type == "NEG" and toks[j - 2].type in ("AND_V", "OR_V"))):
                pass                 # «если X атакует и не наносит ран»: a second predicate of the condition
            elif u.type == "MODAL" or form in ("inf", "inf_refl", "imp") or \
                    u.type == "VERB" and form in ("3sg", "3pl", "3sg_refl", "3pl_refl"):
                cut = _subject_start(toks, j, pred)
            elif u.type == "PRON" and fold(u.text) in _NOMINATIVE and j + 1 < n and toks[j + 1].type in _VERBISH:
                cut = j
            elif u.type == "NOUN" and u.value.startswith("prophecy#") and j > pred + 1:
                cut = j
            if cut is not None:
                break
            modal = modal and u.type not in ("NOUN", "NUM", "AMOUNT", "ICON_KW")
            j += 1
        if cut is not None and cut > (pred or i) :
            at = toks[cut].start
            b = toks[cut - 1]
            if b.type in ("NUM", "NUMW", "XVAR", "ALLW"):
                # «если выпало 5 или 6 | эта атака …»: the number is a value, not a count
                out[cut - 1 + inserted] = Tok("BARE", b.type + ":" + b.value, b.start, b.end, b.text)
            elif b.type == "ADJ":
                # «если показанная карта {elite} | …»: the adjective ends its phrase
                out[cut - 1 + inserted] = Tok("ADJX", b.value, b.start, b.end, b.text)
            out.insert(cut + inserted, Tok("DASH", "—", at, at, ""))
            inserted += 1
    return out


# ------------------------------------------------------------------ entry point
def tokenize(text: str, name: str | None = None, vocab: Vocabulary | None = None) -> list[Tok]:
    folded = fold(text)
    # the card's own name → §, other cards' names → ¤ (kept as NAMEREF tokens), classes → NOUN
    marks: list[Tok] = []
    if name and not all(needle in folded for needle in needles(name)):
        # every match of the name's pattern holds its stems: a text without them never names
        # the card (its pattern, compiled per name, is not needed)
        name = None
    if name and vocab is not None:
        # another card whose name holds this one's («Щупальце Кракена» on Кракен) is that card
        name_idx = list_res(vocab)[0]
        own = name_re(name)
        for nm, rx in candidates(name_idx, folded):
            if nm == name or len(nm) <= len(name) or own is None:
                continue
            for m in list(rx.finditer(folded)):
                if own.search(m.group(0)) and "¤" not in m.group(0):
                    marks.append(Tok("NAMEREF", nm, m.start(), m.end(), text[m.start():m.end()]))
                    folded = folded[:m.start()] + "¤" * (m.end() - m.start()) + folded[m.end():]
    if name:
        rx = name_re(name)
        if rx is not None:
            def _self(m: re.Match) -> str:
                if m.group(0).startswith(RESERVED):
                    return m.group(0)
                return "§" * len(m.group(0))
            folded = rx.sub(_self, folded)
    if vocab is not None:
        name_idx, class_idx, singles = list_res(vocab)
        for cls, rx in candidates(class_idx, folded):
            for m in list(rx.finditer(folded)):
                g = m.group(0)
                if "§" in g or "¤" in g:
                    continue
                marks.append(Tok("NOUN", "cls:" + fold(cls), m.start(), m.end(), text[m.start():m.end()]))
                folded = folded[:m.start()] + "¤" * (m.end() - m.start()) + folded[m.end():]
        for nm, rx in candidates(name_idx, folded):
            if name and nm == name:
                continue
            for m in list(rx.finditer(folded)):
                g = m.group(0)
                if "§" in g or "¤" in g or g.startswith(RESERVED):
                    continue
                if classify(g) is not None and " " not in g:
                    continue          # an ordinary word that happens to be a card's name
                marks.append(Tok("NAMEREF", nm, m.start(), m.end(), text[m.start():m.end()]))
                folded = folded[:m.start()] + "¤" * (m.end() - m.start()) + folded[m.end():]
    toks = scan(text, folded)
    if name:
        # the card's own name: its tokens carry it (the name used as a class names that class)
        toks = [Tok("SELF", name, t.start, t.end, t.text) if t.type == "SELF" else t for t in toks]
    if marks:
        toks = sorted(toks + marks, key=lambda t: t.start)
    if vocab is not None:
        toks = [single_class(t, singles) if t.type == "UNKNOWN" else t for t in toks]
    toks = apply_mwe(toks, folded)
    toks = _merge(toks)
    toks = _names(toks, text)
    toks = word_labels(_labels(toks))
    toks = _bare_numbers(toks)
    toks = _elided_adjectives(toks)
    if any(t.type == "WHERE" for t in toks):          # (two rare types, rewritten by context)
        toks = [Tok("WHERE_REL", t.value, t.start, t.end, t.text)
                if t.type == "WHERE" and not (i + 1 < len(toks) and (toks[i + 1].type == "XVAR"
                                              or toks[i + 1].value in ("XVAR:x", "XVAR:X")))
                else t for i, t in enumerate(toks)]
    if any(t.type == "NEG" for t in toks):
        toks = [Tok("NEGX", t.value, t.start, t.end, t.text)
                if t.type == "NEG" and not (i + 1 < len(toks) and toks[i + 1].type in ("VERB", "MODAL", "PART"))
                else t for i, t in enumerate(toks)]
    toks = _classify_commas(toks)
    if any(t.type in ("IF", "WHEN", "RCOMMA") for t in toks):
        toks = _implicit_dashes(toks)
    return toks
