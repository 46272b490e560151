"""The lock files match pyproject.toml, pin everything with hashes, and agree with
each other and with the deploy settings (requirements/lock.py)."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("wakeful_lock", ROOT / "requirements" / "lock.py")
assert _spec and _spec.loader
lock = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lock)

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def pins(path: Path) -> dict[str, list[tuple[str, str | None]]]:
    """name -> [(version, marker)] of a lock."""
    found: dict[str, list[tuple[str, str | None]]] = {}
    for line in path.read_text().splitlines():
        match = PIN.match(line)
        if match:
            found.setdefault(canonicalize_name(match[1]), []).append((match[2], match[3]))
    return found


def declared(extras: tuple[str, ...]) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    optional = project["optional-dependencies"]
    chosen = [*project["dependencies"], *(r for extra in extras for r in optional[extra])]
    return [Requirement(r) for r in chosen if canonicalize_name(Requirement(r).name) != "wakeful"]


def test_the_locks_were_compiled_from_the_current_pyproject() -> None:
    assert lock.stale() == []


def test_a_changed_dependency_makes_the_locks_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    changed = tmp_path / "pyproject.toml"
    changed.write_text((ROOT / "pyproject.toml").read_text().replace('"pydantic>=2.7,<3"', '"pydantic>=2.8,<3"'))
    monkeypatch.setattr(lock, "PYPROJECT", changed)
    assert len(lock.stale()) == 2


@pytest.mark.parametrize("path", [lock.DEV_LOCK, lock.LAYER_LOCK], ids=["dev", "layer"])
def test_every_declared_requirement_is_pinned_within_its_bounds(path: Path) -> None:
    extras, _args = lock.LOCKS[path]
    locked = pins(path)
    unmet = []
    for requirement in declared(extras):
        versions = [v for v, _marker in locked.get(canonicalize_name(requirement.name), [])]
        if not versions or not all(requirement.specifier.contains(v, prereleases=True) for v in versions):
            unmet.append(f"{requirement} (locked: {versions})")
    assert unmet == []


@pytest.mark.parametrize("path", [lock.DEV_LOCK, lock.LAYER_LOCK], ids=["dev", "layer"])
def test_every_pin_carries_a_hash(path: Path) -> None:
    lines = path.read_text().splitlines()
    unhashed = [line for i, line in enumerate(lines) if PIN.match(line) and "--hash=sha256:" not in lines[i + 1]]
    assert unhashed == []


def test_every_runtime_declaration_has_an_upper_bound_on_its_major() -> None:
    unbounded = [
        str(r) for r in declared(("llm", "dev", "test", "infra"))
        if not any(s.operator in ("<", "<=", "==", "~=") for s in r.specifier)
        and canonicalize_name(r.name) != "tzdata"  # calendar-versioned: no major to bound
    ]  # fmt: skip
    assert unbounded == []


def test_the_layer_ships_the_versions_the_tests_run_against() -> None:
    dev = pins(lock.DEV_LOCK)
    differ = {
        name: (versions, dev.get(name))
        for name, versions in pins(lock.LAYER_LOCK).items()
        if not {v for v, _ in versions} <= {v for v, _ in dev.get(name, [])}
    }
    assert differ == {}


def test_the_layer_lock_targets_the_functions_runtime() -> None:
    settings = (ROOT / "infra" / "settings.py").read_text()
    assert f'PYTHON_VERSION = "{lock.LAYER_PYTHON_VERSION}"' in settings
    assert 'ARCHITECTURE = "arm64"' in settings and lock.LAYER_PLATFORM.startswith("aarch64-")
