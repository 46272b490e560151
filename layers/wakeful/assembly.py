"""Assembling the app: the entry points hand the core what plugs into it.

The core (the shared bottom and every capability package) never imports an extension;
the extensions (SnipIn, the homelab preset) import the core. What connects the two is
this module, which only entry points import: the Lambda handlers, the API app,
``wakeful dev`` and the CDK app call :func:`install` before they serve anything, and
the registry in :mod:`wakeful.extensions` hands each extension's tables, routes, tools,
presets and interceptors down to the capabilities that read them.

Adding an extension is one import and one entry in :data:`EXTENSIONS`. The manifests are
light (they import only :mod:`wakeful.tablespec`): installing costs no cold-start time.
"""

from __future__ import annotations

from wakeful import extensions
from wakeful.extensions import Extension
from wakeful.homelab import manifest as homelab
from wakeful.snipin import manifest as snipin

EXTENSIONS: tuple[Extension, ...] = (
    Extension(
        name=snipin.NAME,
        tables=snipin.TABLES,
        table_env=snipin.TABLE_ENV,
        router=snipin.router,
        route_keys=snipin.ROUTE_KEYS,
        register_tools=snipin.register_tools,
        presets={"snipin": snipin.apply_preset},
        heartbeat_probes=snipin.HEARTBEAT_PROBES,
    ),
    Extension(
        name=homelab.NAME,
        presets={"homelab": homelab.apply_preset},
        preset_tools={"homelab": homelab.preset_tools},
        preset_interceptors={"homelab": homelab.interceptor},
    ),
)


def install() -> None:
    """Install every extension (idempotent: installing again changes nothing)."""
    if extensions.installed() != EXTENSIONS:
        extensions.install(*EXTENSIONS)
