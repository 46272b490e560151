"""A hook's auth_header is a secret that must be sendable: values HTTP cannot carry are
refused at registration, and no answer or error ever repeats it."""

from __future__ import annotations

import pytest

from tests.support.hook_receiver import create_hook

SECRET_PART = "s3cr3t-token-value"


@pytest.mark.parametrize(
    "value",
    [f"Bearer {SECRET_PART}\r\nX-Injected: 1", f"Bearer {SECRET_PART}\n", f"Bearer {SECRET_PART}\x00", f"Bearer {SECRET_PART}-ключ"],
    ids=["crlf", "lf", "nul", "not-latin-1"],
)
def test_an_auth_header_that_cannot_be_sent_is_refused_without_echoing_it(stack, api, receiver, value):
    agent = api.create_agent()
    response = api.post(
        f"/agents/{agent['id']}/hooks", json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": receiver.url("h"), "auth_header": value}
    )
    assert response.status_code == 422, response.text
    assert "auth_header" in response.json()["error"]["message"]
    assert SECRET_PART not in response.text
    assert api.get(f"/agents/{agent['id']}/hooks").json()["items"] == []


def test_patching_in_an_unsendable_auth_header_is_refused(stack, api, receiver):
    agent = api.create_agent()
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("h"), auth_header="Bearer fine")
    response = api.patch(f"/agents/{agent['id']}/hooks/{hook['id']}", json={"auth_header": f"Bearer {SECRET_PART}\r\n"})
    assert response.status_code == 422
    assert SECRET_PART not in response.text


def test_a_latin1_auth_header_is_accepted(stack, api, receiver):
    agent = api.create_agent()
    create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("h"), auth_header="Basic dXNlcjpwYXNz\tcafé")


def test_delivery_errors_never_repeat_the_secret():
    from wakeful.hooks.delivery import _redact

    text = _redact(f"InvalidHeader: Invalid return character or leading space in header: Authorization (Bearer {SECRET_PART})", f"Bearer {SECRET_PART}")
    assert SECRET_PART not in text and "[redacted]" in text
