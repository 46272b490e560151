"""The cloud side of the rehearsal: the synthesized template, moto's server, what
``cdk deploy`` does before CreateStack (bootstrap, assets), the stack, and resolving the
template's intrinsics against what the stack created."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3
from botocore.config import Config

ROOT = Path(__file__).resolve().parents[3]
ACCOUNT = "123456789012"  # moto's default account
REGION = "us-east-1"
#: What `cdk bootstrap` (the modern template, default qualifier) leaves in the account.
BOOTSTRAP_QUALIFIER = "hnb659fds"
BOOTSTRAP_VERSION = "30"
#: Context of the rehearsal's synthesis, on top of cdk.json's (as the CDK CLI passes it):
#: the layer without its dependencies (offline), and the scripted model as the
#: deployment's default provider (a deploy setting: the rehearsal has no model key).
SYNTH_CONTEXT = {"wakeful:layerDeps": "none", "wakeful:llmProvider": "scripted"}


class RehearsalError(Exception):
    """A step of the rehearsal did not go as a deployment must."""


def die_with_parent() -> None:
    """In a child process before it runs (``preexec_fn``): on Linux, the child gets
    SIGTERM when the rehearsal dies, however it dies (killed included), so no emulator
    or function process outlives it."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


# -- the template ------------------------------------------------------------------------


@dataclass(frozen=True)
class Synthesis:
    """A cloud assembly: the stack's template and its file assets."""

    outdir: Path
    stack_name: str
    template: dict[str, Any]
    assets: dict[str, Any]
    #: The stack artifact's properties (the bootstrap version it needs, where it is read).
    properties: dict[str, Any]


def synthesize(outdir: Path) -> Synthesis:
    """Synthesize the app into ``outdir`` as the CDK CLI runs it (``CDK_OUTDIR``, cdk.json's
    context in ``CDK_CONTEXT_JSON``, the target account and region), offline."""
    context = {**json.loads((ROOT / "cdk.json").read_text()).get("context", {}), **SYNTH_CONTEXT}
    env = {
        **os.environ,
        "CDK_OUTDIR": str(outdir),
        "CDK_CONTEXT_JSON": json.dumps(context),
        "CDK_DEFAULT_ACCOUNT": ACCOUNT,
        "CDK_DEFAULT_REGION": REGION,
        "WAKEFUL_LAYER_DEPS": "none",
    }
    done = subprocess.run([sys.executable, "-m", "infra.app"], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RehearsalError(f"synthesis failed:\n{done.stderr[-3000:]}")
    return read_assembly(outdir)


def read_assembly(outdir: Path) -> Synthesis:
    """The stack of a cloud assembly already synthesized (its only stack)."""
    manifest = json.loads((outdir / "manifest.json").read_text())
    stacks = [(name, a) for name, a in manifest["artifacts"].items() if a["type"] == "aws:cloudformation:stack"]
    if len(stacks) != 1:
        raise RehearsalError(f"expected one stack in {outdir}, found {[n for n, _ in stacks]}")
    name, artifact = stacks[0]
    errors = [e.get("data") for entries in (artifact.get("metadata") or {}).values() for e in entries if e.get("type") == "aws:cdk:error"]
    if errors:  # `cdk deploy` stops on them
        raise RehearsalError(f"the synthesis has error annotations: {errors[:5]}")
    props = artifact["properties"]
    template = json.loads((outdir / props["templateFile"]).read_text())
    assets = json.loads((outdir / f"{name}.assets.json").read_text())
    return Synthesis(outdir=outdir, stack_name=props.get("stackName", name), template=template, assets=assets, properties=props)


# -- moto's server -----------------------------------------------------------------------


class MotoServer:
    """``moto_server`` in a process of its own, on loopback."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> "MotoServer":
        server = Path(sys.executable).with_name("moto_server")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [str(server), "-H", "127.0.0.1", "-p", str(self.port)], stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RehearsalError(f"moto_server exited ({self.process.returncode}); see {self.log}")
            try:
                urllib.request.urlopen(f"{self.url}/moto-api/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RehearsalError(f"moto_server did not answer within {timeout:.0f} s")
        # moto's Lambda would run functions in Docker: the rehearsal runs them itself.
        self.configure({"lambda": {"use_docker": False}})
        return self

    def configure(self, config: dict[str, Any]) -> None:
        request = urllib.request.Request(
            f"{self.url}/moto-api/config", data=json.dumps(config).encode(), headers={"Content-Type": "application/json"}
        )
        urllib.request.urlopen(request, timeout=10).close()

    @property
    def pid(self) -> int:
        return self.process.pid if self.process is not None else 0

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass
class Clients:
    """boto3 clients on moto's server (test credentials), one per service."""

    endpoint: str
    _made: dict[str, Any] = field(default_factory=dict)

    def __call__(self, service: str) -> Any:
        if service not in self._made:
            self._made[service] = boto3.client(
                service,
                endpoint_url=self.endpoint,
                region_name=REGION,
                aws_access_key_id="testing",
                aws_secret_access_key="testing",
                config=Config(retries={"max_attempts": 1}),
            )
        return self._made[service]


# -- what `cdk deploy` does before CreateStack ----------------------------------------------


def bootstrap(clients: Clients, synthesis: Synthesis) -> str:
    """What ``cdk bootstrap`` leaves that the stack needs: the bootstrap version
    parameter (checked as ``cdk deploy`` does) and the assets bucket; returns the bucket."""
    needed = int(synthesis.properties.get("requiresBootstrapStackVersion", 0))
    if int(BOOTSTRAP_VERSION) < needed:
        raise RehearsalError(f"the stack needs bootstrap version {needed}, the rehearsal bootstraps {BOOTSTRAP_VERSION}")
    parameter = synthesis.properties.get("bootstrapStackVersionSsmParameter", f"/cdk-bootstrap/{BOOTSTRAP_QUALIFIER}/version")
    clients("ssm").put_parameter(Name=parameter, Value=BOOTSTRAP_VERSION, Type="String")
    buckets = {_substitute(d["bucketName"]) for a in synthesis.assets.get("files", {}).values() for d in a["destinations"].values()}
    if len(buckets) != 1:
        raise RehearsalError(f"the assets go to {len(buckets)} buckets, expected the bootstrap's one: {sorted(buckets)}")
    bucket = buckets.pop()
    clients("s3").create_bucket(Bucket=bucket)
    return bucket


def _substitute(text: str) -> str:
    return text.replace("${AWS::AccountId}", ACCOUNT).replace("${AWS::Region}", REGION).replace("${AWS::Partition}", "aws")


def _zipped(directory: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(directory.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(directory).as_posix())
    return buffer.getvalue()


def publish_assets(clients: Clients, synthesis: Synthesis) -> int:
    """Upload every file asset where the assets manifest says (zipped directories, as
    ``cdk deploy`` publishes them); returns how many."""
    count = 0
    for asset in synthesis.assets.get("files", {}).values():
        source = synthesis.outdir / asset["source"]["path"]
        body = _zipped(source) if asset["source"].get("packaging") == "zip" else source.read_bytes()
        for destination in asset["destinations"].values():
            clients("s3").put_object(Bucket=_substitute(destination["bucketName"]), Key=destination["objectKey"], Body=body)
            count += 1
    if synthesis.assets.get("dockerImages"):
        raise RehearsalError("the stack has Docker image assets: the rehearsal publishes file assets only")
    return count


# -- the stack ---------------------------------------------------------------------------


def create_stack(clients: Clients, name: str, template: dict[str, Any], bucket: str) -> dict[str, Any]:
    """CreateStack from the template uploaded to the assets bucket (as ``cdk deploy``
    does for a template over CloudFormation's 51,200-byte body limit); waits for it."""
    body = json.dumps(template).encode()
    key = f"rehearsal/{name}.template.json"
    clients("s3").put_object(Bucket=bucket, Key=key, Body=body)
    cfn = clients("cloudformation")
    cfn.create_stack(
        StackName=name,
        TemplateURL=f"https://s3.{REGION}.amazonaws.com/{bucket}/{key}",
        Capabilities=["CAPABILITY_IAM", "CAPABILITY_NAMED_IAM", "CAPABILITY_AUTO_EXPAND"],
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        stack = cfn.describe_stacks(StackName=name)["Stacks"][0]
        if not stack["StackStatus"].endswith("_IN_PROGRESS"):
            break
        time.sleep(0.5)
    if stack["StackStatus"] != "CREATE_COMPLETE":
        raise RehearsalError(f"stack {name}: {stack['StackStatus']} {stack.get('StackStatusReason', '')}")
    return stack


def missing_outputs(template: dict[str, Any], stack: dict[str, Any]) -> list[str]:
    """The outputs the template declares that DescribeStacks does not show (with a value)."""
    shown = {o["OutputKey"] for o in stack.get("Outputs", []) if o.get("OutputValue") not in (None, "")}
    return sorted(set(template.get("Outputs", {})) - shown)


def outputs(stack: dict[str, Any]) -> dict[str, str]:
    return {o["OutputKey"]: o["OutputValue"] for o in stack.get("Outputs", [])}


PSEUDO = {
    "AWS::Region": REGION,
    "AWS::AccountId": ACCOUNT,
    "AWS::Partition": "aws",
    "AWS::URLSuffix": "amazonaws.com",
}


class Resolver:
    """The template's intrinsics (Ref, Fn::GetAtt, Fn::Join, Fn::Select, Fn::Split,
    Fn::Sub) resolved against the stack CloudFormation created: for what the rehearsal
    creates after the stack, and for finding the stack's resources by logical id."""

    def __init__(self, clients: Clients, stack_name: str, template: dict[str, Any]) -> None:
        self.clients = clients
        listed = clients("cloudformation").describe_stack_resources(StackName=stack_name)["StackResources"]
        #: How many resources the stack created.
        self.created = len(listed)
        #: Logical id -> physical id, of every resource the stack created (moto shows
        #: none for some: :meth:`read_back` finds those).
        self.physical = {r["LogicalResourceId"]: r["PhysicalResourceId"] for r in listed if r.get("PhysicalResourceId")}
        self.resources = template["Resources"]
        self.types = {k: v["Type"] for k, v in self.resources.items()}
        self.pseudo = {**PSEUDO, "AWS::StackName": stack_name}

    def __call__(self, value: Any, extra: dict[str, Any] | None = None) -> Any:
        if isinstance(value, list):
            return [self(v, extra) for v in value]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            (key, arg), = value.items()
            if key == "Ref":
                return self.ref(arg, extra or {})
            if key == "Fn::GetAtt":
                logical, _, attribute = (arg[0], "", arg[1]) if isinstance(arg, list) else arg.partition(".")
                return self.attribute(logical, attribute)
            if key == "Fn::Join":
                return self(arg[0], extra).join(str(self(part, extra)) for part in self(arg[1], extra))
            if key == "Fn::Select":
                return self(arg[1], extra)[int(self(arg[0], extra))]
            if key == "Fn::Split":
                return str(self(arg[1], extra)).split(self(arg[0], extra))
            if key == "Fn::Sub":
                return self.sub(arg, extra or {})
        return {k: self(v, extra) for k, v in value.items()}

    def ref(self, name: str, extra: dict[str, Any]) -> Any:
        if name in extra:
            return extra[name]
        if name in self.pseudo:
            return self.pseudo[name]
        if name not in self.physical:
            self.physical[name] = self.read_back(name)
        return self.physical[name]

    def read_back(self, logical: str) -> str:
        """The physical id of a resource DescribeStackResources shows none for (moto
        gives none to some types), read from its service."""
        type_, props = self.types.get(logical), self.resources.get(logical, {}).get("Properties", {})
        if type_ == "AWS::ApiGateway::Deployment":
            found = self.clients("apigateway").get_deployments(restApiId=self(props["RestApiId"]))["items"]
            if len(found) == 1:
                return str(found[0]["id"])
        if type_ == "AWS::Lambda::Version":
            listed = self.clients("lambda").list_versions_by_function(FunctionName=self(props["FunctionName"]))["Versions"]
            published = [v["FunctionArn"] for v in listed if v["Version"] != "$LATEST"]
            if len(published) == 1:
                return str(published[0])
        raise RehearsalError(f"Ref {logical} ({type_}): the stack shows no physical id for it")

    def sub(self, arg: Any, extra: dict[str, Any]) -> str:
        text, names = (arg[0], arg[1]) if isinstance(arg, list) else (arg, {})

        def value(match: re.Match[str]) -> str:
            name = match.group(1)
            if name in names:
                return str(self(names[name], extra))
            logical, _, attribute = name.partition(".")
            return str(self.attribute(logical, attribute) if attribute else self.ref(logical, extra))

        return re.sub(r"\$\{([^}!][^}]*)\}", value, text)

    def attribute(self, logical: str, attribute: str) -> Any:
        """Fn::GetAtt of a created resource, read back from moto."""
        physical, type_ = self.ref(logical, {}), self.types.get(logical)
        if (type_, attribute) == ("AWS::Lambda::Function", "Arn"):
            return self.clients("lambda").get_function_configuration(FunctionName=physical)["FunctionArn"]
        if (type_, attribute) == ("AWS::Lambda::Version", "Version"):
            return physical.rsplit(":", 1)[-1]
        if (type_, attribute) == ("AWS::SQS::Queue", "Arn"):
            return self.clients("sqs").get_queue_attributes(QueueUrl=physical, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        if (type_, attribute) == ("AWS::DynamoDB::Table", "Arn"):
            return self.clients("dynamodb").describe_table(TableName=physical)["Table"]["TableArn"]
        if (type_, attribute) == ("AWS::DynamoDB::Table", "StreamArn"):
            return self.clients("dynamodb").describe_table(TableName=physical)["Table"]["LatestStreamArn"]
        if (type_, attribute) == ("AWS::IAM::Role", "Arn"):
            return self.clients("iam").get_role(RoleName=physical)["Role"]["Arn"]
        if (type_, attribute) == ("AWS::Logs::LogGroup", "Arn"):
            groups = self.clients("logs").describe_log_groups(logGroupNamePrefix=physical)["logGroups"]
            return next(g["arn"] for g in groups if g["logGroupName"] == physical)
        raise RehearsalError(f"Fn::GetAtt {logical}.{attribute} ({type_}): the rehearsal does not read that back")
