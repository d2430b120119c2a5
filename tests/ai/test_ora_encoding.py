"""Ora et Labora's fixed action encoding and observations (issue #58)."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import re

import numpy as np
import pytest

import pillars_rules as pr
from pillars_rules.ai.ora_encoding import OraActionEncoding
from pillars_rules.ai.ora_observation import OraLayout
from pillars_rules.errors import IllegalActionError
from pillars_rules.games.ora import records as R

ORA = "ora-et-labora"


def positions(players: int, seed: int, variants=()):
    """Every position of one seeded random game of Ora, to its end."""
    game = pr.new_game(game=ORA, players=players, variants=list(variants))
    bot = pr.RandomBot(seed)
    while True:
        yield game
        if game.is_over:
            return
        game = game.apply(bot(game.view(game.current_player)))


@pytest.mark.parametrize(
    "players,seed,variants", [(1, 2, ()), (4, 2, ()), (3, 3, ("ireland",)), (3, 4, ("short",))], ids=str
)
def test_every_legal_action_has_its_own_id_that_decodes_back(players, seed, variants):
    kinds = set()
    layout = None
    for game in positions(players, seed, variants):
        enc = OraActionEncoding.for_rules(game.rules)
        layout = layout or OraLayout.for_rules(game.rules)
        legal = game.legal_actions()
        ids = enc.ids(legal)
        assert len(set(ids)) == len(ids) == len(legal)
        assert all(0 <= i < len(enc) for i in ids)
        for a, i in zip(legal, ids, strict=True):
            assert enc.decode(i, legal) == a
            assert enc.describe(i).split()[0] == type(a).__name__
            kinds.add(type(a).__name__)
        assert layout.tensor(game.view(0)).shape == (layout.size,)
    # the games reach the actions of every part of the table but the rare ones (the solo game's seed is 2
    # since peat coal pays energy: seed 1's random game no longer turns grain over)
    assert {"Fell", "Place", "Build", "Buy", "Flip", "Pass", "Settle"} <= kinds


def test_the_table_is_contiguous_and_sized_from_the_rules():
    game = pr.new_game(game=ORA, players=4)
    enc = OraActionEncoding.for_rules(game.rules)
    rows = enc.table()
    assert [r[0] for r in rows] == [
        "Fell", "Place", "Contract", "Choose", "Build", "Buy", "Settle", "Clear", "Activate", "Use", "Flip", "Trade",
        "Pass",
    ]  # fmt: skip
    at = 0
    for _, _, first, n in rows:
        assert first == at and n > 0
        at += n
    assert at == len(enc)
    assert enc.outcomes == 256  # each function's 256 outcomes at most (Use; without using it is Pass)
    # a player count is its own configuration: more owners, more ids
    assert len(OraActionEncoding.for_rules(pr.new_game(game=ORA, players=2).rules)) < len(enc)


def test_a_settlement_payment_is_its_rank_among_the_listed_ones():
    enc = OraActionEncoding.for_rules(pr.new_game(game=ORA, players=4).rules)
    pay = [R.Settle("hamlet", 1, 1, (("wood", 1),)), R.Settle("hamlet", 1, 1, (("peat", 1),))]
    first, second = enc.ids(pay)
    assert second == first + 1
    assert enc.describe(second).endswith("payment slot 1")
    assert enc.ids(pay[::-1]) == [first, second]  # the order listed decides the slot


@pytest.mark.parametrize(
    "index,match",
    [(-1, "not in 0"), (10**9, "not in 0"), (True, "not in 0"), (1.0, "not in 0"), ("3", "not in 0")],
)
def test_an_id_out_of_range_is_refused(index, match):
    game = pr.new_game(game=ORA, players=2)
    enc = OraActionEncoding.for_rules(game.rules)
    with pytest.raises(IllegalActionError, match=match):
        enc.decode(index, game.legal_actions())


def test_an_id_that_is_not_legal_now_says_what_it_means():
    game = pr.new_game(game=ORA, players=2)
    enc = OraActionEncoding.for_rules(game.rules)
    legal = game.legal_actions()
    ids = set(enc.ids(legal))
    build = next(r for r in enc.table() if r[0] == "Build")[2]
    illegal = next(i for i in range(build, len(enc)) if i not in ids)
    with pytest.raises(IllegalActionError, match=r"action id \d+ \(Build .* at \(-?\d+, -?\d+\)\) is not legal now"):
        enc.decode(illegal, legal)


@pytest.mark.parametrize(
    "action,match",
    [
        (R.Build("no_such_card", 0, 0), "no building card"),
        (R.Build("farmyard", 40, 0), "outside the encoding's window"),
        (R.Place("9/farmyard", "prior"), "no seat 9"),
        (R.Place("0/farmyard", "abbot"), "no clergy kind"),
        (R.Use(400), "outcome 400"),
        (R.Use(-1), "outcome -1"),
        (R.Fell("lava", 0, 0), "no cover"),
        (R.Trade("gold"), "no exchange"),
        ("take forest", "not an Ora action"),
    ],
)
def test_an_action_without_an_id_is_a_typed_error(action, match):
    enc = OraActionEncoding.for_rules(pr.new_game(game=ORA, players=2).rules)
    with pytest.raises(IllegalActionError, match=match):
        enc.ids([action])
    with pytest.raises(IllegalActionError):
        enc.encode(action, [])


def test_observations_are_relative_to_the_seat_and_the_text_names_it():
    game = pr.new_game(game=ORA, players=3)
    layout = OraLayout.for_rules(game.rules)
    for _ in range(12):
        game = game.apply(game.legal_actions()[-1])
    a, b = layout.tensor(game.view(0)), layout.tensor(game.view(1))
    assert a.dtype == np.float32 and not np.array_equal(a, b)
    per, start = layout.per_seat, layout.size - 3 * layout.per_seat
    # seat 1's own block is slot 0 of its view and slot 1 of seat 0's
    assert np.array_equal(b[start : start + per], a[start + per : start + 2 * per])
    assert layout.text(game.view(2)).startswith("you are seat 2; 3 players france; round ")
    assert sum(n for _, n in layout.blocks()) == layout.size


def test_the_docs_table_is_the_encodings():
    """docs/ai.rst shows the 4-player table of Ora's ids; it cannot drift from the code."""
    from .support import ROOT

    page = (ROOT / "docs" / "ai.rst").read_text(encoding="utf-8")
    section = page[page.index("Ora et Labora\n-------------") : page.index("Throughput\n----------")]
    rows = re.findall(r"^``(\w+)``\s+(.*?)\s+(\d+)\s+(\d+)$", section, re.M)
    enc = OraActionEncoding.for_rules(pr.new_game(game=ORA, players=4).rules)
    assert [(n, f, int(a), int(b)) for n, f, a, b in rows] == [tuple(r) for r in enc.table()]
    assert f"print(len(ora_enc))                           # {len(enc)}" in section
