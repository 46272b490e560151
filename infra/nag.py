"""cdk-nag suppressions: each one names the finding, the resource, and why it is
acceptable here. Anything not listed fails the synth (``tests/infra`` checks zero
unsuppressed findings).

Suppressions are scoped as narrowly as cdk-nag allows: to one resource (and its
children), and for IAM5 to the exact wildcard (``applies_to``), so that a new wildcard
elsewhere still fails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jsii
from aws_cdk import Annotations, AspectPriority, Aspects, IAspect
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from cdk_nag import NagPackSuppression, NagSuppressions, RegexAppliesTo
from constructs import IConstruct

if TYPE_CHECKING:
    from infra.stack import WakefulStack

XRAY_WILDCARD = (
    "X-Ray's PutTraceSegments and PutTelemetryRecords do not support resource-level "
    "permissions; '*' is the only valid resource (added by CDK for active tracing)."
)


def _add(construct: IConstruct, rule: str, reason: str, applies_to: list[Any] | None = None) -> None:
    NagSuppressions.add_resource_suppressions(
        construct,
        [NagPackSuppression(id=rule, reason=reason, applies_to=applies_to)],
        apply_to_children=True,
    )


@jsii.implements(IAspect)
class _OverflowPolicies:
    """A role whose policy outgrows an inline policy gets "overflow" managed policies at
    synthesis (a CDK aspect), after the suppressions above were made: a statement that
    lands in one keeps its role's reasons (each scoped by its ``applies_to`` as on the
    role: the X-Ray wildcard, the inference profile's models, the users' tools)."""

    def visit(self, node: IConstruct) -> None:
        if isinstance(node, iam.ManagedPolicy) and node.node.id.startswith("OverflowPolicy") and isinstance(node.node.scope, iam.Role):
            _add(node, "AwsSolutions-IAM5", XRAY_WILDCARD, applies_to=["Resource::*"])
            role, policy = node.node.scope.node.default_child, node.node.default_child
            inherited = ((role.get_metadata("cdk_nag") if role is not None else None) or {}).get("rules_to_suppress", [])
            if policy is not None and inherited:
                own = (policy.get_metadata("cdk_nag") or {}).get("rules_to_suppress", [])
                policy.add_metadata("cdk_nag", {"rules_to_suppress": [*own, *(r for r in inherited if r not in own)]})


def suppress(stack: "WakefulStack") -> None:
    """Apply every suppression to the stack's resources."""
    # After the roles' own aspect (MUTATING) makes overflow policies, before cdk-nag's.
    Aspects.of(stack).add(_OverflowPolicies(), priority=AspectPriority.MUTATING + 100)
    functions = stack.compute.functions
    for name, function in functions.items():
        _add(
            function,
            "Serverless-LambdaDLQ",
            "Function-level DLQs catch failed *asynchronous* invocations only. The queue-"
            "triggered functions use their queue's redrive DLQ; api, webhook_ingest and "
            "deliver_hook are invoked synchronously (API Gateway, Step Functions retries); "
            "the scan's asynchronous failures go to its on-failure destination (scan DLQ).",
        )
        if function.role is not None:
            _add(function.role, "AwsSolutions-IAM5", XRAY_WILDCARD, applies_to=["Resource::*"])
        if stack.compute.specs[name].snap_start:
            Annotations.of(function).acknowledge_warning(
                "@aws-cdk/aws-lambda:snapStartRequirePublish",
                "Triggers invoke the 'live' alias of the function's current published version.",
            )
    for tool_caller in ("tool_runner", "thread_runner"):
        _suppress_tool_invoke(functions.get(tool_caller))
    for attribute, vendor in (("anthropic_secret", "Anthropic's"), ("openai_secret", "an OpenAI-compatible provider's")):
        secret = getattr(stack, attribute, None)
        if secret is not None and secret.node.default_child is not None:
            _add(
                secret,
                "AwsSolutions-SMG4",
                f"The secret holds a third-party API key ({vendor}), which only that vendor's "
                "console can issue: a rotation Lambda cannot mint one. The operator rotates it "
                "by putting a new value (docs/operations.md); functions pick it up within the "
                "cache's max age, without a redeploy.",
            )
    _add(
        stack.cursor_secret,
        "AwsSolutions-SMG4",
        "The secret is the random key list cursors are signed with, generated for the "
        "deployment; a new value refuses every cursor issued before it (clients list from "
        "the start again) and is taken up only at cold starts, so it is replaced by hand "
        "when needed (docs/operations.md), not on a schedule.",
    )
    if "bedrock" in stack.settings.llm_providers:
        for name, function in functions.items():
            if stack.compute.specs[name].llm and function.role is not None:
                _add(
                    function.role,
                    "AwsSolutions-IAM5",
                    "A cross-region inference profile routes each request to one of its "
                    "regions, so the foundation model it names must be invocable in each: "
                    "the region part of that model's ARN is '*' (the model itself is named).",
                    applies_to=[RegexAppliesTo(regex="/^Resource::arn:<AWS::Partition>:bedrock:\\*::foundation-model\\/.+$/g")],
                )

    for target in stack.compute.targets.values():
        for child in target.node.find_all():
            if isinstance(child, lambda_.CfnEventSourceMapping):
                _add(
                    child,
                    "Serverless-LambdaEventSourceMappingDestination",
                    "On-failure destinations exist only for stream and Kafka sources; for "
                    "SQS the queue's redrive policy is the DLQ (maxReceiveCount "
                    "QUEUE_MAX_RECEIVES), with partial batch failures reported.",
                )

    for dlq in [*stack.queues.dlqs.values(), stack.scan_dlq]:
        _add(
            dlq,
            "Serverless-SQSRedrivePolicy",
            "This queue is itself a dead-letter queue: the end of the line, watched by a "
            "DLQ-not-empty alarm and redriven by an operator.",
        )
    _add(
        stack.scan_dlq,
        "AwsSolutions-SQS3",
        "This queue is a DLQ: of the scan schedule's target and of the scan function's "
        "asynchronous invocations (on-failure destination), which SQS3 does not see.",
    )

    if stack.schedule is not None:
        for child in stack.node.find_all():
            if child.node.id.startswith("SchedulerRoleForTarget"):
                _add(
                    child,
                    "AwsSolutions-IAM5",
                    "Scheduler's Lambda target grants invoke on the scan function and its "
                    "qualified ARNs (versions/aliases), as CDK's grantInvoke does.",
                    applies_to=[RegexAppliesTo(regex=r"/^Resource::<FunctionsHeartbeatScan[A-Za-z0-9]+\.Arn>:\*$/")],
                )

    if stack.api is not None:
        rest_api = stack.api.rest_api
        _add(
            rest_api,
            "AwsSolutions-APIG4",
            "The API authenticates every route but the public ones with bearer API "
            "keys, checked (hashed, per owner) by the api function; POST /webhooks/{id} "
            "is authenticated by an HMAC signature over the raw body, which only the "
            "webhook function can verify, and the channels' platform routes (POST "
            "/channels/{id}/slack/..., /discord, /telegram) by the platform's own signature "
            "over the raw body (Slack's v0 HMAC, Discord's Ed25519, Telegram's secret "
            "token), which only the channel_inbound function can verify. An authorizer "
            "would duplicate the first and break the others.",
        )
        _add(
            rest_api,
            "AwsSolutions-COG4",
            "Callers are API-key holders (machines and scripts), not Cognito users; see "
            "the APIG4 reason.",
        )
        _add(
            rest_api,
            "AwsSolutions-APIG3",
            "WAF is optional in this stack (about $5/month + $1 per rule): the stage is "
            "throttled, webhooks have per-webhook hourly limits, bodies are size-checked. "
            "Attach a WebACL to the stage for internet-facing production deployments.",
        )
        _add(
            rest_api,
            "AwsSolutions-IAM4",
            "API Gateway's account-level CloudWatch role (needed for access and execution "
            "logs) uses the AWS managed policy made for it.",
            applies_to=[
                "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs"
            ],
        )

    if stack.stream_ws is not None:
        _add(
            stack.stream_ws.api,
            "AwsSolutions-APIG4",
            "$connect checks the caller's bearer API key (hashed, per owner) in the "
            "stream_ws function, as the REST API's keys are checked by the api function; "
            "a connection without a valid key is refused, and every later route acts only "
            "for the owner recorded at $connect.",
        )
        for name in ("stream_ws", "stream_fanout"):
            function = functions.get(name)
            if function is not None and function.role is not None:
                _add(
                    function.role,
                    "AwsSolutions-IAM5",
                    "Connection ids are created at run time; the grant is to post to (and "
                    "close) connections of this one WebSocket API stage only.",
                    applies_to=[RegexAppliesTo(regex=r"/^Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<StreamWebSocketApi[A-Za-z0-9]+>\/v1\/(POST|DELETE)\/@connections\/\*$/")],
                )
                _add(
                    function.role,
                    "AwsSolutions-IAM5",
                    "dynamodb:ListStreams has no resource-level permissions; it lists stream "
                    "ARNs (metadata), and the Lambda event source mapping validates it.",
                    applies_to=["Resource::*"],
                )

    if stack.archive is not None:
        _suppress_archive(stack.archive)

    if stack.settings.alarm_email:
        _add(
            stack.observability.topic,
            "Serverless-SNSRedrivePolicy",
            "The only subscription is the operator's alarm email. An undelivered alarm "
            "email has nothing to replay from a DLQ: the alarm's state stays visible in "
            "CloudWatch, and SNS already retries email delivery.",
        )

    deliver = functions.get("channel_deliver")
    if deliver is not None and deliver.role is not None:
        _add(
            deliver.role,
            "AwsSolutions-IAM5",
            "Email channels send from the sender identities the operator verifies in this "
            "account's SES (docs/channels.md); which ones is the users' choice at run time, "
            "so ses:SendEmail is granted on this account and region's identities only.",
            applies_to=["Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*"],
        )

    if stack.deliver_hook is not None:
        _add(
            stack.deliver_hook.state_machine,
            "AwsSolutions-IAM5",
            "Step Functions logging (logs:CreateLogDelivery, PutResourcePolicy, "
            "DescribeLogGroups, ...) and X-Ray tracing APIs do not support resource-level "
            "permissions; AWS documents '*' for them. Lambda invoke is on the exact ARN.",
            applies_to=["Resource::*"],
        )


def _suppress_tool_invoke(function: Any) -> None:
    """Users' Lambda tools: ``lambda:InvokeFunction`` on ``wakeful-tool-*``."""
    if function is None or function.role is None:
        return
    _add(
        function.role,
        "AwsSolutions-IAM5",
        "Users register their own Lambda tools at run time, so their ARNs are unknown "
        "at deploy time. The grant is limited to functions named 'wakeful-tool-*' in "
        "this region (cross-account ones also need their owner's resource policy), "
        "which excludes Wakeful's own functions and every other function.",
        applies_to=[RegexAppliesTo(regex=r"/^Resource::arn:<AWS::Partition>:lambda:<AWS::Region>:\*:function:wakeful-tool-\*$/")],
    )


def _suppress_archive(archive: Any) -> None:
    """The archive's bucket, its DLQ and the archiver's grants (infra/archive.py)."""
    _add(
        archive.bucket,
        "AwsSolutions-S1",
        "Only the archiver writes the bucket (s3:PutObject under the retained tables' "
        "prefixes) and no role of the stack reads it; server access logs would need a "
        "second bucket, itself retained and logged. Object-level CloudTrail data events "
        "can be turned on for it where an audit of reads is required.",
    )
    _add(
        archive.dlq,
        "Serverless-SQSRedrivePolicy",
        "This queue is itself a dead-letter queue: the archiver's event source mappings' "
        "on-failure destination, watched by a DLQ-not-empty alarm.",
    )
    _add(
        archive.dlq,
        "AwsSolutions-SQS3",
        "This queue is a DLQ: the on-failure destination of the archiver's DynamoDB "
        "stream event source mappings, which SQS3 does not see.",
    )
    role = archive.archiver.role
    if role is None:
        return
    _add(
        role,
        "AwsSolutions-IAM5",
        "Object keys are made at run time (table, agent, day, batch); the archiver may "
        "only put objects, under the prefix of each retained table, in this one bucket.",
        applies_to=[RegexAppliesTo(regex=r"/^Resource::<ArchiveBucket[A-Za-z0-9]+\.Arn>\/[a-z_]+\/\*$/")],
    )
    _add(
        role,
        "AwsSolutions-IAM5",
        "dynamodb:ListStreams has no resource-level permissions; it lists stream ARNs "
        "(metadata), and the Lambda event source mappings validate it.",
        applies_to=["Resource::*"],
    )
