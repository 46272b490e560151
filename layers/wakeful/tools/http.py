"""Users' HTTP tools: a signed POST of the ToolRequest, retried on 5xx, 429 and
timeouts with the same ``action_id`` (docs/api.md, "The HTTP tool protocol").

Bounded on every side, so that one slow or hostile endpoint cannot hold the tool
function past its timeout or exhaust its memory (the exchange itself is
:func:`wakeful.outbound.request`, which every outbound call shares):

- each attempt has a *total* deadline of ``timeout_ms`` (connecting, waiting, reading
  the status line, the headers and the whole answer), not a per-read timeout that a
  server trickling a byte at a time keeps renewing;
- answers over :data:`MAX_RESPONSE_BYTES` are refused (``Content-Length`` first, then
  while reading);
- at most :data:`ATTEMPTS` attempts, waiting between them with exponential backoff and
  full jitter, or for the endpoint's ``Retry-After``; and all of it within
  :data:`RUN_BUDGET_SECONDS`, which leaves the tool function time to record the result
  before its own timeout (``constants.TOOL_RUNNER_TIMEOUT_SECONDS``).
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from pydantic import ValidationError as PydanticValidationError

from wakeful import constants, net, outbound, secrets, signing
from wakeful.backoff import Backoff, parse_retry_after
from wakeful.config import get_settings
from wakeful.tools.base import BaseTool, ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError, ToolRetryableError
from wakeful.tools.records import ToolDefinition

ATTEMPTS = 3
#: Everything one tool call may take, retries and waits included.
RUN_BUDGET_SECONDS = constants.TOOL_RUNNER_TIMEOUT_SECONDS - 30
MAX_RESPONSE_BYTES = 1024 * 1024
#: Retry n waits up to 0.5 s × 2^(n-1) (full jitter), unless the answer said Retry-After.
BACKOFF = Backoff(base=0.5, cap=8.0, max_rounds=ATTEMPTS)
MAX_RETRY_AFTER_SECONDS = 30.0
#: Connecting takes at most this (within the attempt's own deadline), so the worst
#: case of a call is RUN_BUDGET_SECONDS + CONNECT_TIMEOUT_SECONDS, inside the timeout.
CONNECT_TIMEOUT_SECONDS = 5.0


class _Retry(ToolRetryableError):
    """A failure worth another attempt, with the wait the endpoint asked for."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class HttpTool(BaseTool):
    """A tool served by the user at ``endpoint_url``."""

    kind = "http"

    def __init__(self, definition: ToolDefinition, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.definition = definition
        self.name = definition.name  # type: ignore[misc]
        self.description = definition.description or ""  # type: ignore[misc]
        self._clock = clock

    def run(self, request: ToolRequest) -> ToolResponse:
        """POST the request; retry 5xx/429/timeouts within the budget; parse the answer."""
        url, sealed = self.definition.endpoint_url, self.definition.secret
        if not url or not sealed:
            raise ToolCallError(f"{self.name}: the tool has no {'endpoint_url' if not url else 'signing secret'}")
        target = net.Policy.current(dev_mode=get_settings().dev_mode).check(url)  # again at call time: DNS may have changed
        secret = secrets.unseal(sealed, context={"owner": self.definition.owner, "tool": self.name})
        body = json.dumps(request.wire(), separators=(",", ":")).encode()
        timeout = self.definition.timeout_seconds
        run_deadline = self._clock() + RUN_BUDGET_SECONDS
        last: _Retry | None = None
        for attempt in range(ATTEMPTS):
            if attempt:
                wait = self._wait(attempt, last)
                if self._clock() + wait + 0.1 >= run_deadline:
                    break
                BACKOFF.sleep(wait)
            remaining = run_deadline - self._clock()
            try:
                return self._call(target, secret, request.action_id, body, min(timeout, remaining))
            except _Retry as error:
                last = error
        raise ToolCallError(f"{self.name}: {last} (after {attempt + 1} attempt{'s' if attempt else ''})")

    @staticmethod
    def _wait(attempt: int, last: _Retry | None) -> float:
        if last is not None and last.retry_after is not None:
            return min(last.retry_after, MAX_RETRY_AFTER_SECONDS)
        return BACKOFF.delay(attempt)

    def _call(self, target: net.Target, secret: str, action_id: str, body: bytes, timeout: float) -> ToolResponse:
        """One attempt: the whole exchange within ``timeout`` (wakeful.outbound)."""
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "Wakeful/1",
            "X-Wakeful-Action-Id": action_id,
            **signing.headers(secret, action_id, int(time.time()), body),
        }
        try:
            response = outbound.request(
                "POST",
                target,
                headers=headers,
                body=body,
                timeout=timeout,
                connect_timeout=CONNECT_TIMEOUT_SECONDS,
                max_body_bytes=MAX_RESPONSE_BYTES,
            )
        except outbound.OutboundTimeout as error:
            if error.phase == "body":
                raise _Retry(f"the answer did not arrive completely within {timeout:g} s") from error
            raise _Retry(f"no complete answer within {timeout:g} s") from error
        except outbound.BodyTooLarge as error:
            if error.declared is not None:
                raise ToolCallError(f"{self.name} answered {error.declared} bytes; the limit is {MAX_RESPONSE_BYTES} (1 MiB)") from error
            raise ToolCallError(f"{self.name} answered more than {MAX_RESPONSE_BYTES} bytes (1 MiB), the limit") from error
        except outbound.OutboundError as error:
            raise _Retry(f"request failed: {error.kind}: {error}") from error
        status, content = response.status, response.body
        if status >= 500 or status == 429:
            raise _Retry(f"HTTP {status}", parse_retry_after(response.headers.get("Retry-After"), time.time()))
        if not 200 <= status < 300:
            raise ToolCallError(f"{self.name} answered HTTP {status}: {content[:300].decode('utf-8', 'replace')}")
        try:
            return ToolResponse.model_validate_json(content)
        except PydanticValidationError as error:
            raise ToolCallError(f"{self.name} answered something that is not a ToolResponse: {_first_error(error)}") from error

    def describe(self) -> dict[str, Any]:
        """The ``GET /tools`` view (never the secret)."""
        return self.definition.public()


def _first_error(error: PydanticValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "body"
    return f"{where}: {first.get('msg')}"
