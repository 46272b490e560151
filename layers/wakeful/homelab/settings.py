"""Where the homelab service is, and the secret the preset's tools sign their calls with.

Read from the environment when a preset is applied or the guard runs (not cached: both
are rare, and a development process that starts its homelab service on a free port sets
them before creating the agent).

- ``WAKEFUL_HOMELAB_URL``: the service's base URL; tools are ``<url>/tools/<name>`` and
  the guard reads ``<url>/state``. Default ``http://127.0.0.1:8790`` (``wakeful dev
  --homelab`` serves it there by default).
- ``WAKEFUL_HOMELAB_SECRET``: the Standard Webhooks secret (``whsec_…``) of the preset's
  tools; the service verifies each call with it. Under ``wakeful dev`` the default is a
  fixed development secret; outside it there is no default (the preset then gives each
  tool a fresh secret nobody holds, so calls fail verification until it is set).
"""

from __future__ import annotations

import os

ENV_URL = "WAKEFUL_HOMELAB_URL"
ENV_SECRET = "WAKEFUL_HOMELAB_SECRET"
DEFAULT_URL = "http://127.0.0.1:8790"
#: base64 of "wakeful-homelab-development-only" (a Standard Webhooks secret is whsec_ + base64).
DEV_SECRET = "whsec_d2FrZWZ1bC1ob21lbGFiLWRldmVsb3BtZW50LW9ubHk="


def url() -> str:
    """The homelab service's base URL, without a trailing slash."""
    return (os.environ.get(ENV_URL) or DEFAULT_URL).rstrip("/")


def secret() -> str | None:
    """The signing secret of the preset's tools (None: none configured outside dev mode)."""
    from wakeful.config import get_settings

    return os.environ.get(ENV_SECRET) or (DEV_SECRET if get_settings().dev_mode else None)


def tool_url(name: str) -> str:
    """The endpoint of tool ``name`` on the homelab service."""
    return f"{url()}/tools/{name}"
