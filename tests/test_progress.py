"""A progress bar on every command that walks a whole card list for more than about a second
(issue 12): `db build`, `corpus report`, `check`.  The bar goes to stderr only — stdout (the
report, the JSON) is the same with or without it — and a short list shows none."""
from __future__ import annotations

import json

import pytest
import yaml

from carddb.cli import PROGRESS_FROM
from grammar.cli import PARSE_PROGRESS_FROM, REPORT_PROGRESS_FROM
from tests.conftest import run_cli

#: own wording, varied so that the list is not one text parsed once
TEXTS = ("{{tap}}: Выстрел на {n}.", "Защита от разрядов.\nБроня {n}.", "Регенерация {n}.",
         "{{tap}}: Разряд на {n}, дальность 3.", "")


def card_list(path, count: int):
    cards = [{"name": f"Тестовый воин {i}", "set": "Проверка", "number": i + 1,
              "element": "горы", "type": "существо", "cost": 3, "elite": False, "life": 5,
              "move": 1, "strike": "1-2-3",
              "text": TEXTS[i % len(TEXTS)].format(n=1 + i % 4)} for i in range(count)]
    path.write_text(yaml.safe_dump(cards, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("command, threshold, label", [
    (("db", "build", "-o", "{tmp}/x.db", "--cards", "{list}"), PROGRESS_FROM, "Разбор карт"),
    (("corpus", "report", "{list}"), REPORT_PROGRESS_FROM, "Карты глазами судьи"),
    (("check", "{list}", "--golden", "{tmp}/g.jsonl", "--update"), PARSE_PROGRESS_FROM,
     "Разбор карт"),
])
def test_a_bar_from_the_threshold_and_none_below(tmp_path, command, threshold, label):
    for count, shown in ((threshold, True), (threshold - 1, False)):
        cards = card_list(tmp_path / f"cards{count}.yaml", count)
        args = [a.format(tmp=tmp_path, list=cards) for a in command]
        res = run_cli(*args)
        assert res.returncode == 0, res.stderr
        assert (label in res.stderr) is shown, (count, res.stderr)
        assert label not in res.stdout


def test_the_bar_leaves_stdout_as_it_was(tmp_path):
    """`corpus report --json` over a list with a bar is one JSON object, nothing else."""
    cards = card_list(tmp_path / "cards.yaml", REPORT_PROGRESS_FROM)
    res = run_cli("corpus", "report", str(cards), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["cards_with_text"] == REPORT_PROGRESS_FROM - REPORT_PROGRESS_FROM // len(TEXTS)
    assert "Разбор карт" in res.stderr
