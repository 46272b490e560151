"""The Wakeful stack: the design card's shape on AWS (docs/architecture.md), generated from the
single sources of truth in the ``wakeful`` package so that the deployed system and
``wakeful dev`` cannot drift:

- tables from ``wakeful.tables.TABLES``; table/queue env names, FIFO queues, DLQ
  receive count, functions, output keys from ``wakeful.constants``;
- the queue -> consumer map from ``wakeful.constants.QUEUE_FUNCTIONS``;
- the deliver-hook state machine from ``layers/wakeful/hooks/deliver_hook.asl.json``;
- dashboard and alarms from ``wakeful.observability.METRICS``.
"""

from __future__ import annotations

import sys

from aws_cdk import Annotations, Aws, CfnCondition, CfnOutput, Duration, Fn, ICfnConditionExpression, RemovalPolicy, SecretValue, Stack, Token
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda_destinations as destinations
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as scheduler_targets
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from infra import nag
from infra.api import Api
from infra.archive import STREAMS, Archive
from infra.compute import Functions
from infra.data import Data
from infra.functions import specs
from infra.hooks import DeliverHook, definition_available
from infra.messaging import Queues, queue
from infra.observability import Observability
from infra.names import camel
from infra.settings import BEDROCK_DEFAULT_BASE_MODEL, BEDROCK_GEOGRAPHIES, DeploySettings, bedrock_default_model
from infra.websocket import StreamWebSocket
from wakeful import constants

#: The stack output ``wakeful keys create`` reads.
OUTPUT_API_KEYS_TABLE = "ApiKeysTableName"
#: The stack output naming (by ARN or name) the secret that holds the Anthropic API key.
OUTPUT_ANTHROPIC_SECRET = "AnthropicSecretId"
#: The same for the OpenAI-compatible key (when the deployment enables openai).
OUTPUT_OPENAI_SECRET = "OpenAISecretId"


class WakefulStack(Stack):
    """Everything Wakeful runs on, in one stack."""

    def __init__(self, scope: Construct, construct_id: str, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(scope, construct_id, **kwargs)
        settings = DeploySettings.from_context(self)
        self.settings = settings
        removal = RemovalPolicy.RETAIN if settings.removal_policy == "retain" else RemovalPolicy.DESTROY

        # The retained tables' streams feed the archive (infra/archive.py).
        self.data = Data(self, "Data", removal_policy=removal, streams=STREAMS)
        function_specs = specs()
        self.queues = Queues(
            self, "Queues", consumer_timeouts={name: spec.timeout_seconds for name, spec in function_specs.items()}
        )
        self.compute = Functions(self, "Functions", settings=settings, data=self.data, queues=self.queues)
        functions = self.compute.functions

        # -- the heartbeat scan, every minute, one invocation per group of shards ------
        self.scan_dlq = queue(self, "ScanDlq", retention_period=Duration.days(14))
        self.schedule: scheduler.Schedule | None = None
        self.schedules: list[scheduler.Schedule] = []
        if "heartbeat_scan" in functions:
            scan = functions["heartbeat_scan"]
            # A failed scan is not retried: the next tick, a minute later, does its work
            # (claims are conditional). Failures land in the scan DLQ, which alarms.
            scan.configure_async_invoke(
                retry_attempts=0,
                max_event_age=Duration.minutes(2),
                on_failure=destinations.SqsDestination(self.scan_dlq),
            )
            # One schedule per group (docs/scaling.md): the groups run in parallel and
            # independently (one failing does not hold back the others), and need no
            # coordinating invocation; each costs a Scheduler and a Lambda request a minute.
            groups = settings.shard_groups()
            for number, shards in enumerate(groups):
                # The scheduled time is the scan's "now" (the handler reads event["time"]),
                # ``shards`` its group.
                payload = {"time": scheduler.ContextAttribute.scheduled_time, "shards": shards}
                self.schedules.append(
                    scheduler.Schedule(
                        self,
                        "HeartbeatScanSchedule" if number == 0 else f"HeartbeatScanSchedule{number}",
                        description=f"Wakeful: run the heartbeat scan every minute (shards {_shard_list(shards)})",
                        schedule=scheduler.ScheduleExpression.rate(Duration.minutes(1)),
                        target=scheduler_targets.LambdaInvoke(
                            scan,
                            input=scheduler.ScheduleTargetInput.from_object(payload),
                            dead_letter_queue=self.scan_dlq,
                            retry_attempts=0,
                            max_event_age=Duration.minutes(1),
                        ),
                    )
                )
            self.schedule = self.schedules[0]

        # -- hooks: the deliver-hook state machine ------------------------------------
        self.deliver_hook: DeliverHook | None = None
        if "deliver_hook" in functions and definition_available():
            self.deliver_hook = DeliverHook(self, "DeliverHook", settings=settings, deliver_function=functions["deliver_hook"])
            machine = self.deliver_hook.state_machine
            for name, function in functions.items():
                if function_specs[name].starts_hooks:
                    function.add_environment(constants.ENV_HOOK_STATE_MACHINE_ARN, machine.state_machine_arn)
                    function.add_to_role_policy(
                        iam.PolicyStatement(actions=["states:StartExecution"], resources=[machine.state_machine_arn])
                    )
        elif "deliver_hook" in functions:
            message = "layers/wakeful/hooks/deliver_hook.asl.json does not exist yet: no deliver-hook state machine"
            Annotations.of(self).add_warning_v2("wakeful:missingStateMachine", message)
            print(f"warning: {message}", file=sys.stderr)

        # -- the LLM key: a Secrets Manager secret the functions read at run time ------
        self.anthropic_secret, secret_id = self._anthropic_secret()
        for name, function in functions.items():
            if function_specs[name].llm:
                # Where the key is, never the key: wakeful.llm.credentials reads (and
                # caches) the secret's value, so a rotated key needs no redeploy.
                function.add_environment(constants.ENV_ANTHROPIC_SECRET, secret_id)
                self.anthropic_secret.grant_read(function)
        self.openai_secret, openai_secret_id = self._openai_secret() if "openai" in settings.llm_providers else (None, "")
        bedrock_models: tuple[str, ...] = ()
        if "bedrock" in settings.llm_providers:
            bedrock_models = settings.bedrock_models or (self._bedrock_default_model(),)
        bedrock_arns = self._bedrock_resources(bedrock_models)
        for name, function in functions.items():
            if not function_specs[name].llm:
                continue
            if settings.llm_provider:
                function.add_environment(constants.ENV_LLM_PROVIDER, settings.llm_provider)
            if self.openai_secret is not None:
                function.add_environment(constants.ENV_OPENAI_SECRET, openai_secret_id)
                self.openai_secret.grant_read(function)
            if bedrock_arns:
                # The function's own role is Bedrock's credential: no key. Invoke only
                # the configured models (and, for an inference profile, the models it
                # routes to in its regions).
                function.add_environment(constants.ENV_BEDROCK_MODEL, bedrock_models[0])
                function.add_to_role_policy(
                    iam.PolicyStatement(actions=["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"], resources=bedrock_arns)
                )

        # -- list cursors: signed with a key generated for this deployment ----------------
        self.cursor_secret = self._cursor_secret()
        for name, function in functions.items():
            if function_specs[name].cursors:
                function.add_environment(constants.ENV_CURSOR_SECRET, self.cursor_secret.secret_arn)
                self.cursor_secret.grant_read(function)

        # -- API Gateway -----------------------------------------------------------------
        self.api: Api | None = None
        if "api" in functions:
            self.api = Api(
                self,
                "Api",
                settings=settings,
                api_function=self.compute.targets["api"],
                webhook_function=self.compute.targets.get("webhook_ingest"),
                channel_function=self.compute.targets.get("channel_inbound"),
            )
            # New webhooks answer their URL: <stage URL>/webhooks/<id>; channels their
            # platforms' URLs: <stage URL>/channels/<id>/...
            functions["api"].add_environment(constants.ENV_WEBHOOK_BASE_URL, self.api.base_url)

        # -- the live stream on AWS: WebSocket API, fan-out from the stream table --------
        self.stream_ws: StreamWebSocket | None = None
        if "stream_ws" in functions and "stream_fanout" in functions:
            self.stream_ws = StreamWebSocket(
                self,
                "StreamWebSocket",
                settings=settings,
                ws_function=functions["stream_ws"],
                fanout_function=functions["stream_fanout"],
                stream_table=self.data.tables["stream_events"],
                keys_table=self.data.tables["api_keys"],
                logging_account=self.api.logging_account if self.api else None,
                functions=[f for n, f in functions.items() if function_specs[n].manages_connections],
            )

        # -- the archive: what retention deletes, kept in S3 ------------------------------
        self.archive: Archive | None = None
        if "archiver" in functions:
            self.archive = Archive(self, "Archive", settings=settings, tables=self.data.tables, archiver=functions["archiver"])

        # -- CloudWatch ------------------------------------------------------------------
        dead_letter_queues = {**self.queues.dlqs, "scan": self.scan_dlq}
        if self.archive is not None:
            dead_letter_queues["archive"] = self.archive.dlq
        self.observability = Observability(
            self,
            "Observability",
            alarm_email=settings.alarm_email,
            functions=functions,
            work_queues={q: self.queues.queues[q] for q in self.queues.dlqs},
            dead_letter_queues=dead_letter_queues,
            rest_api=self.api.rest_api if self.api else None,
            state_machine=self.deliver_hook.state_machine if self.deliver_hook else None,
        )

        if self.archive is not None:
            self.archive.alarm_to(self.observability.topic)

        # -- outputs -----------------------------------------------------------------------
        if self.api:
            CfnOutput(self, constants.OUTPUT_API_URL, value=self.api.url, description="Base URL of the Wakeful API")
        ingest = self.queues.queues.get("ingest")
        if ingest is not None:
            CfnOutput(self, constants.OUTPUT_INGEST_QUEUE_URL, value=ingest.queue_url, description="Send events here (IAM-guarded)")
            CfnOutput(self, "IngestQueueArn", value=ingest.queue_arn, description="Grant sqs:SendMessage on this to trusted senders")
        CfnOutput(
            self,
            OUTPUT_API_KEYS_TABLE,
            value=self.data.tables["api_keys"].table_name,
            description="Read by `wakeful keys create`",
        )
        CfnOutput(
            self,
            OUTPUT_ANTHROPIC_SECRET,
            value=secret_id,
            description="The Anthropic API key's secret: aws secretsmanager put-secret-value --secret-id <this> --secret-string <key>",
        )
        if self.openai_secret is not None:
            CfnOutput(
                self,
                OUTPUT_OPENAI_SECRET,
                value=openai_secret_id,
                description="The OpenAI-compatible API key's secret: aws secretsmanager put-secret-value --secret-id <this> --secret-string <key>",
            )
        CfnOutput(self, "AlarmTopicArn", value=self.observability.topic.topic_arn, description="Subscribe to get alarms")
        CfnOutput(self, "DashboardName", value=self.observability.dashboard.dashboard_name)
        if self.stream_ws:
            CfnOutput(
                self,
                constants.OUTPUT_STREAM_WEBSOCKET_URL,
                value=self.stream_ws.url,
                description="Live stream: connect with Authorization: Bearer <api key>, then subscribe",
            )
        if self.archive is not None:
            CfnOutput(
                self,
                constants.OUTPUT_ARCHIVE_BUCKET,
                value=self.archive.bucket.bucket_name,
                description="Expired records, as JSON Lines per table, agent and day: aws s3 ls s3://<this>/",
            )
        if self.deliver_hook:
            CfnOutput(self, "HookStateMachineArn", value=self.deliver_hook.state_machine.state_machine_arn)

        nag.suppress(self)

    def _openai_secret(self) -> tuple[secretsmanager.ISecret, str]:
        """The secret holding the OpenAI-compatible key: the one named by the
        ``wakeful:openaiSecretName`` context, else one created with a placeholder."""
        existing = self.node.try_get_context("wakeful:openaiSecretName")
        if existing:
            return secretsmanager.Secret.from_secret_name_v2(self, "OpenAIApiKey", str(existing)), str(existing)
        secret = secretsmanager.Secret(
            self,
            "OpenAIApiKey",
            description="OpenAI-compatible API key of the Wakeful functions that call a model (replace the placeholder)",
            secret_string_value=SecretValue.unsafe_plain_text(constants.OPENAI_SECRET_PLACEHOLDER),
            removal_policy=RemovalPolicy.RETAIN,
        )
        return secret, secret.secret_arn

    def _cursor_secret(self) -> secretsmanager.Secret:
        """The key list cursors are signed with: random, generated by Secrets Manager when
        the stack is created (never in the template), read by the functions that list
        (docs/operations.md, "The cursor key")."""
        return secretsmanager.Secret(
            self,
            "CursorKey",
            description="Wakeful: the random key list cursors are signed with (read by the functions that list)",
            generate_secret_string=secretsmanager.SecretStringGenerator(password_length=64, exclude_punctuation=True),
            removal_policy=RemovalPolicy.DESTROY,  # a new deployment signs with a new key: nothing to keep
        )

    def _bedrock_default_model(self) -> str:
        """The Bedrock default model for this stack's region (:func:`bedrock_default_model`).
        A template synthesized without a region chooses as it deploys: a condition per
        geography on ``AWS::Region``, the global profile where none holds."""
        if not Token.is_unresolved(self.region):
            return bedrock_default_model(self.region)
        regions: dict[str, list[str]] = {}
        for region in dict.fromkeys(r for _, members in BEDROCK_GEOGRAPHIES for r in members):
            regions.setdefault(bedrock_default_model(region), []).append(region)
        chosen = anywhere = f"global.{BEDROCK_DEFAULT_BASE_MODEL}"
        for model, members in regions.items():
            if model == anywhere:
                continue
            condition = CfnCondition(self, f"BedrockDefaultIs{camel(model.split('.')[0].replace('-', '_'))}", expression=_region_in(members))
            chosen = Token.as_string(Fn.condition_if(condition.logical_id, model, chosen))
        return chosen

    def _bedrock_resources(self, models: tuple[str, ...]) -> list[str]:
        """The ARNs ``bedrock:InvokeModel*`` is granted on for ``models``: a model id's
        foundation model in this region; an inference profile's profile in this account
        and region and its model in every region it routes to; an ARN as given (with
        its model's foundation models, for an inference profile ARN)."""
        partition, region, account = self.partition, self.region, self.account
        arns: list[str] = []
        for model in models:
            if Token.is_unresolved(model):  # the default profile, chosen at deploy time
                arns.append(f"arn:{partition}:bedrock:{region}:{account}:inference-profile/{model}")
                arns.append(f"arn:{partition}:bedrock:*::foundation-model/{BEDROCK_DEFAULT_BASE_MODEL}")
                continue
            if model.startswith("arn:"):
                arns.append(model)
                profile = model.split(":inference-profile/", 1)
                if len(profile) == 2:
                    arns.append(f"arn:{partition}:bedrock:*::foundation-model/{_strip_geo(profile[1])}")
                continue
            base = _strip_geo(model)
            if base != model:  # a cross-region inference profile (us., eu., apac., global.)
                arns.append(f"arn:{partition}:bedrock:{region}:{account}:inference-profile/{model}")
                arns.append(f"arn:{partition}:bedrock:*::foundation-model/{base}")
            else:
                arns.append(f"arn:{partition}:bedrock:{region}::foundation-model/{model}")
        return list(dict.fromkeys(arns))

    def _anthropic_secret(self) -> tuple[secretsmanager.ISecret, str]:
        """The secret holding the Anthropic API key and how the functions name it: the
        secret named by the ``wakeful:anthropicSecretName`` context (by that name),
        else one this stack creates with a placeholder value for the operator to
        replace (by its ARN; docs/operations.md)."""
        existing = self.node.try_get_context("wakeful:anthropicSecretName")
        if existing:
            return secretsmanager.Secret.from_secret_name_v2(self, "AnthropicApiKey", str(existing)), str(existing)
        secret = secretsmanager.Secret(
            self,
            "AnthropicApiKey",
            description="Anthropic API key of the Wakeful functions that call a model (replace the placeholder)",
            secret_string_value=SecretValue.unsafe_plain_text(constants.ANTHROPIC_SECRET_PLACEHOLDER),
            removal_policy=RemovalPolicy.RETAIN,
        )
        return secret, secret.secret_arn


def _region_in(regions: list[str]) -> ICfnConditionExpression:
    """A condition expression: the stack's region is one of ``regions`` (Fn::Or takes
    two to ten conditions: longer lists nest)."""
    tests = [Fn.condition_equals(Aws.REGION, region) for region in regions]
    while len(tests) > 1:
        chunks = [tests[i : i + 10] for i in range(0, len(tests), 10)]
        tests = [Fn.condition_or(*chunk) if len(chunk) > 1 else chunk[0] for chunk in chunks]
    return tests[0]


def _shard_list(shards: list[int]) -> str:
    """``[0, 8]`` -> ``"0, 8"`` (a schedule's description)."""
    return ", ".join(str(s) for s in shards)


def _strip_geo(model: str) -> str:
    """``us.anthropic.claude-…`` -> ``anthropic.claude-…`` (a model id stays as it is)."""
    head, _, rest = model.partition(".")
    return rest if head in ("us", "eu", "apac", "us-gov", "ca", "jp", "au", "global") and "." in rest else model
