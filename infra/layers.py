"""The ``wakeful`` Lambda layer, built on this machine (local bundling: no Docker).

It holds the domain package (``layers/wakeful`` copied to ``python/wakeful``; never the
dev-only ``wakeful_dev``) and the dependencies the functions import, exactly as pinned in
``requirements/layer.txt``: pyproject.toml's ``[project] dependencies`` (Powertools with
its ``tracer`` extra, the X-Ray SDK) and its ``llm`` extra (the anthropic SDK, imported
lazily and only by the functions that call a model). One layer, one lock: two layers
resolved separately could ship two versions of a shared package (e.g. pydantic) whose
files would mix in ``/opt/python``.

The lock is installed with pip as manylinux wheels for the Lambda runtime's Python
version and architecture (``--platform``/``--only-binary``), every file checked against
its hash (``--require-hashes``), nothing resolved at deploy time (``--no-deps``, no
``--upgrade``): the same commit builds the same layer. No compiler and no Docker are
needed. With ``layerDeps=none`` (tests, offline synths) nothing is downloaded: the layer
holds only the package and a marker file listing the pins it left out, and must not be
deployed. The asset hash covers the package sources, the lock and the mode, so CDK
bundles again exactly when one of them changes.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsii
from aws_cdk import AssetHashType, BundlingOptions, DockerImage, ILocalBundling
from aws_cdk import aws_lambda as lambda_

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "layers" / "wakeful"
LAYER_LOCK = ROOT / "requirements" / "layer.txt"
NO_DEPS_MARKER = "WAKEFUL_LAYER_WITHOUT_DEPENDENCIES.txt"
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def layer_requirements() -> list[str]:
    """The pins the layer installs (``name==version``), read from the lock."""
    pins = []
    for line in LAYER_LOCK.read_text().splitlines():
        if line and not line[0].isspace() and not line.startswith(("#", "-")):
            pins.append(line.split(";")[0].split("\\")[0].strip())
    return pins


def _check_lock_target(python_version: str, architecture: str) -> None:
    """The lock is compiled for one runtime: building for another would ship wheels
    resolved for the wrong interpreter or CPU."""
    machine = "aarch64" if architecture == "arm64" else "x86_64"
    target = next((line for line in LAYER_LOCK.read_text().splitlines() if line.startswith("# target: ")), "")
    if f"--python-version {python_version} " not in target or f"--python-platform {machine}-" not in target:
        raise ValueError(
            f"requirements/layer.txt is compiled for {target[len('# target: '):] or 'an unknown target'}, "
            f"not Python {python_version} on {architecture}: change requirements/lock.py and run `make lock`"
        )


def _pip_install(target: Path, python_version: str, architecture: str) -> None:
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
        "--require-hashes",
        "--no-deps",
        "--requirement", str(LAYER_LOCK),
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
            _pip_install(site, self.python_version, self.architecture)
        elif self.requirements:
            (site / NO_DEPS_MARKER).write_text(
                "Built with wakeful:layerDeps=none: these requirements were NOT installed, "
                "so this layer is for synthesis and tests only:\n" + "\n".join(self.requirements) + "\n"
            )
        if self.copy_package:
            shutil.copytree(PACKAGE_DIR, site / "wakeful", ignore=_IGNORE, dirs_exist_ok=True)
        return True


def _source_digest(*parts: str, package: bool) -> str:
    digest = hashlib.sha256()
    for part in (LAYER_LOCK.read_text(), *parts):
        digest.update(part.encode() + b"\0")
    if package:
        for path in sorted(PACKAGE_DIR.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(str(path.relative_to(PACKAGE_DIR)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def layer_code(*, layer_deps: str, python_version: str, architecture: str) -> lambda_.Code:
    """Asset code of the ``wakeful`` layer, bundled locally."""
    _check_lock_target(python_version, architecture)
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
        asset_hash=_source_digest(layer_deps, python_version, architecture, package=True),
        bundling=BundlingOptions(
            # Never pulled: local bundling always succeeds, and there is no Docker here.
            image=DockerImage.from_registry("wakeful-local-bundling-only"),
            local=bundler,
        ),
    )
