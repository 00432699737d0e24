"""Source defects only the lexicon can see, each repaired with a located note (``Repair``).

* ``typo``: a lower-case word the lexicon does not know, one keystroke away from exactly one
  word form it does know («дальнность», «летаюшим», «каджую», «противнмка», «протвника») →
  that form.  One keystroke: a letter dropped, doubled or added, two neighbours swapped, or a
  key next to the right one on the Russian keyboard (ш/щ, и/м, п/р …).  A word inside «» (an
  effect's name), a word of the card's own name, and a word with more than one candidate are
  never touched.  Only unknown words are repaired, so a known word never changes meaning.
* ``restored-name-quotes``: berserk-nxt drops the «» around an effect's name after
  «воздействие / заклинание» («Воздействие черная метка когда …», «(воздействие ядовитый
  взрыв)»).  The name is the whole parenthesis, or else the words up to the first word that
  starts the effect — a verb, «когда / если / при …», a number or an icon, or a noun phrase
  that is the subject of a finite verb («уловка | существо теряет …»), or a word the lexicon
  does not know that has an infinitive's shape before its object (a later set's new verb:
  «свист | поменять двух …»).  The first word always belongs to the name; prepositions, «и» and
  commas only between name words.

Both passes run in ``grammar.icons.normalise`` after the character repairs, so the canonical
text of a card is the same whichever source notation it came from.
"""
from __future__ import annotations

import bisect
import os
import re

from grammar import lexicon, tokens, wordforms
from grammar.lexicon import classify, knows
from grammar.names import own_fixes, repair_own_name
from grammar.repairs import Repair
from grammar.tokens import fold, name_re

# ------------------------------------------------------------------ typos
_ROWS = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")
_NEAR: dict[str, str] = {}
for _row in _ROWS:
    for _i, _ch in enumerate(_row):
        _NEAR[_ch] = _NEAR.get(_ch, "") + _row[max(0, _i - 1):_i] + _row[_i + 1:_i + 2]
_PAIRS: dict[str, str] = {}
for _a, _b in (("е", "ё"), ("и", "й"), ("ь", "ъ"), ("ш", "щ")):
    for _m in (_NEAR, _PAIRS):
        _m[_a] = _m.get(_a, "") + _b
        _m[_b] = _m.get(_b, "") + _a
_LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
# Consonants no Russian inflectional ending holds: one of them between the two vowels of an
# ending («воздействи-н-е») is a stray key, not an ending the lexicon has not listed
_NEVER_ENDING = frozenset("бджзкнпрфцчщ")
_VOWELS = frozenset("аеёиоуыэюя")
# The «not after a word» lookbehinds stand after the first letter (as «(?<!X.)», dotall): the
# same matches, but the pattern starts with a letter class the engine scans for instead of
# trying the lookbehind at every offset (3–4× faster per text; normalise runs per card).
_PLAIN = re.compile(r"[а-яё](?<![\w\-«].)[а-яё]{4,}(?![\w\-])", re.DOTALL)
_WORD = re.compile(r"[А-ЯЁа-яё](?<![\w\-«].)[а-яё]{4,}(?![\w\-])", re.DOTALL)
_SENTENCE_START = re.compile(r"(?:^|\n|[.:—] )$")    # a capital word here starts a sentence
_QUOTED = re.compile(r"«[^«»]*»")
_MEMO: dict[tuple, str | None] = {}
_LETTERS_RUN = re.compile(r"[а-яё]+")
_RUN = re.compile(r"[А-ЯЁа-яё]+")          # every word the passes below look at is such a run


def _variants(w: str, upto: int | None = None) -> set[str]:
    """One keystroke away.  Never in the first two letters, nor a letter dropped or added in
    the last two (an ending the lexicon does not list is no typo: «меньшее», «равное») — save
    a consonant that no ending holds, between the two vowels of the ending of a word of six
    letters or more («воздействине» → «воздействие»); in a
    word shorter than seven letters only a doubled letter, two swapped neighbours and the
    look-alike pairs (ш/щ, е/ё, и/й) — short real words sit one keystroke from each other."""
    n = len(w)
    long = n >= 7
    last = n if upto is None else min(n, upto + 1)     # (``upto``: no change after that letter)
    # (a set filled in place, not a generator's yields: a long word has some 300 variants)
    out: set[str] = set()
    add = out.add
    for i in range(2, last):
        if i < n - 2 and (long or w[i] in (w[i - 1], w[i + 1])):
            add(w[:i] + w[i + 1:])                                # a letter too many
        elif i == n - 2 and n >= 6 and w[i] in _NEVER_ENDING and w[i - 1] in _VOWELS \
                and w[i + 1] in _VOWELS:
            add(w[:i] + w[i + 1:])                                # … even in the ending
        for c in (_NEAR.get(w[i], "") if long else _PAIRS.get(w[i], "")):
            add(w[:i] + c + w[i + 1:])                            # a neighbouring key
        if i + 1 < n and w[i] != w[i + 1]:
            add(w[:i] + w[i + 1] + w[i] + w[i + 2:])              # two letters swapped
    if long:
        for i in range(2, min(n - 2, last)):
            head, tail = w[:i], w[i:]
            out.update([head + c + tail for c in _LETTERS])        # a letter missing
    return out


def clear() -> None:
    """Forget the memoised corrections (``grammar.clear_cache``)."""
    _MEMO.clear()


def correction(word: str) -> str | None:
    """The one known word form one keystroke from an unknown ``word`` (folded), or None."""
    key = (word, lexicon._ONLY[0])
    if key in _MEMO:
        return _MEMO[key]
    found = _MEMO[key] = _correct(word)
    return found


_SETTLED: dict = {}


def settled() -> frozenset[str]:
    """The words of the multiword expressions (``grammar.tokens``) the lexicon does not know as
    words and no keystroke repairs («конца», «начале», «максимум»): most texts hold one, so
    their ``correction`` (None) is found once per rule restriction — from the grammar alone,
    never from a text — instead of once per cold pass."""
    only = lexicon._ONLY[0]
    hit = _SETTLED.get(only)
    if hit is None:
        words = {w for rx, _make, _keys in tokens._MWE for w in re.findall(r"[а-яё]{5,}", rx.pattern)}
        hit = _SETTLED[only] = frozenset(w for w in words if classify(w) is None and _correct(w) is None)
    return hit


def _correct(word: str) -> str | None:
    """``correction`` without its memo."""
    found = None
    if not knows(word):
        rx = lexicon._bucket(word[:2])      # every variant keeps the first two letters
        if rx is not None:
            # a known form starts with a head or is a listed word: a variant changed after the
            # last letter ``word`` shares with every head and word is none (unless a head is a
            # prefix of ``word``), nor is one that starts with none of them
            heads, words, ordered = wordforms.heads(word[:2])
            if word.startswith(heads):
                upto = len(word)
            else:                               # (the longest shared start: at a neighbour)
                at = bisect.bisect(ordered, word)
                upto = max((len(os.path.commonprefix((h, word))) for h in ordered[max(0, at - 1):at + 1]),
                           default=0)
            # a variant the bucket's regex matches is a form of one of its rules: those that
            # expand by one set intersection, the others (``\w*``) by their regex
            variants = _variants(word, upto)
            hits = {v for v in variants & wordforms.known() if len(v) >= 4}
            rest = wordforms.unexpanded(word[:2])
            if rest is not None:
                starts = heads + words
                hits |= {v for v in variants if len(v) >= 4 and v.startswith(starts) and rest.match(v)}
            found = hits.pop() if len(hits) == 1 else None
    return found


_PAIR = re.compile(r"(?<![\w\-«])[а-яё]{2,} [а-яё]+(?![\w\-])")
_LOWER = re.compile(r"[а-яё](?<![\w\-«].)[а-яё]+(?= [а-яё])", re.DOTALL)   # (as _PLAIN)


def _split_words(text: str, notes: list[Repair]) -> str:
    """«противни ика»: two fragments the lexicon does not know whose join it knows (after the
    typo repair, if it needs one) → joined."""
    out, last = [], 0
    for m in _LOWER.finditer(text):
        if m.start() < last or classify(m.group(0)) is not None:
            continue
        pair = _PAIR.match(text, m.start())
        if not pair:
            continue
        a, b = pair.group(0).split(" ")
        joined = a + b
        if classify(b) is not None or not (knows(joined) or correction(joined)):
            continue
        notes.append(Repair("split-word", m.start(), f"«{a} {b}» → «{joined}» (a space inside a word)"))
        out.append(text[last:m.start()])
        out.append(joined)
        last = pair.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


_CYRILLIC_LOWER = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def _unknown_runs(text: str, low: str, unknown: set[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Each distinct word of ``text`` (a run of Cyrillic letters, as written) the lexicon does
    not know: lower-cased (what the typo passes classify) and folded (the own-name pass).
    ``low``: ``text.lower()``; ``unknown``: its runs the lexicon does not know."""
    if "ё" in low or len(low) != len(text):
        # (a folded word may be unknown where its «ё» form is known; a lower-casing that moves
        # letters: each run lower-cased and classified)
        pairs = {r: r.lower() for r in set(_RUN.findall(text))}
        lowered = {r: w for r, w in pairs.items() if classify(w) is None}
        return lowered, {r: f for r, f in ((r, w.replace("ё", "е")) for r, w in pairs.items())
                         if classify(f) is None}
    # the runs of ``text`` stand where those of ``low`` do: each unknown word's forms as written
    # are found where it stands (only unknown words are walked)
    lowered = {}
    end = len(low)
    for word in unknown:
        n = len(word)
        i = low.find(word)
        while i >= 0:
            if (not i or low[i - 1] not in _CYRILLIC_LOWER) and (i + n == end or low[i + n] not in _CYRILLIC_LOWER):
                lowered[text[i:i + n]] = word
            i = low.find(word, i + 1)
    return lowered, lowered


def _unknown_words(low: str) -> set[str]:
    """The words (runs of letters) of the lower-cased ``low`` the lexicon does not know: a set
    difference with the forms it surely knows (``wordforms``), the few left asked of
    ``classify``."""
    return {w for w in set(_RUN.findall(low)) - wordforms.known() if classify(w) is None}


def _alone(low: str, word: str) -> bool:
    """Is ``word`` (a run of ``low``) somewhere a word of ``_PLAIN``: not after a word
    character, «-» or «, nor before a word character or «-»?"""
    i, n = low.find(word), len(word)
    while i >= 0:
        j = i + n
        if (not i or not (low[i - 1].isalnum() or low[i - 1] in "_-«")) \
                and (j == len(low) or not (low[j].isalnum() or low[j] in "_-")):
            return True
        i = low.find(word, i + 1)
    return False


def _pair_in(text: str, pair: str) -> bool:
    """Does ``pair`` stand in ``text`` where ``_split_words`` can take it (its first word not
    inside another word, nor after «-» or «)?"""
    i = text.find(pair)
    while i >= 0:
        if not i or not (text[i - 1].isalnum() or text[i - 1] in "_-«"):
            return True
        i = text.find(pair, i + 1)
    return False


def _at_sentence_start(text: str, word: str) -> bool:
    """Can ``word`` stand where ``_SENTENCE_START`` sees a sentence start (text start, line
    start, after «. », «: », «— »)?  (A gate: a «yes» may be in the middle of another word.)"""
    return text.startswith(word) or any(head + word in text for head in ("\n", ". ", ": ", "— "))


def _may_mend(text: str, name: str | None, unknown: set[str], folded: set[str]) -> bool:
    """Can a pass of ``mend_typos`` change ``text``, whose runs of letters lower-case to as many
    letters, whose lower-cased words the lexicon does not know are ``unknown`` and whose folded
    ones ``folded``?  Asked of the words alone, before their runs are found: the own name's
    fixes exactly (of the runs' folded forms), the split word and the typo by substring tests a
    word that stands as the pass needs always passes (a yes may be a false one: the passes then
    decide)."""
    if name and own_fixes(name, {w: w for w in folded}):
        return True
    present = [w for w in unknown if w in text]           # (a lower-case run of the text is there)
    for a in present:
        # «a b» with ``b`` a fragment too (as ``_pair_in``: ``a`` not inside a word), whose join
        # the lexicon knows or repairs: the fragments after each «a » (no find per pair)
        if len(a) < 2:
            continue
        head = a + " "
        i = text.find(head)
        while i >= 0:
            if not i or not (text[i - 1].isalnum() or text[i - 1] in "_-«"):
                at = i + len(head)
                if any(text.startswith(b, at) and (knows(a + b) or correction(a + b)) for b in present):
                    return True
            i = text.find(head, i + 1)
    own = set(_LETTERS_RUN.findall((name or "").lower()))
    done = settled()
    # (the tests on the word alone first: most texts' unknown words are the own name's and the
    # multiword expressions', and then the text is not scanned for quotes and capitals at all)
    words = [w for w in unknown if len(w) >= 5 and w not in own and w.replace("ё", "е") not in done]
    if not words:
        return False
    outside = _QUOTED.sub(" ", text) if "«" in text else text       # (a quoted word is no typo)
    # a capital word is a typo only where ``_SENTENCE_START`` sees a sentence start: those words,
    # lower-cased, found once (one scan, not a few finds per unknown capital word)
    starts = {r.lower() for r in _CAPITAL_AT_START.findall(text)}
    first = _CAPITAL.match(text)
    if first:
        starts.add(first.group().lower())
    return any((w in outside or w in starts and w[0].upper() + w[1:] in outside)
               and correction(w.replace("ё", "е")) is not None for w in words)


# the capital words after a line break, «. », «: » or «— » (``_SENTENCE_START``), and at the start
_CAPITAL_AT_START = re.compile(r"[\n.:—](?:(?<=\n)|(?<=[.:—]) )([А-ЯЁ][а-яё]+)")
_CAPITAL = re.compile(r"[А-ЯЁ][а-яё]+")


def mend_typos(text: str, name: str | None, notes: list[Repair]) -> str:
    # Each pass below changes only words the lexicon does not know, and whether it can depends
    # on the word: the text's distinct unknown words, found once, tell which passes can change
    # it at all (most texts: none — their unknown words are names and the words of multiword
    # expressions the lexicon does not list)
    low = text.lower()
    unknown = _unknown_words(low)
    # every word of ``_PLAIN`` (five letters or more, each one of the runs) known: no repair
    if not any(len(w) >= 5 and _alone(low, w) for w in unknown):
        return text
    if len(low) == len(text):
        # (the own-name pass asks the runs' folded forms: with a «ё», those the lexicon does not
        # know; without, the unknown words themselves)
        folded_words = unknown if "ё" not in low else \
            {f for f in {w.replace("ё", "е") for w in _RUN.findall(low)} if classify(f) is None}
        if not _may_mend(text, name, unknown, folded_words):
            return text
    lowered, folded = _unknown_runs(text, low, unknown)
    own = set(_LETTERS_RUN.findall((name or "").lower()))
    if folded:
        mended = repair_own_name(text, name, notes, folded)  # «Ледового охотика» (names.py)
        if mended != text:
            text = mended
            low = text.lower()
            unknown = _unknown_words(low)
            lowered, folded = _unknown_runs(text, low, unknown)
    # a split word: two lower-case fragments the lexicon does not know, one space apart, whose
    # join it knows (the memoised ``correction`` the pass then asks again)
    fragments = [w for run, w in lowered.items() if run == w]
    firsts = [a for a in fragments if len(a) > 1 and a + " " in text]
    if any(_pair_in(text, a + " " + b) and (knows(a + b) or correction(a + b))
           for a in firsts for b in fragments):
        mended = _split_words(text, notes)
        if mended != text:
            text = mended
            low = text.lower()
            unknown = _unknown_words(low)
            lowered, folded = _unknown_runs(text, low, unknown)
    # a typo: a word of five letters or more outside «», lower-case but for its first letter,
    # a capital one at a sentence start, that has a correction
    words = [(run, w) for run, w in lowered.items()
             if len(run) >= 5 and w not in own and run[1:] == w[1:]
             and (run[0] == w[0] or _at_sentence_start(text, run))]
    if words and "«" in text:
        outside = _QUOTED.sub(" ", text)
        words = [(run, w) for run, w in words if run in outside]
    if not any(correction(w.replace("ё", "е")) is not None for _run, w in words):
        return text
    quoted = [m.span() for m in _QUOTED.finditer(text)] if "«" in text else []
    out, last = [], 0
    for m in _WORD.finditer(text):
        w = m.group(0)
        lw = w.lower()
        if lw in own or classify(lw) is not None:
            continue
        if w[0] != lw[0] and not _SENTENCE_START.search(text, max(0, m.start() - 2), m.start()):
            continue                      # a capital in mid-sentence: a name
        if quoted and any(s < m.start() < e for s, e in quoted):
            continue
        fixed = correction(lw.replace("ё", "е"))
        if fixed is None:
            continue
        if w[0] != lw[0]:
            fixed = fixed[0].upper() + fixed[1:]
        notes.append(Repair("typo", m.start(), f"«{w}» → «{fixed}» (one keystroke from a known word)"))
        out.append(text[last:m.start()])
        out.append(fixed)
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# ------------------------------------------------------------------ effect names without «»
_NAMED_HEAD = re.compile(r"(?:[Вв](?<![\w«].)оздействи|[Зз](?<![\w«].)аклинани)[ея][ \t]+(?=[^\s«\"“„—–\-:.,(])",
                         re.DOTALL)                                    # (lookbehind as _PLAIN)
_PAREN_NAME = re.compile(r"\(((?:[Вв]оздействие|[Зз]аклинание)[ \t]+)([^()«»\"“„{}\d]+?)\s*\)")
_TOKEN = re.compile(r"[\w\-']+|\{[^{}]*\}|[^\s\w]")
_JOINERS = {"AND", "OR"}
_NOMINAL = {"NOUN", "ADJ", "PART", "OPP", "ALLW", "NUMW", "PRON", "SELFW", "SELF"}
_FINITE = ("3sg", "3pl", "3sg_refl", "3pl_refl")


def _klass(word: str) -> str | None:
    """The word class of one token of the text after the head: None for a word the lexicon
    does not know (a name word), PUNCT for punctuation, icons and numbers."""
    if not word[:1].isalpha():
        return "PUNCT"
    k = classify(word.lower().replace("ё", "е"))
    return k[0] if k else None


def _starts_body(toks: list[re.Match], j: int, k: str) -> bool:
    """Whether the effect's text starts at the known word ``toks[j]`` of class ``k``."""
    if k not in _NOMINAL:
        return True
    # a noun phrase starts the effect when it is a finite verb's subject; a noun right before
    # an infinitive is still the name («дар силы | свести …»)
    for t in toks[j + 1:]:
        w = t.group(0)
        kk = _klass(w)
        if kk in ("VERB", "MODAL"):
            return kk == "MODAL" or lexicon.verb_form(w.lower()) in _FINITE or t.start() > toks[j].end() + 1
        if kk == "PUNCT" and w in ".;:—":
            break
    return True


# an unknown word of an infinitive's shape («поменять», «изгнать», «свести») after the name's
# first word and before a word the lexicon knows («свист | поменять двух …»): the effect's verb
# a list taught no lexicon yet, not a name word — berserk-nxt starts the effect's body with its
# verb (issue 9: a later set brings new verbs); before another unknown word it stays in the
# name («а мне летать охота»), and before a verb it is a noun («вечная память | ранить …»)
_INFINITIVE = re.compile(r"[а-яё]{3,}(?:[аяеиыу]ть|[аяеиыу]ться|сти|чь)")


def _own_object(toks: list[re.Match], j: int, own: dict[int, int]) -> bool:
    """Whether the card's own name starts at ``toks[j]`` and no verb follows it («изгнать
    Перевертыша, …»: the verb's object; «память Перевертыша ранить …»: a name's genitive)."""
    end = own.get(toks[j].start())
    if end is None:
        return False
    after = next((t for t in toks[j:] if t.start() >= end), None)
    return after is None or _klass(after.group(0)) not in ("VERB", "MODAL")


def _name_end(toks: list[re.Match], own: dict[int, int] | None = None) -> int:
    """How many tokens of ``toks`` make the name (0: no name to restore); ``own``: where the
    card's own name starts and ends in the text (an object the effect's verb may take)."""
    own = own or {}
    if not toks or _klass(toks[0].group(0)) in ("PUNCT", "OPP"):
        return 0                          # «заклинания противника стоят …»: whose, not a name
    if _klass(toks[0].group(0)) in ("VERB", "MODAL"):
        return 0                          # «ваши заклинания наносят …»: the verb of the noun
    end, j = 1, 1
    while j < len(toks):
        w = toks[j].group(0)
        k = _klass(w)
        if k is None and _INFINITIVE.fullmatch(w.lower()) and j + 1 < len(toks) \
                and (_klass(toks[j + 1].group(0)) not in (None, "PUNCT", "VERB", "MODAL")
                     or _own_object(toks, j + 1, own)):
            break                         # (not before an unknown word: «… летать охота», nor a verb)
        if k is None:
            end = j = j + 1
        elif w == "," or k in _JOINERS or k.startswith("P_"):
            # inside the name only before a word the lexicon does not know
            if j + 1 < len(toks) and _klass(toks[j + 1].group(0)) is None:
                j += 1
            else:
                break
        elif _starts_body(toks, j, k):
            break
        else:
            end = j = j + 1
    return end


# any text ``restore_names`` can change: a head of ``_NAMED_HEAD`` or of ``_PAREN_NAME`` with
# what must follow it (one scan for their common letters, no lookbehind; most texts quote the
# name, and a «» after the head is neither)
_NAMES_GATE = re.compile(r"(?:оздействи|аклинани)(?:[ея][ \t]+[^\s«\"“„—–\-:.,(]|е[ \t]+[^()«»\"“„{}\d])")


def restore_names(text: str, notes: list[Repair], name: str | None = None) -> str:
    if ("оздейств" not in text and "аклинани" not in text) or _NAMES_GATE.search(text) is None:
        return text
    own_rx = name_re(name) if name else None
    text = _PAREN_NAME.sub(lambda m: _paren(m, notes), text)
    out, last = [], 0
    for m in _NAMED_HEAD.finditer(text):
        line_end = text.find("\n", m.end())
        rest = text[m.end():line_end if line_end >= 0 else len(text)]
        toks = list(_TOKEN.finditer(rest))
        own = {m.start(): m.end() for m in own_rx.finditer(fold(rest))} if own_rx is not None else {}
        end = _name_end(toks, own)
        if not end or end == len(toks):
            continue                      # nothing after the name: not a dropped «»
        stop = m.end() + toks[end - 1].end()
        name = text[m.end():stop]
        notes.append(Repair("restored-name-quotes", m.end(),
                            f"«{name}» (berserk-nxt drops the «» of an effect's name)"))
        out.append(text[last:m.end()])
        out.append(f"«{name}»")
        last = stop
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _paren(m: re.Match, notes: list[Repair]) -> str:
    notes.append(Repair("restored-name-quotes", m.start(2),
                        f"«{m.group(2)}» (berserk-nxt drops the «» of an effect's name)"))
    return f"({m.group(1)}«{m.group(2)}»)"
