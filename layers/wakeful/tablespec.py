"""The shape of a DynamoDB table declaration (:class:`TableSpec`), apart from the
declarations themselves so that presets can declare their tables without importing the
core's (:mod:`wakeful.tables` gathers them all).

Light records (:class:`wakeful.structs.Struct`): every cold start defines them."""

from __future__ import annotations

from wakeful.structs import Struct



class Attr(Struct):
    """A key attribute: its name and DynamoDB scalar type ("S" or "N")."""

    name: str
    type: str = "S"


class Index(Struct):
    """A global secondary index. ``include`` empty and ``keys_only`` false means ALL."""

    name: str
    pk: Attr
    sk: Attr | None = None
    keys_only: bool = False
    include: tuple[str, ...] = ()


class TableSpec(Struct):
    """One table: partition key, optional sort key, indexes and TTL attribute."""

    name: str
    pk: Attr
    sk: Attr | None = None
    indexes: tuple[Index, ...] = ()
    ttl: str | None = None
    #: DynamoDB Streams view type ("NEW_IMAGE", ...) when a function consumes its changes.
    stream: str | None = None


S = "S"
N = "N"
