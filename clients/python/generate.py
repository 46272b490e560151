"""Generate ``wakeful-client`` from the API's OpenAPI document (``make client``).

The document is built from the code (the same one ``GET /openapi.json`` serves, with
``servers`` at ``/``) and written to ``openapi.json`` beside this file; the package is
generated from it by openapi-python-client (the version the ``test`` extra pins) into
``wakeful-client/`` (its blank lines and trailing spaces tidied), and the hand-written façade ``easy.py`` is copied into it as
``wakeful_client.easy``. The output is deterministic: a test regenerates it into a
temporary folder and fails if the committed files differ.

Usage: ``python clients/python/generate.py [--output DIR] [--document FILE]``
(``--document``: generate from that file, e.g. a running server's /openapi.json).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = "wakeful_client"
PROJECT = "wakeful-client"


def document_json() -> str:
    """The API's OpenAPI document as the code builds it, as stable JSON text."""
    sys.path[:0] = [str(HERE.parents[1] / "layers"), str(HERE.parents[1])]
    from wakeful.api.app import app
    from wakeful.api.openapi import document

    return json.dumps(document(app, server_url="/"), indent=2, ensure_ascii=False) + "\n"


def generate(output: Path, document: Path) -> None:
    """Generate the package from ``document`` into ``output`` (a folder that must not
    exist yet) and copy the façade into it."""
    bin_dir = Path(sys.executable).parent  # the generator's post-hooks run its ruff
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [
        str(bin_dir / "openapi-python-client"), "generate", "--path", str(document), "--config", str(HERE / "config.yml"),
        "--meta", "uv", "--output-path", str(output),
    ]  # fmt: skip
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0 or "Warning" in result.stdout + result.stderr:
        raise SystemExit(f"openapi-python-client failed or warned:\n{result.stdout}\n{result.stderr}")
    shutil.rmtree(output / ".ruff_cache", ignore_errors=True)
    for source in sorted((output / PACKAGE).rglob("*.py")):
        source.write_text(tidy(source.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copyfile(HERE / "easy.py", output / PACKAGE / "easy.py")


def tidy(text: str) -> str:
    """No trailing spaces, at most two blank lines in a row, one newline at the end.

    The generator runs no formatter (config.yml): a formatter's output changes with its
    release, and the committed client must be what the pinned generator alone makes.
    """
    lines: list[str] = []
    blank = 0
    for line in text.splitlines():
        line = line.rstrip()
        blank = blank + 1 if not line else 0
        if blank <= 2:
            lines.append(line)
    return "\n".join(lines).strip("\n") + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--output", type=Path, default=HERE, help="where openapi.json and wakeful-client/ go")
    parser.add_argument("--document", type=Path, help="generate from this OpenAPI document instead of the code's")
    args = parser.parse_args(argv)
    args.output.mkdir(parents=True, exist_ok=True)
    text = args.document.read_text(encoding="utf-8") if args.document else document_json()
    (args.output / "openapi.json").write_text(text, encoding="utf-8")
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / PROJECT
        generate(fresh, args.output / "openapi.json")
        target = args.output / PROJECT
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(fresh, target)
    print(f"generated {args.output / PROJECT} from {args.output / 'openapi.json'}")


if __name__ == "__main__":
    main()
