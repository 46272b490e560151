"""`wakeful dev` hands the handlers' AWS requests to the emulator in its own process:
the same requests and answers as over HTTP, without a socket."""

from __future__ import annotations

import uuid
from typing import Any, Iterator

import pytest

from wakeful import aws
from wakeful.config import get_settings


@pytest.fixture()
def counted(stack: Any) -> Iterator[list[str]]:
    """The paths of the requests the emulator's application got without a socket."""
    transport = stack._transport
    app = transport.app
    seen: list[str] = []

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        seen.append(environ.get("HTTP_X_AMZ_TARGET") or environ["PATH_INFO"])
        return app(environ, start_response)

    transport.app = counting
    yield seen
    transport.app = app


def test_aws_requests_reach_the_emulator_without_a_socket_with_the_same_answers(stack: Any, counted: list[str]) -> None:
    table = get_settings().tables["agents"]
    item = {"agent_id": {"S": f"t-{uuid.uuid4().hex}"}, "blob": {"B": b"\x00\xffraw"}, "n": {"N": "1.5"}, "m": {"M": {"l": {"L": [{"S": "x"}, {"NULL": True}]}}}}
    ddb = aws.client("dynamodb")
    ddb.put_item(TableName=table, Item=item)
    through_transport = ddb.get_item(TableName=table, Key={"agent_id": item["agent_id"]}, ConsistentRead=True)["Item"]
    assert through_transport == item
    assert any(target.endswith("GetItem") for target in counted)

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
    assert sum(target.endswith("GetQueueAttributes") for target in counted) == 2


def test_requests_for_other_hosts_are_not_taken(stack: Any) -> None:
    class Request:
        url = stack.api_url + "/health"

    assert stack._transport(Request()) is None
