"""Citations as a person reads them (issue 12, point 9): every step of a ruling, every finding of
a deck/squad check and every fight cites a rulebook clause *number* or a *named* rule that
``berserk rule`` finds — never an id of the project's index (``attack.strike``, ``action.close``,
``deck``, ``term:Рывок``); ``berserk rule`` names its sources as documents, not as «seed 000».

The display forms (rulings.lookup.cite_label): a numbered clause — its number («514.6»); a clause
without a number — its title («Простой удар», «Правило Топора»); a Heroes glossary term — its
heading with «(глоссарий)».  ``--json`` keeps the ids under ``cite_ids`` (``clause`` for
deck/squad findings) for tools."""
from __future__ import annotations

import json
import re

import pytest

from judge import cites as classic_cites
from judge.heroes import cites as heroes_cites
from judge.legality import deck, placement, squad
from rulings.lookup import DOCUMENTS, TERM, cite_label, clause_ids, load_book, source_label
from rulings.model import is_number
from tests.conftest import ROOT, run_cli

LIBRARY = ROOT / "rulings" / "scenarios"
#: Every id the two engines and the legality checks can cite, with its book.
CITABLE = sorted({("classic", c) for c in classic_cites.ALL}
                 | {(heroes_cites.BOOK, c) for c in heroes_cites.ALL}
                 | {(book, c) for m in (deck, squad, placement) for book, ids in m.CITES.items()
                    for c in ids})
#: The index's own ids: what must never be shown.
INTERNAL = {c for b in ("classic", "heroes-15") for c in clause_ids(b)
            if c.startswith(TERM) or not is_number(c.split("#", 1)[0])}


def _head(book: str, cid: str) -> str:
    """How ``berserk rule`` heads its answer about ``cid``: «514.6 · classic · …», «Простой удар ·
    classic · …», ««Рывок» · heroes-15 · глоссарий»."""
    if cid.startswith(TERM):
        return f"«{cid[len(TERM):]}» · {book} · глоссарий"
    if is_number(cid.split("#", 1)[0]):
        return f"{cid} · {book} · "
    return f"{load_book(book).clauses[cid].title} · {book} · "


@pytest.mark.parametrize("book, cid", CITABLE, ids=[f"{b}:{c}" for b, c in CITABLE])
def test_every_citable_id_shows_a_form_berserk_rule_finds_back(book, cid):
    shown = cite_label(book, cid)
    assert shown not in INTERNAL and not shown.startswith(TERM), shown
    res = run_cli("rule", shown, "--book", book)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.startswith(_head(book, heroes_cites.canonical(cid) or cid)), \
        (shown, res.stdout.splitlines()[0])


@pytest.mark.parametrize("title, cid", [
    ("Простой удар", "attack.strike"), ("Правило Топора", "axe"), ("Колода", "deck"),
    ("Направленный удар", "attack.direct"), ("Заклинание", "effect.spell"),
    ("Раны и гибель", "wounds.death"), ("Действие закрывает карту", "action.close"),
])
def test_a_title_finds_its_clause_first_without_naming_the_book(title, cid):
    """«berserk rule "Простой удар"» — the classic clause first, though the Heroes book has a term
    or a clause of the same words."""
    res = run_cli("rule", title, env={"BERSERK_RULESET": None})
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith(_head("classic", cid)), res.stdout.splitlines()[0]


def test_the_display_forms_of_the_rulesets():
    assert [cite_label("classic", c) for c in ("514.6", "axe", "attack.strike", "deck")] == \
        ["514.6", "Правило Топора", "Простой удар", "Колода"]
    assert [cite_label("heroes-15", c) for c in ("507.3", "118.8#2", "term:Рывок", "term:Броня X")] \
        == ["507.3", "118.8#2", "Рывок (глоссарий)", "Броня Х (глоссарий)"]


def _steps(text: str) -> list[list[str]]:
    """The citations of each numbered step of a printed ruling."""
    return [[c.strip() for c in m.group(1).split(",")]
            for m in re.finditer(r"^\s*\d+\. .*  \[(.+)\]$", text, re.MULTILINE)]


def test_the_whole_library_prints_no_internal_id():
    res = run_cli("judge", str(LIBRARY))
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr
    steps = _steps(res.stdout)
    assert len(steps) > 2000
    shown = {c for step in steps for c in step}
    assert sorted(shown & INTERNAL) == []
    assert not [c for c in shown if c.startswith(TERM) or re.fullmatch(r"[a-z][\w.-]*", c)]
    assert {"Простой удар", "Правило Топора", "514.6", "Рывок (глоссарий)"} <= shown
    # card text quoted in a step shows icons as on the card, never as the canonical {code}
    assert not re.findall(r"\{[a-z_]+\}", res.stdout)
    assert "«Степной налётчик/2»: ⤵️: выстрел на 1" in res.stdout


def test_json_cites_are_shown_and_the_ids_kept_for_tools():
    one = LIBRARY / "golden" / "axe-directed-strike-no-defender.yaml"
    heroes = next((LIBRARY / "heroes").rglob("*.yaml"))
    res = run_cli("judge", str(one), str(heroes), "--json")
    assert res.returncode == 0, res.stderr
    for out, book in zip(json.loads(res.stdout), ("classic", "heroes-15")):
        for e in out["events"]:
            assert e["cites"] == [cite_label(book, c) for c in e["cite_ids"]]
    first = json.loads(res.stdout)[0]["events"][0]
    assert (first["cites"], first["cite_ids"]) == (["Простой удар"], ["attack.strike"])


def test_a_failed_expectation_names_clauses_as_a_person_reads_them(tmp_path):
    text = (LIBRARY / "514" / "514.6-closed-strong.yaml").read_text(encoding="utf-8")
    path = tmp_path / "wrong.yaml"
    path.write_text(re.sub(r"cites: \[.*\]", 'cites: ["axe"]', text), encoding="utf-8")
    res = run_cli("judge", str(path))
    assert res.returncode == 1
    [failure] = [ln for ln in res.stdout.splitlines() if "нет ссылок" in ln]
    assert "Правило Топора" in failure and "Простой удар" in failure
    assert not re.search(r"\baxe\b|attack\.strike", res.stdout)


def test_fight_and_odds_name_the_clamp_rule():
    text = run_cli("fight", "--attacker", "2-3-4", "--defender-closed", "--dice", "6",
                   "--attacker-mod", "1").stdout
    assert "[514.6, Правило сведения броска]" in text and "roll-clamp" not in text
    doc = json.loads(run_cli("fight", "--attacker", "2-3-4", "--defender-closed", "--dice", "6",
                             "--attacker-mod", "1", "--json").stdout)
    assert doc["cites"] == ["514.6", "Правило сведения броска"]
    assert doc["cite_ids"] == ["514.6", "roll-clamp"]
    odds = json.loads(run_cli("odds", "--attacker", "2-3-4", "--defender-closed",
                              "--json").stdout)
    assert "Правило сведения броска" in odds["cites"] and "roll-clamp" in odds["cite_ids"]


def test_deck_and_squad_findings_cite_clause_names(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("5 Страж перевала\n", encoding="utf-8")
    res = run_cli("deck", "check", str(path))
    assert res.returncode == 1 and "[Колода]" in res.stdout and "[deck]" not in res.stdout
    doc = json.loads(run_cli("deck", "check", str(path), "--json").stdout)
    assert {(p["cite"], p["clause"]) for p in doc["problems"]} == {("Колода", "deck")}


# ---------------------------------------------------------------- sources in berserk rule
@pytest.mark.parametrize("cid", sorted(load_book("classic").clauses))
def test_berserk_rule_names_the_source_documents(cid):
    res = run_cli("rule", cid, "--book", "classic")
    assert res.returncode == 0, res.stderr
    assert "seed 0" not in res.stdout and "источник: " in res.stdout
    head = res.stdout.splitlines()[0]
    assert head.startswith(cid if is_number(cid) else load_book("classic").clauses[cid].title)


@pytest.mark.parametrize("source, shown", [
    ("seed 000 п.5", "Обзор правил классического «Берсерка», п.5"),
    ("seed 004 514.3", "Правила сражения классического «Берсерка» (514.1–514.8), п. 514.3"),
    ("seed 001 «Атаки»", "Основы онлайн-игры «Берсерк» (классика), «Атаки»"),
    ("seed 002 (ранняя редакция, п. 105.1)", "Основы «Берсерк. Герои» (ранняя редакция, п. 105.1)"),
    ("heroes_full_rules_15th_2024-05-31.md п. 507.3",
     "Полные правила «Берсерк. Герои», 15-я редакция (31.05.2024), п. 507.3"),
    ("seed 000 п.4; seed 001 там же",
     "Обзор правил классического «Берсерка», п.4; Основы онлайн-игры «Берсерк» (классика), там же"),
    ("мой_файл.md п. 3", "мой_файл.md п. 3"),
    # the sentence goes on after the document: no comma before the verb or the dash
    ("seed 000 уточняет, что 24", "Обзор правил классического «Берсерка» уточняет, что 24"),
    ("seed 002 — более ранний текст", "Основы «Берсерк. Герои» (ранняя редакция) — более ранний текст"),
])
def test_source_label(source, shown):
    assert source_label(source) == shown


def test_every_document_of_the_index_has_a_name():
    sources = " ".join(c.source for b in ("classic", "heroes-15")
                       for c in load_book(b).clauses.values())
    sources += " ".join(st.source for b in ("classic", "heroes-15")
                        for k in load_book(b).conflicts for st in k.statements)
    assert "seed" not in source_label(sources) and ".md" not in source_label(sources)
    assert {name for name, _ in DOCUMENTS} >= set(re.findall(r"seed \d{3}", sources))


def test_heroes_rule_and_conflicts_name_the_edition():
    out = run_cli("rule", "106.1.1", "--book", "heroes-15").stdout
    assert "источник: Полные правила «Берсерк. Герои», 15-я редакция (31.05.2024), п. 106.1.1" in out
    assert "Основы «Берсерк. Герои» (ранняя редакция" in out and "seed 002" not in out
