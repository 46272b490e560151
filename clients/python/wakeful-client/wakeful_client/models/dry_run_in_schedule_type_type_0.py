from enum import StrEnum

class DryRunInScheduleTypeType0(StrEnum):
    HEARTBEAT = "heartbeat"
    SCHEDULED = "scheduled"

    def __str__(self) -> str:
        return str(self.value)
