"""Every capability plugs in the same way: one manifest per package, installed by the
assembly in the package order; the registry's derived views follow what is installed."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from wakeful import assembly, capabilities
from wakeful.capabilities import Capability, QueueSpec
from wakeful.listening import Slot
from wakeful.tablespec import Attr, TableSpec

LAYER = Path(__file__).resolve().parents[2] / "layers" / "wakeful"
#: Not capabilities: the composition root's package and the HTTP kit.
NOT_CAPABILITIES = {"api", "apikit"}
#: The constants every manifest declares, one paragraph per concern (empty where the
#: capability has none), from which its ``MANIFEST`` is built.
SECTIONS = {
    "TABLES": "tables",
    "TABLE_ENV": "table_env",
    "QUEUES": "queues",
    "FUNCTIONS": "functions",
    "METRICS": "metrics",
    "ROUTES": "routes",
    "ROUTE_KEYS": "route_keys",
    "MODELS": "models",
    "OPENAPI": "openapi",
    "AGENT_FIELDS": "agent_fields",
    "ENV_CHOICES": "env_choices",
    "ENDPOINTS": "endpoints",
    "LISTENERS": "listeners",
}


@pytest.fixture()
def restore() -> Iterator[None]:
    yield
    assembly.install()


def _packages() -> list[str]:
    return sorted(p.parent.name for p in LAYER.glob("*/__init__.py") if p.parent.name not in NOT_CAPABILITIES)


def test_every_capability_package_declares_its_manifest_and_the_assembly_installs_each_once() -> None:
    manifests = {name: importlib.import_module(f"wakeful.{name}.manifest").MANIFEST for name in _packages()}
    assert {name: manifest.name for name, manifest in manifests.items()} == {name: name for name in manifests}
    assert sorted(m.name for m in assembly.EVERY) == sorted(manifests)
    assert all(manifests[m.name] is m for m in assembly.EVERY)
    assembly.install()
    assert capabilities.installed() == (*assembly.CORE, *assembly.EXTENSIONS)


def test_every_manifest_declares_every_section_and_builds_its_manifest_from_them() -> None:
    for name in _packages():
        module = importlib.import_module(f"wakeful.{name}.manifest")
        missing = sorted(constant for constant in SECTIONS if not hasattr(module, constant))
        assert not missing, f"wakeful.{name}.manifest lacks {missing}"
        for constant, field in SECTIONS.items():
            assert getattr(module.MANIFEST, field) == getattr(module, constant), f"wakeful.{name}.manifest: {field}"


def test_the_assembly_fills_a_slot_with_every_manifests_listeners_in_the_package_order() -> None:
    slot: Slot[Capability] = Slot("test listeners")
    low, high = Capability("low"), Capability("high")
    every = (Capability("a", listeners=((slot, low),)), Capability("b"), Capability("c", listeners=((slot, high),)))
    assert assembly._by_slot(every) == {slot: (low, high)}


def test_the_schedules_run_end_listener_comes_before_the_channels() -> None:
    from wakeful.channels import manifest as channels
    from wakeful.memory import manifest as memory
    from wakeful.schedules import manifest as schedules
    from wakeful.threads import slots

    assert assembly.listeners(slots.RUN_END) == (schedules.RUN_END_LISTENER, channels.RUN_END_LISTENER, memory.RUN_END_LISTENER)


def test_a_derived_view_holds_what_was_installed_last(restore: None) -> None:
    spec = TableSpec("things", Attr("thing_id"))
    view = capabilities.Derived(capabilities.tables)
    assert "things" not in view
    capabilities.install(Capability("extra", tables=(spec,), table_env={"things": "WAKEFUL_TABLE_THINGS"}))
    assert dict(view) == {"things": spec}
    from wakeful import constants, tables

    assert tables.TABLES["things"] is spec and constants.TABLE_ENV["things"] == "WAKEFUL_TABLE_THINGS"
    assert "agents" not in tables.TABLES  # every table comes from an installed manifest, the core's too


def test_a_route_key_two_capabilities_declare_is_served_by_both_in_installation_order(restore: None) -> None:
    capabilities.install(
        Capability("first", routes="wakeful.first.routes", route_keys=("agents/things", "first")),
        Capability("second", routes="wakeful.second.routes", route_keys=("agents/things",)),
        Capability("silent", route_keys=("ignored",)),  # keys without routes serve nothing
    )
    assert capabilities.route_keys() == {
        "agents/things": ("wakeful.first.routes", "wakeful.second.routes"),
        "first": ("wakeful.first.routes",),
    }
    assert capabilities.route_modules() == ("wakeful.first.routes", "wakeful.second.routes")


def test_the_derived_lists_gather_every_installed_capability(restore: None) -> None:
    capabilities.install(
        Capability(
            "one",
            queues=(QueueSpec("jobs", "WAKEFUL_QUEUE_JOBS_URL", fifo=True, function="worker"),),
            functions=("worker",),
            models={"wakeful.one.responses": ("Job", "JobPage")},
            metrics={"JobsDone": "Count"},
            env_choices={"WAKEFUL_JOB_KIND": lambda: ("a", "b")},
            endpoints=lambda: {"jobs": ("WAKEFUL_JOBS_API_URL", "https://jobs.example")},
        ),
        Capability("two", functions=("reporter",), metrics={"JobAge": "Seconds"}),
    )
    assert list(capabilities.queues()) == ["jobs"] and capabilities.queues()["jobs"].fifo
    assert capabilities.functions() == ("worker", "reporter")
    assert capabilities.models() == {"Job": "wakeful.one.responses", "JobPage": "wakeful.one.responses"}
    assert capabilities.metrics() == {"JobsDone": "Count", "JobAge": "Seconds"}
    assert capabilities.env_choices()["WAKEFUL_JOB_KIND"]() == ("a", "b")
    assert capabilities.endpoints() == {"jobs": ("WAKEFUL_JOBS_API_URL", "https://jobs.example")}


def test_installing_two_capabilities_of_one_name_is_refused(restore: None) -> None:
    with pytest.raises(ValueError, match="installed twice"):
        capabilities.install(Capability("same"), Capability("same"))


def test_a_capabilitys_queues_functions_and_metrics_reach_the_central_lists(restore: None) -> None:
    from wakeful import constants, observability

    capabilities.install(
        *assembly.EVERY,
        Capability(
            "extra",
            queues=(QueueSpec("things", "WAKEFUL_QUEUE_THINGS_URL", fifo=True, function="thing_runner"), QueueSpec("things_dlq", "WAKEFUL_QUEUE_THINGS_DLQ_URL")),
            functions=("thing_runner",),
            metrics={"ThingsDone": "Count"},
        ),
    )
    assert constants.QUEUE_ENV["things"] == "WAKEFUL_QUEUE_THINGS_URL" and constants.QUEUE_ENV["things_dlq"] == "WAKEFUL_QUEUE_THINGS_DLQ_URL"
    assert "things" in constants.FIFO_QUEUES and "things_dlq" not in constants.FIFO_QUEUES
    assert constants.QUEUE_FUNCTIONS["things"] == "thing_runner" and "things_dlq" not in constants.QUEUE_FUNCTIONS
    assert list(constants.FUNCTIONS)[0] == "api" and constants.FUNCTIONS["thing_runner"] == "extra"
    assert observability.METRICS["ThingsDone"] == "Count"
    assert "heartbeat" in constants.QUEUE_ENV and "HeartbeatsClaimed" in observability.METRICS  # the core's, from their manifests


def test_the_central_modules_name_no_capabilitys_table_queue_function_or_metric() -> None:
    constants_text = (LAYER / "constants.py").read_text()
    named = set(re.findall(r"[\"'](WAKEFUL_(?:TABLE|QUEUE)_[A-Z_]+)[\"']", constants_text))
    assert named == {"WAKEFUL_TABLE_PREFIX", "WAKEFUL_QUEUE_URL_BASE"}  # shared by every table and queue
    assert "TableSpec(" not in (LAYER / "tables.py").read_text()
    assert not re.search(r"^[A-Z_]+ = [\"'][A-Z][A-Za-z]+[\"']$", (LAYER / "observability.py").read_text(), re.M)
    senders = set(re.findall(r"^def (send_\w+)", (LAYER / "queues.py").read_text(), re.M))
    assert senders == {"send_batch", "send_fifo", "send_fifo_batch", "send_delayed"}  # generic: what a queue carries is its owner's queue.py
