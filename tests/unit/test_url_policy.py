"""The outbound URL policy (wakeful.net) as every outbound call meets it.

Each hostile URL goes through :func:`wakeful.outbound.request`, the function every
outbound call uses, with a resolver the test controls: it must be refused, and nothing
may connect to the loopback listener that most of the URLs point at (nor, for a
malformed URL, may the resolver even be asked). Malformed forms are refused in dev mode
too, where loopback is otherwise allowed.
"""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

from tests.support.raw_peer import Listener, listener  # noqa: F401 - fixture
from wakeful import net, outbound

PUBLIC = "93.184.215.14"

#: What the test resolver answers; any other name does not resolve.
NAMES = {
    "public.test": [PUBLIC],
    "loopback.test": ["127.0.0.1"],
    "v6loopback.test": ["::1"],
    "mapped.test": ["::ffff:127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "linklocal.test": ["fe80::1"],
    "private.test": ["10.0.0.1"],
    "mixed.test": [PUBLIC, "127.0.0.1"],  # one bad address refuses the name
    "nat64.test": ["64:ff9b::a9fe:a9fe"],
}


class SpyResolver:
    """A resolver that answers from :data:`NAMES` and remembers what it was asked."""

    def __init__(self, names: dict[str, list[str]] | None = None) -> None:
        self.names = NAMES if names is None else names
        self.asked: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.asked.append(host)
        if host not in self.names:
            raise socket.gaierror(socket.EAI_NONAME, "not known")
        return self.names[host]


# (name, URL with {p} for the listener's port, refused in dev mode too, resolved by name)
HOSTILE: list[tuple[str, str, bool, bool]] = [
    # backslashes: urllib3 connects to what comes before the \, urlsplit reads what follows @
    ("backslash-at-to-public", "https://127.0.0.1:{p}\\@93.184.215.14/", True, False),
    ("backslash-metadata", "https://169.254.169.254\\@93.184.215.14/", True, False),
    ("backslash-at-to-loopback", "https://93.184.215.14\\@127.0.0.1:{p}/", True, False),
    ("backslash-in-path", "https://93.184.215.14/a\\..\\@127.0.0.1:{p}", True, False),
    ("backslashes-for-slashes", "https:\\\\127.0.0.1:{p}/", True, False),
    ("encoded-backslash-in-host", "https://127.0.0.1:{p}%5C@93.184.215.14/", True, False),
    # userinfo, and @ hidden behind # or ?
    ("userinfo", "https://user@127.0.0.1:{p}/", True, False),
    ("userinfo-public-looking", "https://93.184.215.14@127.0.0.1:{p}/", True, False),
    ("double-at", "https://a@b@127.0.0.1:{p}/", True, False),
    ("user-and-password-to-public", "https://user:pass@93.184.215.14/", True, False),
    ("fragment-at", "https://127.0.0.1:{p}#@93.184.215.14/", True, False),
    ("fragment-at-reversed", "https://93.184.215.14#@127.0.0.1:{p}/", True, False),
    ("any-fragment", "https://93.184.215.14/hook#part", True, False),
    ("query-at", "https://127.0.0.1:{p}?@93.184.215.14/", False, False),  # the host is 127.0.0.1
    # IPv4 in forms inet_aton reads
    ("decimal-ipv4", "https://2130706433:{p}/", True, False),
    ("octal-ipv4", "https://0177.0.0.1:{p}/", True, False),
    ("hex-short-ipv4", "https://0x7f.1:{p}/", True, False),
    ("hex-ipv4", "https://0x7f000001:{p}/", True, False),
    ("two-part-ipv4", "https://127.1:{p}/", True, False),
    ("three-part-ipv4", "https://127.0.1:{p}/", True, False),
    ("octal-whole-ipv4", "https://017700000001:{p}/", True, False),
    ("short-metadata", "https://169.254.43518/latest/meta-data/", True, False),
    ("zero-padded-ipv4", "https://127.000.000.001:{p}/", True, False),
    # IPv6 literals
    ("ipv6-loopback", "https://[::1]:{p}/", False, False),
    ("ipv6-link-local", "https://[fe80::1]:{p}/", True, False),
    ("ipv6-ula", "https://[fd00::1]:{p}/", True, False),
    ("ipv6-metadata", "https://[fd00:ec2::254]/latest/meta-data/", True, False),
    ("ipv4-mapped-dotted", "https://[::ffff:127.0.0.1]:{p}/", True, False),
    ("ipv4-mapped-hex", "https://[::ffff:7f00:1]:{p}/", True, False),
    ("ipv4-mapped-metadata", "https://[::ffff:a9fe:a9fe]/", True, False),
    ("nat64-metadata", "https://[64:ff9b::a9fe:a9fe]/", True, False),
    ("6to4-metadata", "https://[2002:a9fe:a9fe::]/", True, False),
    ("teredo-private-client", "https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/", True, False),
    ("ipv6-unspecified", "https://[::]:{p}/", True, False),
    ("ipv6-zone", "https://[fe80::1%25lo]:{p}/", True, False),
    # trailing dots, IDNA and fullwidth forms, percent-encoding
    ("localhost-trailing-dot", "https://localhost.:{p}/", True, False),
    ("ipv4-trailing-dot", "https://127.0.0.1.:{p}/", True, False),
    ("fullwidth-localhost", "https://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54:{p}/", True, False),
    ("circled-digits", "https://\u2460\u2461\u2466.0.0.1:{p}/", True, False),
    ("ideographic-dots", "https://127\u30020\u30020\u30021:{p}/", True, False),
    ("percent-encoded-ipv4", "https://%31%32%37.0.0.1:{p}/", True, False),
    ("percent-encoded-name", "https://%6c%6f%63%61%6c%68%6f%73%74:{p}/", True, False),
    # unspecified and metadata addresses
    ("zero-address", "https://0.0.0.0:{p}/", True, False),
    ("zero-short", "https://0:{p}/", True, False),
    ("metadata", "https://169.254.169.254/latest/meta-data/", True, False),
    ("metadata-http", "http://169.254.169.254/latest/meta-data/", True, False),
    # names that resolve where they must not
    ("name-to-loopback", "https://loopback.test:{p}/", False, True),
    ("name-to-ipv6-loopback", "https://v6loopback.test:{p}/", False, True),
    ("name-to-mapped-loopback", "https://mapped.test:{p}/", True, True),
    ("name-to-metadata", "https://metadata.test/latest/meta-data/", True, True),
    ("name-to-link-local", "https://linklocal.test:{p}/", True, True),
    ("name-to-private", "https://private.test/", True, True),
    ("name-to-public-and-loopback", "https://mixed.test:{p}/", False, True),
    ("name-to-nat64-metadata", "https://nat64.test/", True, True),
    ("name-that-does-not-resolve", "https://nowhere.test:{p}/", True, True),
    # control characters and whitespace, anywhere
    ("tab-in-path", "https://93.184.215.14/a\tb", True, False),
    ("newline-in-path", "https://93.184.215.14/a\nb", True, False),
    ("cr-in-path", "https://93.184.215.14/a\rb", True, False),
    ("nul-in-path", "https://93.184.215.14/a\x00b", True, False),
    ("del-in-path", "https://93.184.215.14/a\x7f", True, False),
    ("tab-in-host", "https://127.0.0.1\t:{p}/", True, False),
    ("nul-in-host", "https://93.184.215.14\x00.127.0.0.1:{p}/", True, False),
    ("space-in-host", "https://93.184.215.14 @127.0.0.1:{p}/", True, False),
    ("zero-width-space", "https://93.184.215.14/\u200b", True, False),
    ("leading-tab", "\thttps://93.184.215.14/", True, False),
    ("request-splitting", "https://93.184.215.14/ HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\n\r\n", True, False),
    ("line-separator", "https://93.184.215.14/\u2028", True, False),
    # schemes, missing hosts, odd ports
    ("file", "file:///etc/passwd", True, False),
    ("gopher", "gopher://127.0.0.1:{p}/_GET", True, False),
    ("ftp", "ftp://93.184.215.14/", True, False),
    ("scheme-relative", "//127.0.0.1:{p}/", True, False),
    ("one-slash", "https:/127.0.0.1:{p}/", True, False),
    ("no-host", "https://:{p}/", True, False),
    ("port-zero", "https://93.184.215.14:0/", True, False),
    ("plain-http-outside-dev", "http://93.184.215.14/hook", False, False),
]


def _request(url: str, policy: net.Policy) -> None:
    outbound.request("POST", url, body=b"{}", timeout=5, max_body_bytes=1024, policy=policy)


@pytest.mark.parametrize(("url", "resolved"), [(url, resolved) for _, url, _, resolved in HOSTILE], ids=[c[0] for c in HOSTILE])
def test_a_hostile_url_is_refused_in_production_before_any_connection(url: str, resolved: bool, listener: Listener) -> None:
    resolver = SpyResolver()

    with pytest.raises(net.UnsafeUrlError):
        _request(url.format(p=listener.port), net.Policy(dev_mode=False, resolve=resolver))

    assert not listener.connected()
    assert len(resolver.asked) == (1 if resolved and url.startswith("https://") else 0)


MALFORMED = [(name, url) for name, url, dev_refused, _ in HOSTILE if dev_refused]


@pytest.mark.parametrize("url", [url for _, url in MALFORMED], ids=[name for name, _ in MALFORMED])
def test_a_malformed_or_non_loopback_url_is_refused_in_dev_mode_too(url: str, listener: Listener) -> None:
    resolver = SpyResolver()

    with pytest.raises(net.UnsafeUrlError):
        _request(url.format(p=listener.port), net.Policy(dev_mode=True, resolve=resolver))

    assert not listener.connected()


def test_there_are_at_least_forty_hostile_forms() -> None:
    assert len(HOSTILE) >= 40 and len({name for name, *_ in HOSTILE}) == len(HOSTILE)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://127.0.0.1:9\\@93.184.215.14/", "backslash"),
        ("https://user@93.184.215.14/", "userinfo"),
        ("https://93.184.215.14/a\tb", "control character"),
        ("https://93.184.215.14/#x", "fragment"),
        ("https://127.1/", "canonical form"),
        ("https://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/", "ASCII"),
        ("https://localhost./", "ends with a dot"),
        ("https://%31%32%37.0.0.1/", "percent-encoded"),
        ("ftp://93.184.215.14/", "http:// and https://"),
        ("http://93.184.215.14/", "https"),
        ("https://metadata.test/", "non-public"),
    ],
)
def test_a_refusal_says_what_is_wrong(url: str, message: str) -> None:
    with pytest.raises(net.UnsafeUrlError, match=message) as refused:
        net.Policy(dev_mode=False, resolve=SpyResolver()).check(url)
    assert refused.value.status == 422


@pytest.mark.parametrize(
    ("url", "host", "port", "request_uri"),
    [
        ("https://93.184.215.14/hook", "93.184.215.14", 443, "/hook"),
        ("https://[2606:4700:4700::1111]:8443/x?y=1", "2606:4700:4700::1111", 8443, "/x?y=1"),
        ("https://Public.TEST/a@b?c=@d", "public.test", 443, "/a@b?c=@d"),  # @ past the authority is data
        ("https://public.test/caf\u00e9", "public.test", 443, "/caf%C3%A9"),  # sent percent-encoded
        ("HTTPS://public.test", "public.test", 443, "/"),
    ],
)
def test_a_well_formed_public_url_passes_with_its_checked_addresses(url: str, host: str, port: int, request_uri: str) -> None:
    target = net.Policy(dev_mode=False, resolve=SpyResolver()).check(url)
    assert (target.host, target.port, target.request_uri) == (host, port, request_uri)
    assert target.addresses and all(net._is_public(a) for a in target.addresses)


def test_a_name_is_resolved_once_per_check_and_the_target_keeps_every_address() -> None:
    resolver = SpyResolver({"two.test": [PUBLIC, "2606:4700:4700::1111"]})
    target = net.Policy(resolve=resolver).check("https://two.test/x")
    assert resolver.asked == ["two.test"]
    assert target.addresses == (PUBLIC, "2606:4700:4700::1111")
    assert target.host_header == "two.test"
    assert target.pinned_url() == f"https://{PUBLIC}:443/x"
    assert target.pinned_url("2606:4700:4700::1111") == "https://[2606:4700:4700::1111]:443/x"


# -- pinning: the address connected to is the address checked ----------------------------
class _Recorder(ThreadingHTTPServer):
    def __init__(self, address: tuple[str, int]) -> None:
        self.hosts: list[str] = []
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                recorder.hosts.append(self.headers["Host"])
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

        super().__init__(address, Handler)
        self.daemon_threads = True
        threading.Thread(target=self.serve_forever, args=(0.05,), daemon=True).start()


@pytest.fixture()
def twin_servers() -> Iterator[tuple[_Recorder, _Recorder]]:
    """Two servers on the same port: 127.0.0.1 (the checked answer) and 127.0.0.2 (what
    a rebinding DNS answers next)."""
    for _ in range(20):
        second = _Recorder(("127.0.0.2", 0))
        try:
            first = _Recorder(("127.0.0.1", second.server_address[1]))
        except OSError:
            second.shutdown()
            second.server_close()
            continue
        break
    else:
        pytest.fail("no port free on both 127.0.0.1 and 127.0.0.2")
    yield first, second
    for server in (first, second):
        server.shutdown()
        server.server_close()


class RebindingResolver:
    """Answers 127.0.0.1 the first time, then 127.0.0.2 (DNS rebinding)."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, host: str, port: int) -> list[str]:
        self.asked += 1
        return ["127.0.0.1"] if self.asked == 1 else ["127.0.0.2"]


def test_a_name_that_rebinds_after_the_check_is_still_called_at_the_checked_address(twin_servers: Any) -> None:
    first, second = twin_servers
    port = first.server_address[1]
    resolver = RebindingResolver()
    policy = net.Policy(dev_mode=True, resolve=resolver)

    response = outbound.request("POST", f"http://rebind.test:{port}/hook", body=b"{}", timeout=10, max_body_bytes=1024, policy=policy)

    assert response.status == 200 and response.body == b"ok"
    assert resolver.asked == 1
    assert first.hosts == [f"rebind.test:{port}"]  # the Host header keeps the name
    assert second.hosts == []


def test_a_target_checked_earlier_is_called_at_its_address_whatever_dns_says_now(twin_servers: Any) -> None:
    first, second = twin_servers
    port = first.server_address[1]
    resolver = RebindingResolver()
    target = net.Policy(dev_mode=True, resolve=resolver).check(f"http://rebind.test:{port}/hook")

    for _ in range(2):
        outbound.request("POST", target, body=b"{}", timeout=10, max_body_bytes=1024)

    assert resolver.asked == 1
    assert len(first.hosts) == 2 and second.hosts == []


def test_the_listener_does_see_a_call_that_the_policy_lets_through(listener: Listener) -> None:
    # The control for the refusals above: in dev mode a loopback URL passes, and the
    # listener (which never answers) sees the connection.
    policy = net.Policy(dev_mode=True, resolve=SpyResolver())
    with pytest.raises(outbound.OutboundTimeout):
        outbound.request("POST", f"http://loopback.test:{listener.port}/", body=b"{}", timeout=0.5, max_body_bytes=1024, policy=policy)
    assert listener.connected()
