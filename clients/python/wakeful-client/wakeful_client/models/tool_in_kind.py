from enum import StrEnum

class ToolInKind(StrEnum):
    HTTP = "http"
    LAMBDA = "lambda"

    def __str__(self) -> str:
        return str(self.value)
