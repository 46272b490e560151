"""The slots that the entry points fill with listeners: one per kind of thing a
capability tells those above it (a thread run's end, a schedule's result, an action
parked for approval). A capability owns its slot and calls what is installed there;
:func:`wakeful.assembly.install` hands the listeners in, so the capability never
imports who listens."""

from __future__ import annotations

from typing import Any, Callable, Generic, Protocol, TypeVar


class Named(Protocol):
    """A listener: a record with a ``name``, unique in its slot."""

    @property
    def name(self) -> str: ...


L = TypeVar("L", bound=Named)


class Slot(Generic[L]):
    """The installed listeners of one kind, in installation order."""

    def __init__(self, kind: str, check: Callable[[tuple[Any, ...]], None] | None = None) -> None:
        self._kind = kind
        self._check = check
        self._installed: tuple[L, ...] = ()

    def install(self, *listeners: L) -> None:
        """Make ``listeners`` the installed ones.

        Raises:
            ValueError: two listeners of one name (or what the slot's own check refuses).
        """
        names = [listener.name for listener in listeners]
        if len(set(names)) != len(names):
            raise ValueError(f"{self._kind} installed twice: {names}")
        if self._check is not None:
            self._check(listeners)
        self._installed = tuple(listeners)

    def installed(self) -> tuple[L, ...]:
        """The installed listeners, in installation order."""
        return self._installed

    def lead_with(self, first: tuple[L, ...]) -> None:
        """Install ``first`` ahead of whatever else is installed (an embedder's own
        listeners stay, after them); idempotent."""
        present = self._installed
        if present[: len(first)] != first:
            self.install(*first, *(other for other in present if other not in first))
