"""`wakeful dev` checks its model settings before it starts: a default provider it does
not have stops it with a one-line error (exit 2), and its banner says which model the
agents without a provider of their own use when a script is given."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

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


@contextmanager
def _banner(env: dict[str, str], *args: str) -> Iterator[list[str]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), "--tick", "0.5", *args],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    lines: "queue.Queue[str]" = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip()) for line in process.stdout], daemon=True).start()  # type: ignore[union-attr]
    banner: list[str] = []
    deadline = time.monotonic() + 90
    try:
        while time.monotonic() < deadline and not (banner and banner[-1].startswith("Wakeful dev server on")):
            try:
                banner.append(lines.get(timeout=1))
            except queue.Empty:
                if process.poll() is not None:
                    break
        assert banner and banner[-1].startswith("Wakeful dev server on"), "\n".join(banner)
        yield banner
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            raise


def test_with_a_script_and_another_default_provider_the_banner_says_the_script_answers_no_agent(script_file: str) -> None:
    env = _env(WAKEFUL_LLM_PROVIDER="anthropic", ANTHROPIC_API_KEY="sk-ant-unused")
    with _banner(env, "--script", script_file) as banner:
        assert not any(line.startswith("LLM: scripted conversations") for line in banner), banner
        said = [line for line in banner if line.startswith("LLM: ")]
        assert said == [f"LLM: anthropic for agents without a provider of their own (WAKEFUL_LLM_PROVIDER=anthropic); the script {script_file} answers none of them"]


def test_with_a_script_as_the_default_model_the_banner_says_so(script_file: str) -> None:
    with _banner(_env(WAKEFUL_LLM_PROVIDER="Scripted"), "--script", script_file) as banner:
        assert [line for line in banner if line.startswith("LLM: ")] == [f"LLM: scripted conversations from {script_file} (agents without a provider of their own)"]
