"""Misbehaving peers on raw sockets, for the outbound tests.

- :class:`Listener`: a loopback port that must see no connection (the kernel completes
  a TCP handshake into the backlog without ``accept``, so a pending connection shows
  as a readable socket).
- :class:`TricklingServer`: reads one request per connection, then sends its answer a
  few bytes at a time (the status line and headers too, when asked), and records when
  each request arrived and when the client went away.
"""

from __future__ import annotations

import select
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Iterator

import pytest


class Listener:
    """A loopback port nothing should connect to."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        self.sock.bind((host, 0))
        self.sock.listen(8)
        self.port: int = self.sock.getsockname()[1]

    def connected(self, wait: float = 0.05) -> bool:
        """Whether any connection came. A connect to loopback completes its handshake
        before the caller's connect() returns, so a short ``wait`` is enough."""
        readable, _, _ = select.select([self.sock], [], [], wait)
        return bool(readable)

    def close(self) -> None:
        self.sock.close()


@dataclass
class Visit:
    """One connection to a :class:`TricklingServer`."""

    request: bytes = b""
    arrived: float = field(default_factory=time.monotonic)
    client_gone: float | None = None  # when a write failed: the client cut it off
    finished: float | None = None  # when the whole answer was sent


class TricklingServer:
    """Answers ``HTTP/1.1 200 OK`` with ``Content-Length: length`` and then one byte
    every ``interval`` seconds; with ``trickle_head`` the status line and headers come a
    byte at a time too. ``tls_stall`` instead sends the start of a TLS record and then
    trickles, holding a client in its handshake."""

    def __init__(self, *, length: int = 100, interval: float = 0.3, trickle_head: bool = False, tls_stall: bool = False) -> None:
        self.length = length
        self.interval = interval
        self.trickle_head = trickle_head
        self.tls_stall = tls_stall
        self.visits: list[Visit] = []
        self._stop = threading.Event()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port: int = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def url(self, path: str = "trickle", scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.port}/{path}"

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            visit = Visit()
            self.visits.append(visit)
            threading.Thread(target=self._answer, args=(conn, visit), daemon=True).start()

    def _answer(self, conn: socket.socket, visit: Visit) -> None:
        with conn:
            conn.settimeout(10)
            try:
                if not self.tls_stall:
                    visit.request = _read_request(conn)
                head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % self.length
                if self.tls_stall:
                    head, body = b"\x16\x03\x03\x40\x00", b"\x02" * self.length  # a 16 KiB handshake record, slowly
                else:
                    body = b" " * self.length
                if not self.trickle_head and not self.tls_stall:
                    conn.sendall(head)
                    head = b""
                for byte in head + body:
                    if self._stop.is_set():
                        return
                    conn.sendall(bytes([byte]))
                    time.sleep(self.interval)
                visit.finished = time.monotonic()
            except OSError:
                visit.client_gone = time.monotonic()

    def close(self) -> None:
        self._stop.set()
        self.sock.close()


def _read_request(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


@pytest.fixture()
def listener() -> Iterator[Listener]:
    """A loopback port that must see no connection."""
    found = Listener()
    yield found
    found.close()


@pytest.fixture()
def trickler() -> Iterator[type[TricklingServer]]:
    """Make :class:`TricklingServer` s; all are closed after the test."""
    made: list[TricklingServer] = []

    class Made(TricklingServer):
        def __init__(self, **kwargs: object) -> None:
            super().__init__(**kwargs)  # type: ignore[arg-type]
            made.append(self)

    yield Made
    for server in made:
        server.close()
