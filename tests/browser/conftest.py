"""The web console in a real headless Chromium (Debian's package, driven by Playwright
through ``executable_path``) against the session's local stack.

Every page a test opens is watched: a JavaScript error fails the test, and so does a
request to a path the API's OpenAPI document does not describe (the console uses the
public API only) or an answer that does not match its operation's schema. Screenshots go to ``build/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
import requests

from tests.support import openapi_check

CHROMIUM = os.environ.get("WAKEFUL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _template(path: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)) + "$")


@dataclass
class ApiMap:
    """The operations of the OpenAPI document, matchable against concrete paths."""

    documented: list[tuple[str, re.Pattern[str], str]]

    def find(self, method: str, path: str) -> str | None:
        for m, pattern, template in self.documented:
            if m == method and pattern.match(path):
                return template
        return None


@pytest.fixture(scope="session")
def api_map(stack: Any) -> ApiMap:
    doc = requests.get(f"{stack.api_url}/openapi.json", timeout=30).json()
    documented = [(m.upper(), _template(p), p) for p, ops in doc["paths"].items() for m in ops]
    return ApiMap(documented)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium (as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Seen:
    """What the pages of one test did: API requests and their answers, and JS errors."""

    requests: list[tuple[str, str, int, str]] = field(default_factory=list)  # method, path, status, body head
    errors: list[str] = field(default_factory=list)


class Console:
    """One browser tab on the console, as one owner."""

    def __init__(self, page: Any, base: str, key: str) -> None:
        self.page = page
        self.base = base
        self.key = key

    def open(self, route: str = "", *, key: str | None = None) -> Any:
        """Open the console and sign in (with ``key``, default the owner's)."""
        self.page.goto(f"{self.base}/console#{route}")
        self.page.get_by_label("API key", exact=True).fill(self.key if key is None else key)
        self.page.get_by_role("button", name="Use this key").click()
        return self.page

    def go(self, route: str) -> Any:
        self.page.evaluate("route => { location.hash = route }", route)
        return self.page

    def shot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        width = self.page.viewport_size["width"]
        path = SCREENSHOTS / f"{name}-{width}.png"
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.wait_for_timeout(150)  # let the last repaint land (screenshots only)
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture()
def seen() -> Seen:
    return Seen()


@pytest.fixture()
def console(browser: Any, stack: Any, api: Any, api_map: ApiMap, seen: Seen) -> Iterator[Console]:
    """A fresh browser context (its own sessionStorage) on the console, for ``api``'s owner.
    After the test: no JS error happened and every API request was a documented one."""
    context = browser.new_context(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(90_000)  # generous: the suite must pass on a busy machine
    origin = stack.api_url

    def on_response(response: Any) -> None:
        parts = urlsplit(response.url)
        if f"{parts.scheme}://{parts.netloc}" != origin:
            return
        head = ""
        if response.status == 404:
            try:
                head = response.text()[:300]
            except Exception:  # noqa: BLE001 - a streamed body may be gone
                head = ""
        seen.requests.append((response.request.method, parts.path, response.status, head))
        _check_against_the_document(response)

    page.on("response", on_response)
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    page.on("console", lambda message: seen.errors.append(message.text) if message.type == "error" and "Failed to load resource" not in message.text else None)
    yield Console(page, origin, api.key)
    context.close()
    assert seen.errors == [], f"JavaScript errors in the console: {seen.errors}"
    problems = undocumented(seen, api_map)
    assert problems == [], f"the console called paths the API does not document: {problems}"
    pause_all(api)


class _Seen:
    """A browser response as the OpenAPI checker reads one (status, headers, body)."""

    def __init__(self, response: Any) -> None:
        from requests.structures import CaseInsensitiveDict

        self.status_code = response.status
        self.headers = CaseInsensitiveDict(response.headers)
        self.content = response.body()


def _check_against_the_document(response: Any) -> None:
    """The console's API answers are checked against the served document like every
    other response the suite sees (tests/support/openapi_check.py); a live stream,
    still open, is left alone."""
    media = response.headers.get("content-type", "")
    if "text/event-stream" in media or urlsplit(response.url).path.startswith("/console"):
        return
    try:
        seen = _Seen(response)
    except Exception:  # noqa: BLE001 - a body the browser no longer holds
        return
    openapi_check.check_response(response.request.method, response.url, seen)


def undocumented(seen: Seen, api_map: ApiMap) -> list[tuple[str, str, int]]:
    """Requests to neither the console's own files nor a documented operation."""
    problems = []
    for method, path, status, _ in seen.requests:
        if path == "/console" or path.startswith("/console/"):
            continue  # the console's own page and files
        if not api_map.find(method, path):
            problems.append((method, path, status))
    return problems


def pause_all(api: Any) -> None:
    """Leave no active agent behind: the session's later scans then skip them."""
    for agent in api.get("/agents?limit=100").json().get("items", []):
        if agent["is_active"]:
            api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def unique_alias(prefix: str = "c") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"
