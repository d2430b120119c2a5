"""Helpers of the server tests: an app on a temporary database, and the
protocol page's examples with their wildcard matching."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

from starlette.testclient import TestClient  # the [web] extra is part of [test]: nothing here is skipped

from pillars_rules.web import protocol as P
from pillars_rules.web.app import create_app
from pillars_rules.web.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "protocol.rst"
#: The placeholders the protocol page writes for the values drawn at random.
PUBLIC_URL = "http://127.0.0.1:8000"


def settings(tmp_path, **kw) -> Settings:
    """Settings for an in-process test server (TestClient's host is ``testserver``)."""
    base = dict(
        db=str(tmp_path / "games.sqlite3"),
        allowed_hosts=("testserver",),
        bot_delay=0.0,
        allow_seeds=True,
        rate=1000.0,
        burst=1000,
        public_url=PUBLIC_URL,
        client_rate=1000.0,
        hello_rate=1000.0,
        replay_rate=1000.0,
        create_rate=1000,
        max_games_per_client=1000,
        refusal_delay=0.0,
    )
    base.update(kw)
    return Settings(**base)


def client(tmp_path, **kw) -> TestClient:
    return TestClient(create_app(settings(tmp_path, **kw)))


def post_live(server, path: str, doc: dict) -> tuple[int, dict]:
    """POST ``doc`` to a real server (:class:`bench.serverproc.ServerProcess`) from its own origin:
    the status and the JSON answer, a refusal's too."""
    req = urllib.request.Request(
        server.url + path,
        data=json.dumps(doc).encode(),
        headers={"content-type": "application/json", "origin": server.url},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


def create(c: TestClient, **request) -> dict:
    r = c.post("/games", json=request)
    assert r.status_code == 201, r.text
    return r.json()


def receive(ws) -> dict:
    return json.loads(ws.receive_text())


def receive_until(ws, kind: str) -> dict:
    """The next message of type ``kind`` (skipping ``seats`` and the like)."""
    while True:
        m = receive(ws)
        if m["type"] == kind:
            return m


def say_hello(ws, game: str, key: str, seen=None, protocol: int = P.PROTOCOL) -> tuple[dict, dict]:
    """Send a hello (in ``protocol``); the welcome and the sync (or update) that follow."""
    ws.send_text(P.hello(game, key, seen, protocol))
    welcome = receive(ws)
    assert welcome["type"] == "welcome", welcome
    return welcome, receive(ws)


# ------------------------------------------------------------------ the page's examples
def page_examples(path: Path = PAGE) -> dict[str, object]:
    """Every ``.. example: NAME`` block of the page, parsed (its JSON code block)."""
    text = path.read_text(encoding="utf-8")
    out = {}
    for m in re.finditer(r"^\.\. example: (\S+)\n\n\.\. code-block:: json\n\n((?:   .*\n|\n)+)", text, re.M):
        body = "\n".join(line[3:] for line in m.group(2).splitlines())
        out[m.group(1)] = json.loads(body)
    return out


def matches(example: object, real: object, path: str = "$") -> list[str]:
    """Where ``real`` differs from ``example`` (empty: it matches). In an
    example, the string ``"..."`` stands for any value, a list ending in
    ``"..."`` for a list that starts with the items before it, and a key
    ``"..."`` for any further keys."""
    if example == "...":
        return []
    if isinstance(example, dict):
        if not isinstance(real, dict):
            return [f"{path}: expected an object, got {real!r:.60}"]
        out = []
        keys = set(example) - {"..."}
        if "..." not in example and set(real) != keys:
            out.append(f"{path}: keys {sorted(real)} are not {sorted(keys)}")
        for k in sorted(keys):
            if k not in real:
                out.append(f"{path}.{k}: missing")
            else:
                out += matches(example[k], real[k], f"{path}.{k}")
        return out
    if isinstance(example, list):
        if not isinstance(real, list):
            return [f"{path}: expected a list, got {real!r:.60}"]
        open_end = bool(example) and example[-1] == "..."
        items = example[:-1] if open_end else example
        if len(real) < len(items) or (not open_end and len(real) != len(items)):
            return [f"{path}: {len(real)} items, the example has {len(items)}{'+' if open_end else ''}"]
        out = []
        for i, e in enumerate(items):
            out += matches(e, real[i], f"{path}[{i}]")
        return out
    return [] if example == real and type(example) is type(real) else [f"{path}: {real!r:.80} is not {example!r:.80}"]


def records(c: TestClient) -> list:
    """The server's game records, read through a connection of the test's own
    (SQLite connections belong to the thread that made them)."""
    from pillars_rules.web.registry import open_storage

    storage = open_storage(c.app.state.server.settings.db)
    try:
        return storage.games.records()
    finally:
        storage.close()
