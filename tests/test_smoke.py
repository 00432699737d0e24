"""True ``python -m berserk`` subprocesses: the entry point, the process exit codes, and output
through real pipes.  Every other CLI test runs in-process (tests.conftest.run_cli); these few
prove that what CliRunner sees is what a shell sees."""
from __future__ import annotations

import json

from tests.conftest import ROOT, run_berserk_process

ONE_SCENARIO = ROOT / "rulings" / "scenarios" / "514" / "514.6-closed-strong.yaml"


def test_help_lists_every_package_command():
    r = run_berserk_process("--help")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Использование: berserk ")
    for command in ("parse", "corpus", "check", "db", "search", "card", "serve", "rule",
                    "rulebook", "judge", "fight", "odds", "deck", "squad"):
        assert f"\n  {command} " in r.stdout, command


def test_parse_json_through_a_pipe():
    r = run_berserk_process("parse", "--json", "{tap}: Выстрел на 2, дальность 3.")
    assert r.returncode == 0, r.stderr
    (ability,) = json.loads(r.stdout)["abilities"]
    assert ability["node"] == "Activated"
    assert ability["effects"][0]["attack"] == "shot" and ability["effects"][0]["range"] == 3


def test_judge_one_scenario_exit_0():
    r = run_berserk_process("judge", str(ONE_SCENARIO), "--strict")
    assert r.returncode == 0, r.stderr
    assert "[514.6]" in r.stdout and "Ожидания выполнены" in r.stdout


def test_bad_file_exit_2_with_russian_message_on_stderr(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [не закрыто\n", encoding="utf-8")
    r = run_berserk_process("judge", str(bad))
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith("ошибка: ") and str(bad) in r.stderr

