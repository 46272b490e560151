"""``wakeful eval FILE --api URL --key KEY``: an agent's checklist judged case by case.

FILE (JSON, or YAML) is ``{agent_id, cases: [{name, kind?, prompt?, message?,
heartbeat_checklist?, schedule_type?, events?, tool_results?, expect: {outcome?,
contains?: [text], tools?: [names], not_tools?: [names], max_usd?}}]}``. Each case is
one dry run (``POST /agents/{id}/dry-runs``): nothing is sent and nothing of the agent
changes. One line per case (``✓ name  finding  $0.0021`` or ``✗ name  why``), then the
summary (false silences: expected ``finding``, got ``heartbeat_ok``; false alarms: the
reverse; the total cost), then ``N passed, N failed`` as the last line.

Exit status: 0 when every case passed, 1 when one failed, 2 for a malformed file or an
API that cannot be reached (the message on stderr, no summary).
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, TextIO

_CASE_KEYS = {"name", "kind", "prompt", "message", "heartbeat_checklist", "schedule_type", "events", "tool_results", "expect"}
_EXPECT_KEYS = {"outcome", "contains", "tools", "not_tools", "max_usd"}


class EvalFileError(ValueError):
    """The eval file is not one (the message says where)."""


class ApiError(RuntimeError):
    """The API could not be reached, or refused a case."""


def load(path: str) -> dict[str, Any]:
    """The eval file, checked.

    Raises:
        EvalFileError: unreadable, not JSON or YAML, or not of the eval format.
    """
    try:
        text = Path(path).read_text()
    except OSError as error:
        raise EvalFileError(f"{path}: {error.strerror}") from error
    data = _parse(path, text)
    if not isinstance(data, dict) or not isinstance(data.get("agent_id"), str) or not isinstance(data.get("cases"), list) or not data["cases"]:
        raise EvalFileError(f"{path}: expected {{agent_id, cases: [...]}} with at least one case")
    for index, case in enumerate(data["cases"]):
        where = f"{path}: case {index + 1}"
        if not isinstance(case, dict) or not isinstance(case.get("name"), str):
            raise EvalFileError(f"{where}: each case is an object with a name")
        if set(case) - _CASE_KEYS:
            raise EvalFileError(f"{where} ({case['name']}): unknown keys {sorted(set(case) - _CASE_KEYS)}")
        expect = case.get("expect") or {}
        if not isinstance(expect, dict) or set(expect) - _EXPECT_KEYS:
            raise EvalFileError(f"{where} ({case['name']}): expect takes {sorted(_EXPECT_KEYS)}")
    return data


def _parse(path: str, text: str) -> Any:
    if path.endswith((".yaml", ".yml")):
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise EvalFileError(f"{path}: not YAML: {error}") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise EvalFileError(f"{path}: not JSON: {error}") from error


def dry_run(api: str, key: str, agent_id: str, case: dict[str, Any]) -> dict[str, Any]:
    """One case's dry run: its Outcome.

    Raises:
        ApiError: the API is unreachable, or answered an error.
    """
    body = {k: v for k, v in case.items() if k not in ("name", "expect")}
    body.setdefault("kind", "schedule")
    request = urllib.request.Request(
        f"{api.rstrip('/')}/agents/{agent_id}/dry-runs",
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 - the URL the user gave
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise ApiError(f"case {case['name']}: the API answered {error.code}: {error.read().decode(errors='replace')[:500]}") from error
    except (urllib.error.URLError, OSError) as error:
        raise ApiError(f"cannot reach the API at {api}: {error}") from error


def judge(expect: dict[str, Any], outcome: dict[str, Any]) -> list[str]:
    """What of ``expect`` the outcome missed (empty: passed)."""
    missed: list[str] = []
    wanted = expect.get("outcome")
    if wanted is not None and outcome["outcome"] != wanted:
        label = {("finding", "heartbeat_ok"): " (false silence)", ("heartbeat_ok", "finding"): " (false alarm)"}.get((wanted, outcome["outcome"]), "")
        missed.append(f"expected {wanted}, got {outcome['outcome']}{label}")
    answer = str(outcome.get("answer") or "").lower()
    missed += [f"answer lacks {text!r}" for text in expect.get("contains") or [] if str(text).lower() not in answer]
    called = {c["name"] for c in outcome.get("tool_calls") or []}
    missed += [f"did not call {name}" for name in expect.get("tools") or [] if name not in called]
    missed += [f"called {name}" for name in expect.get("not_tools") or [] if name in called]
    if expect.get("max_usd") is not None and float(outcome.get("usd") or 0) > float(expect["max_usd"]):
        missed.append(f"cost ${outcome['usd']:.4f} over ${float(expect['max_usd']):.4f}")
    return missed


def run(path: str, api: str, key: str, *, agent_id: str | None = None, out: TextIO | None = None, as_json: bool = False) -> int:
    """Run the eval file's cases (on ``agent_id`` instead of the file's, if given); the
    exit status (module docstring)."""
    try:
        data = load(path)
    except EvalFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    data["agent_id"] = agent_id or data["agent_id"]
    out = out or sys.stdout
    passed = failed = silences = alarms = 0
    cost = 0.0
    lines: list[dict[str, Any]] = []
    for case in data["cases"]:
        try:
            outcome = dry_run(api, key, data["agent_id"], case)
        except ApiError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        missed = judge(case.get("expect") or {}, outcome)
        cost += float(outcome.get("usd") or 0)
        silences += int(any("false silence" in m for m in missed))
        alarms += int(any("false alarm" in m for m in missed))
        passed, failed = passed + (not missed), failed + bool(missed)
        lines.append({"name": case["name"], "passed": not missed, "outcome": outcome["outcome"], "usd": outcome.get("usd"), "missed": missed})
        if not as_json:
            print(f"✓ {case['name']}  {outcome['outcome']}  ${float(outcome.get('usd') or 0):.4f}" if not missed else f"✗ {case['name']}  {'; '.join(missed)}", file=out)
    if as_json:
        print(json.dumps({"cases": lines, "false_silences": silences, "false_alarms": alarms, "usd": round(cost, 6)}), file=out)
    print(f"false silences: {silences} · false alarms: {alarms} · cost: ${cost:.4f}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    return 1 if failed else 0
