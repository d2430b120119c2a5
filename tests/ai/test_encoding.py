"""The fixed action encoding (issue #15): every possible action <-> an index."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import attrs
import pytest

import pillars_rules as pr
from pillars_rules.actions import ACTION_TYPES
from pillars_rules.ai.encoding import MAX_COUNT, ActionEncoding
from pillars_rules.errors import ConfigError, IllegalActionError

from .support import FAN_CARDS, ROOT, random_positions

IDEAS = str(ROOT / "examples" / "ideas")

#: Variants defined by the fan cards' text (every card's ``variant`` blocks).
FAN_VARIANTS = sorted({name for card in pr.load_cards(FAN_CARDS) for name, _ in card.variants})
CONFIGS = [
    (2, 1, {}),
    (3, 2, {"variants": ["dm"]}),
    (4, 3, {"variants": sorted(pr.VARIANTS)}),  # every base-rules variant at once
    (4, 4, {"cards": FAN_CARDS}),
    (2, 5, {"cards": FAN_CARDS, "variants": FAN_VARIANTS}),
    (4, 6, {"cards": IDEAS}),  # the forms of issue #36, "a player you choose" among them
]


@pytest.mark.parametrize("players,seed,kwargs", CONFIGS)
def test_every_legal_action_of_random_games_encodes_and_decodes(players, seed, kwargs):
    enc = None
    seen = set()
    for game in random_positions(players, seed, **kwargs):
        enc = enc or ActionEncoding.for_rules(game.rules)
        legal = game.legal_actions()
        indices = [enc.encode(a) for a in legal]
        assert all(0 <= i < len(enc) for i in indices)
        assert len(set(indices)) == len(legal)  # distinct actions, distinct indices
        assert [enc.decode(i) for i in indices] == legal
        assert enc.indices(legal) == sorted(indices)
        seen.update(type(a).__name__ for a in legal)
    assert {"TakeResourceCard", "Hire", "Place", "EndBuilding"} <= seen


@pytest.mark.parametrize("players,seed,kwargs", CONFIGS[::2])
def test_the_encoding_is_a_bijection_on_its_indices(players, seed, kwargs):
    enc = ActionEncoding.for_rules(pr.new_game(players, seed, **kwargs).rules)
    assert all(enc.encode(enc.decode(i)) == i for i in range(len(enc)))
    assert len(set(enc.actions)) == len(enc)


def test_table_rows_follow_action_types_and_tile_the_indices():
    enc = ActionEncoding.for_rules(pr.new_game(2, 0).rules)
    rows = enc.table()
    assert [r[0] for r in rows] == list(ACTION_TYPES)
    start = 0
    for name, _fields, first, count in rows:
        assert first == start
        assert all(type(a).__name__ == name for a in enc.actions[first : first + count])
        start += count
    assert start == len(enc)
    by_name = {r[0]: r for r in rows}
    assert by_name["Buy"][3] == 4 * MAX_COUNT  # resource x n
    assert by_name["Place"][3] == 2 * 17  # every spot (RULES §3), free or not
    assert by_name["Pass"][3] == 1


def test_index_domain_follows_the_card_set():
    """Base cards have no choose-one; the fan set's two-option choice adds ChooseOption 0 and 1."""
    base = ActionEncoding.for_rules(pr.new_game(2, 0).rules)
    fan = ActionEncoding.for_rules(pr.new_game(2, 0, cards=FAN_CARDS).rules)
    assert not any(isinstance(a, pr.actions.ChooseOption) for a in base.actions)
    assert [a.index for a in fan.actions if isinstance(a, pr.actions.ChooseOption)] == [0, 1]


def test_places_and_spots_follow_the_board():
    """Issue #35: a fan board's new place is in the encoding with each of its spots, before the court."""
    from pillars_rules.cardlang import base_cards, compile_text

    base = base_cards()
    well = 'place well "Village well" {\n    after priory\n    spots 2\n    spot 1: gain 2 gold\n}\n'
    fan = ActionEncoding.for_rules(pr.new_game(2, 0, cards=base.merged(compile_text(well, "w", known=base))).rules)
    places = [(a.location, a.spot) for a in fan.actions if isinstance(a, pr.actions.Place) and not a.free]
    assert len(places) == 19 and places.index(("well", 1)) == places.index(("priory", 1)) + 2
    assert places.index(("kings_court", 0)) == places.index(("well", 1)) + 1
    assert fan.encode(pr.actions.Place("well", 1)) != fan.encode(pr.actions.Place("priory", 1))


def test_a_new_bool_field_is_encoded_with_both_values(monkeypatch):
    @attrs.frozen
    class Grab:
        card: str
        big: bool = False
        label: str = attrs.field(default="", eq=False, kw_only=True)

    monkeypatch.setitem(ACTION_TYPES, "Grab", Grab)
    cards = pr.load_cards()
    enc = ActionEncoding(cards)
    grabs = [a for a in enc.actions if isinstance(a, Grab)]
    assert len(grabs) == 2 * len(cards)  # all kinds for a type not in CARD_KINDS
    assert Grab(cards.cards[0].id, True) in grabs


def test_a_field_without_domain_is_a_config_error(monkeypatch):
    @attrs.frozen
    class Wave:
        colour: str

    monkeypatch.setitem(ACTION_TYPES, "Wave", Wave)
    with pytest.raises(ConfigError, match="Wave.colour"):
        ActionEncoding(pr.load_cards())


@pytest.mark.parametrize("bad", [-1, 10**6, 1.0, True, "3", None])
def test_decode_refuses_what_is_not_an_index(bad):
    enc = ActionEncoding.for_rules(pr.new_game(2, 0).rules)
    with pytest.raises(IllegalActionError, match="not in 0"):
        enc.decode(bad)


@pytest.mark.parametrize(
    "bad",
    [pr.actions.Buy("wood", MAX_COUNT + 1), pr.actions.Hire("no_such_card"), pr.actions.Place("moon", 0), "Pass", None],
)
def test_encode_refuses_what_has_no_index(bad):
    enc = ActionEncoding.for_rules(pr.new_game(2, 0).rules)
    with pytest.raises(IllegalActionError, match="no index"):
        enc.encode(bad)


def test_numpy_integers_decode():
    import numpy as np

    enc = ActionEncoding.for_rules(pr.new_game(2, 0).rules)
    assert enc.decode(np.int64(5)) == enc.decode(5)


def test_the_docs_table_is_the_encoding():
    """docs/ai.rst lists the base cards' encoding; it must be the one the code builds.
    On failure the message is the table to paste into the page."""
    from .support import ROOT

    text = (ROOT / "docs" / "ai.rst").read_text(encoding="utf-8")
    rows = ActionEncoding.for_rules(pr.new_game(4, 0).rules).table()
    table = "\n".join(
        f"{'``' + name + '``':<22}  {fields:<25}  {first:<11}  {count}".rstrip() for name, fields, first, count in rows
    )
    assert table in text, f"docs/ai.rst's encoding table is out of date; its rows should read:\n{table}"


def test_a_player_to_choose_has_an_option_per_other_seat_in_the_encoding():
    from pillars_rules import actions as A
    from pillars_rules.cardlang import base_cards, compile_text

    cards = base_cards().merged(
        compile_text('privilege p "P" { immediate\n a player you choose: lose 1 gold }', known=base_cards())
    )
    enc = ActionEncoding.for_rules(pr.new_game(4, 1, cards=cards).rules)
    assert [enc.decode(enc.encode(A.ChooseOption(i))) for i in range(3)] == [A.ChooseOption(i) for i in range(3)]
