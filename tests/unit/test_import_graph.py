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
    frozenset({"llm", "auth", "ops", "archive"}),
    frozenset({"tools"}),
    frozenset({"mcp_servers"}),  # a tool source: it plugs its tool kind into the tools' slot
    frozenset({"agents"}),
    frozenset({"events"}),
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
        "wakeful.threads.repository -> wakeful.threads.service: a data module imports only the bottom and data modules",
        "wakeful.threads.service -> wakeful.api.common: a service never imports the API",
        "wakeful.threads.service -> wakeful.schedules.runs: threads does not call up (or across) into schedules",
        "wakeful.tools.registry -> wakeful.agents.service: tools does not call up (or across) into agents",
    ]
