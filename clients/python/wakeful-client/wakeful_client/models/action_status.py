from enum import StrEnum

class ActionStatus(StrEnum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    WAITING_APPROVAL = "WAITING_APPROVAL"

    def __str__(self) -> str:
        return str(self.value)
