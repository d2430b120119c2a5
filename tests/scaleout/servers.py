"""A balancer in front of real server processes (:class:`bench.serverproc.ServerProcess`).

:class:`Balancer` is a TCP proxy on 127.0.0.1 that hands each new connection
to the next live server in turn, as a reverse proxy without sticky sessions
would; a connection to a server that dies is dropped with it, and the client's
reconnection goes to another one.
"""

from __future__ import annotations

import socket
import threading

from bench.serverproc import ONE_ADDRESS
from table.pgproxy import accept_each

#: Settings every test server gets: no bot delay, no rate limit in the way of fast bot clients.
FAST = ["--bot-delay", "0", "--rate", "1000", "--burst", "1000", "--allow-seeds", *ONE_ADDRESS]

#: The event loops ``serve --loop`` offers: a test parametrized with the ``serve_loop`` fixture
#: (conftest.py) over these runs its servers on each (uvloop needs the [uvloop] extra).
LOOPS = ("asyncio", "uvloop")


def create(server, **request) -> dict:
    """A new game on ``server`` (a :class:`~bench.serverproc.ServerProcess`)."""
    return server.create(request)


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


class Balancer:
    """A round-robin TCP proxy on 127.0.0.1 in front of ``backends`` (ports);
    a backend that refuses a connection is skipped."""

    def __init__(self, backends: list[int]) -> None:
        self.backends = list(backends)
        self._next = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.routed: list[int] = []
        self._stop = False
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        accept_each(self._listener, lambda: self._stop, self._open)

    def _open(self, client: socket.socket) -> None:
        upstream = self._connect()
        if upstream is None:
            client.close()
            return
        self._pairs.append((client, upstream))
        for a, b in ((client, upstream), (upstream, client)):
            threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _connect(self) -> socket.socket | None:
        for _ in range(len(self.backends)):
            port = self.backends[self._next % len(self.backends)]
            self._next += 1
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2)
                s.settimeout(None)
                self.routed.append(port)
                return s
            except OSError:
                continue
        return None

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._stop = True
        self._thread.join(5)
        self._listener.close()
        for a, b in self._pairs:
            a.close()
            b.close()
