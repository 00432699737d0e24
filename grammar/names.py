"""Names inside card text that a source spells or marks wrongly, each repaired with a located
note (``Repair``): effect names against the closed vocabulary of known names, and marker names
that berserk-nxt writes without their «».

* ``misspelt-name``: the «name» of an effect or spell («Воздействие «…»», «Заклинание «…»»)
  that is not a known name, but within a small edit distance of exactly one known name («шит
  света», «предсметный дар») → that name.  The distance allowed grows with the name (1 below
  ten letters, 2 from ten), a name shorter than six letters is never touched, and a second
  known name within the allowed distance leaves the name as it is (no guess between two).
* ``misspelt-name`` of the card's own name (``repair_own_name``, called by the typo pass):
  «Ледового охотика» for Ледовый охотник → «охотника» (one keystroke from a name word's stem).
* ``restored-marker-quotes``: «маркер[ы] врата», «получает маркер дрожь (…)» → the name in «».
  The name is the run of words the lexicon does not know after the noun (not a finite verb:
  «маркер исчезает» is a marker that disappears); its end is certain
  only when what follows is punctuation, the end of the line or a word that cannot continue a
  name (a preposition, a verb …) — before a noun or an adjective it is left alone.  A marker
  named in the card (quoted or restored) is then quoted where the card names it again without
  the noun («клетку с вратами», «переместить дрожь»): the same stem, a word the lexicon does not
  know, so it can be nothing but that name.

Both run in ``grammar.icons.normalise`` (after the «» of effect names are restored, before the
typo repair, which leaves quoted words alone) and are idempotent: a repaired name is known, a
quoted marker name is not bare any more.
"""
from __future__ import annotations

import re
from functools import lru_cache

from grammar.lexicon import classify, verb_form
from grammar.repairs import Repair
from grammar.tokens import _NAME_SPLIT, fold, name_stems

# The names of effects and spells of the development list («Война стихий», tgbot notation, the
# source that quotes every name; ё folded).  Names only, never text; a later set adds names this
# does not know, which are then left as they are (only a near-miss of a known name is repaired).
KNOWN_EFFECT_NAMES = frozenset({
    "адское зловоние", "боевое исступление", "взгляд василиска", "взгляд медузы", "взрыв",
    "власть ундины", "возврат во времени", "волхвование при луне", "волшебная пыльца",
    "вскипающий яд", "все пропало", "гипноз", "дар силы", "дверь измерений", "интриги",
    "коварный подкуп", "крик баньши", "ледяной дождь", "магический трюк", "мерзкая аура",
    "могильная хватка", "мороз, мгла и ливень", "нестерпимый жар", "оглушение", "оковы льда",
    "оцепенение", "песчаные когти", "пикирование", "пиратская удаль", "пламя бездны",
    "последний путь", "потеря памяти", "предсмертный дар", "разжигание костра", "рэккендум",
    "свет фонаря", "сладострастная аура", "таран", "удар молота", "удача", "ужас",
    "украсть оружие", "уловка", "цветущие руны", "цепи анубисара", "частица души",
    "черная метка", "штопор", "щелчок хлыста", "щит света", "ядовитый взрыв",
})
MIN_NAME = 6          # a shorter name is never repaired: short names sit close to each other


def distance(a: str, b: str, limit: int = 2) -> int:
    """Edit distance (insert, delete, replace, swap two neighbours) between ``a`` and ``b``;
    anything over ``limit`` is reported as ``limit + 1``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)


@lru_cache(maxsize=8192)
def known_name(name: str, vocabulary: frozenset[str] = KNOWN_EFFECT_NAMES) -> str | None:
    """The one name of ``vocabulary`` a misspelt ``name`` (folded) stands for, or None.  Cached:
    an edit distance against every known name is ≈ 30 % of reading a big list (issue 16), and a
    list names the same few effects again and again."""
    if name in vocabulary or len(name) < MIN_NAME:
        return None
    limit = 1 if len(name) < 10 else 2
    near = [k for k in vocabulary if distance(name, k, limit) <= limit]
    return near[0] if len(near) == 1 else None


# (the «not after a word» lookbehind after the first letter, as «(?<!X.)», dotall, and which word
# follows by a lookbehind on that letter: the same matches, and the pattern starts with one letter
# class the engine scans for — an alternation of two is tried at every offset)
_EFFECT_NAME = re.compile(r"[ВвЗз](?<![\w].)(?:(?<=[Вв])оздействи|(?<=[Зз])аклинани)[еяию][ \t]*(?:[—–-][ \t]*)?"
                          r"«(?P<name>[^«»]+)»", re.DOTALL)


def repair_effect_names(text: str, notes: list[Repair]) -> str:
    if "«" not in text or ("оздействи" not in text and "аклинани" not in text):
        return text
    out, last = [], 0
    for m in _EFFECT_NAME.finditer(text):
        name = m.group("name")
        # spacing is the spacing pass's to repair (``double-space``), not a misspelling
        key = " ".join(name.split()).lower().replace("ё", "е")
        # (a known name is no misspelling: ``known_name`` says so too, after its cache)
        fixed = known_name(key) if key not in KNOWN_EFFECT_NAMES else None
        if fixed is None:
            continue
        if name[:1].isupper():
            fixed = fixed[0].upper() + fixed[1:]
        notes.append(Repair("misspelt-name", m.start("name"),
                            f"«{name}» → «{fixed}» (near a known effect name, and near no other)"))
        out.append(text[last:m.start("name")])
        out.append(fixed)
        last = m.end("name")
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# ------------------------------------------------------------------ marker names without «»
# (the lookbehind after the first letter, as «(?<!X.)», dotall: the same matches, and the pattern
# starts with a letter class the engine scans for instead of trying the lookbehind everywhere)
_MARKER = re.compile(r"[Мм](?<![\w«\"“„].)аркер(?:ы|а|ов|ом|ами)?[ \t]+", re.DOTALL)
_QUOTED_MARKER = re.compile(r"[Мм](?<![\w«\"“„].)аркер(?:ы|а|ов|ом|ами)?[ \t]+«(?P<name>[а-яё]+)»", re.DOTALL)
_NAME_WORD = re.compile(r"[а-яё]+(?![\w\-])")
_BARE_WORD = re.compile(r"(?<![\w«\"“„])\w+(?![\w»\"”\-])")
_LETTERS = frozenset("абвгдежзийклмнопрстуфхцчшщъыьэюяё")
_NEXT = re.compile(r"[ \t]*(?P<tok>\n|[^\s\w]|[А-ЯЁа-яё]+|$)")
# what may follow a name and is certainly not part of it (the lexicon's word classes)
_NOT_NAME = {"NOUN", "ADJ", "PART", "NUMW", "ALLW", "OPP", "PRON", "SELFW", "SELF"}
# a finite verb's endings (an infinitive's «-сти», «-ть» end nouns too: «ловкости», «сеть»)
_FINITE = {"3sg", "3pl", "3sg_refl", "3pl_refl", "inf_refl"}


def _unknown(word: str) -> bool:
    return classify(word.replace("ё", "е")) is None


def _name_after(text: str, start: int) -> int:
    """The end of the marker name that starts at ``start`` (0: none, or its end uncertain)."""
    end = start
    pos = start
    while True:
        w = _NAME_WORD.match(text, pos)
        if not w or not _unknown(w.group(0)):
            break
        end = pos = w.end()
        if text[pos:pos + 1] != " ":
            break
        pos += 1
    if end == start or verb_form(text[start:end].split(" ")[0]) in _FINITE:
        return 0                          # «маркер исчезает»: an unknown verb, not a name
    after = _NEXT.match(text, end)
    if after is None:
        return 0                          # a digit or a Latin letter next: the end is not certain
    nxt = after.group("tok")
    if nxt.isalpha():
        k = classify(nxt.lower().replace("ё", "е"))
        if k is None or k[0] in _NOT_NAME:
            return 0                      # the name may go on: its end is not certain
    return end


def restore_markers(text: str, notes: list[Repair]) -> str:
    if "аркер" not in text:
        return text
    out, last = [], 0
    for m in _MARKER.finditer(text):
        end = _name_after(text, m.end())
        if not end:
            continue
        name = text[m.end():end]
        notes.append(Repair("restored-marker-quotes", m.end(),
                            f"маркер «{name}» (berserk-nxt drops the «» of a marker's name)"))
        out.append(text[last:m.end()])
        out.append(f"«{name}»")
        last = end
    if out:
        out.append(text[last:])
        text = "".join(out)
    return _quote_mentions(text, notes)


def _quote_mentions(text: str, notes: list[Repair]) -> str:
    """The card's one-word marker names, quoted where the card repeats them bare."""
    stems = {n[:-1] if len(n) >= 5 else n for n in (m.group("name").lower() for m in
             _QUOTED_MARKER.finditer(text)) if _unknown(n)}
    if not stems:
        return text
    out, last = [], 0
    # a mention is a whole word (nothing of a word or a quote either side) that is a stem and
    # up to three letters: each word tested with strings, no regex compiled per card
    for m in _BARE_WORD.finditer(text):
        w = m.group(0)
        low = w.lower()
        if not any(low.startswith(st) and len(low) - len(st) <= 3 and all(c in _LETTERS for c in low[len(st):])
                   for st in stems) or not _unknown(low):
            continue
        notes.append(Repair("restored-marker-quotes", m.start(),
                            f"«{w}» (the name of a marker of this card, without its «»)"))
        out.append(text[last:m.start()])
        out.append(f"«{w}»")
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# ------------------------------------------------------------------ the card's own name misspelt
_WORD_RE = re.compile(r"(?<![\w\-'’ʼ])[А-ЯЁа-яё]+(?![\w])")
_RUN = re.compile(r"[А-ЯЁа-яё]+")        # every word of _WORD_RE is one of these runs
MIN_OWN_STEM = 5          # a shorter stem is never repaired: one keystroke from too many words


def one_edit(a: str, b: str) -> bool:
    """``distance(a, b, 1) == 1``, in one scan (no table): ``a`` and ``b`` differ by one letter
    inserted, dropped or replaced, or two neighbours swapped (the own-name repair asks it for
    every cut of every unknown word)."""
    la, lb = len(a), len(b)
    if la < lb:
        a, b, la, lb = b, a, lb, la
    if la - lb > 1 or a == b:
        return False
    i = 0
    while i < lb and a[i] == b[i]:
        i += 1
    if la != lb:
        return a[i + 1:] == b[i:]                         # one letter more in ``a``
    return a[i + 1:] == b[i + 1:] or (a[i + 1:i + 2] == b[i:i + 1] and a[i:i + 1] == b[i + 1:i + 2]
                                      and a[i + 2:] == b[i + 2:])


def _own_fix(word: str, stems: list[str]) -> str | None:
    """The form of an own-name word a misspelt ``word`` (folded) stands for: ``word`` is a stem
    one keystroke off (``distance`` 1) plus an ending of up to four letters that starts with a
    vowel, ь or й, which is kept («охотика» → «охотника»); None when no stem or more than one
    form fits."""
    found = set()
    for stem in stems:
        if word[0] not in stem[:2] and word[1:2] not in stem[:2]:
            continue          # one keystroke keeps one of the first two letters in one of them
        if not len(stem) - 1 <= len(word) <= len(stem) + 5:
            continue          # (no cut below leaves a head one keystroke off and ≤ 4 letters after it)
        for cut in range(max(len(stem) - 1, 1), min(len(stem) + 1, len(word)) + 1):
            head, ending = word[:cut], word[cut:]
            if len(ending) <= 4 and (not ending or ending[0] in "аеиоуыэюяйь") and one_edit(head, stem):
                found.add(stem + ending)
    return found.pop() if len(found) == 1 else None


def _is_form(word: str, forms: list[tuple[str, str, str]]) -> bool:
    """Is ``word`` (folded) a form of one of the name's words, each given as ``_stem``'s (head,
    fleeting vowel, tail)?  The regex ``word_stem(w) + "[а-я]{0,4}"``, fully matched, checked
    with string tests: a regex compiled per card name cost more than the rest of the typo pass
    in a cold pass (a new card pays every compile; in a 35k build the names evict each other
    from Python's regex cache)."""
    for head, vowel, tail in forms:
        if not word.startswith(head):
            continue
        rest = word[len(head):]
        for mid in (vowel + tail, tail) if vowel else (tail,):
            if rest.startswith(mid) and len(rest) - len(mid) <= 4 \
                    and all("а" <= c <= "я" for c in rest[len(mid):]):
                return True
    return False


@lru_cache(maxsize=1024)
def _own_words(name: str) -> tuple:
    """(the name's folded words, the stems a typo is repaired against, each word's stem as
    ``_stem`` cuts it (for ``_is_form``), (the letters the stems start with, the shortest and
    longest word ``_own_fix`` can fix))."""
    cuts = name_stems(name)
    words = [w for w, _cut in cuts]
    stems = [h for _w, (h, v, _t) in cuts if v is None and len(h) >= MIN_OWN_STEM]
    gate = (frozenset("".join(s[:2] for s in stems)), min(map(len, stems)) - 1,
            max(map(len, stems)) + 5) if stems else (frozenset(), 1, 0)
    return words, stems, [(h, v or "", t) for _w, (h, v, t) in cuts], gate



def clear() -> None:
    """Forget the memos keyed by a name (``grammar.clear_cache``: a new card pays them)."""
    known_name.cache_clear()
    _own_words.cache_clear()

def own_fixes(name: str, unknown: dict[str, str]) -> dict[str, str]:
    """The words of ``unknown`` (as written → folded) ``repair_own_name`` would mend, each → its
    fix (before the checks of where it stands): no fix, no repair."""
    _words, stems, ok, (letters, low, high) = _own_words(name)
    fixes = {}
    for raw, w in unknown.items():
        # (``_own_fix``'s first tests for all stems at once: most words share no first letter)
        if not low <= len(w) <= high or (w[0] not in letters and w[1] not in letters):
            continue
        # (a form of a name word, which most words passing the test above are, has no fix:
        # asked before the cuts)
        if _is_form(w, ok):
            continue
        fixed = _own_fix(w, stems)
        if fixed is not None:
            fixes[raw] = fixed
    return fixes


def repair_own_name(text: str, name: str | None, notes: list[Repair],
                    unknown: dict[str, str] | None = None) -> str:
    """``misspelt-name`` of the card's own name in its text («Ледового охотика» for Ледовый
    охотник): a word the lexicon does not know, that no form of a name word matches, and that
    is one keystroke from a name word's stem (of five letters or more) plus an ending → that
    form.  In a name of several words, a word of the name spelt right must stand next to it
    (the name around the typo); a one-word name must be capitalised in the text.  ``unknown``:
    the text's words the lexicon does not know (as written → folded), when the caller has them."""
    if not name:
        return text
    words, stems, ok, _gate = _own_words(name)
    if not stems:
        return text
    # whether a word gets a fix depends on the word alone: decided once per distinct word, and
    # a text none of whose words has one (nearly every text) is not walked token by token
    if unknown is None:
        unknown = {raw: w for raw, w in ((raw, fold(raw)) for raw in set(_RUN.findall(text)))
                   if classify(w) is None}
    fixes = own_fixes(name, unknown)
    if not fixes:
        return text
    toks = list(_WORD_RE.finditer(text))
    out, last = [], 0
    for i, m in enumerate(toks):
        fixed = fixes.get(m.group(0))
        if fixed is None:
            continue
        if len(words) > 1:
            near = [toks[k] for k in (i - 1, i + 1) if 0 <= k < len(toks)]
            if not any(_is_form(fold(n.group(0)), ok) for n in near
                       if abs(n.start() - m.start()) < 40 and _NAME_SPLIT.fullmatch(text[min(n.end(), m.end()):max(n.start(), m.start())] or " ")):
                continue
        elif not m.group(0)[0].isupper():
            continue
        if m.group(0)[0].isupper():
            fixed = fixed[0].upper() + fixed[1:]
        notes.append(Repair("misspelt-name", m.start(),
                            f"«{m.group(0)}» → «{fixed}» (one keystroke from the card's own name)"))
        out.append(text[last:m.start()])
        out.append(fixed)
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
