"""Reading a table the way every request does, to tell whether it is there."""

from __future__ import annotations

from botocore.exceptions import BotoCoreError, ClientError

from wakeful import ddb


class TableUnhealthyError(Exception):
    """A table cannot be read (``reachable``: DynamoDB answered with ``code``) or
    cannot be reached at all (``code`` is the client's error)."""

    def __init__(self, code: str, *, reachable: bool) -> None:
        super().__init__(code)
        self.code = code
        self.reachable = reachable


def probe(logical: str) -> None:
    """GetItem of a key no item has (it costs one read and finds nothing).

    Raises:
        TableUnhealthyError: the read failed.
    """
    try:
        ddb.client().get_item(TableName=ddb.table(logical), Key=ddb.serialize(_probe_key(logical)))
    except ClientError as error:
        raise TableUnhealthyError(str(error.response.get("Error", {}).get("Code", "error")), reachable=True) from error
    except BotoCoreError as error:
        raise TableUnhealthyError(type(error).__name__, reachable=False) from error


def _probe_key(logical: str) -> dict[str, str]:
    from wakeful.tables import TABLES

    spec = TABLES[logical]
    key = {spec.pk.name: "health-probe"}
    if spec.sk is not None:
        key[spec.sk.name] = "health-probe" if spec.sk.type == "S" else 0  # type: ignore[assignment]
    return key
