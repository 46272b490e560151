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


class _TablesNotCopied:
    """Stands in for the ``copy`` module inside moto's transact_write_items, whose
    whole-table snapshots make every transaction O(table size)."""

    @staticmethod
    def deepcopy(value: Any, memo: Any = None) -> Any:
        return value


def cheap_transaction_rollback() -> None:
    """Make moto's TransactWriteItems cost O(items in the transaction).

    moto deep-copies every table a transaction touches so it can roll back: with a
    session's worth of events an append took 150 ms and grew without bound. Instead,
    snapshot only the items the transaction names and put them back if it is cancelled.
    Correct only with :func:`serialize_dynamodb_requests` (nothing else runs meanwhile).
    """
    import copy

    from moto.dynamodb import models as ddb_models
    from moto.dynamodb.models.dynamo_type import DynamoType

    backend = ddb_models.DynamoDBBackend
    original = backend.transact_write_items
    if getattr(original, "_wakeful_cheap_rollback", False):
        return

    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> Any:
        snapshot = []
        for entry in transact_items:
            try:
                op_type, op = next(iter(entry.items()))
                table = self.get_table(op["TableName"])
                attrs = op["Item"] if op_type == "Put" else op["Key"]
                hash_key = DynamoType(attrs[table.hash_key_attr])
                range_key = DynamoType(attrs[table.range_key_attr]) if table.range_key_attr else None
                snapshot.append((table, hash_key, range_key, copy.deepcopy(table.get_item(hash_key, range_key))))
            except Exception:  # noqa: BLE001 - moto reports malformed items itself
                continue
        saved = ddb_models.copy
        ddb_models.copy = _TablesNotCopied  # type: ignore[assignment]
        try:
            return original(self, transact_items)
        except Exception:
            for table, hash_key, range_key, item in reversed(snapshot):
                if item is None:
                    table.delete_item(hash_key, range_key)
                elif range_key is not None:
                    table.items[hash_key][range_key] = item
                else:
                    table.items[hash_key] = item
            raise
        finally:
            ddb_models.copy = saved  # type: ignore[assignment]

    transact_write_items._wakeful_cheap_rollback = True  # type: ignore[attr-defined]
    backend.transact_write_items = transact_write_items  # type: ignore[method-assign]


def cache_backend_lookup() -> None:
    """Remember which moto backend serves a host.

    moto's server finds the backend of every request by listing its own package
    directory (one ``isdir`` per service) and trying its URL patterns in turn; under
    load that was the hottest code of the whole local stack (``bench/load.py``'s
    profile). The answer depends on the host alone, so it is kept (idempotent).
    """
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication

    original = DomainDispatcherApplication.get_backend_for_host
    if getattr(original, "_wakeful_cached", False):
        return
    found: dict[str | None, Any] = {}

    def get_backend_for_host(self: Any, host: str | None) -> Any:
        if host not in found:
            found[host] = original(self, host)
        return found[host]

    get_backend_for_host._wakeful_cached = True  # type: ignore[attr-defined]
    DomainDispatcherApplication.get_backend_for_host = get_backend_for_host  # type: ignore[method-assign]


def cache_name_conversions() -> None:
    """Remember moto's camelCase -> snake_case conversions.

    moto converts attribute names character by character on every request (an SQS
    GetQueueAttributes converts each of the queue's twenty names; every serialised
    response converts its keys): about a third of a millisecond a name, one of the
    hottest functions of the test suite's profile. The answer depends on the string
    alone, so it is kept. Modules that imported the function by name get the cached one.
    """
    import functools
    import sys

    from moto.core import utils

    original = utils.camelcase_to_underscores
    if getattr(original, "_wakeful_cached", False):
        return
    remembered = functools.lru_cache(maxsize=8192)(original)

    def cached(argument: Any) -> Any:
        try:
            return remembered(argument)
        except TypeError:  # not hashable: not a name, converted as moto would
            return original(argument)

    cached._wakeful_cached = True  # type: ignore[attr-defined]
    for module in list(sys.modules.values()):
        if (getattr(module, "__name__", "") or "").startswith("moto") and getattr(module, "camelcase_to_underscores", None) is original:
            module.camelcase_to_underscores = cached  # type: ignore[attr-defined]
