"""``pip install .`` without extras is enough for production code: in a fresh virtualenv
holding only the runtime dependencies (no moto, no anthropic, no test tools), every
module of the ``wakeful`` package and every Lambda handler imports.

Installed with uv at the locked versions (``requirements/dev.txt`` as constraints), from
uv's cache after ``make install``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.infra

ROOT = Path(__file__).resolve().parents[2]
PROBE = r"""
import importlib, importlib.util, json, pkgutil, sys
from pathlib import Path
import wakeful
from wakeful import assembly
assembly.install()  # as every entry point does first: the agent's bodies are composed of what it installs
failed = {}
modules = [m.name for m in pkgutil.walk_packages(wakeful.__path__, "wakeful.")]
for name in modules:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = repr(error)
handlers = sorted(Path(sys.argv[1]).glob("*/handler.py"))
for path in handlers:
    name = "handler_" + path.parent.name
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    except Exception as error:
        failed[str(path)] = repr(error)
present = {m: importlib.util.find_spec(m) is not None for m in ("moto", "anthropic", "pytest")}
print(json.dumps({"modules": len(modules), "handlers": len(handlers), "failed": failed, "present": present}))
"""


def _uv() -> str:
    beside = Path(sys.executable).with_name("uv")
    found = str(beside) if beside.exists() else shutil.which("uv")
    if not found:
        pytest.fail("uv is missing: make install puts it in .venv/bin")
    return found


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what ``pip install .`` builds from (a build leaves build/ and
    *.egg-info beside the sources)."""
    copy = tmp_path_factory.mktemp("src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for part in ("layers", "dev"):
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy / name)
    return copy


def _venv_with(tmp_path_factory: pytest.TempPathFactory, requirement: str) -> Path:
    venv = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run([_uv(), "venv", "--quiet", "--python", sys.executable, str(venv)], check=True)
    python = venv / "bin" / "python"
    constraints = str(ROOT / "requirements" / "dev.txt")
    subprocess.run([_uv(), "pip", "install", "--quiet", "--python", str(python), "--constraint", constraints, requirement], check=True)
    return python


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory, source: Path) -> Path:
    return _venv_with(tmp_path_factory, str(source))


def test_every_module_and_handler_imports_without_extras(bare_python: Path, tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "AWS_DEFAULT_REGION": "us-east-1", "HOME": str(tmp_path)}
    # Run outside the repository: only the installed package is importable.
    done = subprocess.run(
        [str(bare_python), "-c", PROBE, str(ROOT / "functions")], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["present"] == {"moto": False, "anthropic": False, "pytest": False}
    assert report["modules"] > 100 and report["handlers"] >= 10
    assert report["failed"] == {}


def test_the_dev_extra_alone_runs_wakeful_dev_without_the_test_tools(tmp_path_factory: pytest.TempPathFactory, source: Path) -> None:
    python = _venv_with(tmp_path_factory, f"{source}[dev]")
    probe = "import importlib.util, wakeful_dev.runtime, wakeful_dev.cli; print(importlib.util.find_spec('pytest') is None)"
    done = subprocess.run([str(python), "-c", probe], cwd=tmp_path_factory.mktemp("run"), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
    helped = subprocess.run([str(python.parent / "wakeful"), "dev", "--help"], capture_output=True, text=True)
    assert helped.returncode == 0 and "moto" in helped.stdout, helped.stderr
