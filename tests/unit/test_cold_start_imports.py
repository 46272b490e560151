"""What a cold start loads: each handler's module plus what its first call imports
(``FIRST_CALL`` in bench/import_cost.py, which bench/first_call_modules.py checks against
real invocations), each in a fresh interpreter. pydantic costs about 0.4x ``import boto3``:
only the API validates with it, and only for a request that needs it (a body, a query
value its light routes do not read themselves); anthropic is only for the functions that
call a model.
Timing figures are in bench/import_cost.py, not here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from import_cost import FIRST_CALL, LLM_HANDLERS  # noqa: E402

PROBE = """
import json, sys
sys.path.insert(0, ".")
import functions.{name}.handler
{statements}
print(json.dumps(sorted(sys.modules)))
"""


def _loaded(name: str) -> set[str]:
    code = PROBE.format(name=name, statements=FIRST_CALL[name])
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def _family(modules: set[str], top: str) -> list[str]:
    return sorted(m for m in modules if m == top or m.startswith(f"{top}."))


@pytest.mark.parametrize("name", sorted(set(FIRST_CALL) - LLM_HANDLERS - {"api"}))
def test_a_handler_that_validates_no_api_body_cold_starts_without_pydantic_or_anthropic(name: str) -> None:
    loaded = _loaded(name)
    assert any(m.startswith("wakeful.") for m in loaded)  # the probe saw the domain load
    assert _family(loaded, "pydantic") == []
    assert _family(loaded, "anthropic") == []


def test_the_api_cold_start_loads_only_the_routes_of_the_path_asked_and_no_anthropic() -> None:
    loaded = _loaded("api")
    assert "wakeful.heartbeats.routes" in loaded
    assert _family(loaded, "pydantic") == []  # a GET with plain query values needs no validation
    others = [m for m in loaded if m.endswith(".routes")]
    assert others == ["wakeful.heartbeats.routes"]
    assert _family(loaded, "anthropic") == []


#: Route modules whose import loads no pydantic (the tools' reach it through the tool
#: registry; SnipIn's through its models).
LIGHT_ROUTE_MODULES = [
    "wakeful.agents.routes",
    "wakeful.heartbeats.routes",
    "wakeful.events.routes",
    "wakeful.actions.routes",
    "wakeful.hooks.routes",
    "wakeful.webhooks.routes",
    "wakeful.interceptors.routes",
    "wakeful.ops.routes",
    "wakeful.threads.routes",
    "wakeful.stream.routes",
    "wakeful.schedules.routes",
    "wakeful.console.routes",
]


@pytest.mark.parametrize("module", LIGHT_ROUTE_MODULES)
def test_these_route_modules_load_no_pydantic(module: str) -> None:
    code = f"import json, sys\nimport {module}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert _family(set(json.loads(done.stdout)), "pydantic") == []


def test_the_api_cold_start_skips_powertools_other_resolvers_and_asyncio_yet_the_package_names_still_resolve() -> None:
    loaded = _loaded("api")
    assert "asyncio" not in loaded
    assert not [m for m in loaded if m.startswith("aws_lambda_powertools.event_handler.") and "appsync" in m]
    code = (
        "import functions.api.handler\n"
        "from wakeful.api.app import resolver_for; resolver_for('/agents/agt_1/heartbeats')\n"
        "from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types\n"
        "from aws_lambda_powertools.event_handler.api_gateway import APIGatewayRestResolver as Direct\n"
        "assert APIGatewayRestResolver is Direct and content_types.APPLICATION_JSON == 'application/json'\n"
        "print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_sqs_handlers_partial_batch_helper_retries_only_failed_records_and_after_a_fifo_failure_the_rest() -> None:
    from wakeful import sqs_batch

    event = {"Records": [{"messageId": f"m{i}", "body": str(i)} for i in range(4)]}
    seen: list[str] = []

    def handler(record: sqs_batch.SqsRecord) -> None:
        seen.append(record.body)
        if record.body == "1":
            raise ValueError("bad record")

    assert sqs_batch.process(event, handler) == {"batchItemFailures": [{"itemIdentifier": "m1"}]}
    assert seen == ["0", "1", "2", "3"]
    seen.clear()
    assert sqs_batch.process(event, handler, fifo=True) == {
        "batchItemFailures": [{"itemIdentifier": m} for m in ("m1", "m2", "m3")]
    }
    assert seen == ["0", "1"]  # in a FIFO group nothing after a failure runs
