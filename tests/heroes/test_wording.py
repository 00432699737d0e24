"""The Heroes feature reader (judge/heroes/wording.py): own-wording sentences of every shape the
engine applies → the AST nodes it reads; a sentence it cannot read is refused, never guessed."""
from __future__ import annotations

import pytest

from berserk.vocab import AttackKind as K
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as E
from berserk.vocab import Verb
from grammar import ast as A
from judge.core.context import choice_points
from judge.heroes.wording import bridge_read as read


def one(text: str, spell: bool = False):
    feats = read(text, "Проба", spell)
    assert len(feats) == 1, feats
    return feats[0]


@pytest.mark.parametrize("text, name, value", [
    ("Рывок.", KW.DASH, None), ("Орда.", KW.HORDE, None), ("Броня 2.", KW.ARMOR, 2),
    ("Направленный удар.", KW.DIRECT, None), ("Первый удар.", KW.FIRST_STRIKE, None),
    ("Опыт в атаке.", KW.OVA, None), ("Опыт в защите.", KW.OVZ, None),
    ("Уязвимость.", KW.VULNERABLE, None), ("Чешуя 2.", KW.SCALES, 2),
    ("Регенерация 1.", KW.REGEN, 1), ("Вампиризм 2.", KW.VAMPIRISM, 2),
    ("Медитация 1.", KW.MEDITATION, 1), ("Гнев.", KW.WRATH, None),
    ("Бешенство.", KW.FRENZY, None), ("Уникальность.", KW.UNIQUE, None),
    ("Превосходство над драконами.", KW.SUPERIORITY, None),
])
def test_keywords(text, name, value):
    f = one(text)
    assert isinstance(f.node, A.Keyword) and (f.node.name, f.node.value) == (name, value)


@pytest.mark.parametrize("text, event", [
    ("Найм: ранить выбранное существо противника на 1.", E.ENTERS),
    ("Гибель: ранить героя противника на 2.", E.OWN_DEATH),
    ("При гибели от существа противника возьмите его под контроль.", E.OWN_DEATH),
    ("Когда погибает другое ваше существо, возьмите карту.", E.DEATH),
    ("Когда эта карта попадает на кладбище, возьмите карту.", E.TO_GRAVEYARD),
    ("При атаке возьмите карту.", E.ATTACK),
    ("При ударе излечиться на 2.", E.ATTACK),
    ("Когда это существо атаковано, ранить героя противника на 1.", E.ATTACKED),
    ("Когда противник объявляет атаку, закройте атакующее существо.", E.DECLARES_ATTACK),
    ("В начале хода ранить героя противника на 1.", E.TURN_START),
    ("В конце вашего хода излечите это существо на 2.", E.TURN_END),
    ("Когда противник разыгрывает заклинание, возьмите карту.", E.PLAYED),
    ("Каждый раз, когда ваше существо получает раны, излечите вашего героя на 1.", E.WOUNDED),
])
def test_trigger_heads(text, event):
    f = one(text)
    assert f.reason is None, f.reason
    assert isinstance(f.node, A.Triggered) and f.node.trigger.event == event


def test_every_time_and_zone():
    assert one("Каждый раз, когда ваше существо получает раны, возьмите карту.").every_time
    assert one("Когда эта карта попадает на кладбище, возьмите карту.").zone == "graveyard"


@pytest.mark.parametrize("text, tap, coins", [
    ("{tap}: выстрел на 1.", True, 0),
    ("{tap}, 2{coin}: выбранное существо получает +1 к удару до конца хода.", True, 2),
    ("1 монета: +1 к удару до конца хода.", False, 1),
])
def test_activated_costs(text, tap, coins):
    f = one(text)
    assert f.reason is None and isinstance(f.node, A.Activated)
    assert (f.cost.tap, f.cost.coins) == (tap, coins)


@pytest.mark.parametrize("text, cls, verb", [
    ("Уничтожьте всех существ.", A.Action, Verb.DESTROY),
    ("Возьмите 2 карты.", A.Action, Verb.DRAW),
    ("Противник сбрасывает 2 карты.", A.Action, Verb.DISCARD),
    ("Поиск — существо стоимостью 2 или менее.", A.Action, Verb.SEARCH),
    ("Верните выбранное существо в руку владельца.", A.Action, Verb.RETURN),
    ("Жизни всех существ становятся равными 1.", A.Action, Verb.SET_LIVES),
    ("Ранить каждое существо противника на 3.", A.Wound, None),
    ("Излечите выбранное существо на 2.", A.Heal, None),
    ("Отравить выбранное существо на 2.", A.Poison, None),
])
def test_spell_abilities(text, cls, verb):
    f = one(text, spell=True)
    assert f.reason is None, f.reason
    body = f.node.body
    assert isinstance(body[0], cls) and (verb is None or body[0].verb == verb)


def test_composition_while_doing_and_otherwise():
    f = one("Закройте выбранное существо, при этом возьмите карту.", spell=True)
    close, rest = f.node.body
    assert isinstance(close, A.Action) and isinstance(rest, A.Conditional)
    f = one("{tap}: противник может закрыть своё открытое существо, иначе ранить выбранного "
            "героя противника на 2.")
    choice, otherwise = f.node.effects
    assert choice.chooser == "opponent" and otherwise.otherwise


def test_a_spell_is_one_ability_per_sentence():
    feats = read("Ранить выбранное существо на 2. Возьмите карту.", "Проба", True)
    assert [type(f.node.body[0]) for f in feats] == [A.Wound, A.Action]


def test_a_trigger_continues_into_its_next_sentence():
    feats = read("Найм: ранить выбранное существо на 1. Возьмите карту.", "Проба")
    assert len(feats) == 1 and len(feats[0].node.effects) == 2


@pytest.mark.parametrize("text", ["Когда луна взойдёт, спойте песню.",
                                  "Найм: перетасуйте кладбище противника с его колодой."])
def test_unknown_text_is_refused_not_guessed(text):
    f = one(text)
    assert f.reason is not None


def test_statics_shapes():
    assert isinstance(one("+2 к удару по героям.").node, A.Bonus)
    assert isinstance(one("-1 от атак.").node, A.Reduction)
    assert isinstance(one("Защита от заклинаний.").node, A.Protection)
    assert K.SPELLS in one("Защита от заклинаний.").node.against
    r = one("Получает раны только от ударов.").node
    assert isinstance(r, A.Restriction) and "only" in r.params
    assert isinstance(one("Ваши существа получают +1 к удару.").node, A.Static)


# ---------------------------------------------------------------- round 2 (own wording)
@pytest.mark.parametrize("text, verb, tag", [
    ("Выбранное существо становится тёмным.", Verb.BECOME, "element:тьма"),
    ("Выбранное существо противника становится оружием.", Verb.BECOME, "class:оружие"),
    ("Выбранное существо теряет все стихии.", Verb.BECOME, "lose_elements"),
    ("Посмотрите верхнюю карту вашей колоды.", Verb.LOOK, "top"),
    ("Покажите верхнюю карту вашей колоды.", Verb.SHOW, "top"),
    ("Излечите суммарно до 3 ран ваших персонажей.", Verb.HEAL, "distribute"),
    ("Получите дополнительный ход.", Verb.TAKE, "extra_turn"),
    ("Положите 2 верхние карты любой колоды на кладбище.", Verb.PUT, "mill"),
    ("Отдайте выбранное ваше существо противнику.", Verb.TAKE_CONTROL, "give"),
    ("Создайте Элементаля огня.", Verb.SUMMON, "create"),
])
def test_round_two_effects(text, verb, tag):
    f = one(text, spell=True)
    assert f.reason is None, f.reason
    node = f.node.body[0]
    assert node.verb == verb and tag in node.params


def test_a_chain_of_links_with_repeats_has_its_own_copies():
    f = one("Выберите 2 раза из: ранить выбранное существо на 1; возьмите карту.", spell=True)
    links = f.node.body[0].steps
    assert len(links) == 2 and links[0].options[0] == links[1].options[0]
    assert links[0].options[0] is not links[1].options[0]      # own targets per link (524.1)


@pytest.mark.parametrize("text, what", [
    ("Если ваше другое существо должно быть уничтожено, вместо этого можете закрыть эту карту.",
     Verb.DESTROY),
    ("Вместо Регенерации можете излечить других ваших существ суммарно на 4.", "regeneration"),
    ("Если противник заявляет излечение своих персонажей, вместо этого ранить выбранного "
     "персонажа противника на 1.", Verb.HEAL),
    ("Модуль.", Verb.ENTER),
])
def test_replacements_wait_for_their_event(text, what):
    node = one(text).node
    assert isinstance(node, A.Static) and node.condition.params[0] == what


@pytest.mark.parametrize("text, where", [
    ("В конце вашего хода, если это существо не ранено, возьмите карту.", "trigger"),
    ("Найм: покажите верхнюю карту вашей колоды, если её стоимость 1 или менее, возьмите её в "
     "руку.", "effect"),
    ("Пока это существо ранено, оно получает +2 к удару.", "static"),
])
def test_conditions_are_read_where_they_stand(text, where):
    f = one(text)
    assert f.reason is None, f.reason
    if where == "trigger":
        assert f.node.condition is not None
    elif where == "effect":
        assert isinstance(f.node.effects[-1], A.Conditional)
    else:
        assert isinstance(f.node, A.Static) and f.node.condition is not None


@pytest.mark.parametrize("text", [
    "Найм: если у вас 5 монет, возьмите карту.",              # a condition it does not know
    "Пока луна светит, это существо получает +1 к удару.",
    "До конца хода выбранное существо становится тёмным.",    # a change for a while
])
def test_unknown_conditions_and_changes_are_refused(text):
    assert one(text, spell=text.startswith("До")).reason is not None


@pytest.mark.parametrize("text", ["Авангард 2.", "Инкарнация 2.", "Кладка.", "Спящий.",
                                  "Скрытность.", "Немёртвый."])
def test_glossary_words_are_read(text):
    assert one(text).reason is None


@pytest.mark.parametrize("text, chosen", [
    # «выбранное ваше существо сражается с выбранным …»: the fighter is chosen, first in the text
    ("Выбранное ваше существо сражается с выбранным существом противника.", ["by", "target"]),
    ("Выбранное ваше существо сражается с героем противника.", ["by"]),
    ("Это существо сражается с выбранным существом противника.", ["target"]),
])
def test_a_chosen_fighter_is_a_choice_point_before_its_target(text, chosen):
    """judge/core/context.py ``choice_points`` counts a chosen ``Action.by`` (H7), in text order."""
    node = one(text, spell=True).node
    [fight] = [n for n in A.walk(node) if isinstance(n, A.Action) and n.verb == Verb.FIGHT]
    where = {id(fight.by): "by", id(fight): "target"}
    points = choice_points(node).targets
    assert [where[k] for k, _ in sorted(points.items(), key=lambda kv: kv[1])] == chosen
