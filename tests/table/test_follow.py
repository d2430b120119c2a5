"""A table catches up with moves another process stored by reading and
checking only the new events (``table/follow.py``, issue #28), on both
backends; a tail that does not follow from the rules is never taken: the
table reloads the whole game, whose verified replay names what is wrong."""

import json
import random

import pytest

import pillars_rules as pr
from pillars_rules.pillars_json.codec import event_to_dict
from pillars_rules.table import Table, encode_message
from pillars_rules.table.follow import follow

from .test_table import play


def test_follow_moves_a_game_on_by_any_number_of_stored_decisions():
    game = pr.new_game(players=4, seed=12, variants=["dm"])
    rnd = random.Random(3)
    later = game
    for stop in (1, 2, 7, 40, 10_000):
        start = later
        while later.decision < start.decision + stop and not later.is_over:
            later = later.apply(rnd.choice(later.legal_actions()))
        tail = [event_to_dict(e) for e in later.events[start.n_events :]]
        assert follow(start, tail) == later
        assert follow(start, []) is start
    assert later.is_over


@pytest.mark.parametrize("damage", ["reorder", "unknown", "not_an_event", "extra_after_end", "other_deal"])
def test_a_tail_that_does_not_follow_is_refused(damage):
    game = pr.new_game(players=2, seed=5)
    rnd = random.Random(1)
    later = game
    for _ in range(30):
        later = later.apply(rnd.choice(later.legal_actions()))
    tail = [event_to_dict(e) for e in later.events[game.n_events :]]
    if damage == "reorder":
        tail[0], tail[1] = tail[1], tail[0]
    elif damage == "unknown":
        tail[3] = {"type": "NoSuchEvent"}
    elif damage == "not_an_event":
        tail[2] = [1]
    elif damage == "extra_after_end":
        tail.append(tail[-1])
    else:
        dealt = next(i for i, e in enumerate(tail) if e["type"] == "ResourceCardsDealt")
        tail[dealt] = {**tail[dealt], "cards": tail[dealt]["cards"][::-1]}
    assert follow(game, tail) is None


def test_a_table_behind_another_catches_up_by_the_tail_alone(backend, monkeypatch):
    first = Table.create(backend.open(), "g", players=3, seed=6)
    second = Table.open(backend.open(), "g")
    play(first, random.Random(4), 25)
    reloads = []
    real_open = Table.open
    monkeypatch.setattr(Table, "open", classmethod(lambda cls, *a, **k: reloads.append(a) or real_open(*a, **k)))
    assert second.refresh() and second.game == first.game
    assert reloads == []  # the tail was enough
    assert not second.refresh() and not second.refresh(known=second.decision)
    play(first, random.Random(5), 3)
    assert second.refresh(known=first.decision) and second.game == first.game


def test_a_table_behind_a_damaged_tail_reloads_and_is_refused(backend):
    first = Table.create(backend.open(), "g", players=2, seed=6)
    second = Table.open(backend.open(), "g")
    play(first, random.Random(4), 6)
    idx, body = backend.execute("SELECT idx, body FROM events ORDER BY idx DESC")[1]
    event = json.loads(body)
    backend.execute("UPDATE events SET body = ? WHERE idx = ?", (json.dumps({**event, "type": "Pamphlet"}), idx))
    with pytest.raises(pr.SaveError):
        second.refresh()
    game = first.game
    with pytest.raises(pr.SaveError):  # a message ahead of it reloads too
        second.handle(game.current_player, encode_message(game.decision, game.legal_actions()[0]))
