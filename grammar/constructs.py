"""What an untyped sentence is made of: the construct catalogue behind `berserk corpus report`'s
``untyped_by_construct``, so a maintainer sees which part of the language to add next.

Each construct is a regular expression over the folded sentence (lower case, ё→е); a sentence
counts once per construct it contains.  The catalogue is the language's parts as the issue
names them — heads, triggers, conditions, durations and limits, modifiers, selectors,
variables, named effects, granted abilities — not a list of cards: a new set's untyped
sentences land in the same rows.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

_ATK = r"(?:\{strike\}|\{uchr\}|удар\w*|атак\w*|выстрел\w*|разряд\w*|метани\w*|нападени\w*)"

#: (construct id, a short description, the pattern over the folded sentence)
CONSTRUCTS: tuple[tuple[str, str, str], ...] = (
    ("head.cost", "цена действия «{tap}:»", r"^(?:x|\d+)?\s*(?:\{(?:instant|counter|tap)\}\s*)+:"),
    ("head.label", "метка «Слово[ слово][ N]:»", r"^(?!\{)[а-я-]+(?:\s+[а-я-]+){0,2}(?:\s+\d+)?\s*:"),
    ("head.order", "очерёдность «{first}: / {second}:»", r"^\{(?:first|second)\}\s*:"),
    ("trigger.attack", "при атаке / ударе / выстреле …", r"\bпри (?:[а-я]+\s+){0,2}" + _ATK),
    ("trigger.death", "при гибели", r"\bпри гибели|\bвместо гибели"),
    ("trigger.move", "при перемещении / прыжке / телепортации",
     r"\bпри (?:перемещении|движении|передвижении|прыжке|телепортации)"),
    ("trigger.turn", "в начале / в конце хода, боя", r"\b(?:в начале|в конце|до начала) "),
    ("trigger.when", "когда <кто> <что делает>", r"\bкогда\b"),
    ("trigger.after", "после того, как … / после …", r"\bпосле\b"),
    ("trigger.other", "при пророчестве, инкарнации, наборе …",
     r"\bпри (?:пророчестве|инкарнации|трупоедстве|наборе|получении|попадании|определении|рассадке)"),
    ("condition.if", "если …", r"\bесли\b"),
    ("condition.while", "пока …", r"\bпока\b"),
    ("condition.squad", "в отряде есть / нет …", r"в (?:вашем )?отряде (?:противника )?(?:есть|нет|больше)"),
    ("condition.die", "бросок кубика / выпало N", r"кубик|выпал|выбрасыва"),
    ("duration", "до конца хода, на N ходов", r"до конца|до тех пор|на (?:x|\d+) ход"),
    ("limit", "(N раз за ход / бой)", r"раз[а]? (?:за|в) (?:ваш |свой )?(?:ход|бой|игру)"),
    ("modifier.bonus", "±N к …", r"[+-]\s*(?:\d+|x)\s*(?:к|\{)"),
    ("modifier.reduction", "−N от …", r"-\s*(?:\d+|x)\s*от\b"),
    ("restriction", "не может / нельзя / только …", r"не мо[жг]|нельзя|только по|только на"),
    ("permission", "может <делать то, что правила не дают>", r"\bмо(?:жет|гут) (?:нападать|атаковать|двигаться|выступать|объявлять)"),
    ("variable", "X: где X — …, за каждую …", r"где x|за кажд|\bx\b"),
    ("named", "воздействие / заклинание «имя»", r"воздействи|заклинани"),
    ("granted", "получает / имеет «…»", r"(?:получа\w*|име\w*)\s+«"),
    ("selector.relation", "рядом / напротив / позади / в строю с …",
     r"рядом|напротив|позади|сзади|справа|слева|в строю"),
    ("selector.relative", "…, который / стоящий / обладающий …", r", (?:котор|стоящ|обладающ|находящ|не )"),
    ("selector.host", "хозяин, паразит, симбиот", r"хозя|паразит|симбиот"),
    ("marker", "маркер, жетон", r"маркер|жетон"),
    ("cards.zone", "колода, кладбище, отряд, раздача", r"колод|кладбищ|раздач|набор"),
    ("unknown_icon", "недоказанный значок", r"\{(?:ovs|stamina|lost|emoji:[^}]*)\}"),
)
_COMPILED = tuple((cid, re.compile(rx)) for cid, _d, rx in CONSTRUCTS)
DESCRIPTIONS = {cid: desc for cid, desc, _rx in CONSTRUCTS}


def constructs_of(sentence: str) -> list[str]:
    """The constructs a sentence contains (in catalogue order); «other» when none."""
    folded = sentence.lower().replace("ё", "е").strip()
    found = [cid for cid, rx in _COMPILED if rx.search(folded)]
    return found or ["other"]


def histogram(sentences: Iterable[str]) -> Counter:
    """Construct → how many of the sentences contain it."""
    out: Counter = Counter()
    for sentence in sentences:
        out.update(constructs_of(sentence))
    return out
