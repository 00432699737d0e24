"""Replacing a file atomically and safely: what ``db build`` guarantees about the DB file.

The guarantee (docs/carddb.md, «What a build guarantees»):

* **Old or new, never half.**  The DB is written to ``.<name>.<random>.tmp`` next to the target,
  flushed to disk (``fsync``), and renamed over the target (``os.replace``, atomic on POSIX);
  the directory is fsynced after the rename.  A reader — ``berserk search``, a running ``serve``
  — sees the complete old file or the complete new one.  A crash, ``kill -9`` or a power loss
  at any moment leaves the old DB (or, after the rename, the new one) intact.
* **No temp file outlives the next build.**  An interrupted build (SIGINT, SIGTERM, SIGHUP, an
  error) removes its temp file at once; one killed with SIGKILL cannot, so every build first
  removes the temp files a dead build of the same target left behind.
* **One build of a target at a time.**  A build holds an exclusive lock on
  ``.<name>.lock`` (``flock``, released by the kernel when the process dies, so a killed build
  never leaves a stale lock).  A second build of the same target waits for the first and then
  runs (the last to finish wins, each complete); after ``timeout`` seconds it gives up with a
  clear error.  The lock file itself stays (empty): removing it would let a third build lock a
  different file.

    >>> with replacing("cards.db") as tmp:            # doctest: +SKIP
    ...     write_everything_to(tmp)                   # the target is replaced on success only
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

from berserk.errors import InputError, Location, Problem

#: Signals that stop a build cleanly (the temp file is removed); SIGINT raises KeyboardInterrupt.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class BuildInterrupted(SystemExit):
    """A stop signal arrived during a build: unwinds like ``sys.exit`` (exit code 128+signal),
    so every ``finally`` runs and the temp file is removed."""

    def __init__(self, signum: int):
        super().__init__(128 + signum)
        self.signum = signum


def temp_pattern(target: Path) -> str:
    """The glob of the temp files of ``target`` (``.cards.db.*.tmp``)."""
    return f".{target.name}.*.tmp"


def lock_path(target: Path) -> Path:
    return target.parent / f".{target.name}.lock"


@contextlib.contextmanager
def build_lock(target: Path, timeout: float = 600.0,
               on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the exclusive lock of ``target`` (waiting for another build up to ``timeout``
    seconds; ``on_wait`` is called once when the wait begins)."""
    path = lock_path(target)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        waited = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as err:
                if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise
                if not waited and on_wait is not None:
                    on_wait()
                waited = True
                if time.monotonic() > deadline:
                    raise InputError(Problem(Location(str(target)), "эту базу уже собирает "
                                             f"другой процесс дольше {timeout:.0f} с; дождитесь "
                                             "его окончания или остановите его")) from None
                time.sleep(0.1)
        yield
    finally:
        os.close(fd)                       # closing releases the flock


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove the temp files dead builds of ``target`` left (call under ``build_lock``)."""
    removed = []
    for stale in target.parent.glob(temp_pattern(target)):
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()
            removed.append(stale)
    return removed


@contextlib.contextmanager
def stop_signals_raise() -> Iterator[None]:
    """Inside the block SIGTERM and SIGHUP raise ``BuildInterrupted`` instead of killing the
    process outright, so the temp file is removed.  Only the main thread can set handlers; in
    another thread the block changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, _frame):
        raise BuildInterrupted(signum)

    previous = {s: signal.signal(s, _raise) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):         # some filesystems cannot fsync a directory
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def replacing(target: str | Path, on_wait: Callable[[], None] | None = None,
              lock_timeout: float = 600.0) -> Iterator[Path]:
    """Yield a fresh temp path next to ``target``; when the block succeeds, make it durable and
    rename it over ``target``.  On any exception or stop signal the temp file is removed and
    ``target`` is untouched.  Holds the target's build lock throughout."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(target, lock_timeout, on_wait), stop_signals_raise():
        remove_stale_temps(target)
        try:
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            os.close(fd)
            tmp = Path(name)
            yield tmp
            os.chmod(tmp, 0o666 & ~_umask())   # mkstemp creates 0600; a DB is an ordinary file
            fsync_file(tmp)
            os.replace(tmp, target)
            fsync_dir(target.parent)
        except BaseException:
            # a stop signal may land between mkstemp and the name being bound: under the lock
            # every temp file of this target is ours or a dead build's, so remove them all
            remove_stale_temps(target)
            raise
