"""The judge's figures where maintainers read them: `berserk corpus report` and `berserk card`."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

CARDS = """\
- {name: Лучник проверки, set: Примеры, element: горы, cost: 3, life: 3, strike: 1-1-2, text: "{tap}: Выстрел на 2, дальность 3."}
- {name: Незнакомец проверки, set: Примеры, element: горы, cost: 3, life: 3, strike: 1-1-2, text: "Непонятная новая способность сроком на вечность."}
- {name: Пустой проверки, set: Примеры, element: горы, cost: 1, life: 1, strike: 1-1-1, text: ""}
"""


@pytest.fixture
def card_file(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return path


def test_corpus_report_json_has_the_judge_figures(card_file):
    res = run_cli("corpus", "report", str(card_file), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["cards_with_text"] == 2                  # the empty text is «no abilities»
    assert data["judge_applicable"] == 1                 # the archer; the stranger is refused
    assert sum(data["judge_refusals"].values()) >= 1


def test_corpus_report_text_names_the_judge_line(card_file):
    res = run_cli("corpus", "report", str(card_file))
    assert res.returncode == 0, res.stderr
    assert "судья применяет все особенности карты: 1 из 2 карт с текстом (50.0 %)" in res.stdout


def test_card_shows_per_ability_whether_the_judge_applies_it(tmp_path, card_file):
    assert run_cli("db", "build", "-o", "cards.db", "--cards", str(card_file), cwd=tmp_path).returncode == 0
    shown = run_cli("card", "Лучник проверки", "--db", str(tmp_path / "cards.db"))
    assert shown.returncode == 0, shown.stderr
    assert "← судья применяет" in shown.stdout
    refused = run_cli("card", "Незнакомец проверки", "--db", str(tmp_path / "cards.db"))
    assert "← судья не применяет: " in refused.stdout
    data = json.loads(run_cli("card", "Лучник проверки", "--db", str(tmp_path / "cards.db"),
                              "--json").stdout)
    assert data["judge"]["applicable"] is True
    assert [a["applied"] for a in data["judge"]["abilities"]] == [True]
