from enum import StrEnum

class BudgetInOnExceedType0(StrEnum):
    ALERT = "alert"
    PAUSE = "pause"

    def __str__(self) -> str:
        return str(self.value)
