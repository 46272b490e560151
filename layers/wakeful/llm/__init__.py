"""Asking a model: one small interface, with usage and cost on every call.

Tools build an :class:`~wakeful.llm.models.LLMRequest` (task, data, the structured
:class:`~wakeful.llm.models.ResponseSpec` wanted, the agent) and call
:meth:`~wakeful.llm.client.LLMSession.ask`. Providers: ``anthropic`` (the official SDK,
imported lazily) and ``scripted`` (deterministic, offline); see
:mod:`wakeful.llm.settings`. Nothing heavy is imported by this package.
"""

from __future__ import annotations
