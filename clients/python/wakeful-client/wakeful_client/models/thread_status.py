from enum import StrEnum

class ThreadStatus(StrEnum):
    ACTIVE = "active"
    COMPLETE = "complete"
    EXPIRED = "expired"
    FAILED = "failed"
    SLEEPING = "sleeping"
    WAITING_APPROVAL = "waiting_approval"

    def __str__(self) -> str:
        return str(self.value)
