"""A hook's auth_header is a secret that must be sendable: values HTTP cannot carry are
refused at registration, and no answer or error ever repeats it."""

from __future__ import annotations

import time

import pytest

from tests.support.hook_receiver import Answer, create_hook

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
    from wakeful.hooks.attempt import _redact

    text = _redact(f"InvalidHeader: Invalid return character or leading space in header: Authorization (Bearer {SECRET_PART})", f"Bearer {SECRET_PART}")
    assert SECRET_PART not in text and "[redacted]" in text


def test_an_endpoint_that_repeats_the_auth_header_in_its_answer_has_it_redacted_in_the_delivery_log(stack, api, receiver):
    agent = api.create_agent()
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("echo"), auth_header=f"Bearer {SECRET_PART}", retry_config={"max_retries": 0, "timeout_ms": 5000})
    receiver.script("echo", [Answer(401, body=f'{{"error": "bad credentials: Bearer {SECRET_PART}"}}')])
    response = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test")
    assert response.status_code == 202, response.text
    receiver.wait_for("echo", 1)
    stack.drain()
    url = f"/agents/{agent['id']}/hooks/{hook['id']}/executions"
    deadline = time.monotonic() + 30
    while not (rows := api.get(url).json()["items"]) and time.monotonic() < deadline:
        time.sleep(0.1)
    [row] = rows
    assert row["status_code"] == 401 and "[redacted]" in row["response_body"]
    assert SECRET_PART not in api.get(url).text
