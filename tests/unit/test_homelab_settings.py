"""Where the homelab preset finds its service and the secret its tools sign with."""

from __future__ import annotations

from typing import Iterator

import pytest

from wakeful import constants
from wakeful.config import get_settings
from wakeful.homelab import settings


@pytest.fixture()
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    for name in (settings.ENV_URL, settings.ENV_SECRET):
        monkeypatch.delenv(name, raising=False)
    yield monkeypatch
    monkeypatch.undo()
    get_settings.cache_clear()


def dev_mode(env: pytest.MonkeyPatch, on: bool) -> None:
    env.setenv(constants.ENV_DEV_MODE, "1" if on else "0")
    get_settings.cache_clear()


def test_the_tools_point_at_the_configured_url_or_the_local_default(env) -> None:
    assert settings.tool_url("get_player_count") == "http://127.0.0.1:8790/tools/get_player_count"
    env.setenv(settings.ENV_URL, "https://homelab.example/")
    assert settings.tool_url("get_player_count") == "https://homelab.example/tools/get_player_count"


def test_the_development_secret_is_the_default_only_in_dev_mode(env) -> None:
    dev_mode(env, True)
    assert settings.secret() == settings.DEV_SECRET
    dev_mode(env, False)
    assert settings.secret() is None
    env.setenv(settings.ENV_SECRET, "whsec_c2VjcmV0")
    assert settings.secret() == "whsec_c2VjcmV0"
