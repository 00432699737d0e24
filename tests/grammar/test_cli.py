"""Real `berserk` invocations for the grammar's commands: parse, corpus report, check."""
from __future__ import annotations

import json
import shutil

from grammar.constructs import CONSTRUCTS
from tests.conftest import CORPUS, DEV_CORPUS, ROOT, run_cli

GOLDEN = ROOT / "tests" / "grammar" / "golden" / "voyna_stihiy.jsonl"


def test_parse_prints_a_tree():
    r = run_cli("parse", "{tap}: Выстрел на 2, дальность 3.")
    assert r.returncode == 0, r.stderr
    assert "действие, цена ⤵️:" in r.stdout                 # Russian, icons as symbols
    assert "  выстрел на 2, дальность 3" in r.stdout
    assert "Activated" not in r.stdout and "range" not in r.stdout


def test_parse_accepts_emoji_and_prints_canonical_json():
    r = run_cli("parse", "--json", "⤵️: Разряд на 1-2-2.|Защита от выстрелов.")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["text"] == "{tap}: Разряд на 1-2-2.\nЗащита от выстрелов."
    first, second = data["abilities"]
    assert first["effects"][0]["damage"] == {"node": "ByStrength", "weak": 1, "medium": 2, "strong": 2,
                                             "span": [17, 22]}
    assert second == {"node": "Protection", "against": ["shot"], "span": [24, 43]}
    assert list(data) == sorted(data)


def test_parse_empty_text_has_no_abilities():
    r = run_cli("parse", "")
    assert r.returncode == 0 and "способностей нет" in r.stdout


def test_corpus_report_json_has_the_figures(shared):
    r = run_cli("corpus", "report", str(DEV_CORPUS), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)                     # exactly one JSON object
    assert isinstance(data, dict)
    for key in ("cards", "segments", "structural", "typed"):
        assert isinstance(data[key], int)
    assert data["cards"] == 150 and data["segments"] == 420      # one ability sentence per line
    assert data["structural"] == 420
    assert data["format"] == "tgbot"
    assert data["repairs"]["broken-strike"] == 3
    # which construct of the language the untyped segments contain (every untyped segment counted once at least)
    hist = data["untyped_by_construct"]
    assert sum(hist.values()) >= len(data["untyped"]) and all(v > 0 for v in hist.values())
    assert set(hist) <= {c[0] for c in CONSTRUCTS} | {"other"}


def test_corpus_report_text_shows_carets(shared):
    r = run_cli("corpus", "report", str(DEV_CORPUS))
    assert r.returncode == 0, r.stderr
    assert "полностью типизировано" in r.stdout
    assert "\n  " in r.stdout and "^" in r.stdout


def test_corpus_report_detects_nxt(shared):
    r = run_cli("corpus", "report", str(CORPUS / "nxt_format_samples.json"), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["format"] == "nxt" and data["cards"] == 8


def test_broken_json_is_located_exit_2(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text('[{"name": "A",\n  "cost": }]', encoding="utf-8")
    r = run_cli("corpus", "report", str(bad))
    assert r.returncode == 2
    assert f"{bad}:2:" in r.stderr and "битый JSON" in r.stderr


def test_wrong_fields_are_listed_and_the_rest_processed(tmp_path):
    cards = [
        {"name": "Первый", "cost": 3, "element": "Горы", "stats": {"lifeCount": 5, "walkCount": "1",
         "simpleHit": "1-2-3"}, "abilities": "Броня 1.", "set": "S", "elite": False, "uniqueness": False},
        {"name": "Второй", "cost": "дорого", "element": "Горы", "stats": {"lifeCount": 5,
         "walkCount": "1", "simpleHit": "1-2-3"}, "abilities": "Броня 2.", "set": "S", "elite": False, "uniqueness": False},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    r = run_cli("corpus", "report", str(path), "--format", "tgbot", "--json")
    assert r.returncode == 0, r.stderr
    assert "Второй" in r.stderr and "cost" in r.stderr
    assert json.loads(r.stdout)["cards"] == 1


def test_check_against_the_golden_is_clean(shared, update_golden):
    """The corpus golden; ``--update-golden`` rewrites it first (then read its diff)."""
    if update_golden:
        updated = run_cli("check", str(DEV_CORPUS), "--golden", str(GOLDEN), "--update")
        assert updated.returncode == 0, updated.stderr
    r = run_cli("check", str(DEV_CORPUS), "--golden", str(GOLDEN))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "изменений смысла нет" in r.stdout


def test_check_shows_which_card_changed_and_how(shared, tmp_path):
    golden = tmp_path / "golden.jsonl"
    shutil.copy(GOLDEN, golden)
    lines = golden.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        entry = json.loads(line)
        if entry["card"] == "Кшар":
            # pretend the golden had «на 2» where the card says «на 1»
            entry["abilities"][0]["effects"][0]["damage"]["value"] = 2
            lines[i] = json.dumps(entry, ensure_ascii=False, sort_keys=True)
    golden.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run_cli("check", str(DEV_CORPUS), "--golden", str(golden))
    assert r.returncode == 1
    assert "~ Кшар (Война стихий)" in r.stdout
    assert "effects[0].damage.value: 2 → 1" in r.stdout
    r = run_cli("check", str(DEV_CORPUS), "--golden", str(golden), "--update")
    assert r.returncode == 0
    assert golden.read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8")


def test_check_bad_golden_line_is_located(shared, tmp_path):
    golden = tmp_path / "g.jsonl"
    golden.write_text('{"card": "A", "set": "S", "abilities": [], "typed": []}\nне json\n',
                      encoding="utf-8")
    r = run_cli("check", str(DEV_CORPUS), "--golden", str(golden))
    assert r.returncode == 2
    assert f"{golden}:2:1" in r.stderr
