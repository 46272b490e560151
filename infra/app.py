"""The CDK app: ``python -m infra.app`` (``npx cdk synth|deploy`` runs it, see cdk.json).

cdk-nag's AwsSolutions and Serverless packs check the stack on every synth; an
unsuppressed finding is an error annotation and ``npx cdk deploy`` stops on it.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")

from aws_cdk import App, Aspects, Environment  # noqa: E402
from cdk_nag import AwsSolutionsChecks, ServerlessChecks  # noqa: E402

from infra.settings import STACK_NAME  # noqa: E402
from infra.stack import WakefulStack  # noqa: E402


def build(app: App | None = None, *, nag: bool = True) -> tuple[App, WakefulStack]:
    """The app with the Wakeful stack (and the cdk-nag packs as aspects)."""
    app = app or App()
    account = os.environ.get("CDK_DEFAULT_ACCOUNT")
    region = os.environ.get("CDK_DEFAULT_REGION")
    env = Environment(account=account, region=region) if account and region else None
    stack = WakefulStack(app, STACK_NAME, env=env, description="Wakeful: proactive AI agents on serverless AWS")
    if nag:
        Aspects.of(app).add(AwsSolutionsChecks(verbose=True))
        Aspects.of(app).add(ServerlessChecks(verbose=True))
    return app, stack


def main() -> int:
    """Synthesize. Run by the CDK CLI, it writes where the CLI says; run directly
    (``make synth``), it writes ``cdk.out/`` and fails on any error annotation (such as
    an unsuppressed cdk-nag finding), as ``cdk deploy`` would."""
    by_cli = "CDK_OUTDIR" in os.environ
    app, stack = build(App() if by_cli else App(outdir="cdk.out"))
    assembly = app.synth()
    if by_cli:
        return 0
    artifact = assembly.get_stack_artifact(stack.artifact_id)
    errors = [f"{m.id}: {m.entry.data}" for m in artifact.messages if "ERROR" in str(m.level)]
    for error in errors:
        print(f"error: {error}", file=sys.stderr)
    resources = len(artifact.template.get("Resources", {}))
    print(f"synthesized {assembly.directory}/{artifact.template_file} ({resources} resources, {len(errors)} errors)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
