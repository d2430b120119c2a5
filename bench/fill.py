"""Hardening round 5's attacks on a public server, measured: ``python -m bench.fill``.

Each against a fresh ``pillars-rules serve`` (SQLite) on 127.0.0.1, the
attackers on loopback addresses of their own:

* **race**: 40 parallel ``POST /games`` from 40 addresses with ``--max-games 5``:
  the games created (the cap holds: 5);
* **fill**: 10 addresses of one /24 each create games until refused
  (``--create-rate`` lifted: a patient attacker gets the same in minutes):
  the places they hold of 200, and what a newcomer from another network is
  answered;
* **replay flood**: 4 addresses ask ``POST /api/replay`` in a loop for
  ``--seconds``: their requests answered 200, and ``/healthz``'s p50 latency
  meanwhile against idle;
* **wrong keys**: the median time to answer a replay request with a wrong key.

Small on purpose (about a minute): the machine is shared.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from .serverproc import ServerProcess

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}]}


def _request(port: int, source: str, method: str, path: str, doc: dict | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, None if doc is None else json.dumps(doc), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def _parallel(fns) -> None:
    threads = [threading.Thread(target=f) for f in fns]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)


def race(workdir: Path) -> dict:
    with ServerProcess(workdir / "race.sqlite3", None, "--max-games", "5") as server:
        out: list[int] = []
        go = threading.Barrier(40)

        def one(i: int):
            def run():
                go.wait()
                out.append(_request(server.port, f"127.0.0.{10 + i}", "POST", "/games", TWO)[0])

            return run

        _parallel([one(i) for i in range(40)])
    return {"requests": 40, "max_games": 5, "created": out.count(201)}


def fill(workdir: Path) -> dict:
    with ServerProcess(workdir / "fill.sqlite3", None, "--create-rate", "1000", "--refusal-delay", "0") as server:
        held: list[int] = []

        def attacker(i: int):
            def run():
                n = 0
                while _request(server.port, f"127.0.0.{10 + i}", "POST", "/games", TWO)[0] == 201:
                    n += 1
                held.append(n)

            return run

        _parallel([attacker(i) for i in range(10)])
        newcomer = _request(server.port, "127.0.1.1", "POST", "/games", TWO)[0]
    return {"addresses": 10, "places": 200, "held": sum(held), "newcomer": newcomer}


def _p50_healthz(port: int, seconds: float) -> float:
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=60) as r:
            r.read()
        times.append(time.perf_counter() - began)
        time.sleep(0.05)
    return statistics.median(times) * 1000


def flood(workdir: Path, seconds: float) -> dict:
    with ServerProcess(workdir / "flood.sqlite3", None) as server:  # the public defaults
        made = json.loads(_request(server.port, "127.0.0.1", "POST", "/games", TWO)[1])
        key = made["seats"][0]["link"].split("key=", 1)[1]
        idle = _p50_healthz(server.port, 3.0)
        answered: list[int] = []
        stop = time.monotonic() + seconds

        body = json.dumps({"game": made["game"], "key": key, "at": 1})

        def flooder(i: int):
            def run():  # one kept-alive connection each (many short ones exhaust the loopback's ports)
                conn = http.client.HTTPConnection(
                    "127.0.0.1", server.port, timeout=60, source_address=(f"127.0.0.{50 + i}", 0)
                )
                while time.monotonic() < stop:
                    conn.request("POST", "/api/replay", body, {"content-type": "application/json"})
                    r = conn.getresponse()
                    r.read()
                    answered.append(r.status)
                    if r.getheader("connection") == "close":
                        conn.close()
                conn.close()

            return run

        threads = [threading.Thread(target=flooder(i)) for i in range(4)]
        for t in threads:
            t.start()
        busy = _p50_healthz(server.port, seconds - 0.5)
        for t in threads:
            t.join(60)
        wrong = []
        for _ in range(3):
            began = time.perf_counter()
            _request(server.port, "127.0.0.60", "POST", "/api/replay", {"game": made["game"], "key": "guess"})
            wrong.append(time.perf_counter() - began)
    return {
        "seconds": seconds,
        "answered_200": answered.count(200),
        "refused_429": answered.count(429),
        "healthz_p50_idle_ms": round(idle, 1),
        "healthz_p50_flood_ms": round(busy, 1),
        "wrong_key_ms": round(statistics.median(wrong) * 1000, 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.fill", description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=8.0, help="length of the replay flood")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pillars-fill-") as tmp:
        out = {"race": race(Path(tmp)), "fill": fill(Path(tmp)), "flood": flood(Path(tmp), args.seconds)}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
