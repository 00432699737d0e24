"""`berserk serve` as a process: a busy or bad port is a Russian error with exit code 2;
SIGTERM/SIGINT/SIGHUP stop the server, nothing keeps the port, the pinned copies are removed;
a rebuild under load is picked up and no answer mixes two builds."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from carddb.build import build_db
from tests.conftest import ROOT, run_cli


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: Path, port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "berserk", "serve", "--db", str(db), "--port",
                             str(port)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
            return proc
        except OSError:
            if proc.poll() is not None:
                pytest.fail("serve exited: " + proc.stderr.read())
            time.sleep(0.1)
    proc.kill()
    pytest.fail("serve did not start")


def pins(db: Path) -> list[Path]:
    return list(db.parent.glob(".berserk-serve-*"))


def test_busy_port_is_a_russian_error(examples_db):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = run_cli("serve", "--db", str(examples_db), "--port", str(port))
    assert r.returncode == 2
    assert f"порт {port} занят другой программой" in r.stderr and "--port" in r.stderr
    assert "База карт: http" not in r.stdout                 # no address printed for nothing


@pytest.mark.parametrize("args,message", [
    (["--port", "0"], "вне допустимого"), (["--port", "70000"], "70000"),
    (["--host", "нет.такого.адреса.invalid"], "не найден"),
])
def test_bad_port_or_host(examples_db, args, message):
    r = run_cli("serve", "--db", str(examples_db), *args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_db_of_another_version_is_refused(tmp_path, examples_db):
    db = tmp_path / "old.db"
    shutil.copy(examples_db, db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("update meta set value = '1' where key = 'schema_version'")
    conn.close()
    r = run_cli("serve", "--db", str(db))
    assert r.returncode == 2 and "схема 1" in r.stderr and "пересоберите" in r.stderr


def test_missing_db(tmp_path):
    r = run_cli("serve", "--db", str(tmp_path / "nope.db"))
    assert r.returncode == 2 and "базы карт нет" in r.stderr


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_signal_stops_everything(tmp_path, examples_db, signum):
    db = tmp_path / "cards.db"
    shutil.copy(examples_db, db)
    port = free_port()
    proc = start(db, port)
    assert pins(db)
    proc.send_signal(signum)
    proc.wait(timeout=15)
    assert proc.returncode == 0
    assert pins(db) == []
    with socket.socket() as s:              # nobody listens there (TIME_WAIT is allowed)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
        s.listen(1)


def test_rebuild_under_load_never_mixes_builds(tmp_path, examples_db):
    """Clients read the card list's count and its «сет» facet in one answer while the DB is
    rebuilt back and forth between 32 cards (one set) and 3 cards (another set): every answer
    agrees with itself, and both builds are seen."""
    db = tmp_path / "cards.db"
    shutil.copy(examples_db, db)
    small = tmp_path / "small.yaml"
    small.write_text("".join(f"- {{name: Карта {i}, set: Малый, element: горы, type: существо, "
                             f"cost: 1, life: 1, move: 1, strike: 1-1-1, text: ''}}\n"
                             for i in range(3)), encoding="utf-8")
    port = free_port()
    proc = start(db, port)
    url = f"http://127.0.0.1:{port}/cards/card_list.json?_size=0&_facet=" + "%D1%81%D0%B5%D1%82"
    seen: dict[tuple, int] = {}
    errors: list[str] = []
    stop = threading.Event()

    def client(k: int):
        while not stop.is_set():
            try:
                data = json.loads(urllib.request.urlopen(url + f"&_c={k}", timeout=10).read())
                facets = data["facet_results"].get("results", data["facet_results"])
                sets = tuple(sorted((v["value"], v["count"]) for v in facets["сет"]["results"]))
                key = (data["filtered_table_rows_count"], sets)
                seen[key] = seen.get(key, 0) + 1
            except Exception as err:                          # noqa: BLE001 - counted
                errors.append(repr(err))

    threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    try:
        for i in range(6):
            time.sleep(0.4)
            build_db(db, [small] if i % 2 == 0 else None)
        time.sleep(1.0)
    finally:
        stop.set()
        for t in threads:
            t.join()
        proc.terminate()
        proc.wait(timeout=15)
    assert not errors, errors[:3]
    assert set(seen) == {(32, (("Примеры", 32),)), (3, (("Малый", 3),))}, seen
    assert pins(db) == []
