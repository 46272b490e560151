"""Calling the real Lambda handlers in-process, as the Lambda service would."""

from __future__ import annotations

import contextvars
import importlib
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import wakeful

REPO_ROOT = Path(wakeful.__file__).resolve().parents[2]


@dataclass
class FakeContext:
    """The attributes of a Lambda context object that handlers and Powertools read."""

    function_name: str
    memory_limit_in_mb: int = 512
    timeout_seconds: float = 60.0
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    invoked_function_arn: str = ""
    log_group_name: str = ""
    log_stream_name: str = "local"
    function_version: str = "$LATEST"
    _started: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.invoked_function_arn = f"arn:aws:lambda:us-east-1:123456789012:function:wakeful-{self.function_name}"
        self.log_group_name = f"/aws/lambda/wakeful-{self.function_name}"

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self.timeout_seconds - (time.monotonic() - self._started)) * 1000))


#: The function whose handler is running in this thread (None outside handlers): lets
#: tools such as the IAM audit in tests attribute AWS calls to a function.
current_function: contextvars.ContextVar[str | None] = contextvars.ContextVar("current_function", default=None)

_lock = threading.Lock()
_handlers: dict[str, Callable[[dict[str, Any], Any], Any]] = {}
#: Functions whose handler keeps the current request in module state, as a Lambda
#: environment may (it serves one request at a time): the API's resolver holds the
#: request's event and context on its module-level ``app``. Concurrent local requests
#: (a browser loads the console's files and calls the API in parallel) take turns.
SERIAL_FUNCTIONS = frozenset({"api"})
_serial = {name: threading.Lock() for name in SERIAL_FUNCTIONS}


def available(name: str) -> bool:
    """Whether ``functions/<name>/handler.py`` exists."""
    return (REPO_ROOT / "functions" / name / "handler.py").is_file()


def handler(name: str) -> Callable[[dict[str, Any], Any], Any]:
    """The ``handler`` of ``functions/<name>/handler.py`` (imported once)."""
    with _lock:
        if name not in _handlers:
            if str(REPO_ROOT) not in sys.path:
                sys.path.insert(0, str(REPO_ROOT))
            module = importlib.import_module(f"functions.{name}.handler")
            _handlers[name] = module.handler
        return _handlers[name]


def invoke(name: str, event: dict[str, Any]) -> Any:
    """Invoke a function's handler with an event and a fresh context."""
    token = current_function.set(name)
    serial = _serial.get(name)
    try:
        if serial is None:
            return handler(name)(event, FakeContext(function_name=name))
        with serial:
            return handler(name)(event, FakeContext(function_name=name))
    finally:
        current_function.reset(token)
