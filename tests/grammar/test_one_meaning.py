"""Two wordings of one meaning — the way the tgbot and berserk-nxt lists word the same card —
give the same AST (own wording, not card text).  Each pair also asserts the shape both give,
so that agreeing on a wrong or an Opaque reading does not pass; the negatives are look-alikes
whose meaning differs, and must not be folded into the same shape."""
from __future__ import annotations

import json

import pytest

from grammar import ast as A
from grammar.parser import parse

NAME = "Кабан"


def _one(text: str) -> dict:
    got = parse(text, NAME).abilities
    assert len(got) == 1, got
    return json.loads(json.dumps(A.to_dict(got[0]), ensure_ascii=False))


PAIRS = [
    # «может объявлять <keyword strike> по X» is the keyword «<keyword strike> по X»
    ("Может объявлять безответный удар по закрытому существу.",
     "Безответный удар по закрытым существам.",
     lambda d: d["node"] == "Keyword" and d["name"] == "unanswerable"
     and d["against"]["qualifiers"] == ["closed"]),
    ("Может объявлять направленный удар.", "Направленный удар.",
     lambda d: d["node"] == "Keyword" and d["name"] == "direct" and "against" not in d),
    # … and a condition on «он» (the one struck at) after it is the target's relative clause
    ("Может объявлять направленный удар по летающему существу, если рядом с ним нет других существ.",
     "Направленный удар по летающим существам, рядом с которыми нет других существ.",
     lambda d: d["node"] == "Keyword" and d["against"]["qualifiers"] == ["flying"]
     and d["against"]["condition"]["negated"] is True
     and d["against"]["condition"]["params"][0]["relations"][0] == {
         "node": "Relation", "what": "adjacent", "to": {"node": "Selector", "noun": "it"}}),
    # «величина» / «значение» of an attack, with or without the dash after «где X»
    ("При выстреле ранить закрытое существо на X, где X — величина этого выстрела.",
     "При выстреле ранить закрытое существо на X, где X значение этого выстрела.",
     lambda d: d["effects"][0]["amount"]["definition"]["what"] == "strike_value"),
    # «до N раз за ход» / «до N раз в ход»
    ("Когда существо противника перемещается на соседнюю с Кабаном клетку — получить +2 к выстрелу "
     "(до 3 раз за ход).",
     "Когда существо противника перемещается на соседнюю с Кабаном клетку — получить +2 к выстрелу "
     "(до 3 раз в ход).",
     lambda d: d["limit"] == {"node": "Limit", "per": "turn", "times": 3}),
]


@pytest.mark.parametrize("a, b, shape", PAIRS, ids=[p[0][:40] for p in PAIRS])
def test_two_wordings_one_ast(a, b, shape):
    da, db = _one(a), _one(b)
    assert da == db
    assert shape(da), da


@pytest.mark.parametrize("text, shape", [
    # a condition on the card itself is not the target's: it stays the ability's condition
    ("Может объявлять безответный удар по существам противника, если рядом с Кабаном нет других существ.",
     lambda d: d["node"] == "Static" and d["condition"]["what"] == "exists"
     and "condition" not in d["effects"][0]["against"]),
    ("Может объявлять безответный удар по существам противника, если Кабан ранен.",
     lambda d: d["node"] == "Static" and d["condition"]["what"] == "wounded"),
    # a pronoun that cannot stand for the target (gender, number) is not the target's
    ("Может объявить безответный удар по существу противника, если она ранена.",
     lambda d: d["node"] == "Static" and "condition" not in d["effects"][0]["against"]),
    ("Безответный удар по существам противника, если рядом с ней нет других существ.",
     lambda d: d["node"] == "Static" and "condition" not in d["effects"][0]["against"]),
    ("Безответный удар по существам противника, если рядом с ним нет других существ.",
     lambda d: d["node"] == "Static" and "condition" not in d["effects"][0]["against"]),
    # … one that can is: «с ними» after «существам», «с ней» after «карте»
    ("Безответный удар по существам противника, если рядом с ними нет других существ.",
     lambda d: d["node"] == "Keyword" and d["against"]["condition"]["what"] == "exists"),
    ("Направленный удар по закрытой карте, если рядом с ней нет других карт.",
     lambda d: d["node"] == "Keyword" and d["against"]["noun"] == "card"
     and d["against"]["condition"]["negated"] is True),
    # an ordinary strike is no keyword: «может объявлять удар …» stays what it was
    ("Может объявлять удар по закрытому существу.", lambda d: d.get("name") not in ("unanswerable", "direct")),
])
def test_look_alikes_keep_their_meaning(text, shape):
    d = _one(text)
    assert shape(d), d
