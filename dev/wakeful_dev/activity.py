"""One readable line per heartbeat, action, hook delivery, webhook request and channel
request or message, printed
by ``wakeful dev`` as the functions finish (in the demo's style), instead of JSON logs.

The dev runtime calls :meth:`ActivityLog.observe` after each in-process invocation with
the function's event and result; the details come from those and, for actions and
heartbeats, from one read of the item.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any, Callable, TextIO

from wakeful import ddb


class ActivityLog:
    """Formats and prints finished work; each heartbeat is printed once, when it ends."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self._lock = threading.Lock()
        self._seen: set[str] = set()

    def observe(self, function: str, event: dict[str, Any], result: Any) -> None:
        """Print what an invocation of ``function`` finished (never raises)."""
        try:
            for line in self._lines(function, event, result):
                with self._lock:
                    print(line, file=self.out, flush=True)
        except Exception:  # noqa: BLE001 - printing must never break the stack
            pass

    def _lines(self, function: str, event: dict[str, Any], result: Any) -> list[str]:
        formatter: Callable[[dict[str, Any], Any], list[str]] | None = getattr(self, f"_{function}", None)
        return formatter(event, result) if formatter else []

    def _webhook_ingest(self, event: dict[str, Any], result: Any) -> list[str]:
        path = str(event.get("path") or "")
        status = int((result or {}).get("statusCode", 0))
        body = json.loads((result or {}).get("body") or "{}")
        detail = body.get("error", {}).get("message") if status >= 400 else f"event {body.get('event_id')} seq {body.get('seq')}"
        if body.get("duplicate"):
            detail += " (duplicate)"
        return [f"webhook  {path.rsplit('/', 1)[-1]:<30} {status} {detail}"]

    def _archiver(self, event: dict[str, Any], result: Any) -> list[str]:
        records = event.get("Records") or [{}]
        table = str(records[0].get("eventSourceARN") or "").split(":table/", 1)[-1].split("/stream/", 1)[0]
        done = result or {}
        return [f"archive  {table:<30} {done.get('archived', 0)} expired records -> {done.get('objects', 0)} objects"]

    def _tool_runner(self, event: dict[str, Any], result: Any) -> list[str]:
        lines = []
        for record in event.get("Records", []):
            action_id = json.loads(record.get("body") or "{}").get("action_id")
            action = ddb.get("actions", {"action_id": action_id}) if action_id else None
            if not action or action.get("status") not in ("COMPLETED", "FAILED") or action_id in self._seen:
                continue
            self._seen.add(action_id)
            tail = f" {action.get('execution_time_ms')} ms" if action.get("execution_time_ms") is not None else ""
            error = f" — {str(action.get('error_message'))[:120]}" if action.get("error_message") else ""
            lines.append(f"action   {action_id:<30} {action.get('tool')} {action['status']}{tail}{error}")
        return lines

    def _orchestrator(self, event: dict[str, Any], result: Any) -> list[str]:
        lines = []
        for record in event.get("Records", []):
            body = json.loads(record.get("body") or "{}")
            key = {"agent_id": body.get("agent_id"), "heartbeat_id": body.get("heartbeat_id")}
            if not all(key.values()) or key["heartbeat_id"] in self._seen:
                continue
            heartbeat = ddb.get("heartbeats", key)
            if not heartbeat or heartbeat.get("status") not in ("COMPLETED", "FAILED"):
                continue
            self._seen.add(key["heartbeat_id"])
            error = f" — {heartbeat.get('error_message')}" if heartbeat.get("error_message") else ""
            lines.append(
                f"heartbeat {key['heartbeat_id']:<29} agent {key['agent_id']} {heartbeat['status']}: "
                f"{heartbeat.get('events_processed', 0)} events, {heartbeat.get('actions_triggered', 0)} actions{error}"
            )
        return lines

    def _deliver_hook(self, event: dict[str, Any], result: Any) -> list[str]:
        result = result or {}
        code = f" HTTP {result['status_code']}" if result.get("status_code") else ""
        return [
            f"hook     {event.get('delivery_id', '?'):<30} hook {event.get('hook_id')} attempt {int(event.get('attempt', 0)) + 1}: "
            f"{result.get('outcome')}{code}"
        ]

    def _channel_inbound(self, event: dict[str, Any], result: Any) -> list[str]:
        path = str(event.get("path") or "")
        status = int((result or {}).get("statusCode", 0))
        parts = path.strip("/").split("/")
        channel_id = parts[1] if len(parts) > 1 else "?"
        route = "/".join(parts[2:])
        detail = ""
        if status >= 400:
            try:
                detail = " " + str(json.loads((result or {}).get("body") or "{}").get("error", {}).get("message"))[:120]
            except ValueError:
                detail = ""
        return [f"channel  {channel_id:<30} {route} {status}{detail}"]

    def _channel_deliver(self, event: dict[str, Any], result: Any) -> list[str]:
        lines = []
        for record in event.get("Records", []):
            delivery_id = json.loads(record.get("body") or "{}").get("delivery_id")
            delivery = ddb.get("channel_deliveries", {"delivery_id": delivery_id}) if delivery_id else None
            if not delivery or delivery.get("status") == "pending":
                continue
            error = f" — {str(delivery.get('error'))[:120]}" if delivery.get("error") and delivery.get("status") == "failed" else ""
            lines.append(
                f"message  {delivery_id:<30} {delivery.get('kind')} to {delivery.get('target')}: "
                f"{delivery['status']} after {delivery.get('attempts', 0)} attempt(s){error}"
            )
        return lines
