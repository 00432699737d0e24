"""click's own words in Russian: usage errors, help headings, the --help/--version options.

click marks every message it prints for translation (``gettext``'s ``_`` and ``ngettext``,
imported into each of its modules).  ``install`` points those names at the catalogue below, so
«Missing argument 'QUERY'» is printed as «не указан аргумент «QUERY»», «Usage:» as
«Использование:», and so on — click's wording with the user's language, the locations click
adds (the command path, the parameter) kept.  A message not in the catalogue stays English: the
tests (tests/test_errors.py) list every usage error the commands can raise.

The catalogue follows click 8.1–8.4 (the msgids are click's source strings); a msgid that a
later click renames falls back to English rather than breaking.
"""
from __future__ import annotations

import importlib
from typing import Callable

from berserk.text import plural

#: msgid → Russian.  ``{…}`` fields are click's; a field may be dropped (str.format ignores
#: unused ones) but not invented.
CATALOGUE: dict[str, str] = {
    # usage and help
    "Usage:": "Использование:",
    "Options": "Параметры",
    "Commands": "Команды",
    "Show this message and exit.": "Показать эту справку и выйти.",
    "Show the version and exit.": "Показать версию и выйти.",
    "%(prog)s, version %(version)s": "%(prog)s, версия %(version)s",
    "Try '{command} {option}' for help.": "Справка: {command} {option}",
    "Error: {message}": "ошибка: {message}",
    "env var: {var}": "переменная окружения: {var}",
    "default: {default}": "по умолчанию: {default}",
    "required": "обязательный",
    "(dynamic)": "(вычисляется)",
    "Aborted!": "Прервано.",
    "Missing command.": "не указана команда.",
    "Choose from:\n\t{choices}": "Варианты:\n\t{choices}",
    # missing and unknown parameters
    "Missing argument": "не указан аргумент",
    "Missing option": "не указан параметр",
    "Missing parameter": "не указан параметр",
    "Missing {param_type}": "не указан параметр",
    "Missing parameter: {param_name}": "не указан параметр {param_name}",
    "No such option {name!r}.": "нет параметра {name}.",
    "No such option: {name}": "нет параметра {name}",
    "No such command {name!r}.": "нет команды «{name}».",
    "Option {name!r} does not take a value.": "параметр {name} пишется без значения.",
    "Option {name!r} requires an argument.": "у параметра {name} должно быть значение.",
    "Argument {name!r} takes {nargs} values.": "аргумент {name}: нужно значений — {nargs}.",
    "Invalid start character for option ({option})":
        "недопустимый первый символ параметра ({option})",
    "Value must be an iterable.": "значение должно быть списком.",
    # bad values
    "Invalid value: {message}": "неверное значение: {message}",
    "Invalid value for {param_hint}: {message}": "неверное значение {param_hint}: {message}",
    "{value!r} is not a valid {number_type}.": "«{value}» — не число.",
    "{value} is not in the range {range}.": "{value} — вне допустимого: {range}.",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "«{value}» — не да/нет; допустимы: {states}",
    "{value!r} is not a valid UUID.": "«{value}» — не UUID.",
    "file": "файл",
    "directory": "каталог",
    "path": "путь",
    "{name} {filename!r} does not exist.": "{name} «{filename}» не найден.",
    "{name} {filename!r} is a file.": "{name} «{filename}» — это файл.",
    "{name} {filename!r} is a directory.": "{name} «{filename}» — это каталог, а не файл.",
    "{name} {filename!r} is not readable.": "{name} «{filename}»: нет прав на чтение.",
    "{name} {filename!r} is not writable.": "{name} «{filename}»: нет прав на запись.",
    "{name} {filename!r} is not executable.": "{name} «{filename}»: нет прав на запуск.",
    "Could not open file {filename!r}: {message}": "файл «{filename}» не открывается: {message}",
    "unknown error": "неизвестная ошибка",
}

#: (singular msgid, plural msgid) → the three Russian forms (1, 2–4, 5+ — berserk.text.plural).
PLURALS: dict[tuple[str, str], tuple[str, str, str]] = {
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"):
        ("лишний аргумент ({args})", "лишние аргументы ({args})", "лишние аргументы ({args})"),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"):
        ("Возможно, вы имели в виду {possibility}?",
         "(возможно, вы имели в виду: {possibilities})",
         "(возможно, вы имели в виду: {possibilities})"),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."):
        ("«{value}» не подходит: допустимо {choice}.",
         "«{value}» не подходит: допустимы {choices}.",
         "«{value}» не подходит: допустимы {choices}."),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        ("у параметра {name} должно быть значение.",
         "у параметра {name} должно быть {nargs} значения.",
         "у параметра {name} должно быть {nargs} значений."),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."):
        ("нужно значений — {nargs}, дано 1.", "нужно значений — {nargs}, дано {len}.",
         "нужно значений — {nargs}, дано {len}."),
    ("{len_type} values are required, but {len_value} was given.",
     "{len_type} values are required, but {len_value} were given."):
        ("нужно значений — {len_type}, дано {len_value}.",
         "нужно значений — {len_type}, дано {len_value}.",
         "нужно значений — {len_type}, дано {len_value}."),
}

#: click's modules that import ``_`` / ``ngettext`` from gettext.
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "utils",
                 "termui", "shell_completion")


def gettext(message: str) -> str:
    return CATALOGUE.get(message, message)


def ngettext(singular: str, plural_: str, n: int) -> str:
    forms = PLURALS.get((singular, plural_))
    if forms is None:
        return singular if n == 1 else plural_
    return plural(n, *forms)


def install(modules: tuple[str, ...] = CLICK_MODULES,
            catalogue: tuple[Callable, Callable] = (gettext, ngettext)) -> None:
    """Point the ``_`` and ``ngettext`` of click's modules at the Russian catalogue (once per
    process; idempotent)."""
    for name in modules:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:                          # pragma: no cover - an older click
            continue
        if hasattr(module, "_"):
            module._ = catalogue[0]
        if hasattr(module, "ngettext"):
            module.ngettext = catalogue[1]
