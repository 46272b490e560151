"""Dry runs: the one place every outbound path asks whether it may leave.

A replay (or a dry run from given events) runs the agent's model and tools in-process
inside :func:`running`, which sets a context flag. Every outbound path calls
:func:`capture` once, at its choke point, before it sends: outside a dry run it answers
None and the caller sends as usual; inside, it notes ``{kind, target, body}`` in the
run's ``captured`` list and answers a truthy :class:`Captured`, and the caller sends
nothing. The paths and their kinds:

- ``tool``: an HTTP, Lambda or MCP tool call (:mod:`wakeful.tools.invoke`), answered
  with the source's recorded result for the same tool and arguments
  (:func:`tool_answer`), else an error result ``not recorded in the source``;
- ``hook``: a hook firing (:func:`wakeful.hooks.firing.fire`);
- ``channel`` / ``email``: a channel message (:func:`wakeful.channels.outbox.to_channel`);
- ``notification``: the ``send_notification`` meta tool;
- ``event``: an appended event (:func:`wakeful.events.store.append`);
- ``approval``: an approval request (the lab engine, where a live run would park).
- ``memory``: memory's ``remember`` and ``forget`` meta tools (:mod:`wakeful.memory.meta`).

The tripwire: :func:`refuse` raises :class:`DryRunLeakError` inside a dry run; the HTTP
primitive (:func:`wakeful.outbound.request`) calls it, and every AWS client asks
:func:`tripwire` before each call (:mod:`wakeful.aws`), which refuses queue sends,
Lambda invocations, emails, state machine starts, WebSocket posts and every DynamoDB
write but to the model usage ledger (``llm``) and the spend ledger (``spend``: a dry
run's model calls are real and count) and the lab's own table. So a send or a change that no capture point stopped
fails loudly instead of leaving or changing the agent.

Bottom layer: imports nothing of Wakeful but the redaction-free basics.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from wakeful.exceptions import WakefulError

#: Text of the error result a tool call gets when the source holds no answer for it.
NOT_RECORDED = "not recorded in the source"
#: The most entries one dry run captures; later sends are still stopped, not listed.
MAX_CAPTURED = 200
#: The most UTF-8 bytes of one captured body (JSON); longer ones are cut, with a flag.
MAX_BODY_BYTES = 4 * 1024


class DryRunLeakError(WakefulError):
    """Something tried to leave during a dry run past every capture point."""


class Captured(dict[str, Any]):
    """One captured send: ``{kind, target, body}`` (truthy)."""


@dataclass
class DryRun:
    """The state of one dry run: what tools answer, and what it captured."""

    replay_id: str
    answers: Callable[[str, dict[str, Any]], Any | None] = lambda _name, _arguments: None
    captured: list[Captured] = field(default_factory=list)


_CURRENT: ContextVar[DryRun | None] = ContextVar("wakeful_dry_run", default=None)


def current() -> DryRun | None:
    """The dry run under way in this context, if any."""
    return _CURRENT.get()


@contextmanager
def running(run: DryRun) -> Iterator[DryRun]:
    """Run the block as the dry run ``run``: every capture point captures instead of sending."""
    token = _CURRENT.set(run)
    try:
        yield run
    finally:
        _CURRENT.reset(token)


@contextmanager
def outside() -> Iterator[None]:
    """Run the block as if no dry run were under way (what must really happen)."""
    token = _CURRENT.set(None)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def capture(kind: str, target: str, body: Any) -> Captured | None:
    """Outside a dry run: None (send as usual). Inside: note the send, answer it (send nothing)."""
    run = _CURRENT.get()
    if run is None:
        return None
    entry = Captured(kind=kind, target=str(target), body=_bounded(body))
    if len(run.captured) < MAX_CAPTURED:
        run.captured.append(entry)
    return entry


def tool_answer(name: str, arguments: dict[str, Any]) -> Any | None:
    """Inside a dry run: the recorded answer of this call (captured as ``tool``), else
    the ``not recorded in the source`` marker; outside: None (call the tool)."""
    run = _CURRENT.get()
    if run is None:
        return None
    capture("tool", name, {"arguments": arguments})
    found = run.answers(name, arguments)
    return NOT_RECORDED if found is None else found


def refuse(what: str) -> None:
    """The tripwire: inside a dry run, raise; outside, nothing.

    Raises:
        DryRunLeakError: a dry run is under way.
    """
    if _CURRENT.get() is not None:
        raise DryRunLeakError(f"a dry run tried to send {what} past its capture points")


#: AWS operations a dry run never makes, by service.
_REFUSED = {
    "sqs": frozenset({"SendMessage", "SendMessageBatch"}),
    "lambda": frozenset({"Invoke", "InvokeAsync", "InvokeWithResponseStream"}),
    "ses": frozenset({"SendEmail", "SendRawEmail", "SendTemplatedEmail"}),
    "sesv2": frozenset({"SendEmail"}),
    "stepfunctions": frozenset({"StartExecution", "StartSyncExecution"}),
    "apigatewaymanagementapi": frozenset({"PostToConnection"}),
}
_DYNAMODB_WRITES = frozenset({"PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "BatchWriteItem"})
#: The tables a dry run may write (logical names): the model usage ledger, the spend
#: ledger (a replay's model calls count in the spend guard) and the lab's.
WRITABLE_TABLES = ("llm", "spend", "lab")


def tripwire(model: Any = None, params: Any = None, **_: Any) -> None:
    """A botocore ``before-parameter-build`` handler: inside a dry run, refuse what would leave or
    change the agent (module docstring).

    Raises:
        DryRunLeakError: such a call inside a dry run.
    """
    if _CURRENT.get() is None or model is None:
        return
    service, operation = model.service_model.service_name, model.name
    if operation in _REFUSED.get(service, ()):
        refuse(f"{service}:{operation}")
    if service == "dynamodb" and operation in _DYNAMODB_WRITES:
        from wakeful.config import get_settings

        allowed = {get_settings().table(name) for name in WRITABLE_TABLES}
        touched = _tables(operation, params or {})
        if not touched <= allowed:
            refuse(f"dynamodb:{operation} to {', '.join(sorted(touched - allowed))}")


def _tables(operation: str, params: dict[str, Any]) -> set[str]:
    if operation == "TransactWriteItems":
        return {part[kind]["TableName"] for part in params.get("TransactItems", []) for kind in part}
    if operation == "BatchWriteItem":
        return set(params.get("RequestItems", {}))
    return {str(params.get("TableName"))}


def _bounded(body: Any) -> Any:
    text = json.dumps(body, ensure_ascii=False, default=str)
    if len(text.encode("utf-8")) <= MAX_BODY_BYTES:
        return json.loads(text)
    cut = text.encode("utf-8")[: MAX_BODY_BYTES - 64].decode("utf-8", "ignore")
    return {"truncated": True, "start": cut}
