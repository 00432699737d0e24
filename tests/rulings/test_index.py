"""The shipped clause index: the agreed classic ids exist, the API the judge uses is stable."""
from __future__ import annotations

import pytest

from berserk.errors import InputError, UnknownNameError
from rulings.lookup import check_citations, clause_exists, load_book, parse_index

# The ids agreed between rulebooks, judge and legality (none may be renamed).
AGREED_CLASSIC = """
514 514.1 514.2 514.3 514.4 514.5 514.6 514.7 514.8 axe legality roll-clamp
deck squad squad.crystals squad.elite squad.elements squad.neutral squad.flyers squad.second-player
squad.redeal field placement placement.first-player placement.second-player placement.overflow
placement.special turn.order turn.start turn.hidden-row movement action.close attack.strike
attack.defender attack.direct attack.unanswerable attack.vampirism attack.bonus attack.special
attack.magic attack.shot attack.throw attack.discharge attack.uchr attack.ranged effect.named
effect.spell effect.finishing effect.poison wounds.death counters instant flyers incorporeal
symbiote equipment artifact terrain victory
""".split()


@pytest.mark.parametrize("clause_id", AGREED_CLASSIC)
def test_agreed_classic_id_is_shipped_with_title_summary_and_source(clause_id):
    clause = load_book("classic").get(clause_id)
    assert clause is not None and clause_exists("classic", clause_id)
    assert clause.title and clause.summary and clause.source
    assert "seed 00" in clause.source


def test_unknown_ids_and_books_are_not_clauses():
    assert not clause_exists("classic", "514.9")
    assert not clause_exists("no-such-book", "514.6")


def test_check_citations_lists_every_unknown_id_with_suggestions():
    with pytest.raises(InputError) as err:
        check_citations("classic", ["514.6", "axee", "514.99"], source="сценарий.yaml")
    assert len(err.value.problems) == 2
    assert "axe" in err.value.problems[0].message


def test_unknown_book_suggests_the_close_name():
    with pytest.raises(UnknownNameError) as err:
        load_book("clasic")
    assert err.value.suggestions == ["classic"]


def test_strike_table_is_data_the_judge_can_read():
    table = load_book("classic").get("514.2").data["strike_table"]
    assert table["attacker_higher"][4] == ["strong", "weak"]
    assert table["defender_higher"][2] == ["miss", "miss"]
    assert table["equal"] == {"low": ["weak", "miss"], "high": ["miss", "weak"]}
    closed = load_book("classic").get("514.8").data["closed_target"]
    assert [closed[d] for d in range(1, 7)] == ["weak"] * 3 + ["medium"] * 2 + ["strong"]


def test_index_problems_are_all_reported_with_lines():
    text = "book: x\nclauses:\n  - id: a\n  - id: a\n  - id: b\n    parent: zz\n    colour: red\n"
    with pytest.raises(InputError) as err:
        parse_index(text, "x.yaml")
    messages = [p.message for p in err.value.problems]
    assert len(messages) == 3, messages
    assert all(p.location.line for p in err.value.problems)


@pytest.mark.parametrize("book", ["classic", "heroes-15"])
def test_every_shipped_id_resolves_to_itself_first(book):
    from rulings.lookup import resolve

    for cid in load_book(book).clauses:
        hit = resolve(cid, book).hits[0]
        assert hit.clause.id == cid.split("#")[0] or hit.clause.id == cid


def test_index_yaml_syntax_error_has_line_column_and_caret():
    text = "book: x\nclauses:\n  - id: a\n    title: [не закрыто\n"
    with pytest.raises(InputError) as err:
        parse_index(text, "x.yaml")
    rendered = err.value.render()
    assert "x.yaml:" in rendered and "^" in rendered
