"""Watches the requests the code under test sends for AWS limits the emulator does not
enforce, and records each one over its limit.

moto accepts a 4.9 MB TransactWriteItems, counts an SQS batch's characters rather than
its bytes, and lets any PostToConnection through; AWS refuses all three. The watcher
sizes each request as AWS documents it, from the request's own parameters (its own
arithmetic, not the layer's), and records what AWS would refuse; the test then asserts
that nothing was. It only looks: every request still goes to the emulator unchanged.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any, Iterator

#: AWS's documented numbers, written out here rather than read from the code under test.
TRANSACTION_BYTES = 4 * 1000 * 1000  # TransactWriteItems: 4 MB of items in all
ITEM_BYTES = 400 * 1024  # a DynamoDB item
SQS_BYTES = 1024 * 1024  # an SQS message, and a SendMessageBatch in all
WEBSOCKET_BYTES = 128 * 1024  # an API Gateway WebSocket message


def attribute_bytes(value: dict[str, Any]) -> int:
    """A DynamoDB attribute value's size (DynamoDB JSON), by DynamoDB's sizing rules;
    a number counts its most, 21 bytes."""
    (kind, inner), = value.items()
    if kind == "S":
        return len(inner.encode("utf-8", "surrogatepass"))
    if kind == "N":
        return 21
    if kind == "B":
        return len(inner if isinstance(inner, (bytes, bytearray)) else base64.b64decode(inner))
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "L":
        return 3 + sum(1 + attribute_bytes(v) for v in inner)
    if kind == "M":
        return 3 + sum(1 + len(k.encode()) + attribute_bytes(v) for k, v in inner.items())
    if kind == "SS":
        return sum(len(v.encode()) for v in inner)
    if kind == "NS":
        return 21 * len(inner)
    if kind == "BS":
        return sum(len(v) for v in inner)
    raise ValueError(f"unknown attribute type {kind}")


def item_bytes(item: dict[str, Any]) -> int:
    return sum(len(name.encode()) + attribute_bytes(value) for name, value in item.items())


def message_bytes(entry: dict[str, Any]) -> int:
    size = len(entry["MessageBody"].encode("utf-8", "surrogatepass"))
    for name, attribute in (entry.get("MessageAttributes") or {}).items():
        size += len(name.encode()) + len(attribute["DataType"].encode()) + len(str(attribute.get("StringValue", "")).encode())
    return size


@dataclass
class Watcher:
    """What the watched requests weighed, and which were over AWS's limits."""

    transactions: list[int] = field(default_factory=list)
    batches: list[int] = field(default_factory=list)
    posts: list[int] = field(default_factory=list)
    over: list[str] = field(default_factory=list)

    def transaction(self, params: Any = None, **_: Any) -> None:
        items = [part.get("Put", {}).get("Item") or {} for part in params.get("TransactItems", [])]
        total = sum(item_bytes(item) for item in items)
        self.transactions.append(total)
        if total > TRANSACTION_BYTES:
            self.over.append(f"TransactWriteItems of {total} bytes")
        self.over.extend(f"an item of {size} bytes" for size in map(item_bytes, items) if size > ITEM_BYTES)

    def put(self, params: Any = None, **_: Any) -> None:
        size = item_bytes(params.get("Item") or {})
        if size > ITEM_BYTES:
            self.over.append(f"PutItem of {size} bytes")

    def batch(self, params: Any = None, **_: Any) -> None:
        sizes = [message_bytes(entry) for entry in params.get("Entries", [])]
        self.batches.append(sum(sizes))
        if sum(sizes) > SQS_BYTES or len(sizes) > 10:
            self.over.append(f"SendMessageBatch of {len(sizes)} messages, {sum(sizes)} bytes")

    def post(self, params: Any = None, **_: Any) -> None:
        size = len(params.get("Data") or b"")
        self.posts.append(size)
        if size > WEBSOCKET_BYTES:
            self.over.append(f"PostToConnection of {size} bytes")


#: (service, event, Watcher method): each request's parameters as the caller gave them.
_HOOKS = (
    ("dynamodb", "before-parameter-build.dynamodb.TransactWriteItems", "transaction"),
    ("dynamodb", "before-parameter-build.dynamodb.PutItem", "put"),
    ("sqs", "before-parameter-build.sqs.SendMessageBatch", "batch"),
)


def watching(extra_clients: tuple[Any, ...] = ()) -> Iterator[Watcher]:
    """A :class:`Watcher` on the process's DynamoDB and SQS clients (and on the WebSocket
    management ``extra_clients``) while the generator is open."""
    from wakeful import aws

    watcher = Watcher()
    hooks = [(aws.client(service), event, method) for service, event, method in _HOOKS]
    hooks += [(client, "before-parameter-build.apigatewaymanagementapi.PostToConnection", "post") for client in extra_clients]
    for client, event, method in hooks:
        client.meta.events.register(event, getattr(watcher, method), unique_id=f"aws-limits-{method}")
    try:
        yield watcher
    finally:
        for client, event, method in hooks:
            client.meta.events.unregister(event, unique_id=f"aws-limits-{method}")
