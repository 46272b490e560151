from enum import StrEnum

class InterceptorPatchOnFailureType0(StrEnum):
    ALLOW = "allow"
    DENY = "deny"

    def __str__(self) -> str:
        return str(self.value)
