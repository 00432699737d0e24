"""The build's worker processes (carddb.textrows.UnitRows): the same cards, problems, warnings
and rows as one process; a canonical list's texts normalised in the workers are the reader's;
a worker that dies or stalls stops the build with an error (never a hang), and leaves nothing
running or half-written."""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from berserk.errors import InputError
from carddb import build as B
from carddb import textrows
from carddb.build import build_db
from carddb.sources import read_cards
from tests.carddb.test_atomic import big_list, state, temps
from tests.carddb.test_build import table_rows
from tests.conftest import ROOT

NXT_SETS = Path("corpus") / "nxt" / "sets_10_20.nxt.json"


@pytest.fixture(scope="module")
def canonical(shared, tmp_path_factory) -> Path:
    """The nxt sets as a canonical list, every third text written the way normalise mends
    (a doubled space, a trailing line break): its normalise runs in the workers."""
    cards = read_cards(shared / NXT_SETS).cards
    records = []
    for i, card in enumerate(c for c in cards if c.text):
        record = card.to_dict()
        if i % 3 == 0:
            record["text"] = record["text"].replace(" ", "  ", 1) + "\n"
        records.append(record)
    path = tmp_path_factory.mktemp("canonical") / "cards.json"
    path.write_text(json.dumps({"cards": records}, ensure_ascii=False), "utf-8")
    return path


def ordinary_read(monkeypatch) -> None:
    """Builds read every text normalised by the reader (no raw texts for the workers)."""
    read = B._read_all
    monkeypatch.setattr(B, "_read_all", lambda sources, format=None, raw=False:
                        read(sources, format, raw=False))


def test_one_process_and_workers_build_the_same_db(tmp_path, canonical, monkeypatch):
    monkeypatch.setenv("BERSERK_BUILD_JOBS", "1")
    one = build_db(tmp_path / "one.db", [canonical])
    monkeypatch.setenv("BERSERK_BUILD_JOBS", "2")
    assert textrows.jobs(10) == 2
    two = build_db(tmp_path / "two.db", [canonical])
    ordinary_read(monkeypatch)
    reader = build_db(tmp_path / "reader.db", [canonical])
    assert one.counts == two.counts == reader.counts
    assert one.warnings == two.warnings == reader.warnings
    rows = table_rows(tmp_path / "one.db")
    assert rows == table_rows(tmp_path / "two.db") == table_rows(tmp_path / "reader.db")
    texts = [r[0] for r in sqlite_rows(tmp_path / "two.db", "select text from cards")]
    assert len(texts) > 100 and not any("  " in t or t.endswith("\n") for t in texts)


def sqlite_rows(path: Path, sql: str) -> list:
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_the_cards_are_the_readers(canonical):
    """The texts the workers normalise are the reader's texts, card for card."""
    cards, warnings, _hashes, raw = B._read_all([canonical], raw=True)
    ordinary, ordinary_warnings, _h = B.read_all([canonical])
    assert all(raw) and warnings == ordinary_warnings
    units, where = B._units(cards, raw)
    with textrows.UnitRows(units, textrows.Vocabulary.of([], []), workers=2) as parsed:
        done = [unit for units_done, _rows in parsed for unit in units_done]
    mended = [card if at is None else replace(card, text=done[at[0]][0])
              for (card, _s, _i), at in zip(cards, where)]
    assert mended == [card for card, _s, _i in ordinary]
    assert sum(a.text != b.text for (a, _s, _i), b in zip(cards, mended)) > 30


def test_problems_are_the_ordinary_readers(tmp_path):
    """A list read with raw texts that has problems is read again the ordinary way: the same
    problems, in the same order."""
    records = [{"name": f"Карта {i}", "element": "горы", "cost": 2, "life": 3,
                "text": f"Броня  {i + 1}."} for i in range(6)]
    records[2]["text"] = "Броня 99999999999."
    records[4]["cost"] = "много"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(records, ensure_ascii=False), "utf-8")
    with pytest.raises(InputError) as ordinary:
        B.read_all([path])
    with pytest.raises(InputError) as built:
        build_db(tmp_path / "bad.db", [path])
    assert [p.render() for p in built.value.problems] == \
        [p.render() for p in ordinary.value.problems]
    assert len(built.value.problems) == 2 and not (tmp_path / "bad.db").exists()


# ---------------------------------------------------------------- failures: never a hang
def _die(units):
    os._exit(3)


def _stall(units):
    time.sleep(120)


def _raise(units):
    raise ValueError("разбор сломался")


@pytest.fixture()
def old_db(tmp_path) -> Path:
    db = tmp_path / "cards.db"
    build_db(db)
    return db


@pytest.mark.parametrize("failure", ["dies", "stalls"])
def test_a_failed_worker_stops_the_build_with_an_error(old_db, canonical, monkeypatch, failure):
    monkeypatch.setenv("BERSERK_BUILD_JOBS", "2")
    monkeypatch.setattr(textrows, "_chunk_rows", _die if failure == "dies" else _stall)
    monkeypatch.setattr(textrows, "STALL_SECONDS", 2.0)
    old = state(old_db)
    started = time.monotonic()
    with pytest.raises(textrows.WorkerFailed) as err:
        build_db(old_db, [canonical])
    assert time.monotonic() - started < 60
    assert ("аварийно" if failure == "dies" else "не ответил") in str(err.value)
    assert "BERSERK_BUILD_JOBS=1" in str(err.value)
    assert state(old_db) == old and temps(old_db) == []
    assert multiprocessing.active_children() == []          # every worker killed and joined


class _SlowHandOut(textrows.ProcessPoolExecutor):
    """A pool that hands out its second chunk only once a worker has died (as a loaded
    machine may: the pool's thread sees the death while chunks are still being submitted)."""

    def submit(self, fn, /, *args, **kwargs):
        if getattr(self, "_handed", False):
            deadline = time.monotonic() + 30
            while not self._broken and time.monotonic() < deadline:
                time.sleep(0.01)
        self._handed = True
        return super().submit(fn, *args, **kwargs)


def test_a_worker_dead_before_every_chunk_is_handed_out_is_the_same_error(old_db, canonical,
                                                                          monkeypatch):
    """The pool refuses new chunks once a worker died (BrokenProcessPool from ``submit``):
    that is the dead worker's error too, and nothing is left running."""
    monkeypatch.setenv("BERSERK_BUILD_JOBS", "2")
    monkeypatch.setattr(textrows, "_chunk_rows", _die)
    monkeypatch.setattr(textrows, "ProcessPoolExecutor", _SlowHandOut)
    old = state(old_db)
    with pytest.raises(textrows.WorkerFailed, match="аварийно") as err:
        build_db(old_db, [canonical])
    assert "часть 2 из" in str(err.value)
    assert state(old_db) == old and temps(old_db) == []
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_error_in_a_worker_is_the_same_error_as_in_one_process(tmp_path, canonical,
                                                                   monkeypatch, jobs):
    monkeypatch.setenv("BERSERK_BUILD_JOBS", jobs)
    monkeypatch.setattr(textrows, "_units_rows", lambda *a, **k: _raise(a))
    with pytest.raises(ValueError, match="разбор сломался"):
        build_db(tmp_path / "cards.db", [canonical])
    assert temps(tmp_path / "cards.db") == []
    assert multiprocessing.active_children() == []


def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG: Linux")
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_their_build(tmp_path, signum):
    """kill -9 (or a stop signal) of a build with workers: no worker is left running (one would
    hold the build's lock), the temp file goes with a stop signal, the next build works."""
    # distinct texts: with the repeating list the workers parsed its few texts in a moment and the
    # build could end between two looks at /proc (failed in a clean clone under load)
    cards = big_list(tmp_path / "big.yaml", 4500, distinct=True)
    db = tmp_path / "cards.db"
    proc = subprocess.Popen([sys.executable, "-m", "berserk", "db", "build", "-o", str(db),
                             "--cards", str(cards)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "BERSERK_BUILD_JOBS": "2"},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
        workers = _children(proc.pid)
        time.sleep(0.01)
    assert len(workers) >= 2, "the build never started its workers"
    proc.send_signal(signum)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode != 0
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)
    if signum != signal.SIGKILL:
        assert temps(db) == [] and "Traceback" not in err
    build_db(db)                                  # the lock is free, stale temps are removed
    assert temps(db) == [] and state(db)[1] == 32
