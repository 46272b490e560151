"""Calling an interceptor endpoint: one signed, synchronous POST with a deadline.

The step waits for the answer, so everything here is about time: a shared HTTP session
keeps the connection to the endpoint open between steps, the unsealed secret is kept in
memory after its first use, and an answer that arrives after ``timeout_ms`` counts as
no answer even if it trickled in.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from wakeful import net, secrets, signing

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

MAX_ANSWER_BYTES = 512 * 1024
USER_AGENT = "Wakeful-Interceptor/1"

_local = threading.local()


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


def _session() -> Any:
    """One requests.Session per thread (requests is imported on first use)."""
    session = getattr(_local, "session", None)
    if session is None:
        import requests

        session = _local.session = requests.Session()
    return session


def payload(agent: Agent, thread: dict[str, Any], event: dict[str, Any]) -> bytes:
    """The body an interceptor receives: ``{event, thread: {id, status}, agent: {id,
    name, alias}}``."""
    body = {
        "event": event,
        "thread": {"id": thread.get("thread_id") or thread.get("id"), "status": thread.get("status")},
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
        net.check_url(url, dev_mode=dev_mode)  # again at call time: DNS may have changed
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
    return _post(url, body, headers, timeout_ms, started, elapsed)


def _post(url: str, body: bytes, headers: dict[str, str], timeout_ms: int, started: float, elapsed: Callable[[], float]) -> Reply:
    import requests
    from urllib3.exceptions import HTTPError as Urllib3Error
    from urllib3.exceptions import ReadTimeoutError

    deadline = started + timeout_ms / 1000
    late = f"no answer within timeout_ms ({timeout_ms} ms)"
    try:
        remaining = max(deadline - time.perf_counter(), 0.001)
        with _session().post(
            url, data=body, headers=headers, timeout=remaining, allow_redirects=False, stream=True
        ) as response:
            chunks: list[bytes] = []
            size = 0
            while size <= MAX_ANSWER_BYTES:
                chunk = response.raw.read(64 * 1024, decode_content=True)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if time.perf_counter() > deadline:
                    break
            status = response.status_code
    except (requests.Timeout, ReadTimeoutError, TimeoutError):
        return Reply(None, b"", late, elapsed(), timed_out=True)
    except (requests.RequestException, Urllib3Error, OSError) as error:
        return Reply(None, b"", f"the call failed: {type(error).__name__}", elapsed())
    if time.perf_counter() > deadline:
        return Reply(None, b"", late, elapsed(), timed_out=True)
    if size > MAX_ANSWER_BYTES:
        return Reply(status, b"", f"the answer is over {MAX_ANSWER_BYTES} bytes", elapsed())
    return Reply(status, b"".join(chunks), None, elapsed())
