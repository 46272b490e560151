"""The channels capability's listeners, which the entry points install.

- A run-end listener for every thread (:mod:`wakeful.threads.listeners`): approval
  requests, notifications and a chat thread's answer go to channels when a run ends or
  parks.
- A schedule result listener (:mod:`wakeful.schedules.listeners`): a schedule's finding
  or failure goes to its ``notify`` channels.
- An action park listener (:mod:`wakeful.actions.listeners`): a heartbeat's action
  parked for approval asks the agent's ``notify`` channels, with two buttons.

:func:`wakeful.assembly.install` hands them down. This module is light (every handler
imports it through the assembly): :mod:`wakeful.channels.relay` loads when a run first
ends or a result is first finished.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wakeful.actions.listeners import ParkListener
from wakeful.schedules.listeners import ResultListener
from wakeful.threads.listeners import RunEnd, RunEndListener

if TYPE_CHECKING:
    from wakeful.actions.records import Action
    from wakeful.agents.records import Agent

NAME = "channels"


def _run_ended(end: RunEnd) -> None:
    from wakeful.channels import relay

    relay.run_ended(end)


def _notifies(agent: Agent, row: Mapping[str, Any], status: str) -> bool:
    from wakeful.channels import relay

    return relay.notifies(agent, row, status)


def _result_finished(agent: Agent, row: Mapping[str, Any]) -> None:
    from wakeful.channels import relay

    relay.result_finished(agent, row)


def _action_parked(action: Action, arguments: Mapping[str, Any]) -> None:
    from wakeful.channels import relay

    relay.action_parked(action, arguments)


RUN_END = RunEndListener(name=NAME, run_ended=_run_ended)
PARKED = ParkListener(name=NAME, parked=_action_parked)
RESULTS = ResultListener(name=NAME, notifies=_notifies, result_finished=_result_finished)
