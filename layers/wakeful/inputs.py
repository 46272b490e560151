"""What every request body shares (pydantic): strict types, names people can read, and
PATCH bodies whose ``null`` means something.

Every body model of the API derives from :class:`Body` (a PATCH body from
:class:`Patch`), so the rules hold for each field without being repeated:

- **Strict types.** A boolean or a string is not a number, a number is not a boolean
  (``"priority": true`` and ``"heartbeat_interval_seconds": "60"`` are 422s, not 1
  and 60). Unknown fields are refused, never ignored.
- **Names** (:data:`Name`) hold a visible character and no control or bidirectional
  formatting character: a name shown in a list, a log or a notification reads as what
  it is (no ``"\\u202e"`` turning ``"exe.txt"`` around, no name made of spaces).
- **Secrets sent as they are** (:data:`SecretToken`: an API key, a bot token, a signing
  secret) hold visible ASCII characters only: a line break or another control character
  could not be sent in a header (every call would fail as a "connection error") and
  could split one. The error names the field, never the value.
- **PATCH nulls.** Left out, a field keeps its value. ``null`` unsets a field whose type
  admits it (an optional field, whose absence has a meaning); any other field (one that
  is required, or has a value by default) refuses ``null`` with a 422 that names it, and
  the request changes nothing. Declare such a field with :func:`unchanged`.
"""

from __future__ import annotations

import types
import typing
import unicodedata
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from wakeful import targets

#: Bidirectional formatting characters: embeddings and overrides (U+202A..U+202E),
#: isolates (U+2066..U+2069), the directional marks (U+200E, U+200F, U+061C).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
#: Categories of characters that show nothing: separators (spaces), controls,
#: formatting, unassigned and private-use code points, surrogates.
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs"})
#: Categories of marks that show nothing on their own (they sit on a letter before them).
_MARKS = frozenset({"Mn", "Me"})
#: Letters and symbols drawn as blank space: the Hangul fillers, the blank Braille
#: pattern (names made of them look empty).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


class Body(BaseModel):
    """Base of every request body: strict types, unknown fields refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Patch(Body):
    """Base of every PATCH body: ``null`` unsets a field whose type admits None and is a
    validation error (naming the field) for any other."""

    @field_validator("*", mode="before")
    @classmethod
    def _null_only_where_allowed(cls, value: Any, info: ValidationInfo) -> Any:
        name = info.field_name
        if value is None and name is not None and not admits_none(cls.model_fields[name].annotation):
            raise PydanticCustomError(
                "null_not_allowed",
                "{field} cannot be null: it always has a value (leave it out to keep the current one)",
                {"field": name},
            )
        return value


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def unchanged(**constraints: Any) -> Any:
    """A PATCH field that cannot be null: left out, the resource keeps its value. (The
    model's default is None, which the document does not show as the field's default.)"""
    return Field(default=None, json_schema_extra=_no_default, **constraints)


def admits_none(annotation: Any) -> bool:
    """Whether a field's type accepts None (``X | None``, ``Optional[X]``, ``Any``)."""
    if annotation is None or annotation is type(None) or annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return admits_none(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return any(admits_none(arg) for arg in typing.get_args(annotation))
    return False


def readable_name(value: str) -> str:
    """``value`` if it holds a visible character and no control or bidirectional
    formatting character, else a ValueError saying which rule it breaks."""
    for char in value:
        if unicodedata.category(char) == "Cc":
            raise ValueError(f"a name cannot hold control characters (found U+{ord(char):04X})")
        if char in BIDI_CONTROLS:
            raise ValueError(f"a name cannot hold bidirectional formatting characters (found U+{ord(char):04X})")
    if not any(_shows(char) for char in value):
        raise ValueError("a name needs at least one visible character")
    return value


def _shows(char: str) -> bool:
    """Whether ``char`` draws something on its own."""
    category = unicodedata.category(char)
    return category not in _INVISIBLE and category not in _MARKS and char not in _BLANK


#: A name people read (an agent's, a user's): see :func:`readable_name`.
Name = Annotated[str, AfterValidator(readable_name)]


def secret_token(value: str) -> str:
    """``value`` if it holds visible ASCII characters only (no space, line break or other
    control character), else a ValueError that never repeats it (it is a secret)."""
    if not value.isascii() or any(ord(c) < 0x21 or ord(c) == 0x7F for c in value):
        raise ValueError("must be visible ASCII characters (no spaces, line breaks or other control characters)")
    return value


#: A secret sent as it is, in a header, a URL or as a signature key: see :func:`secret_token`.
SecretToken = Annotated[str, AfterValidator(secret_token)]
#: A notify target: a channel name or ``name:conversation`` (:mod:`wakeful.targets`).
Target = Annotated[str, Field(pattern=targets.TARGET_PATTERN, max_length=300)]


class OneOf:
    """A string field that takes one of the names a registry holds when the request
    comes (``Annotated[str, OneOf(providers.agent_names)]``): it validates and documents
    like a ``Literal`` of those names (the same ``literal_error`` text, the same
    ``enum`` in the JSON schema, computed when the schema is built), but a name
    registered later counts."""

    def __init__(self, names: typing.Callable[[], typing.Sequence[str]]) -> None:
        self.names = names

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        def check(value: Any) -> str:
            allowed = tuple(self.names())
            if isinstance(value, str) and value in allowed:
                return value
            quoted = [repr(name) for name in allowed]
            expected = ", ".join(quoted[:-1]) + f" or {quoted[-1]}" if len(quoted) > 1 else "".join(quoted)
            raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})

        return core_schema.no_info_plain_validator_function(check)

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> dict[str, Any]:
        return {"enum": list(self.names()), "type": "string"}
