"""Asking a model, for one action.

:class:`LLMSession` is the one interface tools use. For each :meth:`LLMSession.ask`:

1. an answer memoized for this (action, step) is reused: running an action again acts on
   the same decision and spends no tokens (exactly-once effects);
2. the model is chosen: ``tool_config.model``, else the agent's per-tool model, else the
   agent's model, else its provider's default (``WAKEFUL_LLM_MODEL`` for the deployment's
   provider); the provider is the agent's, else the deployment's (:mod:`wakeful.llm.choice`);
3. the call is admitted (:mod:`wakeful.llm.callgate`: the agent's daily token budget,
   spent -> :class:`LLMBudgetExceededError`, then the spend guard);
4. the provider is asked, then the agent's fallback ones while it fails with a retryable
   error; the usage is counted against the budget even when the answer turns out
   malformed;
5. the answer is validated against the response spec (:class:`LLMMalformedOutputError`
   otherwise) and memoized, with the question it answers (:mod:`wakeful.llm.questions`;
   not in a dry run) so that a heartbeat round's replay can ask it again.

Usage of every call is summed into :meth:`LLMSession.usage_stats`, the ToolResponse's
``usage_stats``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from wakeful import dryrun
from wakeful.llm import choice, ledger, metrics, parsing, questions
from wakeful.llm.callgate import CallContext
from wakeful.llm.exceptions import LLMMalformedOutputError, LLMRefusalError
from wakeful.llm.models import Answer, LLMRequest, Usage
from wakeful.llm.settings import get_settings

logger = logging.getLogger(__name__)


class LLMSession:
    """The model calls of one action."""

    def __init__(
        self,
        agent_context: dict[str, Any],
        *,
        tool: str,
        action_id: str,
        tool_config: dict[str, Any] | None = None,
    ) -> None:
        self.agent = agent_context
        self.agent_id = str(agent_context.get("agent_id") or "")
        self.tool = tool
        self.action_id = action_id
        self.tool_config = tool_config or {}
        self.calls: list[dict[str, Any]] = []
        self._agent_settings: dict[str, Any] | None = None

    # -- configuration ---------------------------------------------------------------
    def agent_settings(self) -> dict[str, Any]:
        """The agent's LLM settings (read once per session)."""
        if self._agent_settings is None:
            self._agent_settings = ledger.agent_settings(self.agent_id) if self.agent_id else {}
        return self._agent_settings

    def model(self) -> str:
        """The model this tool uses for this agent."""
        if self.tool_config.get("model"):
            return str(self.tool_config["model"])
        agent = self.agent_settings()
        per_tool = agent.get("tool_models") or {}
        if per_tool.get(self.tool):
            return str(per_tool[self.tool])
        if agent.get("model"):
            return str(agent["model"])
        return get_settings().default_model(str(agent.get("provider") or get_settings().provider))

    def daily_budget(self) -> int:
        """Tokens this agent may spend per UTC day."""
        value = self.agent_settings().get("daily_token_budget")
        return int(value) if value is not None else get_settings().daily_token_budget

    # -- asking ----------------------------------------------------------------------
    def ask(self, request: LLMRequest, step: str) -> Answer:
        """Ask for ``request.response``; ``step`` names this call within the action."""
        if self.agent_id and self.action_id:
            remembered = ledger.memo_get(self.agent_id, self.action_id, step)
            if remembered is not None:
                self.calls.append({"step": step, "memoized": True, "model": self.model(), "cost_usd": 0.0})
                return Answer(parsing.validate(request.response, remembered), Usage(model=self.model(), calls=0), True, step)
        model = self.model()
        chain = choice.endpoints(self.agent_id, self.agent_settings(), model)
        size = len(request.task) + len(request.guide) + len(json.dumps(request.data, default=str))
        ctx = CallContext(
            self.agent_id, "", "tool", f"{self.action_id or ''}:{step}",
            daily_token_budget=self.daily_budget(), input_chars=size, max_output_tokens=request.max_tokens,
        )  # fmt: skip
        raw = choice.ask(self.agent_id, chain, lambda provider, endpoint: provider.complete(request, endpoint.model, endpoint), ctx)
        self._record(step, raw.usage)
        if raw.stop_reason == "refusal":
            said = " ".join(str(b.get("text") or "") for b in raw.content if b.get("type") == "text").strip()
            raise LLMRefusalError(f"the model refused to answer{f': {said[:300]}' if said else ''}")
        try:
            data, _text = parsing.from_content(raw.content, request.response.name)
            answer = parsing.validate(request.response, data)
        except LLMMalformedOutputError as error:
            if raw.stop_reason == "max_tokens":
                raise LLMMalformedOutputError(f"{error} (the answer was cut off at max_tokens={request.max_tokens})") from error
            raise
        if self.agent_id and self.action_id:
            # The question is kept with its answer (a heartbeat round's replay asks it again); a dry run's never is.
            question = None if dryrun.current() is not None else questions.kept(self.tool, request, model)
            kept = ledger.memo_put(self.agent_id, self.action_id, step, answer.model_dump(mode="json"), raw.usage, question)
            answer = parsing.validate(request.response, kept)
        return Answer(answer, raw.usage, False, step)

    def _record(self, step: str, usage: Usage) -> None:
        self.calls.append({"step": step, **usage.as_dict()})
        if self.agent_id:
            ledger.add_usage(self.agent_id, usage)
        _metric("LLM_CALLS", 1)
        _metric("LLM_INPUT_TOKENS", usage.input_tokens + usage.cache_creation_input_tokens)
        _metric("LLM_OUTPUT_TOKENS", usage.output_tokens)
        _metric("LLM_CACHE_READ_TOKENS", usage.cache_read_input_tokens)
        logger.info(
            "llm call",
            extra={"agent_id": self.agent_id, "action_id": self.action_id, "tool": self.tool, "step": step, **usage.as_dict()},
        )

    # -- reporting -------------------------------------------------------------------
    def total(self) -> Usage:
        """Every call of this session, summed."""
        made = [c for c in self.calls if not c.get("memoized")]
        return Usage(
            model=made[-1]["model"] if made else self.model_or_default(),
            input_tokens=sum(c["input_tokens"] for c in made),
            output_tokens=sum(c["output_tokens"] for c in made),
            cache_read_input_tokens=sum(c["cache_read_input_tokens"] for c in made),
            cache_creation_input_tokens=sum(c["cache_creation_input_tokens"] for c in made),
            cost_usd=sum(c["cost_usd"] for c in made),
            provider=made[-1]["provider"] if made else str(self.agent_settings().get("provider") or get_settings().provider),
            calls=len(made),
        )

    def model_or_default(self) -> str:
        try:
            return self.model()
        except Exception:  # noqa: BLE001 - reporting must not fail
            return get_settings().model

    def usage_stats(self) -> dict[str, Any] | None:
        """The ToolResponse ``usage_stats``: totals plus each call; None when no call
        was needed (an idle run spends nothing)."""
        if not self.calls:
            return None
        return {**self.total().as_dict(), "steps": self.calls}


def _metric(name: str, value: int) -> None:
    """Add an EMF metric (flushed by the handler's ``log_metrics``)."""
    metrics.add(name, value)
