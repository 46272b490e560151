"""The layer's import graph points one way: no cycle of more than two modules, the
shared bottom imports nothing above it, and the layers above it keep their order (data
modules, then the capabilities' services in the order of :data:`CAPABILITIES`, then the
API, the extensions and the entry points).

Every import counts, lazy ones (inside a function) included: a lazy import is still a
dependency, only a later one. See docs/architecture.md, "Layers"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

LAYERS = Path(__file__).resolve().parents[2] / "layers"
PACKAGE = "wakeful"

#: The shared bottom: helpers every capability uses, and the registries whose slots the
#: entry points fill (``capabilities``, with ``tables`` and ``presets`` reading it; see
#: ``wakeful.assembly``). They import only each other.
BOTTOM = {
    "aio",
    "aws",
    "backoff",
    "capabilities",
    "clock",
    "config",
    "constants",
    "ddb",
    "dryrun",
    "exceptions",
    "ids",
    "inputs",
    "invocation",
    "items",
    "limits",
    "listening",
    "net",
    "observability",
    "outbound",
    "pagination",
    "presets",
    "proxy",
    "queues",
    "retention",
    "slots",
    "secrets",
    "signing",
    "sqs_batch",
    "storable",
    "structs",
    "targets",
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


def kit_violations(edges: dict[str, set[str]]) -> list[str]:
    """The HTTP kit's imports of anything but the bottom and itself."""
    return sorted(
        f"{name} -> {target}"
        for name, targets in edges.items()
        if name.removeprefix(f"{PACKAGE}.").split(".")[0] == "apikit"
        for target in targets
        if target.removeprefix(f"{PACKAGE}.").split(".")[0] not in {*BOTTOM, "apikit"}
    )


def test_the_http_kit_imports_only_the_bottom() -> None:
    found = kit_violations(graph())
    assert not found, "the HTTP kit imports from above the bottom:\n" + "\n".join(found)


def test_the_kit_check_names_an_import_above_the_bottom() -> None:
    edges = {
        "wakeful.apikit.routing": {"wakeful.apikit.schemas", "wakeful.config"},
        "wakeful.apikit.resolver": {"wakeful.auth.keys", "wakeful.exceptions"},
        "wakeful.agents.routes": {"wakeful.apikit.routing", "wakeful.agents.service"},
    }
    assert kit_violations(edges) == ["wakeful.apikit.resolver -> wakeful.auth.keys"]


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


#: A capability's data modules: its records and repositories, request bodies, API
#: models, errors and response models.
DATA = re.compile(r"^(records|repository|\w+_repository|inputs|models|exceptions|responses)$")
#: The capabilities' services, bottom first: a service module imports the services of
#: capabilities on lower rows only (the heartbeats are above the threads and the
#: schedules because their scan finds those capabilities' due work; the capabilities
#: above plug theirs into the scan's slot).
CAPABILITIES: tuple[frozenset[str], ...] = (
    frozenset({"auth", "archive"}),  # they call no other capability
    frozenset({"agents"}),
    frozenset({"llm"}),  # the model providers; its routes read the agent they set up
    frozenset({"events"}),
    frozenset({"tools"}),
    frozenset({"mcp_servers"}),  # a tool source: it plugs its tool kind into the tools' slot
    frozenset({"ingest", "subscriptions", "hooks", "interceptors", "stream"}),
    frozenset({"actions", "webhooks"}),
    frozenset({"threads"}),
    frozenset({"schedules"}),
    frozenset({"flow"}),  # fewer model runs: coalescing (threads' router), probes (schedules' gates)
    frozenset({"channels"}),
    frozenset({"heartbeats"}),
    frozenset({"memory"}),
    frozenset({"spend"}),  # the spend guard: above everything whose model calls it prices
    frozenset({"lab"}),  # replays what all of the above do, as dry runs
    frozenset({"ops"}),  # operations: reads what is stuck or failed anywhere
)
#: The HTTP API: its package (the composition root), the HTTP kit the routes are written
#: with, the console's and Wakeful's MCP server's (the API's tools in MCP form); routes of
#: every capability are its too. The kit imports only the bottom (checked above).
API = frozenset({"api", "apikit", "console", "mcp_endpoint"})
#: Outside the core: only the entry points import them.
EXTENSIONS = frozenset({"snipin", "homelab"})
#: The entry points of the layer itself (the handlers, wakeful dev and infra are outside it).
ENTRY_POINTS = frozenset({"assembly", "api.app"})


def layer_of(module: str, edges: dict[str, set[str]]) -> str:
    """``bottom``, ``leaf`` (a module that imports only the bottom), ``data``,
    ``service``, ``api``, ``extension`` or ``entry``."""
    name = module.removeprefix(f"{PACKAGE}.")
    parts = name.split(".")
    if name in ENTRY_POINTS:
        return "entry"
    if parts[0] in BOTTOM:
        return "bottom"
    if parts[0] in EXTENSIONS:
        return "extension"
    if DATA.match(parts[-1]) and len(parts) > 1:
        return "data"  # the API's too: its response models' base (api.responses)
    if parts[0] in API or parts[-1] == "routes":
        return "api"
    if all(layer_of_bottom(target) for target in edges.get(module, ())):
        return "leaf"
    return "service"


def layer_of_bottom(module: str) -> bool:
    return module.removeprefix(f"{PACKAGE}.").split(".")[0] in BOTTOM


def capability_rank(module: str) -> int:
    package = module.removeprefix(f"{PACKAGE}.").split(".")[0]
    return next(rank for rank, row in enumerate(CAPABILITIES) if package in row)


def layering_violations(edges: dict[str, set[str]]) -> list[str]:
    """Every import that goes against the stated layers."""
    found = []
    for module, targets in sorted(edges.items()):
        layer = layer_of(module, edges)
        for target in sorted(targets):
            below = layer_of(target, edges)
            if below == "entry" and layer != "entry":
                found.append(f"{module} -> {target}: only entry points import the assembly")
            elif below == "extension" and layer not in ("extension", "entry"):
                found.append(f"{module} -> {target}: the core never imports an extension")
            elif layer == "data" and below not in ("bottom", "leaf", "data"):
                found.append(f"{module} -> {target}: a data module imports only the bottom and data modules")
            elif layer in ("service", "leaf") and below == "api":
                found.append(f"{module} -> {target}: a service never imports the API")
            elif layer in ("service", "leaf") and below in ("service", "leaf"):
                mine, theirs = module.split(".")[1], target.split(".")[1]
                if mine != theirs and capability_rank(target) >= capability_rank(module):
                    found.append(f"{module} -> {target}: {mine} does not call up (or across) into {theirs}")
    return found


def test_every_capability_is_in_the_stated_order():
    packages = {name.split(".")[1] for name in modules() if name.count(".") >= 2}
    ordered = set().union(*CAPABILITIES)
    assert packages - ordered - API - EXTENSIONS == set(), "add the new package to CAPABILITIES (docs/architecture.md, Layers)"
    assert ordered - packages == set()


def test_imports_keep_the_stated_layers():
    found = layering_violations(graph())
    assert not found, "imports against the layers of docs/architecture.md:\n" + "\n".join(found)


def test_the_layering_check_names_what_goes_against_the_layers():
    edges = {
        "wakeful.clock": set(),
        "wakeful.assembly": {"wakeful.snipin.manifest", "wakeful.schedules.listener"},
        "wakeful.snipin.manifest": {"wakeful.tools.registry"},
        "wakeful.threads.records": {"wakeful.clock", "wakeful.agents.records"},
        "wakeful.agents.records": {"wakeful.threads.records"},
        "wakeful.threads.repository": {"wakeful.threads.records", "wakeful.threads.service"},
        "wakeful.threads.service": {"wakeful.schedules.runs", "wakeful.agents.service", "wakeful.api.common"},
        "wakeful.threads.routes": {"wakeful.threads.service", "wakeful.api.common"},
        "wakeful.schedules.runs": {"wakeful.threads.service", "wakeful.threads.records"},
        "wakeful.schedules.listener": {"wakeful.threads.listeners"},
        "wakeful.threads.listeners": set(),
        "wakeful.agents.service": {"wakeful.tools.registry", "wakeful.snipin.manifest"},
        "wakeful.tools.registry": {"wakeful.agents.service"},
        "wakeful.api.common": set(),
    }
    assert layering_violations(edges) == [
        "wakeful.agents.service -> wakeful.snipin.manifest: the core never imports an extension",
        "wakeful.agents.service -> wakeful.tools.registry: agents does not call up (or across) into tools",
        "wakeful.threads.repository -> wakeful.threads.service: a data module imports only the bottom and data modules",
        "wakeful.threads.service -> wakeful.api.common: a service never imports the API",
        "wakeful.threads.service -> wakeful.schedules.runs: threads does not call up (or across) into schedules",
    ]


# -- the package order: folder-level imports ------------------------------------------
#: The composition root: it imports every capability to compose them (the API's
#: package and the assembly), so a cycle through it is not a cycle of the capabilities.
COMPOSITION_ROOT = frozenset({"api", "assembly"})
#: The folder-level imports that still point up the package order, each with why
#: (none: a capability below reaches one above through a slot it owns).
KNOWN_UPWARD: frozenset[tuple[str, str]] = frozenset()
#: At most this many (lower it to the measured count whenever it drops).
MAX_UPWARD = len(KNOWN_UPWARD)


def runtime_imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """:func:`imports`, less those under ``if TYPE_CHECKING:`` (a type-only import loads
    nothing: it ties no package to another at run time)."""
    tree = ast.parse(path.read_text())
    typing_only = {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and "TYPE_CHECKING" in ast.unparse(branch.test)
        for statement in branch.body
        for node in ast.walk(statement)
    }
    kept = ast.Module(body=[node for node in _statements(tree) if id(node) not in typing_only], type_ignores=[])
    return _imports_of(name, path, kept, known)


def _statements(tree: ast.AST) -> list[ast.stmt]:
    return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


def _imports_of(name: str, path: Path, tree: ast.Module, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            assert isinstance(node, ast.ImportFrom)
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" for alias in node.names]
        for target in targets:
            module = _target(target, known)
            if module is not None and module != name and module != PACKAGE:
                found.add(module)
    return found


def package_of(module: str) -> str | None:
    """The package (folder) a module is in, or None for the bottom's modules and the kit."""
    parts = module.removeprefix(f"{PACKAGE}.").split(".")
    if len(parts) < 2 or parts[0] in BOTTOM or parts[0] == "apikit":
        return None
    return parts[0]


def package_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Package -> the other packages its modules import (any module: routes too)."""
    found: dict[str, set[str]] = {}
    for module, targets in edges.items():
        mine = package_of(module)
        if mine is None:
            continue
        found.setdefault(mine, set()).update(theirs for theirs in map(package_of, targets) if theirs not in (None, mine))
    return found


def package_rank(package: str) -> int:
    """Its row in the package order: the capabilities bottom first, then the API, the
    extensions, and the composition root on top."""
    if package in COMPOSITION_ROOT:
        return len(CAPABILITIES) + 2
    if package in EXTENSIONS:
        return len(CAPABILITIES) + 1
    if package in API:
        return len(CAPABILITIES)
    return capability_rank(f"{PACKAGE}.{package}")


def upward(packages: dict[str, set[str]]) -> list[str]:
    """Every folder-level import that points up the package order."""
    return [f"{mine} -> {theirs}" for mine, targets in sorted(packages.items()) for theirs in sorted(targets) if package_rank(theirs) > package_rank(mine)]


def runtime_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: runtime_imports(name, path, known) for name, path in known.items()}


def test_few_folder_level_imports_point_up_the_package_order() -> None:
    found = upward(package_graph(runtime_graph()))
    assert len(found) <= MAX_UPWARD, f"{len(found)} folder-level imports point up the package order (at most {MAX_UPWARD}):\n" + "\n".join(found)


def test_no_package_level_cycle_but_through_the_composition_root() -> None:
    packages = {mine: targets - COMPOSITION_ROOT for mine, targets in package_graph(runtime_graph()).items() if mine not in COMPOSITION_ROOT}
    for mine, theirs in KNOWN_UPWARD:
        packages.get(mine, set()).discard(theirs)
    assert cycles(packages) == [], "package-level import cycles (docs/architecture.md, Layers)"


def test_every_upward_import_left_is_a_known_one() -> None:
    found = {tuple(pair.split(" -> ")) for pair in upward(package_graph(runtime_graph()))}
    assert found <= KNOWN_UPWARD, f"new folder-level imports up the package order: {sorted(found - KNOWN_UPWARD)}"


def test_the_package_rules_recognise_what_they_forbid(tmp_path: Path) -> None:
    edges = {
        "wakeful.threads.runner": {"wakeful.schedules.runs", "wakeful.clock", "wakeful.api.app"},
        "wakeful.schedules.runs": {"wakeful.threads.service"},
        "wakeful.agents.service": {"wakeful.heartbeats.repository"},
        "wakeful.api.app": {"wakeful.agents.routes"},
        "wakeful.agents.routes": {"wakeful.apikit.routing", "wakeful.api.app"},
    }
    packages = package_graph(edges)
    assert packages == {"threads": {"schedules", "api"}, "schedules": {"threads"}, "agents": {"heartbeats", "api"}, "api": {"agents"}}
    assert upward(packages) == ["agents -> api", "agents -> heartbeats", "threads -> api", "threads -> schedules"]
    without_root = {mine: targets - COMPOSITION_ROOT for mine, targets in packages.items() if mine not in COMPOSITION_ROOT}
    assert cycles(without_root) == [["schedules", "threads"]]  # the one through the API is not reported
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from wakeful.threads import records\nfrom wakeful.agents import records as a\n")
    known = {"wakeful.m": module, "wakeful.threads.records": module, "wakeful.agents.records": module}
    assert runtime_imports("wakeful.m", module, known) == {"wakeful.agents.records"}
