"""The console's static files: looked up by name, read on first request, then cached.

Nothing here touches the disk at import: a Lambda cold start that never serves the
console never pays for it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

STATIC_DIR = Path(__file__).with_name("static")
INDEX = "index.html"
#: Flat names only: no directories, so no path can leave STATIC_DIR.
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\.(?:js|css|svg|html)$")
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}


@dataclass(frozen=True)
class Asset:
    """One static file: its text, content type and a strong ETag."""

    name: str
    text: str
    content_type: str
    etag: str


def is_asset_name(name: str) -> bool:
    """Whether ``name`` may name a console file (a flat, known-extension name)."""
    return bool(_NAME.match(name))


@lru_cache(maxsize=64)
def load(name: str) -> Asset | None:
    """The asset called ``name``, or None if there is no such file."""
    if not is_asset_name(name):
        return None
    path = STATIC_DIR / name
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    return Asset(name=name, text=text, content_type=CONTENT_TYPES[path.suffix], etag=f'"{digest}"')
