"""The IAM audit of the integration and end-to-end suites (tests/support/iam_audit.py)
recognises what the roles forbid: it turns calls into the actions and resources AWS
checks, and judges them against the synthesized template as IAM does."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.support import iam_audit
from tests.support.iam_audit import ANTHROPIC_SECRET, Call, LocalNames, Where, acting_as, problems, requirements
from wakeful import constants
from wakeful.tables import TABLES

pytestmark = pytest.mark.infra

WHERE = Where(kms_key_id="1234abcd-key")
MACHINE = "arn:aws:states:us-east-1:123456789012:stateMachine:wakeful-deliver-hook"


def _queue_url(logical: str) -> str:
    suffix = ".fifo" if logical.removesuffix("_dlq") in constants.FIFO_QUEUES else ""
    return f"http://127.0.0.1:5000/123456789012/wakeful-{logical.replace('_dlq', '-dlq')}{suffix}"


LOCAL = LocalNames(
    tables={name: f"wakeful-{name.replace('_', '-')}" for name in TABLES},
    queue_urls={q: _queue_url(q) for q in constants.QUEUE_ENV},
    kms_key_id=WHERE.kms_key_id,
    state_machine_arn=MACHINE,
    where=WHERE,
    archive_bucket="wakeful-archive",
)


def table(name: str, index: str = "") -> str:
    return WHERE.arn("dynamodb", f"table/{LOCAL.tables[name]}") + (f"/index/{index}" if index else "")


def queue(logical: str) -> str:
    return requirements("sqs", "SendMessage", {"QueueUrl": LOCAL.queue_urls[logical]}, WHERE)[0][1]


def call(function: str, action: str, resource: str) -> Call:
    return Call(function, action, resource, "test")


def put_object(function: str, key: str, bucket: str = "wakeful-archive") -> Call:
    ((action, resource),) = requirements("s3", "PutObject", {"Bucket": bucket, "Key": key, "Body": b""}, WHERE)
    return call(function, action, resource)


# -- judging against the synthesized template ---------------------------------------------
def test_a_denied_call_fails_the_audit_naming_the_function_action_and_resource(synth):
    denied = call("stream_ws", "dynamodb:PutItem", table("agents"))
    found = problems([denied], synth.template, LOCAL)
    assert found == [f"stream_ws may not dynamodb:PutItem on {table('agents')} (its code called test)"]


def test_calls_each_role_allows_pass_the_audit(synth):
    allowed = [
        call("api", "dynamodb:PutItem", table("agents")),
        call("api", "dynamodb:Query", table("agents", "by-owner")),
        call("api", "kms:Encrypt", f"arn:aws:kms:us-east-1:123456789012:key/{WHERE.kms_key_id}"),
        call("api", "states:StartExecution", MACHINE),
        call("heartbeat_scan", "sqs:SendMessage", queue("heartbeat")),
        call("ingest", "sqs:SendMessage", queue("ingest_dlq")),
        call("stream_ws", "dynamodb:GetItem", table("api_keys")),
        call("thread_runner", "lambda:InvokeFunction", "arn:aws:lambda:us-east-1:123456789012:function:wakeful-tool-disk"),
        call("thread_runner", "secretsmanager:GetSecretValue", f"arn:aws:secretsmanager:us-east-1:123456789012:secret:{ANTHROPIC_SECRET}"),
        call("channel_deliver", "ses:SendEmail", "arn:aws:ses:us-east-1:123456789012:identity/bot@example.com"),
        call("stream_fanout", "execute-api:ManageConnections", requirements("execute-api", "PostToConnection", {"ConnectionId": "c1"}, WHERE)[0][1]),
        call("stream_fanout", "execute-api:ManageConnections", requirements("execute-api", "DeleteConnection", {"ConnectionId": "c1"}, WHERE)[0][1]),
        put_object("archiver", "events/agt_1/2026/01/01/20260210T000000Z-e1.jsonl.gz"),
    ]
    assert problems(allowed, synth.template, LOCAL) == []


@pytest.mark.parametrize(
    "denied",
    [
        call("api", "dynamodb:PutItem", table("agents", "by-owner")),  # item writes: never on an index
        call("api", "dynamodb:Scan", table("agents")),
        call("ingest", "sqs:SendMessage", queue("thread")),
        call("ingest", "kms:Decrypt", f"arn:aws:kms:us-east-1:123456789012:key/{WHERE.kms_key_id}"),
        call("api", "kms:Encrypt", "arn:aws:kms:us-east-1:123456789012:key/another-key"),
        call("webhook_ingest", "states:StartExecution", MACHINE),
        call("api", "lambda:InvokeFunction", "arn:aws:lambda:us-east-1:123456789012:function:wakeful-tool-disk"),
        call("thread_runner", "lambda:InvokeFunction", "arn:aws:lambda:us-east-1:123456789012:function:wakeful-api"),
        call("api", "secretsmanager:GetSecretValue", f"arn:aws:secretsmanager:us-east-1:123456789012:secret:{ANTHROPIC_SECRET}"),
        call("thread_runner", "secretsmanager:GetSecretValue", "arn:aws:secretsmanager:us-east-1:123456789012:secret:someone-else"),
        call("api", "ses:SendEmail", "arn:aws:ses:us-east-1:123456789012:identity/bot@example.com"),
        call("stream_fanout", "execute-api:ManageConnections", requirements("execute-api", "GetConnection", {"ConnectionId": "c1"}, WHERE)[0][1]),
        call("api", "execute-api:ManageConnections", requirements("execute-api", "PostToConnection", {"ConnectionId": "c1"}, WHERE)[0][1]),
        call("thread_runner", "bedrock:InvokeModel", "arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude"),
        call("no_such_function", "dynamodb:GetItem", table("agents")),
        put_object("api", "events/agt_1/2026/01/01/x.jsonl.gz"),  # only the archiver writes the archive
        put_object("archiver", "agents/agt_1/x.jsonl.gz"),  # under a retained table's prefix only
        put_object("archiver", "events/agt_1/x.jsonl.gz", bucket="another-bucket"),
        call("archiver", "s3:GetObject", "arn:aws:s3:::wakeful-archive/events/agt_1/x.jsonl.gz"),
        call("archiver", "dynamodb:GetItem", table("events")),  # its tables' streams, not their items
    ],
    ids=lambda c: f"{c.function}-{c.action}",
)
def test_calls_outside_a_role_fail_the_audit(synth, denied: Call):
    assert len(problems([denied], synth.template, LOCAL)) == 1


def test_calls_that_need_no_grant_or_only_the_local_runtime_makes_pass(synth):
    calls = [call("api", "sts:GetCallerIdentity", "*"), call("api", "ses:VerifyEmailIdentity", "*")]
    assert problems(calls, synth.template, LOCAL) == []


# -- IAM's rules, on a small template ------------------------------------------------------
def _template(*statements: dict[str, Any]) -> dict[str, Any]:
    return {
        "Resources": {
            "Fn": {"Type": "AWS::Lambda::Function", "Metadata": {"aws:cdk:path": "Wakeful/Functions/Api/Resource"}, "Properties": {"Role": {"Fn::GetAtt": ["Role", "Arn"]}}},
            "Role": {"Type": "AWS::IAM::Role", "Properties": {}},
            "Policy": {"Type": "AWS::IAM::Policy", "Properties": {"Roles": [{"Ref": "Role"}], "PolicyDocument": {"Statement": list(statements)}}},
        }
    }


def _allow(actions: Any, resources: Any, **more: Any) -> dict[str, Any]:
    return {"Effect": "Allow", "Action": actions, "Resource": resources, **more}


def test_wildcards_match_as_iam_matches_them_actions_ignoring_case():
    template = _template(_allow("DynamoDB:Get*", "arn:aws:dynamodb:us-east-1:123456789012:table/wakeful-*"))
    assert problems([call("api", "dynamodb:GetItem", table("agents"))], template, LOCAL) == []
    assert problems([call("api", "dynamodb:GetItem", table("agents").replace("wakeful-", "other-"))], template, LOCAL)
    assert problems([call("api", "dynamodb:PutItem", table("agents"))], template, LOCAL)


def test_a_deny_wins_over_an_allow_and_a_conditional_allow_grants_nothing():
    deny = {"Effect": "Deny", "Action": "dynamodb:*", "Resource": table("agents")}
    assert problems([call("api", "dynamodb:GetItem", table("agents"))], _template(_allow("dynamodb:*", "*"), deny), LOCAL)
    conditional = _allow("dynamodb:GetItem", "*", Condition={"Bool": {"aws:SecureTransport": "true"}})
    assert problems([call("api", "dynamodb:GetItem", table("agents"))], _template(conditional), LOCAL)


def test_intrinsic_functions_resolve_to_the_local_stacks_names():
    resources = {
        "Table": {"Type": "AWS::DynamoDB::Table", "Metadata": {"aws:cdk:path": "Wakeful/Data/AgentsTable/Resource"}},
        "Queue": {"Type": "AWS::SQS::Queue", "Metadata": {"aws:cdk:path": "Wakeful/Queues/RouteQueue/Resource"}},
    }
    index = {"Fn::Join": ["", [{"Fn::GetAtt": ["Table", "Arn"]}, "/index/by-owner"]]}
    prefix = {"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"}, ":lambda:", {"Ref": "AWS::Region"}, ":*:function:wakeful-tool-*"]]}
    template = _template(
        _allow("dynamodb:Query", index), _allow("sqs:SendMessage", {"Fn::GetAtt": ["Queue", "Arn"]}), _allow("lambda:InvokeFunction", prefix)
    )
    template["Resources"].update(resources)
    allowed = [
        call("api", "dynamodb:Query", table("agents", "by-owner")),
        call("api", "sqs:SendMessage", queue("route")),
        call("api", "lambda:InvokeFunction", "arn:aws:lambda:us-east-1:210987654321:function:wakeful-tool-x"),
    ]
    assert problems(allowed, template, LOCAL) == []
    assert problems([call("api", "dynamodb:Query", table("agents", "by-status"))], template, LOCAL)


def test_a_model_is_allowed_by_its_inference_profile_and_its_foundation_model():
    profile = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
    template = _template(
        _allow(
            ["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"],
            [f"arn:aws:bedrock:us-east-1:123456789012:inference-profile/{profile}", "arn:aws:bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0"],
        )
    )
    needed = requirements("bedrock", "ConverseStream", {"modelId": profile}, WHERE)
    assert [a for a, _ in needed] == ["bedrock:InvokeModelWithResponseStream"] * 2
    assert problems([call("api", a, r) for a, r in needed], template, LOCAL) == []
    other = requirements("bedrock", "Converse", {"modelId": "anthropic.claude-3-haiku-20240307-v1:0"}, WHERE)
    assert problems([call("api", a, r) for a, r in other], template, LOCAL)


# -- what a call needs ---------------------------------------------------------------------
def test_each_item_of_a_write_transaction_is_its_own_action_on_its_table():
    items = [
        {"Put": {"TableName": "wakeful-events", "Item": {}}},
        {"Update": {"TableName": "wakeful-agents", "Key": {}, "UpdateExpression": "SET a = :a"}},
        {"Delete": {"TableName": "wakeful-heartbeats", "Key": {}}},
        {"ConditionCheck": {"TableName": "wakeful-hooks", "Key": {}, "ConditionExpression": "attribute_exists(a)"}},
    ]
    assert requirements("dynamodb", "TransactWriteItems", {"TransactItems": items}, WHERE) == [
        ("dynamodb:PutItem", table("events")),
        ("dynamodb:UpdateItem", table("agents")),
        ("dynamodb:DeleteItem", table("heartbeats")),
        ("dynamodb:ConditionCheckItem", table("hooks")),
    ]
    gets = [{"Get": {"TableName": "wakeful-agents", "Key": {}}}]
    assert requirements("dynamodb", "TransactGetItems", {"TransactItems": gets}, WHERE) == [("dynamodb:GetItem", table("agents"))]


def test_a_batch_needs_its_action_on_each_table_and_a_query_on_an_index_the_index():
    batch = {"RequestItems": {"wakeful-agents": {}, "wakeful-events": {}}}
    assert requirements("dynamodb", "BatchWriteItem", batch, WHERE) == [
        ("dynamodb:BatchWriteItem", table("agents")),
        ("dynamodb:BatchWriteItem", table("events")),
    ]
    query = {"TableName": "wakeful-agents", "IndexName": "by-owner"}
    assert requirements("dynamodb", "Query", query, WHERE) == [("dynamodb:Query", table("agents", "by-owner"))]


def test_messages_keys_machines_functions_and_secrets_name_their_resources():
    url = LOCAL.queue_urls["route"]
    assert requirements("sqs", "SendMessageBatch", {"QueueUrl": url, "Entries": []}, WHERE) == [("sqs:SendMessage", queue("route"))]
    key = f"arn:aws:kms:us-east-1:123456789012:key/{WHERE.kms_key_id}"
    assert requirements("kms", "Decrypt", {"CiphertextBlob": b"x"}, WHERE) == [("kms:Decrypt", key)]  # the stack's one key
    assert requirements("kms", "Encrypt", {"KeyId": WHERE.kms_key_id, "Plaintext": b"x"}, WHERE) == [("kms:Encrypt", key)]
    assert requirements("states", "StartExecution", {"stateMachineArn": MACHINE}, WHERE) == [("states:StartExecution", MACHINE)]
    assert requirements("lambda", "Invoke", {"FunctionName": "wakeful-tool-x", "Qualifier": "live"}, WHERE) == [
        ("lambda:InvokeFunction", "arn:aws:lambda:us-east-1:123456789012:function:wakeful-tool-x:live")
    ]
    named = Where(anthropic_secret="wakeful-dev-anthropic")
    assert requirements("secretsmanager", "GetSecretValue", {"SecretId": "wakeful-dev-anthropic"}, named) == [
        ("secretsmanager:GetSecretValue", f"arn:aws:secretsmanager:us-east-1:123456789012:secret:{ANTHROPIC_SECRET}")
    ]
    assert requirements("ses", "SendEmail", {"Source": "Bot <bot@example.com>"}, WHERE) == [
        ("ses:SendEmail", "arn:aws:ses:us-east-1:123456789012:identity/bot@example.com")
    ]


# -- recording real calls ------------------------------------------------------------------
@pytest.fixture()
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, iam_audit.Recorder]]:
    """A DynamoDB client of moto's in-process mock, in an account nothing else uses, with
    a recorder of its own (the session's is paused: these calls are not the stack's).
    The worker may run a local stack on the same moto backends: the mock neither resets
    them when it starts nor wipes them when it stops."""
    import botocore.session
    from moto import mock_aws

    monkeypatch.setattr(iam_audit.RECORDER, "active", False)
    mock = mock_aws()
    mock.start(reset=False)
    try:
        client = botocore.session.get_session().create_client(
            "dynamodb", region_name="us-east-1", aws_access_key_id="testing", aws_secret_access_key="testing"
        )
        client.meta.events.register("before-sign.dynamodb", lambda request, **_: request.headers.__setitem__("x-moto-account-id", "210987654321"))
        for name in ("wakeful-agents", "wakeful-events"):
            client.create_table(
                TableName=name,
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "owner", "AttributeType": "S"}],
                GlobalSecondaryIndexes=[{"IndexName": "by-owner", "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
                BillingMode="PAY_PER_REQUEST",
            )
        recorder = iam_audit.Recorder(active=True)
        client.meta.events.register("before-parameter-build", recorder.record)
        yield client, recorder
    finally:
        mock.stop(remove_data=False)


def test_a_handlers_calls_are_recorded_as_its_function_and_others_are_not(recorded):
    client, recorder = recorded
    client.get_item(TableName="wakeful-agents", Key={"pk": {"S": "a"}})  # a test's own call
    with acting_as("api"):
        client.transact_write_items(
            TransactItems=[
                {"Put": {"TableName": "wakeful-events", "Item": {"pk": {"S": "e"}}}},
                {"Update": {"TableName": "wakeful-agents", "Key": {"pk": {"S": "a"}}, "UpdateExpression": "SET n = :n", "ExpressionAttributeValues": {":n": {"N": "1"}}}},
            ]
        )
        client.query(TableName="wakeful-agents", IndexName="by-owner", KeyConditionExpression="#o = :o", ExpressionAttributeNames={"#o": "owner"}, ExpressionAttributeValues={":o": {"S": "x"}})
    assert recorder.calls == {
        Call("api", "dynamodb:PutItem", table("events"), "dynamodb.TransactWriteItems"),
        Call("api", "dynamodb:UpdateItem", table("agents"), "dynamodb.TransactWriteItems"),
        Call("api", "dynamodb:Query", table("agents", "by-owner"), "dynamodb.Query"),
    }


# -- what the api writes, against the whole run's traces -----------------------------------
def test_the_api_writes_check_names_a_granted_table_no_test_wrote_and_a_written_one_not_granted():
    from infra.functions import specs

    granted = set(specs()["api"].writes)
    assert iam_audit.api_writes_problems(granted) == []
    assert iam_audit.api_writes_problems(granted - {"llm"}) == [
        "the api may write llm, but no test saw it write it (a path the suites miss belongs in API_WRITES_NOT_TRACED)"
    ]
    assert iam_audit.api_writes_problems(granted | {"stream_connections"}) == [
        "the api writes stream_connections, which infra/functions.py does not grant"
    ]


def test_the_api_writes_are_judged_only_after_both_whole_suites(pytestconfig):
    from pathlib import Path

    root = pytestconfig.rootpath
    every = [f"{p.relative_to(root)}::test_x" for suite in iam_audit.SUITES for p in sorted(Path(root, suite).glob("test_*.py"))]
    assert iam_audit.whole_suites(every, root)
    assert not iam_audit.whole_suites(every[1:], root)
    assert not iam_audit.whole_suites([n for n in every if n.startswith("tests/integration/")], root)


def test_written_tables_are_the_logical_tables_of_the_functions_item_writes():
    calls = [
        call("api", "dynamodb:PutItem", table("agents")),
        call("api", "dynamodb:UpdateItem", table("events")),
        call("api", "dynamodb:GetItem", table("tools")),
        call("api", "dynamodb:Query", table("threads", "by-status")),
        call("tool_runner", "dynamodb:DeleteItem", table("memories")),
    ]
    assert iam_audit.written_tables(calls, "api", LOCAL.tables) == {"agents", "events"}
