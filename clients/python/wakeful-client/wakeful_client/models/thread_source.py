from enum import StrEnum

class ThreadSource(StrEnum):
    CONSOLIDATION = "consolidation"
    DISCORD = "discord"
    EVENT = "event"
    SCHEDULED = "scheduled"
    SLACK = "slack"
    TELEGRAM = "telegram"
    USER = "user"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
