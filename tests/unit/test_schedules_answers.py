"""A run's prompt and what its answer means (HEARTBEAT_OK never reaches a user)."""

from __future__ import annotations

import pytest

from wakeful.schedules import answers, models

CHECKLIST = {"schedule_type": "heartbeat", "heartbeat_checklist": ["Check for new emails", "Check pending approvals"]}


def test_a_heartbeat_prompt_gets_the_checklist_block():
    prompt = answers.build_prompt({"prompt": "Check on my daily items", "config": CHECKLIST})
    assert prompt == (
        "Check on my daily items\n\n## Heartbeat Checklist\nCheck each item below using your tools:\n"
        "- Check for new emails\n- Check pending approvals\n\n"
        "If nothing needs attention, respond with exactly: HEARTBEAT_OK\n"
        "Otherwise, report only what needs action."
    )


def test_a_heartbeat_without_a_checklist_and_a_scheduled_run_get_the_prompt_as_is():
    assert answers.build_prompt({"prompt": "Hi", "config": {"schedule_type": "heartbeat"}}) == "Hi"
    assert answers.build_prompt({"prompt": "Hi", "config": {**CHECKLIST, "schedule_type": "scheduled"}}) == "Hi"


@pytest.mark.parametrize(
    "text",
    ["HEARTBEAT_OK", "  HEARTBEAT_OK \n", "**HEARTBEAT_OK**", "HEARTBEAT_OK.", "**HEARTBEAT_OK.**", "`HEARTBEAT_OK`", "\n\n__HEARTBEAT_OK__.\n"],
)
def test_the_token_alone_however_dressed_is_heartbeat_ok(text):
    assert answers.is_heartbeat_ok(text)
    assert answers.classify(models.HEARTBEAT, {"status": "complete", "final_text": text}) == (models.HEARTBEAT_OK, "HEARTBEAT_OK")


@pytest.mark.parametrize("text", ["", "All fine", "HEARTBEAT_OK but the disk is 95% full", "NOT_HEARTBEAT_OK", "heartbeat ok"])
def test_anything_else_is_not_heartbeat_ok(text):
    assert not answers.is_heartbeat_ok(text)


@pytest.mark.parametrize(
    ("text", "report"),
    [
        ("HEARTBEAT_OK\n\nThe disk is 95% full.", "The disk is 95% full."),
        ("**HEARTBEAT_OK** - except: invoice #12 is overdue", "except: invoice #12 is overdue"),
        ("Two approvals wait. Otherwise HEARTBEAT_OK.", "Two approvals wait. Otherwise"),
    ],
)
def test_a_finding_is_success_and_its_report_has_no_token(text, report):
    status, content = answers.classify(models.HEARTBEAT, {"status": "complete", "final_text": text})
    assert (status, content) == (models.SUCCESS, report)
    assert "HEARTBEAT_OK" not in content


def test_a_scheduled_run_is_success_with_its_answer_unchanged():
    assert answers.classify(models.SCHEDULED, {"status": "complete", "final_text": "Report: all good"}) == (models.SUCCESS, "Report: all good")


def test_a_failed_run_is_error_with_its_message():
    outcome = {"status": "failed", "final_text": None, "error": "model overloaded"}
    assert answers.classify(models.HEARTBEAT, outcome) == (models.ERROR, "model overloaded")


@pytest.mark.parametrize(
    ("final_text", "summary"),
    [("", "HEARTBEAT_OK"), ("HEARTBEAT_OK", "all clear"), ("All checks passed.", "**HEARTBEAT_OK.**")],
)
def test_a_run_ended_with_complete_task_is_heartbeat_ok_when_its_text_or_its_summary_is_the_token(final_text, summary):
    outcome = {"status": "complete", "final_text": final_text, "summary": summary}
    assert answers.classify(models.HEARTBEAT, outcome) == (models.HEARTBEAT_OK, "HEARTBEAT_OK")


def test_a_finding_ended_with_complete_task_reports_its_text_and_its_summary_once_each_without_the_token():
    outcome = {"status": "complete", "final_text": "HEARTBEAT_OK, but the disk is 97% full.", "summary": "Reported the disk"}
    assert answers.classify(models.HEARTBEAT, outcome) == (models.SUCCESS, "but the disk is 97% full.\n\nReported the disk")
    same = {"status": "complete", "final_text": "The disk is 97% full.", "summary": "The disk is 97% full."}
    assert answers.classify(models.HEARTBEAT, same) == (models.SUCCESS, "The disk is 97% full.")


def test_hook_data_is_scrubbed_of_the_token_everywhere_and_left_alone_elsewhere():
    data = {"summary": "**HEARTBEAT_OK** except: disk", "n": 3, "calls": [{"message": "HEARTBEAT_OK."}, {"message": "fine"}]}
    assert answers.scrubbed(data) == {"summary": "except: disk", "n": 3, "calls": [{"message": ""}, {"message": "fine"}]}


def test_a_heartbeat_prompt_delivered_to_hooks_ends_with_its_checklist_not_a_sentence_missing_its_token():
    prompt = answers.build_prompt({"prompt": "Check on my daily items", "config": CHECKLIST})
    delivered = answers.scrubbed({"message": prompt})["message"]
    assert delivered == (
        "Check on my daily items\n\n## Heartbeat Checklist\nCheck each item below using your tools:\n"
        "- Check for new emails\n- Check pending approvals"
    )
    assert answers.without_token(f"Noted: {prompt}\nHEARTBEAT_OK") == delivered.replace("Check on", "Noted: Check on", 1)
