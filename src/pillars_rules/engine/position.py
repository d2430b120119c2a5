"""Is a position possible? The checks behind :func:`pillars_rules.scenario` and
the replay of a :class:`~.events.PositionSet`.

:func:`check_position` raises :class:`~pillars_rules.errors.ScenarioError`
naming the first impossible fact it finds (``seats[1].gold: 31 gold; ...``).
It checks the laws every reachable state keeps (RULES §1-§3): cube
conservation including the supply, gold 0-30, VP >= 0, worker pieces, card
ids of the right kind and no card in two places, the craftsman limit, builder
spots, and a stage and step the engine knows.
"""

from __future__ import annotations

from collections import Counter

from ..cardlang.effects import CUBES
from ..errors import ScenarioError
from ..limits import MAX_CUBES
from .context import Rules
from .state import CUBE_TOTALS, GameState

#: Stages a position may be set at: ``round_end`` (the next round opens next),
#: ``draft``, ``builders`` and ``enter`` (Phase III ``step`` starts next).
POSITION_STAGES = ("round_end", "draft", "builders", "enter")
SMALL_WORKERS, BIG_WORKERS = 7, 1


def _fail(where: str, what: str) -> None:
    raise ScenarioError(f"{where}: {what}")


def _seat_ok(seat: object, n: int) -> bool:
    return type(seat) is int and 0 <= seat < n


def _cards(rules: Rules, where: str, ids, kinds: tuple[str, ...], allow_empty: bool = False) -> None:
    for i, cid in enumerate(ids):
        if allow_empty and cid == "":
            continue
        card = rules.by_id.get(cid)
        if card is None:
            import difflib

            near = difflib.get_close_matches(str(cid), list(rules.by_id), n=1)
            hint = f" -- did you mean {near[0]!r}?" if near else ""
            _fail(f"{where}[{i}]", f"unknown card {cid!r}{hint}")
            return
        if card.kind not in kinds:
            _fail(f"{where}[{i}]", f"{cid!r} is a {card.kind} card; expected {' or '.join(kinds)}")


def _seats(where: str, seats, n: int) -> None:
    for s in seats:
        if not _seat_ok(s, n):
            _fail(where, f"no seat {s!r} in a {n}-player game")


def check_position(state: GameState, rules: Rules) -> None:
    """Raise :class:`ScenarioError` unless ``state`` is a position a game can be in."""
    n = state.n_players
    _stage(state, rules, n)
    check_cards(state, rules)  # first: the other checks look cards up
    _holdings(state, rules, n)
    _board(state, rules, n)
    _round_table(state, rules, n)
    _builders(state, rules, n)
    _pins(state, rules, n)


def _stage(state: GameState, rules: Rules, n: int) -> None:
    if state.stage not in POSITION_STAGES:
        _fail("step", f"unknown stage {state.stage!r} (one of {', '.join(POSITION_STAGES)})")
    if state.stage == "enter":
        if state.step not in rules.steps:
            _fail("step", f"unknown step {state.step!r} (steps: {', '.join(rules.steps)})")
    elif state.step != "":
        _fail("step", f"a {state.stage} position has no Phase III step, not {state.step!r}")
    lo = 0 if state.stage == "round_end" else 1
    rounds = rules.layout.rounds
    hi = rounds - 1 if state.stage == "round_end" else rounds
    if type(state.round) is not int or not lo <= state.round <= hi:
        _fail("round", f"round {state.round!r} does not exist (a game has rounds 1 to {rounds})")
    if not _seat_ok(state.start_player, n):
        _fail("start_player", f"no seat {state.start_player!r} in a {n}-player game")
    if state.cathedral != state.round - (0 if state.stage == "round_end" else 1):
        _fail("cathedral", f"{state.cathedral} cathedral parts built by round {state.round}")


def _holdings(state: GameState, rules: Rules, n: int) -> None:
    in_round = state.stage != "round_end"
    for seat, p in enumerate(state.players):
        w = f"seats[{seat}]"
        cap = rules.layout.gold_cap
        if not 0 <= p.gold <= cap:
            _fail(f"{w}.gold", f"{p.gold} gold; a player holds 0 to {cap} (§1)")
        if p.vp < 0:
            _fail(f"{w}.vp", f"{p.vp} VP; VP are never negative (§2.5)")
        for kind, c in zip(CUBES, p.cubes):
            if not 0 <= c <= MAX_CUBES:
                _fail(f"{w}.cubes", f"{c} {kind}; a player holds 0 to {MAX_CUBES} of a kind")
        limit = max(rules.craftsman_limit(state, seat), 0)
        if len(p.craftsmen) > limit:
            _fail(f"{w}.craftsmen", f"{len(p.craftsmen)} craftsmen; this seat may keep {limit} (§2.2)")
        for name in ("pieces", "placed"):
            pc = getattr(p, name)
            if min(pc.small, pc.big, pc.grey, pc.black) < 0:
                _fail(f"{w}.{name}", f"negative worker pieces ({pc})")
        have = p.pieces.plus(p.placed)
        if in_round and (have.small != SMALL_WORKERS or have.big != BIG_WORKERS):
            _fail(
                f"{w}.pieces",
                f"mill {p.pieces} + on cards {p.placed}: a player has "
                f"{SMALL_WORKERS} small and {BIG_WORKERS} big workers each round (§2.2)",
            )
        lay = rules.layout
        after_cathedral = state.stage == "round_end" or (
            state.stage == "enter" and lay.step_index.get(state.step, -1) > lay.step_index.get(lay.cathedral, 99)
        )
        if after_cathedral and sum(p.cubes) > lay.cube_limit:
            _fail(
                f"{w}.cubes",
                f"{sum(p.cubes)} cubes after {lay.words(lay.cathedral)} step; a player keeps at most "
                f"{lay.cube_limit} (the {lay.cube_limit}-cube limit, §2.4 step 13)",
            )
        need = sum(rules.card(c).workers for c in p.resource_cards)
        if p.placed.value < need:
            _fail(f"{w}.placed", f"{p.placed.value} worker value on resource cards that need {need}")
        if p.grey_next < 0:
            _fail(f"{w}.grey_next", f"{p.grey_next} grey workers")
        for cid, ability, k in p.uses:
            if cid not in p.craftsmen or not 0 <= ability < len(rules.converts[cid]) or k < 0:
                _fail(f"{w}.uses", f"{(cid, ability, k)!r} is not a conversion use of an owned craftsman")
        for cid, k in p.boosts:
            if cid not in p.craftsmen or k < 0:
                _fail(f"{w}.boosts", f"{(cid, k)!r} is not a boost of an owned craftsman")


def _board(state: GameState, rules: Rules, n: int) -> None:
    lay = rules.layout
    market, court = lay.words(lay.market), lay.words(lay.tax)
    for i, kind in enumerate(CUBES):
        if state.supply[i] < 0:
            _fail(
                "cubes",
                f"{CUBE_TOTALS[i] - state.supply[i]} {kind} cubes in holdings, {market} and "
                f"{court}; the game has {CUBE_TOTALS[i]} (§1)",
            )
        if state.market[i] < 0:
            _fail("market", f"{state.market[i]} {kind}")
        if state.market[i] and kind not in lay.market_cubes:
            _fail("market", f"{market} never holds {kind}: its stock is {', '.join(lay.market_cubes)} (§4)")
    others = rules.layout.other_markets
    if state.stocks and len(state.stocks) != len(others):
        _fail("stocks", f"{len(state.stocks)} stocks; the board has {len(others)} further market(s)")
    for key, stock in zip(others, state.stocks):
        if min(stock) < 0:
            _fail("stocks", f"{rules.layout.words(key)} holds {stock!r}")
    if state.court_metal < 0:
        _fail("court_metal", f"{state.court_metal} {lay.court_good}")
    for i, kind in enumerate(CUBES):
        total = state.cube_total(kind, lay.court_good)
        if total != CUBE_TOTALS[i]:
            _fail(
                "cubes",
                f"{total} {kind} cubes in supply, {market}, {court} and holdings; the game has {CUBE_TOTALS[i]} (§1)",
            )
    locations = rules.locations
    if tuple(loc for loc, _ in state.spots) != tuple(locations):
        _fail("spots", f"locations must be {', '.join(locations)}")
    placed: Counter = Counter()
    for loc, seats in state.spots:
        if len(seats) != locations[loc]:
            _fail(f"spots.{loc}", f"{len(seats)} spots; {loc} has {locations[loc]}")
        taken = [s for s in seats if s is not None]
        _seats(f"spots.{loc}", taken, n)
        if loc in rules.one_per_player and len(set(taken)) != len(taken):
            _fail(f"spots.{loc}", "a player may have only one builder here (§2.3)")
        if loc in rules.in_order and None in seats and any(s is not None for s in seats[seats.index(None) :]):
            _fail(f"spots.{loc}", f"spots at {rules.layout.words(loc)} are taken in order (§2.3)")
        placed.update(taken)
    for seat, k in placed.items():
        if k > rules.builder_limit(state, seat):
            _fail("spots", f"seat {seat} has {k} builders placed; at most {rules.builder_limit(state, seat)} (§2.3)")


def check_cards(state: GameState, rules: Rules) -> None:
    """The card checks of :func:`check_position` alone: known ids of the right
    kind, each card in one place."""
    for seat, p in enumerate(state.players):
        _cards(rules, f"seats[{seat}].craftsmen", p.craftsmen, ("craftsman",))
        _cards(rules, f"seats[{seat}].privileges", p.privileges, ("privilege",))
        _cards(rules, f"seats[{seat}].resource_cards", p.resource_cards, ("resource",))
    _cards(rules, "display", state.display, ("craftsman", "resource"))
    _cards(rules, "shiring", state.shiring, ("craftsman",), allow_empty=True)
    _cards(rules, "kingsbridge", state.kingsbridge, ("privilege",), allow_empty=True)
    for r, deck in enumerate(state.craftsman_decks):
        _cards(rules, f"decks.craftsmen[{r}]", deck, ("craftsman",))
    _cards(rules, "decks.events", state.event_deck, ("event",))
    _cards(rules, "decks.privileges", state.privilege_deck, ("privilege",))
    _cards(rules, "event", (state.event,), ("event",), allow_empty=True)
    _cards(rules, "prev_event", (state.prev_event,), ("event",), allow_empty=True)
    lay = rules.layout  # the round opening lays one card beside each spot of these places (§2.1)
    if len(state.shiring) > lay.n_craftsmen or len(state.kingsbridge) > lay.n_privileges:
        _fail(
            "shiring/kingsbridge",
            f"at most {lay.n_craftsmen} cards lie at {lay.words(lay.craftsmen)} and "
            f"{lay.n_privileges} at {lay.words(lay.privileges)} (§2.1)",
        )
    starting = set(rules.starting_craftsmen)
    places: dict[str, str] = {}

    def put(cid: str, where: str) -> None:
        if not cid or cid in starting:
            return
        if cid in places:
            _fail(where, f"{cid!r} is also in {places[cid]}; a card is in one place at a time")
        places[cid] = where

    for seat, p in enumerate(state.players):
        for name in ("craftsmen", "privileges", "resource_cards"):
            for cid in getattr(p, name):
                put(cid, f"seats[{seat}].{name}")
    for name, ids in (
        ("display", state.display),
        ("shiring", state.shiring),
        ("kingsbridge", state.kingsbridge),
        ("decks.events", state.event_deck),
        ("decks.privileges", state.privilege_deck),
        ("event", (state.event,)),
        ("prev_event", (state.prev_event,)),
    ):
        for cid in ids:
            put(cid, name)
    dealt = rules.layout.craftsmen_for(state.n_players)
    for r, deck in enumerate(state.craftsman_decks):
        for cid in deck[dealt * (r < state.round) :]:  # the dealt ones (4, or the board's) are in play or gone
            put(cid, f"decks.craftsmen[{r}]")


def _round_table(state: GameState, rules: Rules, n: int) -> None:
    t = state.table
    for name in ("passed", "protected", "prev_protected", "exempt", "done"):
        _seats(name, getattr(t, name), n)
    faces = _faces(rules)
    if t.tax not in (0,) + faces:
        _fail("tax", f"the tax die shows {', '.join(map(str, faces))}, not {t.tax!r}")
    for seat, _kind in t.decided:
        _seats("decided", (seat,), n)
    for seat, trade, r in t.traded:
        _seats("traded", (seat,), n)
        if trade not in ("buy", "sell") or r not in CUBES:
            _fail("traded", f"{(seat, trade, r)!r} is not a trade")
    if t.event_applied and not t.event:
        _fail("event", "an event was applied but none is revealed")
    for job in t.jobs:
        _seats("jobs", (job.seat,) if job.actor == -1 else (job.seat, job.actor), n)  # actor: issue #53
        if job.source not in rules.by_id or not 0 <= job.ability < len(rules.card(job.source).abilities):
            _fail("jobs", f"{job!r} names no ability of a known card")


def _faces(rules: Rules) -> tuple[int, ...]:
    """The different faces of the board's tax die, lowest first."""
    return tuple(sorted(set(rules.layout.tax_die)))


def _builders(state: GameState, rules: Rules, n: int) -> None:
    b = state.builders
    for name in ("bag", "parked", "thirds", "first_placed"):
        _seats(f"builders.{name}", getattr(b, name), n)
    if b.drawn is not None:
        _seats("builders.drawn", (b.drawn,), n)
    top = rules.layout.first_price
    for name in ("marker", "price"):
        v = getattr(b, name)
        if not 0 <= v <= top:
            _fail(f"builders.{name}", f"{v}; the cost track runs from 0 to {top} (§2.3)")
    if state.stage != "builders" and (b.bag or b.drawn is not None or b.parked or b.thirds):
        _fail("builders", "builders wait to be placed, but the position is not in Phase II")


def _pins(state: GameState, rules: Rules, n: int) -> None:
    p = state.pins
    _seats("pins.builders", p.builders, n)
    faces = _faces(rules)
    for v in p.tax:
        if v not in faces:
            _fail("pins.tax", f"the tax die shows {', '.join(map(str, faces))}, not {v!r}")
    for i, cards in enumerate(p.displays):
        _cards(rules, f"pins.displays[{i}]", cards, ("resource",))
        if len(set(cards)) != len(cards):
            _fail(f"pins.displays[{i}]", "a resource card is dealt twice")
