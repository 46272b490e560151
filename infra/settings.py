"""Deploy-time knobs, read once from CDK context (``-c key=value`` or cdk.json).

Everything has a production default, so ``npx cdk deploy`` needs no flags. Tests and
offline synths set ``wakeful:layerDeps=none`` so that nothing is downloaded.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from constructs import Construct

from wakeful.channels.platforms import models as platforms
from wakeful.llm import providers as llm_providers

#: Python runtime of every function and layer (SnapStart supports 3.12 and later).
PYTHON_VERSION = "3.14"
#: Graviton: cheaper per GB-second than x86_64, and SnapStart supports it.
ARCHITECTURE = "arm64"
#: The stack name ``wakeful keys create`` looks up by default.
STACK_NAME = "Wakeful"

LAYER_DEPS_MODES = ("pip", "none")
#: Model providers a deployment may enable beside the Anthropic API (always there), and
#: those it may default to ("" chooses by the keys): from the providers' registry.
OPTIONAL_LLM_PROVIDERS = llm_providers.stack_optional()
LLM_DEFAULT_PROVIDERS = ("", *llm_providers.names())
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: S3 storage classes the archive's objects may move to (a lifecycle rule may move
#: objects from S3 Standard to each after any number of days).
ARCHIVE_STORAGE_CLASSES = ("GLACIER_IR", "GLACIER", "DEEP_ARCHIVE")

#: The Bedrock default model (Claude Sonnet 4.5), always called through a cross-region
#: inference profile: the one of the deployment's geography, or the global one.
BEDROCK_DEFAULT_BASE_MODEL = "anthropic.claude-sonnet-4-5-20250929-v1:0"
#: Inference profile prefixes by geography, most specific first, with the regions whose
#: requests each takes (a Japanese region is in "jp", then in "apac").
BEDROCK_GEOGRAPHIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("us-gov", ("us-gov-east-1", "us-gov-west-1")),
    ("us", ("us-east-1", "us-east-2", "us-west-1", "us-west-2")),
    ("eu", ("eu-central-1", "eu-central-2", "eu-north-1", "eu-south-1", "eu-south-2", "eu-west-1", "eu-west-2", "eu-west-3")),
    ("jp", ("ap-northeast-1", "ap-northeast-3")),
    ("au", ("ap-southeast-2", "ap-southeast-4")),
    (
        "apac",
        (
            "ap-east-2", "ap-northeast-1", "ap-northeast-2", "ap-northeast-3", "ap-south-1", "ap-south-2", "ap-southeast-1",
            "ap-southeast-2", "ap-southeast-3", "ap-southeast-4", "ap-southeast-5", "ap-southeast-7",
        ),
    ),
)  # fmt: skip
#: The geographies in which the default model has an inference profile (it has no
#: "apac." one); any other region uses its "global." profile.
BEDROCK_DEFAULT_PROFILES = frozenset({"us-gov", "us", "eu", "jp", "au"})


@dataclass(frozen=True)
class DeploySettings:
    """What the stack reads from context; see README "Deploy to AWS"."""

    #: "pip": the layer gets the runtime dependencies (pip, manylinux aarch64 wheels);
    #: "none": the layer holds only the ``wakeful`` package (offline synth and tests).
    layer_deps: str = "pip"
    #: Email address subscribed to the alarm topic (optional).
    alarm_email: str = ""
    #: Upper bound on concurrent tool-runner invocations (SQS event source maximum
    #: concurrency): the guard for the LLM provider's rate limits.
    tool_runner_max_concurrency: int = 10
    #: Reserved concurrency for the tool runner; 0 leaves it unreserved (new accounts
    #: with a 10-execution quota cannot reserve any).
    tool_runner_reserved_concurrency: int = 0
    #: API Gateway stage throttling (steady requests per second, burst).
    api_rate_limit: int = 50
    api_burst_limit: int = 100
    #: Webhook route throttling (per stage, on top of each webhook's own hourly limit).
    webhook_rate_limit: int = 20
    webhook_burst_limit: int = 40
    #: Days CloudWatch keeps function, API and state machine logs.
    log_retention_days: int = 30
    #: "retain" keeps tables and the secrets key on ``cdk destroy``; "destroy" deletes them.
    removal_policy: str = "retain"
    #: WAKEFUL_RETENTION_DAYS of the functions that write the retained tables: events,
    #: heartbeats and actions expire after this many days (0: kept for ever), hook,
    #: webhook and channel rows too (0: after their own 30 days). What expires is
    #: archived to S3 first.
    retention_days: int = 0
    #: The archive's objects move from S3 Standard to ``archive_storage_class`` this many
    #: days after they were written.
    archive_cold_days: int = 30
    archive_storage_class: str = "GLACIER_IR"
    #: Log level of every function (POWERTOOLS_LOG_LEVEL); WARNING cuts most log bytes.
    log_level: str = "INFO"
    #: X-Ray active tracing on functions, the API stage and the hook state machine.
    tracing: bool = True
    #: X-Ray sampling rule for the API stage: traces per second, then this fraction.
    xray_reservoir: int = 1
    xray_sampling_rate: float = 0.05
    #: Model providers enabled beside the Anthropic API: "bedrock" grants the functions
    #: that call a model bedrock:InvokeModel* on ``bedrock_models``; "openai" creates
    #: (or names) the OpenAI-compatible key's secret.
    llm_providers: tuple[str, ...] = ()
    #: The deployment's default provider (WAKEFUL_LLM_PROVIDER); "" chooses by the keys.
    llm_provider: str = ""
    #: Bedrock model ids, inference profile ids or ARNs the functions may invoke (the
    #: first is the Bedrock default model); none given: :func:`bedrock_default_model`.
    bedrock_models: tuple[str, ...] = ()
    #: Shards of the sparse due indexes (WAKEFUL_DUE_SHARDS of every function, 1-256):
    #: they spread the index writes over partitions and let the scan run in parallel.
    #: Raise it freely; lowering it strands items written to the shards removed.
    due_shards: int = 16
    #: Scan invocations per tick, each on its own group of shards (one EventBridge
    #: Scheduler schedule each; 1 to ``due_shards``): each takes ~93,000 idle agents
    #: at 15-minute heartbeats (docs/scaling.md).
    scan_groups: int = 4
    #: Channels: the chat platforms' API bases, when not the platforms' own (a proxy):
    #: ``wakeful:<platform>ApiUrl`` (``slackApiUrl`` …), one per platform with an API in
    #: the platforms' registry. Platform -> URL, only those set.
    platform_api_urls: tuple[tuple[str, str], ...] = ()

    def platform_environment(self) -> dict[str, str]:
        """The functions' environment for the platform API bases that are set."""
        variables = {name: variable for name, (variable, _default) in platforms.endpoints().items()}
        return {variables[name]: url for name, url in self.platform_api_urls}

    @classmethod
    def from_context(cls, scope: Construct) -> "DeploySettings":
        """Read ``wakeful:*`` context keys (env ``WAKEFUL_LAYER_DEPS`` also sets layerDeps)."""

        def get(key: str, default: Any) -> Any:
            value = scope.node.try_get_context(f"wakeful:{key}")
            return default if value is None or value == "" else value

        layer_deps = str(get("layerDeps", os.environ.get("WAKEFUL_LAYER_DEPS") or "pip"))
        if layer_deps not in LAYER_DEPS_MODES:
            raise ValueError(f"wakeful:layerDeps must be one of {LAYER_DEPS_MODES}, not {layer_deps!r}")
        removal = str(get("removalPolicy", "retain"))
        if removal not in ("retain", "destroy"):
            raise ValueError(f"wakeful:removalPolicy must be 'retain' or 'destroy', not {removal!r}")
        log_level = str(get("logLevel", "INFO")).upper()
        if log_level not in LOG_LEVELS:
            raise ValueError(f"wakeful:logLevel must be one of {LOG_LEVELS}, not {log_level!r}")
        tracing = str(get("tracing", "active")).lower()
        if tracing not in ("active", "off"):
            raise ValueError(f"wakeful:tracing must be 'active' or 'off', not {tracing!r}")
        rate = float(get("xraySamplingRate", 0.05))
        if not 0 <= rate <= 1:
            raise ValueError("wakeful:xraySamplingRate must be between 0 and 1")
        providers = _names(get("llmProviders", ""))
        unknown = [p for p in providers if p not in OPTIONAL_LLM_PROVIDERS]
        if unknown:
            raise ValueError(f"wakeful:llmProviders names unknown providers {unknown} (use {', '.join(OPTIONAL_LLM_PROVIDERS)})")
        default = str(get("llmProvider", "")).lower()
        if default not in LLM_DEFAULT_PROVIDERS:
            raise ValueError(f"wakeful:llmProvider must be one of {LLM_DEFAULT_PROVIDERS[1:]}, not {default!r}")
        if default in OPTIONAL_LLM_PROVIDERS and default not in providers:
            providers = (*providers, default)  # the default provider is enabled
        models = _names(get("bedrockModels", ""))  # none: the stack picks by region (bedrock_default_model)
        settings = cls(
            llm_providers=providers,
            llm_provider=default,
            bedrock_models=models,
            layer_deps=layer_deps,
            log_level=log_level,
            tracing=tracing == "active",
            xray_reservoir=int(get("xrayReservoir", 1)),
            xray_sampling_rate=rate,
            alarm_email=str(get("alarmEmail", "")),
            tool_runner_max_concurrency=int(get("toolRunnerMaxConcurrency", 10)),
            tool_runner_reserved_concurrency=int(get("toolRunnerReservedConcurrency", 0)),
            api_rate_limit=int(get("apiRateLimit", 50)),
            api_burst_limit=int(get("apiBurstLimit", 100)),
            webhook_rate_limit=int(get("webhookRateLimit", 20)),
            webhook_burst_limit=int(get("webhookBurstLimit", 40)),
            log_retention_days=int(get("logRetentionDays", 30)),
            removal_policy=removal,
            retention_days=_whole(get("retentionDays", 0), "retentionDays"),
            archive_cold_days=_whole(get("archiveColdDays", 30), "archiveColdDays"),
            archive_storage_class=str(get("archiveStorageClass", "GLACIER_IR")).upper(),
            due_shards=_whole(get("dueShards", 16), "dueShards"),
            scan_groups=_whole(get("scanGroups", 4), "scanGroups"),
            platform_api_urls=_platform_api_urls(get),
        )
        if not 2 <= settings.tool_runner_max_concurrency <= 1000:
            raise ValueError("wakeful:toolRunnerMaxConcurrency must be between 2 and 1000 (SQS event source limits)")
        if not 0 <= settings.retention_days <= 36500:
            raise ValueError("wakeful:retentionDays must be between 0 (keep for ever) and 36500")
        if not 0 <= settings.archive_cold_days <= 36500:
            raise ValueError("wakeful:archiveColdDays must be between 0 and 36500")
        if settings.archive_storage_class not in ARCHIVE_STORAGE_CLASSES:
            raise ValueError(f"wakeful:archiveStorageClass must be one of {ARCHIVE_STORAGE_CLASSES}, not {settings.archive_storage_class!r}")
        if not 1 <= settings.due_shards <= 256:
            raise ValueError("wakeful:dueShards must be between 1 and 256")
        if not 1 <= settings.scan_groups <= settings.due_shards:
            raise ValueError(f"wakeful:scanGroups must be between 1 and dueShards ({settings.due_shards})")
        return settings

    def shard_groups(self) -> list[list[int]]:
        """The shards each scan schedule passes to its invocation."""
        from wakeful.heartbeats.scan import shard_groups

        return shard_groups(self.due_shards, self.scan_groups)


def bedrock_default_model(region: str) -> str:
    """The Bedrock default model for a deployment in ``region``: the inference profile of
    the most specific geography the region belongs to that has one for the default
    model, else the global profile (``ap-south-1`` has no geography profile for it)."""
    for prefix, regions in BEDROCK_GEOGRAPHIES:
        if region in regions and prefix in BEDROCK_DEFAULT_PROFILES:
            return f"{prefix}.{BEDROCK_DEFAULT_BASE_MODEL}"
    return f"global.{BEDROCK_DEFAULT_BASE_MODEL}"


def _whole(value: Any, key: str) -> int:
    """A context value that must be a whole number (text from ``-c``, or a JSON number)."""
    try:
        number = float(value)
    except (TypeError, ValueError) as error:
        raise ValueError(f"wakeful:{key} must be a whole number, not {value!r}") from error
    if isinstance(value, bool) or not number.is_integer():
        raise ValueError(f"wakeful:{key} must be a whole number, not {value!r}")
    return int(number)


def _names(value: Any) -> tuple[str, ...]:
    """A context value that lists names: a list, or a comma-separated text."""
    items = value if isinstance(value, (list, tuple)) else str(value or "").split(",")
    return tuple(dict.fromkeys(str(i).strip() for i in items if str(i).strip()))


def _platform_api_urls(get: Any) -> tuple[tuple[str, str], ...]:
    """``wakeful:<platform>ApiUrl`` of each platform with an API, those set."""
    given = ((name, _https(get(f"{name}ApiUrl", ""), f"{name}ApiUrl")) for name in platforms.endpoints())
    return tuple((name, url) for name, url in given if url)


def _https(value: Any, key: str) -> str:
    """A platform API base: empty, or an https URL (the deployed URL policy calls https only)."""
    text = str(value or "").strip()
    if text and not text.startswith("https://"):
        raise ValueError(f"wakeful:{key} must be an https:// URL, not {text!r}")
    return text.rstrip("/")
