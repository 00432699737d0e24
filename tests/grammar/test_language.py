"""The language, part by part (tests/grammar/data/language.yaml): own-wording sentences → the
whole canonical AST, and for the source-defect group the repair notes the normaliser made.

``python -m pytest tests/grammar/test_language.py --update-golden`` rewrites the expected ASTs
and repair lists; read the diff of language.yaml before committing it — every changed line is a
changed meaning."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from grammar import ast as A
from grammar import Vocabulary, normalise, parse

TABLE = Path(__file__).parent / "data" / "language.yaml"
CASES = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
HEADER = "".join(line + "\n" for line in TABLE.read_text(encoding="utf-8").splitlines()
                 if line.startswith("#"))
PARTS = ("селектор", "условие", "длительность", "модификатор", "ограничение", "разрешение",
         "триггер", "дарованная", "метка", "переменная", "именованное", "глагол", "нотация")


@pytest.fixture(scope="module")
def table_update(update_golden):
    if not update_golden:
        yield None
        return
    ran: list[dict] = []
    yield ran
    if ran:
        body = "".join(yaml.safe_dump([c], allow_unicode=True, sort_keys=False,
                                      default_flow_style=None, width=110) for c in CASES)
        TABLE.write_text(HEADER + body, encoding="utf-8")


def test_every_part_of_the_language_has_cases():
    assert len(CASES) >= 150
    groups = {c["group"] for c in CASES}
    assert set(PARTS) <= groups
    assert len({c["text"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}-{c['group']}" for i, c in enumerate(CASES)])
def test_sentence_means(case, table_update):
    vocabulary = Vocabulary.of(case["names"], case.get("classes", ())) if "names" in case else None
    parsed = parse(case["text"], name=case.get("name"), vocabulary=vocabulary)
    got = [A.to_dict(a) for a in parsed.abilities]
    repairs = sorted({r.kind for r in normalise(case["text"], None, case.get("name")).repairs})
    if table_update is not None:
        case["ast"] = got
        if "repairs" in case:
            case["repairs"] = repairs
        table_update.append(case)
    assert got == case["ast"]
    assert parsed.typed, "every sentence of the table is typed"
    if "repairs" in case:
        assert repairs == case["repairs"]
