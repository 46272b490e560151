"""One outbound exchange (wakeful.outbound.request) against real peers on loopback: the
total deadline against peers that trickle (body, status line, TLS handshake), the body
cap, redirects, connection reuse, and TLS to a pinned address keeping the host name
for SNI and the certificate check."""

from __future__ import annotations

import datetime
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from tests.support.raw_peer import Listener, Visit, listener, trickler  # noqa: F401 - fixtures
from wakeful import net, outbound


def dev_policy(names: dict[str, list[str]] | None = None) -> net.Policy:
    """Dev mode (loopback allowed), every port allowed, names from ``names``."""
    table = names or {}

    def resolve(host: str, port: int) -> list[str]:
        return table[host]

    return net.Policy(dev_mode=True, resolve=resolve)


def post(url: str, *, timeout: float = 10, max_body_bytes: int = 1024, **kwargs: Any) -> outbound.Response:
    kwargs.setdefault("policy", dev_policy())
    return outbound.request("POST", url, body=b"{}", timeout=timeout, max_body_bytes=max_body_bytes, **kwargs)


def client_gone(visit: Visit, within: float = 20.0) -> float:
    """Seconds from the request's arrival until the trickling server saw the client go."""
    deadline = time.monotonic() + within
    while visit.client_gone is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert visit.client_gone is not None, "the client kept reading"
    return visit.client_gone - visit.arrived


# -- the deadline ----------------------------------------------------------------------
def test_a_body_trickling_a_byte_at_a_time_is_cut_off_at_the_deadline(trickler: Any) -> None:
    server = trickler(length=100, interval=0.3)  # 30 s in all, each read well under 1 s
    started = time.monotonic()

    with pytest.raises(outbound.OutboundTimeout) as timed_out:
        post(server.url(), timeout=1)

    assert timed_out.value.phase == "body"
    assert time.monotonic() - started < 5
    (visit,) = server.visits
    assert client_gone(visit) < 5 and visit.finished is None


def test_a_status_line_trickling_a_byte_at_a_time_is_cut_off_at_the_deadline(trickler: Any) -> None:
    server = trickler(length=10, interval=0.3, trickle_head=True)
    started = time.monotonic()

    with pytest.raises(outbound.OutboundTimeout) as timed_out:
        post(server.url(), timeout=1)

    assert timed_out.value.phase == "response"
    assert time.monotonic() - started < 5
    assert client_gone(server.visits[0]) < 5


def test_a_tls_handshake_trickling_a_byte_at_a_time_is_cut_off_at_the_deadline(trickler: Any) -> None:
    server = trickler(length=200, interval=0.3, tls_stall=True)
    started = time.monotonic()

    with pytest.raises(outbound.OutboundTimeout):
        post(server.url(scheme="https"), timeout=1)

    assert time.monotonic() - started < 5
    assert client_gone(server.visits[0]) < 5


# -- scripted answers ------------------------------------------------------------------
class Scripted(ThreadingHTTPServer):
    """Answers every POST with ``respond(handler)``; records each request's client port."""

    def __init__(self, respond: Callable[[BaseHTTPRequestHandler], None], host: str = "127.0.0.1", port: int = 0) -> None:
        self.client_ports: list[int] = []
        self.hosts: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                server.client_ports.append(self.client_address[1])
                server.hosts.append(self.headers["Host"])
                try:
                    respond(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        super().__init__((host, port), Handler)
        self.daemon_threads = True
        threading.Thread(target=self.serve_forever, args=(0.05,), daemon=True).start()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that stopped reading (a cap, a deadline) resets the connection: expected

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def url(self, path: str = "x", host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/{path}"


@pytest.fixture()
def scripted() -> Iterator[Callable[..., Scripted]]:
    made: list[Scripted] = []

    def make(respond: Callable[[BaseHTTPRequestHandler], None], **kwargs: Any) -> Scripted:
        made.append(Scripted(respond, **kwargs))
        return made[-1]

    yield make
    for server in made:
        server.shutdown()
        server.server_close()


def answer(status: int, body: bytes = b"", **headers: str) -> Callable[[BaseHTTPRequestHandler], None]:
    def respond(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        for name, value in headers.items():
            handler.send_header(name.replace("_", "-"), value)
        if "Content_Length" not in headers:
            handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    return respond


def chunked(total: int) -> Callable[[BaseHTTPRequestHandler], None]:
    def respond(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        piece = b"x" * 65536
        for _ in range(total // len(piece)):
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
        handler.wfile.write(b"0\r\n\r\n")

    return respond


def test_a_declared_length_over_the_cap_fails_before_the_body_is_read(scripted: Any) -> None:
    server = scripted(answer(200, b"{", Content_Length=str(300 * 1024 * 1024)))
    with pytest.raises(outbound.BodyTooLarge) as too_large:
        post(server.url(), max_body_bytes=1024 * 1024)
    assert too_large.value.declared == 300 * 1024 * 1024


def test_a_body_growing_past_the_cap_fails_without_being_read_whole(scripted: Any) -> None:
    server = scripted(chunked(8 * 1024 * 1024))
    with pytest.raises(outbound.BodyTooLarge) as too_large:
        post(server.url(), max_body_bytes=1024 * 1024)
    assert too_large.value.declared is None and too_large.value.limit == 1024 * 1024


def test_with_truncate_a_long_body_keeps_its_first_bytes(scripted: Any) -> None:
    server = scripted(chunked(2 * 1024 * 1024))
    response = post(server.url(), max_body_bytes=10 * 1024, truncate=True)
    assert response.status == 200 and response.truncated
    assert response.body == b"x" * 10 * 1024


def test_a_redirect_is_returned_not_followed(scripted: Any, listener: Listener) -> None:
    server = scripted(answer(302, Location=f"http://127.0.0.1:{listener.port}/elsewhere"))
    response = post(server.url())
    assert response.status == 302 and response.headers["location"].endswith("/elsewhere")
    assert not listener.connected()


def test_calls_to_the_same_endpoint_reuse_one_connection(scripted: Any) -> None:
    server = scripted(answer(200, b"{}"))
    for _ in range(3):
        assert post(server.url()).body == b"{}"
    assert len(server.client_ports) == 3 and len(set(server.client_ports)) == 1


def test_a_refused_connection_is_an_outbound_error_naming_it(listener: Listener) -> None:
    port = listener.port
    listener.close()  # nothing listens there now
    with pytest.raises(outbound.OutboundError) as failed:
        post(f"http://127.0.0.1:{port}/x")
    assert failed.value.kind == "ConnectionError" and "could not connect" in str(failed.value)
    assert not isinstance(failed.value, outbound.OutboundTimeout)


def test_when_one_checked_address_refuses_the_next_one_is_tried(scripted: Any) -> None:
    server = scripted(answer(200, b"second"))
    policy = dev_policy({"two.test": ["127.0.0.3", "127.0.0.1"]})  # nothing on 127.0.0.3
    response = post(server.url(host="two.test"), policy=policy)
    assert response.body == b"second" and server.hosts == [f"two.test:{server.port}"]


def test_a_header_http_cannot_carry_fails_without_echoing_its_value(scripted: Any) -> None:
    server = scripted(answer(200))
    with pytest.raises(outbound.OutboundError) as failed:
        post(server.url(), headers={"Authorization": "Bearer top-secret\r\nX-Injected: 1"})
    assert failed.value.kind == "InvalidRequest" and "top-secret" not in str(failed.value)
    assert server.client_ports == []


def test_an_unsafe_url_is_refused_before_anything_is_sent(listener: Listener) -> None:
    with pytest.raises(net.UnsafeUrlError):
        post(f"http://127.0.0.1:{listener.port}\\@127.0.0.1:{listener.port + 1}/")
    assert not listener.connected()


# -- TLS to a pinned address -----------------------------------------------------------
def _certificates(tmp_path: Path, name: str) -> tuple[Path, Path, Path]:
    """A CA (its certificate file) and a server certificate and key for ``name``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.timezone.utc)

    def certificate(subject: str, key: Any, issuer: str, issuer_key: Any, *, ca: bool) -> Any:
        builder = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
            .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        )
        if not ca:
            builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False)
        return builder.sign(issuer_key, hashes.SHA256())

    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_cert = certificate("Wakeful test CA", ca_key, "Wakeful test CA", ca_key, ca=True)
    key = ec.generate_private_key(ec.SECP256R1())
    cert = certificate(name, key, "Wakeful test CA", ca_key, ca=False)
    paths = tmp_path / "ca.pem", tmp_path / "server.pem", tmp_path / "server.key"
    paths[0].write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return paths


@pytest.fixture()
def tls_server(tmp_path: Path, scripted: Any) -> Iterator[tuple[Scripted, list[str], Path]]:
    """An HTTPS server on 127.0.0.1 with a certificate for ``pinned.test``; yields it, the
    server names its clients asked for (SNI), and the CA file to trust."""
    ca, cert, key = _certificates(tmp_path, "pinned.test")
    server = scripted(answer(200, b"secure"))
    names: list[str] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda sock, name, ctx: names.append(name)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    yield server, names, ca


def test_tls_to_the_pinned_address_sends_the_host_name_for_sni_and_checks_the_certificate_against_it(tls_server: Any) -> None:
    server, names, ca = tls_server
    policy = dev_policy({"pinned.test": ["127.0.0.1"]})

    response = post(f"https://pinned.test:{server.port}/x", policy=policy, ca_certs=str(ca))

    assert response.status == 200 and response.body == b"secure"
    assert names == ["pinned.test"]
    assert server.hosts == [f"pinned.test:{server.port}"]


def test_tls_to_the_pinned_address_refuses_a_certificate_for_another_name(tls_server: Any) -> None:
    server, names, ca = tls_server
    policy = dev_policy({"other.test": ["127.0.0.1"]})  # the same address, another name

    with pytest.raises(outbound.OutboundError) as failed:
        post(f"https://other.test:{server.port}/x", policy=policy, ca_certs=str(ca))

    assert failed.value.kind == "SSLError"
    assert names == ["other.test"] and server.hosts == []


def test_an_httpx_client_given_the_pinned_url_host_header_and_sni_name_reaches_the_checked_address(tls_server: Any) -> None:
    # The recipe for SDK clients built on httpx (module docstring of wakeful.outbound).
    import httpx

    server, names, ca = tls_server
    target = dev_policy({"pinned.test": ["127.0.0.1"]}).check(f"https://pinned.test:{server.port}/x")

    with httpx.Client(verify=ssl.create_default_context(cafile=str(ca))) as client:
        response = client.post(target.pinned_url(), headers={"Host": target.host_header}, extensions={"sni_hostname": target.host})

    assert response.status_code == 200 and response.content == b"secure"
    assert names == ["pinned.test"] and server.hosts == [f"pinned.test:{server.port}"]
