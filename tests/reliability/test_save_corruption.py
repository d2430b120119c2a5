"""Saves from strangers: every kind of damage ends in ``SaveError``, never in
KeyError/TypeError/RecursionError, and a save that loads is exactly its text.

The slow run (``tools/slow_run.py``, ``pytest -m slow``) repeats the random
corruption fuzzer on many more documents.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from compiled.support import made_or_refused
from hypothesis import given
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules.core.gametype import FORMAT_FIELDS
from pillars_rules.engine import events as E
from pillars_rules.games.pillars.saves import HEADER_FIELDS as PILLARS_HEADER
from pillars_rules.saves import savefile as P

from .savefuzz import BAD_JSON, check_load, check_mutant, fuzz_saves, mutate_doc


def _game(players=2, seed=1, actions=None, **kw) -> pr.Game:
    return pr.play(pr.new_game(players=players, seed=seed, **kw), pr.RandomBot(seed), max_actions=actions)


SMALL = _game(2, 1, 12)  # a few dozen events: cheap to load hundreds of times
MID = _game(3, 2, 60)
FULL = _game(4, 3)  # a finished game
GAMES = [SMALL, MID, FULL]


def _doc(game=SMALL) -> dict:
    return json.loads(pr.save(game))


def _text(doc: dict) -> str:
    return json.dumps(doc, separators=(",", ":"))


def _refused(text, match: str | None = None, index: int | None = -1, **kw) -> pr.SaveError:
    """Assert load refuses ``text`` with a SaveError (``index`` checked unless -1)."""
    with pytest.raises(pr.SaveError) as info:
        pr.load(text, **kw)
    err = info.value
    assert str(err).strip()
    if match is not None:
        assert match in str(err), str(err)
    if index != -1:
        assert err.index == index, (err.index, str(err))
    return err


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("game", GAMES, ids=["small", "mid", "full"])
def test_load_of_save_is_the_game_and_leaves_it_untouched(game):
    before = (game.state, game.events, game.n_events, len(game._log))
    text = pr.save(game)
    loaded = pr.load(text)
    assert loaded == game and loaded is not game
    assert pr.replay(game.events) == game
    assert pr.load(text.encode("utf-8")) == game
    assert (game.state, game.events, game.n_events, len(game._log)) == before
    assert pr.save(loaded) == text


def test_save_of_a_branched_game_records_only_its_own_events():
    branch_a = SMALL.apply(SMALL.legal_actions()[0])
    branch_b = SMALL.apply(SMALL.legal_actions()[-1])
    assert pr.load(pr.save(branch_a)) == branch_a
    assert pr.load(pr.save(branch_b)) == branch_b
    assert pr.load(pr.save(SMALL)) == SMALL


def test_variants_and_fan_cards_round_trip():
    game = _game(3, 5, 80, variants=["dm"], cards=["examples/fan_cards"])
    text = pr.save(game)
    assert pr.load(text, cards=["examples/fan_cards"]) == game
    _refused(text, "different card contents")  # loaded without the fan cards


# ------------------------------------------------------------------ text level
@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "null",
        "[]",
        "0",
        '"x"',
        "{}",
        '{"format": "other"}',
        "\x00",
        "{" * 100_000,
        "[" * 100_000,
        '{"format":"pillars-rules-save","format_version":2,"seed":' + "9" * 5000 + "}",
        '{"format":"pillars-rules-save","format_version":NaN}',
        '{"format":"pillars-rules-save","format":"pillars-rules-save"}',
        b"\xff\xfe{}",
        b'{"format": "\xc3"}',
        bytearray(b"{"),
    ],
)
def test_not_a_save(text):
    _refused(text)


@pytest.mark.parametrize("value", [None, 3, 1.0, [], {}, object()])
def test_load_of_a_non_text(value):
    _refused(value, "JSON text")


def test_too_large_is_refused_before_parsing():
    _refused(" " * (P.MAX_SAVE_BYTES + 1), "limit")
    _refused(b" " * (P.MAX_SAVE_BYTES + 1), "limit")
    _refused("é" * (P.MAX_SAVE_BYTES // 2 + 1), "limit")  # 2 UTF-8 bytes each


def test_truncated_at_sampled_byte_offsets():
    text = pr.save(SMALL)
    raw = text.encode("utf-8")
    rng = random.Random(0)
    offsets = set(range(0, 40)) | set(range(len(raw) - 40, len(raw))) | set(rng.sample(range(len(raw)), 300))
    for cut in sorted(offsets):
        err = _refused(raw[:cut])
        assert "JSON" in str(err) or "UTF-8" in str(err) or "not a pillars-rules save" in str(err), (cut, str(err))


# ------------------------------------------------------------------ header
def test_newer_format_names_the_writer():
    doc = _doc()
    doc["format_version"] = P.FORMAT_VERSION + 1
    doc["library_version"] = "9.0.0"
    err = _refused(_text(doc), "newer")
    assert "9.0.0" in str(err)


@pytest.mark.parametrize("version", [0, -1, -(2**70)])
def test_unknown_old_format(version):
    doc = _doc()
    doc["format_version"] = version
    _refused(_text(doc), "too old")


def test_different_card_contents():
    doc = _doc()
    doc["card_hash"] = "0" * 64
    _refused(_text(doc), "different card contents")
    doc = _doc()
    doc["events"][0]["card_hash"] = "0" * 64
    _refused(_text(doc), "card_hash")


HEADER_KEYS = [*FORMAT_FIELDS, *PILLARS_HEADER]  # the format's fields, then Pillars' (issue #57)


@pytest.mark.parametrize("key", HEADER_KEYS)
@pytest.mark.parametrize("value", BAD_JSON, ids=repr)
def test_header_field_of_wrong_type_or_value(key, value):
    doc = _doc()
    if doc[key] == value and type(doc[key]) is type(value):
        return
    doc[key] = copy.deepcopy(value)
    if key == "library_version" and isinstance(value, str):
        assert pr.load(_text(doc)) == SMALL  # any version string of this format loads
        return
    _refused(_text(doc))


@pytest.mark.parametrize("key", HEADER_KEYS)
def test_header_field_missing(key):
    doc = _doc()
    del doc[key]
    _refused(_text(doc))


def test_header_extra_field():
    doc = _doc()
    doc["cheat"] = True
    _refused(_text(doc), "unknown header field")


@pytest.mark.parametrize(
    "key,value",
    [
        ("players", 3),
        ("players", 5),
        ("players", 1),
        ("names", ["Red", "Green"]),
        ("seed", 2),
        ("seed", -1),
        ("seed", 2**63),
        ("variants", ["dm"]),
    ],
)
def test_header_disagreeing_with_the_log(key, value):
    doc = _doc()
    doc[key] = value
    _refused(_text(doc))


# ------------------------------------------------------------------ events: types
def _one_of_each_event(game) -> dict[str, int]:
    first: dict[str, int] = {}
    for i, e in enumerate(game.events):
        first.setdefault(type(e).__name__, i)
    return first


FULL_DOC = _doc(FULL)
EVENT_FIELDS = [
    (i, k) for name, i in sorted(_one_of_each_event(FULL).items()) for k in FULL_DOC["events"][i] if k != "type"
]


def _json_kind(value) -> type:
    return {bool: bool, int: int, float: float, str: str, list: list, dict: dict}.get(type(value), type(None))


@pytest.mark.parametrize("index,field", EVENT_FIELDS, ids=lambda x: str(x))
def test_every_event_field_rejects_wrong_types(index, field):
    # the log is cut after the damaged event: the damage must be found there
    cut = copy.deepcopy(FULL_DOC)
    cut["events"] = cut["events"][: index + 1]
    old = cut["events"][index][field]
    for value in [None, "x", 1.5, True, [], {}, [None], {"kind": 1}, -1, 2**64, -(2**70)]:
        if old == value and type(old) is type(value):
            continue
        doc = copy.deepcopy(cut)
        doc["events"][index][field] = value
        err = _refused(_text(doc))
        assert err.index is not None and err.index <= index + 1, (value, str(err))
        # a seed may be any 128-bit number: 2**64 is a valid seed that disagrees with the header
        limit = 2**128 if field == "seed" else 2**63
        if _json_kind(value) is not _json_kind(old) or type(value) is int and not -limit <= value < limit:
            assert f"$.events[{index}].{field}" in str(err), (value, str(err))


@pytest.mark.parametrize("value", [-1, 2**63 - 1])
def test_whole_number_changes_in_a_full_log_are_refused_or_faithful(value):
    for index, field in EVENT_FIELDS:
        doc = copy.deepcopy(FULL_DOC)
        if type(doc["events"][index][field]) is int:
            doc["events"][index][field] = value
            check_mutant(doc, f"events[{index}].{field} = {value}")


@pytest.mark.parametrize("index,field", EVENT_FIELDS, ids=lambda x: str(x))
def test_every_event_field_missing(index, field):
    doc = copy.deepcopy(FULL_DOC)
    del doc["events"][index][field]
    err = _refused(_text(doc), index=index)
    assert f"$.events[{index}]" in str(err)


def test_event_extra_fields_at_any_depth():
    doc = _doc()
    doc["events"][3]["extra"] = 1
    _refused(_text(doc), "unknown field 'extra'", index=3)
    doc = _doc()
    taken = next(i for i, e in enumerate(doc["events"]) if e["type"] == "ResourceCardTaken")
    doc["events"][taken]["pieces"]["gold"] = 1
    _refused(_text(doc), "unknown field 'gold'", index=taken)


@pytest.mark.parametrize("kind", [None, 1, "", "Nonsense", "__class__", "GameStart", ["GameEnded"]])
def test_unknown_event_type(kind):
    doc = _doc()
    doc["events"][5]["type"] = kind
    _refused(_text(doc), index=5)


def test_event_not_an_object():
    for value in BAD_JSON:
        if isinstance(value, dict):
            continue
        doc = _doc()
        doc["events"][4] = value
        _refused(_text(doc), index=4)


def test_negative_and_out_of_range_seats():
    doc = _doc()
    i = next(i for i, e in enumerate(doc["events"]) if "seat" in e)
    for seat in (-1, 2, 3, 99, -(2**63)):
        doc["events"][i]["seat"] = seat
        _refused(_text(doc), "seat", index=i)


def test_huge_numbers():
    doc = _doc()
    i = next(i for i, e in enumerate(doc["events"]) if e["type"] == "RoundStarted")
    for n in (2**63, 10**100, -(2**64)):
        doc["events"][i]["round"] = n
        _refused(_text(doc), index=i)
    _refused(pr.save(SMALL).replace('"seed":1,', '"seed":1e999,', 1))


def test_unknown_card_ids_in_events():
    doc = _doc()
    i = next(i for i, e in enumerate(doc["events"]) if e["type"] in ("CraftsmanHired", "ResourceCardTaken"))
    doc["events"][i]["card"] = "no_such_card"
    _refused(_text(doc), "does not follow", index=i)
    doc = _doc()
    doc["events"][1]["events"][0] = "no_such_event_card"
    _refused(_text(doc), index=1)


def test_tampered_starting_holdings():
    for field, value in [
        ("gold", [30, 30]),
        ("vp", 50),
        ("starting_craftsmen", ["architect"]),
        ("names", ["Red", "Red"]),
        ("names", ["Red", " "]),
        ("variants", ["dm", "dm"]),
    ]:
        doc = _doc()
        doc["events"][0][field] = value
        if field in ("names", "variants"):
            doc[field] = value
        _refused(_text(doc), index=0)


def test_tampered_amount_is_named_with_its_index():
    game = FULL
    doc = _doc(game)
    i = next(i for i, e in enumerate(doc["events"]) if e["type"] == "Gained")
    doc["events"][i]["amounts"][0]["n"] += 5
    err = _refused(_text(doc), index=i)
    assert f"$.events[{i}]" in str(err)


# ------------------------------------------------------------------ events: order
ACTION_EVENT_TYPES = {
    "ResourceCardTaken",
    "CraftsmanHired",
    "DraftPassed",
    "BuilderPlaced",
    "Bought",
    "Sold",
    "MarketPassed",
    "CathedralDone",
}


@pytest.mark.parametrize("game", [SMALL, MID], ids=["small", "mid"])
def test_events_swapped_dropped_duplicated(game):
    doc = _doc(game)
    events = doc["events"]
    n = len(events)
    for i in sorted(random.Random(n).sample(range(1, n - 1), min(40, n - 2))):
        if events[i] != events[i + 1]:
            swapped = copy.deepcopy(doc)
            swapped["events"][i], swapped["events"][i + 1] = events[i + 1], events[i]
            err = _refused(_text(swapped))
            # i, or i + 1 when events[i + 1] may legally come first (two builds swapped)
            assert err.index in (i, i + 1), (i, str(err))
        dropped = copy.deepcopy(doc)
        del dropped["events"][i]
        err = _refused(_text(dropped))
        assert err.index is not None and err.index >= i - 1
        duped = copy.deepcopy(doc)
        duped["events"].insert(i, copy.deepcopy(events[i]))
        err = _refused(_text(duped))
        assert err.index is not None and err.index >= i


def test_dropping_the_last_event_is_refused():
    for game in GAMES:
        doc = _doc(game)
        doc["events"].pop()
        _refused(_text(doc), "ends early")


def test_reversed_and_shuffled_logs():
    doc = _doc(MID)
    doc["events"] = doc["events"][::-1]
    _refused(_text(doc), index=0)
    rng = random.Random(3)
    for _ in range(10):
        doc = _doc(MID)
        head, tail = doc["events"][:1], doc["events"][1:]
        rng.shuffle(tail)
        doc["events"] = head + tail
        _refused(_text(doc))


def test_log_continuing_after_the_end():
    doc = _doc(FULL)
    n = len(doc["events"])
    for extra in (
        doc["events"][-1],
        doc["events"][n // 2],
        {"type": "DraftPassed", "seat": 0},
        {"type": "RoundStarted", "round": 7, "workers": []},
    ):
        d = copy.deepcopy(doc)
        d["events"].append(copy.deepcopy(extra))
        _refused(_text(d), "after the end of the game", index=n)


def test_empty_log_and_log_not_starting_with_game_started():
    doc = _doc()
    doc["events"] = []
    _refused(_text(doc), "events")
    doc = _doc()
    doc["events"] = doc["events"][1:]
    _refused(_text(doc), "GameStarted", index=0)


# ------------------------------------------------------------------ replay API
def test_replay_refuses_event_objects_of_wrong_types():
    events = list(SMALL.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, E.RoundStarted))
    for bad in ("1", None, 2):
        wrong = made_or_refused(E.RoundStarted, round=bad, workers=events[i].workers)
        if wrong is None:  # the compiled record refuses a non-int round where it is made
            continue
        tampered = events[:i] + [wrong] + events[i + 1 :]
        with pytest.raises(pr.SaveError) as info:
            pr.replay(tampered)
        assert info.value.index == i
        with pytest.raises(pr.SaveError) as info:
            pr.replay(tampered, verify=False)
        if not isinstance(bad, int):  # a wrong type is caught where it stands
            assert info.value.index == i
    for equal in (1.0, True):
        # verified replay re-derives every event: a value that merely compares equal
        # is replaced by the rules' own, so the game's log stays canonical
        alike = made_or_refused(E.RoundStarted, round=equal, workers=events[i].workers)
        if alike is None:  # compiled: a float round is refused where it is made
            continue
        tampered = events[:i] + [alike] + events[i + 1 :]
        game = pr.replay(tampered)
        assert game == SMALL and type(game.events[i].round) is int
        if type(alike.round) is int:  # compiled: the native record stored True as the int 1
            assert pr.COMPILED and pr.replay(tampered, verify=False) == SMALL
            continue
        with pytest.raises(pr.SaveError) as info:
            pr.replay(tampered, verify=False)  # a pure fold checks every field's type
        assert info.value.index == i
    for junk in ([], [None], ["GameStarted"], [object()], events[:1] + [42]):
        with pytest.raises(pr.SaveError):
            pr.replay(junk)


def test_replay_without_verification_still_only_raises_save_error():
    events = list(SMALL.events)
    assert pr.replay(events, verify=False) == SMALL
    for i in range(1, len(events)):
        tampered = events[:i] + events[i + 1 :]
        try:
            pr.replay(tampered, verify=False)
        except pr.SaveError:
            pass


# ------------------------------------------------------------------ random corruption
def test_random_corruption_quick_slice():
    counts = fuzz_saves(seed=20240501, attempts=400, games=[SMALL, MID])
    assert counts["refused"] > 350, counts


@given(st.data())
def test_hypothesis_corruption(data):
    seed = data.draw(st.integers(0, 2**32 - 1))
    doc, what = mutate_doc(random.Random(seed), _doc(SMALL))
    check_mutant(doc, what)


@given(st.binary(max_size=300))
def test_arbitrary_bytes(raw):
    check_load(raw)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
        max_leaves=20,
    )
)
def test_arbitrary_json_in_place_of_an_event(value):
    doc = _doc()
    doc["events"][7] = value
    check_mutant(doc, "event 7 replaced")
