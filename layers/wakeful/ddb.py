"""Small DynamoDB helpers: (de)serialisation and transaction error decoding.

Items travel as plain dicts; floats become Decimals on the way in and integral
Decimals become ints on the way out.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable, Iterator

from botocore.exceptions import ClientError

from wakeful import aws
from wakeful.backoff import Backoff
from wakeful.config import get_settings


#: How :func:`batch_get` waits before retrying unprocessed keys.
BATCH_BACKOFF = Backoff()

# Our own (de)serialiser: boto3.dynamodb.types would import all of boto3 (and
# s3transfer), about 150 ms of every cold start, for forty lines of logic.


def value(v: Any) -> dict[str, Any]:
    """One plain value -> DynamoDB attribute value."""
    if v is None:
        return {"NULL": True}
    if isinstance(v, bool):
        return {"BOOL": v}
    if isinstance(v, str):
        return {"S": v}
    if isinstance(v, int):
        return {"N": str(v)}
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise ValueError("DynamoDB cannot store NaN or infinity")
        return {"N": repr(v)}
    if isinstance(v, Decimal):
        return {"N": str(v)}
    if isinstance(v, (bytes, bytearray)):
        return {"B": bytes(v)}
    if isinstance(v, dict):
        return {"M": {str(k): value(x) for k, x in v.items()}}
    if isinstance(v, (list, tuple)):
        return {"L": [value(x) for x in v]}
    if isinstance(v, (set, frozenset)) and all(isinstance(x, str) for x in v):
        return {"SS": sorted(v)}
    raise TypeError(f"cannot store {type(v).__name__} in DynamoDB")


def _number(text: str) -> int | float:
    number = Decimal(text)
    return int(number) if number == number.to_integral_value() else float(number)


def _plain(attribute: dict[str, Any]) -> Any:
    (kind, v), = attribute.items()
    if kind == "S":
        return v
    if kind == "N":
        return _number(v)
    if kind == "BOOL":
        return v
    if kind == "NULL":
        return None
    if kind == "M":
        return {k: _plain(x) for k, x in v.items()}
    if kind == "L":
        return [_plain(x) for x in v]
    if kind == "B":
        return v
    if kind == "SS":
        return list(v)
    if kind == "NS":
        return [_number(x) for x in v]
    if kind == "BS":
        return list(v)
    raise TypeError(f"unknown DynamoDB type {kind}")


def serialize(item: dict[str, Any]) -> dict[str, Any]:
    """Plain dict -> DynamoDB attribute-value map (None values dropped)."""
    return {k: value(v) for k, v in item.items() if v is not None}


def values(mapping: dict[str, Any]) -> dict[str, Any]:
    """ExpressionAttributeValues from a plain dict."""
    return {k: value(v) for k, v in mapping.items()}


def deserialize(item: dict[str, Any] | None) -> dict[str, Any] | None:
    """DynamoDB attribute-value map -> plain dict (None stays None)."""
    if item is None:
        return None
    return {k: _plain(v) for k, v in item.items()}


def table(logical: str) -> str:
    """Physical name of a logical table."""
    return get_settings().table(logical)


def client() -> Any:
    """The shared DynamoDB client."""
    return aws.client("dynamodb")


def is_conditional_failure(error: ClientError) -> bool:
    """True when a write failed its condition expression."""
    return error.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException"


def conditional(call: Any, **params: Any) -> dict[str, Any] | None:
    """Run one conditional write (``call`` is a client method); None when its condition
    failed, its response otherwise (other errors raise)."""
    try:
        return call(**params)
    except ClientError as error:
        if is_conditional_failure(error):
            return None
        raise


def cancellation_codes(error: ClientError) -> list[str]:
    """The per-item reason codes of a cancelled transaction ("None" where it passed)."""
    if error.response.get("Error", {}).get("Code") != "TransactionCanceledException":
        return []
    reasons = error.response.get("CancellationReasons")
    if reasons:
        return [r.get("Code", "None") for r in reasons]
    # moto (and older botocore) put the reasons in the message only:
    # "Transaction cancelled, please refer cancellation reasons for specific reasons
    # [None, ConditionalCheckFailed]"
    message = error.response.get("Error", {}).get("Message", "")
    if "[" in message and message.endswith("]"):
        return [part.strip() for part in message[message.rindex("[") + 1 : -1].split(",")]
    return []


class Cancelled(list[str]):
    """A cancelled transaction: the per-part reason codes ("None" where a part passed),
    and the error that carried them (``error``), for a caller to raise again or to
    chain its own domain error to."""

    def __init__(self, codes: Iterable[str], error: ClientError) -> None:
        super().__init__(codes)
        self.error = error


def transact(parts: list[dict[str, Any]], *, conflict_as_cancel: bool = False) -> Cancelled | None:
    """TransactWriteItems: None when it committed, else its cancellation codes, one per
    part, for the caller's own decoding into domain errors. Other errors raise. With
    ``conflict_as_cancel``, a TransactionConflictException (another transaction held an
    item) is a cancellation too: ``["TransactionConflict"] * len(parts)``."""
    try:
        client().transact_write_items(TransactItems=parts)
    except ClientError as error:
        codes = cancellation_codes(error)
        if codes:
            return Cancelled(codes, error)
        if conflict_as_cancel and error.response.get("Error", {}).get("Code") == "TransactionConflictException":
            return Cancelled(["TransactionConflict"] * len(parts), error)
        raise
    return None


def get(logical: str, key: dict[str, Any], consistent: bool = True) -> dict[str, Any] | None:
    """GetItem by key; None when absent."""
    response = client().get_item(TableName=table(logical), Key=serialize(key), ConsistentRead=consistent)
    return deserialize(response.get("Item"))


def query(logical: str, *, index: str | None = None, limit: int | None = None, **kwargs: Any) -> Iterator[dict[str, Any]]:
    """Query, following pages, yielding plain items. ``kwargs`` go to the Query call;
    ``ExpressionAttributeValues`` may be a plain dict."""
    params: dict[str, Any] = {"TableName": table(logical), **kwargs}
    if index:
        params["IndexName"] = index
    if "ExpressionAttributeValues" in params:
        params["ExpressionAttributeValues"] = values(params["ExpressionAttributeValues"])
    yielded = 0
    while True:
        if limit is not None:
            params["Limit"] = max(1, limit - yielded)
        page = client().query(**params)
        for raw in page.get("Items", []):
            yield deserialize(raw)  # type: ignore[misc]
            yielded += 1
            if limit is not None and yielded >= limit:
                return
        last = page.get("LastEvaluatedKey")
        if not last:
            return
        params["ExclusiveStartKey"] = last


def query_page(
    logical: str, *, index: str | None = None, limit: int, start: dict[str, Any] | None = None, **kwargs: Any
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """One page of a Query: (items, last evaluated key as a plain dict or None).

    ``start`` (from a client's cursor) must be a key of this very query: its partition
    value one of the query's values. Otherwise, or if DynamoDB refuses it, the cursor
    was made for another list: BadRequestError.
    """
    params: dict[str, Any] = {"TableName": table(logical), "Limit": limit, **kwargs}
    if index:
        params["IndexName"] = index
    if start:
        _check_start(logical, index, start, params.get("ExpressionAttributeValues") or {})
        params["ExclusiveStartKey"] = serialize(start)
    if "ExpressionAttributeValues" in params:
        params["ExpressionAttributeValues"] = values(params["ExpressionAttributeValues"])
    try:
        page = client().query(**params)
    except ClientError as error:
        if start and error.response.get("Error", {}).get("Code") == "ValidationException":
            raise _bad_cursor() from error
        raise
    items = [deserialize(raw) for raw in page.get("Items", [])]
    last = deserialize(page.get("LastEvaluatedKey"))
    taken = _fitting(items)
    if taken.more:
        # The page ends before the API's answer would outgrow a Lambda response; the
        # next one starts after the last item kept.
        items, last = taken.items, _key_of(logical, index, taken.items[-1])
    return items, last  # type: ignore[return-value]


def _fitting(items: list[Any]) -> Any:
    """The leading items one API page holds (:func:`wakeful.pagination.take`), measured
    on the stored items: every list's view is a projection of its item."""
    from wakeful import pagination

    return pagination.take(items)


def _key_of(logical: str, index: str | None, item: dict[str, Any]) -> dict[str, Any]:
    """The LastEvaluatedKey DynamoDB would give after ``item`` in a query of ``logical``
    (through ``index``): the table's key attributes, and the index's."""
    return {name: item[name] for name in _key_attributes(logical, index)}


def _key_attributes(logical: str, index: str | None) -> dict[str, str]:
    """Attribute name -> type ("S"/"N") of the keys a start key of this query holds."""
    from wakeful.tables import TABLES

    spec = TABLES[logical]
    attrs = [spec.pk, spec.sk]
    if index:
        found = next((i for i in spec.indexes if i.name == index), None)
        if found is not None:
            attrs += [found.pk, found.sk]
    return {a.name: a.type for a in attrs if a is not None}


def _bad_cursor() -> Exception:
    from wakeful.exceptions import BadRequestError

    return BadRequestError("cursor is not valid for this list; pass back the 'next' value of a previous page of it")


def _check_start(logical: str, index: str | None, start: dict[str, Any], plain_values: dict[str, Any]) -> None:
    """A start key must hold exactly the key attributes of the table and index, with
    the partition value the query asks for."""
    from wakeful.tables import TABLES

    spec = TABLES[logical]
    pk = spec.pk
    if index:
        found = next((i for i in spec.indexes if i.name == index), None)
        if found is not None:
            pk = found.pk
    expected = _key_attributes(logical, index)
    if set(start) != set(expected):
        raise _bad_cursor()
    for name, kind in expected.items():
        v = start[name]
        ok = isinstance(v, str) if kind == "S" else isinstance(v, (int, float)) and not isinstance(v, bool)
        if not ok:
            raise _bad_cursor()
    if start[pk.name] not in plain_values.values():
        raise _bad_cursor()


def batch_get(logical: str, keys: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """BatchGetItem with consistent reads, 100 keys a call. Unprocessed keys (the
    table was throttled) are retried with exponential backoff and full jitter
    (:data:`BATCH_BACKOFF`), as AWS advises, not at once in a tight loop."""
    name = table(logical)
    keys = list(keys)
    found: list[dict[str, Any]] = []
    for start in range(0, len(keys), 100):
        request = {name: {"Keys": [serialize(k) for k in keys[start : start + 100]], "ConsistentRead": True}}
        for round_ in range(BATCH_BACKOFF.max_rounds):
            if round_:
                BATCH_BACKOFF.sleep(BATCH_BACKOFF.delay(round_))
            response = client().batch_get_item(RequestItems=request)
            found.extend(deserialize(raw) for raw in response.get("Responses", {}).get(name, []))  # type: ignore[misc]
            request = response.get("UnprocessedKeys") or {}
            if not request:
                break
        else:
            raise RuntimeError(f"BatchGetItem on {name}: keys still unprocessed after {BATCH_BACKOFF.max_rounds} rounds")
    return found


def set_clause(changes: dict[str, Any]) -> tuple[str, dict[str, str], dict[str, Any]]:
    """``SET #f0 = :v0, …`` for a dict of attribute -> new value, with its names and
    (plain) values, so any attribute name, reserved words included, can be set."""
    names = {f"#f{i}": key for i, key in enumerate(changes)}
    expression = "SET " + ", ".join(f"#f{i} = :v{i}" for i in range(len(changes)))
    return expression, names, {f":v{i}": value for i, value in enumerate(changes.values())}


def page(
    logical: str,
    *,
    key: str,
    value: Any,
    limit: int,
    cursor: str | None,
    index: str | None = None,
    newest_first: bool = True,
    **kwargs: Any,
) -> tuple[list[dict[str, Any]], str | None]:
    """One page of the items whose partition key ``key`` is ``value``: the list shape
    of the API (items, next cursor). ``kwargs`` may add a KeyConditionExpression suffix
    (``key_suffix``), a FilterExpression and their values."""
    from wakeful import pagination

    suffix = kwargs.pop("key_suffix", "")
    values = {":pk": value, **kwargs.pop("ExpressionAttributeValues", {})}
    names = {"#pk": key, **kwargs.pop("ExpressionAttributeNames", {})}
    items, last = query_page(
        logical,
        index=index,
        limit=limit,
        start=pagination.decode(cursor),
        KeyConditionExpression="#pk = :pk" + suffix,
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=values,
        ScanIndexForward=not newest_first,
        **kwargs,
    )
    return items, pagination.encode(last)


def put_new(logical: str, item: dict[str, Any]) -> bool:
    """Put ``item`` unless an item with its key exists. True if it was written, False if
    one was already there (the idempotent create every "once per id" write needs)."""
    from wakeful.tables import TABLES

    key_name = (TABLES[logical].sk or TABLES[logical].pk).name
    try:
        client().put_item(
            TableName=table(logical),
            Item=serialize(item),
            ConditionExpression="attribute_not_exists(#key)",
            ExpressionAttributeNames={"#key": key_name},
        )
    except ClientError as error:
        if is_conditional_failure(error):
            return False
        raise
    return True
