"""Outbound URL safety (DESIGN.md invariant 7).

Hook and HTTP-tool URLs that resolve to private, loopback, link-local, multicast,
reserved or metadata addresses are refused outside dev mode, and https is required.
Checked at registration and again before each call (DNS can change). Under
``wakeful dev``, loopback targets are allowed except the stack's own ports.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Collection
from urllib.parse import urlsplit

from wakeful.exceptions import ValidationError


class UnsafeUrlError(ValidationError):
    """The URL points at an address Wakeful will not call."""


def _is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_reserved)


def check_url(
    url: str,
    *,
    dev_mode: bool,
    blocked_ports: Collection[int] | None = None,
    allowed_ports: Collection[int] | None = None,
) -> None:
    """Raise :class:`UnsafeUrlError` unless ``url`` is safe to call.

    Dev mode (the local runtime) also allows plain http and loopback addresses — only
    the ones a user means: never the emulator's or the API's own port
    (``blocked_ports``, default ``WAKEFUL_DEV_BLOCKED_PORTS``, which ``wakeful dev``
    sets), and, when an allow-list is set (``allowed_ports``, default
    ``WAKEFUL_DEV_ALLOWED_PORTS``), only its ports — and nothing else that is not public.
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise UnsafeUrlError(f"{url!r} is not a valid URL") from error
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UnsafeUrlError(f"{url!r} is not an http(s) URL")
    if parts.scheme != "https" and not dev_mode:
        raise UnsafeUrlError("endpoint URLs must use https")
    try:
        infos = socket.getaddrinfo(parts.hostname, port or 443, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as error:
        raise UnsafeUrlError(f"cannot resolve host {parts.hostname!r}") from error
    for info in infos:
        address = str(info[4][0])
        if dev_mode and ipaddress.ip_address(address).is_loopback:
            _check_dev_port(parts.hostname, port or (443 if parts.scheme == "https" else 80), blocked_ports, allowed_ports)
            continue
        if not _is_public(address):
            raise UnsafeUrlError(f"{parts.hostname} resolves to {address}, a non-public address")


def _check_dev_port(host: str, port: int, blocked: Collection[int] | None, allowed: Collection[int] | None) -> None:
    if blocked is None or allowed is None:
        from wakeful.config import get_settings

        settings = get_settings()
        blocked = settings.dev_blocked_ports if blocked is None else blocked
        allowed = settings.dev_allowed_ports if allowed is None else allowed
    if port in blocked:
        raise UnsafeUrlError(
            f"{host}:{port} is the local stack itself (the AWS emulator or the API), which hooks and tools may not call"
        )
    if allowed and port not in allowed:
        raise UnsafeUrlError(
            f"{host}:{port} is not in WAKEFUL_DEV_ALLOWED_PORTS ({', '.join(str(p) for p in sorted(allowed))})"
        )
