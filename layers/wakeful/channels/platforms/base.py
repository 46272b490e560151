"""What the platforms share: what a platform is (:class:`Platform`; its config fields
and its registry entry are plain values, in :mod:`.models`), splitting long text,
calling an HTTP API through the one outbound client, and judging its answer
(:class:`Outcome`).

No pydantic and no platform SDK at import: the inbound, worker and delivery functions
read this (a platform's config model is built from its fields by
:mod:`wakeful.channels.inputs`, when the API needs it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from wakeful import clock, outbound
from wakeful.backoff import parse_retry_after
from wakeful.channels import models
from wakeful.channels.platforms.models import ConfigField

if TYPE_CHECKING:
    from wakeful.channels.records import Channel, ChannelDelivery


@dataclass(frozen=True)
class Outcome:
    """One platform request, judged: ``ok``; else whether to ``retry`` (a 429, a 5xx, a
    timeout, a broken connection) and when (``retry_after``, seconds), and why
    (``error``). ``message_id`` is the platform's id of a posted message and
    ``conversation`` the conversation it is in, as the platform names it."""

    ok: bool
    retry: bool = False
    retry_after: float | None = None
    error: str | None = None
    status_code: int | None = None
    message_id: str | None = None
    conversation: str | None = None


def split(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at a paragraph, a line,
    a sentence or a space when one is near the end of a piece, else hard."""
    text = text.strip() or "(empty)"
    pieces: list[str] = []
    while len(text) > limit:
        window = text[:limit]
        cut = -1
        for mark in ("\n\n", "\n", ". ", " "):
            at = window.rfind(mark)
            if at >= limit // 2:
                cut = at + len(mark)
                break
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    pieces.append(text)
    return [p for p in pieces if p] or ["(empty)"]


def message_text(message: Mapping[str, Any]) -> str:
    """A message's text, with its title first when it has one."""
    title = message.get("title")
    text = str(message.get("text") or "")
    return f"{title}\n\n{text}" if title else text


def call(method: str, url: str, *, headers: Mapping[str, str], body: Any, secrets: tuple[str, ...] = ()) -> tuple[outbound.Response | None, Outcome | None]:
    """One JSON request within :data:`~wakeful.channels.models.REQUEST_TIMEOUT_SECONDS`:
    the answer, or the outcome of a call that got none (refused by the URL policy,
    timed out, broken). Errors never carry ``secrets`` (a token in the URL path)."""
    try:
        response = outbound.request(
            method,
            url,
            headers=headers,
            json=body,
            timeout=models.REQUEST_TIMEOUT_SECONDS,
            max_body_bytes=models.MAX_ANSWER_BYTES,
            truncate=True,
        )
    except outbound.UnsafeUrlError as error:
        return None, Outcome(False, error=redact(f"refused to call the platform: {error.message}", secrets))
    except outbound.OutboundTimeout:
        return None, Outcome(False, retry=True, error=f"no answer within {models.REQUEST_TIMEOUT_SECONDS:g} s")
    except outbound.OutboundError as error:
        return None, Outcome(False, retry=True, error=redact(f"{error.kind}: {error}", secrets))
    return response, None


def answer_json(response: outbound.Response) -> dict[str, Any]:
    """The answer's body as a JSON object ({} when it is not one)."""
    try:
        value = json.loads(response.body or b"{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def said_not_ok(answer: Mapping[str, Any]) -> bool:
    """Whether a 2xx answer says it failed: ``{"ok": false}`` (Slack's and Telegram's
    way). Any other 2xx is a success: an answer without ``ok`` (a proxy's, a fake's,
    ``{}``, an empty body) too."""
    return answer.get("ok") is False


def id_text(value: Any) -> str | None:
    """A platform id (a message's ``ts`` or id, a chat's id) as text; None when the
    answer does not carry one (a reply then cannot be linked to it)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return str(value) or None


def http_failure(response: outbound.Response, what: str, retry_after: float | None = None) -> Outcome:
    """A non-2xx answer: 429 and 5xx are retried (429 after its ``Retry-After``)."""
    status = response.status
    if retry_after is None:
        retry_after = parse_retry_after(response.headers.get("Retry-After"), clock.now())
    retry = status == 429 or status >= 500
    return Outcome(False, retry=retry, retry_after=retry_after if status == 429 or retry_after else None, error=f"{what} answered HTTP {status}", status_code=status)


def redact(text: str, secrets: tuple[str, ...]) -> str:
    """``text`` without any of ``secrets`` (:func:`wakeful.outbound.redact`), at most
    2000 characters."""
    return outbound.redact(text, secrets)[:2000]


# -- a request, checked and read ----------------------------------------------------
@dataclass(frozen=True)
class Check:
    """Whether a request is the platform's; if not, why."""

    valid: bool
    reason: str | None = None


@dataclass
class Reading:
    """What a verified request is, and what to answer."""

    http_status: int
    body: Any
    status: str
    reason: str | None = None
    event_type: str | None = None
    event_id: str | None = None
    user: str | None = None
    work: dict[str, Any] | None = None
    keys: list[str] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)


class BadBody(ValueError):
    """The body is not what the platform sends."""


# -- what a platform is ----------------------------------------------------------------
class Platform:
    """A chat platform (or a way out, like email): how its requests are checked and
    read, and how a message is rendered and sent to it. One module per platform defines
    one subclass; its entry in :data:`wakeful.channels.slots.PLATFORMS` names it."""

    name: ClassVar[str]
    #: People talk to it (inbound requests; threads with its name as their ``source``).
    chat: ClassVar[bool] = True
    config: ClassVar[tuple[ConfigField, ...]] = ()
    #: The config field holding the default conversation (a target's
    #: ``name:conversation`` overrides it), the pattern a conversation matches, and the
    #: pattern in words.
    conversation_field: ClassVar[str]
    conversation_pattern: ClassVar[str]
    conversation_hint: ClassVar[str]
    #: What an outbox dry run calls a message to it.
    dryrun_kind: ClassVar[str] = "channel"
    #: A person's latest message to a thread is linked: the thread's answer replies to it.
    links_last_message: ClassVar[bool] = False

    def secret_fields(self) -> tuple[str, ...]:
        """The config fields that are secrets."""
        return tuple(f.key for f in self.config if f.secret)

    def public_fields(self) -> tuple[str, ...]:
        """The config fields the API shows."""
        return tuple(f.key for f in self.config if not f.secret)

    def conversation(self, channel: Channel) -> Any:
        """A channel's default conversation (a Slack channel, a Discord channel, a
        Telegram chat, the email recipients)."""
        return channel.config.get(self.conversation_field)

    # -- inbound --
    def verify(self, channel: Channel, route: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
        """Whether a request is the platform's (over the raw body, before it is read)."""
        return Check(False, "this platform sends no requests")

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        """A verified request: what it asks for, and the answer the platform expects.

        Raises:
            BadBody: not a body the platform sends.
        """
        raise BadBody("this platform sends no requests")

    def origin(self, channel: Channel, job: Mapping[str, Any]) -> dict[str, Any]:
        """What a thread a person started here needs to answer (added to its origin)."""
        return {}

    def seal(self, channel: Channel, work: dict[str, Any]) -> dict[str, Any]:
        """The work as queued (a short-lived token in it sealed)."""
        return work

    def urls(self, channel: Channel, base: str) -> dict[str, str | None]:
        """Where the platform sends its requests (``inbound_url``: its route named after
        it; none for a platform people do not talk to), ``base`` being the channel's URL."""
        return {"inbound_url": f"{base}/{self.name}" if self.chat else None}

    def prepare(self, channel: Channel) -> None:
        """What the platform needs before a new channel can send (nothing, mostly)."""

    # -- outbound --
    def parts(self, channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
        """The message of a delivery, split at the platform's limits, in the order to post."""
        raise NotImplementedError

    def post(self, channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
        """Post one part (one request, judged)."""
        raise NotImplementedError

    def reply(self, origin: Mapping[str, Any], last: str | None) -> dict[str, Any]:
        """How a message answers in the conversation ``origin`` names (``last``: the
        person's latest message, where :attr:`links_last_message`)."""
        return {}

    def reply_ref(self, delivery: ChannelDelivery, outcome: Outcome) -> str | None:
        """The id a reply to a posted message of a thread names, to continue that thread
        (None: replies are not linked here)."""
        return None

    def openapi(self) -> tuple[dict[str, Any], tuple[type, ...]]:
        """Its inbound operations (path -> ``{"post": operation}``) and their answers'
        models, for the OpenAPI document."""
        return {}, ()
