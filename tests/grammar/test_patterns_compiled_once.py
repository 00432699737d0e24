"""No regex compiled per call on the parsing path (issue 16).  ``re.search(r"…", s)`` inside a
function compiles its pattern again whenever Python's regex cache (512 entries) has dropped it —
and a card list evicts it: every card's name patterns go through that cache.  The stop that
moved 40 such calls to module constants and string tests took ~9 ms off a 136 ms cold pass of
the dev corpus.  A pattern built inside a function is fine where the function is memoised
(``lru_cache``: compiled once per key) or is not on the parsing path (listed below, with why)."""
from __future__ import annotations

import ast
from pathlib import Path

GRAMMAR = Path(__file__).resolve().parents[2] / "grammar"
RE_CALLS = {"search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split", "compile"}

# (module, function): where a pattern may be compiled per call, and why
ALLOWED = {
    ("display.py", "_vocab_words"): "display of a stored AST, not the parsing path",
    ("display.py", "qualifier_phrase"): "display of a stored AST, not the parsing path",
    ("icons.py", "_mend_split_name"): "only where a text holds the name's letters with spaces "
                                      "between them (the gates before it): a broken source, rare",
    ("icons.py", "to_display"): "display of a canonical text, not the parsing path",
    ("lexicon.py", "_prefixes"): "building the lexicon's prefix index, at import",
    ("lexicon.py", "_bucket"): "memoised in _BUCKETS (per prefix and rule restriction)",
    ("wordforms.py", "unexpanded"): "memoised in _UNEXPANDED (per prefix and rule restriction)",
    ("spelling.py", "settled"): "memoised in _SETTLED (per rule restriction)",
    ("tokens.py", "_mwe"): "registers a row of the multiword table, at import",
    ("frames_words.py", "_endings"): "reads lexicon._AGREE's patterns once, at import",
}


def _calls_per_call(path: Path) -> list[tuple[str, int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def memoised(fn) -> bool:
        return any("cache" in ast.unparse(d) for d in fn.decorator_list)

    def visit(node, fn, cached):
        for child in ast.iter_child_nodes(node):
            is_fn = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) \
                    and isinstance(child.func.value, ast.Name) and child.func.value.id == "re" \
                    and child.func.attr in RE_CALLS and fn is not None and not cached:
                found.append((fn.name, child.lineno, ast.unparse(child)[:80]))
            # (a function defined inside a memoised one runs under its memo)
            visit(child, child if is_fn else fn, cached or (is_fn and memoised(child)))

    visit(tree, None, False)
    return found


def test_no_pattern_is_compiled_per_call_on_the_parsing_path():
    problems = [f"grammar/{p.name}:{line} in {fn}(): {call}"
                for p in sorted(GRAMMAR.glob("*.py"))
                for fn, line, call in _calls_per_call(p) if (p.name, fn) not in ALLOWED]
    assert not problems, "a pattern compiled per call (a module constant, or a string test):\n" + \
        "\n".join(problems)


def test_every_allowed_place_still_compiles_per_call():
    # an entry whose call has gone is stale: the list says only what is true
    present = {(p.name, fn) for p in GRAMMAR.glob("*.py") for fn, _l, _c in _calls_per_call(p)}
    assert not set(ALLOWED) - present, sorted(set(ALLOWED) - present)
