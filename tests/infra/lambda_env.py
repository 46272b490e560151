"""Each function's environment as Lambda would hold it once CloudFormation has created
the stack, read offline from the synthesized template.

Every reference is resolved to the longest physical value it can plausibly take: a
20-character stack name, CloudFormation's 13-character generated suffixes, a
12-digit account, and the longest region of each partition (its partition name and URL
suffix included). Lambda refuses a function whose variables, as compact JSON, pass
4 KB; :func:`worst_case_sizes` is that size in the worst of those regions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: Lambda's limit on a function's environment: its variables as compact JSON, in bytes.
LAMBDA_ENV_LIMIT = 4096
STACK_NAME = "S" * 20  # CloudFormation allows 128; 20 is a long name people choose
SUFFIX = "X" * 13  # CloudFormation's generated names end in a 12-13 character suffix
ACCOUNT = "1" * 12


@dataclass(frozen=True)
class World:
    """Where the stack is deployed: what the pseudo parameters resolve to."""

    region: str
    partition: str
    url_suffix: str


#: The longest region name of each partition, with its partition and URL suffix.
WORLDS = (
    World("ap-southeast-3", "aws", "amazonaws.com"),
    World("us-gov-west-1", "aws-us-gov", "amazonaws.com"),
    World("cn-northwest-1", "aws-cn", "amazonaws.com.cn"),
    World("us-isob-east-1", "aws-iso-b", "sc2s.sgov.gov"),
)

#: Resource type -> the longest a name CloudFormation generates for it may be.
_NAME_LIMITS = {"AWS::SQS::Queue": 80, "AWS::StepFunctions::StateMachine": 80, "AWS::SecretsManager::Secret": 512, "AWS::S3::Bucket": 63}


class Resolver:
    """Resolves ``Ref``, ``Fn::GetAtt``, ``Fn::Join``, ``Fn::Select`` and ``Fn::Split``
    in one template for one :class:`World`; anything else is an error (a new kind of
    reference needs a decision here, not a guess)."""

    def __init__(self, template: dict[str, Any], world: World) -> None:
        self.resources = template["Resources"]
        self.conditions = template.get("Conditions", {})
        self.world = world

    def value(self, node: Any) -> Any:
        if isinstance(node, (str, int, float, bool)):
            return str(node) if not isinstance(node, str) else node
        if isinstance(node, list):
            return [self.value(item) for item in node]
        if not isinstance(node, dict) or len(node) != 1:
            raise ValueError(f"cannot resolve {node!r}")
        ((function, argument),) = node.items()
        if function == "Ref":
            return self.ref(argument)
        if function == "Fn::GetAtt":
            logical, attribute = argument if isinstance(argument, list) else argument.split(".", 1)
            return self.attribute(logical, attribute)
        if function == "Fn::Join":
            separator, parts = argument
            return separator.join(self.value(parts))
        if function == "Fn::Select":
            index, items = argument
            return self.value(items)[int(self.value(index))]
        if function == "Fn::Split":
            separator, text = argument
            return self.value(text).split(separator)
        if function == "Fn::If":
            condition, when_true, when_false = argument
            return self.value(when_true if self.holds(condition) else when_false)
        raise ValueError(f"cannot resolve {function} in {node!r}")

    def holds(self, condition: str) -> bool:
        """Whether a condition of the template holds in this world."""
        return self._test(self.conditions[condition])

    def _test(self, node: dict[str, Any]) -> bool:
        ((function, argument),) = node.items()
        if function == "Condition":
            return self.holds(argument)
        if function == "Fn::Equals":
            left, right = (self.value(a) for a in argument)
            return bool(left == right)
        if function == "Fn::Or":
            return any(self._test(a) for a in argument)
        if function == "Fn::And":
            return all(self._test(a) for a in argument)
        if function == "Fn::Not":
            return not self._test(argument[0])
        raise ValueError(f"cannot test {node!r}")

    def ref(self, logical: str) -> str:
        pseudo = {
            "AWS::Region": self.world.region,
            "AWS::Partition": self.world.partition,
            "AWS::URLSuffix": self.world.url_suffix,
            "AWS::AccountId": ACCOUNT,
            "AWS::StackName": STACK_NAME,
        }
        if logical in pseudo:
            return pseudo[logical]
        kind = self.resources[logical]["Type"]
        name = self.name(logical)
        if kind == "AWS::DynamoDB::Table":
            return name
        if kind == "AWS::SQS::Queue":
            return f"https://sqs.{self.world.region}.{self.world.url_suffix}/{ACCOUNT}/{name}"
        if kind in ("AWS::StepFunctions::StateMachine", "AWS::SecretsManager::Secret"):
            return self.attribute(logical, "Arn")
        if kind == "AWS::KMS::Key":
            return "k" * 36  # a key id is a UUID
        if kind in ("AWS::ApiGateway::RestApi", "AWS::ApiGatewayV2::Api"):
            return "a" * 10  # API Gateway ids are ten characters
        if kind == "AWS::S3::Bucket":
            return name.lower()  # bucket names are lower case, at most 63 characters
        raise ValueError(f"no rule for the Ref of a {kind} ({logical})")

    def attribute(self, logical: str, attribute: str) -> str:
        kind = self.resources[logical]["Type"]
        arn = f"arn:{self.world.partition}:{{}}:{self.world.region}:{ACCOUNT}:{{}}"
        name = self.name(logical)
        rules = {
            ("AWS::DynamoDB::Table", "Arn"): lambda: arn.format("dynamodb", f"table/{name}"),
            ("AWS::DynamoDB::Table", "StreamArn"): lambda: arn.format("dynamodb", f"table/{name}/stream/2025-01-01T00:00:00.000"),
            ("AWS::SQS::Queue", "Arn"): lambda: arn.format("sqs", name),
            ("AWS::SQS::Queue", "QueueName"): lambda: name,
            ("AWS::SQS::Queue", "QueueUrl"): lambda: self.ref(logical),
            ("AWS::KMS::Key", "Arn"): lambda: arn.format("kms", "key/" + "k" * 36),
            ("AWS::StepFunctions::StateMachine", "Arn"): lambda: arn.format("states", f"stateMachine:{name}"),
            ("AWS::SecretsManager::Secret", "Arn"): lambda: arn.format("secretsmanager", f"secret:{name}-XXXXXX"),
        }
        rule = rules.get((kind, attribute))
        if rule is None:
            raise ValueError(f"no rule for {kind}.{attribute} ({logical})")
        return rule()

    def name(self, logical: str) -> str:
        """The physical name CloudFormation generates: stack, logical id, suffix (cut
        to the resource's limit, a FIFO queue keeping its ``.fifo``)."""
        resource = self.resources[logical]
        properties = resource.get("Properties", {})
        for key in ("TableName", "QueueName", "StateMachineName", "BucketName", "Name"):
            if isinstance(properties.get(key), str):
                return properties[key]
        fifo = ".fifo" if properties.get("FifoQueue") else ""
        limit = _NAME_LIMITS.get(resource["Type"], 255) - len(fifo)
        return f"{STACK_NAME}-{logical}-{SUFFIX}"[:limit] + fifo


def world(region: str) -> World:
    """The world of a region (its partition and URL suffix)."""
    if region.startswith("cn-"):
        return World(region, "aws-cn", "amazonaws.com.cn")
    if region.startswith("us-gov-"):
        return World(region, "aws-us-gov", "amazonaws.com")
    return World(region, "aws", "amazonaws.com")


def environment(template: dict[str, Any], logical: str, world: World) -> dict[str, str]:
    """The function ``logical``'s variables, resolved for ``world``."""
    variables = template["Resources"][logical]["Properties"].get("Environment", {}).get("Variables", {})
    resolver = Resolver(template, world)
    return {name: resolver.value(value) for name, value in variables.items()}


def size(variables: dict[str, str]) -> int:
    """Bytes Lambda counts: the variables as compact JSON."""
    return len(json.dumps(variables, separators=(",", ":")).encode())


def worst_case_size(template: dict[str, Any], logical: str) -> int:
    """The function's environment size in the world where it is largest."""
    return max(size(environment(template, logical, world)) for world in WORLDS)
