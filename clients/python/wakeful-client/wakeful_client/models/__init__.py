""" Contains all the data models used in inputs/outputs """

from .action import Action
from .action_approval import ActionApproval
from .action_approval_decision_type_0 import ActionApprovalDecisionType0
from .action_interception_type_0 import ActionInterceptionType0
from .action_page import ActionPage
from .action_request_meta_type_0 import ActionRequestMetaType0
from .action_response_meta_type_0 import ActionResponseMetaType0
from .action_status import ActionStatus
from .active_hours_in import ActiveHoursIn
from .agent import Agent
from .agent_budget_type_0 import AgentBudgetType0
from .agent_create import AgentCreate
from .agent_create_personality_type_0 import AgentCreatePersonalityType0
from .agent_memory_consolidation_type_0 import AgentMemoryConsolidationType0
from .agent_page import AgentPage
from .agent_patch import AgentPatch
from .agent_patch_personality_type_0 import AgentPatchPersonalityType0
from .agent_personality_type_0 import AgentPersonalityType0
from .agent_spend import AgentSpend
from .agent_spend_period import AgentSpendPeriod
from .agent_spend_row import AgentSpendRow
from .agent_thread_trigger import AgentThreadTrigger
from .agent_thread_trigger_coalesce_type_0 import AgentThreadTriggerCoalesceType0
from .agent_thread_trigger_match import AgentThreadTriggerMatch
from .agent_tool import AgentTool
from .agent_tool_config import AgentToolConfig
from .agent_tool_page import AgentToolPage
from .agent_tool_policy import AgentToolPolicy
from .agent_tool_settings import AgentToolSettings
from .agent_tool_settings_config import AgentToolSettingsConfig
from .alert_event import AlertEvent
from .api_index import ApiIndex
from .approval import Approval
from .approval_arguments import ApprovalArguments
from .approval_decision import ApprovalDecision
from .approval_in import ApprovalIn
from .approval_in_decision import ApprovalInDecision
from .approval_page import ApprovalPage
from .broadcast_accepted import BroadcastAccepted
from .broadcast_in import BroadcastIn
from .broadcast_in_metadata_type_0 import BroadcastInMetadataType0
from .broadcast_in_payload import BroadcastInPayload
from .budget import Budget
from .budget_in import BudgetIn
from .budget_in_on_exceed_type_0 import BudgetInOnExceedType0
from .captured_send import CapturedSend
from .channel import Channel
from .channel_config import ChannelConfig
from .channel_create import ChannelCreate
from .channel_create_config import ChannelCreateConfig
from .channel_create_kind import ChannelCreateKind
from .channel_delivery import ChannelDelivery
from .channel_delivery_page import ChannelDeliveryPage
from .channel_page import ChannelPage
from .channel_patch import ChannelPatch
from .channel_patch_config import ChannelPatchConfig
from .channel_request import ChannelRequest
from .channel_request_page import ChannelRequestPage
from .channel_test import ChannelTest
from .channel_test_accepted import ChannelTestAccepted
from .coalesce import Coalesce
from .comment import Comment
from .comment_in import CommentIn
from .comment_page import CommentPage
from .consolidation import Consolidation
from .consolidation_page import ConsolidationPage
from .consolidation_span import ConsolidationSpan
from .consolidation_started import ConsolidationStarted
from .discord_interaction_answer import DiscordInteractionAnswer
from .discord_interaction_answer_data_type_0 import DiscordInteractionAnswerDataType0
from .discord_interactions_body import DiscordInteractionsBody
from .dry_run_event_in import DryRunEventIn
from .dry_run_event_in_payload import DryRunEventInPayload
from .dry_run_in import DryRunIn
from .dry_run_in_kind import DryRunInKind
from .dry_run_in_schedule_type_type_0 import DryRunInScheduleTypeType0
from .dry_run_in_tool_results_type_0 import DryRunInToolResultsType0
from .error import Error
from .error_error import ErrorError
from .event import Event
from .event_accepted import EventAccepted
from .event_in import EventIn
from .event_in_metadata_type_0 import EventInMetadataType0
from .event_in_payload import EventInPayload
from .event_metadata_type_0 import EventMetadataType0
from .event_page import EventPage
from .event_payload import EventPayload
from .fallback_in import FallbackIn
from .fallback_in_provider import FallbackInProvider
from .filter_config import FilterConfig
from .follow import Follow
from .follow_in import FollowIn
from .follow_page import FollowPage
from .health import Health
from .heartbeat import Heartbeat
from .heartbeat_accepted import HeartbeatAccepted
from .heartbeat_detail import HeartbeatDetail
from .heartbeat_page import HeartbeatPage
from .heartbeat_request import HeartbeatRequest
from .heartbeat_window import HeartbeatWindow
from .hook import Hook
from .hook_create import HookCreate
from .hook_create_metadata_type_0 import HookCreateMetadataType0
from .hook_created import HookCreated
from .hook_created_metadata_type_0 import HookCreatedMetadataType0
from .hook_delivery import HookDelivery
from .hook_delivery_accepted import HookDeliveryAccepted
from .hook_delivery_detail import HookDeliveryDetail
from .hook_delivery_detail_payload import HookDeliveryDetailPayload
from .hook_delivery_page import HookDeliveryPage
from .hook_execution import HookExecution
from .hook_execution_page import HookExecutionPage
from .hook_metadata_type_0 import HookMetadataType0
from .hook_page import HookPage
from .hook_patch import HookPatch
from .hook_patch_metadata_type_0 import HookPatchMetadataType0
from .hook_payload import HookPayload
from .hook_payload_agent import HookPayloadAgent
from .hook_payload_context import HookPayloadContext
from .hook_payload_data import HookPayloadData
from .hook_replay_accepted import HookReplayAccepted
from .hook_retry_config import HookRetryConfig
from .hook_test_request import HookTestRequest
from .ingest_message import IngestMessage
from .ingest_message_metadata_type_0 import IngestMessageMetadataType0
from .ingest_message_payload import IngestMessagePayload
from .interceptor import Interceptor
from .interceptor_call import InterceptorCall
from .interceptor_call_page import InterceptorCallPage
from .interceptor_create import InterceptorCreate
from .interceptor_create_events_item import InterceptorCreateEventsItem
from .interceptor_create_on_failure import InterceptorCreateOnFailure
from .interceptor_created import InterceptorCreated
from .interceptor_page import InterceptorPage
from .interceptor_patch import InterceptorPatch
from .interceptor_patch_events_item import InterceptorPatchEventsItem
from .interceptor_patch_on_failure import InterceptorPatchOnFailure
from .llm_fallback import LLMFallback
from .llm_model_usage import LLMModelUsage
from .llm_price import LLMPrice
from .llm_price_page import LLMPricePage
from .llm_settings import LLMSettings
from .llm_settings_in import LLMSettingsIn
from .llm_settings_in_provider_type_0 import LLMSettingsInProviderType0
from .llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0
from .llm_settings_tool_models import LLMSettingsToolModels
from .llm_usage import LLMUsage
from .mcp_message import McpMessage
from .mcp_message_error_type_0 import McpMessageErrorType0
from .mcp_message_result_type_0 import McpMessageResultType0
from .mcp_server import McpServer
from .mcp_server_create import McpServerCreate
from .mcp_server_create_headers_type_0 import McpServerCreateHeadersType0
from .mcp_server_info import McpServerInfo
from .mcp_server_page import McpServerPage
from .mcp_server_patch import McpServerPatch
from .mcp_server_patch_headers_type_0 import McpServerPatchHeadersType0
from .mcp_server_tool import McpServerTool
from .mcp_server_tool_input_schema import McpServerToolInputSchema
from .mcp_skipped_tool import McpSkippedTool
from .memory import Memory
from .memory_change import MemoryChange
from .memory_consolidation import MemoryConsolidation
from .memory_consolidation_mode import MemoryConsolidationMode
from .memory_in import MemoryIn
from .memory_page import MemoryPage
from .memory_patch import MemoryPatch
from .memory_source import MemorySource
from .message_in import MessageIn
from .model_spend import ModelSpend
from .open_api_document import OpenAPIDocument
from .open_api_document_components_type_0 import OpenAPIDocumentComponentsType0
from .open_api_document_info import OpenAPIDocumentInfo
from .open_api_document_paths import OpenAPIDocumentPaths
from .open_api_document_servers_type_0_item import OpenAPIDocumentServersType0Item
from .outcome import Outcome
from .owner_spend import OwnerSpend
from .probe_in import ProbeIn
from .reaction import Reaction
from .reaction_in import ReactionIn
from .reaction_member import ReactionMember
from .replay import Replay
from .replay_in import ReplayIn
from .replay_overrides import ReplayOverrides
from .replay_overrides_in import ReplayOverridesIn
from .replay_page import ReplayPage
from .replay_run import ReplayRun
from .replay_run_page import ReplayRunPage
from .replay_source import ReplaySource
from .replay_source_in import ReplaySourceIn
from .replay_summary import ReplaySummary
from .resume_in import ResumeIn
from .retry_config import RetryConfig
from .route_decision import RouteDecision
from .route_decision_page import RouteDecisionPage
from .saved import Saved
from .schedule import Schedule
from .schedule_active_hours import ScheduleActiveHours
from .schedule_config import ScheduleConfig
from .schedule_config_schedule_type import ScheduleConfigScheduleType
from .schedule_config_view import ScheduleConfigView
from .schedule_counts import ScheduleCounts
from .schedule_create import ScheduleCreate
from .schedule_page import SchedulePage
from .schedule_patch import SchedulePatch
from .schedule_probe_type_0 import ScheduleProbeType0
from .schedule_result import ScheduleResult
from .schedule_result_page import ScheduleResultPage
from .schedule_result_probe_type_0 import ScheduleResultProbeType0
from .schedule_result_triage_type_0 import ScheduleResultTriageType0
from .schedule_run_accepted import ScheduleRunAccepted
from .slack_events_answer import SlackEventsAnswer
from .slack_events_body import SlackEventsBody
from .slack_interactions_body import SlackInteractionsBody
from .snip import Snip
from .snip_author import SnipAuthor
from .snip_create_in import SnipCreateIn
from .snip_create_in_type import SnipCreateInType
from .snip_origin_type_0 import SnipOriginType0
from .snip_page import SnipPage
from .spend_limits import SpendLimits
from .stream_event import StreamEvent
from .stream_event_metadata import StreamEventMetadata
from .stream_event_page import StreamEventPage
from .stream_event_tool_args_type_0 import StreamEventToolArgsType0
from .stuck_heartbeat import StuckHeartbeat
from .stuck_heartbeat_page import StuckHeartbeatPage
from .subscription import Subscription
from .subscription_filter_config_type_0 import SubscriptionFilterConfigType0
from .subscription_in import SubscriptionIn
from .subscription_page import SubscriptionPage
from .subscription_patch import SubscriptionPatch
from .telegram_update_answer import TelegramUpdateAnswer
from .telegram_updates_body import TelegramUpdatesBody
from .thread import Thread
from .thread_attributes import ThreadAttributes
from .thread_context import ThreadContext
from .thread_message import ThreadMessage
from .thread_message_event_type_0 import ThreadMessageEventType0
from .thread_message_page import ThreadMessagePage
from .thread_page import ThreadPage
from .thread_source import ThreadSource
from .thread_state import ThreadState
from .thread_status import ThreadStatus
from .thread_tool_call import ThreadToolCall
from .thread_tool_call_arguments import ThreadToolCallArguments
from .thread_trigger import ThreadTrigger
from .thread_trigger_match import ThreadTriggerMatch
from .tool import Tool
from .tool_call_view import ToolCallView
from .tool_call_view_arguments import ToolCallViewArguments
from .tool_config import ToolConfig
from .tool_created import ToolCreated
from .tool_created_config import ToolCreatedConfig
from .tool_created_input_schema_type_0 import ToolCreatedInputSchemaType0
from .tool_in import ToolIn
from .tool_in_config import ToolInConfig
from .tool_in_input_schema import ToolInInputSchema
from .tool_in_kind import ToolInKind
from .tool_input_schema_type_0 import ToolInputSchemaType0
from .tool_page import ToolPage
from .tool_policy import ToolPolicy
from .tool_settings_patch import ToolSettingsPatch
from .tool_settings_patch_config_type_0 import ToolSettingsPatchConfigType0
from .tool_stats import ToolStats
from .tool_stats_page import ToolStatsPage
from .triage_in import TriageIn
from .triage_in_provider import TriageInProvider
from .webhook import Webhook
from .webhook_accepted import WebhookAccepted
from .webhook_create import WebhookCreate
from .webhook_create_metadata_type_0 import WebhookCreateMetadataType0
from .webhook_create_provider import WebhookCreateProvider
from .webhook_created import WebhookCreated
from .webhook_created_metadata_type_0 import WebhookCreatedMetadataType0
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_payload import WebhookDeliveryPayload
from .webhook_metadata_type_0 import WebhookMetadataType0
from .webhook_page import WebhookPage
from .webhook_patch import WebhookPatch
from .webhook_request import WebhookRequest
from .webhook_request_page import WebhookRequestPage
from .webhook_rotate import WebhookRotate
from .webhook_rotated import WebhookRotated
from .whisper import Whisper
from .whisper_in import WhisperIn
from .whisper_page import WhisperPage
from .whisper_sender import WhisperSender

__all__ = (
    "Action",
    "ActionApproval",
    "ActionApprovalDecisionType0",
    "ActionInterceptionType0",
    "ActionPage",
    "ActionRequestMetaType0",
    "ActionResponseMetaType0",
    "ActionStatus",
    "ActiveHoursIn",
    "Agent",
    "AgentBudgetType0",
    "AgentCreate",
    "AgentCreatePersonalityType0",
    "AgentMemoryConsolidationType0",
    "AgentPage",
    "AgentPatch",
    "AgentPatchPersonalityType0",
    "AgentPersonalityType0",
    "AgentSpend",
    "AgentSpendPeriod",
    "AgentSpendRow",
    "AgentThreadTrigger",
    "AgentThreadTriggerCoalesceType0",
    "AgentThreadTriggerMatch",
    "AgentTool",
    "AgentToolConfig",
    "AgentToolPage",
    "AgentToolPolicy",
    "AgentToolSettings",
    "AgentToolSettingsConfig",
    "AlertEvent",
    "ApiIndex",
    "Approval",
    "ApprovalArguments",
    "ApprovalDecision",
    "ApprovalIn",
    "ApprovalInDecision",
    "ApprovalPage",
    "BroadcastAccepted",
    "BroadcastIn",
    "BroadcastInMetadataType0",
    "BroadcastInPayload",
    "Budget",
    "BudgetIn",
    "BudgetInOnExceedType0",
    "CapturedSend",
    "Channel",
    "ChannelConfig",
    "ChannelCreate",
    "ChannelCreateConfig",
    "ChannelCreateKind",
    "ChannelDelivery",
    "ChannelDeliveryPage",
    "ChannelPage",
    "ChannelPatch",
    "ChannelPatchConfig",
    "ChannelRequest",
    "ChannelRequestPage",
    "ChannelTest",
    "ChannelTestAccepted",
    "Coalesce",
    "Comment",
    "CommentIn",
    "CommentPage",
    "Consolidation",
    "ConsolidationPage",
    "ConsolidationSpan",
    "ConsolidationStarted",
    "DiscordInteractionAnswer",
    "DiscordInteractionAnswerDataType0",
    "DiscordInteractionsBody",
    "DryRunEventIn",
    "DryRunEventInPayload",
    "DryRunIn",
    "DryRunInKind",
    "DryRunInScheduleTypeType0",
    "DryRunInToolResultsType0",
    "Error",
    "ErrorError",
    "Event",
    "EventAccepted",
    "EventIn",
    "EventInMetadataType0",
    "EventInPayload",
    "EventMetadataType0",
    "EventPage",
    "EventPayload",
    "FallbackIn",
    "FallbackInProvider",
    "FilterConfig",
    "Follow",
    "FollowIn",
    "FollowPage",
    "Health",
    "Heartbeat",
    "HeartbeatAccepted",
    "HeartbeatDetail",
    "HeartbeatPage",
    "HeartbeatRequest",
    "HeartbeatWindow",
    "Hook",
    "HookCreate",
    "HookCreated",
    "HookCreatedMetadataType0",
    "HookCreateMetadataType0",
    "HookDelivery",
    "HookDeliveryAccepted",
    "HookDeliveryDetail",
    "HookDeliveryDetailPayload",
    "HookDeliveryPage",
    "HookExecution",
    "HookExecutionPage",
    "HookMetadataType0",
    "HookPage",
    "HookPatch",
    "HookPatchMetadataType0",
    "HookPayload",
    "HookPayloadAgent",
    "HookPayloadContext",
    "HookPayloadData",
    "HookReplayAccepted",
    "HookRetryConfig",
    "HookTestRequest",
    "IngestMessage",
    "IngestMessageMetadataType0",
    "IngestMessagePayload",
    "Interceptor",
    "InterceptorCall",
    "InterceptorCallPage",
    "InterceptorCreate",
    "InterceptorCreated",
    "InterceptorCreateEventsItem",
    "InterceptorCreateOnFailure",
    "InterceptorPage",
    "InterceptorPatch",
    "InterceptorPatchEventsItem",
    "InterceptorPatchOnFailure",
    "LLMFallback",
    "LLMModelUsage",
    "LLMPrice",
    "LLMPricePage",
    "LLMSettings",
    "LLMSettingsIn",
    "LLMSettingsInProviderType0",
    "LLMSettingsInToolModelsType0",
    "LLMSettingsToolModels",
    "LLMUsage",
    "McpMessage",
    "McpMessageErrorType0",
    "McpMessageResultType0",
    "McpServer",
    "McpServerCreate",
    "McpServerCreateHeadersType0",
    "McpServerInfo",
    "McpServerPage",
    "McpServerPatch",
    "McpServerPatchHeadersType0",
    "McpServerTool",
    "McpServerToolInputSchema",
    "McpSkippedTool",
    "Memory",
    "MemoryChange",
    "MemoryConsolidation",
    "MemoryConsolidationMode",
    "MemoryIn",
    "MemoryPage",
    "MemoryPatch",
    "MemorySource",
    "MessageIn",
    "ModelSpend",
    "OpenAPIDocument",
    "OpenAPIDocumentComponentsType0",
    "OpenAPIDocumentInfo",
    "OpenAPIDocumentPaths",
    "OpenAPIDocumentServersType0Item",
    "Outcome",
    "OwnerSpend",
    "ProbeIn",
    "Reaction",
    "ReactionIn",
    "ReactionMember",
    "Replay",
    "ReplayIn",
    "ReplayOverrides",
    "ReplayOverridesIn",
    "ReplayPage",
    "ReplayRun",
    "ReplayRunPage",
    "ReplaySource",
    "ReplaySourceIn",
    "ReplaySummary",
    "ResumeIn",
    "RetryConfig",
    "RouteDecision",
    "RouteDecisionPage",
    "Saved",
    "Schedule",
    "ScheduleActiveHours",
    "ScheduleConfig",
    "ScheduleConfigScheduleType",
    "ScheduleConfigView",
    "ScheduleCounts",
    "ScheduleCreate",
    "SchedulePage",
    "SchedulePatch",
    "ScheduleProbeType0",
    "ScheduleResult",
    "ScheduleResultPage",
    "ScheduleResultProbeType0",
    "ScheduleResultTriageType0",
    "ScheduleRunAccepted",
    "SlackEventsAnswer",
    "SlackEventsBody",
    "SlackInteractionsBody",
    "Snip",
    "SnipAuthor",
    "SnipCreateIn",
    "SnipCreateInType",
    "SnipOriginType0",
    "SnipPage",
    "SpendLimits",
    "StreamEvent",
    "StreamEventMetadata",
    "StreamEventPage",
    "StreamEventToolArgsType0",
    "StuckHeartbeat",
    "StuckHeartbeatPage",
    "Subscription",
    "SubscriptionFilterConfigType0",
    "SubscriptionIn",
    "SubscriptionPage",
    "SubscriptionPatch",
    "TelegramUpdateAnswer",
    "TelegramUpdatesBody",
    "Thread",
    "ThreadAttributes",
    "ThreadContext",
    "ThreadMessage",
    "ThreadMessageEventType0",
    "ThreadMessagePage",
    "ThreadPage",
    "ThreadSource",
    "ThreadState",
    "ThreadStatus",
    "ThreadToolCall",
    "ThreadToolCallArguments",
    "ThreadTrigger",
    "ThreadTriggerMatch",
    "Tool",
    "ToolCallView",
    "ToolCallViewArguments",
    "ToolConfig",
    "ToolCreated",
    "ToolCreatedConfig",
    "ToolCreatedInputSchemaType0",
    "ToolIn",
    "ToolInConfig",
    "ToolInInputSchema",
    "ToolInKind",
    "ToolInputSchemaType0",
    "ToolPage",
    "ToolPolicy",
    "ToolSettingsPatch",
    "ToolSettingsPatchConfigType0",
    "ToolStats",
    "ToolStatsPage",
    "TriageIn",
    "TriageInProvider",
    "Webhook",
    "WebhookAccepted",
    "WebhookCreate",
    "WebhookCreated",
    "WebhookCreatedMetadataType0",
    "WebhookCreateMetadataType0",
    "WebhookCreateProvider",
    "WebhookDelivery",
    "WebhookDeliveryPayload",
    "WebhookMetadataType0",
    "WebhookPage",
    "WebhookPatch",
    "WebhookRequest",
    "WebhookRequestPage",
    "WebhookRotate",
    "WebhookRotated",
    "Whisper",
    "WhisperIn",
    "WhisperPage",
    "WhisperSender",
)
