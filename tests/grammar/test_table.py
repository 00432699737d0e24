"""Data-driven table: ability text → canonical AST (tests/grammar/data/cases.yaml)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from grammar import ast as A
from grammar import parse

CASES = yaml.safe_load((Path(__file__).parent / "data" / "cases.yaml").read_text(encoding="utf-8"))


def test_table_is_large_enough():
    assert len(CASES) >= 150
    groups = {c["group"] for c in CASES}
    for required in ("выстрел", "разряд", "метание", "отравление", "симбиот"):
        assert required in groups


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}-{c['group']}" for i, c in enumerate(CASES)])
def test_text_to_ast(case):
    parsed = parse(case["text"], name=case.get("name"))
    assert [A.to_dict(a) for a in parsed.abilities] == case["ast"]


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}" for i in range(len(CASES))])
def test_canonical_json_round_trip(case):
    parsed = parse(case["text"], name=case.get("name"))
    for ability in parsed.abilities:
        again = A.from_dict(A.to_dict(ability, spans=True))
        assert again == ability
        assert again.span == ability.span
