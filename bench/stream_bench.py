"""The live stream: time from a model delta to its SSE delivery in ``wakeful dev``, and
stored bytes per 1,000 output tokens.

1. Latency. A local stack (moto on loopback, the real gateway); an SSE client reads a
   thread's stream over HTTP while deltas are emitted the way the thread runtime emits
   them (the SDK's text callback calls ``Emitter.text``), paced like a fast model. Each
   delta carries its emit time; the client notes when its frame arrives. Median and p99
   of (arrival - emit), and the same for the ``tool_call`` events (written to the table
   before the next step, broadcast before that write).
2. Storage. A run of ``--tokens`` output tokens (4 characters a token, in deltas of about
   14 characters, as the Messages API streams them) at ``--tokens-per-second``; then the
   size of every item of that thread's stream in the table (DynamoDB's item size: names
   plus values), per 1,000 tokens, next to what one item per delta would take.

Run: ``.venv/bin/python bench/stream_bench.py [--deltas 400] [--tokens 1000]
[--tokens-per-second 150]``. Emulator numbers (moto on a shared 2-CPU box): compare
changes with them, do not predict AWS with them.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")

WORDS = (
    "the agent checked the homelab metrics and found that the download queue was saturating "
    "the uplink while three players were online so it paused the downloads notified the owner "
    "and scheduled a wake to resume them once the minecraft server is empty again "
).split()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def item_size(item: dict) -> int:
    """DynamoDB's size of an item in its wire (attribute-value) form."""

    def size(value: dict) -> int:
        (kind, v), = value.items()
        if kind == "S":
            return len(v.encode())
        if kind == "N":
            return len(v.lstrip("-").replace(".", "")) // 2 + 1
        if kind == "B":
            return len(v)
        if kind in ("BOOL", "NULL"):
            return 1
        if kind == "M":
            return 3 + sum(len(k.encode()) + size(x) + 1 for k, x in v.items())
        if kind == "L":
            return 3 + sum(size(x) + 1 for x in v)
        return len(json.dumps(v))

    return sum(len(name.encode()) + size(value) for name, value in item.items())


def latency(stack, owner: str, key: str, agent_id: str, deltas: int, pause: float) -> tuple[list[float], list[float]]:
    from wakeful.stream.emitter import StreamContext, emitter
    from wakeful_dev.sse_client import SseStream

    from wakeful import ddb

    thread_id = f"thr_{uuid.uuid4().hex[:16]}"
    # A bare thread item: the stream of a thread the agent does not have is 404.
    ddb.client().put_item(TableName=ddb.table("threads"), Item=ddb.serialize({"agent_id": agent_id, "thread_id": thread_id, "status": "active"}))
    sent: dict[int, float] = {}
    received: dict[int, float] = {}
    url = f"{stack.api_url}/agents/{agent_id}/threads/{thread_id}/stream"
    stream = SseStream(url, key=key, timeout=60)
    done = threading.Event()

    def read() -> None:
        for frame in stream:
            received[int(frame.id)] = time.perf_counter()
            if frame.event == "completed":
                break
        done.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(0.2)  # let the subscription settle before the first delta
    ctx = StreamContext(owner, agent_id, thread_id, "run_bench", f"{thread_id}:s1")
    e = emitter(ctx)
    e.start()
    tool_ids = []
    for n in range(deltas):
        next_id = 2 + n + len(tool_ids)
        if n and n % 100 == 0:
            sent[next_id] = time.perf_counter()
            e.tool_call(f"tc_{n}", "lookup", {"n": n})
            tool_ids.append(next_id)
            next_id += 1
        sent[next_id] = time.perf_counter()
        e.text(f"{WORDS[n % len(WORDS)]} ")
        time.sleep(pause)
    e.completed()
    e.flush()
    done.wait(60)
    stream.close()
    delta_ms = [(received[i] - t) * 1000 for i, t in sent.items() if i in received and i not in tool_ids]
    tool_ms = [(received[i] - sent[i]) * 1000 for i in tool_ids if i in received]
    return delta_ms, tool_ms


def storage(owner: str, agent_id: str, tokens: int, tokens_per_second: float) -> dict[str, float]:
    from wakeful import aws, ddb
    from wakeful.stream.emitter import StreamContext, emitter

    thread_id = f"thr_{uuid.uuid4().hex[:16]}"
    text = ""
    while len(text) < tokens * 4:
        text += WORDS[len(text) % len(WORDS)] + " "
    text = text[: tokens * 4]
    pieces = [text[i : i + 14] for i in range(0, len(text), 14)]
    pause = (14 / 4) / tokens_per_second
    e = emitter(StreamContext(owner, agent_id, thread_id, "run_bench", f"{thread_id}:s1"))
    e.start()
    for piece in pieces:
        e.text(piece)
        time.sleep(pause)
    e.completed()
    e.flush()
    raw = aws.client("dynamodb").query(
        TableName=ddb.table("stream_events"),
        KeyConditionExpression="stream_key = :k",
        ExpressionAttributeValues={":k": {"S": f"{agent_id}#{thread_id}"}},
    )["Items"]
    marker = aws.client("dynamodb").query(
        TableName=ddb.table("stream_events"),
        KeyConditionExpression="stream_key = :k",
        ExpressionAttributeValues={":k": {"S": f"{agent_id}#{thread_id}#step#{thread_id}:s1"}},
    )["Items"]
    stored = sum(item_size(i) for i in raw + marker)
    from wakeful.stream import repository

    events, _ = repository.read_after(agent_id, thread_id, 0, 100_000)
    per_delta = sum(
        len(json.dumps(e.public(), separators=(",", ":")).encode()) + len("stream_key") + len(f"{agent_id}#{thread_id}") + len("id") + 3
        for e in events
    )
    scale = 1000 / tokens
    return {
        "deltas": len(pieces),
        "items": len(raw) + len(marker),
        "bytes_per_1k": stored * scale,
        "items_per_1k": (len(raw) + len(marker)) * scale,
        "per_delta_bytes_per_1k": per_delta * scale,
        "per_delta_items_per_1k": len(events) * scale,
        "text_bytes_per_1k": len(text.encode()) * scale,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deltas", type=int, default=400, help="deltas in the latency run")
    parser.add_argument("--pause-ms", type=float, default=5.0, help="time between deltas in the latency run")
    parser.add_argument("--tokens", type=int, default=1000, help="output tokens in the storage run")
    parser.add_argument("--tokens-per-second", type=float, default=150.0, help="model speed in the storage run")
    args = parser.parse_args()

    from wakeful.auth import keys
    from wakeful_dev.runtime import DevStack
    import requests

    stack = DevStack(port=0, workers=False).start()
    try:
        owner = f"bench-{uuid.uuid4().hex[:6]}"
        key = keys.create(owner)
        agent = requests.post(
            f"{stack.api_url}/agents", json={"name": "Bench", "alias": f"b{uuid.uuid4().hex[:10]}"},
            headers={"Authorization": f"Bearer {key}"}, timeout=30,
        ).json()  # fmt: skip
        delta_ms, tool_ms = latency(stack, owner, key, agent["id"], args.deltas, args.pause_ms / 1000)
        result = storage(owner, agent["id"], args.tokens, args.tokens_per_second)
    finally:
        stack.stop()

    print(f"delta -> SSE delivery ({len(delta_ms)} deltas, {args.pause_ms:g} ms apart):"
          f" median {statistics.median(delta_ms):.2f} ms, p99 {percentile(delta_ms, 0.99):.2f} ms,"
          f" max {max(delta_ms):.2f} ms")  # fmt: skip
    if tool_ms:
        print(f"tool_call -> SSE delivery ({len(tool_ms)} calls): median {statistics.median(tool_ms):.2f} ms")
    print(f"storage for {args.tokens} output tokens ({result['deltas']:.0f} deltas at {args.tokens_per_second:g} tokens/s):")
    print(f"  coalesced (one chunk per flush): {result['bytes_per_1k']:.0f} bytes and {result['items_per_1k']:.1f} items per 1,000 tokens")
    print(f"  one item per delta would be:      {result['per_delta_bytes_per_1k']:.0f} bytes and {result['per_delta_items_per_1k']:.0f} items per 1,000 tokens")
    print(f"  the text itself:                  {result['text_bytes_per_1k']:.0f} bytes per 1,000 tokens")
    print(f"  ratio coalesced / per-delta: bytes {result['bytes_per_1k'] / result['per_delta_bytes_per_1k']:.3f},"
          f" items {result['items_per_1k'] / result['per_delta_items_per_1k']:.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
