"""The JSON action decoder a server feeds client messages to (issue #10, item 5).

Whatever arrives -- text, bytes or a parsed object -- ``decode_action`` returns
an action or raises ``IllegalActionError`` with a reason of at most 300
characters; every action the engine lists survives a round trip.
"""

from __future__ import annotations

import json
import random

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.limits import MAX_ACTION_BYTES, MAX_REASON_LENGTH
from pillars_rules.pillars_json.actions_json import MAX_FIELD_LENGTH, decode_action, encode_action


def _refused(data, *words):
    with pytest.raises(pr.IllegalActionError) as info:
        decode_action(data)
    reason = info.value.reason
    assert 0 < len(reason) <= MAX_REASON_LENGTH and reason == str(info.value)
    reason.encode("utf-8")
    for w in words:
        assert w in reason, reason
    return reason


def test_every_listed_action_round_trips_through_text_bytes_and_dicts():
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(6):
        game = pr.new_game(players=rng.choice((2, 3, 4)), seed=seed)
        while game.legal_actions():
            for action in game.legal_actions():
                d = encode_action(action)
                assert d["label"] == str(action)
                text = json.dumps(d)
                for form in (d, text, text.encode("utf-8")):
                    back = decode_action(form)
                    assert back == action and type(back) is type(action) and back.label == ""
                seen.add(d["type"])
            game = game.apply(rng.choice(game.legal_actions()))
    assert len(seen) >= 12, seen


def test_fields_with_defaults_may_be_left_out():
    assert decode_action({"type": "Place", "location": "market"}) == A.Place("market", 0, False)
    assert decode_action('{"type": "Build", "card": "mason_r1"}') == A.Build("mason_r1", 0)


def test_a_client_label_is_accepted_but_never_kept_or_echoed():
    action = decode_action({"type": "Pass", "label": "x" * 1000})
    assert action == A.Pass() and action.label == ""
    reason = _refused({"type": "Buy", "resource": "wood", "n": "2", "label": "\u202eevil" * 100})
    assert "evil" not in reason


@pytest.mark.parametrize(
    "data, words",
    [
        ("[" * 3000, ["nested too deeply"]),
        ("[" * 2000 + "]" * 2000, ["nested too deeply"]),
        ('{"type": "Sell", "resource": "wood", "n": 1' + "0" * 3000 + "}", ["digits"]),
        ('{"type": "Sell", "resource": "wood", "n": ' + "9" * 4000 + "}", ["digits"]),
        ('{"type": "Sell", "resource": "wood", "n": 1e999}', ["Sell.n", "whole number"]),
        ('{"type": "Sell", "resource": "wood", "n": NaN}', ["NaN"]),
        ('{"type": "Sell", "resource": "wood", "n": 2.0}', ["Sell.n", "whole number"]),
        ('{"type": "Sell", "resource": "wood", "n": true}', ["Sell.n", "true/false"]),
        ('{"type": "Sell", "resource": "wood", "n": "2"}', ["Sell.n"]),
        ('{"type": "Sell", "resource": "wood", "n": 99999999999}', ["out of range"]),
        ('{"type": "Sell", "resource": "wood", "n": 1, "n": 2}', ["twice"]),
        ('{"type": "Sell", "resource": "wood"}', ["needs the field 'n'"]),
        ('{"type": "Sell", "resource": "wood", "n": 1, "evil": 1}', ["no field"]),
        ('{"type": "sell", "resource": "wood", "n": 1}', ["unknown action type"]),
        ('{"type": ["Sell"]}', ['"type" must be a string']),
        ('{"resource": "wood"}', ['"type"']),
        ("[]", ["got a list"]),
        ("3", ["got int"]),
        ("", ["not valid JSON"]),
        ('{"type": "Pass"', ["not valid JSON"]),
        (b"\xff\xfe", ["not UTF-8"]),
        (b'{"type": "Pass", "label": "\xed\xa0\x80"}', ["not UTF-8"]),
        (" " * (MAX_ACTION_BYTES + 1), ["limit"]),
        (b" " * (MAX_ACTION_BYTES + 1), ["limit"]),
        ("é" * (MAX_ACTION_BYTES // 2 + 1), ["limit"]),
        ({"type": "Hire", "card": "x" * (MAX_FIELD_LENGTH + 1)}, ["characters long"]),
        ({"type": "Hire", "card": None}, ["Hire.card", "null"]),
        ({"type": "Hire", "card": {"a": [1]}}, ["an object"]),
        ({1: "Pass"}, ["keys must be strings"]),
        ({"type": "Pass", "label": 7}, ["label"]),
        (None, ["NoneType"]),
        (object(), ["object"]),
        ([{"type": "Pass"}], ["list"]),
    ],
)
def test_hostile_messages_are_refused_with_a_short_reason(data, words):
    _refused(data, *words)


def test_lone_surrogates_in_a_message_never_make_an_unencodable_reason():
    reason = _refused('{"type": "Hire\\ud800", "card": "x"}', "unknown action type")
    assert "\\ud800" in reason  # shown escaped


class _Hostile(dict):
    def __eq__(self, other):  # pragma: no cover - must not be called
        raise RuntimeError("boom")

    def __repr__(self):  # pragma: no cover
        raise RuntimeError("boom")


def test_objects_that_only_look_like_dicts_are_refused():
    _refused(_Hostile(type="Pass"), "_Hostile")


def test_encode_refuses_what_is_not_an_action():
    for bad in (None, "Pass", {"type": "Pass"}, A.Pass):
        with pytest.raises(pr.IllegalActionError):
            encode_action(bad)
