"""A real ``pillars-rules serve`` process on 127.0.0.1 for the board's tests.

Started as a child process (the command a person types), on a port chosen
free, with its SQLite file in a temporary folder; it can be killed with
SIGKILL and started again on the same port and file, as after a crash.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from bench.serverproc import ONE_ADDRESS

import pillars_rules as pr
from pillars_rules.table import EventStore, Table


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``pillars-rules serve`` in a child process; :meth:`kill` and :meth:`start` again at will."""

    def __init__(self, folder: Path, cards: Sequence[str] = (), bot_delay: float = 0.0) -> None:
        self.folder = Path(folder)
        self.db = self.folder / "games.sqlite3"
        self.port = free_port()
        self.cards = list(cards)
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen | None = None
        self.log = self.folder / "server.log"
        self.extra: list[str] = []  # more `serve` options

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        cmd = [
            sys.executable,
            "-m",
            "pillars_rules",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--bot-delay",
            str(self.bot_delay),
            "--allow-seeds",
            "--log-level",
            "warning",
            *ONE_ADDRESS,
        ]
        for c in self.cards:
            cmd += ["--cards", c]
        cmd += self.extra
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True
            )
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL the whole process group (the server and its bot workers), as a crash would."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            self.kill()
        self.proc = None

    def create(self, seats: list[dict], seed: int | None = None, cards: str = "base", **extra) -> dict:
        """POST /games as the lobby does; the server's answer (links per seat and the spectator's)."""
        doc = {"seats": seats, "cards": cards, **extra}
        if seed is not None:
            doc["seed"] = seed
        req = urllib.request.Request(
            f"{self.url}/games",
            data=json.dumps(doc).encode(),
            method="POST",
            headers={"content-type": "application/json", "origin": self.url},
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def game(self, game_id: str) -> pr.Game:
        """The stored game, loaded and verified by the library from the server's file."""
        store = EventStore(str(self.db))
        try:
            return Table.open(store, game_id).game
        finally:
            store.close()
