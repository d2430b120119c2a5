"""The replay and rematch endpoints under a stranger's requests (hardening round 5,
item 5), against a real ``pillars-rules serve`` process: a wrong key waits the
refusal delay as a wrong hello does, one address's replay requests are rate-limited
(429 with ``Retry-After``), and a request body that stalls is answered 408. Before,
wrong keys were answered in 1-2 ms, replay requests had no limit (4 clients raised
``/healthz``'s p50 from 3 to 49 ms) and a stalled body got HTTP 500."""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}]}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = tmp_path_factory.mktemp("replaylimits") / "games.sqlite3"
    with ServerProcess(db, None, *ONE_ADDRESS, "--body-timeout", "1", "--replay-rate", "1") as server:
        yield server


def _post(server, path: str, doc: dict, source: str = "127.0.0.1") -> tuple[int, dict, float]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    try:
        began = time.monotonic()
        conn.request("POST", path, json.dumps(doc), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"{}"), time.monotonic() - began
    finally:
        conn.close()


@pytest.mark.parametrize("path", ["/api/replay", "/api/rematch"])
def test_a_wrong_key_waits_the_refusal_delay(live, path):
    game = live.create(TWO)["game"]
    status, doc, took = _post(live, path, {"game": game, "key": "a-guess"}, "127.0.0.21")
    assert status == 404 and doc == {"error": "no game with this id and key"}
    assert took >= 0.9  # --refusal-delay's default: a second a guess


def test_replay_requests_are_rate_limited_per_address(live):
    made = live.create(TWO)
    key = made["seats"][0]["link"].split("key=", 1)[1]
    answers = [_post(live, "/api/replay", {"game": made["game"], "key": key}, "127.0.0.22")[0] for _ in range(12)]
    assert answers[:10] == [200] * 10  # a burst of ten seconds' worth at --replay-rate 1
    assert 429 in answers[10:]
    status, _, _ = _post(live, "/api/replay", {"game": made["game"], "key": key}, "127.0.0.23")
    assert status == 200  # another address has its own allowance


@pytest.mark.parametrize("path", ["/api/replay", "/api/rematch"])
def test_a_stalled_body_is_answered_408_not_500(live, path):
    with socket.create_connection(("127.0.0.1", live.port), source_address=("127.0.0.24", 0)) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f'Content-Length: 100\r\n\r\n{{"game":'.encode()
        )
        sock.settimeout(20)
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_the_default_replay_rate_lets_the_page_play_at_its_fastest_speed():
    """The replay page's fastest speed (decisions a second) stays under the default limit."""
    import re
    from pathlib import Path

    from pillars_rules.web.settings import Settings

    js = (Path(pillars_rules_web_static()) / "js" / "replay.js").read_text(encoding="utf-8")
    speeds = [
        float(v) for v in re.findall(r'\["([0-9.]+)", "[^"]*"\]', js.split("const SPEEDS", 1)[1].split(";", 1)[0])
    ]
    assert speeds and max(speeds) < Settings().replay_rate


def pillars_rules_web_static():
    from pathlib import Path

    import pillars_rules.web as web

    return Path(web.__file__).resolve().parent / "static"
