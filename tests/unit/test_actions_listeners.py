"""Who hears of a heartbeat's action parked for approval: the installed park listeners,
each once, one's failure keeping neither the others nor the action from waiting."""

from __future__ import annotations

from typing import Any

import pytest

from wakeful import assembly
from wakeful.actions import slots
from wakeful.actions.records import Action


def test_the_assembly_installs_the_channels_park_listener() -> None:
    assembly.install()
    assert [listener.name for listener in slots.PARKED.installed()][:1] == ["channels"]


def test_every_listener_hears_a_park_and_a_failing_one_is_logged_not_raised(caplog: Any) -> None:
    before = slots.PARKED.installed()
    heard: list[tuple[str, dict[str, Any]]] = []

    def broken(action: Action, arguments: Any) -> None:
        raise RuntimeError("slack is down")

    try:
        slots.PARKED.install(
            slots.ParkListener("broken", broken),
            slots.ParkListener("ok", lambda action, arguments: heard.append((action.action_id, dict(arguments)))),
        )
        slots.parked(Action(action_id="act_1", agent_id="agt_1", tool="reboot", status="WAITING_APPROVAL"), {"event": {}})
    finally:
        slots.PARKED.install(*before)
    assert heard == [("act_1", {"event": {}})]


def test_two_listeners_of_one_name_are_refused() -> None:
    same = slots.ParkListener("x", lambda action, arguments: None)
    with pytest.raises(ValueError, match="twice"):
        slots.PARKED.install(same, same)
