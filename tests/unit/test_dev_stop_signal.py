"""`wakeful dev` stops on a SIGTERM whichever of its threads the kernel hands it to."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.e2e.test_wakeful_dev import ROOT

# A signal sent to the process may land on any thread; CPython then only marks it
# pending for the main thread. Here it lands on a worker thread on purpose.
SCRIPT = textwrap.dedent(
    """
    import signal, threading, time
    from wakeful_dev.cli import _wait_for_stop_signal

    def worker():
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGTERM)
        time.sleep(60)

    threading.Thread(target=worker, daemon=True).start()
    _wait_for_stop_signal()
    print("stopping", flush=True)
    """
)


def test_a_stop_signal_delivered_to_another_thread_still_stops_the_main_thread():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "stopping"
