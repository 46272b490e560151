"""What an interceptor costs a thread: the latency it adds to each step, and the steps
per second of one thread with and without it.

1. Per step: ``dispatch`` (the interception point the thread runtime calls at every
   step) timed in-process against the local stack (moto on loopback), for an agent
   without an interceptor, and with one on loopback answering continue (``{}``), a
   mutation and a respond. The endpoint's own round trip is timed alone too, so the
   added latency splits into the HTTP call and Wakeful's bookkeeping (reading the
   active interceptor, recording the call).
2. Per thread: one thread whose model asks for a tool call every turn (the scripted
   fake Messages API), run through ``wakeful dev``'s thread queue, without and with an
   interceptor on loopback; steps per second and the ratio.

Run: ``.venv/bin/python bench/interception_bench.py [--steps 200] [--turns 10] [--runs 3]``.
Emulator numbers (moto answers a call in a few ms on a shared 2-CPU box): compare them
with each other, not with AWS.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
import uuid
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class Endpoint:
    """A loopback interceptor (HTTP/1.1 keep-alive) answering with ``answer(payload)``."""

    def __init__(self) -> None:
        self.answer: Callable[[dict[str, Any]], Any] = lambda payload: {}
        self.calls = 0
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out at once (no 40 ms delayed-ACK stall)

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                endpoint.calls += 1
                data = json.dumps(endpoint.answer(payload)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _tool_event(i: int) -> dict[str, Any]:
    return {
        "id": f"thr_bench:tool_call:{i}",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": "thr_bench",
        "agent_name": "Bench",
        "tool_calls": [{"id": f"call_{i}", "name": "lookup", "arguments": {"q": "x"}}],
    }


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def _time(fn: Callable[[int], Any], steps: int) -> list[float]:
    fn(-1)  # warm: imports, the connection, the unsealed secret
    samples = []
    for i in range(steps):
        started = time.perf_counter()
        fn(i)
        samples.append(time.perf_counter() - started)
    return samples


def bench_dispatch(stack: Any, api: Any, steps: int) -> None:
    import requests

    from wakeful.agents import repository as agents_repository
    from wakeful.interceptors.dispatch import dispatch
    from wakeful.threads.records import Thread

    endpoint = Endpoint()
    plain = api.post("/agents", json={"name": "Bench", "alias": f"b{uuid.uuid4().hex[:10]}"}).json()
    guarded = api.post("/agents", json={"name": "Bench", "alias": f"b{uuid.uuid4().hex[:10]}"}).json()
    for agent in (plain, guarded):
        api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    created = api.post(f"/agents/{guarded['id']}/interceptors", json={"endpoint_url": endpoint.url})
    assert created.status_code == 201, created.text
    plain_item = agents_repository.get(plain["id"])
    guarded_item = agents_repository.get(guarded["id"])
    assert plain_item is not None and guarded_item is not None
    thread = Thread(agent_id=plain["id"], thread_id="thr_bench", status="active")

    none = _time(lambda i: dispatch(plain_item, thread, _tool_event(i)), steps)
    endpoint.answer = lambda payload: {}
    cont = _time(lambda i: dispatch(guarded_item, thread, _tool_event(i)), steps)

    def mutate(payload: dict[str, Any]) -> dict[str, Any]:
        payload["event"]["tool_calls"][0]["arguments"]["q"] = "y"
        return {"event": payload["event"]}

    endpoint.answer = mutate
    mutated = _time(lambda i: dispatch(guarded_item, thread, _tool_event(i)), steps)
    endpoint.answer = lambda payload: {"respond": {"content": "handled"}}
    responded = _time(lambda i: dispatch(guarded_item, thread, _tool_event(i)), steps)
    session = requests.Session()
    body = json.dumps({"event": _tool_event(0)}).encode()
    endpoint.answer = lambda payload: {}
    http_only = _time(lambda i: session.post(endpoint.url, data=body, timeout=5).content, steps)
    one_read = _time(lambda i: agents_repository.get(plain["id"]), steps)
    endpoint.close()

    base = _median_ms(none)
    http_ms = _median_ms(http_only)
    print(f"1. dispatch per step (median of {steps}, in-process against moto on loopback)")
    print(f"   no interceptor (no I/O at all)              {base:7.2f} ms")
    for name, samples in (("continue", cont), ("mutate", mutated), ("respond", responded)):
        ms = _median_ms(samples)
        print(f"   interceptor answering {name:9s}             {ms:7.2f} ms  (+{ms - base:6.2f} ms per step)")
    added = _median_ms(cont) - base
    read_ms = _median_ms(one_read)
    print(f"   the endpoint's HTTP round trip alone        {http_ms:7.2f} ms")
    print(f"   one DynamoDB GetItem (moto)                 {read_ms:7.2f} ms")
    print(
        f"   added latency = {added / http_ms:4.1f} x the HTTP round trip = {added / read_ms:4.1f} x a DynamoDB call:"
        " it is mostly reading the interceptor and recording the call (a GetItem and a PutItem)"
    )


def _run_thread(stack: Any, api: Any, turns: int, interceptor_url: str | None) -> tuple[int, float]:
    """Start one thread on a fresh agent and run it to its end; (steps, seconds)."""
    agent = api.post("/agents", json={"name": "Bench", "alias": f"b{uuid.uuid4().hex[:10]}"}).json()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    if interceptor_url:
        created = api.post(f"/agents/{agent['id']}/interceptors", json={"endpoint_url": interceptor_url})
        assert created.status_code == 201, created.text
    started = time.perf_counter()
    thread = api.post(f"/agents/{agent['id']}/threads", json={"message": "count to ten"}).json()
    stack.drain(timeout=300)
    elapsed = time.perf_counter() - started
    shown = api.get(f"/agents/{agent['id']}/threads/{thread['id']}").json()
    assert shown["status"] == "complete", shown
    messages = api.get(f"/agents/{agent['id']}/threads/{thread['id']}/messages?limit=100").json()["items"]
    # A step is a message, or the tool-call batch of an assistant message.
    steps = len(messages) + sum(1 for m in messages if m.get("tool_calls"))
    return steps, elapsed


def bench_thread(stack: Any, api: Any, turns: int, runs: int) -> None:
    try:
        import wakeful.threads  # noqa: F401
    except ModuleNotFoundError:
        print("2. steps per second of one thread: skipped (no thread runtime in this build)")
        return
    from tests.fakes.anthropic_server import FakeAnthropic
    from wakeful.llm import settings

    model = FakeAnthropic()
    os.environ.update({"ANTHROPIC_API_KEY": "sk-ant-bench", "ANTHROPIC_BASE_URL": model.url})
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    settings.reset()
    counting = [{"tool_calls": [{"name": "store_context", "input": {"key": "n", "value": str(n)}}]} for n in range(turns)]
    model.converse([{"match": "", "turns": [*counting, {"tool_calls": [{"name": "complete_task", "input": {"summary": "ten"}}]}]}])
    endpoint = Endpoint()
    _run_thread(stack, api, 1, None)  # warm: the SDK import, first connections
    without, with_ = [], []
    for _ in range(runs):  # alternate, so load on the machine hits both alike
        without.append(_run_thread(stack, api, turns, None))
        with_.append(_run_thread(stack, api, turns, endpoint.url))
    endpoint.close()
    model.close()

    def rate(results: list[tuple[int, float]]) -> float:
        return statistics.median(steps / seconds for steps, seconds in results)

    plain, guarded = rate(without), rate(with_)
    steps = without[0][0]
    print(f"2. one thread of {steps} steps ({turns} model turns with a tool call each), through wakeful dev's thread queue")
    print(f"   without an interceptor   {plain:6.1f} steps/s")
    print(f"   with one on loopback     {guarded:6.1f} steps/s  = {guarded / plain:4.2f} x (median of {runs} runs each)")
    print(f"   added per step           {1000 / guarded - 1000 / plain:6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    warnings.filterwarnings("ignore", message="No application metrics")
    from tests.conftest import Api
    from wakeful.auth import keys
    from wakeful_dev.runtime import DevStack

    with DevStack(port=0, workers=False, visibility_timeout=5) as stack:
        api = Api(stack.api_url, keys.create("bench"), "bench")
        bench_dispatch(stack, api, args.steps)
        bench_thread(stack, api, args.turns, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
