"""The ``wakeful`` command: ``wakeful dev``, ``wakeful keys create|list|revoke``, ``wakeful tail`` and ``wakeful check``."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
import time

LOG_LEVELS = ("debug", "info", "warning", "error")
DEV_OWNER = "dev"
#: How long `wakeful dev` waits for work in flight when asked to stop (SIGINT, SIGTERM).
STOP_SECONDS = 20.0


def _dev(args: argparse.Namespace) -> int:
    from wakeful_dev.runtime import DevStack

    if args.tick <= 0:
        print("error: --tick must be a positive number of seconds", file=sys.stderr)
        return 2
    try:
        model_line = _model_line(_check_llm(args.script))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    level = args.log_level.upper()
    logging.basicConfig(level=max(logging.WARNING, getattr(logging, level)), format="%(levelname)s %(name)s: %(message)s")
    # The functions' own JSON logs only when asked for (--log-level debug); metric
    # lines only with --metrics. The default is one readable line per piece of work.
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "DEBUG" if level == "DEBUG" else "WARNING" if level == "INFO" else level)
    os.environ["POWERTOOLS_METRICS_DISABLED"] = "false" if args.metrics else "true"
    observer = None
    if level in ("DEBUG", "INFO"):
        from wakeful_dev.activity import ActivityLog

        observer = ActivityLog().observe
    dev_keys = os.environ.get("WAKEFUL_DEV_API_KEYS", "")
    stack = DevStack(host=args.host, port=args.port, tick=args.tick, dev_api_keys=dev_keys, observer=observer)
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
    if not dev_keys.strip():
        from wakeful.auth import keys

        print(f"API key (owner {DEV_OWNER}): {keys.create(DEV_OWNER)}", flush=True)
    print("State: in memory only; everything is gone when this process stops", flush=True)
    print(f"Docs: {stack.api_url}/docs", flush=True)
    if model_line:
        print(model_line, flush=True)
    print(f"Wakeful dev server on {stack.api_url}", flush=True)
    if args.homelab is not None:
        _homelab(stack, args.homelab)
    _wait_for_stop_signal()
    print("stopping", flush=True)
    # Stopping waits for work in flight, but never long: the state is in memory only, so
    # after STOP_SECONDS the process exits with whatever is still running.
    stopper = threading.Thread(target=stack.stop, name="stop", daemon=True)
    stopper.start()
    stopper.join(STOP_SECONDS)
    if stopper.is_alive():
        print(f"stopped without waiting more than {STOP_SECONDS:g} s for work in flight", flush=True)
    # Exit at once, without the interpreter's shutdown (which joins threads and runs exit
    # handlers that work still in flight could hold up): nothing is left to save.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _check_llm(path: str | None) -> str | None:
    """Check the deployment's default provider (``WAKEFUL_LLM_PROVIDER``) and the
    conversation script (``--script``, else ``WAKEFUL_LLM_SCRIPT``) before anything
    starts, and hand the script to the scripted provider. Returns its path, or None when
    there is none.

    Raises:
        ValueError: the provider is none Wakeful has, or the script is malformed (the
            message says which and why).
    """
    from wakeful import constants
    from wakeful.config import llm_provider
    from wakeful.llm import script as rules

    llm_provider(os.environ.get(constants.ENV_LLM_PROVIDER))
    given = path or os.environ.get(constants.ENV_LLM_SCRIPT)
    if not given:
        return None
    rules.load_rules(given)  # a ScriptError is a ValueError saying where
    os.environ[constants.ENV_LLM_SCRIPT] = os.path.abspath(given)
    return given


def _model_line(script: str | None) -> str | None:
    """What the banner says of the script: the model of the agents without a provider of
    their own when it is the deployment's default, else that it answers none of them
    (agents cannot choose the scripted provider themselves)."""
    if not script:
        return None
    from wakeful import constants
    from wakeful.config import llm_provider

    # With a script, the default is scripted unless WAKEFUL_LLM_PROVIDER names another
    # (as wakeful.llm.settings decides).
    chosen = llm_provider(os.environ.get(constants.ENV_LLM_PROVIDER)) or "scripted"
    if chosen == "scripted":
        return f"LLM: scripted conversations from {script} (agents without a provider of their own)"
    return (
        f"LLM: {chosen} for agents without a provider of their own ({constants.ENV_LLM_PROVIDER}={chosen}); "
        f"the script {script} answers none of them"
    )


def _wait_for_stop_signal() -> None:
    """Return once SIGINT or SIGTERM arrives.

    The kernel may hand the signal to any of the process's threads; CPython then runs the
    handler only when the main thread next executes bytecode. So the main thread wakes
    twice a second rather than blocking without a timeout (where it could sleep through
    the signal for good), and the handler takes no lock.
    """
    received: list[int] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda signum, _frame: received.append(signum))
    while not received:
        time.sleep(0.5)


def _homelab(stack: object, port: int) -> None:
    """Serve the simulated homelab beside the stack, its agent set up for the first dev key."""
    from wakeful.auth import keys
    from wakeful_dev.homelab import setup

    pairs = keys.parse_dev_keys(os.environ.get("WAKEFUL_DEV_API_KEYS", ""))
    homelab, installed, key = setup.serve_with(stack, pairs[0][1] if pairs else None, port)
    print(f"Homelab on {homelab.url} (agent {installed.agent_id}; API key {key if not pairs else 'of ' + pairs[0][0]})", flush=True)


def _keys_target(args: argparse.Namespace) -> None:
    """Point this process at the dev stack's emulator or at the deployed keys table."""
    from wakeful import aws, constants
    from wakeful.config import dev_table_name

    if args.dev_endpoint:
        os.environ["AWS_ENDPOINT_URL"] = args.dev_endpoint
        os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
        os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
        os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
        os.environ.setdefault(constants.TABLE_ENV["api_keys"], dev_table_name("api_keys"))  # the name `wakeful dev` gives it
    else:
        os.environ["WAKEFUL_TABLE_API_KEYS"] = args.table or _stack_output(args.stack, "ApiKeysTableName")
    aws.reset_clients()


def _keys(args: argparse.Namespace) -> int:
    """Run a keys subcommand; AWS problems are one line on stderr, not a traceback."""
    from botocore.exceptions import BotoCoreError, ClientError

    try:
        _keys_target(args)
        return args.action(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ClientError as error:
        info = error.response.get("Error", {})
        print(f"error: AWS refused the request: {info.get('Code', 'error')}: {info.get('Message', '')}".rstrip(": "), file=sys.stderr)
        return 1
    except BotoCoreError as error:
        hint = " (pass --dev-endpoint with the 'AWS endpoint:' URL that `wakeful dev` prints, or configure AWS credentials)"
        print(f"error: cannot reach AWS: {error}{hint}", file=sys.stderr)
        return 1


def _create(args: argparse.Namespace) -> int:
    from wakeful.auth import keys

    print(keys.create(args.owner))
    return 0


def _list(args: argparse.Namespace) -> int:
    from wakeful.auth import keys

    rows = keys.list_keys(args.owner)
    if not rows:
        print(f"no keys for owner {args.owner}")
    for row in rows:
        print(f"{row['id']}  {row['prefix']}…  created {row['created_at']}  {'REVOKED' if row['revoked'] else 'active'}")
    return 0


def _revoke(args: argparse.Namespace) -> int:
    from wakeful.auth import keys

    if not args.key and not (args.id and args.owner):
        raise ValueError("give --key KEY, or --owner NAME and --id ID (from `wakeful keys list`)")
    key_id = keys.revoke(key=args.key, owner=args.owner, key_id=args.id)
    print(f"revoked {key_id} (running API functions may accept it for up to a minute more, from their cache)")
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
            ws=args.ws,
        )  # fmt: skip
    except KeyboardInterrupt:
        return 0


def _eval(args: argparse.Namespace) -> int:
    from wakeful_dev.eval import run

    key = args.key or os.environ.get("WAKEFUL_API_KEY")
    if not key:
        print("error: pass --key or set WAKEFUL_API_KEY", file=sys.stderr)
        return 2
    return run(args.file, args.api, key, agent_id=args.agent, as_json=args.json)


def _check(args: argparse.Namespace) -> int:
    import threading

    from wakeful_dev.check import check

    key = args.key or os.environ.get("WAKEFUL_API_KEY")
    if not key:
        print("error: pass --key or set WAKEFUL_API_KEY", file=sys.stderr)
        return 2
    if args.timeout <= 0:
        print("error: --timeout must be a positive number of seconds", file=sys.stderr)
        return 2

    # Ctrl-C and SIGTERM set a flag the check reads at its next request or wait, then it
    # deletes what it created. The handler raises nothing inside a library (one raised
    # while it holds a lock can leave the cleanup waiting for ever); a second signal does.
    stopping = threading.Event()

    def stop(_signum: int, _frame: object) -> None:
        if stopping.is_set():
            raise KeyboardInterrupt
        stopping.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop)
    return check(api=args.api, key=key, ws=args.ws, timeout=args.timeout, stop=stopping)


def _stack_output(stack: str, key: str) -> str:
    from wakeful import aws

    outputs = aws.client("cloudformation").describe_stacks(StackName=stack)["Stacks"][0].get("Outputs", [])
    for output in outputs:
        if output["OutputKey"] == key:
            return output["OutputValue"]
    raise ValueError(f"stack {stack} has no output {key}")


def _target_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dev-endpoint", help="AWS endpoint of a `wakeful dev` stack (its 'AWS endpoint:' line)")
    parser.add_argument("--stack", default="Wakeful", help="deployed CloudFormation stack name")
    parser.add_argument("--table", help="API keys table name (default: the stack's ApiKeysTableName output)")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``wakeful`` command."""
    fmt = argparse.ArgumentDefaultsHelpFormatter
    parser = argparse.ArgumentParser(prog="wakeful", description="Proactive AI agents on serverless AWS.", formatter_class=fmt)
    sub = parser.add_subparsers(dest="command", required=True)

    dev = sub.add_parser(
        "dev",
        help="run the whole system on this machine (AWS emulated by moto, state in memory)",
        description="Run the whole system on this machine: AWS emulated by moto, state in memory. "
        "WAKEFUL_DEV_API_KEYS='owner:key,…' creates those keys; without it a key for owner 'dev' is printed.",
        formatter_class=fmt,
    )
    dev.add_argument("--host", default="127.0.0.1", help="address to serve the API on")
    dev.add_argument("--port", type=int, default=8080, help="port to serve the API on")
    dev.add_argument("--tick", type=float, default=1.0, help="seconds between heartbeat scans")
    dev.add_argument(
        "--log-level", default="info", choices=LOG_LEVELS,
        help="info: one line per heartbeat, action, hook delivery and webhook request; debug: also the functions' JSON logs; warning: problems only",
    )  # fmt: skip
    dev.add_argument("--metrics", action="store_true", help="also print the functions' metric (EMF) lines")
    dev.add_argument("--script", metavar="FILE", default=None,
                     help='the model is a script (JSON {"rules": [{"when": text, "then": [step, ...]}]}): try your own agents '
                          "with no key (default $WAKEFUL_LLM_SCRIPT; see docs/llm.md)")
    dev.add_argument("--homelab", type=int, nargs="?", const=0, default=None, metavar="PORT",
                     help="also serve the simulated homelab (on PORT, default any) with an agent looking after it")
    dev.set_defaults(func=_dev)

    keys = sub.add_parser("keys", help="manage API keys", formatter_class=fmt)
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    create = keys_sub.add_parser("create", help="print a new API key for an owner", formatter_class=fmt)
    create.add_argument("--owner", required=True)
    _target_options(create)
    create.set_defaults(func=_keys, action=_create)
    listing = keys_sub.add_parser("list", help="list an owner's keys (never the keys themselves)", formatter_class=fmt)
    listing.add_argument("--owner", required=True)
    _target_options(listing)
    listing.set_defaults(func=_keys, action=_list)
    revoke = keys_sub.add_parser("revoke", help="revoke a key: --key KEY, or --owner and --id from `keys list`", formatter_class=fmt)
    revoke.add_argument("--key", help="the key itself")
    revoke.add_argument("--owner", help="the key's owner (with --id)")
    revoke.add_argument("--id", help="the key's id, as `wakeful keys list` shows it")
    _target_options(revoke)
    revoke.set_defaults(func=_keys, action=_revoke)

    tail = sub.add_parser("tail", help="print an agent's live stream (text, reasoning, tool calls) as it happens")
    tail.add_argument("--agent", required=True, help="agent id")
    tail.add_argument("--thread", help="one thread (default: every thread of the agent)")
    tail.add_argument("--api", default=os.environ.get("WAKEFUL_API_URL", "http://127.0.0.1:8080"),
                      help="API base URL (default $WAKEFUL_API_URL or http://127.0.0.1:8080)")  # fmt: skip
    tail.add_argument("--key", help="API key (default $WAKEFUL_API_KEY)")
    tail.add_argument("--ws", default=os.environ.get("WAKEFUL_STREAM_WS_URL"),
                      help="a deployed stack's WebSocket API (its StreamWebSocketUrl output; default $WAKEFUL_STREAM_WS_URL): "
                           "read the stream there instead of over SSE")  # fmt: skip
    tail.add_argument("--types", help="only these event types, comma-separated (e.g. tool_call,tool_result)")
    tail.add_argument("--after", type=int, help="start after this event id (a thread's stream)")
    tail.add_argument("--follow", action="store_true", help="keep a thread's tail open across runs")
    tail.add_argument("--json", action="store_true", help="print each StreamEvent as one JSON line")
    tail.add_argument("--no-color", action="store_true", help="no ANSI colours (default: colours on a terminal)")
    tail.set_defaults(func=_tail)

    smoke = sub.add_parser(
        "check",
        help="smoke-test a deployed stack (or wakeful dev): health, agent, heartbeat, webhook, hook, thread, stream",
        description="Smoke-test a deployed stack, or `wakeful dev`, through its public API: health, an agent, a heartbeat, "
        "a signed webhook, a hook delivered to the stack's own webhook intake (no server of yours needed), a thread and its "
        "stream (and with --ws the WebSocket API). One line per step: ✓ passed, ✗ failed (with the reason), – skipped. "
        "The thread step is skipped, not failed, when the deployment has no model key yet. Everything the check creates "
        "is deleted at the end, also after a failure or Ctrl-C. Exit status: 0 when no step failed, 1 when one did "
        "(named in the last line), 2 for bad arguments, 130 when interrupted.",
    )
    smoke.add_argument("--api", default=os.environ.get("WAKEFUL_API_URL", "http://127.0.0.1:8080"),
                       help="API base URL: the stack's ApiUrl output (default $WAKEFUL_API_URL or http://127.0.0.1:8080)")  # fmt: skip
    smoke.add_argument("--key", help="API key (default $WAKEFUL_API_KEY): `wakeful keys create --owner NAME` prints one")
    smoke.add_argument("--ws", default=os.environ.get("WAKEFUL_STREAM_WS_URL"),
                       help="also check the stack's WebSocket API (its StreamWebSocketUrl output; default $WAKEFUL_STREAM_WS_URL)")  # fmt: skip
    smoke.add_argument("--timeout", type=float, default=90.0,
                       help="seconds each waiting step (heartbeat, hook, thread, stream) may take (default 90)")  # fmt: skip
    smoke.set_defaults(func=_check)

    evaluate = sub.add_parser(
        "eval",
        help="judge an agent case by case with dry runs (nothing sent): a line per case, a summary, N passed, N failed",
        description="Run each case of FILE (JSON or YAML: {agent_id, cases: [{name, prompt?, message?, heartbeat_checklist?, "
        "events?, tool_results?, expect: {outcome?, contains?, tools?, not_tools?, max_usd?}}]}) as a dry run of the agent. "
        "Exit status: 0 when every case passed, 1 when one failed, 2 for a malformed file or an unreachable API.",
    )
    evaluate.add_argument("file", help="the eval file (.json, .yaml or .yml)")
    evaluate.add_argument("--api", default=os.environ.get("WAKEFUL_API_URL", "http://127.0.0.1:8080"),
                          help="API base URL (default $WAKEFUL_API_URL or http://127.0.0.1:8080)")  # fmt: skip
    evaluate.add_argument("--key", help="API key (default $WAKEFUL_API_KEY)")
    evaluate.add_argument("--agent", help="the agent to judge instead of the file's agent_id")
    evaluate.add_argument("--json", action="store_true", help="the cases as one JSON line before the summary")
    evaluate.set_defaults(func=_eval)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
