"""berserk/vocab/: every vocabulary word the AST carries is a member of its enum, and the enums
carry the flags the rules ask."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from berserk.vocab import (AttackKind, BonusTo, CardType, DurationKind, Element, KeywordName,
                           Strength, TriggerEvent)
from grammar import ast as A

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "grammar" / "golden" / "voyna_stihiy.jsonl"
CASES = ROOT / "tests" / "grammar" / "data" / "cases.yaml"

# Bonus.to also names card stats and experience (keywords) and the next attack / the range of
# a kind (BonusTo), which are not attack kinds.
BONUS_STATS = {KeywordName.MOVE, KeywordName.LIFE, KeywordName.OVA, KeywordName.OVZ} | set(BonusTo)


def _trees():
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        yield from A.from_dict(json.loads(line)["abilities"])
    for case in yaml.safe_load(CASES.read_text(encoding="utf-8")):
        yield from A.from_dict(case["ast"])


def _words():
    """(enum, word, where) for every vocabulary word in the golden and the table cases."""
    for tree in _trees():
        for n in A.walk(tree):
            if isinstance(n, A.Attack):
                yield AttackKind, n.attack, "Attack.attack"
            elif isinstance(n, A.Trigger):
                yield TriggerEvent, n.event, "Trigger.event"
                if n.attack is not None:
                    yield AttackKind, n.attack, "Trigger.attack"
                if n.strength is not None:
                    yield Strength, n.strength, "Trigger.strength"
            elif isinstance(n, A.Duration):
                yield DurationKind, n.until, "Duration.until"
            elif isinstance(n, A.Keyword):
                yield KeywordName, n.name, "Keyword.name"
            elif isinstance(n, (A.Protection, A.Reduction)):
                for w in n.against:
                    yield AttackKind, w, type(n).__name__ + ".against"
            elif isinstance(n, A.Bonus):
                for w in n.to:
                    if w not in BONUS_STATS:
                        yield AttackKind, w, "Bonus.to"
            if isinstance(n, (A.Protection, A.Reduction, A.Bonus)):
                for w in n.strengths:
                    yield Strength, w, type(n).__name__ + ".strengths"


def test_every_ast_word_is_a_member():
    values = {enum: {m.value for m in enum} for enum in (AttackKind, TriggerEvent, DurationKind,
                                                         KeywordName, Strength)}
    unknown = sorted({f"{where}: {word}" for enum, word, where in _words()
                      if word not in values[enum]})
    assert not unknown, "words the AST carries but no enum names:\n" + "\n".join(unknown)


@pytest.mark.parametrize("kind, ranged, melee, magical", [
    ("strike", False, True, False), ("special", False, True, False),
    ("magic", False, True, True), ("shot", True, False, False), ("throw", True, False, False),
    ("discharge", True, False, True), ("uchr", True, False, False),
])
def test_concrete_attack_flags(kind, ranged, melee, magical):
    k = AttackKind(kind)
    assert (k.concrete, k.ranged, k.melee, k.magical) == (True, ranged, melee, magical)


def test_groups_are_not_concrete():
    assert [k.value for k in AttackKind.concrete_kinds()] == [
        "strike", "special", "magic", "shot", "throw", "discharge", "uchr"]
    assert not AttackKind.RANGED.concrete and not AttackKind.RANGED.ranged


@pytest.mark.parametrize("word, element", [
    ("Лесные", Element.FOREST), ("тёмные", Element.DARKNESS), ("нейтрал", Element.NEUTRAL),
    (" Горы ", Element.MOUNTAINS), ("море", None),
])
def test_element_aliases(word, element):
    assert Element.of(word) is element


@pytest.mark.parametrize("word, card_type", [
    ("Летающие", CardType.FLYER), ("существо", CardType.CREATURE), ("местности", CardType.TERRAIN),
    ("дракон", None),
])
def test_card_type_aliases(word, card_type):
    assert CardType.of(word) is card_type


def test_members_are_their_strings():
    # the canonical JSON and the DB carry the strings: a member must serialise as one
    assert json.dumps([AttackKind.UCHR, Strength.WEAK, Element.SWAMP], ensure_ascii=False) \
        == '["uchr", "weak", "болота"]'
    assert f"{DurationKind.END_OF_FIGHT}" == "end_of_fight"
    assert TriggerEvent.die_roll(6) is TriggerEvent.DIE_ROLL_6
    assert [s.index for s in Strength] == [0, 1, 2]


# ---------------------------------------------------------------- no vocabulary word as a literal
#: The attack-kind words: outside berserk/vocab/ code names them through ``AttackKind``.
ATTACK_WORDS = tuple(k.value for k in AttackKind.concrete_kinds())

#: The same spelling with another meaning — a different vocabulary, not an attack kind.
OTHER_SENSE = {
    # the card's «удар» stat (Card.strike, the ``strike`` column and YAML field)
    ("carddb/build.py", "strike"), ("carddb/model.py", "strike"), ("carddb/present.py", "strike"),
    ("carddb/sources.py", "strike"),
    # the Heroes card's strike value (106.3) as a scenario/expect key
    ("judge/heroes/expect.py", "strike"), ("judge/heroes/scenario.py", "strike"),
    # icon codes of the canonical notation ({strike}, {uchr}), not AST ids
    ("grammar/icons.py", "strike"), ("grammar/icons.py", "uchr"),
}

_LITERAL = re.compile(r"""(?<![\w{])(["'])(%s)\1""" % "|".join(ATTACK_WORDS))


def _tracked_python() -> list[str]:
    out = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    return [p for p in out if not p.startswith("tests/") and not p.startswith("berserk/vocab/")]


def test_no_attack_kind_literals():
    found = []
    for path in _tracked_python():
        text = (ROOT / path).read_text(encoding="utf-8")
        found += [f"{path}:{n}: «{m.group(2)}» — use berserk.vocab.AttackKind"
                  for n, line in enumerate(text.splitlines(), 1) for m in _LITERAL.finditer(line)
                  if (path, m.group(2)) not in OTHER_SENSE]
    assert not found, "attack-kind words as string literals:\n" + "\n".join(found)
