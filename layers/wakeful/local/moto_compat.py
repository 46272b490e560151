"""Making moto's DynamoDB behave like DynamoDB under concurrent requests.

moto applies a TransactWriteItems item by item and, when one condition fails, restores
deep copies of the tables taken before it started. Two requests at once therefore
clobber each other: a cancelled transaction erases what another thread committed
meanwhile (an event appended and acknowledged disappears, ``last_seq`` goes back), and
the deep copy itself can fail with "dictionary changed size during iteration".
DynamoDB isolates transactions; the local stack gets the same guarantee by serialising
moto's DynamoDB requests (they take microseconds; nothing else in moto waits on them).
This configures the emulator, not Wakeful's code.
"""

from __future__ import annotations

import threading
from typing import Any

_lock = threading.RLock()


def serialize_dynamodb_requests() -> None:
    """Run moto's DynamoDB requests one at a time (idempotent, process-wide)."""
    from moto.dynamodb.responses import DynamoHandler

    original = DynamoHandler.call_action
    if getattr(original, "_wakeful_serialized", False):
        return

    def call_action(self: Any) -> Any:
        with _lock:
            return original(self)

    call_action._wakeful_serialized = True  # type: ignore[attr-defined]
    DynamoHandler.call_action = call_action  # type: ignore[method-assign]
