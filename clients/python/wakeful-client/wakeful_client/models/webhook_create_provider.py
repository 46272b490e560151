from enum import StrEnum

class WebhookCreateProvider(StrEnum):
    GITHUB = "github"
    RAW = "raw"
    STANDARD = "standard"
    STRIPE = "stripe"
    WAKEFUL = "wakeful"

    def __str__(self) -> str:
        return str(self.value)
