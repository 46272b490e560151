"""The first look at a request body, before routing and validation.

The management API takes JSON only. A body is refused with a clear 4xx, never a 5xx,
when it is too large (413), sent without ``Content-Type: application/json`` or with
another type such as ``text/plain``, ``application/xml`` or ``multipart/form-data``
(415), not UTF-8 or not JSON, or nested too deep to parse (400), or holds values that
cannot be stored (422: empty keys, numbers such as ``1e300``, lone surrogates; see
:mod:`wakeful.storable`). The resolver's own validation then checks the shape.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from wakeful import storable
from wakeful.exceptions import BadRequestError, PayloadTooLargeError, WakefulError

#: The largest body the API reads: an event's payload (256 KiB) with room to spare.
MAX_BODY_BYTES = 512 * 1024
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
JSON_TYPES = ("application/json",)


class UnsupportedMediaTypeError(WakefulError):
    """The body is not sent as ``application/json``."""

    status = 415
    code = "unsupported_media_type"


def _header(event: Mapping[str, Any], name: str) -> str | None:
    for key, value in (event.get("headers") or {}).items():
        if key.lower() == name and isinstance(value, str):
            return value
    for key, values in (event.get("multiValueHeaders") or {}).items():
        if key.lower() == name and isinstance(values, list) and values:
            return str(values[-1])
    return None


def _raw_body(event: Mapping[str, Any]) -> bytes:
    body = event.get("body")
    if not body:
        return b""
    if event.get("isBase64Encoded"):
        try:
            return base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError) as error:
            raise BadRequestError("the body is not valid base64") from error
    return str(body).encode("utf-8", "surrogatepass")


def _check_content_type(value: str | None) -> None:
    expected = "send the body as JSON with the header Content-Type: application/json"
    if value is None or not value.strip():
        raise UnsupportedMediaTypeError(f"the request has a body but no Content-Type: {expected}")
    media_type, _, params = value.partition(";")
    media_type = media_type.strip().lower()
    if media_type not in JSON_TYPES and not (media_type.startswith("application/") and media_type.endswith("+json")):
        raise UnsupportedMediaTypeError(f"Content-Type {media_type[:80]!r} is not supported: {expected}")
    for param in params.split(";"):
        name, _, charset = param.partition("=")
        if name.strip().lower() == "charset" and charset.strip().strip('"').lower() not in ("utf-8", "utf8"):
            raise UnsupportedMediaTypeError(f"charset {charset.strip()[:40]!r} is not supported: JSON bodies are UTF-8")


def check(event: Mapping[str, Any]) -> None:
    """Raise a :class:`WakefulError` (4xx) unless the request's body, if any, is a
    JSON document the API can read and store."""
    if str(event.get("httpMethod") or "").upper() not in BODY_METHODS:
        return
    raw = _raw_body(event)
    if not raw:
        return
    if len(raw) > MAX_BODY_BYTES:
        raise PayloadTooLargeError(f"the body is {len(raw)} bytes; the API takes at most {MAX_BODY_BYTES} (512 KiB)")
    _check_content_type(_header(event, "content-type"))
    value = storable.loads(raw)
    storable.check(value, "body", max_bytes=None)


def error_response(error: WakefulError) -> dict[str, Any]:
    """An API Gateway proxy response in the contract's error shape."""
    import json

    return {
        "statusCode": error.status,
        "multiValueHeaders": {"Content-Type": ["application/json"]},
        "body": json.dumps({"error": {"code": error.code, "message": error.message}}),
        "isBase64Encoded": False,
    }
