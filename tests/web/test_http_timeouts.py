"""HTTP requests are timed out (hardening round 4, item 6), against a real
``pillars-rules serve`` process: a connection that never finishes its headers
is closed after ``--header-timeout``, a POST whose body stalls is answered 408
after ``--body-timeout``. Before, both stayed open for as long as the client
liked (300 header sets and 100 bodies still open after 30-45 s)."""

from __future__ import annotations

import socket

import pytest
from bench.serverproc import ServerProcess

#: Seconds the test waits for the server before it calls the connection left open.
PATIENCE = 20.0


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = tmp_path_factory.mktemp("timeouts") / "games.sqlite3"
    with ServerProcess(db, None, "--header-timeout", "1", "--body-timeout", "1") as server:
        yield server


def _read_all(sock: socket.socket) -> bytes:
    sock.settimeout(PATIENCE)
    out = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return out
        out += chunk


def test_headers_that_never_end_are_cut_off(live):
    with socket.create_connection(("127.0.0.1", live.port)) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n")
        assert _read_all(sock) == b""  # closed, with nothing answered


def test_a_second_request_s_headers_are_timed_too(live):
    with socket.create_connection(("127.0.0.1", live.port)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answer = _read_all(sock)
        assert answer.startswith(b"HTTP/1.1 200") and answer.count(b"HTTP/1.1") == 1


def test_a_stalled_body_is_answered_408(live):
    with socket.create_connection(("127.0.0.1", live.port)) as sock:
        sock.sendall(
            b"POST /games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"seats":'
        )
        answer = _read_all(sock)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
