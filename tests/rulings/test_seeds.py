"""Where every paragraph of the classic seed texts lands (rulings/seeds.py), shown and pinned.

``seed_placement.tsv`` lists, for each imported classic clause, every source paragraph it got:
seed, line, clause id, a hash of the placed text and its first three words (a hash and a few
words, never the rule sentence itself: the seeds stay in ../shared).  A change of placement
shows up here as a diff a reviewer reads line by line; ``pytest --update-golden`` rewrites it.
The table below pins the importer bugs found in issue 13, each with the line it was about.
"""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

import pytest

from berserk.errors import InputError
from rulings.importers import import_file
from rulings.lookup import load_book
from rulings.seeds import import_seed
from tests.conftest import SeedFiles, seed_file

pytestmark = pytest.mark.shared                 # every test reads the seeds of ../shared

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "seed_placement.tsv"
SEEDS = SeedFiles("004", "000", "001")           # looked up when a test runs, not at import


@lru_cache(maxsize=1)
def _placements() -> tuple[tuple[str, int, str, str, str], ...]:
    rows = []
    for n, path in SEEDS.items():
        result = import_seed(path.read_text(encoding="utf-8"), source=path.name)
        pieces = {c.id: [p for p in (c.text or "").split("\n\n") if p] for c in result.clauses}
        taken: dict[str, int] = {}
        for cid, line in result.origins:
            k = taken.get(cid, 0)
            taken[cid] = k + 1
            text = pieces[cid][k]
            words = " ".join(re.findall(r"\w+", text)[:3])
            rows.append((n, line, cid, hashlib.sha1(text.encode()).hexdigest()[:10], words))
    return tuple(rows)


def test_every_placed_seed_paragraph_matches_the_reviewed_table(update_golden):
    rows = ["\t".join(map(str, r)) for r in _placements()]
    text = "# seed\tline\tclause\tsha1[:10] of the placed text\tfirst words\n" + "\n".join(rows) + "\n"
    if update_golden:
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_every_placed_paragraph_is_a_line_of_its_seed():
    for n, line, cid, _h, words in _placements():
        source = SEEDS[n].read_text(encoding="utf-8").splitlines()[line - 1]
        assert words.split()[0] in source, (n, line, cid)
        assert cid in load_book("classic").clauses, (n, line, cid)


# (seed, line, clause it must land in, clause it must not land in) — issue 13's findings
FIXED = [
    ("001", 114, "attack.direct", None),            # a one-line numbered list is split …
    ("001", 114, "attack.unanswerable", None),      # … into its four items
    ("001", 114, "attack.vampirism", None),
    ("001", 114, "attack.bonus", None),
    ("001", 241, None, "wounds.death"),             # the Heroes basics after «Базовые правила»
    ("000", 47, "squad.elite", "symbiote"),         # under the heading «Симбиоты», about elite cards
    ("000", 49, "squad.elements", "symbiote"),
    ("000", 88, "deck", "effect"),                  # the deck rule under «Особенность»
    ("000", 86, None, "effect"),                    # the online-game intro: not a rule
    ("000", 481, "movement", "turn"),               # under the label «Существа:»
    ("000", 482, "action.close", "turn"),
    ("000", 72, "attack.defender", "attack.strike"),
    ("000", 486, "attack.defender", "attack.strike"),
    ("000", 488, "attack.defender", "attack.strike"),
    ("001", 86, "attack.strike", None),             # after a bullet without a full stop
    ("001", 5, None, "deck"),                       # «Для игры требуется: Править» is a heading
    ("000", 229, None, "counters"),                 # English wiki boilerplate
    ("000", 508, "attack", None),                   # the ability-type table is about attacks (its
                                                    # one ranged-attack sentence is copied to attack.ranged)
    ("000", 519, "turn", "instant"),                # «Обратите внимание: двигаться и действовать …»
]


@pytest.mark.parametrize("seed, line, into, not_into", FIXED)
def test_importer_findings_stay_fixed(seed, line, into, not_into):
    placed = {(n, ln, cid) for n, ln, cid, _h, _w in _placements()}
    if into:
        assert (seed, line, into) in placed
    else:
        assert not any(n == seed and ln == line for n, ln, _c in placed)
    if not_into:
        assert (seed, line, not_into) not in placed


def test_victory_gets_the_end_of_battle_sentence_from_both_overviews():
    lines = {(n, ln) for n, ln, cid, _h, _w in _placements() if cid == "victory"}
    assert ("000", 158) in lines and ("001", 76) in lines


def test_what_is_not_placed_is_reported_with_its_line():
    result = import_seed(SEEDS["001"].read_text(encoding="utf-8"), source=SEEDS["001"].name)
    other = [p for p in result.problems if "другой документ" in p.message]
    assert other and min(p.location.line for p in other) == 140          # «Базовые правила» onwards
    assert all(p.location.line for p in result.problems)


def test_plain_text_goes_only_into_the_classic_book():
    older_heroes = seed_file("002")
    with pytest.raises(InputError) as err:
        import_file(older_heroes, "heroes-15")
    assert "только в книгу classic" in str(err.value)
