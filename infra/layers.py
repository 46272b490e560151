"""The ``wakeful`` Lambda layer, built on this machine (local bundling: no Docker).

It holds the domain package (``layers/wakeful`` copied to ``python/wakeful``) and the
dependencies the functions import: pyproject.toml's ``[project] dependencies``, its
``llm`` extra (the anthropic SDK, imported lazily and only by the functions that call a
model) and the X-Ray SDK for Powertools' Tracer. One layer, one pip resolution: two
layers resolved at different times could ship two versions of a shared package (e.g.
pydantic) whose files would mix in ``/opt/python``.

Dependencies are installed with pip as manylinux wheels for the Lambda runtime's Python
version and architecture (``--platform``/``--only-binary``), so no compiler and no Docker
are needed. With ``layerDeps=none`` (tests, offline synths) nothing is downloaded: the
layer holds only the package and a marker file saying so, and must not be deployed. The
asset hash covers the package sources, the requirements and the mode, so CDK bundles
again exactly when one of them changes.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import jsii
from aws_cdk import AssetHashType, BundlingOptions, DockerImage, ILocalBundling
from aws_cdk import aws_lambda as lambda_

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "layers" / "wakeful"
PYPROJECT = ROOT / "pyproject.toml"
#: Powertools' Tracer needs the X-Ray SDK at runtime (its ``tracer`` extra); the dev
#: virtualenv happens to get it from moto, the layer must ship it.
TRACER_REQUIREMENTS = ("aws-xray-sdk>=2.12",)
NO_DEPS_MARKER = "WAKEFUL_LAYER_WITHOUT_DEPENDENCIES.txt"
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def _pyproject() -> dict[str, Any]:
    return tomllib.loads(PYPROJECT.read_text())


def layer_requirements() -> list[str]:
    """What the layer installs: pyproject dependencies, the ``llm`` extra, the Tracer's."""
    project = _pyproject()["project"]
    llm = project.get("optional-dependencies", {}).get("llm", [])
    return [*project["dependencies"], *llm, *TRACER_REQUIREMENTS]


def _pip_install(requirements: list[str], target: Path, python_version: str, architecture: str) -> None:
    machine = "aarch64" if architecture == "arm64" else "x86_64"
    # Lambda's Amazon Linux 2023 has glibc 2.34. pip does not expand a manylinux tag to
    # the older ones it implies, so every tag wheels are published under is listed.
    platforms = [f"manylinux2014_{machine}", f"manylinux_2_28_{machine}", f"manylinux_2_34_{machine}"]
    command = [
        sys.executable, "-m", "pip", "install",
        "--quiet", "--disable-pip-version-check", "--no-compile",
        "--target", str(target),
        *[arg for platform in platforms for arg in ("--platform", platform)],
        "--implementation", "cp",
        "--python-version", python_version,
        "--only-binary=:all:",
        "--upgrade",
        *requirements,
    ]  # fmt: skip
    subprocess.run(command, check=True)


@jsii.implements(ILocalBundling)
class _LocalLayerBundler:
    """Builds ``python/`` in the asset output directory, without Docker."""

    def __init__(self, *, requirements: list[str], copy_package: bool, install: bool, python_version: str, architecture: str) -> None:
        self.requirements = requirements
        self.copy_package = copy_package
        self.install = install
        self.python_version = python_version
        self.architecture = architecture

    def try_bundle(self, output_dir: str, *_args: Any, **_kwargs: Any) -> bool:
        site = Path(output_dir) / "python"
        site.mkdir(parents=True, exist_ok=True)
        if self.install and self.requirements:
            _pip_install(self.requirements, site, self.python_version, self.architecture)
        elif self.requirements:
            (site / NO_DEPS_MARKER).write_text(
                "Built with wakeful:layerDeps=none: these requirements were NOT installed, "
                "so this layer is for synthesis and tests only:\n" + "\n".join(self.requirements) + "\n"
            )
        if self.copy_package:
            shutil.copytree(PACKAGE_DIR, site / "wakeful", ignore=_IGNORE, dirs_exist_ok=True)
        return True


def _source_digest(requirements: list[str], *parts: str, package: bool) -> str:
    digest = hashlib.sha256()
    for part in (*requirements, *parts):
        digest.update(part.encode() + b"\0")
    if package:
        for path in sorted(PACKAGE_DIR.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(str(path.relative_to(PACKAGE_DIR)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def layer_code(*, layer_deps: str, python_version: str, architecture: str) -> lambda_.Code:
    """Asset code of the ``wakeful`` layer, bundled locally."""
    requirements = layer_requirements()
    bundler = _LocalLayerBundler(
        requirements=requirements,
        copy_package=True,
        install=layer_deps == "pip",
        python_version=python_version,
        architecture=architecture,
    )
    return lambda_.Code.from_asset(
        str(PACKAGE_DIR),
        asset_hash_type=AssetHashType.CUSTOM,
        asset_hash=_source_digest(requirements, layer_deps, python_version, architecture, package=True),
        bundling=BundlingOptions(
            # Never pulled: local bundling always succeeds, and there is no Docker here.
            image=DockerImage.from_registry("wakeful-local-bundling-only"),
            local=bundler,
        ),
    )
