"""The archive in the synthesized stack: the retained tables' streams, the archiver's
triggers (TTL deletions only, retried whole), its grants (put objects under the
retained tables' prefixes, read those streams, nothing else), and a private, encrypted,
versioned bucket that moves to cold storage and outlives the stack."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.infra.test_stack import _as_list, _functions, _role_policies, _table_ids
from wakeful import retention
from wakeful.archive.records import BATCH_SIZE, BATCH_WINDOW_SECONDS, stream_filter
from wakeful.tables import TABLES

pytestmark = pytest.mark.infra


def _bucket(synth: Any) -> tuple[str, dict[str, Any]]:
    ((logical, bucket),) = synth.resources("AWS::S3::Bucket").items()
    return logical, bucket


def _settings(**context):
    from aws_cdk import App

    from infra.settings import DeploySettings

    return DeploySettings.from_context(App(context={f"wakeful:{k}": v for k, v in context.items()}))


def _archiver_statements(synth: Any) -> list[dict[str, Any]]:
    role = _functions(synth)["archiver"]["Properties"]["Role"]["Fn::GetAtt"][0]
    return [
        statement
        for policy in _role_policies(synth).values()
        if {"Ref": role} in policy["Properties"]["Roles"]
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]
    ]


def test_the_archive_bucket_is_encrypted_private_tls_only_versioned_and_outlives_the_stack(synth):
    logical, bucket = _bucket(synth)
    props = bucket["Properties"]
    (rule,) = props["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert rule["ServerSideEncryptionByDefault"]["SSEAlgorithm"] == "aws:kms" and rule["BucketKeyEnabled"] is True
    assert all(props["PublicAccessBlockConfiguration"].values()) and len(props["PublicAccessBlockConfiguration"]) == 4
    assert props["VersioningConfiguration"] == {"Status": "Enabled"}
    assert (bucket["DeletionPolicy"], bucket["UpdateReplacePolicy"]) == ("Retain", "Retain")
    (policy,) = synth.resources("AWS::S3::BucketPolicy").values()
    assert policy["Properties"]["Bucket"] == {"Ref": logical}
    (deny,) = policy["Properties"]["PolicyDocument"]["Statement"]
    assert (deny["Effect"], deny["Condition"]) == ("Deny", {"Bool": {"aws:SecureTransport": "false"}})


def test_archive_objects_move_to_the_cold_storage_class_after_the_days_the_deploy_settings_give(synth, every_option):
    for deployment, storage_class, days in ((synth, "GLACIER_IR", 30), (every_option, "DEEP_ARCHIVE", 120)):
        rules = {r["Id"]: r for r in _bucket(deployment)[1]["Properties"]["LifecycleConfiguration"]["Rules"]}
        assert rules["ColdStorage"]["Transitions"] == [{"StorageClass": storage_class, "TransitionInDays": days}]
        assert rules["EarlierVersions"]["NoncurrentVersionExpiration"] == {"NoncurrentDays": 30}
        assert rules["IncompleteUploads"]["AbortIncompleteMultipartUpload"] == {"DaysAfterInitiation": 7}


def test_each_retained_table_streams_its_old_images_and_the_other_tables_keep_their_own(synth):
    ids = _table_ids(synth)
    tables = synth.resources("AWS::DynamoDB::Table")
    for name, spec in TABLES.items():
        stream = tables[ids[name]]["Properties"].get("StreamSpecification")
        expected = "OLD_IMAGE" if name in retention.TABLES else spec.stream
        assert (stream or {}).get("StreamViewType") == expected, name


def test_the_archiver_gets_each_retained_tables_ttl_deletions_oldest_first_retried_whole_until_the_stream_drops_them(synth):
    ids = _table_ids(synth)
    archiver = _functions(synth)["archiver"]["id"]
    mappings = {
        m["Properties"]["EventSourceArn"]["Fn::GetAtt"][0]: m["Properties"]
        for m in synth.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["FunctionName"] == {"Ref": archiver}
    }
    assert set(mappings) == {ids[t] for t in retention.TABLES}
    (dlq,) = [k for k in synth.resources("AWS::SQS::Queue") if synth.path_of(k).startswith("Wakeful/Archive/")]
    for table in retention.TABLES:
        props = mappings[ids[table]]
        assert [json.loads(f["Pattern"]) for f in props["FilterCriteria"]["Filters"]] == [stream_filter(table)], table
        assert props["StartingPosition"] == "TRIM_HORIZON"
        assert (props["BatchSize"], props["MaximumBatchingWindowInSeconds"]) == (BATCH_SIZE, BATCH_WINDOW_SECONDS)
        assert props["BisectBatchOnFunctionError"] is False  # a retry is the same batch: the same objects
        assert props.get("MaximumRetryAttempts", -1) == -1 and props.get("MaximumRecordAgeInSeconds", -1) == -1
        assert props["DestinationConfig"]["OnFailure"]["Destination"] == {"Fn::GetAtt": [dlq, "Arn"]}


def test_the_archiver_may_put_objects_under_the_retained_prefixes_and_read_their_streams_and_nothing_else(synth):
    bucket = _bucket(synth)[0]
    statements = _archiver_statements(synth)
    s3 = [s for s in statements if any(a.startswith("s3:") for a in _as_list(s["Action"]))]
    assert [_as_list(s["Action"]) for s in s3] == [["s3:PutObject"]]
    assert _as_list(s3[0]["Resource"]) == [{"Fn::Join": ["", [{"Fn::GetAtt": [bucket, "Arn"]}, f"/{t}/*"]]} for t in retention.TABLES]
    dynamodb = {a for s in statements for a in _as_list(s["Action"]) if a.startswith("dynamodb:")}
    assert dynamodb == {"dynamodb:ListStreams", "dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"}
    for statement in statements:
        if "dynamodb:GetRecords" in _as_list(statement["Action"]):
            assert all(r["Fn::GetAtt"][1] == "StreamArn" for r in _as_list(statement["Resource"]))


def test_the_archiver_is_named_its_bucket_and_the_stack_outputs_it(synth):
    bucket = _bucket(synth)[0]
    variables = _functions(synth)["archiver"]["Properties"]["Environment"]["Variables"]
    assert variables["WAKEFUL_ARCHIVE_BUCKET"] == {"Ref": bucket}
    assert synth.template["Outputs"]["ArchiveBucketName"]["Value"] == {"Ref": bucket}


def test_the_archive_alarms_on_a_dropped_batch_and_on_records_waiting_hours_in_the_streams(synth):
    alarms = {a["Properties"]["AlarmName"].split("-", 1)[1]: a["Properties"] for a in synth.resources("AWS::CloudWatch::Alarm").values()}
    age = alarms["ArchiveIteratorAge"]
    assert (age["MetricName"], age["Statistic"], age["Threshold"]) == ("IteratorAge", "Maximum", 6 * 3600 * 1000)
    assert {"ArchiveDlqNotEmpty", "ArchiverErrors"} <= set(alarms)


def test_retention_and_the_archive_come_from_context():
    settings = _settings(retentionDays="90", archiveColdDays=0, archiveStorageClass="glacier")
    assert (settings.retention_days, settings.archive_cold_days, settings.archive_storage_class) == (90, 0, "GLACIER")
    assert (_settings().retention_days, _settings().archive_storage_class) == (0, "GLACIER_IR")


@pytest.mark.parametrize(
    "context", [{"retentionDays": "-1"}, {"retentionDays": "1.5"}, {"archiveColdDays": "-3"}, {"archiveStorageClass": "STANDARD"}]
)
def test_a_bad_retention_or_archive_setting_is_refused_at_synth(context):
    with pytest.raises(ValueError):
        _settings(**context)
