"""The models the API names (responses, bodies) and the module each is in.

Route modules name models instead of importing them (:mod:`wakeful.apikit.routing`), so
that serving a request imports pydantic only when the request needs it. A name the routes
use and this table misses fails the OpenAPI document (and its test) with the name.
Extensions pass their model classes themselves (their routes load them).
"""

from __future__ import annotations

_BY_MODULE: dict[str, tuple[str, ...]] = {
    "wakeful.actions.responses": ("ActionPage", "Action"),
    "wakeful.agents.inputs": ("AgentCreate", "AgentPatch"),
    "wakeful.agents.responses": ("Agent", "AgentPage"),
    "wakeful.channels.inputs": ("ChannelCreate", "ChannelPatch", "ChannelTest"),
    "wakeful.channels.responses": (
        "Channel", "ChannelDeliveryPage", "ChannelPage", "ChannelRequestPage", "ChannelTestAccepted",
    ),
    "wakeful.events.inputs": ("EventIn", "BroadcastIn"),
    "wakeful.events.responses": ("EventAccepted", "EventPage", "BroadcastAccepted"),
    "wakeful.heartbeats.inputs": ("HeartbeatRequest",),
    "wakeful.heartbeats.responses": (
        "HeartbeatAccepted", "HeartbeatDetail", "HeartbeatPage", "StuckHeartbeatPage",
    ),
    "wakeful.hooks.inputs": ("HookCreate", "HookPatch", "HookTestRequest"),
    "wakeful.hooks.responses": (
        "Hook", "HookCreated", "HookDelivery", "HookDeliveryAccepted", "HookDeliveryPage",
        "HookExecutionPage", "HookPage", "HookReplayAccepted",
    ),
    "wakeful.interceptors.inputs": ("InterceptorCreate", "InterceptorPatch"),
    "wakeful.interceptors.responses": (
        "Interceptor", "InterceptorCallPage", "InterceptorCreated", "InterceptorPage",
    ),
    "wakeful.llm.inputs": ("LLMSettingsIn",),
    "wakeful.llm.responses": ("LLMSettings", "LLMPricePage"),
    "wakeful.mcp_endpoint.responses": ("McpMessage",),
    "wakeful.mcp_servers.inputs": ("McpServerCreate", "McpServerPatch"),
    "wakeful.mcp_servers.responses": ("McpServer", "McpServerPage"),
    "wakeful.ops.responses": ("ApiIndex", "Health", "OpenAPIDocument", "ToolStatsPage"),
    "wakeful.schedules.inputs": ("ScheduleCreate", "SchedulePatch"),
    "wakeful.schedules.responses": (
        "Schedule", "SchedulePage", "ScheduleResult", "ScheduleResultPage", "ScheduleRunAccepted",
    ),
    "wakeful.stream.responses": ("StreamEventPage",),
    "wakeful.subscriptions.inputs": ("SubscriptionIn", "SubscriptionPatch"),
    "wakeful.subscriptions.responses": ("Subscription", "SubscriptionPage"),
    "wakeful.threads.inputs": ("ApprovalIn", "MessageIn"),
    "wakeful.threads.responses": (
        "ApprovalDecision", "ApprovalPage", "RouteDecisionPage", "Thread", "ThreadMessagePage", "ThreadPage",
        "ThreadState",
    ),
    "wakeful.tools.inputs": ("ToolIn", "ToolSettingsPatch"),
    "wakeful.tools.responses": ("AgentTool", "AgentToolPage", "Tool", "ToolCreated", "ToolPage"),
    "wakeful.webhooks.inputs": ("WebhookCreate", "WebhookPatch", "WebhookRotate"),
    "wakeful.webhooks.responses": (
        "Webhook", "WebhookCreated", "WebhookPage", "WebhookRequestPage", "WebhookRotated",
    ),
}

#: Model name -> its module.
MODELS: dict[str, str] = {name: module for module, names in _BY_MODULE.items() for name in names}
