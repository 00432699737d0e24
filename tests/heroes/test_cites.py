"""Citations of the Heroes judge: every id it can cite exists in heroes-15 (clauses and glossary
terms), and a scenario's cite is validated with did-you-mean."""
from __future__ import annotations

import pytest

from judge.heroes import cites as C


def test_every_engine_cite_exists_in_heroes_15():
    assert sorted(C.ALL - C.known_ids()) == []
    C.check_against_book()


@pytest.mark.parametrize("written, canonical", [
    ("507.3", "507.3"),
    ("118.8#2", "118.8#2"),
    ("term:Рывок", "term:Рывок"),
    ("term:Броня X", "term:Броня Х"),                # the Latin X for the Cyrillic one
    ("term:броня х", "term:Броня Х"),                # case
    ("term:Найм", "term:Найм: [текст]"),             # the short form, unique
    ("term:Поиск", "term:Поиск — [карта/карты]"),
])
def test_canonical_ids(written, canonical):
    assert C.canonical(written) == canonical
    assert C.cite_problem(written) is None


@pytest.mark.parametrize("written, says", [
    ("507.33", "507.3"),                              # did-you-mean
    ("term:Гибель", "неоднозначен"),                  # two headings start so
    ("term:Рывокк", "term:Рывок"),
])
def test_cite_problems(written, says):
    problem = C.cite_problem(written)
    assert problem is not None and says in problem


def test_section_of_an_id():
    assert [C.section(c) for c in ("507.3", "118.8#2", "601", "term:Рывок", "part-7")] == \
        ["507", "118", "601", None, None]
