"""Secrets never leave in a StreamEvent: values under secret-like keys are replaced.

A key names a secret when one of its words (split on ``_``, ``-``, ``.``, spaces and
camelCase) is ``secret``, ``secrets``, ``token``, ``password``, ``passwords`` or
``authorization``, or when it contains the words ``api`` and ``key`` next to each other
(``api_key``, ``X-Api-Key``, ``apiKey``, ``apikey``). Any case, at any depth of dicts and
lists. ``max_tokens`` or ``tokens_used`` are counts, not secrets, and stay.

Strings that hold a JSON object or array (a tool returning serialised JSON) are parsed
and redacted the same way.
"""

from __future__ import annotations

import json
import re
from typing import Any

REDACTED = "[redacted]"
_SECRET_WORDS = frozenset({"secret", "secrets", "token", "password", "passwords", "authorization", "apikey"})
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_MAX_DEPTH = 64


def is_secret_key(key: object) -> bool:
    """Whether a mapping key names a secret."""
    if not isinstance(key, str):
        return False
    words = [w.lower() for w in _WORD.findall(key)]
    if _SECRET_WORDS.intersection(words):
        return True
    return any(a == "api" and b == "key" for a, b in zip(words, words[1:], strict=False))


def redact(value: Any, _depth: int = 0) -> Any:
    """A copy of ``value`` with every value under a secret-like key replaced."""
    if _depth > _MAX_DEPTH:
        return REDACTED  # deeper than any honest payload; do not recurse forever
    if isinstance(value, dict):
        return {k: (REDACTED if is_secret_key(k) else redact(v, _depth + 1)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact(v, _depth + 1) for v in value]
    if isinstance(value, str) and value[:1] in ("{", "[") and _looks_secret(value):
        return _redact_json_text(value, _depth)
    return value


def _looks_secret(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in ("secret", "token", "password", "authorization", "api"))


def _redact_json_text(text: str, depth: int) -> str:
    try:
        parsed = json.loads(text)
    except ValueError:
        return text
    cleaned = redact(parsed, depth + 1)
    return text if cleaned == parsed else json.dumps(cleaned, ensure_ascii=False)
