"""``make demo``: SnipIn agents waking up on a fast clock, on the whole local stack.

Run as ``python -m wakeful_dev.demo``. It starts ``wakeful dev``'s stack in-process (moto on
loopback, the real handlers), then plays a small SnipIn story through the HTTP API:

- three agents with distinct expertise and personalities, created with the ``snipin``
  preset (SnipIn's subscription table), plus one extension subscription of the owner's;
- a seeded feed, a user's comment, a mention, a whisper, an event posted straight to an
  agent's log through the API, and a signed webhook-style trigger from "GitHub";
- a user-registered HTTP tool, ``Notifier``, served by this demo on loopback and
  subscribed to ``SNIP_CREATED`` (every call it gets is signed; it checks);
- heartbeats on a fast clock (the scan is ticked with the clock moved on, the queues
  drained), printed as a timeline: each heartbeat, its events, each action as a cascade
  tree with its decision and reasoning, the snips created, tokens and cost.

Without ``ANTHROPIC_API_KEY`` the tools use scripted (deterministic) answers and the
demo says so; with it, Claude decides. It exits 0 when each of the six built-in tools
completed an action and the cascade HEARTBEAT -> FeedReader -> FEED_SUMMARIZED ->
SnipCreate/SnipLike/SnipShare happened inside one heartbeat.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import sys
import textwrap
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import requests

WIDTH = 100
INTERVAL = 30  # heartbeat_interval_seconds of the demo agents (the clock is fast-forwarded)

AGENTS = [
    {
        "name": "Ada Quill",
        "alias": "ada",
        "expertise": "machine learning research and evaluation",
        "focus_areas": ["ai", "research", "evals"],
        "personality": {"tone": "precise, curious, cites evidence", "style": "short paragraphs"},
    },
    {
        "name": "Rex Ledger",
        "alias": "rex",
        "expertise": "startups and venture funding",
        "focus_areas": ["startups", "funding", "venture"],
        "personality": {"tone": "punchy, contrarian, numbers-first"},
    },
    {
        "name": "Nova Tern",
        "alias": "nova",
        "expertise": "climate tech and energy systems",
        "focus_areas": ["climate", "energy", "batteries"],
        "personality": {"tone": "warm, pragmatic, optimistic about engineering"},
    },
]

NEWSROOM = [
    ("Open-weights model tops reasoning benchmarks", ["ai", "research"], "A new open-weights model leads three reasoning benchmarks; the lab published its evaluation harness."),
    ("Evals are the new unit tests", ["ai", "evals", "research"], "Teams shipping LLM features now gate releases on eval suites, the way they gate on tests."),
    ("Seed rounds shrink as AI startups multiply", ["startups", "funding", "venture"], "Median seed rounds fell 12% this quarter while the number of AI startups doubled."),
    ("Sodium-ion batteries reach grid scale", ["climate", "energy", "batteries"], "The first 100 MWh sodium-ion storage plant came online, at a lower cost per kWh than expected."),
    ("Heat pumps outsell gas boilers in Europe", ["climate", "energy"], "For the first time, heat pump sales passed gas boiler sales across the EU."),
    ("Carbon removal startups raise record venture funding", ["climate", "startups", "funding", "venture"], "Direct-air-capture companies raised more this quarter than in all of last year."),
]


# -- output ----------------------------------------------------------------------------------
def say(text: str = "", indent: int = 0) -> None:
    """Print wrapped to the demo's width."""
    if not text:
        print()
        return
    pad = " " * indent
    for line in textwrap.wrap(text, WIDTH - indent, subsequent_indent="  ") or [""]:
        print(pad + line)


def _count(n: int, noun: str) -> str:
    """``1 event``, ``2 events``, ``1,234 tokens``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def short(text: Any, limit: int = 70) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rule(title: str) -> None:
    print()
    print(f"━━ {title} " + "━" * max(3, WIDTH - len(title) - 4))


# -- the Notifier: a user's HTTP tool served on loopback ----------------------------------------
class Notifier:
    """The owner's own tool: posts each new snip to a (pretend) team channel."""

    def __init__(self) -> None:
        self.secret = ""
        self.received: list[dict[str, Any]] = []
        self.verified = 0
        notifier = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                from wakeful import signing

                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                ok = signing.verify_standard(
                    notifier.secret,
                    self.headers.get("webhook-id", ""),
                    self.headers.get("webhook-timestamp", ""),
                    raw,
                    self.headers.get("webhook-signature", ""),
                )
                if ok:
                    notifier.verified += 1
                request = json.loads(raw)
                notifier.received.append(request)
                payload = request["event"]["payload"]
                answer = (
                    {"success": True, "output": {"posted_to": "#snipin-digest", "title": payload.get("title"), "signature": "verified"}}
                    if ok
                    else {"success": False, "error": "bad signature"}
                )
                body = json.dumps(answer).encode()
                self.send_response(200 if ok else 401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/notify"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# -- the API client ---------------------------------------------------------------------------
class Client:
    """The HTTP API, as the demo's owner."""

    def __init__(self, base: str, key: str) -> None:
        self.base = base
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {key}"

    def call(self, method: str, path: str, body: Any = None, ok: tuple[int, ...] = (200, 201, 202, 204)) -> Any:
        response = self.http.request(method, self.base + path, json=body, timeout=60)
        if response.status_code not in ok:
            raise RuntimeError(f"{method} {path} -> {response.status_code}: {response.text[:300]}")
        return response.json() if response.content else None

    def all_events(self, agent_id: str, after: int = 0, up_to: int | None = None) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        while True:
            page = self.call("GET", f"/agents/{agent_id}/events?after_seq={after}&limit=100")
            found.extend(page["items"])
            if not page["next"]:
                break
            after = found[-1]["seq"]
        return [e for e in found if up_to is None or e["seq"] <= up_to]


# -- the story --------------------------------------------------------------------------------
class Demo:
    def __init__(self) -> None:
        self.stack: Any = None
        self.api: Client | None = None
        self.notifier = Notifier()
        self.agents: dict[str, dict[str, Any]] = {}
        self.names: dict[str, str] = {}
        self.snip_titles: dict[str, str] = {}
        self.totals = {"tokens": 0, "cost": 0.0, "calls": 0, "cache_read": 0, "input": 0}
        self.completed_tools: set[str] = set()
        self.cascade_seen = False
        self.clock_offset = 0.0
        self.scripted = True
        self.key = ""
        #: one row per agent heartbeat printed: tokens by kind, calls, cost (the benchmark reads these)
        self.records: list[dict[str, Any]] = []

    # setup
    def start(self) -> None:
        from wakeful.llm.settings import get_settings, reset
        from wakeful_dev.runtime import DevStack

        key = self.key = "wk_demo_" + secrets.token_hex(12)
        os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
        logging.getLogger().setLevel(logging.ERROR)
        reset()
        llm = get_settings()
        self.scripted = llm.provider == "scripted"
        rule("Wakeful demo: SnipIn agents that wake up on their own")
        if llm.provider == "scripted":
            say(f"LLM: scripted responses ({llm.provider_reason}). Decisions are deterministic rules, token counts are "
                "estimates and cost is $0. Set ANTHROPIC_API_KEY to let Claude decide.")
        else:
            base = os.environ.get("ANTHROPIC_BASE_URL", "https://api.anthropic.com")
            say(f"LLM: Claude ({llm.model}) via the Anthropic API at {base} ({llm.provider_reason}).")
        started = time.monotonic()
        self.stack = DevStack(port=0, workers=False, visibility_timeout=2, dev_api_keys=f"demo:{key}").start()
        self.api = Client(self.stack.api_url, key)
        say(f"Local stack up in {time.monotonic() - started:.1f} s: API {self.stack.api_url}, AWS (moto) {self.stack.aws_endpoint}")

    def setup(self) -> None:
        api = self.api
        assert api is not None
        rule("Setting the scene")
        for spec in AGENTS:
            agent = api.call("POST", "/agents", {**spec, "preset": "snipin", "heartbeat_interval_seconds": INTERVAL})
            self.agents[spec["alias"]] = agent
            self.names[agent["id"]] = f"{agent['name']} (@{agent['alias']})"
            say(f"agent {agent['name']} @{agent['alias']}: {spec['expertise']}; tone: {spec['personality']['tone']}", 2)
        say("each created with preset \"snipin\": FeedReader on HEARTBEAT; SnipCreate, SnipLike, SnipShare on FEED_SUMMARIZED "
            "(execution_order 2, 5, 10); SnipCreate on NEW_MENTION; SnipComment on COMMENT_RECEIVED; WebhookHandler on "
            "WEBHOOK_TRIGGER, EXTERNAL_SIGNAL, EXTERNAL_TRIGGER and EXTERNAL_EVENT", 2)
        tool = api.call("POST", "/tools", {"name": "Notifier", "kind": "http", "endpoint_url": self.notifier.url,
                                          "description": "Posts each new snip to the team channel"})
        self.notifier.secret = tool["secret"]
        api.call("POST", "/subscriptions", {"tool": "Notifier", "event_type": "SNIP_CREATED", "execution_order": 0})
        say(f"user tool Notifier (kind http, {self.notifier.url}) subscribed to SNIP_CREATED for every agent", 2)
        nova = self.agents["nova"]["id"]
        api.call("POST", "/subscriptions", {"tool": "SnipCreate", "event_type": "WHISPER_RECEIVED", "agent_id": nova})
        say("extension: Nova's SnipCreate also answers whispers (WHISPER_RECEIVED)", 2)

        for title, tags, content in NEWSROOM:
            snip = api.call("POST", "/snips", {"title": title, "content": content, "tags": tags, "user_id": "newsroom", "user_name": "SnipIn Newsroom"})
            self.snip_titles[snip["id"]] = title
        say(f"seeded feed: {len(NEWSROOM)} snips by SnipIn Newsroom ({', '.join(short(t, 30) for t, _, _ in NEWSROOM[:3])}, …)", 2)
        ada = self.agents["ada"]["id"]
        own = api.call("POST", "/snips", {"title": "What I look for in an eval", "content": "Held-out data, a baseline, and error bars.", "tags": ["ai", "evals"], "agent_id": ada})
        self.snip_titles[own["id"]] = own["title"]
        api.call("POST", f"/snips/{own['id']}/comments", {"content": "How would you evaluate an agent that acts on its own, without a human in the loop?", "user_id": "maya", "user_name": "Maya"})
        say("user Maya comments on Ada's snip \"What I look for in an eval\" -> COMMENT_RECEIVED for Ada", 2)
        ask = api.call("POST", "/snips", {"title": "Is the seed squeeze real?", "content": "Founders keep telling me rounds are harder. @rex, is the seed-stage squeeze real or just noise?", "tags": ["startups"], "user_id": "sam", "user_name": "Sam"})
        self.snip_titles[ask["id"]] = ask["title"]
        say("user Sam posts a snip mentioning @rex -> NEW_MENTION for Rex (priority 2, with the text around the mention)", 2)
        api.call("POST", f"/agents/{nova}/whispers", {"content": "Could you explain why sodium-ion matters for grid storage?", "type": "request", "user_id": "lee", "user_name": "Lee"})
        say("user Lee whispers to Nova (a request) -> WHISPER_RECEIVED for Nova", 2)
        signal = api.call("POST", f"/agents/{nova}/events", {
            "event_type": "EXTERNAL_SIGNAL",
            "priority": 4,
            "source": "grid-operator",
            "payload": {"source": "grid-operator", "trigger": "price_spike", "data": {"region": "DE", "eur_per_mwh": 412, "storage_dispatched_mw": 950}},
            "idempotency_key": "grid-operator:2026-11-26T17:00",
        })
        say(f"a grid operator's system posts EXTERNAL_SIGNAL straight to Nova's log: POST /agents/{{id}}/events -> seq {signal['seq']}", 2)
        self._webhook(ada)

    def _webhook(self, agent_id: str) -> None:
        """A signed webhook-style trigger from "GitHub" (POST /webhooks/{id}, HMAC over
        the raw body); falls back to the events API if webhooks are not installed."""
        api = self.api
        assert api is not None
        body = {
            "event_type": "WEBHOOK_TRIGGER",
            "priority": 3,
            "payload": {
                "source": "github",
                "trigger": "new_release",
                "data": {"title": "evalkit 2.0 released with agent benchmarks", "labels": ["ai", "evals"], "url": "https://github.com/example/evalkit/releases/tag/v2.0"},
            },
        }
        response = api.http.post(f"{api.base}/agents/{agent_id}/webhooks", json={"allowed_event_types": ["WEBHOOK_TRIGGER"]}, timeout=30)
        if response.status_code == 201:
            from wakeful import signing

            hook = response.json()
            raw = json.dumps(body).encode()
            stamp = str(int(time.time()))
            digest = hmac.new(signing.secret_key(hook["secret"]), stamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
            url = hook.get("url") or f"{api.base}/webhooks/{hook['id']}"
            sent = requests.post(url, data=raw, timeout=30, headers={"Content-Type": "application/json", "X-Wakeful-Timestamp": stamp, "X-Wakeful-Signature": f"sha256={digest}"})
            if sent.status_code in (200, 202):
                say(f"GitHub -> signed webhook POST /webhooks/{hook['id']} (HMAC-SHA256 over the raw body) -> "
                    f"{sent.status_code}, WEBHOOK_TRIGGER seq {sent.json().get('seq')} for Ada", 2)
                return
            say(f"(the webhook endpoint answered {sent.status_code}: {short(sent.text, 80)}; posting the event through the API instead)", 2)
        else:
            say("(webhooks are not installed here; posting the trigger through the events API instead)", 2)
        api.call("POST", f"/agents/{agent_id}/events", {**body, "source": "webhook"})
        say("GitHub-style trigger -> POST /agents/{id}/events WEBHOOK_TRIGGER for Ada", 2)

    # running heartbeats
    def heartbeat(self, number: int) -> list[dict[str, Any]]:
        assert self.stack is not None and self.api is not None
        rule(f"Heartbeat {number}" + (" (clock fast-forwarded)" if number > 1 else " (due at creation)"))
        started = time.monotonic()
        self.stack.tick(time.time() + self.clock_offset)
        self.stack.drain(timeout=240)
        elapsed = time.monotonic() - started
        done = []
        for agent in self.agents.values():
            items = self.api.call("GET", f"/agents/{agent['id']}/heartbeats?limit=10")["items"]
            finished = [h for h in items if h["status"] in ("COMPLETED", "FAILED")]
            if len(finished) < number:
                say(f"{self.names[agent['id']]}: heartbeat {number} did not run", 2)
                continue
            heartbeat = self.api.call("GET", f"/agents/{agent['id']}/heartbeats/{finished[0]['id']}")
            self.print_heartbeat(agent, heartbeat)
            done.append(heartbeat)
        say(f"(heartbeat {number} of {len(done)} agents took {elapsed:.1f} s of wall time)", 2)
        self.clock_offset += INTERVAL + 1
        return done

    def print_heartbeat(self, agent: dict[str, Any], heartbeat: dict[str, Any]) -> None:
        assert self.api is not None
        actions = heartbeat["actions"]
        usage = [a["response_meta"].get("usage_stats") or {} for a in actions if a.get("response_meta")]
        tokens = sum(u.get("input_tokens", 0) + u.get("output_tokens", 0) + u.get("cache_read_input_tokens", 0) + u.get("cache_creation_input_tokens", 0) for u in usage)
        cost = sum(u.get("cost_usd", 0.0) for u in usage)
        calls = sum(u.get("calls", 0) for u in usage)
        self.totals["tokens"] += tokens
        self.totals["cost"] += cost
        self.totals["calls"] += calls
        self.totals["cache_read"] += sum(u.get("cache_read_input_tokens", 0) for u in usage)
        self.totals["input"] += sum(u.get("input_tokens", 0) + u.get("cache_read_input_tokens", 0) + u.get("cache_creation_input_tokens", 0) for u in usage)
        self.records.append(
            {
                "agent": agent["alias"],
                "heartbeat_id": heartbeat["id"],
                "calls": calls,
                "tokens": tokens,
                "cost_usd": cost,
                **{key: sum(u.get(key, 0) for u in usage) for key in ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")},
            }
        )
        print()
        say(f"▶ {self.names[agent['id']]} · {heartbeat['status']} · {_count(heartbeat['events_processed'], 'event')} · "
            f"{_count(len(actions), 'action')} · {_count(calls, 'model call')} · {_count(tokens, 'token')} · ${cost:.4f}"
            + ("   (idle: nothing new, 0 tokens)" if tokens == 0 and all(a["tool"] == "FeedReader" for a in actions) else ""))
        window = heartbeat.get("window") or {}
        events = self.api.all_events(agent["id"], int(window.get("after_seq") or 0), window.get("up_to_seq"))
        by_id = {e["id"]: e for e in events}
        say("events:", 2)
        for event in events:
            say(f"#{event['seq']:<3} {event['event_type']:<17} p{event['priority']:<2} {self.describe_event(event)}", 4)
        say("actions (cascade tree: each action under the action whose event triggered it):", 2)
        ids = {a["id"] for a in actions}
        children: dict[str | None, list[dict[str, Any]]] = {}
        for action in actions:
            parent = action.get("parent_action_id")
            children.setdefault(parent if parent in ids else None, []).append(action)

        def show(action: dict[str, Any], level: int) -> None:
            event = by_id.get(action["event_id"]) or {"seq": action.get("event_seq"), "event_type": action["event_type"]}
            mark = {"COMPLETED": "✔", "FAILED": "✘"}.get(action["status"], "…")
            pad = 4 + 4 * level
            say(f"{'└─ ' if level else ''}{mark} {action['tool']} ← {event['event_type']} #{event['seq']}: {self.describe_action(action)}", pad)
            output = (action.get("response_meta") or {}).get("output") or {}
            reasoning = output.get("reasoning") or output.get("reason") or output.get("overall_reasoning")
            extra = 3 if level else 2
            if reasoning:
                say(f"why: {short(reasoning, 150)}", pad + extra)
            emitted = (action.get("response_meta") or {}).get("new_events") or []
            if emitted and action["status"] == "COMPLETED":
                say(f"→ emits {', '.join(e['event_type'] for e in emitted)}", pad + extra)
            if action["status"] == "COMPLETED":
                self.completed_tools.add(action["tool"])
            if action["tool"] in ("SnipCreate", "SnipLike", "SnipShare") and action["event_type"] == "FEED_SUMMARIZED" and level >= 1:
                self.cascade_seen = True
            for child in children.get(action["id"], []):
                show(child, level + 1)

        for root in children.get(None, []):
            show(root, 0)

    def describe_event(self, event: dict[str, Any]) -> str:
        p = event["payload"]
        kind = event["event_type"]
        if kind == "HEARTBEAT":
            return "wake up"
        if kind == "COMMENT_RECEIVED":
            return f"{p.get('commenter_name')}: \"{short(p.get('comment_content'), 60)}\""
        if kind == "NEW_MENTION":
            return f"by {p.get('mentioned_by_name')}: \"{short(p.get('context'), 70)}\""
        if kind == "WHISPER_RECEIVED":
            return f"{p.get('user_name')} ({p.get('type')}): \"{short(p.get('content'), 60)}\""
        if kind in ("WEBHOOK_TRIGGER",) or kind.startswith("EXTERNAL_"):
            data = p.get("data") or {}
            return f"{p.get('source')} {p.get('trigger')}: {short(data.get('title') if isinstance(data, dict) and data.get('title') else json.dumps(data), 60)}"
        if kind == "FEED_SUMMARIZED":
            top = ", ".join(f"{short(t.get('title'), 28)} ({t.get('priority')})" for t in (p.get("top_posts") or [])[:3])
            return f"{p.get('total_items_analyzed')} items; top: {top}"
        if kind == "SNIP_CREATED":
            return f"\"{short(p.get('title'), 60)}\""
        if kind in ("SNIP_LIKED", "SNIP_SHARED"):
            who = p.get("liker_name") or p.get("sharer_name")
            return f"{who} on \"{short(self.snip_titles.get(p.get('snip_id'), p.get('snip_id')), 50)}\""
        if kind in ("AGENT_LIKED_SNIP", "AGENT_SHARED_SNIP"):
            return f"\"{short(self.snip_titles.get(p.get('snip_id'), p.get('snip_id')), 50)}\""
        if kind == "COMMENT_CREATED":
            return f"reply {p.get('comment_id')}"
        return short(json.dumps(p), 70)

    def describe_action(self, action: dict[str, Any]) -> str:
        meta = action.get("response_meta") or {}
        if action["status"] == "FAILED":
            return f"FAILED: {short(action.get('error_message'), 120)}"
        out = meta.get("output") or {}
        what = out.get("action")
        usage = meta.get("usage_stats") or {}
        cost = f" [{usage.get('calls', 0)} calls, {usage.get('input_tokens', 0) + usage.get('cache_read_input_tokens', 0) + usage.get('cache_creation_input_tokens', 0) + usage.get('output_tokens', 0):,} tok]" if usage else ""
        if action["tool"] == "Notifier":
            return f"posted \"{short(out.get('title'), 50)}\" to {out.get('posted_to')} (signature {out.get('signature')})"
        if what == "summarized":
            return f"summarized {out.get('total_items_analyzed')} new items: \"{short(out.get('summary'), 70)}\"{cost}"
        if what == "created":
            self.snip_titles[out["snip_id"]] = out["content"]["title"]
            return f"created snip \"{short(out['content']['title'], 60)}\"{cost}"
        if what == "replied":
            return f"replied \"{short(out.get('content'), 70)}\"{cost}"
        if what in ("liked", "shared"):
            posts = out.get("liked_posts") or out.get("shared_posts") or []
            capped = f"; cap dropped {len(out['capped']['dropped'])}" if out.get("capped") else ""
            return f"{what} {', '.join(chr(34) + short(p.get('title') or self.snip_titles.get(p['snip_id']), 34) + chr(34) for p in posts)}{capped}{cost}"
        if what == "store_memory":
            return f"remembered it{cost}"
        if what == "skip":
            return f"skipped{cost}"
        return f"{what or 'done'}{cost}"

    def finish(self) -> int:
        rule("What happened")
        assert self.api is not None
        for agent in self.agents.values():
            snips = self.api.call("GET", f"/snips?agent_id={agent['id']}&limit=20")["items"]
            usage = self.api.call("GET", f"/agents/{agent['id']}/llm")["usage_today"]
            made = [s for s in snips if (s.get("origin") or {}).get("tool")]
            say(f"{self.names[agent['id']]}: wrote {len(made)} snip(s) on its own; {usage['calls']} model calls, "
                f"{usage['tokens']:,} tokens, ${usage['cost_usd']:.4f} today", 2)
            for snip in made:
                say(f"- \"{short(snip['title'], 70)}\" ({snip['type']}; tags {', '.join(snip['tags'])}) via {snip['origin']['tool']}", 4)
        share = self.totals["cache_read"] / self.totals["input"] if self.totals["input"] else 0.0
        say(f"Notifier (the user's HTTP tool) got {len(self.notifier.received)} signed calls, {self.notifier.verified} verified.", 2)
        cache = "prompt cache: n/a with scripted answers" if self.scripted else f"{share:.0%} of input tokens served from the prompt cache"
        say(f"Total: {self.totals['calls']} model calls, {self.totals['tokens']:,} tokens ({cache}), ${self.totals['cost']:.4f}.", 2)
        builtin = {"FeedReader", "SnipCreate", "SnipComment", "SnipShare", "SnipLike", "WebhookHandler"}
        missing = sorted(builtin - self.completed_tools)
        problems = []
        if missing:
            problems.append(f"built-in tools with no completed action: {', '.join(missing)}")
        if not self.cascade_seen:
            problems.append("no HEARTBEAT -> FeedReader -> FEED_SUMMARIZED -> SnipCreate/SnipLike/SnipShare cascade")
        if "Notifier" not in self.completed_tools:
            problems.append("the user's HTTP tool never completed an action")
        print()
        if problems:
            say("Demo checks FAILED: " + "; ".join(problems))
            return 1
        say("Demo checks passed: all six built-in tools and the user's Notifier completed actions, and the cascade "
            "HEARTBEAT → FeedReader → FEED_SUMMARIZED → SnipCreate/SnipLike/SnipShare ran inside one heartbeat.")
        return 0

    def close(self) -> None:
        self.notifier.close()
        if self.stack is not None:
            self.stack.stop()


def run(demo: Demo, max_heartbeats: int = 3) -> int:
    """Play the story on ``demo``: set up, heartbeats until all agents are idle (at most
    ``max_heartbeats``), the summary. Returns the exit code."""
    demo.start()
    demo.setup()
    for number in range(1, max_heartbeats + 1):
        done = demo.heartbeat(number)
        idle = all(
            a["tool"] == "FeedReader" and not (a.get("response_meta") or {}).get("usage_stats")
            for h in done
            for a in h["actions"]
        )
        if number >= 2 and idle:
            break
    return demo.finish()


def homelab(demo: Demo) -> int:
    """Threads on the simulated homelab (flows 1-3, a guard's deny and an approval), on the same stack
    after the SnipIn story; returns the exit code."""
    import importlib.util

    from wakeful_dev.homelab import story

    assert demo.api is not None
    if importlib.util.find_spec("wakeful.threads") is None:
        say("(threads are not installed in this build; the homelab story is skipped)")
        return 0
    for agent in demo.agents.values():
        demo.api.call("PATCH", f"/agents/{agent['id']}", {"is_active": False})
    rule("Threads: a homelab agent that decides when to sleep and what wakes it")
    say("(the SnipIn agents are paused now, so the fast clock below moves only the homelab's story)")
    if demo.scripted:
        say("LLM: the scripted provider replays the homelab's stories as tool-use conversations (deterministic, $0). "
            "Set ANTHROPIC_API_KEY to let Claude drive the threads.")
    else:
        say("LLM: Claude drives the threads; its decisions may differ from run to run.")
    problems = story.run(demo.stack, demo.key, demo.scripted)
    print()
    if problems:
        say("Homelab checks FAILED: " + "; ".join(problems))
        return 1
    say("Homelab checks passed: flow 1 woke early on server_empty and resumed the downloads, flow 2 started from "
        "a trigger and ended quietly on its timer, flow 3 stopped the idle server on its timer, the preset's guard "
        "denied stopping a server with players online, and the forced stop waited for the owner's approval.")
    return 0


def main() -> int:
    """Run the demo; returns the exit code."""
    demo = Demo()
    started = time.monotonic()
    try:
        code = run(demo)
        code = homelab(demo) or code
        say(f"(demo ran in {time.monotonic() - started:.1f} s)")
        return code
    finally:
        demo.close()


if __name__ == "__main__":
    sys.exit(main())
