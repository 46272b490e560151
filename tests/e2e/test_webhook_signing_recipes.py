"""The signing recipes of docs/webhooks.md ("Sign a request"), run as written against
`wakeful dev`: the shell one with bash, curl and openssl, the Python one as a sender
would paste it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import urllib.error
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def recipe(language: str) -> str:
    """The first ``language`` block of docs/webhooks.md's "Sign a request"."""
    text = (ROOT / "docs" / "webhooks.md").read_text(encoding="utf-8")
    section = text[text.index("## Sign a request") :]
    found = re.search(rf"```{language}\n(.*?)```", section[: section.index("\n## ", 3)], re.S)
    assert found, f"no {language} block under 'Sign a request'"
    return found[1]


def webhook(api: Any) -> tuple[str, dict[str, Any]]:
    agent = api.create_agent()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})  # no heartbeat acts on what arrives
    created = api.post(f"/agents/{agent['id']}/webhooks", json={})
    assert created.status_code == 201, created.text
    return agent["id"], created.json()


def payloads(api: Any, agent_id: str) -> list[Any]:
    return [event["payload"] for event in api.get(f"/agents/{agent_id}/events").json()["items"]]


@pytest.mark.skipif(not (shutil.which("curl") and shutil.which("openssl")), reason="the shell recipe uses curl and openssl")
def test_the_shell_signing_recipe_is_accepted_and_a_wrong_secret_is_not(stack: Any, api: Any) -> None:
    agent_id, created = webhook(api)
    body = json.dumps({"event_type": "WEBHOOK_TRIGGER", "payload": {"title": "signed in a shell"}})
    env = {**os.environ, "URL": created["url"], "SECRET": created["secret"], "BODY": body}
    done = subprocess.run(["bash", "-c", recipe("sh")], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) == {"event_id", "seq"}
    assert payloads(api, agent_id) == [{"title": "signed in a shell"}]

    wrong = {**env, "SECRET": "whsec_" + "A" * 43 + "=", "BODY": body.replace("shell", "forgery")}
    refused = subprocess.run(["bash", "-c", recipe("sh")], env=wrong, capture_output=True, text=True, timeout=60)
    assert json.loads(refused.stdout)["error"]["code"] == "invalid_signature", refused.stdout
    assert payloads(api, agent_id) == [{"title": "signed in a shell"}]


def test_the_python_signing_recipe_is_accepted_and_a_wrong_secret_is_not(stack: Any, api: Any) -> None:
    agent_id, created = webhook(api)
    namespace: dict[str, Any] = {}
    exec(recipe("python"), namespace)  # noqa: S102 - the documented recipe, as a sender pastes it
    body = json.dumps({"event_type": "WEBHOOK_TRIGGER", "payload": {"title": "signed in Python"}}).encode()
    answer = namespace["send_signed"](created["url"], created["secret"], body)
    assert set(answer) == {"event_id", "seq"}
    assert payloads(api, agent_id) == [{"title": "signed in Python"}]

    with pytest.raises(urllib.error.HTTPError) as refused:
        namespace["send_signed"](created["url"], "whsec_" + "A" * 43 + "=", body.replace(b"Python", b"forgery"))
    assert refused.value.code == 401
    assert payloads(api, agent_id) == [{"title": "signed in Python"}]
