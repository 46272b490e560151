"""The total deadline of an HTTP tool attempt: when the watchdog has cut the socket, the
read that broke says the answer did not arrive in time, whatever error the cut caused."""

from __future__ import annotations

from typing import Any

import pytest

from wakeful.tools import http as http_tool
from wakeful.tools.records import ToolDefinition


class _BrokenRaw:
    """A response body whose socket was shut down mid-read."""

    connection = None

    def read1(self, amount: int, decode_content: bool = True) -> bytes:
        raise ConnectionResetError("('Connection broken: IncompleteRead(12 bytes read)')")


class _Response:
    headers: dict[str, str] = {}
    raw = _BrokenRaw()


def _tool() -> http_tool.HttpTool:
    return http_tool.HttpTool(
        ToolDefinition(owner="owner", name="Slow", kind="http", endpoint_url="http://127.0.0.1:9/tool"), clock=lambda: 0.0
    )


def test_a_read_broken_by_the_watchdog_reports_the_deadline() -> None:
    watchdog = http_tool._Watchdog(1.0)
    watchdog.fired = True

    with pytest.raises(http_tool._Retry, match="did not arrive completely within 1 s"):
        _tool()._read(_Response(), deadline=10.0, timeout=1.0, watchdog=watchdog)


def test_a_read_broken_otherwise_reports_the_error() -> None:
    watchdog: Any = http_tool._Watchdog(1.0)

    with pytest.raises(http_tool._Retry, match="reading the answer failed: ConnectionResetError"):
        _tool()._read(_Response(), deadline=10.0, timeout=1.0, watchdog=watchdog)
