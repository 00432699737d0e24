"""``berserk deck check`` / ``berserk squad check`` (in-process CLI): exit codes 0/1/2,
the text report against golden files, the --json shape, --db on a real built DB, --cards on the
licensed corpus from ../shared.

Golden files: tests/legality/golden/*.txt; regenerate with ``python -m pytest
tests/legality/test_cli.py --update-golden`` after a deliberate change of wording, and review the
diff."""
from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import DEV_CORPUS, run_cli
from tests.legality.conftest import DATA, GOLDEN, HEROES_CARDS

CLI_DATA = DATA / "cli"


def check(kind, name, *args, tmp_path):
    """Run the check on a copy of a data file in tmp_path (so paths in the output are short)."""
    shutil.copy(CLI_DATA / name, tmp_path / name)
    return run_cli(kind, "check", name, *args, cwd=tmp_path)


def assert_golden(name: str, text: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path}; run with --update-golden"
    assert text == path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- text reports (golden)
@pytest.mark.parametrize("kind, name, args, code", [
    ("deck", "classic_bad.txt", (), 1),
    ("deck", "heroes_legal.txt", ("--ruleset", "heroes-15", "--cards", str(HEROES_CARDS)), 0),
    ("deck", "heroes_bad.yaml", ("--cards", str(HEROES_CARDS)), 1),    # ruleset from the file
    ("squad", "squad_legal.yaml", (), 0),
    ("squad", "squad_bad.txt", (), 1),
    ("squad", "squad_bad.txt", ("--ruleset", "classic-online"), 1),
])
def test_reports_match_golden_files(tmp_path, kind, name, args, code, update_golden):
    result = check(kind, name, *args, tmp_path=tmp_path)
    assert result.returncode == code, result.stderr
    assert result.stderr == ""
    suffix = "_online" if "classic-online" in args else ""
    assert_golden(f"{name.rsplit('.', 1)[0]}{suffix}.txt",
                  result.stdout.replace(str(HEROES_CARDS), "<heroes_cards.yaml>"), update_golden)


def test_second_player_bonus_source_is_shown_for_each_ruleset(tmp_path):
    tabletop = check("squad", "squad_bad.txt", tmp_path=tmp_path).stdout
    online = check("squad", "squad_bad.txt", "--ruleset", "classic-online",
                   tmp_path=tmp_path).stdout
    assert "бонус второго игрока: +1 золотой и +1 серебряный" in tabletop
    assert "бонус второго игрока: +1 серебряный" in online
    assert "Краткое поэтапное описание" in tabletop and "Очередность хода" in online


# ---------------------------------------------------------------- JSON
def test_json_shape(tmp_path):
    result = check("deck", "classic_bad.txt", "--json", tmp_path=tmp_path)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False and data["ruleset"] == "classic"
    assert [p["clause"] for p in data["problems"]] == ["deck", "deck"]
    unknown, copies = data["problems"]
    assert unknown["rule"] == "card.unknown" and "«Лесная охотница»" in unknown["message"]
    assert (copies["card"], copies["line"]) == ("Страж перевала", 2)
    assert all(set(p) >= {"clause", "message"} for p in data["problems"])


def test_json_squad_budget_and_cli_overrides(tmp_path):
    result = check("squad", "squad_legal.yaml", "--json", "--player", "second", "--side", "A",
                   "--redeals", "2", "--gold", "30", "--silver", "10", tmp_path=tmp_path)
    data = json.loads(result.stdout)
    budget = data["summary"]["budget"]
    assert (budget["gold"], budget["silver"]) == (30 + 1 - 2, 10 + 1)
    assert [p["clause"] for p in budget["parts"]] == ["squad.crystals", "squad.second-player",
                                                      "squad.redeal"]
    assert "задано для стола" in data["notes"][0]
    rules = [p["rule"] for p in data["problems"]]
    assert "squad.gold" in rules       # 45 crystals of cards, 29 + 11 available
    # the same cells, now the second player's on side A: a2 is used while a3, e3 are free
    assert "placement.second-player" in rules
    assert data["summary"]["side"] == "A"


# ---------------------------------------------------------------- bad input → exit 2
@pytest.mark.parametrize("text, where, message", [
    ("3 Страж перевала\nСтраж перевала\n", "bad.txt:2:1", "нет количества"),
    ("3 Страж перевала\n0 Степной лучник\n", "bad.txt:2:1", "не меньше 1, а не 0"),
])
def test_malformed_deck_exits_2_with_location(tmp_path, text, where, message):
    (tmp_path / "bad.txt").write_text(text, encoding="utf-8")
    result = run_cli("deck", "check", "bad.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""                           # nothing half-printed
    assert where in result.stderr and message in result.stderr and "^" in result.stderr


def test_unreadable_file_exits_2(tmp_path):
    result = run_cli("deck", "check", "нет_такого.txt", cwd=tmp_path)
    assert result.returncode == 2 and "нет_такого.txt: файл колоды не найден" in result.stderr
    (tmp_path / "bin.txt").write_bytes(b"3 \xd0\n")
    result = run_cli("squad", "check", "bin.txt", cwd=tmp_path)
    assert result.returncode == 2 and "UTF-8" in result.stderr


def test_squad_check_refuses_heroes_rules(tmp_path):
    result = check("squad", "squad_legal.yaml", "--ruleset", "heroes-15", tmp_path=tmp_path)
    assert result.returncode == 2 and "berserk deck check" in result.stderr


def test_unknown_ruleset_in_file_gets_suggestions(tmp_path):
    (tmp_path / "d.txt").write_text("правила: clasic\n3 Страж перевала\n", encoding="utf-8")
    result = run_cli("deck", "check", "d.txt", cwd=tmp_path)
    assert result.returncode == 2 and "d.txt:1: неизвестные правила «clasic»" in result.stderr
    assert "возможно, вы имели в виду: classic" in result.stderr


# ---------------------------------------------------------------- real card sources
def test_db_built_from_the_examples_gives_the_same_verdict(tmp_path):
    from carddb.build import build_db, bundled_examples

    build_db(tmp_path / "cards.db", [bundled_examples()])
    with_db = check("deck", "classic_bad.txt", "--db", "cards.db", "--json", tmp_path=tmp_path)
    default = check("deck", "classic_bad.txt", "--json", tmp_path=tmp_path)
    assert with_db.returncode == default.returncode == 1
    strip = lambda out: [{k: v for k, v in p.items() if k != "message"}   # noqa: E731
                         for p in json.loads(out)["problems"]]
    assert strip(with_db.stdout) == strip(default.stdout)


def test_classic_deck_from_the_licensed_corpus(tmp_path, shared):
    """Real card names (read from ../shared at test time): 30 cards legal, 29 not; a 4-copy
    elite and a misspelt name with its suggestion."""
    names = [c["name"] for c in json.loads(DEV_CORPUS.read_text(encoding="utf-8"))]
    distinct = list(dict.fromkeys(names))[:10]
    deck = "".join(f"3 {n}\n" for n in distinct)
    (tmp_path / "d30.txt").write_text(deck, encoding="utf-8")
    (tmp_path / "d29.txt").write_text(deck.replace("3 ", "2 ", 1), encoding="utf-8")
    ok = run_cli("deck", "check", "d30.txt", "--cards", str(DEV_CORPUS), cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    short = run_cli("deck", "check", "d29.txt", "--cards", str(DEV_CORPUS), "--json",
                    cwd=tmp_path)
    assert short.returncode == 1
    assert [p["rule"] for p in json.loads(short.stdout)["problems"]] == ["deck.size"]
    typo = distinct[0][:-1] + "ь"
    (tmp_path / "typo.txt").write_text(deck + f"1 {typo}\n", encoding="utf-8")
    bad = run_cli("deck", "check", "typo.txt", "--cards", str(DEV_CORPUS), cwd=tmp_path)
    assert bad.returncode == 1 and f"«{distinct[0]}»" in bad.stdout
