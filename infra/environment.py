"""Each function's environment: only what its code reads, written compactly.

Lambda refuses a function whose variables, as JSON, pass 4 KB. A variable per table and
queue for every function came to 4.1-5 KB with CloudFormation's generated names, so a
function is given only the tables and queues its spec (:mod:`infra.functions`) names,
each list in one variable:

- ``WAKEFUL_TABLES``: ``logical=rest`` pairs, each table's name being
  ``WAKEFUL_TABLE_PREFIX`` + rest. Generated table names are
  ``<stack>-<logical id>-<suffix>``; CloudFormation splits each name on the part of its
  logical id after the tables' common construct path (``Data``) at deploy time, so the
  stack's part is written once.
- ``WAKEFUL_QUEUES``: ``logical=name`` pairs, each URL being ``WAKEFUL_QUEUE_URL_BASE`` +
  name (the base is cut from one of the queues' own URLs).

:mod:`wakeful.config` reads both; a table or queue a function was not given fails
loudly where it is used. The other settings go only to the functions whose code reads
them; ``tests/infra/test_function_environment.py`` measures the worst case.
"""

from __future__ import annotations

import os

from aws_cdk import Fn, Stack
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_sqs as sqs

from infra.data import Data
from infra.functions import FunctionSpec
from infra.messaging import Queues
from infra.settings import DeploySettings
from wakeful import constants, retention
from wakeful.tables import TABLES

#: Tables with a sharded sparse index: every writer must agree on ``WAKEFUL_DUE_SHARDS``.
SHARDED_TABLES = frozenset(name for name, spec in TABLES.items() if any(i.pk.name.endswith("_shard") for i in spec.indexes))


def function_environment(name: str, spec: FunctionSpec, *, settings: DeploySettings, data: Data, queues: Queues) -> dict[str, str]:
    """The variables of the function ``name`` (those the stack adds later for a
    capability, such as the hook state machine's ARN, aside)."""
    tables = spec.tables()
    environment = {
        "POWERTOOLS_SERVICE_NAME": constants.SERVICE_NAME,
        "POWERTOOLS_METRICS_NAMESPACE": constants.METRICS_NAMESPACE,
        "POWERTOOLS_LOG_LEVEL": settings.log_level,
        **table_environment(data.tables, tables),
        **queue_environment(queues.queues, spec.sends),
    }
    if SHARDED_TABLES.intersection(spec.item_tables()):
        # Every writer of the due indexes and the scan must agree on the shards.
        environment[constants.ENV_DUE_SHARDS] = str(settings.due_shards)
    if "encrypt" in spec.kms:
        # Sealing names the key (its id: shorter than its ARN); unsealing reads it from
        # the ciphertext.
        environment[constants.ENV_KMS_KEY_ID] = data.secrets_key.key_id
    if spec.invokes_tools or "tools" in spec.writes:
        # Lambda tools must be in this account (checked when one is saved or called).
        environment[constants.ENV_ACCOUNT_ID] = Stack.of(data).account
    if settings.retention_days and set(retention.TABLES).intersection(spec.writes):
        # Its writes of the retained tables stamp their expiry (wakeful.retention).
        environment[constants.ENV_RETENTION_DAYS] = str(settings.retention_days)
    if name == constants.QUEUE_FUNCTIONS["channel_outbox"]:
        environment.update(settings.platform_environment())  # it alone posts to the platforms
    environment.update(spec.environment)
    return environment


def table_environment(built: dict[str, dynamodb.Table], names: tuple[str, ...]) -> dict[str, str]:
    """``WAKEFUL_TABLE_PREFIX`` and ``WAKEFUL_TABLES`` for the tables ``names``."""
    if not names:
        return {}
    stack = Stack.of(next(iter(built.values())))
    ids = {name: stack.get_logical_id(table.node.default_child) for name, table in built.items()}  # type: ignore[arg-type]
    common = os.path.commonprefix(list(ids.values()))
    pairs, prefix = [], ""
    for name in names:
        table = built[name]
        tail = ids[name][len(common) :]  # e.g. AgentsTable3278BDCC
        parts = Fn.split(tail, table.table_name)  # [<stack>-Data, -<suffix>]
        prefix = prefix or Fn.select(0, parts)
        pairs.append(f"{name}={tail}{Fn.select(1, parts)}")
    return {constants.ENV_TABLE_PREFIX: prefix, constants.ENV_TABLES: ",".join(pairs)}


def queue_environment(built: dict[str, sqs.Queue], names: tuple[str, ...]) -> dict[str, str]:
    """``WAKEFUL_QUEUE_URL_BASE`` and ``WAKEFUL_QUEUES`` for the queues ``names``."""
    if not names:
        return {}
    # https://sqs.<region>.<domain>/<account>/<name>: the base from the first queue's URL.
    parts = Fn.split("/", built[names[0]].queue_url)
    base = Fn.join("", ["https://", Fn.select(2, parts), "/", Fn.select(3, parts), "/"])
    pairs = ",".join(f"{name}={built[name].queue_name}" for name in names)
    return {constants.ENV_QUEUE_URL_BASE: base, constants.ENV_QUEUES: pairs}
