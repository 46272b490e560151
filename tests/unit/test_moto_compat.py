"""The local stack's shortcuts through moto give moto's own answers; its corrections give
the answers of the services moto plays (SQS FIFO queues under concurrent consumers)."""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
import time
from typing import Any, Iterator

import pytest
from wakeful_dev import moto_compat

ITEM = {
    "pk": {"S": "agent#1"},
    "seq": {"N": "42"},
    "empty": {"S": ""},
    "blob": {"B": b"\x00\x01secret"},
    "blobs": {"BS": [b"a", b"\xff"]},
    "names": {"SS": ["a", "b"]},
    "numbers": {"NS": ["1", "2.5"]},
    "flag": {"BOOL": False},
    "nothing": {"NULL": True},
    "nested": {"M": {"list": {"L": [{"S": "x"}, {"M": {}}, {"L": []}, {"N": "-1e-5"}]}, "deep": {"M": {"a": {"BOOL": True}}}}},
    "unicode": {"S": "caf\u00e9 \U0001f600"},
}


_accounts = itertools.count(210_000_000_001)


@contextlib.contextmanager
def _own_dynamodb(account: str | None = None) -> Iterator[Any]:
    """A DynamoDB client of moto's in-process mock, in an account nothing else uses
    (``account``, or a new one).

    The worker may run a local stack on the same moto backends: starting or stopping the
    mock as ``with mock_aws()`` does would reset them and wipe the stack's tables."""
    import botocore.session
    from moto import mock_aws

    account = account or str(next(_accounts))
    mock = mock_aws()
    mock.start(reset=False)
    try:
        ddb = botocore.session.get_session().create_client("dynamodb", region_name="us-east-1")
        ddb.meta.events.register("before-sign.dynamodb", lambda request, **_: request.headers.__setitem__("x-moto-account-id", account))
        yield ddb
    finally:
        mock.stop(remove_data=False)


def _serialize(operation: str, result: Any, *, fast: bool) -> Any:
    from moto.core.serialize import JSONSerializer, XFormedAttributePicker, get_serializer_class
    from moto.core.utils import get_service_model

    moto_compat.fast_attribute_values()
    patched = JSONSerializer._serialize_type_structure
    service = get_service_model("dynamodb")
    serializer = get_serializer_class("dynamodb", "json")(
        operation_model=service.operation_model(operation), pretty_print=False, value_picker=XFormedAttributePicker()
    )
    if not fast:
        JSONSerializer._serialize_type_structure = patched._wakeful_original  # type: ignore[attr-defined,method-assign]
    try:
        return json.loads(serializer.serialize(result)["body"])
    finally:
        JSONSerializer._serialize_type_structure = patched  # type: ignore[method-assign]


@pytest.mark.parametrize(
    ("operation", "result"),
    [
        ("GetItem", {"Item": ITEM}),
        ("GetItem", {}),
        ("Query", {"Items": [ITEM, {"pk": {"S": "b"}}], "Count": 2, "ScannedCount": 2, "LastEvaluatedKey": {"pk": {"S": "b"}}}),
        ("UpdateItem", {"Attributes": ITEM}),
        ("BatchGetItem", {"Responses": {"t": [ITEM]}, "UnprocessedKeys": {}}),
        ("TransactGetItems", {"Responses": [{"Item": ITEM}]}),
        # Values the fast path does not write itself: moto's own way is taken, same answer.
        ("GetItem", {"Item": {"odd": {"X": "1"}, "num": {"N": 5}, "list": {"L": [None, {"S": "a"}]}}}),
    ],
)
def test_attribute_values_are_written_as_moto_writes_them(operation: str, result: dict[str, Any]) -> None:
    assert _serialize(operation, result, fast=True) == _serialize(operation, result, fast=False)


def test_binary_attributes_are_base64_on_the_wire() -> None:
    body = _serialize("GetItem", {"Item": {"blob": {"B": b"\x00\x01"}}}, fast=True)
    assert body == {"Item": {"blob": {"B": "AAE="}}}


@pytest.mark.parametrize(
    "expression",
    [
        "SET a = :a",
        "SET a = :a, b = if_not_exists(b, :z) + :one REMOVE c, d ADD e :one DELETE f :s",
        "SET #n.x[1] = list_append(#n.x, :l) REMOVE g",
        "SET a = :a SET b = :b",
        "ADD a :one REMOVE b ADD c :one",
        "REMOVE a SET b = :b REMOVE c",
    ],
)
def test_update_expressions_pass_or_fail_as_moto_decides(expression: str) -> None:
    from moto.dynamodb.parsing.expressions import UpdateExpressionParser
    from moto.dynamodb.parsing.validators import ActionCountValidator

    moto_compat.quick_action_counts()
    quick = ActionCountValidator.traverse
    original = quick._wakeful_original  # type: ignore[attr-defined]

    def outcome(traverse: Any) -> Any:
        try:
            tree = UpdateExpressionParser.make(expression)
            return traverse(ActionCountValidator(), tree) is tree
        except Exception as error:  # noqa: BLE001 - the error is the answer compared
            return (type(error).__name__, str(error))

    assert outcome(quick) == outcome(original)


def test_handler_methods_are_listed_as_moto_lists_them() -> None:
    from moto.core import responses, utils
    from moto.dynamodb.responses import DynamoHandler

    moto_compat.cache_handler_methods()
    assert responses.method_names_from_class(DynamoHandler) == utils.method_names_from_class(DynamoHandler)
    assert "get_item" in responses.method_names_from_class(DynamoHandler)


def test_queries_of_a_table_and_of_its_index_answer_as_moto_answers() -> None:
    from moto.dynamodb.models.table import Table

    moto_compat.quick_queries()
    quick = (Table.query, Table.all_items, Table.sorted_items)
    original = tuple(patched._wakeful_original for patched in quick)  # type: ignore[attr-defined]
    with _own_dynamodb() as ddb:
        ddb.create_table(
            TableName="t",
            BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": n, "AttributeType": t} for n, t in (("pk", "S"), ("sk", "N"), ("g", "S"), ("at", "N"), ("n", "N"))],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            GlobalSecondaryIndexes=[
                {"IndexName": "by-g", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "at", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}},
                {"IndexName": "by-n", "KeySchema": [{"AttributeName": "n", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}},
            ],
        )
        ddb.create_table(TableName="h", BillingMode="PAY_PER_REQUEST", AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}], KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
        for n in range(60):
            item = {"pk": {"S": f"p{n % 4}"}, "sk": {"N": str(60 - n)}, "at": {"N": str(n % 5)}, "v": {"S": str(n)}}
            item["n"] = {"N": "1.0" if n % 7 == 0 else str(n % 3)}  # numbers equal as numbers, not as text
            if n % 3:
                item["g"] = {"S": f"g{n % 2}"}  # a third of the items are not in the index
            ddb.put_item(TableName="t", Item=item)
            ddb.put_item(TableName="h", Item={"pk": {"S": f"p{n}"}, "v": {"N": str(n)}})
        ddb.delete_item(TableName="t", Key={"pk": {"S": "p1"}, "sk": {"N": "59"}})
        queries: list[dict[str, Any]] = [
            {"TableName": "t", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "p1"}}},
            {"TableName": "t", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "p2"}, ":s": {"N": "20"}}, "ScanIndexForward": False, "Limit": 4},
            {"TableName": "t", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "nobody"}}},
            {"TableName": "t", "IndexName": "by-g", "KeyConditionExpression": "g = :g", "ExpressionAttributeValues": {":g": {"S": "g1"}}},
            {"TableName": "t", "IndexName": "by-g", "KeyConditionExpression": "g = :g AND at <= :a", "ExpressionAttributeValues": {":g": {"S": "g0"}, ":a": {"N": "2"}}, "ScanIndexForward": False, "Limit": 5},
            {"TableName": "t", "KeyConditionExpression": "pk = :p", "FilterExpression": "v <> :v", "ExpressionAttributeValues": {":p": {"S": "p3"}, ":v": {"S": "7"}}},
            {"TableName": "h", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "p7"}}},
            {"TableName": "t", "IndexName": "by-n", "KeyConditionExpression": "n = :n", "ExpressionAttributeValues": {":n": {"N": "1"}}},
        ]

        def pages(query: dict[str, Any]) -> list[Any]:
            found, start = [], None
            while True:
                page = ddb.query(**query, **({"ExclusiveStartKey": start} if start else {}))
                found.append((page["Items"], page["Count"], page["ScannedCount"], page.get("LastEvaluatedKey")))
                start = page.get("LastEvaluatedKey")
                if not start:
                    return found

        answers = [pages(q) for q in queries]
        Table.query, Table.all_items, Table.sorted_items = original  # type: ignore[method-assign]
        try:
            assert [pages(q) for q in queries] == answers
            scanned = ddb.scan(TableName="t")["Items"]
        finally:
            Table.query, Table.all_items, Table.sorted_items = quick  # type: ignore[method-assign]
        assert ddb.scan(TableName="t")["Items"] == scanned  # scans keep moto's order
        assert [len(sum((p[0] for p in a), [])) for a in answers] == [14, 10, 0, 19, 12, 14, 1, 25]


def test_updates_leave_the_items_moto_leaves_and_fail_as_moto_fails() -> None:
    from moto.dynamodb.parsing.ast_nodes import DepthFirstTraverser, Node

    moto_compat.quick_expression_trees()
    walked = ("traverse_node_recursively",)
    quick = {name: getattr(DepthFirstTraverser, name) for name in walked}
    node_copy = Node.__deepcopy__  # type: ignore[attr-defined]
    updates = [
        ("SET a = :one, b = if_not_exists(b, :zero) + :one, l = list_append(if_not_exists(l, :empty), :l) REMOVE gone ADD c :one, s :set", None),
        ("SET m.deep = :one, #n = :name DELETE s :drop", None),
        ("SET pk = :one", "Cannot update attribute pk"),
        ("SET a = a + :text", "Incorrect operand type"),
        ("SET nowhere.path = :one", "The document path provided in the update expression is invalid"),
    ]
    values = {":one": {"N": "1"}, ":zero": {"N": "0"}, ":empty": {"L": []}, ":l": {"L": [{"S": "x"}]}, ":set": {"SS": ["a", "b"]},
              ":drop": {"SS": ["a"]}, ":name": {"S": "n"}, ":text": {"S": "t"}}  # fmt: skip

    def run() -> list[Any]:
        with _own_dynamodb() as ddb:
            ddb.create_table(TableName="t", BillingMode="PAY_PER_REQUEST", AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])  # fmt: skip
            ddb.put_item(TableName="t", Item={"pk": {"S": "k"}, "gone": {"S": "x"}, "m": {"M": {}}})
            outcomes: list[Any] = []
            for expression, _ in updates:
                used = {k: v for k, v in values.items() if k in expression}
                names = {"#n": "name"} if "#n" in expression else {}
                try:
                    ddb.update_item(TableName="t", Key={"pk": {"S": "k"}}, UpdateExpression=expression, ExpressionAttributeValues=used,
                                    **({"ExpressionAttributeNames": names} if names else {}))  # fmt: skip
                    outcomes.append(ddb.get_item(TableName="t", Key={"pk": {"S": "k"}})["Item"])
                except ddb.exceptions.ClientError as error:
                    outcomes.append(error.response["Error"]["Message"])
            return outcomes

    with_cache = run()
    for name, patched in quick.items():
        setattr(DepthFirstTraverser, name, patched._wakeful_original)  # type: ignore[attr-defined]
    del Node.__deepcopy__  # type: ignore[attr-defined]
    try:
        assert run() == with_cache
    finally:
        for name, patched in quick.items():
            setattr(DepthFirstTraverser, name, patched)
        Node.__deepcopy__ = node_copy  # type: ignore[attr-defined]
    for (_, error), outcome in zip(updates, with_cache, strict=True):
        assert (error is None) == isinstance(outcome, dict) and (error is None or error in outcome), outcome


def test_an_update_expression_parsed_once_updates_every_item_as_moto_does() -> None:
    from moto.dynamodb.parsing.expressions import UpdateExpressionParser

    moto_compat.parse_update_expressions_once()
    cached = UpdateExpressionParser.make
    expression = "SET a = if_not_exists(a, :zero) + :one, l = list_append(if_not_exists(l, :empty), :l), m.deep = :one REMOVE gone ADD s :set"
    values = {":one": {"N": "1"}, ":zero": {"N": "0"}, ":empty": {"L": []}, ":l": {"L": [{"S": "x"}]}, ":set": {"SS": ["a"]}}

    def run() -> list[Any]:
        with _own_dynamodb() as ddb:
            ddb.create_table(TableName="t", BillingMode="PAY_PER_REQUEST", AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])  # fmt: skip
            for key in ("k1", "k2", "k3"):
                ddb.put_item(TableName="t", Item={"pk": {"S": key}, "gone": {"S": "x"}, "m": {"M": {}}})
            outcomes: list[Any] = []
            for key in ("k1", "k2", "k1", "k3", "k1"):  # the same text, again and again
                try:
                    ddb.update_item(TableName="t", Key={"pk": {"S": key}}, UpdateExpression=expression, ExpressionAttributeValues=values)
                    outcomes.append(ddb.get_item(TableName="t", Key={"pk": {"S": key}})["Item"])
                except ddb.exceptions.ClientError as error:
                    outcomes.append(error.response["Error"]["Message"])
                with_a_bad_value = {**values, ":one": {"S": "text"}}  # refused every time, never cached
                try:
                    ddb.update_item(TableName="t", Key={"pk": {"S": key}}, UpdateExpression=expression, ExpressionAttributeValues=with_a_bad_value)
                except ddb.exceptions.ClientError as error:
                    outcomes.append(error.response["Error"]["Message"])
            return outcomes

    with_cache = run()
    UpdateExpressionParser.make = cached._wakeful_original  # type: ignore[attr-defined,method-assign]
    try:
        assert run() == with_cache
    finally:
        UpdateExpressionParser.make = cached  # type: ignore[method-assign]
    items = [o for o in with_cache if isinstance(o, dict)]
    assert [item["a"] for item in items] == [{"N": "1"}, {"N": "1"}, {"N": "2"}, {"N": "1"}, {"N": "3"}]
    assert all("gone" not in item for item in items)
    assert sum(isinstance(o, str) for o in with_cache) == 5


def test_moto_batch_loads_when_used_not_with_the_step_functions_interpreter() -> None:
    import subprocess
    import sys

    code = """
import sys
from wakeful_dev import moto_compat
moto_compat.batch_loaded_on_use()
import moto.stepfunctions.parser.models
assert "moto.ec2" not in sys.modules and "moto.batch.models" not in sys.modules, "loaded with the interpreter"
import botocore.session
from moto import mock_aws
with mock_aws():
    batch = botocore.session.get_session().create_client("batch", region_name="us-east-1")
    print(batch.describe_compute_environments()["computeEnvironments"], "moto.batch.models" in sys.modules)
"""
    import os

    # Not at the worker's own emulator, which a stack started in this process points to.
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_ENDPOINT_URL")}
    env.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[] True"


def test_an_expression_tree_copies_as_deepcopy_copies_it() -> None:
    import copy

    from moto.dynamodb.parsing.ast_nodes import Node
    from moto.dynamodb.parsing.expressions import UpdateExpressionParser

    moto_compat.quick_expression_trees()
    tree = UpdateExpressionParser.make("SET a = if_not_exists(a, :zero) + :one, m.deep[2] = :v REMOVE gone ADD s :set DELETE d :d")

    def shape(node: Any, parent: Any = None) -> Any:
        if not isinstance(node, Node):
            return node
        assert node.parent is parent, "a copied node's parent is the copy of its parent"
        return (type(node).__name__, node.type, [shape(child, node) for child in node.children or []])

    def nodes(node: Any) -> list[Any]:
        return [node, *(n for child in node.children or [] if isinstance(child, Node) for n in nodes(child))]

    quick = copy.deepcopy(tree)
    node_copy = Node.__deepcopy__  # type: ignore[attr-defined]
    del Node.__deepcopy__  # type: ignore[attr-defined]
    try:
        generic = copy.deepcopy(tree)
    finally:
        Node.__deepcopy__ = node_copy  # type: ignore[attr-defined]
    assert shape(quick) == shape(generic) == shape(tree)
    assert not {id(n) for n in nodes(quick)} & {id(n) for n in nodes(tree)}, "nothing is shared with the original"


def test_an_item_is_built_and_refused_for_its_size_as_moto_builds_and_refuses_it() -> None:
    from moto.dynamodb.exceptions import ItemSizeTooLarge
    from moto.dynamodb.models.dynamo_type import DynamoType, Item

    moto_compat.linear_item_size_checks()
    quick = Item.__init__
    key = DynamoType({"S": "k"})
    attrs = {**ITEM, "big": {"S": "x" * 200_000}, "café": {"M": {"l": {"L": [{"N": "1"}] * 3}}}}
    at_the_limit = {"a": {"S": "x" * 404_999}}  # 1 + 404,999 bytes: moto's largest item
    over = {"a": {"S": "x" * 200_000}, "b": {"S": "y" * 205_000}}

    def build(found: dict[str, Any]) -> Any:
        try:
            item = Item(key, None, found)
        except ItemSizeTooLarge:
            return "too large"
        return (item.hash_key, item.range_key, type(item.attrs), dict(item.attrs))

    built = [build(a) for a in (attrs, at_the_limit, over)]
    Item.__init__ = quick._wakeful_original  # type: ignore[attr-defined,method-assign]
    try:
        assert [build(a) for a in (attrs, at_the_limit, over)] == built
    finally:
        Item.__init__ = quick  # type: ignore[method-assign]
    assert built[1] != "too large" and built[2] == "too large"


@contextlib.contextmanager
def _own_fifo_queue(visibility: int = 30) -> Iterator[tuple[Any, str]]:
    """An SQS client of moto's in-process mock and a FIFO queue of its own, in an account
    nothing else uses (the patches to moto's SQS applied)."""
    import botocore.session
    from moto import mock_aws

    moto_compat.serialize_sqs_queues()
    account = str(next(_accounts))
    mock = mock_aws()
    mock.start(reset=False)
    try:
        sqs = botocore.session.get_session().create_client("sqs", region_name="us-east-1")
        sqs.meta.events.register("before-sign.sqs", lambda request, **_: request.headers.__setitem__("x-moto-account-id", account))
        attributes = {"FifoQueue": "true", "ContentBasedDeduplication": "true", "VisibilityTimeout": str(visibility)}
        url = sqs.create_queue(QueueName="compat.fifo", Attributes=attributes)["QueueUrl"]
        yield sqs, url
    finally:
        mock.stop(remove_data=False)


def _bodies(answer: dict[str, Any]) -> list[str]:
    return [m["Body"] for m in answer.get("Messages", [])]


def test_a_groups_messages_whose_time_runs_out_during_a_receive_are_not_handed_out_last_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """moto's clock moves while it looks at a queue: messages that came back between
    the patch's look at what is in flight and moto's own loop made moto hand out the
    group's last message alone (a loaded test run saw m2 run before m0 and m1)."""
    from moto.sqs import models

    with _own_fifo_queue(visibility=30) as (sqs, url):
        for body in ("m0", "m1", "m2"):
            sqs.send_message(QueueUrl=url, MessageBody=body, MessageGroupId="g")
        start = models.unix_time_millis()
        monkeypatch.setattr(models, "unix_time_millis", lambda: start)
        assert _bodies(sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)) == ["m0", "m1", "m2"]  # in flight 30 s
        ticks = itertools.count(1)
        # Each reading of the clock 10 s later than the one before: the messages come
        # back after three readings, while the receive goes through the queue.
        monkeypatch.setattr(models, "unix_time_millis", lambda: start + 10_000 * next(ticks))
        answer = _bodies(sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10))
        assert answer in ([], ["m0", "m1", "m2"])


def test_a_groups_messages_that_all_come_back_are_handed_out_first_to_last() -> None:
    with _own_fifo_queue(visibility=1) as (sqs, url):
        for body in ("m0", "m1", "m2"):
            sqs.send_message(QueueUrl=url, MessageBody=body, MessageGroupId="g")
        assert _bodies(sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)) == ["m0", "m1", "m2"]
        # None is deleted: after their visibility timeout they come back, in order.
        assert _bodies(sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=5)) == ["m0", "m1", "m2"]


def test_a_long_poll_gets_a_groups_next_message_once_the_one_in_flight_is_deleted() -> None:
    with _own_fifo_queue() as (sqs, url):
        for body in ("first", "second"):
            sqs.send_message(QueueUrl=url, MessageBody=body, MessageGroupId="g")
        first = sqs.receive_message(QueueUrl=url)["Messages"][0]
        got: list[Any] = []
        poll = threading.Thread(target=lambda: got.append(sqs.receive_message(QueueUrl=url, WaitTimeSeconds=10)))
        poll.start()
        time.sleep(0.3)  # the long poll is waiting: "second" is held back by "first"
        sqs.delete_message(QueueUrl=url, ReceiptHandle=first["ReceiptHandle"])
        poll.join(timeout=30)
        assert _bodies(got[0]) == ["second"]


def test_a_long_poll_on_a_fifo_queue_whose_group_is_in_flight_sleeps_instead_of_spinning() -> None:
    with _own_fifo_queue() as (sqs, url):
        for body in ("first", "second"):
            sqs.send_message(QueueUrl=url, MessageBody=body, MessageGroupId="g")
        assert _bodies(sqs.receive_message(QueueUrl=url)) == ["first"]
        cpu = time.thread_time()
        assert _bodies(sqs.receive_message(QueueUrl=url, WaitTimeSeconds=3)) == []  # "second" waits for "first"
        # moto's own long poll rescans the queue without pause for the 3 s (a core's
        # worth of CPU); waiting for a change, a look a second costs milliseconds.
        assert time.thread_time() - cpu < 0.2


def test_expired_keys_are_the_items_whose_ttl_number_is_at_or_before_now() -> None:
    account = str(next(_accounts))
    with _own_dynamodb(account) as ddb:
        for name, keys in (("ttl-hash", [("pk", "HASH")]), ("ttl-range", [("pk", "HASH"), ("sk", "RANGE")])):
            ddb.create_table(
                TableName=name,
                KeySchema=[{"AttributeName": a, "KeyType": k} for a, k in keys],
                AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"} for a, _ in keys],
                BillingMode="PAY_PER_REQUEST",
            )
        for n, ttl in enumerate(({"N": "99"}, {"N": "100"}, {"N": "101"}, {"S": "1"}, None)):
            extra = {"expires_at": ttl} if ttl else {}
            ddb.put_item(TableName="ttl-hash", Item={"pk": {"S": f"p{n}"}, **extra})
            ddb.put_item(TableName="ttl-range", Item={"pk": {"S": "p"}, "sk": {"S": f"s{n}"}, **extra})

        hashed = moto_compat.expired_keys("ttl-hash", "expires_at", 100.0, account=account, region="us-east-1")
        ranged = moto_compat.expired_keys("ttl-range", "expires_at", 100.0, account=account, region="us-east-1")

    assert sorted(k["pk"]["S"] for k in hashed) == ["p0", "p1"]
    assert sorted((k["pk"]["S"], k["sk"]["S"]) for k in ranged) == [("p", "s0"), ("p", "s1")]
