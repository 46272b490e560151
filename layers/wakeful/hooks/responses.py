"""Response models of the hooks' routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class HookRetryConfig(View):
    """How often and how long a delivery is tried."""

    max_retries: int
    timeout_ms: int


class Hook(View):
    """An outbound hook (never its secret or auth header)."""

    id: str
    agent_id: str
    hook_type: str
    endpoint_url: str
    is_active: bool
    has_auth_header: bool
    retry_config: HookRetryConfig
    metadata: dict[str, Any] | None
    disabled_reason: str | None
    disabled_at: str | None
    failing_since: str | None
    created_at: str | None
    updated_at: str | None


class HookCreated(Hook):
    """A new hook and its signing secret (shown only in this answer)."""

    secret: str = Field(description="whsec_…: verify the Standard Webhooks signature of every delivery with it")


class HookPage(Page):
    """A page of hooks, newest first."""

    items: list[Hook]


class HookExecution(View):
    """One delivery attempt."""

    id: str
    hook_id: str
    delivery_id: str
    hook_type: str | None
    retry_count: int
    replay: int
    status: str = Field(description="SUCCESS, FAILED, TIMEOUT or RETRYING")
    status_code: int | None
    response_body: str | None
    error_message: str | None
    execution_time_ms: float | None
    heartbeat_id: str | None
    action_id: str | None
    executed_at: str | None
    next_retry_in_ms: int | None


class HookExecutionPage(Page):
    """Delivery attempts, newest first."""

    items: list[HookExecution]


class HookDelivery(View):
    """One firing of one hook (its attempts are executions)."""

    id: str
    hook_id: str
    hook_type: str | None
    kind: str
    status: str
    attempts: int
    replays: int
    last_status_code: int | None
    error_message: str | None
    heartbeat_id: str | None
    action_id: str | None
    created_at: str | None
    completed_at: str | None


class HookDeliveryDetail(HookDelivery):
    """One delivery and the body it sends on every attempt and replay."""

    payload: dict[str, Any] = Field(description="The HookPayload this delivery sends, as sent")


class HookDeliveryPage(Page):
    """Deliveries, newest first."""

    items: list[HookDelivery]


class HookDeliveryAccepted(View):
    """A test delivery started."""

    delivery_id: str


class HookReplayAccepted(View):
    """A failed delivery sent again (same body and webhook-id)."""

    delivery_id: str
    replay: int
    status: str


class HookPayloadAgent(View):
    """The agent a hook delivery is about."""

    id: str
    name: str | None = None
    alias: str | None = None


class HookPayload(View):
    """The JSON body of every hook delivery (POSTed to the hook's endpoint_url, signed
    with the hook's secret by Standard Webhooks: webhook-id, webhook-timestamp,
    webhook-signature). Not an answer of this API: what your endpoint receives."""

    hook_type: str = Field(description="What happened, e.g. AFTER_HEARTBEAT, ACTION_FAILED, THREAD_COMPLETED")
    agent: HookPayloadAgent
    timestamp: str = Field(description="When it happened (ISO 8601, UTC)")
    heartbeat_id: str | None = Field(default=None, description="The heartbeat it happened in, if any")
    action_id: str | None = Field(default=None, description="The action it is about, if any")
    data: dict[str, Any] = Field(description="What the hook type reports (see docs/hooks.md)")
    context: dict[str, Any] = Field(description="Extra context (may be empty)")
