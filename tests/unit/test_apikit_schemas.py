"""Every model the API's table names is a pydantic model in the module it names."""

from __future__ import annotations

import importlib

from pydantic import BaseModel

from wakeful.apikit.schemas import MODELS


def test_every_named_model_is_a_pydantic_model_of_its_module() -> None:
    for name, module in MODELS.items():
        found = getattr(importlib.import_module(module), name, None)
        assert isinstance(found, type) and issubclass(found, BaseModel), f"{name} in {module}"
