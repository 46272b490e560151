"""Assembling the app: the entry points hand the core what plugs into it.

Every capability declares what it plugs in, in its package's ``manifest.py``
(:class:`wakeful.capabilities.Capability`): the core capabilities (agents, threads,
channels, ...) and the extensions (SnipIn, the homelab preset), which import the core
and which the core never imports. What connects them is this module, which only entry
points import: the Lambda handlers, the API app, ``wakeful dev`` and the CDK app call
:func:`install` before they serve anything. It installs every manifest in the registry
:mod:`wakeful.capabilities`, which hands their tables, routes, tools, presets and
interceptors down to the modules that read them, and fills every slot
(:class:`wakeful.listening.Slot`: a thread run's end, a schedule's result, an action
parked for approval) with the listeners the manifests declare.

The package order is the only order: :data:`CORE` lists the core capabilities bottom
first, then come the :data:`EXTENSIONS`; a slot's listeners run in that order (the
schedules' run-end listener before the channels': a scheduled run's result is recorded
before the channels read it). Adding a capability is one folder with its ``manifest.py``
and one line here. The manifests are light (data, and the slot records of the
capabilities below): installing costs next to no cold-start time.
"""

from __future__ import annotations

from typing import Any

from wakeful import capabilities
from wakeful.actions import manifest as actions
from wakeful.agents import manifest as agents
from wakeful.agents.slots import FIELDS as AGENT_FIELDS
from wakeful.agents.slots import FieldSet
from wakeful.archive import manifest as archive
from wakeful.auth import manifest as auth
from wakeful.capabilities import Capability
from wakeful.channels import manifest as channels
from wakeful.console import manifest as console
from wakeful.events import manifest as events
from wakeful.flow import manifest as flow
from wakeful.heartbeats import manifest as heartbeats
from wakeful.homelab import manifest as homelab
from wakeful.hooks import manifest as hooks
from wakeful.ingest import manifest as ingest
from wakeful.interceptors import manifest as interceptors
from wakeful.lab import manifest as lab
from wakeful.listening import Slot
from wakeful.llm import manifest as llm
from wakeful.mcp_endpoint import manifest as mcp_endpoint
from wakeful.mcp_servers import manifest as mcp_servers
from wakeful.memory import manifest as memory
from wakeful.ops import manifest as ops
from wakeful.schedules import manifest as schedules
from wakeful.snipin import manifest as snipin
from wakeful.spend import manifest as spend
from wakeful.stream import manifest as stream
from wakeful.subscriptions import manifest as subscriptions
from wakeful.threads import manifest as threads
from wakeful.tools import manifest as tools
from wakeful.webhooks import manifest as webhooks

#: The core capabilities, in the package order (bottom first).
CORE: tuple[Capability, ...] = (
    auth.MANIFEST,
    archive.MANIFEST,
    agents.MANIFEST,
    llm.MANIFEST,
    events.MANIFEST,
    tools.MANIFEST,
    mcp_servers.MANIFEST,
    ingest.MANIFEST,
    subscriptions.MANIFEST,
    hooks.MANIFEST,
    interceptors.MANIFEST,
    stream.MANIFEST,
    actions.MANIFEST,
    webhooks.MANIFEST,
    heartbeats.MANIFEST,
    threads.MANIFEST,
    schedules.MANIFEST,
    channels.MANIFEST,
    spend.MANIFEST,
    flow.MANIFEST,
    memory.MANIFEST,
    ops.MANIFEST,
    console.MANIFEST,
    mcp_endpoint.MANIFEST,
    lab.MANIFEST,
)
#: Outside the core, above it: the core never imports them.
EXTENSIONS: tuple[Capability, ...] = (snipin.MANIFEST, homelab.MANIFEST)
#: Every capability, in the order they are installed.
EVERY: tuple[Capability, ...] = (*CORE, *EXTENSIONS)


def _by_slot(every: tuple[Capability, ...]) -> dict[Slot[Any], tuple[Any, ...]]:
    """Slot -> the listeners the manifests plug into it, in the package order."""
    found: dict[Slot[Any], tuple[Any, ...]] = {}
    for capability in every:
        for slot, listener in capability.listeners:
            found[slot] = (*found.get(slot, ()), listener)
    return found


_LISTENERS = _by_slot(EVERY)
#: Every capability's agent fields, in the package order.
_FIELD_SETS = tuple(FieldSet(c.name, tuple(c.agent_fields)) for c in EVERY if c.agent_fields)


def listeners(slot: Slot[Any]) -> tuple[Any, ...]:
    """The listeners the manifests plug into ``slot``, in the package order."""
    return _LISTENERS.get(slot, ())


def install() -> None:
    """Install every capability and fill every slot (idempotent: installing again
    changes nothing). Listeners someone else installed in a slot besides these (an
    embedder's) stay, after them."""
    if capabilities.installed() != EVERY:
        capabilities.install(*EVERY)
    AGENT_FIELDS.lead_with(_FIELD_SETS)
    for slot, plugged in _LISTENERS.items():
        slot.lead_with(plugged)
