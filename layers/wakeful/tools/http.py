"""Users' HTTP tools: a signed POST of the ToolRequest, retried on 5xx and timeouts with
the same ``action_id`` (CONTRACT.md "HTTP tool call")."""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import ValidationError as PydanticValidationError

from wakeful import net, secrets, signing
from wakeful.config import get_settings
from wakeful.tools.base import BaseTool, ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError, ToolRetryableError

RETRIES = 2
RETRY_BASE_SECONDS = 0.5
_session: Any = None


def _http() -> Any:
    """A shared requests.Session (requests is imported on first use: ~200 ms)."""
    global _session
    if _session is None:
        import requests

        _session = requests.Session()
    return _session


class HttpTool(BaseTool):
    """A tool served by the user at ``endpoint_url``."""

    kind = "http"

    def __init__(self, item: dict[str, Any]) -> None:
        self.item = item
        self.name = item["name"]  # type: ignore[misc]
        self.description = item.get("description") or ""  # type: ignore[misc]

    def run(self, request: ToolRequest) -> ToolResponse:
        """POST the request; retry 5xx/timeouts; parse the ToolResponse."""
        url = self.item["endpoint_url"]
        net.check_url(url, dev_mode=get_settings().dev_mode)
        secret = secrets.unseal(self.item["secret"], context={"owner": self.item["owner"], "tool": self.name})
        body = json.dumps(request.wire(), separators=(",", ":")).encode()
        timeout = self.item.get("timeout_ms", 10000) / 1000
        last_error: Exception | None = None
        for attempt in range(RETRIES + 1):
            if attempt:
                time.sleep(RETRY_BASE_SECONDS * 2 ** (attempt - 1))
            try:
                return self._call(url, secret, request.action_id, body, timeout)
            except ToolRetryableError as error:
                last_error = error
        raise ToolCallError(f"{self.name}: {last_error} (after {RETRIES + 1} attempts)")

    def _call(self, url: str, secret: str, action_id: str, body: bytes, timeout: float) -> ToolResponse:
        import requests

        headers = {
            "Content-Type": "application/json",
            "User-Agent": "Wakeful/1",
            "X-Wakeful-Action-Id": action_id,
            **signing.headers(secret, action_id, int(time.time()), body),
        }
        try:
            response = _http().post(url, data=body, headers=headers, timeout=timeout, allow_redirects=False)
        except requests.Timeout as error:
            raise ToolRetryableError(f"no answer within {timeout:g} s") from error
        except requests.RequestException as error:
            raise ToolRetryableError(f"request failed: {error.__class__.__name__}") from error
        if response.status_code >= 500 or response.status_code == 429:
            raise ToolRetryableError(f"HTTP {response.status_code}")
        if not 200 <= response.status_code < 300:
            raise ToolCallError(f"{self.name} answered HTTP {response.status_code}: {response.text[:300]}")
        try:
            return ToolResponse.model_validate_json(response.content)
        except PydanticValidationError as error:
            raise ToolCallError(f"{self.name} answered something that is not a ToolResponse: {_first_error(error)}") from error

    def describe(self) -> dict[str, Any]:
        """The ``GET /tools`` view (never the secret)."""
        return public(self.item)


def _first_error(error: PydanticValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "body"
    return f"{where}: {first.get('msg')}"


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a user tool item (without its secret)."""
    from wakeful.clock import iso

    return {
        "name": item["name"],
        "kind": item["kind"],
        "builtin": False,
        "description": item.get("description"),
        "endpoint_url": item.get("endpoint_url"),
        "function_arn": item.get("function_arn"),
        "config": item.get("config") or {},
        "timeout_ms": item.get("timeout_ms"),
        "input_schema": item.get("input_schema") or {"type": "object"},
        "requires_approval": bool(item.get("requires_approval")),
        "created_at": iso(item.get("created_at")),
    }
