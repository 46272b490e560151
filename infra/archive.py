"""The archive on AWS: what DynamoDB's TTL deletes from the retained tables, in S3.

- Each retained table (:data:`wakeful.retention.TABLES`) has a stream of old images
  (:class:`infra.data.Data`, ``streams``).
- One event source mapping per table invokes the ``archiver`` function with the
  stream's records that DynamoDB's TTL made for the rows retention expires (the filter
  is :func:`wakeful.archive.records.stream_filter`, the rule the archiver applies
  itself), from the stream's oldest record, up to 1,000 at a time after up to five
  minutes of batching (fewer, larger objects). A failed batch is retried whole and in
  order, without limit, until the stream drops its records (24 hours): no bisection, so
  every retry writes the same objects. A batch the stream dropped is named in the
  archive DLQ (its alarm), and the archiver's iterator age alarms long before.
- The bucket: encrypted with S3's AWS-managed KMS key (a bucket key keeps KMS requests
  few), public access blocked, TLS only, owner-enforced, versioned (an object written
  again keeps its earlier version 30 days); its objects move to the cold storage class
  (``wakeful:archiveStorageClass``, Glacier Instant Retrieval by default) after
  ``wakeful:archiveColdDays``. It is retained on ``cdk destroy`` whatever the removal
  policy: it holds what the tables no longer do (docs/deploy.md, "Tear down").
- The archiver may put objects under each retained table's prefix, and do nothing else
  in S3: not read, list or delete.
"""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy, Stack
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_sns as sns
from constructs import Construct

from infra.messaging import queue
from infra.settings import DeploySettings
from wakeful import constants, retention
from wakeful.archive import records

_STORAGE_CLASSES = {
    "GLACIER_IR": s3.StorageClass.GLACIER_INSTANT_RETRIEVAL,
    "GLACIER": s3.StorageClass.GLACIER,
    "DEEP_ARCHIVE": s3.StorageClass.DEEP_ARCHIVE,
}
#: How long an overwritten object's earlier version is kept.
NONCURRENT_DAYS = 30
#: The stream keeps a record 24 hours: the iterator age alarm goes off with hours to spare.
ITERATOR_AGE_ALARM_HOURS = 6

#: The retained tables' stream view (:class:`infra.data.Data` enables it).
STREAMS = {table: records.STREAM_VIEW for table in retention.TABLES}


class Archive(Construct):
    """The archive bucket, the archiver's triggers and grants, its DLQ."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        settings: DeploySettings,
        tables: dict[str, dynamodb.Table],
        archiver: lambda_.Function,
    ) -> None:
        super().__init__(scope, construct_id)
        self.archiver = archiver
        self.bucket = s3.Bucket(
            self,
            "Bucket",
            encryption=s3.BucketEncryption.KMS_MANAGED,
            bucket_key_enabled=True,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
            enforce_ssl=True,
            versioned=True,
            lifecycle_rules=[
                s3.LifecycleRule(
                    id="ColdStorage",
                    transitions=[
                        s3.Transition(
                            storage_class=_STORAGE_CLASSES[settings.archive_storage_class],
                            transition_after=Duration.days(settings.archive_cold_days),
                        )
                    ],
                ),
                s3.LifecycleRule(id="EarlierVersions", noncurrent_version_expiration=Duration.days(NONCURRENT_DAYS)),
                s3.LifecycleRule(id="IncompleteUploads", abort_incomplete_multipart_upload_after=Duration.days(7)),
            ],
            removal_policy=RemovalPolicy.RETAIN,
        )
        archiver.add_environment(constants.ENV_ARCHIVE_BUCKET, self.bucket.bucket_name)
        archiver.add_to_role_policy(
            iam.PolicyStatement(
                actions=["s3:PutObject"],
                resources=[self.bucket.arn_for_objects(f"{table}/*") for table in retention.TABLES],
            )
        )

        # A batch the stream dropped before it could be written: its shard and sequence
        # numbers (the records themselves are gone), for the operator.
        self.dlq = queue(self, "Dlq", retention_period=Duration.days(14))
        self.sources: dict[str, sources.DynamoEventSource] = {}
        for table in retention.TABLES:
            source = sources.DynamoEventSource(
                tables[table],
                starting_position=lambda_.StartingPosition.TRIM_HORIZON,
                batch_size=records.BATCH_SIZE,
                max_batching_window=Duration.seconds(records.BATCH_WINDOW_SECONDS),
                bisect_batch_on_error=False,
                on_failure=sources.SqsDlq(self.dlq),
                filters=[lambda_.FilterCriteria.filter(records.stream_filter(table))],
            )
            archiver.add_event_source(source)
            self.sources[table] = source

    def alarm_to(self, topic: sns.ITopic) -> cw.Alarm:
        """The archiver's iterator age alarm (records waiting hours in a stream that keeps
        them 24), to the alarm topic."""
        prefix = Stack.of(self).stack_name
        alarm = cw.Alarm(
            self,
            "IteratorAge",
            alarm_name=f"{prefix}-ArchiveIteratorAge",
            alarm_description=(
                f"Expired records wait more than {ITERATOR_AGE_ALARM_HOURS} hours to be archived; the streams drop them "
                "after 24: see docs/operations.md, 'Retention and the archive'."
            ),
            metric=self.archiver.metric("IteratorAge", period=Duration.minutes(5), statistic="Maximum"),
            threshold=ITERATOR_AGE_ALARM_HOURS * 3600 * 1000,
            evaluation_periods=1,
            comparison_operator=cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
        )
        alarm.add_alarm_action(cw_actions.SnsAction(topic))
        return alarm
