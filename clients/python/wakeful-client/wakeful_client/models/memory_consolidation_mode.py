from enum import StrEnum

class MemoryConsolidationMode(StrEnum):
    NIGHTLY = "nightly"
    OFF = "off"
    ON_QUIET = "on_quiet"

    def __str__(self) -> str:
        return str(self.value)
