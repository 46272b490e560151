"""The dry-run capture point: outside a dry run nothing is captured (the caller sends);
inside, each send is listed, bounded in size and in number."""

from __future__ import annotations

from wakeful import dryrun


def test_capture_outside_a_dry_run_answers_none_so_the_caller_sends():
    assert dryrun.capture("hook", "NOTIFICATION", {"x": 1}) is None
    assert dryrun.tool_answer("disk", {}) is None


def test_capture_inside_a_dry_run_lists_the_send_and_answers_it():
    with dryrun.running(dryrun.DryRun("rpl_1")) as run:
        assert dryrun.capture("hook", "NOTIFICATION", {"x": 1})
    assert run.captured == [{"kind": "hook", "target": "NOTIFICATION", "body": {"x": 1}}]
    assert dryrun.current() is None


def test_a_tool_without_a_recorded_answer_gets_not_recorded_in_the_source():
    with dryrun.running(dryrun.DryRun("rpl_1", answers=lambda name, args: {"success": True, "output": "ok"} if name == "disk" else None)) as run:
        assert dryrun.tool_answer("disk", {"path": "/"}) == {"success": True, "output": "ok"}
        assert dryrun.tool_answer("inbox", {}) == dryrun.NOT_RECORDED
    assert [c["target"] for c in run.captured] == ["disk", "inbox"]


def test_captured_bodies_and_counts_are_bounded():
    with dryrun.running(dryrun.DryRun("rpl_1")) as run:
        for _ in range(dryrun.MAX_CAPTURED + 5):
            dryrun.capture("event", "big", {"text": "x" * 10_000})
    assert len(run.captured) == dryrun.MAX_CAPTURED
    assert run.captured[0]["body"]["truncated"] is True
    assert len(str(run.captured[0]["body"]).encode()) <= dryrun.MAX_BODY_BYTES


def test_outside_lets_the_block_really_happen():
    with dryrun.running(dryrun.DryRun("rpl_1")) as run, dryrun.outside():
        assert dryrun.capture("hook", "X", {}) is None
    assert run.captured == []
