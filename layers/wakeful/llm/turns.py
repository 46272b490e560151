"""The shapes of a tool-use conversation turn, apart from asking a model for one
(:mod:`wakeful.llm.conversation`), so that the providers that answer turns and the code
that asks for them share them without importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from wakeful.llm.models import Usage

EPHEMERAL = {"type": "ephemeral"}
#: How a conversation's per-call context begins (stored context, why the thread woke):
#: the last text of the request's last message, after the cached history. Readers of
#: the conversation (the scripted model) know it by this heading.
CONTEXT_HEADING = "## Current context"
#: How a person's decision on one of the model's tool calls begins: user-role text after
#: the tool results of that turn (:func:`approval_notice`). Readers of the conversation
#: (the scripted model) know it by this beginning.
APPROVAL_NOTICE = "[system] Approval:"
Delta = Callable[[str], None]
#: The Messages API's smallest thinking budget, and the largest this runtime sends
#: (with the answer's own tokens the request stays within 32,000 output tokens).
MIN_THINKING_BUDGET = 1024
MAX_THINKING_BUDGET = 30_000
MAX_OUTPUT_TOKENS = 32_000
THINKING_BLOCK_TYPES = frozenset({"thinking", "redacted_thinking"})


def approval_notice(tool: str, call_id: str, decision: str, by: str | None = None, note: str | None = None) -> str:
    """The text the model reads after a tool call a person decided: which call, whether it
    was approved or denied, by whom (when known) and the note.

    >>> approval_notice("restart_service", "toolu_1", "approve", "alice", "go ahead")
    '[system] Approval: your call of restart_service (toolu_1) was approved by alice. Note: go ahead'
    """
    verdict = "approved" if decision == "approve" else "denied"
    text = f"{APPROVAL_NOTICE} your call of {tool} ({call_id}) was {verdict}" + (f" by {by}" if by else "")
    return text + (f". Note: {note}" if note else ".")


@dataclass(frozen=True)
class ConversationRequest:
    """One turn of a tool-use conversation.

    Attributes:
        system: the cached system text (guidelines, personality, channel guidance).
        system_dynamic: the per-call system text after the cache breakpoint (stored
            context, wake reason); may be empty.
        tools: Messages API tool definitions ``{name, description, input_schema}``.
        messages: the Messages API history, starting with a user message.
        agent: the agent item (id for budgets; preset/id pick a scripted scenario).
        max_tokens: cap on the answer (thinking comes on top).
        thinking_budget_tokens: extended thinking's budget; None: no thinking.
    """

    system: str
    tools: list[dict[str, Any]]
    messages: list[dict[str, Any]]
    agent: dict[str, Any]
    system_dynamic: str = ""
    max_tokens: int = 2048
    thinking_budget_tokens: int | None = None


@dataclass(frozen=True)
class ToolCall:
    """A tool the model asked to call."""

    id: str
    name: str
    arguments: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The API shape ``{id, name, arguments}``."""
        return {"id": self.id, "name": self.name, "arguments": self.arguments}


@dataclass(frozen=True)
class Turn:
    """The model's validated answer."""

    text: str
    thinking: str
    tool_calls: list[ToolCall]
    usage: Usage
    stop_reason: str | None = None
    content: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Callbacks:
    """Where streamed deltas go (each optional)."""

    on_text: Delta | None = None
    on_reasoning: Delta | None = None

    def text(self, delta: str) -> None:
        if self.on_text and delta:
            self.on_text(delta)

    def reasoning(self, delta: str) -> None:
        if self.on_reasoning and delta:
            self.on_reasoning(delta)


def params(request: ConversationRequest, model: str) -> dict[str, Any]:
    """Keyword arguments for ``client.messages.stream``, with prompt cache breakpoints on
    the tool definitions, the stable system block and the conversation so far (its last
    block): each call of a tool-use loop reads the whole history before its newest turn
    from the cache, and writes the turn for the next call (the API finds a cached prefix
    up to 20 blocks before a breakpoint)."""
    system: list[dict[str, Any]] = [{"type": "text", "text": request.system, "cache_control": EPHEMERAL}]
    tools = [dict(t) for t in request.tools]
    if tools:
        tools[-1] = {**tools[-1], "cache_control": EPHEMERAL}
    budget = thinking_budget(request)
    out: dict[str, Any] = {
        "model": model,
        "max_tokens": request.max_tokens,
        "system": system,
        "tools": tools,
        "messages": _with_breakpoint(request.messages if budget else without_thinking(request.messages), request.system_dynamic),
    }
    if budget:
        out["thinking"] = {"type": "enabled", "budget_tokens": budget}
        out["max_tokens"] = min(request.max_tokens + budget, MAX_OUTPUT_TOKENS)
    return out


def _with_breakpoint(messages: list[dict[str, Any]], dynamic: str = "") -> list[dict[str, Any]]:
    """The messages with a cache breakpoint on the last block of the last one, then the
    per-call ``dynamic`` text (stored context, why the thread woke) after it: what
    changes from call to call comes last, so the history before it stays cached. Copied:
    the caller's history is left as it is. Thinking blocks cannot carry a breakpoint, so
    it goes on the last block that can."""
    if not messages:
        return [{"role": "user", "content": [{"type": "text", "text": dynamic}]}] if dynamic else messages
    last = dict(messages[-1])
    content = last.get("content")
    blocks: list[dict[str, Any]] = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content or []]
    for index in range(len(blocks) - 1, -1, -1):
        if _kind(blocks[index]) not in THINKING_BLOCK_TYPES and blocks[index].get("type"):
            blocks[index]["cache_control"] = EPHEMERAL
            break
    if dynamic:
        blocks.append({"type": "text", "text": dynamic})
    last["content"] = blocks
    return [*messages[:-1], last]


def thinking_budget(request: ConversationRequest) -> int | None:
    """The thinking budget this call sends: the agent's, unless the call continues a
    tool-use loop whose assistant turn was answered without thinking (the API wants one
    thinking configuration per assistant turn)."""
    budget = request.thinking_budget_tokens
    if not budget:
        return None
    last = request.messages[-1] if request.messages else {}
    if last.get("role") == "user" and any(_kind(b) == "tool_result" for b in _blocks(last)):
        turn = next((m for m in reversed(request.messages) if m.get("role") == "assistant"), None)
        if turn is not None and not any(_kind(b) in THINKING_BLOCK_TYPES for b in _blocks(turn)):
            return None
    return max(MIN_THINKING_BUDGET, min(int(budget), MAX_THINKING_BUDGET))


def without_thinking(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` without thinking blocks (a request without thinking)."""
    out: list[dict[str, Any]] = []
    for message in messages:
        blocks = message.get("content")
        if isinstance(blocks, list) and any(_kind(b) in THINKING_BLOCK_TYPES for b in blocks):
            message = {**message, "content": [b for b in blocks if _kind(b) not in THINKING_BLOCK_TYPES]}
        out.append(message)
    return out


def thinking_blocks(turn: Turn) -> list[dict[str, Any]]:
    """The thinking blocks of an answer, as the API sent them (to be sent back)."""
    return [b for b in turn.content if _kind(b) in THINKING_BLOCK_TYPES]


def _blocks(message: dict[str, Any]) -> list[Any]:
    content = message.get("content")
    return content if isinstance(content, list) else []


def _kind(block: Any) -> str:
    return str(block.get("type") or "") if isinstance(block, dict) else ""
