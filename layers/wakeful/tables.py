"""The DynamoDB data model, declared once.

The CDK stack builds its tables from these specs and ``wakeful dev`` creates the same
tables in moto from them, so the two cannot drift. ``docs/data-model.md`` explains
every key, index and access pattern.
"""

from __future__ import annotations

from collections.abc import Mapping

from wakeful import capabilities
from wakeful.tablespec import N, S, Attr, Index, TableSpec

__all__ = ["TABLES", "CORE_TABLES", "Attr", "Index", "TableSpec", "S", "N"]

CORE_TABLES: dict[str, TableSpec] = {
    spec.name: spec
    for spec in (
        TableSpec(
            "agents",
            Attr("agent_id"),
            # @alias lookups read the alias reservation in ``idempotency`` (per owner).
            indexes=(Index("by-owner", Attr("owner"), Attr("created_at", N)),),
        ),
        TableSpec(
            "heartbeats",
            Attr("agent_id"),
            Attr("heartbeat_id"),
            ttl="expires_at",  # set when the heartbeat finishes (WAKEFUL_RETENTION_DAYS)
            indexes=(
                # Sparse: only PENDING heartbeats of active agents carry due_shard.
                Index("pending-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True),
                # Sparse: only claimed (QUEUED/EXECUTING) heartbeats carry lease_shard.
                Index(
                    "lease-expiry",
                    Attr("lease_shard", N),
                    Attr("lease_expires_at", N),
                    keys_only=True,
                    include=("attempt",),
                ),
                # Sparse, per owner: claimed heartbeats (stuck-heartbeat monitoring).
                Index("active-by-owner", Attr("active_owner"), Attr("started_at", N)),
                # Sparse, per owner: FAILED heartbeats by completion time.
                Index("failed-by-owner", Attr("failed_owner"), Attr("completed_at", N)),
            ),
        ),
        TableSpec("events", Attr("agent_id"), Attr("seq", N), ttl="expires_at"),
        TableSpec("idempotency", Attr("key"), ttl="expires_at"),
        TableSpec("tools", Attr("owner"), Attr("name")),
        TableSpec(
            "subscriptions",
            Attr("subscription_id"),
            indexes=(
                Index("by-owner", Attr("owner"), Attr("created_at", N)),
                # scope is "agent#<agent_id>" or "owner#<owner>" (every agent of the owner)
                Index("by-scope", Attr("scope"), Attr("subscription_id")),
            ),
        ),
        TableSpec(
            "actions",
            Attr("action_id"),
            indexes=(
                Index("by-heartbeat", Attr("heartbeat_id"), Attr("order_key")),
                Index("by-agent", Attr("agent_id"), Attr("created_at", N)),
                Index("by-owner", Attr("owner"), Attr("created_at", N)),
            ),
            ttl="expires_at",  # set when the action finishes (WAKEFUL_RETENTION_DAYS)
        ),
        TableSpec(
            "api_keys",
            Attr("key_hash"),
            indexes=(Index("by-owner", Attr("owner"), Attr("created_at", N)),),
            # A revocation reaches the live stream's fan-out at once: it closes the
            # key's WebSocket connections (wakeful.stream.fanout).
            stream="NEW_IMAGE",
        ),
        # -- hooks tables --
        TableSpec("hooks", Attr("agent_id"), Attr("hook_id")),
        # One row per delivery attempt, newest first (execution_id is time-ordered).
        TableSpec("hook_executions", Attr("hook_id"), Attr("execution_id"), ttl="expires_at"),
        # One row per delivery (a hook firing): its payload, for retries and replay.
        TableSpec(
            "hook_deliveries",
            Attr("delivery_id"),
            indexes=(
                Index("by-hook", Attr("hook_id"), Attr("created_at", N)),
                # Sparse: only a delivery whose first attempt is being made by the firing
                # function carries lease_shard, until that attempt is recorded; the scan
                # finds those whose firing function died (wakeful.hooks.recovery).
                Index("inline-lease", Attr("lease_shard", N), Attr("lease_until", N), keys_only=True),
            ),
            ttl="expires_at",
        ),
        # -- webhooks tables --
        TableSpec(
            "webhooks",
            Attr("webhook_id"),
            indexes=(Index("by-agent", Attr("agent_id"), Attr("created_at", N)),),
        ),
        # request_id "whr_<ulid>": one row per inbound request, newest last; the same
        # partition holds the hourly rate-limit counters ("rate#<YYYYMMDDHH>").
        TableSpec("webhook_requests", Attr("webhook_id"), Attr("request_id"), ttl="expires_at"),
        # Per-agent LLM state: "settings", "usage#<YYYY-MM-DD>", "answer#<action>#<step>"
        TableSpec("llm", Attr("agent_id"), Attr("record_key"), ttl="expires_at"),
        # -- threads tables --
        TableSpec(
            "threads",
            Attr("agent_id"),
            Attr("thread_id"),  # "thr_<ulid>": time-ordered, so Query backwards is newest first
            indexes=(
                # Sparse: sleeping threads (timer or expiry), waiting_approval threads
                # (expiry) and running threads (their step lease); the scan's due work.
                Index("thread-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True, include=("due_kind",)),
                # Sparse: sleeping threads that wait for events (the router's candidates).
                Index("waiting", Attr("waits_agent"), Attr("thread_id"), keys_only=True, include=("wake_on_events", "wait_after_seq", "wait_id")),
                # GET /agents/{id}/threads?status=: "<agent_id>#<status>", newest first.
                Index("by-status", Attr("agent_status"), Attr("created_at", N)),
            ),
        ),
        TableSpec("thread_messages", Attr("thread_id"), Attr("seq", N)),
        # Per agent: "seq#<012d>" route decisions, "cursor" the router's position,
        # "trigger#<n>" the thread a thread trigger last started (cooldown).
        TableSpec("thread_routes", Attr("agent_id"), Attr("route_key")),
        # -- interception tables --
        # An agent's interceptors; the agent item's active_interceptor_id keeps at most
        # one of them active.
        TableSpec("interceptors", Attr("agent_id"), Attr("interceptor_id")),
        # One row per call of an interceptor endpoint, newest first (call_id is
        # time-ordered); rows expire (TTL).
        TableSpec("interceptor_calls", Attr("interceptor_id"), Attr("call_id"), ttl="expires_at"),
        # -- MCP servers --
        # An owner's MCP servers (server_key "mcp_<ulid>", time-ordered) and the
        # reservation of each one's name (server_key "name#<name>": names are unique
        # per owner; an agent's tools name servers by name).
        TableSpec("mcp_servers", Attr("owner"), Attr("server_key")),
        # -- schedules tables --
        TableSpec(
            "schedules",
            Attr("agent_id"),
            Attr("schedule_id"),
            indexes=(
                # Sparse: only active schedules carry due_shard. It projects what a claim
                # decides on, so the scan reads the index items that are due and no more.
                Index(
                    "schedule-due",
                    Attr("due_shard", N),
                    Attr("due_at", N),
                    keys_only=True,
                    include=(
                        "owner", "revision", "cron_expression", "timezone", "active_hours", "config",
                        "running_result_id", "running_since",
                    ),
                ),
            ),
        ),
        # result_id is time-ordered by the due time it runs, so results list newest first.
        TableSpec(
            "schedule_results",
            Attr("schedule_id"),
            Attr("result_id"),
            indexes=(
                # Sparse: claimed runs whose thread has not started yet.
                Index(
                    "start-lease",
                    Attr("start_shard", N),
                    Attr("start_lease_at", N),
                    keys_only=True,
                    include=("agent_id", "start_attempt"),
                ),
            ),
            ttl="expires_at",  # results are kept 90 days
        ),
        # -- live stream --
        # stream_key "<agent_id>#<thread_id>": id 0 is the thread's stream head, id N a
        # chunk of events N..last_id (one item per flush, not per delta); stream_key
        # "<agent_id>#<thread_id>#step#<step_id>" (id 0) remembers what a step wrote, so a
        # redelivered step re-emits under the same ids. New chunks feed the WebSocket fan-out.
        TableSpec("stream_events", Attr("stream_key"), Attr("id", N), ttl="expires_at", stream="NEW_IMAGE"),
        # One item per WebSocket connection ("conn") and per subscription ("sub#<target>");
        # by-target finds the connections to post a thread's (or agent's) events to.
        TableSpec(
            "stream_connections",
            Attr("connection_id"),
            Attr("record_key"),
            indexes=(
                Index("by-target", Attr("target"), Attr("connection_id")),
                # Sparse: only connection rows carry conn_key (their key's hash).
                Index("by-key", Attr("conn_key"), Attr("connection_id"), keys_only=True),
            ),
            ttl="expires_at",
        ),
        # -- channels --
        # A channel: its kind, name, agent, public config and its secrets sealed in one
        # blob; the name is reserved per owner in ``idempotency`` ("channel#<owner>#<name>").
        TableSpec("channels", Attr("channel_id"), indexes=(Index("by-owner", Attr("owner"), Attr("created_at", N)),)),
        # One item per outbound message, its id derived from what it answers (an
        # approval, a schedule result, a run's reply), so a job done twice posts once.
        TableSpec(
            "channel_deliveries",
            Attr("delivery_id"),
            indexes=(Index("by-channel", Attr("channel_id"), Attr("created_at", N)),),
            ttl="expires_at",
        ),
        # Per channel: "chr_<ulid>" one row per inbound request, and "seen#<key>" the
        # platform's event ids already taken (a retried or replayed request is once).
        TableSpec("channel_requests", Attr("channel_id"), Attr("request_id"), ttl="expires_at"),
        # Per channel: "msg#<conversation>#<message>" the thread a platform message
        # belongs to (a reply continues it), "approval#<ref>" the tool call a button decides.
        TableSpec("channel_links", Attr("channel_id"), Attr("link_key"), ttl="expires_at"),
    )
}

#: Every table: the core's and those the installed capabilities' manifests declare
#: (SnipIn's: ``wakeful.snipin.manifest``; see :mod:`wakeful.assembly`).
TABLES: Mapping[str, TableSpec] = capabilities.Derived(lambda: {**CORE_TABLES, **capabilities.tables()})
