"""The interceptor API's bodies and an agent's ``tool_policy`` (pydantic): loaded by the
API when a request has a body, never by the functions that run threads."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from wakeful.inputs import Body, Patch, readable_name, unchanged
from wakeful.interceptors.models import (
    DEFAULT_TIMEOUT_MS,
    EVENT_TYPES,
    MAX_TIMEOUT_MS,
    MIN_TIMEOUT_MS,
    POLICY_MAX_NAMES,
    TOOL_NAME_MAX,
    EventType,
    OnFailure,
)


def _unique_events(value: list[str] | None) -> list[str] | None:
    if value is None:
        return value
    if not value:
        raise ValueError("name at least one event type: message, tool_call")
    return list(dict.fromkeys(value))


class InterceptorCreate(Body):
    """``POST /agents/{id}/interceptors`` body."""

    endpoint_url: str = Field(min_length=1, max_length=2048, description="Called synchronously at every step it listens to")
    events: list[EventType] = Field(
        default_factory=lambda: list(EVENT_TYPES), description='The event types sent to it: "message", "tool_call"'
    )
    timeout_ms: int = Field(
        default=DEFAULT_TIMEOUT_MS, ge=MIN_TIMEOUT_MS, le=MAX_TIMEOUT_MS, description="How long a step waits for the answer"
    )
    on_failure: OnFailure = Field(
        default="deny", description="What a step does when the interceptor fails (timeout, non-2xx, invalid answer)"
    )
    is_active: bool = Field(default=True, description="At most one interceptor of an agent may be active")

    @field_validator("events")
    @classmethod
    def _events(cls, value: list[str]) -> list[str] | None:
        return _unique_events(value)


class InterceptorPatch(Patch):
    """``PATCH /agents/{id}/interceptors/{interceptor_id}`` body: any subset of the
    fields (each always has a value: none may be null)."""

    endpoint_url: str = unchanged(min_length=1, max_length=2048)
    events: list[EventType] = unchanged()
    timeout_ms: int = unchanged(ge=MIN_TIMEOUT_MS, le=MAX_TIMEOUT_MS)
    on_failure: OnFailure = unchanged()
    is_active: bool = unchanged()

    @field_validator("events")
    @classmethod
    def _events(cls, value: list[str]) -> list[str] | None:
        return _unique_events(value)


class ToolPolicy(Body):
    """An agent's declarative ``tool_policy``: tools its threads may never call, and
    tools whose every call waits for a person's approval."""

    deny: list[str] = Field(default_factory=list, max_length=POLICY_MAX_NAMES, description="Tool names never run")
    require_approval: list[str] = Field(
        default_factory=list, max_length=POLICY_MAX_NAMES, description="Tool names that wait for an approval"
    )

    @field_validator("deny", "require_approval")
    @classmethod
    def _names(cls, value: list[str]) -> list[str]:
        for name in value:
            if not isinstance(name, str) or not 1 <= len(name) <= TOOL_NAME_MAX:
                raise ValueError(f"tool names are 1 to {TOOL_NAME_MAX} characters")
            readable_name(name)
        return list(dict.fromkeys(value))

    @model_validator(mode="after")
    def _disjoint(self) -> ToolPolicy:
        both = sorted(set(self.deny) & set(self.require_approval))
        if both:
            raise ValueError(f"a tool is either denied or requires approval, not both: {', '.join(both)}")
        return self
