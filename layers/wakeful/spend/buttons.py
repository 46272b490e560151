"""The ``extend:`` button of the spend guard's messages: a press by a user the channel
allows (the channels refuse the others before this) raises that period's limit by the
amount the button names, once, and resumes what that limit paused when no limit holds
it any more.

The button's record (``xb#<ref>``, under the owner's scope) says which scope, limit,
period and amount; it is found in the scope of the owner of the channel it was pressed
in, so another owner's channel finds nothing. A second press, a press for a period that
is over, a press of an unknown button: nothing changes, and the request's row says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful import clock
from wakeful.spend import records as r
from wakeful.spend import repository

if TYPE_CHECKING:
    from wakeful.channels.records import Channel


def press(channel: Channel, job: dict[str, Any]) -> tuple[str, str | None]:
    """One press: ``(outcome, None)`` (no thread)."""
    from wakeful.spend import service

    ref = str(job.get("ref") or "")
    owner_scope = r.owner_scope(channel.owner)
    button = repository.get(owner_scope, r.button_key(ref))
    if button is None:
        return "no budget button of yours has this value: nothing changed", None
    now = clock.now()
    limit, period, amount = str(button["limit"]), str(button["period"]), float(button["amount_usd"])
    if r.periods(now)[r.PERIOD_OF[limit]] != period:
        return f"the period {period} of {limit} is over: nothing changed", None
    if button.get("used_at") is not None:
        return f"this button was used already ({button.get('used_by')}): nothing changed", None
    by = f"user {job['user']} in {channel.kind} ({channel.name})" if job.get("user") else f"a person in {channel.kind} ({channel.name})"
    target = str(button["target"])
    expires = int(r.period_end(r.PERIOD_OF[limit], now)) + r.KEEP["day"]
    used = {"by": by, "at": now}
    if not repository.use_button(owner_scope, r.button_key(ref), used, target, r.extension_key(limit, period), int(round(amount * r.MICRO)), expires):
        return "this button was used already: nothing changed", None
    outcome = f"{limit} of {period} raised by ${amount:.2f} by {by}"
    if service.extended(target, now, extend_usd=amount, by=by):
        return f"{outcome}; resumed", None
    return outcome, None
