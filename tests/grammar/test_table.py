"""Data-driven table: ability text → canonical AST (tests/grammar/data/cases.yaml).

``python -m pytest tests/grammar/test_table.py --update-golden`` rewrites the expected ASTs."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from grammar import ast as A
from grammar import parse
from grammar.parser import is_strict

TABLE = Path(__file__).parent / "data" / "cases.yaml"
CASES = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
HEADER = "".join(line + "\n" for line in TABLE.read_text(encoding="utf-8").splitlines()
                 if line.startswith("#"))


@pytest.fixture(scope="module")
def table_update(update_golden):
    """Under ``--update-golden`` the table takes the parser's current ASTs: each
    test_text_to_ast stores what it parsed into its case, and cases.yaml is rewritten once when
    the module is done (cases not run keep their AST).  Read the diff of cases.yaml before
    committing it: every changed line is a changed meaning."""
    if not update_golden:
        yield None
        return
    ran: list[dict] = []
    yield ran
    if ran:
        body = "".join(yaml.safe_dump([c], allow_unicode=True, sort_keys=False,
                                      default_flow_style=None, width=110) for c in CASES)
        TABLE.write_text(HEADER + body, encoding="utf-8")


def test_grammar_tests_run_in_strict_mode():
    """tests/conftest.py (strict_transformer): a transformer error raises here instead of becoming Opaque."""
    assert is_strict()


def test_table_is_large_enough():
    assert len(CASES) >= 150
    groups = {c["group"] for c in CASES}
    for required in ("выстрел", "разряд", "метание", "отравление", "симбиот"):
        assert required in groups


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}-{c['group']}" for i, c in enumerate(CASES)])
def test_text_to_ast(case, table_update):
    parsed = parse(case["text"], name=case.get("name"))
    got = [A.to_dict(a) for a in parsed.abilities]
    if table_update is not None:
        case["ast"] = got
        table_update.append(case)
    assert got == case["ast"]


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}" for i in range(len(CASES))])
def test_canonical_json_round_trip(case):
    parsed = parse(case["text"], name=case.get("name"))
    for ability in parsed.abilities:
        again = A.from_dict(A.to_dict(ability, spans=True))
        assert again == ability
        assert again.span == ability.span
