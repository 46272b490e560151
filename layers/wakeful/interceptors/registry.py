"""In-process interceptors, for people who embed the ``wakeful`` package.

An interceptor is a callable ``(event: dict) -> Decision | None`` registered for one
agent (by id) or for every agent of a preset (by preset name). ``None`` means continue
unchanged. It runs at the same point, with the same semantics, as an interceptor endpoint.

Presets declared in the manifests (:mod:`wakeful.capabilities`) may bring their own
(the ``homelab`` preset's stop guard): those are built on the first lookup, in every
process, unless one was registered for that preset already; :func:`register` replaces
them, :func:`unregister` removes them.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Callable

from wakeful.interceptors.decisions import Decision

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

Interceptor = Callable[[dict[str, Any]], "Decision | None"]

_lock = threading.Lock()
_by_agent: dict[str, Interceptor] = {}
_by_preset: dict[str, Interceptor] = {}
_loaded = False


def register(interceptor: Interceptor, *, agent_id: str | None = None, preset: str | None = None) -> None:
    """Register ``interceptor`` for one agent or for every agent of a preset."""
    if (agent_id is None) == (preset is None):
        raise ValueError("register an interceptor for exactly one of agent_id or preset")
    with _lock:
        if agent_id is not None:
            _by_agent[agent_id] = interceptor
        else:
            _by_preset[str(preset)] = interceptor


def unregister(*, agent_id: str | None = None, preset: str | None = None) -> None:
    """Remove the interceptor registered for an agent or a preset, if any."""
    with _lock:
        if agent_id is not None:
            _by_agent.pop(agent_id, None)
        if preset is not None:
            _by_preset.pop(preset, None)


def _load_presets() -> None:
    """Build the capabilities' preset interceptors once (an earlier registration wins)."""
    global _loaded
    from wakeful import capabilities

    for preset, make in capabilities.preset_interceptors().items():
        if preset not in _by_preset:
            _by_preset[preset] = make()
    _loaded = True


def lookup(agent: Agent) -> Interceptor | None:
    """The in-process interceptor for this agent: its own, else its preset's."""
    with _lock:
        if not _loaded:
            _load_presets()
        return _by_agent.get(agent.agent_id) or _by_preset.get(agent.preset or "")
