"""Fuzz: the Heroes scenario loader and runner — «a judged scenario or a located error (a
BerserkError), never another exception».  Inputs: the library's rulings with random edits deep
inside (tests/fuzz_inputs.py), as block or flow YAML, sometimes with broken bytes."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from berserk import files, yamlio
from berserk.errors import BerserkError
from judge.heroes.run import load_scenario, run
from tests.fuzz_inputs import as_bytes, dump, fuzz_pair, mutated
from tests.heroes.test_library import FILES

WORK = Path(tempfile.mkdtemp(prefix="berserk-fuzz-heroes-"))
BASES = [json.loads(json.dumps(yamlio.load(p.read_text(encoding="utf-8"), str(p)), default=str))
         for p in FILES[::4]]

CASES = st.tuples(st.sampled_from(BASES).flatmap(mutated), st.sampled_from(("block", "flow"))) \
    .map(lambda t: dump(*t)).flatmap(as_bytes)


def check(data: bytes) -> None:
    path = WORK / "s.yaml"
    path.write_bytes(data)
    try:
        scenario = load_scenario(path, text=files.decode(data, str(path)))
        run(scenario, strict=False)
    except BerserkError as err:
        assert err.render().strip()


test_heroes_scenarios_short, test_heroes_scenarios_long = fuzz_pair(CASES, check)


def test_the_library_is_sampled():
    assert len(BASES) >= 20
