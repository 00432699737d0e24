"""``berserk deck check`` and ``berserk squad check``: is a deck / squad legal, and if not, why.

Exit codes: 0 legal, 1 illegal (every problem printed with its clause), 2 unreadable input
(raised as InputError; the root group, berserk/cli.py, prints it and exits 2).
"""
from __future__ import annotations

import json

import click

from berserk.errors import InputError
from carddb.lookup import card_index
from judge.legality.deck import check_deck
from judge.legality.lists import read_list
from judge.legality.rules import RULESETS, Verdict, ruleset
from judge.legality.squad import check_squad

RULESET_CHOICE = click.Choice(sorted(RULESETS))


def _cards_options(fn):
    fn = click.option("--cards", "cards_file", type=click.Path(dir_okay=False, allow_dash=True),
                      help="Файл карт (tgbot JSON, berserk-nxt, канонический YAML; - — стандартный "
                           "ввод): его карты важнее карт базы.")(fn)
    fn = click.option("--db", type=click.Path(dir_okay=False),
                      help="База карт (berserk db build); без --db — $BERSERK_DB, иначе "
                           "./cards.db, если есть. Карты-примеры проекта доступны всегда; при "
                           "совпадении имени побеждает карта из базы.")(fn)
    fn = click.option("--json", "as_json", is_flag=True,
                      help="Вывести JSON: {legal, problems: [{clause, message, …}], notes}.")(fn)
    return fn


def _emit(verdict: Verdict, source: str, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(render(verdict, source))
    click.get_current_context().exit(0 if verdict.legal else 1)


def render(verdict: Verdict, source: str) -> str:
    """The human report: a verdict line, every problem with its clause, then the notes."""
    rules = verdict.ruleset
    n = len(verdict.findings)
    if verdict.legal:
        head = f"{source}: {verdict.subject} легальна" if verdict.subject == "колода" \
            else f"{source}: {verdict.subject} легален"
    else:
        word = "нелегальна" if verdict.subject == "колода" else "нелегален"
        head = f"{source}: {verdict.subject} {word} — проблем: {n}"
    lines = [f"{head} (правила {rules.name}, книга {rules.book})"]
    lines += ["  " + f.render(source) for f in verdict.findings]
    lines += ["  · " + note for note in verdict.notes]
    return "\n".join(lines)


def _ruleset(option: str | None, listed, file: str):
    """The option wins over the file's «правила:» line; the default is classic."""
    if option:
        return ruleset(option)
    return ruleset(listed.settings.get("ruleset") or "classic", source=file,
                   line=listed.setting_lines.get("ruleset"))


@click.group("deck")
def deck_group() -> None:
    """Колоды: проверка легальности."""


@deck_group.command("check")
@click.argument("file", type=click.Path(dir_okay=True))
@click.option("--ruleset", "ruleset_name", type=RULESET_CHOICE, default=None,
              help="Правила: classic (по умолчанию), classic-online, heroes-15; иначе — из файла.")
@_cards_options
def deck_check(file: str, ruleset_name: str | None, db: str | None, cards_file: str | None,
               as_json: bool) -> None:
    """Проверить колоду: размер, число одинаковых карт, для «Героев» — герой и стихии.

    Файл — строки «N Название» (пустые строки и комментарии # можно) или YAML
    {cards: {Название: N}}.  Выводит все проблемы со ссылкой на пункт правил.
    Код выхода: 0 — легальна, 1 — нет, 2 — файл не читается.

    \b
    Пример:
      berserk deck check моя_колода.txt --db cards.db
      berserk deck check герои.yaml --ruleset heroes-15 --cards герои_карты.yaml --json
    """

    deck = read_list(file, "deck")
    rules = _ruleset(ruleset_name, deck, file)
    _emit(check_deck(deck, card_index(db, cards_file), rules), file, as_json)


@click.group("squad")
def squad_group() -> None:
    """Отряды классического «Берсерка»: кристаллы и расстановка."""


@squad_group.command("check")
@click.argument("file", type=click.Path(dir_okay=True))
@click.option("--ruleset", "ruleset_name", type=RULESET_CHOICE, default=None,
              help="classic (по умолчанию: бонус второго +1 золотой +1 серебряный) или "
                   "classic-online (бонус второго +1 серебряный).")
@click.option("--player", type=click.Choice(["first", "second"]), default=None,
              help="Кто ходит первым (по умолчанию — из файла, иначе first).")
@click.option("--side", type=click.Choice(["A", "B"]), default=None,
              help="Сторона поля: A — ряды 1–3, B — ряды 4–6 (по умолчанию первый — A, "
                   "второй — B).")
@click.option("--redeals", type=click.IntRange(min=0), default=None,
              help="Сколько было пересдач (каждая стоит 1 золотой).")
@click.option("--gold", type=click.IntRange(min=0), default=None,
              help="Нестандартный стол «Берсерк-Онлайн»: золотых кристаллов вместо 23.")
@click.option("--silver", type=click.IntRange(min=0), default=None,
              help="Нестандартный стол «Берсерк-Онлайн»: серебряных кристаллов вместо 22.")
@_cards_options
def squad_check(file: str, ruleset_name: str | None, player: str | None, side: str | None,
                redeals: int | None, gold: int | None, silver: int | None, db: str | None,
                cards_file: str | None, as_json: bool) -> None:
    """Проверить отряд: кристаллы, элитные, стихии, летающие, бонус второго, пересдачи и —
    если указаны клетки — расстановку.

    Строка отряда: «Название [Xз] [Yс] [клетка] [хозяин:клетка]», например «Волхв 4з b3»;
    оплату можно не указывать; хозяин — для симбиота и экипировки после вскрытия.
    Настройки в начале файла: «игрок: второй», «пересдачи: 1», «золото: 25».

    \b
    Пример:
      berserk squad check отряд.txt --player second --db cards.db
      berserk squad check отряд.yaml --ruleset classic-online --gold 25 --json
    """

    squad = read_list(file, "squad")
    rules = _ruleset(ruleset_name, squad, file)
    if rules.game != "classic":

        raise InputError.at(f"в правилах {rules.name} нет отряда за кристаллы: проверьте колоду "
                            f"командой berserk deck check", file)
    rules = rules.with_crystals(gold if gold is not None else squad.settings.get("gold"),
                                silver if silver is not None else squad.settings.get("silver"))
    verdict = check_squad(squad, card_index(db, cards_file), rules, player=player, side=side,
                          redeals=redeals)
    _emit(verdict, file, as_json)


commands = [deck_group, squad_group]
