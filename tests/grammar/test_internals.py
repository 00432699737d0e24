"""The parser's internals: the import graph, the chunk grammar (LALR, strict, every parts rule a
rule of it), strict mode and the memo, the grammar hash's coverage."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from lark import Transformer

import grammar
from grammar import parser as P
from grammar import reader as R
from grammar.parts import ToParts

GRAMMAR_DIR = Path(grammar.__file__).parent
ROOT = GRAMMAR_DIR.parent


def _imports(path: Path) -> tuple[set[str], list[tuple[int, str]]]:
    """Project modules imported at module level, and (line, module) of imports inside
    functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    nested: list[tuple[int, str]] = []

    def names(node) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        if node.module in ("grammar", "berserk"):
            return [f"{node.module}.{a.name}" for a in node.names]
        return [node.module or ""]

    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [m for m in names(node) if m.split(".")[0] in ("grammar", "berserk")]
            if node in tree.body:
                top.update(mods)
            else:
                nested.extend((node.lineno, m) for m in mods)
    return top, nested


def _module_file(module: str) -> Path | None:
    path = ROOT.joinpath(*module.split("."))
    if path.with_suffix(".py").exists():
        return path.with_suffix(".py")
    if (path / "__init__.py").exists():
        return path / "__init__.py"              # a package (grammar.ast, berserk.vocab)
    return None                                  # a grammar name imported from the package


def _closure(start: str) -> set[str]:
    """The grammar modules ``start`` loads, and the shared ``berserk`` modules they import
    (whose own imports — messages, folding — do not shape the AST)."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        path = _module_file(module)
        if module in seen or path is None:
            continue
        seen.add(module)
        if module.startswith("grammar."):
            todo.extend(_imports(path)[0])
        elif module.startswith("berserk.vocab"):
            # the vocabulary package's own modules shape the AST; its other imports do not
            todo.extend(m for m in _imports(path)[0] if m.startswith("berserk.vocab"))
    return seen


PIPELINE = sorted(_closure("grammar.parser"))


def test_pipeline_modules_found():
    assert {"grammar.parser", "grammar.reader", "grammar.lexer", "grammar.tokens", "grammar.lexicon",
            "grammar.parts", "grammar.frames_ability", "grammar.frames_base", "grammar.repairs",
            "grammar.icons", "grammar.ast", "berserk.vocab"} <= set(PIPELINE)


@pytest.mark.parametrize("module", [m for m in PIPELINE if m.startswith("grammar.")])
def test_no_function_level_imports_in_the_pipeline(module):
    """A function-level import of a project module hides a cycle (or a cost on the hot path)."""
    assert _imports(_module_file(module))[1] == []


def test_grammar_import_graph_has_no_cycle():
    graph = {}
    for path in sorted(GRAMMAR_DIR.glob("*.py")):
        module = f"grammar.{path.stem}"
        graph[module] = {m for m in _imports(path)[0] if m.startswith("grammar.") and _module_file(m)}
    done: set[str] = set()

    def visit(module: str, stack: tuple[str, ...]) -> None:
        assert module not in stack, " → ".join(stack + (module,))
        if module in done:
            return
        for dep in sorted(graph.get(module, ())):
            visit(dep, stack + (module,))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_grammar_hash_covers_every_module_that_shapes_the_ast():
    hashed = {f"{package}.{name.removesuffix('.py')}".removesuffix(".__init__")
              for package, name in P.AST_SOURCES}
    assert set(PIPELINE) <= hashed, set(PIPELINE) - hashed
    for package, name in P.AST_SOURCES:
        assert ROOT.joinpath(*package.split("."), name).is_file(), (package, name)
    assert ("grammar", R.GRAMMAR_FILE) in P.AST_SOURCES


# ---------------------------------------------------------------- the chunk grammar
def _grammar_rule_names() -> set[str]:
    return {rule.alias or rule.origin.name for rule in R.bare_parser().rules}


def _rule_methods() -> set[str]:
    library = set(dir(Transformer))
    return {n for n in dir(ToParts) if not n.startswith("_") and n not in library
            and callable(getattr(ToParts, n))}


def test_every_parts_method_is_a_rule_of_the_grammar():
    """A method no rule reaches is dead code (or a typo that silently never runs)."""
    assert _rule_methods() - _grammar_rule_names() == set()


def test_the_chunk_grammar_is_conflict_free():
    """Built with ``strict=True``: an LALR conflict (a shift/reduce the table would settle
    silently) fails the build — the guard that keeps the grammar a grammar of shapes."""
    parser = R.bare_parser()
    assert parser.options.strict and parser.options.parser == "lalr"


# ---------------------------------------------------------------- strict mode and the memo
TEXT = "{tap}: Выстрел на 2, дальность 3."


def test_strict_mode_is_a_context():
    outside = P.is_strict()
    with grammar.strict_mode():
        assert P.is_strict()
        with grammar.strict_mode(False):
            assert not P.is_strict()
            assert not hasattr(P, "STRICT")             # no module global to poke
        assert P.is_strict()
    assert P.is_strict() == outside


def test_memo_keeps_strict_and_lenient_results_apart():
    """A lenient result in the memo must not answer a strict parse (it would hide a frame's
    bug behind an Opaque)."""
    grammar.clear_cache()
    lenient = grammar.parse(TEXT, strict=False)
    strict = grammar.parse(TEXT, strict=True)
    assert len(R._units) == 2
    assert strict.abilities == lenient.abilities
    grammar.parse(TEXT, strict=True)
    assert P._unit_at.cache_info().hits == 1                    # the same mode: from the memo
