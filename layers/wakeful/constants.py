"""Names shared by the CDK app, the Lambda functions, the local runtime and the tests.

One module so that a resource is named once: the infra passes these environment
variables to the functions, the functions read them through :mod:`wakeful.config`, and
the tests and ``wakeful dev`` create resources under the same names.
"""

from __future__ import annotations

from collections.abc import Mapping

from wakeful import capabilities

SERVICE_NAME = "wakeful"
METRICS_NAMESPACE = "Wakeful"

#: Every table: logical table name -> environment variable holding its physical name, as
#: the installed capabilities' manifests declare them (see :mod:`wakeful.assembly`).
TABLE_ENV: Mapping[str, str] = capabilities.Derived(capabilities.table_env)

#: On AWS each function gets only the tables it uses, in one variable: ``logical=rest``
#: pairs separated by commas, each table's name being ``WAKEFUL_TABLE_PREFIX`` + rest (the
#: prefix, the stack's part of every generated name, is written once). A table's own
#: ``WAKEFUL_TABLE_*`` variable, when set, wins (``wakeful dev``, tests, the keys CLI).
ENV_TABLES = "WAKEFUL_TABLES"
ENV_TABLE_PREFIX = "WAKEFUL_TABLE_PREFIX"

#: Logical queue name -> environment variable holding its URL (the manifests' queues).
QUEUE_ENV: Mapping[str, str] = capabilities.Derived(lambda: {name: queue.env for name, queue in capabilities.queues().items()})

#: Likewise the queues a function sends to: ``logical=name`` pairs, each URL being
#: ``WAKEFUL_QUEUE_URL_BASE`` (``https://sqs.<region>.<domain>/<account>/``) + name; a
#: queue's own ``WAKEFUL_QUEUE_*_URL`` variable wins.
ENV_QUEUES = "WAKEFUL_QUEUES"
ENV_QUEUE_URL_BASE = "WAKEFUL_QUEUE_URL_BASE"

# Queue settings shared by the CDK stack and the local runtime. Each queue's owner says
# in its manifest whether it is FIFO (and why) and which function consumes it.
#: The FIFO queues (a mapping: ``name in FIFO_QUEUES``; name -> environment variable).
FIFO_QUEUES: Mapping[str, str] = capabilities.Derived(lambda: {name: queue.env for name, queue in capabilities.queues().items() if queue.fifo})
QUEUE_MAX_RECEIVES = 5  # receives before a message moves to its DLQ

#: Work queue -> the function its event source mapping invokes (the CDK stack wires
#: these; ``wakeful dev`` polls the same map).
QUEUE_FUNCTIONS: Mapping[str, str] = capabilities.Derived(
    lambda: {name: queue.function for name, queue in capabilities.queues().items() if queue.function is not None}
)

ENV_DEV_MODE = "WAKEFUL_DEV_MODE"
ENV_DEV_API_KEYS = "WAKEFUL_DEV_API_KEYS"
ENV_HOOK_BACKOFF_BASE = "WAKEFUL_HOOK_BACKOFF_BASE_SECONDS"
ENV_HEARTBEAT_LEASE = "WAKEFUL_HEARTBEAT_LEASE_SECONDS"
ENV_DUE_SHARDS = "WAKEFUL_DUE_SHARDS"
ENV_MAX_ROUNDS = "WAKEFUL_MAX_CASCADE_ROUNDS"
# Pages of a heartbeat's window (100 events each) one orchestrator invocation reads
# before it hands over to a fresh one.
ENV_HEARTBEAT_PAGES = "WAKEFUL_HEARTBEAT_PAGES_PER_INVOCATION"
ENV_WEBHOOK_BASE_URL = "WAKEFUL_WEBHOOK_BASE_URL"
ENV_KMS_KEY_ID = "WAKEFUL_KMS_KEY_ID"
# The key list cursors are signed with (see wakeful.pagination): the key itself
# (`wakeful dev` makes one per start), or the Secrets Manager secret holding it (the
# stack generates one per deployment and names it to the functions that list).
ENV_CURSOR_KEY = "WAKEFUL_CURSOR_KEY"
ENV_CURSOR_SECRET = "WAKEFUL_CURSOR_SECRET"
# Lambda tools: the account Wakeful runs in (the CDK stack sets it; else STS says),
# and an optional comma-separated allow-list of other function ARNs (glob patterns).
ENV_ACCOUNT_ID = "WAKEFUL_ACCOUNT_ID"
ENV_LAMBDA_TOOL_ALLOWED_ARNS = "WAKEFUL_LAMBDA_TOOL_ALLOWED_ARNS"
#: Users' Lambda tools must be named with this prefix: the tool runner's role may invoke
#: those and nothing else (not Wakeful's own functions, not the account's others).
LAMBDA_TOOL_FUNCTION_PREFIX = "wakeful-tool-"
# LLM: the deployment's default provider, an installed one (wakeful.llm.slots.PROVIDERS)
# (default: scripted when a script is given, else anthropic when the Anthropic key has a
# source: a Secrets Manager secret, else ANTHROPIC_API_KEY; else scripted), default model, per-call timeout, SDK retries, the default per-agent daily
# token budget, extra prices (JSON, dollars per million tokens) and the conversation
# script of the scripted provider (a JSON file; `wakeful dev --script`).
#: Any value but a provider's name stops the process at start (the llm manifest's
#: ``ENV_CHOICES``, checked by :mod:`wakeful.config`).
ENV_LLM_PROVIDER = "WAKEFUL_LLM_PROVIDER"
ENV_LLM_PRICES = "WAKEFUL_LLM_PRICES"
ENV_LLM_SCRIPT = "WAKEFUL_LLM_SCRIPT"
#: Default models of the providers that are not the deployment's default one.
ENV_BEDROCK_MODEL = "WAKEFUL_BEDROCK_MODEL"
ENV_OPENAI_MODEL = "WAKEFUL_OPENAI_MODEL"
#: Where Bedrock runtime requests go instead of the region's endpoint (a proxy, a fake).
ENV_BEDROCK_ENDPOINT = "AWS_ENDPOINT_URL_BEDROCK_RUNTIME"
#: Name or ARN of the Secrets Manager secret holding the OpenAI-compatible API key.
ENV_OPENAI_SECRET = "WAKEFUL_OPENAI_SECRET"
#: The secret ``wakeful dev`` creates in its emulator from OPENAI_API_KEY.
DEV_OPENAI_SECRET_NAME = "wakeful/openai-api-key"
#: The value the stack gives the OpenAI-compatible key's secret until the operator puts one.
OPENAI_SECRET_PLACEHOLDER = "PLACEHOLDER: put the OpenAI-compatible API key here"
ENV_LLM_MODEL = "WAKEFUL_LLM_MODEL"
ENV_LLM_TIMEOUT = "WAKEFUL_LLM_TIMEOUT_SECONDS"
ENV_LLM_MAX_RETRIES = "WAKEFUL_LLM_MAX_RETRIES"
ENV_LLM_DAILY_TOKEN_BUDGET = "WAKEFUL_LLM_DAILY_TOKEN_BUDGET"
#: Name or ARN of the Secrets Manager secret whose value is the Anthropic API key (set
#: by the stack on the functions that call a model), and how long a read value is
#: reused before the secret is read again (a rotated key is picked up within it).
ENV_ANTHROPIC_SECRET = "WAKEFUL_ANTHROPIC_SECRET"
ENV_ANTHROPIC_SECRET_MAX_AGE = "WAKEFUL_ANTHROPIC_SECRET_MAX_AGE_SECONDS"
DEFAULT_ANTHROPIC_SECRET_MAX_AGE_SECONDS = 300
#: The secret ``wakeful dev`` creates in its emulator from ANTHROPIC_API_KEY.
DEV_ANTHROPIC_SECRET_NAME = "wakeful/anthropic-api-key"
#: The value the stack gives the secret it creates, until the operator puts the key.
ANTHROPIC_SECRET_PLACEHOLDER = "PLACEHOLDER: put the Anthropic API key here"
# Hooks: the deliver-hook state machine the firing functions start, and how
# long an endpoint may keep failing before it is disabled (Svix: 5 days).
ENV_HOOK_STATE_MACHINE_ARN = "WAKEFUL_HOOK_STATE_MACHINE_ARN"
ENV_HOOK_DISABLE_AFTER = "WAKEFUL_HOOK_DISABLE_AFTER_SECONDS"
# The longest timeout_ms of a hook whose first attempt the firing function makes itself
# (longer ones start the state machine at once); 0: every delivery starts it.
ENV_HOOK_INLINE_MAX_MS = "WAKEFUL_HOOK_INLINE_MAX_MS"
# Dev mode: loopback ports outbound calls may never reach (set by `wakeful dev`: the
# emulator's and the API's own), and an optional allow-list of the ports they may.
ENV_DEV_BLOCKED_PORTS = "WAKEFUL_DEV_BLOCKED_PORTS"
ENV_DEV_ALLOWED_PORTS = "WAKEFUL_DEV_ALLOWED_PORTS"
# Dev mode: of the blocked ports, those whose webhook intake (POST /webhooks/{id}) may
# still be called, as a hook on AWS can call the stack's own API (`wakeful dev`: the API's).
ENV_DEV_INTAKE_PORTS = "WAKEFUL_DEV_INTAKE_PORTS"
# Retention: days after which log, heartbeat, action, hook-execution and
# webhook-request items expire (DynamoDB TTL); unset or 0 keeps them.
ENV_RETENTION_DAYS = "WAKEFUL_RETENTION_DAYS"
# The S3 bucket the archiver writes expired records to (wakeful.archive).
ENV_ARCHIVE_BUCKET = "WAKEFUL_ARCHIVE_BUCKET"

#: The tool runner's timeout: HTTP tools keep all their attempts inside it.
TOOL_RUNNER_TIMEOUT_SECONDS = 180
# Threads: how long a run step may hold a thread before the scan re-sends it,
# how many times before the thread fails, and how many threads of one agent may run at once.
ENV_THREAD_LEASE = "WAKEFUL_THREAD_LEASE_SECONDS"
ENV_THREAD_MAX_ATTEMPTS = "WAKEFUL_THREAD_MAX_ATTEMPTS"
ENV_THREAD_MAX_RUNNING = "WAKEFUL_THREAD_MAX_RUNNING_PER_AGENT"
# Live stream: retention of stored stream events, how often buffered deltas
# are written, the WebSocket API's management endpoint (the fan-out posts there), and
# how often an open stream checks again that its API key is still valid.
ENV_STREAM_RETENTION_DAYS = "WAKEFUL_STREAM_RETENTION_DAYS"
ENV_STREAM_FLUSH_SECONDS = "WAKEFUL_STREAM_FLUSH_SECONDS"
ENV_STREAM_WS_ENDPOINT = "WAKEFUL_STREAM_WS_ENDPOINT"
ENV_STREAM_KEY_RECHECK_SECONDS = "WAKEFUL_STREAM_KEY_RECHECK_SECONDS"

#: Function logical names (folder under functions/ and the CDK construct id) -> the
#: capability owning it: the API's, then those the manifests declare, in the package order.
FUNCTIONS: Mapping[str, str] = capabilities.Derived(
    lambda: {"api": "api", **{function: capability.name for capability in capabilities.installed() for function in capability.functions}}
)

# CloudFormation stack outputs.
OUTPUT_API_URL = "ApiUrl"
OUTPUT_INGEST_QUEUE_URL = "IngestQueueUrl"
OUTPUT_STREAM_WEBSOCKET_URL = "StreamWebSocketUrl"
OUTPUT_ARCHIVE_BUCKET = "ArchiveBucketName"
