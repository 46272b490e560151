"""Settings parsed once, at cold start, from the environment.

:class:`Settings` is a :class:`~wakeful.structs.Struct` built and checked by :func:`settings_from_env` rather
than a pydantic model: every handler reads it on its first call, and pydantic's import
(about a third of ``import boto3``) would land on paths that validate nothing else with
it (the scan, the orchestrator, the ingest and webhook functions). Not a dataclass: every
cold start defines it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from wakeful import capabilities, constants
from wakeful.structs import Struct

#: Numeric settings -> (type, minimum, maximum or None): parsed from their environment
#: variable's text and checked; a value out of range fails the cold start loudly.
_BOUNDS: dict[str, tuple[type, float, float | None]] = {
    "heartbeat_lease_seconds": (int, 1, None),
    "due_shards": (int, 1, 256),
    "max_cascade_rounds": (int, 1, 50),
    "heartbeat_pages_per_invocation": (int, 1, 1000),
    "max_heartbeat_attempts": (int, 1, None),
    "hook_backoff_base_seconds": (float, 0, None),
    "hook_disable_after_seconds": (int, 0, None),
    "hook_inline_max_ms": (int, 0, 30000),
    "retention_days": (int, 0, 36500),
    "thread_lease_seconds": (int, 1, None),
    "thread_max_attempts": (int, 1, None),
    "thread_max_running_per_agent": (int, 1, None),
}


class NotConfiguredError(LookupError):
    """A table or queue this process was not given: on AWS, one its function's spec
    (``infra/functions.py``) does not name, so its role may not use it either."""


class Settings(Struct):
    """Everything a Wakeful process reads from its environment."""

    #: The tables this process was given (logical -> physical name); ``wakeful dev``
    #: names every table, a deployed function only those it uses.
    tables: dict[str, str]
    #: Likewise the queues (logical -> URL).
    queues: dict[str, str]
    region: str = "us-east-1"
    endpoint_url: str | None = None
    dev_mode: bool = False
    dev_api_keys: str = ""
    heartbeat_lease_seconds: int = 900
    due_shards: int = 16  # the deploy default (infra/settings.py, wakeful:dueShards)
    max_cascade_rounds: int = 5
    heartbeat_pages_per_invocation: int = 20
    max_heartbeat_attempts: int = 3
    hook_backoff_base_seconds: float = 2.0
    hook_state_machine_arn: str = ""
    hook_disable_after_seconds: int = 5 * 24 * 3600
    #: The longest ``timeout_ms`` of a hook whose first attempt the firing function
    #: makes itself, when its invocation has the time (docs/hooks.md); 0: never.
    hook_inline_max_ms: int = 10000
    webhook_base_url: str = ""
    kms_key_id: str = ""
    #: Dev mode: loopback ports hooks and tools may never call (the emulator, the API).
    dev_blocked_ports: frozenset[int] = frozenset()
    #: Dev mode: if set, the only loopback ports hooks and tools may call.
    dev_allowed_ports: frozenset[int] = frozenset()
    #: Dev mode: blocked ports whose webhook intake (``/webhooks/{id}``) may be called.
    dev_intake_ports: frozenset[int] = frozenset()
    #: Days after which events, heartbeats, actions, hook executions and webhook
    #: requests expire (DynamoDB TTL); 0 keeps them for ever.
    retention_days: int = 0
    cursor_key: str = ""
    #: Name or ARN of the Secrets Manager secret holding the cursor key (when
    #: ``cursor_key`` is not given itself).
    cursor_secret: str = ""
    thread_lease_seconds: int = 300
    thread_max_attempts: int = 3
    thread_max_running_per_agent: int = 4
    account_id: str = ""
    #: The outside APIs' bases (a chat platform's: a proxy, or a local fake in tests),
    #: by name: each capability's ``endpoints`` name them, their variables and defaults.
    api_urls: Mapping[str, str] = {}
    lambda_tool_allowed_arns: tuple[str, ...] = ()

    def api_url(self, name: str) -> str:
        """The base URL of an outside API (a chat platform's), without a trailing slash.

        Raises:
            NotConfiguredError: no capability names this API.
        """
        try:
            return self.api_urls[name]
        except KeyError:
            raise NotConfiguredError(f"no outside API named {name!r}") from None

    def table(self, logical: str) -> str:
        """Physical name of a logical table (see :data:`wakeful.tables.TABLES`).

        Raises:
            NotConfiguredError: this process was not given the table.
        """
        try:
            return self.tables[logical]
        except KeyError:
            raise NotConfiguredError(_not_given("table", logical, constants.TABLE_ENV.get(logical), constants.ENV_TABLES)) from None

    def queue(self, logical: str) -> str:
        """URL of a logical queue.

        Raises:
            NotConfiguredError: this process was not given the queue.
        """
        try:
            return self.queues[logical]
        except KeyError:
            raise NotConfiguredError(_not_given("queue", logical, constants.QUEUE_ENV.get(logical), constants.ENV_QUEUES)) from None


def _not_given(kind: str, logical: str, own_variable: str | None, shared_variable: str) -> str:
    own = f"{own_variable} is not set and " if own_variable else ""
    return (
        f"{kind} {logical!r} is not configured: {own}{shared_variable} does not name it "
        f"(on AWS each function is given only the {kind}s its spec in infra/functions.py names)"
    )


def _pairs(text: str, variable: str) -> dict[str, str]:
    """``"a=x,b=y"`` -> {"a": "x", "b": "y"}.

    Raises:
        ValueError: an entry is not ``name=value``.
    """
    found: dict[str, str] = {}
    for entry in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = entry.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"{variable} must be name=value pairs separated by commas, not {entry!r}")
        found[name.strip()] = value.strip()
    return found


def dev_table_name(logical: str) -> str:
    """The name ``wakeful dev`` gives a table (``agents`` -> ``wakeful-agents``)."""
    return f"wakeful-{logical.replace('_', '-')}"


def _tables(env: Mapping[str, str], dev_mode: bool) -> dict[str, str]:
    """The tables named by the environment: ``WAKEFUL_TABLES`` (after its prefix), then
    each table's own variable; in dev mode every other table by its dev name. Outside
    dev mode a table named nowhere is not configured (never a guessed name)."""
    prefix = env.get(constants.ENV_TABLE_PREFIX, "")
    tables = {name: prefix + rest for name, rest in _pairs(env.get(constants.ENV_TABLES, ""), constants.ENV_TABLES).items()}
    for name, variable in constants.TABLE_ENV.items():
        if env.get(variable):
            tables[name] = env[variable]
        elif dev_mode:
            tables.setdefault(name, dev_table_name(name))
    return tables


def _queues(env: Mapping[str, str]) -> dict[str, str]:
    """The queues named by the environment: ``WAKEFUL_QUEUES`` (names after
    ``WAKEFUL_QUEUE_URL_BASE``, or whole URLs), then each queue's own variable.

    Raises:
        ValueError: queues are named without the base their URLs need.
    """
    base = env.get(constants.ENV_QUEUE_URL_BASE, "")
    queues: dict[str, str] = {}
    for name, value in _pairs(env.get(constants.ENV_QUEUES, ""), constants.ENV_QUEUES).items():
        if "://" not in value and not base:
            raise ValueError(f"{constants.ENV_QUEUES} names queue {name!r} without a URL and {constants.ENV_QUEUE_URL_BASE} is not set")
        queues[name] = value if "://" in value else base + value
    for name, variable in constants.QUEUE_ENV.items():
        if env.get(variable):
            queues[name] = env[variable]
    return queues


def _checked(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` with its numeric settings (text from the environment) parsed and checked
    against :data:`_BOUNDS` (the defaults are within them).

    Raises:
        ValueError: a numeric setting is not a number or is out of its range.
    """
    for name, (kind, low, high) in _BOUNDS.items():
        if name not in raw:
            continue
        value = _number(name, raw[name], kind)
        if value < low or (high is not None and value > high):
            bounds = f">= {low:g}" + (f" and <= {high:g}" if high is not None else "")
            raise ValueError(f"setting {name} must be {bounds}, not {value!r}")
        raw[name] = value
    return raw


def _number(name: str, value: Any, kind: type) -> Any:
    """``value`` (a number or its text) as ``kind``; a float with a fraction is no int."""
    if isinstance(value, bool):
        raise ValueError(f"setting {name} must be a number, not {value!r}")
    try:
        number = float(value) if kind is float else _integer(value)
    except (TypeError, ValueError) as error:
        raise ValueError(f"setting {name} must be {'a number' if kind is float else 'an integer'}, not {value!r}") from error
    return number


def _integer(value: Any) -> int:
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(value)
        return int(value)
    return int(value)


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def settings_from_env(env: Mapping[str, str] | None = None) -> Settings:
    """Build :class:`Settings` from an environment mapping (default ``os.environ``).

    Raises:
        ValueError: a variable holds a value its setting cannot take.
    """
    env = os.environ if env is None else env
    # Not a setting of this module's, but every function reads these at its cold start:
    # a provider no model call could use fails it there, loudly, not every thread later.
    _choices(env)
    dev_mode = _truthy(env.get(constants.ENV_DEV_MODE))
    raw: dict[str, Any] = {
        "region": env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or "us-east-1",
        "endpoint_url": env.get("AWS_ENDPOINT_URL") or None,
        "tables": _tables(env, dev_mode),
        "queues": _queues(env),
        "dev_mode": dev_mode,
        "dev_api_keys": env.get(constants.ENV_DEV_API_KEYS, ""),
        "webhook_base_url": env.get(constants.ENV_WEBHOOK_BASE_URL, ""),
        "kms_key_id": env.get(constants.ENV_KMS_KEY_ID, ""),
        "cursor_key": env.get(constants.ENV_CURSOR_KEY, ""),
        "cursor_secret": env.get(constants.ENV_CURSOR_SECRET, ""),
        "account_id": env.get(constants.ENV_ACCOUNT_ID, ""),
        "lambda_tool_allowed_arns": tuple(
            p.strip() for p in env.get(constants.ENV_LAMBDA_TOOL_ALLOWED_ARNS, "").split(",") if p.strip()
        ),
        "hook_state_machine_arn": env.get(constants.ENV_HOOK_STATE_MACHINE_ARN, ""),
        "api_urls": {name: (env.get(variable) or default).rstrip("/") for name, (variable, default) in capabilities.endpoints().items()},
    }
    optional = {
        "heartbeat_lease_seconds": constants.ENV_HEARTBEAT_LEASE,
        "due_shards": constants.ENV_DUE_SHARDS,
        "max_cascade_rounds": constants.ENV_MAX_ROUNDS,
        "heartbeat_pages_per_invocation": constants.ENV_HEARTBEAT_PAGES,
        "hook_backoff_base_seconds": constants.ENV_HOOK_BACKOFF_BASE,
        "hook_disable_after_seconds": constants.ENV_HOOK_DISABLE_AFTER,
        "hook_inline_max_ms": constants.ENV_HOOK_INLINE_MAX_MS,
        "retention_days": constants.ENV_RETENTION_DAYS,
        "thread_lease_seconds": constants.ENV_THREAD_LEASE,
        "thread_max_attempts": constants.ENV_THREAD_MAX_ATTEMPTS,
        "thread_max_running_per_agent": constants.ENV_THREAD_MAX_RUNNING,
    }
    for field_name, var in optional.items():
        if env.get(var):
            raw[field_name] = env[var]
    for field_name, var in (
        ("dev_blocked_ports", constants.ENV_DEV_BLOCKED_PORTS),
        ("dev_allowed_ports", constants.ENV_DEV_ALLOWED_PORTS),
        ("dev_intake_ports", constants.ENV_DEV_INTAKE_PORTS),
    ):
        raw[field_name] = _ports(env.get(var, ""), var)
    return Settings(**_checked(raw))


def llm_provider(value: str | None) -> str:
    """The deployment's default model provider as ``WAKEFUL_LLM_PROVIDER`` gives it
    (trimmed, lower case; empty when unset: :mod:`wakeful.llm.settings` chooses).

    Raises:
        ValueError: it names no provider Wakeful has (the message names the variable
            and the allowed values).
    """
    return choice(constants.ENV_LLM_PROVIDER, value)


def choice(variable: str, value: str | None) -> str:
    """``value`` of ``variable`` (trimmed, lower case; empty when unset), checked
    against the values a capability's manifest allows it (``env_choices``; the model
    providers' registry for ``WAKEFUL_LLM_PROVIDER``).

    Raises:
        ValueError: a value it does not allow (the message names the variable and the
            allowed values).
    """
    chosen = (value or "").strip().lower()
    allowed = capabilities.env_choices().get(variable)
    if chosen and allowed is not None:
        names = tuple(allowed())
        if chosen not in names:
            spelled = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)
            raise ValueError(f"{variable} must be {spelled}, not {value!r}")
    return chosen


def _choices(env: Mapping[str, str]) -> None:
    """Check every variable a capability restricts to its choices (a value out of them
    fails the cold start loudly)."""
    for variable in capabilities.env_choices():
        if env.get(variable):
            choice(variable, env[variable])


def _ports(spec: str, name: str) -> frozenset[int]:
    """``"4566, 8080"`` -> {4566, 8080}."""
    try:
        return frozenset(int(part) for part in spec.replace(",", " ").split())
    except ValueError as error:
        raise ValueError(f"{name} must be port numbers separated by commas, not {spec!r}") from error


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return settings_from_env()
