"""``PATCH``/``GET /agents/{id}/llm`` (a core route now): providers, models of their
provider's shape, an OpenAI-compatible ``base_url`` judged by the outbound URL policy, a
write-only key sealed at rest, and a fallback list; bad input is a 422 that changes
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.hook_receiver import quiet_agent


@pytest.fixture()
def agent(api: Any) -> str:
    return str(quiet_agent(api)["id"])


def test_an_agent_gets_a_provider_model_base_url_key_and_fallback_and_the_key_is_never_shown(api: Any, agent: str) -> None:
    body = {
        "provider": "openai",
        "model": "deepseek-chat",
        "base_url": "http://127.0.0.1:9/v1",
        "api_key": "sk-very-secret-value",
        "fallback": [{"provider": "bedrock", "model": "us.anthropic.claude-haiku-4-5-20251001-v1:0"}, {"provider": "anthropic", "model": "claude-haiku-4-5"}],
    }
    response = api.patch(f"/agents/{agent}/llm", json=body)
    assert response.status_code == 200, response.text
    view = api.get(f"/agents/{agent}/llm").json()
    assert (view["provider"], view["model"], view["base_url"], view["api_key_set"]) == ("openai", "deepseek-chat", "http://127.0.0.1:9/v1", True)
    assert view["fallback"] == body["fallback"]
    assert "sk-very-secret-value" not in response.text + api.get(f"/agents/{agent}/llm").text
    assert "api_key" not in view
    from wakeful.llm import ledger

    stored = ledger.agent_settings(agent)
    assert "sk-very-secret-value" not in str(stored) and stored["api_key_sealed"]
    assert api.patch(f"/agents/{agent}/llm", json={"api_key": None}).json()["api_key_set"] is False


def test_the_providers_default_model_is_used_when_the_agent_names_none(api: Any, agent: str) -> None:
    view = api.patch(f"/agents/{agent}/llm", json={"provider": "bedrock"}).json()
    assert view["effective_model"] == view["default_model"] and view["default_model"].startswith("us.anthropic.claude")
    assert api.patch(f"/agents/{agent}/llm", json={"provider": None}).json()["provider"] == view["default_provider"]


@pytest.mark.parametrize(
    "body",
    [
        {"provider": "gemini"},
        {"provider": "scripted"},
        {"provider": "anthropic", "model": "gpt-4o"},
        {"provider": "bedrock", "model": "claude-sonnet-4-6"},
        {"provider": "openai", "model": "has spaces"},
        {"model": ""},
        {"provider": "anthropic", "model": "claude-sonnet-4-6", "base_url": "https://example.com/v1"},
        {"provider": "openai", "base_url": "http://user@127.0.0.1:9/v1"},
        {"provider": "openai", "base_url": "http://127.0.0.1:9\\@evil/v1"},
        {"provider": "openai", "base_url": "ftp://example.com"},
        {"fallback": [{"provider": "nope", "model": "x"}]},
        {"fallback": [{"provider": "anthropic", "model": "claude-x", "base_url": "https://example.com"}]},
        {"fallback": [{"provider": "bedrock", "model": "not a model"}]},
        {"api_key": 42},
    ],
)
def test_bad_llm_settings_are_a_422_and_change_nothing(api: Any, agent: str, body: dict[str, Any]) -> None:
    before = api.get(f"/agents/{agent}/llm").json()
    response = api.patch(f"/agents/{agent}/llm", json=body)
    assert response.status_code == 422, (body, response.text)
    assert set(response.json()["error"]) >= {"code", "message"}
    assert api.get(f"/agents/{agent}/llm").json() == before


def test_a_base_url_with_a_control_character_is_a_422_naming_base_url(api: Any, agent: str) -> None:
    response = api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "base_url": "http://127.0.0.1:5/v1\u0007"})
    assert response.status_code == 422 and "base_url" in response.json()["error"]["message"]


def test_an_agent_on_the_deployments_openai_default_takes_a_base_url_without_naming_the_provider(api: Any, agent: str) -> None:
    from wakeful.llm import settings

    patch = pytest.MonkeyPatch()
    patch.setenv("WAKEFUL_LLM_PROVIDER", "openai")
    settings.reset()
    try:
        assert api.get(f"/agents/{agent}/llm").json()["provider"] == "openai"
        response = api.patch(f"/agents/{agent}/llm", json={"model": "deepseek-chat", "base_url": "http://127.0.0.1:9/v1"})
        assert response.status_code == 200, response.text
        view = api.get(f"/agents/{agent}/llm").json()
        assert (view["provider"], view["provider_reason"], view["base_url"]) == ("openai", "WAKEFUL_LLM_PROVIDER=openai", "http://127.0.0.1:9/v1")
        from wakeful.llm import choice, ledger

        [endpoint] = choice.endpoints(agent, ledger.agent_settings(agent))
        assert (endpoint.provider, endpoint.model, endpoint.base_url) == ("openai", "deepseek-chat", "http://127.0.0.1:9/v1")
    finally:
        patch.undo()
        settings.reset()


def test_a_base_url_is_refused_while_the_agents_provider_is_the_deployments_non_openai_default(api: Any, agent: str) -> None:
    before = api.get(f"/agents/{agent}/llm").json()
    assert before["provider"] != "openai"

    response = api.patch(f"/agents/{agent}/llm", json={"base_url": "http://127.0.0.1:9/v1"})

    assert response.status_code == 422 and "openai" in response.json()["error"]["message"]
    assert api.get(f"/agents/{agent}/llm").json() == before


def test_moving_an_openai_agent_with_a_base_url_to_another_provider_drops_the_base_url(api: Any, agent: str) -> None:
    body = {"provider": "openai", "model": "deepseek-chat", "base_url": "http://127.0.0.1:9/v1"}
    assert api.patch(f"/agents/{agent}/llm", json=body).status_code == 200

    model = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
    response = api.patch(f"/agents/{agent}/llm", json={"provider": "bedrock", "model": model})

    assert response.status_code == 200, response.text
    view = api.get(f"/agents/{agent}/llm").json()
    assert (view["provider"], view["model"], view["base_url"]) == ("bedrock", model, None)
    from wakeful.llm import choice, ledger

    assert "base_url" not in ledger.agent_settings(agent)
    [endpoint] = choice.endpoints(agent, ledger.agent_settings(agent))
    assert (endpoint.provider, endpoint.model, endpoint.base_url) == ("bedrock", model, None)


def test_moving_an_openai_agent_back_to_a_non_openai_default_drops_the_base_url(api: Any, agent: str) -> None:
    assert api.get(f"/agents/{agent}/llm").json()["default_provider"] != "openai"
    assert api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "base_url": "http://127.0.0.1:9/v1"}).status_code == 200

    response = api.patch(f"/agents/{agent}/llm", json={"provider": None})

    assert response.status_code == 200, response.text
    assert (response.json()["provider"], response.json()["base_url"]) == (response.json()["default_provider"], None)


def test_a_patch_that_names_a_base_url_with_another_provider_is_still_a_422_and_keeps_the_old_one(api: Any, agent: str) -> None:
    assert api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "model": "deepseek-chat", "base_url": "http://127.0.0.1:9/v1"}).status_code == 200
    before = api.get(f"/agents/{agent}/llm").json()

    body = {"provider": "bedrock", "model": "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "base_url": "http://127.0.0.1:9/v1"}
    response = api.patch(f"/agents/{agent}/llm", json=body)

    assert response.status_code == 422 and "openai" in response.json()["error"]["message"]
    assert api.get(f"/agents/{agent}/llm").json() == before


def test_changing_only_the_model_of_an_openai_agent_keeps_its_base_url(api: Any, agent: str) -> None:
    assert api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "model": "deepseek-chat", "base_url": "http://127.0.0.1:9/v1"}).status_code == 200

    view = api.patch(f"/agents/{agent}/llm", json={"provider": "openai", "model": "deepseek-reasoner"}).json()

    assert (view["provider"], view["model"], view["base_url"]) == ("openai", "deepseek-reasoner", "http://127.0.0.1:9/v1")


OPENAI = {"provider": "openai", "model": "deepseek-chat", "base_url": "http://127.0.0.1:9/v1"}


@pytest.mark.parametrize(
    "change",
    [
        {"base_url": "http://127.0.0.1:10/v1"},
        {"provider": "anthropic", "model": "claude-haiku-4-5"},
        {"provider": "bedrock", "model": "us.anthropic.claude-sonnet-4-5-20250929-v1:0"},
    ],
    ids=["another base_url", "another provider", "bedrock"],
)
def test_moving_the_agent_to_another_endpoint_without_a_key_drops_the_stored_key(api: Any, agent: str, change: dict[str, Any]) -> None:
    assert api.patch(f"/agents/{agent}/llm", json={**OPENAI, "api_key": "sk-for-deepseek"}).json()["api_key_set"] is True

    response = api.patch(f"/agents/{agent}/llm", json=change)

    assert response.status_code == 200, response.text
    assert response.json()["api_key_set"] is False
    from wakeful.llm import choice, ledger

    assert all(endpoint.api_key is None for endpoint in choice.endpoints(agent, ledger.agent_settings(agent)))


def test_a_key_given_with_the_new_endpoint_is_kept_and_one_for_the_same_endpoint_stays(api: Any, agent: str) -> None:
    assert api.patch(f"/agents/{agent}/llm", json={**OPENAI, "api_key": "sk-old"}).status_code == 200

    assert api.patch(f"/agents/{agent}/llm", json={"model": "deepseek-reasoner"}).json()["api_key_set"] is True
    assert api.patch(f"/agents/{agent}/llm", json={"base_url": "http://127.0.0.1:10/v1", "api_key": "sk-new"}).json()["api_key_set"] is True
    from wakeful.llm import choice, ledger

    [endpoint] = choice.endpoints(agent, ledger.agent_settings(agent))
    assert (endpoint.base_url, endpoint.api_key) == ("http://127.0.0.1:10/v1", "sk-new")
