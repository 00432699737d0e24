"""Card DB commands: ``berserk db build``, ``search``, ``card``, ``serve``, ``icons``.

Thin click wrappers over ``carddb``; domain errors (InputError, ParseError, UnknownNameError)
propagate to the root group (berserk/cli.py), which prints them and exits 2.
"""
from __future__ import annotations

import json
import sys

import click

from berserk.errors import InputError, Location, Problem
from berserk.progress import Progress
from berserk.text import plural
from carddb.build import build_db
from carddb.bundled import reading_db
from carddb.finder import SORT_FIELDS, find
from carddb.present import card_report, result_table
from carddb.serve import serve
from carddb.store import card_from_row, default_db_path, find_card, open_db
from grammar import to_dict
from grammar.display import legend_lines
from judge.figures import ability_marks, card_verdict
from rulings.lookup import book_names, load_book
from rulings.store import clause_writer

_DB_HELP = "файл базы карт (по умолчанию $BERSERK_DB, иначе ./cards.db, иначе карты-примеры проекта)"

#: A full card list takes seconds to build: a progress bar from this many cards on.
PROGRESS_FROM = 300           # cards: parsing ≈ 3 ms a card here, so a bar from about a second


def _reading(db_path: str | None) -> str:
    """The DB a reading command opens: the card-source rule, the bundled examples last."""
    path, examples = reading_db(db_path)
    if examples:
        click.echo("база карт не найдена (--db, $BERSERK_DB, ./cards.db) — показаны карты-примеры "
                   "проекта; своя база: berserk db build --cards ФАЙЛ", err=True)
    return path


def _db_option(f):
    return click.option("--db", "db_path", default=None, metavar="DB", help=_DB_HELP)(f)


@click.group("db")
def db_group() -> None:
    """База карт: сборка.

    \b
    Пример:
      berserk db build
      berserk db build -o cards.db --cards data.json --cards мои_карты.yaml
    """


def rule_index_writer(db) -> dict[str, int]:
    """The project's own clause index of every book (ids, titles, our summaries — no official
    text) as the table ``rule_index``: the web links a card's keywords to these clause pages."""
    rows = []
    for book in book_names():
        for position, c in enumerate(load_book(book).clauses.values()):
            rows.append({"book": book, "id": c.id, "title": c.title, "parent": c.parent,
                         "kind": c.kind, "position": position, "summary": c.summary or None,
                         "keywords": json.dumps(list(c.keywords), ensure_ascii=False)})
    db["rule_index"].insert_all(rows, pk=("book", "id"))
    db["rule_index"].create_index(["book", "parent"])
    return {"rule_index": len(rows)}


@db_group.command("build")
@click.option("-o", "--output", "--db", "output", default=None, metavar="DB",
              help="куда записать базу (по умолчанию ./cards.db или $BERSERK_DB)")
@click.option("--cards", "cards", multiple=True, metavar="FILE",
              help="файл карт: tgbot JSON, berserk-nxt data.json, канонический YAML/JSON; "
                   "можно несколько; без него — встроенные карты-примеры")
@click.option("--format", "fmt", type=click.Choice(["tgbot", "nxt", "canonical"]), default=None,
              help="формат файлов карт (по умолчанию определяется по содержимому)")
@click.option("--rules", "rules", multiple=True, metavar="FILE",
              help="файл официальных правил для таблицы clauses (вместе с --book)")
@click.option("--book", "books", multiple=True, metavar="BOOK",
              help="книга правил для каждого --rules: classic | heroes-15")
def build_command(output, cards, fmt, rules, books) -> None:
    """Собрать базу карт.

    Сборка атомарна: база пишется во временный файл рядом, сбрасывается на диск и только
    потом заменяет старую — при ошибке, Ctrl+C или kill старая база остаётся целой. Две
    сборки одной базы не идут одновременно: вторая ждёт первую.

    \b
    Примеры:
      berserk db build
      berserk db build -o cards.db --cards ~/berserk-nxt/data.json
      berserk db build --cards set1.tgbot.json --format tgbot
    """

    if len(books) not in (0, len(rules)):
        raise InputError(Problem(Location("--book"), "укажите --book для каждого --rules"))
    out = output or default_db_path()
    rule_warnings: list[Problem] = []
    writers = [rule_index_writer] + [clause_writer(file, book, rule_warnings) for file, book
                                     in zip(rules, books or ["classic"] * len(rules))]
    progress = Progress("Разбор карт", PROGRESS_FROM)
    try:
        report = build_db(out, list(cards) or None, format=fmt, writers=writers,
                          progress=progress, on_wait=lambda: click.echo(
                              f"жду: другая сборка {out} ещё идёт…", err=True))
    finally:
        progress.close()
    for warning in [*report.warnings, *rule_warnings]:
        click.echo(f"предупреждение: {warning.render()}", err=True)
    c = report.counts
    click.echo(f"База {report.path}: карт {c['cards']}, способностей {c['abilities']} "
               f"(типизировано {c['typed_abilities']}), текст неизвестен у {c['cards_text_unknown']}, "
               f"замечаний разбора {c['parse_issues']}"
               + (f", пунктов правил {c['clauses']}" if c.get("clauses") else "")
               + f"; {report.seconds:.1f} с")


SEARCH_HELP = """Найти карты по запросу на языке поиска (подробно: docs/search.md).

Условия через пробел должны выполняться все; «or» / «или» — любое; «-» — «не».

\b
Поля (с примером):
  имя:гном               в имени есть «гном» (регистр и ё/е не важны)
  текст:защита           слово в тексте карты (по началу слова); текст:"защита от"
  стихия:горы            горы, леса, степи, болота, тьма, нейтральная (любая форма: горные, лес …)
  тип:летающее           существо, летающее, симбиот, компаньон, артефакт, местность, экипировка
  класс:гном             класс карты; класс:"страж леса"
  редкость:редкая        частая, необычная, редкая, ультраредкая
  сет:война              часть названия сета
  элита:да               элитная карта (элита:нет — рядовая)
  уник:да                уникальная карта
  игра:герои             карты «Берсерк. Герои» (игра:классика — классического «Берсерка»)
  стоимость<=3           сравнения: = != < <= > >=
  жизни>=10              жизни
  ход=2                  ход; ход=полёт, ход=X
  удар>=4                сильный удар; удар=2-3-4 — все три значения
  дальность>=3           есть атака с такой дальностью
  выстрел                есть способность: выстрел, разряд, метание, удар через ряд, особый удар,
                         магический удар, отравление, добивание, вампиризм, регенерация, броня,
                         строй, полёт, симбиот, защита от выстрелов … (в любом месте разбора)
  выстрел>=2             урон атаки (сильнейший) или число особенности: броня>=2
  есть:"защита от магии" то же, что способность без поля: есть:полёт
  -стихия:тьма           «не»
  (a or b) c, a или b    скобки, «или»
  "фраза", «фраза»       фраза в имени или тексте
  слово                  часть имени или начало слова в тексте; слово-способность
                         («разряд») ищет способность, а слово в тексте — текст:разряд

\b
Примеры:
  berserk search "выстрел дальность>=3"
  berserk search "стихия:горные стоимость<=4 -элита:да" --sort -удар
  berserk search "(есть:полёт or вампиризм) стоимость<=5" --json
  berserk search "удар через ряд or метание>=2" --limit 10
"""


# a query may start with «-» (-стихия:тьма): unknown «options» are the query's words
@click.command("search", help=SEARCH_HELP, context_settings={"ignore_unknown_options": True})
@click.argument("query")
@_db_option
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 100000),
              help="сколько карт показать")
@click.option("--sort", "sort", default=None, metavar="ПОЛЕ",
              help="порядок: " + ", ".join(SORT_FIELDS) + "; «-поле» — по убыванию "
                   "(по умолчанию — по имени)")
@click.option("--json", "as_json", is_flag=True, help="вывести JSON-массив карт")
def search_command(query, db_path, limit, sort, as_json) -> None:
    db = open_db(_reading(db_path))
    try:
        found = find(db, query, limit, sort=sort)
    finally:
        db.conn.close()
    if as_json:
        out = []
        for row in found.rows:
            data = card_from_row(row).to_dict()
            data["keywords"] = json.loads(row.get("keywords") or "[]")
            out.append(data)
        click.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    for note in found.notes:
        click.echo(f"примечание: {note}")
    click.echo(result_table(found.rows))
    if found.suggestions:
        click.echo("Возможно, вы имели в виду: " + ", ".join(found.suggestions))
    if found.rows:
        n = found.total
        line = f"Найдено: {n} {plural(n, 'карта', 'карты', 'карт')}"
        if len(found.rows) < n:
            line += f"; показаны первые {len(found.rows)} (больше — --limit)"
        click.echo(line)


@click.command("card")
@click.argument("name")
@_db_option
@click.option("--set", "set_name", default=None, help="сет, если имя есть в нескольких сетах")
@click.option("--json", "as_json", is_flag=True, help="вывести карту и разбор в JSON")
def card_command(name, db_path, set_name, as_json) -> None:
    """Показать карту: параметры, текст (значки — символами) и способности деревом.

    \b
    Примеры:
      berserk card "Страж перевала"
      berserk card "страж перевала" --json
    """

    card = find_card(_reading(db_path), name, set=set_name)
    if as_json:
        data = card.to_dict()
        data["abilities"] = [to_dict(a) for a in card.abilities()]
        data["text_known"] = card.text_known
        data["judge"] = card_verdict(card).to_dict()
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        # the judge's note on each ability: does the engine apply it at the table
        click.echo(card_report(card, ability_marks(card)))


@click.command("serve")
@_db_option
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535),
              help="порт")
@click.option("--host", default="127.0.0.1", show_default=True, help="адрес")
def serve_command(db_path, port, host) -> None:
    """Открыть базу карт в браузере (Datasette, только чтение).

    Пересобранная база (berserk db build) подхватывается сама, без перезапуска. Ctrl+C или
    SIGTERM останавливают сервер.

    \b
    Пример:
      berserk serve --port 8001      # затем http://127.0.0.1:8001/
    """

    sys.exit(serve(_reading(db_path), port=port, host=host))


@click.command("icons")
def icons_command() -> None:
    """Легенда значков: код в тексте карты ({tap} …), символ и что он значит.

    \b
    Пример:
      berserk icons
    """

    click.echo("Значки карт: код в каноническом тексте и --json, символ, значение.")
    for line in legend_lines():
        click.echo(line)


commands = [db_group, search_command, card_command, serve_command, icons_command]
