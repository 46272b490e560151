"""The API loads only the route modules a request's path needs (wakeful.api.app):
every route must be reachable through its path key."""

from __future__ import annotations

import importlib

from wakeful.api import app as api_app


def _routes():
    for name in api_app.ROUTER_MODULES:  # the installed manifests' (SnipIn's) among them
        for rule, method, *_ in importlib.import_module(name).router._routes:
            yield name, rule, method


def test_every_route_of_every_module_is_listed_under_its_path_key():
    missing = sorted(
        f"{method} {rule} ({name}) -> key {api_app.route_key(rule)!r}"
        for name, rule, method in _routes()
        if name not in api_app.ROUTE_KEYS.get(api_app.route_key(rule), ())
    )
    assert not missing, "add these to wakeful.api.app.ROUTE_KEYS:\n" + "\n".join(missing)


def test_a_path_resolver_holds_only_the_modules_of_its_key():
    resolver = api_app.resolver_for("/agents/agt_1/hooks/hk_1")
    hooks = importlib.import_module("wakeful.hooks.routes").router
    assert resolver.routers == (api_app.core, hooks)
    assert api_app.resolver_for("/agents/agt_2/hooks") is resolver  # kept, not rebuilt


def test_an_unlisted_path_is_served_by_the_resolver_with_every_route():
    resolver = api_app.resolver_for("/no-such-prefix/x")
    assert resolver.routers == api_app.app.routers
    assert resolver.validating() is api_app.app  # what it hands over: served with every route


def test_the_api_app_takes_its_route_modules_and_keys_from_the_manifests_and_names_no_capability():
    from pathlib import Path

    from wakeful import capabilities

    assert api_app.ROUTER_MODULES == list(capabilities.route_modules())
    assert {key: modules for key, modules in api_app.ROUTE_KEYS.items() if modules} == capabilities.route_keys()
    source = (Path(api_app.__file__).parent / "app.py").read_text(encoding="utf-8")
    named = [c.routes for c in capabilities.installed() if c.routes and c.routes in source]
    assert named == []


def test_the_openapi_document_takes_each_capabilitys_part():
    from wakeful.api.openapi import document

    doc = document(api_app.app)
    assert "Conflict: You already have an agent with this alias" in str(doc["paths"]["/agents"]["post"]["responses"]["409"])
    assert doc["paths"]["/events/broadcast"]["post"]["description"].count("The log is append-only") == 1
    assert "/webhooks/{webhook_id}" in doc["paths"] and "SlackEventsAnswer" in doc["components"]["schemas"]
