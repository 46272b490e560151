"""The set-up of the benches that run the in-process stack against the fake Messages API.

Not a benchmark itself (``make bench`` skips files whose name starts with ``_``). The
stack the tests use (``DevStack``, no worker threads: the bench scans and drains by
hand), the anthropic SDK pointed at ``tests/fakes``' fake Messages API, and an HTTP
session holding a fresh API key for ``owner``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def fake_model_stack(owner: str, visibility_timeout: int = 1) -> Iterator[tuple[Any, Any, Any]]:
    """Yield ``(stack, http, server)``; stop both servers on the way out."""
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    import requests

    from tests.fakes.anthropic_server import FakeAnthropic
    from wakeful.auth import keys
    from wakeful.llm import settings
    from wakeful_dev.runtime import DevStack

    server = FakeAnthropic()
    os.environ["ANTHROPIC_API_KEY"] = "sk-ant-bench-fake"
    os.environ["ANTHROPIC_BASE_URL"] = server.url
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    settings.reset()
    try:
        stack = DevStack(port=0, workers=False, visibility_timeout=visibility_timeout).start()
        try:
            http = requests.Session()
            http.headers["Authorization"] = f"Bearer {keys.create(owner)}"
            yield stack, http, server
        finally:
            stack.stop()
    finally:
        server.close()
