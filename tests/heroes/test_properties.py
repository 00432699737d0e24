"""«A cancelled action changes nothing» (308.1 step 7, 309.1 step 8, 514.1): for every verb, an
illegal play, activation, attack or end of turn leaves the whole game — every card, every zone,
every coin and marker — exactly as it was, and says so with one `cancelled` event."""
from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.heroes.engine import Engine
from judge.heroes.run import load_scenario
from judge.heroes.script import resolver

TABLE = textwrap.dedent("""\
    ruleset: heroes-15
    cards:
      Степной волк: {type: существо, cost: 2, life: 2, strike: 2, element: степи}
      Болотный огр: {type: существо, cost: 4, life: 5, strike: 3, element: болота, text: "Бешенство."}
      Лучник: {type: существо, cost: 2, life: 2, strike: 1, text: "{tap}: выстрел на 1."}
      Зов молнии: {type: заклинание, cost: X, text: "Ранить выбранное существо на X."}
      Удар: {type: заклинание, cost: 5, text: "Ранить выбранное существо на 3."}
      Монах: {type: существо, cost: 3, life: 3, strike: 1, text: "Защита от заклинаний."}
      Меч: {type: поддержка, cost: 1, classes: [оружие]}
    turn: A
    players:
      A:
        coins: 3
        hand: [Удар, Зов молнии, Меч]
        deck: [3]
        play: [{card: Степной волк, new: true}, {card: Лучник, closed: true}, Болотный огр]
      B: {play: [Монах, {card: Степной волк, closed: true}], hand: [Степной волк]}
    """)

#: Illegal actions (engine method, arguments by reference) — every one must be cancelled.
ILLEGAL = [
    ("play", ("Удар",), {}),                                   # 5 coins, 3 open (501.2)
    ("play", ("Зов молнии",), {"x": 0}),                       # X = 0 (512.3.1)
    ("play", ("B:Степной волк",), {}),                          # not in A's hand / not A's turn
    ("attack", ("A:Степной волк", "B.hero"), {}),               # first-turn weakness (108.5)
    ("attack", ("Лучник", "B.hero"), {}),                       # closed (506.1)
    ("attack", ("Болотный огр", "A:Степной волк"), {}),          # own character (507.2)
    ("attack", ("A.hero", "B.hero"), {}),                       # a hero does not attack (209.4)
    ("activate", ("Лучник", 1), {}),                            # {tap} on a closed card (506.1)
    ("activate", ("Болотный огр", 1), {}),                      # no such ability
    ("end_turn", (), {}),                                      # Бешенство obliges (term)
]


def _game():
    sc = load_scenario("props.yaml", text=TABLE)
    return sc, Engine(sc.game, resolve_ref=resolver(sc.game))


def snapshot(g) -> tuple:
    cards = tuple(sorted((o.id, o.zone, o.controller, o.closed, o.hidden, o.wounds, o.gen,
                          o.arrived, o.prevented, tuple(sorted(o.used.items())),
                          tuple((e.kind, repr(e.value), e.until) for e in o.effects))
                         for o in g.objs.values()))
    players = tuple((p.name, tuple(p.hand), tuple(p.deck), tuple(p.graveyard), tuple(p.stock),
                     tuple((c.open, c.until) for c in p.coins), p.prayers, p.failed_draws,
                     p.shuffled) for p in g.players.values())
    return cards, players, g.turn, g.active, g.phase, g.result


def _do(engine, verb, args, kw):
    objs = [engine.resolve_ref(a) if isinstance(a, str) else a for a in args]
    if verb == "play":
        return engine.play(objs[0], "A", **kw)
    if verb == "attack":
        return engine.strike_attack(objs[0], objs[1], "A", "none")
    if verb == "activate":
        return engine.activate(objs[0], objs[1], "A")
    return engine.end_turn()


@pytest.mark.parametrize("verb, args, kw", ILLEGAL, ids=[f"{v}-{i}" for i, (v, *_ ) in
                                                         enumerate(ILLEGAL)])
def test_a_cancelled_action_changes_nothing(verb, args, kw):
    _, engine = _game()
    before = snapshot(engine.g)
    assert _do(engine, verb, args, kw) is False
    assert snapshot(engine.g) == before
    assert engine.trace.count("cancelled") == 1


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(range(len(ILLEGAL))), min_size=1, max_size=6))
def test_any_sequence_of_illegal_actions_changes_nothing(picks):
    _, engine = _game()
    before = snapshot(engine.g)
    for i in picks:
        verb, args, kw = ILLEGAL[i]
        _do(engine, verb, args, kw)
    assert snapshot(engine.g) == before
    assert engine.trace.count("cancelled") == len(picks)


def test_a_legal_action_does_change_the_game():
    """The property is not vacuous: the same table moves on a legal play."""
    _, engine = _game()
    before = snapshot(engine.g)
    assert engine.play(engine.resolve_ref("Меч"), "A") is True
    assert snapshot(engine.g) != before
