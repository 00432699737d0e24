"""``berserk rule``: look a rulebook clause up by number or by word.

Thin click layer over ``rulings.lookup``; unknown references raise ``UnknownNameError`` (with
«возможно, вы имели в виду») which the root group (berserk/cli.py) prints as exit code 2.
"""
from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import click
import sqlite_utils

from berserk import files
from berserk.errors import InputError
from rulings.importers import (
    import_book,
    import_glossary_rst,
    import_heroes_markdown,
    index_document,
    write_index,
)
from rulings.lookup import (
    BOOKS_DIR,
    GAMES,
    RULESET_ENV,
    book_names,
    book_of,
    load_book,
    open_book,
    parse_index,
    resolve,
    source_label,
)
from rulings.model import Book, Clause, Conflict, GlossaryEntry, is_number

#: The source of a glossary entry written in the project's own index (no official text yet).
INDEX = "индекс"
NO_TEXT = ("официальный текст не импортирован (berserk db build --rules ФАЙЛ --book {book}, "
           "затем berserk rule … --db cards.db)")


def _open_db(path: str | None):
    if path is None:
        return None


    if not Path(path).is_file():
        raise InputError.at("файл базы не найден", path)
    return sqlite_utils.Database(path)


def _wrap(text: str, indent: str = "    ") -> str:
    out = []
    for para in text.split("\n"):
        if para.lstrip().startswith("|") or "\t" in para:      # table rows keep their shape
            out.append(indent + para)
        else:
            out.append(textwrap.fill(para, 100, initial_indent=indent, subsequent_indent=indent)
                       if para.strip() else "")
    return "\n".join(out)


#: What an unnumbered clause is, in its heading (a numbered one shows its number there).
KIND_WORDS = {"rule": "золотое правило", "section": "раздел", "part": "часть", "front": "вступление"}


def _numbered(c: Clause) -> bool:
    return is_number(c.id.split("#", 1)[0])


def _label(c: Clause | None) -> str:
    """A clause as a person names it: «514.5 Промах», or by its title alone when it has no number
    (the index's own ids — ``attack.strike`` — are not shown; ``berserk rule`` finds a title)."""
    if c is None:
        return "—"
    if not _numbered(c) and c.title:
        return f"«{c.title}»"
    return f"{c.id} {c.title}".strip()


def render_clause(c: Clause, book: Book, brief: bool = False) -> str:
    """One clause as a judge reads it: number (or title), book, title, parent, neighbours,
    summary, text, conflicts."""
    if _numbered(c) or not c.title:
        head = f"{c.id} · {book.name} · {c.title or '(без заголовка)'}"
    else:
        head = f"{c.title} · {book.name} · {KIND_WORDS.get(c.kind, 'пункт')}"
    lines = [head]
    if brief:
        if c.summary:
            lines.append(f"  кратко: {c.summary}")
        if c.text:
            lines.append(_wrap(c.text, "    "))
        return "\n".join(lines)
    parent = book.get(c.parent) if c.parent else None
    prev, nxt = book.neighbours(c.id)
    lines.append(f"  родитель: {_label(parent) if c.parent else '—'}")
    lines.append(f"  соседи: ← {_label(prev)} · {_label(nxt)} →")
    if c.summary:
        lines.append(f"  кратко: {c.summary}")
    if c.keywords:
        lines.append(f"  ключевые слова: {', '.join(c.keywords)}")
    if c.text:
        lines.append("  текст:")
        lines.append(_wrap(c.text))
    elif book.official and c.kind in ("section", "part"):
        lines.append("  текст: — (раздел; см. подпункты)")
    else:
        lines.append("  текст: " + NO_TEXT.format(book=book.name))
    for i, example in enumerate(c.examples, 1):
        lines.append(f"  пример {i}:")
        lines.append(_wrap(example))
    if c.data and "strike_table" in c.data:
        lines.append("  таблица ударов (данные): " + json.dumps(c.data["strike_table"], ensure_ascii=False))
    if c.source:
        lines.append(f"  источник: {source_label(c.source)}")
    for conflict in book.conflicts_for(c.id):
        lines.append(render_conflict(conflict))
    return "\n".join(lines)


def render_conflict(k: Conflict) -> str:
    lines = [f"  ⚠ источники расходятся: {k.topic}"]
    for st in k.statements:
        users = [r for r, src in k.applies.items() if src == st.source]
        mark = f"  ← применяют: {', '.join(users)}" if users else ""
        lines.append(f"    • {source_label(st.source)}: {source_label(st.says)}{mark}")
    if k.why:
        lines.append(f"    почему: {source_label(k.why)}")
    return "\n".join(lines)


def render_entry(g: GlossaryEntry) -> str:
    lines = [f"«{g.term}» · {g.book} · глоссарий"]
    if g.text:
        lines.append(_wrap(g.text))
    elif g.summary:
        lines.append(f"  кратко: {g.summary}")
    else:
        lines.append("  определение: " + NO_TEXT.format(book=g.book))
    if g.refs:
        lines.append(f"  см.: {', '.join(g.refs)}")
    if g.source == INDEX:
        lines.append(f"  источник: глоссарий книги {g.book} (пересказ — индекс проекта)")
    elif g.source:
        lines.append(f"  источник: {source_label(g.source)}")
    return "\n".join(lines)


def answer_to_json(answer) -> dict:
    clauses, glossary, conflicts = [], [], {}
    for hit in answer.hits:
        if hit.clause is not None:
            book = answer.book(hit.clause.book)
            prev, nxt = book.neighbours(hit.clause.id)
            d = hit.clause.to_dict() | {"score": hit.score, "source_name": source_label(hit.clause.source),
                                        "previous": prev.id if prev else None,
                                        "next": nxt.id if nxt else None,
                                        "children": [ch.to_dict() for ch in hit.children]}
            clauses.append(d)
            for k in book.conflicts_for(hit.clause.id):
                conflicts[k.id] = k.to_dict()
        else:
            glossary.append(hit.entry.to_dict() | {"score": hit.score})
    out = {"query": answer.query, "by_number": answer.by_number, "clauses": clauses,
           "glossary": glossary, "conflicts": list(conflicts.values())}
    if answer.message:
        out |= {"message": answer.message, "suggestions": list(answer.suggestions)}
    return out


def _asked_book(book: str | None, game: str | None) -> str | None:
    """--book, else --game, else the context's ruleset ($BERSERK_RULESET), else every book."""
    if book and game and book_of(book) != book_of(game):
        raise InputError.at(f"--book {book} и --game {game} называют разные книги", "berserk rule")
    return book_of(book or game or os.environ.get(RULESET_ENV) or None)


@click.command("rule")
@click.argument("ref", required=False)
@click.option("--game", "game", type=click.Choice(sorted(GAMES)), default=None,
              help=f"игра: classic | heroes (по умолчанию — правила из ${RULESET_ENV}, "
                   "иначе обе игры, игра указана у каждого ответа)")
@click.option("--book", "book", default=None, metavar="B",
              help="книга: classic | heroes-15 (то же, что --game, по имени книги)")
@click.option("--db", "db_path", default=None, metavar="DB",
              help="база с импортированным официальным текстом (berserk db build --rules …)")
@click.option("--list", "list_all", is_flag=True, help="перечислить все пункты книги")
@click.option("--json", "as_json", is_flag=True, help="вывести JSON: {query, clauses, glossary, conflicts}")
@click.option("--limit", default=8, show_default=True, type=click.IntRange(1, 500),
              help="сколько ответов показать при поиске по слову")
def rule_command(ref, game, book, db_path, list_all, as_json, limit) -> None:
    """Найти пункт правил по номеру, по словам или по вопросу целиком.

    Номер показывает пункт (514 — вместе с подпунктами). Слова или вопрос — пункты и статьи
    глоссария, лучшие первыми; термин глоссария, совпавший с запросом, — первым. Слова
    сравниваются по основам («раны» = «ран»), с синонимами игры («лимит» = «не больше»),
    X = Х, ё = е. Если ни одного слова запроса нет в правилах — так и сказано (код выхода 1).
    Без --db отвечает встроенный индекс проекта (номера, заголовки, краткие пересказы);
    с --db — ещё и официальный текст.

    \b
    Примеры:
      berserk rule 514.6
      berserk rule 514 --game classic
      berserk rule "Правило Топора"
      berserk rule "защитник дважды за ход" --game heroes
      berserk rule "Можно ли атаковать своё существо?" --db cards.db
      berserk rule --list --game classic --json
    """

    book = _asked_book(book, game)
    db = _open_db(db_path)
    if list_all:
        names = [book] if book else book_names()
        books = [open_book(n, db) for n in names]
        if as_json:
            click.echo(json.dumps([c.to_dict() for b in books for c in b.clauses.values()],
                                  ensure_ascii=False, indent=1))
            return
        for b in books:
            click.echo(f"{b.name}: {b.title} — пунктов {len(b.clauses)}"
                       + (", официальный текст импортирован" if b.official else ""))
            for c in b.clauses.values():
                pad = "  " * (1 + min(c.depth, 3))
                click.echo(f"{pad}{c.id}  {c.title or c.summary[:60] or ', '.join(c.keywords[:3])}")
        return
    if not ref:
        raise InputError.at("укажите номер пункта или слово (или --list)", "berserk rule")
    answer = resolve(ref, book, db, limit)
    if as_json:
        click.echo(json.dumps(answer_to_json(answer), ensure_ascii=False, indent=1))
    elif answer.message:
        hint = f"; возможно, вы имели в виду: {', '.join(answer.suggestions)}" if answer.suggestions else ""
        where = f" (книга {book})" if book else ""
        click.echo(f"«{ref}»: {answer.message}{where}{hint}")
    if answer.message:
        click.get_current_context().exit(1)
    if as_json:
        return
    blocks = []
    for hit in answer.hits:
        if hit.clause is not None:
            b = answer.book(hit.clause.book)
            block = render_clause(hit.clause, b)
            for ch in hit.children:
                block += "\n" + textwrap.indent(render_clause(ch, b, brief=True), "  ")
            blocks.append(block)
        else:
            blocks.append(render_entry(hit.entry))
    click.echo("\n\n".join(blocks))


@click.group("rulebook")
def rulebook_group() -> None:
    """Официальные тексты правил: проверка импорта.

    \b
    Пример:
      berserk rulebook check ~/rules/heroes_full_rules.md --book heroes-15
    """


@rulebook_group.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--book", "book", required=True, metavar="B", help="книга: classic | heroes-15")
@click.option("--json", "as_json", is_flag=True, help="вывести JSON: {counts, repeated, problems}")
def rulebook_check_command(file, book, as_json) -> None:
    """Разобрать файл правил, ничего не записывая: сколько пунктов, терминов, что не размещено.

    Всё, что импортёр не смог поставить на место (абзацы под неизвестными заголовками,
    повторённые номера, восстановленные ячейки таблицы ударов), перечисляется с file:line.
    Код выхода 0; 2 — файл не читается или в нём нет ни одного пункта.

    \b
    Примеры:
      berserk rulebook check правила.md --book heroes-15
      berserk rulebook check 004.txt --book classic --json
    """

    load_book(book)                                   # an unknown book name fails here (exit 2)
    result = import_book(file, book)
    kinds: dict[str, int] = {}
    for c in result.clauses:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    if as_json:
        click.echo(json.dumps({"book": book, "file": file, "clauses": len(result.clauses), "kinds": kinds,
                               "glossary": len(result.glossary), "repeated": result.repeated,
                               "problems": [{"location": str(p.location), "message": p.message}
                                            for p in result.problems]}, ensure_ascii=False, indent=1))
        return
    parts = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    click.echo(f"{file}: книга {book}; пунктов {len(result.clauses)} ({parts}); "
               f"терминов {len(result.glossary)}; замечаний {len(result.problems)}")
    if result.repeated:
        click.echo(f"повторённые номера: {', '.join(result.repeated)}")
    for p in result.problems:
        click.echo(f"  {p.render()}")


HEROES_INDEX_HEADER = (
    "# The project's own index of «Берсерк. Герои» full rules, 15th edition (book `heroes-15`).\n"
    "# Generated by `berserk rulebook index RULES.md GLOSSARY.rst` (numbers, parents, part/section headings,\n"
    "# keyword lists of glossary terms); the clause titles, one-line summaries and glossary refs are our own\n"
    "# words, kept by every regeneration.  No official sentence: the official text shows once\n"
    "# `berserk db build … --rules FILE --book heroes-15` imports it.\n")


@rulebook_group.command("index")
@click.argument("rules_md", type=click.Path(dir_okay=False, exists=True))
@click.argument("glossary_rst", type=click.Path(dir_okay=False, exists=True))
@click.option("-o", "--output", default=str(BOOKS_DIR / "heroes-15.yaml"), show_default=True,
              help="куда записать индекс")
def rulebook_index_command(rules_md, glossary_rst, output) -> None:
    """Пересобрать индекс «Героев» (номера, заголовки, ключевые слова) из официальных файлов.

    Наши заголовки пунктов, краткие пересказы и ссылки терминов на пункты из нынешнего
    индекса сохраняются.

    \b
    Пример:
      berserk rulebook index heroes_full_rules.md heroes_glossary.rst
    """

    target = Path(output)
    own = parse_index(files.read_text(target), str(target)) if target.is_file() else None
    rules = import_heroes_markdown(files.read_text(rules_md, "файл правил"), source=Path(rules_md).name)
    glossary = import_glossary_rst(files.read_text(glossary_rst, "файл глоссария"),
                                   source=Path(glossary_rst).name)
    doc = index_document(rules, glossary.glossary, "«Берсерк. Герои», Полные правила, 15-я редакция (31.05.2024)",
                         own=own)
    write_index(doc, target, HEROES_INDEX_HEADER)
    click.echo(f"{target}: пунктов {len(doc['clauses'])}, терминов {len(doc['glossary'])}")


commands = [rule_command, rulebook_group]
