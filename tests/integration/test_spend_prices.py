"""The price table every model call is priced from: ``GET /llm/prices`` lists it in US
dollars per million tokens, and ``WAKEFUL_LLM_PRICES`` (a JSON array inline, or the file
it names) adds or overrides entries; an invalid table fails the settings with a message
that says what is wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from wakeful.llm import pricing, settings

_ITEM = {"provider": "openai", "model": "my-local-model", "input_per_mtok": 0.5, "output_per_mtok": 1.5}


@pytest.fixture
def prices_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    def set_to(value: str) -> None:
        monkeypatch.setenv("WAKEFUL_LLM_PRICES", value)
        settings.reset()

    yield set_to
    monkeypatch.delenv("WAKEFUL_LLM_PRICES", raising=False)
    settings.reset()


def test_llm_prices_lists_items_in_usd_per_million_tokens(api: Any) -> None:
    page = api.get("/llm/prices").json()
    assert page["as_of"] == pricing.PRICES_AS_OF and page["sources"] and page["next"] is None
    fields = {"provider", "model", "input_per_mtok", "output_per_mtok", "cache_read_per_mtok", "cache_write_per_mtok"}
    assert all(fields <= set(item) for item in page["items"])
    sonnet = next(i for i in page["items"] if i["provider"] == "anthropic" and i["model"] == "claude-sonnet-4*")
    assert (sonnet["input_per_mtok"], sonnet["output_per_mtok"]) == (3.0, 15.0)
    assert sonnet["cache_read_per_mtok"] == pytest.approx(0.3) and sonnet["cache_write_per_mtok"] == pytest.approx(3.75)
    assert any(i["provider"] == "bedrock" for i in page["items"])


def test_llm_prices_env_adds_and_overrides_entries_inline(api: Any, prices_env: Any) -> None:
    override = {"provider": "anthropic", "model": "claude-sonnet-4-6", "input_per_mtok": 1, "output_per_mtok": 2, "cache_read_per_mtok": 0.1, "cache_write_per_mtok": 1.5}
    prices_env(json.dumps([_ITEM, override]))
    items = api.get("/llm/prices").json()["items"]
    assert {**_ITEM, "source": "deployment"}.items() <= next(i for i in items if i["model"] == "my-local-model").items()
    assert pricing.cost_usd("my-local-model", 1_000_000, 1_000_000, provider="openai") == pytest.approx(2.0)
    assert pricing.cost_usd("claude-sonnet-4-6", 1_000_000, 1_000_000, 1_000_000, 1_000_000, provider="anthropic") == pytest.approx(4.6)
    assert pricing.cost_usd("claude-sonnet-4-6", 1_000_000, 0, provider="bedrock") == pytest.approx(3.0)


def test_llm_prices_env_adds_entries_from_the_file_it_names(api: Any, prices_env: Any, tmp_path: Path) -> None:
    path = tmp_path / "prices.json"
    path.write_text(json.dumps([{**_ITEM, "model": "local-*", "provider": "*"}]))
    prices_env(str(path))
    assert pricing.cost_usd("local-qwen", 2_000_000, 0, provider="openai") == pytest.approx(1.0)
    assert any(i["model"] == "local-*" and i["source"] == "deployment" for i in api.get("/llm/prices").json()["items"])


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("[{", "not valid JSON"),
        ("/no/such/prices.json", "cannot be read"),
        (json.dumps({"items": 1}), "must be an object"),
        (json.dumps([{**_ITEM, "input_per_mtok": True}]), "input_per_mtok must be a number"),
        (json.dumps([{**_ITEM, "output_per_mtok": "1"}]), "output_per_mtok must be a number"),
        (json.dumps([{**_ITEM, "input_per_mtok": -1}]), "between 0"),
        (json.dumps([{**_ITEM, "model": ""}]), "model must be a non-empty string"),
        (json.dumps([{**_ITEM, "colour": "red"}]), "unknown field"),
        (json.dumps([5]), "item 0 must be an object"),
    ],
)
def test_invalid_llm_prices_fail_the_settings_with_what_is_wrong(value: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        settings.settings_from_env({"WAKEFUL_LLM_PRICES": value})
