"""What the lexicon knows, in the shapes the spelling repair (``grammar.spelling``) asks it
fastest: a set of word forms it certainly knows, and the heads every form it knows starts with.

Both are derived from the lexicon alone (``grammar.lexicon``: its rules, closed words and
number words, under the ``restricted`` rules in effect), never from a text seen, so a cold
pass stays cold; each is built once per rule restriction.  They only speed a question up: a
word outside ``known()`` is still asked of ``lexicon.classify``, and ``heads`` only rules out
variants no rule can match.
"""
from __future__ import annotations

import re

from grammar import lexicon
from grammar.lexicon import CLOSED, NUMBER_WORDS

try:                                       # (the regex parser of the standard library)
    from re import _constants as _C
    from re import _parser as _P
except ImportError:                        # pragma: no cover - Python < 3.11
    import sre_constants as _C             # type: ignore[no-redef]
    import sre_parse as _P                 # type: ignore[no-redef]

_MAX_FORMS = 4096


def _expand(items) -> list[str]:
    """Every string a parsed pattern matches; ValueError for what this does not expand (an
    unbounded repeat, a category, an anchor, flags …)."""
    outs = [""]
    for op, av in items:
        if op is _C.LITERAL:
            alts = [chr(av)]
        elif op is _C.SUBPATTERN:
            if av[1] or av[2]:
                raise ValueError("flags")
            alts = _expand(av[3])
        elif op is _C.BRANCH:
            alts = [s for branch in av[1] for s in _expand(branch)]
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT):
            low, high, body = av
            if high is _C.MAXREPEAT or high > 2:
                raise ValueError("repeat")
            one, alts, cur = _expand(body), [], [""]
            for n in range(high + 1):
                if n >= low:
                    alts += cur
                cur = [c + s for c in cur for s in one]
        elif op is _C.IN:
            alts = []
            for op2, av2 in av:
                if op2 is _C.LITERAL:
                    alts.append(chr(av2))
                elif op2 is _C.RANGE:
                    alts += [chr(c) for c in range(av2[0], av2[1] + 1)]
                else:
                    raise ValueError("class")
        else:
            raise ValueError("op")
        outs = [o + s for o in outs for s in alts]
        if len(outs) > _MAX_FORMS:
            raise ValueError("size")
    return outs


_RULE_FORMS: list[frozenset[str]] = []


def _rule_forms() -> list[frozenset[str]]:
    """Per open-lexicon rule, every form it matches (each checked against the rule's own
    regex); empty for a rule that does not expand (``местност\\w*``)."""
    if not _RULE_FORMS:
        for pattern, (rx, _terminal, _lemma) in zip((p for p, _t, _l in lexicon._RULES), lexicon._COMPILED):
            try:
                forms = frozenset(_expand(_P.parse(pattern)))
            except (ValueError, TypeError, re.error):
                forms = frozenset()
            if not all(rx.match(f) for f in forms):
                forms = frozenset()             # (an expansion the rule disowns: not used)
            _RULE_FORMS.append(forms)
    return _RULE_FORMS


_KNOWN: dict = {}


def known() -> frozenset[str]:
    """Word forms the lexicon knows (``classify`` is not None) under the rules allowed now:
    closed words, number words and every form of each rule that expands.  Not every known
    form: a word outside it may still be known."""
    only = lexicon._ONLY[0]
    hit = _KNOWN.get(only)
    if hit is None:
        forms = set(CLOSED) | set(NUMBER_WORDS)
        for k, rule in enumerate(_rule_forms()):
            if only is None or k in only:
                forms |= rule
        hit = _KNOWN[only] = frozenset(forms)
    return hit


_UNEXPANDED: dict = {}


def unexpanded(key: str) -> re.Pattern | None:
    """The rules of ``lexicon._bucket(key)`` allowed now that do not expand, as one regex (None:
    every rule there expands, so a form starting with ``key`` is known iff it is in ``known()``)."""
    only = lexicon._ONLY[0]
    hit = _UNEXPANDED.get((key, only), False)
    if hit is False:
        forms = _rule_forms()
        ks = [k for k in (*lexicon._BY_PREFIX.get(key, ()), *lexicon._SHORT)
              if (only is None or k in only) and not forms[k]]
        hit = re.compile("(?:" + "|".join(lexicon._RULES[k][0] for k in ks) + ")$") if ks else None
        _UNEXPANDED[(key, only)] = hit
    return hit


# ------------------------------------------------------------------ heads
_LEAD_GROUP = re.compile(r"\(\?:([а-яё|]+)\)(\??)")
_LITERAL = re.compile(r"[а-яё\-]*")
_HEADS: dict[tuple, tuple] = {}


def _literal(pattern: str) -> str:
    """The letters every match of ``pattern`` (one alternative of a rule) starts with."""
    lit = _LITERAL.match(pattern).group(0)
    return lit[:-1] if pattern[len(lit):len(lit) + 1] in ("?", "*", "{") else lit


def heads(key: str) -> tuple[tuple[str, ...], tuple[str, ...], list[str]]:
    """(heads, words, both sorted): every word form the lexicon knows that starts with ``key``
    starts with one of the heads (the rules of ``lexicon._bucket(key)``) or is one of the words
    (closed words, number words).  A variant that starts with none of them is no known word,
    without a regex match."""
    only = lexicon._ONLY[0]
    cached = _HEADS.get((key, only))
    if cached is not None:
        return cached
    words = tuple(w for w in (*CLOSED, *NUMBER_WORDS) if w.startswith(key))
    out: list[str] = []
    for k in (*lexicon._BY_PREFIX.get(key, ()), *lexicon._SHORT):
        if only is not None and k not in only:
            continue
        depth, start, alts = 0, 0, []
        pattern = lexicon._RULES[k][0]
        for i, ch in enumerate(pattern):         # the top-level alternatives
            depth += (ch == "(") - (ch == ")")
            if ch == "|" and not depth:
                alts.append(pattern[start:i])
                start = i + 1
        alts.append(pattern[start:])
        for alt in alts:
            lead = _LEAD_GROUP.match(alt)        # «(?:по)?смотр…», «(?:a|b)…»
            if lead:
                rest = _literal(alt[lead.end():])
                out += [o + rest for o in lead.group(1).split("|")] + ([rest] if lead.group(2) else [])
            else:
                out.append(_literal(alt))
    _HEADS[(key, only)] = cached = (tuple(out), words, sorted({*out, *words}))
    return cached
