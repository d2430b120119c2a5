"""A bot's job carries only the log's events its worker lacks (web/botlogs.py, issue #60).

The server remembers, for each game and worker, how far it sent the log; a job carries the
events past that. Each case where the worker does not hold them -- a worker that never saw the
game, one that forgot it (its bounded cache), one restarted, a game reloaded (new events) or a
shorter log -- ends with the worker rebuilding the very view the whole log gave, so its bot
decides the same."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import tempfile

import pytest

import pillars_rules as pr
from pillars_rules.bots import make_bot
from pillars_rules.web import botlogs
from pillars_rules.web.botlogs import DecodedLogs, LogText, LogWanted
from pillars_rules.web.bots import BotPool, decide


def played(players: int = 4, decisions: int = 120, seed: int = 5):
    """A game's line, its views made as a room makes them (one redacted log, shared along the line)."""
    game, rnd, games = pr.new_game(players, seed), random.Random(seed), []
    while game.decision < decisions and not game.is_over:
        game.view(0)
        games.append(game)
        game = game.apply(rnd.choice(game.legal_actions()))
    return games


def arrive(shipped, worker: DecodedLogs) -> pr.SeatView:
    """``shipped`` as the worker whose kept logs are ``worker`` rebuilds it."""
    was, botlogs._DECODED = botlogs._DECODED, worker
    try:
        return pickle.loads(pickle.dumps(shipped))
    finally:
        botlogs._DECODED = was


def test_each_worker_gets_the_events_past_those_sent_it_and_rebuilds_the_view():
    logs, workers = LogText(), {1: DecodedLogs(), 2: DecodedLogs()}
    tables = [played(seed=s, decisions=100) for s in (5, 6, 7)]
    rnd = random.Random(1)
    tails = wholes = 0
    for step in range(0, 100, 3):  # the tables in turn, each decision to a worker picked at random
        for games in tables:
            game = games[min(step, len(games) - 1)]
            seat = game.current_player
            view, to = game.view(seat), rnd.choice((1, 2))
            shipped = logs.ship(view, to=to)
            whole = pickle.loads(pickle.dumps(logs.ship(view)))  # to no worker: the whole log
            assert arrive(shipped, workers[to]) == view == arrive(logs.ship(view), DecodedLogs())
            assert whole == view
            if shipped.start:
                tails += 1
                assert shipped.log == LogText().text(view.events[shipped.start :])
                assert len(pickle.dumps(shipped)) < len(pickle.dumps(logs.ship(view)))
            else:
                wholes += 1
    assert tails > 60 and wholes == 6  # each game whole once to each worker, then tails only


def test_a_tail_is_a_small_part_of_a_late_job():
    logs = LogText()
    games = played(decisions=200)
    logs.ship(games[-9].view(0), to=1)
    late = games[-1].view(0)
    tail, whole = len(pickle.dumps(logs.ship(late, to=1))), len(pickle.dumps(LogText().ship(late)))
    assert tail < whole / 3, (tail, whole)


def test_a_worker_that_lacks_the_start_asks_and_decides_the_same_with_the_whole_log():
    logs, worker = LogText(), DecodedLogs()
    games = played(decisions=150)
    for game in games[:60:6]:
        arrive(logs.ship(game.view(game.current_player), to=1), worker)
    worker._games.clear()  # the worker forgot (restarted, or its cache passed its size)
    game = games[120]
    view, seed = game.view(game.current_player), 11
    shipped = logs.ship(view, to=1)
    assert shipped.start > 0
    with pytest.raises(LogWanted) as lacks:
        arrive(shipped, worker)
    assert lacks.value.args == (shipped.number,)
    again = logs.ship(view, to=1, whole=True)
    assert again.start == 0 and again.log == logs.text(view.events)
    arrived = arrive(again, worker)
    assert arrived == view
    assert (
        decide("medium", seed, arrived)
        == decide("medium", seed, view)
        == pr.encode_action(make_bot("medium", seed)(view))
    )
    later = games[140].view(games[140].current_player)
    assert arrive(logs.ship(later, to=1), worker) == later  # and tails again after it


def test_a_worker_s_bounded_cache_forgets_the_game_used_least_lately():
    logs, worker = LogText(), DecodedLogs(size=1)
    a, b = played(seed=5, decisions=60), played(seed=6, decisions=60)
    arrive(logs.ship(a[10].view(0), to=1), worker)
    arrive(logs.ship(b[10].view(0), to=1), worker)  # a is forgotten
    shipped = logs.ship(a[30].view(0), to=1)
    with pytest.raises(LogWanted):
        arrive(shipped, worker)
    assert arrive(logs.ship(a[30].view(0), to=1, whole=True), worker) == a[30].view(0)


def test_a_reloaded_game_or_a_shorter_log_goes_whole_under_a_new_number():
    logs, worker = LogText(), DecodedLogs()
    games = played(decisions=80)
    first = logs.ship(games[40].view(0), to=1)
    arrive(first, worker)
    again = pr.load(pr.save(games[60])).view(0)  # equal events, other objects
    shipped = logs.ship(again, to=1)
    assert shipped.start == 0 and shipped.number != first.number
    assert arrive(shipped, worker) == again
    shorter = logs.ship(games[20].view(0), to=1)
    assert shorter.start == 0 and shorter.number not in (first.number, shipped.number)
    assert arrive(shorter, worker) == games[20].view(0)


def test_a_game_forgotten_by_the_server_goes_whole_under_a_new_number():
    logs, worker = LogText(size=1), DecodedLogs()
    a, b = played(seed=5, decisions=40), played(seed=6, decisions=40)
    one = logs.ship(a[10].view(0), to=1)
    arrive(one, worker)
    arrive(logs.ship(b[10].view(0), to=1), worker)  # the server forgets a
    two = logs.ship(a[30].view(0), to=1)
    assert two.start == 0 and two.number != one.number
    assert arrive(two, worker) == a[30].view(0)


def test_forgetting_the_workers_sends_every_log_whole_again():
    logs = LogText()
    games = played(decisions=40)
    logs.ship(games[10].view(0), to=1)
    logs.ship(games[10].view(0), to=2)
    assert logs.ship(games[20].view(0), to=1).start == logs.ship(games[20].view(0), to=2).start > 0
    logs.forget_all()
    assert logs.ship(games[30].view(0), to=1).start == logs.ship(games[30].view(0), to=2).start == 0


# -- the real pool: every decision the same as the bot's beside the game


def forgetful(name: str, seed: int, view) -> dict:
    """In a worker: the bot's decision, then the worker forgets every log it kept."""
    try:
        return decide(name, seed, view)
    finally:
        botlogs._DECODED._games.clear()


def dying(name: str, seed: int, view) -> dict:
    """In a worker: the bot's decision; but the first decision after the file named by ``name``'s
    tail is made (``medium:/path``) kills its worker outright."""
    bot, _, path = name.partition(":")
    try:
        os.unlink(path)
    except FileNotFoundError:
        return decide(bot, seed, view)
    os._exit(1)


def _play_through(pool: BotPool, tables: list[list[pr.Game]], name: str = "medium") -> list[tuple]:
    """Ask ``pool`` each table's decisions (every third), the tables side by side; the actions."""

    async def main():
        async def table(k: int, games: list[pr.Game]) -> list[tuple]:
            out = []
            for i, game in enumerate(games[::3]):
                view = game.view(game.current_player)
                action = await pool.decide(name, 100 * k + i, view, owner=f"t{k}")
                out.append((k, i, action))
            return out

        try:
            return [a for t in await asyncio.gather(*(table(k, g) for k, g in enumerate(tables))) for a in t]
        finally:
            pool.close()

    return asyncio.run(main())


def _want(tables: list[list[pr.Game]], bot: str = "medium") -> list[tuple]:
    return [
        (k, i, make_bot(bot, 100 * k + i)(game.view(game.current_player)))
        for k, games in enumerate(tables)
        for i, game in enumerate(games[::3])
    ]


def test_a_pool_of_two_workers_decides_from_tails_as_the_bot_beside_the_game():
    tables = [played(players=2, seed=s, decisions=60) for s in (3, 4, 5)]
    pool = BotPool(workers=2, timeout=60.0, depth=2)
    assert sorted(_play_through(pool, tables), key=str) == sorted(_want(tables), key=str)
    assert pool.fallbacks == 0 and pool.resent == 0  # its workers kept every log it was sent


def test_a_worker_that_forgot_every_log_is_sent_them_whole_and_decides_the_same():
    tables = [played(players=2, seed=s, decisions=45) for s in (3, 4)]
    pool = BotPool(workers=2, timeout=60.0, job=forgetful)
    assert sorted(_play_through(pool, tables), key=str) == sorted(_want(tables), key=str)
    assert pool.fallbacks == 0 and pool.resent > 0


def test_a_pool_restarted_under_a_decision_sends_its_new_workers_whole_logs():
    tables = [played(players=2, seed=s, decisions=60) for s in (3, 4)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "die")
        pool = BotPool(workers=2, timeout=60.0, job=dying)
        name = f"medium:{path}"

        async def main():
            try:
                view = tables[0][0].view(tables[0][0].current_player)
                await pool.decide(name, 0, view, owner="warm")  # the workers hold a log
                first = pool._pool
                open(path, "w").close()  # the next decision kills its worker
                got = []
                for k, games in enumerate(tables):
                    for i, game in enumerate(games[::3]):
                        got.append((k, i, await pool.decide(name, 100 * k + i, game.view(game.current_player))))
                return got, first is not pool._pool
            finally:
                pool.close()

        got, restarted = asyncio.run(main())
        assert not os.path.exists(path)
    assert restarted
    assert got == _want(tables)
    assert pool.fallbacks == 0 and pool.resent == 0  # the new workers were sent whole logs at once
