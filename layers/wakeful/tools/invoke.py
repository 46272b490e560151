"""Calling a tool: the one place an HTTP, Lambda or MCP tool call starts, for a
thread's tool calls and a heartbeat's actions alike.

:func:`call` runs the tool on a request and always answers a
:class:`~wakeful.tools.base.ToolResponse`: a tool that raises, or answers something
else, is a failed response saying why (the caller records it as the call's result).
Inside a dry run (:mod:`wakeful.dryrun`) no tool is called: the call is captured and
answered with what the source recorded for the same tool and arguments, else an error
result ``not recorded in the source``.
"""

from __future__ import annotations

import logging
from typing import Any

from wakeful import dryrun
from wakeful.tools.base import ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError

logger = logging.getLogger(__name__)


def call(tool: Any, request: ToolRequest) -> ToolResponse:
    """Run ``tool`` (a runnable: ``name`` and ``run(request)``) on ``request``."""
    if (dry := dryrun.tool_answer(tool.name, _arguments(request))) is not None:
        return _answered(dry)
    try:
        response = tool.run(request)
        if not isinstance(response, ToolResponse):
            raise ToolCallError(f"{tool.name} returned {type(response).__name__}, not a ToolResponse")
        return response
    except ToolCallError as error:
        return ToolResponse(success=False, error=str(error))
    except Exception as error:  # noqa: BLE001 - a failed tool is an error result, not a failed run
        logger.exception("tool raised", extra={"action_id": request.action_id})
        return ToolResponse(success=False, error=f"{type(error).__name__}: {error}")


def _arguments(request: ToolRequest) -> dict[str, Any]:
    """A thread's call's arguments, or a heartbeat action's event."""
    if request.tool_call is not None:
        return dict(request.tool_call.arguments)
    return {} if request.event is None else request.event.model_dump()


def _answered(dry: Any) -> ToolResponse:
    """A dry run's answer as a response: a recorded one, else the not-recorded error."""
    if isinstance(dry, dict) and "success" in dry:
        return ToolResponse.model_validate({k: dry.get(k) for k in ("success", "output", "error", "new_events") if dry.get(k) is not None})
    return ToolResponse(success=False, error=str(dry))
