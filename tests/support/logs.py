"""What the functions log, captured: the layer's loggers (``wakeful.*``) hang under the
service's logger, which the functions' Powertools logger configures (its own handler;
in the test stack a level that keeps the suite's output short)."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Any, Iterator


@contextmanager
def logged_by_the_functions(caplog: Any, level: int = logging.INFO) -> Iterator[None]:
    """Let ``caplog`` see every record of ``level`` and above (the functions' own level
    on AWS: INFO) that the layer's loggers write while the block runs."""
    from wakeful.constants import SERVICE_NAME

    service = logging.getLogger(SERVICE_NAME)
    kept = service.level, caplog.handler.level
    service.addHandler(caplog.handler)
    service.setLevel(level)
    caplog.handler.setLevel(level)
    try:
        yield
    finally:
        service.removeHandler(caplog.handler)
        service.setLevel(kept[0])
        caplog.handler.setLevel(kept[1])
