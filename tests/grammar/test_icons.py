"""Icon normalisation: every notation to canonical {code} text, and the corpus's defects."""
from __future__ import annotations

import json

import pytest

from grammar import display
from grammar.icons import normalise, to_display
from tests.conftest import DEV_CORPUS


@pytest.mark.parametrize("raw, canonical", [
    ("⤵️: Разряд на 1.", "{tap}: Разряд на 1."),
    ("⤵: Разряд на 1.", "{tap}: Разряд на 1."),                      # without U+FE0F
    ("⚪️⤵️: Особый удар на 3.", "{counter}{tap}: Особый удар на 3."),
    ("⏳⚪️⤵️: Воздействие", "{instant}{counter}{tap}: Воздействие"),
    ("2️⃣: Начинает бой с ⚪️.", "{second}: Начинает бой с {counter}."),
    ("1️⃣: Закрыть.", "{first}: Закрыть."),
    # without a separator, canonical text is one ability sentence per line
    ("🎯. 🩸. 📜. ⚔️1.", "{direct}.\n{zoo}.\n{zoz}.\n{ova}1."),
    ("🔮. ⚡️. 🪓. 🛡1. ☯️2.", "{zom}.\n{zor}.\n{zot}.\n{ovz}1.\n{regen}2."),
    ("Максимум 10❤️", "Максимум 10{health}"),
    ("получить 🐾1, 2🔶, за 🔷", "получить {move}1, 2{elite}, за {ordinary}"),
    ('<img alt="tap">: Выстрел на 1.', "{tap}: Выстрел на 1."),
    ("<IMG src='x.png' alt='counter'/><img alt=\"tap\">: Выстрел", "{counter}{tap}: Выстрел"),
    ("{tap}: {uchr} на 1.", "{tap}: {uchr} на 1."),                  # canonical stays as it is
])
def test_notations(raw, canonical):
    assert normalise(raw).text == canonical


def test_separator_and_lines():
    assert normalise("⚔️1.|🛡1.", separator="|").text == "{ova}1.\n{ovz}1."
    assert normalise("Броня 1.\nПолёт.").text == "Броня 1.\nПолёт."


def test_broken_strike_pair_is_repaired_and_reported():
    n = normalise("+1 к \ufffd\ufffd по закрытым существам.")
    assert n.text == "+1 к {strike} по закрытым существам."
    assert [r.kind for r in n.repairs] == ["broken-strike"]


@pytest.mark.parametrize("raw, fixed", [
    ("При сильном  — атакованный закрывается.", "При сильном {strike} — атакованный закрывается."),
    ("Может объявлять  только по карте.", "Может объявлять {strike} только по карте."),
    ("+1 к следующему , где X", "+1 к следующему {strike}, где X"),
])
def test_lost_strike_is_repaired_from_its_context(raw, fixed):
    n = normalise(raw)
    assert n.text == fixed
    assert [r.kind for r in n.repairs][:1] == ["lost-strike"]
    assert {r.kind for r in n.repairs} <= {"lost-strike", "space-before-punct"}


def test_lost_icon_without_context_is_a_named_unknown_token():
    n = normalise("если обе карты  — ранить")
    assert "{lost}" in n.text and "lost" in n.unknown_icons
    assert [r.kind for r in n.repairs] == ["lost-icon"]


def test_glued_abilities_are_split_and_reported():
    n = normalise("Защита от атак летающих.⤵️: ↗️ на 1.", separator="|")
    assert n.text.split("\n") == ["Защита от атак летающих.", "{tap}: {uchr} на 1."]
    assert [r.kind for r in n.repairs] == ["split"]


def test_nxt_only_codes_are_known():
    """berserk-nxt's own search tokens spell {stamina} «стойкост» and {ovs} «оп стрельб»: known
    codes (no tgbot emoji — they show as a word), not unknown icons."""
    assert normalise("{ovs}1.").unknown_icons == ()
    assert normalise("{stamina}.").unknown_icons == ()
    assert display.to_display("{ovs}1. {stamina}.") == "⟨опыт в стрельбе⟩1. ⟨стойкость⟩."


def test_display_round_trip():
    text = "{tap}: {uchr} на 1.\n{second}: {counter}"
    assert normalise(to_display(text)).text == text


def test_dev_corpus_defects_are_all_found(shared):
    """The legend documents 3 broken pairs, 3 lost strikes and one lost icon in «Война стихий»."""
    kinds: dict[str, int] = {}
    for card in json.loads(DEV_CORPUS.read_text(encoding="utf-8")):
        for r in normalise(card.get("abilities"), separator="|").repairs:
            kinds[r.kind] = kinds.get(r.kind, 0) + 1
    assert kinds.get("broken-strike") == 3
    assert kinds.get("lost-strike") == 3
    assert kinds.get("lost-icon") == 1
    assert "unknown-icon" not in kinds


def test_a_split_card_name_is_mended_and_reported():
    n = normalise("+1 к 🗡 по существам напротив Грома  дова.", separator="|", name="Громадов")
    assert n.text == "+1 к {strike} по существам напротив Громадова."
    assert [r.kind for r in n.repairs] == ["split-name"]
    # other words are never joined, and a whole name is left alone
    assert normalise("напротив Громадова и врага", name="Громадов").repairs == ()
