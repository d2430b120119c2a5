"""The game server at people's pace: open-loop tables with thinking people and server bots.

``python -m bench --pace`` (or ``python -m bench.pace``) measures the server as
an operator runs it, beside the closed-loop throughput benchmark
(``bench/server.py``, whose clients answer the instant it is their turn). Each
table has 4 seats: 2 people -- WebSocket clients that think a log-normal time
(median 4 s, clipped to 0.5-30 s) before each of their moves and then play a
random legal move -- and 2 server bots (``medium``, the server's default
delay and worker count). The tables start *warm*: before the server starts,
every game is played at random to a staggered stage (decision 0 to about 300,
spread evenly), so the server holds games at every stage, as after a day's
play; a table whose game ends gets a new one (created through the lobby's
``POST /games``), so the count stays the same.

For each table count: a warm-up, then a window (default 120 s: several full
collections) in which it records

* people's latency, from a move's send to the update answering it: p50, p95,
  p99, max;
* bots' reply time, from the update that gives a bot seat the turn to the
  update with its move (the server's bot delay included): p99;
* the server's CPU share (its main process; the bot workers apart), CPU per
  action, resident memory and memory per table;
* the server's garbage collections (logged by ``bench/gcserve.py``): count of
  full (generation 2) ones, the longest pause of any generation;
* the machine's load average, as the run found it.

The largest table count with people's p99 <= 100 ms and bots' p99 <= 2 s is
the capacity. ``--site DIR`` runs the server from another build (the compiled
one: ``--compiled`` builds or reuses ``bench/.compiled``); ``--postgres`` keeps
the games in a throwaway PostgreSQL cluster instead of SQLite. ``--quick`` is
a tiny run (two small table counts, seconds-long windows, fast thinkers) that
checks the benchmark works.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import math
import os
import platform
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from bench.server import _cpu_seconds, _percentile, _pin

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
#: The service level: people's p99 (ms) and bots' p99 (ms).
SLO = {"people_p99_ms": 100.0, "bot_p99_ms": 2000.0}
#: The seats of a table: people at 0 and 2, server bots at 1 and 3.
SEATS = ("person", "bot", "person", "bot")
BOT = "medium"
#: Decisions a table's game is played to before the run, at most (a game has about 330-350).
LATEST_STAGE = 300


def think_time(rnd: random.Random, median: float, low: float, high: float, sigma: float = 0.8) -> float:
    """A person's thinking time: log-normal with ``median``, clipped to [low, high]."""
    return min(high, max(low, rnd.lognormvariate(math.log(median), sigma)))


def prepare(db: str, tables: int, seed: int = 1) -> list[dict]:
    """Store ``tables`` games (and their server records) in ``db``, each played at
    random to a staggered stage; per table its game id and the people's keys.
    The moves are stored as the server stores them, one decision at a time (so
    every store keeps its per-decision rows), the tables' n-th decisions together
    in one transaction."""
    import pillars_rules as pr
    from pillars_rules.pillars_json.codec import event_to_dict
    from pillars_rules.table import rows
    from pillars_rules.web.registry import GameRecord, SeatSpec, digest, new_game_id, new_key, open_storage

    storage = open_storage(db)
    out, histories = [], []
    try:
        for t in range(tables):
            rnd = random.Random(seed * 100003 + t)
            game = pr.new_game(4, rnd.randrange(2**31))
            doc = json.loads(pr.save(game))
            game_id = new_game_id()
            storage.events.create(game_id, doc, rows.card_source(None), doc.pop("events"), game.decision)
            stage, history = (t * LATEST_STAGE) // max(1, tables), [game]
            while game.decision < stage:
                after = game.apply(rnd.choice(game.legal_actions()))
                if after.is_over:
                    break
                history.append(game := after)
            histories.append((game_id, history))
            keys = [new_key() if kind == "person" else None for kind in SEATS]
            players = game.state.players
            storage.games.add(
                GameRecord(
                    game_id=game_id,
                    players=4,
                    spectator_hash=digest(new_key()),
                    cards={"name": "base"},
                    seats=tuple(
                        SeatSpec(
                            kind,
                            players[i].name,
                            BOT if kind == "bot" else None,
                            digest(keys[i]) if keys[i] else None,
                            rnd.randrange(2**63),
                        )
                        for i, kind in enumerate(SEATS)
                    ),
                    owner=f"client:bench{t}",
                )
            )
            out.append({"game": game_id, "keys": keys, "stage": game.decision})
        for step in range(1, max(len(h) for _, h in histories)):
            batch = [
                (
                    game_id,
                    h[step - 1].decision,
                    h[step - 1].n_events,
                    [event_to_dict(e) for e in h[step].events[h[step - 1].n_events :]],
                    h[step].decision,
                )
                for game_id, h in histories
                if step < len(h)
            ]
            refused = [r for r in storage.events.append_many(batch) if r is not None]
            if refused:
                raise RuntimeError(f"the warm games could not be stored: {refused[0]}")
    finally:
        storage.close()
    return out


class _Window:
    """The measuring window's bounds (perf_counter), set once the warm-up is over."""

    start = math.inf
    end = math.inf

    def within(self, t: float) -> bool:
        return self.start <= t < self.end


def _client_class():
    from pillars_rules.web.client import GameClient

    class Person(GameClient):
        """A seat's client that thinks before each move, and (``watch_bots``) times the bots' replies."""

        def __init__(self, *args, think, window: _Window, watch_bots: bool = False, **kw) -> None:
            super().__init__(*args, **kw)
            self.think = think
            self.window = window
            self.watch_bots = watch_bots
            self.people: list[float] = []
            self.bots: list[float] = []
            self._bot: tuple[int, float] | None = None
            self.bot_moves = 0  # all the bots' replies seen, the window's and the others

        async def send_action(self, action: dict) -> None:
            await asyncio.sleep(self.think())
            await super().send_action(action)

        def _take(self, msg: dict, state: dict, next_event) -> None:
            n = len(self.latencies)
            super()._take(msg, state, next_event)
            now = time.perf_counter()
            if len(self.latencies) > n and self.window.within(now):
                self.people.append(self.latencies[-1])
            if not self.watch_bots:
                return
            if self._bot is not None and self.decision > self._bot[0]:
                self.bot_moves += 1
                if self.window.within(now):
                    self.bots.append(now - self._bot[1])
                self._bot = None
            turn = self.turn
            if self._bot is None and self.result is None and turn and SEATS[turn["seat"]] == "bot":
                self._bot = (self.decision, now)

    return Person


def _children(pid: int) -> list[int]:
    """``pid``'s child processes now (the bot workers)."""
    out = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _children_cpu(pid: int) -> float:
    """CPU seconds of ``pid``'s child processes now."""
    total = 0.0
    for child in _children(pid):
        try:
            total += _cpu_seconds(child)
        except (OSError, ValueError, IndexError):
            continue
    return total


def _unpin_children(pid: int) -> None:
    """Let the server's bot workers run on any core: they inherit the server's pinning,
    and a deployment does not pin them beside the event loop."""
    for child in _children(pid):
        try:
            os.sched_setaffinity(child, set(range(os.cpu_count() or 1)))
        except OSError:
            continue


def run_tables(
    tables: int,
    db: str,
    workdir: Path,
    *,
    window: float,
    warmup: float,
    think: tuple,
    seed: int = 1,
    site: Path | None = None,
    server_cpu: int | None = None,
    client_cpu: int | None = None,
    cprofile: Path | None = None,
    watch: Path | None = None,
    keep: Path | None = None,
    loop: str = "auto",
) -> dict:
    """Prepare ``tables`` warm tables in ``db``, serve them, play at people's pace; the measurements."""
    from bench.serverproc import ONE_ADDRESS, ServerProcess

    began = time.perf_counter()
    kept = keep / f"pace-{tables}-{seed}.sqlite3" if keep is not None and "://" not in db else None
    if kept is not None and kept.exists():  # the same warm tables as a run before (an SQLite file copied)
        shutil.copyfile(kept, db)
        prepared = json.loads(kept.with_suffix(".json").read_text())
    else:
        prepared = prepare(db, tables, seed)
        if kept is not None:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(db, kept)
            kept.with_suffix(".json").write_text(json.dumps(prepared))
    prepare_s = time.perf_counter() - began
    gclog = workdir / f"gc-{tables}.jsonl"
    gclog.unlink(missing_ok=True)
    from bench.stallwatch import ENV as WATCH_ENV

    watched = None
    if watch is not None and not cprofile:
        watch.mkdir(parents=True, exist_ok=True)
        watched = watch / f"watch-{tables}.json"
        for old in watch.glob(f"watch-{tables}.json*"):
            old.unlink()
        os.environ[WATCH_ENV] = str(watched)
    server = ServerProcess(
        db,
        None,
        *ONE_ADDRESS,
        "--max-games",
        str(2 * tables + 100),
        "--max-connections",
        str(4 * tables + 100),
        "--log-level",
        "warning",
        # the stall watch times asyncio's own callbacks (bench/stallwatch.py): uvloop runs none of them;
        # asyncio is serve's default (and a server from before --loop knows no such option)
        *([] if watched is not None or loop == "asyncio" else ["--loop", loop]),
        *os.environ.get("PILLARS_PACE_SERVE_ARGS", "").split(),  # an experiment's options
        log=workdir / f"serve-{tables}.log",
        cpu=server_cpu,
        site=site,
        gclog=None if cprofile else gclog,
        cprofile=cprofile,
        threads=True,
    )
    server.start(timeout=600)
    os.environ.pop(WATCH_ENV, None)
    load_before = os.getloadavg()
    Person = _client_class()
    frame = _Window()
    rnd = random.Random(seed)
    median, low, high = think
    clients: list = []
    replaced = [0]
    client_lags: list[float] = []

    async def heartbeat() -> None:
        # the clients' own event loop: a late beat delays every answer it reads by as much
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            if frame.within(time.perf_counter()):
                client_lags.append(time.perf_counter() - t - 0.01)

    async def table(i: int, game: dict, gate: asyncio.Event) -> None:
        while True:
            seats = [
                Person(
                    server.ws_url,
                    game["game"],
                    game["keys"][s],
                    seed=seed * 1000 + 4 * i + s,
                    think=lambda: think_time(rnd, median, low, high),
                    window=frame,
                    watch_bots=s == 0,
                )
                for s, kind in enumerate(SEATS)
                if kind == "person"
            ]
            clients.extend(seats)
            from pillars_rules.web.client import random_policy

            await asyncio.gather(
                *(c.run(random_policy(seed * 1000 + 4 * i + n), gate=gate) for n, c in enumerate(seats))
            )
            # the game is over: a new one at this table, as its people would start
            request = {"seats": [{"kind": k} if k == "person" else {"kind": k, "bot": BOT} for k in SEATS]}
            made = await asyncio.to_thread(server.create, request)
            game = {
                "game": made["game"],
                "keys": [s["link"].split("key=", 1)[1] if s["link"] else None for s in made["seats"]],
            }
            replaced[0] += 1

    async def main() -> dict:
        gate = asyncio.Event()
        tasks = [asyncio.ensure_future(table(i, g, gate)) for i, g in enumerate(prepared)]
        deadline = time.monotonic() + 600
        while not all(c.synced for c in clients) or len(clients) < 2 * tables:
            if time.monotonic() > deadline:
                raise RuntimeError("the clients did not all connect in time")
            await asyncio.sleep(0.05)
        gate.set()
        beating = asyncio.ensure_future(heartbeat())
        await asyncio.sleep(warmup)
        _unpin_children(server.proc.pid)
        if cprofile is not None:  # profile the window only (bench/serverproc.py's SIGUSR1/SIGUSR2)
            server.proc.send_signal(signal.SIGUSR1)
        frame.start = time.perf_counter()
        wall0, cpu0, bots0 = time.time(), _cpu_seconds(server.proc.pid), _children_cpu(server.proc.pid)
        client0 = time.process_time()
        await asyncio.sleep(window)
        frame.end = time.perf_counter()
        if cprofile is not None:
            server.proc.send_signal(signal.SIGUSR2)
        out = {
            "seconds": frame.end - frame.start,
            "wall": (wall0, time.time()),
            "server_cpu_s": _cpu_seconds(server.proc.pid) - cpu0,
            "bot_cpu_s": _children_cpu(server.proc.pid) - bots0,
            "client_cpu_s": time.process_time() - client0,
            "rss_bytes": server.rss_bytes(),
        }
        for task in [*tasks, beating]:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return out

    from pillars_rules.web.collector import Collector

    # the clients hold every game's log too: without the server's collector policy their
    # own full collections paused every client for seconds, counted as the server's latency
    collector = Collector()
    try:
        _pin(client_cpu)
        collector.install()
        got = asyncio.run(main())
    finally:
        collector.uninstall()
        server.stop()
        if client_cpu is not None:
            os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
    people = [x for c in clients for x in c.people]
    bots = [x for c in clients for x in c.bots]
    pauses = [json.loads(line) for line in gclog.read_text().splitlines()] if gclog.exists() else []
    logged = len(pauses)  # the whole run's (start-up's too)
    pauses = [p for p in pauses if got["wall"][0] <= p[0] < got["wall"][1]]
    full = [p for p in pauses if p[1] == 2]
    seconds = got["seconds"]
    watched_row = {}
    if watched is not None and watched.exists():
        from bench.stallwatch import summary

        watched_row = {"watch": summary(str(watched), got["wall"])}
    return {
        "tables": tables,
        # the server's event loop, as its banner said (a server before --loop: asyncio)
        "loop": next((b.split(": ", 1)[1] for b in server.banner if b.startswith("event loop: ")), "asyncio"),
        "seconds": round(seconds, 1),
        "warmup_s": warmup,
        "prepare_s": round(prepare_s, 1),
        "stages": [min(g["stage"] for g in prepared), max(g["stage"] for g in prepared)],
        "people_actions": len(people),
        "people_actions_per_s": len(people) / seconds,
        "people_p50_ms": 1000 * _percentile(people, 0.5),
        "people_p95_ms": 1000 * _percentile(people, 0.95),
        "people_p99_ms": 1000 * _percentile(people, 0.99),
        "people_max_ms": 1000 * max(people, default=math.nan),
        "bot_replies": len(bots),
        "bot_p99_ms": 1000 * _percentile(bots, 0.99),
        "server_cpu_share": got["server_cpu_s"] / seconds,
        "server_cpu_ms_per_action": 1000 * got["server_cpu_s"] / max(1, len(people) + len(bots)),
        "bot_cpu_share": got["bot_cpu_s"] / seconds,
        "client_cpu_share": got["client_cpu_s"] / seconds,
        "rss_mb": got["rss_bytes"] / 2**20,
        "rss_kb_per_table": got["rss_bytes"] / 1024 / tables,
        "gc_collections": len(pauses),
        "gc_full": len(full),
        "gc_logged_all_run": logged,
        "gc_longest_ms": 1000 * max((p[2] for p in pauses), default=0.0),
        "gc_full_longest_ms": 1000 * max((p[2] for p in full), default=0.0),
        "actions": len(people) + len(bots),
        "games_replaced": replaced[0],
        "actions_all_run": sum(len(c.latencies) + c.bot_moves for c in clients),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "client_lag_p99_ms": 1000 * _percentile(client_lags, 0.99),
        "client_lag_max_ms": 1000 * max(client_lags, default=math.nan),
        **watched_row,
    }


def meets(row: dict) -> bool:
    """Whether a row meets the service level (people's and bots' p99)."""
    return row["people_p99_ms"] <= SLO["people_p99_ms"] and row["bot_p99_ms"] <= SLO["bot_p99_ms"]


def capacity(rows: list[dict]) -> int | None:
    """The largest table count that meets the service level, if any. A count measured
    more than once (runs merged into one table) counts only if every run of it meets:
    one good run out of two is luck, not capacity."""
    counts = {r["tables"] for r in rows}
    return max((n for n in counts if all(meets(r) for r in rows if r["tables"] == n)), default=None)


def to_rst(result: dict) -> str:
    head = [
        "Tables",
        "People's actions/s",
        "People p50 / p95 / p99 / max",
        "Bots' p99",
        "Server CPU",
        "CPU per action",
        "RSS (per table)",
        "Full collections (longest)",
        "Longest pause",
        "Load average",
    ]
    lines = [
        ".. This file is generated by `python -m bench.pace --rst PATH`; do not edit by hand.",
        "",
        f".. list-table:: The server at people's pace ({result['date']}, {result['build']} build, "
        f"{_loops(result['rows'])}{result['store']}, {result['machine']}, {result['cpus']} CPUs; window {result['window']:g} s)",
        "   :header-rows: 1",
        "",
    ]
    lines += [("   * - " if i == 0 else "     - ") + h for i, h in enumerate(head)]
    for r in result["rows"]:
        cells = [
            f"{r['tables']}",
            f"{r['people_actions_per_s']:.0f}",
            f"{r['people_p50_ms']:.1f} / {r['people_p95_ms']:.1f} / {r['people_p99_ms']:.1f} / "
            f"{r['people_max_ms']:.0f} ms",
            f"{r['bot_p99_ms']:.0f} ms",
            f"{100 * r['server_cpu_share']:.0f}%",
            f"{r['server_cpu_ms_per_action']:.2f} ms",
            f"{r['rss_mb']:.0f} MB ({r['rss_kb_per_table']:.0f} kB)",
            f"{r['gc_full']} ({r['gc_full_longest_ms']:.0f} ms)",
            f"{r['gc_longest_ms']:.0f} ms",
            f"{r['load_before'][0]:.1f}",
        ]
        lines += [("   * - " if i == 0 else "     - ") + c for i, c in enumerate(cells)]
    cap = capacity(result["rows"])
    lines += [
        "",
        f"Capacity (people's p99 <= {SLO['people_p99_ms']:g} ms and bots' p99 <= "
        f"{SLO['bot_p99_ms'] / 1000:g} s): "
        + (f"{cap} tables." if cap else "none of the table counts measured (every run of a count must meet it)."),
    ]
    return "\n".join(lines) + "\n"


def _loops(rows: list[dict]) -> str:
    """The servers' event loops named for a table's caption (rows from before ``loop`` was kept: none)."""
    loops = sorted({r["loop"] for r in rows if "loop" in r})
    return f"{' and '.join(loops)} event loop, " if loops else ""


def main(argv=None) -> int:
    argv = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--pace"]
    p = argparse.ArgumentParser(prog="python -m bench --pace", description=__doc__.splitlines()[0])
    p.add_argument("--tables", help="comma-separated table counts (default 250,500,1000,1500,2000,2500)")
    p.add_argument("--window", type=float, default=120.0, help="seconds measured per table count (default 120)")
    p.add_argument("--warmup", type=float, default=20.0, help="seconds played before the window (default 20)")
    p.add_argument("--think", default="4,0.5,30", help="people's thinking: median,low,high seconds (default 4,0.5,30)")
    p.add_argument("--compiled", action="store_true", help="serve with the compiled build (bench/.compiled)")
    p.add_argument("--site", type=Path, help="serve with the package in this folder (a compiled build)")
    p.add_argument("--postgres", action="store_true", help="store the games in a throwaway PostgreSQL cluster")
    p.add_argument(
        "--quick", action="store_true", help="2 and 4 tables, 3 s windows after 4 s, fast thinkers: checks it works"
    )
    p.add_argument(
        "--cprofile",
        metavar="PATH",
        help="run the server under cProfile (every thread, by its CPU "
        "time) at the largest table count, the window only (no GC log then); pstats to PATH, a summary per action to PATH.txt",
    )
    p.add_argument(
        "--watch",
        type=Path,
        metavar="DIR",
        help="time the server's event loop, store commits and "
        "bot decisions (bench/stallwatch.py); raw dumps kept in DIR, figures in each row's 'watch'",
    )
    p.add_argument(
        "--keep-prepared",
        type=Path,
        metavar="DIR",
        help="keep each table count's warm games (SQLite) "
        "in DIR and start from a copy of them in later runs: before and after a change from the same games",
    )
    p.add_argument(
        "--loop",
        default="asyncio",
        choices=["asyncio", "uvloop", "auto"],
        help="the server's event loop (serve --loop; default asyncio; --watch: always asyncio)",
    )
    p.add_argument("--no-pin", action="store_true", help="leave the server and the clients on any core")
    p.add_argument("--json", default=None, help="write the results here (default bench/results/pace.json)")
    p.add_argument("--rst", default=None, help="write the table here (default bench/results/pace.rst)")
    args = p.parse_args(argv)
    if args.quick:
        args.tables, args.window, args.warmup, args.think = args.tables or "2,4", 3.0, 4.0, "0.05,0.01,0.2"
    args.tables = args.tables or "250,500,1000,1500,2000,2500"
    think = tuple(float(x) for x in args.think.split(","))
    site = args.site
    if args.compiled and site is None:
        from bench.builds import compiled_site

        site = compiled_site(lambda msg: print(msg, flush=True))
    cpus = os.cpu_count() or 1
    server_cpu, client_cpu = (None, None) if args.no_pin or cpus < 2 else (0, 1)
    rows = []
    cluster = None
    if args.postgres:
        from bench.pgcluster import Cluster

        cluster = Cluster(fsync=True).start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            counts = [int(x) for x in args.tables.split(",")]
            for n in counts:
                db = cluster.new_database("pace") if cluster else str(Path(tmp) / f"pace-{n}.sqlite3")
                prof = Path(args.cprofile) if args.cprofile and n == max(counts) else None
                row = run_tables(
                    n,
                    db,
                    Path(tmp),
                    window=args.window,
                    warmup=args.warmup,
                    think=think,
                    site=site,
                    server_cpu=server_cpu,
                    client_cpu=client_cpu,
                    cprofile=prof,
                    watch=args.watch,
                    loop=args.loop,
                    keep=args.keep_prepared,
                )
                if prof is not None and prof.exists():
                    from bench.server import summarize_cprofile

                    summarize_cprofile(prof, Path(str(prof) + ".txt"), row["actions"])
                rows.append(row)
                print(
                    f"{n:>5} tables: people {row['people_actions_per_s']:.0f} actions/s, p50/p95/p99/max "
                    f"{row['people_p50_ms']:.1f}/{row['people_p95_ms']:.1f}/{row['people_p99_ms']:.1f}/"
                    f"{row['people_max_ms']:.0f} ms; bots p99 {row['bot_p99_ms']:.0f} ms; server CPU "
                    f"{100 * row['server_cpu_share']:.0f}% ({row['server_cpu_ms_per_action']:.2f} ms an action), "
                    f"bots {100 * row['bot_cpu_share']:.0f}%, clients {100 * row['client_cpu_share']:.0f}%; "
                    f"RSS {row['rss_mb']:.0f} MB ({row['rss_kb_per_table']:.0f} kB a table); "
                    f"GC full {row['gc_full']} (longest {row['gc_full_longest_ms']:.0f} ms); "
                    f"load {row['load_before'][0]:.1f}; client loop lag p99 {row['client_lag_p99_ms']:.0f} ms",
                    flush=True,
                )
                if "watch" in row:
                    print(json.dumps(row["watch"], indent=1), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
    result = {
        "date": datetime.date.today().isoformat(),
        "cpus": cpus,
        "window": args.window,
        "warmup": args.warmup,
        "think": list(think),
        "build": "compiled" if site else "pure",
        "store": "PostgreSQL" if args.postgres else "SQLite",
        "bot": BOT,
        "seats": list(SEATS),
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "pinned": server_cpu is not None,
        "slo": SLO,
        "capacity": capacity(rows),
        "rows": rows,
    }
    print(f"capacity: {result['capacity']} tables", flush=True)
    if not args.quick or args.json:
        Path(args.json or RESULTS / "pace.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if not args.quick or args.rst:
        Path(args.rst or RESULTS / "pace.rst").write_text(to_rst(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
