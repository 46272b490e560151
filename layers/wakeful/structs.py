"""A light immutable record for what every cold start defines: slot records, manifests,
settings, stored events.

``class Wait(Struct)`` with annotated fields (defaults as class attributes) makes a
record that is built by position or by keyword, compares and hashes by its values and
refuses assignment (``FrozenInstanceError``, as a frozen dataclass does; a
``__post_init__`` may still set its fields with ``object.__setattr__``); ``_replace``
copies it with changes. Type checkers read it as a frozen dataclass.

It exists for cold starts: a named tuple compiles and evaluates code for each class it
defines (its ``__new__``, and each annotation, which ``from __future__ import
annotations`` makes a string to compile), a dataclass more so. The handlers define some
seventy records before their first request: about 14 ms of every cold start as named
tuples, about 2 ms as this (``bench/import_cost.py``). Annotations are never evaluated,
so they may name what only a type checker imports.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, Self, dataclass_transform

_CLASS_VARIABLE = ("ClassVar", "typing.ClassVar")


@dataclass_transform(frozen_default=True)
class Struct:
    """The base of a light immutable record (see the module)."""

    __slots__ = ()
    #: The fields, in declaration order (a base class's first).
    _fields: ClassVar[tuple[str, ...]] = ()
    _field_defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [
            name
            for name, annotation in cls.__dict__.get("__annotations__", {}).items()
            if not str(annotation).startswith(_CLASS_VARIABLE)
        ]
        cls._fields = (*cls._fields, *(name for name in own if name not in cls._fields))
        defaults = {**cls._field_defaults, **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
        first_default = next((index for index, name in enumerate(cls._fields) if name in defaults), len(cls._fields))
        late = [name for name in cls._fields[first_default:] if name not in defaults]
        if late:
            raise TypeError(f"{cls.__name__}: field {late[0]!r} without a default follows one with a default")
        cls._field_defaults = defaults

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} arguments, {len(args)} given")
        values = dict(zip(fields, args, strict=False))
        for name, value in kwargs.items():
            if name in values or name not in fields:
                problem = "got multiple values for" if name in values else "has no field"
                raise TypeError(f"{cls.__name__}() {problem} {name!r}")
            values[name] = value
        state = self.__dict__
        defaults = cls._field_defaults
        for name in fields:
            if name in values:
                state[name] = values[name]
            elif name in defaults:
                state[name] = defaults[name]
            else:
                raise TypeError(f"{cls.__name__}() missing the argument {name!r}")
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def _replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` (a named tuple's ``_replace``)."""
        return type(self)(**{**self.__dict__, **changes})

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{name}={value!r}' for name, value in self.__dict__.items())})"
