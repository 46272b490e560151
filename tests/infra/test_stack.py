"""The synthesized CloudFormation template has the shape issues 2 and 6 ask for,
and agrees with the single sources of truth in the ``wakeful`` package."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from infra.functions import specs
from infra.settings import DeploySettings
from wakeful import assembly, constants, observability
from wakeful.tables import TABLES

pytestmark = pytest.mark.infra

# The infra modules that import aws_cdk are imported inside the tests that need them:
# every test worker collects every file, and importing aws_cdk costs seconds of CPU.

ROOT = Path(__file__).resolve().parents[2]


# -- helpers ---------------------------------------------------------------------------
def _join(value: Any) -> str:
    """A Fn::Join of strings and tokens as one string (tokens become TOKEN)."""
    if isinstance(value, str):
        return value
    parts = value["Fn::Join"][1]
    return "".join(p if isinstance(p, str) else "TOKEN" for p in parts)


def _functions(synth) -> dict[str, dict[str, Any]]:
    """Function name (``wakeful.constants.FUNCTIONS``) -> its resource."""
    by_path = {}
    for logical_id, resource in synth.resources("AWS::Lambda::Function").items():
        match = re.fullmatch(r"Wakeful/Functions/([A-Za-z]+)/Resource", synth.path_of(logical_id))
        if match:
            by_path[match.group(1)] = (logical_id, resource)
    camel = {"".join(p.capitalize() for p in n.split("_")): n for n in constants.FUNCTIONS}
    return {camel[c]: {"id": lid, **res} for c, (lid, res) in by_path.items() if c in camel}


def _by_path(synth, kind: str, paths: dict[str, str]) -> dict[str, str]:
    """Name -> template logical id of the resources of ``kind`` at ``paths`` (name ->
    construct path, without the trailing ``/Resource``)."""
    found = {synth.path_of(logical_id): logical_id for logical_id in synth.resources(kind)}
    return {name: found[f"{path}/Resource"] for name, path in paths.items() if f"{path}/Resource" in found}


def _table_ids(synth) -> dict[str, str]:
    """Logical table -> template logical id (infra/data.py names the constructs)."""
    return _by_path(synth, "AWS::DynamoDB::Table", {n: f"Wakeful/Data/{_camel(n)}Table" for n in TABLES})


def _queue_ids(synth) -> dict[str, str]:
    """Logical queue (``wakeful.constants.QUEUE_ENV``) -> template logical id
    (infra/messaging.py names the constructs: a work queue and its DLQ)."""
    paths = {
        n: f"Wakeful/Queues/{_camel(n[: -len('_dlq')])}Dlq" if n.endswith("_dlq") else f"Wakeful/Queues/{_camel(n)}Queue"
        for n in constants.QUEUE_ENV
    }
    return _by_path(synth, "AWS::SQS::Queue", paths)


def _camel(snake: str) -> str:
    return "".join(part.capitalize() for part in snake.split("_"))


def _statements(synth, *, identity_only: bool = False) -> list[dict[str, Any]]:
    """Every policy statement in the template (identity and resource policies)."""
    found: list[dict[str, Any]] = []
    for resource in synth.template["Resources"].values():
        props = resource.get("Properties", {})
        kind = resource["Type"]
        documents = []
        if kind in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"):
            documents.append(props["PolicyDocument"])
        elif kind == "AWS::IAM::Role":
            documents.extend(p["PolicyDocument"] for p in props.get("Policies", []))
        elif not identity_only and kind in ("AWS::SQS::QueuePolicy", "AWS::SNS::TopicPolicy"):
            documents.append(props["PolicyDocument"])
        elif not identity_only and kind == "AWS::KMS::Key":
            documents.append(props["KeyPolicy"])
        for document in documents:
            found.extend(document["Statement"])
    return found


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _role_policies(synth) -> dict[str, dict[str, Any]]:
    """Every policy attached to roles: a role's inline policy, and the managed "overflow"
    policies CDK adds to a role whose statements outgrow one inline policy."""
    found = dict(synth.resources("AWS::IAM::Policy"))
    found.update({k: v for k, v in synth.resources("AWS::IAM::ManagedPolicy").items() if v["Properties"].get("Roles")})
    return found


# -- the whole stack -------------------------------------------------------------------
def test_stack_has_a_function_for_every_name_in_FUNCTIONS(synth):
    from infra.compute import FUNCTIONS_DIR

    missing = [n for n in constants.FUNCTIONS if not (FUNCTIONS_DIR / n / "handler.py").is_file()]
    assert not missing, f"function folders missing: {missing}"
    assert sorted(_functions(synth)) == sorted(constants.FUNCTIONS)


def test_every_function_has_a_spec_and_every_table_is_used(synth):
    function_specs = specs()
    assert set(constants.FUNCTIONS) <= set(function_specs)
    used = {t for name in constants.FUNCTIONS for t in function_specs[name].tables()}
    assert set(TABLES) - used == set(), "tables no function can reach"


def test_cdk_nag_reports_no_unsuppressed_findings(synth):
    assert synth.findings == []


def test_cfn_lint_reports_no_errors(synth):
    errors = [str(m) for m in synth.cfn_lint() if m.rule.id.startswith("E")]
    assert errors == []


def test_the_layer_was_bundled_locally_without_downloading(synth):
    from infra.layers import NO_DEPS_MARKER

    markers = list(synth.outdir.glob(f"asset.*/python/{NO_DEPS_MARKER}"))
    assert len(markers) == 1
    package = markers[0].parent / "wakeful"
    assert (package / "__init__.py").is_file() and (package / "tables.py").is_file()


def test_outputs_include_the_api_url_ingest_queue_and_api_keys_table(synth):
    from infra.stack import OUTPUT_API_KEYS_TABLE

    outputs = synth.template["Outputs"]
    for key in (constants.OUTPUT_API_URL, constants.OUTPUT_INGEST_QUEUE_URL, OUTPUT_API_KEYS_TABLE):
        assert key in outputs
    assert outputs[OUTPUT_API_KEYS_TABLE]["Value"] == {"Ref": _table_ids(synth)["api_keys"]}


# -- tables ----------------------------------------------------------------------------
def test_tables_match_the_data_model(synth):
    ids = _table_ids(synth)
    tables = synth.resources("AWS::DynamoDB::Table")
    assert len(tables) == len(TABLES)
    for name, spec in TABLES.items():
        props = tables[ids[name]]["Properties"]
        keys = [(k["AttributeName"], k["KeyType"]) for k in props["KeySchema"]]
        assert keys == [(spec.pk.name, "HASH")] + ([(spec.sk.name, "RANGE")] if spec.sk else []), name
        types = {a["AttributeName"]: a["AttributeType"] for a in props["AttributeDefinitions"]}
        for attr in [spec.pk, spec.sk, *[a for i in spec.indexes for a in (i.pk, i.sk)]]:
            if attr is not None:
                assert types[attr.name] == attr.type, (name, attr.name)
        indexes = {i["IndexName"]: i for i in props.get("GlobalSecondaryIndexes", [])}
        assert set(indexes) == {i.name for i in spec.indexes}, name
        for index in spec.indexes:
            gsi = indexes[index.name]
            gsi_keys = [(k["AttributeName"], k["KeyType"]) for k in gsi["KeySchema"]]
            assert gsi_keys == [(index.pk.name, "HASH")] + ([(index.sk.name, "RANGE")] if index.sk else [])
            projection = gsi["Projection"]
            if index.keys_only and index.include:
                assert projection["ProjectionType"] == "INCLUDE"
                assert sorted(projection["NonKeyAttributes"]) == sorted(index.include)
            else:
                assert projection["ProjectionType"] == ("KEYS_ONLY" if index.keys_only else "ALL")
        ttl = props.get("TimeToLiveSpecification")
        assert (ttl["AttributeName"] if ttl and ttl["Enabled"] else None) == spec.ttl, name
        assert props["BillingMode"] == "PAY_PER_REQUEST"
        assert props["SSESpecification"]["SSEEnabled"] is True


def test_every_table_has_point_in_time_recovery(synth):
    for logical_id, table in synth.resources("AWS::DynamoDB::Table").items():
        spec = table["Properties"]["PointInTimeRecoverySpecification"]
        assert spec["PointInTimeRecoveryEnabled"] is True, logical_id


# -- queues ----------------------------------------------------------------------------
def test_every_work_queue_has_a_dlq_and_a_visibility_of_six_consumer_timeouts(synth):
    from infra.messaging import VISIBILITY_FACTOR, work_queues

    functions = _functions(synth)
    queues = synth.resources("AWS::SQS::Queue")
    mappings = {
        k: m
        for k, m in synth.resources("AWS::Lambda::EventSourceMapping").items()
        if m["Properties"]["EventSourceArn"].get("Fn::GetAtt", [None])[0] in queues
    }  # SQS sources only (the stream fan-out reads a DynamoDB stream)
    ids = _queue_ids(synth)
    assert set(ids) == set(constants.QUEUE_ENV)
    assert len(mappings) == len(work_queues())
    for logical, consumer in work_queues().items():
        queue_id = ids[logical]
        props = queues[queue_id]["Properties"]
        redrive = props["RedrivePolicy"]
        assert redrive["maxReceiveCount"] == constants.QUEUE_MAX_RECEIVES
        dlq_id = redrive["deadLetterTargetArn"]["Fn::GetAtt"][0]
        assert dlq_id in queues and "RedrivePolicy" not in queues[dlq_id]["Properties"]
        timeout = functions[consumer]["Properties"]["Timeout"]
        assert props["VisibilityTimeout"] >= VISIBILITY_FACTOR * timeout, logical
        assert props.get("FifoQueue", False) == (logical in constants.FIFO_QUEUES), logical
        # The consumer reads it with partial batch failures.
        mapping = next(m for m in mappings.values() if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [queue_id, "Arn"]})
        assert mapping["Properties"]["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    for name in constants.QUEUE_ENV:
        if name.endswith("_dlq"):
            dlq_ref = ids[name]
            source = ids[name[: -len("_dlq")]]
            assert queues[source]["Properties"]["RedrivePolicy"]["deadLetterTargetArn"] == {"Fn::GetAtt": [dlq_ref, "Arn"]}


def test_tool_runner_concurrency_is_capped_and_uses_snapstart(synth):
    tool_runner = _functions(synth)["tool_runner"]
    assert tool_runner["Properties"]["SnapStart"] == {"ApplyOn": "PublishedVersions"}
    aliases = synth.resources("AWS::Lambda::Alias")
    (alias_id,) = [a for a, r in aliases.items() if r["Properties"]["FunctionName"] == {"Ref": tool_runner["id"]}]
    (mapping,) = [
        m for m in synth.resources("AWS::Lambda::EventSourceMapping").values()
        if alias_id in json.dumps(m["Properties"]["FunctionName"])
    ]  # fmt: skip
    assert mapping["Properties"]["FunctionName"]["Fn::Join"][1][1] == ":live"  # the alias, not $LATEST
    assert 2 <= mapping["Properties"]["ScalingConfig"]["MaximumConcurrency"] <= 50
    assert mapping["Properties"]["BatchSize"] == 1


def test_thread_steps_and_routing_run_from_fifo_queues_with_dlqs(synth):
    functions = _functions(synth)
    queues = synth.resources("AWS::SQS::Queue")
    mappings = synth.resources("AWS::Lambda::EventSourceMapping").values()
    for logical, consumer in (("thread", "thread_runner"), ("route", "thread_router")):
        queue_id = _queue_ids(synth)[logical]
        props = queues[queue_id]["Properties"]
        assert props["FifoQueue"] is True and props["FifoThroughputLimit"] == "perMessageGroupId", logical
        dlq_id = props["RedrivePolicy"]["deadLetterTargetArn"]["Fn::GetAtt"][0]
        assert queues[dlq_id]["Properties"]["FifoQueue"] is True
        (mapping,) = [m for m in mappings if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [queue_id, "Arn"]}]
        assert functions[consumer]["id"] in json.dumps(mapping["Properties"]["FunctionName"]), logical
    (runner_mapping,) = [m for m in mappings if functions["thread_runner"]["id"] in json.dumps(m["Properties"]["FunctionName"])]
    assert runner_mapping["Properties"]["BatchSize"] == 1  # one step per invocation
    threads = next(t for t in synth.resources("AWS::DynamoDB::Table").values() if any(i["IndexName"] == "thread-due" for i in t["Properties"].get("GlobalSecondaryIndexes", [])))
    assert {i["IndexName"] for i in threads["Properties"]["GlobalSecondaryIndexes"]} == {"thread-due", "waiting", "by-status"}


# -- functions -------------------------------------------------------------------------
def test_every_function_has_log_retention_active_tracing_and_the_runtime(synth):
    log_groups = synth.resources("AWS::Logs::LogGroup")
    for name, function in _functions(synth).items():
        props = function["Properties"]
        assert props["TracingConfig"] == {"Mode": "Active"}, name
        log_group = props["LoggingConfig"]["LogGroup"]["Ref"]
        assert log_groups[log_group]["Properties"]["RetentionInDays"] > 0, name
        major, minor = map(int, re.fullmatch(r"python(\d+)\.(\d+)", props["Runtime"]).groups())
        assert (major, minor) >= (3, 12), name
        assert props["Architectures"] == ["arm64"], name
        assert props["Handler"] == "handler.handler", name
        assert props["MemorySize"] == specs()[name].memory_mb and props["Timeout"] == specs()[name].timeout_seconds
        assert len(props["Layers"]) == 1, name


def test_every_function_gets_its_names_and_the_powertools_settings(synth):
    # Which tables, queues and settings: tests/infra/test_function_environment.py.
    for name, function in _functions(synth).items():
        env = function["Properties"]["Environment"]["Variables"]
        assert {constants.ENV_TABLES, constants.ENV_TABLE_PREFIX} <= set(env), name
        assert env["POWERTOOLS_SERVICE_NAME"] == constants.SERVICE_NAME
        assert env["POWERTOOLS_METRICS_NAMESPACE"] == constants.METRICS_NAMESPACE == "Wakeful"
        if specs()[name].starts_hooks:
            assert constants.ENV_HOOK_STATE_MACHINE_ARN in env, name


def test_schedule_runs_the_scan_function_every_minute(synth):
    # One schedule per group of shards (wakeful:scanGroups), each as the single one was.
    schedules = list(synth.resources("AWS::Scheduler::Schedule").values())
    assert len(schedules) == DeploySettings().scan_groups
    scan_id = _functions(synth)["heartbeat_scan"]["id"]
    for schedule in schedules:
        props = schedule["Properties"]
        assert props["ScheduleExpression"] == "rate(1 minute)"
        assert props["State"] == "ENABLED"
        assert props["Target"]["Arn"] == {"Fn::GetAtt": [scan_id, "Arn"]}
        assert props["Target"]["DeadLetterConfig"]["Arn"]
        assert "<aws.scheduler.scheduled-time>" in props["Target"]["Input"]


def test_the_scan_schedules_split_every_shard_among_them_once_and_every_function_of_a_sharded_table_knows_the_shards(synth):
    settings = DeploySettings()
    groups = [json.loads(s["Properties"]["Target"]["Input"])["shards"] for s in synth.resources("AWS::Scheduler::Schedule").values()]
    assert sorted(shard for group in groups for shard in group) == list(range(settings.due_shards))
    assert all(groups)
    # Each function reaching the items of a table with a sharded index; the others (the
    # archiver reads only streams) are not given it.
    sharded = {n for n, t in TABLES.items() if any(i.pk.name.endswith("_shard") for i in t.indexes)}
    knowing = {n for n, s in specs().items() if sharded & set(s.item_tables())}
    assert {"heartbeat_scan", "api", "orchestrator", "thread_runner"} <= knowing
    for name in knowing:
        assert _functions(synth)[name]["Properties"]["Environment"]["Variables"][constants.ENV_DUE_SHARDS] == str(settings.due_shards), name


# -- API -------------------------------------------------------------------------------
def test_api_routes_webhooks_to_their_function_and_the_rest_to_the_api(synth):
    resources = synth.resources("AWS::ApiGateway::Resource")
    methods = synth.resources("AWS::ApiGateway::Method")
    functions = _functions(synth)
    by_part = {r["Properties"]["PathPart"]: (lid, r) for lid, r in resources.items()}
    webhooks_id, _ = by_part["webhooks"]
    webhook_id, webhook = by_part["{webhook_id}"]
    assert webhook["Properties"]["ParentId"] == {"Ref": webhooks_id}
    (post,) = [m for m in methods.values() if m["Properties"]["ResourceId"] == {"Ref": webhook_id}]
    assert post["Properties"]["HttpMethod"] == "POST"
    assert post["Properties"]["AuthorizationType"] == "NONE"  # HMAC-signed, checked by the function
    uri = json.dumps(post["Properties"]["Integration"]["Uri"])
    assert functions["webhook_ingest"]["id"] in uri
    proxy_id, _ = by_part["{proxy+}"]
    (proxy,) = [m for m in methods.values() if m["Properties"]["ResourceId"] == {"Ref": proxy_id}]
    assert proxy["Properties"]["HttpMethod"] == "ANY"
    assert functions["api"]["id"] in json.dumps(proxy["Properties"]["Integration"]["Uri"])


def test_api_routes_mcp_to_the_api_function_which_checks_the_key_itself(synth):
    resources = synth.resources("AWS::ApiGateway::Resource")
    methods = synth.resources("AWS::ApiGateway::Method")
    functions = _functions(synth)
    (mcp_id,) = [lid for lid, r in resources.items() if r["Properties"]["PathPart"] == "mcp"]
    on_mcp = [m["Properties"] for m in methods.values() if m["Properties"]["ResourceId"] == {"Ref": mcp_id}]
    assert sorted(m["HttpMethod"] for m in on_mcp) == ["GET", "POST"]
    for method in on_mcp:
        assert method["AuthorizationType"] == "NONE"  # the bearer API key, checked by the api function
        assert functions["api"]["id"] in json.dumps(method["Integration"]["Uri"])


def test_api_stage_has_access_logs_tracing_and_throttling(synth):
    (stage,) = synth.resources("AWS::ApiGateway::Stage").values()
    props = stage["Properties"]
    assert props["AccessLogSetting"]["DestinationArn"]
    assert json.loads(props["AccessLogSetting"]["Format"])["requestId"]
    assert props["TracingEnabled"] is True
    default = next(s for s in props["MethodSettings"] if s["HttpMethod"] == "*" and s["ResourcePath"] == "/*")
    assert default["ThrottlingRateLimit"] > 0 and default["ThrottlingBurstLimit"] > 0
    webhook = next(s for s in props["MethodSettings"] if s["ResourcePath"] == "/~1webhooks~1{webhook_id}")
    assert webhook["ThrottlingRateLimit"] <= default["ThrottlingRateLimit"]


# -- hooks -----------------------------------------------------------------------------
def test_state_machine_is_standard_logged_traced_and_retries_with_backoff(synth):
    from infra.hooks import DEFINITION_PATH

    (machine,) = synth.resources("AWS::StepFunctions::StateMachine").values()
    props = machine["Properties"]
    assert props["StateMachineType"] == "STANDARD"
    assert props["TracingConfiguration"] == {"Enabled": True}
    assert props["LoggingConfiguration"]["Level"] == "ALL"
    # DefinitionBody.fromFile: the ASL file is an asset; CloudFormation substitutes.
    location = props["DefinitionS3Location"]
    asset = synth.outdir / f"asset.{_join(location['Key']).split('.')[0]}.json"
    assert asset.read_text() == DEFINITION_PATH.read_text()
    deliver_id = _functions(synth)["deliver_hook"]["id"]
    assert props["DefinitionSubstitutions"]["DeliverFunctionArn"] == {"Fn::GetAtt": [deliver_id, "Arn"]}
    states = json.loads(asset.read_text())["States"]
    tasks = {n: s for n, s in states.items() if s["Type"] == "Task"}
    assert tasks
    for name, task in tasks.items():
        assert task["Resource"] == "${DeliverFunctionArn}", name
        assert task["Retry"], name
        for retry in task["Retry"]:
            assert retry["MaxAttempts"] >= 1 and retry.get("BackoffRate", 1) > 1, (name, retry)


# -- IAM -------------------------------------------------------------------------------
def test_no_iam_statement_allows_every_action(synth):
    for statement in _statements(synth):
        if statement["Effect"] == "Allow":
            assert "*" not in _as_list(statement["Action"]), statement
    for statement in _statements(synth, identity_only=True):
        if statement["Effect"] == "Allow":
            wildcards = [a for a in _as_list(statement["Action"]) if a.endswith(":*")]
            assert wildcards == [], statement


def test_no_role_may_scan_a_table(synth):
    # No Scan: Query on indexes, never Scan.
    actions = {a for s in _statements(synth, identity_only=True) for a in _as_list(s["Action"])}
    assert not {a for a in actions if a.lower().startswith("dynamodb:scan")}


def test_only_xray_and_log_delivery_use_wildcard_resources(synth):
    # dynamodb:ListStreams (a DynamoDB stream event source) has no resource-level permissions.
    allowed = re.compile(r"^(xray:|dynamodb:ListStreams$|logs:(CreateLogDelivery|GetLogDelivery|UpdateLogDelivery|DeleteLogDelivery|ListLogDeliveries|PutResourcePolicy|DescribeResourcePolicies|DescribeLogGroups))")
    for statement in _statements(synth, identity_only=True):
        if "*" in _as_list(statement.get("Resource", [])):
            assert all(allowed.match(a) for a in _as_list(statement["Action"])), statement


def test_each_function_reaches_only_the_tables_its_spec_names(synth):
    ids = _table_ids(synth)
    table_of = {v: k for k, v in ids.items()}
    policies = _role_policies(synth)
    for name, function in _functions(synth).items():
        role_id = function["Properties"]["Role"]["Fn::GetAtt"][0]
        reached = set()
        for policy in policies.values():
            if {"Ref": role_id} not in policy["Properties"]["Roles"]:
                continue
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
                if not any(a.startswith("dynamodb:") for a in _as_list(statement["Action"])):
                    continue
                for resource in _as_list(statement["Resource"]):
                    if resource == "*":
                        continue  # dynamodb:ListStreams (see the wildcard test)
                    logical = resource["Fn::GetAtt"][0] if "Fn::GetAtt" in resource else resource["Fn::Join"][1][0]["Fn::GetAtt"][0]
                    reached.add(table_of[logical])
        assert reached == set(specs()[name].tables()), name


# -- observability ---------------------------------------------------------------------
def _wakeful_metrics_in_dashboard(synth) -> set[str]:
    (dashboard,) = synth.resources("AWS::CloudWatch::Dashboard").values()
    body = json.loads(_join(dashboard["Properties"]["DashboardBody"]))
    names = set()
    for widget in body["widgets"]:
        for metric in widget.get("properties", {}).get("metrics", []):
            if metric and metric[0] == constants.METRICS_NAMESPACE:
                names.add(metric[1])
    return names


def _wakeful_metrics_in_alarms(synth) -> set[str]:
    names = set()
    for alarm in synth.resources("AWS::CloudWatch::Alarm").values():
        props = alarm["Properties"]
        if props.get("Namespace") == constants.METRICS_NAMESPACE:
            names.add(props["MetricName"])
        for query in props.get("Metrics", []):
            metric = query.get("MetricStat", {}).get("Metric", {})
            if metric.get("Namespace") == constants.METRICS_NAMESPACE:
                names.add(metric["MetricName"])
    return names


def _metrics_the_code_emits() -> set[str]:
    """Metric names the handlers and the domain package refer to: the names the
    manifests declare, referred to outside the manifests (imported, as ``manifest.X``, or
    as ``"X"`` constant names looked up with getattr), and literal names."""
    constants_by_name = {
        k: v
        for capability in assembly.EVERY
        for k, v in vars(importlib.import_module(f"wakeful.{capability.name}.manifest")).items()
        if k.isupper() and isinstance(v, str) and v in capability.metrics
    }
    emitted = set()
    sources = [*(ROOT / "functions").rglob("*.py"), *(ROOT / "layers" / "wakeful").rglob("*.py")]
    for path in sources:
        if path.name in ("observability.py", "manifest.py") or "local" in path.relative_to(ROOT).parts:
            continue
        text = path.read_text()
        for constant, value in constants_by_name.items():
            if re.search(rf"manifest\.{constant}\b|^from wakeful\.\w+\.manifest import [^\n]*\b{constant}\b|^\s+{constant},$|[\"']{constant}[\"']", text, re.M):
                emitted.add(value)
        emitted.update(re.findall(r"add_metric\(\s*name=[\"']([A-Za-z]+)[\"']", text))
    return emitted


def test_dashboard_and_alarms_name_exactly_the_metrics_in_METRICS(synth):
    dashboard = _wakeful_metrics_in_dashboard(synth)
    alarms = _wakeful_metrics_in_alarms(synth)
    assert dashboard == set(observability.METRICS)
    assert alarms <= set(observability.METRICS)
    assert dashboard | alarms == set(observability.METRICS)


def test_METRICS_names_exactly_the_metrics_the_code_emits():
    assert _metrics_the_code_emits() == set(observability.METRICS)


def test_alarms_cover_dlqs_stuck_heartbeats_and_failure_rates(synth):
    alarms = synth.resources("AWS::CloudWatch::Alarm")
    queues = synth.resources("AWS::SQS::Queue")
    dlqs = {q for q, r in queues.items() if "RedrivePolicy" not in r["Properties"]}
    watched = set()
    for alarm in alarms.values():
        for dimension in alarm["Properties"].get("Dimensions", []):
            if dimension["Name"] == "QueueName" and alarm["Properties"]["MetricName"] == "ApproximateNumberOfMessagesVisible":
                watched.add(dimension["Value"]["Fn::GetAtt"][0])
    assert watched == dlqs
    names = {_join(a["Properties"]["AlarmName"]).split("-", 1)[1] for a in alarms.values()}
    assert {"StuckHeartbeats", "HeartbeatScanNotRunning", "HeartbeatsFailureRate", "ActionsFailureRate"} <= names
    (topic_id,) = synth.resources("AWS::SNS::Topic")
    for alarm in alarms.values():
        assert alarm["Properties"]["AlarmActions"] == [{"Ref": topic_id}]


# -- schedules -----------------------------------------------------------------------------
def test_schedule_runs_flow_from_the_scan_and_the_api_through_the_schedule_queue_to_its_runner(synth):
    functions = _functions(synth)
    queue_id = _queue_ids(synth)["schedule"]
    [mapping] = [
        m for m in synth.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [queue_id, "Arn"]}
    ]  # fmt: skip
    assert json.dumps(mapping["Properties"]["FunctionName"]).count(functions["schedule_runner"]["id"]) == 1
    policies = _role_policies(synth)
    for sender in ("heartbeat_scan", "api"):
        role_id = functions[sender]["Properties"]["Role"]["Fn::GetAtt"][0]
        sends = [
            s for p in policies.values() if {"Ref": role_id} in p["Properties"]["Roles"]
            for s in p["Properties"]["PolicyDocument"]["Statement"]
            if "sqs:SendMessage" in _as_list(s["Action"]) and {"Fn::GetAtt": [queue_id, "Arn"]} in _as_list(s["Resource"])
        ]  # fmt: skip
        assert sends, sender
    due = next(
        i for i in synth.resources("AWS::DynamoDB::Table")[_table_ids(synth)["schedules"]]["Properties"]["GlobalSecondaryIndexes"]
        if i["IndexName"] == "schedule-due"
    )
    assert "cron_expression" in due["Projection"]["NonKeyAttributes"]  # the scan claims from the index alone


def test_api_gateways_own_answers_are_in_the_error_shape_and_say_nosniff(synth):
    responses = [r["Properties"] for r in synth.resources("AWS::ApiGateway::GatewayResponse").values()]
    assert responses
    for response in responses:
        assert response["ResponseParameters"]["gatewayresponse.header.X-Content-Type-Options"] == "'nosniff'"
        assert '"error"' in response["ResponseTemplates"]["application/json"]
