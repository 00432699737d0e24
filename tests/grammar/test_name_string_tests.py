"""The name tests written with strings instead of a regex compiled per card (issue 16: a new card
paid a compile for each word of its name, and a marker's name, on every text — ~7 ms of a cold
pass of the dev corpus).  Each is checked here against the regex it replaced, which stays the
specification: ``names._is_form`` ≡ ``re.fullmatch(word_stem(w) + "[а-я]{0,4}", word)``, and
``names._quote_mentions`` finds exactly the words the old per-card alternation found."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from grammar.names import _QUOTED_MARKER, _is_form, _own_words, _quote_mentions, _unknown
from grammar.repairs import Repair
from grammar.tokens import _NAME_SPLIT, _stem, fold, word_stem

# letters that make the cases interesting: the fleeting vowels and the consonants after them
# (е/о + ц/к/н), endings, ё (outside [а-я]), a capital, a Latin letter, a digit
_LETTER = st.sampled_from("аеоуыияйьцкнтрсёЁАКzx1")
_WORD = st.lists(_LETTER, min_size=1, max_size=9).map("".join)


def _form_regex(name_word: str) -> str:
    return word_stem(name_word) + r"[а-я]{0,4}"


@settings(max_examples=1500, deadline=None)
@given(name_word=_WORD, word=_WORD, shared=st.integers(0, 8))
def test_is_form_is_the_form_regex(name_word, word, shared):
    name_word, word = fold(name_word), fold(word)
    word = name_word[:shared] + word            # (often sharing the stem, so that forms occur)
    head, vowel, tail = _stem(name_word)
    want = re.fullmatch(_form_regex(name_word), word) is not None
    assert _is_form(word, [(head, vowel or "", tail)]) is want


def test_is_form_on_names_with_a_fleeting_vowel():
    forms = _own_words("Утопец болотный")[2]
    assert _is_form("утопца", forms) and _is_form("утопец", forms) and _is_form("болотного", forms)
    assert _is_form("утопецкого", forms) and not _is_form("утопцами_", forms) and not _is_form("утопицы", forms)
    for w in ("утопца", "утопец", "болотного", "утопецкого", "утоп", "болотн", "утопицы", "утопцами_"):
        want = any(re.fullmatch(_form_regex(x), w) for x in _NAME_SPLIT.split(fold("Утопец болотный")))
        assert _is_form(w, forms) is want


def _old_quote_mentions(text: str, notes: list[Repair]) -> str:
    """``_quote_mentions`` of the code before stop 24 (one regex compiled per card)."""
    stems = {n[:-1] if len(n) >= 5 else n for n in (m.group("name").lower() for m in
             _QUOTED_MARKER.finditer(text)) if _unknown(n)}
    if not stems:
        return text
    rx = re.compile(r"(?<![\w«\"“„])(?:" + "|".join(map(re.escape, sorted(stems))) + r")[а-яё]{0,3}(?![\w»\"”\-])",
                    re.IGNORECASE)
    out, last = [], 0
    for m in rx.finditer(text):
        w = m.group(0)
        if not _unknown(w.lower()):
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


_PIECE = st.sampled_from(["Маркер «искра». ", "маркеры «пламя»", "искры", "Искрами", "искр", "искрой-", "«искры»",
                          "искрыш", "искры2", "пламени", "Пламя", " ", ", ", "-", "(", ")", "\"", "„", "пред-искры",
                          "ИСКРЫ", "искрё", "вода", "\n"])


@settings(max_examples=800, deadline=None)
@given(st.lists(_PIECE, max_size=14).map("".join))
def test_quote_mentions_is_the_old_per_card_regex(body):
    for text in ("Положите маркер «искра». " + body, body):
        notes: list[Repair] = []
        old_notes: list[Repair] = []
        assert _quote_mentions(text, notes) == _old_quote_mentions(text, old_notes)
        assert notes == old_notes


def test_quote_mentions_quotes_the_bare_name():
    notes: list[Repair] = []
    out = _quote_mentions("Положите маркер «искра». Уберите искры: ранить на 1.", notes)
    assert "«искры»" in out and [n.kind for n in notes] == ["restored-marker-quotes"]

