"""What the platforms share: splitting long text, calling an HTTP API through the one
outbound client, and judging its answer (:class:`Outcome`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from wakeful import clock, outbound
from wakeful.backoff import parse_retry_after
from wakeful.channels import models


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


def actions_of(message: Mapping[str, Any], *, forms: bool = False) -> list[dict[str, str]]:
    """The buttons a message carries, in order: an approval request's Approve and Deny,
    then its ``actions`` (``{label, value, style}``). A button that opens a form is left
    out unless the platform has forms (``forms``)."""
    from wakeful.channels import buttons

    found: list[dict[str, str]] = []
    approval = message.get("approval")
    if approval:
        ref = approval["ref"]
        found += [
            {"label": "Approve", "value": f"{models.APPROVE}:{ref}", "style": "success"},
            {"label": "Deny", "value": f"{models.DENY}:{ref}", "style": "danger"},
        ]
    for action in message.get("actions") or ():
        if not isinstance(action, Mapping) or not action.get("label") or buttons.parse(action.get("value"), forms=forms) is None:
            continue
        style = action.get("style") if action.get("style") in buttons.STYLES else "default"
        found.append({"label": str(action["label"])[:80], "value": str(action["value"]), "style": str(style)})
    return found


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
