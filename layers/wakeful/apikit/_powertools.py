"""Cold-start trim for the API: Powertools' ``event_handler`` package without its
``__init__``.

That ``__init__`` imports every resolver Powertools has (AppSync, Bedrock agents,
Lambda function URLs, VPC Lattice ...) and with them ``asyncio``: about a sixth of
``import boto3`` that the REST API never uses (bench/import_cost.py). :func:`install`
registers the package as a module whose submodules import on demand
(``event_handler.api_gateway``, ``.router``, ``.openapi`` ...), as Python imports any
submodule, and whose own names run the real ``__init__`` the first time one is asked
for: ``from aws_lambda_powertools.event_handler import X`` still works everywhere, it
only costs the full import again. The API's modules therefore import what they use from
the submodules (``aws_lambda_powertools.event_handler.api_gateway``).
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

PACKAGE = "aws_lambda_powertools.event_handler"


def install() -> None:
    """Register the lean package unless it is imported already (then nothing to gain)."""
    if PACKAGE in sys.modules:
        return
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.loader is None:
        return
    package = importlib.util.module_from_spec(spec)

    def __getattr__(name: str) -> Any:  # noqa: N807 - a module's own __getattr__ (PEP 562)
        if not name.startswith("__") and importlib.util.find_spec(f"{PACKAGE}.{name}") is not None:
            # A submodule not imported yet: as for any package, ``from package import
            # submodule`` then imports it.
            raise AttributeError(name)
        # A name of the package itself: run its real __init__ now, once.
        package.__dict__.pop("__getattr__", None)
        spec.loader.exec_module(package)  # type: ignore[union-attr]
        return getattr(package, name)

    package.__dict__["__getattr__"] = __getattr__
    sys.modules[PACKAGE] = package
