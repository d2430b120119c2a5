"""The views the server sends its bot workers (web/bots.py, LogText): each game's
log is encoded once per event and kept; what a worker gets is the very view that
pickling it whole gave -- at every stage, for every seat, for a game reloaded
(new event objects) or a shorter log, with fan cards too."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import pillars_rules as pr
from pillars_rules.pillars_json.codec import event_to_dict
from pillars_rules.view import export_doc
from pillars_rules.web.bots import LogText


def played(players: int = 4, decisions: int = 120, seed: int = 5, cards=None):
    game, rnd, games = pr.new_game(players, seed, cards=cards), random.Random(seed), []
    while game.decision < decisions and not game.is_over:
        games.append(game)
        game = game.apply(rnd.choice(game.legal_actions()))
    return games


def test_a_shipped_view_is_the_view_at_every_stage_and_seat():
    logs = LogText()
    for game in played()[::7]:
        for seat in range(4):
            view = game.view(seat)
            text = logs.text(view.events)
            assert json.loads(text) == json.loads(game.export(seat))["events"]
            assert text == json.dumps(
                [event_to_dict(e) for e in view.events], ensure_ascii=False, separators=(",", ":")
            )
            assert pickle.loads(pickle.dumps(logs.ship(view))) == view
            # the head a worker reads is the export's text, its state made part by part (issue #60)
            assert logs.ship(view).head == json.dumps(
                export_doc(view, events=False), ensure_ascii=False, separators=(",", ":")
            )


def test_a_reloaded_game_or_a_shorter_log_is_encoded_again():
    logs = LogText(size=2)
    games = played(decisions=80)
    late, early = games[-1].view(0), games[20].view(0)

    def want(v):
        return json.dumps([event_to_dict(e) for e in v.events], ensure_ascii=False, separators=(",", ":"))

    assert logs.text(late.events) == want(late)
    assert logs.text(early.events) == want(early)  # shorter: the same first event, fewer events
    again = pr.load(pr.save(games[-1])).view(0)  # equal events, other objects
    assert again.events[0] is not late.events[0]
    assert logs.text(again.events) == want(again) == want(late)
    for other in (played(seed=s, decisions=10)[-1].view(1) for s in (6, 7, 8)):  # past its size
        assert logs.text(other.events) == want(other)
    assert len(logs._games) == 2


def test_the_events_a_room_encoded_already_are_taken_as_they_are():
    """A room hands the pool its own JSON of the log (protocol.Frames): only the events
    past it are encoded, and the worker still gets the whole log (issue #60)."""
    from pillars_rules.web import protocol as P

    games = played(decisions=90)
    frames = P.Frames()
    frames.extend(games[30])  # the room is behind the view (it encodes at its next flush) ...
    logs = LogText()
    for game in (games[40], games[60], games[-1]):
        view = game.view(1)
        want = [event_to_dict(e) for e in view.events]
        assert json.loads(logs.text(view.events, frames.events)) == want
        assert pickle.loads(pickle.dumps(logs.ship(view, frames.events))) == view
        frames.extend(games[-1])  # ... or ahead of it: only the view's events are taken
    marked = ['{"taken":"from the room"}'] * 5  # what was handed over is what the worker reads
    assert json.loads(LogText().text(games[10].view(0).events, marked))[:5] == [{"taken": "from the room"}] * 5


def test_a_view_with_fan_cards_arrives_with_them():
    cards = pr.load_cards("expansion")
    game = played(players=6, decisions=40, cards=cards)[-1]
    view = game.view(game.current_player)
    assert pickle.loads(pickle.dumps(LogText().ship(view))) == view


def test_the_server_keeps_the_logs_of_as_many_games_as_it_hosts(tmp_path):
    from pillars_rules.web.server import Server
    from pillars_rules.web.settings import Settings

    server = Server(Settings(db=str(tmp_path / "g.sqlite3"), max_games=7))
    assert server.bots._logs.size == server.background_bots._logs.size == 7


def test_a_worker_decodes_only_the_events_past_the_ones_it_kept():
    from pillars_rules.web.botlogs import DecodedLogs, LogWanted

    decoded = DecodedLogs(size=2)
    games = played(decisions=90)
    before, text = 0, "[]"
    for game in games[::9]:  # one game's views, decision after decision, each with the events past the last
        events = game.view(1).events
        tail = LogText().text(events[before:])
        got = decoded.events(tail, 1, before)
        assert got == events
        assert decoded.fresh == len(events) - before  # only the new ones
        before = len(events)
    early = games[10].view(1).events
    assert decoded.events(LogText().text(early), 1) == early and decoded.fresh == len(early)  # from 0: all again
    others = [played(seed=s, decisions=12)[-1].view(0).events for s in (6, 7)]
    for key, other in enumerate(others, 2):  # past its size, the game used least lately is forgotten
        assert decoded.events(LogText().text(other), key) == other
    assert len(decoded._games) == 2
    late = games[-1].view(1).events
    with pytest.raises(LogWanted) as lacks:  # forgotten: it asks for the whole log
        decoded.events(LogText().text(late[len(early) :]), 1, len(early))
    assert lacks.value.args == (1,)
    assert decoded.events(LogText().text(late), 1) == late and decoded.fresh == len(late)
    assert decoded.events("[]", 4) == () and decoded.events(LogText().text(late), 4) == late
    assert decoded.fresh == len(late)
    with pytest.raises(LogWanted):  # it holds fewer events than the tail starts after
        decoded.events("[]", 4, len(late) + 1)
    with pytest.raises(pr.SaveError, match="must be a list"):
        decoded.events("{}", 5)
    assert decoded.events(text, 5) == ()


def test_a_bot_in_a_worker_reads_the_log_as_a_bot_beside_the_game_does():
    # the view a worker rebuilds from an export kept its log as JSON objects until read, and the
    # determinizer's scan of a shared log took that list for events: no draw, reveal or privilege
    from pillars_rules.determinize import _scan

    logs = LogText()
    for game in played(decisions=200)[60::40]:
        seat = game.current_player
        arrived = pickle.loads(pickle.dumps(logs.ship(game.view(seat))))
        assert _scan(arrived) == _scan(game.view(seat))
        assert _scan(arrived)[0] > 0 and _scan(arrived)[1]  # chance draws counted, events revealed
