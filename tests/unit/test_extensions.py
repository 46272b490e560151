"""Presets plug in through one explicit registry (wakeful.capabilities): the core names
no extension module by string, swallows no ModuleNotFoundError, and declares none of
SnipIn's tables; the registry's tables, routes, tools, presets and preset interceptors
all reach the core."""

from __future__ import annotations

import re
from pathlib import Path

from wakeful import assembly, constants, presets, tables
from wakeful.homelab import manifest as homelab
from wakeful.snipin import manifest

CORE = Path(__file__).resolve().parents[2] / "layers" / "wakeful"


def _core_sources() -> dict[str, str]:
    return {
        str(path.relative_to(CORE)): path.read_text()
        for path in CORE.rglob("*.py")
        if not {"snipin", "homelab"} & set(path.relative_to(CORE).parts) and path.name != "capabilities.py"
    }


def test_the_core_imports_no_module_by_a_name_string() -> None:
    found = [name for name, text in _core_sources().items() if "importlib.import_module(" in text or "__import__(" in text]
    # The API loads its own route modules for the paths that need them (a fixed list of
    # core modules in ROUTER_MODULES; an import error propagates): a cold-start measure,
    # not a plug-in point; the routes' models, named in a fixed table, load when a request
    # or the OpenAPI document needs them. Extensions' routers come from the registry.
    assert sorted(found) == ["api/app.py", "apikit/routing.py"]
    assert "wakeful.snipin" not in (CORE / "api" / "app.py").read_text()
    assert "wakeful.snipin" not in (CORE / "apikit" / "schemas.py").read_text()


def test_the_core_swallows_no_module_not_found_error_but_the_optional_sdk_check() -> None:
    found = [name for name, text in _core_sources().items() if "ModuleNotFoundError" in text]
    # re-raised as a configuration error: the model SDKs are the optional `llm` extra
    assert sorted(found) == ["llm/providers/anthropic_provider.py", "llm/providers/openai_provider.py"]


def test_snipins_tables_are_declared_by_its_manifest_not_by_the_core() -> None:
    core = (CORE / "constants.py").read_text() + (CORE / "tables.py").read_text()
    assert not re.search(r"[\"']snip", core)  # no table name (comments may point to it)
    for spec in manifest.TABLES:
        assert tables.TABLES[spec.name] is spec
        assert constants.TABLE_ENV[spec.name] == manifest.TABLE_ENV[spec.name]


def test_every_extension_table_has_an_environment_variable_and_no_other() -> None:
    for extension in assembly.EXTENSIONS:
        assert set(extension.table_env) == {spec.name for spec in extension.tables}


def test_the_registry_reaches_the_api_the_tools_and_the_presets() -> None:
    from wakeful.api.app import app
    from wakeful.tools import registry

    assert "/snips" in set(app.get_openapi_schema().paths or {})
    assert {"FeedReader", "SnipCreate", "SnipComment", "SnipShare", "SnipLike", "WebhookHandler"} <= set(registry.builtins())
    assert presets.PRESETS == {"snipin": manifest.apply_preset, "homelab": homelab.apply_preset}


def test_a_presets_interceptor_reaches_the_interceptor_registry_for_agents_of_that_preset() -> None:
    from wakeful.homelab.guard import StopGuard
    from wakeful.agents.records import Agent
    from wakeful.interceptors import registry

    def agent(agent_id: str, preset: str | None = None) -> Agent:
        return Agent(agent_id=agent_id, owner="o", name="A", alias="a", heartbeat_interval_seconds=60, preset=preset)

    assert isinstance(registry.lookup(agent("agt_x", "homelab")), StopGuard)
    assert registry.lookup(agent("agt_y", "snipin")) is None
    assert registry.lookup(agent("agt_z")) is None
