"""Making moto's DynamoDB behave like DynamoDB under concurrent requests.

moto applies a TransactWriteItems item by item and, when one condition fails, restores
deep copies of the tables taken before it started. Two requests at once therefore
clobber each other: a cancelled transaction erases what another thread committed
meanwhile (an event appended and acknowledged disappears, ``last_seq`` goes back), and
the deep copy itself can fail with "dictionary changed size during iteration".
DynamoDB isolates transactions; the local stack gets the same guarantee by serialising
moto's DynamoDB requests (they take microseconds; nothing else in moto waits on them).
This configures the emulator, not Wakeful's code.

moto's SQS has the same trouble with several consumers at once: a receive checks which
FIFO message groups are in flight and then marks its messages received with nothing in
between held, so two receivers can both take one group's messages; a delete rebuilds the
queue's message list while a send may be appending to it (the sent message is lost).
Besides, a group whose messages in flight all come back (their visibility timeout ran
out) is handed out from its last message first, and a long poll on a FIFO queue whose
visible messages all belong to groups in flight spins the CPU until it ends.
:func:`serialize_sqs_queues` makes each of those steps atomic, hands a group back from
its first message, and makes a long poll sleep until a message is sent, deleted or made
visible (or a second passes: visibility timeouts run out with no one telling).

The other patches here are shortcuts through moto's slowest code; each gives moto's own
answer (tests/unit/test_moto_compat.py compares each with moto's path). :func:`install`
applies them all; every patch is idempotent.
"""

from __future__ import annotations

import base64
import collections
import contextlib
import functools
import importlib.util
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any, Callable

_lock = threading.RLock()


def _instead_of(owner: Any, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate ``impl(original, *args)`` to stand in for ``owner.<name>``, once. The
    original stays reachable as the stand-in's ``_wakeful_original``."""

    def install(impl: Callable[..., Any]) -> Callable[..., Any]:
        original = getattr(owner, name)
        if hasattr(original, "_wakeful_original"):
            return impl

        def stand_in(*args: Any, **kwargs: Any) -> Any:
            return impl(original, *args, **kwargs)

        stand_in._wakeful_original = original  # type: ignore[attr-defined]
        setattr(owner, name, stand_in)
        return impl

    return install


def install() -> None:
    """Apply every patch (idempotent, process-wide); the local stack calls it at start."""
    batch_loaded_on_use()  # not with the Step Functions interpreter, which needs one enum
    serialize_dynamodb_requests()  # transactions isolated, as in DynamoDB
    serialize_sqs_queues()  # one consumer at a time per FIFO group; long polls that sleep
    cheap_transaction_rollback()  # and O(1), not O(table size)
    cache_backend_lookup()  # not a directory listing per request
    cache_name_conversions()  # not a character loop per attribute name
    cache_handler_methods()  # not inspect.getmembers per request
    fast_attribute_values()  # items written directly, not member by member
    quick_action_counts()  # update expressions' clauses counted once
    quick_queries()  # a query reads its partition, not the table sorted
    quick_expression_trees()  # expression trees copied and walked without generic slow paths
    parse_update_expressions_once()  # not twice a request, nor again for the same text
    linear_item_size_checks()  # an item's size summed once as it is built, not per attribute


def serialize_dynamodb_requests() -> None:
    """Run moto's DynamoDB requests one at a time (idempotent, process-wide)."""
    from moto.dynamodb.responses import DynamoHandler

    @_instead_of(DynamoHandler, "call_action")
    def call_action(original: Any, self: Any) -> Any:
        with _lock:
            return original(self)


_sqs_lock = threading.RLock()


@contextlib.contextmanager
def _clock_stopped(models: Any) -> Iterator[None]:
    """moto's SQS clock (``unix_time_millis``, what decides whether a message is
    visible) reads one instant until the block ends. Only under ``_sqs_lock``: every
    other change to a queue waits for it meanwhile."""
    ticking = models.unix_time_millis
    instant = ticking()
    models.unix_time_millis = lambda: instant
    try:
        yield
    finally:
        models.unix_time_millis = ticking


def serialize_sqs_queues() -> None:
    """Make moto's SQS receives, sends, deletes and visibility changes atomic, and its
    long polls wait without spinning (idempotent, process-wide)."""
    from moto.sqs import models

    def changed(queue: Any) -> None:
        """Wake the queue's long polls: a message was sent, or one left flight (its
        group may be free)."""
        with queue._messages_lock:
            queue._wakeful_changes = getattr(queue, "_wakeful_changes", 0) + 1
            queue._messages_lock.notify_all()

    @_instead_of(models.Queue, "add_message")
    def add_message(original: Any, self: Any, message: Any) -> None:
        with _sqs_lock:
            original(self, message)
        changed(self)

    @_instead_of(models.Queue, "delete_message")
    def delete_message(original: Any, self: Any, receipt_handle: str) -> None:
        with _sqs_lock:
            original(self, receipt_handle)
        changed(self)

    @_instead_of(models.SQSBackend, "change_message_visibility")
    def change_message_visibility(original: Any, self: Any, queue_name: str, receipt_handle: str, visibility_timeout: int) -> None:
        with _sqs_lock:
            original(self, queue_name, receipt_handle, visibility_timeout)
        changed(self.get_queue(queue_name))

    @_instead_of(models.SQSBackend, "receive_message")
    def receive_message(original: Any, self: Any, queue_name: str, count: int, wait_seconds_timeout: int, visibility_timeout: int, message_attribute_names: Any = None) -> Any:
        queue = self.get_queue(queue_name)
        deadline = time.monotonic() + int(wait_seconds_timeout or 0)
        while True:
            with _sqs_lock, _clock_stopped(models):  # one look at the queue, at one instant
                seen = getattr(queue, "_wakeful_changes", 0)
                # Messages whose visibility timeout ran out are in flight no more. moto
                # notices only as it passes each one, after it has decided from the
                # stale list which groups are in flight: a group whose messages all came
                # back was delivered from its last message, out of order. The clock
                # stands still for the look, or a message whose time ran out between
                # this line and moto's loop would do the same.
                queue.pending_messages.difference_update([m for m in queue.pending_messages if m.visible])
                found = original(self, queue_name, count, 0, visibility_timeout, message_attribute_names)
            left = deadline - time.monotonic()
            if found or left <= 0:
                return found
            with queue._messages_lock:  # until the queue changes, or a second has passed
                queue._messages_lock.wait_for(lambda seen=seen: getattr(queue, "_wakeful_changes", 0) != seen, timeout=min(left, 1.0))


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

    @_instead_of(ddb_models.DynamoDBBackend, "transact_write_items")
    def transact_write_items(original: Any, self: Any, transact_items: list[dict[str, Any]]) -> Any:
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


def cache_backend_lookup() -> None:
    """Remember which moto backend serves a host.

    moto's server finds the backend of every request by listing its own package
    directory (one ``isdir`` per service) and trying its URL patterns in turn; under
    load that was the hottest code of the whole local stack (``bench/load.py``'s
    profile). The answer depends on the host alone, so it is kept (idempotent).
    """
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication

    found: dict[str | None, Any] = {}

    @_instead_of(DomainDispatcherApplication, "get_backend_for_host")
    def get_backend_for_host(original: Any, self: Any, host: str | None) -> Any:
        if host not in found:
            found[host] = original(self, host)
        return found[host]


def cache_name_conversions() -> None:
    """Remember moto's camelCase -> snake_case conversions.

    moto converts attribute names character by character on every request (an SQS
    GetQueueAttributes converts each of the queue's twenty names; every serialised
    response converts its keys): about a third of a millisecond a name, one of the
    hottest functions of the test suite's profile. The answer depends on the string
    alone, so it is kept. Modules that imported the function by name get the cached one.
    """
    from moto.core import utils

    original = utils.camelcase_to_underscores
    if hasattr(original, "_wakeful_original"):
        return
    remembered = functools.lru_cache(maxsize=8192)(original)

    def cached(argument: Any) -> Any:
        try:
            return remembered(argument)
        except TypeError:  # not hashable: not a name, converted as moto would
            return original(argument)

    cached._wakeful_original = original  # type: ignore[attr-defined]
    for module in list(sys.modules.values()):
        if (getattr(module, "__name__", "") or "").startswith("moto") and getattr(module, "camelcase_to_underscores", None) is original:
            module.camelcase_to_underscores = cached  # type: ignore[attr-defined]


_ATTRIBUTE_TYPES = frozenset(("S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL"))


class _NotPlain(Exception):
    """An attribute value the fast path does not write exactly as moto would."""


def _blob(value: Any) -> str:
    if isinstance(value, str):
        value = value.encode("utf-8")
    if not isinstance(value, bytes):
        raise _NotPlain
    return base64.b64encode(value).strip().decode("utf-8")


def _attribute_value(value: Any) -> Any:
    """One DynamoDB AttributeValue (``{"S": "x"}``, ``{"M": {...}}``) as moto's
    serializer writes it: strings and numbers as they are, binaries in base64, maps and
    lists recursively, ``None`` members left out."""
    if type(value) is not dict:
        raise _NotPlain
    out: dict[str, Any] = {}
    for kind, member in value.items():
        if kind not in _ATTRIBUTE_TYPES:
            raise _NotPlain
        if member is None:
            continue
        if kind in ("S", "N"):
            if type(member) is not str:
                raise _NotPlain
            out[kind] = member
        elif kind in ("NULL", "BOOL"):
            if type(member) is not bool:
                raise _NotPlain
            out[kind] = member
        elif kind == "B":
            out[kind] = _blob(member)
        elif kind == "M":
            if type(member) is not dict:
                raise _NotPlain
            out[kind] = {name: _attribute_value(item) for name, item in member.items() if item is not None}
        elif type(member) is not list:
            raise _NotPlain
        elif kind == "L":
            out[kind] = [_attribute_value(item) for item in member]
        elif kind == "BS":
            out[kind] = [_blob(item) for item in member]
        elif all(type(item) is str for item in member):  # SS, NS
            out[kind] = list(member)
        else:
            raise _NotPlain
    return out


def _transformed(picker: Any) -> bool:
    """Whether moto would transform a member of an attribute value in this response."""
    paths = getattr(picker, "response_transformers", None) or {}
    return any(path.rsplit(".", 1)[-1] in _ATTRIBUTE_TYPES for path in paths)


def fast_attribute_values() -> None:
    """Write DynamoDB's attribute values without moto's generic serializer.

    moto 5 serialises every response by walking the botocore shape of the operation and
    looking each of a structure's members up under several spellings. An AttributeValue
    has ten members, so every attribute of every item returned cost ten such lookups:
    about a fifth of the test suite's CPU. An attribute value is already in its wire form
    (``{"S": "x"}``), so it is written directly; anything unusual (an unknown member, a
    value of an unexpected type) still goes the generic way, so the output is the same
    (tests/unit/test_moto_compat.py compares the two).
    """
    from moto.core.serialize import JSONSerializer

    @_instead_of(JSONSerializer, "_serialize_type_structure")
    def _serialize_type_structure(original: Any, self: Any, serialized: Any, value: Any, shape: Any, key: str) -> None:
        if key and shape.name == "AttributeValue" and not _transformed(self._value_picker):
            try:
                serialized[self.get_serialized_name(shape, key)] = _attribute_value(value)
                return
            except _NotPlain:
                pass
        original(self, serialized, value, shape, key)


def cache_handler_methods() -> None:
    """Remember the action methods of each moto response class.

    moto lists a handler class's functions with ``inspect.getmembers`` on every request
    to check that the action exists (about 2 ms a request). A class's methods do not
    change while the stack runs (the patches above are applied before it starts).
    """
    from moto.core import responses

    @functools.lru_cache(maxsize=None)
    def listed(original: Any, clazz: Any) -> tuple[str, ...]:
        return tuple(original(clazz))

    @_instead_of(responses, "method_names_from_class")
    def method_names_from_class(original: Any, clazz: Any) -> list[str]:
        return list(listed(original, clazz))


def quick_action_counts() -> None:
    """Check an update expression's clause counts once, not once per subtree.

    moto's ActionCountValidator counts the ADD, REMOVE and SET clauses below every
    UpdateExpression node of the parsed expression, which is quadratic in the
    expression's length (a tenth of the test suite's CPU). A subtree never has more
    clauses than the whole expression, so when the whole has at most one of each, no node
    can fail and the tree is returned as moto returns it; otherwise moto's own traversal
    runs and raises its own error.
    """
    from moto.dynamodb.parsing.ast_nodes import (
        UpdateExpressionAddClause,
        UpdateExpressionRemoveClause,
        UpdateExpressionSetClause,
    )
    from moto.dynamodb.parsing.validators import ActionCountValidator

    clauses = [UpdateExpressionAddClause, UpdateExpressionRemoveClause, UpdateExpressionSetClause]

    @_instead_of(ActionCountValidator, "traverse")
    def traverse(original: Any, self: Any, node: Any) -> Any:
        counts = collections.Counter(type(found) for found in node.find_clauses(clauses))
        if all(count <= 1 for count in counts.values()):
            return node
        return original(self, node)


_query = threading.local()


def quick_queries() -> None:
    """Answer a Query from the items it can match, not from the whole table sorted.

    moto's Table.query starts from ``all_items()``: every item of the table, sorted by
    its key with DynamoType comparisons, then filtered. A session's tables grow to
    thousands of items, so every query slowed down as the run went on (the hottest
    DynamoDB code of the suite's profile). A query of the table itself only ever keeps
    the items of its partition, so it starts from that partition. A query of an index
    sorts what it keeps by the index key and then the table key (a total order), so the
    order of ``all_items()`` never shows: it gets the items unsorted, and only those
    its key condition keeps (hash key equal, range key condition true), which moto's
    own loop checks again. moto sorted every item of the index's partition and summed
    each one's size before looking at the range condition, and compared hash keys with
    ``DynamoType`` equality that casts both values, for every item of the table: a
    sparse index's query took 150 ms under the lock on a busy stack, holding every
    other request back. One difference: a page that ends at its ``Limit`` on the last
    item the condition keeps has no ``LastEvaluatedKey`` here, where moto gave one when
    items the condition drops came after (DynamoDB may give one there too). Callers
    page until ``LastEvaluatedKey`` is absent, so either way they read the same items.
    Scans and everything else still get ``all_items()`` as moto builds it.
    """
    from moto.dynamodb.models.table import Table

    @_instead_of(Table, "query")
    def query(original: Any, self: Any, hash_key: Any, *args: Any, **kwargs: Any) -> Any:
        index_name = args[6] if len(args) > 6 else kwargs.get("index_name")  # as moto's backend passes it
        conditions = list(kwargs.get("hash_key_conditions") or ()) if index_name else []
        comparison = args[0] if args else kwargs.get("range_comparison")
        if index_name and comparison:
            index = next((i for i in self.all_indexes() if i.name == index_name), None)
            ranges = [k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"] if index else []
            named = kwargs.get("range_key_conditions")
            attribute = named[-1][0] if named else (ranges[0] if ranges else None)
            if attribute:
                conditions.append((attribute, (comparison, args[1] if len(args) > 1 else kwargs.get("range_objs"))))
        _query.context = (self, None if index_name else hash_key, conditions)
        try:
            return original(self, hash_key, *args, **kwargs)
        finally:
            _query.context = None

    def matching(items: list[Any], name: str, expected: Any) -> list[Any]:
        # DynamoType.__eq__: the same type and cast value (only numbers cast to another
        # value: "3" and "3.0" are equal)
        kind, raw = expected.type, expected.value
        if kind != "N":
            return [i for i in items if (v := i.attrs.get(name)) is not None and v.value == raw and v.type == kind]
        number = expected.cast_value
        return [i for i in items if (v := i.attrs.get(name)) is not None and v.type == kind and (v.value == raw or v.cast_value == number)]

    @_instead_of(Table, "sorted_items")
    def sorted_items(original: Any, self: Any, hash_key_attrs: Any, range_key_attrs: Any, items: Any) -> Any:
        # moto sorts by tuples of DynamoTypes, whose == and < cast both values anew at
        # every comparison; a key's attributes have one type, so their cast values sort
        # the same (the sort is stable: equal keys keep their order either way)
        attrs = self._generate_attr_to_sort_by(hash_key_attrs, range_key_attrs)
        items.sort(key=lambda item: tuple(item.attrs[name].cast_value for name in attrs))
        return items

    @_instead_of(Table, "all_items")
    def all_items(original: Any, self: Any) -> Any:
        table, hash_key, conditions = getattr(_query, "context", None) or (None, None, None)
        if table is not self:
            return original(self)
        if hash_key is None:
            buckets: Any = self.items.values()
        else:
            bucket = self.items.get(hash_key)
            buckets = [] if bucket is None else [bucket]
        items = list(buckets) if not self.range_key_attr else [item for bucket in buckets for item in bucket.values()]
        for name, expected in conditions:
            if isinstance(expected, tuple):  # the index's range key condition
                comparison, objects = expected
                items = [i for i in items if (v := i.attrs.get(name)) is not None and v.compare(comparison, objects)]
            else:
                items = matching(items, name, expected)
        return items


def quick_expression_trees() -> None:
    """Copy and walk update-expression trees without moto's generic slow paths.

    Every UpdateItem deep-copies the parsed tree, then ten processors walk all of it,
    each asking per node whether it is a ``Node`` and which of its node types it is.
    ``Node`` is an abstract base class, so each of those ``isinstance`` calls runs
    Python code, and a processor's node-type -> method map was rebuilt for every node
    visited, twice: together about half the CPU of an update of a dozen attributes in a
    profile. Here a tree node copies itself as ``copy.deepcopy`` would (the same memo,
    parents before children), and the walk makes the same visits in the same order,
    answering those questions once per node class (no class is registered on these
    ABCs: a class's answer never changes), skipping the per-child hook on the nine
    processors that do not have one, and building each processor's map once.
    """
    import copy

    from moto.dynamodb.parsing.ast_nodes import DepthFirstTraverser, Node

    def node_deepcopy(self: Any, memo: dict[int, Any]) -> Any:
        cls = self.__class__
        new = cls.__new__(cls)
        memo[id(self)] = new  # before the children, whose parent is this node
        new.__dict__.update({name: copy.deepcopy(value, memo) for name, value in self.__dict__.items()})
        return new

    if "__deepcopy__" not in Node.__dict__:
        Node.__deepcopy__ = node_deepcopy  # type: ignore[attr-defined]

    empty_hook = DepthFirstTraverser.pre_processing_of_child

    @_instead_of(DepthFirstTraverser, "traverse_node_recursively")
    def traverse_node_recursively(original: Any, self: Any, node: Any, child_id: int = -1) -> Any:
        methods = self._processing_map()  # once per walk, not twice per node
        kinds = _kinds_by_processor.setdefault(type(self), {})
        before_child = None if type(self).pre_processing_of_child is empty_hook else self.pre_processing_of_child

        def kind_of(cls: type) -> tuple[bool, Any]:
            # moto's process(): the first type of the map the node is an instance of
            kind = kinds[cls] = (issubclass(cls, Node), next((key for key in methods if issubclass(cls, key)), None))
            return kind

        def walk(node: Any, child_id: int) -> Any:
            is_node, processed_as = kinds.get(node.__class__) or kind_of(node.__class__)
            if is_node:
                parent_node = node.parent
                if node.children is not None:
                    for i, child_node in enumerate(node.children):
                        if before_child is not None:
                            before_child(node, i)
                        walk(child_node, i)
                if processed_as is not None:
                    node = methods[processed_as](node)
                    node.parent = parent_node
                    if parent_node:
                        parent_node.children[child_id] = node
            return node

        return walk(node, child_id)


#: processor class -> {node class: (is a tree node, the processing map's key it matches first or None)}.
_kinds_by_processor: dict[type, dict[type, tuple[bool, Any]]] = {}


def linear_item_size_checks() -> None:
    """Build an item keeping a running total of its size.

    moto's item dict sums the size of every attribute already set each time one is set,
    so building an item of n attributes sized them n times over (a fifth of the CPU of a
    PutItem of 27 attributes). An item's attributes are distinct keys, so each of those
    checks is a running total: this keeps it, and raises ItemSizeTooLarge at the
    attribute moto would. Later sets on the item (updates) go through moto's dict as
    before.
    """
    from moto.dynamodb.exceptions import ItemSizeTooLarge
    from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
    from moto.dynamodb.models.utilities import bytesize

    @_instead_of(Item, "__init__")
    def __init__(original: Any, self: Any, hash_key: Any, range_key: Any, attrs: dict[str, Any]) -> None:
        self.hash_key = hash_key
        self.range_key = range_key
        self.attrs = LimitedSizeDict()
        total = 0
        for key, value in attrs.items():
            converted = DynamoType(value)
            total += bytesize(key) + converted.size()
            if total > 405000:  # moto's limit (DynamoDB's 400 KB, as moto measured it)
                raise ItemSizeTooLarge
            dict.__setitem__(self.attrs, key, converted)


def parse_update_expressions_once() -> None:
    """Parse each distinct update expression once.

    moto parses a request's UpdateExpression twice (its response class checks the
    placeholders, then the backend applies it), and a stack sends the same few
    expressions over and over. The parsed tree is only read (``find_clauses``) or
    deep-copied before it is changed (the backend's validator works on a copy), so one
    tree per expression text serves every request. An expression moto refuses raises as
    before (errors are not cached).
    """
    from moto.dynamodb.parsing.expressions import UpdateExpressionParser

    @functools.lru_cache(maxsize=1024)
    def parsed(original: Any, expression: str) -> Any:
        return original(expression)

    @_instead_of(UpdateExpressionParser, "make")
    def make(original: Any, expression: str) -> Any:
        return parsed(original, expression)


def batch_loaded_on_use() -> None:
    """Load moto's Batch emulation when something uses it, not at start.

    moto's Step Functions interpreter imports one enum from ``moto.batch.utils``; the
    package's ``__init__`` loads its models, and they load the EC2 emulation with its
    instance types and images: over a second of CPU at every start of a local stack,
    which never calls Batch. The package is registered without running its ``__init__``;
    its submodules import as usual, and ``moto.batch.batch_backends`` (how moto's server
    finds the backend) loads the models on first use.
    """
    if "moto.batch" in sys.modules:
        return
    import moto

    spec = importlib.util.find_spec("moto.batch")
    if spec is None:
        return
    package = importlib.util.module_from_spec(spec)

    def __getattr__(name: str) -> Any:  # noqa: N807 - a module's own attribute hook
        if name == "batch_backends":
            from moto.batch.models import batch_backends

            return batch_backends
        raise AttributeError(f"module 'moto.batch' has no attribute {name!r}")

    package.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules["moto.batch"] = package
    moto.batch = package  # type: ignore[attr-defined]


def expired_keys(table_name: str, attribute: str, now: float, *, account: str, region: str) -> list[dict[str, Any]]:
    """The keys (attribute values, as DynamoDB's API gives them) of a table's items whose
    TTL ``attribute`` (a number, epoch seconds) is at or before ``now``: what DynamoDB's
    own TTL process finds, and moto never looks for (no Scan: the local runtime plays
    the TTL process). The table's items are listed from the emulator's memory between
    two of its requests, and looked at after: going through a big table under the lock
    held every other request back (the scan's ticks ran seconds late once a minute).
    A key found may be stale by then; the caller deletes on the condition that it is
    still expired, as DynamoDB's TTL is never exact either."""
    from moto.dynamodb.models import dynamodb_backends

    with _lock:
        table = dynamodb_backends[account][region].get_table(table_name)
        hash_attr, range_attr = table.hash_key_attr, table.range_key_attr
        stored = list(table.items.values())
        items = [item for partition in stored for item in list(partition.values())] if range_attr else stored
    found = []
    for item in items:
        ttl = item.attrs.get(attribute)
        if ttl is None or ttl.type != "N" or float(ttl.value) > now:
            continue
        key = {hash_attr: item.hash_key.to_json()}
        if range_attr:
            key[range_attr] = item.range_key.to_json()
        found.append(key)
    return found
