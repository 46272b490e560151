from enum import StrEnum

class ChannelCreateKind(StrEnum):
    DISCORD = "discord"
    EMAIL = "email"
    SLACK = "slack"
    TELEGRAM = "telegram"

    def __str__(self) -> str:
        return str(self.value)
