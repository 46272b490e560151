"""DynamoDB tables, built from :data:`wakeful.tables.TABLES` (the one data model that
``wakeful dev`` also provisions in moto), and the KMS key that seals secrets."""

from __future__ import annotations

from collections.abc import Mapping

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_kms as kms
from constructs import Construct

from infra.names import camel
from wakeful.tables import TABLES, Attr, Index

_TYPES = {"S": dynamodb.AttributeType.STRING, "N": dynamodb.AttributeType.NUMBER}


def _attribute(attr: Attr) -> dynamodb.Attribute:
    return dynamodb.Attribute(name=attr.name, type=_TYPES[attr.type])


def _projection(index: Index) -> tuple[dynamodb.ProjectionType, list[str] | None]:
    # Same rule as wakeful_dev.provision: keys_only + include = INCLUDE.
    if index.keys_only and index.include:
        return dynamodb.ProjectionType.INCLUDE, list(index.include)
    if index.keys_only:
        return dynamodb.ProjectionType.KEYS_ONLY, None
    return dynamodb.ProjectionType.ALL, None


class Data(Construct):
    """Every table (on demand, point-in-time recovery, encrypted, TTL where data
    expires) and the secrets key. ``streams`` gives tables a stream their spec does not
    (table -> view type: the retained tables' streams of old images, which the archive
    reads; ``wakeful dev`` plays those streams itself)."""

    def __init__(
        self, scope: Construct, construct_id: str, *, removal_policy: RemovalPolicy, streams: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(scope, construct_id)
        retain = removal_policy == RemovalPolicy.RETAIN
        self.tables: dict[str, dynamodb.Table] = {}
        for name, spec in TABLES.items():
            view = spec.stream or (streams or {}).get(name)
            if spec.stream and streams and streams.get(name, spec.stream) != spec.stream:
                raise ValueError(f"table {name} has a {spec.stream} stream already: it cannot also have {streams[name]}")
            table = dynamodb.Table(
                self,
                f"{camel(name)}Table",
                partition_key=_attribute(spec.pk),
                sort_key=_attribute(spec.sk) if spec.sk else None,
                billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
                point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                    point_in_time_recovery_enabled=True
                ),
                # AWS-managed KMS key: encrypted at rest with a key whose use CloudTrail
                # records, without a per-table key policy to maintain.
                encryption=dynamodb.TableEncryption.AWS_MANAGED,
                time_to_live_attribute=spec.ttl,
                stream=dynamodb.StreamViewType[view] if view else None,
                deletion_protection=retain,
                removal_policy=removal_policy,
            )
            for index in spec.indexes:
                projection, include = _projection(index)
                table.add_global_secondary_index(
                    index_name=index.name,
                    partition_key=_attribute(index.pk),
                    sort_key=_attribute(index.sk) if index.sk else None,
                    projection_type=projection,
                    non_key_attributes=include,
                )
            self.tables[name] = table

        # Tool, hook and webhook secrets are sealed with this key (wakeful.secrets);
        # the encryption context binds each ciphertext to its owner's record.
        self.secrets_key = kms.Key(
            self,
            "SecretsKey",
            description="Wakeful: seals tool, hook and webhook secrets",
            enable_key_rotation=True,
            pending_window=Duration.days(30),
            removal_policy=removal_policy,
        )
