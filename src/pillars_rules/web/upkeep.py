"""The server's upkeep of its stored games (hardening round 5, item 2), beside
:meth:`Server.expire_abandoned <pillars_rules.web.server.Server.expire_abandoned>`:

* a game whose persons' seats nobody has taken -- no hello with a seat's key
  since its creation -- is deleted ``expire_unstarted`` after its creation
  (15 minutes by default), much sooner than a game that was played and then
  left (``expire_after``, 48 hours); the first seat's hello marks the record
  (``seated``), in the records' thread;
* finished games created more than ``keep_finished`` ago are deleted, once an
  hour (``0``: kept for good);
* :func:`delete_owner`: the operator removes every game of one client address or
  network (the admin API's ``DELETE /api/admin/owners/{owner}``).

Each runs at the process that is home for the game (several processes on one
PostgreSQL database: one deletes it), and reads the record again before it
deletes an unstarted game (another process may have seen its seat taken).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import attrs

from .retention import finished_before, owned_by

if TYPE_CHECKING:  # pragma: no cover
    from .registry import GameRecord

log = logging.getLogger("pillars_rules.web")
#: Seconds between two prunings of the finished games.
PRUNE_EVERY = 3600.0


def seat_taken(server: Any, record: GameRecord) -> None:
    """A person's seat of ``record``'s game was taken: mark the record (once; a failure is logged)."""
    room = server.rooms.get(record.game_id)
    if room is not None:
        if room.record.seated:
            return  # marked already (the write may be under way)
        room.record = attrs.evolve(room.record, seated=True)

    async def mark() -> None:
        try:
            await server.in_registry(
                server.storage.games.change, record.game_id, lambda r: attrs.evolve(r, seated=True)
            )
        except Exception as exc:  # noqa: BLE001 - the next hello marks it again
            log.error("seat taken not stored game=%s: %s", room.tag if room else "-", type(exc).__name__)

    task = asyncio.get_running_loop().create_task(mark())
    server._tasks.add(task)
    task.add_done_callback(server._tasks.discard)


async def expire_unstarted(server: Any) -> list[str]:
    """Delete the unfinished games this process is home for whose seats nobody took
    within ``expire_unstarted`` of their creation; their ids."""
    after, now = server.settings.expire_unstarted, time.time()
    candidates = [
        r.record.game_id
        for r in list(server.rooms.values())
        if not r.record.seated and not r.game.is_over and now - r.record.created >= after and server.fanout.is_home(r)
    ]
    gone = []
    for game_id in candidates:
        record = await server.in_registry(server.storage.games.get, game_id)
        if record is None or record.seated:  # taken at another process: keep it
            if record is not None and game_id in server.rooms:
                server.rooms[game_id].record = attrs.evolve(server.rooms[game_id].record, seated=True)
            continue
        if await server.delete_game(game_id, f"nobody took a seat within {after / 60:.3g} min: the game was deleted"):
            gone.append(game_id)
    return gone


async def prune_if_due(server: Any) -> list[str]:
    """Delete the finished games created more than ``keep_finished`` ago, at most once
    every :data:`PRUNE_EVERY` seconds; their ids."""
    keep = server.settings.keep_finished
    now = time.monotonic()
    if not keep or now < server.__dict__.get("_pruned_at", -PRUNE_EVERY) + PRUNE_EVERY:
        return []
    server._pruned_at = now
    records = await server.in_registry(server.storage.games.records)
    gone = [
        g
        for g in finished_before(records, time.time() - keep)
        if await server.delete_game(g, "finished long ago: pruned")
    ]
    if gone:
        log.info("finished games pruned count=%d", len(gone))
    return gone


async def delete_owner(server: Any, owner: str) -> list[str]:
    """Delete every game created from the address or network ``owner`` (a digest as
    the admin listing shows it); their ids."""
    records = await server.in_registry(server.storage.games.records)
    return [
        g for g in owned_by(records, owner) if await server.delete_game(g, "the operator removed its creator's games")
    ]


__all__ = ["seat_taken", "expire_unstarted", "prune_if_due", "delete_owner", "PRUNE_EVERY"]
