"""``wakeful check``: a smoke test of a deployed stack (or ``wakeful dev``), run right
after ``cdk deploy``.

One step at a time, through the public API only, as one owner (the key's):

1. **health** — ``GET /health`` answers ``{"status": "ok"}``;
2. **agent** — an agent is created (the key is checked here: 401 fails this step);
3. **heartbeat** — one asked for (``POST .../heartbeats``) completes; the heartbeat scan
   runs every minute on AWS, so this may take up to a minute;
4. **webhook** — a webhook is created and a POST to its URL, signed with its secret
   (``X-Wakeful-Signature``), is accepted and its event is in the agent's log;
5. **hook** — a hook delivers to the stack itself, so no receiver of yours is needed: its
   endpoint is a ``raw`` webhook of the same agent and it signs with that webhook's
   secret (Standard Webhooks). Its test delivery must show ``SUCCESS`` in the hook's
   executions and arrive in the log as an event;
6. **thread** — a thread is started and its run ends (answered, or completed). When the
   deployment has no model key yet (the thread fails with "no … API key") the step is
   *skipped* with that reason: not a failure;
7. **stream** — the thread's live stream, over Server-Sent Events, runs from its start
   to its end; with ``--ws`` also **websocket**: the stack's WebSocket API, subscribed
   to the agent before the thread starts, delivers the run live.

Each step prints one line when it ends (✓ passed, ✗ failed with the reason, – skipped
or not run) with its time. Then everything the check created is removed (the thread is
cancelled if it still waits, the hook and the webhooks deleted, then the agent), also
after a failure or Ctrl-C. Exit status: 0 when every step passed or was skipped, 1 when
one failed (the summary names it), 130 when interrupted.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

import requests

from wakeful import signing
from wakeful_dev.sse_client import SseError, SseStream

PASS, FAIL, SKIP = "✓", "✗", "–"
#: How long each waiting step (heartbeat, hook, thread, stream) waits by default.
DEFAULT_TIMEOUT = 90.0
#: Per HTTP request.
REQUEST_TIMEOUT = 30.0
POLL_SECONDS = 1.0
#: A thread that failed for want of a model key: the deployment has no model configured.
NO_MODEL = re.compile(r"\bno (?:[\w-]+ )?API key\b")
#: A model the account may not call yet (Bedrock: model access is enabled per account).
NO_MODEL_ACCESS = re.compile(r"AccessDenied|don't have access to the model|not authorized to invoke", re.IGNORECASE)
THREAD_MESSAGE = "This is a deployment check. Reply with the single word OK, then call complete_task with the summary 'check passed'."
HOOK_TYPE = "NOTIFICATION"
STEP_WIDTH = 10


class StepFailed(Exception):
    """The step failed; the message says why."""


class StepSkipped(Exception):
    """The step cannot say anything about this deployment; the message says why."""


class Interrupted(Exception):
    """Ctrl-C or SIGTERM asked the check to stop (seen at its next request or wait)."""


@dataclass
class Created:
    """What the check created, to remove at the end."""

    agent_id: str | None = None
    webhook_ids: list[str] = field(default_factory=list)
    hook_ids: list[str] = field(default_factory=list)
    thread_id: str | None = None


class Api:
    """The HTTP API as the key's owner: every answer that is not the expected status is
    a :class:`StepFailed` saying what came back."""

    def __init__(self, base: str, key: str, stop: threading.Event | None = None) -> None:
        self.base = base.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {key}"
        #: Set when the check is asked to stop: a call then raises :class:`Interrupted`
        #: (None while cleaning up, whose calls go on).
        self.stop = stop

    def call(self, method: str, path: str, expect: int | tuple[int, ...] = 200, **kwargs: Any) -> Any:
        url = path if path.startswith(("http://", "https://")) else self.base + path
        self.interruption_point()
        try:
            response = self.http.request(method, url, timeout=REQUEST_TIMEOUT, **kwargs)
        except requests.RequestException as error:
            raise StepFailed(f"cannot reach {url}: {_cause(error)}") from None
        self.interruption_point()
        if response.status_code not in ((expect,) if isinstance(expect, int) else expect):
            raise StepFailed(f"{method} {path} answered {response.status_code}: {error_text(response)}")
        return response.json() if response.content else None

    def interruption_point(self) -> None:
        """Raise :class:`Interrupted` if the check was asked to stop."""
        if self.stop is not None and self.stop.is_set():
            raise Interrupted()

    def pause(self, seconds: float) -> None:
        """Wait ``seconds`` between polls, or raise :class:`Interrupted` at once when asked to stop."""
        if self.stop is None:
            time.sleep(seconds)
        elif self.stop.wait(seconds):
            raise Interrupted()


def error_text(response: requests.Response) -> str:
    """The API's ``{"error": {code, message}}`` as one line, else the body's start."""
    try:
        error = response.json()["error"]
        return f"{error['code']}: {error['message']}"
    except (ValueError, KeyError, TypeError):
        return response.text[:200] or response.reason or "no body"


def _cause(error: Exception) -> str:
    """The innermost reason of a connection error (``Connection refused``), not urllib3's chain."""
    text = str(error)
    found = re.findall(r"\[Errno -?\d+\] ([^'\")]+)", text)
    return found[-1].strip() if found else text[:200]


class Check:
    """One run of the check against ``api`` (and ``ws``, the WebSocket API, if given)."""

    def __init__(
        self, api: str, key: str, *, ws: str | None = None, timeout: float = DEFAULT_TIMEOUT, out: TextIO = sys.stdout,
        stop: threading.Event | None = None,
    ) -> None:  # fmt: skip
        self.stop = stop or threading.Event()
        self.api = Api(api, key, self.stop)
        self.key = key
        self.ws = ws
        self.timeout = timeout
        self.out = out
        self.created = Created()
        self.nonce = uuid.uuid4().hex[:12]
        self.listener: LiveListener | None = None
        self.failed: list[str] = []
        self.skipped: list[str] = []
        self.interrupted = False

    # -- running -----------------------------------------------------------------------
    def run(self) -> int:
        """Run every step, clean up, print the summary; the exit status."""
        self.out.write(f"wakeful check: {self.api.base}" + (f" (WebSocket API {self.ws})" if self.ws else "") + "\n")
        self.out.flush()
        try:
            self._steps()
        except (KeyboardInterrupt, Interrupted):
            self.interrupted = True
        finally:
            self._cleanup()
        return self._summary()

    def _steps(self) -> None:
        steps: list[tuple[str, Callable[[], str]]] = [
            ("health", self.health), ("agent", self.agent), ("heartbeat", self.heartbeat), ("webhook", self.webhook),
            ("hook", self.hook), ("thread", self.thread), ("stream", self.stream),
        ]  # fmt: skip
        if self.ws:
            steps.append(("websocket", self.websocket))
        for name, step in steps:
            self.step(name, step)
            if self.failed and name in ("health", "agent"):
                return  # every later step needs the API and the agent

    def step(self, name: str, action: Callable[[], str]) -> None:
        """Run one step and print its line (also when interrupted, then re-raise)."""
        if self.out.isatty():
            self.out.write(f"  {name} …")
            self.out.flush()
        started = time.monotonic()
        try:
            mark, detail = PASS, action()
        except StepSkipped as reason:
            mark, detail = SKIP, f"skipped: {reason}"
            self.skipped.append(name)
        except StepFailed as reason:
            mark, detail = FAIL, str(reason)
            self.failed.append(name)
        except (KeyboardInterrupt, Interrupted):
            self._line(FAIL, name, time.monotonic() - started, "interrupted")
            self.failed.append(name)
            self.interrupted = True
            raise
        except Exception as error:  # noqa: BLE001 - an answer of an unexpected shape (another version?) fails the step, not the check
            mark, detail = FAIL, f"unexpected: {type(error).__name__}: {error}"
            self.failed.append(name)
        self._line(mark, name, time.monotonic() - started, detail)

    def _line(self, mark: str, name: str, seconds: float, detail: str) -> None:
        prefix = "\r\033[K" if self.out.isatty() else ""
        self.out.write(f"{prefix}{mark} {name:<{STEP_WIDTH}} {seconds:5.1f} s  {detail}".rstrip() + "\n")
        self.out.flush()

    def _summary(self) -> int:
        if self.interrupted:
            self.out.write("check interrupted\n")
            self.out.flush()
            return 130
        if self.failed:
            self.out.write(f"check failed: {', '.join(self.failed)}\n")
            self.out.flush()
            return 1
        skipped = f" ({len(self.skipped)} skipped: {', '.join(self.skipped)})" if self.skipped else ""
        self.out.write(f"check passed{skipped}\n")
        self.out.flush()
        return 0

    def deadline(self) -> float:
        return time.monotonic() + self.timeout

    # -- the steps ---------------------------------------------------------------------
    def health(self) -> str:
        body = self.api.call("GET", "/health")
        if body != {"status": "ok"}:
            raise StepFailed(f"GET /health answered {json.dumps(body)[:200]}, not {{\"status\": \"ok\"}}")
        return ""

    def agent(self) -> str:
        body = {
            "name": "wakeful check",
            "alias": f"wakeful-check-{self.nonce}",
            "system_prompt": "You are a deployment check. Answer in one word and complete the task.",
            "tools": [],
            "max_llm_calls_per_run": 3,
            "heartbeat_interval_seconds": 7 * 24 * 3600,
        }
        try:
            agent = self.api.call("POST", "/agents", 201, json=body)
        except StepFailed as failure:
            hint = " (is --key a key of this stack? `wakeful keys create --owner NAME` makes one)" if " 401:" in str(failure) else ""
            raise StepFailed(f"{failure}{hint}") from None
        self.created.agent_id = agent["id"]
        return agent["id"]

    def heartbeat(self) -> str:
        base = f"/agents/{self.created.agent_id}/heartbeats"
        heartbeat_id = self.api.call("POST", base, 202)["heartbeat_id"]
        deadline, status = self.deadline(), "?"
        while time.monotonic() < deadline:
            row = self.api.call("GET", f"{base}/{heartbeat_id}")
            status = row["status"]
            if status == "COMPLETED":
                return f"{heartbeat_id} COMPLETED"
            if status == "FAILED":
                raise StepFailed(f"{heartbeat_id} FAILED: {row.get('error_message') or 'no reason recorded'}")
            self.api.pause(POLL_SECONDS)
        raise StepFailed(f"{heartbeat_id} still {status} after {self.timeout:g} s (on AWS the heartbeat scan runs every minute: is its schedule enabled?)")

    def webhook(self) -> str:
        webhook = self._new_webhook({"allowed_event_types": ["wakeful_check"]})
        raw = json.dumps({"event_type": "wakeful_check", "payload": {"check": self.nonce}}).encode()
        stamp = str(int(time.time()))
        digest = hmac.new(signing.secret_key(webhook["secret"]), stamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
        headers = {"Content-Type": "application/json", "X-Wakeful-Timestamp": stamp, "X-Wakeful-Signature": f"sha256={digest}"}
        try:
            answer = requests.post(webhook["url"], data=raw, headers=headers, timeout=REQUEST_TIMEOUT)
        except requests.RequestException as error:
            raise StepFailed(f"cannot reach the webhook's URL {webhook['url']}: {_cause(error)}") from None
        if answer.status_code != 202:
            raise StepFailed(f"the signed POST to {webhook['url']} answered {answer.status_code}: {error_text(answer)}")
        event = self._find_event(lambda e: e["id"] == answer.json()["event_id"], "the webhook's event")
        if event["payload"] != {"check": self.nonce}:
            raise StepFailed(f"event #{event['seq']} holds {json.dumps(event['payload'])[:200]}, not what was sent")
        return f"{webhook['id']} accepted a signed POST: event #{event['seq']} in the log"

    def hook(self) -> str:
        agent_id = self.created.agent_id
        webhook = self._new_webhook({"provider": "raw"})
        body = {
            "hook_type": HOOK_TYPE, "endpoint_url": webhook["url"], "secret": webhook["secret"],
            # a cold webhook function may take seconds to answer the first delivery
            "retry_config": {"max_retries": 2, "timeout_ms": 15000},
        }  # fmt: skip
        hook = self.api.call("POST", f"/agents/{agent_id}/hooks", 201, json=body)
        self.created.hook_ids.append(hook["id"])
        base = f"/agents/{agent_id}/hooks/{hook['id']}"
        delivery_id = self.api.call("POST", f"{base}/test", 202)["delivery_id"]
        deadline, attempts = self.deadline(), []
        while time.monotonic() < deadline:
            attempts = self.api.call("GET", f"{base}/executions", params={"delivery_id": delivery_id})["items"]
            if any(a["status"] == "SUCCESS" for a in attempts):
                event = self._find_event(lambda e: (e.get("metadata") or {}).get("delivery") == f"id:{delivery_id}", "the delivery's event")
                return f"{hook['id']} delivered to the stack's own webhook {webhook['id']}: SUCCESS, event #{event['seq']} in the log"
            delivery = self.api.call("GET", f"{base}/deliveries/{delivery_id}")
            if delivery["status"] in ("FAILED", "CANCELLED"):
                attempts = self.api.call("GET", f"{base}/executions", params={"delivery_id": delivery_id})["items"]
                break
            self.api.pause(POLL_SECONDS)
        raise StepFailed(f"delivery {delivery_id} did not succeed: {_attempts_text(attempts)}")

    def thread(self) -> str:
        agent_id = self.created.agent_id
        if self.ws:
            self.listener = LiveListener(self.ws, self.key, str(agent_id))
            self.listener.start(REQUEST_TIMEOUT)  # subscribed before the run starts, or its error kept
        thread = self.api.call("POST", f"/agents/{agent_id}/threads", 201, json={"message": THREAD_MESSAGE})
        self.created.thread_id = thread["id"]
        deadline = self.deadline()
        while time.monotonic() < deadline:
            thread = self.api.call("GET", f"/agents/{agent_id}/threads/{thread['id']}")
            if thread["status"] == "complete":
                return f"{thread['id']} completed: {thread.get('summary') or 'no summary'}"
            if thread["status"] == "sleeping":
                return f"{thread['id']} answered; it waits for a reply"
            if thread["status"] in ("failed", "expired", "waiting_approval"):
                raise_thread_failure(thread)
            self.api.pause(POLL_SECONDS)
        raise StepFailed(f"{thread['id']} still {thread['status']} after {self.timeout:g} s")

    def stream(self) -> str:
        if not self.created.thread_id:
            raise StepFailed("no thread to read: the thread step did not start one")
        url = f"{self.api.base}/agents/{self.created.agent_id}/threads/{self.created.thread_id}/stream?after=0"
        events = read_sse(url, self.key, self.deadline(), self.stop)
        return "SSE: " + describe_run(events)

    def websocket(self) -> str:
        if self.listener is None:
            raise StepFailed("no thread to watch: the thread step did not start one")
        if self.listener.error:
            raise StepFailed(self.listener.error)
        events = self.listener.wait_for_end(str(self.created.thread_id), self.deadline(), self.stop)
        return "live: " + describe_run(events)

    # -- helpers -----------------------------------------------------------------------
    def _new_webhook(self, body: dict[str, Any]) -> dict[str, Any]:
        webhook = self.api.call("POST", f"/agents/{self.created.agent_id}/webhooks", 201, json=body)
        self.created.webhook_ids.append(webhook["id"])
        return webhook

    def _find_event(self, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The first event of the agent's log that ``wanted`` accepts, waiting for it."""
        deadline = self.deadline()
        while True:
            after = 0
            while True:
                page = self.api.call("GET", f"/agents/{self.created.agent_id}/events", params={"after_seq": after, "limit": 50})["items"]
                for event in page:
                    if wanted(event):
                        return event
                if len(page) < 50:
                    break
                after = page[-1]["seq"]
            if time.monotonic() >= deadline:
                raise StepFailed(f"{what} is not in the agent's log after {self.timeout:g} s")
            self.api.pause(POLL_SECONDS)

    def _cleanup(self) -> None:
        self.api.stop = None  # asked to stop or not, what the check created goes
        created = self.created
        if self.listener is not None:
            self.listener.close()
        if created.agent_id is None:
            return
        try:
            self.step("cleanup", self._remove)
        except (KeyboardInterrupt, Interrupted):
            self.out.write(f"cleanup interrupted: agent {created.agent_id} may be left (DELETE /agents/{created.agent_id})\n")
            self.out.flush()

    def _remove(self) -> str:
        """Cancel the thread if it still waits, delete the hook and webhooks, then the
        agent (deleting an agent leaves its hooks, webhooks and threads in place)."""
        created, agent = self.created, f"/agents/{self.created.agent_id}"
        done: list[str] = []
        if created.thread_id:
            thread = self.api.call("GET", f"{agent}/threads/{created.thread_id}")
            if thread["status"] in ("active", "sleeping", "waiting_approval"):
                self.api.call("POST", f"{agent}/threads/{created.thread_id}/cancel")
                done.append(f"cancelled thread {created.thread_id}")
        for hook_id in created.hook_ids:
            self.api.call("DELETE", f"{agent}/hooks/{hook_id}", (204, 404))
        for webhook_id in created.webhook_ids:
            self.api.call("DELETE", f"{agent}/webhooks/{webhook_id}", (204, 404))
        self.api.call("DELETE", agent, (204, 404))
        parts = [_count(len(created.hook_ids), "hook"), _count(len(created.webhook_ids), "webhook")]
        owned = " and ".join(p for p in parts if p)
        return f"deleted agent {created.agent_id}" + (f", its {owned}" if owned else "") + "".join(f"; {d}" for d in done)


def _count(n: int, noun: str) -> str:
    return "" if n == 0 else noun if n == 1 else f"{n} {noun}s"


def raise_thread_failure(thread: dict[str, Any]) -> None:
    """Fail the thread step, or skip it when the deployment has no model key yet."""
    error = thread.get("error_message") or thread["status"]
    if thread["status"] == "failed" and NO_MODEL.search(error):
        raise StepSkipped(f"no model configured ({error}); docs/deploy.md says where the key goes")
    if NO_MODEL_ACCESS.search(error):
        raise StepFailed(f"{thread['id']} failed: {error} (enable access to the model in the Bedrock console first: docs/deploy.md)")
    raise StepFailed(f"{thread['id']} {thread['status']}: {error}")


def _attempts_text(attempts: list[dict[str, Any]]) -> str:
    if not attempts:
        return "no attempt was made (is the hook delivery state machine running?)"
    last = attempts[0]  # newest first
    code = f" {last['status_code']}" if last.get("status_code") else ""
    reason = last.get("error_message") or (last.get("response_body") or "")[:200]
    return f"{len(attempts)} attempt(s), the last {last['status']}{code}" + (f": {reason}" if reason else "")


def describe_run(events: list[dict[str, Any]]) -> str:
    """Check one run's stream: it starts with ``start``, ids run 1, 2, … without a gap,
    and it ends with ``completed`` or ``error``. A summary, or :class:`StepFailed`."""
    if not events:
        raise StepFailed("no event arrived")
    ids = [e.get("id") for e in events]
    if ids != list(range(1, len(events) + 1)):
        raise StepFailed(f"event ids {ids[:20]} are not 1, 2, … in order")
    if events[0].get("type") != "start":
        raise StepFailed(f"the first event is {events[0].get('type')!r}, not 'start'")
    if events[-1].get("type") not in ("completed", "error"):
        raise StepFailed(f"the run's end never came (last event: #{ids[-1]} {events[-1].get('type')})")
    return f"{len(events)} events, start … {events[-1]['type']}"


def read_sse(url: str, key: str, deadline: float, stop: threading.Event | None = None) -> list[dict[str, Any]]:
    """A thread's stream over SSE until its run's end: one open stream from ``wakeful
    dev``; from API Gateway, which answers the events so far and closes, a reconnect
    with ``Last-Event-ID`` until the end arrives or ``deadline`` passes (or ``stop`` is
    set: :class:`Interrupted`)."""
    events: list[dict[str, Any]] = []
    last_id: str | None = None
    while True:
        try:
            with SseStream(url, key=key, last_event_id=last_id, timeout=REQUEST_TIMEOUT) as stream:
                for frame in stream:
                    if stop is not None and stop.is_set():
                        raise Interrupted()
                    events.append(frame.json())
                    last_id = frame.id
                    if frame.event in ("completed", "error"):
                        return events
        except SseError as error:
            raise StepFailed(f"the stream answered {error.status}: {error.body[:200]}") from None
        except OSError as error:
            raise StepFailed(f"cannot read the stream at {url}: {error or type(error).__name__}") from None
        if time.monotonic() >= deadline:
            return events
        if stop is None:
            time.sleep(POLL_SECONDS)
        elif stop.wait(POLL_SECONDS):
            raise Interrupted()


class LiveListener:
    """The agent's live stream over the WebSocket API, read on a thread of its own so
    that it is subscribed before the run it watches starts."""

    def __init__(self, url: str, key: str, agent_id: str) -> None:
        self.url, self.key, self.agent_id = url, key, agent_id
        self.events: dict[str, dict[int, dict[str, Any]]] = {}
        self.error: str | None = None
        self.subscribed = threading.Event()
        self.changed = threading.Condition()
        self.connection: Any = None

    def start(self, timeout: float) -> None:
        """Connect and subscribe; returns once subscribed, or with ``error`` set."""
        threading.Thread(target=self._read, name="check-websocket", daemon=True).start()
        if not self.subscribed.wait(timeout) and self.error is None:
            self.error = f"the WebSocket API did not confirm the subscription within {timeout:g} s"

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI  # noqa: PLC0415 - with --ws only
        from websockets.sync.client import connect  # noqa: PLC0415

        try:
            with connect(self.url, additional_headers={"Authorization": f"Bearer {self.key}"}, ping_interval=None, open_timeout=REQUEST_TIMEOUT) as ws:
                self.connection = ws
                ws.send(json.dumps({"action": "subscribe", "agent_id": self.agent_id}))
                for raw in ws:
                    self._receive(json.loads(raw))
        except InvalidURI as error:
            self._fail(f"not a WebSocket URL: {error}")
        except InvalidHandshake as error:
            status = getattr(getattr(error, "response", None), "status_code", None)
            self._fail(f"the WebSocket API refused the connection ({status or error})")
        except ConnectionClosed:
            pass  # closed by close(), or by API Gateway after the events came
        except (OSError, TimeoutError, ValueError) as error:
            self._fail(f"cannot reach the WebSocket API at {self.url}: {error or type(error).__name__}")

    def _receive(self, body: dict[str, Any]) -> None:
        if body.get("type") == "subscribed":
            self.subscribed.set()
            return
        if body.get("type") == "error" and isinstance(body.get("error"), dict) and "id" not in body:
            self._fail(f"the WebSocket API answered {body['error'].get('code')}: {body['error'].get('message')}")
            return
        thread_id = str((body.get("metadata") or {}).get("thread_id") or "")
        if isinstance(body.get("id"), int) and thread_id:
            with self.changed:
                self.events.setdefault(thread_id, {})[body["id"]] = body
                self.changed.notify_all()

    def _fail(self, reason: str) -> None:
        if self.error is None:
            self.error = reason
        self.subscribed.set()
        with self.changed:
            self.changed.notify_all()

    def wait_for_end(self, thread_id: str, deadline: float, stop: threading.Event | None = None) -> list[dict[str, Any]]:
        """The thread's events received by ``deadline`` or its run's end, in id order
        (``stop`` set meanwhile: :class:`Interrupted`)."""
        with self.changed:
            while not self._ended(thread_id) and self.error is None and time.monotonic() < deadline:
                if stop is not None and stop.is_set():
                    raise Interrupted()
                self.changed.wait(max(0.0, min(1.0, deadline - time.monotonic())))
            if self.error is not None:
                raise StepFailed(self.error)
            return [event for _, event in sorted(self.events.get(thread_id, {}).items())]

    def _ended(self, thread_id: str) -> bool:
        return any(e.get("type") in ("completed", "error") for e in self.events.get(thread_id, {}).values())

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.close()
            except Exception:  # noqa: BLE001 - closing a connection that failed is not news
                pass


def check(
    *, api: str, key: str, ws: str | None = None, timeout: float = DEFAULT_TIMEOUT, out: TextIO = sys.stdout,
    stop: threading.Event | None = None,
) -> int:  # fmt: skip
    """Run the check; the exit status (0 passed, 1 a step failed, 130 interrupted).
    ``stop``, set by a signal handler, ends it at its next request or wait."""
    return Check(api, key, ws=ws, timeout=timeout, out=out, stop=stop).run()
