"""The local stack answers AWS requests in-process; DynamoDB and SQS go unsigned (moto
reads only the account and region from a signature, and its defaults are the stack's),
every other service stays signed (moto's WSGI app finds a request's service in it)."""

from __future__ import annotations

from typing import Any

from wakeful import aws, ddb


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
    table = ddb.table("agents")
    dynamodb = _headers_of("dynamodb", lambda c: c.describe_table(TableName=table))
    sqs = _headers_of("sqs", lambda c: c.list_queues(QueueNamePrefix="wakeful"))
    assert "Authorization" not in dynamodb and "Authorization" not in sqs
    assert aws.client("dynamodb").describe_table(TableName=table)["Table"]["TableName"] == table
    assert aws.client("sqs").list_queues(QueueNamePrefix="wakeful").get("QueueUrls"), "the stack's queues are found unsigned"


def test_other_services_stay_signed(stack: Any) -> None:
    headers = _headers_of("stepfunctions", lambda c: c.list_state_machines())
    assert bytes(headers.get("Authorization", b"")).startswith(b"AWS4-HMAC-SHA256")
    assert aws.client("stepfunctions").list_state_machines()["stateMachines"], "the stack's state machines are found"
