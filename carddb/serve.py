"""Datasette over the card DB, read-only.

The configuration lives in ``carddb/datasette/`` (metadata.yaml: facets, canned queries, column
notes; templates/row.html: the card page).  This module only points Datasette at it: the DB is
opened *immutable* (no writes, no locks), and the metadata's database key «cards» is renamed
to the served file's name so that the canned queries apply whatever the file is called.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

import yaml

from carddb.store import open_db


def config_dir() -> Path:
    return Path(str(resources.files("carddb").joinpath("datasette")))


def metadata_for(db_path: str | Path) -> dict:
    """metadata.yaml with its database key set to the served file's Datasette name."""
    data = yaml.safe_load((config_dir() / "metadata.yaml").read_text(encoding="utf-8"))
    databases = data.get("databases", {})
    if "cards" in databases:
        databases[Path(db_path).stem] = databases.pop("cards")
    return data


def datasette_app(db_path: str | Path):
    """An in-process Datasette (tests use its client; ``serve`` runs the same configuration)."""
    from datasette.app import Datasette

    open_db(db_path).conn.close()          # a clear message for a missing or foreign file
    return Datasette(immutables=[str(db_path)], metadata=metadata_for(db_path),
                     template_dir=str(config_dir() / "templates"),
                     settings={"default_page_size": 50, "sql_time_limit_ms": 2000})


def serve_command(db_path: str | Path, port: int = 8001, host: str = "127.0.0.1",
                  metadata_file: str | Path | None = None) -> list[str]:
    """The ``datasette serve`` command line for ``db_path`` (metadata written to a temp file)."""
    return [sys.executable, "-m", "datasette", "serve", "--immutable", str(db_path),
            "--metadata", str(metadata_file), "--template-dir", str(config_dir() / "templates"),
            "--host", host, "--port", str(port), "--setting", "sql_time_limit_ms", "2000"]


def serve(db_path: str | Path, port: int = 8001, host: str = "127.0.0.1") -> int:
    """Run Datasette in the foreground until interrupted."""
    open_db(db_path).conn.close()
    with tempfile.TemporaryDirectory(prefix="berserk-serve-") as tmp:
        meta = Path(tmp) / "metadata.json"
        meta.write_text(json.dumps(metadata_for(db_path), ensure_ascii=False), encoding="utf-8")
        print(f"База карт: http://{host}:{port}/{Path(db_path).stem}/cards", flush=True)
        try:
            return subprocess.call(serve_command(db_path, port, host, meta))
        except KeyboardInterrupt:
            return 0
