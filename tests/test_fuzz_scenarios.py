"""Fuzz: loading scenario files (judge.scenario.load_scenario over berserk.yamlio) — «a loaded
scenario or a located error (a BerserkError), never another exception».

The inputs are the published rulings of rulings/scenarios/ with random edits deep inside
(cards, board, actions, expectations), re-dumped as block or flow YAML, sometimes with broken
bytes; and raw nesting.  The bytes are decoded the way every reader does (berserk.files), so a
non-UTF-8 file is an InputError here too.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from berserk import files, yamlio
from berserk.errors import BerserkError
from judge.heroes.scenario import Scenario as HeroesScenario
from judge.scenario import Scenario, load_scenario
from tests.conftest import ROOT
from tests.fuzz_inputs import as_bytes, count, dump, fuzz_pair, mutated, nesting

WORK = Path(tempfile.mkdtemp(prefix="berserk-fuzz-scenarios-"))
LIBRARY = sorted((ROOT / "rulings" / "scenarios").rglob("*.yaml"))[::5]
# plain dicts and lists (yamlio's MDict/MList carry positions the YAML dumper does not know)
BASES = [json.loads(json.dumps(yamlio.load(p.read_text(encoding="utf-8"), str(p)), default=str))
         for p in LIBRARY]



CASES = st.one_of(
    st.tuples(st.sampled_from(BASES).flatmap(mutated), st.sampled_from(("block", "flow")))
    .map(lambda t: dump(*t)).flatmap(as_bytes),
    nesting().map(str.encode))


def check(data: bytes) -> None:
    count(__name__)
    path = WORK / "s.yaml"
    path.write_bytes(data)
    try:
        scenario = load_scenario(path, text=files.decode(data, str(path)))
    except BerserkError as err:
        assert err.render().strip()
        return
    assert isinstance(scenario, (Scenario, HeroesScenario))


test_scenarios_short, test_scenarios_long = fuzz_pair(CASES, check)


def test_the_library_is_sampled():
    assert len(BASES) >= 30
