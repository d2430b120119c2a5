"""Two real server processes on one throwaway PostgreSQL database (issue #28)."""

import pytest
from bench.serverproc import ServerProcess
from requires import need

from .servers import FAST


@pytest.fixture
def serve_loop() -> str:
    """The event loop the test's servers run on: asyncio (serve's default), unless the test
    is parametrized over ``servers.LOOPS``."""
    return "asyncio"


@pytest.fixture
def start_servers(pg_dsn, tmp_path, serve_loop):
    """``start_servers(n, *args)``: ``n`` server processes on the test's database, on the
    event loop ``serve_loop`` (logs in the test's folder); all stopped at the end."""
    if serve_loop == "uvloop":
        need("uvloop")
    started: list[ServerProcess] = []

    def start(n: int = 2, *args: str) -> list[ServerProcess]:
        out = []
        for _ in range(n):
            log = tmp_path / f"server{len(started)}.log"
            server = ServerProcess(pg_dsn, None, *FAST, "--loop", serve_loop, *args, log=log)
            started.append(server)
            out.append(server.start())
            assert f"event loop: {serve_loop}" in server.banner, server.banner
        return out

    yield start
    for server in started:  # all at once: each takes a few seconds to close its sockets
        if server.proc is not None and server.proc.poll() is None:
            server.proc.terminate()
    for server in started:
        server.stop()
