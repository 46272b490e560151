"""Every AWS call a function's handler makes, judged against that function's role in
the synthesized CloudFormation template: the stack's grants must allow what the code
really does, action and resource.

Recording. A botocore ``before-parameter-build`` handler sees each call of every
client: the wakeful package's (:mod:`wakeful.aws`), and any other botocore or boto3
client built in the process (Powertools reads the model's key with its own). While a
function's handler runs, the local runtime names it
(:data:`wakeful_dev.lambdas.current_function`); each call then becomes the IAM
actions and resources AWS authorises it by (:func:`requirements`): every item of a
transaction its own action on its table, a batch each of its tables, a query on an index
the index's ARN, a message its queue's ARN, a decryption the key's, a post to a
WebSocket connection the stage's ``@connections`` path, an object put its bucket's object
ARN (``arn:aws:s3:::<bucket>/<key>``). Calls outside any handler (the
tests' own set-up and checks) are not the functions', and are not recorded.

Judging. :class:`Roles` reads each function's role from the template: its inline and
managed policies, with every ``Ref``, ``Fn::GetAtt``, ``Fn::Join`` resolved to the names
and ARNs the local stack uses (:class:`LocalNames`), wildcards as IAM matches them, an
explicit Deny before any Allow. :func:`problems` lists every recorded call the role
would deny, naming the function, the action and the resource.

Under xdist each worker records and judges the calls its own tests made.
"""

from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Iterator, NamedTuple
from urllib.parse import urlsplit

#: moto's account: the local stack's ARNs and queue URLs carry it.
LOCAL_ACCOUNT = "123456789012"
#: The stack's WebSocket API as the recorded calls name it (the local management
#: endpoint stands for its stage); :class:`LocalNames` gives the template's API this id.
STREAM_WEBSOCKET_API = "stream-websocket-api"
#: Stands for the stage in a recorded ``@connections`` ARN: the template's stage name.
STAGE = "{stage}"
#: The stack's model-key secrets, as recorded when a function reads the secret its
#: settings name (``WAKEFUL_ANTHROPIC_SECRET``, ``WAKEFUL_OPENAI_SECRET``).
ANTHROPIC_SECRET = "stack-anthropic-api-key"
OPENAI_SECRET = "stack-openai-api-key"

#: Calls only the local runtime makes, each with the reason a deployed role needs no grant.
LOCAL_ONLY = {
    "ses:VerifyEmailIdentity": "in dev mode an email channel verifies its sender in the emulator's SES "
    "(wakeful.channels.platforms.email.prepare_sender); on AWS the operator verifies it",
}
#: Calls that need no IAM permission.
UNAUTHORISED = {"sts:GetCallerIdentity"}

# The IAM action of a DynamoDB transaction's or batch's item, by its kind.
_TRANSACT_WRITE = {"Put": "PutItem", "Update": "UpdateItem", "Delete": "DeleteItem", "ConditionCheck": "ConditionCheckItem"}
# IAM actions of calls named otherwise.
_ACTION_OF = {
    ("bedrock", "Converse"): "InvokeModel",
    ("bedrock", "ConverseStream"): "InvokeModelWithResponseStream",
    ("sqs", "SendMessageBatch"): "SendMessage",
    ("sqs", "DeleteMessageBatch"): "DeleteMessage",
    ("sqs", "ChangeMessageVisibilityBatch"): "ChangeMessageVisibility",
    ("lambda", "Invoke"): "InvokeFunction",
    ("lambda", "InvokeWithResponseStream"): "InvokeFunction",
    ("execute-api", "PostToConnection"): "ManageConnections",
    ("execute-api", "DeleteConnection"): "ManageConnections",
    ("execute-api", "GetConnection"): "ManageConnections",
}
_CONNECTION_METHOD = {"PostToConnection": "POST", "DeleteConnection": "DELETE", "GetConnection": "GET"}
_GEOGRAPHIES = ("us", "eu", "apac", "us-gov", "ca", "jp", "au", "global")


class Call(NamedTuple):
    """One permission a function's call needed."""

    function: str
    action: str  # "dynamodb:PutItem"
    resource: str  # the local ARN
    operation: str  # what the code called ("dynamodb.TransactWriteItems")


@dataclass(frozen=True)
class Where:
    """What turns a call's parameters into ARNs: the region, the account, and the
    names the functions' settings give the stack's key and secrets."""

    region: str = "us-east-1"
    account: str = LOCAL_ACCOUNT
    kms_key_id: str = ""
    anthropic_secret: str = ""
    openai_secret: str = ""

    def arn(self, service: str, resource: str, *, region: bool = True, account: bool = True) -> str:
        return f"arn:aws:{service}:{self.region if region else ''}:{self.account if account else ''}:{resource}"


# -- what a call needs -----------------------------------------------------------------
def requirements(service: str, operation: str, params: dict[str, Any], where: Where) -> list[tuple[str, str]]:
    """The (IAM action, resource ARN) pairs AWS checks for one call; ``service`` is the
    client's signing name (``states`` for Step Functions, ``execute-api`` for the
    WebSocket management API, ``bedrock`` for Bedrock's runtime)."""
    if service == "dynamodb":
        return _dynamodb(operation, params, where)
    action = f"{service}:{_ACTION_OF.get((service, operation), operation)}"
    if service == "sqs":
        url = urlsplit(str(params.get("QueueUrl", "")))
        account, _, name = url.path.strip("/").partition("/")
        return [(action, f"arn:aws:sqs:{where.region}:{account}:{name}")]
    if service == "kms":
        return [(action, _key_arn(str(params.get("KeyId") or where.kms_key_id), where))]
    if service == "states" and "stateMachineArn" in params:
        return [(action, str(params["stateMachineArn"]))]
    if service == "lambda" and "FunctionName" in params:
        return [(action, _function_arn(str(params["FunctionName"]), params.get("Qualifier"), where))]
    if service == "secretsmanager" and "SecretId" in params:
        return [(action, _secret_arn(str(params["SecretId"]), where))]
    if service == "ses" and operation in ("SendEmail", "SendRawEmail"):
        sender = str(params.get("Source") or "").rsplit("<", 1)[-1].rstrip(">").strip()
        return [(action, where.arn("ses", f"identity/{sender}"))]
    if service == "execute-api" and operation in _CONNECTION_METHOD:
        path = f"{STREAM_WEBSOCKET_API}/{STAGE}/{_CONNECTION_METHOD[operation]}/@connections/{params.get('ConnectionId')}"
        return [(action, where.arn("execute-api", path))]
    if service == "bedrock" and "modelId" in params:
        return [(action, arn) for arn in _model_arns(str(params["modelId"]), where)]
    if service == "s3" and "Bucket" in params:
        # Object operations are authorised on the object's ARN, bucket operations on the
        # bucket's (S3 ARNs name no region or account).
        resource = f"arn:aws:s3:::{params['Bucket']}" + (f"/{params['Key']}" if "Key" in params else "")
        return [(action, resource)]
    return [(action, "*")]


def _dynamodb(operation: str, params: dict[str, Any], where: Where) -> list[tuple[str, str]]:
    def table(name: str) -> str:
        return name if name.startswith("arn:") else where.arn("dynamodb", f"table/{name}")

    if operation == "TransactWriteItems":
        found = []
        for entry in params.get("TransactItems", []):
            ((kind, item),) = entry.items()
            found.append((f"dynamodb:{_TRANSACT_WRITE[kind]}", table(item["TableName"])))
        return found
    if operation == "TransactGetItems":
        return [("dynamodb:GetItem", table(entry["Get"]["TableName"])) for entry in params.get("TransactItems", [])]
    if operation in ("BatchGetItem", "BatchWriteItem"):
        return [(f"dynamodb:{operation}", table(name)) for name in params.get("RequestItems", {})]
    if "TableName" not in params:
        return [(f"dynamodb:{operation}", "*")]
    resource = table(str(params["TableName"]))
    if params.get("IndexName"):
        resource += f"/index/{params['IndexName']}"
    return [(f"dynamodb:{operation}", resource)]


def _key_arn(key: str, where: Where) -> str:
    if key.startswith("arn:"):
        return key
    return where.arn("kms", key if key.startswith("alias/") else f"key/{key}")


def _function_arn(name: str, qualifier: Any, where: Where) -> str:
    if name.startswith("arn:"):
        arn = name
    elif ":function:" in name:  # "123456789012:function:name"
        arn = f"arn:aws:lambda:{where.region}:{name}"
    else:
        arn = where.arn("lambda", f"function:{name}")
    return f"{arn}:{qualifier}" if qualifier else arn


def _secret_arn(secret: str, where: Where) -> str:
    if where.anthropic_secret and secret == where.anthropic_secret:
        secret = ANTHROPIC_SECRET
    elif where.openai_secret and secret == where.openai_secret:
        secret = OPENAI_SECRET
    return secret if secret.startswith("arn:") else where.arn("secretsmanager", f"secret:{secret}")


def _model_arns(model: str, where: Where) -> list[str]:
    """An inference profile is authorised on the profile and on its model."""
    if model.startswith("arn:"):
        return [model]
    head, _, rest = model.partition(".")
    if head in _GEOGRAPHIES and "." in rest:
        return [where.arn("bedrock", f"inference-profile/{model}"), where.arn("bedrock", f"foundation-model/{rest}", account=False)]
    return [where.arn("bedrock", f"foundation-model/{model}", account=False)]


# -- recording -------------------------------------------------------------------------
@dataclass
class Recorder:
    """Records the permissions each function's calls need while ``active``."""

    calls: set[Call] = field(default_factory=set)
    #: Calls it could not read (reported with the denied ones; a handler never sees them).
    errors: list[str] = field(default_factory=list)
    active: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def install(self) -> None:
        """Hear every client: those built from now on (botocore adds its built-in
        handlers to every new session, boto3's included), and wakeful's existing ones."""
        from botocore import handlers

        entry = ("before-parameter-build", self.record)
        if entry not in handlers.BUILTIN_HANDLERS:
            handlers.BUILTIN_HANDLERS.append(entry)
        from wakeful import aws

        # wakeful.aws builds its session lazily; one built before this hears it too.
        if aws._session.cache_info().currsize:
            aws._session().register("before-parameter-build", self.record, unique_id="iam-audit")
        for client in list(aws._clients.values()):
            client.meta.events.register("before-parameter-build", self.record, unique_id="iam-audit")

    def record(self, params: Any = None, model: Any = None, **_: Any) -> None:
        if not self.active or model is None:
            return
        from wakeful_dev.lambdas import current_function

        function = current_function.get()
        if function is None:
            return
        service = model.service_model.signing_name
        operation = f"{service}.{model.name}"
        try:
            needed = requirements(service, model.name, params or {}, _where())
        except Exception as error:  # noqa: BLE001 - the audit reports it; the handler goes on
            with self.lock:
                self.errors.append(f"{function}: could not read its call {operation}: {error!r}")
            return
        self.add(Call(function, action, resource, operation) for action, resource in needed)

    def add(self, calls: Iterable[Call]) -> None:
        """Calls recorded elsewhere (a handler run in a subprocess)."""
        with self.lock:
            self.calls.update(calls)

    def snapshot(self) -> set[Call]:
        with self.lock:
            return set(self.calls)


#: The session's recorder (tests/conftest.py installs it and judges its calls).
RECORDER = Recorder()


@contextmanager
def acting_as(function: str) -> Iterator[None]:
    """Attribute the calls made inside to ``function``: for a test that runs a
    function's work directly (``runner.process`` for the thread runner), not through
    its handler. Threads started inside take it with ``contextvars.copy_context``."""
    from wakeful_dev.lambdas import current_function

    token = current_function.set(function)
    try:
        yield
    finally:
        current_function.reset(token)


def _where() -> Where:
    """The names the functions' settings give now (the secrets' names as the model
    client reads them: from the environment)."""
    import os

    from wakeful import constants
    from wakeful.config import get_settings

    settings = get_settings()
    return Where(
        region=settings.region,
        kms_key_id=settings.kms_key_id,
        anthropic_secret=os.environ.get(constants.ENV_ANTHROPIC_SECRET, "").strip(),
        openai_secret=os.environ.get(constants.ENV_OPENAI_SECRET, "").strip(),
    )


# -- judging ---------------------------------------------------------------------------
@dataclass(frozen=True)
class LocalNames:
    """The local stack's names and ARNs for the template's resources."""

    tables: dict[str, str]  # logical table -> physical name
    queue_urls: dict[str, str]  # logical queue (QUEUE_ENV keys) -> URL
    kms_key_id: str
    state_machine_arn: str
    where: Where = Where()
    archive_bucket: str = ""  # the archive's bucket (WAKEFUL_ARCHIVE_BUCKET)

    @classmethod
    def of(cls, stack: Any) -> "LocalNames":
        import os

        from wakeful import constants
        from wakeful.config import get_settings

        settings = get_settings()
        where = Where(region=settings.region, kms_key_id=settings.kms_key_id)
        bucket = os.environ.get(constants.ENV_ARCHIVE_BUCKET, "")
        return cls(dict(settings.tables), dict(stack.queue_urls), settings.kms_key_id, stack.hook_state_machine_arn, where, bucket)

    def attributes(self, template: dict[str, Any]) -> dict[str, dict[str, str]]:
        """Logical id -> {"Ref": ..., attribute: ...} for the resources calls can reach."""
        from wakeful import constants
        from wakeful.tables import TABLES

        w = self.where
        by_table = {f"Wakeful/Data/{_camel(n)}Table/Resource": n for n in TABLES}
        by_queue = {f"Wakeful/Queues/{_camel(q)}Queue/Resource": q for q in constants.QUEUE_ENV if not q.endswith("_dlq")}
        by_queue.update({f"Wakeful/Queues/{_camel(q[:-4])}Dlq/Resource": q for q in constants.QUEUE_ENV if q.endswith("_dlq")})
        found: dict[str, dict[str, str]] = {}
        for logical_id, resource in template["Resources"].items():
            path = resource.get("Metadata", {}).get("aws:cdk:path", "")
            kind = resource["Type"]
            if path in by_table and by_table[path] in self.tables:
                name = self.tables[by_table[path]]
                arn = w.arn("dynamodb", f"table/{name}")
                found[logical_id] = {"Ref": name, "Arn": arn, "StreamArn": f"{arn}/stream/local"}
            elif path in by_queue and by_queue[path] in self.queue_urls:
                url = self.queue_urls[by_queue[path]]
                name = url.rstrip("/").rsplit("/", 1)[-1]
                found[logical_id] = {"Ref": url, "Arn": w.arn("sqs", name), "QueueName": name, "QueueUrl": url}
            elif path == "Wakeful/Data/SecretsKey/Resource":
                found[logical_id] = {"Ref": self.kms_key_id, "Arn": w.arn("kms", f"key/{self.kms_key_id}")}
            elif kind == "AWS::StepFunctions::StateMachine" and path.startswith("Wakeful/DeliverHook/"):
                found[logical_id] = {"Ref": self.state_machine_arn, "Arn": self.state_machine_arn}
            elif path == "Wakeful/AnthropicApiKey/Resource":
                found[logical_id] = {"Ref": w.arn("secretsmanager", f"secret:{ANTHROPIC_SECRET}")}
            elif path == "Wakeful/OpenAIApiKey/Resource":
                found[logical_id] = {"Ref": w.arn("secretsmanager", f"secret:{OPENAI_SECRET}")}
            elif kind == "AWS::ApiGatewayV2::Api" and path.startswith("Wakeful/StreamWebSocket/"):
                found[logical_id] = {"Ref": STREAM_WEBSOCKET_API}
            elif path == "Wakeful/Archive/Bucket/Resource" and self.archive_bucket:
                found[logical_id] = {"Ref": self.archive_bucket, "Arn": f"arn:aws:s3:::{self.archive_bucket}"}
        return found


def _camel(snake: str) -> str:
    return "".join(part.capitalize() for part in snake.split("_"))


class Resolver:
    """CloudFormation's intrinsic functions over :meth:`LocalNames.attributes`; a
    resource the local stack has no counterpart for gets an ARN no call can match."""

    def __init__(self, attributes: dict[str, dict[str, str]], where: Where) -> None:
        self.attributes = attributes
        self.pseudo = {"AWS::Region": where.region, "AWS::AccountId": where.account, "AWS::Partition": "aws", "AWS::URLSuffix": "amazonaws.com"}

    def __call__(self, value: Any) -> str:
        if isinstance(value, str):
            return value
        ((function, argument),) = value.items()
        if function == "Ref":
            return self.pseudo.get(argument) or self._attribute(argument, "Ref")
        if function == "Fn::GetAtt":
            logical_id, attribute = argument if isinstance(argument, list) else argument.split(".", 1)
            return self._attribute(logical_id, attribute)
        if function == "Fn::Join":
            separator, parts = argument
            return separator.join(self(p) for p in parts)
        if function == "Fn::Select":
            index, items = argument
            return self._list(items)[int(index)]
        if function == "Fn::Sub" and isinstance(argument, str):
            return re.sub(r"\$\{([^}!]+)\}", lambda m: self({"Ref": m[1]} if "." not in m[1] else {"Fn::GetAtt": m[1]}), argument)
        raise ValueError(f"the IAM audit cannot resolve {value}")

    def _list(self, value: Any) -> list[str]:
        if isinstance(value, list):
            return [self(v) for v in value]
        ((function, argument),) = value.items()
        if function == "Fn::Split":
            separator, text = argument
            return self(text).split(separator)
        raise ValueError(f"the IAM audit cannot resolve the list {value}")

    def _attribute(self, logical_id: str, attribute: str) -> str:
        known = self.attributes.get(logical_id, {})
        if attribute in known:
            return known[attribute]
        return f"arn:aws:unmapped:::{logical_id}/{attribute}"  # nothing local: no call matches it


@lru_cache(maxsize=4096)
def _pattern(text: str, ignore_case: bool) -> re.Pattern[str]:
    body = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in text)
    return re.compile(body, re.DOTALL | (re.IGNORECASE if ignore_case else 0))


def _matches(patterns: Iterable[str], value: str, *, ignore_case: bool) -> bool:
    return any(_pattern(p, ignore_case).fullmatch(value) for p in patterns)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


@dataclass(frozen=True)
class Statement:
    effect: str
    actions: tuple[str, ...]
    not_actions: tuple[str, ...]
    resources: tuple[str, ...]
    not_resources: tuple[str, ...]
    conditional: bool

    def applies(self, action: str, resource: str) -> bool:
        if self.actions and not _matches(self.actions, action, ignore_case=True):
            return False
        if self.not_actions and _matches(self.not_actions, action, ignore_case=True):
            return False
        if self.resources and not _matches(self.resources, resource, ignore_case=False):
            return False
        return not (self.not_resources and _matches(self.not_resources, resource, ignore_case=False))


class Roles:
    """Each function's role in the template, its statements resolved to local ARNs."""

    def __init__(self, template: dict[str, Any], names: LocalNames) -> None:
        from wakeful import constants

        self.resolve = Resolver(names.attributes(template), names.where)
        resources = template["Resources"]
        function_of_path = {f"Wakeful/Functions/{_camel(n)}/Resource": n for n in constants.FUNCTIONS}
        self.role_of: dict[str, str] = {}
        for resource in resources.values():
            name = function_of_path.get(resource.get("Metadata", {}).get("aws:cdk:path", ""))
            if name and resource["Type"] == "AWS::Lambda::Function":
                self.role_of[name] = resource["Properties"]["Role"]["Fn::GetAtt"][0]
        self.statements: dict[str, list[Statement]] = {role: [] for role in self.role_of.values()}
        for logical_id, resource in resources.items():
            for role, document in _documents(logical_id, resource):
                if role in self.statements:
                    self.statements[role].extend(self._statement(s) for s in document.get("Statement", []))

    def _statement(self, raw: dict[str, Any]) -> Statement:
        def values(key: str) -> tuple[str, ...]:
            return tuple(self.resolve(v) for v in _as_list(raw.get(key, [])))

        return Statement(
            effect=raw["Effect"],
            actions=values("Action"),
            not_actions=values("NotAction"),
            resources=values("Resource"),
            not_resources=values("NotResource"),
            conditional=bool(raw.get("Condition")),
        )

    def allows(self, function: str, action: str, resource: str) -> bool:
        """Whether ``function``'s role allows ``action`` on ``resource``: an
        unconditional Allow applies and no Deny does (a conditional Allow is not
        counted: nothing here can tell whether its condition holds)."""
        role = self.role_of.get(function)
        if role is None:
            return False
        applying = [s for s in self.statements[role] if s.applies(action, resource)]
        if any(s.effect == "Deny" for s in applying):
            return False
        return any(s.effect == "Allow" and not s.conditional for s in applying)


def _documents(logical_id: str, resource: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(role logical id, policy document) for each policy a role holds."""
    props = resource.get("Properties", {})
    if resource["Type"] == "AWS::IAM::Role":
        return [(logical_id, p["PolicyDocument"]) for p in props.get("Policies", [])]
    if resource["Type"] in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"):
        roles = [r["Ref"] for r in props.get("Roles", []) if isinstance(r, dict) and "Ref" in r]
        return [(role, props["PolicyDocument"]) for role in roles]
    return []


def stage_name(template: dict[str, Any]) -> str:
    """The stream WebSocket API's stage (the ``@connections`` ARNs name it)."""
    stages = [
        r["Properties"]["StageName"]
        for r in template["Resources"].values()
        if r["Type"] == "AWS::ApiGatewayV2::Stage" and r.get("Metadata", {}).get("aws:cdk:path", "").startswith("Wakeful/StreamWebSocket/")
    ]
    return stages[0] if stages else STAGE


def problems(calls: Iterable[Call], template: dict[str, Any], names: LocalNames) -> list[str]:
    """One line per recorded call the function's role would deny."""
    roles = Roles(template, names)
    stage = stage_name(template)
    found = []
    for call in sorted(set(calls)):
        if call.action in UNAUTHORISED or call.action in LOCAL_ONLY:
            continue
        if call.function not in roles.role_of:
            found.append(f"{call.function}: no function of that name in the template ({call.operation})")
            continue
        resource = call.resource.replace(STAGE, stage)
        if not roles.allows(call.function, call.action, resource):
            found.append(f"{call.function} may not {call.action} on {resource} (its code called {call.operation})")
    return found


def denied(stack: Any, synthesis: Any, function: str | None = None) -> list[str]:
    """What the session has recorded so far that the roles would deny (of ``function``
    only, if given): a test can check the calls of the path it drove, at once."""
    calls = [c for c in RECORDER.snapshot() if function is None or c.function == function]
    return RECORDER.errors + problems(calls, synthesis.audit_template(), LocalNames.of(stack))


# -- what the api writes -------------------------------------------------------------------
_ITEM_WRITES = {"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"}
#: The suites whose traces, whole, say which tables the api writes.
SUITES = ("tests/integration", "tests/e2e")
#: Tables the api's code writes on paths the suites do not take, each with the path
#: (none: every table the api writes, the suites see it write).
API_WRITES_NOT_TRACED: dict[str, str] = {}


def written_tables(calls: Iterable[Call], function: str, tables: dict[str, str]) -> set[str]:
    """The logical tables ``function`` wrote items of (``tables``: logical -> physical)."""
    logical = {physical: name for name, physical in tables.items()}
    found = set()
    for call in calls:
        if call.function == function and call.action in _ITEM_WRITES:
            physical = call.resource.split(":table/", 1)[-1].split("/", 1)[0]
            found.add(logical.get(physical, physical))
    return found


def whole_suites(nodeids: Iterable[str], root: Any) -> bool:
    """Whether the run collected every test file of :data:`SUITES`."""
    from pathlib import Path

    files = {nodeid.split("::", 1)[0] for nodeid in nodeids}
    wanted = {str(p.relative_to(root)) for suite in SUITES for p in (Path(root) / suite).glob("test_*.py")}
    return bool(wanted) and wanted <= files


def api_writes_problems(traced: set[str]) -> list[str]:
    """Where the api's write grants (infra/functions.py) and the tables its code wrote
    in the whole suites' traces, with :data:`API_WRITES_NOT_TRACED`, disagree."""
    from infra.functions import specs

    granted = set(specs()["api"].writes)
    expected = traced | set(API_WRITES_NOT_TRACED)
    found = [
        f"the api may write {t}, but no test saw it write it (a path the suites miss belongs in API_WRITES_NOT_TRACED)"
        for t in sorted(granted - expected)
    ]
    found += [f"the api writes {t}, which infra/functions.py does not grant" for t in sorted(expected - granted)]
    return found
