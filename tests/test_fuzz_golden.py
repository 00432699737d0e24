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


# grammar/golden.py checks each entry's shape (a known node, its own fields, renderable) before
# the diff uses it: a foreign or hand-edited golden file is a located message, never a traceback.
test_golden_short, test_golden_long = fuzz_pair(CASES, check, shrink=False)
