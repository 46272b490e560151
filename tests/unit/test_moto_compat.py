"""The local stack's shortcuts through moto give moto's own answers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from wakeful_dev import moto_compat

ITEM = {
    "pk": {"S": "agent#1"},
    "seq": {"N": "42"},
    "empty": {"S": ""},
    "blob": {"B": b"\x00\x01secret"},
    "blobs": {"BS": [b"a", b"\xff"]},
    "names": {"SS": ["a", "b"]},
    "numbers": {"NS": ["1", "2.5"]},
    "flag": {"BOOL": False},
    "nothing": {"NULL": True},
    "nested": {"M": {"list": {"L": [{"S": "x"}, {"M": {}}, {"L": []}, {"N": "-1e-5"}]}, "deep": {"M": {"a": {"BOOL": True}}}}},
    "unicode": {"S": "caf\u00e9 \U0001f600"},
}


def _serialize(operation: str, result: Any, *, fast: bool) -> Any:
    from moto.core.serialize import JSONSerializer, XFormedAttributePicker, get_serializer_class
    from moto.core.utils import get_service_model

    moto_compat.fast_attribute_values()
    patched = JSONSerializer._serialize_type_structure
    service = get_service_model("dynamodb")
    serializer = get_serializer_class("dynamodb", "json")(
        operation_model=service.operation_model(operation), pretty_print=False, value_picker=XFormedAttributePicker()
    )
    if not fast:
        JSONSerializer._serialize_type_structure = patched._wakeful_original  # type: ignore[attr-defined,method-assign]
    try:
        return json.loads(serializer.serialize(result)["body"])
    finally:
        JSONSerializer._serialize_type_structure = patched  # type: ignore[method-assign]


@pytest.mark.parametrize(
    ("operation", "result"),
    [
        ("GetItem", {"Item": ITEM}),
        ("GetItem", {}),
        ("Query", {"Items": [ITEM, {"pk": {"S": "b"}}], "Count": 2, "ScannedCount": 2, "LastEvaluatedKey": {"pk": {"S": "b"}}}),
        ("UpdateItem", {"Attributes": ITEM}),
        ("BatchGetItem", {"Responses": {"t": [ITEM]}, "UnprocessedKeys": {}}),
        ("TransactGetItems", {"Responses": [{"Item": ITEM}]}),
        # Values the fast path does not write itself: moto's own way is taken, same answer.
        ("GetItem", {"Item": {"odd": {"X": "1"}, "num": {"N": 5}, "list": {"L": [None, {"S": "a"}]}}}),
    ],
)
def test_attribute_values_are_written_as_moto_writes_them(operation: str, result: dict[str, Any]) -> None:
    assert _serialize(operation, result, fast=True) == _serialize(operation, result, fast=False)


def test_binary_attributes_are_base64_on_the_wire() -> None:
    body = _serialize("GetItem", {"Item": {"blob": {"B": b"\x00\x01"}}}, fast=True)
    assert body == {"Item": {"blob": {"B": "AAE="}}}


@pytest.mark.parametrize(
    "expression",
    [
        "SET a = :a",
        "SET a = :a, b = if_not_exists(b, :z) + :one REMOVE c, d ADD e :one DELETE f :s",
        "SET #n.x[1] = list_append(#n.x, :l) REMOVE g",
        "SET a = :a SET b = :b",
        "ADD a :one REMOVE b ADD c :one",
        "REMOVE a SET b = :b REMOVE c",
    ],
)
def test_update_expressions_pass_or_fail_as_moto_decides(expression: str) -> None:
    from moto.dynamodb.parsing.expressions import UpdateExpressionParser
    from moto.dynamodb.parsing.validators import ActionCountValidator

    moto_compat.quick_action_counts()
    quick = ActionCountValidator.traverse
    original = quick._wakeful_original  # type: ignore[attr-defined]

    def outcome(traverse: Any) -> Any:
        try:
            tree = UpdateExpressionParser.make(expression)
            return traverse(ActionCountValidator(), tree) is tree
        except Exception as error:  # noqa: BLE001 - the error is the answer compared
            return (type(error).__name__, str(error))

    assert outcome(quick) == outcome(original)


def test_handler_methods_are_listed_as_moto_lists_them() -> None:
    from moto.core import responses, utils
    from moto.dynamodb.responses import DynamoHandler

    moto_compat.cache_handler_methods()
    assert responses.method_names_from_class(DynamoHandler) == utils.method_names_from_class(DynamoHandler)
    assert "get_item" in responses.method_names_from_class(DynamoHandler)
