"""The code's shape that keeps it easy to change: DynamoDB behind repository modules,
short functions, a test module named after every package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYER = ROOT / "layers" / "wakeful"
#: What only a repository module may say: the raw client and its error decoding.
RAW_DYNAMODB = re.compile(r"\bddb\.client\(\)|\bClientError\b|\bis_conditional_failure\b|\bcancellation_codes\b")
MAX_LINES = 60
#: A longer function says why in a comment starting with this.
LONG_MARK = "# long:"


def is_repository(path: Path) -> bool:
    return path.name == "repository.py" or path.name.endswith("_repository.py") or path == LAYER / "ddb.py"


def sources() -> list[Path]:
    return sorted(p for p in LAYER.rglob("*.py") if "__pycache__" not in p.parts)


def test_only_repository_modules_touch_the_dynamodb_client_and_its_errors():
    offenders = []
    for path in sources():
        if is_repository(path):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if RAW_DYNAMODB.search(line.split("#", 1)[0]):
                offenders.append(f"{path.relative_to(LAYER)}:{number}: {line.strip()}")
    assert not offenders, "DynamoDB client or error decoding outside a repository module:\n" + "\n".join(offenders)


def test_the_check_recognises_what_it_forbids():
    assert RAW_DYNAMODB.search("response = ddb.client().query(**args)")
    assert RAW_DYNAMODB.search("except ClientError as error:")
    assert not RAW_DYNAMODB.search("rows = repository.query(agent_id)")
    assert is_repository(LAYER / "heartbeats" / "repository.py")
    assert is_repository(LAYER / "threads" / "routing_repository.py")
    assert not is_repository(LAYER / "heartbeats" / "orchestrator.py")


def long_functions(path: Path) -> list[str]:
    text = path.read_text()
    lines = text.splitlines()
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1  # type: ignore[operator]
            body = lines[node.lineno - 1 : node.end_lineno]
            if length > MAX_LINES and not any(line.strip().startswith(LONG_MARK) for line in body):
                found.append(f"{path.relative_to(LAYER)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_in_the_layer_is_over_60_lines_without_saying_why():
    offenders = [entry for path in sources() for entry in long_functions(path)]
    assert not offenders, f"functions over {MAX_LINES} lines without a '{LONG_MARK} ...' comment:\n" + "\n".join(offenders)


def packages() -> list[str]:
    return sorted(p.parent.name for p in LAYER.glob("*/__init__.py"))


def untested(names: list[str]) -> list[str]:
    """The packages with no test module named after them (``tests/<kind>/test_<package>*.py``)."""
    tests = ROOT / "tests"
    return [name for name in names if not any(tests.glob(f"*/test_{name}*.py"))]


def test_every_package_has_a_test_module_named_after_it():
    assert untested(packages()) == []


def test_the_mirror_check_names_a_package_without_tests():
    assert untested(["no_such_package_here"]) == ["no_such_package_here"]
