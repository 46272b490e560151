"""The homelab preset's in-process interceptor on ``stop_game_server``.

Whether stopping a server is safe depends on the world at the moment of the call, which a
tool's static ``requires_approval`` cannot express. This guard sees every batch of tool
calls before it runs and, for each ``stop_game_server`` call:

- server empty (or unknown to the homelab: the tool itself reports that) → the call runs;
- players on → **denied**: the tools do not run and the model reads that players are
  online (so it tells the user instead of disconnecting them);
- players on and the call says ``force: true`` → **requires approval**: the thread waits
  as ``waiting_approval`` until the owner approves or denies through the API.

So approval, when players are on, is what the guard lets through: the model has to ask
for it deliberately, and a person decides.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from wakeful.homelab.tools import STOP_GAME_SERVER
from wakeful.interceptors.decisions import Decision, Deny, RequireApproval

logger = logging.getLogger(__name__)

#: How long the guard waits for the homelab's state.
STATE_TIMEOUT_SECONDS = 5.0


class StopGuard:
    """``(event) -> Decision | None`` for :mod:`wakeful.interceptors.registry`.

    Args:
        players_on: the number of players on a server right now; raises ``LookupError``
            for a server the homelab does not know.
    """

    def __init__(self, players_on: Callable[[str], int]) -> None:
        self.players_on = players_on

    def __call__(self, event: dict[str, Any]) -> Decision | None:
        if event.get("type") != "tool_call":
            return None
        busy: list[tuple[str, str, int]] = []
        forced: list[str] = []
        for call in event.get("tool_calls") or []:
            if call.get("name") != STOP_GAME_SERVER:
                continue
            arguments = call.get("arguments") or {}
            server = str(arguments.get("server") or "")
            try:
                players = self.players_on(server)
            except LookupError:
                continue
            if players <= 0:
                continue
            busy.append((str(call.get("id")), server, players))
            if arguments.get("force") is True:
                forced.append(str(call.get("id")))
        if not busy:
            return None
        if len(forced) < len(busy):
            names = ", ".join(f"{server} has {players} player(s) online" for _, server, players in busy)
            return Deny(
                reason=f"not stopped: {names}. Tell the user; to stop it anyway, call stop_game_server "
                "again with force: true, which waits for the owner's approval"
            )
        return RequireApproval(tool_call_ids=tuple(forced))


def http_players_on(server: str) -> int:
    """Players on ``server`` as the homelab service's ``GET /state`` reports them.

    Raises:
        LookupError: the homelab has no such server.
        RuntimeError: the homelab did not answer (the guard then fails closed: a deny).
    """
    import requests

    from wakeful.homelab import settings

    try:
        response = requests.get(f"{settings.url()}/state", timeout=STATE_TIMEOUT_SECONDS, allow_redirects=False)
        response.raise_for_status()
        servers = response.json()["servers"]
    except Exception as error:  # noqa: BLE001 - any failure to read means "cannot tell"
        raise RuntimeError(f"cannot read the homelab's state: {type(error).__name__}") from error
    for item in servers:
        if item.get("server") == server:
            return int(item.get("playerCount") or 0)
    raise LookupError(server)


def interceptor() -> StopGuard:
    """The guard the preset registers, reading players from the homelab service."""
    return StopGuard(http_players_on)
