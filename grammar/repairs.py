"""Source defects of card text, each repaired with a located note (``icons.Repair``).

The sources damage the text in known ways (../shared/corpus, docs/grammar.md «Source
notations»): berserk-nxt drops the «» around a granted ability and leaves the spaces where
they were, writes «nan» for no text, keeps editorial errata markers, puts a space between an
icon and its number; every source can carry control characters, no-break spaces, Latin
look-alike letters inside Russian words and doubled spaces; tgbot writes the variable as a
Cyrillic «Х».  Every pass below reports what it changed (kind, offset in the text as it was
when the pass ran — the passes run in a fixed order —, and a detail), never silently.

Also here: ``split_units``, the ability sentences of one canonical line (at «.» outside «»
and (), and at the glue points berserk-nxt leaves without a full stop).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Repair:
    """One change made to the source text, for the maintainer's report."""

    kind: str          # broken-strike | lost-strike | lost-icon | split | unknown-icon | …
    position: int      # offset in the text as it was when the repair ran
    detail: str

    def __str__(self) -> str:
        return f"{self.kind} @{self.position}: {self.detail}"


def sub_noted(pattern: re.Pattern, repl: str | Callable[[re.Match], str], text: str, kind: str,
              notes: list[Repair], detail: str | Callable[[re.Match, str], str]) -> str:
    """``pattern.sub`` that records a Repair for every match it really changed."""
    out, last = [], 0
    for m in pattern.finditer(text):
        new = repl(m) if callable(repl) else repl
        if new == m.group(0):
            continue
        notes.append(Repair(kind, m.start(), detail(m, new) if callable(detail) else detail))
        out.append(text[last:m.start()])
        out.append(new)
        last = m.end()
    if last == 0:
        return text
    out.append(text[last:])
    return "".join(out)


# ---------------------------------------------------------------- characters
_LOOKALIKE = str.maketrans("aceopxykmtbhACEOPXYKMTBH", "асеорхукмтвнАСЕОРХУКМТВН")
_MIXED_WORD = re.compile(r"\b(?=\w*[а-яёА-ЯЁ])(?=\w*[a-zA-Z])\w+\b")
# (the lookbehind after the letter, as «(?<!X.)», dotall: the same matches, and the engine
# scans for «Х» instead of trying the lookbehind at every offset)
_VARIABLE_CYRILLIC = re.compile(r"[Хх](?<![^\W\d_].)(?![^\W\d_])", re.DOTALL)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200d\ufeff\u00ad]")
_MINUS = re.compile(r"−|–(?=\s*\d)")
_LATIN = re.compile(r"[a-zA-Z]")


def _demix(m: re.Match) -> str:
    """A word of Cyrillic and Latin letters: the Latin look-alikes made Cyrillic, but only when
    that leaves no Latin letter (a real Latin word is never touched)."""
    word = m.group(0)
    fixed = word.translate(_LOOKALIKE)
    return fixed if not _LATIN.search(fixed) else word


_UNCLOSED_QUOTE = re.compile(r"«(?P<inner>[^«»()]*)(?=\))")


def quotes(text: str, notes: list[Repair]) -> str:
    """«(воздействие «ядовитый взрыв)»: a « whose » is missing before the «)» that ends the
    parenthesis → » restored there."""
    if "«" not in text:
        return text
    return sub_noted(_UNCLOSED_QUOTE, lambda m: "«" + m.group("inner") + "»", text,
                     "unbalanced-quote", notes, "missing » restored before «)»")


_ODD_CHAR = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200d\ufeff\u00ad\u00a0]")
# a Latin letter next to a Cyrillic one (anchored on the Latin letter: far rarer in the text)
_MIXED = re.compile(r"[a-zA-Z](?:(?<=[а-яёА-ЯЁ].)|(?=[а-яёА-ЯЁ]))", re.DOTALL)
_NBSP = re.compile("\u00a0")


# any text a pass of ``characters`` changes: one of the characters its passes look for, each
# followed by the pass's own test (a lookbehind on the character just taken) — one scan of the
# text where the passes' gates were three (most texts hold none: the passes are skipped)
_CHAR_GATE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200d\ufeff\u00ad\u00a0a-zA-ZХх−–]"
                        r"(?:(?<=[\x00-\x08\x0b-\x1f\x7f\u200b-\u200d\ufeff\u00ad\u00a0−])"
                        r"|(?<=[a-zA-Z])(?:(?<=[а-яёА-ЯЁ].)|(?=[а-яёА-ЯЁ]))"
                        r"|(?<=[Хх])(?<![^\W\d_].)(?![^\W\d_])"
                        r"|(?<=–)(?=\s*\d))", re.DOTALL)


def characters(text: str, notes: list[Repair]) -> str:
    if not _CHAR_GATE.search(text):
        return text
    # each pass runs only where its defect can be (the gates are single cheap searches)
    if _ODD_CHAR.search(text):
        text = sub_noted(_CONTROL, "", text, "control-char", notes,
                         lambda m, n: f"U+{ord(m.group(0)):04X} removed")
        text = sub_noted(_NBSP, " ", text, "nbsp", notes, "no-break space → space")
    if _MIXED.search(text):
        text = sub_noted(_MIXED_WORD, _demix, text, "latin-lookalike", notes,
                         lambda m, n: f"«{m.group(0)}» → «{n}» (Latin look-alike letters)")
    text = sub_noted(_VARIABLE_CYRILLIC, "X", text, "variable-letter", notes,
                     "Cyrillic Х as the variable → X")
    if "−" not in text and "–" not in text:
        return text
    return sub_noted(_MINUS, "-", text, "minus-sign", notes, "− → -")


# ---------------------------------------------------------------- spacing and markers
_ERRATA = re.compile(r"\[\s*Эррата\s+(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\s*\]\s*")
# (each pass with the substrings one of which every match of it holds: a pass runs only where
# one is — the passes run in order on the text the one before left, so each asks that text)
_SPACING = (
    (re.compile(r"(?<=[а-яё])(?=[+-]\d)"), " ", "missing-space", "space inserted before a sign", ("+", "-")),
    (re.compile(r"(\{(?:ova|ovz|ovs|regen|armor|stamina|move)\}):?\s+(?=\d)"), None, "icon-spacing",
     "«{code} N» → «{code}N»", ("}",)),
    (re.compile(r"[ \t]{2,}"), " ", "double-space", "spaces → one", ("  ", " \t", "\t ", "\t\t")),
    (re.compile(r" +(?=[.,;:)])"), "", "space-before-punct", "space before punctuation removed",
     (" .", " ,", " ;", " :", " )")),
    (re.compile(r"(?<=\() +"), "", "space-after-paren", "space after «(» removed", ("( ",)),
)


# any text a spacing pass would change (anchored on the rare characters: a sign, «}», a space
# or tab before a space or punctuation, «( » — not on every letter)
_SPACING_GATE = re.compile(r"[+-](?<=[а-яё].)\d|\}:?\s+\d| [ \t.,;:)]|\t[ \t]|\( ", re.DOTALL)


# (the gate's alternatives one by one: substring tests, the two regexes only where their sign
# or «}» is — one alternation tried at every offset cost more than the passes it spared)
_SIGN_GATE = re.compile(r"[+-](?<=[а-яё].)\d", re.DOTALL)
_ICON_NUMBER_GATE = re.compile(r"\}:?\s+\d")


def needs_spacing(text: str) -> bool:
    """``_SPACING_GATE.search(text)``, or a tab (which it may not need).  Of a text that does
    not need the pass no part needs it (each of its matches is a few characters in a row)."""
    return "  " in text or " ." in text or " ," in text or " ;" in text or " :" in text \
        or " )" in text or "\t" in text or "( " in text \
        or (("+" in text or "-" in text) and _SIGN_GATE.search(text) is not None) \
        or ("}" in text and _ICON_NUMBER_GATE.search(text) is not None)


def spacing(text: str, notes: list[Repair]) -> str:
    if not needs_spacing(text):
        return text.strip()
    for pattern, repl, kind, detail, needs in _SPACING:
        if not any(n in text for n in needs):
            continue
        text = sub_noted(pattern, repl if repl is not None else (lambda m: m.group(1)), text,
                         kind, notes, detail)
    return text.strip()


def errata(text: str, notes: list[Repair]) -> str:
    if "[" not in text:
        return text
    return sub_noted(_ERRATA, "", text, "errata-marker", notes,
                     lambda m, n: "editorial «[Эррата {}.{}.{}]» removed (the text is the "
                                  "corrected one)".format(*m.groups()))


# ---------------------------------------------------------------- granted abilities
_COST_HEAD = (r"(?:(?:X|\d+)\s*\{counter\}|\{(?:instant|counter|tap)\})"
              r"(?:\s*\{(?:instant|counter|tap)\})*\s*:|\{(?:first|second)\}\s*:")
# (the word boundary before the verb as «(?<!\w.)» after its first letter, dotall: the same
# matches, and the engine scans for the letter instead of trying a boundary at every offset)
_GRANT = re.compile(r"(?P<verb>[Ии](?<!\w.)ме(?:ет|ют)|[Пп](?<!\w.)олуча(?:ет|ют)) (?P<gap> ?)"
                    r"(?=(?P<head>(?:X ?)?(?:\{(?:tap|counter|instant)\}\s*)+:|\{instant\}\s*,|"
                    r"(?:Не|Если|Когда|Пока|При|Может|Могут|Вместо)\b))", re.DOTALL)
_TRAILING_DURATION = re.compile(r"\s+до конца (?:вашего |следующего )?(?:хода|боя)(?: противника)?$")


_GRANT_VERBS = ("олучает ", "олучают ", "меет ", "меют ")
# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_END_MARK = re.compile(r"\s{2,}[.,)]|(?<![}\s])\s+[.,](?=\s+[a-zа-яёA-ZА-ЯЁ{]|\s*$)")
_GLUED_COST = re.compile(r"(?<=\))\s+(?=" + _COST_HEAD + ")")
_SENTENCE_END = re.compile(r"\.(?=\s+[A-ZА-ЯЁ{X\d]|\s*$)")
_OR_WORD = re.compile(r" (?:или|либо) ")
_GRANT_HEAD = re.compile(r" ?(?:X ?\{|\{|(?:Не|Если|Когда|Пока|При|Может|Могут|Вместо)\b)")


def _may_grant(text: str) -> bool:
    """Is there a «получает / имеет» with a space and a head ``_GRANT`` needs after it?  (Every
    match of ``_GRANT`` is one; a find per verb instead of a scan for its first letter, which
    half the words of a text hold.)"""
    for verb in _GRANT_VERBS:
        i = text.find(verb)
        while i >= 0:
            if _GRANT_HEAD.match(text, i + len(verb)):
                return True
            i = text.find(verb, i + 1)
    return False


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def restore_granted(text: str, notes: list[Repair]) -> str:
    """berserk-nxt drops the «» around a granted ability.  The opening one is evidenced by a
    capital (or a cost) right after «получает / имеет» in mid-sentence; the closing one by the
    space it left before «.» or «)» — else the end of the sentence, less a trailing duration
    («до конца хода», which belongs to the gain).  Without closing evidence and with «или /
    либо» inside (the end is ambiguous) the text is left alone and the note says so."""
    if not _may_grant(text):
        return text
    out, pos = [], 0
    for m in _GRANT.finditer(text):
        # at the start of a line «Имеет X:» is the card's own ability, not a grant in
        # mid-sentence — a line start, not only the text's: a reader puts the printed icons
        # on lines before the text, and normalising that again must change nothing
        line_start = text[m.start() - 1:m.start()] in ("", "\n")
        if m.start() < pos or "«" in text[m.end():m.end() + 1] or line_start:
            continue
        start = m.end()
        tail = text[start:]
        end_mark = _END_MARK.search(tail)
        glue = _GLUED_COST.search(tail)
        sentence_end = _SENTENCE_END.search(tail)
        ends = [x.start() for x in (glue, sentence_end) if x]
        plain_end = min(ends) if ends else len(tail.rstrip())
        if end_mark and (m.group("gap") or end_mark.start() <= plain_end + 1):
            stop, how = end_mark.start(), "the space left by »"
        else:
            stop, how = plain_end, "the sentence end"
        inner = tail[:stop]
        d = _TRAILING_DURATION.search(inner)
        if d and how == "the sentence end":
            stop, how = d.start(), how + ", before the duration"
            inner = tail[:stop]
        if how.startswith("the sentence end") and _OR_WORD.search(inner):
            notes.append(Repair("unrestored-quotes", m.start(),
                                f"the ability granted by «{m.group('verb')}» has no evidence "
                                "where it ends: left as it is"))
            continue
        inner = inner.rstrip()
        if not inner:
            continue
        if not _balanced(inner):
            # «имеет X)»: a bracket closes outside the ability — where it ends is not certain
            notes.append(Repair("unrestored-quotes", m.start(),
                                f"the ability granted by «{m.group('verb')}» would hold an unmatched "
                                "bracket: left as it is"))
            continue
        out.append(text[pos:start])
        out.append("«" + inner + "»")
        pos = start + len(inner)
        notes.append(Repair("restored-quotes", m.start(),
                            f"«…» around the ability granted by «{m.group('verb')}» ({how})"))
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------- units
_UNIT_GLUE = re.compile(r"\s+(?=" + _COST_HEAD + r"|[+-]\s*\d|[A-ZА-ЯЁ])")
_MID_COST = re.compile(r"\s+(?:" + _COST_HEAD + ")")
_ORDER_AT = re.compile(r"\s*\{(?:first|second)\}\s*:")   # «…: {first}: …» lists the choices
# (compiled once: split_units runs per line) the marks: «» () . and a space before a cost head —
# the only space ``_MID_COST`` can take there (a space before any other number or icon was a
# mark the loop then passed over)
_UNIT_MARKS = re.compile(r"[«»().]| (?=" + _COST_HEAD + ")")
# without a «:» no cost head can follow a space (every cost head ends in one): only the marks
_UNIT_MARKS_NO_COST = re.compile(r"[«»().]")
# a space a cost head follows, and a «)» the glue of another ability follows: without them (and
# without a «.» before the end) no mark cuts a line, whatever its «» and () (``split_units``)
_SPACE_COST = re.compile(" (?=" + _COST_HEAD + ")")
_PAREN_GLUE = re.compile(r"\)" + _UNIT_GLUE.pattern)
_STOP = re.compile(r"\.(?=\s|$|\{)")
_WORD_BEFORE = re.compile(r"[\w})]\s*$")
_BARE_AMOUNT = re.compile(r"\s*(?:X|\d+)\s*")
_HEAD_OR_SIGN = re.compile(_COST_HEAD + r"|[+-]\s*\d")
_CAPITALISED = re.compile(r"[A-ZА-ЯЁ]\w*")
_GRANTS_BEFORE = re.compile(r"(?:имеет|имеют|получает|получают|получить)\s*$", re.IGNORECASE)
_ABILITY_STARTERS = frozenset({
    "При", "Когда", "Пока", "Если", "Строй", "Вальхалла", "Может", "Могут", "Не", "Получает",
    "Имеет", "Ваши", "Ваше", "Ваш", "Все", "В", "До", "После", "Инкарнация", "Инкарнирует",
    "Защита", "Броня", "Трупоедство", "Неповоротливость", "Игнорирует", "Существа", "Карты",
    "Вместо", "Каждое", "Прыжок", "Орда", "Вампиризм", "Максимум", "Направленный",
    "Безответный", "Разряд", "Выстрел", "Метание", "Телепортация", "Полет", "Полёт", "Добивание",
    "Отравление", "Регенерация", "Опыт", "Один", "Одно", "Особый", "Магический"})


def split_units(line: str, name: str = "") -> list[tuple[int, int, bool]]:
    """(start, end, glued) of each ability sentence of one canonical line: split at «.»
    outside «» and (), and where a source glued two abilities without a full stop — after a
    «)» followed by a cost head, a sign or a word that starts an ability («…(1 раз за ход)
    {tap}: …»), and before a cost head in mid-sentence («…на 1 {instant}{tap}: …»; never after
    «получает / имеет», which grant the ability that follows).  ``glued`` marks such a cut."""
    if line.find(".", 0, len(line) - 1) < 0 \
            and (":" not in line or " {" not in line and "{counter}" not in line or not _SPACE_COST.search(line)) \
            and (")" not in line or not _PAREN_GLUE.search(line)):
        # no mark can cut but a full stop at the very end (a line of canonical text is one unit):
        # no «.» before the end, no space a cost head follows (a cost head after a space starts
        # with «{» or holds «{counter}», and every one ends in «:»), no «)» glue follows — the
        # «» and () only decide whether such a mark cuts: the unit is the line without its end
        core = line.strip(" .")
        if not core:
            return []
        s = len(line) - len(line.lstrip(" ."))
        return [(s, s + len(core), False)]
    out: list[tuple[int, int, bool]] = []
    first_name = None
    begin, depth, quote = 0, 0, 0
    glued = False
    for m in (_UNIT_MARKS if ":" in line else _UNIT_MARKS_NO_COST).finditer(line):
        ch, i = m.group(), m.start()
        if ch == "«":
            quote += 1
        elif ch == "»":
            quote = max(0, quote - 1)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
            if depth or quote:
                continue
            rest = line[i + 1:]
            g = _UNIT_GLUE.match(rest)
            if g and first_name is None:
                first_name = (name.split() or [""])[0][:4].lower()
            if g and not rest[g.end():].lower().startswith(first_name or "\0") \
                    and _starts_ability(rest[g.end():]):
                out.append((begin, i + 1, glued))
                begin, glued = i + 1, True
        elif ch == ".":
            if not depth and not quote and _STOP.match(line, i):
                out.append((begin, i, glued))
                begin, glued = i + 1, False
        elif not depth and not quote and i > begin and _MID_COST.match(line, i):
            before = line[begin:i]
            if not _GRANTS_BEFORE.search(before) and (
                    _WORD_BEFORE.search(before) or _ORDER_AT.match(line, i) and before.rstrip().endswith(":")) \
                    and not _BARE_AMOUNT.fullmatch(before):
                out.append((begin, i, glued))
                begin, glued = i + 1, True
    out.append((begin, len(line), glued))
    res = []
    for s, e, g in out:
        seg = line[s:e]
        core = seg.strip(" .")            # (the unit without the spaces and stops around it)
        if core:
            s += len(seg) - len(seg.lstrip(" ."))
            res.append((s, s + len(core), g))
    return res


def _starts_ability(rest: str) -> bool:
    """Does the text after a «)» start a new ability?  A cost head or a sign always does; a
    capitalised word only when it is one of the words abilities start with (a proper noun in
    mid-sentence does not)."""
    if _HEAD_OR_SIGN.match(rest):
        return True
    word = _CAPITALISED.match(rest)
    return bool(word) and word.group(0) in _ABILITY_STARTERS
