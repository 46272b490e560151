"""Errors about hooks and their deliveries."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, WakefulError


class HookError(WakefulError):
    """Base of the hook errors."""


class HookNotFoundError(NotFoundError):
    """No such hook on this agent for this owner."""


class HookLimitError(ConflictError):
    """The agent already has as many hooks as allowed."""


class HookDeliveryNotFoundError(NotFoundError):
    """No such delivery for this hook."""


class HookDeliveryNotReplayableError(ConflictError):
    """Only a delivery that finally failed can be replayed."""


class HookStateMachineMissingError(HookError):
    """No deliver-hook state machine is configured (WAKEFUL_HOOK_STATE_MACHINE_ARN)."""
