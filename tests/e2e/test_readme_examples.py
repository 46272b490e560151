"""The README's examples, run as written: its `wakeful dev` command (with
`--script examples/script.json`), then its shell blocks marked `<!-- tested: NAME -->`,
statement by statement in one shell state, with curl and jq against the running stack.

A statement followed by a `# -> TEXT` line must print TEXT (``...`` stands for any
text); as threads and schedules run on their own, it is run again until it does (or a
generous time passes). The README's port 8080 becomes a free port. Nothing else is
changed: edit the README and this test reads the new text."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("curl", "jq", "openssl")), reason="the README's examples use curl, jq and openssl"
    ),
]
MARKER = re.compile(r"<!-- tested: (?P<name>[a-z-]+)[^>]*-->\s*```(?:sh|bash|python)\n(?P<body>.*?)```", re.S)
CLIENT = ROOT / "clients" / "python" / "wakeful-client"


BANNER = re.compile(r"<!-- tested: dev[^>]*-->.*?\nprints\n\n```\n(?P<body>.*?)```", re.S)


def banner_pattern(block: str, port: int) -> list[re.Pattern[str]]:
    """The lines the README says `wakeful dev` prints, as patterns: ``<port>`` is any
    port, and the README's 8080 the port the test chose."""
    lines = block.replace("127.0.0.1:8080", f"127.0.0.1:{port}").splitlines()
    return [re.compile(re.escape(line).replace(re.escape("<port>"), r"\d+")) for line in lines]


def blocks() -> dict[str, str]:
    """The README's tested blocks by name."""
    return {m["name"]: m["body"] for m in MARKER.finditer((ROOT / "README.md").read_text(encoding="utf-8"))}


def statements(block: str) -> list[tuple[str, str | None]]:
    """A block's shell statements (continuation lines joined, comments dropped), each
    with the output its `# -> ` line expects, if any."""
    out: list[tuple[str, str | None]] = []
    pending = ""
    for line in block.splitlines():
        stripped = line.strip()
        if stripped.startswith("# -> "):
            assert out, f"an expectation with no statement before it: {line}"
            out[-1] = (out[-1][0], stripped[len("# -> ") :])
            continue
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        pending += line + "\n"
        if line.endswith("\\") or pending.count("'") % 2:
            continue  # a continued line, or a quoted text that goes on
        out.append((pending, None))
        pending = ""
    assert not pending, f"an unfinished statement: {pending}"
    return out


def matches(expected: str, printed: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.strip().split("..."))
    return re.fullmatch(pattern, printed.strip(), re.S) is not None


class Shell:
    """Runs statements one at a time, keeping the variables they set."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.state = Path(tempfile.mkdtemp()) / "state.sh"
        self.state.write_text("")

    def run(self, statement: str) -> str:
        script = f"set -a\nsource {self.state}\n{statement}\nexport -p > {self.state}.next\n"
        done = subprocess.run(["bash", "-c", script], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"{statement}\n-> exit {done.returncode}: {done.stderr}"
        Path(f"{self.state}.next").replace(self.state)
        return done.stdout

    def expect(self, statement: str, expected: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        printed = ""
        while time.monotonic() < deadline:
            printed = self.run(statement)
            if matches(expected, printed):
                return
            time.sleep(0.3)
        raise AssertionError(f"the README says\n{statement}# -> {expected}\nbut it printed\n{printed}")


@pytest.fixture(scope="module")
def banner() -> list[str]:
    """What the README's `wakeful dev` printed when it started (filled by readme_stack)."""
    return []


@pytest.fixture(scope="module")
def readme_stack(banner: list[str]) -> Iterator[tuple[dict[str, str], int]]:
    port = free_port()
    found = blocks()
    assert {"dev", "setup", "thread", "heartbeat"} <= set(found), sorted(found)
    command = found["dev"].strip().replace("--port 8080", f"--port {port}")
    assert "--script examples/script.json" in command
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_", "OPENAI_"))}
    process = subprocess.Popen(["bash", "-c", f"exec env {command}"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    seen = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        seen.append(line)
        if not line or line.startswith("Wakeful dev server on"):
            break
    assert seen[-1].startswith("Wakeful dev server on"), "".join(seen)
    assert any(line.startswith("LLM: scripted conversations from examples/script.json") for line in seen), "".join(seen)
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()  # type: ignore[union-attr]
    banner[:] = [line.rstrip("\n") for line in seen]
    yield found, port
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0


def _play(shell: Shell, block: str, port: int) -> None:
    for statement, expected in statements(block.replace("127.0.0.1:8080", f"127.0.0.1:{port}")):
        if expected is None:
            shell.run(statement)
        else:
            shell.expect(statement, expected)


@pytest.fixture(scope="module")
def shell(readme_stack) -> Shell:
    """One shell for the README's blocks, as a reader runs them in one terminal: the
    setup block (which creates the agent) once, then each example."""
    found, port = readme_stack
    made = Shell({k: v for k, v in os.environ.items() if not k.startswith("WAKEFUL_")})
    _play(made, found["setup"], port)
    return made


def test_the_readme_thread_example_sleeps_wakes_on_the_event_and_completes_as_shown(readme_stack, shell) -> None:
    found, port = readme_stack
    thread = found["thread"]
    assert "# -> " in thread and '"status":"complete"' in thread
    _play(shell, thread, port)


def test_the_readme_heartbeat_schedule_example_answers_heartbeat_ok_and_notifies_no_one(readme_stack, shell) -> None:
    found, port = readme_stack
    assert '"status":"heartbeat_ok","notified":false' in found["heartbeat"]
    _play(shell, found["heartbeat"], port)


def test_the_readme_python_example_runs_with_the_generated_client_after_the_curl_one(readme_stack, shell) -> None:
    found, port = readme_stack
    script = found["python"].replace("127.0.0.1:8080", f"127.0.0.1:{port}")
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAKEFUL_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CLIENT), env.get("PYTHONPATH")]))  # as `pip install` of it would
    import sys

    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr  # e.g. not a 409 for an alias the curl example took
    assert done.stdout.split()[0] in ("PENDING", "QUEUED", "EXECUTING", "COMPLETED"), done.stdout


def test_the_readme_check_example_passes_against_the_readme_stack(readme_stack, shell) -> None:
    found, port = readme_stack
    assert "wakeful check" in found["check"]
    _play(shell, found["check"], port)


def test_the_readme_shows_every_line_wakeful_dev_prints_when_it_starts(readme_stack, banner) -> None:
    _, port = readme_stack
    found = BANNER.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found, "the README shows no 'prints' block after its `wakeful dev` command"
    expected = banner_pattern(found["body"], port)
    assert len(banner) == len(expected) and all(p.fullmatch(line) for p, line in zip(expected, banner)), (
        "the README says `wakeful dev` prints\n" + found["body"] + "but it printed\n" + "\n".join(banner)
    )


def test_the_readme_signed_webhook_example_is_accepted_and_appends_its_event(readme_stack, shell) -> None:
    found, port = readme_stack
    assert "openssl dgst -sha256 -mac HMAC" in found["webhook"] and '"seq": ...}' in found["webhook"]
    _play(shell, found["webhook"], port)


def test_statements_join_continued_lines_and_keep_their_expectations() -> None:
    parsed = statements("A=1\ncurl -s x \\\n  -d '{\"a\":\n 1}' | jq -c .\n# -> {\"a\":1}\n# a comment\nB=2\n")
    assert parsed == [("A=1\n", None), ("curl -s x \\\n  -d '{\"a\":\n 1}' | jq -c .\n", '{"a":1}'), ("B=2\n", None)]
    assert matches('{"id":"sch_...","next_run_at":"...:00:00.000Z"}', '{"id":"sch_01AB","next_run_at":"2026-11-30T07:00:00.000Z"}\n')
    assert not matches('[{"status":"heartbeat_ok"}]', '[{"status":"success"}]')
