"""Two real server processes on one throwaway PostgreSQL database (issue #28)."""

import pytest
from bench.serverproc import ServerProcess

from .servers import FAST


@pytest.fixture
def start_servers(pg_dsn, tmp_path):
    """``start_servers(n, *args)``: ``n`` server processes on the test's database
    (logs in the test's folder); all stopped at the end."""
    started: list[ServerProcess] = []

    def start(n: int = 2, *args: str) -> list[ServerProcess]:
        out = []
        for _ in range(n):
            server = ServerProcess(pg_dsn, None, *FAST, *args, log=tmp_path / f"server{len(started)}.log")
            started.append(server)
            out.append(server.start())
        return out

    yield start
    for server in started:  # all at once: each takes a few seconds to close its sockets
        if server.proc is not None and server.proc.poll() is None:
            server.proc.terminate()
    for server in started:
        server.stop()
