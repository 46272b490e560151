"""`wakeful dev` checks its model settings before it starts: a default provider it does
not have, or a malformed script, stops it with a one-line error (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
import pytest

from tests.e2e.test_wakeful_dev import ROOT, _clean_env
from wakeful_dev.runtime import free_port

pytestmark = pytest.mark.e2e
SCRIPT = {"rules": [{"when": "hello", "then": [{"text": "hi"}]}]}


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in _clean_env().items() if not k.startswith(("ANTHROPIC_", "OPENAI_"))}
    env.update(extra)
    return env


def _dev(env: dict[str, str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    port = free_port()
    return subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture()
def script_file(tmp_path: Path) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(SCRIPT), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("value", ["foo", "gemini"])
def test_an_unknown_default_provider_stops_wakeful_dev_before_it_starts_naming_the_variable_and_the_choices(value: str) -> None:
    done = _dev(_env(WAKEFUL_LLM_PROVIDER=value))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr == f"error: WAKEFUL_LLM_PROVIDER must be anthropic, bedrock, openai or scripted, not '{value}'\n"
    assert "Wakeful dev server on" not in done.stdout and "Traceback" not in done.stderr


def test_an_unknown_default_provider_stops_wakeful_dev_even_with_a_valid_script(script_file: str) -> None:
    done = _dev(_env(WAKEFUL_LLM_PROVIDER="foo"), "--script", script_file)
    assert done.returncode == 2 and "WAKEFUL_LLM_PROVIDER" in done.stderr and "Wakeful dev server on" not in done.stdout


def test_a_malformed_script_still_stops_wakeful_dev_saying_where(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"rules": [{"when": "x", "then": [{"tool": "t", "text": "y"}]}]}), encoding="utf-8")
    done = _dev(_env(), "--script", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: the script {path}: rules[0].then[0] must be one of") and done.stderr.count("\n") == 1
