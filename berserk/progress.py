"""click's progress bar for the commands that walk a whole card list (issue 12: any command
that runs longer than a second on a full list shows one).

A bar is shown only for a list long enough to take that second — the threshold is per command,
from its cost per card (parsing alone ≈ 1 ms a card; parsing and judging ≈ 5 ms) — and always
on stderr, so stdout (a report, ``--json``) stays exactly what it was.  On a terminal the bar
redraws itself; into a pipe or a file click writes only the label, once.
"""
from __future__ import annotations

import sys
from typing import Iterator, TypeVar

import click

T = TypeVar("T")


class Progress:
    """A callback ``(done, total)`` for a library function that reports its own progress
    (``carddb.build.build_db(progress=…)``); the bar opens on the first call with a big
    enough ``total``.  ``close()`` ends it (safe when it never opened)."""

    def __init__(self, label: str, threshold: int) -> None:
        self.label = label
        self.threshold = threshold
        self.bar = None
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if total < self.threshold:
            return
        if self.bar is None:
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr,
                                         show_eta=True, show_percent=True)
            self.bar.__enter__()
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def each(items: list[T], label: str, threshold: int) -> Iterator[T]:
    """``items`` one by one, with a bar when there are at least ``threshold`` of them."""
    progress = Progress(label, threshold)
    try:
        for done, item in enumerate(items, 1):
            yield item
            progress(done, len(items))
    finally:
        progress.close()

