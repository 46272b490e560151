"""The Lambda functions of :data:`wakeful.constants.FUNCTIONS`, their layers, roles
and queue triggers.

Each function: ``functions/<name>/`` as its code asset, handler ``handler.handler``,
Python (:data:`infra.settings.PYTHON_VERSION`) on arm64, the ``wakeful`` layer, active
X-Ray tracing, its own log group with a retention, and its own
role holding exactly what :mod:`infra.functions` says its code calls.
"""

from __future__ import annotations

import sys
from pathlib import Path

from aws_cdk import Annotations, Duration, RemovalPolicy, Stack
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra import settings as deploy
from infra.data import Data
from infra.environment import function_environment
from infra.functions import FunctionSpec, specs
from infra.layers import layer_code
from infra.messaging import Queues, work_queues
from infra.names import camel
from infra.settings import DeploySettings
from wakeful import constants
from wakeful.tables import TABLES

ROOT = Path(__file__).resolve().parent.parent
FUNCTIONS_DIR = ROOT / "functions"

READ_ACTIONS = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:ConditionCheckItem"]
WRITE_ACTIONS = [*READ_ACTIONS, "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"]
#: What an index is ever asked: items are read and written through their table's ARN.
INDEX_ACTIONS = ["dynamodb:Query"]

#: Users' Lambda tools must be named with this prefix (the API checks it too).
TOOL_FUNCTION_PREFIX = constants.LAMBDA_TOOL_FUNCTION_PREFIX

RETENTION = {
    1: logs.RetentionDays.ONE_DAY,
    3: logs.RetentionDays.THREE_DAYS,
    5: logs.RetentionDays.FIVE_DAYS,
    7: logs.RetentionDays.ONE_WEEK,
    14: logs.RetentionDays.TWO_WEEKS,
    30: logs.RetentionDays.ONE_MONTH,
    60: logs.RetentionDays.TWO_MONTHS,
    90: logs.RetentionDays.THREE_MONTHS,
    180: logs.RetentionDays.SIX_MONTHS,
    365: logs.RetentionDays.ONE_YEAR,
}


def retention(days: int) -> logs.RetentionDays:
    """CloudWatch retention for ``days`` (one of the values CloudWatch accepts)."""
    try:
        return RETENTION[days]
    except KeyError:
        raise ValueError(f"wakeful:logRetentionDays must be one of {sorted(RETENTION)}") from None


def runtime() -> lambda_.Runtime:
    """The Lambda runtime for :data:`infra.settings.PYTHON_VERSION`."""
    return getattr(lambda_.Runtime, "PYTHON_" + deploy.PYTHON_VERSION.replace(".", "_"))


def architecture() -> lambda_.Architecture:
    return lambda_.Architecture.ARM_64 if deploy.ARCHITECTURE == "arm64" else lambda_.Architecture.X86_64


def present_functions() -> tuple[list[str], list[str]]:
    """(functions with a ``functions/<name>/handler.py``, names in FUNCTIONS without one)."""
    present, missing = [], []
    for name in constants.FUNCTIONS:
        (present if (FUNCTIONS_DIR / name / "handler.py").is_file() else missing).append(name)
    return present, missing


class Functions(Construct):
    """Layers, functions and queue triggers.

    ``functions[name]`` is the function; ``targets[name]`` is what triggers invoke
    (the ``live`` alias of a SnapStart function, else the function itself).
    """

    def __init__(self, scope: Construct, construct_id: str, *, settings: DeploySettings, data: Data, queues: Queues) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        self.specs = specs()
        present, self.skipped = present_functions()
        unknown = [n for n in constants.FUNCTIONS if n not in self.specs]
        if unknown:
            raise ValueError(f"functions without a spec in infra/functions.py: {unknown}")
        missing_env = set(TABLES) ^ set(constants.TABLE_ENV)
        if missing_env:
            raise ValueError(f"TABLES and TABLE_ENV disagree on: {sorted(missing_env)}")
        for name in self.skipped:
            message = f"functions/{name}/handler.py does not exist yet: function {name} is not in this stack"
            Annotations.of(self).add_warning_v2(f"wakeful:missingFunction:{name}", message)
            print(f"warning: {message}", file=sys.stderr)

        python = deploy.PYTHON_VERSION
        arch = architecture()
        self.layer = lambda_.LayerVersion(
            self,
            "WakefulLayer",
            code=layer_code(layer_deps=settings.layer_deps, python_version=python, architecture=deploy.ARCHITECTURE),
            compatible_runtimes=[runtime()],
            compatible_architectures=[arch],
            description="The wakeful domain package and its runtime dependencies (anthropic included)",
        )

        self.functions: dict[str, lambda_.Function] = {}
        self.targets: dict[str, lambda_.IFunction] = {}
        self.log_groups: dict[str, logs.LogGroup] = {}
        for name in present:
            spec = self.specs[name]
            # Only what its code reads (infra/environment.py): Lambda allows 4 KB.
            environment = function_environment(name, spec, settings=settings, data=data, queues=queues)
            self._build(name, spec, settings, data, queues, environment, stack)

        # Queue triggers (the same queue -> function map `wakeful dev` polls with).
        for queue_name, consumer in work_queues().items():
            if consumer not in self.targets:
                continue
            spec = self.specs[consumer]
            max_concurrency = settings.tool_runner_max_concurrency if consumer == "tool_runner" else None
            self.targets[consumer].add_event_source(
                sources.SqsEventSource(
                    queues.queues[queue_name],
                    batch_size=spec.sqs_batch_size,
                    report_batch_item_failures=True,
                    max_concurrency=max_concurrency,
                )
            )

    def _build(
        self,
        name: str,
        spec: FunctionSpec,
        settings: DeploySettings,
        data: Data,
        queues: Queues,
        environment: dict[str, str],
        stack: Stack,
    ) -> None:
        cid = camel(name)
        # Logs go with the stack (they expire anyway); a retained group would outlive it.
        log_group = logs.LogGroup(
            self, f"{cid}Logs", retention=retention(settings.log_retention_days), removal_policy=RemovalPolicy.DESTROY
        )
        role = iam.Role(
            self,
            f"{cid}Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"Wakeful {name}: only the calls its code makes",
        )
        role.add_to_policy(
            iam.PolicyStatement(actions=["logs:CreateLogStream", "logs:PutLogEvents"], resources=[log_group.log_group_arn])
        )
        unknown = [t for t in spec.tables() if t not in data.tables]
        if unknown:
            raise ValueError(f"{name} is granted tables that do not exist: {unknown}")
        for tables, actions in ((spec.reads, READ_ACTIONS), (spec.writes, WRITE_ACTIONS)):
            if tables:
                role.add_to_policy(iam.PolicyStatement(actions=actions, resources=[data.tables[t].table_arn for t in tables]))
        # Indexes: Query only (no item is read or written through an index's ARN).
        indexes = [f"{data.tables[t].table_arn}/index/{index.name}" for t in spec.item_tables() for index in TABLES[t].indexes]
        if indexes:
            role.add_to_policy(iam.PolicyStatement(actions=INDEX_ACTIONS, resources=indexes))
        if spec.sends:
            role.add_to_policy(
                iam.PolicyStatement(actions=["sqs:SendMessage"], resources=[queues.queues[q].queue_arn for q in spec.sends])
            )
        kms_actions = {"encrypt": "kms:Encrypt", "decrypt": "kms:Decrypt"}
        if spec.kms:
            role.add_to_policy(
                iam.PolicyStatement(actions=[kms_actions[k] for k in spec.kms], resources=[data.secrets_key.key_arn])
            )
        if spec.invokes_tools:
            # Users' Lambda tools, by name prefix: in this region, in this account or in
            # one whose function policy grants this role (cross-account needs both).
            prefix = f"arn:{stack.partition}:lambda:{stack.region}:*:function:{TOOL_FUNCTION_PREFIX}"
            role.add_to_policy(
                iam.PolicyStatement(actions=["lambda:InvokeFunction"], resources=[f"{prefix}*"])
            )

        if spec.sends_email:
            # Email channels: SendEmail from identities verified in this account's SES.
            role.add_to_policy(
                iam.PolicyStatement(
                    actions=["ses:SendEmail"],
                    resources=[f"arn:{stack.partition}:ses:{stack.region}:{stack.account}:identity/*"],
                )
            )

        reserved = None
        if name == "tool_runner" and settings.tool_runner_reserved_concurrency > 0:
            reserved = settings.tool_runner_reserved_concurrency
        function = lambda_.Function(
            self,
            cid,
            description=spec.description,
            runtime=runtime(),
            architecture=architecture(),
            handler="handler.handler",
            code=lambda_.Code.from_asset(str(FUNCTIONS_DIR / name), exclude=["__pycache__", "*.pyc"]),
            layers=[self.layer],
            memory_size=spec.memory_mb,
            timeout=Duration.seconds(spec.timeout_seconds),
            tracing=lambda_.Tracing.ACTIVE if settings.tracing else lambda_.Tracing.DISABLED,
            log_group=log_group,
            role=role,
            environment=environment,
            reserved_concurrent_executions=reserved,
            snap_start=lambda_.SnapStartConf.ON_PUBLISHED_VERSIONS if spec.snap_start else None,
        )
        self.functions[name] = function
        self.log_groups[name] = log_group
        if spec.snap_start:
            # SnapStart restores published versions only: triggers invoke the alias.
            self.targets[name] = lambda_.Alias(self, f"{cid}Live", alias_name="live", version=function.current_version)
        else:
            self.targets[name] = function
