"""The homelab part of ``make demo``: threads that act, sleep and wake, on a fast clock.

It runs on a started :class:`wakeful_dev.runtime.DevStack` (background workers off: the
story ticks the scan and drains the queues itself) through the public HTTP API:

1. a user says the Minecraft server is slow; the agent pauses the downloads, says so,
   sleeps an hour with ``wake_on_events`` on Minecraft emptying; 45 minutes later the last
   players leave, the homelab's ``server_empty`` wakes it early, it resumes and completes;
2. the CPU heats up; ``temp_high`` matches no waiting thread, so the agent's
   ``thread_triggers`` start one; it warns and sleeps 10 minutes; it cooled down, so the
   timer wake ends it quietly;
3. atm-10 empties; a thread remembers it and sleeps 15 minutes unless someone joins;
   nobody does, the timer wakes it, it stops the server, says so, completes;
4. the user asks to stop Minecraft while two players are on: the preset's guard denies
   the stop (players are online) and the model reads why; it asks again with
   ``force: true``, which waits for approval; the owner approves through the API, the
   thread resumes.

Each thread's story is printed from its messages: what it was asked or what woke it, its
words, its tool calls and their results, its sleeps, its notifications, its completion.
"""

from __future__ import annotations

import json
import textwrap
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import requests

from wakeful_dev.homelab import scenarios, setup
from wakeful_dev.homelab.service import Homelab

WIDTH = 100
MINUTE = 60.0


def say(text: str = "", indent: int = 0) -> None:
    """Print wrapped to the demo's width."""
    if not text:
        print()
        return
    for line in textwrap.wrap(text, WIDTH - indent, subsequent_indent="    ") or [""]:
        print(" " * indent + line)


def short(value: Any, limit: int = 90) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rule(title: str) -> None:
    print()
    print(f"━━ {title} " + "━" * max(3, WIDTH - len(title) - 4))


@dataclass
class Story:
    """One homelab run on a dev stack."""

    stack: Any
    api_key: str
    homelab: Homelab = field(default_factory=Homelab)
    installed: setup.Installed | None = None
    printed: dict[str, int] = field(default_factory=dict)  # thread id -> last message seq printed
    offset: float = 0.0  # how far the fast clock is ahead of the wall clock
    problems: list[str] = field(default_factory=list)
    scripted: bool = True

    def __post_init__(self) -> None:
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {self.api_key}"

    # -- plumbing ------------------------------------------------------------------------------
    @property
    def base(self) -> str:
        return str(self.stack.api_url)

    @property
    def agent_id(self) -> str:
        assert self.installed is not None
        return self.installed.agent_id

    def call(self, method: str, path: str, body: Any = None) -> Any:
        response = self.http.request(method, self.base + path, json=body, timeout=60)
        if response.status_code >= 400:
            raise RuntimeError(f"{method} {path} -> {response.status_code}: {response.text[:300]}")
        return response.json() if response.content else None

    def settle(self) -> None:
        """Let everything due run: the queues drain, hook deliveries arrive."""
        self.stack.drain(timeout=240)

    def fast_forward(self, seconds: float, why: str) -> None:
        """Move the clock on and run the scan at the new time (timer wakes come due)."""
        self.offset += seconds
        say(f"⏩ {why}", 2)
        self.stack.tick(time.time() + self.offset)
        self.settle()

    def control(self, path: str, body: dict[str, Any]) -> list[dict[str, Any]]:
        """Change the homelab's world; returns the events it pushed (already in the log)."""
        response = requests.post(self.homelab.url + path, json=body, timeout=60)
        response.raise_for_status()
        events = response.json()["events"]
        for event in events:
            status = f"seq {event.get('seq')}" if event.get("seq") else f"NOT ACCEPTED ({event.get('status')})"
            say(f"📡 homelab → signed webhook: {event['event_type']} {short(event['payload'], 60)} → {status}", 4)
        self.settle()
        return events

    def thread(self, thread_id: str) -> dict[str, Any]:
        return self.call("GET", f"/agents/{self.agent_id}/threads/{thread_id}")

    def threads(self) -> list[dict[str, Any]]:
        return self.call("GET", f"/agents/{self.agent_id}/threads?limit=50")["items"]

    def messages(self, thread_id: str) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        after = 0
        while True:
            page = self.call("GET", f"/agents/{self.agent_id}/threads/{thread_id}/messages?after={after}&limit=100")
            found.extend(page["items"])
            if not page.get("next") or not page["items"]:
                return found
            after = found[-1]["seq"]

    # -- telling it -----------------------------------------------------------------------------
    def tell(self, thread_id: str, label: str = "") -> dict[str, Any]:
        """Print the thread's messages not printed yet, then its state."""
        new = [m for m in self.messages(thread_id) if m["seq"] > self.printed.get(thread_id, 0)]
        if label:
            say(f"🧵 thread {thread_id} {label}", 2)
        names: dict[str, str] = {}
        for message in new:
            self._message(message, names)
            self.printed[thread_id] = message["seq"]
        thread = self.thread(thread_id)
        self._state(thread)
        return thread

    def _message(self, message: dict[str, Any], names: dict[str, str]) -> None:
        role, content = message["role"], message.get("content") or ""
        if role == "assistant":
            if content:
                say(f"🤖 {short(content, 160)}", 4)
            for call in message.get("tool_calls") or []:
                names[call["id"]] = call["name"]
                say(f"→ {call['name']}({_arguments(call.get('arguments') or {})})", 6)
        elif role == "tool":
            name = message.get("tool_name") or names.get(message.get("tool_call_id", ""), "tool")
            mark = "✘" if message.get("is_error") else "←"
            say(f"{mark} {name}: {short(content, 200)}", 8)
        elif message.get("created_by") == "user":
            say(f"👤 user: \"{short(content, 140)}\"", 4)
        else:
            say(f"⚙️  {short(content, 160)}", 4)

    def _state(self, thread: dict[str, Any]) -> None:
        status = thread["status"]
        if status == "sleeping":
            from wakeful import clock

            waits = " or ".join(_wait_text(w) for w in thread.get("wake_on_events") or [])
            minutes = (clock.parse_iso(thread["wake_at"]) - time.time()) / MINUTE if thread.get("wake_at") else 0
            say(f"💤 sleeping: its timer rings in {minutes:.0f} min" + (f", or an event wakes it early: {waits}" if waits else "")
                + f"; reason: \"{short(thread.get('wake_reason'), 90)}\"", 4)
        elif status == "complete":
            woke = f" (woken {thread['wakes']}×)" if thread.get("wakes") else ""
            say(f"✅ complete: {short(thread.get('summary'), 120)}{woke}", 4)
        elif status == "waiting_approval":
            say("✋ waiting for the owner's approval", 4)
        else:
            say(f"• status {status}{': ' + short(thread.get('error_message'), 120) if thread.get('error_message') else ''}", 4)

    def notifications(self, since: int) -> int:
        """Print the team channel's messages from ``since`` on; returns the new count."""
        items = self.homelab.notifications[since:]
        for note in items:
            say(f"🔔 team channel (NOTIFICATION hook, signature verified): \"{short(note['message'], 110)}\"", 4)
        return since + len(items)

    def expect(self, condition: bool, problem: str) -> None:
        """Check the story went as scripted; with Claude deciding, a different path is a
        note, not a failure."""
        if condition:
            return
        if self.scripted:
            self.problems.append(problem)
            say(f"✘ {problem}", 4)
        else:
            say(f"(note: {problem}; Claude chose differently)", 4)

    def wait(self, predicate: Callable[[], bool], timeout: float = 30.0) -> bool:
        """Drain until ``predicate`` holds (a hook delivery may land a moment later)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            self.settle()
            time.sleep(0.05)
        return predicate()


def _arguments(arguments: dict[str, Any]) -> str:
    return short(", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in arguments.items()), 140)


def _wait_text(wait: Any) -> str:
    if isinstance(wait, str):
        return wait
    match = wait.get("match")
    return f"{wait.get('event_type')}" + (f" where {_arguments(match)}" if match else "")


# -- the flows ------------------------------------------------------------------------------------
def install(story: Story) -> None:
    from wakeful.llm.providers import scripted

    story.installed = setup.install(story.base, story.api_key, story.homelab)
    if story.scripted:
        scripted.register_script(story.agent_id, scenarios.SCRIPT)
    say(f"a simulated homelab on {story.homelab.url}: game servers minecraft (2 players), atm-10 (2 players), "
        "valheim (stopped); a download queue at 900 Mbit/s; CPU 61°C", 2)
    say(f"agent \"Homelab\" ({story.agent_id}), POST /agents {{\"preset\": \"homelab\"}}: its guidelines as "
        "system_prompt; thread_triggers temp_high (cooldown 15 min) and server_empty (5 min); 8 signed HTTP tools on "
        "the homelab; the preset's in-process guard that denies stop_game_server while players are on (with "
        "force: true it waits for the owner's approval instead). Then a webhook for the homelab's events and a "
        "NOTIFICATION hook to the team channel", 2)


def flow_1(story: Story) -> None:
    rule("Flow 1: a user request with a follow-up")
    thread = story.call("POST", f"/agents/{story.agent_id}/threads", {"message": scenarios.SLOW_MESSAGE})
    story.settle()
    story.wait(lambda: len(story.homelab.notifications) >= 1, timeout=10)
    thread = story.tell(thread["id"], "(source user)")
    seen = story.notifications(0)
    story.expect(thread["status"] == "sleeping", f"flow 1: the thread should sleep, it is {thread['status']}")
    say("⏩ 45 minutes pass (fast clock): the last players leave Minecraft", 2)
    story.offset += 45 * MINUTE
    story.control("/control/servers/minecraft/players", {"players": []})
    story.wait(lambda: story.thread(thread["id"])["status"] in ("complete", "failed"))
    story.wait(lambda: len(story.homelab.notifications) >= 2, timeout=10)
    thread = story.tell(thread["id"], "woken early by the event")
    story.notifications(seen)
    story.expect(thread["status"] == "complete", f"flow 1: the thread should complete, it is {thread['status']}")
    story.expect(not story.homelab.world.downloads_paused, "flow 1: downloads should be running again")


def flow_2(story: Story) -> None:
    rule("Flow 2: a proactive response to an event (thread_triggers)")
    seen = len(story.homelab.notifications)
    before = {t["id"] for t in story.threads()}
    story.control("/control/system", {"temperature_c": 85.0, "cpu_percent": 95.0, "transcodes": 3})
    started = [t for t in story.threads() if t["id"] not in before]
    story.expect(len(started) == 1, f"flow 2: temp_high should start one thread, it started {len(started)}")
    if not started:
        return
    thread_id = started[0]["id"]
    story.wait(lambda: len(story.homelab.notifications) > seen, timeout=10)
    thread = story.tell(thread_id, f"(source {started[0]['source']}, started by the temp_high trigger)")
    seen = story.notifications(seen)
    say("the transcodes end; the CPU cools to 72°C (no event: nothing crosses a threshold)", 2)
    story.homelab.world.set_system(temperature_c=72.0, cpu_percent=35.0, transcodes=0)
    story.fast_forward(11 * MINUTE, "11 minutes pass (fast clock): the thread's timer comes due")
    story.wait(lambda: story.thread(thread_id)["status"] in ("complete", "failed"))
    thread = story.tell(thread_id, "woken by its timer")
    story.notifications(seen)
    story.expect(thread["status"] == "complete", f"flow 2: the thread should complete, it is {thread['status']}")
    story.expect(len(story.homelab.notifications) == seen, "flow 2: no notification once it resolved itself")


def flow_3(story: Story) -> None:
    rule("Flow 3: autonomous maintenance (a timer wake when the awaited event never comes)")
    seen = len(story.homelab.notifications)
    before = {t["id"] for t in story.threads()}
    story.control("/control/servers/atm-10/players", {"players": []})
    started = [t for t in story.threads() if t["id"] not in before]
    story.expect(len(started) == 1, f"flow 3: server_empty should start one thread, it started {len(started)}")
    if not started:
        return
    thread_id = started[0]["id"]
    thread = story.tell(thread_id, "(started by the server_empty trigger)")
    story.expect(thread["status"] == "sleeping", f"flow 3: the thread should sleep, it is {thread['status']}")
    story.fast_forward(16 * MINUTE, "16 minutes pass (fast clock); nobody joins atm-10")
    story.wait(lambda: story.thread(thread_id)["status"] in ("complete", "failed"))
    story.wait(lambda: len(story.homelab.notifications) > seen, timeout=10)
    thread = story.tell(thread_id, "woken by its timer")
    story.notifications(seen)
    story.expect(thread["status"] == "complete", f"flow 3: the thread should complete, it is {thread['status']}")
    story.expect(not story.homelab.world.server("atm-10").running, "flow 3: atm-10 should be stopped")


def flow_4(story: Story) -> None:
    rule("Guard and approval: stopping a server with players on")
    seen = len(story.homelab.notifications)
    story.homelab.world.set_players("minecraft", ["alex", "sam"])
    thread = story.call("POST", f"/agents/{story.agent_id}/threads", {"message": scenarios.STOP_MESSAGE})
    story.settle()
    thread = story.tell(thread["id"], "(source user)")
    denied = [m for m in story.messages(thread["id"]) if m.get("tool_name") == "stop_game_server" and m.get("is_error")]
    story.expect(bool(denied) and "online" in denied[0]["content"], "guard: the first stop should be denied, players online")
    stops = [c for c in story.homelab.calls_to("stop_game_server") if c.arguments.get("server") == "minecraft"]
    story.expect(not stops, "guard: the denied stop should never reach the homelab")
    story.expect(thread["status"] == "waiting_approval", f"approval: the thread should wait, it is {thread['status']}")
    pending = story.call("GET", f"/agents/{story.agent_id}/threads/{thread['id']}/approvals")["items"]
    for item in pending:
        say(f"owner: GET .../approvals shows {item['tool']}({_arguments(item['arguments'])}); "
            "POST .../approvals/{tool_call_id} {\"decision\": \"approve\", \"note\": \"backup window, go ahead\"}", 4)
        story.call("POST", f"/agents/{story.agent_id}/threads/{thread['id']}/approvals/{item['tool_call_id']}",
                   {"decision": "approve", "note": "backup window, go ahead"})
    story.settle()
    story.wait(lambda: story.thread(thread["id"])["status"] in ("complete", "failed"))
    story.wait(lambda: len(story.homelab.notifications) > seen, timeout=10)
    thread = story.tell(thread["id"], "resumed after the approval")
    story.notifications(seen)
    story.expect(thread["status"] == "complete", f"approval: the thread should complete, it is {thread['status']}")


def routes(story: Story) -> None:
    rule("Homelab: how each event was routed")
    items = story.call("GET", f"/agents/{story.agent_id}/routes?after_seq=0&limit=100")["items"]
    for item in items:
        threads = ", ".join(item.get("thread_ids") or []) or "-"
        say(f"#{item['seq']:<3} {str(item.get('event_type') or ''):<15} {item['decision']:<8} {threads}", 2)
    calls = [c for c in story.homelab.calls if not c.replay]
    say(f"homelab tools: {len(calls)} signed calls ({sum(c.replay for c in story.homelab.calls)} repeated action ids "
        f"answered from the first run); team channel: {len(story.homelab.notifications)} notifications", 2)


def run(stack: Any, api_key: str, scripted: bool) -> list[str]:
    """Play flows 1-3 and the approval on ``stack``; returns the problems (empty: all good)."""
    story = Story(stack=stack, api_key=api_key, scripted=scripted)
    try:
        install(story)
        for flow in (flow_1, flow_2, flow_3, flow_4):
            try:
                flow(story)
            except Exception as error:  # noqa: BLE001 - one broken flow should not hide the others
                story.expect(False, f"{flow.__name__}: {error.__class__.__name__}: {short(str(error), 200)}")
        routes(story)
    finally:
        story.homelab.close()
    return story.problems
