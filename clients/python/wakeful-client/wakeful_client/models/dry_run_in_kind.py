from enum import StrEnum

class DryRunInKind(StrEnum):
    SCHEDULE = "schedule"
    THREAD = "thread"

    def __str__(self) -> str:
        return str(self.value)
