"""Response models of the tools' and subscriptions' routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class Tool(View):
    """A built-in tool (with your settings) or one of your HTTP or Lambda tools."""

    name: str
    kind: str = Field(description="builtin, http or lambda")
    builtin: bool
    description: str | None
    config: dict[str, Any]
    is_active: bool
    endpoint_url: str | None = None
    function_arn: str | None = None
    timeout_ms: int | None = None
    input_schema: dict[str, Any] | None = None
    requires_approval: bool | None = None
    created_at: str | None = None


class ToolCreated(Tool):
    """A new tool and its signing secret (shown only in this answer)."""

    secret: str = Field(description="whsec_…: the tool verifies Wakeful's signature with it")


class ToolPage(Page):
    """Built-in tools, then yours."""

    items: list[Tool]


class AgentToolSettings(View):
    """What the agent sets on top of your settings."""

    config: dict[str, Any]
    is_active: bool


class AgentTool(View):
    """A tool as it runs for one agent."""

    name: str
    kind: str
    is_active: bool
    config: dict[str, Any] = Field(description="The config it runs with (yours, then the agent's on top)")
    agent_settings: AgentToolSettings


class AgentToolPage(Page):
    """The tools an agent can use."""

    items: list[AgentTool]
