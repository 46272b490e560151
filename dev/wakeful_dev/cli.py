"""The ``wakeful`` command: ``wakeful dev``, ``wakeful keys create`` and ``wakeful tail``."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading


def _dev(args: argparse.Namespace) -> int:
    from wakeful_dev.runtime import DevStack

    if args.tick <= 0:
        print("error: --tick must be a positive number of seconds", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    stack = DevStack(host=args.host, port=args.port, tick=args.tick, dev_api_keys=os.environ.get("WAKEFUL_DEV_API_KEYS", ""))
    try:
        stack.start()
    except OSError as error:
        print(f"error: cannot start on {args.host}:{args.port}: {error.strerror or error}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"AWS endpoint: {stack.aws_endpoint}", flush=True)
    print(f"Ingest queue: {stack.queue_urls['ingest']}", flush=True)
    print(f"Wakeful dev server on {stack.api_url}", flush=True)
    done = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: done.set())
    done.wait()
    print("stopping", flush=True)
    stack.stop()
    return 0


def _keys_create(args: argparse.Namespace) -> int:
    from wakeful import aws
    from wakeful.auth import keys

    if args.dev_endpoint:
        os.environ["AWS_ENDPOINT_URL"] = args.dev_endpoint
        os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
        os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
        os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    else:
        table = args.table or _stack_output(args.stack, "ApiKeysTableName")
        os.environ["WAKEFUL_TABLE_API_KEYS"] = table
    aws.reset_clients()
    try:
        print(keys.create(args.owner))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def _tail(args: argparse.Namespace) -> int:
    from wakeful_dev.tail import tail

    key = args.key or os.environ.get("WAKEFUL_API_KEY")
    if not key:
        print("error: pass --key or set WAKEFUL_API_KEY", file=sys.stderr)
        return 2
    try:
        return tail(
            api=args.api, key=key, agent_id=args.agent, thread_id=args.thread, types=args.types,
            after=args.after, follow=args.follow, color=False if args.no_color else None, raw=args.json,
        )  # fmt: skip
    except KeyboardInterrupt:
        return 0


def _stack_output(stack: str, key: str) -> str:
    from wakeful import aws

    outputs = aws.client("cloudformation").describe_stacks(StackName=stack)["Stacks"][0].get("Outputs", [])
    for output in outputs:
        if output["OutputKey"] == key:
            return output["OutputValue"]
    raise SystemExit(f"error: stack {stack} has no output {key}")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``wakeful`` command."""
    parser = argparse.ArgumentParser(prog="wakeful", description="Proactive AI agents on serverless AWS.")
    sub = parser.add_subparsers(dest="command", required=True)

    dev = sub.add_parser("dev", help="run the whole system on this machine (AWS emulated by moto)")
    dev.add_argument("--host", default="127.0.0.1")
    dev.add_argument("--port", type=int, default=8080)
    dev.add_argument("--tick", type=float, default=1.0, help="seconds between heartbeat scans (default 1.0)")
    dev.set_defaults(func=_dev)

    keys = sub.add_parser("keys", help="manage API keys")
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    create = keys_sub.add_parser("create", help="print a new API key for an owner")
    create.add_argument("--owner", required=True)
    create.add_argument("--dev-endpoint", help="AWS endpoint of a `wakeful dev` stack (its 'AWS endpoint:' line)")
    create.add_argument("--stack", default="Wakeful", help="deployed CloudFormation stack name (default Wakeful)")
    create.add_argument("--table", help="API keys table name (default: the stack's ApiKeysTableName output)")
    create.set_defaults(func=_keys_create)

    tail = sub.add_parser("tail", help="print an agent's live stream (text, reasoning, tool calls) as it happens")
    tail.add_argument("--agent", required=True, help="agent id")
    tail.add_argument("--thread", help="one thread (default: every thread of the agent)")
    tail.add_argument("--api", default=os.environ.get("WAKEFUL_API_URL", "http://127.0.0.1:8080"),
                      help="API base URL (default $WAKEFUL_API_URL or http://127.0.0.1:8080)")  # fmt: skip
    tail.add_argument("--key", help="API key (default $WAKEFUL_API_KEY)")
    tail.add_argument("--types", help="only these event types, comma-separated (e.g. tool_call,tool_result)")
    tail.add_argument("--after", type=int, help="start after this event id (a thread's stream)")
    tail.add_argument("--follow", action="store_true", help="keep a thread's tail open across runs")
    tail.add_argument("--json", action="store_true", help="print each StreamEvent as one JSON line")
    tail.add_argument("--no-color", action="store_true", help="no ANSI colours (default: colours on a terminal)")
    tail.set_defaults(func=_tail)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
