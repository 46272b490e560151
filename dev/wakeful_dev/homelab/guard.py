"""The homelab's in-process interceptor: stopping a game server while players are on
needs the owner's approval; on an empty server it runs at once.

``requires_approval`` on a tool is all or nothing; whether stopping a server is safe
depends on the world at the moment of the call. So the ``stop_game_server`` tool is
registered without it, and this interceptor, which sees every batch of tool calls before
it runs, asks for approval only for the calls that would disconnect players (or denies
them, with ``mode="deny"``). It is registered with
:func:`wakeful.interceptors.registry.register`, the way an application that embeds
Wakeful adds a guard without running an interceptor endpoint.
"""

from __future__ import annotations

from typing import Any, Callable, Literal

from wakeful.interceptors.decisions import Decision, Deny, RequireApproval

GUARDED_TOOL = "stop_game_server"


class StopGuard:
    """``(event) -> Decision | None`` for the interceptor registry.

    Args:
        players_on: the number of players on a server right now (raises ``LookupError``
            or answers 0 for an unknown one; the tool itself reports unknown servers).
        mode: ``"approval"`` parks the thread until the owner decides; ``"deny"`` refuses
            and tells the model why.
    """

    def __init__(self, players_on: Callable[[str], int], mode: Literal["approval", "deny"] = "approval") -> None:
        self.players_on = players_on
        self.mode = mode
        #: (thread_id, tool_call_id, server, players) of every call it held back
        self.held: list[tuple[str, str, str, int]] = []

    def __call__(self, event: dict[str, Any]) -> Decision | None:
        if event.get("type") != "tool_call":
            return None
        busy: list[tuple[str, str, int]] = []
        for call in event.get("tool_calls") or []:
            if call.get("name") != GUARDED_TOOL:
                continue
            server = str((call.get("arguments") or {}).get("server") or "")
            try:
                players = self.players_on(server)
            except LookupError:
                continue
            if players > 0:
                busy.append((str(call.get("id")), server, players))
        if not busy:
            return None
        self.held.extend((str(event.get("thread_id")), call_id, server, players) for call_id, server, players in busy)
        if self.mode == "deny":
            names = ", ".join(f"{server} has {players} player(s) on" for _, server, players in busy)
            return Deny(reason=f"not stopped: {names}; ask the owner first, or wait until it is empty")
        return RequireApproval(tool_call_ids=tuple(call_id for call_id, _, _ in busy))


def players_counter(world: Any) -> Callable[[str], int]:
    """``players_on`` for a :class:`~wakeful_dev.homelab.world.World` in this process."""
    from wakeful_dev.homelab.exceptions import WorldError

    def players_on(server: str) -> int:
        try:
            return int(world.server(server).view()["playerCount"])
        except WorldError as error:
            raise LookupError(str(error)) from error

    return players_on
