"""A public server under attack: honest tables against hostile strangers, on 127.0.0.1.

``python -m bench --public`` starts ``pillars-rules serve`` with its public
defaults (only ``--bot-delay 0``, so bots queue up rather than wait) and plays
T honest tables -- a person (a random-policy :class:`~pillars_rules.web.client.GameClient`)
against a server ``hard`` bot, each table created from an address of its
own -- for ``--seconds``, twice, on a fresh server each time: once alone and
once while hostile strangers, each from its own loopback address
(127.0.0.2-5), attack:

* **lobby** floods ``POST /games`` with all-``hard`` bot games (the ones it is
  let create play on by themselves: queued hard bots);
* **spectators** opens as many spectator connections to the honest tables as
  it may, and holds them;
* **reconnects** connects, says hello to an honest table and closes, in a loop;
* **hellos** sends hellos with wrong keys, in a loop.

It reports the honest tables' bot latency (from the update that makes it the
bot's turn to the update with its move, seen by the person's client) p50 and
p99, their accepted actions per second, and what each attacker got. Target:
the p99 under attack within 2x of the p99 alone. The server and its bot workers
run on core 0, the clients on core 1 (``--no-pin``: anywhere), so that the
attackers' own CPU is not counted against the server. Bounded in time (two phases
of ``--seconds``) and in count (each attacker's loop runs for the phase only).
Results go to ``bench/results/public.json`` and ``.rst``.

``--game ora-et-labora`` does the same at *Ora et Labora* tables (issue #59): the
honest tables and the lobby's flood are Ora games with Ora's ``hard`` bot, and the
results go to ``bench/results/public.ora.json`` and ``.rst``.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import http.client
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
#: The p99 bot latency under attack may be this many times the p99 alone.
TARGET_RATIO = 2.0
ATTACKERS = {"lobby": "127.0.0.2", "spectators": "127.0.0.3", "reconnects": "127.0.0.4", "hellos": "127.0.0.5"}
#: The games it plays: what their requests add, and their results' file stem.
GAMES = {"pillars": ({}, "public"), "ora-et-labora": ({"game": "ora-et-labora"}, "public.ora")}


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def _post(port: int, source: str, doc: dict) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        conn.request("POST", "/games", json.dumps(doc), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"{}")
    finally:
        conn.close()


def _key(link: str) -> str:
    return link.split("key=", 1)[1]


def _timed_client():
    from pillars_rules.web.client import GameClient

    class TimedClient(GameClient):
        """A person's client that times the bot's answers (update to update)."""

        def __init__(self, *args, measure_from: float, **kw) -> None:
            super().__init__(*args, **kw)
            self.measure_from = measure_from  # time.monotonic() when the measured part begins
            self.bot_waits: list[float] = []
            self.accepted = 0  # updates (accepted decisions) seen since then
            self._last: float | None = None

        def receive(self, msg: dict) -> None:
            mine = self.my_turn
            super().receive(msg)
            now = time.perf_counter()
            if msg.get("type") == "update":
                if time.monotonic() >= self.measure_from:
                    self.accepted += 1
                    if not mine and self._last is not None:
                        self.bot_waits.append(now - self._last)
                self._last = now
            elif msg.get("type") == "sync":
                self._last = now if not self.my_turn else None

    return TimedClient


async def _honest_table(
    port: int, ws_url: str, t: int, measure_from: float, deadline: float, out: dict, links: list, kind: str = "pillars"
) -> None:
    from pillars_rules.web.client import random_policy

    TimedClient = _timed_client()
    loop = asyncio.get_running_loop()
    game = 0
    while time.monotonic() < deadline:
        try:
            status, res = await loop.run_in_executor(
                None,
                _post,
                port,
                f"127.0.1.{t + 1}",
                {**GAMES[kind][0], "seats": [{"kind": "person"}, {"kind": "bot", "bot": "hard"}]},
            )
        except OSError:
            status = 0
        if status != 201:
            out["refused"] += 1
            await asyncio.sleep(1.0)
            continue
        links.append((res["game"], _key(res["spectator"]), _key(res["seats"][0]["link"])))
        client = TimedClient(
            ws_url, res["game"], _key(res["seats"][0]["link"]), seed=t * 100 + game, measure_from=measure_from
        )
        game += 1
        try:
            await client.run(random_policy(t * 100 + game), until=lambda c: time.monotonic() >= deadline)
        finally:
            out["bot_waits"] += client.bot_waits
            out["decisions"] += client.accepted


async def _lobby(port: int, deadline: float, got: dict, game: str = "pillars") -> None:
    loop = asyncio.get_running_loop()
    while time.monotonic() < deadline:
        try:
            status, _ = await loop.run_in_executor(
                None, _post, port, ATTACKERS["lobby"], {**GAMES[game][0], "seats": [{"kind": "bot", "bot": "hard"}] * 4}
            )
            code = str(status)
        except OSError as exc:  # a timeout, a refused connection: counted
            code = type(exc).__name__
        got[code] = got.get(code, 0) + 1


async def _hold(ws_url: str, game: str, key: str, deadline: float, got: dict) -> None:
    from websockets.asyncio.client import connect

    from pillars_rules.web import protocol as P

    try:
        async with connect(ws_url, local_addr=(ATTACKERS["spectators"], 0), max_size=None) as ws:
            await ws.send(P.hello(game, key, None))
            first = json.loads(await ws.recv())
            got["held" if first["type"] == "welcome" else first.get("code", "refused")] = (
                got.get("held" if first["type"] == "welcome" else first.get("code", "refused"), 0) + 1
            )
            while time.monotonic() < deadline:
                await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
    except Exception as exc:  # noqa: BLE001 - a refused or closed connection is counted, not fatal
        got[type(exc).__name__] = got.get(type(exc).__name__, 0) + 1


async def _spectators(ws_url: str, links: list, deadline: float, got: dict) -> None:
    while not links and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    holders = (
        [
            asyncio.ensure_future(_hold(ws_url, g, spec, deadline, got))
            for i in range(60)
            for g, spec, _ in [links[i % len(links)]]
        ]
        if links
        else []
    )
    await asyncio.gather(*holders)


async def _reconnects(ws_url: str, links: list, deadline: float, got: dict, source: str, key_of) -> None:
    from websockets.asyncio.client import connect

    from pillars_rules.web import protocol as P

    while not links and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    i = 0
    while time.monotonic() < deadline and links:
        game, key = key_of(links[i % len(links)])
        i += 1
        try:
            async with connect(ws_url, local_addr=(source, 0), max_size=None, open_timeout=5) as ws:
                await ws.send(P.hello(game, key, None))
                m = json.loads(await asyncio.wait_for(ws.recv(), 5))
                code = "welcome" if m["type"] == "welcome" else m.get("code", "refused")
        except Exception as exc:  # noqa: BLE001
            code = type(exc).__name__
        got[code] = got.get(code, 0) + 1


def run_phase(
    tables: int,
    seconds: float,
    attack: bool,
    workdir: Path,
    warmup: float = 8.0,
    log_level: str = "warning",
    pin: bool = True,
    game: str = "pillars",
) -> dict:
    """One phase on a fresh server: the honest tables' figures and the attackers' counts
    (measured for ``seconds`` after ``warmup`` seconds of the honest tables alone: the bot
    worker's start and the first moves are not measured)."""
    from bench.serverproc import ServerProcess

    db = workdir / f"public-{game}-{'attack' if attack else 'alone'}.sqlite3"
    cores = os.cpu_count() or 1
    # the server and its bot workers on one core, the clients (honest and hostile) on another:
    # on one machine, the attackers' own CPU would otherwise be counted against the server
    server = ServerProcess(
        db, None, "--bot-delay", "0", "--log-level", log_level, cpu=0 if pin and cores >= 2 else None
    ).start()
    if pin and cores >= 2 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {1})
    honest = {"bot_waits": [], "decisions": 0, "refused": 0}
    attackers: dict[str, dict] = {name: {} for name in ATTACKERS} if attack else {}
    load_before = os.getloadavg()
    try:

        async def attack_later(jobs) -> None:
            await asyncio.sleep(warmup)
            await asyncio.gather(*jobs)

        async def main() -> float:
            start = time.monotonic() + warmup
            deadline = start + seconds
            links: list = []
            jobs = [
                _honest_table(server.port, server.ws_url, t, start, deadline, honest, links, game)
                for t in range(tables)
            ]
            if attack:
                jobs += [
                    attack_later(
                        [
                            _lobby(server.port, deadline, attackers["lobby"], game),
                            _spectators(server.ws_url, links, deadline, attackers["spectators"]),
                            _reconnects(
                                server.ws_url,
                                links,
                                deadline,
                                attackers["reconnects"],
                                ATTACKERS["reconnects"],
                                lambda link: (link[0], link[1]),
                            ),
                            _reconnects(
                                server.ws_url,
                                links,
                                deadline,
                                attackers["hellos"],
                                ATTACKERS["hellos"],
                                lambda link: (link[0], "not-a-key"),
                            ),
                        ]
                    )
                ]
            await asyncio.wait_for(asyncio.gather(*jobs), warmup + seconds + 120)
            return time.monotonic() - start

        elapsed = asyncio.run(main()) - warmup
    finally:
        server.stop()
        if pin and cores >= 2 and hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, set(range(cores)))
    waits = honest["bot_waits"]
    return {
        "game": game,
        "attack": attack,
        "tables": tables,
        "seconds": round(elapsed, 1),
        "warmup": warmup,
        "bot_moves": len(waits),
        "bot_p50_ms": round(1000 * _percentile(waits, 0.5), 1),
        "bot_p99_ms": round(1000 * _percentile(waits, 0.99), 1),
        "actions_per_s": round(honest["decisions"] / seconds, 2),
        "honest_refused": honest["refused"],
        "attackers": attackers,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }


def render_rst(doc: dict) -> str:
    rows = doc["rows"]
    lines = [
        f".. list-table:: A public server under attack (bench/public.py){_at(doc)}",
        "   :header-rows: 1",
        "",
        "   * - phase",
        "     - bot moves",
        "     - bot p50 (ms)",
        "     - bot p99 (ms)",
        "     - honest actions/s",
        "     - load (1 min, before / after)",
    ]
    for r in rows:
        lines += [
            f"   * - {'under attack' if r['attack'] else 'alone'}",
            f"     - {r['bot_moves']}",
            f"     - {r['bot_p50_ms']}",
            f"     - {r['bot_p99_ms']}",
            f"     - {r['actions_per_s']}",
            f"     - {r['load_before'][0]} / {r['load_after'][0]}",
        ]
    lines += [
        "",
        f"p99 under attack / alone: {doc['p99_ratio']} (target at most {TARGET_RATIO:g}); "
        f"{'met' if doc['target_met'] else 'NOT met'}.",
        "",
    ]
    for name, got in (rows[-1]["attackers"] or {}).items():
        lines.append(f"* {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(got.items())))
    return "\n".join(lines) + "\n"


def _at(doc: dict) -> str:
    game = doc.get("game", "pillars")  # results before #59: Pillars'
    return "" if game == "pillars" else f", at {game} tables"


def main(argv=None) -> int:
    argv = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--public"]
    p = argparse.ArgumentParser(prog="python -m bench --public", description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=3, help="honest tables (default 3)")
    p.add_argument("--seconds", type=float, default=40.0, help="measured length of each phase (default 40)")
    p.add_argument("--warmup", type=float, default=8.0, help="seconds of each phase before it is measured (default 8)")
    p.add_argument("--json", default=None, help="default bench/results/public.json")
    p.add_argument("--rst", default=None, help="default bench/results/public.rst")
    p.add_argument("--no-pin", action="store_true", help="leave the server and the clients on any core")
    p.add_argument("--workdir", help="keep the servers' databases and logs here (default: a temporary folder)")
    p.add_argument(
        "--log-level",
        default="warning",
        help="the servers' log level (debug: every bot decision's wait and time, by owner)",
    )
    p.add_argument("--game", default="pillars", choices=sorted(GAMES), help="the tables' game (default pillars)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pillars-public-") as tmp:
        work = Path(args.workdir or tmp)
        work.mkdir(parents=True, exist_ok=True)
        rows = [
            run_phase(args.tables, args.seconds, attack, work, args.warmup, args.log_level, not args.no_pin, args.game)
            for attack in (False, True)
        ]
    ratio = rows[1]["bot_p99_ms"] / rows[0]["bot_p99_ms"] if rows[0]["bot_p99_ms"] else float("nan")
    doc = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "game": args.game,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "rows": rows,
        "p99_ratio": round(ratio, 2),
        "target_ratio": TARGET_RATIO,
        "target_met": bool(ratio <= TARGET_RATIO),
    }
    stem = GAMES[args.game][1]
    out = Path(args.json) if args.json else RESULTS / f"{stem}.json"
    rst = Path(args.rst) if args.rst else RESULTS / f"{stem}.rst"
    out.write_text(json.dumps(doc, indent=1) + "\n")
    rst.write_text(render_rst(doc))
    print(render_rst(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
