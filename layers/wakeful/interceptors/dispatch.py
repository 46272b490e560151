"""The interception point: every step of a thread, persisted and about to be acted on,
passes here once (the thread runtime calls :func:`dispatch`), and so does every tool
action of a heartbeat before its tool runs (:mod:`wakeful.actions.interception`).

Three stages, in order, each of which may stop the step:

1. the in-process interceptor registered for the agent or its preset
   (:mod:`wakeful.interceptors.registry`);
2. the agent's declarative ``tool_policy`` (:mod:`wakeful.interceptors.policy`);
3. the agent's active interceptor endpoint, called synchronously
   (:mod:`wakeful.interceptors.endpoint`), every call recorded with its latency
   (:mod:`wakeful.interceptors.calls_repository`).

A stage that continues (possibly with a changed event) hands the event to the next;
a respond, a deny or a require-approval ends the step there.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wakeful.config import get_settings
from wakeful.interceptors import answers, calls_repository, endpoint, policy, registry, service
from wakeful.interceptors.answers import AnswerRefusedError, Verdict
from wakeful.interceptors.decisions import Continue, Decision, Deny, RequireApproval, Respond

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.interceptors.models import Thread

logger = logging.getLogger(__name__)


def dispatch(agent: Agent, thread: Thread | None, event: dict[str, Any]) -> Decision:
    """Decide what happens to ``event`` (a MessageEvent or a ToolCallEvent dict).

    Args:
        agent: the agent.
        thread: the thread (its id and status go to the endpoint); None for a
            heartbeat's action (its ToolCallEvent has ``thread_id: null`` and
            ``heartbeat_id``).
        event: ``{id, type: "message", created_by, thread_id, message: {role, content}}``
            or ``{id, type: "tool_call", created_by: "agent", thread_id, agent_name,
            tool_calls: [{id, name, arguments}]}``; ``id`` is stable across retries.
    """
    decision = _in_process(agent, event)
    if not isinstance(decision, Continue):
        return decision
    event = decision.event
    ruled = policy.evaluate(None if agent.tool_policy is None else dict(agent.tool_policy), event)
    if ruled is not None:
        logger.info(
            "tool_policy decided a step",
            extra={"agent_id": agent.agent_id, "event_id": event.get("id"), "decision": type(ruled).__name__},
        )
        return ruled
    item = service.active_for(agent)
    if item is None or event.get("type") not in (item.get("events") or ("message", "tool_call")):
        return decision
    return call_endpoint(item, agent, thread, event).decision


def _in_process(agent: Agent, event: dict[str, Any]) -> Decision:
    """The registered in-process interceptor's decision, held to the same rules as an
    endpoint's answer. Its own failure (an exception, an answer it may not give) fails
    closed: it has no on_failure setting, and a guard that crashed has not approved."""
    interceptor = registry.lookup(agent)
    if interceptor is None:
        return Continue(event)
    try:
        decision = interceptor(event)
        return _checked(event, decision)
    except AnswerRefusedError as error:
        logger.warning("in-process interceptor answer refused", extra={"agent_id": agent.agent_id, "event_id": event.get("id"), "error": str(error)})
        return answers.failure_decision(event, "deny", f"in-process interceptor: refused answer: {error}")
    except Exception as error:  # noqa: BLE001 - the embedder's code; its failure is a deny
        logger.exception("in-process interceptor failed", extra={"agent_id": agent.agent_id, "event_id": event.get("id")})
        return answers.failure_decision(event, "deny", f"in-process interceptor: {type(error).__name__}: {error}"[:500])


def _checked(event: dict[str, Any], decision: Any) -> Decision:
    if decision is None:
        return Continue(event)
    if isinstance(decision, Continue):
        changed, mutated = answers.apply_mutation(event, decision.event)
        return Continue(changed) if mutated else Continue(event)
    if isinstance(decision, Respond):
        return answers.parse_respond(event, dict(vars(decision)))
    if isinstance(decision, (Deny, RequireApproval)) and event.get("type") != "tool_call":
        raise AnswerRefusedError(f"{type(decision).__name__} applies to tool calls only; to answer a message instead, use Respond")
    if isinstance(decision, RequireApproval):
        unknown = set(decision.tool_call_ids) - {str(c.get("id")) for c in event.get("tool_calls") or []}
        if unknown:
            raise AnswerRefusedError(f"RequireApproval names tool calls not in this batch: {', '.join(sorted(unknown))}")
        return decision
    if isinstance(decision, Deny):
        return decision
    raise AnswerRefusedError(f"an interceptor returns a Decision or None, not {type(decision).__name__}")


def call_endpoint(item: dict[str, Any], agent: Agent, thread: Thread | None, event: dict[str, Any]) -> Verdict:
    """Call interceptor ``item`` for ``event``, read its answer and record the call."""
    reply = endpoint.call(item, event, endpoint.payload(agent, thread, event), dev_mode=get_settings().dev_mode)
    verdict = _verdict(item, event, reply)
    calls_repository.record(
        item, event, decision=verdict.kind, latency_ms=reply.latency_ms, status_code=reply.status_code, error=verdict.error
    )
    log = logger.warning if verdict.kind == "failed" else logger.info
    log(
        "interceptor called",
        extra={
            "agent_id": item["agent_id"],
            "interceptor_id": item["interceptor_id"],
            "event_id": event.get("id"),
            "decision": verdict.kind,
            "latency_ms": reply.latency_ms,
            "error": verdict.error,
        },
    )
    return verdict


def _verdict(item: dict[str, Any], event: dict[str, Any], reply: endpoint.Reply) -> Verdict:
    on_failure = item.get("on_failure", "deny")
    if reply.error is not None:
        return answers.failed(event, on_failure, reply.error)
    if reply.status_code is None or not 200 <= reply.status_code < 300:
        return answers.failed(event, on_failure, f"the interceptor answered HTTP {reply.status_code}")
    try:
        return answers.parse_answer(event, reply.body)
    except AnswerRefusedError as error:
        return answers.failed(event, on_failure, f"refused answer: {error}")
