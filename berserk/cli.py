"""The ``berserk`` command: one root click group; each package owns its commands.

Like sqlite-utils keeps ``cli.py`` beside its library, every package keeps its commands in its
own ``cli.py`` and exports them as ``commands``; this module only registers them.  It is the one
place where domain errors become messages and exit codes (``BerserkError.exit_code``: 2 for
invalid input).
"""
from __future__ import annotations

import sys

import click

from berserk.errors import BerserkError
from carddb import cli as carddb_cli
from grammar import cli as grammar_cli
from judge import cli as judge_cli
from judge.legality import cli as legality_cli
from rulings import cli as rulings_cli

PACKAGE_COMMANDS = (grammar_cli.commands, carddb_cli.commands, rulings_cli.commands,
                    judge_cli.commands, legality_cli.commands)


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BerserkError as err:
            click.echo(f"ошибка: {err.render()}", err=True)
            sys.exit(err.exit_code)


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


if __name__ == "__main__":
    main()
