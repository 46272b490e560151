"""The document declares 409 on exactly the operations whose code can raise a conflict,
and every other client error (4xx) a route's code can raise on its operation.

The errors are found from the code, not listed by hand: every function of the
``wakeful`` package is read (``ast``), its calls resolved through its imports, and an
operation can answer a status when its route function reaches a call of a
``WakefulError`` subclass of that status (a raise, or a helper that builds one). A may-analysis: it follows every call
it can name and ignores ``except`` clauses, so it errs towards declaring.
"""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from wakeful.api.app import app
from wakeful.exceptions import WakefulError
from wakeful.api import openapi

LAYER = Path(__file__).resolve().parents[2] / "layers"
ROUTE_METHODS = {"get", "post", "put", "patch", "delete"}


@dataclass
class Code:
    """The package's functions, classes and imports, by qualified name."""

    imports: dict[str, dict[str, str]] = field(default_factory=dict)
    functions: dict[str, tuple[str, ast.AST]] = field(default_factory=dict)  # name -> (module, node)
    bases: dict[str, list[str]] = field(default_factory=dict)
    routes: list[tuple[str, str, str]] = field(default_factory=list)  # method, path, function


def _module_name(file: Path) -> str:
    return ".".join(file.relative_to(LAYER).with_suffix("").parts).removesuffix(".__init__")


def _imports(tree: ast.Module, module: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(module.split(".")[: -node.level] + ([base] if base else []))
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
    return names


def _route(decorator: ast.expr) -> tuple[str, str] | None:
    if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)):
        return None
    if decorator.func.attr not in ROUTE_METHODS or not decorator.args or not isinstance(decorator.args[0], ast.Constant):
        return None
    return decorator.func.attr, re.sub(r"<([^>]+)>", r"{\1}", str(decorator.args[0].value))


@lru_cache(maxsize=1)
def code() -> Code:
    found = Code()
    for file in sorted((LAYER / "wakeful").rglob("*.py")):
        module = _module_name(file)
        tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
        found.imports[module] = _imports(tree, module)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.functions[f"{module}.{node.name}"] = (module, node)
                for decorator in node.decorator_list:
                    route = _route(decorator)
                    if route:
                        found.routes.append((*route, f"{module}.{node.name}"))
            elif isinstance(node, ast.ClassDef):
                found.bases[f"{module}.{node.name}"] = [b for b in (_name(found, module, base) for base in node.bases) if b]
                for member in node.body:
                    if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        found.functions[f"{module}.{node.name}.{member.name}"] = (module, member)
    return found


def _name(found: Code, module: str, expr: ast.expr) -> str | None:
    """The qualified name ``expr`` stands for in ``module`` (imports followed)."""
    if isinstance(expr, ast.Name):
        name = found.imports.get(module, {}).get(expr.id, f"{module}.{expr.id}")
    elif isinstance(expr, ast.Attribute):
        inner = _name(found, module, expr.value)
        if inner is None:
            return None
        name = f"{inner}.{expr.attr}"
    else:
        return None
    for _ in range(5):  # a re-export: ``from x import y`` in the module named
        owner, _, attr = name.rpartition(".")
        if name in found.functions or name in found.bases or attr not in found.imports.get(owner, {}):
            break
        name = found.imports[owner][attr]
    return name


def error_class(name: str) -> type[WakefulError] | None:
    """The Wakeful error class ``name`` stands for, or None (not an error class)."""
    module, _, attr = name.rpartition(".")
    try:
        found = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None
    return found if isinstance(found, type) and issubclass(found, WakefulError) else None


def errors_reached(found: Code, function: str, seen: set[str] | None = None) -> set[type[WakefulError]]:
    """The Wakeful errors ``function`` can raise, through every call it can name."""
    seen = set() if seen is None else seen
    if function in seen or function not in found.functions:
        return set()
    seen.add(function)
    module, node = found.functions[function]
    reached: set[type[WakefulError]] = set()
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        target = _name(found, module, call.func)
        if target is None:
            continue
        if target in found.bases:
            error = error_class(target)
            if error is not None:
                reached.add(error)
        else:
            reached |= errors_reached(found, target, seen)
    return reached


def derived(status: int | None = None) -> dict[tuple[str, str], set[str]]:
    """Operation -> the names of the errors its route can raise (of ``status``, or any 4xx)."""
    found = code()
    answers = {}
    for method, path, function in found.routes:
        reached = {e for e in errors_reached(found, function) if (e.status == status if status else 400 <= e.status < 500)}
        if reached:
            answers[method, path] = {e.__name__ for e in reached}
    return answers


def declared(status: str) -> set[tuple[str, str]]:
    doc = openapi.document(app)
    return {(method, path) for path, ops in doc["paths"].items() for method, op in ops.items() if status in op["responses"]}


def test_the_analysis_finds_the_conflicts_it_must_see() -> None:
    found = derived(409)
    assert found[("post", "/agents")] == {"AgentAliasTakenError"}
    assert "ThreadStateError" in found[("post", "/agents/{agent_id}/threads/{thread_id}/approvals/{tool_call_id}")]
    assert "EventIdempotencyConflictError" in found[("post", "/agents/{agent_id}/events")]
    assert ("get", "/agents") not in found


def test_every_operation_whose_code_can_raise_a_conflict_declares_409_and_no_other_does() -> None:
    found, said = derived(409), declared("409")
    missing = {op: sorted(found[op]) for op in set(found) - said}
    assert missing == {}, f"these operations can answer 409 but do not declare it: {missing}"
    assert said - set(found) == set(), "these declare 409 but no conflict is reachable from their route"


def test_every_client_error_a_routes_code_can_raise_is_declared_on_its_operation() -> None:
    doc = openapi.document(app)
    found = code()
    missing = []
    for method, path, function in found.routes:
        operation = doc["paths"].get(path, {}).get(method)
        if operation is None:
            continue  # a hidden route (the console's files, /docs)
        for error in errors_reached(found, function):
            if 400 <= error.status < 500 and str(error.status) not in operation["responses"]:
                missing.append(f"{method.upper()} {path}: {error.status} ({error.__name__})")
    assert sorted(set(missing)) == []


def test_every_declared_409_answers_the_error_shape_and_says_when() -> None:
    doc = openapi.document(app)
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if "409" in op["responses"]:
                answer = op["responses"]["409"]
                assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
                assert answer["description"].startswith("Conflict: "), (method, path)


def test_every_operation_whose_method_may_carry_a_body_declares_what_the_body_screen_answers() -> None:
    from wakeful.apikit import screen
    from wakeful.channels.platforms import inbound_operations

    assert openapi.BODY_METHODS == screen.BODY_METHODS
    doc = openapi.document(app)
    # Served by other functions, each with its own first look at the body.
    elsewhere = {"/webhooks/{webhook_id}", *inbound_operations()}
    missing = [
        f"{method.upper()} {path}: {status}"
        for path, ops in doc["paths"].items()
        for method, op in ops.items()
        if method.upper() in screen.BODY_METHODS and path not in elsewhere
        for status in ("400", "413", "415")
        if status not in op["responses"]
    ]
    assert missing == []
