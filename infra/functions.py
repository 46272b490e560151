"""What each Lambda function is given: size, time, and least-privilege access.

The *list* of functions is :data:`wakeful.constants.FUNCTIONS` (folder
``functions/<name>/handler.py``). This module says, per function, what its code calls
on AWS, read from the code paths each handler reaches; the stack turns it into IAM
statements with exact actions and resources. A test fails when a function in
``FUNCTIONS`` has no entry here, so a new function cannot ship without a decision.

DynamoDB access is granted per table as *read* (GetItem, BatchGetItem, Query,
ConditionCheckItem) or *write* (read plus PutItem, UpdateItem, DeleteItem), and Query
only on the table's indexes (no item is read or written through an index); a function
triggered by a table's stream may read that stream and no item (*streams*). Scan is
never granted (no Scan on any path). The integration and end-to-end suites record every
call a handler makes and check it against the function's role in the synthesized
template (tests/support/iam_audit.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wakeful import assembly, retention
from wakeful.constants import TOOL_RUNNER_TIMEOUT_SECONDS


@dataclass(frozen=True)
class FunctionSpec:
    """One function's sizing and the AWS calls its code makes."""

    description: str
    memory_mb: int
    timeout_seconds: int
    #: Tables (and their indexes) it only reads.
    reads: tuple[str, ...] = ()
    #: Tables (and their indexes) it reads and writes.
    writes: tuple[str, ...] = ()
    #: Tables whose DynamoDB streams trigger it: their streams only (an event source
    #: mapping reads them), no item and no index.
    streams: tuple[str, ...] = ()
    #: Logical queues (``wakeful.constants.QUEUE_ENV`` keys) it sends to.
    sends: tuple[str, ...] = ()
    #: KMS operations on the secrets key: "encrypt" (seal) and/or "decrypt" (unseal).
    kms: tuple[str, ...] = ()
    #: It fires hooks: ``states:StartExecution`` on the deliver-hook state machine.
    starts_hooks: bool = False
    #: It invokes users' Lambda tools (``lambda:InvokeFunction``, scoped by name prefix).
    invokes_tools: bool = False
    #: It calls the LLM: reads the Anthropic key's secret (``secretsmanager:GetSecretValue``
    #: on that secret only; its name in ``WAKEFUL_ANTHROPIC_SECRET``).
    llm: bool = False
    #: It issues or reads list cursors (the API's lists): reads the cursor key's secret
    #: (``secretsmanager:GetSecretValue`` on it only; its ARN in ``WAKEFUL_CURSOR_SECRET``).
    cursors: bool = False
    #: SnapStart on published versions; its trigger targets the ``live`` alias.
    snap_start: bool = False
    #: It posts to WebSocket connections (``execute-api:ManageConnections`` on the
    #: stream WebSocket API's stage) and gets the API's management endpoint.
    manages_connections: bool = False
    #: It sends email through SES (``ses:SendEmail``: email channels).
    sends_email: bool = False
    #: It writes the archive: ``s3:PutObject`` in the archive bucket, under the retained
    #: tables' prefixes only (its name in ``WAKEFUL_ARCHIVE_BUCKET``).
    archives: bool = False
    #: SQS event source batch size, when a queue triggers it.
    sqs_batch_size: int = 10
    #: Extra environment variables.
    environment: dict[str, str] = field(default_factory=dict)

    def tables(self) -> tuple[str, ...]:
        """Every table it touches (its items, or its stream)."""
        return tuple(dict.fromkeys((*self.writes, *self.reads, *self.streams)))

    def item_tables(self) -> tuple[str, ...]:
        """The tables whose items (and indexes) it reads or writes."""
        return tuple(dict.fromkeys((*self.writes, *self.reads)))


# Firing a hook (wakeful.hooks.firing -> outbox.start_deliveries) reads the agent's
# hooks, records the delivery, and either makes its first attempt (unsealing the hook's
# secret: KMS decrypt; one hook_executions row; the hook's failure streak, and on 410 or
# a long streak its disabling, which recomputes the agent's hook_types) or starts one
# deliver-hook execution per hook. The scan, which never attempts (it takes over
# deliveries whose firing function died), writes the same delivery and attempt rows.
_HOOK_FIRING_READS = ("hooks",)
_HOOK_FIRING_WRITES = ("hook_deliveries", "hook_executions")
_HOOK_ATTEMPT_WRITES = ("hooks", "agents", *_HOOK_FIRING_WRITES)
# The channels' part in a run's end (wakeful.channels.relay, a run-end listener) and in a
# schedule's result: reads the owner's channels (by name: idempotency), a scheduled run's
# schedule (its notify), the run's messages (its notifications) and the link to the
# platform message a reply answers; records deliveries, and queues them.
_CHANNEL_RELAY_READS = ("channels", "idempotency", "schedules", "thread_messages", "channel_links")
_CHANNEL_RELAY_WRITES = ("channel_deliveries",)
_CHANNEL_RELAY_SENDS = ("channel_outbox",)
# Memory's part in a run's end (wakeful.memory.listeners, a run-end listener, wherever
# runs end): the memories a run's prompt held are reinforced, the run is journaled for
# the next consolidation, and a consolidation's record is finished.
_MEMORY_WRITES = ("memories",)
# An approval request sent to channels also records what its buttons decide (a link):
# only where a run parks for approval (the thread runner) or a heartbeat's action does
# (the tool runner).
_CHANNEL_APPROVAL_WRITES = ("channel_links",)
# The interception point (wakeful.interceptors.dispatch), at every thread step: reads the
# agent's active interceptor (unsealing its secret: KMS decrypt) and records each call.
_INTERCEPTION_READS = ("interceptors",)
_INTERCEPTION_WRITES = ("interceptor_calls",)
# The extensions' tables (SnipIn's: snips, comments, reactions, per-agent state): their
# built-in tools keep their own tables; the LLM client keeps per-agent settings, daily
# usage (token budgets) and cached answers.
_EXTENSION_TABLES = tuple(spec.name for extension in assembly.EXTENSIONS for spec in extension.tables)
# spend: every model call is admitted and settled in the spend ledger.
_BUILTIN_TOOL_TABLES = (*_EXTENSION_TABLES, "llm", "spend")


def specs() -> dict[str, FunctionSpec]:
    """Function name -> spec (the installed extensions' tables included)."""
    return {
        # The management plane: the route modules read and change their owner's rows.
        # What its code writes, table by table (the integration and end-to-end suites
        # trace each write; tests/support/iam_audit.py checks the two agree).
        "api": FunctionSpec(
            description="Wakeful management API (API Gateway REST proxy)",
            memory_mb=512,
            timeout_seconds=25,  # under API Gateway's 29 s integration limit
            writes=(
                "agents",  # create, patch, delete; thread slots; hook_types as hooks change
                "heartbeats",  # a heartbeat made due now; a paused or deleted agent's pending one failed
                "events",  # POST .../events and broadcasts append to the log
                "idempotency",  # event appends and creations with an Idempotency-Key
                "tools", "subscriptions", "webhooks", "hooks", "interceptors", "mcp_servers", "channels",
                "schedules",  # their routes: create, patch, delete (a schedule's run claimed)
                "schedule_results",  # POST .../schedules/{id}/run records the run it queues
                "actions",  # a heartbeat action approved or denied
                "hook_deliveries",  # a hook test and a replay record their delivery
                "channel_deliveries",  # a channel test, and a run the API ends tells its channels
                "threads", "thread_messages",  # threads started, messaged, woken, cancelled, approvals decided
                "stream_events",  # a thread the API ends (cancelled, or at its wake limit) streams its end
                "llm",  # PATCH /agents/{id}/llm: the agent's model settings; replays' and dry runs' usage
                "memories",  # an agent's memories: added, changed, forgotten; a consolidation started
                "spend",  # PUT /budget, POST /agents/{id}/spend/resume (and the spend views read it)
                "lab",  # replays and their replayed runs
                *_EXTENSION_TABLES,  # the extensions' routes (SnipIn: snips, comments, reactions, its agents)
            ),  # fmt: skip
            # api_keys: every request's key (keys are created with `wakeful keys create`,
            # outside the API); the rest only listed: hook attempts, webhook requests,
            # interceptor calls, channel requests, routing decisions; and
            # channel_links: the platform message a reply to a run the API ends answers.
            reads=(
                "api_keys", "hook_executions", "webhook_requests", "interceptor_calls", "channel_requests",
                "thread_routes", "channel_links",
            ),  # fmt: skip
            kms=("encrypt", "decrypt"),  # seals tool/hook/webhook secrets, unseals on rotate
            starts_hooks=True,  # POST /agents/{id}/hooks/{hook_id}/test
            cursors=True,  # every list route, and the MCP server's list tools
            # threads: a started or woken thread's first step; an append to a log that
            # threads route (POST .../events) tells the router.
            # schedules: POST /agents/{id}/schedules/{schedule_id}/run queues the run.
            # ingest: POST /events/broadcast fans out through it; action: an approved
            # heartbeat action (POST /agents/{id}/actions/{action_id}/approval) runs.
            # channels: POST /channels/{id}/test queues a test message.
            sends=("thread", "route", "schedule", "ingest", "action", "channel_outbox"),
        ),
        # Queries the sparse due/lease indexes, claims with conditional writes, fails
        # heartbeats whose workers kept dying (one transaction with the agent and the
        # next heartbeat), and fires AFTER_HEARTBEAT for those.
        "heartbeat_scan": FunctionSpec(
            description="Heartbeat scan: claim due heartbeats, re-queue expired leases",
            memory_mb=512,
            timeout_seconds=50,  # finishes before the next one-minute tick
            # threads: timer wakes, expiries and stalled steps from the thread-due index.
            # schedules: claims due cron schedules (schedule-due index) and re-sends runs
            # whose thread never started (start-lease index); a run that timed out or
            # never started ends as an error, which fires SCHEDULE_FAILED.
            # stream_events: a thread it ends (expired, failed) gets its end in the stream.
            # flow_holds, thread_routes, events: held events whose time came go to one run
            # (a thread it starts or wakes), their route decisions name it.
            # spend: a quiet heartbeat is counted as saved (saved.quiet_heartbeats); a
            # budget pause whose period ended resumes (spend-due index).
            writes=(
                "heartbeats", "agents", "threads", "thread_messages", "schedules", "schedule_results",
                "stream_events", "flow_holds", "thread_routes", "spend", *_HOOK_FIRING_WRITES, *_CHANNEL_RELAY_WRITES, *_MEMORY_WRITES,
            ),  # fmt: skip
            # snipin_agents: FeedReader's probe, asked before a heartbeat runs FeedReader for nothing.
            # events: a due consolidation's run reads the log's events since the last one,
            # and the extensions' tables what they add to it (SnipIn: its snips' engagement).
            reads=(*_HOOK_FIRING_READS, "snipin_agents", "events", *_EXTENSION_TABLES, *_CHANNEL_RELAY_READS),
            sends=("heartbeat", "thread", "schedule", *_CHANNEL_RELAY_SENDS),
            starts_hooks=True,
        ),
        "orchestrator": FunctionSpec(
            description="Heartbeat orchestrator: event window, subscriptions, actions",
            memory_mb=512,
            timeout_seconds=60,
            # memories: a heartbeat that processed events is journaled for the next consolidation.
            writes=("agents", "heartbeats", "events", "idempotency", "actions", *_HOOK_ATTEMPT_WRITES, *_MEMORY_WRITES),
            reads=("subscriptions", "tools", *_HOOK_FIRING_READS),
            # heartbeat: a long window goes on in a fresh invocation (a message to itself);
            # route: its HEARTBEAT event, for agents with threads.
            sends=("action", "heartbeat", "route"),
            kms=("decrypt",),  # a hook's first attempt unseals its secret
            starts_hooks=True,
        ),
        # Runs one action: built-in tools (SnipIn, LLM), users' HTTP tools (signed with
        # the tool's sealed secret) and Lambda tools; appends new events; wakes the
        # orchestrator with a "continue" message.
        "tool_runner": FunctionSpec(
            description="Tool runner: run one action's tool (LLM, HTTP or Lambda tool)",
            # Most of its time is spent waiting for the model, billed per GB-second:
            # 512 MB keeps that cheap (docs/cost.md); SnapStart restores the imports.
            memory_mb=512,
            # An LLM call may take 30 s x 3 attempts (wakeful.llm.settings defaults) and a
            # tool may make two; an HTTP tool keeps its attempts within 150 s of it.
            timeout_seconds=TOOL_RUNNER_TIMEOUT_SECONDS,
            # heartbeats: a finished action leaves its heartbeat's open_actions set.
            # stream_events: each action shows in the agent's live stream.
            # interceptors: a heartbeat's action passes the agent's interception point;
            # channels: one parked for approval asks the agent's notify channels.
            writes=(
                "actions", "agents", "events", "heartbeats", "idempotency",
                "stream_events", *_HOOK_ATTEMPT_WRITES, *_BUILTIN_TOOL_TABLES, *_INTERCEPTION_WRITES,
                *_CHANNEL_RELAY_WRITES, *_MEMORY_WRITES, *_CHANNEL_APPROVAL_WRITES,
            ),  # fmt: skip
            reads=("tools", *_HOOK_FIRING_READS, *_INTERCEPTION_READS, *_CHANNEL_RELAY_READS),
            # route: tools' new events, for agents with threads
            sends=("heartbeat", "route", *_CHANNEL_RELAY_SENDS),
            kms=("decrypt",),
            starts_hooks=True,
            invokes_tools=True,
            llm=True,
            snap_start=True,
            # One action per invocation: each tool call gets the whole timeout, and a
            # slow LLM answer never makes a batch of finished actions run again.
            sqs_batch_size=1,
        ),
        # One delivery attempt: reads the delivery and the hook (unsealing its secret and
        # auth header), records the attempt, disables a hook that answers 410 or keeps
        # failing (recomputing the agent's hook_types).
        "deliver_hook": FunctionSpec(
            description="Deliver one hook attempt (Step Functions task)",
            memory_mb=256,
            timeout_seconds=45,  # a hook's timeout_ms is at most 30 s
            writes=("hooks", "hook_executions", "hook_deliveries", "agents"),
            kms=("decrypt",),
        ),
        # Reads the webhook (unsealing its secrets to verify the HMAC), takes an hourly
        # rate slot and records every request in webhook_requests, appends the event.
        "webhook_ingest": FunctionSpec(
            description="Inbound webhooks: verify, rate-limit, append to the event log",
            memory_mb=512,
            timeout_seconds=15,
            reads=("webhooks",),
            # heartbeats: an urgent event (wake_on_priority) makes one due at once.
            writes=("agents", "events", "heartbeats", "idempotency", "webhook_requests"),
            sends=("route",),  # for agents with threads
            kms=("decrypt",),
        ),
        "ingest": FunctionSpec(
            description="SQS ingestion: validated messages to the event log",
            memory_mb=256,
            timeout_seconds=30,
            writes=("agents", "events", "heartbeats", "idempotency"),  # heartbeats: wake_on_priority
            sends=("ingest_dlq", "route"),  # invalid messages go to the DLQ with a reason, not retried
        ),
        # -- threads functions --
        # One step of a thread run: the model call (streamed), tool calls (users' HTTP and
        # Lambda tools as actions, meta tools), interception, the next step; appends tools'
        # new events; at a run's end asks the router to re-check the thread's new wait.
        "thread_runner": FunctionSpec(
            description="Thread runner: one step of a thread run (model turn or tool calls)",
            memory_mb=512,
            # A model turn may take 30 s x 3 attempts; a step runs several tool calls.
            timeout_seconds=300,
            # stream_events: the run's StreamEvents (wakeful.stream.emitter).
            writes=(
                "threads", "thread_messages", "actions", "agents", "events", "idempotency", "llm",
                "spend",  # each model call admitted and settled in the spend ledger
                "schedules", "schedule_results",  # a scheduled run's end finishes its result
                "lab",  # a run's recording, at its first model call (the lab replays it)
                "stream_events", *_HOOK_ATTEMPT_WRITES, *_INTERCEPTION_WRITES, *_CHANNEL_RELAY_WRITES, *_MEMORY_WRITES,
                *_CHANNEL_APPROVAL_WRITES,
            ),  # fmt: skip
            # mcp_servers: the tools of the MCP servers an agent names, and their calls
            # (headers unsealed: KMS decrypt).
            # channels: a run's approvals, notifications and answer (wakeful.channels.relay);
            # a send_notification's channel is looked up by name.
            # The extensions' tables: what their context listeners add to a tool request
            # (SnipIn: a SnipIn agent's recent snips and interactions).
            reads=(
                "tools", "mcp_servers", *_HOOK_FIRING_READS, *_INTERCEPTION_READS, *_CHANNEL_RELAY_READS,
                *_EXTENSION_TABLES,
            ),  # fmt: skip
            sends=("thread", "route", *_CHANNEL_RELAY_SENDS),
            kms=("decrypt",),
            starts_hooks=True,
            invokes_tools=True,
            llm=True,
            # One step per invocation: a step holds its thread until it is done.
            sqs_batch_size=1,
        ),
        # Routes an agent's new events: wakes waiting threads, starts triggered ones,
        # records each decision.
        "thread_router": FunctionSpec(
            description="Thread router: route each appended event to waiting or triggered threads",
            memory_mb=256,
            timeout_seconds=60,
            # schedules, schedule_results: a woken heartbeat schedule run holds its hooks
            # on its result (and a thread ended here finishes it).
            # stream_events: a thread it ends (at its wake limit) gets its end in the stream.
            # flow_holds: events held to go to one run (coalescing); spend: the events a
            # coalesced run saved starting (saved.coalesced_events).
            writes=(
                "thread_routes", "threads", "thread_messages", "agents", "schedules", "schedule_results",
                "stream_events", "flow_holds", "spend", *_HOOK_ATTEMPT_WRITES, *_CHANNEL_RELAY_WRITES, *_MEMORY_WRITES,
            ),  # fmt: skip
            reads=("events", *_HOOK_FIRING_READS, *_CHANNEL_RELAY_READS),  # channels: a thread ended here
            sends=("thread", *_CHANNEL_RELAY_SENDS),
            kms=("decrypt",),  # a hook's first attempt unseals its secret
            starts_hooks=True,
        ),
        # Starts the thread of a claimed schedule run (the thread runtime's tables and
        # queue); finishes a run that cannot start (deleted, paused agent), which may
        # fire SCHEDULE_FAILED.
        "schedule_runner": FunctionSpec(
            description="Schedule runner: start the thread of a claimed schedule run",
            memory_mb=256,
            timeout_seconds=30,
            # spend: a run a probe found unchanged is counted as saved (saved.probe_skips).
            writes=("schedules", "schedule_results", "threads", "thread_messages", "agents", "spend", *_HOOK_ATTEMPT_WRITES, *_CHANNEL_RELAY_WRITES, *_MEMORY_WRITES),
            # channels: a run that cannot start is a failure for the schedule's channels.
            # events: a schedule's probe looks for events of its types since the last run.
            # spend (above): a paused agent's run is skipped (reason budget).
            reads=(*_HOOK_FIRING_READS, *_CHANNEL_RELAY_READS, "events"),
            sends=("thread", *_CHANNEL_RELAY_SENDS),
            kms=("decrypt",),  # a hook's first attempt unseals its secret
            starts_hooks=True,
        ),
        # The stream WebSocket API: $connect checks the API key and records the
        # connection; subscribe checks the agent's owner, records the subscription and
        # sends the thread's events after a resume point; $disconnect forgets it.
        "stream_ws": FunctionSpec(
            description="Stream WebSocket API: connect with an API key, subscribe to a thread or agent",
            memory_mb=256,
            timeout_seconds=15,
            reads=("api_keys", "agents", "threads", "heartbeats", "stream_events"),
            writes=("stream_connections",),
            manages_connections=True,
        ),
        # New stream chunks (DynamoDB Streams of stream_events) -> the subscribed
        # connections; connections that are gone are deleted, and those whose API key
        # was revoked are closed (it reads the key's item again, cached per minute).
        # Revocations (DynamoDB Streams of api_keys) close the key's connections at once.
        "stream_fanout": FunctionSpec(
            description="Stream fan-out: new stream events to WebSocket subscribers",
            memory_mb=256,
            timeout_seconds=30,
            reads=("stream_events", "api_keys"),  # their DynamoDB streams; keys re-checked
            writes=("stream_connections",),
            manages_connections=True,
        ),
        # -- channels functions --
        # A platform's request: reads the channel (unsealing its signing secret or
        # token), verifies it, records it with its platform event id (duplicates), and
        # queues the work; a Discord interaction's token is sealed before it is queued.
        "channel_inbound": FunctionSpec(
            description="Channels inbound: verify a platform's request, record it, answer at once, queue the work",
            memory_mb=512,
            timeout_seconds=10,  # Slack wants an answer within 3 s
            reads=("channels",),
            writes=("channel_requests",),
            sends=("channel_inbox",),
            kms=("encrypt", "decrypt"),
        ),
        # The work of an accepted request: a thread started (or a message to one; the
        # thread runtime's tables and queue, its hooks) or an approval decided; the
        # links of a platform message to its thread; the outcome on the request row.
        "channel_worker": FunctionSpec(
            description="Channels worker: a platform message to a thread, a button press to an approval",
            memory_mb=256,
            timeout_seconds=30,
            # actions: a button decides a heartbeat's action parked for approval.
            # spend: an extend: button raises a budget's limit for its period (once) and
            # may resume what it paused.
            writes=(
                "channel_links", "channel_requests", "threads", "thread_messages", "agents", "actions",
                "schedules", "schedule_results", "stream_events", "spend", *_HOOK_ATTEMPT_WRITES, *_CHANNEL_RELAY_WRITES, *_MEMORY_WRITES,
            ),  # fmt: skip
            # channels: a thread that ends here (too many wakes) tells its channels.
            reads=("channels", *_HOOK_FIRING_READS, *_CHANNEL_RELAY_READS),
            sends=("thread", "action", *_CHANNEL_RELAY_SENDS),
            kms=("decrypt",),  # a hook's first attempt unseals its secret
            starts_hooks=True,
        ),
        # One attempt of a delivery: reads the channel (unsealing its bot token) and a
        # Discord interaction's sealed token, posts to the platform or SES, records the
        # attempt and the platform's message ids (links), and queues a retry.
        "channel_deliver": FunctionSpec(
            description="Channels delivery: one attempt of a message to Slack, Discord, Telegram or SES",
            memory_mb=256,
            timeout_seconds=60,  # a few parts, 10 s each at most
            reads=("channels",),
            writes=("channel_deliveries", "channel_links"),
            sends=("channel_outbox",),
            kms=("decrypt",),
            sends_email=True,
        ),
        # -- retention --
        # What DynamoDB's TTL deletes from the retained tables (their streams, filtered to
        # those deletions) to the archive bucket: one PutObject per table, agent, day and
        # batch. It reads no item: the stream record holds the deleted item's image.
        "archiver": FunctionSpec(
            description="Archiver: records DynamoDB deleted at the end of their retention, to S3",
            memory_mb=256,
            timeout_seconds=120,  # a batch of up to 1,000 records, written 8 objects at a time
            streams=retention.TABLES,
            archives=True,
        ),
    }
