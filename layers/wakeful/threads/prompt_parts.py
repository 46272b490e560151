"""What capabilities above the threads add to a run's system prompt, pinned for the run.

A :class:`~wakeful.threads.slots.PromptPart` contributor is asked once per run, at the run's first model call,
with the run's own messages up to then (its task, the notice it woke with, the events it
was started or woken for). What the contributors return is kept on the thread with the
run's id (``prompt_parts``), so every model call of the run sends the same text and a
step delivered again reuses it. The text goes in the per-call part of the system prompt
(:func:`wakeful.threads.prompt.dynamic`, after the last cache breakpoint): the tools,
the stable system block and the history stay served by the prompt cache.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wakeful.threads.slots import PARTS

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)


def compute(agent: Agent, thread: Thread, run_messages: list[dict[str, Any]]) -> list[str]:
    """Every contributor's text for this run (a contributor that fails adds nothing:
    the run goes on without it)."""
    found = []
    for part in PARTS.installed():
        try:
            text = part.contribute(agent, thread, run_messages)
        except Exception:  # noqa: BLE001 - a prompt part never stops a run
            logger.exception("prompt part failed", extra={"part": part.name, "thread_id": thread.thread_id})
            continue
        if text:
            found.append(text)
    return found
