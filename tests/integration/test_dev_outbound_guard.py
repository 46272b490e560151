"""Under `wakeful dev`, hooks and tools may call loopback servers a user runs, but not
the stack itself: the AWS emulator (its admin API resets every tenant's tables) or the
API's own port."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from wakeful import net


def test_a_hook_to_the_emulators_admin_api_is_refused(stack, api):
    agent = api.create_agent()
    response = api.post(
        f"/agents/{agent['id']}/hooks",
        json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": f"{stack.aws_endpoint}/moto-api/reset"},
    )
    assert response.status_code == 422, response.text
    assert "local stack itself" in response.json()["error"]["message"]
    assert api.get(f"/agents/{agent['id']}/hooks").json()["items"] == []


def test_a_hook_via_localhost_to_the_emulator_is_refused_too(stack, api):
    agent = api.create_agent()
    port = urlsplit(stack.aws_endpoint).port
    response = api.post(
        f"/agents/{agent['id']}/hooks", json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": f"http://localhost:{port}/moto-api/reset"}
    )
    assert response.status_code == 422, response.text


def test_a_tool_pointing_at_the_apis_own_port_is_refused(stack, api):
    response = api.post("/tools", json={"name": "Loop", "kind": "http", "endpoint_url": f"{stack.api_url}/agents"})
    assert response.status_code == 422, response.text
    assert "local stack itself" in response.json()["error"]["message"]


def test_a_loopback_server_the_user_runs_is_allowed(stack, api, tool_server):
    response = api.post("/tools", json={"name": "Mine", "kind": "http", "endpoint_url": tool_server.url("x")})
    assert response.status_code == 201, response.text


def test_with_an_allow_list_only_its_loopback_ports_are_allowed():
    net.check_url("http://127.0.0.1:9000/hook", dev_mode=True, blocked_ports=set(), allowed_ports={9000})
    with pytest.raises(net.UnsafeUrlError, match="WAKEFUL_DEV_ALLOWED_PORTS"):
        net.check_url("http://127.0.0.1:9001/hook", dev_mode=True, blocked_ports=set(), allowed_ports={9000})


def test_the_allow_list_cannot_open_the_stacks_own_ports():
    with pytest.raises(net.UnsafeUrlError, match="local stack itself"):
        net.check_url("http://127.0.0.1:4566/", dev_mode=True, blocked_ports={4566}, allowed_ports={4566})


def test_outside_dev_mode_loopback_stays_refused():
    with pytest.raises(net.UnsafeUrlError):
        net.check_url("https://127.0.0.1:9000/", dev_mode=False, blocked_ports=set(), allowed_ports=set())


WEBHOOK = "whk_01M8GWSDGFDTHRCM8YSYZH8NAA"


def test_a_hook_may_deliver_to_a_webhook_of_the_dev_stack_itself_as_on_aws(stack, api):
    agent = api.create_agent()
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={"provider": "raw"}).json()
    assert webhook["url"].startswith(stack.api_url)
    response = api.post(f"/agents/{agent['id']}/hooks", json={"hook_type": "NOTIFICATION", "endpoint_url": webhook["url"]})
    assert response.status_code == 201, response.text


@pytest.mark.parametrize(
    "path",
    [f"/webhooks/{WEBHOOK}/rotate", f"/webhooks/{WEBHOOK}?x=1", "/webhooks/", f"/agents/{WEBHOOK}", f"/webhooks/{WEBHOOK}/../../agents"],
)
def test_only_the_webhook_intake_is_open_on_the_apis_own_port(path):
    with pytest.raises(net.UnsafeUrlError, match="local stack itself"):
        net.check_url(f"http://127.0.0.1:8080{path}", dev_mode=True, blocked_ports={8080}, intake_ports={8080})


def test_the_emulators_port_has_no_webhook_intake_to_open():
    net.check_url(f"http://127.0.0.1:8080/webhooks/{WEBHOOK}", dev_mode=True, blocked_ports={4566, 8080}, intake_ports={8080})
    with pytest.raises(net.UnsafeUrlError, match="local stack itself"):
        net.check_url(f"http://127.0.0.1:4566/webhooks/{WEBHOOK}", dev_mode=True, blocked_ports={4566, 8080}, intake_ports={8080})
