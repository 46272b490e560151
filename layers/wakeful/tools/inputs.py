"""Tool API input: the bodies of the tool routes (a user tool, a tool's settings)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from wakeful.inputs import Body, Patch, unchanged

TOOL_NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,63}$"


class ToolIn(Body):
    """``POST /tools`` body."""

    name: str = Field(pattern=TOOL_NAME_PATTERN)
    kind: Literal["http", "lambda"]
    endpoint_url: str | None = Field(default=None, max_length=2048)
    function_arn: str | None = Field(default=None, pattern=r"^arn:aws[a-zA-Z-]*:lambda:[a-z0-9-]+:[0-9]{12}:function:[A-Za-z0-9_-]+(:[A-Za-z0-9_$-]+)?$")
    description: str | None = Field(default=None, max_length=2000)
    config: dict[str, Any] = Field(default_factory=dict)
    timeout_ms: int = Field(default=10000, ge=100, le=60000)
    input_schema: dict[str, Any] = Field(
        default_factory=lambda: {"type": "object"},
        description="JSON Schema of the arguments a thread's model fills when it calls this tool",
    )
    requires_approval: bool = Field(default=False, description="A thread's call waits for an approval first")

    @model_validator(mode="after")
    def _target_matches_kind(self) -> "ToolIn":
        if self.kind == "http" and not self.endpoint_url:
            raise ValueError("an http tool needs endpoint_url")
        if self.kind == "lambda" and not self.function_arn:
            raise ValueError("a lambda tool needs function_arn")
        if self.input_schema.get("type", "object") != "object":
            raise ValueError('input_schema must be a JSON Schema object ({"type": "object", ...})')
        return self


class BuiltinToolConfig(Body):
    """``config`` of a built-in tool: the model settings its LLM calls use."""

    model: str | None = Field(default=None, min_length=1, max_length=100, pattern=r"^[A-Za-z0-9._:@/-]+$")
    temperature: float | None = Field(default=None, ge=0, le=1)
    max_tokens: int | None = Field(default=None, ge=1, le=64000)


class ToolSettingsPatch(Patch):
    """``PATCH /tools/{name}`` and ``PATCH /agents/{id}/tools/{name}`` body.

    ``config`` replaces the tool's config (``{}`` or null: none); for a built-in tool it
    takes ``model``, ``temperature`` and ``max_tokens``. ``is_active: false`` stops the
    tool from running for the owner's agents (or for this agent); its subscriptions stay.
    """

    config: dict[str, Any] | None = None
    is_active: bool = unchanged()
