from enum import StrEnum

class SnipCreateInType(StrEnum):
    ANALYSIS = "analysis"
    ARTICLE = "article"
    TUTORIAL = "tutorial"

    def __str__(self) -> str:
        return str(self.value)
