"""The deliver-hook state machine (Step Functions Standard).

Its definition is the hooks capability's one ASL file
(``layers/wakeful/hooks/deliver_hook.asl.json``, also run by ``wakeful dev`` in moto),
loaded with ``DefinitionBody.fromFile`` and the deliver function's ARN substituted for
``${DeliverFunctionArn}``. Standard type: a delivery may wait hours between retries and
must run exactly once per execution name (the delivery id). Logs every state
transition (without execution data: payloads carry users' data) and traces with X-Ray.
"""

from __future__ import annotations

from aws_cdk import RemovalPolicy, Stack
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_stepfunctions as sfn
from constructs import Construct

from infra.compute import retention
from infra.settings import DeploySettings

try:  # the hooks capability owns the definition and its placeholder name
    from wakeful.hooks import DEFINITION_PATH, DELIVER_FUNCTION_ARN
except ImportError:  # pragma: no cover - a build without the hooks capability
    from pathlib import Path

    DEFINITION_PATH = Path(__file__).resolve().parent.parent / "layers" / "wakeful" / "hooks" / "deliver_hook.asl.json"
    DELIVER_FUNCTION_ARN = "DeliverFunctionArn"


def definition_available() -> bool:
    """True when the hooks capability has written its state machine definition."""
    return DEFINITION_PATH.is_file()


class DeliverHook(Construct):
    """The state machine; ``state_machine`` is it."""

    def __init__(
        self, scope: Construct, construct_id: str, *, settings: DeploySettings, deliver_function: lambda_.IFunction
    ) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        log_group = logs.LogGroup(
            self,
            "Logs",
            # /aws/vendedlogs/ keeps CloudWatch Logs' resource policy from growing per log group.
            log_group_name=f"/aws/vendedlogs/states/{stack.stack_name}-deliver-hook",
            retention=retention(settings.log_retention_days),
            # Named, so it must go with the stack or the next deploy would collide with it.
            removal_policy=RemovalPolicy.DESTROY,
        )
        self.state_machine = sfn.StateMachine(
            self,
            "StateMachine",
            comment="Wakeful: deliver one hook firing, retrying with exponential backoff",
            state_machine_type=sfn.StateMachineType.STANDARD,
            definition_body=sfn.DefinitionBody.from_file(str(DEFINITION_PATH)),
            definition_substitutions={DELIVER_FUNCTION_ARN: deliver_function.function_arn},
            logs=sfn.LogOptions(destination=log_group, level=sfn.LogLevel.ALL, include_execution_data=False),
            tracing_enabled=settings.tracing,
        )
        # Exactly the deliver function (unqualified ARN, as the definition names it).
        self.state_machine.add_to_role_policy(
            iam.PolicyStatement(actions=["lambda:InvokeFunction"], resources=[deliver_function.function_arn])
        )
