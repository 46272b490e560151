"""Users' Lambda tools: the ToolRequest is the payload of a synchronous Invoke and the
function's result is the ToolResponse."""

from __future__ import annotations

import fnmatch
import json
from functools import lru_cache
from typing import Any

from pydantic import ValidationError as PydanticValidationError

from wakeful import aws, constants
from wakeful.config import get_settings
from wakeful.exceptions import ValidationError
from wakeful.tools.base import BaseTool, ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError
from wakeful.tools.records import ToolDefinition


class LambdaToolArnError(ValidationError):
    """The function ARN is not one Wakeful may invoke."""


@lru_cache(maxsize=1)
def _own_account() -> str:
    """The account Wakeful runs in: from its settings, else from STS (cached)."""
    return get_settings().account_id or str(aws.client("sts").get_caller_identity()["Account"])


def check_function_arn(arn: str) -> None:
    """Refuse a Lambda tool ARN unless it is allowed.

    Allowed: a function named ``wakeful-tool-*`` in Wakeful's own account and region
    (the tool runner's role may invoke nothing else), or any ARN matching an entry of
    ``WAKEFUL_LAMBDA_TOOL_ALLOWED_ARNS`` (glob patterns; the operator's choice, for
    tools in other accounts, whose function policy must then allow the tool runner).

    Raises:
        LambdaToolArnError: the ARN is not allowed; the message says why.
    """
    settings = get_settings()
    if any(fnmatch.fnmatchcase(arn, pattern) for pattern in settings.lambda_tool_allowed_arns):
        return
    parts = arn.split(":")
    if len(parts) < 7 or parts[2] != "lambda" or parts[5] != "function":
        raise LambdaToolArnError(f"{arn!r} is not a Lambda function ARN")
    region, account, name = parts[3], parts[4], parts[6]
    if region != settings.region:
        raise LambdaToolArnError(f"the function must be in this deployment's region ({settings.region}), not {region}")
    if account != _own_account():
        raise LambdaToolArnError(
            "the function must be in this deployment's account (other accounts only through WAKEFUL_LAMBDA_TOOL_ALLOWED_ARNS)"
        )
    if not name.startswith(constants.LAMBDA_TOOL_FUNCTION_PREFIX):
        raise LambdaToolArnError(
            f"the function's name must start with {constants.LAMBDA_TOOL_FUNCTION_PREFIX!r}: Wakeful invokes no other function"
        )


class LambdaTool(BaseTool):
    """A tool implemented by the user's own Lambda function."""

    kind = "lambda"

    def __init__(self, definition: ToolDefinition) -> None:
        self.definition = definition
        self.name = definition.name  # type: ignore[misc]
        self.description = definition.description or ""  # type: ignore[misc]

    def run(self, request: ToolRequest) -> ToolResponse:
        """Invoke the function and parse its answer."""
        arn = self.definition.function_arn
        if not arn:
            raise ToolCallError(f"{self.name}: the tool has no function_arn")
        try:
            check_function_arn(arn)  # settings may have changed since registration
        except LambdaToolArnError as error:
            raise ToolCallError(f"{self.name}: {error.message}") from error
        response = aws.client("lambda").invoke(
            FunctionName=arn,
            InvocationType="RequestResponse",
            Payload=json.dumps(request.wire()).encode(),
        )
        raw = response["Payload"].read()
        if response.get("FunctionError"):
            raise ToolCallError(f"{self.name} raised {response['FunctionError']}: {raw[:300].decode(errors='replace')}")
        try:
            return ToolResponse.model_validate_json(raw)
        except PydanticValidationError as error:
            raise ToolCallError(f"{self.name} returned something that is not a ToolResponse: {error.errors()[0]['msg']}") from error

    def describe(self) -> dict[str, Any]:
        """The ``GET /tools`` view."""
        return self.definition.public()
