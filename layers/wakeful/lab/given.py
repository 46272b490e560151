"""A dry run from given input: the agent as it is now, a prompt (a schedule's run) or a
message (a thread's), and events given as its new events. Its tools answer what
``tool_results`` says for them, else ``not recorded in the source``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from wakeful import clock, ids
from wakeful.agents.records import Agent
from wakeful.lab import engine
from wakeful.lab.exceptions import LabInvalidError
from wakeful.lab.inputs import DryRunIn


def input_for(agent: Agent, body: DryRunIn) -> engine.RunInput:
    """What the engine is given for ``body``.

    Raises:
        LabInvalidError: a prompt for a thread, a message for a schedule, or neither.
    """
    from wakeful.threads import messages_repository, prompt
    from wakeful.threads import tools as thread_tools
    from wakeful.threads.records import Thread

    text = _first_text(body)
    schedule_type = body.schedule_type or ("heartbeat" if body.heartbeat_checklist else "scheduled")
    dry_id = ids.new_id("dry", clock.now())
    thread = Thread(
        agent_id=agent.agent_id,
        thread_id=f"thr_{dry_id}",
        owner=agent.owner,
        source="scheduled" if body.kind == "schedule" else "user",
        prompt_mode=schedule_type if body.kind == "schedule" else None,
    )
    history = [messages_repository.item(thread.thread_id, 1, role="user", created_by="user", content=text)]
    if body.kind == "thread":
        history += [
            messages_repository.item(thread.thread_id, 2 + i, role="system", created_by="system", content=_event_text(e.event_type, e.payload))
            for i, e in enumerate(body.events or [])
        ]
    own_tools = thread_tools.user_tools(agent)
    results = dict(body.tool_results or {})
    return engine.RunInput(
        replay_id=dry_id,
        purpose="dry_run",
        agent=agent,
        thread=thread,
        system=prompt.system(agent, thread),
        system_dynamic=prompt.dynamic(thread),
        tools=thread_tools.definitions(own_tools),
        own_tools=own_tools,
        history=history,
        answers=lambda name, _arguments: _answer(results[name]) if name in results else None,
        kind=body.kind,
        schedule_type=schedule_type if body.kind == "schedule" else None,
        row=None,
    )


#: The keys of a given tool result that is a whole answer, not only its output.
_WHOLE = frozenset({"success", "output", "error", "new_events"})


def _answer(given: Any) -> dict[str, Any]:
    """A tool's given result: its output, or (an object with ``new_events`` and only an
    answer's keys) its whole answer."""
    if isinstance(given, dict) and "new_events" in given and set(given) <= _WHOLE:
        return {"success": True, **given}
    return {"success": True, "output": given}


def _first_text(body: DryRunIn) -> str:
    from wakeful.schedules import answers

    if body.kind == "schedule":
        if body.prompt is None or body.message is not None:
            raise LabInvalidError("a schedule dry run takes a prompt (and no message)")
        schedule_type = body.schedule_type or ("heartbeat" if body.heartbeat_checklist else "scheduled")
        text = answers.build_prompt({"prompt": body.prompt, "config": {"schedule_type": schedule_type, "heartbeat_checklist": body.heartbeat_checklist or []}})
        if body.events:
            text += "\n\n## New events\n" + "\n".join(_event_text(e.event_type, e.payload) for e in body.events)
        return text
    if body.message is None or body.prompt is not None or body.heartbeat_checklist is not None:
        raise LabInvalidError("a thread dry run takes a message (and no prompt or checklist)")
    return body.message


def _event_text(event_type: str, payload: dict[str, Any]) -> str:
    from wakeful.threads.router import event_text

    return event_text(SimpleNamespace(event_type=event_type, payload=payload, seq="new", source="dry_run"))
