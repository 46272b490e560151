"""Subscription shapes: the event filter (the record is
:class:`wakeful.subscriptions.records.Subscription`; the API's bodies are in
:mod:`wakeful.subscriptions.inputs`)."""

from __future__ import annotations

from wakeful.subscriptions.records import passes as passes  # re-exported: its older home
