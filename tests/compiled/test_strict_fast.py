"""The fast path of a save's strict reader accepts exactly what the checked
path accepts (``pillars_rules.pillars_json.strict``: a generated function per record
class, without JSON paths, and the path-giving structurers behind it).

Every event of some real logs (fan cards, a scenario's ``PositionSet`` with
its nested records, a game with variants) goes the fast way unchanged; and
for thousands of damaged events, whenever the fast path makes a record the
checked path makes the same one, field types included, and whenever the
checked path refuses the event the fast path declined it too.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from reliability.savefuzz import BAD_JSON, json_paths

import pillars_rules as pr
from pillars_rules.engine import events as E
from pillars_rules.errors import SaveError
from pillars_rules.pillars_json.codec import event_to_dict
from pillars_rules.saves import strict as S

from .games import FAN_CARDS


def _logs() -> list[list[dict]]:
    games = [
        pr.playout(pr.new_game(players=4, seed=11), seed=11),
        pr.playout(pr.new_game(players=3, seed=12, cards=[FAN_CARDS]), seed=12),
        pr.playout(pr.new_game(players=2, seed=13, variants=("dm",)), seed=13),
        pr.playout(pr.scenario(players=3, round=3, step="market", seed=5), seed=5, max_actions=30),
    ]
    return [json.loads(pr.save(g))["events"] for g in games]


LOGS = _logs()


def _slow(d: dict, index: int = 0):
    cls = E.EVENT_TYPES[d["type"]]
    return S._struct_obj(cls, d, f"$.events[{index}]", index, skip="type")


def _same(a, b) -> bool:
    """Equal and of the same JSON form (``True`` is not ``1``)."""
    return type(a) is type(b) and a == b and json.dumps(event_to_dict(a)) == json.dumps(event_to_dict(b))


def test_every_event_of_real_logs_goes_the_fast_way():
    kinds = set()
    for log in LOGS:
        for i, d in enumerate(log):
            fast = S._fast_obj(E.EVENT_TYPES[d["type"]], True)(d)
            assert fast is not S._FAIL, (i, d["type"])
            assert _same(fast, _slow(d, i))
            kinds.add(d["type"])
    assert {"PositionSet", "GameStarted", "DecksShuffled", "Bought"} <= kinds


def _damaged(rng: random.Random, d: dict) -> dict:
    d = copy.deepcopy(d)
    paths = [p for p, _ in json_paths(d) if p and p != ("type",)]
    if not paths:
        d["extra"] = 1
        return d
    path = rng.choice(paths)
    parent = d
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    op = rng.choice(("replace", "replace", "int", "delete", "extra", "long", "bool"))
    if op == "replace":
        parent[key] = copy.deepcopy(rng.choice(BAD_JSON + [-(2**63) - 1, 2**63, 2**128, "x" * 500]))
    elif op == "int":
        old = parent[key]
        parent[key] = old + rng.choice((-1, 1, 2**63)) if type(old) is int and type(old) is not bool else 3
    elif op == "delete":
        del parent[key]
    elif op == "extra":
        if isinstance(parent, dict):
            parent[rng.choice(("extra", "seat", "n"))] = 1
        else:
            parent.insert(key, copy.deepcopy(parent[key]))
    elif op == "long":
        parent[key] = [parent[key]] * rng.choice((2, 400))
    else:
        parent[key] = rng.choice((True, False))
    return d


@pytest.mark.parametrize("seed", range(4))
def test_damaged_events_get_the_same_answer_both_ways(seed):
    rng = random.Random(seed)
    events = [d for log in LOGS for d in log]
    declined = 0
    for _ in range(1500):
        d = _damaged(rng, rng.choice(events))
        fast = S._fast_obj(E.EVENT_TYPES[d["type"]], True)(d)
        try:
            slow = _slow(d)
        except SaveError:
            assert fast is S._FAIL, d
            declined += 1
            continue
        if fast is not S._FAIL:
            assert _same(fast, slow), d
    assert declined > 500  # the damage did reach the checks


def test_a_refusal_still_names_the_path():
    d = copy.deepcopy(next(e for e in LOGS[3] if e["type"] == "PositionSet"))
    d["players"][1]["cubes"][2] = "3"
    with pytest.raises(SaveError, match=r"\$\.events\[7\]\.players\[1\]\.cubes\[2\]: expected a whole number"):
        S.event_from_dict(d, 7)


def test_every_event_type_has_a_fast_reader():
    """Made lazily at load time, so a field type the generator does not know
    would break the first load of that event: make them all here."""
    for cls in E.EVENT_TYPES.values():
        assert callable(S._fast_obj(cls, True))
    assert S._fast_obj(E.GameStarted, True)({"type": "GameStarted"}) is S._FAIL
