"""``wakeful tail``: an agent's live stream, readable and coloured, in a terminal.

Reads Server-Sent Events: from ``wakeful dev`` the connection stays open while the
thread runs; from a deployed stack (API Gateway answers the events so far and closes)
it reconnects with ``Last-Event-ID``, which makes it a poll every couple of seconds.
Given the stack's WebSocket API (``--ws``, the ``StreamWebSocketUrl`` output) it reads
that instead: it connects with the API key, subscribes to the agent (or the thread,
catching up after ``--after``) and prints every event the fan-out posts, reconnecting
when API Gateway closes the connection. That is how an agent's tail works against a
deployed stack. A thread's tail ends when its run ends, and its last line says how
(completed, sleeping until …, waiting for approval of …, cancelled, failed: …)
and what the run's model calls cost (``· $0.0042 (3 calls)``);
``--follow`` waits for the next run. An agent's runs until interrupted, printing each
run's end the same way. A server that cannot be reached after
:data:`CONNECT_ATTEMPTS` tries in a row is an error (exit 1), not an endless retry.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Iterator, TextIO

from wakeful_dev.sse_client import Frame, SseError, SseStream

RESET, DIM, BOLD, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN = (
    "\033[0m", "\033[2m", "\033[1m", "\033[31m", "\033[32m", "\033[33m", "\033[34m", "\033[35m", "\033[36m",
)  # fmt: skip
DELTAS = ("text", "reasoning")
TERMINAL = ("completed", "error")
#: Ids remembered per thread to print each WebSocket event once.
DEDUPE_WINDOW = 1000
#: Failed connection attempts in a row before the tail gives up.
CONNECT_ATTEMPTS = 4
#: How long the WebSocket tail waits for a message before looking again. Ctrl-C shows in
#: the main thread only when it next runs Python code: a signal another thread took, or
#: one that came just before the wait began, would otherwise wait for the next message.
RECEIVE_SLICE_SECONDS = 0.5
#: How long a closing WebSocket tail waits for the server to answer its close.
CLOSE_SECONDS = 1.0
#: After Ctrl-C, how long the WebSocket tail may take to close before it exits anyway.
STOP_GRACE_SECONDS = 3.0


class _Stop:
    """Ctrl-C asks the WebSocket tail to stop. The handler only sets a flag, which the
    receive loop reads between slices: no exception is raised inside the WebSocket
    library, where one raised while it holds a lock would leave the close waiting for
    ever (seen as a tail still running 30 s after Ctrl-C on a busy machine). A close
    that takes longer than :data:`STOP_GRACE_SECONDS`, or a second Ctrl-C, ends the
    process at once (its output flushed)."""

    def __init__(self, out: TextIO) -> None:
        self.requested = threading.Event()
        self._out = out
        self._previous: Any = None

    def __enter__(self) -> _Stop:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *_: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)

    def _handle(self, _signum: int, _frame: FrameType | None) -> None:
        if self.requested.is_set():
            self._exit_now()
        self.requested.set()
        timer = threading.Timer(STOP_GRACE_SECONDS, self._exit_now)
        timer.daemon = True
        timer.start()

    def _exit_now(self) -> None:
        try:
            self._out.flush()
        finally:
            os._exit(0)


@dataclass
class Printer:
    """Turns StreamEvents into lines: deltas run on inline, everything else is a line."""

    out: TextIO
    color: bool
    show_thread: bool
    raw: bool = False
    _inline: tuple[str, str] | None = field(default=None, init=False)

    def paint(self, code: str, text: str) -> str:
        return f"{code}{text}{RESET}" if self.color else text

    def event(self, body: dict[str, Any]) -> None:
        if self.raw:
            self.out.write(json.dumps(body, ensure_ascii=False) + "\n")
            self.out.flush()
            return
        kind, thread = body.get("type", "?"), (body.get("metadata") or {}).get("thread_id", "")
        if kind in DELTAS:
            if self._inline != (kind, thread):
                self._end_inline()
                self.out.write(self._prefix(body) + self.paint(DIM, "reasoning " if kind == "reasoning" else ""))
                self._inline = (kind, thread)
            content = body.get("content") or ""
            self.out.write(self.paint(DIM, content) if kind == "reasoning" else content)
        else:
            self._end_inline()
            self.out.write(self._prefix(body) + self._describe(kind, body) + "\n")
        self.out.flush()

    def note(self, text: str) -> None:
        self._end_inline()
        self.out.write(self.paint(DIM, f"-- {text}") + "\n")
        self.out.flush()

    def _end_inline(self) -> None:
        if self._inline is not None:
            self.out.write("\n")
            self._inline = None

    def _prefix(self, body: dict[str, Any]) -> str:
        meta = body.get("metadata") or {}
        clock = (meta.get("created_at") or "")[11:19]
        thread = f" {self.paint(MAGENTA, meta.get('thread_id', ''))}" if self.show_thread else ""
        return f"{self.paint(DIM, clock)}{thread} {self.paint(DIM, '#' + str(body.get('id', '?')).ljust(4))} "

    def _describe(self, kind: str, body: dict[str, Any]) -> str:
        if kind == "start":
            return self.paint(BOLD + BLUE, "▶ run started") + self.paint(DIM, f"  {body['metadata'].get('run_id', '')}")
        if kind == "tool_call":
            args = json.dumps(body.get("tool_args") or {}, ensure_ascii=False)
            return self.paint(CYAN, f"→ {body.get('tool_name')}") + " " + _short(args)
        if kind == "tool_result":
            failed = body.get("is_error")
            result = _result_text(body.get("tool_result"))
            return self.paint(RED if failed else GREEN, f"← {body.get('tool_name')}{' failed' if failed else ''}") + " " + _short(result)
        if kind == "completed":
            return self._completed(body.get("metadata") or {}) + self._cost(body.get("metadata") or {})
        if kind == "error":
            return self.paint(BOLD + RED, f"✗ run failed: {body.get('content') or 'error'}") + self._cost(body.get("metadata") or {})
        return self.paint(YELLOW, kind)

    def _cost(self, meta: dict[str, Any]) -> str:
        """What the run's model calls cost (``metadata.usage`` of its end), as
        ``  · $0.0042 (3 calls)``; nothing when the end does not say."""
        usage = meta.get("usage")
        if not isinstance(usage, dict):
            return ""
        calls = int(usage.get("calls") or 0)
        usd = float(usage.get("usd") or 0)
        return "  " + self.paint(DIM, f"· ${usd:.4f} ({calls} call{'' if calls == 1 else 's'})")

    def _completed(self, meta: dict[str, Any]) -> str:
        """How the run ended, from ``metadata.status``."""
        status = meta.get("status")
        if status == "sleeping":
            waits = ", ".join(str(w) for w in meta.get("wake_on_events") or [])
            until = meta.get("wake_at") or (f"an event ({waits})" if waits else "a message")
            extra = f" or an event ({waits})" if meta.get("wake_at") and waits else ""
            return self.paint(BOLD + BLUE, f"◐ run ended — sleeping until {until}{extra}")
        if status == "waiting_approval":
            tools = ", ".join(str(a.get("tool")) for a in meta.get("approvals") or [] if isinstance(a, dict)) or "a tool call"
            return self.paint(BOLD + YELLOW, f"⏸ run paused — waiting for approval of {tools}")
        if status == "cancelled":
            return self.paint(BOLD + YELLOW, "■ run cancelled")
        if status == "expired":
            return self.paint(BOLD + YELLOW, f"■ thread expired: {meta.get('error_message') or ''}".rstrip(": "))
        summary = meta.get("summary")
        return self.paint(BOLD + GREEN, "✓ run completed") + (f" — {summary}" if summary else "")


def _result_text(result: Any) -> str:
    """A tool result as one line: a structure as compact JSON, text as it is (a result
    that is JSON text is shown as that JSON, not quoted again)."""
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


def tail(
    *,
    api: str,
    key: str,
    agent_id: str,
    thread_id: str | None = None,
    types: str | None = None,
    after: int | None = None,
    follow: bool = False,
    out: TextIO = sys.stdout,
    color: bool | None = None,
    raw: bool = False,
    ws: str | None = None,
) -> int:
    """Print the stream until the thread's run ends (or forever for an agent); over the
    WebSocket API at ``ws`` when given, else over SSE from ``api``."""
    printer = Printer(out=out, color=out.isatty() if color is None else color, show_thread=thread_id is None, raw=raw)
    if ws:
        subscription = WebSocketTail(ws, key, agent_id, thread_id, types=types, after=after, follow=follow)
        return subscription.run(printer)
    path = f"/agents/{agent_id}/threads/{thread_id}/stream" if thread_id else f"/agents/{agent_id}/stream"
    query = "&".join(p for p in (f"types={types}" if types else "", f"after={after}" if after is not None else "") if p)
    url = api.rstrip("/") + path + (f"?{query}" if query else "")
    last_id: str | None = None
    delay = 2.0
    failures = 0
    while True:
        try:
            last: Frame | None = None
            with SseStream(url, key=key, last_event_id=last_id) as stream:
                failures = 0
                for frame in stream:
                    printer.event(frame.json())
                    last, last_id = frame, frame.id
                delay = (stream.retry_ms or 2000) / 1000
                if stream.last_comment and "revoked" in stream.last_comment:
                    printer.note(f"the server closed the stream: {stream.last_comment}")
                    return 1
        except SseError as error:
            printer.note(f"{error.status}: {_error_message(error.body)}")
            return 1
        except OSError as error:
            failures += 1
            if failures >= CONNECT_ATTEMPTS:
                printer.note(
                    f"cannot reach {api} ({error or type(error).__name__}) after {failures} attempts: is the API "
                    "there (`wakeful dev` serves it on port 8080 by default)? Pass --api or set WAKEFUL_API_URL"
                )
                return 1
            printer.note(f"connection failed ({error or type(error).__name__}); retrying")
            time.sleep(delay)
            continue
        if thread_id is None and last is None:
            # A streaming server does not end an agent's stream unasked; one that ends it
            # at once cannot stream (API Gateway), and has no per-agent catch-up to poll.
            printer.note(
                "this server cannot hold an agent's stream open: pass --ws with the stack's WebSocket API "
                "(its StreamWebSocketUrl output, or set WAKEFUL_STREAM_WS_URL), or --thread"
            )
            return 2
        if not follow and last is not None and last.event in TERMINAL:
            return 0
        time.sleep(delay)


def _error_message(body: str) -> str:
    try:
        return json.loads(body)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        return body[:200]


class WebSocketTail:
    """An agent's (or a thread's) live stream over the WebSocket API.

    Events are printed once each: a thread's catch-up and the live fan-out may both
    deliver an event, and a reconnect resubscribes a thread after the last id printed.
    """

    def __init__(
        self, url: str, key: str, agent_id: str, thread_id: str | None, *,
        types: str | None = None, after: int | None = None, follow: bool = False,
    ) -> None:  # fmt: skip
        self.url = url
        self.key = key
        self.agent_id = agent_id
        self.thread_id = thread_id
        self.types = [t.strip() for t in types.split(",") if t.strip()] if types else None
        self.after = after
        self.follow = follow
        self.seen: dict[str, set[int]] = {}
        self.last_type: str | None = None
        self.subscribed = False

    def subscribe_message(self) -> dict[str, Any]:
        """The ``subscribe`` message for this tail (a thread resumes after its last id)."""
        message: dict[str, Any] = {"action": "subscribe", "agent_id": self.agent_id}
        if self.thread_id:
            printed = self.seen.get(self.thread_id)
            message["thread_id"] = self.thread_id
            message["after"] = max(printed) if printed else (self.after or 0)
        if self.types:
            message["types"] = self.types
        return message

    def run(self, printer: Printer, retry_seconds: float = 2.0) -> int:
        """Connect, subscribe and print until the thread's run ends (an agent: until
        Ctrl-C, which ends it with status 0)."""
        with _Stop(printer.out) as stop:
            return self._run(printer, retry_seconds, stop.requested)

    def _run(self, printer: Printer, retry_seconds: float, stop: threading.Event) -> int:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI  # noqa: PLC0415 - dev CLI only
        from websockets.sync.client import connect  # noqa: PLC0415

        failures = 0
        while not stop.is_set():
            try:
                # API Gateway closes idle connections itself; this end sends no pings.
                with connect(
                    self.url, additional_headers={"Authorization": f"Bearer {self.key}"},
                    ping_interval=None, open_timeout=15, close_timeout=CLOSE_SECONDS,
                ) as ws:  # fmt: skip
                    failures = 0
                    self.subscribed = False
                    ws.send(json.dumps(self.subscribe_message()))
                    for raw in _messages(ws, stop):
                        outcome = self.receive(json.loads(raw), printer)
                        if outcome is not None:
                            return outcome
                if stop.is_set():
                    return 0
                printer.note("the WebSocket API closed the connection; reconnecting")
            except InvalidURI as error:
                printer.note(f"not a WebSocket URL: {error}")
                return 2
            except InvalidHandshake as error:
                status = getattr(getattr(error, "response", None), "status_code", None)
                printer.note(f"the WebSocket API refused the connection ({status or error}): is the API key valid?")
                return 1
            except (OSError, TimeoutError, ConnectionClosed) as error:
                failures += 1
                if failures >= CONNECT_ATTEMPTS:
                    printer.note(f"cannot reach the WebSocket API at {self.url} ({error or type(error).__name__}) after {failures} attempts")
                    return 1
                printer.note(f"WebSocket connection lost ({error or type(error).__name__}); reconnecting")
            stop.wait(retry_seconds)
        return 0

    def receive(self, body: dict[str, Any], printer: Printer) -> int | None:
        """Handle one message; an exit status when the tail is over."""
        if body.get("type") == "error" and isinstance(body.get("error"), dict) and "id" not in body:
            printer.note(f"{body['error'].get('code')}: {body['error'].get('message')}")
            return 1
        if body.get("type") == "subscribed":
            # A thread's catch-up came first (earlier runs' ends included): if its last
            # event ended a run, the tail is over; otherwise the next end is.
            self.subscribed = True
            return 0 if self.thread_id and not self.follow and self.last_type in TERMINAL else None
        thread = str((body.get("metadata") or {}).get("thread_id") or "")
        seen = self.seen.setdefault(thread, set())
        if not isinstance(body.get("id"), int) or body["id"] in seen:
            return None
        seen.add(body["id"])
        if len(seen) > 2 * DEDUPE_WINDOW:  # only recent ids can come twice
            seen.difference_update(sorted(seen)[:-DEDUPE_WINDOW])
        printer.event(body)
        self.last_type = body.get("type")
        if self.thread_id and not self.follow and self.subscribed and self.last_type in TERMINAL:
            return 0
        return None


def _messages(ws: Any, stop: threading.Event) -> Iterator[str | bytes]:
    """A connection's messages until the server closes it normally or ``stop`` is set,
    never blocking for more than :data:`RECEIVE_SLICE_SECONDS` at a time."""
    from websockets.exceptions import ConnectionClosedOK  # noqa: PLC0415 - dev CLI only

    while not stop.is_set():
        try:
            yield ws.recv(timeout=RECEIVE_SLICE_SECONDS)
        except TimeoutError:
            continue
        except ConnectionClosedOK:
            return
