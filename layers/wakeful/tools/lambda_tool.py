"""Users' Lambda tools: the ToolRequest is the payload of a synchronous Invoke and the
function's result is the ToolResponse."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError as PydanticValidationError

from wakeful import aws
from wakeful.tools.base import BaseTool, ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError
from wakeful.tools.http import public


class LambdaTool(BaseTool):
    """A tool implemented by the user's own Lambda function."""

    kind = "lambda"

    def __init__(self, item: dict[str, Any]) -> None:
        self.item = item
        self.name = item["name"]  # type: ignore[misc]
        self.description = item.get("description") or ""  # type: ignore[misc]

    def run(self, request: ToolRequest) -> ToolResponse:
        """Invoke the function and parse its answer."""
        response = aws.client("lambda").invoke(
            FunctionName=self.item["function_arn"],
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
        return public(self.item)
