"""`berserk parse`, `berserk corpus report`, `berserk check` — the grammar's commands."""
from __future__ import annotations

import json
import sys

import click

from berserk.errors import InputError
from berserk.progress import each
from carddb.sources import read_cards
from grammar import ast as A
from grammar import Vocabulary, parse
from grammar.display import to_display
from grammar.golden import Entry, diff, read_golden, write_golden
from grammar.render import tree
from grammar.report import coverage
from judge.figures import figures

#: a bar from about a second of work: parsing alone ≈ 3 ms a card (check, as db build),
#: parsing and judging ≈ 5 ms (corpus report)
PARSE_PROGRESS_FROM = 300
REPORT_PROGRESS_FROM = 200


def _read(path: str, fmt: str | None):
    """Cards of a card file; every unreadable card is reported, the rest still counted."""

    result = read_cards(path, fmt)
    if result.problems and not result.cards:
        raise InputError(result.problems)
    for problem in result.problems:
        click.echo(f"предупреждение: {problem.render()}", err=True)
    return result


@click.command("parse")
@click.argument("text")
@click.option("--name", help="Имя карты: её упоминания в тексте читаются как «эта карта».")
@click.option("--json", "as_json", is_flag=True, help="Канонический JSON (ключи отсортированы).")
def parse_cmd(text: str, name: str | None, as_json: bool) -> None:
    """Разобрать текст способностей в типизированное дерево.

    TEXT — текст карты: значки как эмодзи (⤵️) или как {tap}; способности по строкам
    или через «|».

    \b
    Пример:
      berserk parse "{tap}: Выстрел на 2, дальность 3."
      berserk parse --json "⤵️: Разряд на 1-2-2.|Защита от выстрелов."
    """

    separator = "|" if "|" in text else None
    parsed = parse(text, name=name, separator=separator)
    if as_json:
        click.echo(json.dumps({"text": parsed.text,
                               "abilities": [A.to_dict(a, spans=True) for a in parsed.abilities],
                               "typed": parsed.typed,
                               "repairs": [str(r) for r in parsed.repairs],
                               "unknown_icons": list(parsed.unknown_icons)},
                              ensure_ascii=False, sort_keys=True, indent=2))
        return
    if not parsed.abilities:
        click.echo("способностей нет")
        return
    for line in parsed.lines:
        click.echo(f"строка {line.index + 1}: {to_display(line.text)}")
        for ability in line.abilities:
            click.echo(tree(ability, 1))
    for repair in parsed.repairs:
        click.echo(f"исправлено: {repair}")
    if parsed.unknown_icons:
        click.echo("недоказанные значки: " + ", ".join(parsed.unknown_icons))


@click.group("corpus")
def corpus() -> None:
    """Отчёты по спискам карт."""


@corpus.command("report")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["tgbot", "nxt", "canonical"]),
              help="Формат файла (по умолчанию определяется сам).")
@click.option("--json", "as_json", is_flag=True, help="Один JSON-объект с числами и списками.")
def corpus_report(file: str, fmt: str | None, as_json: bool) -> None:
    """Покрытие списка карт грамматикой: сколько сегментов разобрано и типизировано.

    Каждый не полностью типизированный сегмент показан с «^» под неразобранной частью.

    \b
    Пример:
      berserk corpus report cards.json --format tgbot
      berserk corpus report data.json --json
    """

    result = _read(file, fmt)
    # the list's own names and classes, as the DB build reads them (carddb.build)
    vocabulary = Vocabulary.of((c.name for c in result.cards), (k for c in result.cards for k in c.classes))
    cov = coverage((card.name, parse(card.text, name=card.name, vocabulary=vocabulary)
                    if card.text is not None else None)
                   for card in each(result.cards, "Разбор карт", REPORT_PROGRESS_FROM))
    for card in result.cards:
        for repair in card.repairs:
            # reader repairs read «field: kind @pos: detail»; count by field and kind
            field_name, _, rest = str(repair).partition(": ")
            kind = rest.split(" ", 1)[0] if field_name == "text" else field_name
            cov.repairs[kind] += 1
    # how much of the list the judge applies (issue 10)
    judged = figures(each(result.cards, "Карты глазами судьи", REPORT_PROGRESS_FROM))
    if as_json:
        data = cov.to_json()
        data["format"] = result.format
        data["file_problems"] = [p.render() for p in result.problems]
        data.update(judged)
        click.echo(json.dumps(data, ensure_ascii=False, sort_keys=True))
        return
    click.echo(f"файл: {file} (формат {result.format})")
    click.echo(cov.render())
    click.echo(judge_summary(judged))


def judge_summary(judged: dict, top: int = 10) -> str:
    """The judge's figures in Russian: cards applied whole, and the most frequent refusals."""
    n, ok = judged["cards_with_text"], judged["judge_applicable"]
    share = f" ({100 * ok / n:.1f} %)" if n else ""
    out = [f"судья применяет все особенности карты: {ok} из {n} карт с текстом{share}"]
    refusals = list(judged["judge_refusals"].items())[:top]
    if refusals:
        out.append("чаще всего судья не применяет:")
        out.extend(f"  {count:>4}  {reason}" for reason, count in refusals)
    return "\n".join(out)


@click.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--golden", required=True, type=click.Path(dir_okay=False),
              help="Эталон: JSON Lines, одна карта на строку.")
@click.option("--update", is_flag=True, help="Записать новый эталон вместо проверки.")
@click.option("--format", "fmt", type=click.Choice(["tgbot", "nxt", "canonical"]))
def check_cmd(file: str, golden: str, update: bool, fmt: str | None) -> None:
    """Регрессионная проверка: у каких карт изменился смысл текста.

    Сравнивает разбор каждой карты с эталоном и показывает по картам добавленные (+),
    удалённые (-) и изменённые (~) способности и сдвиг покрытия. Код выхода 1 при любом
    неодобренном изменении, 0 — когда всё совпало; --update записывает новый эталон.

    \b
    Пример:
      berserk check cards.json --golden tests/grammar/golden/cards.jsonl
      berserk check cards.json --golden cards.jsonl --update
    """

    result = _read(file, fmt)
    new = {}
    for card in each(result.cards, "Разбор карт", PARSE_PROGRESS_FROM):
        entry = Entry.from_parsed(card.name, card.set, card.parsed())
        new[entry.key] = entry
    if update:
        write_golden(golden, new.values())
        click.echo(f"эталон записан: {golden} ({len(new)} карт)")
        return
    old = read_golden(golden)
    d = diff(old, new)
    click.echo(d.render())
    if d.changed:
        sys.exit(1)


commands = [parse_cmd, corpus, check_cmd]
