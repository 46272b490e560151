"""``/docs`` (Swagger UI) in a real browser under its Content-Security-Policy: the page
renders the API's operations and can try one out against this API, with no script or
style refused; and no other page may frame it."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.fixture()
def page(browser: Any, stack: Any) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    tab.set_default_timeout(90_000)  # generous: the suite must pass on a busy machine
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    # The browser's own /favicon.ico request (an API path that needs a key) is not the page's.
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" and "Failed to load resource" not in message.text else None)
    tab.errors = errors
    yield tab
    context.close()


def test_swagger_ui_renders_and_tries_an_operation_under_its_policy(page: Any, stack: Any) -> None:
    page.goto(f"{stack.api_url}/docs")
    health = page.locator("#operations-operations-get_health")
    health.locator(".opblock-summary").click()
    health.get_by_role("button", name="Try it out").click()
    health.get_by_role("button", name="Execute").click()
    status = health.locator(".live-responses-table tbody td.response-col_status").first
    status.wait_for()
    assert "200" in status.inner_text()
    assert page.errors == [], page.errors


def test_another_page_cannot_frame_the_docs(page: Any, stack: Any) -> None:
    page.goto(f"{stack.api_url}/health")
    page.set_content(f'<iframe id="f" src="{stack.api_url}/docs"></iframe>')
    page.wait_for_timeout(1500)  # a refused frame fires no event to wait for
    frame = page.frame_locator("#f")
    assert frame.locator("#swagger-ui").count() == 0
    assert any("frame-ancestors" in error or "X-Frame-Options" in error or "refused" in error.lower() for error in page.errors), page.errors
