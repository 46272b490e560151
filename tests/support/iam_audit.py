"""Checks the CDK stack's least-privilege grants against what the handlers really do.

Every DynamoDB and SQS call a handler makes during the test session is recorded with
the function that made it (the local runtime knows which handler runs); at the end,
each must be allowed by that function's spec in ``infra/functions.py``.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any

WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem"}
READS = {"GetItem", "Query", "BatchGetItem"}


class IamAudit:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tables: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))  # fn -> table -> ops
        self.queues: dict[str, set[str]] = defaultdict(set)

    def install(self) -> None:
        from wakeful import aws

        aws.client("dynamodb").meta.events.register("before-parameter-build.dynamodb", self._dynamodb, unique_id="iam-audit")
        aws.client("sqs").meta.events.register("before-parameter-build.sqs", self._sqs, unique_id="iam-audit")

    def _function(self) -> str | None:
        from wakeful_dev.lambdas import current_function

        return current_function.get()

    def _dynamodb(self, params: Any = None, model: Any = None, **_: Any) -> None:
        function = self._function()
        if not function or not params or model is None:
            return
        names: list[tuple[str, str]] = []
        if model.name == "TransactWriteItems":
            for entry in params.get("TransactItems", []):
                (kind, op), = entry.items()
                names.append((op["TableName"], "ConditionCheckItem" if kind == "ConditionCheck" else "PutItem"))
        elif model.name in ("BatchGetItem", "BatchWriteItem"):
            names.extend((table, model.name) for table in params.get("RequestItems", {}))
        elif "TableName" in params:
            names.append((params["TableName"], model.name))
        with self.lock:
            for table, op in names:
                self.tables[function][table].add(op)

    def _sqs(self, params: Any = None, model: Any = None, **_: Any) -> None:
        function = self._function()
        if function and params and model is not None and model.name.startswith("SendMessage"):
            with self.lock:
                self.queues[function].add(params.get("QueueUrl", ""))

    def problems(self, table_names: dict[str, str], queue_urls: dict[str, str]) -> list[str]:
        from infra.functions import specs

        logical_table = {physical: logical for logical, physical in table_names.items()}
        logical_queue = {url: name for name, url in queue_urls.items()}
        found = []
        all_specs = specs()
        for function, tables in self.tables.items():
            spec = all_specs.get(function)
            if spec is None:
                found.append(f"{function}: no spec in infra/functions.py")
                continue
            for table, ops in tables.items():
                logical = logical_table.get(table, table)
                if ops & WRITES and logical not in spec.writes:
                    found.append(f"{function} writes {logical} ({sorted(ops & WRITES)}) without a write grant")
                elif ops & READS and logical not in spec.tables():
                    found.append(f"{function} reads {logical} ({sorted(ops & READS)}) without a grant")
        for function, urls in self.queues.items():
            spec = all_specs.get(function)
            for url in urls:
                queue = logical_queue.get(url, url)
                if spec is not None and queue not in spec.sends:
                    found.append(f"{function} sends to {queue} without a grant")
        return found
