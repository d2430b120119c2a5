"""Disk per stored game: ``python -m bench.disk [--games N] [--players P] [--postgres]``.

Starts ``pillars-rules serve`` on a fresh SQLite file (and, with
``--postgres``, on a throwaway PostgreSQL cluster too), creates N games of P
``random`` bots (the cheapest to play; a game's log is as long whoever plays
it), waits until every one is finished, stops the server and reports the bytes
the store grew by, per game: the SQLite file after the server's last
checkpoint, against the same file with no game; on PostgreSQL the total size
(tables, indexes, TOAST) of the schema's relations. The figure is what
``--keep-finished`` saves per pruned game (docs/deployment.rst).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from .serverproc import ONE_ADDRESS, ServerProcess


def _finished(server: ServerProcess) -> int:
    req = urllib.request.Request(
        server.url + "/api/admin/games", headers={"authorization": f"Bearer {server.admin_token}"}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return sum(1 for g in json.loads(r.read())["games"] if g["finished"])


def _play(db: str, log: Path, games: int, players: int) -> None:
    with ServerProcess(db, None, *ONE_ADDRESS, "--bot-delay", "0", log=log) as server:
        for _ in range(games):
            server.create({"seats": [{"kind": "bot", "bot": "random"}] * players})
        deadline = time.monotonic() + 60 * games
        while _finished(server) < games:
            if time.monotonic() > deadline:
                raise RuntimeError("the bots' games did not finish in time")
            time.sleep(0.5)


def sqlite_bytes(workdir: Path, games: int, players: int) -> tuple[int, int]:
    """(bytes of a store with no game, bytes with ``games`` finished ones)."""
    empty, full = workdir / "empty.sqlite3", workdir / "full.sqlite3"
    _play(str(empty), workdir / "empty.log", 0, players)
    _play(str(full), workdir / "full.log", games, players)
    return _file_bytes(empty), _file_bytes(full)


def _file_bytes(path: Path) -> int:
    """The database file and its write-ahead log, if one is left."""
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def postgres_bytes(games: int, players: int, workdir: Path) -> tuple[int, int]:
    import psycopg

    from .pgcluster import Cluster

    def size(dsn: str) -> int:
        with psycopg.connect(dsn) as conn:
            return conn.execute(
                "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = 'pillars' AND c.relkind IN ('r', 'm')"
            ).fetchone()[0]

    with Cluster() as cluster:
        empty, full = cluster.new_database("empty"), cluster.new_database("full")
        _play(empty, workdir / "pg-empty.log", 0, players)
        _play(full, workdir / "pg-full.log", games, players)
        return size(empty), size(full)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.disk", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--postgres", action="store_true")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pillars-disk-") as tmp:
        rows = [("SQLite", *sqlite_bytes(Path(tmp), args.games, args.players))]
        if args.postgres:
            rows.append(("PostgreSQL", *postgres_bytes(args.games, args.players, Path(tmp))))
    print(f"{args.games} finished games of {args.players} random bots")
    for name, empty, full in rows:
        print(
            f"{name}: {empty} bytes empty, {full} bytes with the games: "
            f"{(full - empty) / args.games / 1024:.0f} KiB per game"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
