"""The ``berserk`` command: a thin click layer.

Each topic's commands live in ``judge/commands/<topic>.py`` and export ``commands``; this module
only assembles them and is the one place where domain errors become messages and exit codes
(``BerserkError.exit_code``: 2 for invalid input).
"""
from __future__ import annotations

import importlib
import sys

import click

from grammar.errors import BerserkError

COMMAND_MODULES = ("grammar_cmds", "db", "rules", "judging", "legality")


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


for _name in COMMAND_MODULES:
    _module = importlib.import_module(f"judge.commands.{_name}")
    for _command in getattr(_module, "commands", ()):
        main.add_command(_command)


if __name__ == "__main__":
    main()
