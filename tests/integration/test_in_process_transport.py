"""`wakeful dev` hands the handlers' AWS requests to the emulator in its own process:
the same requests and answers as over HTTP, without a socket. DynamoDB and SQS requests
go unsigned (moto reads only the account and region from a signature, and its defaults
are the stack's); every other service stays signed (moto's WSGI app finds a request's
service in it)."""

from __future__ import annotations

import threading
import uuid
from typing import Any, Iterator

import pytest

from wakeful import aws
from wakeful.config import get_settings


@pytest.fixture()
def counted(stack: Any) -> Iterator[list[str]]:
    """The targets (or paths) of the requests the emulator answered without a socket,
    as ``direct:<target>`` (given to moto's response class) or ``app:<target>``
    (through its WSGI application)."""
    transport = stack._transport
    direct, through_the_app = transport._direct, transport._through_the_app
    seen: list[str] = []
    # Only this test's own requests: a background thread of the session's stack (an
    # earlier test's stream or poller) may reach the emulator meanwhile.
    mine = threading.get_ident()

    def target(request: Any) -> str:
        found = request.headers.get("X-Amz-Target")
        return found.decode() if isinstance(found, bytes) else found or request.url

    def counting_direct(service: str, request: Any) -> Any:
        if threading.get_ident() == mine:
            seen.append(f"direct:{target(request)}")
        return direct(service, request)

    def counting_app(request: Any) -> Any:
        if threading.get_ident() == mine:
            seen.append(f"app:{target(request)}")
        return through_the_app(request)

    transport._direct, transport._through_the_app = counting_direct, counting_app
    yield seen
    del transport._direct, transport._through_the_app


def test_aws_requests_reach_the_emulator_without_a_socket_with_the_same_answers(stack: Any, counted: list[str]) -> None:
    table = get_settings().tables["agents"]
    item = {"agent_id": {"S": f"t-{uuid.uuid4().hex}"}, "blob": {"B": b"\x00\xffraw"}, "n": {"N": "1.5"}, "m": {"M": {"l": {"L": [{"S": "x"}, {"NULL": True}]}}}}
    ddb = aws.client("dynamodb")
    ddb.put_item(TableName=table, Item=item)
    through_transport = ddb.get_item(TableName=table, Key={"agent_id": item["agent_id"]}, ConsistentRead=True)["Item"]
    assert through_transport == item
    assert "direct:DynamoDB_20120810.GetItem" in counted

    stack._transport.active = False  # what every client does once the stack has stopped
    try:
        before = len(counted)
        over_http = ddb.get_item(TableName=table, Key={"agent_id": item["agent_id"]}, ConsistentRead=True)["Item"]
        assert len(counted) == before  # went over the socket
    finally:
        stack._transport.active = True
    assert over_http == through_transport
    ddb.delete_item(TableName=table, Key={"agent_id": item["agent_id"]})


def test_queue_requests_and_errors_come_back_as_over_http(stack: Any, counted: list[str]) -> None:
    sqs = aws.client("sqs")
    url = stack.queue_urls["heartbeat"]
    attributes = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]
    assert attributes["QueueArn"].endswith(url.rsplit("/", 1)[-1])
    with pytest.raises(sqs.exceptions.QueueDoesNotExist):
        sqs.get_queue_attributes(QueueUrl=url + "-missing", AttributeNames=["All"])
    assert sum(target.endswith("GetQueueAttributes") and target.startswith("direct:") for target in counted) == 2


def test_a_refused_write_fails_as_over_http(stack: Any, counted: list[str]) -> None:
    table = get_settings().tables["agents"]
    ddb = aws.client("dynamodb")
    key = {"agent_id": {"S": f"t-{uuid.uuid4().hex}"}}
    errors = []
    for active in (True, False):
        stack._transport.active = active
        try:
            with pytest.raises(ddb.exceptions.ConditionalCheckFailedException) as raised:
                ddb.update_item(TableName=table, Key=key, UpdateExpression="SET n = :n", ConditionExpression="attribute_exists(agent_id)", ExpressionAttributeValues={":n": {"N": "1"}})
        finally:
            stack._transport.active = True
        errors.append((raised.value.response["Error"], raised.value.response["ResponseMetadata"]["HTTPStatusCode"]))
    assert errors[0] == errors[1]
    assert counted == ["direct:DynamoDB_20120810.UpdateItem"]


def test_other_services_go_through_the_emulators_application(stack: Any, counted: list[str]) -> None:
    aws.client("kms").list_keys()
    assert [target.split(":", 1)[0] for target in counted] == ["app"]


def test_requests_for_other_hosts_are_not_taken(stack: Any) -> None:
    class Request:
        url = stack.api_url + "/health"

    assert stack._transport(Request()) is None


def _headers_of(service: str, call: Any) -> dict[str, str]:
    seen: list[dict[str, str]] = []

    def peek(request: Any, **_: Any) -> None:
        seen.append(dict(request.headers))

    client = aws.client(service)
    client.meta.events.register_first("before-send", peek, unique_id="peek-headers")
    try:
        call(client)
    finally:
        client.meta.events.unregister("before-send", unique_id="peek-headers")
    assert seen, f"no {service} request was sent"
    return seen[-1]


def test_dynamodb_and_sqs_requests_go_unsigned_and_reach_the_stacks_tables_and_queues(stack: Any) -> None:
    table = get_settings().tables["agents"]
    dynamodb = _headers_of("dynamodb", lambda c: c.describe_table(TableName=table))
    sqs = _headers_of("sqs", lambda c: c.list_queues(QueueNamePrefix="wakeful"))
    assert "Authorization" not in dynamodb and "Authorization" not in sqs
    assert aws.client("dynamodb").describe_table(TableName=table)["Table"]["TableName"] == table
    assert aws.client("sqs").list_queues(QueueNamePrefix="wakeful").get("QueueUrls"), "the stack's queues are found unsigned"


def test_other_services_stay_signed(stack: Any) -> None:
    headers = _headers_of("stepfunctions", lambda c: c.list_state_machines())
    assert bytes(headers.get("Authorization", b"")).startswith(b"AWS4-HMAC-SHA256")
    assert aws.client("stepfunctions").list_state_machines()["stateMachines"], "the stack's state machines are found"
