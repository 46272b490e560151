"""What the Lambda layer ships, read from the layer asset as CDK synthesized it.

The session's synth is offline (``wakeful:layerDeps=none``): the asset holds the
``wakeful`` package as it will be deployed, and a marker listing the pinned dependencies
a real build installs from ``requirements/layer.txt``. Dev-only code (``wakeful_dev``:
the local runtime, the CLI, the demo, moto's patches) must be in neither.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest


pytestmark = pytest.mark.infra

#: Names of dev-only code, wherever it would sit in the layer.
DEV_NAMES = {"wakeful_dev", "cli.py", "demo.py", "moto_compat.py", "local", "hooks_local.py", "sqs_poller.py", "gateway.py"}
#: Packages only development, tests or the CDK app need.
DEV_DISTRIBUTIONS = {"moto", "pytest", "hypothesis", "playwright", "aws-cdk-lib", "constructs", "cdk-nag", "flask", "werkzeug"}


@pytest.fixture(scope="module")
def layer_site(synth) -> Path:
    from infra.layers import NO_DEPS_MARKER  # imports aws_cdk: only where it is needed

    markers = list(synth.outdir.glob(f"asset.*/python/{NO_DEPS_MARKER}"))
    assert len(markers) == 1
    return markers[0].parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_layer_holds_the_wakeful_package_and_no_dev_code(layer_site: Path) -> None:
    assert (layer_site / "wakeful" / "__init__.py").is_file()
    found = sorted(str(p.relative_to(layer_site)) for p in layer_site.rglob("*") if p.name in DEV_NAMES)
    assert found == []


def test_the_layer_ships_the_web_consoles_page_and_every_static_file_unchanged(layer_site: Path) -> None:
    source = Path(__file__).resolve().parents[2] / "layers" / "wakeful" / "console" / "static"
    shipped = layer_site / "wakeful" / "console" / "static"
    assert (shipped / "index.html").is_file()  # the deployed /console serves it from the layer
    files = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    assert {"index.html", "app.js", "console.css"} <= {str(f) for f in files}
    assert [str(f) for f in files if (shipped / f).read_bytes() != (source / f).read_bytes()] == []


def test_no_module_in_the_layer_imports_moto_or_dev_code(layer_site: Path) -> None:
    offenders = {
        str(path.relative_to(layer_site)): sorted(n for n in _imports(path) if n.split(".")[0] in ("moto", "wakeful_dev"))
        for path in layer_site.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(offenders) > 100  # the walk read the whole package


def test_the_layer_installs_exactly_the_lock_and_no_dev_distribution(layer_site: Path) -> None:
    from infra.layers import NO_DEPS_MARKER, layer_requirements

    listed = [line for line in (layer_site / NO_DEPS_MARKER).read_text().splitlines() if "==" in line]
    assert listed == layer_requirements()
    names = {pin.split("==")[0].lower() for pin in listed}
    assert {"boto3", "botocore", "aws-lambda-powertools", "aws-xray-sdk", "pydantic", "anthropic"} <= names
    assert names & DEV_DISTRIBUTIONS == set()
