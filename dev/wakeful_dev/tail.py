"""``wakeful tail``: an agent's live stream, readable and coloured, in a terminal.

Reads Server-Sent Events: from ``wakeful dev`` the connection stays open while the
thread runs; from a deployed stack (API Gateway answers the events so far and closes)
it reconnects with ``Last-Event-ID``, which makes it a poll every couple of seconds.
A thread's tail ends when its run ends (``--follow`` waits for the next run).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

from wakeful_dev.sse_client import Frame, SseError, SseStream

RESET, DIM, BOLD, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN = (
    "\033[0m", "\033[2m", "\033[1m", "\033[31m", "\033[32m", "\033[33m", "\033[34m", "\033[35m", "\033[36m",
)  # fmt: skip
DELTAS = ("text", "reasoning")
TERMINAL = ("completed", "error")


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
        thread = f" {self.paint(MAGENTA, meta.get('thread_id', '')[-12:])}" if self.show_thread else ""
        return f"{self.paint(DIM, clock)}{thread} {self.paint(DIM, '#' + str(body.get('id', '?')).ljust(4))} "

    def _describe(self, kind: str, body: dict[str, Any]) -> str:
        if kind == "start":
            return self.paint(BOLD + BLUE, "▶ run started") + self.paint(DIM, f"  {body['metadata'].get('run_id', '')}")
        if kind == "tool_call":
            args = json.dumps(body.get("tool_args") or {}, ensure_ascii=False)
            return self.paint(CYAN, f"→ {body.get('tool_name')}") + " " + _short(args)
        if kind == "tool_result":
            failed = body.get("is_error")
            result = json.dumps(body.get("tool_result"), ensure_ascii=False, default=str)
            return self.paint(RED if failed else GREEN, f"← {body.get('tool_name')}{' failed' if failed else ''}") + " " + _short(result)
        if kind == "completed":
            return self.paint(BOLD + GREEN, "✓ run completed")
        if kind == "error":
            return self.paint(BOLD + RED, f"✗ {body.get('content') or 'error'}")
        return self.paint(YELLOW, kind)


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
) -> int:
    """Print the stream until the thread's run ends (or forever for an agent)."""
    printer = Printer(out=out, color=out.isatty() if color is None else color, show_thread=thread_id is None, raw=raw)
    path = f"/agents/{agent_id}/threads/{thread_id}/stream" if thread_id else f"/agents/{agent_id}/stream"
    query = "&".join(p for p in (f"types={types}" if types else "", f"after={after}" if after is not None else "") if p)
    url = api.rstrip("/") + path + (f"?{query}" if query else "")
    last_id: str | None = None
    delay = 2.0
    while True:
        try:
            last: Frame | None = None
            with SseStream(url, key=key, last_event_id=last_id) as stream:
                for frame in stream:
                    printer.event(frame.json())
                    last, last_id = frame, frame.id
                delay = (stream.retry_ms or 2000) / 1000
        except SseError as error:
            printer.note(f"{error.status}: {_error_message(error.body)}")
            return 1
        except OSError as error:
            printer.note(f"connection lost ({error}); retrying")
            time.sleep(delay)
            continue
        if thread_id is None and last is None:
            # A streaming server does not end an agent's stream unasked; one that ends it
            # at once cannot stream (API Gateway), and has no per-agent catch-up to poll.
            printer.note("this server cannot hold an agent's stream open: pass --thread, or use the WebSocket API (StreamWebSocketUrl)")
            return 2
        if not follow and last is not None and last.event in TERMINAL:
            return 0
        time.sleep(delay)


def _error_message(body: str) -> str:
    try:
        return json.loads(body)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        return body[:200]
