"""The CloudWatch dashboard and alarms, built from :data:`wakeful.observability.METRICS`.

Wakeful's own metrics are EMF records in namespace ``Wakeful`` with the Powertools
``service`` dimension. The dashboard charts every name in ``METRICS`` (grouped by its
first word) and nothing else from that namespace, so a metric added to the dict shows
up without touching this file; a test checks that the template names exactly those. The
spend guard's metrics have widgets of their own (:func:`spend_widgets`): Spend (the cost
of every model call, per hour, in dollars) and Saved.

Alarms (all to the SNS alarm topic):
- every DLQ not empty (work queues' and the scan schedule's);
- stuck heartbeats: leases keep expiring (``HeartbeatsRequeued`` in 3 periods running),
  the heartbeat queue's oldest message is old, or the scan stopped running;
- failure rates: every ``<Stem>Failed`` metric with a ``<Stem>Completed`` or
  ``<Stem>Succeeded`` sibling gets ``failed / (ok + failed)`` above a threshold;
- Lambda errors per function, API Gateway 5XX.
"""

from __future__ import annotations

from aws_cdk import Duration, Stack
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from aws_cdk import aws_stepfunctions as sfn
from constructs import Construct

from infra.metrics import failure_rate_pairs, metric_groups
from infra.names import camel
from wakeful import constants
from wakeful.heartbeats.manifest import HEARTBEATS_REQUEUED, SCAN_ITEMS_READ
from wakeful.llm.manifest import LLM_COST_MICRO_USD
from wakeful.spend.manifest import DASHBOARD_SAVED, DASHBOARD_SPEND
from wakeful.observability import METRICS

PERIOD = Duration.minutes(5)
#: The spend and savings widgets sum per hour.
HOUR = Duration.hours(1)
#: Failure-rate alarm thresholds (percent) by metric stem; others use the default.
FAILURE_RATE_THRESHOLDS = {"Heartbeats": 5, "Actions": 25, "HookDeliveries": 50}
DEFAULT_FAILURE_RATE = 10
#: A heartbeat message older than this means heartbeats are not being picked up.
HEARTBEAT_QUEUE_MAX_AGE_SECONDS = 900


def wakeful_metric(name: str, statistic: str = "Sum", label: str | None = None) -> cw.Metric:
    """One of Wakeful's own metrics (must be in METRICS)."""
    if name not in METRICS:
        raise KeyError(f"{name} is not in wakeful.observability.METRICS")
    return cw.Metric(
        namespace=constants.METRICS_NAMESPACE,
        metric_name=name,
        dimensions_map={"service": constants.SERVICE_NAME},
        statistic=statistic,
        period=PERIOD,
        label=label or name,
    )


def spend_widgets() -> list[cw.IWidget]:
    """**Spend**: what every model call cost, summed per hour, in US dollars (the cost
    metric counts micro-dollars), with the spend guard's pauses, resumes and refused calls;
    **Saved**: the model runs not made (quiet heartbeats, probe skips, triage, coalesced
    events), per hour."""
    usd = cw.MathExpression(
        expression="cost / 1000000",
        using_metrics={"cost": wakeful_metric(LLM_COST_MICRO_USD)},
        label="USD per hour",
        period=HOUR,
    )
    return [
        cw.GraphWidget(
            title="Spend (USD per hour)",
            left=[usd],
            left_y_axis=cw.YAxisProps(label="USD", show_units=False, min=0),
            right=[wakeful_metric(n).with_(period=HOUR) for n in DASHBOARD_SPEND],
            right_y_axis=cw.YAxisProps(label="count", show_units=False, min=0),
            width=8,
            height=6,
        ),
        cw.GraphWidget(title="Saved (per hour)", left=[wakeful_metric(n).with_(period=HOUR) for n in DASHBOARD_SAVED], width=8, height=6),
    ]


class Observability(Construct):
    """Alarm topic, alarms and dashboard."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        alarm_email: str,
        functions: dict[str, lambda_.Function],
        work_queues: dict[str, sqs.Queue],
        dead_letter_queues: dict[str, sqs.Queue],
        rest_api: apigw.RestApi | None,
        state_machine: sfn.StateMachine | None,
    ) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        prefix = stack.stack_name
        # CloudWatch alarms may publish to an encrypted topic only with a customer
        # managed key whose policy lets CloudWatch use it.
        topic_key = kms.Key(self, "AlarmTopicKey", description="Wakeful: encrypts the alarm topic", enable_key_rotation=True)
        topic_key.add_to_resource_policy(
            iam.PolicyStatement(
                principals=[iam.ServicePrincipal("cloudwatch.amazonaws.com")],
                actions=["kms:Decrypt", "kms:GenerateDataKey*"],
                resources=["*"],  # in a key policy, "*" means this key
                conditions={"StringEquals": {"aws:SourceAccount": stack.account}},
            )
        )
        self.topic = sns.Topic(self, "AlarmTopic", display_name="Wakeful alarms", master_key=topic_key, enforce_ssl=True)
        if alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(alarm_email))
        action = cw_actions.SnsAction(self.topic)
        self.alarms: list[cw.Alarm] = []

        def alarm(cid: str, metric: cw.IMetric, *, threshold: float, description: str, periods: int = 1,
                  datapoints: int | None = None, comparison: cw.ComparisonOperator = cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                  missing: cw.TreatMissingData = cw.TreatMissingData.NOT_BREACHING) -> cw.Alarm:  # fmt: skip
            created = cw.Alarm(
                self,
                cid,
                alarm_name=f"{prefix}-{cid}",
                alarm_description=description,
                metric=metric,
                threshold=threshold,
                evaluation_periods=periods,
                datapoints_to_alarm=datapoints or periods,
                comparison_operator=comparison,
                treat_missing_data=missing,
            )
            created.add_alarm_action(action)
            self.alarms.append(created)
            return created

        # -- DLQs -------------------------------------------------------------------
        for name, dlq in dead_letter_queues.items():
            alarm(
                f"{camel(name)}DlqNotEmpty",
                dlq.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum"),
                threshold=1,
                description=f"Messages in the {name} DLQ: see docs/operations in README 'Deploy to AWS' (inspect, fix, redrive).",
            )

        # -- stuck heartbeats -------------------------------------------------------
        if HEARTBEATS_REQUEUED in METRICS:
            alarm(
                "StuckHeartbeats",
                wakeful_metric(HEARTBEATS_REQUEUED),
                threshold=1,
                periods=3,
                description="Heartbeat leases keep expiring (workers die or time out): heartbeats are re-queued in 3 periods running.",
            )
        if SCAN_ITEMS_READ in METRICS:
            alarm(
                "HeartbeatScanNotRunning",
                wakeful_metric(SCAN_ITEMS_READ, statistic="SampleCount"),
                threshold=1,
                periods=3,
                comparison=cw.ComparisonOperator.LESS_THAN_THRESHOLD,
                missing=cw.TreatMissingData.BREACHING,
                description="The heartbeat scan has not reported for 15 minutes: no heartbeat is being claimed.",
            )
        if "heartbeat" in work_queues:
            alarm(
                "HeartbeatQueueBacklog",
                work_queues["heartbeat"].metric_approximate_age_of_oldest_message(period=PERIOD, statistic="Maximum"),
                threshold=HEARTBEAT_QUEUE_MAX_AGE_SECONDS,
                periods=2,
                description="Heartbeat messages wait more than 15 minutes: the orchestrator is failing or throttled.",
            )

        # -- failure rates ------------------------------------------------------------
        for stem, ok, failed in failure_rate_pairs():
            rate = cw.MathExpression(
                expression="100 * failed / (ok + failed)",
                using_metrics={"ok": wakeful_metric(ok), "failed": wakeful_metric(failed)},
                label=f"{stem} failure rate (%)",
                period=PERIOD,
            )
            threshold = FAILURE_RATE_THRESHOLDS.get(stem, DEFAULT_FAILURE_RATE)
            alarm(
                f"{stem}FailureRate",
                rate,
                threshold=threshold,
                periods=3,
                datapoints=2,
                comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
                description=f"More than {threshold}% of {stem} failed ({failed} / ({ok} + {failed})).",
            )

        # -- functions and API --------------------------------------------------------
        for name, function in functions.items():
            alarm(
                f"{camel(name)}Errors",
                function.metric_errors(period=PERIOD, statistic="Sum"),
                threshold=3,
                periods=3,
                datapoints=2,
                description=f"The {name} function raised errors (uncaught exceptions or timeouts).",
            )
        if rest_api is not None:
            alarm(
                "Api5xx",
                rest_api.metric_server_error(period=PERIOD, statistic="Sum"),
                threshold=5,
                periods=3,
                datapoints=2,
                description="The API answered 5XX.",
            )

        self.dashboard = self._dashboard(prefix, functions, work_queues, dead_letter_queues, rest_api, state_machine)

    def _dashboard(self, prefix, functions, work_queues, dead_letter_queues, rest_api, state_machine) -> cw.Dashboard:  # type: ignore[no-untyped-def]
        dashboard = cw.Dashboard(self, "Dashboard", dashboard_name=f"{prefix}-overview", default_interval=Duration.hours(6))
        dashboard.add_widgets(
            cw.TextWidget(
                markdown="# Wakeful\nHeartbeats, actions, hooks, webhooks and LLM use (namespace `Wakeful`), "
                "then queues, functions, API and hook deliveries. Alarms go to the alarm topic.",
                width=24,
                height=2,
            )
        )
        own = set(DASHBOARD_SPEND) | set(DASHBOARD_SAVED)
        groups = {group: [n for n in names if n not in own] for group, names in metric_groups().items()}
        widgets: list[cw.IWidget] = [
            cw.GraphWidget(title=group, left=[wakeful_metric(n) for n in names], width=8, height=6, statistic="Sum")
            for group, names in groups.items()
            if names
        ]
        widgets += spend_widgets()
        widgets.append(
            cw.GraphWidget(
                title="Failure rates (%)",
                # Math ids must be unique within one graph.
                left=[
                    cw.MathExpression(
                        expression=f"100 * failed{i} / (ok{i} + failed{i})",
                        using_metrics={f"ok{i}": wakeful_metric(ok), f"failed{i}": wakeful_metric(failed)},
                        label=stem,
                        period=PERIOD,
                    )
                    for i, (stem, ok, failed) in enumerate(failure_rate_pairs())
                ],
                width=8,
                height=6,
            )
        )
        widgets.append(cw.AlarmStatusWidget(title="Alarms", alarms=self.alarms, width=8, height=6))
        widgets += [
            cw.GraphWidget(
                title="Queue depth (visible)",
                left=[q.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum", label=n) for n, q in work_queues.items()],
                right=[q.metric_approximate_number_of_messages_not_visible(period=PERIOD, statistic="Maximum", label=f"{n} in flight") for n, q in work_queues.items()],
                width=8,
                height=6,
            ),
            cw.GraphWidget(
                title="DLQ depth",
                left=[q.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum", label=n) for n, q in dead_letter_queues.items()],
                width=8,
                height=6,
            ),
            cw.GraphWidget(
                title="Oldest message age (s)",
                left=[q.metric_approximate_age_of_oldest_message(period=PERIOD, statistic="Maximum", label=n) for n, q in work_queues.items()],
                width=8,
                height=6,
            ),
            cw.GraphWidget(
                title="Lambda errors",
                left=[f.metric_errors(period=PERIOD, statistic="Sum", label=n) for n, f in functions.items()],
                width=8,
                height=6,
            ),
            cw.GraphWidget(
                title="Lambda duration p95 (ms)",
                left=[f.metric_duration(period=PERIOD, statistic="p95", label=n) for n, f in functions.items()],
                width=8,
                height=6,
            ),
            cw.GraphWidget(
                title="Lambda throttles",
                left=[f.metric_throttles(period=PERIOD, statistic="Sum", label=n) for n, f in functions.items()],
                width=8,
                height=6,
            ),
        ]
        if rest_api is not None:
            widgets.append(
                cw.GraphWidget(
                    title="API requests and errors",
                    left=[rest_api.metric_count(period=PERIOD, statistic="Sum", label="requests")],
                    right=[
                        rest_api.metric_client_error(period=PERIOD, statistic="Sum", label="4XX"),
                        rest_api.metric_server_error(period=PERIOD, statistic="Sum", label="5XX"),
                    ],
                    width=8,
                    height=6,
                )
            )
            widgets.append(
                cw.GraphWidget(
                    title="API latency (ms)",
                    left=[
                        rest_api.metric_latency(period=PERIOD, statistic="p50", label="p50"),
                        rest_api.metric_latency(period=PERIOD, statistic="p95", label="p95"),
                    ],
                    width=8,
                    height=6,
                )
            )
        if state_machine is not None:
            widgets.append(
                cw.GraphWidget(
                    title="Hook delivery executions",
                    left=[
                        state_machine.metric_started(period=PERIOD, statistic="Sum", label="started"),
                        state_machine.metric_succeeded(period=PERIOD, statistic="Sum", label="succeeded"),
                        state_machine.metric_failed(period=PERIOD, statistic="Sum", label="failed (gave up)"),
                    ],
                    width=8,
                    height=6,
                )
            )
        for start in range(0, len(widgets), 3):
            dashboard.add_widgets(*widgets[start : start + 3])
        return dashboard
