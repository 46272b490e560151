"""Subscription shapes: the event filter (the record is
:class:`wakeful.subscriptions.records.Subscription`; the API's bodies are in
:mod:`wakeful.subscriptions.inputs`)."""

from __future__ import annotations

from typing import Any

from wakeful.subscriptions.records import passes as passes  # re-exported: its older home

#: The API's bodies (pydantic), in :mod:`wakeful.subscriptions.inputs`: importable from
#: here, but loaded only when asked for, so that heartbeats never import pydantic.
_INPUTS = ("FilterConfig", "SubscriptionIn", "SubscriptionPatch")


def __getattr__(name: str) -> Any:
    if name in _INPUTS:
        from wakeful.subscriptions import inputs

        return getattr(inputs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
