"""The product's shared base and its command-line shell.

``berserk`` is the bottom layer every other package builds on, plus the one place that
assembles the ``berserk`` command:

* ``berserk.errors``  — the project's error classes (every error a subclass of ``BerserkError``);
* ``berserk.vocab``   — the closed vocabularies (attack kinds, keywords, triggers …) as enums;
* ``berserk.text``    — folding for matching, «did you mean», Russian plurals;
* ``berserk.files``   — the files a user names: ``-`` for stdin, Russian located errors,
  UTF-8 checks, size limits, JSON with depth/number limits, atomic writes;
* ``berserk.yamlio``  — YAML with line numbers and depth/alias/size limits;
* ``berserk.clicktext`` — click's own messages and help in Russian;
* ``berserk.cli``     — the root click group; each package registers its own commands.

Only ``berserk.cli`` imports the other packages (it is the application edge); every other
module here imports nothing of the project.
"""
