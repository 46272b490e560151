"""The DynamoDB data model: every table, as its owner declares it.

Each capability declares its tables (:class:`wakeful.tablespec.TableSpec`) in its
``manifest.py``; :data:`TABLES` gathers those of the installed ones. The CDK stack builds
its tables from these specs and ``wakeful dev`` creates the same
tables in moto from them, so the two cannot drift. ``docs/data-model.md`` explains
every key, index and access pattern.
"""

from __future__ import annotations

from collections.abc import Mapping

from wakeful import capabilities
from wakeful.tablespec import N, S, Attr, Index, TableSpec

__all__ = ["TABLES", "Attr", "Index", "TableSpec", "S", "N"]

#: Every table, by logical name: those the installed capabilities' manifests declare, each
#: in its owner's ``manifest.py`` (see :mod:`wakeful.assembly`).
TABLES: Mapping[str, TableSpec] = capabilities.Derived(capabilities.tables)
