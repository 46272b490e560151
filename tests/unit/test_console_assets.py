"""The console's static files: served by flat name only, every module they import
ships, and importing the API (a Lambda cold start) reads none of them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from wakeful.console import assets

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" and "console" in str(args[0]) else None)
import functions.api.handler
from wakeful.api.app import app
import wakeful.console.routes
print(json.dumps([p for p in opened if "/static/" in p]))
"""


def test_importing_the_api_and_the_console_routes_reads_no_console_file() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_a_file_is_read_on_first_request_and_then_served_from_the_cache() -> None:
    assets.load.cache_clear()
    first = assets.load("app.js")
    assert first is not None and first.content_type.startswith("text/javascript")
    assert assets.load("app.js") is first and assets.load.cache_info().hits == 1


def test_names_that_leave_the_static_folder_or_have_other_extensions_find_nothing() -> None:
    for name in ("../routes.py", "..%2Froutes.py", "routes.py", "/etc/passwd", ".hidden.js", "sub/app.js", "nope.js", ""):
        assert assets.load(name) is None, name


def test_every_shipped_file_is_servable_by_its_name() -> None:
    names = [p.name for p in assets.STATIC_DIR.iterdir() if p.is_file()]
    assert "index.html" in names and "app.js" in names
    assert [n for n in names if not assets.is_asset_name(n)] == []


def test_every_module_the_console_imports_ships_with_it() -> None:
    missing = []
    for script in assets.STATIC_DIR.glob("*.js"):
        for target in re.findall(r'^import .* from "\./([^"]+)";$', script.read_text(), flags=re.M):
            if not (assets.STATIC_DIR / target).is_file():
                missing.append(f"{script.name} -> {target}")
    assert missing == []


def test_the_page_loads_its_files_from_the_api_base_path_and_no_other_origin() -> None:
    html = (assets.STATIC_DIR / "index.html").read_text()
    sources = re.findall(r'(?:src|href)="([^"#]+)"', html)
    assert sources and all(s.startswith("{{BASE}}") for s in sources)


def test_the_create_form_offers_every_registered_preset() -> None:
    from wakeful.presets import PRESETS

    page = (ROOT / "layers/wakeful/console/static/page-agents.js").read_text()
    offered = set(re.findall(r'h\("option", \{ value: "([a-z0-9_-]+)" \}', page))
    assert offered == set(PRESETS)
