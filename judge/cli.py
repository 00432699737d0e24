"""``berserk judge`` (scenarios), ``berserk fight`` and ``berserk odds`` (fights at the table).

Thin click commands: the work is in judge/scenario.py, judge/classic/ and judge/classic/odds.py.
Exit codes: 0 — every expectation holds; 1 — an expectation failed; 2 — invalid input
(raised as ``InputError`` and turned into a message by the root group, berserk/cli.py).
"""
from __future__ import annotations

import json
import sys

import click

from berserk import files
from berserk.errors import InputError, ParseError
from grammar.display import to_display
from judge.cites import BOOK
from judge.classic.combat import parse_triple
from judge.classic.odds import Matchup, deals, report
from judge.scenario import load_scenario, run, scenario_files
from rulings.lookup import cite_labels

STRENGTH_HELP = "удар «слабый-средний-сильный», например 1-2-3"


@click.command("judge")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="JSON-массив: по объекту на сценарий.")
@click.option("--strict", is_flag=True,
              help="Ошибка, если сценарий не называет нужный бросок кубика или выбор.")
@click.option("--db", type=click.Path(), default=None,
              help="База карт (berserk db build); без --db — $BERSERK_DB, иначе ./cards.db, если "
                   "есть. Карты-примеры проекта доступны всегда; при совпадении имени побеждает "
                   "карта из базы.")
def judge_cmd(paths, as_json, strict, db):
    """Разобрать сценарии: решение по шагам, у каждого шага — пункты правил.

    \b
    Пример:
      berserk judge rulings/scenarios/
      berserk judge rulings/scenarios/514/514.6-closed-strong.yaml --strict --json
      berserk judge - < мой_случай.yaml
    """

    found = scenario_files(paths)             # «-»: one scenario from standard input
    if not found:
        raise InputError.at("не найдено ни одного файла сценария (*.yaml)", " ".join(paths))
    missing = [str(f) for f in found if str(f) != files.STDIN and not f.exists()]
    if missing:
        raise InputError.at("файл не найден: " + ", ".join(missing), missing[0])
    scenarios, problems = [], []             # every invalid file is reported → exit 2 first
    for f in found:
        try:
            scenarios.append(load_scenario(f, db=db))
        except InputError as err:
            problems.extend(err.problems)
    if problems:
        raise InputError(problems)
    outcomes = [run(sc, strict=strict) for sc in scenarios]
    if as_json:
        click.echo(json.dumps([o.to_dict() for o in outcomes], ensure_ascii=False, indent=1))
    else:
        for o in outcomes:
            click.echo(render(o))
        passed = sum(o.ok for o in outcomes)
        click.echo(f"Сценариев: {len(outcomes)}, выполнено ожиданий: {passed}, "
                   f"не выполнено: {len(outcomes) - passed}.")
    sys.exit(0 if all(o.ok for o in outcomes) else 1)


def render(o) -> str:
    lines = [f"== {o.title}  ({o.file})"]
    if o.question:
        lines.append(f"   Вопрос: {o.question}")
    for i, e in enumerate(o.events, 1):
        lines.append(f"{i:>3}. {e.render(o.book)}")
    if o.answer:
        lines.append(f"   Ответ: {o.answer}")
    if o.state.winner:
        lines.append(f"   Итог партии: {'ничья' if o.state.winner == 'draw' else 'победа ' + o.state.winner}")
    if o.failures:
        lines.append("   НЕ ВЫПОЛНЕНО:")
        lines.extend(f"   - {f}" for f in o.failures)
    else:
        lines.append("   Ожидания выполнены.")
    # card text quoted in the steps shows its icons as on the card ({tap} → ⤵️), as `berserk card`
    return to_display("\n".join(lines))


def _shown(d: dict) -> dict:
    """A ``--json`` object whose ``cites`` a person reads (clause numbers and titles, as in the
    text output); the classic ids stay under ``cite_ids`` for tools."""
    return {**d, "cites": cite_labels(BOOK, d["cites"]), "cite_ids": list(d["cites"])}


def _triple(ctx, param, value):

    if value is None:
        return None
    try:
        return parse_triple(value)
    except ParseError:
        raise InputError.at(f"{STRENGTH_HELP}, а не «{value}»",
                            f"параметр {param.opts[0]}") from None


def _matchup(attacker, defender, defender_closed, attacker_mod, defender_mod, attacker_bonus,
             defender_bonus, attacker_lives, defender_lives):

    return Matchup(attacker, defender or (0, 0, 0), defender_closed, attacker_mod, defender_mod,
                   attacker_bonus, defender_bonus, attacker_lives, defender_lives)


def _fight_options(f):
    opts = [
        click.option("--attacker", required=True, callback=_triple, help="Удар нападающего, " + STRENGTH_HELP),
        click.option("--defender", callback=_triple, default=None,
                     help="Удар отражающего (не нужен с --defender-closed)."),
        click.option("--defender-closed", is_flag=True,
                     help="Отражающий закрыт: бросает только нападающий (514.6)."),
        click.option("--attacker-mod", type=int, default=0,
                     help="Модификатор кубика нападающего (опыт в атаке)."),
        click.option("--defender-mod", type=int, default=0,
                     help="Модификатор кубика отражающего (опыт в защите)."),
        click.option("--attacker-bonus", type=int, default=0, help="+N к удару нападающего."),
        click.option("--defender-bonus", type=int, default=0, help="+N к ответному удару."),
        click.option("--attacker-lives", type=int, default=None, help="Оставшиеся жизни нападающего."),
        click.option("--defender-lives", type=int, default=None, help="Оставшиеся жизни отражающего."),
        click.option("--json", "as_json", is_flag=True, help="Ответ в JSON."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _need_defender(defender, defender_closed):
    if defender is None and not defender_closed:
        raise InputError.at("нужен --defender (удар отражающего) или --defender-closed",
                            "параметр --defender")


@click.command("fight")
@_fight_options
@click.option("--dice", required=True,
              help="Броски «нападающий:отражающий», например 5:2; с --defender-closed — один бросок.")
def fight_cmd(attacker, defender, defender_closed, attacker_mod, defender_mod, attacker_bonus,
              defender_bonus, attacker_lives, defender_lives, as_json, dice):
    """Что наносит каждая сторона при данных бросках (все варианты на выбор игроков).

    \b
    Пример:
      berserk fight --attacker 2-3-4 --defender 1-2-3 --dice 5:1
      berserk fight --attacker 2-3-4 --dice 6 --defender-closed --attacker-mod 1 --json
    """

    _need_defender(defender, defender_closed)
    m = _matchup(attacker, defender, defender_closed, attacker_mod, defender_mod, attacker_bonus,
                 defender_bonus, attacker_lives, defender_lives)
    parts = dice.replace(" ", "").split(":")
    want = 1 if defender_closed else 2
    if len(parts) != want or not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
        form = "один бросок 1–6" if defender_closed else "«нападающий:отражающий», числа 1–6"
        raise InputError.at(f"ожидалось {form}, а не «{dice}»", "параметр --dice")
    rolls = [int(p) for p in parts]
    options = deals(m, *rolls)
    cites = sorted({c for d in options for c in d.cites})
    if as_json:
        click.echo(json.dumps({"dice": rolls, "options": [_shown(d.to_dict()) for d in options],
                               **_shown({"cites": cites})}, ensure_ascii=False, indent=1))
        return
    for i, d in enumerate(options, 1):
        head = "Вариант" if len(options) > 1 else "Итог"
        step = {"attacker": " (нападающий ослабляет удар, 514.4)",
                "defender": " (отражающий ослабляет удар, 514.4)"}.get(d.stepped_up, "")
        click.echo(f"{head} {i}: {d.row}{step}: нападающий наносит {d.attacker_deals} "
                   f"({d.to_dict()['attacker_strike']}), отражающий — {d.defender_deals} "
                   f"({d.to_dict()['defender_strike']}).  [{', '.join(cite_labels(BOOK, d.cites))}]")


@click.command("odds")
@_fight_options
def odds_cmd(attacker, defender, defender_closed, attacker_mod, defender_mod, attacker_bonus,
             defender_bonus, attacker_lives, defender_lives, as_json):
    """Точные шансы сражения по всем 36 парам бросков (или 6 броскам по закрытой карте).

    \b
    Пример:
      berserk odds --attacker 2-3-4 --defender 1-2-3 --defender-lives 3 --attacker-lives 4
    """

    _need_defender(defender, defender_closed)
    m = _matchup(attacker, defender, defender_closed, attacker_mod, defender_mod, attacker_bonus,
                 defender_bonus, attacker_lives, defender_lives)
    rep = report(m)
    if as_json:
        click.echo(json.dumps(_shown(rep), ensure_ascii=False, indent=1))
        return
    names = {"never": "без ослабления удара", "always": "всегда ослабляя удар, когда можно (514.4)"}
    click.echo(f"Перебрано исходов: {rep['pairs']}.  [{', '.join(cite_labels(BOOK, rep['cites']))}]")
    for policy, entry in rep["policies"].items():
        click.echo(f"-- {names[policy]}:")
        for o in entry["outcomes"]:
            click.echo(f"   нападающий наносит {o['attacker_deals']}, отражающий — "
                       f"{o['defender_deals']}: {o['fraction']} ≈ {o['probability']:.3f}")
        if "defender_dies" in entry:
            click.echo(f"   отражающий гибнет: {entry['defender_dies_fraction']} ≈ "
                       f"{entry['defender_dies']:.3f}")
        if "attacker_dies" in entry:
            click.echo(f"   нападающий гибнет: {entry['attacker_dies_fraction']} ≈ "
                       f"{entry['attacker_dies']:.3f}")


commands = [judge_cmd, fight_cmd, odds_cmd]
