"""One card, two source notations: the set-10 cards of the berserk-nxt list and of the tgbot
list give the same canonical AST (effect names included).

The canonical form of a card is the sorted list of its abilities as plain data, an Opaque's
text folded to its letters (so that a repaired spacing or a restored «» does not count).  A
card whose two texts *say different things* cannot agree; every card that differs is listed
below with the reason, and the test fails when a card differs that is not listed (a reading
that depends on the notation) — a listed card that agrees again is reported, not failed.
"""
from __future__ import annotations

import json
import re

import pytest

from carddb.sources import read_cards
from grammar import ast as A
from grammar.parser import parse

SET_10 = "Война стихий"

# card → why its two texts cannot give the same AST
CONTENT = "the two sources say different things: "
REASONS = {
    # -- the two texts do not say the same thing (checked card by card, 2026-11-30)
    "Анубисар": CONTENT + "«до двух существ» (at most two) / «двух существ» (exactly two)",
    "Болотник": CONTENT + "cost {counter}{tap} / {tap}, and {second} / {tap}",
    "Вольный воитель": CONTENT + "«на X{ordinary} больше», «+2X» / «на X больше», «+2»",
    "Вурдалак": CONTENT + "«Максимум 15» / «Максимум 13»",
    "Гномий король": CONTENT + "the redirect is worded differently, and a {zom} line is missing",
    "Горный великан": CONTENT + "{zoo} only in tgbot (no zoo in the nxt icons)",
    "Двухголовый тролль": CONTENT + "{ordinary}/{lost} / {elite}/{ordinary} (tgbot shifted and lost an "
                                    "icon, icon_legend.tsv; not repairable: which one is unknown)",
    "Кобольд": CONTENT + "«величина среднего {strike}» / «величина {strike}»",
    "Ледовый охотник": CONTENT + "cost {tap} / {strike} (berserk-nxt; which icon is unknown); the "
                                 "card's name misspelt («охотика»)",
    "Леккен": CONTENT + "{ova}1 / {ovz}1",
    "Махинатор": CONTENT + "tgbot lost the {counter} of «теряет {counter}»",
    "Серый альв": CONTENT + "{zoal} only in berserk-nxt; cost {counter}{tap} / {counter}",
    "Троллок": CONTENT + "«Метание «топора»» / «Метание» (no name)",
    "Хронос": CONTENT + "cost {counter} / {counter}{tap}",
    "Шаман-душегрыз": CONTENT + "{second} / {strike} as the order head (berserk-nxt)",
    "Друид": "no text in tgbot",
    # -- the same meaning, but the readings differ
    # (Римаанды agrees: «может объявлять безответный удар по X, если … от него …» is the keyword
    # «безответный удар по X, … от которых …»; test_one_meaning.py)
    "Айрин": "untyped in both («существо с магической способностью», «не стоявшее рядом» before the "
             "move have no AST form), so the Opaque texts keep «за ход» / «в ход» (typed alike)",
    "Ревнитель Сеггера": "untyped in both («выберите число … защиту … такой величины» has no AST form), "
                         "so the Opaque texts keep «величина» / «значение» (typed alike)",
    # -- a defect of the berserk-nxt text no repair can see safely (repaired now: «маркер врата»
    # and «маркер дрожь» without «», «предсметный дар», «шит света», «воздействине» — Демон
    # жадности, Ловец душ, Пустотник, Тич agree; test_repair_rules.py has the rules)
    "Скелетный червь": "its «дрожь» is repaired, but «уничтожив» / «уничтожить» (two real words) in "
                       "the incarnation sentence, untyped in both, so the Opaque texts differ",
    "Тварь": "berserk-nxt typo «уничтожиется»: «уничтожается» and «уничтожится» are both one edit "
             "away (an ending is never guessed between two real words); untyped in both",
}
FLOOR = 129          # of 149: measured 2026-11-30 (of the 133 whose texts agree: 97.0 %)


def _fold(d):
    if isinstance(d, dict):
        if d.get("node") == "Opaque":
            return {"node": "Opaque", "text": re.sub(r"[^а-яa-z0-9]", "", d["text"].lower().replace("ё", "е"))}
        return {k: _fold(v) for k, v in d.items()}
    if isinstance(d, list):
        return [_fold(v) for v in d]
    return d


def canonical(text: str | None, name: str) -> list[str]:
    return sorted(json.dumps(_fold(A.to_dict(a)), ensure_ascii=False, sort_keys=True)
                  for a in parse(text, name).abilities)


def _key(name: str) -> str:
    return name.replace("ё", "е").replace("Ё", "Е")


@pytest.fixture(scope="module")
def pairs(shared):
    tg = {_key(c.name): c for c in read_cards(shared / "corpus/classic/set1_voyna_stihiy.tgbot.json").cards}
    nx = {_key(c.name): c for c in read_cards(shared / "corpus/nxt/sets_10_20.nxt.json").cards
          if c.set == SET_10}
    return [(tg[k], nx[k]) for k in sorted(set(tg) & set(nx))]


def test_same_card_same_ast_in_both_notations(pairs):
    differ = [a.name for a, b in pairs if canonical(a.text, a.name) != canonical(b.text, b.name)]
    same = len(pairs) - len(differ)
    content = [k for k, why in REASONS.items() if why.startswith(CONTENT) or why == "no text in tgbot"]
    agree = len(pairs) - len(content)
    print(f"\nsame card, same AST: {same} of {len(pairs)} ({100 * same / len(pairs):.1f} %); "
          f"of the {agree} whose two texts say the same: {100 * same / agree:.1f} %")
    assert len(pairs) == 149
    unexplained = [n for n in differ if _key(n) not in REASONS]
    assert not unexplained, f"read differently in the two notations: {unexplained}"
    assert same >= FLOOR
    agreeing_again = sorted(set(REASONS) - {_key(n) for n in differ})
    if agreeing_again:
        print("listed but now the same (drop them from REASONS):", agreeing_again)
