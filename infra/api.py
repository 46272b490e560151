"""API Gateway (REST): the management API as a Lambda proxy (with ``/mcp``, Wakeful's MCP
server, as a route of its own), the public webhook route ``POST /webhooks/{webhook_id}``
on its own function, and the platforms' routes ``POST
/channels/{channel_id}/<route>`` (each chat platform's, from the platforms' registry) on
the channel_inbound function.

No API Gateway authorizer: the contract's bearer API keys are checked by the api
function (hashed keys, per-owner scoping), webhooks are authenticated by HMAC
signatures over the raw body, which only the webhook function can check, and the
platforms' requests by their own signatures, which only the channel_inbound function
can check. The stage has
JSON access logs, execution logging of errors, X-Ray, and throttling (the webhook route
tighter). API Gateway's own errors (throttled, unknown route) answer in the contract's
error shape.
"""

from __future__ import annotations

from aws_cdk import RemovalPolicy, Stack
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_xray as xray
from constructs import Construct

from infra.compute import retention
from infra.settings import DeploySettings
from wakeful.channels.platforms import models as platforms

STAGE_NAME = "v1"
WEBHOOK_PATH = "/webhooks/{webhook_id}"
MCP_PATH = "/mcp"
#: The platforms' routes under ``/channels/{channel_id}/`` (the platforms' registry).
CHANNEL_ROUTES = tuple(platforms.routes())

#: API Gateway's own answers, in the API's error shape.
_GATEWAY_ERRORS = {
    # An unknown route with no matching resource: API Gateway says 403 "Missing
    # Authentication Token"; the contract says 404.
    "MISSING_AUTHENTICATION_TOKEN": ("404", "not_found", "no such route"),
    "THROTTLED": ("429", "rate_limited", "too many requests; slow down"),
    "REQUEST_TOO_LARGE": ("413", "payload_too_large", "the request body is too large"),
    "DEFAULT_4_XX": (None, "bad_request", "$context.error.messageString"),
    "DEFAULT_5_XX": (None, "internal_error", "$context.error.messageString"),
}


class Api(Construct):
    """The REST API; ``url`` is the stage URL, ``rest_api`` the API."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        settings: DeploySettings,
        api_function: lambda_.IFunction,
        webhook_function: lambda_.IFunction | None,
        channel_function: lambda_.IFunction | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        access_logs = logs.LogGroup(
            self, "AccessLogs", retention=retention(settings.log_retention_days), removal_policy=RemovalPolicy.DESTROY
        )
        method_options = {}
        if webhook_function is not None:
            method_options[f"{WEBHOOK_PATH}/POST"] = apigw.MethodDeploymentOptions(
                throttling_rate_limit=settings.webhook_rate_limit,
                throttling_burst_limit=settings.webhook_burst_limit,
                logging_level=apigw.MethodLoggingLevel.ERROR,
                metrics_enabled=True,
            )
        if channel_function is not None:
            for route in CHANNEL_ROUTES:
                method_options[f"/channels/{{channel_id}}/{route}/POST"] = apigw.MethodDeploymentOptions(
                    throttling_rate_limit=settings.webhook_rate_limit,
                    throttling_burst_limit=settings.webhook_burst_limit,
                    logging_level=apigw.MethodLoggingLevel.ERROR,
                    metrics_enabled=True,
                )
        self.rest_api = apigw.RestApi(
            self,
            "RestApi",
            rest_api_name=f"{Stack.of(self).stack_name}-api",
            description="Wakeful: agents, events, tools, subscriptions, actions, hooks, webhooks",
            endpoint_types=[apigw.EndpointType.REGIONAL],
            # Access logging needs the account-level API Gateway CloudWatch role.
            cloud_watch_role=True,
            deploy_options=apigw.StageOptions(
                stage_name=STAGE_NAME,
                access_log_destination=apigw.LogGroupLogDestination(access_logs),
                access_log_format=apigw.AccessLogFormat.json_with_standard_fields(
                    caller=False,
                    http_method=True,
                    ip=True,
                    protocol=True,
                    request_time=True,
                    resource_path=True,
                    response_length=True,
                    status=True,
                    user=False,
                ),
                logging_level=apigw.MethodLoggingLevel.ERROR,
                data_trace_enabled=False,  # bodies carry secrets (created once) and user data
                metrics_enabled=True,
                tracing_enabled=settings.tracing,
                throttling_rate_limit=settings.api_rate_limit,
                throttling_burst_limit=settings.api_burst_limit,
                method_options=method_options,
            ),
        )
        #: The account's API Gateway CloudWatch role setting (``AWS::ApiGateway::Account``),
        #: which the REST stage waits for; every other stage that logs must wait for it too.
        self.logging_account = self.rest_api.node.find_child("Account")
        if settings.tracing:
            # X-Ray samples the stage by this rule (deploy settings xrayReservoir and
            # xraySamplingRate); Lambda's own sampling for SQS-started traces is fixed.
            xray.CfnSamplingRule(
                self,
                "ApiSampling",
                sampling_rule=xray.CfnSamplingRule.SamplingRuleProperty(
                    rule_name=f"{Stack.of(self).stack_name}-api"[:32],
                    priority=9000,
                    reservoir_size=settings.xray_reservoir,
                    fixed_rate=settings.xray_sampling_rate,
                    service_name=f"{Stack.of(self).stack_name}-api/{STAGE_NAME}",
                    service_type="AWS::ApiGateway::Stage",
                    host="*",
                    http_method="*",
                    url_path="*",
                    resource_arn="*",
                    version=1,
                ),
            )
        # Validates required path parameters; bodies are validated by the functions
        # (the webhook signature is over the raw bytes, so they must reach it intact).
        validator = self.rest_api.add_request_validator(
            "Validator", validate_request_body=True, validate_request_parameters=True
        )
        api_integration = apigw.LambdaIntegration(api_function, proxy=True, allow_test_invoke=False)
        self.rest_api.root.add_method("ANY", api_integration)
        self.rest_api.root.add_proxy(default_integration=api_integration, any_method=True)
        # Wakeful's MCP server (docs/mcp.md), a route of its own: the api function serves
        # it and checks the bearer key itself, as for every route. POST carries the
        # JSON-RPC messages; GET answers 405 (the server is stateless: no stream).
        mcp = self.rest_api.root.add_resource(MCP_PATH.strip("/"))
        for method in ("POST", "GET"):
            mcp.add_method(method, api_integration)
        if webhook_function is not None:
            webhooks = self.rest_api.root.add_resource("webhooks").add_resource("{webhook_id}")
            webhooks.add_method(
                "POST",
                apigw.LambdaIntegration(webhook_function, proxy=True, allow_test_invoke=False),
                request_parameters={"method.request.path.webhook_id": True},
                request_validator=validator,
            )
        if channel_function is not None:
            self._channel_routes(api_integration, channel_function, validator)
        for response_type, (status, code, message) in _GATEWAY_ERRORS.items():
            # $context.error.messageString is already a quoted JSON string.
            rendered = message if message.startswith("$") else f'"{message}"'
            self.rest_api.add_gateway_response(
                f"{response_type.title().replace('_', '')}Response",
                type=getattr(apigw.ResponseType, response_type),
                status_code=status,
                response_headers={
                    "X-Content-Type-Options": "'nosniff'",
                    **({"Retry-After": "'1'"} if response_type == "THROTTLED" else {}),
                },
                templates={"application/json": '{"error": {"code": "%s", "message": %s}}' % (code, rendered)},
            )

        stack = Stack.of(self)
        #: The stage URL without a dependency on the stage (functions may refer to it).
        self.base_url = f"https://{self.rest_api.rest_api_id}.execute-api.{stack.region}.{stack.url_suffix}/{STAGE_NAME}"
        self.url = self.rest_api.url

    def _channel_routes(self, api_integration: apigw.LambdaIntegration, channel_function: lambda_.IFunction, validator: apigw.RequestValidator) -> None:
        """The platforms' POST routes on the channel_inbound function. The explicit
        ``/channels`` resources would hide the greedy proxy from the management routes
        under them, so those resources send every other method and path to the api
        function themselves."""
        channels = self.rest_api.root.add_resource("channels")
        channels.add_method("ANY", api_integration)
        channel = channels.add_resource("{channel_id}")
        channel.add_method("ANY", api_integration)
        channel.add_proxy(default_integration=api_integration, any_method=True)
        inbound = apigw.LambdaIntegration(channel_function, proxy=True, allow_test_invoke=False)
        parents: dict[str, apigw.Resource] = {}
        for route in CHANNEL_ROUTES:
            parent, _, leaf = route.rpartition("/")
            if parent and parent not in parents:
                # A platform's folder of routes (``slack/``): every other method and path
                # under it is the api function's, as under the channel itself.
                parents[parent] = channel.add_resource(parent)
                parents[parent].add_method("ANY", api_integration)
            resource = (parents[parent] if parent else channel).add_resource(leaf)
            resource.add_method(
                "POST",
                inbound,
                request_parameters={"method.request.path.channel_id": True},
                request_validator=validator,
            )
