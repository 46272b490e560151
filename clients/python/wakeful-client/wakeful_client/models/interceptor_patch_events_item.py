from enum import StrEnum

class InterceptorPatchEventsItem(StrEnum):
    MESSAGE = "message"
    TOOL_CALL = "tool_call"

    def __str__(self) -> str:
        return str(self.value)
