"""Assembling the app: the entry points hand the core what plugs into it.

The core (the shared bottom and every capability package) never imports an extension;
the extensions (SnipIn, the homelab preset) import the core. What connects the two is
this module, which only entry points import: the Lambda handlers, the API app,
``wakeful dev`` and the CDK app call :func:`install` before they serve anything, and
the registry in :mod:`wakeful.extensions` hands each extension's tables, routes, tools,
presets and interceptors down to the capabilities that read them.

Adding an extension is one import and one entry in :data:`EXTENSIONS`. The manifests are
light (they import only :mod:`wakeful.tablespec`): installing costs no cold-start time.

The same way, the capabilities above the threads that hear how threads' runs end hand
their run-end listeners to :mod:`wakeful.threads.listeners` (:data:`RUN_END_LISTENERS`:
the schedules' and the channels'), and the channels hand their schedule result listener
to :mod:`wakeful.schedules.listeners` (:data:`RESULT_LISTENERS`). A listener module is
light too (its work loads when it is first called).
"""

from __future__ import annotations

from wakeful import extensions
from wakeful.actions import listeners as park_listeners
from wakeful.actions.listeners import ParkListener
from wakeful.channels import listener as channels
from wakeful.extensions import Extension
from wakeful.homelab import manifest as homelab
from wakeful.schedules import listener as schedules
from wakeful.schedules import listeners as result_listeners
from wakeful.schedules.listeners import ResultListener
from wakeful.snipin import manifest as snipin
from wakeful.threads import listeners
from wakeful.threads.listeners import RunEndListener

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


#: The schedules' first: a scheduled run's result is recorded before the channels read it.
RUN_END_LISTENERS: tuple[RunEndListener, ...] = (schedules.LISTENER, channels.RUN_END)
#: Who hears a schedule run's result besides its hooks (:mod:`wakeful.schedules.listeners`).
RESULT_LISTENERS: tuple[ResultListener, ...] = (channels.RESULTS,)
#: Who hears of a heartbeat's action parked for approval (:mod:`wakeful.actions.listeners`).
PARK_LISTENERS: tuple[ParkListener, ...] = (channels.PARKED,)


def install() -> None:
    """Install every extension and run-end listener (idempotent: installing again
    changes nothing). Run-end listeners someone else installed besides these (an
    embedder's) stay, after them."""
    if extensions.installed() != EXTENSIONS:
        extensions.install(*EXTENSIONS)
    listeners.SLOT.lead_with(RUN_END_LISTENERS)
    result_listeners.SLOT.lead_with(RESULT_LISTENERS)
    park_listeners.SLOT.lead_with(PARK_LISTENERS)
