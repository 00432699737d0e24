"""Properties of the engine and the odds over generated tables and dice (hypothesis)."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from berserk.vocab import CardType
from carddb.model import Card
from judge.classic import board
from judge.classic.engine import Engine, Inputs
from judge.core.context import Answers
from judge.classic.odds import Matchup, deals, distribution
from judge.classic.board import AIR, FIELD
from judge.classic.state import Piece, State
from rulings.lookup import clause_ids

TEXTS = ["", "Вампиризм.", "Броня 1.", "Отравление на 1.", "{regen}1.", "{tap}: Выстрел на 2.",
         "Безответный удар.", "{ova}1.", "{ovz}1.", "Бестелесность.", "{tap}: Разряд на 1-2-3.",
         "{tap}: Добивание на 2.", "+1 к {strike}.", "-1 от дальних атак."]

triples = st.tuples(st.integers(0, 5), st.integers(0, 6), st.integers(0, 7)).map(
    lambda t: (t[0], max(t), max(t) + t[2] % 2))
die = st.integers(1, 6)


@st.composite
def tables(draw):
    cells = draw(st.lists(st.sampled_from(board.ALL_CELLS), min_size=2, max_size=8, unique=True))
    state = State(turn="A")
    for i, cell in enumerate(cells):
        owner = "A" if i % 2 == 0 else "B"
        card = Card(name=f"К{i}", elements=("нейтральная",), life=draw(st.integers(1, 8)),
                    move=draw(st.integers(0, 2)), strike=draw(triples),
                    text=draw(st.sampled_from(TEXTS)))
        p = Piece(id=card.name, card=card, owner=owner, cell=cell,
                  closed=draw(st.booleans()), wounds=0)
        p.wounds = draw(st.integers(0, card.life - 1))
        p.markers["poison"] = draw(st.integers(0, 1))
        p.moves_left = p.move or 0
        state.add(p)
    return state


actions = st.lists(st.tuples(st.sampled_from(["strike", "shot", "discharge", "turn", "move",
                                               "finish"]),
                             st.integers(0, 7), st.integers(0, 7),
                             st.lists(die, min_size=2, max_size=2), st.booleans()),
                   max_size=12)


book = clause_ids("classic")


def invariants(state: State) -> None:
    seen: set[str] = set()
    for p in state.pieces.values():
        assert p.wounds >= 0, p
        if p.zone in (FIELD, AIR) and p.life:
            assert p.lives > 0, f"{p.name} is dead but still on the table"
        if p.zone == FIELD:
            assert p.cell not in seen, f"two cards on {p.cell}"
            seen.add(p.cell)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), actions)
def test_wounds_never_negative_and_the_dead_leave_the_field(state, script):
    engine = Engine(state)
    pieces = list(state.pieces.values())
    for verb, i, j, dice, flag in script:
        actor, target = pieces[i % len(pieces)], pieces[j % len(pieces)]
        inputs = Inputs(dice, {"step_up": flag, "defender": None})
        if verb == "strike":
            if flag and actor.on_table and target.on_table:
                legal = engine.possible_defenders(actor, target)
                inputs.choices["defender"] = legal[0] if legal else None
            engine.strike(actor, target, inputs)
        elif verb in ("shot", "discharge"):
            engine.ability_attack(actor, target, verb, inputs)
        elif verb == "finish":
            engine.finish_action(actor, target, inputs)
        elif verb == "turn":
            engine.start_turn(board.other(state.turn))
        elif actor.cell:
            engine.move(actor, [c for c in board.orthogonal_neighbours(actor.cell)][:1])
        invariants(state)
    assert all(e.cites and set(e.cites) <= book for e in engine.events)


@given(triples, triples, st.booleans(), st.integers(-2, 3), st.integers(-2, 3),
       st.integers(0, 2), st.integers(0, 2), st.sampled_from(["never", "always"]))
def test_odds_sum_to_one(att, dfd, closed, am, dm, ab, db, policy):
    m = Matchup(att, dfd, closed, am, dm, ab, db)
    assert sum(distribution(m, policy).values()) == Fraction(1)


@given(triples, triples, st.integers(1, 6), st.integers(1, 6), st.integers(-2, 3),
       st.integers(-2, 3), st.integers(0, 2), st.integers(0, 2))
def test_step_up_never_makes_the_stepping_side_worse_off(att, dfd, a, d, am, dm, ab, db):
    options = deals(Matchup(att, dfd, False, am, dm, ab, db), a, d)
    if len(options) == 1:
        return
    plain, stepped = options
    if stepped.stepped_up == "attacker":
        assert stepped.defender_deals == 0 <= plain.defender_deals
        assert a + am > d + dm
    else:
        assert stepped.attacker_deals == 0 <= plain.attacker_deals
        assert d + dm > a + am


# ---------------------------------------------------------------- a cancelled action changes nothing
#: Texts whose every ability the judge applies: each verb has cards that can use it and cards
#: it can be used on (the generated tables mix them).
RICH = ["", "{tap}: Выстрел на 2.", "{tap}: Разряд на 1-2-3.", "{tap}: Добивание на 2.",
        "{tap}: Излечить выбранное существо на 2.", "{tap}: Ранить выбранное существо на 1.",
        "X{counter}{tap}: Разряд на X.", "{tap}: Получить Защиту от летающих.",
        "{instant}{tap}: Заклинание «вспышка» — ранить выбранное существо на 1.",
        "{tap}: Закрыть выбранное существо.", "{tap}: Открыть выбранное существо.",
        "{tap}: Выбранное существо получает +2 к {strike} до конца хода.",
        "Строй: +1 к {strike}.", "Пока не имеет ран, получает +1 к {strike}.",
        "При {strike} — отравление на 1.", "Броня 1.", "Защита от выстрелов.",
        "{counter}{tap}: Особый удар на 3.", "Бестелесность.", "Полёт.", "Вампиризм.",
        "{tap}: Воздействие «переливание» — перераспределить 2 (или менее) раны с выбранного "
        "существа на себя.",
        "{tap}: Воздействие «забвение» — существо теряет все особенности до конца хода.",
        "{tap}: Заклинание «портал» — переместить существо на любую свободную клетку поля боя.",
        "{tap}: Выстрел на 1; в начале вашего следующего хода ранить атакованного на 2.",
        "Может нападать {strike} дважды за ход, после первой атаки не закрывается.",
        "+1 к броску кубика."]
KINDS = [CardType.CREATURE] * 6 + [CardType.ARTIFACT]
VERBS = ["strike", "shot", "discharge", "special", "finish", "effect", "use", "move", "charge",
         "anti_air", "open"]


@st.composite
def rich_tables(draw):
    cells = draw(st.lists(st.sampled_from(board.ALL_CELLS), min_size=2, max_size=7, unique=True))
    state = State(turn=draw(st.sampled_from(["A", "B"])), first="A")
    for i, cell in enumerate(cells):
        owner = "A" if i % 2 == 0 else "B"
        text = draw(st.sampled_from(RICH))
        kind = draw(st.sampled_from(KINDS))
        card = Card(name=f"К{i}", elements=("нейтральная",), life=draw(st.integers(1, 6)),
                    move=draw(st.integers(0, 2)), strike=draw(triples), text=text,
                    card_type=kind)
        flying = card.flying
        p = Piece(id=card.name, card=card, owner=owner, zone=AIR if flying else FIELD,
                  cell=None if flying else cell, closed=draw(st.booleans()),
                  counters=draw(st.integers(0, 2)), order="first" if owner == "A" else "second")
        p.wounds = draw(st.integers(0, card.life - 1))
        p.acted = draw(st.booleans())
        p.hidden = owner == "B" and cell[1] == "6" and not flying and draw(st.booleans())
        p.moves_left = p.move or 0
        state.add(p)
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rich_tables(), st.sampled_from(VERBS), st.integers(0, 7), st.integers(0, 7),
       st.lists(die, min_size=2, max_size=4), st.sampled_from(board.ALL_CELLS), st.integers(0, 3))
def test_a_cancelled_action_changes_nothing(state, verb, i, j, dice, cell, x):
    """Check → pay → apply: when the check fails the action is cancelled and the table —
    wounds, counters, open/closed, face-down cards, limits, temporary effects — is exactly as
    before (Правило легальности: nothing is paid, nothing turned up)."""
    engine = Engine(state)
    pieces = list(state.pieces.values())
    actor, target = pieces[i % len(pieces)], pieces[j % len(pieces)]
    inputs = Inputs(dice, {"step_up": False, "defender": None, "x": x})
    before = state.key()
    answers = Answers({"target": target, "x": x})
    if verb == "strike":
        done = engine.strike(actor, target, inputs)
    elif verb in ("shot", "discharge", "special"):
        done = engine.ability_attack(actor, target, verb, inputs)
    elif verb == "finish":
        done = engine.finish_action(actor, target, inputs)
    elif verb == "effect":
        done = engine.use_effect(actor, target, inputs)
    elif verb == "use":
        done = engine.use(actor, None, inputs, answers)
    elif verb == "move":
        done = engine.move(actor, [cell])
    elif verb == "charge":
        done = engine.charge(actor)
    elif verb == "anti_air":
        done = engine.anti_air(actor)
    else:
        done = engine.open_by_effect(target, "эффект")
    event(f"{verb}: {'done' if done else 'cancelled'}")
    if not done:
        assert engine.events and engine.events[-1].kind == "cancelled" or any(
            e.kind == "cancelled" for e in engine.events)
        assert state.key() == before, [e.text for e in engine.events]
