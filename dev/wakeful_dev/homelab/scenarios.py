"""What a careful homelab agent does, as deterministic rules: the stand-in for Claude when
there is no ``ANTHROPIC_API_KEY`` (and the script the fake Messages API plays in tests).

:func:`next_turn` reads a thread's conversation in the Messages API's shape (the task,
each wake, the tool calls so far and their results) and answers the next assistant
turn as content blocks: a short text and one tool call, or a text alone when it is done.
It covers three stories:

1. a user says the Minecraft server is slow: read the metrics, pause the downloads that
   saturate the link, notify, sleep an hour but wake early when Minecraft empties; then
   resume the downloads, notify, complete;
2. ``temp_high`` starts a thread: read the metrics, warn, check again in 10 minutes;
   complete once the temperature is back under the threshold;
3. ``server_empty`` starts a thread: remember the server, sleep 15 minutes unless someone
   joins; then, if it is still empty, stop it, notify, complete;

plus a user asking to stop a server (which the homelab's guard may hold for approval).
Rules read results, not a fixed transcript, so a different world gives a different,
still sensible, story.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

EVENT_TYPES = ("server_empty", "player_joined", "player_left", "temp_high", "download_complete")


@dataclass
class Episode:
    """One stretch of a thread: what started or woke it, and the calls made since."""

    text: str
    calls: list[tuple[str, dict[str, Any], Any]] = field(default_factory=list)  # (name, input, result)

    def result(self, name: str) -> Any:
        """The latest result of tool ``name`` in this episode (parsed JSON if it is)."""
        for called, _, result in reversed(self.calls):
            if called == name:
                return result
        return None

    def called(self, name: str) -> bool:
        return any(called == name for called, _, _ in self.calls)


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text")


def _result_of(block: dict[str, Any]) -> Any:
    raw = block.get("content")
    text = _text_of(raw) if isinstance(raw, list) else str(raw or "")
    try:
        value = json.loads(text)
    except ValueError:
        return {"text": text, "is_error": bool(block.get("is_error"))}
    if isinstance(value, dict) and block.get("is_error"):
        value = {**value, "is_error": True}
    return value


def episodes(messages: list[dict[str, Any]]) -> list[Episode]:
    """Split a conversation at each user text (the task, then each wake or message)."""
    found: list[Episode] = []
    pending: dict[str, tuple[str, dict[str, Any]]] = {}
    for message in messages:
        content = message.get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        if message.get("role") == "assistant":
            for block in blocks:
                if block.get("type") == "tool_use":
                    pending[block["id"]] = (block["name"], block.get("input") or {})
            continue
        for block in blocks:
            if block.get("type") == "tool_result" and block.get("tool_use_id") in pending and found:
                name, input_ = pending.pop(block["tool_use_id"])
                found[-1].calls.append((name, input_, _result_of(block)))
        text = _text_of([b for b in blocks if b.get("type") == "text"])
        if text.strip():
            found.append(Episode(text))
    return found


def cause(text: str) -> str:
    """What a wake message says woke the thread: an event type, or ``"timer"``."""
    lowered = text.lower()
    for pattern in (r"woken by (?:the )?event[: ]+`?([a-z_]+)", r"event[_ ]type\W+([a-z_]+)", r"event[: ]+`?([a-z_]+)`?"):
        match = re.search(pattern, lowered)
        if match and match.group(1) in EVENT_TYPES:
            return match.group(1)
    if re.search(r"\btimer\b|\bscheduled\b|wake_at|time is up|\bdue\b", lowered):
        return "timer"
    hits = [(lowered.find(t), t) for t in EVENT_TYPES if t in lowered]
    return min(hits)[1] if hits else "timer"


def _server_in(text: str, default: str = "") -> str:
    match = re.search(r"""["']?server["']?\s*[:=]\s*["']([A-Za-z0-9_.-]+)["']""", text)
    return match.group(1) if match else default


def _say(text: str, tool: str | None = None, input_: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = [{"type": "text", "text": text}]
    if tool:
        blocks.append({"type": "tool_use", "id": "", "name": tool, "input": input_ or {}})
    return blocks


def _done(summary: str, note: str = "Done.") -> list[dict[str, Any]]:
    return _say(note, "complete_task", {"summary": summary})


# -- the stories --------------------------------------------------------------------------------
def _slow_start(ep: Episode) -> list[dict[str, Any]]:
    metrics = ep.result("get_system_metrics")
    if metrics is None:
        return _say("Let me check what's causing the slowness.", "get_system_metrics")
    saturated = isinstance(metrics, dict) and metrics.get("downloads_active") and float(metrics.get("network_percent", 0)) > 80
    if not saturated:
        if not ep.called("send_notification"):
            return _say("Network and CPU look fine, so it's not the downloads.", "send_notification",
                        {"message": "Minecraft is slow, but network and CPU look normal; it may be the game itself."})
        return _done("Checked Minecraft slowness: network and CPU normal, nothing changed.")
    if not ep.called("pause_downloads"):
        return _say(f"Downloads are saturating the network ({metrics['network_percent']}%). Pausing them.", "pause_downloads")
    if not ep.called("send_notification"):
        return _say("Telling the team.", "send_notification",
                    {"message": "Paused downloads to help Minecraft: they were using most of the network."})
    if not ep.called("schedule_wake"):
        return _say("I'll check back in an hour, or as soon as Minecraft empties.", "schedule_wake", {
            "delay": "60m",
            "reason": "Check if Minecraft performance recovered; resume downloads if the server is empty or doing better",
            "wake_on_events": [{"event_type": "server_empty", "match": {"server": "minecraft"}}],
        })
    return _say("Sleeping until then.")


def _slow_wake(ep: Episode, why: str) -> list[dict[str, Any]]:
    if not ep.called("resume_downloads"):
        opening = "Minecraft is empty now, safe to resume." if why == "server_empty" else "An hour has passed; resuming the downloads."
        return _say(opening, "resume_downloads")
    if not ep.called("send_notification"):
        message = ("Minecraft server is empty, resumed downloads." if why == "server_empty"
                   else "Resumed downloads after an hour; tell me if Minecraft slows down again.")
        return _say("Letting the team know.", "send_notification", {"message": message})
    return _done("Resolved Minecraft slowness by pausing downloads; resumed them after "
                 + ("the server emptied." if why == "server_empty" else "an hour."))


def _temp(ep: Episode) -> list[dict[str, Any]]:
    metrics = ep.result("get_system_metrics")
    if metrics is None:
        return _say("High temperature; let me investigate.", "get_system_metrics")
    temp = float(metrics.get("cpu_temp_c", 0))
    limit = float(metrics.get("temp_threshold_c", 80))
    if temp <= limit and not ep.called("send_notification"):
        return _done(f"Temperature normalized ({temp:g}°C).", f"Back to {temp:g}°C, resolved itself; no notification needed.")
    if not ep.called("send_notification"):
        load = f"{metrics.get('jellyfin_transcodes', 0)} active transcodes" if metrics.get("jellyfin_transcodes") else f"{metrics.get('cpu_percent')}% CPU load"
        return _say("Legitimate load, but the owner should know.", "send_notification",
                    {"message": f"⚠️ CPU running hot ({temp:g}°C) due to {load}. Keeping an eye on it."})
    if not ep.called("schedule_wake"):
        return _say("I'll look again in 10 minutes.", "schedule_wake", {"delay": "10m", "reason": "Check if CPU temp normalized"})
    return _say("Watching it.")


def _empty_start(ep: Episode, server: str) -> list[dict[str, Any]]:
    if not ep.called("store_context"):
        return _say(f"{server} just emptied. My guidelines say to wait 15 minutes before stopping an idle server.",
                    "store_context", {"key": "auto_stop", "value": {"server": server, "emptyReason": "auto-stop"}})
    if not ep.called("schedule_wake"):
        return _say(f"Checking {server} again in 15 minutes, sooner if someone joins.", "schedule_wake", {
            "delay": "15m",
            "reason": f"Stop {server} if still empty",
            "wake_on_events": [{"event_type": "player_joined", "match": {"server": server}}],
        })
    return _say("Waiting.")


def _empty_wake(ep: Episode, why: str, server: str) -> list[dict[str, Any]]:
    if why == "player_joined":
        return _done(f"Someone joined {server}; left it running.", f"Someone joined {server}, so it stays up.")
    remembered = ep.result("get_context")
    if remembered is None:
        return _say(f"Checking whether {server} is still empty. First, what did I note?", "get_context", {"key": "auto_stop"})
    server = _server_in(json.dumps(remembered), server)
    players = ep.result("get_player_count")
    if players is None:
        return _say(f"Checking if {server} is still empty.", "get_player_count", {"server": server})
    if int(players.get("playerCount", 0)) > 0:
        return _done(f"{server} has players again; left it running.", "People are back on; leaving it.")
    if not ep.called("stop_game_server"):
        return _say("Still empty after 15 minutes; stopping it to save resources.", "stop_game_server", {"server": server})
    if not ep.called("send_notification"):
        return _say("Telling the team.", "send_notification", {"message": f"🛑 Stopped {server} (empty for 15 minutes)."})
    return _done(f"Stopped {server} after 15 empty minutes.")


def _stop_request(ep: Episode, server: str) -> list[dict[str, Any]]:
    players = ep.result("get_player_count")
    if players is None:
        return _say(f"Let me see who is on {server} first.", "get_player_count", {"server": server})
    stopped = ep.result("stop_game_server")
    if stopped is None:
        count = int(players.get("playerCount", 0))
        note = f"{count} player(s) are on {server}; stopping it disconnects them, so this needs your approval." if count else f"{server} is empty; stopping it."
        return _say(note, "stop_game_server", {"server": server})
    ok = isinstance(stopped, dict) and not stopped.get("is_error") and stopped.get("status") == "stopped"
    if not ep.called("send_notification"):
        message = f"🛑 Stopped {server} as asked." if ok else f"Left {server} running: {stopped.get('text') or stopped.get('error') or 'not approved'}"
        return _say("Reporting back.", "send_notification", {"message": message})
    return _done(f"Stopped {server} on request." if ok else f"Did not stop {server}.")


def next_turn(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The next assistant turn for a homelab thread, as Messages API content blocks
    (tool_use ids left empty for the caller to fill)."""
    found = episodes(messages)
    if not found:
        return _say("Nothing to do.")
    task, current = found[0].text, found[-1]
    lowered = task.lower()
    waking = len(found) > 1
    why = cause(current.text) if waking else "start"
    if "temp_high" in lowered:
        return _temp(current)
    if "server_empty" in lowered:
        server = _server_in(task, "atm-10")
        return _empty_wake(current, why, server) if waking else _empty_start(current, server)
    if "slow" in lowered:
        return _slow_wake(current, why) if waking else _slow_start(current)
    match = re.search(r"\bstop (?:the )?([a-z0-9_.-]+)", lowered)
    if match:
        return _stop_request(current, match.group(1))
    return _done("Nothing for me to do here.", "I have no rule for that; finishing.")


def with_ids(blocks: list[dict[str, Any]], prefix: str) -> list[dict[str, Any]]:
    """Give each tool_use block a unique id (``prefix`` + its index)."""
    return [{**b, "id": f"{prefix}_{n}"} if b.get("type") == "tool_use" else b for n, b in enumerate(blocks)]
