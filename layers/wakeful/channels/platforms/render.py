"""The buttons a message carries, as every platform renders them (apart from
:mod:`.base`, which the registry's readers load: what a button means reaches the threads)."""

from __future__ import annotations

from typing import Any, Mapping

from wakeful.channels import models


def actions_of(message: Mapping[str, Any], *, forms: bool = False) -> list[dict[str, str]]:
    """The buttons a message carries, in order: an approval request's Approve and Deny,
    then its ``actions`` (``{label, value, style}``). A button that opens a form is left
    out unless the platform has forms (``forms``)."""
    from wakeful.channels import buttons

    found: list[dict[str, str]] = []
    approval = message.get("approval")
    if approval:
        ref = approval["ref"]
        found += [
            {"label": "Approve", "value": f"{models.APPROVE}:{ref}", "style": "success"},
            {"label": "Deny", "value": f"{models.DENY}:{ref}", "style": "danger"},
        ]
    for action in message.get("actions") or ():
        if not isinstance(action, Mapping) or not action.get("label") or buttons.parse(action.get("value"), forms=forms) is None:
            continue
        style = action.get("style") if action.get("style") in buttons.STYLES else "default"
        found.append({"label": str(action["label"])[:80], "value": str(action["value"]), "style": str(style)})
    return found
