"""Every bad input a user can give — a located Russian message, exit 2, never a traceback
(issue 15's reproducers, issue 12 point 10).

Each row is one reproducer: the files it writes, the command, and what the message must
contain (the file and its line:column, or the argument's position).  Every row gave a Python
traceback or English text before berserk.files / berserk.yamlio / carddb.sources and the root
group (berserk/cli.py) handled it.  The real process is used where only a process can show it
(a non-UTF-8 argv is bytes; CliRunner takes str).
"""
from __future__ import annotations

import json
import os
import stat

import pytest

from berserk import yamlio
from berserk.files import write_text
from tests.conftest import ROOT, run_berserk_process, run_cli

EXAMPLES = ROOT / "carddb" / "examples" / "cards.yaml"
DEEP = 10_000
# What English text leaked before: click's, the OS's, the codecs', json's, SQLite's, Python's.
ENGLISH = ("Traceback", "Error", "Usage", "Missing", "No such", "Invalid", "Errno", "codec",
           "Expecting", "Unexpected", "not a database", "is not", "found", "expected",
           "recursion", "Exceeds", "Try '", "Options:")


def tgbot(**fields) -> dict:
    card = {"name": "Пробный", "set": "s", "index": 1, "cost": 2, "element": "Горы",
            "class": "Воин", "elite": False, "uniqueness": False, "rarity": "Частая",
            "stats": {"lifeCount": 3, "simpleHit": "1-2-3", "walkCount": "1"},
            "abilities": "Защита от отравления."}
    card.update(fields)
    return card


def nxt(**fields) -> dict:
    card = {"name": "Пробный", "set_id": 10, "number": 1, "color": 2, "type": 0, "cost": 2,
            "life": 3, "move": 1, "hit": "1-2-3", "rarity": 1, "class": ["Воин"], "text": ""}
    card.update(fields)
    return card


def as_json(*cards) -> str:
    return json.dumps(list(cards), ensure_ascii=False)


CARD_YAML = "- {name: Пробный, element: горы, cost: 2, life: 3, strike: 1-2-3%s}\n"
DECK_OK = "3 Страж перевала\n"

# id: ({file name: content (str or bytes)}, command args, what stderr must contain)
CASES: dict[str, tuple[dict[str, str | bytes], tuple[str, ...], tuple[str, ...]]] = {
    # ---- nesting: RecursionError before (issue 15: seven commands)
    "deep-json-db-build": ({"c.json": "[" * DEEP + "]" * DEEP},
                           ("db", "build", "-o", "o.db", "--cards", "c.json"),
                           ("c.json:1:65", "вложенность", "64")),
    "deep-yaml-db-build": ({"c.yaml": "[" * DEEP + "]" * DEEP},
                           ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                           ("c.yaml:1:65", "вложенность")),
    "deep-block-yaml": ({"c.yaml": "- " * 200 + "x\n"},
                        ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                        ("c.yaml:1:129", "вложенность")),
    "deep-json-corpus-report": ({"c.json": "[" * DEEP + "]" * DEEP},
                                ("corpus", "report", "c.json"), ("c.json:1:65",)),
    "deep-json-check": ({"c.json": "[" * DEEP + "]" * DEEP, "g.jsonl": ""},
                        ("check", "c.json", "--golden", "g.jsonl"), ("c.json:1:65",)),
    "deep-golden-check": ({"g.jsonl": "[" * DEEP + "]" * DEEP + "\n"},
                          ("check", str(EXAMPLES), "--golden", "g.jsonl"), ("вложен",)),
    "deep-scenario-judge": ({"s.yaml": "board: " + "[" * DEEP + "]" * DEEP},
                            ("judge", "s.yaml"), ("s.yaml:1:71", "вложенность")),
    "deep-deck-yaml": ({"d.yaml": "cards: " + "[" * DEEP + "]" * DEEP},
                       ("deck", "check", "d.yaml"), ("d.yaml:1:71", "вложенность")),
    "deep-squad-yaml": ({"s.yaml": "squad: " + "{a: " * DEEP + "}" * DEEP},
                        ("squad", "check", "s.yaml"), ("s.yaml:1:", "вложенность")),
    "deep-cards-for-deck": ({"d.txt": DECK_OK, "c.json": "[" * DEEP + "]" * DEEP},
                            ("deck", "check", "d.txt", "--cards", "c.json"), ("c.json:1:65",)),
    "alias-bomb-yaml": ({"c.yaml": "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n"
        for p, n in zip("abcdefg", "bcdefgh"))},
        ("db", "build", "-o", "o.db", "--cards", "c.yaml"), ("c.yaml:", "ссылки")),
    # ---- bytes: UnicodeDecodeError before (judge, check --golden); English «codec …» elsewhere
    "non-utf8-scenario": ({"s.yaml": b"board: {A: {c2: \xff}}\n"}, ("judge", "s.yaml"),
                          ("UTF-8", "0xff")),
    "non-utf8-golden": ({"g.jsonl": b"\xff\xfe\n"},
                        ("check", str(EXAMPLES), "--golden", "g.jsonl"), ("UTF-8", "0xff")),
    "non-utf8-card-json": ({"c.json": b'[{"name": "\xff"}]'},
                           ("db", "build", "-o", "o.db", "--cards", "c.json"),
                           ("c.json:1:12", "UTF-8", "0xff")),
    "non-utf8-deck": ({"d.txt": b"3 \xd0\n"}, ("deck", "check", "d.txt"), ("d.txt:1:3", "UTF-8")),
    # ---- numbers: OverflowError in db build before (SQLite stores < 2**63)
    "tgbot-life-2**64": ({"c.json": as_json(tgbot(stats={"lifeCount": 2**64, "simpleHit": "1-2-3",
                                                         "walkCount": "1"}))},
                         ("db", "build", "-o", "o.db", "--cards", "c.json"),
                         ("c.json", "«life»", "0–9999")),
    "tgbot-cost-2**70": ({"c.json": as_json(tgbot(cost=2**70))},
                         ("db", "build", "-o", "o.db", "--cards", "c.json"), ("«cost»",)),
    "canonical-cost-20-digits": ({"c.yaml": CARD_YAML.replace("cost: 2", "cost: " + "9" * 20)
                                  % ""},
                                 ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                                 ("c.yaml:1", "«cost»", "вне допустимого")),
    "armor-20-digits-in-text": ({"c.yaml": CARD_YAML % ", text: 'Броня 99999999999999999999.'"},
                                ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                                ("c.yaml:1", "«text»", "больше 999 999 999")),
    "strike-20-digits": ({"c.yaml": CARD_YAML.replace("1-2-3", "1-2-" + "9" * 20) % ""},
                         ("db", "build", "-o", "o.db", "--cards", "c.yaml"), ("«strike»",)),
    "nxt-number-2**63": ({"c.json": as_json(nxt(number=2**63))},
                         ("db", "build", "-o", "o.db", "--cards", "c.json"), ("«number»",)),
    "json-int-5000-digits": ({"c.json": '[{"name": "X", "cost": ' + "9" * 5000 + "}]"},
                             ("db", "build", "-o", "o.db", "--cards", "c.json"),
                             ("c.json:1:24", "5000 цифр")),
    "yaml-int-5000-digits": ({"c.yaml": CARD_YAML.replace("cost: 2", "cost: " + "9" * 5000) % ""},
                             ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                             ("c.yaml:1:", "5000 цифр")),
    "deck-count-5000-digits": ({"d.txt": "9" * 5000 + " Страж перевала\n"},
                               ("deck", "check", "d.txt"), ("d.txt:1:1", "больше 999")),
    # ---- types: TypeError / «unsupported type» before
    "canonical-element-number": ({"c.yaml": CARD_YAML.replace("горы", "5") % ""},
                                 ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                                 ("c.yaml:1", "«element»", "ожидался текст")),
    "canonical-classes-number": ({"c.yaml": CARD_YAML % ", classes: 7"},
                                 ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                                 ("«classes»",)),
    "nxt-rarity-list": ({"c.json": as_json(nxt(rarity=[1]))},
                        ("db", "build", "-o", "o.db", "--cards", "c.json"), ("«rarity»",)),
    "nxt-number-object": ({"c.json": as_json(nxt(number={"a": 1}))},
                          ("db", "build", "-o", "o.db", "--cards", "c.json"), ("«number»",)),
    "tgbot-rarity-object": ({"c.json": as_json(tgbot(rarity={"a": 1}))},
                            ("db", "build", "-o", "o.db", "--cards", "c.json"), ("«rarity»",)),
    "yaml-tag-misfit": ({"c.yaml": "- {name: X, cost: !!int abc}\n"},
                        ("db", "build", "-o", "o.db", "--cards", "c.yaml"), ("c.yaml:1:",)),
    # ---- English messages before (issue 12.10)
    "click-missing-argument": ({}, ("search",), ("berserk search", "не указан аргумент")),
    "click-no-such-option": ({}, ("deck", "check", "--nope", "x"),
                             ("berserk deck check", "--nope")),
    "click-invalid-value": ({}, ("search", "x", "--limit", "abc"), ("--limit", "не число")),
    "click-no-such-command": ({}, ("serch",), ("serch", "search")),
    "missing-card-file": ({}, ("db", "build", "-o", "o.db", "--cards", "нет.json"),
                          ("нет.json", "не найден")),
    "directory-as-card-file": ({"папка/x": ""}, ("corpus", "report", "папка"),
                               ("папка", "каталог")),
    "not-a-database": ({"g.db": b"not a database" * 100}, ("search", "x", "--db", "g.db"),
                       ("g.db", "не база карт")),
    "yaml-tab-indent": ({"c.yaml": "- name: X\n\telement: горы\n"},
                        ("db", "build", "-o", "o.db", "--cards", "c.yaml"),
                        ("c.yaml:2:", "табуляция")),
    "json-syntax": ({"c.json": '[{"name": "X",}]'},
                    ("db", "build", "-o", "o.db", "--cards", "c.json"),
                    ("c.json:1:", "битый JSON")),
}


@pytest.mark.parametrize("files, args, expected", CASES.values(), ids=CASES.keys())
def test_bad_input_is_a_located_russian_message(tmp_path, files, args, expected):
    for name, content in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "ошибка: " in result.stderr, result.stderr
    for part in expected:
        assert part in result.stderr, (part, result.stderr)
    leaked = [word for word in ENGLISH if word in result.stderr]
    assert not leaked, (leaked, result.stderr)
    assert not (tmp_path / "o.db").exists()                   # nothing built from bad input
    assert len(result.stderr) < 4000                          # quoted, not dumped


def test_non_utf8_argument_in_a_real_process():
    """The shell passes bytes; Python keeps a bad one as a surrogate (\\udcff).  Before: a
    UnicodeEncodeError traceback in search/card/parse/rule."""
    r = run_berserk_process("search", "щит\udcff")
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("ошибка: аргумент 2 («щит\\xff»)"), r.stderr


@pytest.mark.parametrize("args", [("card", "щит\udcff"), ("parse", "\udcff"),
                                  ("rule", "514\udcfe"), ("deck", "check", "\udcff.txt"),
                                  ("judge", "a.yaml", "--db", "б\udcc0.db")])
def test_non_utf8_arguments_are_refused_before_any_command(args):
    result = run_cli(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    position = next(i for i, a in enumerate(args, 1) if "\\udc" in ascii(a))
    assert result.stderr.startswith(f"ошибка: аргумент {position} («"), result.stderr


def test_a_yaml_file_over_the_limit_is_refused_at_once(tmp_path):
    """A 50 MB YAML card file ran > 150 s; over ``yamlio.MAX_CHARS`` it is refused unread."""
    line = CARD_YAML % ""
    big = tmp_path / "big.yaml"
    big.write_text(line * (yamlio.MAX_CHARS // len(line) + 1), encoding="utf-8")
    result = run_cli("db", "build", "-o", "o.db", "--cards", str(big), cwd=tmp_path)
    assert result.returncode == 2
    assert "big.yaml" in result.stderr and "JSON" in result.stderr


def test_a_bom_in_a_card_json_is_dropped(tmp_path):
    """Before: «битый JSON: Unexpected UTF-8 BOM (decode using utf-8-sig)»."""
    (tmp_path / "c.json").write_text("\ufeff" + as_json(tgbot()), encoding="utf-8")
    result = run_cli("db", "build", "-o", "o.db", "--cards", "c.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_a_wrong_format_is_one_line_per_distinct_problem(tmp_path):
    """Before: --format nxt on a 150-card tgbot file printed 150 identical errors."""
    cards = [tgbot(name=f"Карта {i}", index=i) for i in range(1, 41)]
    (tmp_path / "c.json").write_text(as_json(*cards), encoding="utf-8")
    result = run_cli("corpus", "report", "c.json", "--format", "nxt", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert "похож на формат «tgbot», а указан --format nxt" in lines[0]
    color = [line for line in lines if "«color»" in line]
    assert len(color) == 1 and "у 40 карт: №1 «Карта 1», №2 «Карта 2», №3 «Карта 3» и ещё 37" \
        in color[0], result.stderr
    assert len(lines) <= 4, result.stderr


# ---------------------------------------------------------------- «-» is standard input
STDIN_CASES = {
    "db-build-json": (("db", "build", "-o", "o.db", "--cards", "-"), as_json(tgbot()), 0),
    "db-build-yaml": (("db", "build", "-o", "o.db", "--cards", "-"), CARD_YAML % "", 0),
    "corpus-report": (("corpus", "report", "-"), CARD_YAML % "", 0),
    "deck-check": (("deck", "check", "-"), "3 Страж перевала\n", 1),       # too few cards
    "squad-check": (("squad", "check", "-"), "Страж перевала\n", 0),
    "deck-cards-file": (("deck", "check", "d.txt", "--cards", "-"), CARD_YAML % "", 1),
}


@pytest.mark.parametrize("args, stdin, code", STDIN_CASES.values(), ids=STDIN_CASES.keys())
def test_dash_reads_standard_input(tmp_path, args, stdin, code):
    (tmp_path / "d.txt").write_text("3 Пробный\n", encoding="utf-8")
    result = run_cli(*args, input=stdin, cwd=tmp_path)
    assert result.returncode == code, result.stdout + result.stderr
    assert "не найден" not in result.stderr, result.stderr


def test_a_count_in_other_digits_is_part_of_the_name(tmp_path):
    """«²» is a digit to str.isdigit() but not to int(): a ValueError traceback before."""
    (tmp_path / "s.txt").write_text("² Страж перевала\n", encoding="utf-8")
    result = run_cli("squad", "check", "s.txt", cwd=tmp_path)
    assert result.returncode == 1 and "«² Страж перевала» не найдена" in result.stdout


def test_stdin_errors_name_standard_input(tmp_path):
    result = run_cli("deck", "check", "-", input="cards: [1, 2\n", cwd=tmp_path)
    assert result.returncode == 2
    assert "<стандартный ввод>:2:" in result.stderr


def test_help_is_russian():
    result = run_cli("squad", "check", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("Использование: berserk squad check [ПАРАМЕТРЫ] FILE")
    assert "Параметры:" in result.stdout and "Показать эту справку и выйти." in result.stdout


def test_written_files_have_normal_permissions(tmp_path):
    """``berserk.files.write_text`` (the golden writer's door): 0666 less the umask, not
    mkstemp's 0600."""
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "g.jsonl", "{}\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "g.jsonl").stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]        # no temp file left


def test_check_update_writes_the_golden_with_normal_permissions(tmp_path):
    """Issue 12.10: ``berserk check --update`` wrote its golden with mode 0600 (mkstemp)."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("- {name: Пробник, element: горы, cost: 1, life: 1, strike: 1-1-1, "
                     "text: \"Защита от выстрелов.\"}\n", encoding="utf-8")
    old = os.umask(0o022)
    try:
        result = run_cli("check", str(cards), "--golden", str(tmp_path / "g.jsonl"), "--update")
    finally:
        os.umask(old)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE((tmp_path / "g.jsonl").stat().st_mode) == 0o644


def test_check_reads_a_golden_of_a_foreign_shape_as_a_located_error(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("- {name: Пробник, element: горы, cost: 1, life: 1, strike: 1-1-1, "
                     "text: \"Защита от выстрелов.\"}\n", encoding="utf-8")
    golden = tmp_path / "g.jsonl"
    golden.write_text('{"card": "Пробник", "set": "", "abilities": [{"node": "Attack", "x": 1}]}\n'
                      '[1, 2]\n', encoding="utf-8")
    result = run_cli("check", str(cards), "--golden", str(golden))
    assert result.returncode == 2
    assert f"{golden}:1:1: строка эталона не читается: у узла Attack нет поля «x»" in result.stderr
    assert f"{golden}:2:1: строка эталона не читается" in result.stderr
    assert "Traceback" not in result.stderr


def test_judge_reads_a_scenario_from_stdin():
    """Issue 12.10: «-» for stdin wherever a FILE is read (judge said «файл не найден: -»)."""
    text = (ROOT / "rulings" / "scenarios" / "514" / "514.6-closed-strong.yaml").read_text(
        encoding="utf-8")
    result = run_cli("judge", "-", input=text)
    assert result.returncode == 0, result.stderr
    assert "<стандартный ввод>" in result.stdout and "Ожидания выполнены." in result.stdout
    bad = run_cli("judge", "-", input="board: [\n")
    assert bad.returncode == 2 and bad.stderr.startswith("ошибка: <стандартный ввод>:")
