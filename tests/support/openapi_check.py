"""Every API response the test suite sees is checked against the served OpenAPI document.

:func:`install` wraps the HTTP clients' ``send`` once per test session. A response to a
request under a watched base URL (:func:`watch`: the in-process stack, each `wakeful dev`
process the e2e tests start), through ``requests`` or ``httpx`` (the generated client),
or by the web console in the browser tests (:func:`check_response`), is checked
against the document that base serves at
``GET /openapi.json`` (fetched once per base):

- a path the document has, with a status the operation declares: the JSON body must
  validate against that response's schema (a 204 must have no body);
- a 2xx or 4xx the operation does not declare is a mismatch (a client generated from
  the document could not read it); a 5xx must still be the contract's ``Error`` shape;
- a Server-Sent Events body read whole: each ``data:`` line must validate against
  ``StreamEvent`` (:func:`check_stream_lines` does the same for a stream read line by line);
- paths the document does not describe (the console's files, ``/docs``) are skipped;
  so are streamed responses (``stream=True``).

Handlers invoked directly (a Lambda proxy answer ``{"statusCode", "headers", "body"}``)
are checked with :func:`check_lambda_answer`.

Validators are compiled once per (operation, status). Mismatches are collected and the
``pytest_runtest_*`` hooks in ``tests/conftest.py`` fail the test that saw them.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from typing import Any

import requests

_lock = threading.Lock()
_bases: dict[str, "_Document | None"] = {}
_mismatches: list[str] = []
_installed = False
_local = threading.local()
_ERROR_REF = {"$ref": "#/components/schemas/Error"}


@dataclass
class _Document:
    """One served document, its path templates as regular expressions, compiled validators."""

    doc: dict[str, Any]
    paths: list[tuple[re.Pattern[str], str]] = field(default_factory=list)
    validators: dict[tuple[str, str, str], Any] = field(default_factory=dict)
    checked: int = 0

    def __post_init__(self) -> None:
        for template in self.doc.get("paths", {}):
            pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
            self.paths.append((re.compile(pattern), template))
        # Literal segments win over parameters (/snips/{snip_id} vs a fixed path).
        self.paths.sort(key=lambda p: p[1].count("{"))

    def template(self, path: str) -> str | None:
        return next((template for pattern, template in self.paths if pattern.match(path)), None)

    def validator(self, key: tuple[str, str, str], schema: dict[str, Any]) -> Any:
        found = self.validators.get(key)
        if found is None:
            from jsonschema import Draft202012Validator

            # The response schema with the document's components beside it, so that
            # "#/components/schemas/..." references resolve inside it.
            found = Draft202012Validator({**schema, "components": self.doc.get("components", {})})
            self.validators[key] = found
        return found


def watch(base_url: str) -> None:
    """Check every response from ``base_url`` (a Wakeful API) from now on."""
    with _lock:
        _bases.setdefault(base_url.rstrip("/"), None)


def forget(base_url: str) -> None:
    """The document of ``base_url`` changed (a test installed a platform, or removed
    it): read it again at the next response."""
    with _lock:
        if base_url.rstrip("/") in _bases:
            _bases[base_url.rstrip("/")] = None


def mismatches() -> list[str]:
    """Every mismatch so far (the hooks compare its length before and after a phase)."""
    return _mismatches


def checked() -> int:
    """How many responses were checked (for the report)."""
    return sum(d.checked for d in _bases.values() if d is not None)


def install() -> None:
    """Wrap ``requests.Session.send`` and ``httpx.Client.send`` (the generated client's
    transport); idempotent."""
    global _installed
    if _installed:
        return
    original = requests.Session.send

    def send(self: requests.Session, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        response = original(self, request, **kwargs)
        if not kwargs.get("stream"):
            _safely(request.method, request.url, response)
        return response

    requests.Session.send = send  # type: ignore[method-assign]
    try:
        import httpx
    except ImportError:  # pragma: no cover - httpx comes with the dev extra
        httpx = None
    if httpx is not None:
        original_httpx = httpx.Client.send

        def send_httpx(self: Any, request: Any, **kwargs: Any) -> Any:
            response = original_httpx(self, request, **kwargs)
            if not kwargs.get("stream"):
                _safely(request.method, str(request.url), response)
            return response

        httpx.Client.send = send_httpx  # type: ignore[method-assign]
    _install_sse()
    _installed = True


def _install_sse() -> None:
    """Wrap the dev SSE client (``wakeful tail``, the stream tests' reader): each frame it
    yields from a watched base must carry a ``StreamEvent``."""
    from wakeful_dev.sse_client import SseError, SseStream

    original_init, original_iter = SseStream.__init__, SseStream.__iter__

    def init(self: Any, url: str, **kwargs: Any) -> None:
        self._checked_url = url
        try:
            original_init(self, url, **kwargs)
        except SseError as error:  # an error answer instead of a stream: the Error shape
            answer = {"statusCode": error.status, "headers": {"Content-Type": "application/json"}, "body": error.body}
            check_lambda_answer("GET", url, answer)
            raise

    def frames(self: Any) -> Any:
        url = getattr(self, "_checked_url", "")
        base = _base_of(url.split("?", 1)[0])
        for frame in original_iter(self):
            if base is not None:
                check_stream_lines(base, [f"data: {frame.data}"], f"GET {url[len(base):]} (SSE)")
            yield frame

    SseStream.__init__ = init  # type: ignore[method-assign]
    SseStream.__iter__ = frames  # type: ignore[method-assign]


def check_response(method: str, url: str, response: Any) -> None:
    """Check a response seen some other way (the web console's, in the browser tests):
    anything with ``status_code``, ``headers`` (case-insensitive) and ``content``."""
    _safely(method, url, response)


def _safely(method: str | None, url: str | None, response: Any) -> None:
    if getattr(_local, "busy", False):
        return
    try:
        _check(method or "GET", url or "", response)
    except Exception as error:  # noqa: BLE001 - a checker bug must show, not hide
        _mismatches.append(f"{method} {url}: the checker failed: {error!r}")


def _base_of(url: str) -> str | None:
    for base in _bases:
        if url == base or url.startswith(base + "/") or url.startswith(base + "?"):
            return base
    return None


def _document(base: str) -> _Document:
    found = _bases.get(base)
    if found is None:
        _local.busy = True
        try:
            response = requests.get(f"{base}/openapi.json", timeout=30)
        finally:
            _local.busy = False
        response.raise_for_status()
        found = _Document(response.json())
        _bases[base] = found
    return found


def _check(method: str, url: str, response: Any) -> None:
    """Check one response (``requests`` or ``httpx``: both have status_code, headers, content)."""
    base = _base_of(url)
    if base is None:
        return
    path = url[len(base):].split("?", 1)[0] or "/"
    document = _document(base)
    template = document.template(path)
    operation = document.doc["paths"].get(template, {}).get(method.lower()) if template else None
    method = method.lower()
    status = str(response.status_code)
    where = f"{method.upper()} {path} -> {status}"
    if operation is None:
        if status.startswith("4") and _is_json(response):
            _validate(document, ("*", "*", "error"), _ERROR_REF, response, where + " (undocumented route)")
        return
    declared = operation.get("responses", {}).get(status)
    if declared is None:
        if status.startswith(("4", "5")):
            _validate(document, (template or path, method, "error"), _ERROR_REF, response, where)
        if status.startswith(("2", "4")):
            _mismatches.append(f"{where}: the operation does not declare {status} (declared: {sorted(operation['responses'])})")
        return
    content = declared.get("content")
    if not content:
        if response.content.strip():
            _mismatches.append(f"{where}: declared without a body, but answered {response.content[:200]!r}")
        return
    if not _is_json(response):
        media = response.headers.get("Content-Type", "").split(";")[0].strip()
        if media not in content:
            _mismatches.append(f"{where}: answered {media!r}, declared {sorted(content)}")
        elif media == "text/event-stream":
            _check_events(document, response.content.decode("utf-8", "replace").splitlines(), where)
        return
    schema = (content.get("application/json") or {}).get("schema")
    if schema is None:
        _mismatches.append(f"{where}: answered JSON, declared {sorted(content)}")
        return
    _validate(document, (template or path, method, status), schema, response, where)


def check_lambda_answer(method: str, url: str, answer: dict[str, Any]) -> None:
    """Check a Lambda proxy answer (``{"statusCode", "headers", "body"}``, from a handler
    invoked directly) for the request ``method url`` (``url`` under a watched base)."""
    _safely(method, url, _ProxyAnswer(answer))


def check_stream_lines(base_url: str, lines: list[str], where: str = "stream") -> None:
    """Check Server-Sent Events lines read from ``base_url``'s API: each ``data:`` line
    must be a ``StreamEvent`` of the document."""
    base = _base_of(base_url.rstrip("/")) or base_url.rstrip("/")
    try:
        _check_events(_document(base), lines, where)
    except Exception as error:  # noqa: BLE001 - a checker bug must show, not hide
        _mismatches.append(f"{where}: the checker failed: {error!r}")


class _ProxyAnswer:
    """A Lambda proxy answer as the checker reads a response."""

    def __init__(self, answer: dict[str, Any]) -> None:
        from requests.structures import CaseInsensitiveDict

        headers = dict(answer.get("headers") or {})
        for name, values in (answer.get("multiValueHeaders") or {}).items():
            headers.setdefault(name, values[-1] if values else "")
        body = answer.get("body") or ""
        if answer.get("isBase64Encoded"):
            import base64

            self.content = base64.b64decode(body)
        else:
            self.content = body.encode("utf-8") if isinstance(body, str) else bytes(body)
        self.status_code = int(answer["statusCode"])
        self.headers = CaseInsensitiveDict(headers)


_STREAM_EVENT = {"$ref": "#/components/schemas/StreamEvent"}


def _check_events(document: _Document, lines: list[str], where: str) -> None:
    for number, line in enumerate(lines, 1):
        if not line.startswith("data:"):
            continue
        document.checked += 1
        try:
            body = json.loads(line[5:].strip())
        except ValueError:
            _mismatches.append(f"{where}: data line {number} is not JSON: {line[:200]!r}")
            continue
        errors = list(document.validator(("*", "*", "StreamEvent"), _STREAM_EVENT).iter_errors(body))
        if errors:
            at = "/".join(str(p) for p in errors[0].absolute_path) or "(event)"
            _mismatches.append(f"{where}: data line {number} is not a StreamEvent; at {at}: {errors[0].message[:300]}")


def _is_json(response: Any) -> bool:
    media = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def _validate(document: _Document, key: tuple[str, str, str], schema: dict[str, Any], response: Any, where: str) -> None:
    document.checked += 1
    try:
        body = json.loads(response.content or b"null")
    except ValueError:
        _mismatches.append(f"{where}: the body is not JSON: {response.content[:200]!r}")
        return
    errors = sorted(document.validator(key, schema).iter_errors(body), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        at = "/".join(str(p) for p in first.absolute_path) or "(body)"
        _mismatches.append(f"{where}: {len(errors)} schema error(s); at {at}: {first.message[:300]}")
