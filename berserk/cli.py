"""The ``berserk`` command: one root click group; each package owns its commands.

Like sqlite-utils keeps ``cli.py`` beside its library, every package keeps its commands in its
own ``cli.py`` and exports them as ``commands``; this module only registers them.  It is the one
place where errors become messages and exit codes:

* a domain error (``BerserkError``) → «ошибка: …» with its location, exit ``err.exit_code``
  (2 for invalid input);
* click's own usage errors and help are in Russian (``berserk.clicktext``: «не указан аргумент
  «QUERY»», «Использование:»), exit 2;
* a command-line argument that is not UTF-8 (the shell passes bytes; Python keeps the bad ones
  as surrogates that nothing can print or store) is refused before any command runs, with its
  position, exit 2;
* the last line of defence: input so deeply nested that the interpreter's recursion limit is
  hit, or text that cannot be decoded, in a reader that does not check it yet — a Russian
  message and exit 2, not a traceback (the readers of berserk.files / berserk.yamlio locate
  these problems themselves; this only catches what slips past them).
"""
from __future__ import annotations

import sys

import click

from berserk import clicktext
from berserk.errors import BerserkError
from carddb import cli as carddb_cli
from grammar import cli as grammar_cli
from judge import cli as judge_cli
from judge.legality import cli as legality_cli
from rulings import cli as rulings_cli

PACKAGE_COMMANDS = (grammar_cli.commands, carddb_cli.commands, rulings_cli.commands,
                    judge_cli.commands, legality_cli.commands)

clicktext.install()


def not_utf8(args: list[str]) -> str | None:
    """The message for the first argument holding bytes that are not UTF-8, or None."""
    for number, arg in enumerate(args, 1):
        if any("\ud800" <= ch <= "\udfff" for ch in arg):
            shown = "".join(f"\\x{ord(ch) - 0xDC00:02x}" if "\udc80" <= ch <= "\udcff"
                            else f"\\u{ord(ch):04x}" if "\ud800" <= ch <= "\udfff" else ch
                            for ch in arg)
            if len(shown) > 60:
                shown = shown[:59] + "…"
            return (f"аргумент {number} («{shown}»): байты не в кодировке UTF-8; задайте его "
                    "в UTF-8 (локаль терминала — например, LANG=ru_RU.UTF-8)")
    return None


def _fail(message: str, code: int = 2) -> None:
    click.echo(f"ошибка: {message}", err=True)
    sys.exit(code)


class _Group(click.Group):
    def main(self, args=None, *rest, **extra):
        args = list(sys.argv[1:] if args is None else args)
        problem = not_utf8(args)
        if problem is not None:
            _fail(problem)
        return super().main(args, *rest, **extra)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BerserkError as err:
            _fail(err.render(), err.exit_code)
        except RecursionError:
            _fail("вход вложен слишком глубоко (списки, скобки): такой файл или запрос не "
                  "читается")
        except UnicodeError as err:
            data, start = getattr(err, "object", b""), getattr(err, "start", 0)
            where = (f" (байт 0x{data[start]:02x} на позиции {start + 1})"
                     if isinstance(data, bytes) and start < len(data) else "")
            _fail(f"файл не в кодировке UTF-8{where}: сохраните его в UTF-8")


def _russian_metavars(command: click.Command) -> None:
    """«[OPTIONS]» / «COMMAND [ARGS]...» of the usage lines in Russian, for every command."""
    command.options_metavar = "[ПАРАМЕТРЫ]"
    if isinstance(command, click.Group):
        command.subcommand_metavar = "КОМАНДА [АРГУМЕНТЫ]..."
        for sub in command.commands.values():
            _russian_metavars(sub)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="berserk-judge")
def main() -> None:
    """berserk — судья и база карт ККИ «Берсерк».

    \b
    Примеры:
      berserk parse "{tap}: Выстрел на 2, дальность 3."
      berserk db build -o cards.db --cards мои_карты.yaml
      berserk search "выстрел>=2 дальность>=3"
      berserk judge rulings/scenarios/
    """


for _commands in PACKAGE_COMMANDS:
    for _command in _commands:
        main.add_command(_command)
_russian_metavars(main)


if __name__ == "__main__":
    main()
