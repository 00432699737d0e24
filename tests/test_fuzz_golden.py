"""Fuzz: golden files through ``berserk check FILE --golden G`` — «a comparison (exit 0/1) or a
clean error (exit 2, «ошибка: …»), never a traceback».

The golden lines are real entries of tests/grammar/golden/ with random edits, one JSON object a
line, sometimes with broken bytes; and raw nesting.  The card file is one small card, so each
run costs about a millisecond.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import strategies as st

from tests.conftest import ROOT, run_cli
from tests.fuzz_inputs import as_bytes, count, fuzz_pair, mutated, nesting

# hypothesis formats a failing example with libcst, which warns about its own typing import
pytestmark = pytest.mark.filterwarnings("ignore:mypy_extensions.TypedDict is deprecated")
WORK = Path(tempfile.mkdtemp(prefix="berserk-fuzz-golden-"))
(WORK / "c.yaml").write_text("- {name: Пробный, set: Примеры, element: горы, cost: 1, life: 1, "
                             "strike: 1-1-1, text: 'Защита от отравления.'}\n", encoding="utf-8")
ENTRIES = [json.loads(line) for line in (ROOT / "tests" / "grammar" / "golden" /
                                         "voyna_stihiy.jsonl").read_text(encoding="utf-8")
           .splitlines()[:8]]
ENTRIES.append({"abilities": [{"against": ["poison"], "node": "Protection"}], "card": "Пробный",
                "set": "Примеры", "typed": [True]})


def _lines(doc) -> str:
    items = doc if isinstance(doc, list) else [doc]
    return "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items)


CASES = st.one_of(mutated(ENTRIES).map(_lines).flatmap(as_bytes), nesting().map(str.encode))


def check(data: bytes) -> None:
    count(__name__)
    (WORK / "g.jsonl").write_bytes(data)
    result = run_cli("check", "c.yaml", "--golden", "g.jsonl", cwd=WORK)
    assert result.returncode in (0, 1, 2), result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode == 2:
        assert result.stderr.startswith("ошибка: "), result.stderr


# grammar/golden.py hands any JSON to grammar.ast.from_dict and the diff renders it: ~1 golden
# file in 5 of these gives a TypeError/AttributeError/KeyError traceback (a list where an
# ability is expected, a node without its fields, an unhashable key).  Request E2 to the
# grammar's owner; strict: these fail today, and pass (XPASS → fail) once fixed — drop the mark.
_GOLDEN_UNCHECKED = pytest.mark.xfail(strict=True, reason="grammar/golden.py does not check "
                                      "an entry's shape before from_dict/render (request E2)")
test_golden_short, test_golden_long = (_GOLDEN_UNCHECKED(test)
                                       for test in fuzz_pair(CASES, check, shrink=False))
