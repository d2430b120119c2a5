"""A byte-for-byte proxy in front of PostgreSQL's Unix socket that can drop a
connection at a chosen moment, for the tests of lost connections.

``Proxy(cluster_folder)`` listens on a socket of its own folder (connect with
``host=proxy.folder``) and forwards everything both ways. :meth:`cut` arms it
for the next statement the client runs (the next client packet holding an
Execute or a simple Query message; a Parse that only prepares passes):

* ``"before"`` -- the connection is closed without forwarding it (the server
  never sees the statement);
* ``"after_commit"`` -- it is forwarded, and the server's answer is swallowed
  up to its ReadyForQuery message (sent only once the statement's implicit
  transaction has committed); then the connection is closed, so the client
  never learns that its statement was stored.
"""

from __future__ import annotations

import os
import selectors
import shutil
import socket
import struct
import tempfile
import threading

PORT = 5432


class Proxy:
    def __init__(self, upstream_folder: str) -> None:
        self.upstream = os.path.join(upstream_folder, f".s.PGSQL.{PORT}")
        self.folder = tempfile.mkdtemp(prefix="pillars-pgproxy-")
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(os.path.join(self.folder, f".s.PGSQL.{PORT}"))
        self._listener.listen(8)
        self._listener.settimeout(0.1)
        self._mode: str | None = None
        self.cuts = 0
        self._stop = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def dsn(self, dbname: str, user: str = "pillars") -> str:
        return f"postgresql://{user}@/{dbname}?host={self.folder}"

    def cut(self, mode: str) -> None:
        assert mode in ("before", "after_commit")
        self._mode = mode

    def close(self) -> None:
        self._stop = True
        self._thread.join(timeout=5)
        self._listener.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # ------------------------------------------------------------------ inside
    def _serve(self) -> None:
        accept_each(self._listener, lambda: self._stop, self._open)

    def _open(self, client: socket.socket) -> None:
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.connect(self.upstream)
        threading.Thread(target=self._pump, args=(client, server), daemon=True).start()

    def _pump(self, client: socket.socket, server: socket.socket) -> None:
        sel = selectors.DefaultSelector()
        sel.register(client, selectors.EVENT_READ)
        sel.register(server, selectors.EVENT_READ)
        swallowing, pending = False, b""
        try:
            while not self._stop:
                for key, _ in sel.select(timeout=0.2):
                    data = key.fileobj.recv(65536)
                    if not data:
                        return
                    if key.fileobj is client:
                        runs = self._mode and {b"E", b"Q"} & set(_kinds(data))
                        if runs and self._mode == "before":
                            self._mode, self.cuts = None, self.cuts + 1
                            return
                        if runs and self._mode == "after_commit":
                            self._mode, swallowing = None, True
                        server.sendall(data)
                    elif swallowing:
                        pending += data
                        if b"Z" in _kinds(pending):
                            self.cuts += 1
                            return
                    else:
                        client.sendall(data)
        finally:
            client.close()
            server.close()


def accept_each(listener: socket.socket, stopped, handle) -> None:
    """Hand each connection ``listener`` accepts to ``handle`` until ``stopped()``
    (the listener has a short timeout, so a stop is seen) or the listener is closed."""
    while not stopped():
        try:
            client, _ = listener.accept()
        except TimeoutError:
            continue
        except OSError:
            return
        client.settimeout(None)
        handle(client)


def _kinds(stream: bytes) -> list[bytes]:
    """The types of the whole protocol messages at the start of ``stream``
    (each is a type byte and a 4-byte length that counts itself)."""
    at, kinds = 0, []
    while at + 5 <= len(stream):
        length = struct.unpack("!i", stream[at + 1 : at + 5])[0]
        if at + 1 + length > len(stream):
            break
        kinds.append(stream[at : at + 1])
        at += 1 + length
    return kinds
