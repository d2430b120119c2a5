"""A real ``pillars-rules serve`` process on 127.0.0.1, for the server tests and benchmark."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

#: ``serve`` options that lift the per-client-address limits: every client of a benchmark or a
#: test comes from 127.0.0.1, so the limits meant for one stranger would throttle them all.
ONE_ADDRESS = (
    "--client-rate",
    "1000000",
    "--hello-rate",
    "1000000",
    "--max-connections-per-client",
    "1000000",
    "--create-rate",
    "1000000",
    "--max-games-per-client",
    "1000000",
    "--max-games-per-network",
    "1000000",
)


def replays(game, cards=None) -> bool:
    """Whether a stored game replays from its log to an equal game (its own game's replay: Pillars' with
    ``cards``, default the game's own, another game's with its shipped cards)."""
    import pillars_rules as pr

    kind = game.game_type
    if kind.name == "pillars":
        return bool(pr.replay(game.events, game.rules.cards if cards is None else cards) == game)
    return bool(pr.replay(game.events, game=kind.name) == game)


def as_sent(game, seat: int | None = None) -> list[dict]:
    """A stored game's log as the server sends it to ``seat`` (``None``: a spectator), event by event as
    JSON objects: Pillars' seat view (what the seat may not see redacted), another game's whole log."""
    kind = game.game_type
    if kind.name == "pillars":
        return list(json.loads(game.export(seat))["events"])
    return [kind.encode_event(e) for e in game.events]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: ``python -c`` text: ``serve`` under cProfile in every thread (the store thread too), timed
#: by each thread's CPU clock, so waits (epoll, PostgreSQL's answers) cost nothing; the
#: threads' stats go together to ``argv[1]`` at a clean stop (SIGTERM). SIGUSR1 starts a
#: window: the main thread's profile starts afresh and only threads started since count;
#: SIGUSR2 ends it (the main thread's profile stops), so start-up and shutdown stay out.
_PROFILE_THREADS = """
import cProfile, pstats, signal, sys, threading, time
profs = [cProfile.Profile(time.thread_time)]
first = [1]
def start(*args):
    prof = cProfile.Profile(time.thread_time)
    profs.append(prof)
    prof.enable()
def stop(signum, frame):
    raise SystemExit(0)
def window(signum, frame):
    profs[0].disable()
    profs[0] = cProfile.Profile(time.thread_time)
    first[0] = len(profs)
    profs[0].enable()
def window_end(signum, frame):
    profs[0].disable()
signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGUSR1, window)
signal.signal(signal.SIGUSR2, window_end)
threading.setprofile(start)
from pillars_rules.cli import main
profs[0].enable()
try:
    code = main(sys.argv[2:])
finally:
    profs[0].disable()
    stats = pstats.Stats(profs[0])
    for prof in profs[first[0]:]:
        try:
            stats.add(prof)
        except Exception:
            pass
    stats.dump_stats(sys.argv[1])
sys.exit(code or 0)
"""


class ServerProcess:
    """``python -m pillars_rules serve`` on ``port`` with ``db``; :meth:`start`
    waits until it answers, :meth:`kill` sends SIGKILL, :meth:`stop` SIGTERM."""

    def __init__(
        self,
        db: Path | str,
        port: int | None = None,
        *args: str,
        log: Path | None = None,
        cpu: int | None = None,
        cprofile: Path | None = None,
        threads: bool = False,
        group: bool = False,
        gclog: Path | None = None,
        site: Path | None = None,
    ) -> None:
        self.db = db if isinstance(db, str) and "://" in db else Path(db)  # a path, or a postgresql:// string
        self.port = port or free_port()
        self.args = list(args)
        self.log = log or Path(self.db).with_suffix(".log")
        self.cpu = cpu
        self.cprofile = cprofile  # run under cProfile (bench/cprofserve.py), stats written here at stop
        self.threads = threads  # with cprofile: every thread, by CPU time (see _PROFILE_THREADS)
        self.group = group  # in a process group of its own, for :meth:`signal_group`
        self.gclog = gclog  # log every garbage collection here (bench/gcserve.py)
        self.site = site  # a folder put first on the server's path (the compiled build)
        self.proc: subprocess.Popen | None = None
        self.admin_token: str | None = None
        self.starts = 0
        self.banner: list[str] = []  # what serve printed at its last start, up to the admin token

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        main = (
            ["-m", "bench.gcserve", str(self.gclog)]
            if self.gclog is not None
            else ["-m", "pillars_rules"]
            if self.cprofile is None
            else ["-c", _PROFILE_THREADS, str(self.cprofile)]
            if self.threads
            else ["-m", "bench.cprofserve", str(self.cprofile)]
        )
        cmd = [sys.executable, *main, "serve", "--port", str(self.port), "--db", str(self.db), *self.args]
        if self.cpu is not None and hasattr(os, "sched_setaffinity"):
            cmd = ["taskset", "-c", str(self.cpu), *cmd]
        out = open(self.log, "ab")
        # a tag in the environment, inherited by the server's bot workers, to find them by
        env = {**os.environ, "PILLARS_SERVER_DB": str(self.db)}
        if self.site is not None:
            root = str(Path(__file__).resolve().parents[1])  # for bench.gcserve
            env["PYTHONPATH"] = os.pathsep.join([str(self.site), root])
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=out, stdin=subprocess.DEVNULL, env=env, start_new_session=self.group
        )
        self.starts += 1
        deadline = time.monotonic() + timeout
        self.banner = []
        for raw in self.proc.stdout:  # the banner: where the games are, the lobby, the admin token
            line = raw.decode()
            self.banner.append(line.rstrip("\n"))
            if "token:" in line:
                self.admin_token = line.rsplit("token:", 1)[1].strip()
                break
            if time.monotonic() > deadline:
                break
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def create(self, request: dict) -> dict:
        req = urllib.request.Request(
            self.url + "/games",
            data=json.dumps(request).encode(),
            headers={"content-type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def signal_group(self, signum: int, timeout: float = 30.0) -> int:
        """Send ``signum`` to the server's whole process group (its bot workers too), as a
        terminal's Ctrl-C or a service manager's stop does; its exit status (needs ``group``)."""
        if not self.group:
            raise ValueError("signal_group needs a server started with group=True")
        os.killpg(self.proc.pid, signum)
        try:
            return self.proc.wait(timeout)
        finally:
            if self.proc.stdout:
                self.proc.stdout.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc is not None and self.proc.stdout:
            self.proc.stdout.close()

    def rss_bytes(self) -> int:
        """The server process's resident memory now (Linux)."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
