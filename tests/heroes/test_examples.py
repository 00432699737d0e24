"""The three worked examples of docs/heroes.md judged end to end (attack with a defender,
first-turn weakness and Рывок, simultaneous deaths and the FIFO queue deciding the game)."""
from __future__ import annotations

import pytest

from tests.heroes.conftest import judge_text

DEFENDER = """
ruleset: heroes-15
title: Защитник принимает удар
question: Кто получит раны?
cards:
  Степной рубака: {type: существо, cost: 3, life: 4, strike: 3, element: степи, classes: [орк]}
  Лесной страж: {type: существо, cost: 3, life: 5, strike: 2, element: леса, classes: [энт]}
turn: A
turn_number: 5
players:
  A: {coins: 3, play: [Степной рубака]}
  B: {coins: {open: 0, closed: 3}, play: [Лесной страж]}
actions:
  - attack: {by: Степной рубака, target: B.hero, defender: Лесной страж}
expect:
  B.hero: {wounds: 0}
  Лесной страж: {wounds: 3, closed: true, zone: play}
  Степной рубака: {wounds: 2, closed: true, used: [attacked]}
  cites: ["108.2", "307.1", "509.1", "502.1", "510.1", "510.2", "307.3", "509.5"]
  not_cites: ["510.3"]
"""

DASH = """
ruleset: heroes-15
title: Рывок
question: Кто атакует?
cards:
  Пеший копейщик: {type: существо, cost: 2, life: 3, strike: 2}
  Лихой наездник: {type: существо, cost: 3, life: 2, strike: 2, text: "Рывок."}
turn: A
players:
  A: {coins: 5, hand: [Пеший копейщик, Лихой наездник]}
actions:
  - play: {card: Пеший копейщик}
  - play: {card: Лихой наездник}
  - attack: {by: Пеший копейщик, target: B.hero}
  - attack: {by: Лихой наездник, target: B.hero}
expect:
  A: {hand: 0, coins: {open: 0, closed: 5}}
  Пеший копейщик: {zone: play, closed: false, weak: true, used: []}
  Лихой наездник: {zone: play, closed: true}
  B.hero: {wounds: 2}
  cancelled: 1
  cites: ["309.1", "501.2", "522.1", "108.5", "210.2", "514.1", "510.3"]
"""

DEATHS = """
ruleset: heroes-15
title: Одновременная гибель
question: Кто победил?
cards:
  Мстительный дух: {type: существо, cost: 2, life: 1, strike: 1,
                    text: "Гибель: ранить героя противника на 2."}
  Очищение: {type: заклинание, cost: 4, text: "Уничтожьте всех существ."}
turn: A
turn_number: 9
players:
  A: {hero: {wounds: 19}, coins: 4, hand: [Очищение], play: [Мстительный дух]}
  B: {hero: {wounds: 19}, play: [Мстительный дух]}
actions:
  - play: {card: Очищение}
expect:
  winner: B
  resolved: ["Очищение/1", "B:Мстительный дух/1"]
  A.hero: {wounds: 21}
  B.hero: {wounds: 19}
  cites: ["211.2", "502.6", "505.2", "505.3", "402.1", "401.3", "604.1", "602.1", "605.1"]
"""


@pytest.mark.parametrize("text", [DEFENDER, DASH, DEATHS], ids=["defender", "dash", "deaths"])
def test_example_holds_in_strict_mode(text):
    assert judge_text(text).failures == []


def test_a_wrong_queue_model_would_fail_the_deaths_example():
    """B's «Гибель» resolves first (402.1, FIFO 401.3): reversing the expected order fails."""
    wrong = DEATHS.replace('resolved: ["Очищение/1", "B:Мстительный дух/1"]',
                           'resolved: ["Очищение/1", "A:Мстительный дух/1"]')
    assert judge_text(wrong).failures
