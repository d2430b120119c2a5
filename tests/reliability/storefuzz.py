"""A fuzzer for event stores (issue #24, item 3): byte damage to the database
file and edits of single rows, each checked to end in a typed library error
or in a game that is exactly what the rows record.

Used by ``test_store_damage.py`` (a quick slice) and ``tools/slow_run.py``
(the long run, ``-m slow``).
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from pathlib import Path

import pillars_rules as pr
from pillars_rules.errors import ConflictError
from pillars_rules.table import EventStore, StoreError, Table, encode_message
from pillars_rules.testing import check_game

ROOT = Path(__file__).resolve().parents[2]
FAN = str(ROOT / "examples" / "fan_cards")
#: The games of the reference store: id -> (table arguments, random actions played).
GAMES = {
    "base-2p": (dict(players=2, seed=1), 40),
    "fan-3p": (dict(players=3, seed=2, cards=FAN), 25),
    "set-2p": (dict(players=2, seed=3, cards="cardset"), 15),
    "fresh-4p": (dict(players=4, seed=4), 0),
}


def build_store(path: Path) -> dict[str, pr.Game]:
    """A store at ``path`` holding :data:`GAMES`, checkpointed into one file
    (no WAL left over); the games it holds, by id."""
    cardset = pr.cardlang.load_paths([FAN], known=pr.cardlang.base_cards())
    games = {}
    with EventStore(path) as store:
        for gid, (kw, moves) in GAMES.items():
            kw = dict(kw, cards=cardset) if kw.get("cards") == "cardset" else kw
            table = Table.create(store, gid, **kw)
            rng = random.Random(len(gid))
            for _ in range(moves):
                game = table.game
                assert table.handle(
                    game.current_player, encode_message(game.decision, rng.choice(game.legal_actions()))
                ).ok
            games[gid] = table.game
        store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return games


def _fresh(path: Path) -> None:
    for ext in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(f"{path}{ext}"):
            os.remove(f"{path}{ext}")


# ------------------------------------------------------------------ damage
def damage_bytes(data: bytes, rng: random.Random) -> bytes:
    """``data`` with 1 to 16 random bytes replaced (a quarter of the time in
    the first page: the header and the schema)."""
    out = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 4, 16))):
        i = rng.randrange(min(len(out), 4096) if rng.random() < 0.25 else len(out))
        out[i] = rng.randrange(256)
    return bytes(out)


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


#: Values a damaged column may hold: every SQLite type, broken text and JSON
#: of the wrong shape.
ODD_VALUES = (
    None,
    0,
    -1,
    2**62,
    1.5,
    "",
    "x",
    "[1]",
    "{}",
    "null",
    '"text"',
    "[]",
    '{"a": 1}',
    b"\xff\xfe",
    b"",
    "\ud800".encode("utf-8", "surrogatepass"),
    "{" * 5000,
    _nested(2000),
    _nested(50),
    "1" * 5000,
    '{"type": "GameEnded"}',
    json.dumps({"type": "Gained", "seat": 9, "amounts": [], "reason": "x"}),
)


def _edit_json(text: str, rng: random.Random) -> object:
    """``text`` (a JSON row) with one value replaced, dropped or added at a random path."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or not doc:
        return rng.choice(ODD_VALUES)
    key = rng.choice(sorted(doc))
    op = rng.randrange(4)
    if op == 0:
        del doc[key]
    elif op == 1:
        doc["extra"] = 1
    elif op == 2 and isinstance(doc[key], int) and not isinstance(doc[key], bool):
        doc[key] += rng.choice((-1, 1, 2**40))
    else:
        doc[key] = rng.choice([None, 1, -1, "x", [], {}, [1], True, 1.5, "\u202e", 10**30])
    return json.dumps(doc)


def edit_row(path: Path, rng: random.Random) -> str:
    """Change one thing in one row of the store at ``path``; what was done."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        return _edit(db, rng)
    except sqlite3.IntegrityError:  # the schema refused the edit (NOT NULL, a key taken)
        return "nothing (refused by the schema)"
    finally:
        db.close()


def _edit(db: sqlite3.Connection, rng: random.Random) -> str:
    gid = rng.choice([r[0] for r in db.execute("SELECT game_id FROM games")])
    what = rng.randrange(9)
    if what == 0:
        col = rng.choice(("header", "cards", "decision", "n_events"))
        value = rng.choice(ODD_VALUES)
        db.execute(f"UPDATE games SET {col} = ? WHERE game_id = ?", (value, gid))
        return f"games.{col} of {gid} = {value!r:.40}"
    if what == 1:
        col = rng.choice(("decision", "n_events"))
        step = rng.choice((-1, 1, -2))
        db.execute(f"UPDATE games SET {col} = {col} + ? WHERE game_id = ?", (step, gid))
        return f"games.{col} of {gid} {step:+}"
    if what == 2:
        header = db.execute("SELECT header FROM games WHERE game_id = ?", (gid,)).fetchone()[0]
        db.execute("UPDATE games SET header = ? WHERE game_id = ?", (_edit_json(header, rng), gid))
        return f"a header field of {gid}"
    if what == 3:
        new = rng.choice((b"\xff\xfe", "", "x\n", "a" * 300, "\u202e", "g\x00", "base-2p "))
        try:
            db.execute("UPDATE games SET game_id = ? WHERE game_id = ?", (new, gid))
        except sqlite3.IntegrityError:  # another game has that id
            return "nothing (id taken)"
        return f"game id {gid} -> {new!r:.20}"
    held = [r[0] for r in db.execute("SELECT idx FROM events WHERE game_id = ?", (gid,))]
    if not held:
        return "nothing (no events left)"
    idx, n = rng.choice(held), len(held)
    if what == 4:
        db.execute("DELETE FROM events WHERE game_id = ? AND idx = ?", (gid, idx))
        return f"event {idx} of {gid} deleted"
    if what == 5:
        db.execute("UPDATE events SET body = ? WHERE game_id = ? AND idx = ?", (rng.choice(ODD_VALUES), gid, idx))
        return f"event {idx} of {gid} replaced by an odd value"
    if what == 6:
        body = db.execute("SELECT body FROM events WHERE game_id = ? AND idx = ?", (gid, idx)).fetchone()[0]
        db.execute("UPDATE events SET body = ? WHERE game_id = ? AND idx = ?", (_edit_json(body, rng), gid, idx))
        return f"a field of event {idx} of {gid}"
    if what == 7:
        other = rng.randrange(-2, n + 3)
        try:
            db.execute("UPDATE events SET idx = ? WHERE game_id = ? AND idx = ?", (other, gid, idx))
        except sqlite3.IntegrityError:
            db.execute(
                "UPDATE events SET body = (SELECT body FROM events WHERE game_id = ? AND idx = ?) "
                "WHERE game_id = ? AND idx = ?",
                (gid, other, gid, idx),
            )
        return f"event {idx} of {gid} moved to or copied from {other}"
    db.execute("INSERT OR REPLACE INTO events VALUES (?, ?, ?)", (gid, n, '{"type": "GameEnded"}'))
    return f"an event appended to {gid}"


# ------------------------------------------------------------------ checking
def check_store(path: Path, expected: dict[str, pr.Game]) -> str:
    """Open the store at ``path``, list its games and open each, then answer
    one message on each: "store refused", "game refused" (a typed error naming
    the game), "equal" (every game as stored) or "faithful" (a game differs, but
    is a valid game whose store agrees with it). Anything else fails."""
    try:
        store = EventStore(path)
    except StoreError as exc:
        assert str(path) in str(exc), exc
        return "store refused"
    outcome = "equal"
    try:
        try:
            ids = store.games()
        except StoreError as exc:
            assert str(path) in str(exc), exc
            return "store refused"
        for gid in ids:
            try:
                table = Table.open(store, gid)
            except (pr.SaveError, StoreError) as exc:
                assert repr(gid)[:40] in str(exc) or str(path) in str(exc), exc
                outcome = "game refused" if outcome == "equal" else outcome
                continue
            if table.game != expected.get(gid):
                check_game(table.game)
                assert table.decision == store.decision(gid)
                outcome = "faithful"
            game = table.game
            if not game.is_over:
                try:
                    table.handle(game.current_player, encode_message(game.decision, game.legal_actions()[0]))
                except (StoreError, ConflictError):
                    pass
        return outcome
    except (pr.SaveError, StoreError) as exc:  # a listing refused
        assert str(path) in str(exc) or "game" in str(exc), exc
        return "game refused"
    finally:
        store.close()


def fuzz_store(seed: int, attempts: int, workdir: Path, kind: str) -> dict[str, int]:
    """``attempts`` damaged copies of the reference store (``kind`` is
    ``"bytes"`` or ``"rows"``): outcome -> count."""
    reference = workdir / "reference.sqlite3"
    _fresh(reference)
    expected = build_store(reference)
    data = reference.read_bytes()
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    target = workdir / "damaged.sqlite3"
    for _ in range(attempts):
        _fresh(target)
        if kind == "bytes":
            target.write_bytes(damage_bytes(data, rng))
        else:
            target.write_bytes(data)
            for _ in range(rng.choice((1, 1, 1, 2))):
                edit_row(target, rng)
        result = check_store(target, expected)
        counts[result] = counts.get(result, 0) + 1
    return counts
