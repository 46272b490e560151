"""The tools Wakeful's MCP server offers, each a thin twin of a REST route: the same
request body model (so the same validation and messages), the same service calls, the
same answer, scoped to the API key's owner (another owner's agent or thread is not
found). No SDK here: :mod:`wakeful.mcp_endpoint.server` serves these over MCP.

A tool's arguments are its route's path parameters (``agent_id``, ``thread_id``, ...)
and the fields of its route's body. Its result is the route's JSON answer (as text and
as structured content); an error is the route's error, ``{"error": {"code",
"message"}}``, as an error result (``isError``).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from wakeful.exceptions import WakefulError
from wakeful.limits import API_PAGE_BYTES
from wakeful.pagination import MAX_LIMIT, take, wire_bytes

logger = logging.getLogger(__name__)

#: Pending approvals listed at most (threads waiting for one, newest first).
MAX_APPROVAL_THREADS = 100


class ToolArgumentsError(WakefulError):
    """The arguments break a rule of the tool's input schema."""

    status = 422
    code = "validation_error"


@dataclass(frozen=True)
class Tool:
    """One tool: its name, what it does, the arguments it takes (path parameters, then
    the fields of ``body``; ``extra`` for arguments of its own), and what it runs."""

    name: str
    description: str
    run: Callable[..., dict[str, Any]]
    path: tuple[str, ...] = ()
    body: Callable[[], type[BaseModel]] | None = None
    extra: dict[str, dict[str, Any]] = field(default_factory=dict)
    read_only: bool = False

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema of the arguments (an object)."""
        schema: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
        if self.body is not None:
            schema = self.body().model_json_schema()
            schema.pop("title", None)
            schema.pop("description", None)
            schema.setdefault("properties", {})
            schema.setdefault("required", [])
        properties = {name: {"type": "string", "description": _PATH_DOCS.get(name, name)} for name in self.path}
        schema["properties"] = {**properties, **schema["properties"], **self.extra}
        schema["required"] = [*self.path, *schema["required"]]
        schema["additionalProperties"] = False
        return schema

    def call(self, owner: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Run the tool for ``owner``.

        Raises:
            WakefulError: as its route would answer (validation included).
        """
        if not isinstance(arguments, dict):
            raise ToolArgumentsError("the arguments must be an object")
        path = {}
        for name in self.path:
            value = arguments.get(name)
            if not isinstance(value, str) or not value:
                raise ToolArgumentsError(f"{name}: a non-empty string is required")
            path[name] = value
        rest = {k: v for k, v in arguments.items() if k not in self.path and k not in self.extra}
        extra = {k: v for k, v in arguments.items() if k in self.extra}
        body = None
        if self.body is not None:
            body = _validated(self.body(), rest)
        elif rest:
            raise ToolArgumentsError(f"{', '.join(sorted(rest))}: not an argument of {self.name}")
        return self.run(owner, body=body, **path, **extra)


_PATH_DOCS = {
    "agent_id": "The agent's id (agt_...), one of yours (list_agents)",
    "thread_id": "The thread's id (thr_...)",
    "tool_call_id": "The id of the tool call waiting for an approval (list_pending_approvals)",
}


def _validated(model: type[BaseModel], values: dict[str, Any]) -> BaseModel:
    """``values`` as ``model``, or the 422 its route answers (the same messages, each
    field named without the ``body.`` the REST answer puts before it)."""
    try:
        return model.model_validate(values)
    except PydanticValidationError as error:
        problems = error.errors()
        message = "; ".join(f"{'.'.join(str(p) for p in problem.get('loc', ())) or 'arguments'}: {problem.get('msg')}" for problem in problems[:5])
        raise ToolArgumentsError(message) from None


# -- what each tool runs (each as its route does) --------------------------------------


def _list_agents(owner: str, *, body: Any, limit: int = 50, cursor: str | None = None) -> dict[str, Any]:
    from wakeful.agents import models as agent_models
    from wakeful.agents import service as agents

    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
        raise ToolArgumentsError(f"limit: an integer from 1 to {MAX_LIMIT}")
    if cursor is not None and not isinstance(cursor, str):
        raise ToolArgumentsError("cursor: a string (the next of a previous answer)")
    items, next_cursor = agents.list_page(owner, limit, cursor)
    return {"items": [agent_models.public(a) for a in agents.with_schedule(items)], "next": next_cursor}


def _post_event(owner: str, *, body: Any, agent_id: str) -> dict[str, Any]:
    from wakeful.agents import service as agents
    from wakeful.events import models as event_models
    from wakeful.events import store as events

    agents.get(owner, agent_id)
    new = event_models.NewEvent.model_validate(body.model_dump(exclude={"idempotency_key"}))
    result = events.append(agent_id, [new], idempotency_key=body.idempotency_key, same_body_only=True)
    event = result.events[0]
    return {"event_id": event.id, "seq": event.seq, "created": result.created}


def _start_thread(owner: str, *, body: Any, agent_id: str) -> dict[str, Any]:
    from wakeful.threads import service

    return service.start_thread(owner, agent_id, body.message, source="user").public()


def _get_thread(owner: str, *, body: Any, agent_id: str, thread_id: str, include_messages: bool = False) -> dict[str, Any]:
    from wakeful.agents import service as agents
    from wakeful.threads import messages_repository, records, repository

    if not isinstance(include_messages, bool):
        raise ToolArgumentsError("include_messages: a boolean")
    agents.get(owner, agent_id)
    view = repository.get_or_404(agent_id, thread_id).public()
    if include_messages:
        # An MCP answer carries its JSON twice (structured, and as escaped text) inside
        # the Lambda response: the messages keep to a third of a page's byte bound.
        budget = API_PAGE_BYTES // 3 - wire_bytes(view)
        taken = take(messages_repository.page(thread_id, 0, MAX_LIMIT + 1), MAX_LIMIT, records.public_message, budget)
        view["messages"] = taken.views
        view["messages_truncated"] = taken.more
    return view


def _create_schedule(owner: str, *, body: Any, agent_id: str) -> dict[str, Any]:
    from wakeful.schedules import service
    from wakeful.schedules.models import public

    return public(service.create(owner, agent_id, body))


def _list_pending_approvals(owner: str, *, body: Any, agent_id: str) -> dict[str, Any]:
    from wakeful.agents import service as agents
    from wakeful.threads import records, repository

    agents.get(owner, agent_id)
    threads, _ = repository.list_page(agent_id, records.WAITING_APPROVAL, MAX_APPROVAL_THREADS, None)
    items = [
        {"thread_id": thread.thread_id, **pending.public()}
        for thread in threads
        if thread.status == records.WAITING_APPROVAL
        for pending in thread.pending()
    ]
    return {"items": items, "next": None}


def _decide_approval(owner: str, *, body: Any, agent_id: str, thread_id: str, tool_call_id: str) -> dict[str, Any]:
    from wakeful.agents import service as agents
    from wakeful.threads import repository, service

    agents.get(owner, agent_id)
    repository.get_or_404(agent_id, thread_id)
    return service.decide_approval(owner, agent_id, thread_id, tool_call_id, body.decision, body.note)


def _remember(owner: str, *, body: Any, agent_id: str) -> dict[str, Any]:
    from wakeful.agents import service as agents
    from wakeful.memory import store
    from wakeful.memory.models import DEFAULT_CAP

    agent = agents.get(owner, agent_id)
    memory = store.new_memory(agent_id, store.clean_text(body.text), store.clean_tags(body.tags), store.source("user"))
    return store.remember(memory, cap=agent.memory_cap or DEFAULT_CAP)[0].public()


def _recall(owner: str, *, body: Any, agent_id: str, query: str = "", limit: int = 5) -> dict[str, Any]:
    from wakeful.agents import service as agents
    from wakeful.memory import store

    if not isinstance(query, str) or not 1 <= len(query) <= 500:
        raise ToolArgumentsError("query: a string of 1 to 500 characters")
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 20:
        raise ToolArgumentsError("limit: an integer from 1 to 20")
    agents.get(owner, agent_id)
    return {"items": [memory.public(score) for memory, score in store.recall(agent_id, query, limit)]}


def _get_spend(owner: str, *, body: Any, agent_id: str) -> dict[str, Any]:
    from wakeful import clock
    from wakeful.agents import service as agents
    from wakeful.spend import views

    return views.agent_spend(agents.get(owner, agent_id), clock.now())


def _memory_in() -> type[BaseModel]:
    from wakeful.memory.inputs import MemoryIn

    return MemoryIn


def _event_in() -> type[BaseModel]:
    from wakeful.events.inputs import EventIn

    return EventIn


def _message_in() -> type[BaseModel]:
    from wakeful.threads.inputs import MessageIn

    return MessageIn


def _schedule_create() -> type[BaseModel]:
    from wakeful.schedules.inputs import ScheduleCreate

    return ScheduleCreate


def _approval_in() -> type[BaseModel]:
    from wakeful.actions.inputs import ApprovalIn

    return ApprovalIn


TOOLS: tuple[Tool, ...] = (
    Tool(
        "list_agents",
        "List your agents, newest first (GET /agents): id, name, alias, is_active, next_heartbeat_at, ...",
        _list_agents,
        extra={
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 50, "description": "Page size"},
            "cursor": {"type": "string", "description": "The next value of a previous answer"},
        },
        read_only=True,
    ),
    Tool(
        "post_event",
        "Append an event to an agent's log (POST /agents/{id}/events). It may wake a sleeping thread or start "
        "one (thread_triggers); subscribed tools run at the next heartbeat. Answers {event_id, seq, created}.",
        _post_event,
        path=("agent_id",),
        body=_event_in,
    ),
    Tool(
        "start_thread",
        "Start a thread with a message (POST /agents/{id}/threads): the agent's loop runs at once, "
        "asynchronously; read its progress and answer with get_thread.",
        _start_thread,
        path=("agent_id",),
        body=_message_in,
    ),
    Tool(
        "get_thread",
        "Get a thread (GET /agents/{id}/threads/{tid}): status, summary, wake_at, ...; include_messages adds its "
        "messages (oldest first, the first 100, fewer when they are large; messages_truncated is true when more follow).",
        _get_thread,
        path=("agent_id", "thread_id"),
        extra={"include_messages": {"type": "boolean", "default": False, "description": "Add the thread's messages"}},
        read_only=True,
    ),
    Tool(
        "create_schedule",
        "Create a cron schedule on an agent (POST /agents/{id}/schedules): each due time runs a thread turn "
        "with the prompt.",
        _create_schedule,
        path=("agent_id",),
        body=_schedule_create,
    ),
    Tool(
        "list_pending_approvals",
        "The tool calls of an agent's threads that wait for a person's approval, each with its thread_id and "
        "tool_call_id (for decide_approval).",
        _list_pending_approvals,
        path=("agent_id",),
        read_only=True,
    ),
    Tool(
        "decide_approval",
        "Approve or deny a tool call waiting for an approval (POST /agents/{id}/threads/{tid}/approvals/"
        "{tool_call_id}); the thread resumes when none is left pending.",
        _decide_approval,
        path=("agent_id", "thread_id", "tool_call_id"),
        body=_approval_in,
    ),
    Tool(
        "remember",
        "Give an agent a memory (POST /agents/{id}/memories; its source is user): its most relevant memories are "
        "in each of its runs' prompts. Answers the memory.",
        _remember,
        path=("agent_id",),
        body=_memory_in,
    ),
    Tool(
        "recall",
        "An agent's memories most relevant to a query, best first (GET /agents/{id}/memories?q=), each with its score.",
        _recall,
        path=("agent_id",),
        extra={
            "query": {"type": "string", "minLength": 1, "maxLength": 500, "description": "What to look for"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5, "description": "At most this many"},
        },
        read_only=True,
    ),
    Tool(
        "get_spend",
        "An agent's spend against its limits (GET /agents/{id}/spend): status (ok, alerted, paused), today_usd, "
        "month_usd, last_hour_usd, limits, paused_until, by_model for the UTC month (replays flagged) and what was saved.",
        _get_spend,
        path=("agent_id",),
        read_only=True,
    ),
)
BY_NAME = {tool.name: tool for tool in TOOLS}


def call(owner: str, name: str, arguments: dict[str, Any] | None) -> tuple[dict[str, Any], bool]:
    """Run tool ``name`` for ``owner``: (the answer, whether it is an error). An error is
    the REST error shape, ``{"error": {"code", "message"}}``."""
    tool = BY_NAME.get(name)
    if tool is None:
        return _error("not_found", f"no tool {name!r}; tools/list lists them"), True
    try:
        return tool.call(owner, arguments or {}), False
    except WakefulError as error:
        return _error(error.code, error.message), True
    except Exception:  # noqa: BLE001 - as the API answers an unexpected error: no detail leaks
        logger.exception("MCP tool failed", extra={"tool": name})
        return _error("internal_error", f"internal error in {name}"), True


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def as_text(answer: dict[str, Any]) -> str:
    """An answer as the JSON text of its content block."""
    return json.dumps(answer, ensure_ascii=False, default=str)
