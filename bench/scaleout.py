"""Several game-server processes on one PostgreSQL: throughput, cross-process latency, losses.

``python -m bench --scaleout`` (or ``python -m bench.scaleout``) starts a
throwaway PostgreSQL cluster (:mod:`bench.pgcluster`, fsync on: commits as
durable as in production) and plays the same workload three times, with
real ``pillars-rules serve`` processes (:mod:`bench.serverproc`) and bot
clients over real WebSockets (:class:`pillars_rules.web.client.GameClient`):

``sqlite-1``
    one process on SQLite, every client on it;
``postgres-1``
    one process on PostgreSQL, every client on it;
``postgres-2``
    two processes on one PostgreSQL, each table's four clients spread over
    both (seat ``s`` of table ``t`` on process ``(t + s) % 2``), so every
    move crosses from one process to the other, as a proxy without sticky
    sessions spreads them;
``postgres-2-by-table``
    the same two processes, each table's clients all on one process (table
    ``t`` on process ``t % 2``), as a proxy routing by game would: no move
    needs the other process.

Each run: ``--tables`` tables (default 40) of 4 seats played to the end by
random bot clients (the cheapest client, so the load generator takes as
little of the machine as it can). With two or more cores each server process
is pinned to a core of its own (one process: core 0; two: cores 0 and 1);
the clients and PostgreSQL run where the system puts them.

Reported per run:

* accepted actions per second: the moves accepted between the moment every
  client has synced and the last game's end, over that interval (a move
  counts when the first client of its table sees it);
* latency from an action's send to the sender's update, p50 and p99;
* cross-process latency (``postgres-2``): from a move's send by a client of
  one process to its update at each client of the table on the other, p50
  and p99;
* lost or duplicated events: every stored game must replay, and every
  client's log must be the stored log, event for event;
* CPU seconds of each server, of the clients (this process) and of
  PostgreSQL (the postmaster and its ended connection processes), and their
  sum per accepted action: a measure that the machine's load disturbs
  little, and that bounds the rate two cores can reach (2 s / that sum);
* the machine's load average before and after.

Targets: ``postgres-2`` at least 1.6x the actions/s of ``postgres-1``, a
cross-process p99 of at most 100 ms, and 0 lost or duplicated events.
Results go to ``bench/results/scaleout.json`` and ``.rst``.

``--cprofile DIR`` runs every server under cProfile, every thread of it (the
event loop and the store's thread) timed by that thread's CPU clock, and
writes each process's stats and a summary per accepted action to ``DIR``
(the rates of such a run mean nothing; the shares of the profile do).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import datetime
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
TARGETS = {"speedup": 1.6, "cross_p99_ms": 100.0, "lost_or_duplicated": 0}
RUNS = ("sqlite-1", "postgres-1", "postgres-2", "postgres-2-by-table")


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU seconds (user + system) of process ``pid``; with ``children``, also those of
    its children that have ended (PostgreSQL's connection processes, once closed)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def _postmaster(cluster) -> int:
    with open(os.path.join(cluster.data, "postmaster.pid")) as f:
        return int(f.readline())


def probe_class():
    """A GameClient that notes when it sends each answer and when each update arrives."""
    from pillars_rules.web.client import GameClient

    class Probe(GameClient):
        def __init__(self, *args, process: int = 0, **kw) -> None:
            super().__init__(*args, **kw)
            self.process = process
            self.sends: list[tuple[int, float]] = []  # (decision answered, when)
            self.arrivals: list[tuple[int, float]] = []  # (decision reached, when)

        def receive(self, msg: dict) -> None:
            super().receive(msg)
            if msg["type"] in ("sync", "update"):
                self.arrivals.append((msg["decision"], time.perf_counter()))

        async def send_action(self, action: dict) -> None:
            self.sends.append((self.decision, time.perf_counter()))
            await super().send_action(action)

    return Probe


def lost_or_duplicated(spec: str, game_ids: list[str], clients: list) -> tuple[int, int]:
    """(games or clients that do not match, actions stored): each stored game must
    replay through the verified loader and to an equal game, and each client's log
    must be the stored log as clients see it (the spectators' redaction), event for event; any game."""
    import pillars_rules as pr
    from bench.serverproc import as_sent, replays
    from pillars_rules.table import Table, open_store

    bad, actions, public = 0, 0, {}
    with open_store(spec) as store:
        for gid in game_ids:
            try:
                game = Table.open(store, gid).game
            except pr.PillarsError:
                bad += 1
                continue
            if not replays(game):
                bad += 1
            actions += game.decision - 1
            public[gid] = (as_sent(game), game.decision)
    for c in clients:
        events, decision = public.get(c.game, (None, None))
        if c.events != events or c.decision != decision:
            bad += 1
    return bad, actions


def measure(clients: list, start: float, end: float) -> dict:
    """Rates and latencies from the clients' notes."""
    by_table: dict[str, list] = {}
    for c in clients:
        by_table.setdefault(c.game, []).append(c)
    accepted = 0
    cross: list[float] = []
    for members in by_table.values():
        first_seen: dict[int, float] = {}
        for c in members:
            for d, t in c.arrivals:
                if d not in first_seen or t < first_seen[d]:
                    first_seen[d] = t
        accepted += sum(1 for t in first_seen.values() if start <= t <= end)
        reached = {id(c): [d for d, _ in c.arrivals] for c in members}  # non-decreasing
        for sender in members:
            for d, t0 in sender.sends:
                for other in members:
                    if other.process == sender.process:
                        continue
                    k = bisect.bisect_right(reached[id(other)], d)  # its first update past decision d
                    if k < len(other.arrivals):
                        cross.append(other.arrivals[k][1] - t0)
    own = [x for c in clients for x in c.latencies]
    seconds = end - start
    return {
        "accepted": accepted,
        "seconds": seconds,
        "actions_per_s": accepted / seconds if seconds else 0.0,
        "p50_ms": 1000 * _percentile(own, 0.5),
        "p99_ms": 1000 * _percentile(own, 0.99),
        "cross_p50_ms": 1000 * _percentile(cross, 0.5) if cross else None,
        "cross_p99_ms": 1000 * _percentile(cross, 0.99) if cross else None,
        "cross_samples": len(cross),
    }


def run(name: str, tables: int, workdir: Path, cluster, *, seed: int = 1, cprofile: Path | None = None) -> dict:
    """One run of the workload (``name`` is one of :data:`RUNS`); with ``cprofile`` (a folder)
    each server runs under cProfile, its stats in ``<name>-<k>.pstats`` and a summary per
    accepted action in ``<name>-<k>.txt`` there."""
    from bench.serverproc import ONE_ADDRESS, ServerProcess
    from pillars_rules.web.client import random_policy

    backend, n = name.split("-")[:2]
    n, by_table = int(n), name.endswith("by-table")
    db = cluster.new_database("bench") if backend == "postgres" else str(workdir / f"{name}.sqlite3")
    cores = os.cpu_count() or 1
    args = [
        *ONE_ADDRESS,
        "--rate",
        "1000",
        "--burst",
        "1000",
        "--bot-delay",
        "0",
        "--max-games",
        str(tables + 10),
        "--max-connections",
        str(8 * tables + 50),
        "--log-level",
        "warning",
    ]
    profs = [None if cprofile is None else cprofile / f"{name}-{k}.pstats" for k in range(n)]
    servers = [
        ServerProcess(
            db,
            None,
            *args,
            log=workdir / f"{name}-{k}.log",
            cpu=k if cores >= 2 else None,
            cprofile=profs[k],
            threads=True,
        ).start()
        for k in range(n)
    ]
    load_before = [round(x, 2) for x in os.getloadavg()]
    try:
        games = [servers[t % n].create({"players": 4}) for t in range(tables)]
        Probe = probe_class()
        clients, policies = [], []
        for t, g in enumerate(games):
            for s in range(4):
                k = t % n if by_table else (t + s) % n
                key = g["seats"][s]["link"].split("key=", 1)[1]
                clients.append(Probe(servers[k].ws_url, g["game"], key, seed=seed * 1000 + 4 * t + s, process=k))
                policies.append(random_policy(seed * 1000 + 4 * t + s))
        cpu0 = [_cpu_seconds(s.proc.pid) for s in servers]
        pg0 = _cpu_seconds(_postmaster(cluster), children=True)
        own0 = time.process_time()
        marks = {}

        async def main():
            runs = [asyncio.ensure_future(c.run(p)) for c, p in zip(clients, policies)]
            while not all(c.arrivals for c in clients):
                await asyncio.sleep(0.005)
            marks["start"] = time.perf_counter()
            await asyncio.wait_for(asyncio.gather(*runs), 3600)
            marks["end"] = time.perf_counter()

        asyncio.run(main())
        cpu = [_cpu_seconds(s.proc.pid) - c0 for s, c0 in zip(servers, cpu0)]
        clients_cpu = time.process_time() - own0
    finally:
        for s in servers:
            s.stop()
    pg_cpu = _cpu_seconds(_postmaster(cluster), children=True) - pg0  # the servers' connections have ended
    bad, actions = lost_or_duplicated(db, [g["game"] for g in games], clients)
    for prof in profs:
        if prof is not None and prof.exists():
            from bench.server import summarize_cprofile

            summarize_cprofile(prof, prof.with_suffix(".txt"), actions)
    row = {
        "run": name,
        "processes": n,
        "backend": backend,
        "tables": tables,
        "clients": len(clients),
        "actions": actions,
        **measure(clients, marks["start"], marks["end"]),
        "lost_or_duplicated": bad,
        "reconnects": sum(c.reconnects for c in clients),
        "server_cpu_s": [round(x, 2) for x in cpu],
        "clients_cpu_s": round(clients_cpu, 2),
        "postgres_cpu_s": round(pg_cpu, 2) if backend == "postgres" else None,
        "cpu_ms_per_action": round(
            1000 * (sum(cpu) + clients_cpu + (pg_cpu if backend == "postgres" else 0)) / max(1, actions), 3
        ),
        "load_before": load_before,
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }
    return row


def verdicts(rows: dict[str, dict]) -> dict:
    one, two = rows.get("postgres-1"), rows.get("postgres-2")
    out = {}
    if one and two and one["actions_per_s"]:
        speedup = two["actions_per_s"] / one["actions_per_s"]
        out["speedup"] = {
            "value": round(speedup, 2),
            "target": TARGETS["speedup"],
            "met": speedup >= TARGETS["speedup"],
        }
    if two and two["cross_p99_ms"] is not None:
        out["cross_p99_ms"] = {
            "value": round(two["cross_p99_ms"], 1),
            "target": TARGETS["cross_p99_ms"],
            "met": two["cross_p99_ms"] <= TARGETS["cross_p99_ms"],
        }
    bad = sum(r["lost_or_duplicated"] for r in rows.values())
    out["lost_or_duplicated"] = {"value": bad, "target": 0, "met": bad == 0}
    return out


def to_rst(result: dict) -> str:
    def ms(x):
        return "--" if x is None else f"{x:.1f} ms"

    lines = [
        ".. This file is generated by `python -m bench --scaleout`; do not edit by hand.",
        "",
        f".. list-table:: Server processes on SQLite and PostgreSQL ({result['date']}, "
        f"{result['machine']}, {result['cpus']} CPUs; {result['tables']} tables of 4 random-bot clients)",
        "   :header-rows: 1",
        "",
        "   * - Run",
        "     - Actions",
        "     - Actions/s",
        "     - p50 / p99 (sender)",
        "     - p50 / p99 (cross-process)",
        "     - Lost or duplicated",
        "     - CPU s: servers / clients / PostgreSQL",
        "     - CPU ms per action (all)",
        "     - Load before / after",
    ]
    for r in result["rows"].values():
        lines += [
            f"   * - {r['run']}",
            f"     - {r['actions']}",
            f"     - {r['actions_per_s']:.0f}",
            f"     - {ms(r['p50_ms'])} / {ms(r['p99_ms'])}",
            f"     - {ms(r['cross_p50_ms'])} / {ms(r['cross_p99_ms'])}",
            f"     - {r['lost_or_duplicated']}",
            f"     - {' + '.join(f'{x:.1f}' for x in r['server_cpu_s'])} / {r['clients_cpu_s']:.1f} / "
            f"{'--' if r['postgres_cpu_s'] is None else format(r['postgres_cpu_s'], '.1f')}",
            f"     - {r['cpu_ms_per_action']:.2f}",
            f"     - {r['load_before'][0]:.1f} / {r['load_after'][0]:.1f}",
        ]
    v = result["verdicts"]
    parts = []
    if "speedup" in v:
        parts.append(
            f"two processes {v['speedup']['value']:.2f}x one on PostgreSQL (target "
            f"{TARGETS['speedup']}x: {'met' if v['speedup']['met'] else 'MISSED'})"
        )
    if "cross_p99_ms" in v:
        parts.append(
            f"cross-process p99 {v['cross_p99_ms']['value']:.1f} ms (target "
            f"{TARGETS['cross_p99_ms']:g} ms: {'met' if v['cross_p99_ms']['met'] else 'MISSED'})"
        )
    parts.append(
        f"{v['lost_or_duplicated']['value']} lost or duplicated "
        f"({'met' if v['lost_or_duplicated']['met'] else 'MISSED'})"
    )
    lines += ["", "Targets: " + "; ".join(parts) + "."]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    from bench.pgcluster import Cluster

    argv = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--scaleout"]
    p = argparse.ArgumentParser(prog="python -m bench --scaleout", description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=40, help="tables per run (default 40)")
    p.add_argument("--runs", default=",".join(RUNS), help=f"which runs (default {','.join(RUNS)})")
    p.add_argument("--quick", action="store_true", help="2 tables a run: checks that the benchmark works")
    p.add_argument("--json", default=None, help="write the results here (default bench/results/scaleout.json)")
    p.add_argument("--rst", default=None, help="write the table here (default bench/results/scaleout.rst)")
    p.add_argument(
        "--cprofile",
        metavar="DIR",
        help="run every server under cProfile; stats and summaries "
        "(microseconds per accepted action) to DIR/<run>-<process>.pstats and .txt",
    )
    args = p.parse_args(argv)
    cprofile = Path(args.cprofile) if args.cprofile else None
    if cprofile is not None:
        cprofile.mkdir(parents=True, exist_ok=True)
    tables = 2 if args.quick else args.tables
    names = [n for n in args.runs.split(",") if n]
    for n in names:
        if n not in RUNS:
            p.error(f"unknown run {n!r}; the runs are {', '.join(RUNS)}")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp, Cluster(fsync=True, settings={"max_connections": "100"}) as cluster:
        for name in names:
            row = rows[name] = run(name, tables, Path(tmp), cluster, cprofile=cprofile)
            cross = (
                ""
                if row["cross_p99_ms"] is None
                else f", cross-process p50 {row['cross_p50_ms']:.1f} ms p99 {row['cross_p99_ms']:.1f} ms"
            )
            print(
                f"{name:>10}: {row['actions_per_s']:6.0f} actions/s, p50 {row['p50_ms']:.1f} ms, "
                f"p99 {row['p99_ms']:.1f} ms{cross}, lost/duplicated {row['lost_or_duplicated']}, "
                f"load {row['load_before'][0]:.1f}",
                flush=True,
            )
    result = {
        "date": datetime.date.today().isoformat(),
        "cpus": os.cpu_count(),
        "tables": tables,
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "rows": rows,
        "verdicts": verdicts(rows),
        "targets": TARGETS,
    }
    if not args.quick or args.json:
        Path(args.json or RESULTS / "scaleout.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if not args.quick or args.rst:
        Path(args.rst or RESULTS / "scaleout.rst").write_text(to_rst(result), encoding="utf-8")
    print(to_rst(result).split("Targets: ", 1)[1].strip())
    return 0 if result["verdicts"]["lost_or_duplicated"]["met"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
