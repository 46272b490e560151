"""Building blocks for the schedules' tests."""

from __future__ import annotations

import json
from typing import Any

from wakeful import aws, clock
from wakeful.schedules import repository
from wakeful.threads.records import Thread


def create_schedule(api: Any, agent_id: str, **body: Any) -> dict[str, Any]:
    body = {"prompt": "Check on my daily items", "cron_expression": "*/5 * * * *", **body}
    response = api.post(f"/agents/{agent_id}/schedules", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def heartbeat_schedule(api: Any, agent_id: str, **body: Any) -> dict[str, Any]:
    config = {"schedule_type": "heartbeat", "heartbeat_checklist": ["Check the disk", "Check the inbox"]}
    return create_schedule(api, agent_id, config=config, **body)


def next_run(api: Any, agent_id: str, schedule_id: str) -> float:
    got = api.get(f"/agents/{agent_id}/schedules/{schedule_id}").json()
    return clock.parse_iso(got["next_run_at"])


def results(api: Any, agent_id: str, schedule_id: str, *, include_pending: bool = True) -> list[dict[str, Any]]:
    """The schedule's results through the API (runs still going too, unless told)."""
    flag = "&include_pending=true" if include_pending else ""
    response = api.get(f"/agents/{agent_id}/schedules/{schedule_id}/results?limit=100{flag}")
    assert response.status_code == 200, response.text
    return response.json()["items"]


def take_runs(stack: Any) -> list[dict[str, Any]]:
    """Receive and delete every message on the schedule queue (the runs the scan sent)."""
    sqs = aws.client("sqs")
    url = stack.queue_urls["schedule"]
    found: list[dict[str, Any]] = []
    while True:
        batch = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=0).get("Messages", [])
        if not batch:
            return found
        for message in batch:
            found.append(json.loads(message["Body"]))
            sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])


def finish_thread(agent_id: str, schedule_id: str, result_id: str, *, final_text: str | None = None, error: str | None = None) -> None:
    """What the thread runtime reports when a scheduled thread's run ends."""
    from wakeful.schedules import runs

    thread = Thread(agent_id=agent_id, thread_id=f"thr_{result_id[-8:]}", source="scheduled", source_id=schedule_id, attributes={"schedule_result_id": result_id})
    outcome = {"status": "failed" if error else "complete", "final_text": final_text, "error": error}
    runs.on_thread_run_finished(thread, outcome)


def result_row(schedule_id: str, result_id: str) -> dict[str, Any]:
    row = repository.get_result(schedule_id, result_id)
    assert row is not None
    return row
