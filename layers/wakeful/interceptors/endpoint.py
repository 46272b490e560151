"""Calling an interceptor endpoint: one signed, synchronous POST with a deadline.

The step waits for the answer, so everything here is about time: the exchange
(:func:`wakeful.outbound.request`) keeps the connection to the endpoint open between
steps, the unsealed secret is kept in memory after its first use, and ``timeout_ms`` is
a deadline for the whole exchange (connecting, the headers and the whole answer): an
endpoint trickling its answer is cut off there, and the call has failed. Answers over
:data:`MAX_ANSWER_BYTES` fail too.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from wakeful import net, outbound, secrets, signing

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.interceptors.models import Thread

#: The largest answer read (an answer is a decision and at most one event or message).
MAX_ANSWER_BYTES = 256 * 1024
USER_AGENT = "Wakeful-Interceptor/1"


@dataclass(frozen=True)
class Reply:
    """What came back: a status and body, or an error; and how long it took."""

    status_code: int | None
    body: bytes
    error: str | None
    latency_ms: float
    timed_out: bool = False


def secret_context(item: dict[str, Any]) -> dict[str, str]:
    """The KMS encryption context binding an interceptor's secret to its record."""
    return {"owner": item["owner"], "interceptor": item["interceptor_id"]}


@lru_cache(maxsize=256)
def _unsealed(sealed: str, owner: str, interceptor_id: str) -> str:
    return secrets.unseal(sealed, context={"owner": owner, "interceptor": interceptor_id})


def payload(agent: Agent, thread: Thread | None, event: dict[str, Any]) -> bytes:
    """The body an interceptor receives: ``{event, thread: {id, status}, agent: {id,
    name, alias}}`` (``thread`` null for a heartbeat's action)."""
    body = {
        "event": event,
        "thread": None if thread is None else {"id": thread.thread_id, "status": thread.status},
        "agent": {"id": agent.agent_id, "name": agent.name, "alias": agent.alias},
    }
    return json.dumps(body, separators=(",", ":"), default=str).encode()


def call(item: dict[str, Any], event: dict[str, Any], body: bytes, *, dev_mode: bool) -> Reply:
    """POST ``body`` to the interceptor, signed with its secret; never raises for the
    endpoint's faults. ``webhook-id`` is the event id, the same when a step is retried."""
    timeout_ms = int(item.get("timeout_ms") or 3000)
    started = time.perf_counter()

    def elapsed() -> float:
        return round((time.perf_counter() - started) * 1000, 2)

    url = item["endpoint_url"]
    try:
        target = net.Policy.current(dev_mode=dev_mode).check(url)  # again at call time: DNS may have changed
    except net.UnsafeUrlError as error:
        return Reply(None, b"", f"refused to call the endpoint: {error.message}", elapsed())
    secret = _unsealed(item["secret"], item["owner"], item["interceptor_id"])
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        **signing.headers(secret, str(event["id"]), int(time.time()), body),
        "X-Wakeful-Agent-Id": str(item["agent_id"]),
        "X-Wakeful-Event-Type": str(event.get("type")),
    }
    remaining = timeout_ms / 1000 - (time.perf_counter() - started)
    try:
        response = outbound.request("POST", target, headers=headers, body=body, timeout=max(remaining, 0.001), max_body_bytes=MAX_ANSWER_BYTES)
    except outbound.OutboundTimeout:
        return Reply(None, b"", f"no answer within timeout_ms ({timeout_ms} ms)", elapsed(), timed_out=True)
    except outbound.BodyTooLarge:
        return Reply(None, b"", f"the answer is over {MAX_ANSWER_BYTES} bytes", elapsed())
    except outbound.OutboundError as error:
        return Reply(None, b"", f"the call failed: {error.kind}: {error}", elapsed())
    return Reply(response.status, response.body, None, elapsed())
