"""The serving layer under Datasette: a rebuilt DB is picked up atomically, answers are cached
per build, every response carries security headers, no server path leaks.

**Rebuilds, atomically (the choice: versioned files, not restarts).**  ``db build`` replaces
``cards.db`` by a rename, so the old file lives on under the same inode while anything holds it
open.  The server never opens ``cards.db`` itself: it opens a *pin* — a hard link to the file's
current inode, named by version (``.berserk-serve-<pid>-…/cards-3.db`` next to the DB; a copy
in the temp dir when a link is impossible).  A pin's content never changes.  Before a request
is served (at most every ``CHECK_EVERY`` seconds) the DB file is stat'ed; when its inode, size or
mtime changed, a new pin is made and swapped in behind ``Gate``: new requests wait, the
requests in flight finish on the old pin, then Datasette's database object is replaced and the
waiting requests go on with the new one.  So every answer comes from one build — never a mix —
and nobody waits longer than the slowest request in flight.  The old pin is closed and removed.

**Cache.**  An immutable DB makes every GET answer a pure function of (build, URL): answers
(200, no cookie, ≤ ``CACHE_MAX_BODY``) are kept in an LRU keyed by the build's version, so a
swap empties it implicitly.

**Headers.**  Every response gets a Content-Security-Policy (scripts and styles from this
server only, no frames, no plugins), X-Content-Type-Options: nosniff, X-Frame-Options: DENY and
Referrer-Policy; pages that would show server paths (``/-/databases``, ``/-/plugins``,
``/-/threads``) answer 404.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import sqlite3
import tempfile
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Awaitable, Callable

from carddb.store import schema_problem

#: How often (seconds) the DB file is checked for a rebuild.
CHECK_EVERY = 0.5
CACHE_MAX_ENTRIES = 2000
CACHE_MAX_BODY = 2_000_000
CACHE_MAX_BYTES = 200_000_000

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
     b"img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]
#: Datasette pages that show file paths or the process's internals.
HIDDEN_PATHS = re.compile(r"^/-/(databases|plugins|threads)(\.json)?/?$")
PIN_PREFIX = ".berserk-serve-"


# ---------------------------------------------------------------- pins
def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_dead_pins(*dirs: Path) -> None:
    """Pin directories of servers that were killed (SIGKILL leaves them) are removed."""
    for d in dirs:
        with contextlib.suppress(OSError):
            for entry in d.iterdir():
                m = re.match(re.escape(PIN_PREFIX) + r"(\d+)-", entry.name) or re.match(
                    r"berserk-serve-(\d+)-", entry.name)
                if m and entry.is_dir() and int(m.group(1)) != os.getpid() \
                        and not _alive(int(m.group(1))):
                    shutil.rmtree(entry, ignore_errors=True)


class Pins:
    """Versioned, never-changing copies (hard links) of one DB file."""

    def __init__(self, path: Path):
        self.path = Path(path).resolve()
        remove_dead_pins(self.path.parent, Path(tempfile.gettempdir()))
        self.dir: Path | None = None
        self.version = 0

    def stamp(self) -> tuple[int, int, int]:
        st = os.stat(self.path)
        return st.st_ino, st.st_size, st.st_mtime_ns

    def _directory(self, linkable: bool) -> Path:
        if self.dir is None or (not linkable and self.dir.parent == self.path.parent):
            prefix = f"{PIN_PREFIX}{os.getpid()}-"
            try:
                if not linkable:
                    raise OSError
                self.dir = Path(tempfile.mkdtemp(prefix=prefix, dir=self.path.parent))
            except OSError:
                self.dir = Path(tempfile.mkdtemp(prefix=f"berserk-serve-{os.getpid()}-"))
        return self.dir

    def make(self) -> tuple[Path, tuple[int, int, int]]:
        """A new pin of the DB as it is now, and the stamp (inode, size, mtime) of what was
        pinned: a later stat of the DB that differs from it means another rebuild."""
        self.version += 1
        pin = self._directory(True) / f"cards-{self.version}.db"
        try:
            os.link(self.path, pin)                 # the inode the name points at right now
            st = os.stat(pin)
            return pin, (st.st_ino, st.st_size, st.st_mtime_ns)
        except OSError:
            stamp = self.stamp()                    # a copy reads one open file: if it was
            pin = self._directory(False) / f"cards-{self.version}.db"   # replaced meanwhile,
            shutil.copyfile(self.path, pin)         # the next check sees a new stamp again
            return pin, stamp

    def cleanup(self) -> None:
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


def check_db(path: Path) -> str | None:
    """None when ``path`` is a card DB the site can serve, else why not (a rebuild in
    progress never shows: the target is only ever replaced by a complete file)."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            conn.execute("select 1 from cards limit 1").fetchall()
            return schema_problem(conn, path)
        finally:
            conn.close()
    except sqlite3.Error as err:
        return f"это не база карт berserk ({err})"


# ---------------------------------------------------------------- the gate
class Gate:
    """Requests pass while it is open; ``swap`` closes it, waits for the requests in flight,
    runs the swap, and opens it again."""

    def __init__(self) -> None:
        self.active = 0
        self._idle: asyncio.Event | None = None
        self._open: asyncio.Event | None = None
        self._loop = None

    def _events(self) -> tuple[asyncio.Event, asyncio.Event]:
        # events belong to one event loop: a server has one; tests run a loop per request
        loop = asyncio.get_running_loop()
        if self._idle is None or self._loop is not loop:
            self._loop = loop
            self.active = 0
            self._idle, self._open = asyncio.Event(), asyncio.Event()
            self._idle.set()
            self._open.set()
        return self._idle, self._open

    @contextlib.asynccontextmanager
    async def passage(self):
        idle, open_ = self._events()
        while not open_.is_set():
            await open_.wait()
        self.active += 1
        idle.clear()
        try:
            yield
        finally:
            self.active -= 1
            if self.active == 0:
                idle.set()

    async def swap(self, action: Callable[[], Awaitable[None]]) -> None:
        idle, open_ = self._events()
        open_.clear()
        try:
            await idle.wait()
            await action()
        finally:
            open_.set()


# ---------------------------------------------------------------- the cache
@dataclass
class Cache:
    entries: OrderedDict = field(default_factory=OrderedDict)
    size: int = 0
    hits: int = 0
    misses: int = 0

    def get(self, key):
        entry = self.entries.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.entries.move_to_end(key)
        self.hits += 1
        return entry

    def put(self, key, status: int, headers: list, body: bytes) -> None:
        self.entries[key] = (status, headers, body)
        self.size += len(body)
        while len(self.entries) > CACHE_MAX_ENTRIES or self.size > CACHE_MAX_BYTES:
            _k, (_s, _h, old) = self.entries.popitem(last=False)
            self.size -= len(old)

    def clear(self) -> None:
        self.entries.clear()
        self.size = 0


# ---------------------------------------------------------------- the ASGI layer
def _with_headers(headers: list) -> list:
    names = {k for k, _ in SECURITY_HEADERS}
    return [(k, v) for k, v in headers if k.lower() not in names] + SECURITY_HEADERS


class Live:
    """The ASGI middleware: hidden paths, security headers, the per-build cache and the gate
    around the DB swap.  ``swap_to(pin)`` is the server's function that installs a pin."""

    def __init__(self, app, pins: Pins | None, swap_to: Callable[[Path], Awaitable[None]],
                 cache: bool = True):
        self.app = app
        self.pins = pins
        self.swap_to = swap_to
        self.gate = Gate()
        self.cache = Cache() if cache else None
        self.stamp = pins.stamp() if pins is not None else None
        self.version = pins.version if pins is not None else 0
        self.checked = time.monotonic()
        self._checking: asyncio.Lock | None = None
        self._checking_loop = None

    async def maybe_swap(self) -> None:
        """Swap in a rebuilt DB (at most one check every CHECK_EVERY seconds)."""
        if self.pins is None or time.monotonic() - self.checked < CHECK_EVERY:
            return
        if self._checking is None or self._checking_loop is not asyncio.get_running_loop():
            self._checking, self._checking_loop = asyncio.Lock(), asyncio.get_running_loop()
        if self._checking.locked():
            return
        async with self._checking:
            self.checked = time.monotonic()
            try:
                stamp = self.pins.stamp()
            except OSError:
                return                                  # gone for a moment: keep serving
            if stamp == self.stamp or check_db(self.pins.path) is not None:
                return
            pin, stamp = await asyncio.to_thread(self.pins.make)

            async def install() -> None:
                await self.swap_to(pin)
                self.stamp, self.version = stamp, self.pins.version
                if self.cache is not None:
                    self.cache.clear()

            await self.gate.swap(install)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if HIDDEN_PATHS.match(scope.get("path", "")):
            await _not_found(send)
            return
        await self.maybe_swap()
        key = None
        if self.cache is not None and scope.get("method") == "GET":
            key = (self.version, scope.get("path"), scope.get("query_string", b""))
            hit = self.cache.get(key)
            if hit is not None:
                status, headers, body = hit
                await send({"type": "http.response.start", "status": status, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        started: dict = {}
        chunks: list[bytes] = []

        async def sending(message):
            if message["type"] == "http.response.start":
                message = dict(message, headers=_with_headers(list(message.get("headers", []))))
                started.update(message)
            elif message["type"] == "http.response.body" and key is not None:
                chunks.append(message.get("body", b""))
            await send(message)

        async with self.gate.passage():
            version = self.version
            await self.app(scope, receive, sending)
        if key is not None and started.get("status") == 200 and version == key[0]:
            headers = started.get("headers", [])
            body = b"".join(chunks)
            if len(body) <= CACHE_MAX_BODY and not any(k.lower() == b"set-cookie"
                                                       for k, _ in headers):
                self.cache.put(key, 200, headers, body)


async def _not_found(send) -> None:
    body = "Страница не найдена.".encode()
    await send({"type": "http.response.start", "status": 404,
                "headers": _with_headers([(b"content-type", b"text/plain; charset=utf-8")])})
    await send({"type": "http.response.body", "body": body})
