"""Response models of the lab routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class ToolCallView(View):
    """A tool call the model made."""

    name: str
    arguments: dict[str, Any]


class CapturedSend(View):
    """A send a dry run stopped: what would have gone where."""

    kind: str = Field(description="tool | hook | channel | email | notification | event | approval | memory")
    target: str
    body: Any


class Outcome(View):
    """How a run went (an original, a replay, a dry run)."""

    outcome: str = Field(description="heartbeat_ok | finding | completed | sleeping | waiting_approval | failed")
    answer: str
    tool_calls: list[ToolCallView]
    input_tokens: int
    output_tokens: int
    usd: float
    captured: list[CapturedSend]


class ReplaySummary(View):
    """A many-run replay's counts."""

    runs: int
    differs: int
    became_silent: int
    became_finding: int
    usd_original: float
    usd_replay: float


class Replay(View):
    """A replay."""

    id: str
    status: str = Field(description="running | done | failed")
    source: dict[str, Any]
    overrides: dict[str, Any]
    runs: int
    original: Outcome | None
    replay: Outcome | None
    differs: bool
    summary: ReplaySummary | None = None
    error: str | None = Field(default=None, description="Why a failed replay could not go on")
    created_at: str | None


class ReplayPage(Page):
    """A page of replays."""

    items: list[Replay]


class ReplayRun(View):
    """One replayed run of a many-run replay."""

    result_id: str | None
    thread_id: str | None
    scheduled_for: str | None
    original: Outcome
    replay: Outcome
    differs: bool


class ReplayRunPage(Page):
    """A replay's runs."""

    items: list[ReplayRun]
