"""``berserk serve``: check the DB, open the port, then become the web server.

The command opens the listening socket itself, so a busy or forbidden port is a Russian error
with exit code 2 before anything starts; then it *replaces itself* (``os.execv``) with
``python -m carddb.web`` handing over the socket.  There is no parent left to orphan a child:
SIGINT/SIGTERM reach the server directly, which stops, removes its pinned copies of the DB and
exits.  The web server (Datasette, ~0.4 s of imports) is loaded only then — the other commands
never import it.
"""
from __future__ import annotations

import errno
import os
import socket
import sys
from pathlib import Path

from berserk.errors import InputError, Location, Problem
from carddb.store import open_db, schema_problem


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or an InputError saying why not."""
    where = Location(f"{host}:{port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise InputError(Problem(where, f"адрес «{host}» не найден; например: --host 127.0.0.1"))
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            message = f"порт {port} занят другой программой; выберите другой: --port {port + 1}"
        elif err.errno in (errno.EACCES, errno.EPERM):
            message = f"нет прав открыть порт {port}; выберите порт от 1024: --port 8001"
        elif err.errno == errno.EADDRNOTAVAIL:
            message = f"адрес «{host}» не принадлежит этой машине"
        else:
            message = f"не удалось открыть {host}:{port} ({err.strerror})"
        raise InputError(Problem(where, message)) from None
    return sock


def server_argv(db_path: str | Path, fd: int) -> list[str]:
    return [sys.executable, "-m", "carddb.web", "--db", str(Path(db_path).resolve()),
            "--fd", str(fd)]


def serve(db_path: str | Path, port: int = 8001, host: str = "127.0.0.1") -> int:
    """Check the DB, open the port, print the address, become the server (does not return
    unless it fails to start)."""
    db = open_db(db_path)                      # a missing or foreign file: a clear error now
    try:
        problem = schema_problem(db.conn, db_path)
    finally:
        db.conn.close()
    if problem is not None:
        raise InputError(Problem(Location(str(db_path)), problem))
    sock = listen(host, port)
    shown = f"[{host}]" if ":" in host else host
    print(f"База карт: http://{shown}:{port}/  (остановить: Ctrl+C)", flush=True)
    os.set_inheritable(sock.fileno(), True)
    argv = server_argv(db_path, sock.fileno())
    os.execv(argv[0], argv)
    return 1                                    # pragma: no cover - execv does not return
