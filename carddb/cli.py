"""Card DB commands: ``berserk db build``, ``berserk search``, ``berserk card``, ``berserk serve``.

Thin click wrappers over ``carddb``; domain errors (InputError, ParseError, UnknownNameError)
propagate to the root group (berserk/cli.py), which prints them and exits 2.
"""
from __future__ import annotations

import json

import click

from berserk.errors import InputError, Location, Problem
from carddb.build import build_db
from carddb.present import card_report, result_table
from carddb.search import search
from carddb.serve import serve
from carddb.store import card_from_row, default_db_path, find_card, open_db
from grammar import to_dict
from grammar.display import legend_lines
from rulings.store import clause_writer

_DB_HELP = "файл базы карт (по умолчанию ./cards.db или $BERSERK_DB)"


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
    """Собрать базу карт (атомарно: при ошибке старая база не меняется).

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
    writers = [clause_writer(file, book, rule_warnings)
               for file, book in zip(rules, books or ["classic"] * len(rules))]
    report = build_db(out, list(cards) or None, format=fmt, writers=writers)
    for warning in [*report.warnings, *rule_warnings]:
        click.echo(f"предупреждение: {warning.render()}", err=True)
    c = report.counts
    click.echo(f"База {report.path}: карт {c['cards']}, способностей {c['abilities']} "
               f"(типизировано {c['typed_abilities']}), текст неизвестен у {c['cards_text_unknown']}, "
               f"замечаний разбора {c['parse_issues']}"
               + (f", пунктов правил {c['clauses']}" if c.get("clauses") else "")
               + f"; {report.seconds:.1f} с")


@click.command("search")
@click.argument("query")
@_db_option
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 100000),
              help="сколько карт показать")
@click.option("--json", "as_json", is_flag=True, help="вывести JSON-массив карт")
def search_command(query, db_path, limit, as_json) -> None:
    """Найти карты по запросу.

    \b
    Примеры:
      berserk search "выстрел дальность>=3"
      berserk search "стихия:горные стоимость<=4 -элита:да"
      berserk search "удар через ряд or метание>=2" --json
    """

    db = open_db(db_path or default_db_path())
    try:
        rows = search(db, query, limit)
    finally:
        db.conn.close()
    if as_json:
        out = []
        for row in rows:
            data = card_from_row(row).to_dict()
            data["keywords"] = json.loads(row.get("keywords") or "[]")
            out.append(data)
        click.echo(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        click.echo(result_table(rows))
        if len(rows) == limit:
            click.echo(f"(показаны первые {limit}; больше — --limit)")


@click.command("card")
@click.argument("name")
@_db_option
@click.option("--set", "set_name", default=None, help="сет, если имя есть в нескольких сетах")
@click.option("--json", "as_json", is_flag=True, help="вывести карту и разбор в JSON")
def card_command(name, db_path, set_name, as_json) -> None:
    """Показать карту: параметры, текст и разобранные способности деревом.

    \b
    Примеры:
      berserk card "Страж перевала"
      berserk card "страж перевала" --json
    """

    card = find_card(db_path or default_db_path(), name, set=set_name)
    if as_json:
        data = card.to_dict()
        data["abilities"] = [to_dict(a) for a in card.abilities()]
        data["text_known"] = card.text_known
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        click.echo(card_report(card))


@click.command("serve")
@_db_option
@click.option("--port", default=8001, show_default=True, type=int, help="порт")
@click.option("--host", default="127.0.0.1", show_default=True, help="адрес")
def serve_command(db_path, port, host) -> None:
    """Открыть базу карт в браузере (Datasette, только чтение).

    \b
    Пример:
      berserk serve --port 8001      # затем http://127.0.0.1:8001/
    """

    serve(db_path or default_db_path(), port=port, host=host)


@click.command("icons")
def icons_command() -> None:
    """Легенда значков: символ, код в тексте карты ({tap} …) и что он значит.

    \b
    Пример:
      berserk icons
    """

    click.echo("Значки карт: символ, код в каноническом тексте и --json, значение.")
    for line in legend_lines():
        click.echo(line)


commands = [db_group, search_command, card_command, serve_command, icons_command]
