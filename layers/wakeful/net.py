"""The outbound URL policy: which URLs Wakeful calls, and at which address.

Every URL a user gives Wakeful to call (HTTP tools, hooks, interceptors, and later
channels and MCP servers) is judged here, at registration and again before each call,
and :mod:`wakeful.outbound` then connects to the address judged here, nowhere else.

1. **Form.** The URL is read with the parser of the HTTP client that calls it (urllib3's
   ``parse_url``, which requests uses too), and refused, before any lookup, when
   parsers could disagree about it: a backslash anywhere; userinfo (``user@host``); a
   control character, whitespace or other invisible character anywhere (the path too);
   a fragment (``#...``: never sent, so it only ever serves to confuse parsers); a host
   that is not plain ASCII (write an internationalised name in its ``xn--`` form), is
   percent-encoded, ends with a dot or has an empty label; an IPv4 address in any form
   but four decimal numbers (``2130706433``, ``0177.0.0.1``, ``0x7f.1`` and ``127.1``
   all mean 127.0.0.1 to ``inet_aton``); an IPv6 zone; port 0; a scheme other than
   http or https. Outside dev mode the scheme must be https.
2. **Addresses.** The host is resolved once and every address it resolves to must be
   public: not private, loopback, link-local (instance metadata among them), multicast,
   reserved or unspecified. IPv6 addresses that lead to an IPv4 one (IPv4-mapped, 6to4,
   Teredo, NAT64, IPv4-compatible) are judged by that IPv4 address.
3. **Pinning.** The result, a :class:`Target`, carries the checked addresses; the call
   connects to one of them, with the ``Host`` header, TLS SNI and certificate check on
   the original host name, so a DNS answer that changes between the check and the
   connection (rebinding) cannot move the call.

Dev mode (``wakeful dev``) differs only in which addresses pass: loopback is allowed
too, except the stack's own ports (``WAKEFUL_DEV_BLOCKED_PORTS``, set by ``wakeful
dev``) and, when ``WAKEFUL_DEV_ALLOWED_PORTS`` is set, any port not in it; plain http is
allowed. On the API's own port (``WAKEFUL_DEV_INTAKE_PORTS``) one path stays open: the
webhook intake ``/webhooks/whk_…``, which a deployed stack's hooks reach too (a hook
delivering to a webhook of its own stack). Everything else is the same code path.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import unicodedata
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Collection, Sequence

from wakeful.config import get_settings
from wakeful.exceptions import ValidationError

if TYPE_CHECKING:
    from urllib3.util import Url


class UnsafeUrlError(ValidationError):
    """The URL is malformed for an outbound call, or points at an address Wakeful will not call."""


#: ``resolve(host, port)`` -> the addresses ``host`` resolves to, in the order to try them.
Resolver = Callable[[str, int], Sequence[str]]

DEFAULT_PORTS = {"http": 80, "https": 443}

#: IPv6 ranges that carry an IPv4 address in their low 32 bits: NAT64 (RFC 6052) and
#: the deprecated IPv4-compatible addresses.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
#: Local-use NAT64 (RFC 8215): translates into whatever the local network chooses.
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")

#: A host name: ASCII letters, digits, ``-`` and ``_``, in non-empty dot-separated labels.
_HOST_NAME = re.compile(r"[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*")
#: The last label of a host that means an IPv4 address to some parser (WHATWG URL's
#: "ends in a number", which also covers what ``inet_aton`` reads).
_NUMERIC_LABEL = re.compile(r"[0-9]+|0x[0-9a-f]*")
#: The webhook intake's path (``POST /webhooks/{webhook_id}``), nothing more (no query).
_WEBHOOK_INTAKE = re.compile(r"/webhooks/whk_[0-9A-HJKMNP-TV-Z]{26}")


@dataclass(frozen=True)
class Target:
    """A URL that passed the policy, and the addresses to connect to for it.

    ``host`` is the host as the URL names it (lower case; an IPv6 literal without its
    brackets); ``addresses`` are the checked addresses, in the order to try them;
    ``request_uri`` is the path and query as sent on the request line.
    """

    url: str
    scheme: str
    host: str
    port: int
    addresses: tuple[str, ...]
    request_uri: str
    is_ip_literal: bool = field(default=False)

    @property
    def address(self) -> str:
        """The first address to connect to."""
        return self.addresses[0]

    @property
    def host_header(self) -> str:
        """The ``Host`` header: the host, with the port when it is not the scheme's default."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == DEFAULT_PORTS[self.scheme] else f"{host}:{self.port}"

    def pinned_url(self, address: str | None = None) -> str:
        """The URL with the checked address in place of the host name: for HTTP clients
        (httpx) that take a URL, together with ``Host: host_header`` and the TLS server
        name ``host`` (httpx's ``sni_hostname`` request extension)."""
        ip = address or self.address
        literal = f"[{ip}]" if ":" in ip else ip
        return f"{self.scheme}://{literal}:{self.port}{self.request_uri}"


def system_resolver(host: str, port: int) -> list[str]:
    """The addresses the system resolver gives for ``host`` (TCP), without repeats."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


@dataclass(frozen=True)
class Policy:
    """Which URLs may be called: production's rules, or dev mode's (loopback allowed but
    for ``blocked_ports``, of which ``intake_ports`` still take the webhook intake's
    path; only ``allowed_ports`` when that is not empty). ``resolve`` is the resolver
    (tests inject one)."""

    dev_mode: bool = False
    blocked_ports: frozenset[int] = frozenset()
    allowed_ports: frozenset[int] = frozenset()
    intake_ports: frozenset[int] = frozenset()
    resolve: Resolver = system_resolver

    @classmethod
    def current(cls, *, dev_mode: bool | None = None, resolve: Resolver | None = None) -> Policy:
        """The deployment's policy (``WAKEFUL_DEV_MODE`` and the dev port lists)."""
        settings = get_settings()
        return cls(
            dev_mode=settings.dev_mode if dev_mode is None else dev_mode,
            blocked_ports=frozenset(settings.dev_blocked_ports),
            allowed_ports=frozenset(settings.dev_allowed_ports),
            intake_ports=frozenset(settings.dev_intake_ports),
            resolve=resolve or system_resolver,
        )

    def check(self, url: str) -> Target:
        """The :class:`Target` for ``url``; raises :class:`UnsafeUrlError` unless the
        URL is well-formed and every address its host resolves to may be called."""
        target = parse(url, require_https=not self.dev_mode)
        addresses = target.addresses or self._resolve(target.host, target.port)
        for address in addresses:
            self._judge(target, address)
        return replace(target, addresses=tuple(addresses))

    def _resolve(self, host: str, port: int) -> list[str]:
        try:
            found = [str(a) for a in self.resolve(host, port)]
        except (OSError, UnicodeError) as error:
            raise UnsafeUrlError(f"cannot resolve host {host!r}") from error
        if not found:
            raise UnsafeUrlError(f"cannot resolve host {host!r}")
        return found

    def _judge(self, target: Target, address: str) -> None:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError as error:
            raise UnsafeUrlError(f"{target.host} resolves to {address!r}, which is not an IP address") from error
        if self.dev_mode and ip.is_loopback:
            self._check_dev_port(target)
            return
        if not _is_public(ip):
            where = f"{target.host} is" if target.is_ip_literal else f"{target.host} resolves to {address},"
            raise UnsafeUrlError(f"{where} a non-public address, which endpoints may not use")

    def _check_dev_port(self, target: Target) -> None:
        host, port = target.host, target.port
        if port in self.blocked_ports:
            if port in self.intake_ports and _WEBHOOK_INTAKE.fullmatch(target.request_uri):
                return
            raise UnsafeUrlError(
                f"{host}:{port} is the local stack itself (the AWS emulator or the API), which hooks and tools may not call"
            )
        if self.allowed_ports and port not in self.allowed_ports:
            raise UnsafeUrlError(
                f"{host}:{port} is not in WAKEFUL_DEV_ALLOWED_PORTS ({', '.join(str(p) for p in sorted(self.allowed_ports))})"
            )


def check_url(
    url: str,
    *,
    dev_mode: bool,
    blocked_ports: Collection[int] | None = None,
    allowed_ports: Collection[int] | None = None,
    intake_ports: Collection[int] | None = None,
    resolve: Resolver | None = None,
) -> Target:
    """Check ``url`` against the policy (module docstring) and return its :class:`Target`.

    ``blocked_ports``, ``allowed_ports`` and ``intake_ports`` default to
    ``WAKEFUL_DEV_BLOCKED_PORTS``, ``WAKEFUL_DEV_ALLOWED_PORTS`` and
    ``WAKEFUL_DEV_INTAKE_PORTS``; they matter in dev mode only.

    Raises:
        UnsafeUrlError: the URL is malformed, or leads to an address that may not be called.
    """
    policy = Policy.current(dev_mode=dev_mode, resolve=resolve)
    if blocked_ports is not None or allowed_ports is not None or intake_ports is not None:
        policy = Policy(
            dev_mode=dev_mode,
            blocked_ports=frozenset(policy.blocked_ports if blocked_ports is None else blocked_ports),
            allowed_ports=frozenset(policy.allowed_ports if allowed_ports is None else allowed_ports),
            intake_ports=frozenset(policy.intake_ports if intake_ports is None else intake_ports),
            resolve=policy.resolve,
        )
    return policy.check(url)


# -- the form of a URL (no lookups) ----------------------------------------------------
def parse(url: str, *, require_https: bool) -> Target:
    """The parts of ``url`` as the HTTP client reads them, refusing every form that
    parsers read differently. The result's ``addresses`` is empty unless the host is an
    IP literal (nothing is resolved here)."""
    if not isinstance(url, str) or not url:
        raise UnsafeUrlError("the URL is empty")
    _refuse_odd_characters(url)
    scheme, _, rest = url.partition("://")
    scheme = scheme.lower()
    if not rest or scheme not in DEFAULT_PORTS:
        raise UnsafeUrlError("only http:// and https:// URLs can be called")
    if require_https and scheme != "https":
        raise UnsafeUrlError("endpoint URLs must use https")
    if "#" in url:
        raise UnsafeUrlError("the URL has a fragment (#...); fragments are never sent, remove it")
    authority = re.split(r"[/?]", rest, maxsplit=1)[0]
    if "@" in authority:
        raise UnsafeUrlError("the URL carries userinfo (user@host); credentials belong in a header, not the URL")
    if not authority.isascii():
        raise UnsafeUrlError("the host must be plain ASCII; write an internationalised name in its xn-- form")
    if "%" in authority:
        raise UnsafeUrlError("the host must not be percent-encoded")
    parsed = _parse_url(url)
    if parsed.scheme != scheme or parsed.auth is not None or parsed.fragment is not None or not parsed.host:
        raise UnsafeUrlError("the URL has no host, or a form Wakeful does not call")
    port = DEFAULT_PORTS[scheme] if parsed.port is None else parsed.port
    if not 0 < port < 65536:
        raise UnsafeUrlError(f"port {port} cannot be called")
    host, literal = _host(parsed.host)
    return Target(
        url=url,
        scheme=scheme,
        host=host,
        port=port,
        addresses=(literal,) if literal else (),
        request_uri=parsed.request_uri,
        is_ip_literal=literal is not None,
    )


def _refuse_odd_characters(url: str) -> None:
    for position, char in enumerate(url):
        if char == "\\":
            raise UnsafeUrlError(
                f"the URL contains a backslash (at position {position}), which HTTP clients read differently; use /"
            )
        if char.isspace() or unicodedata.category(char)[0] in "CZ":
            raise UnsafeUrlError(
                f"the URL contains a control character or whitespace (U+{ord(char):04X} at position {position}); "
                "percent-encode it"
            )


def _parse_url(url: str) -> Url:
    from urllib3.exceptions import LocationParseError
    from urllib3.util import parse_url

    try:
        return parse_url(url)
    except (LocationParseError, ValueError) as error:
        raise UnsafeUrlError("the URL cannot be parsed") from error


def _host(host: str) -> tuple[str, str | None]:
    """(the host in lower case without IPv6 brackets, its address if it is an IP literal)."""
    host = host.lower()
    if host.startswith("["):
        try:
            ip = ipaddress.IPv6Address(host[1:-1])
        except ValueError as error:
            raise UnsafeUrlError(f"{host} is not an IPv6 address") from error
        return str(ip), str(ip)
    if host.endswith("."):
        raise UnsafeUrlError(f"the host {host!r} ends with a dot; write it without")
    if not _HOST_NAME.fullmatch(host) or len(host) > 253:
        raise UnsafeUrlError(f"{host!r} is not a valid host name")
    if _NUMERIC_LABEL.fullmatch(host.rsplit(".", 1)[-1]) or _inet_aton(host):
        try:
            ip4 = ipaddress.IPv4Address(host)
        except ValueError:
            ip4 = None
        if ip4 is None or str(ip4) != host:
            raise UnsafeUrlError(f"{host!r} is not an IPv4 address in canonical form (four decimal numbers, e.g. 192.0.2.10)")
        return host, host
    return host, None


def _inet_aton(host: str) -> bool:
    try:
        socket.inet_aton(host)
    except OSError:
        return False
    return True


# -- which addresses are public --------------------------------------------------------
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


def _is_public(address: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in _NAT64_LOCAL:
            return False
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            # Judged by where it leads: 2002:0a00:0001:: is 10.0.0.1, 64:ff9b::7f00:1 is 127.0.0.1.
            return all(_is_public(v4) for v4 in embedded)
    return ip.is_global and not (
        ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_reserved or ip.is_unspecified
    )
