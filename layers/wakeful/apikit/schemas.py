"""The models the API names (responses, bodies) and the module each is in.

Route modules name models instead of importing them (:mod:`wakeful.apikit.routing`), so
that serving a request imports pydantic only when the request needs it. A name the routes
use and this table misses fails the OpenAPI document (and its test) with the name.
Every capability names its models in its manifest (``MODELS``); an extension may pass
its model classes themselves instead (its routes load them).
"""

from __future__ import annotations

from collections.abc import Mapping

from wakeful import capabilities
from wakeful.capabilities import Derived

#: Model name -> its module: what the installed manifests name (``MODELS`` of each).
MODELS: Mapping[str, str] = Derived(capabilities.models)
