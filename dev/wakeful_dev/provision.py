"""Creating Wakeful's AWS resources in an emulator, from the same specs the CDK
stack uses (:mod:`wakeful.tables`, :mod:`wakeful.constants`)."""

from __future__ import annotations

import json
from collections.abc import MutableMapping
from typing import Any

from wakeful import aws, constants, limits
from wakeful.tables import TABLES, TableSpec


def _table_params(spec: TableSpec, name: str) -> dict[str, Any]:
    attrs = {spec.pk.name: spec.pk.type}
    key = [{"AttributeName": spec.pk.name, "KeyType": "HASH"}]
    if spec.sk:
        attrs[spec.sk.name] = spec.sk.type
        key.append({"AttributeName": spec.sk.name, "KeyType": "RANGE"})
    indexes = []
    for index in spec.indexes:
        attrs[index.pk.name] = index.pk.type
        index_key = [{"AttributeName": index.pk.name, "KeyType": "HASH"}]
        if index.sk:
            attrs[index.sk.name] = index.sk.type
            index_key.append({"AttributeName": index.sk.name, "KeyType": "RANGE"})
        if index.keys_only and index.include:
            projection = {"ProjectionType": "INCLUDE", "NonKeyAttributes": list(index.include)}
        elif index.keys_only:
            projection = {"ProjectionType": "KEYS_ONLY"}
        else:
            projection = {"ProjectionType": "ALL"}
        indexes.append({"IndexName": index.name, "KeySchema": index_key, "Projection": projection})
    params: dict[str, Any] = {
        "TableName": name,
        "KeySchema": key,
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": t} for n, t in attrs.items()],
        "BillingMode": "PAY_PER_REQUEST",
    }
    if indexes:
        params["GlobalSecondaryIndexes"] = indexes
    if spec.stream:
        params["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": spec.stream}
    return params


def create_tables(names: dict[str, str]) -> None:
    """Create every table (idempotent)."""
    ddb = aws.client("dynamodb")
    existing = set(ddb.list_tables().get("TableNames", []))
    for logical, spec in TABLES.items():
        name = names[logical]
        if name in existing:
            continue
        ddb.create_table(**_table_params(spec, name))
        if spec.ttl:
            ddb.update_time_to_live(TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": spec.ttl})


def create_queues(prefix: str, visibility_timeout: int) -> dict[str, str]:
    """Create the work queues, each with a DLQ after ``QUEUE_MAX_RECEIVES`` receives.
    Returns logical name -> URL (including ``ingest_dlq``)."""
    sqs = aws.client("sqs")
    urls: dict[str, str] = {}
    for logical in constants.QUEUE_FUNCTIONS:
        fifo = logical in constants.FIFO_QUEUES
        suffix = ".fifo" if fifo else ""
        # The message size every queue of the stack states, as the senders assume.
        common = {"MaximumMessageSize": str(limits.SQS_MESSAGE_BYTES), **({"FifoQueue": "true"} if fifo else {})}
        dlq_url = sqs.create_queue(QueueName=f"{prefix}-{logical}-dlq{suffix}", Attributes=common)["QueueUrl"]
        dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        attrs = {
            **common,
            "VisibilityTimeout": str(visibility_timeout),
            "RedrivePolicy": json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": constants.QUEUE_MAX_RECEIVES}),
        }
        urls[logical] = sqs.create_queue(QueueName=f"{prefix}-{logical}{suffix}", Attributes=attrs)["QueueUrl"]
        urls[f"{logical}_dlq"] = dlq_url
    return urls


def create_kms_key() -> str:
    """A symmetric KMS key for sealing secrets."""
    return aws.client("kms").create_key(Description="wakeful secrets (dev)")["KeyMetadata"]["KeyId"]


def anthropic_key_to_secret(environ: MutableMapping[str, str]) -> str | None:
    """Put ``ANTHROPIC_API_KEY`` where the key lives on AWS: a secret, named in
    ``WAKEFUL_ANTHROPIC_SECRET`` for the functions to read. Nothing without a key, or
    when a secret is named already. Returns the secret's name, if one was made."""
    key = environ.get("ANTHROPIC_API_KEY")
    if not key or environ.get(constants.ENV_ANTHROPIC_SECRET):
        return None
    environ[constants.ENV_ANTHROPIC_SECRET] = create_anthropic_secret(key)
    return environ[constants.ENV_ANTHROPIC_SECRET]


def create_anthropic_secret(api_key: str, name: str = constants.DEV_ANTHROPIC_SECRET_NAME) -> str:
    """The Anthropic key as a Secrets Manager secret (as on AWS); returns its name.
    Created, or given a new value when it exists (a restarted emulator keeps nothing,
    a reused one keeps its secrets)."""
    secrets = aws.client("secretsmanager")
    try:
        secrets.create_secret(Name=name, SecretString=api_key, Description="Anthropic API key (wakeful dev)")
    except secrets.exceptions.ResourceExistsException:
        secrets.put_secret_value(SecretId=name, SecretString=api_key)
    return name


def create_bucket(name: str) -> str:
    """An S3 bucket (idempotent: a reused emulator keeps its buckets)."""
    s3 = aws.client("s3")
    try:
        s3.create_bucket(Bucket=name)
    except s3.exceptions.BucketAlreadyOwnedByYou:
        pass
    return name
