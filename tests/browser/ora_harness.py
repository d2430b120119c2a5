"""The Ora board without the game server: fixture documents made by Python from real seeded
games, and a small HTTP server for the harness page (``web/static/ora-harness.html``).

A frame is what the server sends a seat that must decide (the contract of issue #59):
``view``, the parsed ``game.export(seat)``, and ``choices``, each ``{"action", "label"}`` for one of
``game.legal_actions()``, the action as a client sends it back (``"type"`` and the fields the game
type declares, tuples as lists). Nothing in a document is typed by hand.

:class:`HarnessServer` serves the package's static files, the documents under ``/fixture/<name>.json``,
and one game held here under ``/live/``: ``GET /live/state`` gives the frame of the seat to decide
(with its ``decision``), ``POST /live/apply`` with ``{"decision", "action"}`` plays the listed action
that is exactly the one sent -- the board's answer is applied by the same Python as every game.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

import pillars_rules as pr
from pillars_rules.core import game_type
from pillars_rules.web.app import security_headers

STATIC = resources.files("pillars_rules") / "web" / "static"
ORA = "ora-et-labora"
TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml"}


def _plain(value: object) -> object:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def encode(action: object) -> dict[str, Any]:
    """An Ora action as the client sends it: ``type`` and its declared fields."""
    fields = game_type(ORA).action_fields[type(action)]
    return {"type": type(action).__name__, **{name: _plain(getattr(action, name)) for name, _ in fields}}


def frame(game: pr.Game) -> dict[str, Any]:
    """The frame of the seat to decide in ``game``."""
    seat = game.state.pending.seat
    return {
        "seat": seat,
        "decision": game.state.decision,
        "view": json.loads(game.export(seat)),
        "choices": [{"action": encode(a), "label": a.label} for a in game.legal_actions()],
    }


def frames(players: int, seed: int, choose_seed: int | None = None) -> Iterator[tuple[pr.Game, dict[str, Any]]]:
    """Every decision of a seeded game whose choices are drawn by a seeded random pick."""
    rng = random.Random(seed if choose_seed is None else choose_seed)
    game = pr.new_game(game=ORA, players=players, seed=seed)
    while not game.state.game_over:
        yield game, frame(game)
        game = game.apply(rng.choice(game.legal_actions()))
    yield game, {"seat": None, "decision": game.state.decision, "view": json.loads(game.export(0)), "choices": []}


def document(players: int, seed: int, keep: Callable[[dict[str, Any]], bool], most: int = 8) -> dict[str, Any]:
    """A fixture document: up to ``most`` frames of a seeded game that ``keep`` picks, in play order."""
    picked = []
    for _, f in frames(players, seed):
        if keep(f):
            picked.append(f)
            if len(picked) == most:
                break
    return {"game": ORA, "players": players, "seed": seed, "frames": picked}


def kinds(f: dict[str, Any]) -> set[str]:
    return {c["action"]["type"] for c in f["choices"]}


class HarnessServer:
    """The static files, fixture documents and one live game, on 127.0.0.1 in a thread."""

    def __init__(self) -> None:
        self.docs: dict[str, dict[str, Any]] = {}
        self.game: pr.Game | None = None
        self.lock = threading.Lock()
        self.applied = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _send(self, code: int, body: bytes, kind: str = "application/json") -> None:
                self.send_response(code)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(body)))
                self.send_header("cache-control", "no-store")
                for name, value in outer.headers:  # the game server's own: its CSP allows no inline style or script
                    self.send_header(name.decode(), value.decode())
                self.end_headers()
                self.wfile.write(body)

            def _json(self, code: int, doc: object) -> None:
                self._send(code, json.dumps(doc).encode())

            def do_GET(self) -> None:
                path = self.path.split("?")[0]
                if path.startswith("/static/"):
                    target = STATIC.joinpath(*path[len("/static/") :].split("/"))
                    if ".." in path or not target.is_file():
                        return self._send(404, b"not found", "text/plain")
                    suffix = "." + target.name.rsplit(".", 1)[-1]
                    return self._send(200, target.read_bytes(), TYPES.get(suffix, "application/octet-stream"))
                if path.startswith("/fixture/") and path.endswith(".json"):
                    doc = outer.docs.get(path[len("/fixture/") : -len(".json")])
                    return (
                        self._json(200, doc) if doc is not None else self._send(404, b"no such document", "text/plain")
                    )
                if path == "/live/state":
                    with outer.lock:
                        return self._json(200, outer.live_frame())
                return self._send(404, b"not found", "text/plain")

            def do_POST(self) -> None:
                if self.path != "/live/apply":
                    return self._send(404, b"not found", "text/plain")
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))
                with outer.lock:
                    game = outer.game
                    if game is None or body.get("decision") != game.state.decision:
                        return self._send(409, b"stale decision", "text/plain")
                    listed = [a for a in game.legal_actions() if encode(a) == body.get("action")]
                    if len(listed) != 1:
                        return self._send(400, f"not one listed action: {body.get('action')}".encode(), "text/plain")
                    outer.game = game.apply(listed[0])
                    outer.applied += 1
                    return self._json(200, outer.live_frame())

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.headers = security_headers(f"127.0.0.1:{self.httpd.server_address[1]}")
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def live_frame(self) -> dict[str, Any]:
        game = self.game
        assert game is not None
        if game.state.game_over:
            return {"seat": None, "decision": game.state.decision, "view": json.loads(game.export(0)), "choices": []}
        return frame(game)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self) -> HarnessServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
