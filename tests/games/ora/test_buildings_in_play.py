"""Every Ora building's function played in a game, with the shipped cards (issue #58).

For each building of both variants (and the three printed on the heartland):
in a real game, round 1, Player 1 to act, the building stands on Player 1's
landscape (laid on a coast or mountain plot when its terrain needs one) and
Player 1 holds exactly the goods of the row. Placing the prior there lists
exactly the uses the building's text gives in that situation (each written
``gives -> takes``, goods in name order, net of what a later part gives back;
the wheel's resets and the follow-ups after), and the chosen use changes the
goods and the wheel as the lexicon says, with its sentence. The function texts
and their sources are ``ORA_BUILDINGS.md`` (J, H, W; the D-notes its
disagreements) and the rules' § of ``ORA_RULES.md``; the rulings are those of
docs/ora/rules.rst. Buildings whose use goes on with a follow-up (a build, a
settlement, a landscape, a cover removed, another building used, clergy
recalled) are played through it in the second part.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from pillars_rules.core import run
from pillars_rules.games.ora import ORA
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.rules import piece
from pillars_rules.games.ora.score import parts
from pillars_rules.games.ora.words import describe
from pillars_rules.mechanisms import grid as G
from pillars_rules.mechanisms import workers as K

from .helpers import at, do, game, two_steps
from .inplay import erected, goods, landed, sentence, uses, wheel


def holding(g: Any, seat: int, **stock: int) -> Any:
    """``g`` with ``seat`` holding exactly ``stock`` (goods by their card names: ``peat_coal``)."""
    pairs = tuple(sorted((k, n) for k, n in stock.items() if n))
    return at(g, stocks=g.state.stocks[:seat] + (pairs,) + g.state.stocks[seat + 1 :])


def situation(variant: str, card: str, stock: dict[str, int], steps: dict[str, int] | None = None) -> Any:
    """Round 1, Player 1 to act, ``card`` on Player 1's landscape, Player 1 holding ``stock``."""
    g = game("4 players", variant, cards="shipped")
    if g.rules.cards[card].kind != "heartland":
        g, _ = erected(g, 0, card)
    g = holding(g, 0, **stock)
    return wheel(g, **steps) if steps else g


def _of(number: str, variant: str) -> str:
    rules = game("4 players", variant, cards="shipped").rules
    return next(cid for cid, c in rules.cards.items() if c.number == number)


FR, IE = "france", "ireland"

#: number, variant, citation, Player 1's goods, wheel steps, the uses listed (exactly), the use chosen.
#: The wheel of round 1 holds every basic good and the joker on step 1 (worth 2); grapes (France) and
#: stone enter later (§3.3, §5.3), so a row that needs them puts them on a step (step 3 is worth 4,
#: step 4 worth 5).
PLAIN: list[tuple[str, str, str, dict[str, int], dict[str, int], set[str], str]] = [
    # -- the heartland (§2.2, §5.1, §5.2: the good's amount or the joker's, that indicator to 0)
    ("H01", FR, "§5.1, §5.2; J,H,W", {}, {}, {"nothing -> 2 clay; reset clay", "nothing -> 2 clay; reset joker"},
     "nothing -> 2 clay; reset clay"),
    ("H02", IE, "§5.1, §5.2; J,H,W", {}, {"sheep": 4}, {
        "nothing -> 2 grain; reset grain", "nothing -> 5 sheep; reset sheep",
        "nothing -> 2 grain; reset joker", "nothing -> 2 sheep; reset joker",
    }, "nothing -> 5 sheep; reset sheep"),
    ("H03", FR, "§5.1, §5.2; J,H,W", {}, {"joker": 3}, {"nothing -> 2 coin; reset coin", "nothing -> 4 coin; reset joker"},
     "nothing -> 4 coin; reset joker"),
    # -- deck start
    ("G02", FR, "Cloister Courtyard; R32; J,H,W", {"wood": 1, "clay": 1, "peat": 1}, {}, {
        "1 clay, 1 peat -> 5 wood", "1 peat, 1 wood -> 5 clay", "1 clay, 1 wood -> 5 peat",
        "1 clay, 1 peat, 1 wood -> 6 sheep", "1 clay, 1 peat, 1 wood -> 6 grain", "1 clay, 1 peat, 1 wood -> 6 coin",
    }, "1 clay, 1 peat, 1 wood -> 6 grain"),
    ("F03", FR, "Grain Storage; J,H,W", {"coin": 1}, {}, {"1 coin -> 6 grain"}, "1 coin -> 6 grain"),
    ("I03", IE, "Granary; J,H,W", {"coin": 1}, {}, {"1 coin -> 1 book, 4 grain"}, "1 coin -> 1 book, 4 grain"),
    ("F04", FR, "Windmill: at most 7; J,H", {"grain": 8}, {}, {f"{k} grain -> {k} flour, {k} straw" for k in range(1, 8)},
     "7 grain -> 7 flour, 7 straw"),
    ("I04", IE, "Malthouse: any number; J,H,W", {"grain": 3}, {}, {f"{k} grain -> {k} malt, {k} straw" for k in (1, 2, 3)},
     "3 grain -> 3 malt, 3 straw"),
    ("F05", FR, "Bakery: ½ energy per flour, no change (R33); J,H,W", {"flour": 2, "wood": 1}, {}, {
        "1 flour, 1 wood -> 1 bread", "1 flour, 1 wood -> 4 coin", "2 flour, 1 wood -> 2 bread",
        "2 flour, 1 wood -> 1 bread, 4 coin", "2 flour, 1 wood -> 8 coin",
    }, "2 flour, 1 wood -> 1 bread, 4 coin"),
    ("I05", IE, "Brewery; J,H", {"malt": 2, "grain": 2}, {}, {
        "1 grain, 1 malt -> 1 beer", "1 grain, 1 malt -> 7 coin", "2 grain, 2 malt -> 2 beer",
        "2 grain, 2 malt -> 1 beer, 7 coin",
    }, "2 grain, 2 malt -> 1 beer, 7 coin"),
    ("G06", FR, "Fuel Merchant: one step; J,H", {"peat_coal": 3}, {}, {
        "1 peat_coal -> 5 coin", "2 peat_coal -> 8 coin", "3 peat_coal -> 10 coin",
    }, "3 peat_coal -> 10 coin"),
    ("G07", IE, "Peat Coal Kiln; J,H,W", {"peat": 2}, {}, {
        "nothing -> 1 coin, 1 peat_coal", "1 peat -> 1 coin, 2 peat_coal", "2 peat -> 1 coin, 3 peat_coal",
    }, "2 peat -> 1 coin, 3 peat_coal"),
    ("F08", FR, "Market: 4 kinds; J,H", {"wood": 1, "clay": 1, "peat": 1, "sheep": 1, "grain": 0}, {},
     {"1 clay, 1 peat, 1 sheep, 1 wood -> 1 bread, 7 coin"}, "1 clay, 1 peat, 1 sheep, 1 wood -> 1 bread, 7 coin"),
    ("I08", IE, "False Lighthouse; J,H,W", {}, {}, {"nothing -> 1 beer, 3 coin", "nothing -> 3 coin, 1 whiskey"},
     "nothing -> 3 coin, 1 whiskey"),
    ("I09", IE, "Spinning Mill: 1 / 5 / 9 sheep; J,H", {"sheep": 5}, {}, {"nothing -> 5 coin"}, "nothing -> 5 coin"),
    ("F11", FR, "Harbor Promenade; J,H,W", {}, {}, {"nothing -> 1 ceramic, 1 coin, 1 wine, 1 wood"},
     "nothing -> 1 ceramic, 1 coin, 1 wine, 1 wood"),
    ("I11", IE, "Houseboat (on water); J,H,W", {}, {}, {"nothing -> 1 coin, 1 malt, 1 peat, 1 wood"},
     "nothing -> 1 coin, 1 malt, 1 peat, 1 wood"),
    ("G12", FR, "Stone Merchant: 2 food + 1 energy each (R5); J,H", {"grain": 4, "wood": 2}, {}, {
        "2 grain, 1 wood -> 1 stone", "4 grain, 2 wood -> 2 stone",
    }, "4 grain, 2 wood -> 2 stone"),
    ("G13", IE, "Builders' Market (D9); J,H,W", {"coin": 2}, {}, {"2 coin -> 2 clay, 1 stone, 1 straw, 2 wood"},
     "2 coin -> 2 clay, 1 stone, 1 straw, 2 wood"),
    # -- deck A
    ("F14", FR, "Grapevine: the joker before grapes enter (§5.3; D8, O1); J,W", {}, {},
     {"nothing -> 2 grapes; reset joker"}, "nothing -> 2 grapes; reset joker"),
    ("F15", FR, "Financed Estate; J,H", {"coin": 1}, {}, {"1 coin -> 1 book, 1 bread, 2 flour, 2 grapes"},
     "1 coin -> 1 book, 1 bread, 2 flour, 2 grapes"),
    ("I14", IE, "Sacred Site; J,H,W", {}, {}, {
        "nothing -> 1 beer, 1 book, 2 grain", "nothing -> 1 book, 2 grain, 1 whiskey",
        "nothing -> 1 beer, 1 book, 2 malt", "nothing -> 1 book, 2 malt, 1 whiskey",
    }, "nothing -> 1 beer, 1 book, 2 malt"),
    ("I15", IE, "Druid's House: 5 of one basic good, 3 of another; J,H,W", {"book": 1}, {}, {
        "1 book -> " + goods(sorted({a: 5, b: 3}.items()))
        for a in ("wood", "clay", "peat", "sheep", "grain", "coin")
        for b in ("wood", "clay", "peat", "sheep", "grain", "coin")
        if a != b
    }, "1 book -> 3 clay, 5 sheep"),
    ("G16", FR, "Cloister Chapter House; J,H", {}, {}, {"nothing -> 1 clay, 1 coin, 1 grain, 1 peat, 1 sheep, 1 wood"},
     "nothing -> 1 clay, 1 coin, 1 grain, 1 peat, 1 sheep, 1 wood"),
    ("F17", FR, "Cloister Library: up to 3 books, then 1 book for meat and wine; J,H", {"coin": 2}, {}, {
        "1 coin -> 1 book", "2 coin -> 2 book", "1 coin -> 1 meat, 1 wine", "2 coin -> 1 book, 1 meat, 1 wine",
    }, "2 coin -> 1 book, 1 meat, 1 wine"),
    ("I17", IE, "Scriptorium (D11); H,W", {"coin": 1}, {}, {"1 coin -> 1 book, 1 meat, 1 whiskey"},
     "1 coin -> 1 book, 1 meat, 1 whiskey"),
    ("G18", IE, "Cloister Workshop; J,H", {"clay": 1, "stone": 1, "wood": 2}, {}, {
        "1 clay, 1 wood -> 1 ceramic", "1 stone, 1 wood -> 1 ornament", "1 clay, 1 stone, 2 wood -> 1 ceramic, 1 ornament",
    }, "1 clay, 1 stone, 2 wood -> 1 ceramic, 1 ornament"),
    ("G19", FR, "Slaughterhouse; J,H,W", {"sheep": 2, "straw": 2}, {}, {
        "1 sheep, 1 straw -> 1 meat", "2 sheep, 2 straw -> 2 meat",
    }, "2 sheep, 2 straw -> 2 meat"),
    # -- deck B
    ("F20", FR, "Inn: 1 wine for 6 coins and/or up to 7 food for 1 coin each; J,H,W", {"wine": 1, "grain": 1}, {}, {
        "1 grain -> 1 coin", "1 wine -> 1 coin", "1 grain, 1 wine -> 2 coin", "1 wine -> 6 coin",
        "1 grain, 1 wine -> 7 coin",
    }, "1 grain, 1 wine -> 7 coin"),
    ("I20", IE, "Alehouse; J,H", {"beer": 1, "whiskey": 1}, {}, {
        "1 beer -> 8 coin", "1 whiskey -> 7 coin", "1 beer, 1 whiskey -> 15 coin",
    }, "1 beer, 1 whiskey -> 15 coin"),
    ("F21", FR, "Winery (D5); J,H,W", {"grapes": 2}, {}, {
        "1 grapes -> 1 wine", "1 grapes -> 7 coin", "2 grapes -> 2 wine", "2 grapes -> 7 coin, 1 wine",
    }, "2 grapes -> 7 coin, 1 wine"),
    ("I21", IE, "Whiskey Distillery (D4); J,H,W", {"malt": 1, "wood": 1, "peat": 1}, {},
     {"1 malt, 1 peat, 1 wood -> 2 whiskey"}, "1 malt, 1 peat, 1 wood -> 2 whiskey"),
    ("G22", FR, "Quarry (on a mountain; §5.3); J,W", {}, {"stone": 4}, {
        "nothing -> 5 stone; reset stone", "nothing -> 2 stone; reset joker",
    }, "nothing -> 5 stone; reset stone"),
    ("F24", FR, "Cloister Church: at most 2; J,W", {"bread": 3, "wine": 3}, {}, {
        "1 bread, 1 wine -> 1 reliquary", "2 bread, 2 wine -> 2 reliquary",
    }, "2 bread, 2 wine -> 2 reliquary"),
    ("I24", IE, "Chapel (D2); J,H", {"coin": 1, "beer": 1, "whiskey": 1}, {}, {
        "1 coin -> 1 book", "1 beer, 1 whiskey -> 1 reliquary", "1 beer, 1 coin, 1 whiskey -> 1 book, 1 reliquary",
    }, "1 beer, 1 coin, 1 whiskey -> 1 book, 1 reliquary"),
    ("F25", FR, "Chamber of Wonders: 13 kinds; J,H,W", dict.fromkeys(
        ("wood", "clay", "peat", "sheep", "grain", "coin", "stone", "grapes", "flour", "malt", "straw", "book", "ceramic"), 1
    ), {}, {
        "1 book, 1 ceramic, 1 clay, 1 coin, 1 flour, 1 grain, 1 grapes, 1 malt, 1 peat, 1 sheep, 1 stone, 1 straw, "
        "1 wood -> 1 wonder"
    }, "1 book, 1 ceramic, 1 clay, 1 coin, 1 flour, 1 grain, 1 grapes, 1 malt, 1 peat, 1 sheep, 1 stone, 1 straw, "
       "1 wood -> 1 wonder"),
    ("I25", IE, "Portico; J,H,W", {"reliquary": 1}, {}, {
        "1 reliquary -> 2 clay, 2 coin, 2 grain, 2 peat, 2 sheep, 2 stone, 2 wood"
    }, "1 reliquary -> 2 clay, 2 coin, 2 grain, 2 peat, 2 sheep, 2 stone, 2 wood"),
    ("G26", IE, "Shipyard: once (D14, O3); J,W", {"wood": 4}, {}, {"2 wood -> 5 coin, 1 ornament"},
     "2 wood -> 5 coin, 1 ornament"),
    # -- deck C
    ("F29", FR, "Quarry, the second (D17, O4); J,W", {}, {"stone": 3}, {
        "nothing -> 4 stone; reset stone", "nothing -> 2 stone; reset joker",
    }, "nothing -> 2 stone; reset joker"),
    ("F30", FR, "Town Estate; J,H,W", {"ceramic": 2}, {}, {"1 ceramic -> 12 coin"}, "1 ceramic -> 12 coin"),
    ("I30", IE, "Refectory: at most 4 meat to ceramic (D13); J,H", {"meat": 4}, {}, {
        "nothing -> 1 beer, 1 meat", "nothing -> 1 beer, 1 ceramic", "1 meat -> 1 beer, 2 ceramic",
        "2 meat -> 1 beer, 3 ceramic", "3 meat -> 1 beer, 4 ceramic",
    }, "3 meat -> 1 beer, 4 ceramic"),
    ("F31", FR, "Grapevine, the second (D8, O4); J,W", {}, {"grapes": 3}, {
        "nothing -> 4 grapes; reset grapes", "nothing -> 2 grapes; reset joker",
    }, "nothing -> 4 grapes; reset grapes"),
    ("I31", IE, "Coal Harbor: peat coal, at most 3 (D12, O2); J,W", {"peat_coal": 4}, {}, {
        "1 peat_coal -> 3 coin, 1 whiskey", "2 peat_coal -> 6 coin, 2 whiskey", "3 peat_coal -> 9 coin, 3 whiskey",
    }, "3 peat_coal -> 9 coin, 3 whiskey"),
    ("I32", IE, "Filial Church: 5 kinds (D7); J,H,W", {"wood": 1, "clay": 1, "peat": 1, "sheep": 1, "grain": 1}, {},
     {"1 clay, 1 grain, 1 peat, 1 sheep, 1 wood -> 1 reliquary"}, "1 clay, 1 grain, 1 peat, 1 sheep, 1 wood -> 1 reliquary"),
    ("F33", FR, "Shipping Company: the joker's amount, one kind; J,H,W", {"peat_coal": 1}, {"joker": 4}, {
        "1 peat_coal -> 5 meat; reset joker", "1 peat_coal -> 5 bread; reset joker", "1 peat_coal -> 5 wine; reset joker",
    }, "1 peat_coal -> 5 wine; reset joker"),
    ("I33", IE, "Cooperage: the joker's amount, one kind; J,H,W", {"wood": 3}, {"joker": 4}, {
        "3 wood -> 5 beer; reset joker", "3 wood -> 5 whiskey; reset joker",
    }, "3 wood -> 5 whiskey; reset joker"),
    # -- deck D
    ("G34", FR, "Sacristy; J,H,W", {"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}, {},
     {"1 book, 1 ceramic, 1 ornament, 1 reliquary -> 1 wonder"}, "1 book, 1 ceramic, 1 ornament, 1 reliquary -> 1 wonder"),
    ("F35", FR, "Forger's Workshop: 5 coins, then 10 each (D15); J,H", {"coin": 25}, {}, {
        "5 coin -> 1 reliquary", "15 coin -> 2 reliquary", "25 coin -> 3 reliquary",
    }, "15 coin -> 2 reliquary"),
    ("I35", IE, "Round Tower: 5 coins, 1 whiskey, goods worth 14; J,H",
     {"coin": 5, "whiskey": 1, "reliquary": 1, "ceramic": 2}, {},
     {"2 ceramic, 5 coin, 1 reliquary, 1 whiskey -> 1 wonder"}, "2 ceramic, 5 coin, 1 reliquary, 1 whiskey -> 1 wonder"),
    ("F36", FR, "Pilgrimage Site: twice one step up; J,H,W", {"book": 1, "ceramic": 1}, {}, {
        "1 book -> 1 ceramic", "1 ceramic -> 1 ornament", "1 book -> 1 ornament",
        "1 ceramic -> 1 reliquary",
    }, "1 ceramic -> 1 reliquary"),
    ("I36", IE, "Camera: at most 2; J,H,W", {"book": 3, "ceramic": 3}, {}, {
        "1 book, 1 ceramic -> 1 clay, 1 coin, 1 reliquary", "2 book, 2 ceramic -> 2 clay, 2 coin, 2 reliquary",
    }, "2 book, 2 ceramic -> 2 clay, 2 coin, 2 reliquary"),
    ("F37", FR, "Dormitory; J,H,W", {"straw": 1, "wood": 2}, {}, {
        "nothing -> 1 ceramic", "1 straw, 1 wood -> 1 book, 1 ceramic",
    }, "1 straw, 1 wood -> 1 book, 1 ceramic"),
    ("I38", IE, "Festival Ground: 1 point per forest and moor (3 forests, 2 moors); J,H,W", {"beer": 1}, {}, {
        "1 beer -> 2 book", "1 beer -> 1 book, 1 ceramic", "1 beer -> 1 ornament",
    }, "1 beer -> 1 book, 1 ceramic"),
    ("G39", FR, "Estate: 6 energy or 10 food, at most twice; J,H", {"peat_coal": 4}, {}, {
        "2 peat_coal -> 1 book, 1 ornament", "4 peat_coal -> 2 book, 2 ornament",
    }, "4 peat_coal -> 2 book, 2 ornament"),
    ("G41", IE, "House of the Brotherhood: 2 points per cloister (Cloister Office and itself); J,H,W", {"coin": 5}, {}, {
        "5 coin -> 2 book", "5 coin -> 1 ceramic", "5 coin -> 1 ornament",
    }, "5 coin -> 1 ornament"),
]  # fmt: skip


#: Each row, and each card of both variants (G, H) again in the other variant: the same use.
BOTH = PLAIN + [(n, FR if v == IE else IE, *rest) for n, v, *rest in PLAIN if n[0] in "GH"]


@pytest.mark.parametrize(
    ("number", "variant", "source", "stock", "steps", "listed", "chosen"), BOTH, ids=[f"{r[0]}-{r[1]}" for r in BOTH]
)
def test_a_building_used_in_play_lists_its_text_and_does_it(number, variant, source, stock, steps, listed, chosen):
    card = _of(number, variant)
    g = situation(variant, card, stock, steps)
    name = g.rules.cards[card].name
    offered = uses(g, f"0/{card}")
    assert set(offered) == listed, f"{number} {name} ({source})"
    used, after = offered[chosen]
    # the goods: Player 1's change by exactly the use, nobody else's
    want = Counter(g.state.stock(0))
    want.subtract(dict(used.give))
    want.update(dict(used.take))
    assert after.state.stock(0) == {k: n for k, n in want.items() if n}
    assert after.state.stocks[1:] == g.state.stocks[1:]
    # the wheel: each indicator used goes back to 0, the others stay (§5.1, §5.2)
    for name_, step in g.state.wheel.steps:
        assert after.state.wheel.step(name_) == (0 if name_ in used.reset else step)
    # the prior stands on the building (§4.2) and the sentence says the use
    assert [(w.seat, w.kind) for w in K.on_card(after.state.workers, f"0/{card}")] == [(0, "prior")]
    said = f"Player 1 uses {name}: gives {goods(used.give)}, takes {goods(used.take)}"
    said += "".join(f"; the {r} indicator goes back to 0" for r in used.reset)
    assert sentence(after, used) == said
    assert after.pending == R.Turn(0, "after")  # the main action is done: what may follow it (§4.10, §4.8)


def test_a_use_of_the_wheel_says_which_indicator_goes_back():
    """§5.2: the joker instead of the coin; the sentence names it."""
    g = situation(FR, "cloister_office", {}, {"joker": 3})
    used, after = uses(g, "0/cloister_office")["nothing -> 4 coin; reset joker"]
    assert sentence(after, used) == (
        "Player 1 uses Cloister Office: gives nothing, takes 4 coin; the joker indicator goes back to 0"
    )


# -- the buildings whose use goes on: each follow-up played ------------------------------------


def labels(g: Any) -> list[str]:
    """The listed actions' words, a building's with each outcome its ``use`` decision offers."""
    return [t.label for t in two_steps(g)]


def play(g: Any, label: str) -> Any:
    """``g`` after the listed action (and outcome) of ``label`` (exactly one)."""
    (t,) = [t for t in two_steps(g) if t.label == label]
    return do(g, t)


def placed(g: Any, seat: int, *where: tuple[str, str]) -> Any:
    w = g.state.workers
    for kind, key in where:
        w = K.place(g.rules.clergy, w, seat, kind, key)
    return at(g, workers=w)


def said(before: Any, after: Any) -> list[str]:
    """The sentences of the events from ``before`` to ``after``, bookkeeping left out."""
    return [
        sentence(after, e)
        for e in after.events[len(before.events) :]
        if type(e) not in (R.Turn, R.Followed, R.TurnEnded, R.PhaseStep, R.Picked)
    ]


def cell(g: Any, seat: int, xy: tuple[int, int]) -> Any:
    return next(c for c in g.state.grids[seat].cells if (c.x, c.y) == xy)


def test_G01_priory_uses_a_building_a_prior_stands_on():
    """G01 Priory (J,H; R26): any seat's building with a *prior* on it, not one with a lay brother."""
    g = situation(FR, "priory", {})
    g = placed(g, 1, ("prior", "1/farmyard"), ("lay brother", "1/clay_mound"))
    used, g1 = uses(g, "0/priory")["nothing -> nothing; then use prior"]
    assert labels(g1) == [
        "skip the use",
        "use Farmyard: take 2 grain; reset grain",
        "use Farmyard: take 2 sheep; reset sheep",
        "use Farmyard: take 2 grain; reset joker",
        "use Farmyard: take 2 sheep; reset joker",
    ]
    g2 = play(g1, "use Farmyard: take 2 sheep; reset sheep")
    assert g2.state.stock(0) == {"sheep": 2} and g2.state.wheel.step("sheep") == 0
    assert g2.state.stocks[1] == g.state.stocks[1]  # the owner gets nothing (R26)
    assert said(g, g2) == [
        "Player 1 places the prior on Priory",
        "Player 1 uses Priory: gives nothing, takes nothing; then use a building a prior stands on",
        "Player 1 uses Farmyard: gives nothing, takes 2 sheep; the sheep indicator goes back to 0",
    ]


@pytest.mark.parametrize(
    ("number", "variant", "card", "took", "neighbour"),
    [("F09", FR, "cloister_garden", "grapes", "Farmyard"), ("I10", IE, "cottage", "malt", "Clay Mound")],
)
def test_cloister_garden_and_cottage_use_an_empty_building_next_to_them(number, variant, card, took, neighbour):
    """F09 Cloister Garden, I10 Cottage (J,H,W; R27): 1 grape / 1 malt, then an orthogonal neighbour
    with nobody on it (the Cloister Office next to the garden has a lay brother: not offered)."""
    g = placed(situation(variant, card, {}), 0, ("lay brother", "0/cloister_office"))
    used, g1 = uses(g, f"0/{card}")[f"nothing -> 1 {took}; then use adjacent"]
    uses_ = [x for x in labels(g1) if x.startswith("use ")]
    assert {x.split(":")[0] for x in uses_} == {f"use {neighbour}"}
    g2 = play(g1, uses_[0])
    assert sum(g2.state.stock(0).values()) == 1 + 2  # the grape or malt, and the neighbour's 2
    assert g2.state.stock(0)[took] == 1
    assert said(g, g2)[-1].startswith(f"Player 1 uses {neighbour}: gives nothing, takes 2 ")


def test_F10_carpentry_removes_a_forest_for_nothing_then_builds():
    """F10 Carpentry (J,H): a forest card goes, no wood; then a build action (§4.6) on any spot."""
    g = situation(FR, "carpentry", {"wood": 1, "straw": 1})
    _, g1 = uses(g, "0/carpentry")["nothing -> nothing; then clear forest; then build"]
    assert labels(g1) == ["remove the forest at (1, 0)", "remove the forest at (2, 0)", "remove the forest at (1, 1)"]
    g2 = play(g1, "remove the forest at (1, 0)")
    assert cell(g2, 0, (1, 0)).cover is None and g2.state.stock(0) == {"wood": 1, "straw": 1}  # no wood taken
    assert "build Grain Storage at (1, 0)" in labels(g2)
    g3 = play(g2, "build Grain Storage at (1, 0)")
    assert cell(g3, 0, (1, 0)).occupant.card == "grain_storage" and g3.state.stock(0) == {}
    assert "grain_storage" not in g3.state.display
    assert said(g, g3)[1:] == [
        "Player 1 uses Carpentry: gives nothing, takes nothing; then remove a forest; then a build action",
        "Player 1 removes the forest at (1, 0), taking nothing",
        "Player 1 pays 1 wood, 1 straw to the supply (building)",
        "Player 1 builds Grain Storage at (1, 0)",
    ]


def test_I29_forest_hut_takes_its_goods_and_removes_a_forest():
    """I29 Forest Hut (J,H,W): 2 sheep, 2 wood, 1 stone, and a forest card of one's own goes."""
    g = situation(IE, "forest_hut", {})
    _, g1 = uses(g, "0/forest_hut")["nothing -> 2 sheep, 1 stone, 2 wood; then clear forest"]
    assert "skip the clear" not in labels(g1)  # the forest is the price of the goods
    g2 = play(g1, "remove the forest at (1, 1)")
    assert cell(g2, 0, (1, 1)).cover is None and g2.state.stock(0) == {"sheep": 2, "stone": 1, "wood": 2}


def test_F38_printing_office_takes_a_book_per_forest_removed():
    """F38 Printing Office (J,H): up to 4 forests (3 here), 1 book each."""
    g = situation(FR, "printing_office", {})
    offered = uses(g, "0/printing_office")
    assert set(offered) == {
        "nothing -> 1 book; then clear forest",
        "nothing -> 2 book; then clear forest; then clear forest",
        "nothing -> 3 book; then clear forest; then clear forest; then clear forest",
    }
    _, g1 = offered["nothing -> 2 book; then clear forest; then clear forest"]
    g2 = play(play(g1, "remove the forest at (2, 0)"), "remove the forest at (1, 1)")
    assert g2.state.stock(0) == {"book": 2}
    assert [c.cover for c in g2.state.grids[0].cells].count("forest") == 1


def test_F23_bathhouse_sends_all_the_users_clergy_home():
    """F23 Bathhouse (H,W; O6): 1 coin for a book and a ceramic, then all of the user's placed clergy
    come home (the prior on the Bathhouse too); nobody else's."""
    g = situation(FR, "bathhouse", {"coin": 1})
    g = placed(placed(g, 0, ("lay brother", "0/farmyard")), 1, ("lay brother", "1/farmyard"))
    _, g1 = uses(g, "0/bathhouse")["1 coin -> 1 book, 1 ceramic; then recall all"]
    assert g1.state.stock(0) == {"book": 1, "ceramic": 1}
    assert K.free(g1.state.workers, 0) == ("prior", "lay brother", "lay brother")
    assert K.free(g1.state.workers, 1) == ("prior", "lay brother")
    assert said(g, g1)[-1] == "Player 1's clergy come home"


def test_I23_locutory_sends_the_prior_home_then_builds_and_the_prior_may_go_on_the_new_building():
    """I23 Locutory (J,H,W): 2 coins, the prior comes home, a build action; the prior is free, so it
    may go on the new building at once (§4.6.4)."""
    g = situation(IE, "locutory", {"coin": 2, "wood": 1})
    _, g1 = uses(g, "0/locutory")["2 coin -> nothing; then recall prior; then build"]
    assert K.free(g1.state.workers, 0) == ("prior", "lay brother", "lay brother")
    assert labels(g1) == ["skip the build", "build Granary at (3, 0)", "build Stone Merchant at (3, 0)"]
    g2 = play(g1, "build Granary at (3, 0)")
    assert g2.pending == R.Turn(0, "prior")
    assert said(g, g1)[1:] == [
        "Player 1 uses Locutory: gives 2 coin, takes nothing; then their prior comes home; then a build action",
        "Player 1's prior comes home",
    ]


@pytest.mark.parametrize(
    ("number", "variant", "card", "pay"), [("F27", FR, "palace", "wine"), ("I27", IE, "grand_manor", "whiskey")]
)
def test_palace_and_grand_manor_use_any_occupied_building(number, variant, card, pay):
    """F27 Palace, I27 Grand Manor (J,H,W; R26): 1 wine / 1 whiskey, then any seat's building with any
    clergyman on it; the user takes what it gives, its owner nothing."""
    g = situation(variant, card, {pay: 1})
    g = placed(g, 2, ("lay brother", "2/cloister_office"))
    _, g1 = uses(g, f"0/{card}")[f"1 {pay} -> nothing; then use occupied"]
    assert labels(g1) == [
        "skip the use",
        "use Cloister Office: take 2 coin; reset coin",
        "use Cloister Office: take 2 coin; reset joker",
    ]
    g2 = play(g1, "use Cloister Office: take 2 coin; reset coin")
    assert g2.state.stock(0) == {"coin": 2} and g2.state.stocks[2] == g.state.stocks[2]


def test_G28_castle_builds_a_settlement_outside_a_settlement_phase():
    """G28 Castle (J,H,W; §6.3): a settlement from hand now, paid in food and energy (Shanty Town:
    1 food + 1 energy)."""
    g = situation(FR, "castle", {"grain": 1, "wood": 1})
    _, g1 = uses(g, "0/castle")["nothing -> nothing; then settle"]
    assert "build Shanty Town at (3, 0), paying 1 grain, 1 wood" in labels(g1)
    assert all("Shanty Town" in x for x in labels(g1)[1:])  # nothing else is affordable
    g2 = play(g1, "build Shanty Town at (3, 0), paying 1 grain, 1 wood")
    assert cell(g2, 0, (3, 0)).occupant.card == "shanty_town" and "shanty_town" not in g2.state.hands[0]
    assert g2.state.stock(0) == {}
    assert said(g1, g2) == [
        "Player 1 pays 1 grain, 1 wood to the supply (settlement)",
        "Player 1 builds the settlement Shanty Town at (3, 0)",
    ]


def test_F32_calefactory_fells_trees_and_cuts_peat_for_a_coin():
    """F32 Calefactory (J,H,W): 1 coin, then a fell-trees and/or a cut-peat action (§4.5), each by
    the wheel."""
    g = situation(FR, "calefactory", {"coin": 1})
    _, g1 = uses(g, "0/calefactory")["1 coin -> nothing; then fell; then cut"]
    g2 = play(g1, "fell trees at (1, 0): 2 wood")
    assert g2.pending == R.Turn(0, "then cut")
    g3 = play(g2, "cut peat at (0, 0): 2 peat")
    assert g3.state.stock(0) == {"wood": 2, "peat": 2}
    assert (g3.state.wheel.step("wood"), g3.state.wheel.step("peat")) == (0, 0)
    assert cell(g3, 0, (1, 0)).cover is None and cell(g3, 0, (0, 0)).cover is None


def test_I37_bulwark_takes_a_district_and_a_plot_free():
    """I37 Bulwark (J,H,W): 1 book, then a district and a plot without paying (§4.10)."""
    g = situation(IE, "bulwark", {"book": 1})
    _, g1 = uses(g, "0/bulwark")["1 book -> nothing; then land district; then land plot"]
    assert all(x.endswith(" free") for x in labels(g1)[1:]) and labels(g1)[1].startswith("buy a district")
    g2 = play(g1, labels(g1)[1])
    plots = [x for x in labels(g2) if x.startswith("buy a ")]
    assert plots and all("plot" in x and x.endswith(" free") for x in plots)
    g3 = play(g2, plots[0])
    assert g3.state.stock(0) == {}  # no coin was paid
    assert len(g3.state.grids[0].cells) == 10 + 5 + 4  # the heartland, a district, a coast plot
    assert said(g, g3)[1:] == [
        "Player 1 uses Bulwark: gives 1 book, takes nothing; then a district, free; then a plot, free",
        "Player 1 takes a district (moor-forest) free and lays it at (0, -1)",
        "Player 1 takes a coast-plot (coast) free and lays it at (-2, -2)",
    ]


@pytest.mark.parametrize(
    ("number", "variant", "card", "use", "took"),
    [
        ("F40", FR, "hospice", "use Grain Storage: give 1 coin; take 6 grain", {"grain": 6}),
        ("I40", IE, "guesthouse", "use Granary: give 1 coin; take 1 book, 4 grain", {"book": 1, "grain": 4}),
    ],
)
def test_hospice_and_guesthouse_use_a_building_in_the_display(number, variant, card, use, took):
    """F40 Hospice, I40 Guesthouse (J,H,W; R27): the function of a building still in the display; what
    fits nowhere (the Cloister Garden, the Cottage, used from the display) has no neighbour (R38)."""
    g = situation(variant, card, {"coin": 1})
    _, g1 = uses(g, f"0/{card}")["nothing -> nothing; then use display"]
    assert {x.split(":")[0] for x in labels(g1)[1:]} <= {f"use {g.rules.cards[c].name}" for c in g.state.display}
    g2 = play(g1, use)
    assert g2.state.stock(0) == took
    used = [e for e in g2.events[len(g1.events) :] if type(e) is R.Used]
    assert [u.key.partition("/")[0] for u in used] == ["display"]
    assert said(g1, g2) == [f"Player 1 uses {use[4:].split(':')[0]}: gives 1 coin, takes {goods(sorted(took.items()))}"]


#: The buildings played through their follow-ups above (the rest are in :data:`PLAIN`).
FOLLOWED = ["G01", "F09", "I10", "F10", "I29", "F38", "F23", "I23", "F27", "I27", "G28", "F32", "I37", "F40", "I40"]


def test_every_building_of_both_variants_is_played_here_once():
    """Each card of the lexicon (docs/ora/lexicon.csv) but the settlements: in :data:`PLAIN` or
    played through its follow-ups, in a variant it belongs to."""
    plain = [(n, v) for n, v, *_ in PLAIN]
    numbers = [n for n, _ in plain] + FOLLOWED
    assert len(numbers) == len(set(numbers))
    cards = game("4 players", FR, cards="shipped").rules.cards
    assert set(numbers) == {c.number for c in cards.values() if c.kind != "settlement"}
    for n, v in plain:
        assert cards[_of(n, v)].variant in ("both", v)


# -- the settlements' dwelling values in the final score (§7.3, §7.4) ---------------------------


def test_each_settlement_scores_its_values_and_its_neighbours_dwelling_in_the_final_score():
    """§7.3, §7.4 (ORA_BUILDINGS.md, settlements; D10: Hamlet and Village by H and W): the eight
    settlements stand on Player 1's landscape (a district above the heartland, a coast plot left, a
    mountain plot right with a Quarry on its mountain); each scores its own dwelling value plus its
    orthogonal neighbours' (empty water 3, a cover or an empty space 0, the Quarry's -4 for each of
    the two settlements beside it), and every card its economic value."""
    g = game("4 players", FR, cards="shipped")
    g = landed(g, 0, "district", "moor-forest", (0, -1))
    g = landed(landed(g, 0, "coast-plot", "coast", (-2, 0)), 0, "mountain-plot", "mountain", (5, 0))
    layout = {  # number: where (the heartland is (0..4, 0..1); the district y = -1)
        "S04": (-1, 0),  # Fishing Village, on the coast
        "S01": (-1, 1),  # Shanty Town
        "S03": (3, 0),  # Market Town
        "S02": (3, 1),  # Farming Village
        "S05": (3, -1),  # Artists Colony, on the district's hillside
        "S06": (4, -1),  # Hamlet
        "S08": (5, 0),  # Hilltop Village, on the plot's hillside
        "S07": (5, 1),  # Village
        "G22": (6, 0),  # Quarry, on the mountain
    }
    grid = g.state.grids[0]
    for number, xy in layout.items():
        card = _of(number, FR)
        grid = G.place(grid, xy, piece(g.rules.cards[card]), g.rules.rule(card))
    g = at(holding(g, 0), grids=(grid,) + g.state.grids[1:])
    dwell = {
        "S04": 6 + 3 - 3 + 0,  # itself, water, Shanty Town, moor
        "S01": -3 + 3 + 6 + 0,  # itself, water, Fishing Village, moor
        "S03": 2 + 0 + 3 + 1 + 5,  # itself, forest, Clay Mound, Farming Village, Artists Colony
        "S02": 1 + 2 + 2 + 2,  # itself, Farmyard, Cloister Office, Market Town
        "S05": 5 + 0 + 4 + 2,  # itself, forest, Hamlet, Market Town
        "S06": 4 + 5 + 3,  # itself, Artists Colony, Clay Mound
        "S08": 8 + 3 + 6 - 4,  # itself, Clay Mound, Village, Quarry
        "S07": 6 + 2 + 8 - 4,  # itself, Cloister Office, Hilltop Village, Quarry
    }
    econ = {"S01": 0, "S02": 1, "S03": 2, "S04": 4, "S05": -1, "S06": 3, "S07": 8, "S08": 10, "G22": 7}
    assert parts(g.state, 0) == (0, sum(econ.values()), sum(dwell.values()))
    events, end = run(ORA, attrs.evolve(g.state, stage="over", frame=g.state.frame.answered()), g.rules, [])
    assert type(events[-1]) is R.GameEnded and end.game_over
    assert events[-1].scores[0] == sum(econ.values()) + sum(dwell.values()) == 34 + 78
    assert events[-1].scores[1] == sum(parts(g.state, 1))  # the others: their start goods and heartland
    assert describe(end, g.rules, events[-1]).startswith(f"The game ends: Player 1 {34 + 78}, Player 2 ")


# -- a building used by a work contract (§4.3) ---------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "level", "stock", "fee", "payee", "owner_gets"),
    [
        (FR, 0, {"coin": 3}, "1 coin", "Player 2", 1),
        (FR, 1, {"coin": 4}, "2 coin", "Player 2", 2),  # a Winery stands somewhere (§4.3.3, D5)
        (IE, 1, {"coin": 2, "whiskey": 1}, "1 whiskey", "the supply", 0),  # a Whiskey Distillery: whiskey instead
    ],
)
def test_a_work_contract_uses_another_seats_building_as_its_text_says(variant, level, stock, fee, payee, owner_gets):
    """§4.3.1--§4.3.3 (R38): Player 1 contracts Player 2's Builders' Market (G13): the fee first, then
    the use reckoned on what is left (2 coins), Player 2 picks the clergyman, the goods are Player 1's."""
    g = game("4 players", variant, cards="shipped")
    g, _ = erected(g, 1, "builders_market")
    g = at(holding(g, 0, **stock), level=level)
    label = f"contract Player 2's Builders' Market for {fee}: give 2 coin; take 2 clay, 1 stone, 1 straw, 2 wood"
    (t,) = [t for t in two_steps(g) if t.label == label]
    g1 = g.apply(t.first)
    assert g1.pending == R.Turn(1, "clergy")
    g2 = play(g1, labels(g1)[0])
    assert g2.pending == R.Turn(0, "use")  # the owner's clergyman stands there: the user takes the outcome
    g2 = g2.apply(R.Use(t.outcome))
    assert g2.state.stock(0) == {"clay": 2, "stone": 1, "straw": 1, "wood": 2}
    assert g2.state.stock(1) == dict(Counter(g.state.stock(1)) + Counter(coin=owner_gets))
    (worker,) = K.on_card(g2.state.workers, "1/builders_market")
    assert worker.seat == 1
    assert said(g, g2) == [
        f"Player 1 pays {fee} to {payee} (work contract)",
        "Player 1 makes a work contract for Player 2's Builders' Market",
        f"Player 2 places the {worker.kind} on Builders' Market",
        "Player 1 uses Builders' Market: gives 2 coin, takes 2 clay, 1 stone, 1 straw, 2 wood",
    ]


def test_R40_a_chain_of_uses_never_uses_a_building_twice():
    """R40 (§4.4; R26, R27): the prior on a Cloister Garden uses the empty Priory next to it; the
    Priory may then use any building a prior stands on -- but not the Cloister Garden, used already
    in this action. Without the ruling the two would use each other without end."""
    g = situation(FR, "cloister_garden", {})
    here = next(c for c in g.state.grids[0].cells if c.occupant is not None and c.occupant.card == "cloister_garden")
    next_to = {(c.x, c.y) for c in G.neighbours(g.state.grids[0], (here.x, here.y))}
    rule, p = g.rules.rule("priory"), piece(g.rules.cards["priory"])
    spot = next(s for s in G.place_spots(g.state.grids[0], p, rule) if s in next_to)
    g = at(g, grids=(G.place(g.state.grids[0], spot, p, rule), *g.state.grids[1:]))
    g = placed(g, 1, ("prior", "1/farmyard"))  # another building a prior stands on
    _, g1 = uses(g, "0/cloister_garden")["nothing -> 1 grapes; then use adjacent"]
    g2 = play(g1, next(x for x in labels(g1) if x.startswith("use Priory")))
    offered = {x.split(":")[0] for x in labels(g2) if x.startswith("use ")}
    assert offered == {"use Farmyard"}  # the Cloister Garden has the prior on it, but was used already
    assert g2.state.chain == ("0/cloister_garden", "0/priory")
    g3 = play(g2, next(x for x in labels(g2) if x.startswith("use Farmyard")))
    assert g3.state.chain == ("0/cloister_garden", "0/priory", "1/farmyard")
    # the next action starts a chain of its own
    while g3.state.step is not None or g3.state.follow or g3.state.pending.seat == 0:
        g3 = play(g3, labels(g3)[0])
    nxt = next(t for t in two_steps(g3) if type(t.first) is R.Place and t.outcome >= 0)
    assert do(g3, nxt).state.chain == (nxt.key,)
