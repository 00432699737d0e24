"""Deck and squad files: plain text and YAML, and every malformed line located (exit-2 input)."""
from __future__ import annotations

import pytest

from berserk.errors import InputError
from judge.legality.lists import read_list


def write(tmp_path, text, name="list.txt", binary=False):
    path = tmp_path / name
    path.write_bytes(text) if binary else path.write_text(text, encoding="utf-8")
    return path


def test_text_deck_with_comments_blank_lines_and_count_forms(tmp_path):
    path = write(tmp_path, "# колода\n\n3 Страж перевала   # хороший\n2x Степной лучник\n"
                           "  1 Рунный кузнец\nправила: heroes-15\n")
    deck = read_list(path, "deck")
    assert [(e.count, e.name, e.line) for e in deck.entries] == [
        (3, "Страж перевала", 3), (2, "Степной лучник", 4), (1, "Рунный кузнец", 5)]
    assert deck.settings == {"ruleset": "heroes-15"}
    assert deck.total == 6


@pytest.mark.parametrize("line, message, column", [
    ("Страж перевала", "нет количества", 1),
    ("0 Страж перевала", "не меньше 1, а не 0", 1),
    ("3", "нет названия карты", 1),
    ("    Страж", "нет количества", 5),
    ("колода: да", "неизвестная настройка «колода»", 1),
])
def test_bad_deck_line_is_located(tmp_path, line, message, column):
    path = write(tmp_path, f"3 Страж перевала\n{line}\n")
    with pytest.raises(InputError) as err:
        read_list(path, "deck")
    (problem,) = err.value.problems
    assert message in problem.message
    assert (problem.location.source, problem.location.line, problem.location.column) == \
        (str(path), 2, column)
    assert "^" in problem.render()                      # the caret under the column


def test_every_bad_line_is_reported_not_only_the_first(tmp_path):
    path = write(tmp_path, "Страж\n3 Страж перевала\n0 Лучник\n-1 Кузнец\n")
    with pytest.raises(InputError) as err:
        read_list(path, "deck")
    assert [p.location.line for p in err.value.problems] == [1, 3, 4]


@pytest.mark.parametrize("content, message", [
    (None, "файл колоды не найден"),
    (b"3 \xff\xfe\n", "не в кодировке UTF-8"),
    ("# только комментарий\n\n", "нет ни одной карты"),
])
def test_unreadable_files(tmp_path, content, message):
    path = tmp_path / "missing.txt"
    if content is not None:
        path = write(tmp_path, content, binary=isinstance(content, bytes))
    with pytest.raises(InputError) as err:
        read_list(path, "deck")
    assert message in str(err.value)


def test_a_directory_is_not_a_deck(tmp_path):
    with pytest.raises(InputError, match="каталог"):
        read_list(tmp_path, "deck")


def test_yaml_deck_mapping_and_list_forms(tmp_path):
    mapping = read_list(write(tmp_path, "ruleset: classic\ncards:\n  Страж перевала: 3\n"
                                        "  Степной лучник: 2\n", "d.yaml"), "deck")
    assert [(e.name, e.count, e.line) for e in mapping.entries] == \
        [("Страж перевала", 3, 3), ("Степной лучник", 2, 4)]
    listed = read_list(write(tmp_path, "cards:\n  - 3 Страж перевала\n"
                                       "  - {card: Степной лучник, count: 2}\n", "l.yml"), "deck")
    assert [(e.name, e.count, e.line) for e in listed.entries] == \
        [("Страж перевала", 3, 2), ("Степной лучник", 2, 3)]


@pytest.mark.parametrize("text, line, message", [
    ("cards:\n  Страж перевала: 0\n", 2, "не меньше 1"),
    ("cards:\n  Страж перевала: три\n", 2, "целым числом"),
    ("cards:\n  - Страж перевала\n", 2, "нет количества"),
    ("cards: [3 Страж\n", 2, "не YAML"),
    ("колода: 3\n", 1, "нет ключа «cards»"),
])
def test_bad_yaml_deck_is_located(tmp_path, text, line, message):
    with pytest.raises(InputError) as err:
        read_list(write(tmp_path, text, "d.yaml"), "deck")
    assert message in str(err.value)
    assert err.value.problems[-1].location.line == line or \
        err.value.problems[0].location.line == line


def test_text_squad_lines(tmp_path):
    path = write(tmp_path, "игрок: второй\nсторона: B\nпересдачи: 2\nзолото: 25\n"
                           "Рунный кузнец 6з c4\nСтраж перевала 2з 2с d4\nСтепной лучник\n"
                           "2 Наёмный копейщик\nЛедяной сокол доп\nТрясинный змей 5с с5\n")
    squad = read_list(path, "squad")
    assert squad.settings == {"player": "second", "side": "B", "redeals": 2, "gold": 25}
    assert [(e.name, e.count, e.gold, e.silver, e.cell) for e in squad.entries] == [
        ("Рунный кузнец", 1, 6, None, "c4"), ("Страж перевала", 1, 2, 2, "d4"),
        ("Степной лучник", 1, None, None, None), ("Наёмный копейщик", 2, None, None, None),
        ("Ледяной сокол", 1, None, None, "доп"),
        ("Трясинный змей", 1, None, 5, "c5")]            # Cyrillic «с5» read as c5


@pytest.mark.parametrize("line, message", [
    ("2 Страж перевала c2", "по строке на экземпляр"),
    ("Страж перевала c2 d2", "две клетки"),
    ("игрок: третий", "«первый» или «второй»"),
    ("пересдачи: много", "целым числом"),
    ("сторона: C", "A или B"),
    ("0 Страж перевала", "не меньше 1"),
])
def test_bad_squad_line_is_located(tmp_path, line, message):
    path = write(tmp_path, f"Страж перевала\n{line}\n")
    with pytest.raises(InputError) as err:
        read_list(path, "squad")
    (problem,) = err.value.problems
    assert message in problem.message and problem.location.line == 2


def test_yaml_squad(tmp_path):
    text = ("player: second\nredeals: 1\ncrystals: {gold: 25, silver: 20}\nsquad:\n"
            "  - Рунный кузнец 6з c4\n  - {card: Страж перевала, gold: 1, silver: 3, cell: d4}\n")
    squad = read_list(write(tmp_path, text, "s.yaml"), "squad")
    assert squad.settings == {"player": "second", "redeals": 1, "gold": 25, "silver": 20}
    assert [(e.name, e.gold, e.silver, e.cell, e.line) for e in squad.entries] == [
        ("Рунный кузнец", 6, None, "c4", 5), ("Страж перевала", 1, 3, "d4", 6)]


def test_yaml_squad_bad_item_key(tmp_path):
    text = "squad:\n  - {card: Страж перевала, клеткa: d4}\n"
    with pytest.raises(InputError, match="неизвестный ключ"):
        read_list(write(tmp_path, text, "s.yaml"), "squad")


def test_host_of_a_symbiote_or_equipment(tmp_path):
    text = "Пиявка-симбиот d2 хозяин:c2\nПоходный щит 1с b3 host=с3\n"
    squad = read_list(write(tmp_path, text), "squad")
    assert [(e.name, e.cell, e.host, e.silver) for e in squad.entries] == [
        ("Пиявка-симбиот", "d2", "c2", None), ("Походный щит", "b3", "c3", 1)]
    yaml_squad = read_list(write(tmp_path, "squad:\n  - {card: Походный щит, cell: b3, "
                                           "хозяин: c2}\n", "s.yaml"), "squad")
    assert yaml_squad.entries[0].host == "c2"


@pytest.mark.parametrize("text, name", [("Пиявка-симбиот d2 хозяин:z9\n", "s.txt"),
                                        ("squad:\n  - {card: Щит, host: доп}\n", "s.yaml")])
def test_host_must_be_a_cell(tmp_path, text, name):
    with pytest.raises(InputError, match="хозяин указывается клеткой"):
        read_list(write(tmp_path, text, name), "squad")
