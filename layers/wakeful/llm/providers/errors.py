"""One mapping of a provider's failures to Wakeful's errors, for every provider.

A provider says what went wrong in its own terms: its ``classify(error)`` turns an
exception its SDK raised (after the SDK's own retries) into a :class:`Failure`, or None
for one it does not know (which passes unchanged). :func:`mapped` raises what the rest
of Wakeful handles: an :class:`~wakeful.llm.exceptions.LLMProviderError` whose message
names the provider (its ``label``: "the Anthropic API", "Bedrock", ...), the status, the
attempts made and the timeout, and whether another attempt may get past it; or an
:class:`~wakeful.llm.exceptions.LLMConfigurationError`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, NamedTuple, Protocol

from wakeful.llm.exceptions import LLMConfigurationError, LLMProviderError

#: Kinds of failure, and how their message reads (``{label}`` the provider's name).
TIMEOUT = "timeout"  # no answer within the timeout
STATUS = "status"  # an HTTP error status (``code``: the provider's error type or code)
CONNECTION = "connection"  # could not reach the endpoint
SHAPE = "shape"  # an answer of an unexpected shape
REFUSED = "refused"  # the provider refused the request's shape before sending it
UNREADABLE = "unreadable"  # an answer that could not be read at all
FAILED = "failed"  # any other failure (an error inside a stream, the SDK's own)
CONFIGURATION = "configuration"  # the deployment is missing something (credentials)


class Failure(NamedTuple):
    """What went wrong, in the provider's words."""

    kind: str
    status: int = 0
    #: The provider's error type or code (``overloaded_error``, ``ThrottlingException``).
    code: str = ""
    #: What the provider said (already shortened where it may be long).
    detail: str = ""
    #: None: the common rule (timeouts and connections yes; a status of 408, 409, 429 or
    #: 5xx yes; the rest no).
    retryable: bool | None = None
    #: The key may have been rotated (401): read it again on the next call.
    forget_key: bool = False
    #: For :data:`CONFIGURATION`: the error to raise as it is (else one is made of ``detail``).
    error: Exception | None = None


class Classifies(Protocol):
    """What :func:`mapped` needs of a provider."""

    name: str
    label: str

    def classify(self, error: Exception) -> Failure | None: ...


def retryable_status(status: int) -> bool:
    """The common rule: a timeout, a conflict, throttling or a server error."""
    return status in (408, 409, 429) or status >= 500


def _retryable(failure: Failure) -> bool:
    if failure.retryable is not None:
        return failure.retryable
    if failure.kind in (TIMEOUT, CONNECTION):
        return True
    return failure.kind == STATUS and retryable_status(failure.status)


def message(label: str, failure: Failure, attempts: int, timeout: float) -> str:
    """The error's text (the same for every provider, but for its label)."""
    retryable = _retryable(failure)
    if failure.kind == TIMEOUT:
        return f"{label} did not answer within {timeout:g} s ({attempts} attempts)"
    if failure.kind == STATUS:
        said = " ".join(part for part in (f"HTTP {failure.status}" if failure.status else "", failure.code) if part)
        return f"{label} answered {said}{f' after {attempts} attempts' if retryable else ''}: {failure.detail}"
    if failure.kind == CONNECTION:
        return f"could not reach {label} ({attempts} attempts): {failure.detail}"
    if failure.kind == SHAPE:
        return f"{label} answered an unexpected shape: {failure.detail}"
    if failure.kind == REFUSED:
        return f"{label} refused the request's shape: {failure.detail}"
    if failure.kind == UNREADABLE:
        return f"{label} answered something unreadable: {failure.detail}"
    return f"{label} failed: {failure.detail}"


def error_for(provider: Classifies, failure: Failure, attempts: int, timeout: float) -> Exception:
    """The error Wakeful raises for ``failure``."""
    if failure.kind == CONFIGURATION:
        return failure.error or LLMConfigurationError(failure.detail)
    text = message(provider.label, failure, attempts, timeout)
    return LLMProviderError(text, retryable=_retryable(failure), provider=provider.name)


@contextmanager
def mapped(provider: Classifies) -> Iterator[None]:
    """Map what the provider's SDK raises (after its retries) to Wakeful's errors."""
    try:
        yield
    except Exception as error:
        failure = provider.classify(error)
        if failure is None:
            raise
        if failure.forget_key:
            from wakeful.llm import credentials

            credentials.forget()  # a rotated key: read the secret again on the next call
        from wakeful.llm.settings import get_settings

        settings = get_settings()
        raise error_for(provider, failure, settings.max_retries + 1, settings.timeout_seconds) from error


