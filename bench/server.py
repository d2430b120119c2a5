"""Game-server load: bot clients over real WebSockets against a real uvicorn process.

``python -m bench --server`` (or ``python -m bench.server``) starts
``pillars-rules serve`` on 127.0.0.1 (one uvicorn worker, pinned to one core
when the machine has two or more, the clients on another), creates T tables
of 4 seats, and connects one client per seat (:class:`pillars_rules.web.client.GameClient`;
by default three random seats and one heuristic per table) that plays to the
end; then the same with tables of 6 seats and the official expansion
(``--six``; the seats' bots repeat). For T = 1, 10 and 100 it reports:

* accepted actions per second (all tables' decisions, from the moment every
  client has its first sync to the last game's end);
* latency from an action's send to the sender's update, p50 and p99;
* the server's peak resident memory (sampled from ``/proc``);
* lost or duplicated events: every stored game must replay, and every
  client's assembled log must equal the stored game's export for its seat;
* the server's CPU time and the machine's load average, so a loaded machine shows.

``--game ora-et-labora`` plays *Ora et Labora* tables instead (issue #59): T
tables of ``--players`` seats (default 2), every seat a client choosing
uniformly among the choices the server lists for it (a game's choices are all
a client needs: no action shape is known here), by default at 10 and 100
tables; its results go to ``bench/results/server.ora.json`` and ``.rst``.
Every row also gives the send-to-update p95.

``--profile PATH`` records the server with py-spy during the largest run and
writes its hottest functions (by own samples) to PATH. Results go to
``--json``/``--rst`` (``bench/results/server.json`` and ``.rst`` by default).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
TARGETS = {"actions_per_s": 1000.0, "p99_ms": 50.0, "rss_mb": 250.0, "lost_or_duplicated": 0}
PILLARS = "pillars"
#: The other games the benchmark seats: their tables' default counts, their name, their results' file stem.
OTHER_GAMES = {"ora-et-labora": ("10,100", "Ora et Labora", "server.ora")}


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pin(cpu: int | None) -> None:
    if cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run_tables(
    tables: int,
    bots: list[str],
    workdir: Path,
    *,
    seed: int = 1,
    server_cpu: int | None = None,
    client_cpu: int | None = None,
    profile: Path | None = None,
    cprofile: Path | None = None,
    seats: int = 4,
    cards: str = "base",
    game: str = PILLARS,
    moves: int | None = None,
    verify: int | None = None,
) -> dict:
    """Play ``tables`` games of ``seats`` seats with the card set ``cards`` at once; the measurements.
    ``game`` another than Pillars: its own cards, and every seat's client picks a random choice.
    ``moves``: every table stops at that decision instead of its end (a quick check that it all works)."""
    import pillars_rules as pr
    from bench.serverproc import ONE_ADDRESS, ServerProcess
    from pillars_rules.web.client import GameClient, bot_policy, random_policy

    other = game != PILLARS
    if other and set(bots) != {"random"}:
        raise pr.ConfigError(f"the clients at {game} tables choose at random: --seats random, not {','.join(bots)}")
    card_set = None if cards == "base" or other else pr.load_cards(cards)  # the clients' views and the check need it
    request = {"game": game, "players": seats} if other else {"players": seats, "cards": cards}
    db = workdir / f"server-{game}-{tables}x{seats}.sqlite3"
    for p in workdir.glob(f"server-{game}-{tables}x{seats}.sqlite3*"):
        p.unlink()
    server = ServerProcess(
        db,
        None,
        *ONE_ADDRESS,
        "--rate",
        "1000",
        "--burst",
        "1000",
        "--max-games",
        str(tables + 10),
        "--max-connections",
        str(8 * tables + 50),
        "--log-level",
        "warning",
        cpu=server_cpu,
        cprofile=cprofile,
    ).start()
    load_before = os.getloadavg()
    peak = [0]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            try:
                peak[0] = max(peak[0], server.rss_bytes())
            except OSError:
                return
            stop.wait(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    spy = None
    try:
        games = [server.create(request) for _ in range(tables)]
        clients, policies = [], []
        for t, g in enumerate(games):
            for s in range(seats):
                key = g["seats"][s]["link"].split("key=", 1)[1]
                c = GameClient(server.ws_url, g["game"], key, seed=seed * 1000 + t * seats + s)
                clients.append(c)
                name = bots[s % len(bots)]
                policies.append(
                    random_policy(seed * 1000 + t * seats + s)
                    if name == "random"
                    else bot_policy(name, seed * 1000 + t * seats + s, cards=card_set)
                )
        _pin(client_cpu)
        spy_exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        if profile is not None and os.path.exists(spy_exe):
            spy = subprocess.Popen(
                [
                    spy_exe,
                    "record",
                    "--pid",
                    str(server.proc.pid),
                    "--format",
                    "raw",
                    "--rate",
                    "200",
                    "--output",
                    str(profile) + ".raw",
                    "--nonblocking",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        cpu0 = _cpu_seconds(server.proc.pid)
        client0 = time.process_time()  # this process: the clients and their policies
        started = [0.0]

        async def main():
            gate = asyncio.Event()
            until = None if moves is None else (lambda c: c.decision is not None and c.decision > moves)
            runs = [asyncio.ensure_future(c.run(p, gate=gate, until=until)) for c, p in zip(clients, policies)]
            while not all(c.synced for c in clients):  # every client connected and synced
                await asyncio.sleep(0.01)
            started[0] = time.perf_counter()
            gate.set()
            await asyncio.wait_for(asyncio.gather(*runs), 1800)

        asyncio.run(main())
        elapsed = time.perf_counter() - started[0]
        cpu = _cpu_seconds(server.proc.pid) - cpu0
        client_cpu_s = time.process_time() - client0
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on Ctrl-C
            spy.wait(60)
        stop.set()
        sampler.join()
        server.stop()
        if client_cpu is not None:
            os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
    checked = check(db, games, clients, card_set, over=moves is None, verify=verify)
    latencies = [x for c in clients for x in c.latencies]
    actions = checked["actions"]
    return {
        "game": game,
        "tables": tables,
        "seats": seats,
        "cards": game if other else cards,
        "clients": len(clients),
        "actions": actions,
        "seconds": elapsed,
        "actions_per_s": actions / elapsed,
        "p50_ms": 1000 * _percentile(latencies, 0.5),
        "p95_ms": 1000 * _percentile(latencies, 0.95),
        "p99_ms": 1000 * _percentile(latencies, 0.99),
        "latencies": len(latencies),
        "rss_mb": peak[0] / 2**20,
        "server_cpu_s": cpu,
        "server_cpu_share": cpu / elapsed,
        "server_cpu_us_per_action": 1e6 * cpu / max(1, actions),
        "actions_per_cpu_s": actions / max(cpu, 1e-9),
        "client_cpu_s": client_cpu_s,
        "client_cpu_us_per_action": 1e6 * client_cpu_s / max(1, actions),
        "lost_or_duplicated": checked["bad"],
        "verified": checked["verified"],
        "moves": moves,
        "reconnects": sum(c.reconnects for c in clients),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }


def check(
    db: Path, games: list[dict], clients: list, cards=None, *, over: bool = True, verify: int | None = None
) -> dict:
    """Every stored game (of any game) replays (and is over, with ``over``) and equals what each of
    its clients assembled. A game other than Pillars hides nothing, so its clients' logs are compared
    with the stored rows themselves, and only ``verify`` of its games (default all) are opened and
    replayed: an Ora game's verified load costs seconds (``verified`` in the answer says how many)."""
    from bench.serverproc import as_sent, replays
    from pillars_rules.table import EventStore, Table

    bad, actions = 0, 0
    with EventStore(db) as store:
        rows = {g["game"]: store.read(g["game"]) for g in games}
        opened = {
            gid: Table.open(store, gid).game
            for k, gid in enumerate(rows)
            if verify is None or k < verify or rows[gid].header.get("game", PILLARS) == PILLARS
        }
    for gid, row in rows.items():
        game = opened.get(gid)
        if game is not None and ((over and not game.is_over) or not replays(game, cards)):
            bad += 1
        actions += row.decision - 1
    for c in clients:
        game = opened.get(c.game)
        if c.events != (rows[c.game].events if game is None else as_sent(game, c.seat)):
            bad += 1
        elif game is None and over and not c.is_over:  # not opened: the end is what its clients were told
            bad += 1
    return {"bad": bad, "actions": actions, "verified": len(opened)}


def summarize_profile(raw: Path, out: Path, top: int = 25) -> None:
    """The hottest functions of a py-spy raw (collapsed) profile, by own samples."""
    own: dict[str, int] = {}
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack:
            continue
        total += int(n)
        leaf = stack.split(";")[-1]
        own[leaf] = own.get(leaf, 0) + int(n)
    rows = sorted(own.items(), key=lambda kv: -kv[1])[:top]
    lines = [f"py-spy samples of the server process: {total} (own time per function)"]
    lines += [f"{100 * n / max(1, total):5.1f}%  {name}" for name, n in rows]
    out.write_text("\n".join(lines) + "\n")


def summarize_cprofile(stats: Path, out: Path, actions: int, top: int = 40) -> None:
    """The server's cProfile (own and cumulative time per function), in microseconds per accepted action."""
    import io
    import pstats

    st = pstats.Stats(str(stats), stream=io.StringIO())
    total = st.total_tt  # type: ignore[attr-defined]
    rows = [
        (tt, ct, nc, f"{Path(file).name}:{line}({name})")
        for (file, line, name), (cc, nc, tt, ct, _) in st.stats.items()
    ]  # type: ignore[attr-defined]
    per = 1e6 / max(1, actions)
    lines = [
        f"cProfile of the server's main thread: {total:.2f} s for {actions} actions "
        f"({total * per:.0f} us an action under cProfile)",
        "",
        "own us/action  cum us/action    calls  function",
    ]
    for key in (0, 1):
        rows.sort(key=lambda r: -r[key])
        lines += [f"{tt * per:13.1f}  {ct * per:13.1f} {nc:>8}  {where}" for tt, ct, nc, where in rows[:top]]
        lines += ["", "-- by cumulative time --"] if key == 0 else []
    out.write_text("\n".join(lines) + "\n")


def to_rst(result: dict) -> str:
    lines = [
        ".. This file is generated by `python -m bench.server --rst PATH`; do not edit by hand.",
        "",
        f".. list-table:: Game server under load{_tables_of(result)} ({result['date']}, {result['machine']}, "
        f"{result['cpus']} CPUs; bots {result['bots']})",
        "   :header-rows: 1",
        "",
        "   * - Tables",
        "     - Seats",
        "     - Clients",
        "     - Actions",
        "     - Actions/s",
        "     - p50 latency",
        "     - p95 latency",
        "     - p99 latency",
        "     - Server memory",
        "     - Server CPU share",
        "     - Server CPU per action",
        "     - Clients' CPU per action",
        "     - Lost or duplicated",
        "     - Load average before",
    ]
    for r in result["rows"]:
        lines += [
            f"   * - {r['tables']}",
            f"     - {_seats(r)}",
            f"     - {r['clients']}",
            f"     - {r['actions']}",
            f"     - {r['actions_per_s']:.0f}",
            f"     - {r['p50_ms']:.1f} ms",
            f"     - {r['p95_ms']:.1f} ms" if "p95_ms" in r else "     - --",
            f"     - {r['p99_ms']:.1f} ms",
            f"     - {r['rss_mb']:.0f} MB",
            f"     - {r['server_cpu_share']:.2f}",
            f"     - {r['server_cpu_us_per_action']:.0f} us",
            f"     - {r['client_cpu_us_per_action']:.0f} us" if "client_cpu_us_per_action" in r else "     - --",
            f"     - {r['lost_or_duplicated']}",
            f"     - {r['load_before'][0]:.1f}",
        ]
    # the targets are the 4-seat base game's (the issue's); 6-seat rows and other games' are figures beside them
    base = [r for r in result["rows"] if r.get("seats", 4) == 4 and r.get("cards", "base") == "base"]
    if base:
        big = max(base, key=lambda r: r["tables"])
        targets = "; ".join(f"{name} {_verdict(name, big)}" for name in TARGETS)
        lines += ["", f"Targets at {big['tables']} tables: {targets}."]
    else:  # another game's rows alone: no target of its own, but nothing lost is still a must
        bad = sum(r["lost_or_duplicated"] for r in result["rows"])
        lines += ["", f"Lost or duplicated events in all rows: {bad} ({'met' if bad == 0 else 'MISSED'})."]
    return "\n".join(lines) + "\n"


def _tables_of(result: dict) -> str:
    """The title's words for a game other than Pillars (results before #59 are Pillars')."""
    game = result.get("game", PILLARS)
    return "" if game == PILLARS else f", {OTHER_GAMES[game][1]} tables (every seat's client picks at random)"


def _seats(row: dict) -> str:
    """A row's seats per table, and its card set when not the base game (rows before #37: 4, base)."""
    cards = row.get("cards", "base")
    moves = f", the first {row['moves']} decisions" if row.get("moves") else ""  # stopped early (--moves)
    return f"{row.get('seats', 4)}" + ("" if cards == "base" else f" ({cards}{moves})")


def _verdict(name: str, row: dict) -> str:
    value, target = row[name], TARGETS[name]
    ok = value >= target if name == "actions_per_s" else value <= target
    return (
        f"{value:.0f} vs {target:g}: {'met' if ok else 'MISSED'}"
        if name != "lost_or_duplicated"
        else f"{value} ({'met' if ok else 'MISSED'})"
    )


def main(argv=None) -> int:
    argv = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--server"]
    p = argparse.ArgumentParser(prog="python -m bench --server", description=__doc__.splitlines()[0])
    p.add_argument(
        "--tables", default=None, help="comma-separated table counts (default 1,10,100; Ora et Labora: 10,100)"
    )
    p.add_argument(
        "--seats",
        default="random,random,random,heuristic",
        help="the four seats' bots (not --bots: that flag runs the bots suite)",
    )
    p.add_argument(
        "--six",
        default=None,
        help="comma-separated counts of 6-seat tables with the expansion (default: as --tables; '' for none)",
    )
    p.add_argument(
        "--quick", action="store_true", help="1 and 2 tables, and 1 of 6 seats: checks that the benchmark works"
    )
    p.add_argument("--json", default=None, help="write the results here (default bench/results/server.json)")
    p.add_argument("--rst", default=None, help="write the table here (default bench/results/server.rst)")
    p.add_argument("--profile", metavar="PATH", help="py-spy the server in the largest run; summary to PATH")
    p.add_argument(
        "--cprofile",
        metavar="PATH",
        help="run the server under cProfile in the largest run; pstats to PATH, summary to PATH.txt",
    )
    p.add_argument("--no-pin", action="store_true", help="leave the server and the clients on any core")
    p.add_argument(
        "--game",
        default=PILLARS,
        choices=[PILLARS, *OTHER_GAMES],
        help="the tables' game (default pillars); another game's tables have --players seats of random clients",
    )
    p.add_argument("--players", type=int, default=2, help="seats of another game's tables (default 2)")
    p.add_argument(
        "--moves", type=int, default=None, help="stop every table at this decision, not at its end (a quick check)"
    )
    p.add_argument(
        "--verify",
        type=int,
        default=None,
        help="open and replay only this many of another game's tables (every client's log is still compared)",
    )
    args = p.parse_args(argv)
    game = args.game
    if game != PILLARS:
        tables = OTHER_GAMES[game][0] if args.tables is None else args.tables
        counts = (
            [(1, args.players), (2, args.players)]
            if args.quick
            else [(int(x), args.players) for x in tables.split(",")]
        )
        bots = ["random"]
    else:
        tables = "1,10,100" if args.tables is None else args.tables
        counts = [(1, 4), (2, 4)] if args.quick else [(int(x), 4) for x in tables.split(",")]
        six = tables if args.six is None else args.six
        counts += [(1, 6)] if args.quick else [(int(x), 6) for x in six.split(",") if x.strip()]
        bots = args.seats.split(",")
    biggest = max(n for n, _ in counts)
    cpus = os.cpu_count() or 1
    server_cpu, client_cpu = (None, None) if args.no_pin or cpus < 2 else (0, 1)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, seats in counts:
            biggest_run = n == biggest and (seats == 4 or game != PILLARS)
            prof = Path(args.profile) if args.profile and biggest_run else None
            cprof = Path(args.cprofile) if args.cprofile and biggest_run else None
            row = run_tables(
                n,
                bots,
                Path(tmp),
                server_cpu=server_cpu,
                client_cpu=client_cpu,
                profile=prof,
                cprofile=cprof,
                seats=seats,
                cards="base" if seats <= 4 else "expansion",
                game=game,
                moves=args.moves,
                verify=args.verify,
            )
            rows.append(row)
            print(
                f"{n:>4} tables of {_seats(row)}: {row['actions_per_s']:7.0f} actions/s, p50 {row['p50_ms']:.1f} ms, "
                f"p95 {row['p95_ms']:.1f} ms, p99 {row['p99_ms']:.1f} ms, server {row['rss_mb']:.0f} MB, CPU share "
                f"{row['server_cpu_share']:.2f} ({row['server_cpu_us_per_action']:.0f} us CPU an action: "
                f"{row['actions_per_cpu_s']:.0f}/s per CPU second; clients {row['client_cpu_us_per_action']:.0f} us), lost/duplicated {row['lost_or_duplicated']}, "
                f"load {row['load_before'][0]:.1f}",
                flush=True,
            )
            if cprof is not None and cprof.exists():
                summarize_cprofile(cprof, Path(str(cprof) + ".txt"), row["actions"])
            raw = Path(str(prof) + ".raw") if prof is not None else None
            if raw is not None and raw.exists():
                summarize_profile(raw, prof)
                raw.unlink()
    result = {
        "date": datetime.date.today().isoformat(),
        "game": game,
        "bots": ",".join(bots),
        "cpus": cpus,
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "pinned": server_cpu is not None,
        "rows": rows,
        "targets": TARGETS,
    }
    stem = "server" if game == PILLARS else OTHER_GAMES[game][2]
    if not args.quick or args.json:
        path = Path(args.json or RESULTS / f"{stem}.json")
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if not args.quick or args.rst:
        Path(args.rst or RESULTS / f"{stem}.rst").write_text(to_rst(result), encoding="utf-8")
    return 0 if all(r["lost_or_duplicated"] == 0 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
