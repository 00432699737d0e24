"""The conflicts register, and importing a rulebook through the real ``berserk db build``."""
from __future__ import annotations

import json

import pytest

from berserk.errors import InputError, UnknownNameError
from rulings.conflicts import parse_conflicts
from rulings.lookup import applied, load_book
from tests.conftest import SHARED, run_cli, seed_file

HEROES_MD = SHARED / "rules" / "heroes_full_rules_15th_2024-05-31.md"

# (conflict, ruleset, value the ruleset applies)
APPLIED = [
    ("second-player-bonus", "classic", {"gold": 1, "silver": 1}),
    ("second-player-bonus", "classic-online", {"gold": 0, "silver": 1}),
    ("neutral-only-squad", "classic", {"gold": 24, "silver": 22}),
    ("extra-element-penalty", "classic", {"penalty": "per-element", "gold": 1}),
    ("open-target-dice", "classic", {"open_target_fights": True}),
    ("ranged-at-flyer", "classic", {"except": ["attack.uchr"]}),
    ("cost-modifiers-scope", "heroes-15", {"zones": ["playing"]}),
    ("x-cost-minimum", "heroes-15", {"min_x": 1}),
]


@pytest.mark.parametrize("conflict, ruleset, value", APPLIED)
def test_each_ruleset_applies_one_statement(conflict, ruleset, value):
    book = "heroes-15" if ruleset.startswith("heroes") else "classic"
    assert applied(book, conflict, ruleset).value == value


@pytest.mark.parametrize("book", ["classic", "heroes-15"])
def test_rulesets_named_by_the_register_exist(book):
    from judge.legality.rules import RULESETS

    for k in load_book(book).conflicts:
        assert set(k.applies) <= set(RULESETS), k.id
        assert all(RULESETS[r].book == book for r in k.applies), k.id


def test_every_conflict_keeps_both_statements_with_sources_and_a_choice_per_ruleset():
    conflicts = load_book("classic").conflicts
    assert len(conflicts) >= 7
    for k in conflicts:
        assert len(k.statements) >= 2 and all(s.source and s.says for s in k.statements)
        assert set(k.applies) == {"classic", "classic-online"}, k.id
        assert all(c in load_book("classic").clauses for c in k.clauses)


def test_unknown_conflict_suggests():
    with pytest.raises(UnknownNameError) as err:
        applied("classic", "second-player")
    assert "second-player-bonus" in err.value.suggestions


def test_register_problems_are_all_reported():
    doc = [{"id": "x", "clauses": ["514.6", "nope"], "statements": [{"source": "a", "says": "…"}],
            "applies": {"classic": "b"}}]
    with pytest.raises(InputError) as err:
        parse_conflicts(doc, load_book("classic"), "c.yaml")
    messages = " | ".join(p.message for p in err.value.problems)
    assert len(err.value.problems) == 3, messages
    assert "nope" in messages and "двух утверждений" in messages and "«b»" in messages


def test_db_build_imports_rulebooks_and_rule_reads_them(tmp_path, shared):
    db = tmp_path / "cards.db"
    out = run_cli("db", "build", "-o", str(db), "--rules", str(HEROES_MD), "--book", "heroes-15",
                  "--rules", str(seed_file("004")), "--book", "classic")
    assert out.returncode == 0, out.stderr
    doc = json.loads(run_cli("rule", "514.8", "--book", "classic", "--db", str(db), "--json").stdout)
    assert doc["clauses"][0]["text"].startswith("Расчёт особого удара")
    doc = json.loads(run_cli("rule", "101.1", "--db", str(db), "--json").stdout)
    assert doc["clauses"][0]["book"] == "heroes-15" and doc["clauses"][0]["text"]


def test_db_build_with_an_unreadable_rules_file_writes_nothing(tmp_path):
    db = tmp_path / "cards.db"
    out = run_cli("db", "build", "-o", str(db), "--rules", str(tmp_path / "нет.md"), "--book", "heroes-15")
    assert out.returncode == 2 and "нет.md" in out.stderr
    assert not db.exists()


def test_rulebook_check_lists_repeated_numbers_and_unplaced_lines(shared):
    SEED004 = seed_file("004")
    out = run_cli("rulebook", "check", str(HEROES_MD), "--book", "heroes-15", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["repeated"] == ["104.3", "118.8"] and doc["kinds"]["subclause"] == 48
    out = run_cli("rulebook", "check", str(SEED004), "--book", "classic")
    assert "004_" in out.stdout and ":51: служебная строка" in out.stdout
    out = run_cli("rulebook", "check", str(SEED004), "--book", "clasic")
    assert out.returncode == 2 and "classic" in out.stderr
