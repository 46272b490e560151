from enum import StrEnum

class InterceptorPatchOnFailure(StrEnum):
    ALLOW = "allow"
    DENY = "deny"

    def __str__(self) -> str:
        return str(self.value)
