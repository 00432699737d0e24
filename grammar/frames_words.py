"""Word forms of a noun phrase, read from its text: number («ваши существа» is plural), case
(a subject is never in the instrumental or dative; the genitive of «напротив X» or of an owner),
attack nouns and their adjectives → attack kinds, what «с / обладающее X» names, terrain
classes, the words of a column («в крайнем левом столбце»).  Pure functions of one ``NP`` (or a
run of them); the selector builder (``frames_select``) asks them.  Also the selector helpers
that need no noun phrase: ``joined`` («X и Y» / «X или Y»), ``implicit_neighbour_cell``."""
from __future__ import annotations

import operator
import re

from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as C
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.ast.walk import _names as _field_names
from grammar.frames_base import (ATTACK_ADJ, ATTACK_NOUNS, ICON_KEYWORDS, KEYWORD_NOUNS, QUALIFIERS, STRENGTH, UNPROVEN, Reject, _span,
                                 nodes_in, rewrite)
from grammar.lexicon import _AGREE, agrees, classify
from grammar.parts import NP, P


_TERRAIN_CLASSES = (("пустын", "пустыня"), ("болот", "болото"), ("лес", "лес"), ("гор", "горы"))


def terrain_class(text: str) -> str | None:
    """«пустыня / болото / лес / горы» name a terrain's class; «местность» names none."""
    word = text.lower().replace("ё", "е").split()[-1] if text.split() else ""
    for stem, cls in _TERRAIN_CLASSES:
        if word.startswith(stem):
            return cls
    return None


# (endings tested by ``str.endswith``: a word of ``folded_words`` has no newline, so it is the
# «…$» pattern's test, ~5x faster than a search that tries every offset)
_PLURAL_ADJ = ("ые", "ие", "ых", "их")
_PLURAL_NOUN = ("ов", "ев")                            # not the dative: «по X-ам» selects kinds
_PLURAL_NOUN_WORDS = frozenset({"существ", "карт", "клеток"})
_PLURAL_DET = frozenset({"ваши", "эти", "те", "другие"})


def folded_words(np: NP) -> list:
    """The words of a noun phrase as written, lower case, ё → е (``plural`` and ``disagrees``
    read them; ``frames_select.selector`` folds them once for both)."""
    return np.text.lower().replace("ё", "е").split()


def plural(np: NP, words: list | None = None) -> bool:
    """Is the noun phrase plural by a form no singular has?  (Plural adjectives in the
    nominative / accusative / genitive, a plural noun ending; a bare «существа» is
    ambiguous and stays as it is.)  ``words``: ``folded_words(np)`` when the caller has them."""
    if words is None:
        words = folded_words(np)
    if not words:
        return False
    if words[-1] == "противника":
        words = words[:-1]
    if not words:
        return False
    mods, head = words[:-1], words[-1]
    if np.kind == "elided":
        mods, head = words, ""
    for w in mods:
        if w in _PLURAL_DET or (w != "их" and w.endswith(_PLURAL_ADJ)):
            return True
    return bool(head) and (head.endswith(_PLURAL_NOUN) or head in _PLURAL_NOUN_WORDS)


WITH_NOUNS = {"formation": "formation", "valhalla": "valhalla", "flight": KW.FLYING, "spell": K.SPELLS,
              "corpse_eating": KW.CORPSE_EATER, "horde": KW.HORDE, "teleport": KW.TELEPORT,
              "vampirism": KW.VAMPIRISM, "armor_kw": KW.ARMOR, "regen_kw": KW.REGEN,
              "jump": KW.JUMP, "incarnation": KW.INCARNATION, "poison": K.POISON,
              "counter": KW.COUNTER, "prophecy": "prophecy",
              # «со стойкостью», «с неуязвимостью»: a keyword the card has, by its noun
              **{k: KEYWORD_NOUNS[k] for k in ("stamina", "invulnerability", "incorporeality", "dash", "clumsiness",
                                              "first_strike", "last_strike", "vulnerability", "wrath", "frenzy",
                                              "fury", "scales", "meditation", "unity", "stun", "stealth", "vanguard")}}


def with_what(np: NP) -> str:
    """«обладающее выстрелом», «с полётом»: what the card has (an attack kind or a keyword)."""
    n = np.noun or ""
    if n.startswith("atk:") and n[4:] in ATTACK_NOUNS and not np.adjs:
        return ATTACK_NOUNS[n[4:]]
    if n == "atk:strike" and np.adjs in (("particular",), ("magical",), ("directed",)):
        return ATTACK_ADJ[np.adjs[0]]
    if n in WITH_NOUNS and not np.adjs:
        return WITH_NOUNS[n]
    raise Reject(f"«с/обладающее» {n}")


def _with_item(q) -> str:
    """What «с X» / «обладающее X» names: a noun phrase, or a keyword icon written without its
    number («с {regen}», «обладающее {armor}»: any value)."""
    if isinstance(q, P) and q.kind == "icon_kw" and ":" not in q.v and q.v in ICON_KEYWORDS \
            and ICON_KEYWORDS[q.v] not in UNPROVEN:
        return ICON_KEYWORDS[q.v]
    if not isinstance(q, NP):
        raise Reject("«с/обладающее» what")
    return with_what(q)


def with_list(parts: list, j: int, first) -> tuple[list[str], int]:
    """«с X[, Y или Z]», «обладающее …» → with:X qualifiers (one with:X|Y|Z for «или»)."""
    got = [f"{Q.WITH}:{_with_item(first)}"]
    while j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind in ("lcomma", "or", "and") \
            and isinstance(parts[j + 1], (NP, P)):
        try:
            got.append(f"{Q.WITH}:{_with_item(parts[j + 1])}")
        except Reject:
            break
        j += 2
    if len(got) > 1 and isinstance(parts[j - 2], P) and parts[j - 2].kind == "or":
        got = [f"{Q.WITH}:" + "|".join(g.split(":", 1)[1] for g in got)]
    return got, j


def without_list(parts: list, j: int, first, either_ok: bool = False) -> tuple[list[str], int]:
    """«без X[ и Y]», «не обладающее X[ или Y]» (``either_ok``) → one without:X per item (it
    has none of them); «без X или Y» (which one is missing?) rejects."""
    got, k = with_list(parts, j, first)
    if not either_ok and any("|" in g for g in got):
        raise Reject("«без X или Y»")
    return [f"{Q.WITHOUT}:{item}" for g in got for item in g.split(":", 1)[1].split("|")], k


def genitive_like(np: NP) -> bool:
    """«напротив Ледового охотника», «позади атакованного»: the object of a preposition that
    takes the genitive (no dative / instrumental ending)."""
    if np.kind in ("self", "pron"):
        return True
    words = np.text.lower().replace("ё", "е").split()
    return bool(words) and not _OBLIQUE.search(words[-1])


# «существ», «карт»: genitive plurals with no ending («{strike} ваших существ» — whose attack)
GEN_END = re.compile(r"(?:а|я|ы|и|ов|ев|ей|ого|его|ой|ей|ых|их|^существ|^карт)$")
ROW_GENITIVE = re.compile(r"\bряда\b")       # «клетка третьего ряда» (frames_select)
PAST_END = re.compile(r"л(?:а|о|и|ся|ась|ось|ись)?$")   # a past-tense verb (frames_modal, frames_relative)


def genitive_np(np: NP) -> bool:
    """A genitive noun phrase after a noun: whose it is («хозяин Разумного вихря»)."""
    words = np.text.lower().replace("ё", "е").split()
    if np.opp and words:
        words = words[:-1]
    return bool(words) and bool(GEN_END.search(words[-1])) and not _OBLIQUE.search(words[-1])


_KIND_ADJ = {K.NONMAGIC: {K.ANY: K.NONMAGIC, K.STRIKE: K.NONMAGIC},
             K.RANGED: {K.ANY: K.RANGED, K.STRIKE: K.RANGED},
             K.MELEE: {K.ANY: K.MELEE, K.STRIKE: K.MELEE},
             K.MAGIC: {K.ANY: K.MAGICAL, K.STRIKE: K.MAGIC}}


# attack-group adjectives → (axis, the test a concrete kind passes); two adjectives of
# different axes intersect
_GROUP_OF = {K.MELEE: ("reach", lambda k: k.melee), K.RANGED: ("reach", lambda k: k.ranged),
             K.NONMAGIC: ("nature", lambda k: not k.magical), K.MAGIC: ("nature", lambda k: k.magical)}


def leading_attack_kinds(args: list, what: str) -> tuple[list[str], list]:
    """«… выстрелами / дальними атаками» first among an attack restriction's arguments: its
    kinds and the arguments after it (a strength there says no kind: refused)."""
    if args and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:"):
        kinds, strengths = attack_ref(args[0])
        if strengths:
            raise Reject(f"{what}: strengths")
        return kinds, list(args[1:])
    return [], list(args)


def attack_ref(np: NP) -> tuple[list[str], list[str]]:
    """«сильному {strike}», «дальних атак», «выстрелами» → (kinds, strengths)."""
    if not isinstance(np, NP):
        raise Reject("attack noun expected")
    n = np.noun or ""
    strengths = [STRENGTH[a] for a in np.adjs if a in STRENGTH]
    adjk = [ATTACK_ADJ[a] for a in np.adjs if a in ATTACK_ADJ]
    others = [a for a in np.adjs if a not in STRENGTH and a not in ATTACK_ADJ]
    if np.kind == "elided" and strengths and not others and not adjk:
        return [K.STRIKE], strengths
    if not n.startswith("atk:") or n[4:] not in ATTACK_NOUNS:
        raise Reject("not an attack noun")
    kind = ATTACK_NOUNS[n[4:]]
    if others or np.opp or np.count or np.name:
        raise Reject("attack noun with a determiner")
    if len(adjk) == 1:
        a = adjk[0]
        if a == K.NONMAGIC and kind == K.STRIKE:
            # «немагических ударов»: the strikes that are not magic — простой and особый удар
            # (seed rules' table of attacks), not every non-magic attack (L2: shots were in)
            return [k for k in K.concrete_kinds() if k.melee and not k.magical], strengths
        if a in _KIND_ADJ and kind in _KIND_ADJ[a]:
            kind = _KIND_ADJ[a][kind]
        elif kind == K.STRIKE and a in (K.STRIKE, K.DIRECT, K.RESPONSE, K.SPECIAL):
            kind = a
        else:
            raise Reject("attack adjectives")
    elif len(adjk) == 2 and kind in (K.ANY, K.STRIKE) and set(adjk) <= set(_GROUP_OF) \
            and len({_GROUP_OF[a][0] for a in adjk}) == 2:
        # «дальние немагические атаки», «ближних магических ударов»: two groups of different
        # axes name the concrete attacks in both (shot, throw, uchr; magic)
        kinds = [k for k in K.concrete_kinds() if all(_GROUP_OF[a][1](k) for a in adjk)]
        if not kinds:
            raise Reject("attack adjectives name nothing")
        return kinds, strengths
    elif adjk:
        raise Reject("attack adjectives")
    return [kind], strengths


# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_NUM = re.compile(r"NUM:\d+")
_NEXT_SENTENCE = re.compile(r"\s+[А-ЯЁ{]")
_OBLIQUE = re.compile(r"(?:ом|ем|ами|ями|ому|ему|ым|ыми|ими)$")


def nominative_ok(np: NP) -> bool:
    """A subject is never in the instrumental or dative («защитником», «вашему существу»)."""
    if np.kind not in ("noun", "elided"):
        return True
    words = np.text.lower().replace("ё", "е").split()
    return not (words and _OBLIQUE.search(words[-1]))


_COLUMN_ADJ = ("central", "edge", "leftmost", "rightmost")


def column_words(parts: list, j: int) -> tuple[list, int] | None:
    """«в центральном столбце», «в крайнем левом или правом столбце» → column:<which>."""
    which: list[str] = []
    while j < len(parts):
        q = parts[j]
        if not isinstance(q, NP) or q.count or q.opp or not q.adjs or any(a not in _COLUMN_ADJ for a in q.adjs):
            return None
        which += list(q.adjs)
        if q.kind == "noun":
            if q.noun != "column":
                return None
            if {"leftmost", "rightmost"} & set(which):
                which = [w for w in which if w != "edge"]
            return [f"{Q.COLUMN}:{'|'.join(dict.fromkeys(which))}"], j + 1
        if j + 1 < len(parts) and isinstance(parts[j + 1], P) and parts[j + 1].kind in ("or", "and"):
            j += 2
            continue
        return None
    return None


# ---------------------------------------------------------------- selectors, joined
def joined(sels: list[A.Selector], joiner: str) -> A.Selector:
    """One selector for «X и Y» (all_of) / «X или Y» (any_of); a single one as it is."""
    if len(sels) == 1:
        return sels[0]
    noun = N.ANY_OF if joiner == "or" else N.ALL_OF
    if all(Q.DIFFERENT in s.qualifiers for s in sels):
        # «разные тёмные или степные карты»: the cards differ from each other, whichever member
        sels = [replace(s, qualifiers=tuple(q for q in s.qualifiers if q != Q.DIFFERENT)) for s in sels]
        return A.Selector(noun, qualifiers=(Q.DIFFERENT,), members=tuple(sels), span=_span(sels))
    return A.Selector(noun, members=tuple(sels), span=_span(sels))


def implicit_neighbour_cell(sel: A.Selector | None) -> bool:
    """«соседняя клетка» with nothing written after it: the adjective placed it next to the card
    (a ``Selector(self)`` without a span) — which is right only when the card itself moves."""
    return sel is not None and sel.noun == N.CELL and len(sel.relations) == 1 \
        and sel.relations[0].what == R.ADJACENT and sel.relations[0].to.noun == N.SELF \
        and sel.relations[0].to.span == A.NOSPAN


_CARDS = frozenset({N.SELF, N.IT, N.CREATURE, N.CARD, N.HERO, N.ATTACKED, N.ATTACKER, N.HOST, N.PARASITE,
                    N.SYMBIOTE, N.DEFENDER, N.TARGET})
#: words before a noun phrase that place a card: «(стоящее) перед X» (in front of), «(на клетках)
#: вокруг X» (all round: next to it) → (the relation, the nouns it places by) — only cards and
#: cells: «перед атакой» is a time, not a place
PREPOSED = {"перед": (R.IN_FRONT, _CARDS), "вокруг": (R.ADJACENT, _CARDS | {N.CELL})}


def cost_items(parts: list, i: int) -> tuple[list, int] | None:
    """«стоимостью 4 или менее», «стоимостью X», «стоимостью 8 {ordinary} или менее» after the
    noun «стоимостью» at ``i`` → (qualifiers, the next index); None when no number follows."""
    nxt = parts[i + 1] if i + 1 < len(parts) else None
    if isinstance(parts[i].num, int):
        return [f"{Q.COST}:{parts[i].num}"], i + 1        # «… стоимостью 2» at the clause's end (one token)
    if isinstance(nxt, P) and nxt.kind == "bare":
        # «стоимостью 4 или менее», «стоимостью X»
        val = nxt.v.split(":", 1)[1]
        val = "X" if val in ("x", "X") else val
        name, j = bounded(parts, i + 2, Q.COST, Q.COST_MAX, Q.COST_MIN)
        return [f"{name}:{val}"], j
    k = i + 1
    neg = isinstance(nxt, P) and nxt.kind == "neg"
    cmp = parts[k + neg] if k + neg < len(parts) else None
    num = parts[k + neg + 1] if k + neg + 1 < len(parts) else None
    if isinstance(cmp, P) and (cmp.kind == "nomore" and not neg or cmp.kind in ("more", "less")) \
            and isinstance(num, P) and num.kind == "bare" and _NUM.fullmatch(num.v):
        # «стоимостью не более / не больше 4» (at most), «не менее 4» (at least), «больше 4»
        # (5 or more: costs are whole numbers), «меньше 4»
        n = int(num.v[4:])
        if cmp.kind == "nomore" or (neg and cmp.kind == "more"):
            return [f"{Q.COST_MAX}:{n}"], k + neg + 2
        if neg:
            return [f"{Q.COST_MIN}:{n}"], k + neg + 2
        return ([f"{Q.COST_MIN}:{n + 1}"] if cmp.kind == "more" else [f"{Q.COST_MAX}:{n - 1}"]), k + 2
    if isinstance(nxt, NP) and nxt.kind == "elided" and nxt.adjs in (("rank:ordinary",), ("rank:elite",)) \
            and nxt.count and nxt.count[0] == "n" and isinstance(nxt.count[1], int):
        # «стоимостью 8 {ordinary} или менее»: the crystals name the rank the cost is paid in
        name, j = bounded(parts, i + 2, Q.COST, Q.COST_MAX, Q.COST_MIN)
        return [f"{name}:{nxt.count[1]}", QUALIFIERS[nxt.adjs[0]]], j
    return None


def costlier(parts: list, i: int) -> tuple[list, int] | None:
    """«большей стоимости, чем она сама (без учета элитности)» after a noun, at the noun
    «стоимости» ``i`` → ([Relation(costs_more, X)], the next index): X is a pronoun («она [сама]»,
    bound to its card by the trigger, frames_roles) or the card's own name.  Only with «без учета
    элитности» said: a comparison that may weigh eliteness is not read (None)."""
    p = parts[i]
    if p.adjs != ("big",) or p.count or p.num is not None:
        return None
    k = i + 1 + (i + 1 < len(parts) and parts[i + 1].__class__ is P and parts[i + 1].kind == "lcomma")
    if not (k + 1 < len(parts) and parts[k].__class__ is P and parts[k].kind == "than"
            and isinstance(parts[k + 1], NP) and parts[k + 1].kind in ("pron", "self")):
        return None
    other = parts[k + 1]
    to = A.Selector(N.IT if other.kind == "pron" else N.SELF, span=other.span)
    k += 2
    if other.kind == "pron" and k < len(parts) and isinstance(parts[k], NP) and parts[k].kind == "self" \
            and parts[k].noun == "self" and (parts[k].text or "").lower() in ("сам", "сама", "само"):
        k += 1                                           # «оно само»: the same card, stressed
    paren = parts[k] if k < len(parts) else None
    if not (paren.__class__ is P and paren.kind == "paren" and len(paren.v.items) == 1
            and [(q.kind, "элитн" in (q.v or "")) for q in paren.v.items[0].parts if q.__class__ is P]
            == [("nomod", True)] and len(paren.v.items[0].parts) == 1):
        return None
    return [A.Relation(R.COSTS_MORE, to, span=_span(parts[i:k + 1]))], k + 1


def bounded(parts: list, k: int, exact, at_most, at_least) -> tuple:
    """«N [или меньше / или больше]» after a number at ``k``: the qualifier (``exact`` or the
    bound's) and the index after it."""
    if k < len(parts) and isinstance(parts[k], P) and parts[k].kind in ("orless", "ormore"):
        return (at_most if parts[k].kind == "orless" else at_least), k + 1
    return exact, k


def written_after_s(np: NP) -> A.Span:
    """The words after «с» inside an adjective phrase folded into one token («соседнюю с ней
    клетку», «стоящее рядом с Огненным импом существо»): up to the head noun; NOSPAN when the
    noun phrase has no such text."""
    low = np.text.lower()
    at = low.find(" с ")
    end = low.rfind(" ")
    if at < 0 or np.span == A.NOSPAN or end <= at + 3:
        return A.NOSPAN
    return A.Span(np.span.start + at + 3, np.span.start + end)


def disagrees(np: NP, words: list | None = None) -> bool:
    """Does an adjective right before the head noun fail to agree with it («на клетку погибшего
    карту»: the chunker hung the genitive of one phrase on the next noun)?  Only adjectives the
    lexicon knows, only endings of one gender and case (``lexicon.agrees``)."""
    if np.kind != "noun" or (np.noun or "").startswith(("cls:", "hero:")):
        return False                  # a class noun of the list may be any word («дитя Кронга»)
    if words is None:
        words = folded_words(np)
    if np.opp and words and words[-1] == "противника":
        words = words[:-1]
    if len(words) < 2:
        return False
    head = classify(words[-1])
    if head is None or head[0] != "NOUN":
        return False
    for w in reversed(words[:-1]):
        cls = classify(w)
        if cls is None or cls[0] != "ADJ":
            break
        if w.endswith(_AGREE_END) and not agrees(w, words[-1]):
            return True         # (only an ending ``agrees`` tests can disagree: one search first)
    return False


def _endings(pattern: re.Pattern) -> tuple[str, ...]:
    """The endings of an «(?:a|b)$» pattern of ``lexicon._AGREE`` (any other shape: an error at
    import, so that a new row of the table is not missed)."""
    m = re.fullmatch(r"\(\?:(\w+(?:\|\w+)*)\)\$", pattern.pattern)
    if m is None:
        raise ValueError(f"lexicon._AGREE: not an «(?:a|b)$» ending: {pattern.pattern}")
    return tuple(m.group(1).split("|"))


# every adjective ending of ``lexicon.agrees``'s table, for ``str.endswith`` (see _PLURAL_ADJ)
_AGREE_END = tuple(e for a, _n in _AGREE for e in _endings(a))


def except_items(parts: list, i: int) -> tuple[list, int] | None:
    """«(все существа,) кроме <этой карты>» → other; «кроме летающих» (one elided adjective
    phrase) → a negated Condition(is, its qualifiers); «кроме летающих и орков» (a list of such
    phrases and class nouns joined by «и» / commas) → Condition(all, one negated Condition(is)
    per item: none of them); a closing comma goes with it.  Anything else (another noun, «или»,
    a post-modified item) is left to the clause (Opaque)."""
    nxt = parts[i + 1]
    if nxt.kind == "self" and not nxt.adjs and not nxt.opp:
        j = i + 2
        if j < len(parts) and not (isinstance(parts[j], P) and parts[j].kind in ("lcomma", "amount")):
            return None
        return [Q.OTHER], j + 1 if j < len(parts) and parts[j].kind == "lcomma" else j
    conds: list = []
    j = i + 1
    while True:
        item = parts[j] if j < len(parts) else None
        got = _except_item(item) if isinstance(item, NP) else None
        if got is None:
            return None
        conds.append(A.Condition("is", got, True, span=item.span))
        j += 1
        if j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind in ("and", "lcomma") \
                and isinstance(parts[j + 1], NP) and _except_item(parts[j + 1]) is not None:
            j += 1
            continue
        break
    if j < len(parts) and not (isinstance(parts[j], P) and parts[j].kind in ("lcomma", "amount")):
        return None                          # «кроме X с …», «кроме X или Y»: not a list of kinds
    if len(conds) > 1 and any(isinstance(q, P) and q.kind == "and" for q in parts[i + 1:j]) is False:
        return None                          # «кроме X, Y» with no «и»: an enumeration cut short
    got = conds[0] if len(conds) == 1 else A.Condition(C.ALL, tuple(conds), span=_span(parts[i:j]))
    return [got], j + 1 if j < len(parts) and parts[j].kind == "lcomma" else j


def _except_item(np: NP) -> tuple | None:
    """One kind of card after «кроме»: an elided adjective phrase («летающих», «закрытых
    горных») → its qualifiers; a class noun alone («орков») → class:<name>; else None."""
    if np.count or np.opp or np.posts:
        return None
    if np.kind == "elided" and np.adjs and all(a in QUALIFIERS for a in np.adjs):
        return tuple(QUALIFIERS[a] for a in np.adjs)
    if np.kind == "noun" and (np.noun or "").startswith("cls:") and not np.adjs and plural(np):
        return (f"{Q.CLASS}:{np.noun[4:]}",)
    return None


def sentences(text: str) -> list[tuple[int, str]]:
    """The sentences of a quoted granted ability, (offset, text) — «{tap}: A. При B — C» is two
    abilities, as two sentences of a card are two units: split at «. » before a capital or an
    icon, outside any inner quotes; the final full stop dropped."""
    out, start, depth, plain = [], 0, 0, False
    for i, ch in enumerate(text):
        if ch in "«“„":
            depth += 1
        elif ch in "»”":
            depth -= 1
        elif ch == '"':
            plain = not plain
        elif ch == "." and not depth and not plain and _NEXT_SENTENCE.match(text, i + 1):
            out.append((start, text[start:i]))
            start = i + 1 + (len(text[i + 1:]) - len(text[i + 1:].lstrip()))
    tail = text[start:].rstrip()
    out.append((start, tail[:-1] if tail.endswith(".") else tail))
    return [(at, s) for at, s in out if s.strip()]


def granted(q: NP, ctx):
    """«получает «…»»: the quoted text parsed as an ability — each sentence one («{tap}: A. При B C»)."""
    if ctx.reparse is None:
        raise Reject("no reparse")
    got = [ctx.reparse(s, q.span.start + 1 + at) for at, s in sentences(q.name)]
    if not got or not all(got) or any(isinstance(n, A.Triggered) and n.trigger.target is not None and isinstance(
            n.trigger.subject, A.Selector) and n.trigger.subject.span == A.NOSPAN for n in got):
        raise Reject("granted «при атаке по X»: the holder's attack or anyone's")
    return got[0] if len(got) == 1 else A.Static(tuple(got), span=A.Span(q.span.start + 1, q.span.start + 1 + len(q.name)))


# selector nouns a later «эта карта» may point back to (the card just named)
_ANTECEDENTS = frozenset({N.CARD, N.CREATURE, N.ATTACKED, N.ATTACKER, N.TARGET, N.DEFENDER, N.HOST,
                          N.PARASITE, N.SYMBIOTE, N.COMPANION, N.ARTIFACT, N.HERO, N.CHARACTER, N.IT})


def this_card_is_self(node, sels: list | None = None):
    """«эта карта» with no card written before it in the ability is the card itself (contract:
    «… на этой карте» → ``Selector(self)``); after a card was named («закрыть выбранную карту;
    эта карта …») it stays ``Selector(card, this)``: that card.  ``sels``: the selectors of
    ``node`` when the caller has walked it already."""
    if sels is None:
        sels = [n for n in nodes_in(node) if isinstance(n, A.Selector)]
    this = [n for n in sels if n.noun == N.CARD and n.qualifiers == (Q.THIS,) and n.side is None
            and not n.relations and n.condition is None and n.count is None and n.span != A.NOSPAN]
    if not this:
        return node
    named = [n.span.start for n in sels if n.noun in _ANTECEDENTS and n.span != A.NOSPAN and n not in this
             and Q.ALL not in n.qualifiers and n.count in (None, (1, 1))]      # one card, not «летающих существ»
    alone = {id(n) for n in this if not any(start < n.span.start for start in named)}
    if not alone:
        return node
    return rewrite(node, lambda n: A.Selector(N.SELF, span=n.span) if id(n) in alone else None)


# adjectives that pick *which* cards, said once for a whole «A или B существо»
_DETERMINERS = frozenset({"chosen", "other", "each", "any", "own", "this", "different"})


def _share_noun(parts: list, i: int) -> list:
    """«выбранное горное или лесное существо»: adjective phrases joined before one noun share
    it, and the first one's determiners (выбранное, другое, ваше …) and the noun's side apply to
    each — «горное» alone is not a card of any kind."""
    run = [i]
    k = i
    while k + 2 < len(parts) and isinstance(parts[k + 1], P) and parts[k + 1].kind in ("and", "or", "lcomma") \
            and isinstance(parts[k + 2], NP) and parts[k].kind == "elided":
        k += 2
        run.append(k)
    if len(run) < 2 or not isinstance(parts[i], NP) or parts[i].kind != "elided" \
            or parts[run[-1]].kind != "noun" or any(parts[r].kind != "elided" or parts[r].count for r in run[:-1]):
        return parts
    last = parts[run[-1]]
    if last.noun not in ("creature", "card") or not set(last.adjs) - _DETERMINERS:
        return parts      # «бестелесных и симбиотов»: two kinds, not two adjectives of one noun
    shared = tuple(a for a in parts[i].adjs if a in _DETERMINERS)
    out = list(parts)
    for r in run:
        np = parts[r]
        own = tuple(a for a in np.adjs if a not in shared)
        out[r] = NP("noun", last.noun, shared + own, np.count if r == run[-1] else last.count, np.name,
                    last.opp, np.span, np.text)
    return out


def share_noun(parts: list) -> list:
    """``_share_noun`` at every elided adjective phrase of a clause's parts."""
    for k, q in enumerate(parts):
        if isinstance(q, NP) and q.kind == "elided" and (k == 0 or not (isinstance(parts[k - 1], P)
                                                                      and parts[k - 1].kind in ("and", "or"))):
            parts = _share_noun(parts, k)
    return parts


# ---------------------------------------------------------------- the checks of a unit's abilities
# (``frames_ability.ability`` asks them of every ability it returns)
def _self_relative(c: A.Condition) -> bool:
    """«пока оно не стоит рядом с ней»: two pronouns of different genders both read as the one
    card named before (``it``) — «it stands next to itself» is never meant, so the unit is
    Opaque rather than typed wrong."""
    if c.subject is None or c.subject.noun != N.IT:
        return False
    stack = [p for p in c.params if isinstance(p, A.Relation)]
    while stack:
        r = stack.pop()
        if isinstance(r.to, A.Selector):
            if r.to.noun == N.IT:
                return True
            stack.extend(r.to.relations)
    return False


# (the lookbehind after the first letter, as «(?<![\w-]п)»: the same matches, but a literal the
# engine looks for instead of a lookbehind tried at every offset of every unit)
_OPPONENT_WORD = re.compile(r"п(?<![\w-]п)ротивника(?![\w-])")


def _enemy_marks(nodes, enough: int, memo: dict | None = None) -> int:
    """How often an AST says «the opponent's»: an enemy side, the opponent, a value naming the
    enemy / the opponent (half:enemy, row:2:enemy, end_of_opponent_turn, from_enemy_creature …)
    — counted until ``enough`` (all the caller asks is whether there are that many)."""
    n = 0
    # (each node from the unit's walk of the ability — ``memo``: the wrapper walks it next —, its
    # leaf fields read all at once; the nodes in its fields and tuples are the walk's: the same
    # count as following every field)
    for g in nodes:
        for x in nodes_in(g, memo):
            cls = x.__class__
            if cls is A.Selector and x.noun == N.OPPONENT:
                n += 1
            elif cls is A.Action and x.verb == V.TAKE_CONTROL and "give" in x.params:
                n += 1                       # «переходит под контроль противника»
            for v in _FIELD_VALUES[cls](x):
                if isinstance(v, str):
                    if "enemy" in v or "opponent" in v:
                        n += 1
                elif v and isinstance(v, (tuple, list)):
                    n += _enemy_leaves(v)
            if n >= enough:
                return n
    return n


def _values_of(cls: type):
    """A function giving the values of ``cls``'s fields (span left out) as one tuple."""
    names = _field_names(cls)
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        return lambda node, name=names[0]: (getattr(node, name),)
    return lambda node: ()


_FIELD_VALUES = {cls: _values_of(cls) for cls in A.NODE_TYPES.values()}


def _enemy_leaves(v) -> int:
    """How many strings naming the enemy / the opponent a field holds outside its nodes."""
    if isinstance(v, str):
        return 1 if "enemy" in v or "opponent" in v else 0
    if isinstance(v, (tuple, list)):
        return sum(_enemy_leaves(x) for x in v if not isinstance(x, A.Node))
    return 0


def life_items(parts: list, i: int) -> tuple[list, int] | None:
    """«с {health} 3 или менее», «с 3 {health} или более» (the number after the icon, or the bound
    after the noun) at the «с» ``parts[i]`` → life_max / life_min, as «с 3 или менее {health}»;
    None for an exact value (no qualifier says it) or anything else."""
    np, k = parts[i + 1], i + 2
    if np.count and np.count[0] == "n" and isinstance(np.count[1], int):
        n = np.count[1]
    elif not np.count and k < len(parts) and isinstance(parts[k], P) and parts[k].kind == "bare" \
            and _NUM.fullmatch(parts[k].v):
        n, k = int(parts[k].v[4:]), k + 1
    else:
        return None
    if np.adjs or np.opp or not (k < len(parts) and isinstance(parts[k], P) and parts[k].kind in ("orless", "ormore")):
        return None
    return [f"{Q.LIFE_MAX if parts[k].kind == 'orless' else Q.LIFE_MIN}:{n}"], k + 1


_CASE_END = re.compile(r"(?:ыми|ими|ами|ями|ого|его|ому|ему|ая|яя|ое|ее|ые|ие|ой|ей|ую|юю|ых|их|ым|им|ом|ем|ам|ям|ах|ях"
                       r"|ов|ев|а|я|о|е|ы|и|у|ю|ь)$")


def marker_name(name: str) -> str:
    """A marker's name in any case form («гнезда», «гнездом», «с «вратами»», «ледяной коркой») →
    one key: each word without its case ending (ё as е; a stem under three letters is kept
    whole), so every mention on a card names the same marker (F6)."""
    out = []
    for word in name.replace("ё", "е").split(" "):
        stem = _CASE_END.sub("", word)
        out.append(stem if len(stem) >= 3 else word)
    return " ".join(out)
