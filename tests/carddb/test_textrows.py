"""carddb.textrows' own walks (written for the build's speed) give what the plain functions
give: the Russian tree of every corpus ability, its params and features, its untyped parts."""
from __future__ import annotations

import pytest

from carddb import textrows as T
from carddb.present import ability_tree
from carddb.sources import read_cards
from grammar import ast as A
from grammar import parse
from tests.carddb.conftest import NXT, SET1


def _plain_tree(ability) -> str:
    """What the build stored before ``textrows._tree``: the tree cut into lines and joined."""
    return "\n".join("  " + t for t in ability_tree(ability, 1).splitlines())


@pytest.fixture(scope="module")
def abilities(shared) -> list:
    out = []
    for path in (SET1, NXT, shared / "corpus" / "nxt" / "sets_10_20.nxt.json"):
        for card in read_cards(path).cards:
            if card.text:
                out.extend(parse(card.text, name=card.name).abilities)
    return out


def test_the_tree_is_the_renderers(abilities):
    assert len(abilities) > 1000
    for ability in abilities:
        assert T._tree(ability) == _plain_tree(ability)


def test_params_features_and_untyped_in_one_walk(abilities):
    untyped_seen = 0
    for ability in abilities:
        nodes = T.nodes_of(ability)
        untyped, params, features = T._walk_facts(nodes)
        assert untyped == [n for n in nodes if isinstance(n, (A.Opaque, A.Unknown))]
        assert params == tuple(T.node_params(ability).values())
        assert features == T._feature_rows(nodes)
        untyped_seen += bool(untyped)
    assert untyped_seen > 20


def test_the_untyped_mark_goes_on_the_first_line(abilities):
    for ability in abilities:
        facts = T._facts(ability)
        expected = _plain_tree(ability).split("\n")
        if not A.is_typed(ability):
            expected[0] += "  [не разобрано полностью]"
        assert facts.tree == "\n".join(expected)


@pytest.mark.parametrize("breaks", ["\u2028", "\r\n", "\x0c", "\n", "\x85"])
def test_a_line_break_inside_a_text_is_cut_as_splitlines_cuts_it(breaks):
    """An Opaque text holding a line break of its own (no reader lets one through; the build
    must still store what the plain tree gives)."""
    ability = A.Opaque(text=f"первая часть{breaks}вторая часть")
    assert T._tree(ability) == _plain_tree(ability)
    nested = A.Choice(options=(ability, A.Opaque(text="ещё")))
    assert T._tree(nested) == _plain_tree(nested)


def test_json_and_nodes_in_one_walk(abilities):
    """The ability's JSON is grammar.ast.to_json's, its nodes grammar.ast.walk's, in order."""
    for ability in abilities:
        text, nodes = T.json_and_nodes(ability)
        assert text == A.to_json(ability)
        assert [id(n) for n in nodes] == [id(n) for n in A.walk(ability)]
