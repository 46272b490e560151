from enum import StrEnum

class WebhookCreateProvider(StrEnum):
    ALERTMANAGER = "alertmanager"
    GITHUB = "github"
    GRAFANA = "grafana"
    RAW = "raw"
    STANDARD = "standard"
    STRIPE = "stripe"
    WAKEFUL = "wakeful"

    def __str__(self) -> str:
        return str(self.value)
