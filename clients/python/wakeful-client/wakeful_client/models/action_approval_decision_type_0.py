from enum import StrEnum

class ActionApprovalDecisionType0(StrEnum):
    APPROVE = "approve"
    DENY = "deny"

    def __str__(self) -> str:
        return str(self.value)
