"""Hostile values (issue #10, item 5).

Every malformed input to ``Game.apply``, ``load``, ``decode_action`` and
``new_game`` ends in the library's own error type, with a reason of at most
300 characters that can be encoded as UTF-8; the game it touched is unchanged.
The classes of values below were each seen to escape as a bare exception, an
unbounded message or an unencodable save before.
"""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest
from compiled.hostile import IntBoom, IntSub
from compiled.support import made_or_refused

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import cardlang
from pillars_rules.engine import events as E
from pillars_rules.limits import MAX_REASON_LENGTH, MAX_SEAT_NAME_LENGTH


class RaisingEq:
    def __eq__(self, other):
        raise RuntimeError("__eq__ exploded")

    __hash__ = object.__hash__


class RaisingRepr:
    def __repr__(self):
        raise RuntimeError("__repr__ exploded")

    __str__ = __repr__


class RaisingHash:
    def __hash__(self):
        raise RuntimeError("__hash__ exploded")


class RaisingEverything(str):
    """A str subclass that breaks every method a message builder might call."""

    def __eq__(self, other):
        raise RuntimeError("eq")

    def __hash__(self):
        raise RuntimeError("hash")

    def __repr__(self):
        raise RuntimeError("repr")

    def __str__(self):
        raise RuntimeError("str")

    def __len__(self):
        raise RuntimeError("len")


def _selfref() -> list:
    x: list = []
    x.append(x)
    return x


def _deep() -> list:
    x: list = []
    for _ in range(100_000):
        x = [x]
    return x


#: One representative of every class of hostile value.
HOSTILE = [
    10**5000,
    -(10**5000),
    2**64,
    float("nan"),
    float("inf"),
    True,
    RaisingEq(),
    RaisingRepr(),
    RaisingHash(),
    RaisingEverything("wood"),
    "x" * 1_000_000,
    "\ud800",
    "a\ud800b",
    "\x00",
    "line\nbreak",
    "tab\there",
    "\u202eevil",
    "\u200b",
    "\x1b[31mred",
    "",
    " ",
    b"bytes",
    None,
    _selfref(),
    _deep(),
    {"a": _deep()},
    object(),
    A.Pass,
    (),
    [1, 2],
    itertools.count(),
]
NAMES_REFUSED = [
    "line\nbreak",
    "tab\there",
    "\u202eevil",
    "zero\u200bwidth",
    "\ud800",
    "a\x00b",
    "\x1b[31mred",
    "x" * (MAX_SEAT_NAME_LENGTH + 1),
    " padded",
    "",
    "   ",
]


def _reason_ok(exc: pr.PillarsError) -> str:
    reason = exc.reason
    assert isinstance(reason, str) and 0 < len(reason) <= MAX_REASON_LENGTH, reason[:400]
    reason.encode("utf-8")
    if not isinstance(exc, pr.CardError):
        assert str(exc) == reason
    return reason


def _game(seed: int = 1, steps: int = 40) -> pr.Game:
    rng = random.Random(seed)
    game = pr.new_game(players=3, seed=seed)
    for _ in range(steps):
        game = game.apply(rng.choice(game.legal_actions()))
    return game


# ------------------------------------------------------------------ Game.apply
def test_a_huge_count_is_refused_with_a_reason_not_a_bare_value_error():
    game = _game()
    for action in (
        A.Sell("wood", 10**5000),
        A.Buy("wood", 10**5000),
        A.ReturnCubes("sand", -(10**5000)),
        A.Place("market", 10**5000),
        A.ChooseOption(10**5000),
        A.Build("mason_r1", 10**5000),
    ):
        with pytest.raises(pr.IllegalActionError) as info:
            game.apply(action)
        _reason_ok(info.value)


def test_a_client_label_is_never_echoed_into_the_reason():
    game = _game()
    listed = game.legal_actions()[0]
    wrong = next(a for a in (A.Pass(), A.EndTrading(), A.Decline(), A.Protect()) if a not in game.legal_actions())
    for action in (attrs.evolve(wrong, label="L" * 1_000_000), attrs.evolve(wrong, label="\u202eevil\ud800")):
        with pytest.raises(pr.IllegalActionError) as info:
            game.apply(action)
        reason = _reason_ok(info.value)
        assert "LLL" not in reason and "evil" not in reason
    # a legal action with a client's label is applied as the listed one
    after = game.apply(attrs.evolve(listed, label="mine"))
    assert after == game.apply(listed)


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_apply_with_a_hostile_value_in_every_field(value):
    game = _game(steps=25)
    before = (game.n_events, game.state, game.events)
    for cls in A.ACTION_TYPES.values():
        fields = [f for f in attrs.fields(cls) if f.name != "label"]
        for f in fields or [None]:
            kwargs = {g.name: (value if g is f else _plain(g)) for g in fields}
            action = cls(**kwargs)
            try:
                game.apply(action)
            except pr.IllegalActionError as exc:
                _reason_ok(exc)
    for action in (value, A.Pass(label=value) if isinstance(value, str) else value):
        with pytest.raises(pr.IllegalActionError) as info:
            game.apply(action)
        _reason_ok(info.value)
    if value is not None:  # seat=None means "do not check the seat"
        with pytest.raises(pr.IllegalActionError) as info:
            game.apply(game.legal_actions()[0], seat=value)
        _reason_ok(info.value)
    assert (game.n_events, game.state, game.events) == before


def _plain(f) -> object:
    return {"card": "mason_r1", "location": "market", "resource": "wood"}.get(
        f.name, 1 if f.type in (int, "int") else False
    )


# ------------------------------------------------------------------ decode_action
@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_decode_action_with_a_hostile_value(value):
    for data in (
        value,
        {"type": "Sell", "resource": "wood", "n": value},
        {"type": value},
        {"type": "Hire", "card": value},
        {"type": "Pass", "label": value},
    ):
        try:
            pr.decode_action(data)
        except pr.IllegalActionError as exc:
            _reason_ok(exc)
    for text in ('{"type": "Hire", "card": %s}', '{"type": %s}', "%s"):
        try:
            encoded = json.dumps(value)
        except (TypeError, ValueError, RecursionError):
            continue
        try:
            pr.decode_action(text % encoded)
        except pr.IllegalActionError as exc:
            _reason_ok(exc)


# ------------------------------------------------------------------ new_game
@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_new_game_with_a_hostile_value_in_every_argument(value):
    calls = [
        dict(players=value),
        dict(seed=value),
        dict(names=value),
        dict(names=[value, "Bob"]),
        dict(names=["Ann", value]),
        dict(variants=value),
        dict(variants=[value]),
        dict(variants={value: True}) if _hashable(value) else dict(variants=[value, value]),
        dict(cards=value),
        dict(cards=[value]),
    ]
    for kw in calls:
        args = {"players": 2, "seed": 1, **kw}
        try:
            game = pr.new_game(**args)
        except (pr.ConfigError, pr.CardError) as exc:
            _reason_ok(exc)
        else:  # accepted: then it is an ordinary game whose save loads
            pr.save(game).encode("utf-8")


def _hashable(value) -> bool:
    try:
        hash(value)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("name", NAMES_REFUSED)
def test_names_with_control_bidi_newline_or_surrogate_characters_are_refused(name):
    with pytest.raises(pr.ConfigError) as info:
        pr.new_game(players=2, names=["Ann", name])
    assert "names[1]" in _reason_ok(info.value)


def test_ordinary_names_in_any_script_are_accepted():
    names = ["Ann-Sofie", "Jörg O'Neil", "山田 太郎", "Σωκράτης", "محمد", "x" * MAX_SEAT_NAME_LENGTH]
    game = pr.new_game(players=2, names=names[:2])
    for a, b in zip(names[::2], names[1::2]):
        game = pr.new_game(players=2, names=[a, b])
        assert pr.load(pr.save(game)) == game


def test_an_endless_names_iterator_is_refused_not_consumed():
    with pytest.raises(pr.ConfigError):
        pr.new_game(players=2, names=itertools.repeat("Ann"))
    with pytest.raises(pr.ConfigError):
        pr.new_game(players=2, variants=itertools.repeat("dm"))


# ------------------------------------------------------------------ load and replay
def _save_doc(game: pr.Game) -> dict:
    return json.loads(pr.save(game))


@pytest.mark.parametrize("name", NAMES_REFUSED)
def test_load_refuses_the_names_new_game_refuses(name):
    doc = _save_doc(pr.new_game(players=2, seed=1))
    doc["names"][1] = doc["events"][0]["names"][1] = name
    with pytest.raises(pr.SaveError) as info:
        pr.load(json.dumps(doc))
    _reason_ok(info.value)
    # and replay of event objects too
    events = list(pr.new_game(players=2, seed=1).events)
    events[0] = attrs.evolve(events[0], names=("Red", name))
    with pytest.raises(pr.SaveError) as info:
        pr.replay(events)
    _reason_ok(info.value)


def test_load_takes_no_longer_names_than_new_game():
    doc = _save_doc(pr.new_game(players=2, seed=1))
    for n in (MAX_SEAT_NAME_LENGTH, MAX_SEAT_NAME_LENGTH + 1, 1000):
        doc["names"][0] = doc["events"][0]["names"][0] = "x" * n
        text = json.dumps(doc)
        if n <= MAX_SEAT_NAME_LENGTH:
            assert pr.load(text).state.players[0].name == "x" * n
            pr.new_game(players=2, names=["x" * n, "Blue"])
        else:
            with pytest.raises(pr.SaveError):
                pr.load(text)
            with pytest.raises(pr.ConfigError):
                pr.new_game(players=2, names=["x" * n, "Blue"])


def test_every_game_that_exists_saves_to_encodable_text():
    for names in (["Ann", "Bob"], ["山田", "Σωκράτης"]):
        text = pr.save(pr.new_game(players=2, names=names))
        text.encode("utf-8")
        assert pr.load(text.encode("utf-8")).state.players[0].name == names[0]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_load_and_replay_with_a_hostile_value(value):
    for text in (value,):
        try:
            pr.load(text)
        except pr.SaveError as exc:
            _reason_ok(exc)
    start = pr.new_game(players=2, seed=1).events
    reseeded = made_or_refused(attrs.evolve, start[0], seed=value)  # the compiled record refuses a non-int
    for events in ([value], [start[0], value]) + (([reseeded],) if reseeded is not None else ()):
        try:
            pr.replay(events)
        except pr.SaveError as exc:
            _reason_ok(exc)
    doc = _save_doc(pr.new_game(players=2, seed=1))
    try:
        encoded = json.loads(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return
    for path in (("names", 0), ("seed",), ("variants",), ("card_hash",), ("events", 1, "round")):
        d = json.loads(json.dumps(doc))
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = encoded
        try:
            pr.load(json.dumps(d))
        except pr.SaveError as exc:
            _reason_ok(exc)


# ------------------------------------------------------------------ card titles
@pytest.mark.parametrize("title", ["Bad\u202eName", "Zero\u200bWidth", "Tab\tName", "Esc\x1bName"])
def test_card_titles_with_control_or_bidi_characters_are_refused(title):
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(f'event e "{title}" {{ now: gain 1 gold }}')
    assert "may not contain U+" in info.value.diagnostics[0].message
    _reason_ok(info.value)


def test_a_card_error_keeps_every_diagnostic_but_its_reason_is_bounded():
    text = "".join(f'event e{i} "E" {{ now: gain 1 stnoe }}\n' for i in range(50))
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(text)
    assert len(info.value.diagnostics) == 50 and len(str(info.value)) > 5000
    assert "(and 49 more)" in _reason_ok(info.value)


def test_events_objects_with_raising_methods_in_replay():
    start = pr.new_game(players=2, seed=1).events
    for bad in (RaisingEq(), RaisingRepr(), RaisingEverything("x")):
        passed = made_or_refused(E.DraftPassed, bad)  # the compiled record refuses a non-int seat
        for events in ([start[0], passed], [attrs.evolve(start[0], names=(bad, "B"))]):
            if events[-1] is None:
                continue
            with pytest.raises(pr.SaveError) as info:
                pr.replay(events, verify=False)
            _reason_ok(info.value)
            with pytest.raises(pr.SaveError) as info:
                pr.replay(events)
            _reason_ok(info.value)


# ---------------------------------------------------------------- issue #34 item 10: the same in both builds
def _type_id(value) -> str:
    return type(value).__name__


@pytest.mark.parametrize("value", [IntSub(0), False, IntBoom(0), 0.0, "0"], ids=_type_id)
def test_event_whole_numbers_take_plain_ints_only_in_both_builds(value):
    """The compiled record used to turn an int subclass or a bool into a plain int
    silently while the pure one kept it (and replay(verify=False) refused it): now
    the event refuses it when made, with the same TypeError naming the field."""
    start = pr.new_game(players=2, seed=1).events
    with pytest.raises(TypeError, match=r"DraftPassed\.seat: expected int, got " + type(value).__name__):
        E.DraftPassed(value)
    with pytest.raises(TypeError, match=r"GameStarted\.seed: expected int"):
        attrs.evolve(start[0], seed=value)
    assert E.DraftPassed(0).seat == 0 and type(E.DraftPassed(0).seat) is int


@pytest.mark.parametrize("verify", ["no", None, 0, 1, IntSub(1)], ids=_type_id)
def test_load_and_replay_take_verify_as_a_bool_only(verify):
    game = pr.new_game(players=2, seed=1)
    with pytest.raises(pr.ConfigError, match="verify must be True or False"):
        pr.load(pr.save(game), verify=verify)
    with pytest.raises(pr.ConfigError, match="verify must be True or False"):
        pr.replay(game.events, verify=verify)
    assert pr.load(pr.save(game), verify=False) == game


@pytest.mark.parametrize("seat", [IntBoom(0), IntSub(0), True, 0.0], ids=_type_id)
def test_a_seat_must_be_a_plain_int_for_views_and_exports(seat):
    game = pr.new_game(players=2, seed=1)
    for look in (game.export, game.view):
        with pytest.raises(pr.IllegalActionError, match="a seat is a plain int") as info:
            look(seat)
        _reason_ok(info.value)
