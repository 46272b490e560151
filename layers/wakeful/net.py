"""Outbound URL safety (DESIGN.md invariant 7).

Hook and HTTP-tool URLs that resolve to private, loopback, link-local, multicast,
reserved or metadata addresses are refused outside dev mode, and https is required.
IPv6 addresses that lead to an IPv4 one (IPv4-mapped, 6to4, Teredo, NAT64) are judged
by that IPv4 address.
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


#: IPv6 ranges that carry an IPv4 address in their low 32 bits: NAT64 (RFC 6052) and
#: the deprecated IPv4-compatible addresses.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
#: Local-use NAT64 (RFC 8215): translates into whatever the local network chooses.
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address] | None:
    """The IPv4 addresses an IPv6 address leads to (IPv4-mapped, 6to4, Teredo, NAT64,
    IPv4-compatible), or None when it embeds none."""
    if ip.ipv4_mapped:
        return [ip.ipv4_mapped]
    if ip.sixtofour:
        return [ip.sixtofour]
    if ip.teredo:
        return list(ip.teredo)  # the relay server and the client's public address
    if ip in _NAT64 or ip in _IPV4_COMPATIBLE:
        return [ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)]
    return None


def _is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in _NAT64_LOCAL:
            return False
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            # Judged by where it leads: 2002:0a00:0001:: is 10.0.0.1, 64:ff9b::7f00:1 is 127.0.0.1.
            return all(_is_public(str(v4)) for v4 in embedded)
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
