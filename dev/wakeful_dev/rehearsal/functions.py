"""The stack's functions as deployed: each one's configuration read back from moto
(GetFunctionConfiguration), its code and layer taken from the assets the stack was
created from, and run in a process of its own, a stand-in for a Lambda execution
environment, with exactly that configuration's environment plus what a Lambda runtime
itself provides (:func:`runtime_environment`) and ``AWS_ENDPOINT_URL``, pointing at the
moto server: the one variable no Lambda has, which sends the functions' AWS calls to the
emulator.

:class:`Gateway` answers requests as the deployed REST API routes them (its resources,
methods and integrations, read back from moto); :class:`EventSources` plays the
event source mappings the stack created (read back from moto), polling their queues.
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wakeful_dev.gateway import proxy_event
from wakeful_dev.rehearsal.cloud import REGION, Clients, RehearsalError, Resolver, Synthesis, die_with_parent
from wakeful_dev.sqs_poller import lambda_records

ROOT = Path(__file__).resolve().parents[3]
RUNTIME_SCRIPT = Path(__file__).with_name("runtime.py")
#: Lambda's limit on a function's environment variables: their JSON, in bytes.
ENVIRONMENT_LIMIT_BYTES = 4096
#: Variables Lambda sets itself: a function's configuration may not set them.
RESERVED = frozenset({
    "_HANDLER", "_X_AMZN_TRACE_ID", "AWS_DEFAULT_REGION", "AWS_REGION", "AWS_EXECUTION_ENV",
    "AWS_LAMBDA_FUNCTION_NAME", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "AWS_LAMBDA_FUNCTION_VERSION",
    "AWS_LAMBDA_INITIALIZATION_TYPE", "AWS_LAMBDA_LOG_GROUP_NAME", "AWS_LAMBDA_LOG_STREAM_NAME",
    "AWS_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
    "AWS_LAMBDA_RUNTIME_API", "LAMBDA_TASK_ROOT", "LAMBDA_RUNTIME_DIR",
})  # fmt: skip


@dataclass(frozen=True)
class Function:
    """One deployed function: its configuration as moto answers it, and its code."""

    name: str  # the folder under functions/ its code is
    config: dict[str, Any]
    task_root: Path  # its code asset: a copy of functions/<name>/
    layer_dirs: tuple[Path, ...]  # each layer asset's python/ (Lambda's /opt/python)

    @property
    def environment(self) -> dict[str, str]:
        return dict((self.config.get("Environment") or {}).get("Variables") or {})

    def environment_bytes(self) -> int:
        """Its environment's size as Lambda measures it (compact JSON)."""
        return len(json.dumps(self.environment, separators=(",", ":")).encode())


def runtime_environment(function: Function, endpoint: str, xray_address: str) -> dict[str, str]:
    """The process environment of a function: its configuration's variables, what the
    Lambda runtime sets, and ``AWS_ENDPOINT_URL`` (the emulator)."""
    config = function.config
    log_group = (config.get("LoggingConfig") or {}).get("LogGroup") or f"/aws/lambda/{config['FunctionName']}"
    provided = {
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "testing",  # the execution role's credentials
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_LAMBDA_FUNCTION_NAME": config["FunctionName"],
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": str(config["MemorySize"]),
        "AWS_LAMBDA_FUNCTION_VERSION": config.get("Version", "$LATEST"),
        "AWS_LAMBDA_INITIALIZATION_TYPE": "on-demand",
        "AWS_LAMBDA_LOG_GROUP_NAME": log_group,
        "AWS_LAMBDA_LOG_STREAM_NAME": f"rehearsal/{uuid.uuid4().hex}",
        "AWS_EXECUTION_ENV": f"AWS_Lambda_{config['Runtime']}",
        "AWS_XRAY_DAEMON_ADDRESS": xray_address,
        "AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR",
        "_HANDLER": config["Handler"],
        "LAMBDA_TASK_ROOT": str(function.task_root),
        "LANG": "en_US.UTF-8",
        "TZ": ":UTC",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    }
    return {**function.environment, **provided, "AWS_ENDPOINT_URL": endpoint}


class Runtime:
    """One function's execution environment: a process that imported its handler
    (the init phase) and takes invocations one at a time."""

    def __init__(self, function: Function, environment: dict[str, str], log: Path) -> None:
        self.function = function
        self.log = log
        read, write = os.pipe()
        with open(log, "ab") as out:
            module, _, attribute = function.config["Handler"].rpartition(".")
            layer = os.pathsep.join(str(d) for d in function.layer_dirs)
            self.process = subprocess.Popen(
                [sys.executable, "-I", str(RUNTIME_SCRIPT), str(function.task_root), layer, f"{module}.{attribute}",
                 str(write), function.config["FunctionArn"]],
                env=environment, stdin=subprocess.PIPE, stdout=out, stderr=subprocess.STDOUT, pass_fds=(write,),
                preexec_fn=die_with_parent,
            )  # fmt: skip
        os.close(write)
        self.answers = os.fdopen(read)

    def invoke(self, event: dict[str, Any]) -> Any:
        """The handler's answer to ``event``; raises :class:`RehearsalError` on an error,
        or when the function's timeout passes first (the process is then stopped)."""
        timeout = float(self.function.config["Timeout"])
        request = {
            "event": event,
            "request_id": str(uuid.uuid4()),
            "trace_id": f"Root=1-{int(time.time()):08x}-{uuid.uuid4().hex[:24]};Parent={uuid.uuid4().hex[:16]};Sampled=1",
            "deadline_ms": int((time.time() + timeout) * 1000),
        }
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()
        ready, _, _ = select.select([self.answers], [], [], timeout + 5)
        line = self.answers.readline() if ready else ""
        if not line:
            self.stop()
            raise RehearsalError(f"{self.function.name}: no answer within its {timeout:.0f} s timeout{self.tail()}")
        answer = json.loads(line)
        if "result" not in answer:
            phase = "init" if answer.get("init") else "invocation"
            trace = "".join(answer.get("stackTrace") or [])
            raise RehearsalError(f"{self.function.name}: {phase} error {answer.get('errorType')}: {answer.get('errorMessage')}\n{trace}{self.tail()}")
        return answer["result"]

    def tail(self, lines: int = 30) -> str:
        """The end of the function's output, for an error message."""
        text = self.log.read_text(errors="replace").splitlines()[-lines:] if self.log.exists() else []
        return f"\n--- {self.log} (last {len(text)} lines)\n" + "\n".join(text) if text else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.answers.close()


def _asset_dirs(synthesis: Synthesis) -> dict[str, Path]:
    """Asset object key -> the asset's directory in the cloud assembly."""
    found = {}
    for asset in synthesis.assets.get("files", {}).values():
        for destination in asset["destinations"].values():
            found[destination["objectKey"]] = synthesis.outdir / asset["source"]["path"]
    return found


def _python_files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*.py") if "__pycache__" not in p.parts}


def source_folder(code: Path) -> str:
    """The folder under functions/ whose Python files the code asset holds."""
    files = _python_files(code)
    for folder in sorted((ROOT / "functions").iterdir()):
        if folder.is_dir() and files and _python_files(folder) == files:
            return folder.name
    raise RehearsalError(f"the code asset {code.name} is no folder of functions/")


class Functions:
    """Every function the stack created, by name and ARN, each invoked in its own
    :class:`Runtime` (started at its first invocation)."""

    def __init__(self, clients: Clients, synthesis: Synthesis, resolver: Resolver, endpoint: str, logs: Path, xray_address: str) -> None:
        self.endpoint = endpoint
        self.logs = logs
        self.xray_address = xray_address
        self.by_physical: dict[str, Function] = {}
        self.runtimes: dict[str, Runtime] = {}
        #: Invocations per function (its folder name), for the progress lines.
        self.invocations: Counter[str] = Counter()
        assets = _asset_dirs(synthesis)
        resources = synthesis.template["Resources"]
        for logical_id, resource in resources.items():
            if resource["Type"] != "AWS::Lambda::Function":
                continue
            physical = resolver.ref(logical_id, {})
            config = clients("lambda").get_function_configuration(FunctionName=physical)
            props = resource["Properties"]
            code = assets[props["Code"]["S3Key"]]
            layers = tuple(assets[resources[ref["Ref"]]["Properties"]["Content"]["S3Key"]] / "python" for ref in props.get("Layers", []))
            if len(layers) != len(config.get("Layers") or []):
                raise RehearsalError(f"{physical}: the template gives {len(layers)} layers, the function has {len(config.get('Layers') or [])}")
            self.by_physical[physical] = Function(source_folder(code), config, code, layers)

    def __iter__(self) -> Any:
        return iter(self.by_physical.values())

    def of_arn(self, arn: str) -> Function:
        """The function an ARN names (unqualified, or qualified by a version or alias)."""
        name = arn.split(":")[6] if arn.startswith("arn:") else arn.split(":")[0]
        if name not in self.by_physical:
            raise RehearsalError(f"{arn}: no function of the stack")
        return self.by_physical[name]

    def invoke(self, function: Function, event: dict[str, Any]) -> Any:
        physical = function.config["FunctionName"]
        if physical not in self.runtimes:
            environment = runtime_environment(function, self.endpoint, self.xray_address)
            self.runtimes[physical] = Runtime(function, environment, self.logs / f"{function.name}.log")
        self.invocations[function.name] += 1
        return self.runtimes[physical].invoke(event)

    def logged_errors(self) -> list[str]:
        """Errors the functions logged (Powertools' ERROR and CRITICAL lines, and
        tracebacks outside them) though their invocations answered: a failure a handler
        caught is a failure all the same."""
        found = []
        for runtime in self.runtimes.values():
            text = runtime.log.read_text(errors="replace") if runtime.log.exists() else ""
            for line in text.splitlines():
                try:
                    record = json.loads(line)
                except ValueError:
                    record = None
                if isinstance(record, dict) and record.get("level") in ("ERROR", "CRITICAL"):
                    found.append(f"{runtime.function.name}: {record.get('message')} {str(record.get('exception', ''))[-300:]}")
                elif record is None and line.startswith("Traceback"):
                    found.append(f"{runtime.function.name}: a traceback (see {runtime.log})")
        return found

    def stop(self) -> None:
        """End every runtime (as Lambda ends idle environments: no shutdown phase runs)."""
        for runtime in self.runtimes.values():
            runtime.stop()


def configuration_problems(function: Function) -> list[str]:
    """What Lambda's CreateFunction would refuse in a configuration moto accepted."""
    problems = []
    reserved = sorted(RESERVED & set(function.environment))
    if reserved:
        problems.append(f"{function.name}: sets reserved variables {reserved}")
    size = function.environment_bytes()
    if size > ENVIRONMENT_LIMIT_BYTES:
        problems.append(f"{function.name}: environment of {size:,} bytes, over Lambda's {ENVIRONMENT_LIMIT_BYTES:,}")
    if not (function.task_root / (function.config["Handler"].rpartition(".")[0].replace(".", "/") + ".py")).is_file():
        problems.append(f"{function.name}: handler {function.config['Handler']} is not in its code")
    return problems


# -- the REST API, as deployed ---------------------------------------------------------


@dataclass(frozen=True)
class Route:
    path: str  # the resource's path, e.g. /webhooks/{webhook_id}
    pattern: re.Pattern[str]
    methods: dict[str, str]  # HTTP method (or ANY) -> the integration's function ARN
    rank: tuple[int, int]  # literal segments first, then parameters, {proxy+} last


def _route(resource: dict[str, Any]) -> Route | None:
    methods = {}
    for method, spec in (resource.get("resourceMethods") or {}).items():
        uri = (spec.get("methodIntegration") or {}).get("uri", "")
        found = re.search(r":lambda:path/2015-03-31/functions/(arn:[^/]+)/invocations$", uri)
        if spec.get("methodIntegration", {}).get("type") == "AWS_PROXY" and found:
            methods[method] = found.group(1)
    if not methods:
        return None
    path = resource["path"]
    parts, literal, params = [], 0, 0
    for segment in filter(None, path.split("/")):
        if segment.endswith("+}"):
            parts.append(f"(?P<{segment[1:-2]}>.+)")
            params += 10
        elif segment.startswith("{"):
            parts.append(f"(?P<{segment[1:-1]}>[^/]+)")
            params += 1
        else:
            parts.append(re.escape(segment))
            literal += 1
    return Route(path, re.compile("^/" + "/".join(parts) + "/?$"), methods, (params, -literal))


class Gateway:
    """Requests answered as the deployed REST API routes them: the resource that
    matches (literal segments before parameters before ``{proxy+}``), its method (or
    ANY), and the function of its Lambda proxy integration, with a REST proxy event."""

    def __init__(self, clients: Clients, rest_api_id: str, functions: Functions, host: str) -> None:
        self.functions = functions
        self.host = host
        items = clients("apigateway").get_resources(restApiId=rest_api_id, embed=["methods"])["items"]
        self.routes = sorted(filter(None, (_route(r) for r in items)), key=lambda r: r.rank)
        stages = clients("apigateway").get_stages(restApiId=rest_api_id)["item"]
        if len(stages) != 1:
            raise RehearsalError(f"the REST API has {len(stages)} stages, expected one")
        self.stage = stages[0]["stageName"]

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any, Function]:
        """(status, decoded JSON body or text, the function that answered)."""
        raw = body if isinstance(body, bytes) else (json.dumps(body).encode() if body is not None else b"")
        sent = {"Host": self.host, "Content-Type": "application/json", **(headers or {})}
        for route in self.routes:
            match = route.pattern.match(path.split("?", 1)[0])
            arn = route.methods.get(method) or route.methods.get("ANY") if match else None
            if match and arn:
                break
        else:
            raise RehearsalError(f"the REST API has no route for {method} {path}")
        event = proxy_event(method, path, sent, raw, "203.0.113.7")
        event["resource"] = event["requestContext"]["resourcePath"] = route.path
        event["pathParameters"] = match.groupdict() or None
        event["requestContext"].update({"stage": self.stage, "path": f"/{self.stage}{event['path']}", "domainName": self.host})
        function = self.functions.of_arn(arn)
        answer = self.functions.invoke(function, event)
        text = answer.get("body") or ""
        try:
            decoded = json.loads(text) if text else None
        except ValueError:
            decoded = text
        return int(answer.get("statusCode", 200)), decoded, function


# -- event source mappings, as deployed ------------------------------------------------


@dataclass(frozen=True)
class Mapping:
    queue_url: str
    queue_arn: str
    function: Function
    batch_size: int
    partial_failures: bool


class EventSources:
    """The stack's SQS event source mappings, played by polling their queues: a batch of
    up to the mapping's size per invocation; any error, or a reported item failure,
    stops the rehearsal (a deployed queue would hand the message back minutes later)."""

    def __init__(self, clients: Clients, functions: Functions) -> None:
        self.sqs = clients("sqs")
        self.mappings = []
        for mapping in clients("lambda").list_event_source_mappings()["EventSourceMappings"]:
            arn = mapping["EventSourceArn"]
            if not arn.startswith("arn:aws:sqs:"):
                continue  # DynamoDB streams: nothing of the rehearsal listens there
            url = self.sqs.get_queue_url(QueueName=arn.split(":")[5], QueueOwnerAWSAccountId=arn.split(":")[4])["QueueUrl"]
            partial = "ReportBatchItemFailures" in (mapping.get("FunctionResponseTypes") or [])
            self.mappings.append(Mapping(url, arn, functions.of_arn(mapping["FunctionArn"]), int(mapping["BatchSize"]), partial))
        self.functions = functions

    def poll_once(self) -> int:
        """One receive on every mapped queue, each batch handed to its function."""
        handled = 0
        for mapping in self.mappings:
            received = self.sqs.receive_message(
                QueueUrl=mapping.queue_url, MaxNumberOfMessages=min(mapping.batch_size, 10), AttributeNames=["All"], MessageAttributeNames=["All"]
            ).get("Messages", [])
            if received:
                self._deliver(mapping, received)
                handled += len(received)
        return handled

    def _deliver(self, mapping: Mapping, messages: list[dict[str, Any]]) -> None:
        records = lambda_records(mapping.queue_arn, messages)
        for record in records:
            record["awsRegion"] = REGION
        result = self.functions.invoke(mapping.function, {"Records": records})
        failures = (result or {}).get("batchItemFailures") if isinstance(result, dict) and mapping.partial_failures else None
        if failures:
            runtime = self.functions.runtimes[mapping.function.config["FunctionName"]]
            raise RehearsalError(f"{mapping.function.name} reported failed records {failures}{runtime.tail()}")
        self.sqs.delete_message_batch(
            QueueUrl=mapping.queue_url, Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(messages)]
        )

    def pending(self) -> dict[str, int]:
        """Messages still on (or delayed on, or in flight from) each mapped queue."""
        names = ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"]
        found = {}
        for mapping in self.mappings:
            attrs = self.sqs.get_queue_attributes(QueueUrl=mapping.queue_url, AttributeNames=names)["Attributes"]
            count = sum(int(attrs.get(n, 0)) for n in names)
            if count:
                found[mapping.queue_url.rsplit("/", 1)[-1]] = count
        return found

    def drain(self, timeout: float = 120.0) -> None:
        """Poll until every mapped queue is empty."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.poll_once():
                continue
            left = self.pending()
            if not left:
                return
            time.sleep(0.2)
        raise RehearsalError(f"queues not empty after {timeout:.0f} s: {self.pending()}")
