"""The layer's import graph points one way: no cycle of more than two modules, and the
shared bottom imports nothing above it.

Every import counts, lazy ones (inside a function) included: a lazy import is still a
dependency, only a later one. See docs/architecture.md, "Layers"."""

from __future__ import annotations

import ast
from pathlib import Path

LAYERS = Path(__file__).resolve().parents[2] / "layers"
PACKAGE = "wakeful"

#: The shared bottom: helpers every capability uses, and the registries whose slots the
#: entry points fill (``extensions``, with ``tables`` and ``presets`` reading it; see
#: ``wakeful.assembly``). They import only each other.
BOTTOM = {
    "aws",
    "backoff",
    "clock",
    "config",
    "constants",
    "ddb",
    "exceptions",
    "extensions",
    "ids",
    "invocation",
    "items",
    "net",
    "observability",
    "pagination",
    "presets",
    "queues",
    "retention",
    "secrets",
    "signing",
    "sqs_batch",
    "storable",
    "tables",
    "tablespec",
}


def modules(root: Path = LAYERS) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in (root / PACKAGE).rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _target(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            module = _target(target, known)
            if module is not None and module != name and module != PACKAGE:
                found.add(module)
    return found


def graph(root: Path = LAYERS) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
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
                    found.append(sorted(component))
    return found


def test_no_import_cycle_of_more_than_two_modules() -> None:
    large = [component for component in cycles(graph()) if len(component) > 2]
    assert not large, "import cycles of more than two modules:\n" + "\n".join(", ".join(c) for c in large)


def test_the_shared_bottom_imports_nothing_above_it() -> None:
    edges = graph()
    upward = {
        f"{name} -> {target}"
        for name, targets in edges.items()
        if name.removeprefix(f"{PACKAGE}.") in BOTTOM
        for target in targets
        if target.removeprefix(f"{PACKAGE}.") not in BOTTOM
    }
    assert not upward, "the bottom imports from above it:\n" + "\n".join(sorted(upward))


def test_the_cycle_check_finds_a_lazy_three_module_cycle(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from wakeful import b\n")
    (package / "b.py").write_text("def f():\n    from wakeful.c import x\n")
    (package / "c.py").write_text("import wakeful.a\n")
    (package / "d.py").write_text("from . import e\n")
    (package / "e.py").write_text("from .d import y\n")
    assert cycles(graph(tmp_path)) == [["wakeful.a", "wakeful.b", "wakeful.c"], ["wakeful.d", "wakeful.e"]]
