"""Turn timers: a game's clock, chosen at creation, driven by the server.

A game asks for one with ``"clock"`` in its creation request:

* ``null`` or ``{"kind": "none"}``: no clock (as before);
* ``{"kind": "move", "seconds": 120, "bot": "medium"}``: each decision of a
  person's seat has ``seconds``; when they run out, the bot decides that one
  decision for the seat (the next one is the person's again);
* ``{"kind": "game", "seconds": 1200, "bot": "medium"}``: a chess clock, each
  person's seat has ``seconds`` for the whole game, running only while it must
  decide; once it is spent, the bot decides each of that seat's decisions.

Only the server's clock counts (wall time, ``time.time()``): a client is told
how long is left and shows it, it never decides anything. The clock's state --
the decision it times, since when, each seat's time left and every decision
the bot made because time ran out -- is written to the table ``server_clocks``
beside the games at every decision, so a clock goes on after a restart where it
stood (the time the server was down counts: a slow game's clock is days, and a
crash does not stop it). A seat a bot plays (a bot's seat, a taken-over one) is
not timed. Turn timers need an SQLite ``--db`` for now.

Every change is sent to the game's connections as a ``clock`` message
(docs/protocol.rst: clients that do not know it ignore it).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
import weakref
from typing import Any

from ..bots import BOTS
from ..errors import ConfigError
from ..table import StoreError
from ..table.opening import POSTGRES_PREFIXES

log = logging.getLogger("pillars_rules.web")
#: Longest clock a game may ask for: 30 days (a slow game by post).
MAX_SECONDS = 30 * 86_400.0
#: Shortest: long enough to read the board.
MIN_SECONDS = 5.0
KINDS = ("none", "move", "game")


def parse_clock(doc: object, db: str) -> dict | None:
    """The checked ``clock`` of a creation request (``None``: no clock), or :class:`ConfigError`."""
    if doc is None:
        return None
    if not isinstance(doc, dict) or not set(doc) <= {"kind", "seconds", "bot"}:
        raise ConfigError('clock must be null or {"kind": "none" | "move" | "game", "seconds": <n>, "bot": <name>}')
    kind = doc.get("kind", "none")
    if kind not in KINDS:
        raise ConfigError(f"clock.kind must be none, move or game, not {str(kind)[:20]!r}")
    if kind == "none":
        return None
    seconds = doc.get("seconds")
    if not (type(seconds) is int or type(seconds) is float) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise ConfigError(f"clock.seconds must be a number from {MIN_SECONDS:.0f} to {MAX_SECONDS:.0f}")
    bot = doc.get("bot", "medium" if "medium" in BOTS else "random")
    if not isinstance(bot, str) or bot not in BOTS:
        raise ConfigError(f"clock.bot: unknown bot {str(bot)[:40]!r} (bots: {', '.join(sorted(BOTS))})")
    if db.startswith(POSTGRES_PREFIXES):
        raise ConfigError("clock: turn timers need an SQLite --db on this server version")
    return {"kind": kind, "seconds": float(seconds), "bot": bot}


def clock_problem(clock: object) -> str | None:
    """What is wrong with a stored record's ``clock`` (``None``: nothing; a null clock is none)."""
    if clock is None:
        return None
    if (
        type(clock) is not dict
        or set(clock) != {"kind", "seconds", "bot"}
        or clock["kind"] not in ("move", "game")
        or type(clock["seconds"]) not in (int, float)
        or type(clock["bot"]) is not str
    ):
        return "'clock' is not a kind, seconds and a bot"
    return None


class SideTable:
    """A small table ``(game_id, state JSON)`` in the games' SQLite file, for what
    the server keeps of a game beside its record: the clocks (``server_clocks``)
    and the rematches (``server_rematches``, web/rematch.py)."""

    def __init__(self, path: str, table: str) -> None:
        self.path = path
        self.table = table
        try:
            self._db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
            self._db.execute(f"CREATE TABLE IF NOT EXISTS {table} (game_id TEXT PRIMARY KEY, state TEXT NOT NULL)")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the table {table} in {path!r}: {exc}") from None

    def _run(self, sql: str, args: tuple) -> list:
        try:
            return self._db.execute(sql.replace("$t", self.table), args).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.table} in {self.path!r}: {exc}") from None

    def get(self, game_id: str) -> dict | None:
        rows = self._run("SELECT state FROM $t WHERE game_id = ?", (game_id,))
        return json.loads(rows[0][0]) if rows else None

    def put(self, game_id: str, state: dict) -> None:
        self._run("INSERT OR REPLACE INTO $t VALUES (?, ?)", (game_id, json.dumps(state)))

    def add(self, game_id: str, state: dict) -> bool:
        """Store ``state`` unless the game has one already; True if stored."""
        return bool(self._run("INSERT OR IGNORE INTO $t VALUES (?, ?) RETURNING game_id", (game_id, json.dumps(state))))

    def delete(self, game_id: str) -> None:
        self._run("DELETE FROM $t WHERE game_id = ?", (game_id,))

    def close(self) -> None:
        self._db.close()


def side_table(server: Any, table: str) -> SideTable:
    """The server's :class:`SideTable` ``table`` (opened on first use, on the event loop's thread)."""
    if server.settings.db.startswith(POSTGRES_PREFIXES):
        raise ConfigError(f"{table}: this server version keeps it in an SQLite --db only")
    tables = server.__dict__.setdefault("side_tables", {})
    if table not in tables:
        tables[table] = SideTable(server.settings.db, table)
    return tables[table]


def _store(server: Any) -> SideTable:
    return side_table(server, "server_clocks")


class Clock:
    """The clock of one room (``spec``: the record's checked clock; ``None``: none)."""

    def __init__(self, room: Any, spec: dict | None) -> None:
        # weak: a room and its clock in a cycle would outlive the room's unloading
        # until a full collection walked them (web/collector.py)
        self._room = weakref.ref(room)
        problem = clock_problem(spec)
        if problem is not None:  # a damaged record times nothing, and says so
            log.error("clock off game=%s: %s", room.tag, problem)
            spec = None
        self.spec = spec
        self.state: dict | None = None
        self._timer: asyncio.TimerHandle | None = None

    @property
    def room(self) -> Any:
        return self._room()

    @property
    def on(self) -> bool:
        return self.spec is not None

    def bot_for(self, seat: int, decision: int) -> str | None:
        """The clock's bot if time ran out for ``seat`` at ``decision``, else ``None``."""
        if self.state is None or self.spec is None:  # a state is kept only while the clock is on
            return None
        if any(d == decision and s == seat for d, s, _ in self.state["ran_out"]):
            return self.spec["bot"]
        return None

    # ------------------------------------------------------------ driving
    def start(self) -> None:
        """The room is loaded: go on from the stored state (or start), and arm the timer."""
        spec = self.spec
        if spec is None:
            return
        game = self.room.game
        saved = _store(self.room.server).get(self.room.record.game_id)
        n = self.room.record.players
        self.state = saved or {
            "decision": game.decision,
            "since": time.time(),
            "seat": game.current_player,
            "left": [spec["seconds"]] * n,
            "ran_out": [],
        }
        if self.state["decision"] != game.decision:  # moved on elsewhere: time the new decision from now
            self._begin(game)
        self._save()
        self._arm()

    def moved(self) -> None:
        """A new decision (after a flush): charge the last one's time, time the new one."""
        if not self.on or self.state is None or self.state["decision"] == self.room.game.decision:
            return
        self._begin(self.room.game)
        self._save()
        self._arm()
        self.tell()

    def _timed(self, seat: int | None) -> bool:
        return (
            seat is not None
            and not self.room.game.is_over
            and self.room.record.seats[seat].kind == "person"
            and not self.room.taken[seat]
        )

    def _begin(self, game) -> None:
        st, spec = self.state, self.spec
        if st is None or spec is None:  # timed only while the clock is on and keeps its state
            return
        now = time.time()
        if spec["kind"] == "game" and st["seat"] is not None and self._timed(st["seat"]):
            st["left"][st["seat"]] = max(0.0, st["left"][st["seat"]] - (now - st["since"]))
        st.update(decision=game.decision, since=now, seat=game.current_player)

    def remaining(self) -> float | None:
        """Seconds left for the decision being timed (``None``: not timed)."""
        st, spec = self.state, self.spec
        if st is None or spec is None or not self._timed(st["seat"]) or self.bot_for(st["seat"], st["decision"]):
            return None
        allowance = spec["seconds"] if spec["kind"] == "move" else st["left"][st["seat"]]
        return max(0.0, allowance - (time.time() - st["since"]))

    def _arm(self) -> None:
        self.stop()
        left, st = self.remaining(), self.state
        if left is None or st is None or not self.room.server.fanout.is_home(self.room):
            return  # (a time left means a state)
        self._timer = asyncio.get_running_loop().call_later(left, self._ran_out, st["decision"])

    def _ran_out(self, decision: int) -> None:
        self._timer = None
        st, spec = self.state, self.spec
        game = self.room.game
        if st is None or spec is None or game.is_over or game.decision != decision or st["decision"] != decision:
            return
        seat = st["seat"]
        st["ran_out"].append([decision, seat, spec["bot"]])
        if spec["kind"] == "game":
            st["left"][seat] = 0.0
        self._save()
        log.info("clock ran out game=%s seat=%d decision=%d bot=%s", self.room.tag, seat, decision, spec["bot"])
        self.tell()
        self.room.schedule()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _save(self) -> None:
        if self.state is None:  # nothing timed yet: nothing to keep
            return
        try:
            _store(self.room.server).put(self.room.record.game_id, self.state)
        except StoreError as err:  # the clock goes on in memory; a restart would time the decision afresh
            log.error("clock not stored game=%s: %s", self.room.tag, err)

    # ------------------------------------------------------------ telling
    def message(self, spec: dict) -> str:
        """The ``clock`` message of the clock ``spec`` (this one's): the clock, who is timed and
        how long is left, and every ran-out decision."""
        st = self.state or {}
        left = self.remaining()
        doc = {
            "type": "clock",
            "kind": spec["kind"],
            "seconds": spec["seconds"],
            "bot": spec["bot"],
            "decision": st.get("decision"),
            "seat": st.get("seat") if left is not None else None,
            "remaining": None if left is None else round(left, 1),
            "left": [round(x, 1) for x in st.get("left", [])] if spec["kind"] == "game" else None,
            "ran_out": [{"decision": d, "seat": s, "bot": b} for d, s, b in st.get("ran_out", [])],
        }
        return json.dumps(doc, separators=(",", ":"))

    def tell(self, client: Any = None) -> None:
        """Send the clock to ``client``, or to every client of the room."""
        if self.spec is None or self.state is None:
            return
        text = self.message(self.spec)
        for c in [client] if client is not None else list(self.room.clients):
            c.send(text)


__all__ = ["Clock", "clock_problem", "SideTable", "side_table", "parse_clock", "KINDS", "MAX_SECONDS", "MIN_SECONDS"]
