from enum import StrEnum

class InterceptorCreateEventsItem(StrEnum):
    MESSAGE = "message"
    TOOL_CALL = "tool_call"

    def __str__(self) -> str:
        return str(self.value)
