"""The real services behind the homelab's container and media tools, through their
HTTP APIs: the Docker Engine (``GET /containers/json``, ``GET /containers/{id}/json``),
Jellyfin (``GET /Items?searchTerm=``), Radarr (``GET /api/v3/movie/lookup``, ``POST
/api/v3/movie``) and Sonarr (``GET /api/v3/series/lookup``, ``POST /api/v3/series``).

Each is used when its base URL is configured (:meth:`Backends.from_env`); without it the
tool answers from the simulated world. The calls go through :mod:`wakeful.outbound`: the
URL read by the same parser as every URL Wakeful calls (:func:`wakeful.net.parse`), the
connection pinned to the address checked, no redirects, no environment proxy, a deadline
for the whole exchange and a bounded body. These are services of the homelab's own
network, named by its operator, never by the model or an API user: loopback and private
addresses are what they live on, so only link-local (cloud metadata among them),
multicast, reserved and unspecified addresses are refused. What the model chooses goes
into query parameters and JSON bodies; a container name, the one value in a path, is
checked and quoted. API keys travel in headers only, and leave every error text
redacted: they are never logged or answered.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Mapping
from urllib.parse import quote, urlencode

from wakeful import net, outbound

CALL_TIMEOUT_SECONDS = 4.0
MAX_BODY_BYTES = 4 * 1024 * 1024
ENV_PREFIX = "WAKEFUL_HOMELAB_"
#: ``(base URL, API key)`` environment variables of each service.
ENV = {
    "docker": ("WAKEFUL_HOMELAB_DOCKER_URL", None),
    "jellyfin": ("WAKEFUL_HOMELAB_JELLYFIN_URL", "WAKEFUL_HOMELAB_JELLYFIN_API_KEY"),
    "radarr": ("WAKEFUL_HOMELAB_RADARR_URL", "WAKEFUL_HOMELAB_RADARR_API_KEY"),
    "sonarr": ("WAKEFUL_HOMELAB_SONARR_URL", "WAKEFUL_HOMELAB_SONARR_API_KEY"),
}
CONTAINER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")


class BackendError(Exception):
    """A service did not do what was asked; the message is safe to show (no key)."""


class Deadline:
    """The time left for one tool run, shared by its calls."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        return self.end - time.monotonic()


@dataclass(frozen=True)
class Api:
    """One service's HTTP API at the base URL its operator configured.

    Raises (on creation):
        ValueError: the base URL is not a plain http(s) URL without query or fragment.
    """

    name: str
    base_url: str
    headers: Mapping[str, str]
    secret: str | None = None
    #: Radarr, Sonarr: ``quality_profile_id`` and ``root_folder`` to add with.
    options: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        base = self.base_url.rstrip("/")
        try:
            target = net.parse(base + "/", require_https=False)
        except net.UnsafeUrlError as error:
            raise ValueError(f"the {self.name} URL {base!r}: {error}") from None
        if "?" in target.request_uri:
            raise ValueError(f"the {self.name} URL must have no query: {base!r}")
        object.__setattr__(self, "base_url", base)

    def get(self, path: str, deadline: Deadline, params: Mapping[str, Any] | None = None) -> Any:
        return self.call("GET", path, deadline, params=params)

    def post(self, path: str, deadline: Deadline, body: Any) -> Any:
        return self.call("POST", path, deadline, body=body)

    def call(self, method: str, path: str, deadline: Deadline, *, params: Mapping[str, Any] | None = None, body: Any = None) -> Any:
        """One exchange; the JSON answer of a 2xx. Raises :class:`ApiStatus` for an
        HTTP error, :class:`BackendError` when there is no answer."""
        url = self.base_url + path + (f"?{urlencode(params)}" if params else "")
        left = deadline.left()
        if left <= 0.05:
            raise BackendError(f"no time left to ask {self.name}")
        try:
            response = outbound.request(
                method, lan_target(url), timeout=min(CALL_TIMEOUT_SECONDS, left), max_body_bytes=MAX_BODY_BYTES,
                headers={"Accept": "application/json", **self.headers}, json=body,
            )
        except outbound.OutboundTimeout:
            raise BackendError(f"{self.name} did not answer within {min(CALL_TIMEOUT_SECONDS, left):.1f} s") from None
        except (outbound.OutboundError, net.UnsafeUrlError) as error:
            raise BackendError(f"cannot reach {self.name}: {self.redact(str(error))}") from None
        text = response.body.decode("utf-8", "replace")
        if not response.ok:
            raise ApiStatus(response.status, self.name, self.redact(text[:500]))
        try:
            return json.loads(text) if text.strip() else None
        except ValueError:
            raise BackendError(f"{self.name} answered something that is not JSON") from None

    def redact(self, text: str) -> str:
        return outbound.redact(text, [self.secret])


class ApiStatus(BackendError):
    """A service answered an HTTP error."""

    def __init__(self, status: int, name: str, text: str) -> None:
        super().__init__(f"{name} answered HTTP {status}: {text[:300]}")
        self.status = status
        self.text = text


def lan_target(url: str) -> net.Target:
    """``url`` read as :func:`wakeful.net.parse` reads every URL, its host resolved
    once, every address checked (module docstring) and the connection pinned to them."""
    target = net.parse(url, require_https=False)
    try:
        addresses = list(target.addresses) or net.system_resolver(target.host, target.port)
    except (OSError, UnicodeError) as error:
        raise net.UnsafeUrlError(f"cannot resolve host {target.host!r}") from error
    for address in addresses:
        ip = ipaddress.ip_address(address)
        if ip.is_link_local or ip.is_multicast or ip.is_unspecified or ip.is_reserved:
            raise net.UnsafeUrlError(f"{target.host} resolves to {address}, which the homelab does not call")
    return replace(target, addresses=tuple(addresses))


def container_path(name: str) -> str:
    """The path segment of a container name or id the model gave (checked, quoted)."""
    if not isinstance(name, str) or not CONTAINER_NAME.fullmatch(name):
        raise BackendError("a container is named by letters, digits, '_', '.' or '-' (at most 128), starting with a letter or digit")
    return quote(name, safe="")


@dataclass(frozen=True)
class Backends:
    """The configured services (None: that tool answers from the simulated world)."""

    docker: Api | None = None
    jellyfin: Api | None = None
    radarr: Api | None = None
    sonarr: Api | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Backends:
        """The services whose ``WAKEFUL_HOMELAB_<SERVICE>_URL`` is set (with its
        ``…_API_KEY``; the Docker Engine's API has none: put it behind a read-only socket
        proxy). Raises ValueError for a URL of the wrong form, or a key missing."""
        environ = os.environ if environ is None else environ
        found: dict[str, Api] = {}
        for name, (url_var, key_var) in ENV.items():
            url = (environ.get(url_var) or "").strip()
            if not url:
                continue
            key = (environ.get(key_var) or "").strip() if key_var else None
            if key_var and not key:
                raise ValueError(f"{url_var} is set: set {key_var} too")
            options = _options(name, environ)
            try:
                found[name] = Api(name.capitalize(), url, _auth_headers(name, key), key, options)
            except ValueError as error:
                raise ValueError(f"{url_var}: {error}") from None
        return cls(**found)

    def describe(self) -> dict[str, str]:
        """Where each tool's answers come from (base URLs only, never a key)."""
        return {name: getattr(self, name).base_url if getattr(self, name) else "simulated" for name in ENV}


def _options(name: str, environ: Mapping[str, str]) -> dict[str, str]:
    prefix = f"{ENV_PREFIX}{name.upper()}_"
    options = {key: (environ.get(prefix + key.upper()) or "").strip() for key in ("quality_profile_id", "root_folder")}
    if options["quality_profile_id"] and not options["quality_profile_id"].isdigit():
        raise ValueError(f"{prefix}QUALITY_PROFILE_ID must be a number (a quality profile's id)")
    return {key: value for key, value in options.items() if value}


def _auth_headers(name: str, key: str | None) -> dict[str, str]:
    if name == "jellyfin":
        return {"Authorization": f'MediaBrowser Client="Wakeful homelab", Device="homelab", DeviceId="wakeful-homelab", Version="1", Token="{key}"'}
    if name in ("radarr", "sonarr"):
        return {"X-Api-Key": str(key)}
    return {}
