"""Every secret field of the API refuses control characters with a 422 that names the
field, never repeats the value and changes nothing: a model API key, channel tokens and
signing secrets, a hook's auth header, an MCP server's headers, a webhook's secret. A
line break in a secret that goes into a header could never be sent (every call would
fail as a "connection error") and could split the header in two."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.channels import config, create_channel
from tests.support.hook_receiver import quiet_agent

SECRET_PART = "s3cr3t-part-7q"
BAD_VALUES = {
    "crlf": f"sk-{SECRET_PART}\r\nX-Injected: 1",
    "lf": f"sk-{SECRET_PART}\n",
    "nul": f"sk-{SECRET_PART}\x00",
    "del": f"sk-{SECRET_PART}\x7f",
    "tab": f"sk-{SECRET_PART}\tx",
}


def _refused(response: Any, field: str) -> None:
    assert response.status_code == 422, response.text
    assert field in response.json()["error"]["message"]
    assert SECRET_PART not in response.text


@pytest.mark.parametrize("value", list(BAD_VALUES.values()), ids=list(BAD_VALUES))
def test_a_model_api_key_with_a_control_character_is_a_422_and_keeps_the_old_key(api, value):
    agent = quiet_agent(api)["id"]
    assert api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "model": "gpt-4o-mini", "api_key": "sk-good"}).status_code == 200
    before = api.get(f"/agents/{agent}/llm").json()

    _refused(api.patch(f"/agents/{agent}/llm", json={"model": "gpt-4o", "api_key": value}), "api_key")

    assert api.get(f"/agents/{agent}/llm").json() == before
    from wakeful.llm import choice, ledger

    [endpoint] = choice.endpoints(agent, ledger.agent_settings(agent))
    assert endpoint.api_key == "sk-good"


def test_a_model_api_key_outside_visible_ascii_is_a_422(api):
    agent = quiet_agent(api)["id"]
    _refused(api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "api_key": f"sk-{SECRET_PART}-ключ"}), "api_key")
    _refused(api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "api_key": f"sk {SECRET_PART}"}), "api_key")
    assert api.get(f"/agents/{agent}/llm").json()["api_key_set"] is False


@pytest.mark.parametrize(
    ("kind", "field"),
    [("slack", "bot_token"), ("slack", "signing_secret"), ("discord", "bot_token"), ("telegram", "bot_token"), ("telegram", "secret_token")],
)
@pytest.mark.parametrize("value", [BAD_VALUES["crlf"], BAD_VALUES["nul"]], ids=["crlf", "nul"])
def test_a_channel_secret_with_a_control_character_is_a_422_on_create_and_on_patch(api, kind, field, value):
    agent = quiet_agent(api)["id"]
    body = {"kind": kind, "name": f"{kind}-bad", "agent_id": agent, "config": config(kind, **{field: value})}
    _refused(api.post("/channels", json=body), field)
    assert all(c["name"] != f"{kind}-bad" for c in api.get("/channels").json()["items"])

    channel = create_channel(api, agent, kind)
    before = api.get(f"/channels/{channel['id']}").json()
    _refused(api.patch(f"/channels/{channel['id']}", json={"config": {field: value}}), field)
    assert api.get(f"/channels/{channel['id']}").json() == before
    from wakeful.channels import repository
    from wakeful.channels.records import secrets_of

    stored = repository.get(channel["id"])
    assert stored is not None and secrets_of(stored)[field] == config(kind)[field]


@pytest.mark.parametrize("value", [BAD_VALUES["crlf"], BAD_VALUES["nul"]], ids=["crlf", "nul"])
def test_a_hooks_auth_header_with_a_control_character_is_a_422(api, value):
    agent = quiet_agent(api)["id"]
    body = {"hook_type": "AFTER_HEARTBEAT", "endpoint_url": "http://127.0.0.1:9/h", "auth_header": f"Bearer {value}"}
    _refused(api.post(f"/agents/{agent}/hooks", json=body), "auth_header")
    assert api.get(f"/agents/{agent}/hooks").json()["items"] == []


@pytest.mark.parametrize("value", [BAD_VALUES["crlf"], BAD_VALUES["nul"]], ids=["crlf", "nul"])
def test_an_mcp_servers_header_with_a_control_character_is_a_422(api, value):
    body = {"name": "badheaders", "url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": f"Bearer {value}"}}
    _refused(api.post("/mcp-servers", json=body), "Authorization")
    assert all(s["name"] != "badheaders" for s in api.get("/mcp-servers").json()["items"])


@pytest.mark.parametrize("value", [BAD_VALUES["crlf"], BAD_VALUES["nul"]], ids=["crlf", "nul"])
def test_a_webhooks_chosen_secret_with_a_control_character_is_a_422(api, value):
    agent = quiet_agent(api)["id"]
    _refused(api.post(f"/agents/{agent}/webhooks", json={"provider": "stripe", "secret": f"whsec_{value}"}), "secret")
    assert api.get(f"/agents/{agent}/webhooks").json()["items"] == []
