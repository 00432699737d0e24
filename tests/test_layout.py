"""The house rules of the layout (issue 11), read from the source with ``ast``:

(a) the import graph of the project's modules has no cycle — module-level, function-level and
    ``if TYPE_CHECKING:`` imports alike, since a hidden import still is a dependency;
(b) layers: grammar's library knows nothing of carddb/rulings/judge; carddb and rulings nothing
    of judge; berserk's base modules nothing of the packages; only ``cli`` modules (and the root
    group berserk/cli.py) may reach across, and no library module imports a ``cli`` module;
(c) no function-level import of a project module (it hides a cycle or a layering slip);
(d) no module over 700 lines.

ALLOWED_* below are the known exceptions of the moment, each naming what it waits for.  They
are expected to shrink to empty; an entry that no longer occurs is reported as a warning so
that it can be deleted.
"""
from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("berserk", "grammar", "carddb", "rulings", "judge")
MAX_LINES = 700

# --------------------------------------------------------------------------- allow-lists
#: (a) import cycles, each as the sorted tuple of its modules.
ALLOWED_CYCLES: dict[tuple[str, ...], str] = {
}

#: (b) (importer, imported) pairs that break a layer rule.
ALLOWED_LAYER_BREAKS: dict[tuple[str, str], str] = {
}

#: (c) function-level imports of project modules: importer → {imported: what it waits for}.
#: The library modules have none left (26ca5b4); only the commands import lazily.
ALLOWED_FUNCTION_IMPORTS: dict[str, dict[str, str]] = {
}

#: (d) modules over MAX_LINES lines: path → what it waits for.
ALLOWED_LONG_MODULES: dict[str, str] = {
}


# --------------------------------------------------------------------------- the graph
@dataclass(frozen=True)
class Import:
    importer: str          # dotted module name
    imported: str          # dotted module name (a project module)
    line: int
    in_function: bool


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            out[_module_name(path)] = path
    return out


MODULES = project_modules()


def _is_project(name: str) -> bool:
    return name.split(".", 1)[0] in PACKAGES


def _resolve(name: str) -> str | None:
    """The project module that ``import name`` loads last: ``name`` itself, else its nearest
    enclosing module (``from grammar.ast import Attack`` → grammar.ast)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports_of(module: str, source: str, is_package: bool = False) -> list[Import]:
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                      ast.Lambda))
            targets: list[str] = []
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # «from pkg import sub» depends on pkg.sub when sub is a module, else on pkg
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                           for alias in child.names]
            for target in targets:
                if _is_project(target) and (resolved := _resolve(target)) and resolved != module:
                    found.append(Import(module, resolved, child.lineno, in_function))
            visit(child, inner)

    visit(tree, False)
    return found


IMPORTS = [imp for module, path in MODULES.items()
           for imp in _imports_of(module, path.read_text(encoding="utf-8"),
                                  path.name == "__init__.py")]


def _cycles(edges: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[tuple[str, ...]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(tuple(sorted(component)))
    return sorted(out)


def _stale(kind: str, entries) -> None:
    if entries:
        warnings.warn(f"{kind}: allow-list entries that no longer occur, delete them from "
                      f"tests/test_layout.py: {sorted(entries)}", stacklevel=2)


# --------------------------------------------------------------------------- (a) cycles
@pytest.mark.parametrize("source, expected", [
    ("import grammar.ast", [("grammar.ast", False)]),
    ("from grammar import ast as A", [("grammar.ast", False)]),
    ("from grammar import parse", [("grammar", False)]),
    ("from grammar.ast import Attack, Span", [("grammar.ast", False), ("grammar.ast", False)]),
    ("from . import scenario", [("judge.scenario", False)]),
    ("from .legality.rules import CardIndex", [("judge.legality.rules", False)]),
    ("import json\nimport click", []),
    ("def f():\n    from carddb.store import open_db\n", [("carddb.store", True)]),
    ("class C:\n    def m(self):\n        if x:\n            import rulings.lookup\n",
     [("rulings.lookup", True)]),
    ("try:\n    from judge import engine\nexcept ImportError:\n    pass\n",
     [("judge.engine", False)]),
])
def test_import_reader(source, expected):
    """The reader this file relies on, on a module judge/example.py."""
    got = [(i.imported, i.in_function) for i in _imports_of("judge.example", source)]
    assert got == expected


@pytest.mark.parametrize("edges, cycles", [
    ({"a": {"b"}, "b": {"c"}}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [("a", "b", "c")]),
    ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}, [("a", "b"), ("c", "d")]),
    ({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}, []),          # a diamond
])
def test_cycle_finder(edges, cycles):
    assert _cycles(edges) == cycles


def test_import_graph_has_no_cycles():
    edges: dict[str, set[str]] = {}
    for imp in IMPORTS:
        edges.setdefault(imp.importer, set()).add(imp.imported)
    cycles = _cycles(edges)
    assert [c for c in cycles if c not in ALLOWED_CYCLES] == []
    _stale("ALLOWED_CYCLES", set(ALLOWED_CYCLES) - set(cycles))


# --------------------------------------------------------------------------- (b) layers
def _is_cli(module: str) -> bool:
    return module.rsplit(".", 1)[-1] in ("cli", "__main__")


def _layer_break(imp: Import) -> str | None:
    src, dst = imp.importer, imp.imported
    src_pkg, dst_pkg = src.split(".")[0], dst.split(".")[0]
    if src in ("berserk.cli", "berserk.__main__"):
        return None                                     # the root group registers everything
    if _is_cli(dst):
        return "only the root group imports a cli module"
    if _is_cli(src):
        return None                                     # a package's commands use any library
    if src_pkg == "berserk" and dst_pkg != "berserk":
        return "berserk's base modules import none of the packages"
    if src_pkg == "grammar" and dst_pkg in ("carddb", "rulings", "judge"):
        return "grammar's library knows nothing of carddb/rulings/judge"
    if src_pkg in ("carddb", "rulings") and dst_pkg == "judge":
        return "carddb and rulings know nothing of judge"
    return None


def test_layers():
    breaks = {(i.importer, i.imported): why for i in IMPORTS if (why := _layer_break(i))}
    assert {k: v for k, v in breaks.items() if k not in ALLOWED_LAYER_BREAKS} == {}
    _stale("ALLOWED_LAYER_BREAKS", set(ALLOWED_LAYER_BREAKS) - set(breaks))


# --------------------------------------------------------------------------- (c) lazy imports
def test_no_function_level_imports_of_project_modules():
    found: dict[str, set[str]] = {}
    for imp in IMPORTS:
        if imp.in_function:
            found.setdefault(imp.importer, set()).add(imp.imported)
    new = {f"{src} → {dst}" for src, dsts in found.items() for dst in dsts
           if dst not in ALLOWED_FUNCTION_IMPORTS.get(src, {})}
    assert sorted(new) == []
    _stale("ALLOWED_FUNCTION_IMPORTS",
           {f"{src} → {dst}" for src, dsts in ALLOWED_FUNCTION_IMPORTS.items() for dst in dsts
            if dst not in found.get(src, set())})


# --------------------------------------------------------------------------- (d) size
def test_modules_at_most_700_lines():
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in MODULES.values()}
    long = {rel: n for rel, n in sizes.items() if n > MAX_LINES}
    assert {rel: n for rel, n in long.items() if rel not in ALLOWED_LONG_MODULES} == {}
    _stale("ALLOWED_LONG_MODULES", set(ALLOWED_LONG_MODULES) - set(long))
