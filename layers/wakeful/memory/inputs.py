"""Memory API input: request bodies (pydantic; the agent fields memory adds are in
:mod:`wakeful.memory.agent_fields`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictInt, model_validator

from wakeful.inputs import Body, Patch, unchanged
from wakeful.memory.records import MAX_TAGS

TEXT_DOC = "What to remember: 1 to 2,000 characters (stripped), no control characters"
TAGS_DOC = "At most 10 unique tags, each 1-50 of letters, digits and _ : . - (starting with a letter or digit)"


class MemoryIn(Body):
    """``POST /agents/{id}/memories`` body."""

    text: str = Field(max_length=10_000, description=TEXT_DOC)
    tags: list[str] | None = Field(default=None, max_length=MAX_TAGS * 2, description=TAGS_DOC)


class MemoryPatch(Patch):
    """``PATCH /agents/{id}/memories/{mid}`` body: text, tags or both."""

    text: str = unchanged(max_length=10_000, description=TEXT_DOC)
    tags: list[str] = unchanged(max_length=MAX_TAGS * 2, description=TAGS_DOC + "; [] clears them")

    @model_validator(mode="after")
    def _something(self) -> MemoryPatch:
        if self.text is None and self.tags is None:
            raise ValueError("give text, tags or both")
        return self


class MemoryConsolidation(Body):
    """How an agent's memories are consolidated while it is idle."""

    mode: Literal["off", "on_quiet", "nightly"] = Field(default="off", description='"on_quiet": after activity, once the agent is quiet again; "nightly": once a night (UTC)')
    max_per_day: StrictInt = Field(default=1, ge=1, le=24, description="At most this many consolidations a UTC day")
    quiet_seconds: StrictInt = Field(default=900, ge=60, le=86_400, description="on_quiet: how long quiet counts as quiet")
    at: str | None = Field(default=None, pattern=r"^([01]\d|2[0-3]):[0-5]\d$", description='nightly: the UTC time "HH:MM" (default 03:00 plus a few minutes per agent)')
