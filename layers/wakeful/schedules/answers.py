"""What a run asks the agent, and what its answer means.

A ``heartbeat`` run appends its checklist to the prompt and is told to answer exactly
``HEARTBEAT_OK`` when nothing needs attention. That answer is recognised however the
model dresses it (whitespace, surrounding markdown such as ``**``, a final period) and
never reaches a user; a report that merely starts with the token is delivered without it.
What is delivered without the token leaves out the instruction that names it too (a
``THREAD_STARTED`` hook carries the run's message): the prompt then ends with its
checklist, not with a sentence whose token was cut out.
"""

from __future__ import annotations

import re
from typing import Any

from wakeful.schedules import models

TOKEN = "HEARTBEAT_OK"
_MARKDOWN = "*_`~"
# The token with any markdown around it and the punctuation a model puts after it.
#: What a heartbeat's checklist block ends with: the only place Wakeful itself writes
#: the token. Delivered without the token, it goes whole.
INSTRUCTION = f"If nothing needs attention, respond with exactly: {TOKEN}\nOtherwise, report only what needs action."
_TOKEN_IN_TEXT = re.compile(r"[*_`~]*(?<![A-Za-z0-9])HEARTBEAT_OK(?![A-Za-z0-9])[*_`~]*[ \t]*[.:!,;\-–—]*")


def build_prompt(schedule: dict[str, Any]) -> str:
    """The run's message: the prompt, plus the checklist block for a heartbeat with one."""
    prompt = schedule["prompt"]
    checklist = [item for item in (schedule.get("config") or {}).get("heartbeat_checklist") or [] if item.strip()]
    if models.schedule_type(schedule) != models.HEARTBEAT or not checklist:
        return prompt
    items = "\n".join(f"- {item.strip()}" for item in checklist)
    return f"{prompt}\n\n## Heartbeat Checklist\nCheck each item below using your tools:\n{items}\n\n{INSTRUCTION}"


def is_heartbeat_ok(text: str | None) -> bool:
    """Whether an answer is ``HEARTBEAT_OK`` and nothing else, ignoring whitespace,
    surrounding markdown and a final period. An answer that is only the token with
    other punctuation (``HEARTBEAT_OK!``) carries no report either, and counts too."""
    if not text:
        return False
    core = text
    while True:
        trimmed = core.strip().strip(_MARKDOWN).strip()
        trimmed = trimmed[:-1] if trimmed.endswith(".") else trimmed
        if trimmed == core:
            break
        core = trimmed
    if core == TOKEN:
        return True
    return TOKEN in text and not any(ch.isalnum() for ch in without_token(text))


def without_token(text: str) -> str:
    """A report with every ``HEARTBEAT_OK`` (and its markdown and punctuation) removed,
    and the checklist's instruction naming it left out whole."""
    stripped = _TOKEN_IN_TEXT.sub("", text.replace(INSTRUCTION, ""))
    stripped = re.sub(r"[ \t]+\n", "\n", stripped)
    stripped = re.sub(r"\n{3,}", "\n\n", stripped)
    return stripped.strip()


def scrubbed(value: Any) -> Any:
    """``value`` (a hook's data) with the token removed from every string in it."""
    if isinstance(value, str):
        return without_token(value) if TOKEN in value else value
    if isinstance(value, dict):
        return {k: scrubbed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [scrubbed(v) for v in value]
    return value


def classify(schedule_type: str, outcome: dict[str, Any]) -> tuple[str, str]:
    """A finished run's ``(status, result_content)`` from the thread runtime's outcome
    ``{"status", "final_text", "summary", "error"}``.

    ``final_text`` is the model's last text and ``summary`` the ``complete_task``
    summary (the same text when the run ended without it). A heartbeat run is
    ``heartbeat_ok`` when either is the token; otherwise its report is both texts
    (each once), without the token.
    """
    if outcome.get("error") or outcome.get("status") == "failed":
        return models.ERROR, str(outcome.get("error") or "the run failed without a message")
    texts = [str(t).strip() for t in (outcome.get("final_text"), outcome.get("summary")) if t and str(t).strip()]
    if schedule_type != models.HEARTBEAT:
        return models.SUCCESS, _joined(texts)
    if any(is_heartbeat_ok(text) for text in texts):
        return models.HEARTBEAT_OK, TOKEN
    return models.SUCCESS, _joined([without_token(text) for text in texts])


def _joined(texts: list[str]) -> str:
    return "\n\n".join(dict.fromkeys(t for t in texts if t))
