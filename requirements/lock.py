"""The lock files: exact versions (with hashes) of everything Wakeful installs.

Two locks compiled by ``uv pip compile`` from ``pyproject.toml``:

- ``requirements/dev.txt``: the development virtualenv (``make install``): the runtime
  dependencies and the ``dev`` (``wakeful dev``), ``test`` and ``infra`` extras. Universal
  (any platform, Python 3.11 and later).
- ``requirements/layer.txt``: the Lambda layer (``infra/layers.py``): the runtime
  dependencies and the ``llm`` extra, for the functions' Python version and architecture,
  constrained by the dev lock so that the layer ships the versions the tests ran against.

and one per tool that needs a virtualenv of its own (``TOOL_LOCKS``), compiled from its
``requirements/<tool>.in``:

- ``requirements/checkov.txt``: checkov, the IaC scanner ``tests/infra/test_checkov.py``
  runs on the synthesized template. It pins boto3, botocore and packaging below ours, so
  ``make install`` puts it in ``.venv/checkov``, not in ``.venv``. To move to another
  checkov, change the pin in ``requirements/checkov.in`` and run ``make lock``.

Each lock starts with a digest of what it was compiled from (pyproject's dependency
declarations, or the tool's ``.in`` file). ``python requirements/lock.py check`` (run by
``make test``) fails when that changed since the locks were compiled; ``python requirements/lock.py write`` (``make lock``) compiles them
again. Upgrading a pin on purpose is also ``make lock`` after ``rm requirements/*.txt``
or with ``UV_UPGRADE=1``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
DEV_LOCK = ROOT / "requirements" / "dev.txt"
LAYER_LOCK = ROOT / "requirements" / "layer.txt"
CHECKOV_LOCK = ROOT / "requirements" / "checkov.txt"

#: The Lambda runtime the layer lock is compiled for (``infra.settings`` must agree; a
#: test checks it). uv names Graviton's platform ``aarch64``; Amazon Linux 2023 has glibc 2.34.
LAYER_PYTHON_VERSION = "3.14"
LAYER_PLATFORM = "aarch64-manylinux_2_34"

DIGEST_PREFIX = "# pyproject-digest: "
SOURCE_DIGEST_PREFIX = "# source-digest: "
TARGET_PREFIX = "# target: "

#: What each lock is compiled from: (extras, uv pip compile arguments).
LOCKS: dict[Path, tuple[tuple[str, ...], tuple[str, ...]]] = {
    DEV_LOCK: (("dev", "test", "infra"), ("--universal", "--python-version", "3.11")),
    LAYER_LOCK: (
        ("llm",),
        ("--python-version", LAYER_PYTHON_VERSION, "--python-platform", LAYER_PLATFORM,
         "--constraint", "requirements/dev.txt"),
    ),
}  # fmt: skip

#: Tools installed into a virtualenv of their own: lock -> (its .in file, uv pip compile
#: arguments). Universal like the dev lock: any platform a developer or CI runs on.
TOOL_LOCKS: dict[Path, tuple[Path, tuple[str, ...]]] = {
    CHECKOV_LOCK: (CHECKOV_LOCK.with_suffix(".in"), ("--universal", "--python-version", "3.11")),
}


def digest() -> str:
    """A digest of what the locks are compiled from: requires-python, the dependencies
    and every extra (names, specifiers and markers, as written)."""
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    declared = {
        "requires-python": project.get("requires-python"),
        "dependencies": project.get("dependencies", []),
        "optional-dependencies": project.get("optional-dependencies", {}),
    }
    return hashlib.sha256(json.dumps(declared, sort_keys=True).encode()).hexdigest()


def source_digest(source: Path) -> str:
    """A digest of a tool's ``.in`` file."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def header(lock: Path) -> list[str]:
    """The lines a lock starts with."""
    if lock in TOOL_LOCKS:
        source, tool_args = TOOL_LOCKS[lock]
        return [
            f"# Compiled from {source.relative_to(ROOT)} by `make lock` (requirements/lock.py): do not edit.",
            f"{SOURCE_DIGEST_PREFIX}{source_digest(source)}",
            f"{TARGET_PREFIX}{' '.join(tool_args)}",
        ]
    extras, args = LOCKS[lock]
    return [
        "# Compiled from pyproject.toml by `make lock` (requirements/lock.py): do not edit.",
        f"{DIGEST_PREFIX}{digest()}",
        f"{TARGET_PREFIX}extras={','.join(extras)} {' '.join(args)}",
    ]


def recorded_digest(lock: Path, prefix: str = DIGEST_PREFIX) -> str | None:
    """The digest a lock was compiled with, if it has one."""
    if not lock.exists():
        return None
    for line in lock.read_text().splitlines():
        if line.startswith(prefix):
            return line[len(prefix) :].strip()
    return None


def stale() -> list[str]:
    """Why the locks do not match pyproject.toml (empty when they do)."""
    current = digest()
    problems = []
    for lock in LOCKS:
        recorded = recorded_digest(lock)
        if recorded != current:
            name = lock.relative_to(ROOT)
            problems.append(f"{name} was compiled from another pyproject.toml ({recorded} != {current})")
    for lock, (source, _args) in TOOL_LOCKS.items():
        recorded, wanted = recorded_digest(lock, SOURCE_DIGEST_PREFIX), source_digest(source)
        if recorded != wanted:
            name = lock.relative_to(ROOT)
            problems.append(f"{name} was compiled from another {source.relative_to(ROOT)} ({recorded} != {wanted})")
    return problems


def _uv() -> str:
    beside = Path(sys.executable).with_name("uv")
    found = str(beside) if beside.exists() else shutil.which("uv")
    if not found:
        raise SystemExit("uv is needed to compile the locks (make install puts it in .venv/bin)")
    return found


def write() -> None:
    """Compile every lock (the dev lock first: the layer lock is constrained by it), then
    the tools' locks."""
    compiles: list[tuple[Path, list[str]]] = [
        (lock, ["pyproject.toml", *[arg for extra in extras for arg in ("--extra", extra)], *args])
        for lock, (extras, args) in LOCKS.items()
    ]
    compiles += [(lock, [str(source.relative_to(ROOT)), *args]) for lock, (source, args) in TOOL_LOCKS.items()]
    for lock, arguments in compiles:
        command = [
            _uv(), "pip", "compile", arguments[0], "--quiet", "--generate-hashes", "--no-header",
            *arguments[1:],
            "--output-file", str(lock.relative_to(ROOT)),
        ]  # fmt: skip
        if os.environ.get("UV_UPGRADE"):
            command.append("--upgrade")
        subprocess.run(command, check=True, cwd=ROOT)
        lock.write_text("\n".join(header(lock)) + "\n" + lock.read_text())
        print(f"wrote {lock.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    """``write`` or ``check``."""
    if argv[1:] == ["write"]:
        write()
        return 0
    if argv[1:] == ["check"]:
        problems = stale()
        for problem in problems:
            print(f"lock: {problem}; run `make lock`", file=sys.stderr)
        return 1 if problems else 0
    print("usage: python requirements/lock.py write|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
