"""Data-driven table: ability text → canonical AST (tests/grammar/data/cases.yaml)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from grammar import ast as A
from grammar import parse

TABLE = Path(__file__).parent / "data" / "cases.yaml"
CASES = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
HEADER = "".join(line + "\n" for line in TABLE.read_text(encoding="utf-8").splitlines()
                 if line.startswith("#"))


def _rewrite_table() -> None:
    """BERSERK_UPDATE_TABLE=1: write the parser's current ASTs into the table (then read the
    diff of cases.yaml before committing it: every changed line is a changed meaning)."""
    for case in CASES:
        case["ast"] = [A.to_dict(a) for a in parse(case["text"], name=case.get("name")).abilities]
    body = "".join(yaml.safe_dump([c], allow_unicode=True, sort_keys=False,
                                  default_flow_style=None, width=110) for c in CASES)
    TABLE.write_text(HEADER + body, encoding="utf-8")


if os.environ.get("BERSERK_UPDATE_TABLE"):
    _rewrite_table()


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
