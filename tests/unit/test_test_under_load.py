"""scripts/test-under-load: runs a command several times with busy loops on the cores,
reports each run, and leaves no busy loop behind."""

import os
import random
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "test-under-load"


def run(tmp_path, command, runs=2, cores=2, **env):
    seconds = str(random.randrange(100_000, 900_000))  # names this test's busy loops
    env = {**os.environ, "RUNS": str(runs), "LOAD_CORES": str(cores), "LOAD_SECONDS": seconds,
           "TEST_COMMAND": command, "LOG_DIR": str(tmp_path / "logs"), **env}
    done = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    left = subprocess.run(["pkill", "-e", "-f", f"busy-loop {seconds}$"], capture_output=True, text=True)
    assert left.stdout == "", f"a busy loop outlived the script: {left.stdout}"
    return done, seconds


def test_every_run_has_its_busy_loops_and_a_line_with_pytests_summary(tmp_path):
    # The command counts the loads running beside it, then prints a pytest-like summary.
    done, seconds = run(
        tmp_path,
        'echo "loops: $(pgrep -fc "busy-loop $LOAD_SECONDS\\$")"; echo "==== 7 passed in 0.50s ===="',
        runs=2, cores=2)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("run 1/2: passed in ") and lines[1].endswith("7 passed in 0.50s")
    assert lines[2].startswith("run 2/2: passed in ")
    assert lines[-1] == "all 2 run(s) passed"
    for n in (1, 2):
        assert "loops: 2" in (tmp_path / "logs" / f"run-{n}.log").read_text()


def test_a_failed_run_fails_the_script_after_every_run_and_shows_its_output(tmp_path):
    marker = tmp_path / "ran"
    done, _ = run(tmp_path, f'echo x >> {marker}; echo "it broke"; exit 3', runs=3, cores=1)
    assert done.returncode == 1
    assert marker.read_text().count("x") == 3  # the later runs still ran
    assert done.stdout.count("FAILED (exit 3)") == 3
    assert "    it broke" in done.stdout
    assert "3 of 3 run(s) failed" in done.stdout


def test_bad_settings_are_refused_before_anything_runs(tmp_path):
    marker = tmp_path / "ran"
    for setting in ({"RUNS": "0"}, {"RUNS": "three"}, {"LOAD_SECONDS": "-1"}, {"LOAD_CORES": "2.5"}):
        done, _ = run(tmp_path, f"touch {marker}", **setting)
        assert done.returncode == 2, setting
        assert "must be a whole number" in done.stderr
        assert not marker.exists()
