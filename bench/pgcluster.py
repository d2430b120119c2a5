"""A throwaway PostgreSQL cluster for the tests and the benchmarks.

:class:`Cluster` runs ``initdb`` in a new temporary folder and ``pg_ctl`` on a
Unix socket in that folder (no TCP port, so it cannot clash with another
cluster on the machine), and removes everything on :meth:`Cluster.stop`.
``initdb`` refuses to run as root, so when this process is root (as in CI) the
server runs as an unprivileged user (``postgres`` if it exists, else
``nobody``) through ``runuser``; otherwise it runs as the current user.

The server binaries are found in ``$PILLARS_PG_BIN``, then
``/usr/lib/postgresql/<newest>/bin`` (Debian's layout), then ``pg_config
--bindir``, then ``$PATH``.

Run ``python -m bench.pgcluster`` to start one by hand: it prints a
connection string for ``pillars-rules serve --db ...`` and removes the
cluster when you press Ctrl-C.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time

#: The database owner every cluster is made with (trust authentication on its own socket).
USER = "pillars"

#: Settings of a test cluster: small, and quick to commit. ``fsync`` is off unless asked:
#: a commit still waits for its WAL record to reach the operating system, so a crash of
#: the server process (``pg_ctl stop -m immediate``, SIGKILL) loses no committed row;
#: only a crash of the whole machine could.
SETTINGS = {
    "listen_addresses": "''",
    "max_connections": "300",
    "shared_buffers": "32MB",
    "full_page_writes": "off",
    "log_min_messages": "warning",
    "log_connections": "off",
}


class ClusterError(RuntimeError):
    """The PostgreSQL binaries are missing or the cluster did not start (the message says which)."""


def find_bindir() -> str:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``."""
    candidates = []
    if os.environ.get("PILLARS_PG_BIN"):
        candidates.append(os.environ["PILLARS_PG_BIN"])
    candidates += sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: [int(x) for x in p.split("/")[-2].split(".") if x.isdigit()],
        reverse=True,
    )
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(out.stdout.strip())
    if shutil.which("initdb"):
        candidates.append(os.path.dirname(shutil.which("initdb")))
    for folder in candidates:
        if folder and all(os.access(os.path.join(folder, b), os.X_OK) for b in ("initdb", "pg_ctl")):
            return folder
    raise ClusterError(
        "the PostgreSQL server binaries (initdb, pg_ctl) were not found: install "
        "PostgreSQL (Debian: apt-get install postgresql) or set PILLARS_PG_BIN "
        "to the folder that holds them"
    )


def _run_as() -> str | None:
    """The unprivileged user to run the server as when this process is root, else None."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise ClusterError("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL as")


class Cluster:
    """One PostgreSQL server in a temporary folder, on a Unix socket there.

    ``fsync`` turns the server's fsync on (benchmarks of durable commits);
    ``settings`` are more ``postgresql.conf`` lines. Use as a context manager,
    or call :meth:`start` and :meth:`stop`.
    """

    def __init__(self, *, fsync: bool = False, settings: dict[str, str] | None = None) -> None:
        self.bindir = find_bindir()
        self.user = _run_as()
        self.settings = {**SETTINGS, "fsync": "on" if fsync else "off", **(settings or {})}
        self.folder: str | None = None
        self._databases = 0

    # ------------------------------------------------------------ lifecycle
    def start(self) -> Cluster:
        self.folder = tempfile.mkdtemp(prefix="pillars-pg-")
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        os.chmod(self.folder, 0o700)
        self._pg("initdb", "-D", self.data, "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        lines = {**self.settings, "unix_socket_directories": f"'{self.folder}'"}
        conf = "".join(f"{k} = {v}\n" for k, v in lines.items())
        self._pg("sh", "-c", f"cat >> '{self.data}/postgresql.conf'", input=conf)
        self.pg_ctl("start")
        return self

    def pg_ctl(self, command: str, *, mode: str = "fast") -> None:
        """``pg_ctl start``, ``stop`` or ``restart`` (``mode``: smart, fast or immediate), waiting."""
        args = ["-m", mode] if command in ("stop", "restart") else []
        self._pg("pg_ctl", "-D", self.data, "-l", self.log, "-w", "-t", "60", *args, command)

    def restart(self, mode: str = "fast") -> None:
        """Stop the server (``immediate``: as if it crashed) and start it again on the same socket."""
        self.pg_ctl("restart", mode=mode)

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        if self.folder is None:
            return
        try:
            self.pg_ctl("stop", mode="immediate")
        except ClusterError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------ using it
    @property
    def data(self) -> str:
        return os.path.join(self.folder, "data")

    @property
    def log(self) -> str:
        return os.path.join(self.folder, "server.log")

    def dsn(self, dbname: str = "postgres") -> str:
        """A libpq connection string for ``dbname`` on this cluster's socket."""
        return f"postgresql://{USER}@/{dbname}?host={self.folder}"

    def new_database(self, prefix: str = "db") -> str:
        """The connection string of a new, empty database."""
        import psycopg

        self._databases += 1
        name = f"{prefix}_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.dsn(name)

    def _pg(self, program: str, *args: str, input: str | None = None) -> str:
        path = os.path.join(self.bindir, program) if program != "sh" else "/bin/sh"
        cmd = [path, *args]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, input=input, cwd=self.folder)
        if out.returncode != 0:
            tail = ""
            if self.folder and os.path.exists(self.log):
                with open(self.log, encoding="utf-8", errors="replace") as f:
                    tail = f.read()[-2000:]
            raise ClusterError(
                f"{program} {' '.join(args)} failed ({out.returncode}): {(out.stderr or out.stdout)[-2000:]}{tail}"
            )
        return out.stdout


def main() -> int:
    with Cluster() as cluster:
        print(f"PostgreSQL {cluster.bindir} running as {cluster.user or 'you'} in {cluster.folder}")
        print(f"  pillars-rules serve --db '{cluster.dsn()}'")
        print("Ctrl-C stops it and removes the folder.", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
