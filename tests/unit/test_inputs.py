"""The rules every request body shares (:mod:`wakeful.inputs`): strict types, readable
names, PATCH nulls, and that every body of the API follows them."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from wakeful.apikit.schemas import MODELS
from wakeful.inputs import Body, Name, Patch, admits_none, readable_name, unchanged


@pytest.mark.parametrize("name", ["Ada", "エージェント", "ops bot", "Zoë-2", "a\u200db", " padded ", "e\u0301", "\u0915\u093f"])
def test_a_name_with_a_visible_character_and_no_control_is_kept(name: str) -> None:
    assert readable_name(name) == name


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        (" ", "visible"),
        ("\u3000\u00a0", "visible"),
        ("\u200b", "visible"),
        ("", "visible"),
        ("\u3164", "visible"),
        ("\u115f\u1160", "visible"),
        ("\uffa0 ", "visible"),
        ("\u2800", "visible"),
        ("\u034f", "visible"),
        ("\u0301\u20dd", "visible"),
        ("\u0000", "control"),
        ("a\tb", "control"),
        ("a\nb", "control"),
        ("a\u0085b", "control"),
        ("a\u202eb", "bidirectional"),
        ("\u202aab", "bidirectional"),
        ("a\u2066b\u2069", "bidirectional"),
        ("a\u200e", "bidirectional"),
        ("a\u200fb", "bidirectional"),
        ("a\u061cb", "bidirectional"),
    ],
)
def test_a_name_without_a_visible_character_or_with_a_control_or_bidi_character_is_refused(name: str, rule: str) -> None:
    with pytest.raises(ValueError, match=rule):
        readable_name(name)


class _Thing(Body):
    count: int = 0
    ratio: float = 0.5
    flag: bool = False
    label: Name = "x"


@pytest.mark.parametrize(
    "fields",
    [{"count": True}, {"count": "60"}, {"count": 1.0}, {"ratio": True}, {"ratio": "0.5"}, {"flag": 1}, {"flag": "true"}, {"count": 1, "other": 2}],
)
def test_a_body_refuses_a_boolean_or_a_string_for_a_number_a_number_for_a_boolean_and_unknown_fields(fields: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        _Thing.model_validate(fields)


def test_a_body_takes_an_integer_for_a_float_and_plain_values() -> None:
    assert _Thing.model_validate({"count": 3, "ratio": 1, "flag": True, "label": "Ada"}).ratio == 1.0


class _Change(Patch):
    label: Name = unchanged(max_length=10)
    note: str | None = None


def test_a_patch_null_unsets_an_optional_field_and_is_refused_naming_any_other() -> None:
    assert _Change.model_validate({"note": None}).model_dump(exclude_unset=True) == {"note": None}
    with pytest.raises(ValidationError) as caught:
        _Change.model_validate({"label": None})
    problem = caught.value.errors()[0]
    assert problem["type"] == "null_not_allowed" and problem["loc"] == ("label",) and "label cannot be null" in problem["msg"]


def test_a_field_that_cannot_be_null_shows_no_default_and_no_null_in_its_schema() -> None:
    label = _Change.model_json_schema()["properties"]["label"]
    assert "default" not in label and label["type"] == "string" and "anyOf" not in label


@pytest.mark.parametrize(("annotation", "expected"), [(int, False), (int | None, True), (Any, True), (list[str], False), ("x", False)])
def test_admits_none_reads_optional_types(annotation: Any, expected: bool) -> None:
    assert admits_none(annotation) is expected


def _body_models() -> dict[str, type[BaseModel]]:
    """Every request body model of the API by its schema name (the core's table and
    the extensions' modules)."""
    from wakeful.api.app import app
    from wakeful.api.openapi import document

    from wakeful.channels.platforms import inbound_operations

    doc = document(app)
    elsewhere = {"/webhooks/{webhook_id}", *inbound_operations()}  # served by their own functions, checked by hand
    classes: dict[str, type[BaseModel]] = {}
    for module in {*MODELS.values(), "wakeful.snipin.inputs"}:
        for value in vars(importlib.import_module(module)).values():
            if isinstance(value, type) and issubclass(value, BaseModel):
                classes[value.__name__] = value
    found: dict[str, type[BaseModel]] = {}
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            content = (operation.get("requestBody") or {}).get("content", {}).get("application/json")
            if content is None or path in elsewhere:
                continue
            schema = content["schema"]
            ref = schema.get("$ref") or next(o["$ref"] for o in schema.get("anyOf", []) if "$ref" in o)
            name = ref.rsplit("/", 1)[-1]
            assert name in classes, f"{method} {path}: body model {name} is in no module this test reads (add its module)"
            found[f"{method} {path}"] = classes[name]
    return found


def test_every_body_of_the_api_is_a_strict_body_and_every_patch_body_a_patch() -> None:
    models = _body_models()
    assert len(models) > 20
    assert [where for where, model in models.items() if not issubclass(model, Body)] == []
    assert [where for where, model in models.items() if where.startswith("patch ") and not issubclass(model, Patch)] == []


def test_every_nested_model_of_a_body_is_strict_too() -> None:
    seen: set[type[BaseModel]] = set()

    def walk(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.add(model)
        for info in model.model_fields.values():
            for nested in _models_in(info.annotation):
                walk(nested)

    for model in _body_models().values():
        walk(model)
    assert [m.__name__ for m in seen if not issubclass(m, Body)] == []


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    import typing

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [found for arg in typing.get_args(annotation) for found in _models_in(arg)]
