"""What the rehearsal changes in a COPY of the synthesized template, each change a gap of
moto's CloudFormation and nothing else.

Every shim is one function here, named for what it does, whose docstring's first line
says which gap of moto it works around. Shims that run before ``CreateStack`` take the
template copy and a :class:`Moto` (clients on the emulator, for what they create in
its place); those that run after it (:data:`AFTER`) take the stack's resolver. A shim
that drops a resource fails the rehearsal when anything still refers to it, so a
template that starts to depend on a dropped resource is noticed, not silently cut.

What AWS would check and moto can check is left as it is: functions (runtime, handler,
environment, role, code in the assets bucket; their layers, which moto's CloudFormation
drops, attached after it), tables with their indexes and streams, queues with their
redrive policies, roles and their policies, the KMS key, the REST API's resources,
methods, integrations and deployment, the state machine. docs/operations.md lists the
shims.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from wakeful_dev.rehearsal.cloud import RehearsalError

Template = dict[str, Any]


@dataclass(frozen=True)
class Moto:
    """What a shim needs of the emulator: clients on it, and the stack's name."""

    clients: Callable[[str], Any]
    stack_name: str
    region: str
    account: str


# -- walking the template ---------------------------------------------------------------


def of_type(template: Template, type_: str) -> dict[str, dict[str, Any]]:
    """The template's resources of one type, by logical id."""
    return {k: v for k, v in template["Resources"].items() if v["Type"] == type_}


def _nodes(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _nodes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _nodes(item)


def _target(node: dict[str, Any]) -> tuple[str, str] | None:
    """(logical id, attribute or "") a Ref or Fn::GetAtt node points at."""
    if set(node) == {"Ref"} and isinstance(node["Ref"], str):
        return node["Ref"], ""
    if set(node) == {"Fn::GetAtt"}:
        att = node["Fn::GetAtt"]
        logical, _, attribute = (att[0], "", att[1]) if isinstance(att, list) else str(att).partition(".")
        return logical, attribute
    return None


def _sub_mentions(node: dict[str, Any], logical_id: str) -> bool:
    if "Fn::Sub" not in node:
        return False
    text = node["Fn::Sub"][0] if isinstance(node["Fn::Sub"], list) else node["Fn::Sub"]
    return f"${{{logical_id}}}" in text or f"${{{logical_id}." in text


def _sections(template: Template, without: frozenset[str] = frozenset()) -> Iterator[Any]:
    """Where references live: every resource (but ``without``), and the outputs."""
    yield {k: v for k, v in template["Resources"].items() if k not in without}
    yield template.get("Outputs", {})


def replace(template: Template, logical_id: str, values: dict[str, Any]) -> int:
    """Put ``values[attribute]`` (``""``: what Ref gives) wherever the template refers to
    ``logical_id``; returns how many references changed. A reference to an attribute
    not in ``values`` raises (the shim does not know what to put there)."""
    changed = 0
    for section in _sections(template):
        for node in list(_nodes(section)):
            target = _target(node)
            if _sub_mentions(node, logical_id):
                raise RehearsalError(f"Fn::Sub names {logical_id}: no shim knows what to put there")
            if target is None or target[0] != logical_id:
                continue
            if target[1] not in values:
                raise RehearsalError(f"{logical_id} is referred to for {target[1] or 'Ref'}: no shim knows what to put there")
            value = values[target[1]]
            node.clear()
            if isinstance(value, dict):
                node.update(value)
            else:  # a literal where an intrinsic was: Fn::Join of one part keeps it a node
                node["Fn::Join"] = ["", [value]]
            changed += 1
    return changed


def drop(template: Template, logical_ids: list[str]) -> list[str]:
    """Remove resources nothing else refers to (a DependsOn on them goes too)."""
    gone = frozenset(logical_ids)
    for section in _sections(template, without=gone):
        for node in _nodes(section):
            target = _target(node)
            if target is not None and target[0] in gone:
                raise RehearsalError(f"{target[0]} is dropped but still referred to ({target[1] or 'Ref'})")
            for logical_id in gone:
                if _sub_mentions(node, logical_id):
                    raise RehearsalError(f"{logical_id} is dropped but Fn::Sub still names it")
    for logical_id in logical_ids:
        del template["Resources"][logical_id]
    for resource in template["Resources"].values():
        depends = resource.get("DependsOn")
        if depends is None:
            continue
        kept = [d for d in ([depends] if isinstance(depends, str) else depends) if d not in gone]
        if kept:
            resource["DependsOn"] = kept
        else:
            del resource["DependsOn"]
    return sorted(logical_ids)


# -- before CreateStack -----------------------------------------------------------------


def fifo_queue_names(template: Template, moto: Moto) -> list[str]:
    """moto names a FIFO queue without the `.fifo` its SQS then demands (CloudFormation adds it).

    Each FIFO queue without a name gets the name CloudFormation would generate:
    ``<stack>-<logical id>-<suffix>.fifo``, at most 80 characters."""
    named = []
    for logical_id, queue in of_type(template, "AWS::SQS::Queue").items():
        props = queue.setdefault("Properties", {})
        if props.get("FifoQueue") and "QueueName" not in props:
            suffix = secrets.token_hex(6).upper()
            props["QueueName"] = f"{moto.stack_name}-{logical_id}"[: 80 - len(suffix) - 6] + f"-{suffix}.fifo"
            named.append(logical_id)
    return named


def sqs_event_sources_disabled(template: Template, moto: Moto) -> list[str]:
    """moto's SQS hands every message to moto's own Lambda emulation while a mapping is enabled.

    That would take the messages off the queues (moto's Lambda runs nothing here); the
    mappings are created disabled and the rehearsal polls the queues itself, as they say
    (batch size, partial batch failures)."""
    queues = set(of_type(template, "AWS::SQS::Queue"))
    changed = []
    for logical_id, mapping in of_type(template, "AWS::Lambda::EventSourceMapping").items():
        source = _target(mapping["Properties"].get("EventSourceArn") or {})
        if source is not None and source[0] in queues:
            mapping["Properties"]["Enabled"] = False
            changed.append(logical_id)
    return changed


def stream_event_sources_dropped(template: Template, moto: Moto) -> list[str]:
    """moto's DynamoDB calls the functions mapped to a table's stream inside each write, through a Docker-only path that fails the write.

    Dropped (the stream-to-function mappings; the tables keep their streams): the
    fan-out posts stream events to WebSocket connections, and nothing in the rehearsal
    connects to the WebSocket API; the archiver is handed only what DynamoDB's TTL
    deletes, and moto's TTL deletes nothing (``wakeful dev`` plays it instead)."""
    tables = set(of_type(template, "AWS::DynamoDB::Table"))
    streams = [
        logical_id
        for logical_id, mapping in of_type(template, "AWS::Lambda::EventSourceMapping").items()
        if (_target(mapping["Properties"].get("EventSourceArn") or {}) or ("", ""))[0] in tables
    ]
    return drop(template, streams)


#: GenerateSecretString's settings that GetRandomPassword takes as they are.
_PASSWORD_SETTINGS = (
    "PasswordLength", "ExcludeCharacters", "ExcludeNumbers", "ExcludePunctuation", "ExcludeUppercase",
    "ExcludeLowercase", "IncludeSpace", "RequireEachIncludedType",
)  # fmt: skip


def _secret_value(props: dict[str, Any], client: Any) -> str:
    """A secret's value: its SecretString, or one generated as GenerateSecretString says
    (by Secrets Manager's GetRandomPassword, as CloudFormation does)."""
    generate = props.get("GenerateSecretString")
    if generate is None:
        return str(props.get("SecretString", ""))
    password = client.get_random_password(**{k: v for k, v in generate.items() if k in _PASSWORD_SETTINGS})["RandomPassword"]
    if "GenerateStringKey" not in generate:
        return str(password)
    return json.dumps({**json.loads(generate.get("SecretStringTemplate") or "{}"), generate["GenerateStringKey"]: password})


def secrets_made_first(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::SecretsManager::Secret.

    Each secret is created through moto's Secrets Manager API (its description, its
    value or one generated as the template says, a name as CloudFormation would
    generate) and its ARN put where the template refers to it (Ref gives the ARN); the
    functions read it there."""
    client = moto.clients("secretsmanager")
    made = []
    for logical_id, secret in of_type(template, "AWS::SecretsManager::Secret").items():
        props = secret.get("Properties", {})
        name = props.get("Name") or f"{logical_id}-{secrets.token_hex(6)}"
        params = {"Name": name, "SecretString": _secret_value(props, client)}
        if props.get("Description"):
            params["Description"] = props["Description"]
        arn = client.create_secret(**params)["ARN"]
        replace(template, logical_id, {"": arn})
        made.append(logical_id)
    return drop(template, made)


def _pseudo(value: Any, moto: Moto) -> Any:
    """A property whose only intrinsics are pseudo parameters in an Fn::Sub (the
    assets bucket's name), resolved."""
    if isinstance(value, dict) and set(value) == {"Fn::Sub"} and isinstance(value["Fn::Sub"], str):
        text = value["Fn::Sub"]
        for name, given in (("AccountId", moto.account), ("Region", moto.region), ("Partition", "aws")):
            text = text.replace(f"${{AWS::{name}}}", given)
        return text
    return value


def layers_made_first(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation gives an AWS::Lambda::LayerVersion no ARN to refer to.

    Each layer is published through moto's Lambda API (its content in the assets
    bucket, runtimes, architectures, description) and its version ARN put where the
    template refers to it (Ref gives that ARN)."""
    client = moto.clients("lambda")
    made = []
    for logical_id, layer in of_type(template, "AWS::Lambda::LayerVersion").items():
        props = layer["Properties"]
        content = {k: _pseudo(v, moto) for k, v in props["Content"].items()}
        params = {"LayerName": props.get("LayerName") or logical_id, "Content": content}
        for key in ("Description", "CompatibleRuntimes", "CompatibleArchitectures", "LicenseInfo"):
            if key in props:
                params[key] = props[key]
        arn = client.publish_layer_version(**params)["LayerVersionArn"]
        replace(template, logical_id, {"": arn})
        made.append(logical_id)
    return drop(template, made)


def websocket_api_made_first(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::ApiGatewayV2::Api.

    The API is created through moto's API Gateway v2 API (name, protocol, route
    selection, description) and its id put where the template refers to it (Ref gives
    the id): the stream functions' management endpoint and their grants name it."""
    client = moto.clients("apigatewayv2")
    made = []
    for logical_id, api in of_type(template, "AWS::ApiGatewayV2::Api").items():
        props = api.get("Properties", {})
        keys = ("Name", "ProtocolType", "RouteSelectionExpression", "Description")
        api_id = client.create_api(**{k: props[k] for k in keys if k in props})["ApiId"]
        replace(template, logical_id, {"": api_id})
        made.append(logical_id)
    return drop(template, made)


def websocket_routes_dropped(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::ApiGatewayV2::Route, ::Integration or ::Stage.

    Dropped: nothing in the rehearsal connects to the WebSocket API (its URL, the
    stack's output, is built from the API's id and the stage's name, not from these)."""
    types = ("AWS::ApiGatewayV2::Route", "AWS::ApiGatewayV2::Integration", "AWS::ApiGatewayV2::Stage")
    return drop(template, [k for type_ in types for k in of_type(template, type_)])


def rest_stage_made_after(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::ApiGateway::Stage.

    References to the stage become its name (what Ref gives: the API's URL is built
    from it); the stage itself is created after the stack (:func:`make_rest_stages`)."""
    stages = of_type(template, "AWS::ApiGateway::Stage")
    for logical_id, stage in stages.items():
        replace(template, logical_id, {"": stage["Properties"]["StageName"]})
    return _set_aside(template, stages)


def lambda_aliases_made_after(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::Lambda::Alias.

    The alias, and the event source mappings that invoke it (moto checks that the alias
    exists), are created through moto's Lambda API after the stack, with the version
    the stack published (:func:`make_lambda_aliases`)."""
    aliases = of_type(template, "AWS::Lambda::Alias")
    users = {
        logical_id: mapping
        for logical_id, mapping in of_type(template, "AWS::Lambda::EventSourceMapping").items()
        if any((_target(n) or ("", ""))[0] in aliases for n in _nodes(mapping["Properties"]))
    }
    return _set_aside(template, {**aliases, **users})


def dashboard_alarm_arns(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::CloudWatch::Alarm for the dashboard's widgets to name.

    Alarms are dropped (:func:`unsupported_dropped`); the dashboard's references to an
    alarm's ARN become that ARN's form, built from the alarm's logical id."""
    changed = []
    for logical_id in of_type(template, "AWS::CloudWatch::Alarm"):
        arn = {"Fn::Sub": f"arn:${{AWS::Partition}}:cloudwatch:${{AWS::Region}}:${{AWS::AccountId}}:alarm:{logical_id}"}
        if replace(template, logical_id, {"Arn": arn}):
            changed.append(logical_id)
    return changed


#: Types moto's CloudFormation cannot create and the rehearsal does without, each with
#: why it may. Only resources nothing refers to can go (see :func:`drop`).
DROPPED_TYPES: dict[str, str] = {
    "AWS::CloudWatch::Alarm": "alarms watch metrics moto does not produce",
    "AWS::Scheduler::Schedule": "the rehearsal invokes the scan itself, with each schedule's input",
    "AWS::SQS::QueuePolicy": "the TLS-only deny policies are not evaluated by moto's SQS",
    "AWS::SNS::TopicPolicy": "the alarm topic's policy is not evaluated by moto's SNS",
    "AWS::ApiGateway::Account": "the account's logging role for API Gateway: no access logs here",
    "AWS::ApiGateway::GatewayResponse": "API Gateway's own error answers: the rehearsal calls the handlers",
    "AWS::ApiGateway::RequestValidator": "API Gateway's own checks: the rehearsal calls the handlers",
    "AWS::Lambda::EventInvokeConfig": "asynchronous invocation settings: the rehearsal invokes the scan itself",
    "AWS::XRay::SamplingRule": "X-Ray sampling: no X-Ray here",
}


def unsupported_dropped(template: Template, moto: Moto) -> list[str]:
    """moto's CloudFormation has no alarms, schedules, queue or topic policies, API Gateway account, gateway responses or request validators, event invoke configs, X-Ray rules.

    Dropped, each for the reason :data:`DROPPED_TYPES` gives; a method's reference to
    the request validator goes with it (API Gateway's check, not the handler's). Their
    properties are checked against CloudFormation's schema by cfn-lint (``make test``);
    moto's APIs for them would check no more."""
    for method in of_type(template, "AWS::ApiGateway::Method").values():
        target = _target(method["Properties"].get("RequestValidatorId") or {})
        if target is not None and target[0] in of_type(template, "AWS::ApiGateway::RequestValidator"):
            del method["Properties"]["RequestValidatorId"]
    return drop(template, [k for type_ in DROPPED_TYPES for k in of_type(template, type_)])


#: Resources a shim took out of the copy to create after the stack, by logical id.
SET_ASIDE_KEY = "x-rehearsal-set-aside"


def _set_aside(template: Template, resources: dict[str, dict[str, Any]]) -> list[str]:
    aside = template.setdefault(SET_ASIDE_KEY, {})
    for logical_id, resource in resources.items():
        aside[logical_id] = json.loads(json.dumps(resource))
        del template["Resources"][logical_id]
    return sorted(resources)


#: The shims run before CreateStack, in this order.
BEFORE: tuple[Callable[[Template, Moto], list[str]], ...] = (
    fifo_queue_names,
    sqs_event_sources_disabled,
    stream_event_sources_dropped,
    layers_made_first,
    secrets_made_first,
    websocket_api_made_first,
    websocket_routes_dropped,
    rest_stage_made_after,
    lambda_aliases_made_after,
    dashboard_alarm_arns,
    unsupported_dropped,
)


def reason(shim: Callable[..., Any]) -> str:
    """A shim's one-line reason: the first line of its docstring."""
    return (shim.__doc__ or "").strip().splitlines()[0]


def apply(template: Template, moto: Moto) -> tuple[Template, list[tuple[str, str, list[str]]], dict[str, Any]]:
    """A shimmed copy of ``template``, what each shim changed (name, reason, logical
    ids), and the resources set aside to be created after the stack."""
    copy = json.loads(json.dumps(template))
    done = [(shim.__name__, reason(shim), shim(copy, moto)) for shim in BEFORE]
    return copy, done, copy.pop(SET_ASIDE_KEY, {})


# -- after CREATE_COMPLETE --------------------------------------------------------------

Resolve = Any  # cloud.Resolver: intrinsics resolved against the created stack


def make_rest_stages(aside: dict[str, Any], resolve: Resolve, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::ApiGateway::Stage: made through its API instead.

    The stages set aside by :func:`rest_stage_made_after`, on the deployment the stack
    made."""
    client = moto.clients("apigateway")
    made = []
    for logical_id, stage in aside.items():
        if stage["Type"] != "AWS::ApiGateway::Stage":
            continue
        props = resolve(stage["Properties"])
        client.create_stage(
            restApiId=props["RestApiId"],
            stageName=props["StageName"],
            deploymentId=props["DeploymentId"],
            description=props.get("Description", ""),
            tracingEnabled=bool(props.get("TracingEnabled", False)),
            variables=props.get("Variables", {}),
        )
        made.append(logical_id)
    return made


def make_lambda_aliases(aside: dict[str, Any], resolve: Resolve, moto: Moto) -> list[str]:
    """moto's CloudFormation has no AWS::Lambda::Alias: made through its API instead.

    The aliases set aside by :func:`lambda_aliases_made_after`, on the version the
    stack published, then the event source mappings that invoke them."""
    client = moto.clients("lambda")
    made, aliases = [], {}
    for logical_id, alias in aside.items():
        if alias["Type"] == "AWS::Lambda::Alias":
            props = resolve(alias["Properties"])
            params = {"FunctionName": props["FunctionName"], "Name": props["Name"], "FunctionVersion": props["FunctionVersion"]}
            aliases[logical_id] = client.create_alias(**params)["AliasArn"]
            made.append(logical_id)
    for logical_id, mapping in aside.items():
        if mapping["Type"] == "AWS::Lambda::EventSourceMapping":
            props = resolve(mapping["Properties"], extra=aliases)
            client.create_event_source_mapping(**props)
            made.append(logical_id)
    return made


def function_layers_attached(aside: dict[str, Any], resolve: Resolve, moto: Moto) -> list[str]:
    """moto's CloudFormation creates a function without its Layers.

    Each function that has layers gets them through moto's Lambda API
    (UpdateFunctionConfiguration, which checks that each layer version exists), as the
    template gives them. (moto also keeps no Architectures, LoggingConfig, TracingConfig
    or SnapStart of a function: the template tests check those.)"""
    client = moto.clients("lambda")
    attached = []
    for logical_id, function in resolve.resources.items():
        layers = function.get("Properties", {}).get("Layers") if function["Type"] == "AWS::Lambda::Function" else None
        if layers:
            client.update_function_configuration(FunctionName=resolve.ref(logical_id, {}), Layers=resolve(layers))
            attached.append(logical_id)
    return attached


#: The shims run after CREATE_COMPLETE, in this order.
AFTER: tuple[Callable[[dict[str, Any], Resolve, Moto], list[str]], ...] = (
    function_layers_attached,
    make_rest_stages,
    make_lambda_aliases,
)
