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


#: Modules that decode botocore errors of services other than DynamoDB (the Bedrock
#: model provider maps Converse's errors into provider errors).
OTHER_SERVICES = {LAYER / "llm" / "providers" / "bedrock_provider.py"}


def test_only_repository_modules_touch_the_dynamodb_client_and_its_errors():
    offenders = []
    for path in sources():
        if is_repository(path) or path in OTHER_SERVICES:
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


#: A transaction is run, and its cancellation decoded, in one place: ``ddb.transact``.
TRANSACT_WRITE = re.compile(r"\btransact_write_items\b")


def raw_transactions(source: str, path: Path) -> list[int]:
    """The lines (comments aside) of a module other than ``ddb.py`` that call
    TransactWriteItems themselves."""
    if path == LAYER / "ddb.py":
        return []
    return [number for number, line in enumerate(source.splitlines(), 1) if TRANSACT_WRITE.search(line.split("#", 1)[0])]


def test_a_transaction_is_written_only_through_the_one_helper():
    offenders = [f"{path.relative_to(LAYER)}:{number}" for path in sources() for number in raw_transactions(path.read_text(), path)]
    assert not offenders, "TransactWriteItems outside ddb.transact (use it, then decode its codes):\n" + "\n".join(offenders)


def test_the_transaction_check_recognises_what_it_forbids():
    call = "    ddb.client().transact_write_items(TransactItems=parts)"
    assert raw_transactions(call, LAYER / "agents" / "repository.py") == [1]
    assert raw_transactions(call, LAYER / "ddb.py") == []
    assert raw_transactions("codes = ddb.transact(parts)  # not transact_write_items", LAYER / "agents" / "repository.py") == []


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


#: The agents table read around its repository: a ``wakeful.ddb`` read naming the table.
AGENTS_TABLE_READ = re.compile(r"""\bddb\.\w+\(\s*["']agents["']""")
#: The receiver of a ``.to_item()`` call (``agent.to_item()``, ``agents.get(o, a).to_item()``).
TO_ITEM = re.compile(r"([\w.]+(?:\([^()]*\))?)\.to_item\(\)")
#: An agent record built from an item that someone read straight from the table.
AGENT_FROM_ITEM = re.compile(r"\bAgent\.from_item\(")


def agent_item_uses(line: str) -> list[str]:
    """What on ``line`` handles the agent as an item instead of as its record."""
    code = line.split("#", 1)[0]
    found = [m.group(0) for m in AGENTS_TABLE_READ.finditer(code)] + [m.group(0) for m in AGENT_FROM_ITEM.finditer(code)]
    return found + [m.group(0) for m in TO_ITEM.finditer(code) if "agent" in m.group(1).lower()]


def test_only_the_agents_package_reads_the_agent_item_everyone_else_gets_an_agent_record():
    own = LAYER / "agents"
    paths = [p for p in sources() if own not in p.parents]
    paths += sorted((ROOT / "functions").rglob("*.py")) + sorted((ROOT / "dev").rglob("*.py"))
    offenders = []
    for path in paths:
        if "__pycache__" in path.parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if agent_item_uses(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "the agent read or passed on as an item outside wakeful.agents:\n" + "\n".join(offenders)


def test_the_agent_item_check_recognises_what_it_forbids():
    assert agent_item_uses('    agent = ddb.get("agents", {"agent_id": agent_id})')
    assert agent_item_uses("    items = ddb.query('agents', IndexName='by-owner')")
    assert agent_item_uses("    agent = agents.get(owner, agent_id).to_item()")
    assert agent_item_uses("    fire(agent.to_item(), event)")
    assert agent_item_uses("    context = Agent.from_item(item).agent_context()")
    assert not agent_item_uses("    agent = agents_repository.get(agent_id)")
    assert not agent_item_uses("    fresh = definition.to_item()")
    assert not agent_item_uses('    row = ddb.get("agents_archive", {"agent_id": agent_id})')
    assert not agent_item_uses("    x = 1  # agent.to_item() would be wrong here")


#: A parameter that holds a thread, wherever it is in the layer.
THREAD_PARAM = re.compile(r"^(thread|threads|\w+_thread)$")
#: What such a parameter is annotated with: the thread record (or its index records).
THREAD_TYPE = re.compile(r"\b(Thread|ThreadKey|WaitingThread)\b")
#: Names that hold a thread in the threads package (elsewhere ``current`` or ``fresh``
#: may hold a schedule's item, which is still a dict).
THREAD_NAMES = frozenset({"thread", "threads", "fresh", "current", "existing", "parked", "woken", "ended"})


def _params(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[ast.arg]:
    args = node.args
    return [*args.posonlyargs, *args.args, *args.kwonlyargs, *([args.vararg] if args.vararg else []), *([args.kwarg] if args.kwarg else [])]


def _item_read(node: ast.AST, names: frozenset[str]) -> str | None:
    """``thread["status"]`` or ``thread.get("status")`` on one of ``names``: a thread read as an item."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in names:
        if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            return ast.unparse(node)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        owner = node.func.value
        if isinstance(owner, ast.Name) and owner.id in names and node.args and isinstance(node.args[0], ast.Constant):
            return ast.unparse(node)
    return None


def thread_dict_uses(source: str, *, in_threads: bool) -> list[str]:
    """Where ``source`` takes a thread as a dict: a thread parameter that is not annotated
    as the record, or a thread read by key (in the threads package, under any of the
    names a thread goes by there)."""
    found = []
    names = THREAD_NAMES if in_threads else frozenset({"thread", "threads"})
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for arg in _params(node):
                annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                if THREAD_PARAM.match(arg.arg) and not THREAD_TYPE.search(annotation):
                    name = getattr(node, "name", "lambda")
                    found.append(f"{node.lineno}: {name}({arg.arg}: {annotation or 'not annotated'})")
        read = _item_read(node, names)
        if read is not None:
            found.append(f"{getattr(node, 'lineno', '?')}: {read}")
    return found


def test_no_function_in_the_layer_takes_a_thread_as_a_dict():
    offenders = []
    for path in sources():
        in_threads = LAYER / "threads" in path.parents
        offenders += [f"{path.relative_to(LAYER)}:{use}" for use in thread_dict_uses(path.read_text(), in_threads=in_threads)]
    assert not offenders, "a thread passed or read as a dict instead of a threads.records.Thread:\n" + "\n".join(offenders)


def test_the_thread_dict_check_recognises_what_it_forbids():
    assert thread_dict_uses("def f(thread: dict[str, Any]) -> None: ...", in_threads=False)
    assert thread_dict_uses("def f(agent, parent_thread: Mapping[str, Any]): ...", in_threads=False)
    assert thread_dict_uses("def f(thread): ...", in_threads=False)
    assert thread_dict_uses("def f(*, threads: list[dict[str, Any]]): ...", in_threads=False)
    assert thread_dict_uses("status = thread['status']", in_threads=False)
    assert thread_dict_uses("status = current.get('status')", in_threads=True)
    assert thread_dict_uses("seq = fresh['step_key']", in_threads=True)
    assert not thread_dict_uses("def f(thread: Thread, key: ThreadKey) -> None: ...", in_threads=True)
    assert not thread_dict_uses("def f(thread: Thread | None, threads: list[WaitingThread]): ...", in_threads=True)
    assert not thread_dict_uses("due = current.get('due_at')", in_threads=False)  # a schedule's item, outside threads
    assert not thread_dict_uses("def f(thread_id: str): return item['thread_id']", in_threads=True)


def slot_calls(source: str) -> list[int]:
    """The lines of ``source`` that make a :class:`wakeful.listening.Slot`."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and ((isinstance(node.func, ast.Name) and node.func.id == "Slot") or (isinstance(node.func, ast.Attribute) and node.func.attr == "Slot"))
    ]


def test_a_slot_is_made_only_in_its_capabilitys_slots_module():
    offenders = [
        f"{path.relative_to(LAYER)}:{line}"
        for path in sources()
        if path.name != "slots.py"
        for line in slot_calls(path.read_text())
    ]
    assert not offenders, "a Slot made outside a slots.py (where a capability's slots live):\n" + "\n".join(offenders)


def test_the_slot_check_recognises_what_it_forbids():
    assert slot_calls('RUN_END: Slot[RunEndListener] = Slot("run-end listeners")') == [1]
    assert slot_calls('x = 1\nDUE = listening.Slot("due work")') == [2]
    assert slot_calls("class Slot(Generic[L]):\n    pass\n") == []
    assert slot_calls("for listener in RUN_END.installed(): pass") == []


#: What a manifest may import when it is imported (every handler imports every manifest
#: through the assembly): the registry's types, and the slots (agent fields, lifecycle)
#: of the capabilities it plugs into. The rest loads inside its small functions.
MANIFEST_IMPORTS = re.compile(
    r"^(__future__|typing|collections\.abc|wakeful\.(capabilities|tablespec|listening|slots)|wakeful\.\w+\.(slots|fields|lifecycle))$"
)


def _module_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when imported (not those for type checkers only)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
            found += [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
        elif isinstance(node, ast.Try):
            found += [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return found


def heavy_manifest_imports(source: str, package: str) -> list[str]:
    """What a manifest of ``package`` imports on import beyond what a manifest may."""
    found = []
    for node in _module_level_imports(ast.parse(source)):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        for name in names:
            if not (MANIFEST_IMPORTS.match(name) or name == f"wakeful.{package}.agent_fields"):
                found.append(name)
    return found


def manifests() -> list[Path]:
    return sorted(LAYER.glob("*/manifest.py"))


def test_a_manifest_imports_only_the_registry_and_the_slots_it_fills_when_imported():
    offenders = [
        f"{path.relative_to(LAYER)}: {name}" for path in manifests() for name in heavy_manifest_imports(path.read_text(), path.parent.name)
    ]
    assert not offenders, "a manifest importing more than it may on every cold start:\n" + "\n".join(offenders)


def test_the_manifest_import_check_recognises_what_it_forbids():
    assert heavy_manifest_imports("from wakeful.channels import relay", "channels") == ["wakeful.channels"]
    assert heavy_manifest_imports("import pydantic", "tools") == ["pydantic"]
    assert heavy_manifest_imports("try:\n    from wakeful.threads.runner import x\nexcept ImportError:\n    x = None", "a") == ["wakeful.threads.runner"]
    assert heavy_manifest_imports("from wakeful.heartbeats.agent_fields import FIELDS", "threads") == ["wakeful.heartbeats.agent_fields"]
    assert heavy_manifest_imports("from wakeful.threads.agent_fields import FIELDS", "threads") == []
    assert heavy_manifest_imports("from wakeful.threads.slots import RUN_END\nfrom wakeful.capabilities import Capability", "x") == []
    assert heavy_manifest_imports("if TYPE_CHECKING:\n    from wakeful.agents.records import Agent", "x") == []
    assert heavy_manifest_imports("def _relay():\n    from wakeful.channels import relay", "channels") == []


def imported_modules(source: str, package: str) -> set[str]:
    """Every module ``source`` (a module of ``package``) imports, anywhere in it, by
    dotted name (``from a import b`` counts as ``a.b`` too, as ``b`` may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def manifest_importers(modules: dict[str, str]) -> list[str]:
    """Of ``modules`` (dotted name -> source), those that import another package's
    manifest: only its own package and the assembly may (and the entry points, outside
    the layer)."""
    found = []
    for name, source in sorted(modules.items()):
        package = name.rpartition(".")[0] if not name.endswith("__init__") else name
        own = name.split(".")[1] if name.count(".") >= 1 else ""
        for target in sorted(imported_modules(source, package)):
            parts = target.split(".")
            if len(parts) == 3 and parts[0] == "wakeful" and parts[2] == "manifest" and parts[1] != own and name != "wakeful.assembly":
                found.append(f"{name} -> {target}")
    return found


def test_a_manifest_is_imported_only_by_its_own_package_and_the_assembly():
    modules = {".".join(path.relative_to(LAYER.parent).with_suffix("").parts): path.read_text() for path in sources()}
    offenders = manifest_importers(modules)
    assert not offenders, "a manifest is what the assembly reads, not another capability's API:\n" + "\n".join(offenders)


def test_the_manifest_importer_check_recognises_what_it_forbids():
    modules = {
        "wakeful.assembly": "from wakeful.channels import manifest as channels",
        "wakeful.schedules.runner": "from wakeful.schedules.manifest import SOURCE",
        "wakeful.threads.service": "def f():\n    from wakeful.schedules.manifest import SOURCE",
        "wakeful.channels.relay": "from wakeful.threads import manifest",
        "wakeful.channels.inbox": "from ..schedules import manifest",
    }
    assert manifest_importers(modules) == [
        "wakeful.channels.inbox -> wakeful.schedules.manifest",
        "wakeful.channels.relay -> wakeful.threads.manifest",
        "wakeful.threads.service -> wakeful.schedules.manifest",
    ]


# -- one file vocabulary: request bodies in inputs.py, constants and plain shapes in
# models.py, the environment in settings.py --

#: The bases of a request body (``wakeful.inputs``).
BODY_BASES = frozenset({"Body", "Patch"})


def bodies_outside_inputs(source: str, name: str) -> list[str]:
    """The request bodies (subclasses of ``Body`` or ``Patch``) a module called ``name``
    defines, unless it is an ``inputs.py``."""
    if name == "inputs.py":
        return []
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and any(ast.unparse(base).split(".")[-1] in BODY_BASES for base in node.bases)
    ]


def test_a_request_body_is_defined_only_in_an_inputs_module():
    offenders = [f"{path.relative_to(LAYER)}: {body}" for path in sources() for body in bodies_outside_inputs(path.read_text(), path.name)]
    assert not offenders, "a request body outside its capability's inputs.py:\n" + "\n".join(offenders)


def test_the_body_check_recognises_what_it_forbids():
    assert bodies_outside_inputs("class HeartbeatRequest(Body):\n    pass", "models.py") == ["HeartbeatRequest"]
    assert bodies_outside_inputs("class ToolSettingsPatch(inputs.Patch):\n    pass", "service.py") == ["ToolSettingsPatch"]
    assert bodies_outside_inputs("class ToolIn(Body):\n    pass", "inputs.py") == []
    assert bodies_outside_inputs("class Agent(View):\n    pass\nclass Thread(NamedTuple):\n    pass", "responses.py") == []


def models_module_problems(source: str) -> list[str]:
    """What makes a ``models.py`` more than constants and plain shapes: pydantic (or the
    bodies' base, ``wakeful.inputs``) imported when it is imported, or a module
    ``__getattr__`` handing out another module's names."""
    tree = ast.parse(source)
    found = []
    for node in _module_level_imports(tree):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        found += [f"imports {name}" for name in names if name.split(".")[0] == "pydantic" or name == "wakeful.inputs"]
    found += ["defines __getattr__" for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "__getattr__"]
    return found


def test_a_models_module_holds_no_pydantic_and_hands_out_no_other_modules_names():
    offenders = [
        f"{path.relative_to(LAYER)}: {problem}"
        for path in sources()
        if path.name == "models.py"
        for problem in models_module_problems(path.read_text())
    ]
    assert not offenders, "models.py is for constants and plain shapes (bodies go in inputs.py):\n" + "\n".join(offenders)


def test_the_models_check_recognises_what_it_forbids():
    assert models_module_problems("from pydantic import BaseModel") == ["imports pydantic"]
    assert models_module_problems("import pydantic.fields") == ["imports pydantic.fields"]
    assert models_module_problems("from wakeful.inputs import Body") == ["imports wakeful.inputs"]
    assert models_module_problems("def __getattr__(name):\n    from wakeful.agents import inputs\n") == ["defines __getattr__"]
    assert models_module_problems("if TYPE_CHECKING:\n    from pydantic import BaseModel\nimport re") == []
    assert models_module_problems("def _model():\n    from wakeful.events.inputs import NewEventIn\n") == []


def repository_imports(source: str, package: str) -> list[str]:
    """The repository modules ``source`` (a module of ``package``) imports anywhere."""
    return sorted(
        name
        for name in imported_modules(source, package)
        if name.rpartition(".")[2] == "repository" or name.endswith("_repository")
    )


def test_a_settings_module_reads_the_environment_and_no_table():
    offenders = [
        f"{path.relative_to(LAYER)}: {name}"
        for path in sources()
        if path.name == "settings.py"
        for name in repository_imports(path.read_text(), f"wakeful.{path.parent.name}")
    ]
    assert not offenders, "settings.py is the environment, parsed once (stored data has its own module):\n" + "\n".join(offenders)


def test_the_settings_check_recognises_what_it_forbids():
    assert repository_imports("from wakeful.tools import repository", "wakeful.tools") == ["wakeful.tools.repository"]
    assert repository_imports("def f():\n    from wakeful.llm.ledger_repository import get", "wakeful.llm") == ["wakeful.llm.ledger_repository"]
    assert repository_imports("from . import repository", "wakeful.tools") == ["wakeful.tools.repository"]
    assert repository_imports("import os\nfrom wakeful import config", "wakeful.stream") == []


#: The chat platforms' names: only their own modules (and the registry naming them, in
#: ``channels/platforms/``) write one; every other place asks the registry.
PLATFORM_NAMES = frozenset({"slack", "discord", "telegram", "email"})
PLATFORMS = LAYER / "channels" / "platforms"
#: Where else the code lives (the handlers, ``wakeful dev``, the stack, the benchmarks).
#: Not checked, and why: ``tests/`` (fixtures and fakes speak as the platforms do),
#: ``docs/`` and the README (prose), ``clients/`` (generated from the OpenAPI document,
#: which lists the kinds).
OUTSIDE_THE_LAYER = ("functions", "dev", "infra", "bench")


def platform_literals(source: str) -> list[int]:
    """The lines of ``source`` with a string that is exactly a platform's name (a
    docstring aside; a comment is no string)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PLATFORM_NAMES and id(node) not in docstrings
    ]


def test_no_chat_platform_is_named_outside_its_own_modules():
    code = [*sources(), *(p for folder in OUTSIDE_THE_LAYER for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)]
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in code
        if PLATFORMS not in path.parents
        for line in platform_literals(path.read_text())
    ]
    assert not offenders, "a chat platform's name written outside channels/platforms/ (ask wakeful.channels.platforms instead):\n" + "\n".join(offenders)


def test_the_platform_name_check_recognises_what_it_forbids():
    assert platform_literals('SOURCES = ("user", "slack")') == [1]
    assert platform_literals('x = 1\nif kind == "telegram":\n    pass') == [2]
    assert platform_literals('def f():\n    """Post to slack."""\n    return "email"') == [3]
    assert platform_literals('"""A module about discord."""\n# "slack"\nROUTE = "slack/events"\nname = "slack_api_url"') == []
