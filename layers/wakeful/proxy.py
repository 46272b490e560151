"""Reading an API Gateway REST proxy event as a signed request is read: its headers and
its body's bytes exactly as they were delivered (a signature is checked over them, so
nothing is parsed here)."""

from __future__ import annotations

import base64
import binascii
from typing import Any


def headers_of(event: dict[str, Any]) -> dict[str, str]:
    """The request's headers, names lower-cased (the last of a repeated one)."""
    headers: dict[str, str] = {}
    for name, values in (event.get("multiValueHeaders") or {}).items():
        if isinstance(values, list) and values and isinstance(values[-1], str):
            headers[str(name).lower()] = values[-1]
    for name, value in (event.get("headers") or {}).items():
        if isinstance(value, str):
            headers[str(name).lower()] = value
    return headers


def body_of(event: dict[str, Any]) -> bytes:
    """The body's bytes: base64-decoded when API Gateway encoded them, else the text's
    own (a body that claims base64 but is not is taken as text)."""
    raw = event.get("body")
    if raw is None:
        return b""
    if event.get("isBase64Encoded"):
        try:
            return base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError, TypeError):
            pass
    return str(raw).encode("utf-8", "surrogatepass")
