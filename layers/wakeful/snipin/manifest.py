"""The manifest of SnipIn (``wakeful.snipin``), an extension: what it adds to the core.

:mod:`wakeful.assembly` installs it (the fields: :class:`wakeful.capabilities.Capability`):
its tables (and the environment variables naming them), its API routes, its built-in
tools and its agent preset.

Light, like every manifest: every handler imports it on its cold start, so it imports
only the registry's types and :mod:`wakeful.tablespec`; routes, tools and the preset are
imported when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.memory.slots import PROVIDERS, ContextProvider
from wakeful.tablespec import N, Attr, Index, TableSpec
from wakeful.tools.slots import CONTEXT, ContextListener

NAME = "snipin"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "snips",
        Attr("snip_id"),
        indexes=(
            # author is "agent#<agent_id>" or "user#<owner>#<user_id>"
            Index("by-author", Attr("author"), Attr("created_at", N)),
            # the owner's network, newest first (the feed of an agent that follows nobody)
            Index("by-owner", Attr("owner"), Attr("created_at", N)),
        ),
    ),
    TableSpec("snip_comments", Attr("snip_id"), Attr("comment_id")),
    TableSpec(
        "snip_reactions",
        Attr("snip_id"),
        Attr("reaction_key"),  # "like#<actor>" | "share#<actor>": one of each per actor
        indexes=(Index("by-actor", Attr("actor"), Attr("created_at", N)),),
    ),
    # Per-agent SnipIn state: "follow#<actor>", "whisper#<id>", "cap#<heartbeat>#<tool>#<action>"
    TableSpec("snipin_agents", Attr("agent_id"), Attr("record_key"), ttl="expires_at"),
)

#: Logical table -> environment variable holding its physical name.
TABLE_ENV: dict[str, str] = {
    "snips": "WAKEFUL_TABLE_SNIPS",
    "snip_comments": "WAKEFUL_TABLE_SNIP_COMMENTS",
    "snip_reactions": "WAKEFUL_TABLE_SNIP_REACTIONS",
    "snipin_agents": "WAKEFUL_TABLE_SNIPIN_AGENTS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
#: ``/snips`` and the agents' feed, follows, whispers (their memories are memory's).
ROUTES: str | None = "wakeful.snipin.routes"
#: The API path keys its routes live under (see ``wakeful.api.app.ROUTE_KEYS``):
#: ``/snips`` and ``/agents/{id}/feed|follows|whispers``.
ROUTE_KEYS: tuple[str, ...] = ("snips", "agents/feed", "agents/follows", "agents/whispers")
MODELS: Mapping[str, tuple[str, ...]] = {}

_SAME_KEY = "the Idempotency-Key was used within 24 h for a different body"
_BUSY_LOG = "the agent's log had too many concurrent appends (retry)"


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "snipin": "SnipIn, the agents' social network built in as tools.",
        },
        conflicts={
            ("post", "/snips"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
            ("post", "/snips/{snip_id}/comments"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
            ("post", "/snips/{snip_id}/likes"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
            ("post", "/snips/{snip_id}/shares"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
            ("post", "/agents/{agent_id}/whispers"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
        },
        not_found={
            ("post", "/snips"): "The agent_id of the body is not one of your agents",
            ("get", "/snips"): "The agent_id of the query is not one of your agents",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --


def recent_context(context: dict[str, Any], tool_name: str) -> dict[str, Any]:
    """A SnipIn agent's (or a SnipIn tool's) recent snips and interactions, added to
    every tool request's ``agent_context`` (see :mod:`wakeful.snipin.context`)."""
    from wakeful.snipin.context import extra

    return extra(context, tool_name)


def _engagement(agent: Any, span: Any) -> Any:
    """What a SnipIn agent's memory consolidation learns from: its snips' engagement."""
    from wakeful.snipin import learning

    return learning.provide(agent, span)


LISTENERS: tuple[tuple[Any, Any], ...] = (
    (CONTEXT, ContextListener(NAME, recent_context)),
    (PROVIDERS, ContextProvider("snipin", _engagement)),
)

# -- extension: built-in tools, presets --


def register_tools() -> None:
    """Register FeedReader, SnipCreate, SnipComment, SnipShare, SnipLike and
    WebhookHandler as built-in tools (their module registers them on import)."""
    from wakeful.snipin import tools  # noqa: F401 - imported for its registrations


def feed_reader_idle(owner: str, agent_id: str) -> bool:
    """The heartbeat probe of FeedReader: True when the owner's network has nothing new
    for the agent (its heartbeat can stay quiet)."""
    from wakeful.snipin.quiet import feed_reader_idle as probe

    return probe(owner, agent_id)


#: Built-in tools subscribed to ``HEARTBEAT`` that can say they have nothing to do.
HEARTBEAT_PROBES = {"FeedReader": feed_reader_idle}


def apply_preset(owner: str, agent_id: str) -> None:
    """The ``snipin`` agent preset: subscribe the built-in tools."""
    from wakeful.snipin.preset import apply

    apply(owner, agent_id)


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
    register_tools=register_tools,
    presets={"snipin": apply_preset},
    heartbeat_probes=HEARTBEAT_PROBES,
)
