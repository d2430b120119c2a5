"""Real server processes on one PostgreSQL database, and a balancer in front of them.

:class:`ServerProcess` runs ``pillars-rules serve --db <dsn>`` as a child
process on a free port of 127.0.0.1 and waits until it answers.
:class:`Balancer` is a TCP proxy on 127.0.0.1 that hands each new connection
to the next live server in turn, as a reverse proxy without sticky sessions
would; a connection to a server that dies is dropped with it, and the client's
reconnection goes to another one.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

#: Settings every test server gets: no bot delay, no rate limit in the way of fast bot clients.
FAST = ["--bot-delay", "0", "--rate", "1000", "--burst", "1000", "--allow-seeds"]


class ServerProcess:
    """``pillars-rules serve`` in a child process (stopped by :meth:`stop` or :meth:`kill`)."""

    def __init__(self, db: str, *args: str, log_path: str | None = None) -> None:
        self.db = db
        self.args = [*FAST, *args]
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> "ServerProcess":
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        self.proc = subprocess.Popen([sys.executable, "-m", "pillars_rules", "serve", "--db", self.db,
                                      "--port", "0", *self.args], stdout=subprocess.PIPE, stderr=log,
                                     text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + timeout
        for line in self.proc.stdout:
            m = re.match(r"lobby: (http://127\.0\.0\.1:\d+)/", line)
            if m:
                self.url = m.group(1)
                break
        else:
            raise RuntimeError(f"the server exited before listening (code {self.proc.wait()})")
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()   # drain the rest
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api/lobby", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited at start (code {self.proc.returncode})") from None
            time.sleep(0.05)
        raise RuntimeError(f"the server at {self.url} did not answer in {timeout} s")

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL: the process dies at once, mid-whatever."""
        if self.alive():
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        """Ask it to stop (SIGINT: a graceful shutdown), then wait; SIGKILL after 20 s."""
        self.interrupt()
        if self.proc is not None:
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def interrupt(self) -> None:
        if self.alive():
            self.proc.send_signal(signal.SIGINT)


def create_game(url: str, **request) -> dict:
    """POST /games to the server at ``url`` (as its own page would: same origin)."""
    req = urllib.request.Request(f"{url}/games", data=json.dumps(request).encode(),
                                 headers={"content-type": "application/json", "origin": url})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


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
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.routed: list[int] = []
        self._stop = False
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop:
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            upstream = self._connect()
            if upstream is None:
                client.close()
                continue
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
