"""The live stream on AWS: an API Gateway WebSocket API and the fan-out from the
stream table.

- Routes ``$connect``, ``$disconnect``, ``subscribe``, ``unsubscribe`` and ``$default``
  go to the ``stream_ws`` function (the API key is checked there, as the REST API's
  keys are checked by the api function).
- The stream table's DynamoDB stream (new chunk items only, by an event filter) feeds
  the ``stream_fanout`` function, which posts each event to the subscribed connections;
  the API keys table's stream (revocations only) feeds it too, and it closes the
  revoked key's connections at once.
- The stage's access logs need the account's API Gateway CloudWatch role: the stage
  waits for the REST API's ``AWS::ApiGateway::Account`` (``logging_account``).
- Both may post to and close connections of this API's stage
  (``execute-api:ManageConnections``, POST and DELETE: a revoked key's connections are
  closed) and get its management endpoint in ``WAKEFUL_STREAM_WS_ENDPOINT``.
"""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy, Stack
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_logs as logs
from constructs import Construct, IConstruct

from infra.compute import retention
from infra.settings import DeploySettings
from wakeful import constants

STAGE_NAME = "v1"
ROUTES = ("subscribe", "unsubscribe")


class StreamWebSocket(Construct):
    """``api`` the WebSocket API, ``stage`` its stage, ``url`` the ``wss://`` URL."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        settings: DeploySettings,
        ws_function: lambda_.IFunction,
        fanout_function: lambda_.IFunction,
        stream_table: dynamodb.Table,
        keys_table: dynamodb.Table,
        functions: list[lambda_.Function],
        logging_account: IConstruct | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        integration = integrations.WebSocketLambdaIntegration("StreamWsIntegration", ws_function)
        self.api = apigwv2.WebSocketApi(
            self,
            "Api",
            api_name=f"{Stack.of(self).stack_name}-stream",
            description="Wakeful live stream: subscribe to a thread or an agent, receive StreamEvents",
            route_selection_expression="$request.body.action",
            connect_route_options=apigwv2.WebSocketRouteOptions(integration=integration),
            disconnect_route_options=apigwv2.WebSocketRouteOptions(integration=integration),
            default_route_options=apigwv2.WebSocketRouteOptions(integration=integration),
        )
        for route in ROUTES:
            self.api.add_route(route, integration=integration)
        self.stage = apigwv2.WebSocketStage(
            self,
            "Stage",
            web_socket_api=self.api,
            stage_name=STAGE_NAME,
            auto_deploy=True,
            throttle=apigwv2.ThrottleSettings(rate_limit=settings.api_rate_limit, burst_limit=settings.api_burst_limit),
        )
        access_logs = logs.LogGroup(
            self, "AccessLogs", retention=retention(settings.log_retention_days), removal_policy=RemovalPolicy.DESTROY
        )
        stage = self.stage.node.default_child
        stage.access_log_settings = apigwv2.CfnStage.AccessLogSettingsProperty(  # type: ignore[union-attr]
            destination_arn=access_logs.log_group_arn,
            format='{"requestId":"$context.requestId","ip":"$context.identity.sourceIp","routeKey":"$context.routeKey",'
            '"status":"$context.status","connectionId":"$context.connectionId","eventType":"$context.eventType",'
            '"requestTime":"$context.requestTime","error":"$context.error.message"}',
        )
        if logging_account is not None:
            # Access logging needs the account's API Gateway CloudWatch role: in an account
            # that never set it, a stage created before the role is set fails.
            self.stage.node.add_dependency(logging_account)
        self.url = self.stage.url
        self.callback_url = self.stage.callback_url

        # POST: send to a connection; DELETE: close one (a revoked key's connections).
        manage = iam.PolicyStatement(
            actions=["execute-api:ManageConnections"],
            resources=[
                Stack.of(self).format_arn(
                    service="execute-api", resource=self.api.api_id, resource_name=f"{STAGE_NAME}/{method}/@connections/*"
                )
                for method in ("POST", "DELETE")
            ],
        )
        for function in functions:
            function.add_to_role_policy(manage)
            function.add_environment(constants.ENV_STREAM_WS_ENDPOINT, self.callback_url)

        # Only new chunk items (with events) reach the fan-out; heads, step markers and
        # expiries are filtered out before an invocation is paid for.
        self.event_source = sources.DynamoEventSource(
            stream_table,
            starting_position=lambda_.StartingPosition.LATEST,
            batch_size=100,
            max_batching_window=Duration.millis(0),
            retry_attempts=2,
            max_record_age=Duration.minutes(5),  # a late live event is no longer live
            bisect_batch_on_error=True,
            filters=[
                lambda_.FilterCriteria.filter(
                    {"eventName": lambda_.FilterRule.is_equal("INSERT"), "dynamodb": {"NewImage": {"events": {"B": lambda_.FilterRule.exists()}}}}
                )
            ],
        )
        fanout_function.add_event_source(self.event_source)
        # A key's revocation closes its connections, idle ones included.
        self.revocation_source = sources.DynamoEventSource(
            keys_table,
            starting_position=lambda_.StartingPosition.LATEST,
            batch_size=10,
            max_batching_window=Duration.millis(0),
            retry_attempts=5,
            bisect_batch_on_error=True,
            filters=[
                lambda_.FilterCriteria.filter(
                    {"eventName": lambda_.FilterRule.is_equal("MODIFY"), "dynamodb": {"NewImage": {"revoked_at": {"N": lambda_.FilterRule.exists()}}}}
                )
            ],
        )
        fanout_function.add_event_source(self.revocation_source)
