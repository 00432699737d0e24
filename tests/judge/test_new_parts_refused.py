"""Issue 9 (g7b): parts of the ability language the grammar now types and the classic judge does
not apply yet — each must be refused with its reason, never applied without the new field.
Own wording; the card is named «Страж»."""
from __future__ import annotations

import pytest

from carddb.model import Card
from grammar import ast as A
from judge.classic.support import unsupported
from judge.figures import card_verdict
from judge.heroes.port import PortRules


def card(text: str) -> Card:
    return Card(name="Страж", elements=("нейтральная",), life=6, move=1, strike=(1, 2, 3), text=text)


# (sentence, a word of the refusal)
REFUSED = [
    ("-2 от {strike}, нанесённых не по диагонали.", "направлении"),          # Condition(direction)
    ("+1 к {strike}, нанесённым по диагонали.", "направлении"),
    ("Ваши существа с {move}1 получают +1 к {strike}.", "{move}"),            # Qualifier move
    ("{tap}: Закрыть существо противника с {move}2 или меньше.", "{move}"),   # Qualifier move_max
    ("При перемещении Стража ваше существо рядом с освободившейся клеткой может переместиться на эту клетку.",
     "освободившаяся"),                                                       # Qualifier vacated
    ("{tap}: Ранить существо противника на 2, если оно не двигалось в прошлый ход противника.",
     "перемещении"),                                                          # moved last_opponent_turn
    ("Получает +1 к {strike}, пока Страж не переместится.", "перемещении"),   # moved since_effect
    ("Может перемещаться через занятые клетки.", "перемещаться"),             # through_occupied
    ("В начале вашего хода существо противника по его выбору рядом со Стражем получает отравление на 1.",
     "выбранное другим игроком"),
    ("{tap}: Ранить существо противника с наименьшим {health} на 2.", "наименьшим"),  # least_life
    ("{tap}: Закрыть существо противника с наибольшей стоимостью.", "наибольшей"),    # most_cost
    ("{tap}: Ранить на 1 каждое существо противника, стоящее по диагонали от Стража.", "диагонали"),
    ("{tap}: Ранить на 1 каждую карту на клетке, на которую Страж перемещался в этот ход.", "перемещалась"),
    ("При ударе, если Страж уничтожил карту противника в этот ход, получить {counter}.", "уничтожил"),
    ("{tap}: Ранить существо противника на X, где X — отравление выбранного существа.", "отравления"),
    # g8a: the very next turn (whoever's), the target of an attack, after the dice, the N-th of the
    # fight, whose death «вместо гибели» replaces
    ("{tap}: В начале следующего хода ранить существо противника на 1.", "чьим бы он ни был"),
    ("Когда Страж становится целью выстрела, получает {counter}.", "целью"),
    ("При ударе (после бросков кубика) получает {counter}.", "после бросков кубика"),
    ("При первом ударе за бой получает {counter}.", "за бой"),
    ("Вместо гибели вашего существа излечите его на 2.", "вместо"),
    ("{tap}: Метание на 2, дальность 2, только через свободную клетку.", "через клетку"),
    # stop 22 (audit F2): a window of the opponent's next turn (not a span from now)
    ("{tap}: Ваши существа получают +2 к {strike} в следующий ход противника.", "следующий ход противника"),
    # stop 22 (audit F12): the place a card stood on before it moved
    ("{tap}: Переместить выбранное существо противника на соседнюю клетку, затем телепортироваться на клетку, "
     "которую занимало выбранное существо.", "прежнее место"),
    # stop 22 (audit F7): «каждое … может» — a choice for each card by itself
    ("{tap}: Ваши существа могут переместиться на соседнюю клетку.", "за каждую карту"),
    # stop 22 (audit F15): the options of an open named head, by turn order
    ("В начале боя воздействие «смута»:\n{first}: Ранить выбранное существо противника на 1.\n"
     "{second}: Излечить выбранное ваше существо на 2.", "ходите первым"),
    # g23: another card's ability declared by an effect
    ("{tap}: Объявить особенность вальхаллы существа на вашем кладбище.", "применять особенности"),
    ("При ударе по карте противника большей стоимости, чем Страж (без учета элитности), получите {counter}.",
     "большей стоимости"),
]


@pytest.mark.parametrize("text, why", REFUSED, ids=[w for _, w in REFUSED])
def test_a_new_part_the_judge_does_not_read_is_refused(text, why):
    verdict = card_verdict(card(text))
    assert not verdict.applicable
    reasons = [a.reason for a in verdict.abilities if not a.applied]
    assert any(why in r for r in reasons), reasons


# g23 (audit F5 / F11): «это существо» / a pronoun bound to a card of the event by its role
# (``role:subject`` …, ``role:by``: the doer of the effect before) — neither judge reads the role
# yet, so each refuses the selector itself (the lines above refuse for their trigger too)
@pytest.mark.parametrize("role", ["subject", "target", "destination", "origin", "by"])
def test_a_pronoun_bound_to_a_role_is_refused(role):
    for sel in (A.Selector("it", qualifiers=(f"role:{role}",)),
                A.Selector("creature", qualifiers=("this", f"role:{role}"))):
        assert "местоимение" in (unsupported(sel) or "")
        assert "role" in (PortRules.unsupported(None, sel) or "")
