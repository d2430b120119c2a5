"""``scenario(...)``: a game set up at any possible position, for tests.

A scenario starts like :func:`~pillars_rules.new_game` and then records the
position you describe as one :class:`~pillars_rules.events.PositionSet` event
right after ``GameStarted``; from there the engine's own flow runs up to the
next decision. The position is checked first (cube conservation including the
supply, gold 0-30, VP >= 0, worker pieces, craftsman and builder limits, known
card ids of the right kind, no card in two places): an impossible one raises
:class:`~pillars_rules.errors.ScenarioError` naming what is wrong. Because the
position is an event, ``replay``, ``save`` and ``load`` hold as for any game,
and a save whose position was forged is refused.

Chance can be pinned (``pins=dict(builders=(1, 0), tax=(5,), displays=(...))``):
pinned outcomes are used before the seed is asked. The coming event cards are
pinned by ``event=`` (this round's) or ``decks=dict(events=...)``.

>>> import pillars_rules as pr
>>> game = pr.scenario(players=2, round=3, step="market", spots={"market": (1,)},
...                    seats={1: dict(gold=9, cubes=dict(stone=2))})
>>> game.pending.kind, game.current_player, game.state.players[1].gold
('market', 1, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cardlang.cardset import CardSet
from .cardlang.effects import CUBES, STEPS
from .core.loop import run
from .engine import events as E
from .engine import rng
from .engine.batch import SMALL_WORKERS, pieces_for
from .engine.copiers import replace
from .engine.evolve import evolve
from .engine.flow import advance
from .engine.position import check_cards, check_position
from .engine.state import (
    CUBE_TOTALS,
    Board,
    Builders,
    Decks,
    GameState,
    Pieces,
    Pins,
    PlayerState,
    RoundState,
)
from .errors import PillarsError, ScenarioError, bounded
from .game import Game
from .games.pillars import PILLARS, game_started, prepare

#: Where a scenario may start on the base board: the round opening, the draft,
#: Phase II, or the start of any Phase III step (another board's steps:
#: :func:`scenario_steps`).
SCENARIO_STEPS: tuple[str, ...] = ("round_start", "draft", "builders") + STEPS


def scenario_steps(rules: Any) -> tuple[str, ...]:
    """Where a scenario of ``rules``' game may start: the round opening, the
    draft, Phase II, or the start of a Phase III step of its board (its places'
    keys, in Phase III order)."""
    return ("round_start", "draft", "builders") + tuple(rules.layout.steps)


#: Keys of a seat's dict in ``seats=``.
SEAT_KEYS = (
    "gold",
    "vp",
    "cubes",
    "craftsmen",
    "privileges",
    "resource_cards",
    "pieces",
    "placed",
    "grey_next",
    "uses",
    "boosts",
)
BUILDER_KEYS = ("bag", "drawn", "price", "marker", "parked", "thirds", "first_placed", "redraw_used")
PIN_KEYS = ("builders", "tax", "displays")
DECK_KEYS = ("craftsmen", "events", "privileges")


def _bad(where: str, what: str) -> ScenarioError:
    return ScenarioError(f"{where}: {what}")


def _keys(where: str, given: Mapping, allowed: Sequence[str]) -> None:
    if not isinstance(given, Mapping):
        raise _bad(where, f"expected a dict, not {type(given).__name__}")
    for k in given:
        if k not in allowed:
            raise _bad(where, f"unknown key {k!r} (known: {', '.join(allowed)})")


def _mapping(where: str, value: Any) -> dict:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _bad(where, f"expected a dict, not {type(value).__name__}")
    return dict(value)


def _ints(where: str, value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _bad(where, f"expected a list of whole numbers, not {value!r:.60}")
    return tuple(_int(where, v) for v in value)


def _ids(where: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise _bad(where, f"expected a list of card ids, not {value!r:.60}")
    out = tuple(value)
    if not all(isinstance(c, str) for c in out):
        raise _bad(where, f"card ids are strings, not {out!r:.60}")
    return out


def _int(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(where, f"expected a whole number, not {value!r:.40}")
    return value


def _seat_list(where: str, value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _bad(where, f"expected a list of seats, not {value!r:.60}")
    return tuple(_int(where, s) for s in value)


def _four(counts: Iterable[int]) -> tuple[int, int, int, int]:
    """The count of each of the four cubes (CUBES), in order."""
    a, b, c, d = counts
    return a, b, c, d


def _cubes(where: str, value: Any) -> tuple[int, int, int, int]:
    if isinstance(value, Mapping):
        _keys(where, value, CUBES)
        return _four(_int(f"{where}.{k}", value.get(k, 0)) for k in CUBES)
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == len(CUBES):
        return _four(_int(where, v) for v in value)
    raise _bad(where, f"expected a dict like dict(wood=2, metal=1) or 4 numbers, not {value!r:.60}")


def _pieces(where: str, value: Any) -> Pieces:
    if isinstance(value, Pieces):
        return value
    if isinstance(value, Mapping):
        _keys(where, value, ("small", "big", "grey", "black"))
        return Pieces(**{k: _int(f"{where}.{k}", v) for k, v in value.items()})
    raise _bad(where, f"expected a dict like dict(small=3, big=1) or a Pieces, not {value!r:.60}")


def scenario(
    players: int = 4,
    *,
    round: int = 1,
    step: str = "draft",
    seats: Mapping[int, Mapping[str, Any]] | None = None,
    start_player: int = 0,
    event: str | None = None,
    protected: Iterable[int] = (),
    passed: Iterable[int] = (),
    last_event: str = "",
    last_protected: Iterable[int] = (),
    display: Sequence[str] | None = None,
    shiring: Sequence[str] | None = None,
    kingsbridge: Sequence[str] | None = None,
    spots: Mapping[str, Sequence[int]] | None = None,
    market: Mapping[str, int] | Sequence[int] | None = None,
    stocks: Mapping[str, Any] | None = None,
    court_metal: int = 1,
    tax: int = 0,
    builders: Mapping[str, Any] | None = None,
    decks: Mapping[str, Any] | None = None,
    pins: Mapping[str, Any] | None = None,
    seed: int | None = 0,
    names: Sequence[str] | None = None,
    variants: Iterable[str] | Mapping[str, bool] = (),
    cards: CardSet | str | Sequence[str] | None = None,
) -> Game:
    """A game set up at a position, run up to its next decision.

    ``step`` says where the position is: ``"round_start"`` (round ``round``
    opens next: market refill, workers, resource cards dealt, ``at
    round_start`` abilities), ``"draft"`` (Phase I, the display is out),
    ``"builders"`` (Phase II starts: everyone has passed the draft; give
    ``builders=dict(drawn=seat)`` to start at that builder's placement), or a
    Phase III step (``"event"``, ..., ``"cathedral"``, ``"start_player"``):
    the step starts next, its ``at <step>`` abilities fire, then its rule.

    ``seats`` maps a seat to what differs from a new game's holdings: ``gold``,
    ``vp``, ``cubes`` (``dict(wood=2)``), ``craftsmen`` (default: the starting
    ones), ``privileges``, ``resource_cards`` (their workers are placed for
    you), ``pieces``/``placed`` (workers in the mill / on cards, as
    ``dict(small=.., big=..)``), ``grey_next``, ``uses``, ``boosts``.
    ``spots`` maps a location to the seats on its spots (market: in order;
    ``None`` leaves a spot free).
    ``stocks`` maps each further market place of the board (the expansion's
    Harbour) to its cubes (default: its stock, as refilled).
    ``display``, ``shiring``, ``kingsbridge``, ``market`` (cubes), ``court_metal``,
    ``event`` (this round's event card: on top of the event deck until the event
    step, else already revealed and applied), ``protected`` (seats spared by a
    revealed harmful event), ``last_event`` and ``last_protected`` (last round's
    event, whose ``next round:`` modifiers hold now, and the seats it spared),
    ``passed`` (seats that have passed in the draft)
    and ``tax`` (this round's roll, 0: not rolled) set
    the table; ``decks=dict(craftsmen=..., events=..., privileges=...)`` the
    deck orders (default: shuffled from ``seed``; inside a round, this round's
    Kingsbridge pair is dealt from the front of ``privileges`` unless
    ``kingsbridge`` is given); ``pins`` fixed chance (``builders``: seats drawn
    next, ``tax``: the next rolls, ``displays``: the resource cards of the next
    round openings).
    Cards you place are taken out of the default decks and display.
    ``players``, ``seed``, ``names``, ``variants`` and ``cards`` are as for
    :func:`~pillars_rules.new_game`.

    Raises :class:`~pillars_rules.errors.ScenarioError` (a
    :class:`~pillars_rules.errors.ConfigError`) for an impossible position.
    """
    try:
        return _scenario(
            players,
            round=round,
            step=step,
            seats=seats,
            start_player=start_player,
            event=event,
            protected=protected,
            passed=passed,
            last_event=last_event,
            last_protected=last_protected,
            display=display,
            shiring=shiring,
            kingsbridge=kingsbridge,
            spots=spots,
            market=market,
            stocks=stocks,
            court_metal=court_metal,
            tax=tax,
            builders=builders,
            decks=decks,
            pins=pins,
            seed=seed,
            names=names,
            variants=variants,
            cards=cards,
        )
    except PillarsError:
        raise
    except Exception as exc:  # malformed values, e.g. a number where a list belongs
        raise ScenarioError(f"bad arguments to scenario: {type(exc).__name__}: {bounded(exc, 150)}") from None


def _scenario(
    players,
    *,
    round,
    step,
    seats,
    start_player,
    event,
    protected,
    passed,
    last_event,
    last_protected,
    display,
    shiring,
    kingsbridge,
    spots,
    market,
    stocks,
    court_metal,
    tax,
    builders,
    decks,
    pins,
    seed,
    names,
    variants,
    cards,
) -> Game:
    rules, seat_names, seed = prepare(players, seed, names, variants, cards)
    layout = rules.layout
    if step not in scenario_steps(rules):
        import difflib

        near = difflib.get_close_matches(str(step), scenario_steps(rules), n=1)
        hint = f" -- did you mean {near[0]!r}?" if near else ""
        raise _bad("step", f"unknown step {step!r}{hint} (one of: {', '.join(scenario_steps(rules))})")
    r = _int("round", round)
    if not 1 <= r <= 6:
        raise _bad("round", f"round {r} does not exist (a game has rounds 1 to 6)")
    n = players
    started = game_started(rules, seat_names, seed)
    state0 = evolve(None, started, rules)
    shuffled = advance(state0, rules).events[0]
    assert isinstance(shuffled, E.DecksShuffled)

    seats = _mapping("seats", seats)
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n:
            raise _bad("seats", f"no seat {s!r} in a {n}-player game")
    given_players = {s: _seat_fields(f"seats[{s}]", spec) for s, spec in seats.items()}

    # Cards placed by hand leave the default decks and display.
    placed_by_hand: set[str] = set()
    for fields in given_players.values():
        for key in ("craftsmen", "privileges", "resource_cards"):
            placed_by_hand.update(fields.get(key, ()))
    for where, value in (("display", display), ("shiring", shiring), ("kingsbridge", kingsbridge)):
        if value is not None:
            placed_by_hand.update(_ids(where, value))
    if event is not None:
        if not isinstance(event, str):
            raise _bad("event", f"expected an event card id, not {event!r:.40}")
        placed_by_hand.add(event)
    placed_by_hand -= set(rules.starting_craftsmen)

    def free(ids: Iterable[str]) -> tuple[str, ...]:
        return tuple(c for c in ids if c not in placed_by_hand)

    decks = _mapping("decks", decks)
    _keys("decks", decks, DECK_KEYS)
    craft_decks = (
        tuple(_ids(f"decks.craftsmen[{i}]", d) for i, d in enumerate(_list("decks.craftsmen", decks["craftsmen"])))
        if "craftsmen" in decks
        else tuple(free(d) for d in shuffled.craftsmen)
    )
    event_deck = _ids("decks.events", decks["events"]) if "events" in decks else free(shuffled.events)[r - 1 :]
    privileges = (
        _ids("decks.privileges", decks["privileges"])
        if "privileges" in decks
        else free(shuffled.privileges)[2 * (r - 1) :]
    )

    # this round's table
    opening = step == "round_start"
    for name, value in (("display", display), ("shiring", shiring), ("kingsbridge", kingsbridge)):
        if value is not None and (opening or (name == "display" and step != "draft")):
            raise _bad(
                name,
                "the round opening deals these cards; give decks= or pins= instead"
                if opening
                else "the display lies out only during the draft (step 'draft')",
            )
    steps = layout.steps
    resolution = step in steps
    deck = craft_decks[r - 1] if r - 1 < len(craft_decks) else ()
    table_shiring: tuple[str, ...] = ()
    table_kb: tuple[str, ...] = ()
    if not opening:
        table_shiring = _ids("shiring", shiring) if shiring is not None else deck[:2]
        if kingsbridge is not None:
            table_kb = _ids("kingsbridge", kingsbridge)
        else:
            table_kb, privileges = privileges[:2], privileges[2:]
    if display is not None:
        table_display = _ids("display", display)
    elif step == "draft":
        numbers = rng.stream(seed, 1)
        resources = rules.resource_cards(n)
        table_display = (
            deck[2 : rules.layout.craftsmen_for(n)]
            + free(rng.shuffled(numbers, resources))[: rules.layout.resources_for(n)]
            + free(rules.every_round_cards(n))
        )
    else:
        table_display = ()
    revealed = ""
    if event is not None:
        event_deck = (event,) + tuple(c for c in event_deck if c != event)
    if resolution and steps.index(step) > 0:
        if event is not None:
            revealed, event_deck = event, event_deck[1:]
    if not isinstance(last_event, str):
        raise _bad("last_event", f"expected an event card id, not {last_event!r:.40}")
    if last_event and r == 1:
        raise _bad("last_event", "round 1 has no last round")
    if last_event:  # the card lies face up from last round, not in the deck
        event_deck = tuple(c for c in event_deck if c != last_event)
    last_shield = frozenset(_seat_list("last_protected", last_protected))
    if last_shield and not last_event:
        raise _bad("last_protected", "protection from last round's event needs last_event=")
    if passed and step != "draft":
        raise _bad("passed", "seats pass in the draft (step 'draft')")
    if protected and not revealed:
        raise _bad("protected", "protection needs a revealed event: give event= and a step after 'event'")
    if tax:
        if not resolution or layout.tax not in steps or steps.index(step) <= steps.index(layout.tax):
            raise _bad(
                "tax",
                f"the tax is rolled at the step of {layout.words(layout.tax)}; give "
                "pins=dict(tax=...) for a roll still to come",
            )

    # holdings
    players_state = []
    for seat in range(n):
        players_state.append(
            PlayerState(
                name=seat_names[seat],
                gold=rules.layout.starting_gold[seat],
                vp=rules.layout.board.spec.starting_vp,
                craftsmen=rules.starting_craftsmen,
                pieces=Pieces(SMALL_WORKERS, 1, 0, 0),
            )
        )
    for seat, fields in given_players.items():
        players_state[seat] = replace(players_state[seat], **fields)

    spot_seats = _spots(spots, layout.locations)
    if step == "builders" and builders is None and any(x is not None for _, xs in spot_seats for x in xs):
        builders = {}  # builders already placed: Phase II is under way, the rest are in the bag
    market_cubes = rules.layout.market_refill if market is None else _cubes("market", market)
    cm = _int("court_metal", court_metal)
    given_stocks = dict(stocks or {})
    _keys("stocks", given_stocks, layout.other_markets)
    other_stocks = tuple(
        _cubes(f"stocks.{k}", given_stocks[k]) if k in given_stocks else layout.refills[k] for k in layout.other_markets
    )

    state = replace(
        state0,
        round=r - 1 if opening else r,
        stage="round_end" if opening else ("enter" if resolution else "draft"),
        step=step if resolution else "",
        start_player=_int("start_player", start_player),
        cathedral=r - 1,
        players=tuple(players_state),
        board=Board(supply=CUBE_TOTALS, market=market_cubes, court_metal=cm, spots=spot_seats, stocks=other_stocks),
        decks=Decks(craft_decks, event_deck, privileges),
        table=RoundState(
            display=table_display,
            shiring=table_shiring,
            kingsbridge=table_kb,
            passed=frozenset(range(n))
            if step == "builders" and builders is None
            else frozenset(_seat_list("passed", passed)),
            event=last_event if opening else revealed,
            event_applied=bool(last_event if opening else revealed),
            protected=last_shield if opening else frozenset(_seat_list("protected", protected)),
            prev_event="" if opening else last_event,
            prev_protected=frozenset() if opening else last_shield,
            tax=_int("tax", tax),
        ),
        builders=Builders(),
        pins=_pins(pins),
    )
    check_cards(state, rules)
    state = _workers(state, rules, given_players)
    if builders is not None:
        if step != "builders":
            raise _bad("builders", "builders wait to be placed only at step 'builders'")
        state = _builders(state, rules, builders)
    state = _supply(state, rules.layout.court_good)
    check_position(state, rules)
    position = E.PositionSet(
        round=state.round,
        stage=state.stage,
        step=state.step,
        start_player=state.start_player,
        cathedral=state.cathedral,
        players=state.players,
        board=state.board,
        decks=state.decks,
        table=state.table,
        builders=state.builders,
        pins=state.pins,
    )
    state = evolve(state0, position, rules)
    events, state = run(PILLARS, state, rules, [])
    log = [started, position] + events
    return Game(rules, state, log, len(log), None, PILLARS)


def _seat_fields(where: str, spec: Mapping[str, Any]) -> dict[str, Any]:
    _keys(where, spec, SEAT_KEYS)
    out: dict[str, Any] = {}
    for k, v in spec.items():
        w = f"{where}.{k}"
        if k in ("gold", "vp", "grey_next"):
            out[k] = _int(w, v)
        elif k == "cubes":
            out[k] = _cubes(w, v)
        elif k in ("craftsmen", "privileges", "resource_cards"):
            out[k] = _ids(w, v)
        elif k in ("pieces", "placed"):
            out[k] = _pieces(w, v)
        elif k == "uses":
            out[k] = tuple(_entry(w, x, "(card, conversion index, times used)", str, _int, _int) for x in _list(w, v))
        else:  # boosts
            out[k] = tuple(_entry(w, x, "(card, extra capacity)", str, _int) for x in _list(w, v))
    return out


def _list(where: str, value: Any) -> list:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise _bad(where, f"expected a list, not {value!r:.60}")
    return list(value)


def _entry(where: str, value: Any, shape: str, *kinds) -> tuple:
    items = _list(where, value)
    if len(items) != len(kinds):
        raise _bad(where, f"expected {shape}, not {value!r:.60}")
    out = []
    for kind, item in zip(kinds, items):
        if kind is str:
            if not isinstance(item, str):
                raise _bad(where, f"expected {shape}, not {value!r:.60}")
            out.append(item)
        else:
            out.append(kind(where, item))
    return tuple(out)


def _spots(spots: Mapping[str, Sequence[int | None]] | None, locations: Mapping[str, int]):
    """The board's spots (``locations``: its places with builder spots) with the seats given."""
    spots = _mapping("spots", spots)
    _keys("spots", spots, tuple(locations))
    out = []
    for loc, size in locations.items():
        given = spots.get(loc, ())
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise _bad(f"spots.{loc}", f"expected a list of seats, not {given!r:.60}")
        seats = tuple(None if s is None else _int(f"spots.{loc}", s) for s in given)
        if len(seats) > size:
            raise _bad(f"spots.{loc}", f"{len(seats)} builders; {loc} has {size} spot(s)")
        out.append((loc, seats + (None,) * (size - len(seats))))
    return tuple(out)


def _pins(pins: Mapping[str, Any] | None) -> Pins:
    pins = _mapping("pins", pins)
    _keys("pins", pins, PIN_KEYS)
    return Pins(
        builders=_seat_list("pins.builders", pins.get("builders", ())),
        tax=_ints("pins.tax", pins.get("tax", ())),
        displays=tuple(
            _ids(f"pins.displays[{i}]", d) for i, d in enumerate(_list("pins.displays", pins.get("displays", ())))
        ),
    )


def _workers(state: GameState, rules, given: Mapping[int, Mapping[str, Any]]) -> GameState:
    """Fill in the round's worker pieces (§2.2): what is not on resource cards is
    in the mill; extra workers (§7) are black pieces; the workers of the
    resource cards a seat was given are placed for it unless given by hand."""
    players = list(state.players)
    for seat, p in enumerate(players):
        fields = given.get(seat, {})
        full = Pieces(SMALL_WORKERS, 1, 0, rules.extra_workers(state, seat))
        if "pieces" in fields and "placed" in fields:
            continue
        if "pieces" in fields:
            mill = p.pieces
            placed = Pieces(max(0, full.small - mill.small), max(0, full.big - mill.big), 0, 0)
        elif "placed" in fields:
            placed = p.placed
            mill = Pieces(
                full.small - placed.small,
                full.big - placed.big,
                max(0, full.grey - placed.grey),
                max(0, full.black - placed.black),
            )
        else:
            mill, placed = full, Pieces()
            for cid in p.resource_cards:
                card = rules.by_id.get(cid)
                need = None
                if card is not None and card.workers:  # the big worker on a card needing 5 or more
                    big = card.workers >= 5
                    need = pieces_for(mill, card.workers, big) or pieces_for(mill, card.workers, not big)
                if need is not None:
                    mill, placed = mill.minus(need), placed.plus(need)
        players[seat] = replace(p, pieces=mill, placed=placed)
    return replace(state, players=tuple(players))


def _builders(state: GameState, rules, spec: Mapping[str, Any]) -> GameState:
    _keys("builders", spec, BUILDER_KEYS)
    n = state.n_players
    drawn = spec.get("drawn")
    if drawn is not None:
        drawn = _int("builders.drawn", drawn)
    parked = _seat_list("builders.parked", spec.get("parked", ()))
    thirds = _seat_list("builders.thirds", spec.get("thirds", ()))
    if "bag" in spec:
        bag = _seat_list("builders.bag", spec["bag"])
    else:  # every builder not placed, drawn or waiting is still in the bag
        waiting: list[int] = []
        for seat in range(n):
            out = sum(state.builders_at(seat, loc) for loc in rules.layout.locations)
            out += (drawn == seat) + parked.count(seat) + thirds.count(seat)
            waiting.extend([seat] * max(0, rules.builder_limit(state, seat) - out))
        bag = tuple(waiting)
    marker = _int("builders.marker", spec.get("marker", 7))
    price = _int("builders.price", spec.get("price", marker if drawn is not None else 0))
    first = _seat_list("builders.first_placed", spec.get("first_placed", ()))
    redraw_used = spec.get("redraw_used", drawn is not None)
    if not isinstance(redraw_used, bool):
        raise _bad("builders.redraw_used", f"expected True or False, not {redraw_used!r:.40}")
    return replace(
        state,
        stage="builders",
        display=(),
        builders=Builders(
            bag=bag,
            marker=marker,
            drawn=drawn,
            price=price,
            parked=parked,
            thirds=thirds,
            first_placed=first,
            redraw_used=redraw_used,
        ),
    )


def _supply(state: GameState, court: str) -> GameState:
    """The supply holds every cube that is nowhere else (§1); the tax place's
    stock holds its good ``court``."""
    supply = tuple(
        total
        - state.market[i]
        - sum(p.cubes[i] for p in state.players)
        - sum(stock[i] for stock in state.stocks)
        - (state.court_metal if kind == court else 0)
        for i, (kind, total) in enumerate(zip(CUBES, CUBE_TOTALS))
    )
    return replace(state, supply=supply)


__all__ = ["scenario", "scenario_steps", "SCENARIO_STEPS"]
