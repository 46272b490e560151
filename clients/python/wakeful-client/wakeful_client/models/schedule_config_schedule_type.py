from enum import StrEnum

class ScheduleConfigScheduleType(StrEnum):
    HEARTBEAT = "heartbeat"
    SCHEDULED = "scheduled"

    def __str__(self) -> str:
        return str(self.value)
