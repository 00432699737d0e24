"""The one card-source rule (issue 12, point 3): ``--db``, else ``$BERSERK_DB``, else
``./cards.db`` if present, else the bundled example cards — and the bundled examples stay
nameable whatever DB is given, the user's card winning a name clash.

Real DBs built by ``berserk db build`` from a small canonical file; the checks run through the
in-process CLI (``squad check --json`` shows the silver spent, i.e. which card's cost was read).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from carddb.lookup import EXAMPLES_LABEL, card_index
from tests.conftest import run_cli

USER_CARDS = """\
- name: Пробный воин          # only in the user's DB
  element: горы
  cost: 3
  life: 3
  strike: 1-1-2
- name: Страж перевала        # clashes with a bundled example (cost 4 there)
  element: горы
  cost: 7
  life: 6
  strike: 1-2-3
"""
# one card of the user's DB, the clashing name, one bundled example only
SQUAD = "Пробный воин\nСтраж перевала\nГорный камнемёт\n"


@pytest.fixture(scope="module")
def user_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("user-db")
    (folder / "мои.yaml").write_text(USER_CARDS, encoding="utf-8")
    built = run_cli("db", "build", "-o", str(folder / "user.db"), "--cards", "мои.yaml",
                    cwd=folder)
    assert built.returncode == 0, built.stderr
    return folder / "user.db"


def _silver(result) -> str:
    assert result.returncode in (0, 1), result.stderr
    notes = json.loads(result.stdout)["notes"]
    return next(n for n in notes if n.startswith("золото:")).split("серебро: ")[1]


def _squad(tmp_path: Path, *args: str, env=None):
    (tmp_path / "отряд.txt").write_text(SQUAD, encoding="utf-8")
    return run_cli("squad", "check", "отряд.txt", "--json", *args, cwd=tmp_path, env=env)


# (how the DB is named, where it is) → every way of the rule reads the user's DB
@pytest.mark.parametrize("way", ["--db", "BERSERK_DB", "./cards.db"])
def test_every_way_of_naming_the_db_reads_it_over_the_examples(tmp_path, user_db, way):
    args, env = (), None
    if way == "--db":
        args = ("--db", str(user_db))
    elif way == "BERSERK_DB":
        env = {"BERSERK_DB": str(user_db)}
    else:
        shutil.copy(user_db, tmp_path / "cards.db")
    result = _squad(tmp_path, *args, env=env)
    # 3 (user's) + 7 (the user's Страж, not the example's 4) + the example Горный камнемёт
    example = card_index().get("Горный камнемёт").cost
    assert _silver(result).startswith(f"{3 + 7 + example} из"), result.stdout


def test_db_option_beats_the_environment_and_the_environment_beats_cwd(tmp_path, user_db):
    shutil.copy(user_db, tmp_path / "cards.db")
    missing = str(tmp_path / "нет.db")
    gone = _squad(tmp_path, env={"BERSERK_DB": missing})
    assert gone.returncode == 2 and "нет.db" in gone.stderr       # $BERSERK_DB over ./cards.db
    ok = _squad(tmp_path, "--db", str(user_db), env={"BERSERK_DB": missing})
    assert ok.returncode == 0, ok.stderr                          # --db over $BERSERK_DB


def test_without_any_db_the_examples_alone_answer(tmp_path):
    result = _squad(tmp_path)
    assert result.returncode == 1
    problems = json.loads(result.stdout)["problems"]
    assert any("«Пробный воин» не найдена" in p["message"] and EXAMPLES_LABEL in p["message"]
               for p in problems), problems


def test_deck_check_follows_the_same_rule(tmp_path, user_db):
    shutil.copy(user_db, tmp_path / "cards.db")
    (tmp_path / "колода.txt").write_text("3 Пробный воин\n3 Горный камнемёт\n", encoding="utf-8")
    result = run_cli("deck", "check", "колода.txt", "--json", cwd=tmp_path)
    messages = [p["message"] for p in json.loads(result.stdout)["problems"]]
    assert not any("не найдена" in m for m in messages), messages


def test_card_file_sits_over_the_db_and_the_db_over_the_examples(tmp_path, user_db):
    (tmp_path / "поверх.yaml").write_text(
        "- {name: Страж перевала, element: горы, cost: 9, life: 6, strike: 1-2-3}\n",
        encoding="utf-8")
    index = card_index(str(user_db), str(tmp_path / "поверх.yaml"))
    assert index.get("страж перевала").cost == 9                  # the file over the DB
    assert index.get("Пробный воин").cost == 3                    # the DB
    assert index.get("Горный камнемёт") is not None                # the examples under both
    assert card_index(str(user_db)).get("Страж перевала").cost == 7
    assert card_index().get("Страж перевала").cost == 4
