"""``wakeful_client.easy``: the flows users do most, in a few typed calls.

Hand-written on top of the generated client (``make client`` copies this file into the
package; edit ``clients/python/easy.py``, not the copy)::

    from wakeful_client.easy import Wakeful, describe, verify_hook_signature

    wakeful = Wakeful("http://127.0.0.1:8080", api_key="wk_...")
    agent = wakeful.create_agent(name="Ops", alias="ops", system_prompt="You look after a homelab.")
    accepted = wakeful.post_event(agent.id, "cpu_high", {"host": "db1", "value": 97}, priority=2)
    thread = wakeful.start_thread(agent.id, "the backup job failed: find out why")
    for event in wakeful.tail(agent.id, thread.id):
        print(event.id, describe(event))          # text as written, → a tool call, ← its result, how the run ended
    payload = verify_hook_signature(raw_body, request_headers, hook_secret)

Every call answers the generated models (``Agent``, ``EventAccepted``, ``Thread``,
``StreamEvent``, ``HookPayload``; :func:`describe` puts a ``StreamEvent`` in words), and raises :class:`WakefulApiError` for an error answer. The generated
``wakeful_client.api.*`` modules cover every other operation with the same client
(``wakeful.client``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Iterator, Mapping
from typing import Any

import httpx

from wakeful_client import AuthenticatedClient
from wakeful_client.api.agents import create_agent
from wakeful_client.api.events import post_event
from wakeful_client.api.threads import create_thread
from wakeful_client.models import Agent, AgentCreate, Error, EventAccepted, EventIn, HookPayload, MessageIn, StreamEvent, Thread
from wakeful_client.types import Unset

#: How far a hook's webhook-timestamp may be from now (Standard Webhooks' default).
SIGNATURE_TOLERANCE_SECONDS = 300


class WakefulApiError(Exception):
    """The API answered an error: ``status``, ``code`` and ``message`` are its own."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message


class HookSignatureError(Exception):
    """A hook delivery whose Standard Webhooks signature does not check out."""


class Wakeful:
    """A Wakeful API at ``base_url`` (``wakeful dev``'s URL, or the stack's ``ApiUrl``),
    as the owner of ``api_key``."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 30.0) -> None:
        self.client = AuthenticatedClient(base_url=base_url.rstrip("/"), token=api_key, timeout=httpx.Timeout(timeout))

    def create_agent(self, name: str, alias: str, **fields: Any) -> Agent:
        """Create an agent (``fields``: any other field of ``POST /agents``)."""
        body = AgentCreate.from_dict({"name": name, "alias": alias, **fields})
        return _answer(create_agent.sync_detailed(client=self.client, body=body), Agent)

    def post_event(
        self,
        agent_id: str,
        event_type: str,
        payload: Mapping[str, Any],
        *,
        priority: int | None = None,
        idempotency_key: str | None = None,
        **fields: Any,
    ) -> EventAccepted:
        """Append an event to an agent's log; answers its ``event_id`` and ``seq``."""
        values: dict[str, Any] = {"event_type": event_type, "payload": dict(payload), **fields}
        if priority is not None:
            values["priority"] = priority
        if idempotency_key is not None:
            values["idempotency_key"] = idempotency_key
        return _answer(post_event.sync_detailed(agent_id, client=self.client, body=EventIn.from_dict(values)), EventAccepted)

    def start_thread(self, agent_id: str, message: str) -> Thread:
        """Start a thread with a message; the agent's loop runs at once, asynchronously."""
        return _answer(create_thread.sync_detailed(agent_id, client=self.client, body=MessageIn(message=message)), Thread)

    def tail(
        self,
        agent_id: str,
        thread_id: str,
        *,
        after: int | None = None,
        read_timeout: float = 60.0,
    ) -> Iterator[StreamEvent]:
        """A thread's live stream (Server-Sent Events): the events after ``after`` (a
        stream event id), then each new one as it happens, until the run ends and the
        server closes the stream. Resume with ``after=`` the last ``event.id`` seen."""
        headers = {"Accept": "text/event-stream"}
        params = {"after": str(after)} if after is not None else None
        timeout = httpx.Timeout(30.0, read=read_timeout)
        http = self.client.get_httpx_client()
        path = f"/agents/{agent_id}/threads/{thread_id}/stream"
        with http.stream("GET", path, headers=headers, params=params, timeout=timeout) as response:
            if response.status_code != 200:
                response.read()
                raise _error(response.status_code, response.content)
            for data in _sse_data(response.iter_lines()):
                yield StreamEvent.from_dict(json.loads(data))


def verify_hook_signature(
    body: bytes | str, headers: Mapping[str, str], secret: str, *, tolerance: float = SIGNATURE_TOLERANCE_SECONDS
) -> HookPayload:
    """Check a hook delivery's Standard Webhooks signature and answer its payload
    (``payload.hook_type``, ``payload.agent.id``, ``payload.data`` ...).

    ``body`` is the raw request body (the bytes as received), ``headers`` the request's
    headers (any case), ``secret`` the hook's ``whsec_…`` secret. Raises
    :class:`HookSignatureError` when a header is missing, the timestamp is more than
    ``tolerance`` seconds away, or no ``v1`` signature matches. The same check as the
    ``standardwebhooks`` package's ``Webhook(secret).verify(body, headers)``.
    """
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    lowered = {key.lower(): value for key, value in headers.items()}
    delivery_id, stamp, signatures = (lowered.get(n) for n in ("webhook-id", "webhook-timestamp", "webhook-signature"))
    if not (delivery_id and stamp and signatures):
        raise HookSignatureError("missing webhook-id, webhook-timestamp or webhook-signature")
    try:
        sent_at = int(stamp)
    except ValueError as error:
        raise HookSignatureError("webhook-timestamp is not a number of seconds") from error
    if abs(time.time() - sent_at) > tolerance:
        raise HookSignatureError("webhook-timestamp is too far from now")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = delivery_id.encode() + b"." + stamp.encode() + b"." + raw
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for candidate in signatures.split():
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return HookPayload.from_dict(json.loads(raw))
    raise HookSignatureError("no v1 signature matches")


def describe(event: StreamEvent) -> str:
    """A stream event in a few readable words, as ``wakeful tail`` shows it: the text or
    reasoning written, ``→ name {arguments}`` for a tool call, ``← name result`` for its
    result (``← name failed …`` for an error), and how a run began and ended (completed
    and its summary, sleeping until …, waiting for approval of …, cancelled, failed …)."""
    kind = event.type_
    if kind in ("text", "reasoning"):
        return _present(event.content)
    if kind == "tool_call":
        args = event.tool_args.to_dict() if hasattr(event.tool_args, "to_dict") else {}
        return f"→ {_present(event.tool_name)} {_short(json.dumps(args, ensure_ascii=False))}"
    if kind == "tool_result":
        failed = " failed" if event.is_error is True else ""
        return f"← {_present(event.tool_name)}{failed} {_short(_result_text(event.tool_result))}"
    if kind == "start":
        return "▶ run started"
    if kind == "error":
        return f"✗ run failed: {_present(event.content) or 'error'}"
    if kind == "completed":
        return _run_end(event.metadata.additional_properties)
    return kind


def _run_end(meta: Mapping[str, Any]) -> str:
    """How a run ended, from its ``completed`` event's ``metadata.status``."""
    status = meta.get("status")
    if status == "sleeping":
        waits = ", ".join(str(w) for w in meta.get("wake_on_events") or [])
        until = meta.get("wake_at") or (f"an event ({waits})" if waits else "a message")
        extra = f" or an event ({waits})" if meta.get("wake_at") and waits else ""
        return f"◐ run ended — sleeping until {until}{extra}"
    if status == "waiting_approval":
        tools = ", ".join(str(a.get("tool")) for a in meta.get("approvals") or [] if isinstance(a, Mapping)) or "a tool call"
        return f"⏸ run paused — waiting for approval of {tools}"
    if status == "cancelled":
        return "■ run cancelled"
    if status == "expired":
        return f"■ thread expired: {meta.get('error_message') or ''}".rstrip(": ")
    summary = meta.get("summary")
    return "✓ run completed" + (f" — {summary}" if summary else "")


def _present(value: Any) -> str:
    """A field's text, or nothing when the event has none (``None`` or unset)."""
    return value if isinstance(value, str) else ""


def _result_text(result: Any) -> str:
    """A tool result on one line: a structure as compact JSON, text as it is (JSON text
    shown as that JSON, not quoted again)."""
    if isinstance(result, Unset):
        return ""
    if isinstance(result, str):
        try:
            parsed = json.loads(result)
        except ValueError:
            return result
        if not isinstance(parsed, (dict, list)):
            return result
        result = parsed
    return json.dumps(result, ensure_ascii=False, default=str)


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _sse_data(lines: Iterator[str]) -> Iterator[str]:
    """The ``data`` of each Server-Sent Event (comments and keep-alives skipped)."""
    data: list[str] = []
    for line in lines:
        if not line:
            if data:
                yield "\n".join(data)
            data = []
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    if data:
        yield "\n".join(data)


def _answer(response: Any, model: type) -> Any:
    if isinstance(response.parsed, model):
        return response.parsed
    raise _error(int(response.status_code), response.content)


def _error(status: int, content: bytes) -> WakefulApiError:
    try:
        error = Error.from_dict(json.loads(content)).error
        return WakefulApiError(status, error.code, error.message)
    except (ValueError, KeyError, TypeError, AttributeError):
        return WakefulApiError(status, "unexpected", content[:500].decode("utf-8", "replace"))
