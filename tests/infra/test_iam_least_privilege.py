"""Least privilege in the synthesized template: an index is only ever queried, and each
function writes items only in the tables its spec says its code writes (the api's,
table by table, checked against what its code wrote in the suites' traces:
tests/support/iam_audit.py)."""

from __future__ import annotations

from typing import Any

import pytest

from infra.functions import specs
from tests.infra.test_stack import _as_list, _functions, _role_policies

pytestmark = pytest.mark.infra

ITEM_WRITES = {"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"}


def _table_of(synth: Any, logical_id: str) -> str:
    """The logical table (``wakeful.tables.TABLES`` name) of a table resource."""
    from infra.names import camel
    from wakeful.tables import TABLES

    by_path = {f"Wakeful/Data/{camel(n)}Table/Resource": n for n in TABLES}
    return by_path[synth.path_of(logical_id)]


def _dynamodb_grants(synth: Any, function: str) -> list[tuple[set[str], str, str]]:
    """(actions, table, index or "") for each DynamoDB resource of the function's role."""
    role_id = _functions(synth)[function]["Properties"]["Role"]["Fn::GetAtt"][0]
    grants = []
    for policy in _role_policies(synth).values():
        if {"Ref": role_id} not in policy["Properties"]["Roles"]:
            continue
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
            actions = {a for a in _as_list(statement["Action"]) if a.startswith("dynamodb:")}
            for resource in _as_list(statement["Resource"]) if actions else ():
                if isinstance(resource, dict) and "Fn::GetAtt" in resource and resource["Fn::GetAtt"][1] == "Arn":
                    grants.append((actions, _table_of(synth, resource["Fn::GetAtt"][0]), ""))
                elif isinstance(resource, dict) and "Fn::Join" in resource:
                    parts = resource["Fn::Join"][1]
                    if len(parts) == 2 and str(parts[1]).startswith("/index/"):
                        grants.append((actions, _table_of(synth, parts[0]["Fn::GetAtt"][0]), parts[1][len("/index/") :]))
    return grants


def test_no_role_may_write_items_or_read_them_through_an_index(synth):
    for function in _functions(synth):
        on_indexes = {(table, index, action) for actions, table, index in _dynamodb_grants(synth, function) if index for action in actions}
        assert {action for *_, action in on_indexes} <= {"dynamodb:Query"}, (function, sorted(on_indexes))
    assert ({"dynamodb:Query"}, "agents", "by-owner") in _dynamodb_grants(synth, "api")


def test_each_role_writes_items_only_in_the_tables_its_spec_writes(synth):
    for function in _functions(synth):
        written = {table for actions, table, index in _dynamodb_grants(synth, function) if actions & ITEM_WRITES}
        assert written == set(specs()[function].writes), function


def test_the_api_role_writes_the_tables_its_routes_write_and_not_the_others(synth):
    written = {table for actions, table, index in _dynamodb_grants(synth, "api") if actions & ITEM_WRITES}
    # Tables the api's code only reads: keys (created outside the API), and the records
    # other functions write that its routes list. (Memories it writes: a person adds,
    # edits and forgets them through the API.)
    read_only = {"api_keys", "hook_executions", "webhook_requests", "interceptor_calls", "channel_requests", "thread_routes", "channel_links"}
    assert not written & read_only
    assert "stream_connections" not in written | {t for _, t, _ in _dynamodb_grants(synth, "api")}  # the WebSocket functions' alone
    assert {"agents", "events", "threads", "stream_events", "snips"} <= written
