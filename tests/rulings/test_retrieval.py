"""Rule lookup quality on the question set (issue 13's acceptance), measured as bench/rules.py does.

The question set (tests/rulings/questions.yaml) is our own wording; every gold id must exist in
the shipped index.  The figures are asserted on all questions (dev + test + fresh + fresh2 +
fresh3), in one run against the plain FTS5 bm25 baseline over the same rows:

* with the official texts imported (both books and the glossary): top-5 ≥ 90 % and top-1 at
  least 10 points above the baseline's, for key words and for the whole question alike; the
  whole question within 5 points of the key words at top-1 and at top-5;
* over the shipped index alone (a fresh install, no --db): the same margin over the baseline,
  top-5 ≥ 85 %, the whole question within 5 points of the key words at top-5;
* a warm lookup's p95 under 20 ms.

Not met, asserted as it stands so that it cannot grow unseen: over the shipped index alone the
whole question is 12 questions of 167 (7.2 points) behind the key words at top-1 — 10 of them in
fresh2, whose key words were written in the words of our headings (index top-1 96 % there
against 65–88 % on the other splits); 2 points over the other 141 (see BENCHMARKS.md).
"""
from __future__ import annotations

from collections import Counter

import pytest
import sqlite_utils

from rulings.evaluation import SPLITS, Baseline, evaluate, latency_ms, load_questions, ours
from tests.conftest import ROOT

QUESTIONS = ROOT / "tests" / "rulings" / "questions.yaml"


@pytest.fixture(scope="module")
def questions():
    return load_questions(QUESTIONS)


def test_the_question_set_is_large_balanced_and_split(questions):
    assert len(questions) >= 40
    assert Counter(q.game for q in questions).keys() == {"heroes", "classic"}
    splits = Counter(q.split for q in questions)
    assert set(splits) == set(SPLITS) and min(splits.values()) >= 20
    for q in questions:
        assert q.keywords and len(q.keywords.split()) <= 5 and len(q.question.split()) > len(q.keywords.split())


@pytest.fixture(scope="module")
def official(rules_db, questions):
    db = sqlite_utils.Database(rules_db)
    return evaluate(ours(db), questions), evaluate(Baseline(db).search, questions), db


def _pct(res, style, what):
    return res[("all", style)].pct(what)


@pytest.mark.parametrize("style", ["keywords", "question"])
def test_official_layer_top5_and_margin_over_baseline(official, style):
    mine, base, _db = official
    assert _pct(mine, style, "top5") >= 90, mine[("all", style)].misses
    assert _pct(mine, style, "top1") >= _pct(base, style, "top1") + 10


@pytest.mark.parametrize("what", ["top1", "top5"])
def test_official_layer_whole_question_within_5_points_of_key_words(official, what):
    mine, _base, _db = official
    assert _pct(mine, "keywords", what) - _pct(mine, "question", what) <= 5


@pytest.fixture(scope="module")
def index_alone(questions):
    return evaluate(ours(None), questions), evaluate(Baseline(None).search, questions)


@pytest.mark.parametrize("style", ["keywords", "question"])
def test_index_alone_beats_the_baseline_over_the_same_index(index_alone, style):
    mine, base = index_alone
    assert _pct(mine, style, "top1") >= _pct(base, style, "top1") + 10
    assert _pct(mine, style, "top5") >= 85


def test_index_alone_whole_question_close_to_key_words(index_alone):
    mine, _base = index_alone
    assert _pct(mine, "keywords", "top5") - _pct(mine, "question", "top5") <= 5
    assert mine[("all", "keywords")].top1 - mine[("all", "question")].top1 <= 12     # not met: 7.2 points


def test_lookup_p95_under_20_ms_with_both_books_and_the_glossary_imported(official, questions):
    _mine, _base, db = official
    _median, p95, _worst = latency_ms(ours(db), questions, repeat=1)
    assert p95 < 20
