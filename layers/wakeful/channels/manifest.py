"""The manifest of channels (``wakeful.channels``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types and the slots it fills; what it names loads
when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.actions.slots import PARKED, ParkListener
from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.channels.slots import PLATFORMS, PlatformEntry, PlatformSource
from wakeful.schedules.slots import RESULTS, ResultListener
from wakeful.tablespec import N, Attr, Index, TableSpec
from wakeful.slots import TARGETS, THREAD_SOURCES, SourceGroup, TargetCheck
from wakeful.threads.slots import RUN_END, RunEnd, RunEndListener
from wakeful.channels.agent_fields import FIELDS as _FIELDS

if TYPE_CHECKING:
    from wakeful.actions.records import Action
    from wakeful.agents.records import Agent

NAME = "channels"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
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
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "channels": "WAKEFUL_TABLE_CHANNELS",
    "channel_deliveries": "WAKEFUL_TABLE_CHANNEL_DELIVERIES",
    "channel_requests": "WAKEFUL_TABLE_CHANNEL_REQUESTS",
    "channel_links": "WAKEFUL_TABLE_CHANNEL_LINKS",
}
QUEUES: tuple[QueueSpec, ...] = (
    # Verified inbound requests -> the channel worker; FIFO, one group per channel: a
    # conversation's messages reach their threads in the order the platform sent them.
    QueueSpec("channel_inbox", "WAKEFUL_QUEUE_CHANNEL_INBOX_URL", fifo=True, function="channel_worker"),
    # Messages out -> channel_deliver; a standard queue: a retry waits with DelaySeconds.
    QueueSpec("channel_outbox", "WAKEFUL_QUEUE_CHANNEL_OUTBOX_URL", function="channel_deliver"),
)
FUNCTIONS: tuple[str, ...] = (
    "channel_inbound",  # API Gateway POST /channels/{channel_id}/<platform>: verify, record, acknowledge
    "channel_worker",  # SQS FIFO channel inbox -> thread messages and approval decisions
    "channel_deliver",  # SQS channel outbox -> one message to a chat platform or SES
)
# Messages out by outcome (a failure rate alarm pairs the first two), retried attempts,
# and inbound platform requests by outcome.
CHANNEL_DELIVERIES_SUCCEEDED = "ChannelDeliveriesSucceeded"
CHANNEL_DELIVERIES_FAILED = "ChannelDeliveriesFailed"
CHANNEL_ATTEMPTS_RETRIED = "ChannelAttemptsRetried"
CHANNEL_REQUESTS_ACCEPTED = "ChannelRequestsAccepted"
CHANNEL_REQUESTS_REJECTED = "ChannelRequestsRejected"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    CHANNEL_DELIVERIES_SUCCEEDED: "Count",
    CHANNEL_DELIVERIES_FAILED: "Count",
    CHANNEL_ATTEMPTS_RETRIED: "Count",
    CHANNEL_REQUESTS_ACCEPTED: "Count",
    CHANNEL_REQUESTS_REJECTED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.channels.routes"
ROUTE_KEYS: tuple[str, ...] = ("channels",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.channels.inputs": ("ChannelCreate", "ChannelPatch", "ChannelTest"),
    "wakeful.channels.responses": ("Channel", "ChannelDeliveryPage", "ChannelPage", "ChannelRequestPage", "ChannelTestAccepted"),
}

_REF = "#/components/schemas/"


def _inbound_paths() -> Mapping[str, Any]:
    """Each platform's routes, served by the channel-inbound function (its ``openapi``)."""
    from wakeful.channels import platforms

    return platforms.inbound_operations()


def _inbound_schemas() -> Mapping[str, Any]:
    """The models of the platforms' answers, added to the document's components."""
    from wakeful.channels import platforms

    models: Iterable[Any] = platforms.inbound_answers()
    return {model.__name__: model.model_json_schema(ref_template=_REF + "{model}", mode="serialization") for model in models}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "channels": "Channels carry an agent's messages to Slack, Discord, Telegram and email, and people's messages and "
            "approval presses back (docs/channels.md).",
        },
        conflicts={
            ("post", "/channels"): "You already have a channel with this name, or as many channels as allowed",
            ("patch", "/channels/{channel_id}"): "You already have a channel with the new name, or the channel changed meanwhile (retry)",
        },
        not_found={
            ("post", "/channels"): "The agent_id of the body is not one of your agents",
        },
        paths=_inbound_paths,
        schemas=_inbound_schemas,
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = _FIELDS

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}


def _endpoints() -> Mapping[str, tuple[str, str]]:
    """The chat platforms' APIs: name -> (the variable of its base URL, the platform's
    own), from the platforms' registry when asked (a platform added later counts)."""
    from wakeful.channels import platforms

    return platforms.endpoints()


ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = _endpoints

# -- listeners: what it plugs into lower capabilities' slots --
# Each loads :mod:`wakeful.channels.relay` when first called.

# The threads' run end, for every thread: approval requests, notifications and a chat
# thread's answer go to channels when a run ends or parks.


def _run_ended(end: RunEnd) -> None:
    from wakeful.channels import relay

    relay.run_ended(end)


RUN_END_LISTENER = RunEndListener(name=NAME, run_ended=_run_ended)
_RUN_END = ((RUN_END, RUN_END_LISTENER),)

# A schedule's result: a finding or a failure goes to the schedule's ``notify`` channels.


def _notifies(agent: Agent, row: Mapping[str, Any], status: str) -> bool:
    from wakeful.channels import relay

    return relay.notifies(agent, row, status)


def _result_finished(agent: Agent, row: Mapping[str, Any]) -> None:
    from wakeful.channels import relay

    relay.result_finished(agent, row)


RESULT_LISTENER = ResultListener(name=NAME, notifies=_notifies, result_finished=_result_finished)
_RESULTS = ((RESULTS, RESULT_LISTENER),)

# A heartbeat's action parked for approval asks the agent's ``notify`` channels, with two
# buttons.


def _action_parked(action: Action, arguments: Mapping[str, Any]) -> None:
    from wakeful.channels import relay

    relay.action_parked(action, arguments)


PARK_LISTENER = ParkListener(name=NAME, parked=_action_parked)
_PARKED = ((PARKED, PARK_LISTENER),)

# Every notify target named (an agent's, a schedule's, a send_notification's) names one of
# the owner's channels.


def _check_targets(owner: str, targets: Sequence[str]) -> None:
    from wakeful.channels import targets as channel_targets

    channel_targets.check(owner, targets)


_TARGETS = ((TARGETS, TargetCheck(NAME, _check_targets)),)

# A chat platform's name is a thread source (a person there started it), and such a
# thread is a conversation: it sleeps after each answer until the person replies.


def _chat_names() -> tuple[str, ...]:
    from wakeful.channels import platforms

    return platforms.chat_names()


_SOURCES = ((THREAD_SOURCES, SourceGroup(name=NAME, names=_chat_names, conversation=True)),)

# Wakeful's own platforms (their entries load when a list of platforms is first asked for).


def _builtin_platforms() -> tuple[PlatformEntry, ...]:
    from wakeful.channels.platforms.builtin import BUILTIN

    return BUILTIN


_PLATFORMS = ((PLATFORMS, PlatformSource(name=NAME, entries=_builtin_platforms)),)

LISTENERS: tuple[tuple[Any, Any], ...] = (*_RUN_END, *_RESULTS, *_PARKED, *_TARGETS, *_SOURCES, *_PLATFORMS)

MANIFEST = Capability(
    name=NAME,
    tables=TABLES,
    table_env=TABLE_ENV,
    queues=QUEUES,
    functions=FUNCTIONS,
    metrics=METRICS,
    routes=ROUTES,
    route_keys=ROUTE_KEYS,
    models=MODELS,
    openapi=OPENAPI,
    agent_fields=AGENT_FIELDS,
    env_choices=ENV_CHOICES,
    endpoints=ENDPOINTS,
    listeners=LISTENERS,
)
