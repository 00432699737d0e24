"""The dev corpus («Война стихий», 150 cards): coverage floors and the five named attack kinds
checked against an independent reading of the raw text (regexes written here, not the grammar)."""
from __future__ import annotations

import json
import re

import pytest

from grammar import ast as A
from grammar import parse
from tests.conftest import DEV_CORPUS

# Raise these as the grammar grows; never lower them to get green.
TYPED_FLOOR = 0.89


@pytest.fixture(scope="module")
def corpus(shared):
    cards = json.loads(DEV_CORPUS.read_text(encoding="utf-8"))
    return [(c["name"], c["abilities"]) for c in cards if c.get("abilities")]


@pytest.fixture(scope="module")
def parsed(corpus):
    return [(name, raw, parse(raw, name=name, separator="|")) for name, raw in corpus]


def test_every_segment_structural_and_typed_floor(parsed):
    lines = [line for _n, _r, p in parsed for line in p.lines]
    assert len(lines) >= 349                      # 349 '|' segments, a few glued ones split
    assert all(line.structural for line in lines), [l.text for l in lines if not l.structural]
    typed = sum(line.typed for line in lines) / len(lines)
    assert typed >= TYPED_FLOOR, typed


def _attacks(card) -> list[A.Attack]:
    return [n for a in card.abilities for n in A.walk(a) if isinstance(n, A.Attack)]


def _damage(text: str):
    text = text.replace("Х", "X")
    if re.fullmatch(r"\d+-\d+-\d+", text):
        w, m, s = map(int, text.split("-"))
        return A.ByStrength(w, m, s)
    if text.startswith("X"):
        return "X"
    return A.Fixed(int(text))


RAW_ATTACK = re.compile(
    r"(?:(?P<count>Три или менее)\s+)?(?P<kind>[Вв]ыстрел|[Рр]азряд|[Мм]етание)\w*"
    r"(?:\s+«(?P<name>[^»]+)»)?(?:\s+на\s+(?P<dmg>\d+-\d+-\d+|\d+|[XХ][+-]?\d*))?"
    r"(?:,\s*дальность\s+(?P<range>\d+))?")
KIND = {"выстрел": "shot", "разряд": "discharge", "метание": "throw"}


def test_named_attack_kinds_typed_with_their_parameters(parsed):
    """Every «Выстрел/Разряд/Метание … на N[, дальность R]» that the raw text declares as an
    attack is an Attack node with that kind, damage and range."""
    checked = 0
    for name, raw, card in parsed:
        attacks = _attacks(card)
        for m in RAW_ATTACK.finditer(raw):
            if m.group("dmg") is None:
                continue                      # a mention («+1 к разряду»), not a declaration
            kind = KIND[m.group("kind").lower()]
            want = _damage(m.group("dmg"))
            found = [a for a in attacks if a.attack == kind and (
                (want == "X" and isinstance(a.damage, A.Variable)) or a.damage == want)]
            assert found, (name, m.group(0))
            if m.group("range"):
                assert any(a.range == int(m.group("range")) for a in found), (name, m.group(0))
            if m.group("name"):
                assert any(a.name == m.group("name") for a in found), (name, m.group(0))
            checked += 1
    assert checked == 32                  # declarations with a damage in the dev corpus


def test_poison_everywhere(parsed):
    """Each «отравление на N» that the raw text declares is a Poison node with amount N."""
    checked = 0
    for name, raw, card in parsed:
        nodes = [n for a in card.abilities for n in A.walk(a) if isinstance(n, A.Poison)]
        for m in re.finditer(r"получа\w+ отравление на (\d+)", raw):
            assert any(p.amount == A.Fixed(int(m.group(1))) for p in nodes), (name, m.group(0))
            checked += 1
    assert checked >= 6


def test_bare_discharge_is_strength_zero():
    card = parse("{tap}: Разряд.")
    (attack,) = _attacks(card)
    assert attack.damage == A.Fixed(0)


def test_no_ability_sentence_of_the_corpus_is_lost(parsed):
    """Spans of the abilities cover every word of every line (nothing silently dropped); a
    rider sentence folded into the attack of an earlier line is covered by that attack."""
    for _name, _raw, card in parsed:
        covered = set()
        for ability in card.abilities:
            for node in A.walk(ability):
                covered.update(range(node.span.start, node.span.end))
        for line in card.lines:
            words = {line.span.start + m.start() for m in re.finditer(r"\w+", line.text)}
            assert words <= covered, line.text
