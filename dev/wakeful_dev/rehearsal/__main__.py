"""``make rehearse``: a first deploy, rehearsed in moto's CloudFormation.

Synthesizes the CDK app offline, creates the template in moto's server (its gaps shimmed
on a copy, :mod:`wakeful_dev.rehearsal.shims`), checks every output, reads each
function's configuration back and then runs what a user does first (a key, an agent, a
heartbeat, a signed webhook, an ingested event, threads) through the deployed functions
with exactly that configuration. One line per step with its time; exit 0 only when every
step passed. The moto server and the function processes stop on every path.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wakeful import constants
from wakeful_dev.rehearsal import cloud, flows, shims
from wakeful_dev.rehearsal.cloud import RehearsalError
from wakeful_dev.rehearsal.functions import EventSources, Functions, Gateway, configuration_problems


class Progress:
    """Prints one line per step: its mark, the time since the start and its own."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        #: Steps that failed without stopping the rehearsal (see :meth:`check`).
        self.failed: list[str] = []

    def line(self, mark: str, step: str, detail: str, took: float | None = None) -> None:
        took_text = f" ({took:.1f} s)" if took is not None else ""
        print(f"[{time.monotonic() - self.started:6.1f} s] {mark} {step}{took_text}: {detail}", flush=True)

    def step(self, step: str, run: Callable[[], str]) -> None:
        began = time.monotonic()
        try:
            detail = run()
        except Exception as error:
            self.line("✗", step, str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__, time.monotonic() - began)
            raise
        self.line("✓", step, detail, time.monotonic() - began)

    def check(self, step: str, run: Callable[[], str]) -> None:
        """A step whose failure fails the rehearsal but does not stop it: what follows
        does not depend on it."""
        try:
            self.step(step, run)
        except RehearsalError:
            self.failed.append(step)


class Rehearsal:
    """One rehearsal: its working directory, the emulator, the stack, the steps."""

    def __init__(self, workdir: Path, cdk_out: Path | None) -> None:
        self.workdir = workdir
        self.cdk_out = cdk_out
        self.progress = Progress()
        self.moto: cloud.MotoServer | None = None
        self.functions: Functions | None = None
        self.xray = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)  # the X-Ray daemon's port: segments end here
        self.xray.bind(("127.0.0.1", 0))
        # Set by the steps, in order:
        self.synthesis: cloud.Synthesis
        self.clients: cloud.Clients
        self.bucket: str
        self.deployment: flows.Deployment

    def run(self) -> None:
        step = self.progress.step
        step("synth", self._synthesize)
        step("moto", self._start_moto)
        step("bootstrap", self._bootstrap)
        step("create stack", self._create)
        self.progress.check("configuration", self._configuration)
        deployment = self.deployment
        step("key", lambda: flows.create_key(deployment))
        step("agent", lambda: flows.create_agent(deployment))
        step("heartbeat", lambda: flows.run_heartbeat(deployment))
        step("webhook", lambda: flows.post_webhook(deployment))
        step("ingest", lambda: flows.send_to_ingest(deployment))
        step("thread", lambda: flows.run_thread(deployment))
        self.progress.check("function logs", self._logs)
        ran = ", ".join(f"{name} ×{count}" for name, count in sorted(deployment.functions.invocations.items()))
        self.progress.line("·", "functions invoked", ran)
        if self.progress.failed:
            raise RehearsalError(f"failed: {', '.join(self.progress.failed)}")

    def _synthesize(self) -> str:
        if self.cdk_out is not None:
            self.synthesis = cloud.read_assembly(self.cdk_out)
            return f"read {self.cdk_out}"
        self.synthesis = cloud.synthesize(self.workdir / "cdk.out")
        context = ", ".join(f"{k}={v}" for k, v in cloud.SYNTH_CONTEXT.items())
        return f"{len(self.synthesis.template['Resources'])} resources ({context})"

    def _start_moto(self) -> str:
        self.moto = cloud.MotoServer(self.workdir / "moto_server.log").start()
        self.clients = cloud.Clients(self.moto.url)
        # This process is the operator's laptop: its AWS calls (`wakeful keys create`,
        # reading back) go to the emulator, with test credentials.
        os.environ.update(
            AWS_ENDPOINT_URL=self.moto.url, AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing",
            AWS_DEFAULT_REGION=cloud.REGION, AWS_REGION=cloud.REGION,
        )  # fmt: skip
        os.environ.pop("AWS_PROFILE", None)
        return f"moto_server {self.moto.url} (pid {self.moto.pid})"

    def _bootstrap(self) -> str:
        self.bucket = cloud.bootstrap(self.clients, self.synthesis)
        count = cloud.publish_assets(self.clients, self.synthesis)
        return f"bootstrap version {cloud.BOOTSTRAP_VERSION}, {count} assets in {self.bucket}"

    def _create(self) -> str:
        synthesis = self.synthesis
        moto = shims.Moto(clients=self.clients, stack_name=synthesis.stack_name, region=cloud.REGION, account=cloud.ACCOUNT)
        copy, done, aside = shims.apply(synthesis.template, moto)
        for name, reason, ids in done:
            if ids:
                self.progress.line("·", f"shim {name}", f"{reason} ({len(ids)}: {', '.join(ids[:3])}{', …' if len(ids) > 3 else ''})")
        stack = cloud.create_stack(self.clients, synthesis.stack_name, copy, self.bucket)
        missing = cloud.missing_outputs(synthesis.template, stack)
        if missing:
            raise RehearsalError(f"outputs missing from DescribeStacks: {missing}")
        resolver = cloud.Resolver(self.clients, synthesis.stack_name, {"Resources": {**copy["Resources"], **aside}})
        for after in shims.AFTER:
            made = after(aside, resolver, moto)
            if made:
                self.progress.line("·", f"shim {after.__name__}", f"{shims.reason(after)} ({len(made)}: {', '.join(made[:3])}{', …' if len(made) > 3 else ''})")
        self.deployment = self._deployment(stack, resolver)
        outputs = len(synthesis.template.get("Outputs", {}))
        return f"{stack['StackStatus']}, {resolver.created} resources, all {outputs} outputs in DescribeStacks"

    def _deployment(self, stack: dict[str, Any], resolver: cloud.Resolver) -> flows.Deployment:
        """The created stack as the steps reach it: its functions, its REST API, its
        queues' event sources."""
        assert self.moto is not None
        logs = self.workdir / "functions"
        logs.mkdir(exist_ok=True)
        xray = "127.0.0.1:%d" % self.xray.getsockname()[1]
        self.functions = Functions(self.clients, self.synthesis, resolver, self.moto.url, logs, xray)
        outputs = cloud.outputs(stack)
        rest_api = list(shims.of_type(self.synthesis.template, "AWS::ApiGateway::RestApi"))
        if len(rest_api) != 1:
            raise RehearsalError(f"expected one REST API in the template, found {rest_api}")
        host = outputs[constants.OUTPUT_API_URL].split("/")[2]
        gateway = Gateway(self.clients, resolver.ref(rest_api[0], {}), self.functions, host)
        sources = EventSources(self.clients, self.functions)
        return flows.Deployment(
            self.clients, self.synthesis.stack_name, self.synthesis.template, outputs, resolver, self.functions, gateway, sources
        )

    def _configuration(self) -> str:
        assert self.functions is not None
        functions = list(self.functions)
        problems = [p for f in functions for p in configuration_problems(f)]
        if problems:
            raise RehearsalError("; ".join(problems))
        largest = max(functions, key=lambda f: f.environment_bytes())
        return f"{len(functions)} functions read back; largest environment {largest.name}'s, {largest.environment_bytes():,} bytes"

    def _logs(self) -> str:
        assert self.functions is not None
        errors = self.functions.logged_errors()
        if errors:
            raise RehearsalError(f"{len(errors)} errors logged: " + "; ".join(errors[:5]))
        return f"no errors in the logs of {len(self.functions.runtimes)} functions"

    def stop(self) -> None:
        if self.functions is not None:
            self.functions.stop()
        if self.moto is not None:
            self.moto.stop()
        self.xray.close()


def _terminated(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wakeful_dev.rehearsal", description=__doc__.splitlines()[0])
    parser.add_argument("--cdk-out", type=Path, help="a cloud assembly already synthesized (default: synthesize one)")
    parser.add_argument("--keep", action="store_true", help="keep the working directory (logs, cloud assembly)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _terminated)
    workdir = Path(tempfile.mkdtemp(prefix="wakeful-rehearsal-"))
    rehearsal = Rehearsal(workdir, args.cdk_out)
    passed = False
    try:
        rehearsal.run()
        passed = True
    except (RehearsalError, KeyboardInterrupt) as error:
        print(f"\nrehearsal failed: {error}", file=sys.stderr)
    except Exception:  # noqa: BLE001 - anything else is a failure too, with its traceback
        traceback.print_exc()
    finally:
        rehearsal.stop()
        took = time.monotonic() - rehearsal.progress.started
        if passed and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        print(f"rehearsal {'passed' if passed else 'FAILED'} in {took:.1f} s" + ("" if passed and not args.keep else f" (logs: {workdir})"))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
