"""What users read names nothing outside the repository, describes every operation,
and lists every hook type."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = re.compile(r"\bseed \d|\bSeed \d|\bseeds?\b.{0,3}0\d\d|\bissue \d+|\.\./shared|DESIGN\.md|CONTRACT\.md")


def _document() -> dict:
    from wakeful.api.app import app
    from wakeful.api.openapi import document

    return document(app)


@pytest.mark.parametrize("path", sorted([*(ROOT / "docs").glob("*.md"), ROOT / "README.md"]), ids=lambda p: p.name)
def test_user_docs_name_nothing_outside_the_repository(path):
    found = [line for line in path.read_text().splitlines() if OUTSIDE.search(line)]
    assert not found, found


def test_the_openapi_text_names_nothing_outside_the_repository():
    text = json.dumps(_document())
    assert not OUTSIDE.search(text), OUTSIDE.search(text)


def test_every_openapi_operation_is_described():
    doc = _document()
    bare = [f"{m.upper()} {p}" for p, ops in doc["paths"].items() for m, op in ops.items() if not op.get("description")]
    assert not bare, bare


def test_the_api_reference_lists_every_hook_type_and_the_tool_protocol():
    from wakeful.hooks.models import SEED_HOOK_TYPES, SPEND_HOOK_TYPES, THREAD_HOOK_TYPES

    reference = (ROOT / "docs" / "api.md").read_text()
    missing = [t for t in (*SEED_HOOK_TYPES, *THREAD_HOOK_TYPES, *SPEND_HOOK_TYPES) if f"`{t}`" not in reference]
    assert not missing, missing
    for needle in ("ToolRequest", "ToolResponse", "standardwebhooks", "hook.verify("):
        assert needle in reference


def test_the_api_reference_covers_every_resource_of_the_api():
    reference = (ROOT / "docs" / "api.md").read_text()
    firsts = {"/" + path.strip("/").split("/")[0] for path in _document()["paths"]}
    firsts |= {"/agents/{id}/" + path.split("/")[3] for path in _document()["paths"] if path.startswith("/agents/{agent_id}/")}
    missing = sorted(f for f in firsts if f.replace("{agent_id}", "{id}") not in reference and f != "/")
    assert not missing, missing


#: The planning notes behind the code, which are not in the repository.
_NOTES = re.compile("|".join(re.escape(name) for name in ("DESIGN" + ".md", "CONTRACT" + ".md", "CONVENTIONS" + ".md", "../" + "shared")))
#: Generated from the OpenAPI document (its text is checked above), or not ours.
_SKIPPED_PARTS = {".git", ".venv", "node_modules", "__pycache__", "cdk.out", ".pytest_cache"}


def _repository_texts() -> list[Path]:
    """The repository's text files, walked without entering the skipped folders (the
    virtualenv alone holds tens of thousands of files)."""
    import os

    skipped = ROOT / "clients" / "python" / "wakeful-client"
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder)
        subfolders[:] = [name for name in subfolders if name not in _SKIPPED_PARTS and here / name != skipped]
        found += [
            here / name
            for name in files
            if Path(name).suffix in {".py", ".md", ".js", ".html", ".css", ".json", ".toml", ".txt", ".yaml", ".yml", ".cfg", ""}
        ]
    return found


def test_no_file_names_the_planning_notes_outside_the_repository():
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _repository_texts()
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if _NOTES.search(line)
    ]
    assert not found, found


def test_the_mcp_client_example_says_which_mcp_package_it_needs_and_how_to_install_it():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    spec = next(r for r in extras["llm"] if r.startswith("mcp"))  # the SDK version Wakeful is tested with
    text = (ROOT / "docs" / "mcp.md").read_text()
    example = text.index("from mcp.client.client import Client")
    lead_in = text[text.rindex("**Any client with the Python SDK**", 0, example) : example]
    assert "`mcp` package 2.x" in lead_in and f"pip install '{spec}'" in lead_in, lead_in
