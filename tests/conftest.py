"""Shared fixtures: one local stack (moto in server mode + the real handlers) per test
session, with background workers off so tests drive time and queues themselves."""

from __future__ import annotations

import gc
import os
import uuid
from typing import Any, Iterator

import pytest
import requests

from tests.support import iam_audit, openapi_check
from wakeful import assembly

# Every AWS call a handler makes is recorded from the start (before any client exists)
# and judged at the end against the function's role in the synthesized template.
IAM_CALLS = iam_audit.RECORDER
IAM_CALLS.install()

# The tests call the core directly, as the entry points do after installing the extensions.
assembly.install()

# Every response of the API that a test sees is checked against the served OpenAPI
# document (tests/support/openapi_check.py); a mismatch fails the test that saw it.
openapi_check.install()


def _fail_on_mismatches(phase: str) -> Any:
    before = len(openapi_check.mismatches())
    result = yield
    found = openapi_check.mismatches()[before:]
    if found:
        raise AssertionError(f"responses that do not match the OpenAPI document ({phase}):\n" + "\n".join(found[:20]))
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Any:
    return (yield from _fail_on_mismatches("setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    return (yield from _fail_on_mismatches("call"))


_FREEZE_EVERY = 50  # tests; a collection then walks only what they left
_torn_down = 0


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    global _torn_down
    result = yield from _fail_on_mismatches("teardown")
    _torn_down += 1
    if _torn_down % _FREEZE_EVERY == 0:
        _freeze_the_heap()
    return result


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first, longest of all at the head (``pytest.mark.long``, with
    about how many seconds the file keeps a worker busy): workers take whole files in
    collection order (``--dist loadfile --no-loadscope-reorder``), and a minute-long
    file taken last would end the run on one worker while the others sit idle. The
    others keep their order; the many short files at the end fill the gaps."""

    def seconds(item: pytest.Item) -> float:
        marker = item.get_closest_marker("long")
        return float(marker.kwargs.get("seconds", 60)) if marker else 0.0

    items.sort(key=lambda item: -seconds(item))


def _freeze_the_heap() -> None:
    """Collect, then leave what survived to the end of the session (``gc.freeze``). A
    worker's heap holds every module, botocore's models and moto's growing tables
    (about a million objects): full collections walked all of it some 27 times a run,
    13 s of CPU a worker. Frozen objects are never walked again; what is frozen was
    alive after a full collection, so no garbage is kept."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def synthesis(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Any:
    """The run's CDK synthesis (tests/support/synth.py), started now: shared by the
    run's workers, it runs beside the tests; ``synthesis.template()`` waits for it."""
    from tests.support.synth import SharedSynthesis, shared_directory

    shared = SharedSynthesis(shared_directory(tmp_path_factory, worker_id))
    shared.start()
    return shared


@pytest.fixture(scope="session")
def stack(request: pytest.FixtureRequest, synthesis: Any) -> Iterator[Any]:
    """The local stack: ``stack.api_url``, ``stack.tick(now)``, ``stack.drain()``.

    At its end, every AWS call a handler made must be one its function's role in the
    synthesized template allows (tests/support/iam_audit.py)."""
    from wakeful_dev.runtime import DevStack

    # Tests that move the clock past a lease stay well short of the default heartbeat
    # interval (900 s), so other tests' agents do not come due in their scans.
    os.environ.setdefault("WAKEFUL_HEARTBEAT_LEASE_SECONDS", "120")
    # A long heartbeat window goes on in a fresh invocation; few pages per invocation
    # let tests reach that with hundreds of events, not thousands.
    os.environ.setdefault("WAKEFUL_HEARTBEAT_PAGES_PER_INVOCATION", "2")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    # Hook retries wait base × 2^(n−1) s: a small base keeps the hook tests short.
    os.environ.setdefault("WAKEFUL_HOOK_BACKOFF_BASE_SECONDS", "0.5")
    dev = DevStack(port=0, workers=False, visibility_timeout=1).start()
    openapi_check.watch(dev.api_url)
    _freeze_the_heap()

    # No DynamoDB Scan on any path. Every handler runs in this
    # process with these clients, so a Scan anywhere fails the test that caused it.
    def _no_scan(**_: Any) -> None:
        raise AssertionError("DynamoDB Scan called: every access path must be Get/Query by key")

    from wakeful import aws

    aws.client("dynamodb").meta.events.register("before-call.dynamodb.Scan", _no_scan, unique_id="no-scan")

    IAM_CALLS.active = True
    try:
        yield dev
    finally:
        IAM_CALLS.active = False
        names = iam_audit.LocalNames.of(dev)
        dev.stop()
    _API_WRITES.update(iam_audit.written_tables(IAM_CALLS.calls, "api", names.tables))
    if hasattr(request.config, "workeroutput"):  # an xdist worker: the controller judges the run's whole
        request.config.workeroutput["iam_api_writes"] = sorted(_API_WRITES)
    denied = IAM_CALLS.errors + iam_audit.problems(IAM_CALLS.calls, synthesis.audit_template(), names)
    assert not denied, "calls the functions' roles in the synthesized template would deny:\n" + "\n".join(denied)


# -- the api's writes: what its role grants, against what its code wrote in the whole run --
_API_WRITES: set[str] = set()  # tables the api wrote (this process's, or every worker's)
_COLLECTED: set[str] = set()  # the workers' test ids (xdist)
_API_PROBLEMS: list[str] = []


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    _COLLECTED.update(ids)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    _API_WRITES.update(getattr(node, "workeroutput", {}).get("iam_api_writes", ()))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """After a run of the whole integration and end-to-end suites (no -k, no -m), the
    tables the api's role may write must be those its code wrote in the run's traces."""
    config = session.config
    if hasattr(config, "workerinput") or config.option.keyword or config.option.markexpr:
        return
    collected = _COLLECTED or {item.nodeid for item in session.items}
    if not iam_audit.whole_suites(collected, config.rootpath) or exitstatus != 0:
        return
    _API_PROBLEMS.extend(iam_audit.api_writes_problems(_API_WRITES))
    if _API_PROBLEMS:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


class Api:
    """A tiny client for the HTTP API as one owner."""

    def __init__(self, base: str, key: str, owner: str) -> None:
        self.base = base
        self.key = key
        self.owner = owner
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {key}"

    def __getattr__(self, method: str) -> Any:
        if method not in ("get", "post", "patch", "delete", "put"):
            raise AttributeError(method)

        def call(path: str, **kwargs: Any) -> requests.Response:
            return self.http.request(method.upper(), self.base + path, timeout=30, **kwargs)

        return call

    def create_agent(self, **fields: Any) -> dict[str, Any]:
        body = {"name": "Agent", "alias": f"a{uuid.uuid4().hex[:12]}", **fields}
        response = self.post("/agents", json=body)
        assert response.status_code == 201, response.text
        return response.json()


def pause_agents_of(owner: str) -> None:
    """Pause, after its test, every agent an owner still has, its schedules and its
    memory consolidation (an agent's pause stops its heartbeats only). A new agent's
    first heartbeat is due at once, and the stack is shared by a worker's tests: any
    later test that scans (an hour ahead, say) would otherwise run the heartbeats,
    schedules and consolidations of every agent the worker's earlier tests left, with
    their tools, against its own fakes."""
    from wakeful.agents import service
    from wakeful.agents.inputs import AgentPatch

    cursor = None
    while True:
        agents, cursor = service.list_page(owner, 100, cursor)
        for agent in agents:
            consolidating = (agent.memory_consolidation or {}).get("mode", "off") != "off"
            if agent.is_active or consolidating:
                off = {"memory_consolidation": {"mode": "off"}} if consolidating else {}
                try:
                    service.patch(owner, agent.agent_id, AgentPatch(is_active=False, **off))
                except Exception:  # noqa: BLE001 - deleted meanwhile, or a heartbeat mid-run: it stays
                    pass
            _pause_schedules_of(owner, agent.agent_id)
        if cursor is None:
            return


def _pause_schedules_of(owner: str, agent_id: str) -> None:
    from wakeful.schedules import service
    from wakeful.schedules.inputs import SchedulePatch

    cursor = None
    while True:
        try:
            schedules, cursor = service.list_page(owner, agent_id, 100, cursor)
        except Exception:  # noqa: BLE001 - the agent was deleted meanwhile
            return
        for schedule in schedules:
            if schedule.get("is_active", True):
                try:
                    service.patch(owner, agent_id, schedule["schedule_id"], SchedulePatch(is_active=False))
                except Exception:  # noqa: BLE001 - deleted meanwhile
                    pass
        if cursor is None:
            return


@pytest.fixture()
def api(stack: Any) -> Iterator[Api]:
    """An API client for a fresh owner (tenants isolate tests from each other)."""
    from wakeful.auth import keys

    owner = f"owner-{uuid.uuid4().hex[:8]}"
    yield Api(stack.api_url, keys.create(owner), owner)
    pause_agents_of(owner)


@pytest.fixture()
def other_api(stack: Any) -> Iterator[Api]:
    """A second, unrelated owner."""
    from wakeful.auth import keys

    owner = f"other-{uuid.uuid4().hex[:8]}"
    yield Api(stack.api_url, keys.create(owner), owner)
    pause_agents_of(owner)


@pytest.fixture()
def tool_server() -> Iterator[Any]:
    """A recording HTTP tool server on loopback."""
    from tests.support.tool_server import ToolServer

    server = ToolServer()
    yield server
    server.close()


@pytest.fixture()
def instant_redelivery(stack: Any) -> Iterator[None]:
    """Failed messages come back at once instead of after the visibility timeout
    (the drain is single-threaded, so nothing is received twice concurrently)."""
    from wakeful import aws

    sqs = aws.client("sqs")
    queues = [stack.queue_urls["heartbeat"], stack.queue_urls["action"]]
    before = [sqs.get_queue_attributes(QueueUrl=q, AttributeNames=["VisibilityTimeout"])["Attributes"] for q in queues]
    for queue in queues:
        sqs.set_queue_attributes(QueueUrl=queue, Attributes={"VisibilityTimeout": "0"})
    yield
    for queue, attributes in zip(queues, before):
        sqs.set_queue_attributes(QueueUrl=queue, Attributes=attributes)


@pytest.fixture()
def receiver() -> Iterator[Any]:
    """A recording hook receiver on loopback."""
    from tests.support.hook_receiver import HookReceiver

    rx = HookReceiver()
    yield rx
    rx.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How many API responses were checked against the OpenAPI document; where the
    api's write grants and its traced writes disagree."""
    if openapi_check.checked():
        terminalreporter.write_line(f"OpenAPI: {openapi_check.checked()} API responses checked against the served document")
    for problem in _API_PROBLEMS:
        terminalreporter.write_line(f"IAM: {problem}", red=True)
