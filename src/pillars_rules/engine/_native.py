"""What the compiled build needs that mypyc does not keep: written by
``tools/make_native.py`` -- do not edit.

:data:`COPIES` -- one function per copy of a record that the library's source
asks for (see :mod:`.copiers`): the record rebuilt by its constructor with the
new values. :data:`ANNOTATIONS` -- the records' field annotations as written
(mypyc keeps only plain classes in a native class's ``__annotations__``).
"""

from __future__ import annotations

from typing import Any, Callable

from .state import (
    Board, Builders, Decks, Fixed, GameState, Job, Pending, Pieces, Pins, PlayerState, RoundState,
)


def Board__court_metal(obj: Board, v0: int) -> Board:
    return Board(obj.supply, obj.market, v0, obj.spots, obj.stocks)


def Board__market(obj: Board, v0: tuple[int, int, int, int]) -> Board:
    return Board(obj.supply, v0, obj.court_metal, obj.spots, obj.stocks)


def Board__supply(obj: Board, v0: tuple[int, int, int, int]) -> Board:
    return Board(v0, obj.market, obj.court_metal, obj.spots, obj.stocks)


def Builders__bag__drawn__price(obj: Builders, v0: tuple[int, ...], v1: int | None, v2: int) -> Builders:
    return Builders(v0, obj.marker, v1, v2, obj.parked, obj.thirds, obj.first_placed, obj.redraw_used)


def Builders__bag__drawn__redraw_used(obj: Builders, v0: tuple[int, ...], v1: int | None,
                                      v2: bool) -> Builders:
    return Builders(v0, obj.marker, v1, obj.price, obj.parked, obj.thirds, obj.first_placed, v2)


def Builders__bag__thirds__marker(obj: Builders, v0: tuple[int, ...], v1: tuple[int, ...],
                                  v2: int) -> Builders:
    return Builders(v0, v2, obj.drawn, obj.price, obj.parked, v1, obj.first_placed, obj.redraw_used)


def Builders__drawn__marker(obj: Builders, v0: int | None, v1: int) -> Builders:
    return Builders(obj.bag, v1, v0, obj.price, obj.parked, obj.thirds, obj.first_placed, obj.redraw_used)


def Builders__parked(obj: Builders, v0: tuple[int, ...]) -> Builders:
    return Builders(obj.bag, obj.marker, obj.drawn, obj.price, v0, obj.thirds, obj.first_placed,
        obj.redraw_used)


def Builders__parked__drawn__marker(obj: Builders, v0: tuple[int, ...], v1: int | None, v2: int) -> Builders:
    return Builders(obj.bag, v2, v1, obj.price, v0, obj.thirds, obj.first_placed, obj.redraw_used)


def Builders__thirds(obj: Builders, v0: tuple[int, ...]) -> Builders:
    return Builders(obj.bag, obj.marker, obj.drawn, obj.price, obj.parked, v0, obj.first_placed,
        obj.redraw_used)


def Decks__craftsman_decks__event_deck__privilege_deck(obj: Decks, v0: tuple[tuple[str, ...], ...],
                                                       v1: tuple[str, ...], v2: tuple[str, ...]) -> Decks:
    return Decks(v0, v1, v2)


def Decks__event_deck(obj: Decks, v0: tuple[str, ...]) -> Decks:
    return Decks(obj.craftsman_decks, v0, obj.privilege_deck)


def Decks__privilege_deck(obj: Decks, v0: tuple[str, ...]) -> Decks:
    return Decks(obj.craftsman_decks, obj.event_deck, v0)


def Fixed__seed(obj: Fixed, v0: int) -> Fixed:
    return Fixed(v0, obj.variants, obj.card_hash)


def GameState__bag__drawn__redraw_used(obj: GameState, v0: tuple[int, ...], v1: int | None,
                                       v2: bool) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(v0, old_builders.marker, v1, old_builders.price, old_builders.parked,
        old_builders.thirds, old_builders.first_placed, v2)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__bag__thirds__marker(obj: GameState, v0: tuple[int, ...], v1: tuple[int, ...],
                                   v2: int) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(v0, v2, old_builders.drawn, old_builders.price, old_builders.parked, v1,
        old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__ballots(obj: GameState, v0: tuple[tuple[int, int], ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, v0, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__board(obj: GameState, v0: Board) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, v0, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__builders__rng__table(obj: GameState, v0: Builders, v1: int, v2: RoundState) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, v1, obj.players,
        obj.board, obj.decks, v2, v0, obj.cathedral, obj.game_over, obj.pins, obj.decision, obj.effects,
        obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__counters(obj: GameState, v0: tuple[tuple[int, str, int], ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, v0, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__court_metal(obj: GameState, v0: int) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, old_board.market, v0, old_board.spots, old_board.stocks)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__craftsman_decks__event_deck__privilege_deck(obj: GameState, v0: tuple[tuple[str, ...], ...],
                                                           v1: tuple[str, ...], v2: tuple[str,
                                                           ...]) -> GameState:
    old_decks = obj.decks
    new_decks = Decks(v0, v1, v2)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, new_decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__craftsman_decks__event_deck__privilege_deck__rng(obj: GameState, v0: tuple[tuple[str, ...],
                                                                ...], v1: tuple[str, ...], v2: tuple[str, ...],
                                                                v3: int) -> GameState:
    old_decks = obj.decks
    new_decks = Decks(v0, v1, v2)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, v3, obj.players,
        obj.board, new_decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__decks__seen(obj: GameState, v0: Decks, v1: tuple[tuple[int, str], ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, v0, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, v1)


def GameState__display(obj: GameState, v0: tuple[str, ...]) -> GameState:
    old_table = obj.table
    new_table = RoundState(v0, old_table.shiring, old_table.kingsbridge, old_table.passed, old_table.event,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__display__rng(obj: GameState, v0: tuple[str, ...], v1: int) -> GameState:
    old_table = obj.table
    new_table = RoundState(v0, old_table.shiring, old_table.kingsbridge, old_table.passed, old_table.event,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, v1, obj.players,
        obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__display__stage(obj: GameState, v0: tuple[str, ...], v1: str) -> GameState:
    old_table = obj.table
    new_table = RoundState(v0, old_table.shiring, old_table.kingsbridge, old_table.passed, old_table.event,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, v1, obj.step, obj.start_player, obj.pending, obj.rng, obj.players,
        obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__drawn__marker(obj: GameState, v0: int | None, v1: int) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, v1, v0, old_builders.price, old_builders.parked,
        old_builders.thirds, old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__effects(obj: GameState, v0: tuple[int, ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, v0, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__event__event_deck(obj: GameState, v0: str, v1: tuple[str, ...]) -> GameState:
    old_decks = obj.decks
    new_decks = Decks(old_decks.craftsman_decks, v1, old_decks.privilege_deck)
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed, v0,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, new_decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__event_applied(obj: GameState, v0: bool) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, v0, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__event_deck(obj: GameState, v0: tuple[str, ...]) -> GameState:
    old_decks = obj.decks
    new_decks = Decks(old_decks.craftsman_decks, v0, old_decks.privilege_deck)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, new_decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__exempt(obj: GameState, v0: frozenset[int]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, old_table.tax, v0, old_table.jobs, old_table.decided, old_table.traded,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__first_placed(obj: GameState, v0: tuple[int, ...]) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, old_builders.marker, old_builders.drawn, old_builders.price,
        old_builders.parked, old_builders.thirds, v0, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__fixed__decks__rng(obj: GameState, v0: Fixed, v1: Decks, v2: int) -> GameState:
    return GameState(v0, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, v2, obj.players,
        obj.board, v1, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__fixed__decks__rng__pins__seen(obj: GameState, v0: Fixed, v1: Decks, v2: int, v3: Pins,
                                             v4: tuple[tuple[int, str], ...]) -> GameState:
    return GameState(v0, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, v2, obj.players,
        obj.board, v1, obj.table, obj.builders, obj.cathedral, obj.game_over, v3, obj.decision, obj.effects,
        obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, v4)


def GameState__granted(obj: GameState, v0: tuple[tuple[int, str, int, int, int, int], ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, v0, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__jobs(obj: GameState, v0: tuple[Job, ...]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, old_table.tax, old_table.exempt, v0, old_table.decided, old_table.traded,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__jobs__effects(obj: GameState, v0: tuple[Job, ...], v1: tuple[int, ...]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, old_table.tax, old_table.exempt, v0, old_table.decided, old_table.traded,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, v1, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__kingsbridge(obj: GameState, v0: tuple[str, ...]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, v0, old_table.passed, old_table.event,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__market(obj: GameState, v0: tuple[int, int, int, int]) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, v0, old_board.court_metal, old_board.spots, old_board.stocks)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__market__traded(obj: GameState, v0: tuple[int, int, int, int], v1: tuple[tuple[int, str, str],
                              ...]) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, v0, old_board.court_metal, old_board.spots, old_board.stocks)
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, v1,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__parked(obj: GameState, v0: tuple[int, ...]) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, old_builders.marker, old_builders.drawn, old_builders.price, v0,
        old_builders.thirds, old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__parked__drawn__marker(obj: GameState, v0: tuple[int, ...], v1: int | None,
                                     v2: int) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, v2, v1, old_builders.price, v0, old_builders.thirds,
        old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__pending__decision(obj: GameState, v0: Pending | None, v1: int) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, v0, obj.rng, obj.players,
        obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, v1, obj.effects,
        obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__pending__decision__turn(obj: GameState, v0: Pending | None, v1: int, v2: int) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, v0, obj.rng, obj.players,
        obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, v1, obj.effects,
        obj.granted, obj.counters, obj.ballots, v2, obj.reversed_rounds, obj.seen)


def GameState__pins(obj: GameState, v0: Pins) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, v0,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__players(obj: GameState, v0: tuple[PlayerState, ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng, v0,
        obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__players__board(obj: GameState, v0: tuple[PlayerState, ...], v1: Board) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng, v0, v1,
        obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision, obj.effects,
        obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__privilege_deck(obj: GameState, v0: tuple[str, ...]) -> GameState:
    old_decks = obj.decks
    new_decks = Decks(old_decks.craftsman_decks, old_decks.event_deck, v0)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, new_decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__protected(obj: GameState, v0: frozenset[int]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, v0, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__reversed_rounds(obj: GameState, v0: tuple[int, ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, v0, obj.seen)


def GameState__round__stage__step__players__supply__market__court_metal__stocks__kingsbridge__privilege_deck__shiring__display__passed__spots__marker__drawn__parked__thirds__first_placed__redraw_used__prev_event__prev_protected__event__event_applied__protected__tax__exempt__traded__done__jobs__decided__effects__turn__pending(obj: GameState,
                                                                                                                                                                                                                                                                                                                                       v0: int,
                                                                                                                                                                                                                                                                                                                                       v1: str,
                                                                                                                                                                                                                                                                                                                                       v2: str,
                                                                                                                                                                                                                                                                                                                                       v3: tuple[PlayerState,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v4: tuple[int,
                                                                                                                                                                                                                                                                                                                                       int,
                                                                                                                                                                                                                                                                                                                                       int,
                                                                                                                                                                                                                                                                                                                                       int],
                                                                                                                                                                                                                                                                                                                                       v5: tuple[int,
                                                                                                                                                                                                                                                                                                                                       int,
                                                                                                                                                                                                                                                                                                                                       int,
                                                                                                                                                                                                                                                                                                                                       int],
                                                                                                                                                                                                                                                                                                                                       v6: int,
                                                                                                                                                                                                                                                                                                                                       v7: tuple[tuple[int,
                                                                                                                                                                                                                                                                                                                                       int,
                                                                                                                                                                                                                                                                                                                                       int,
                                                                                                                                                                                                                                                                                                                                       int],
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v8: tuple[str,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v9: tuple[str,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v10: tuple[str,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v11: tuple[str,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v12: frozenset[int],
                                                                                                                                                                                                                                                                                                                                       v13: tuple[tuple[str,
                                                                                                                                                                                                                                                                                                                                       tuple[int | None,
                                                                                                                                                                                                                                                                                                                                       ...]],
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v14: int,
                                                                                                                                                                                                                                                                                                                                       v15: int | None,
                                                                                                                                                                                                                                                                                                                                       v16: tuple[int,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v17: tuple[int,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v18: tuple[int,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v19: bool,
                                                                                                                                                                                                                                                                                                                                       v20: str,
                                                                                                                                                                                                                                                                                                                                       v21: frozenset[int],
                                                                                                                                                                                                                                                                                                                                       v22: str,
                                                                                                                                                                                                                                                                                                                                       v23: bool,
                                                                                                                                                                                                                                                                                                                                       v24: frozenset[int],
                                                                                                                                                                                                                                                                                                                                       v25: int,
                                                                                                                                                                                                                                                                                                                                       v26: frozenset[int],
                                                                                                                                                                                                                                                                                                                                       v27: tuple[tuple[int,
                                                                                                                                                                                                                                                                                                                                       str,
                                                                                                                                                                                                                                                                                                                                       str],
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v28: frozenset[int],
                                                                                                                                                                                                                                                                                                                                       v29: tuple[Job,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v30: frozenset[tuple[int,
                                                                                                                                                                                                                                                                                                                                       str]],
                                                                                                                                                                                                                                                                                                                                       v31: tuple[int,
                                                                                                                                                                                                                                                                                                                                       ...],
                                                                                                                                                                                                                                                                                                                                       v32: int,
                                                                                                                                                                                                                                                                                                                                       v33: Pending | None) -> GameState:
    old_board = obj.board
    new_board = Board(v4, v5, v6, v13, v7)
    old_decks = obj.decks
    new_decks = Decks(old_decks.craftsman_decks, old_decks.event_deck, v9)
    old_table = obj.table
    new_table = RoundState(v11, v10, v8, v12, v22, v23, v24, v20, v21, v25, v26, v29, v30, v27, v28)
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, v14, v15, old_builders.price, v16, v17, v18, v19)
    return GameState(obj.fixed, v0, v1, v2, obj.start_player, v33, obj.rng, v3, new_board, new_decks,
        new_table, new_builders, obj.cathedral, obj.game_over, obj.pins, obj.decision, v31, obj.granted,
        obj.counters, obj.ballots, v32, obj.reversed_rounds, obj.seen)


def GameState__round__stage__step__start_player__cathedral__players__board__decks__table__builders__pins(obj: GameState,
                                                                                                         v0: int,
                                                                                                         v1: str,
                                                                                                         v2: str,
                                                                                                         v3: int,
                                                                                                         v4: int,
                                                                                                         v5: tuple[PlayerState,
                                                                                                         ...],
                                                                                                         v6: Board,
                                                                                                         v7: Decks,
                                                                                                         v8: RoundState,
                                                                                                         v9: Builders,
                                                                                                         v10: Pins) -> GameState:
    return GameState(obj.fixed, v0, v1, v2, v3, obj.pending, obj.rng, v5, v6, v7, v8, v9, v4, obj.game_over,
        v10, obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__round__stage__step__start_player__cathedral__players__board__decks__table__builders__pins__pending__effects(obj: GameState,
                                                                                                                           v0: int,
                                                                                                                           v1: str,
                                                                                                                           v2: str,
                                                                                                                           v3: int,
                                                                                                                           v4: int,
                                                                                                                           v5: tuple[PlayerState,
                                                                                                                           ...],
                                                                                                                           v6: Board,
                                                                                                                           v7: Decks,
                                                                                                                           v8: RoundState,
                                                                                                                           v9: Builders,
                                                                                                                           v10: Pins,
                                                                                                                           v11: Pending | None,
                                                                                                                           v12: tuple[int,
                                                                                                                           ...]) -> GameState:
    return GameState(obj.fixed, v0, v1, v2, v3, v11, obj.rng, v5, v6, v7, v8, v9, v4, obj.game_over, v10,
        obj.decision, v12, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__seed(obj: GameState, v0: int) -> GameState:
    old_fixed = obj.fixed
    new_fixed = Fixed(v0, old_fixed.variants, old_fixed.card_hash)
    return GameState(new_fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__seen(obj: GameState, v0: tuple[tuple[int, str], ...]) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, v0)


def GameState__shiring(obj: GameState, v0: tuple[str, ...]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, v0, old_table.kingsbridge, old_table.passed, old_table.event,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__spots__drawn__marker(obj: GameState, v0: tuple[tuple[str, tuple[int | None, ...]], ...],
                                    v1: int | None, v2: int) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, old_board.market, old_board.court_metal, v0, old_board.stocks)
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, v2, v1, old_builders.price, old_builders.parked,
        old_builders.thirds, old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__spots__parked(obj: GameState, v0: tuple[tuple[str, tuple[int | None, ...]], ...], v1: tuple[int,
                             ...]) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, old_board.market, old_board.court_metal, v0, old_board.stocks)
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, old_builders.marker, old_builders.drawn, old_builders.price, v1,
        old_builders.thirds, old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__spots__thirds(obj: GameState, v0: tuple[tuple[str, tuple[int | None, ...]], ...], v1: tuple[int,
                             ...]) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, old_board.market, old_board.court_metal, v0, old_board.stocks)
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, old_builders.marker, old_builders.drawn, old_builders.price,
        old_builders.parked, v1, old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__stage__display__builders(obj: GameState, v0: str, v1: tuple[str, ...],
                                        v2: Builders) -> GameState:
    old_table = obj.table
    new_table = RoundState(v1, old_table.shiring, old_table.kingsbridge, old_table.passed, old_table.event,
        old_table.event_applied, old_table.protected, old_table.prev_event, old_table.prev_protected,
        old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded, old_table.done)
    return GameState(obj.fixed, obj.round, v0, obj.step, obj.start_player, obj.pending, obj.rng, obj.players,
        obj.board, obj.decks, new_table, v2, obj.cathedral, obj.game_over, obj.pins, obj.decision, obj.effects,
        obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__stage__game_over__pending__decision(obj: GameState, v0: str, v1: bool, v2: Pending | None,
                                                   v3: int) -> GameState:
    return GameState(obj.fixed, obj.round, v0, obj.step, obj.start_player, v2, obj.rng, obj.players, obj.board,
        obj.decks, obj.table, obj.builders, obj.cathedral, v1, obj.pins, v3, obj.effects, obj.granted,
        obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__stage__step__cathedral__pending(obj: GameState, v0: str, v1: str, v2: int,
                                               v3: Pending | None) -> GameState:
    return GameState(obj.fixed, obj.round, v0, v1, obj.start_player, v3, obj.rng, obj.players, obj.board,
        obj.decks, obj.table, obj.builders, v2, obj.game_over, obj.pins, obj.decision, obj.effects,
        obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__stage__step__table(obj: GameState, v0: str, v1: str, v2: RoundState) -> GameState:
    return GameState(obj.fixed, obj.round, v0, v1, obj.start_player, obj.pending, obj.rng, obj.players,
        obj.board, obj.decks, v2, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__start_player(obj: GameState, v0: int) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, v0, obj.pending, obj.rng, obj.players,
        obj.board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__stocks__traded(obj: GameState, v0: tuple[tuple[int, int, int, int], ...], v1: tuple[tuple[int,
                              str, str], ...]) -> GameState:
    old_board = obj.board
    new_board = Board(old_board.supply, old_board.market, old_board.court_metal, old_board.spots, v0)
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, v1,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__supply(obj: GameState, v0: tuple[int, int, int, int]) -> GameState:
    old_board = obj.board
    new_board = Board(v0, old_board.market, old_board.court_metal, old_board.spots, old_board.stocks)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, new_board, obj.decks, obj.table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__table(obj: GameState, v0: RoundState) -> GameState:
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, v0, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__tax__rng(obj: GameState, v0: int, v1: int) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, v0, old_table.exempt, old_table.jobs, old_table.decided, old_table.traded,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, v1, obj.players,
        obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins, obj.decision,
        obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds, obj.seen)


def GameState__thirds(obj: GameState, v0: tuple[int, ...]) -> GameState:
    old_builders = obj.builders
    new_builders = Builders(old_builders.bag, old_builders.marker, old_builders.drawn, old_builders.price,
        old_builders.parked, v0, old_builders.first_placed, old_builders.redraw_used)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, obj.table, new_builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def GameState__traded(obj: GameState, v0: tuple[tuple[int, str, str], ...]) -> GameState:
    old_table = obj.table
    new_table = RoundState(old_table.display, old_table.shiring, old_table.kingsbridge, old_table.passed,
        old_table.event, old_table.event_applied, old_table.protected, old_table.prev_event,
        old_table.prev_protected, old_table.tax, old_table.exempt, old_table.jobs, old_table.decided, v0,
        old_table.done)
    return GameState(obj.fixed, obj.round, obj.stage, obj.step, obj.start_player, obj.pending, obj.rng,
        obj.players, obj.board, obj.decks, new_table, obj.builders, obj.cathedral, obj.game_over, obj.pins,
        obj.decision, obj.effects, obj.granted, obj.counters, obj.ballots, obj.turn, obj.reversed_rounds,
        obj.seen)


def PlayerState__craftsmen(obj: PlayerState, v0: tuple[str, ...]) -> PlayerState:
    return PlayerState(obj.name, obj.gold, obj.vp, obj.cubes, v0, obj.privileges, obj.pieces, obj.placed,
        obj.resource_cards, obj.grey_next, obj.uses, obj.boosts)


def PlayerState__cubes(obj: PlayerState, v0: tuple[int, int, int, int]) -> PlayerState:
    return PlayerState(obj.name, obj.gold, obj.vp, v0, obj.craftsmen, obj.privileges, obj.pieces, obj.placed,
        obj.resource_cards, obj.grey_next, obj.uses, obj.boosts)


def PlayerState__gold__cubes(obj: PlayerState, v0: int, v1: tuple[int, int, int, int]) -> PlayerState:
    return PlayerState(obj.name, v0, obj.vp, v1, obj.craftsmen, obj.privileges, obj.pieces, obj.placed,
        obj.resource_cards, obj.grey_next, obj.uses, obj.boosts)


def PlayerState__gold__vp__cubes(obj: PlayerState, v0: int, v1: int, v2: tuple[int, int, int,
                                 int]) -> PlayerState:
    return PlayerState(obj.name, v0, v1, v2, obj.craftsmen, obj.privileges, obj.pieces, obj.placed,
        obj.resource_cards, obj.grey_next, obj.uses, obj.boosts)


def PlayerState__pieces__placed(obj: PlayerState, v0: Pieces, v1: Pieces) -> PlayerState:
    return PlayerState(obj.name, obj.gold, obj.vp, obj.cubes, obj.craftsmen, obj.privileges, v0, v1,
        obj.resource_cards, obj.grey_next, obj.uses, obj.boosts)


def PlayerState__pieces__placed__grey_next__resource_cards__uses__boosts(obj: PlayerState, v0: Pieces,
                                                                         v1: Pieces, v2: int, v3: tuple[str,
                                                                         ...], v4: tuple[tuple[str, int, int],
                                                                         ...], v5: tuple[tuple[str, int],
                                                                         ...]) -> PlayerState:
    return PlayerState(obj.name, obj.gold, obj.vp, obj.cubes, obj.craftsmen, obj.privileges, v0, v1, v3, v2,
        v4, v5)


def PlayerState__pieces__placed__resource_cards(obj: PlayerState, v0: Pieces, v1: Pieces, v2: tuple[str,
                                                ...]) -> PlayerState:
    return PlayerState(obj.name, obj.gold, obj.vp, obj.cubes, obj.craftsmen, obj.privileges, v0, v1, v2,
        obj.grey_next, obj.uses, obj.boosts)


def PlayerState__uses(obj: PlayerState, v0: tuple[tuple[str, int, int], ...]) -> PlayerState:
    return PlayerState(obj.name, obj.gold, obj.vp, obj.cubes, obj.craftsmen, obj.privileges, obj.pieces,
        obj.placed, obj.resource_cards, obj.grey_next, v0, obj.boosts)


def RoundState__decided(obj: RoundState, v0: frozenset[tuple[int, str]]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, v0, obj.traded,
        obj.done)


def RoundState__done(obj: RoundState, v0: frozenset[int]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided,
        obj.traded, v0)


def RoundState__event_applied(obj: RoundState, v0: bool) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, v0, obj.protected,
        obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided, obj.traded, obj.done)


def RoundState__exempt(obj: RoundState, v0: frozenset[int]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, v0, obj.jobs, obj.decided, obj.traded,
        obj.done)


def RoundState__jobs(obj: RoundState, v0: tuple[Job, ...]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, v0, obj.decided, obj.traded,
        obj.done)


def RoundState__kingsbridge(obj: RoundState, v0: tuple[str, ...]) -> RoundState:
    return RoundState(obj.display, obj.shiring, v0, obj.passed, obj.event, obj.event_applied, obj.protected,
        obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided, obj.traded, obj.done)


def RoundState__passed(obj: RoundState, v0: frozenset[int]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, v0, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided,
        obj.traded, obj.done)


def RoundState__protected(obj: RoundState, v0: frozenset[int]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, obj.event_applied, v0,
        obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided, obj.traded, obj.done)


def RoundState__shiring(obj: RoundState, v0: tuple[str, ...]) -> RoundState:
    return RoundState(obj.display, v0, obj.kingsbridge, obj.passed, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided,
        obj.traded, obj.done)


def RoundState__traded(obj: RoundState, v0: tuple[tuple[int, str, str], ...]) -> RoundState:
    return RoundState(obj.display, obj.shiring, obj.kingsbridge, obj.passed, obj.event, obj.event_applied,
        obj.protected, obj.prev_event, obj.prev_protected, obj.tax, obj.exempt, obj.jobs, obj.decided, v0,
        obj.done)


#: (class, changed names) -> copier.
COPIES: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {
    (Board, ('court_metal',)): Board__court_metal,
    (Board, ('market',)): Board__market,
    (Board, ('supply',)): Board__supply,
    (Builders, ('bag', 'drawn', 'price')): Builders__bag__drawn__price,
    (Builders, ('bag', 'drawn', 'redraw_used')): Builders__bag__drawn__redraw_used,
    (Builders, ('bag', 'thirds', 'marker')): Builders__bag__thirds__marker,
    (Builders, ('drawn', 'marker')): Builders__drawn__marker,
    (Builders, ('parked',)): Builders__parked,
    (Builders, ('parked', 'drawn', 'marker')): Builders__parked__drawn__marker,
    (Builders, ('thirds',)): Builders__thirds,
    (Decks, ('craftsman_decks', 'event_deck', 'privilege_deck')): Decks__craftsman_decks__event_deck__privilege_deck,
    (Decks, ('event_deck',)): Decks__event_deck,
    (Decks, ('privilege_deck',)): Decks__privilege_deck,
    (Fixed, ('seed',)): Fixed__seed,
    (GameState, ('bag', 'drawn', 'redraw_used')): GameState__bag__drawn__redraw_used,
    (GameState, ('bag', 'thirds', 'marker')): GameState__bag__thirds__marker,
    (GameState, ('ballots',)): GameState__ballots,
    (GameState, ('board',)): GameState__board,
    (GameState, ('builders', 'rng', 'table')): GameState__builders__rng__table,
    (GameState, ('counters',)): GameState__counters,
    (GameState, ('court_metal',)): GameState__court_metal,
    (GameState, ('craftsman_decks', 'event_deck', 'privilege_deck')): GameState__craftsman_decks__event_deck__privilege_deck,
    (GameState, ('craftsman_decks', 'event_deck', 'privilege_deck', 'rng')): GameState__craftsman_decks__event_deck__privilege_deck__rng,
    (GameState, ('decks', 'seen')): GameState__decks__seen,
    (GameState, ('display',)): GameState__display,
    (GameState, ('display', 'rng')): GameState__display__rng,
    (GameState, ('display', 'stage')): GameState__display__stage,
    (GameState, ('drawn', 'marker')): GameState__drawn__marker,
    (GameState, ('effects',)): GameState__effects,
    (GameState, ('event', 'event_deck')): GameState__event__event_deck,
    (GameState, ('event_applied',)): GameState__event_applied,
    (GameState, ('event_deck',)): GameState__event_deck,
    (GameState, ('exempt',)): GameState__exempt,
    (GameState, ('first_placed',)): GameState__first_placed,
    (GameState, ('fixed', 'decks', 'rng')): GameState__fixed__decks__rng,
    (GameState, ('fixed', 'decks', 'rng', 'pins', 'seen')): GameState__fixed__decks__rng__pins__seen,
    (GameState, ('granted',)): GameState__granted,
    (GameState, ('jobs',)): GameState__jobs,
    (GameState, ('jobs', 'effects')): GameState__jobs__effects,
    (GameState, ('kingsbridge',)): GameState__kingsbridge,
    (GameState, ('market',)): GameState__market,
    (GameState, ('market', 'traded')): GameState__market__traded,
    (GameState, ('parked',)): GameState__parked,
    (GameState, ('parked', 'drawn', 'marker')): GameState__parked__drawn__marker,
    (GameState, ('pending', 'decision')): GameState__pending__decision,
    (GameState, ('pending', 'decision', 'turn')): GameState__pending__decision__turn,
    (GameState, ('pins',)): GameState__pins,
    (GameState, ('players',)): GameState__players,
    (GameState, ('players', 'board')): GameState__players__board,
    (GameState, ('privilege_deck',)): GameState__privilege_deck,
    (GameState, ('protected',)): GameState__protected,
    (GameState, ('reversed_rounds',)): GameState__reversed_rounds,
    (GameState, ('round', 'stage', 'step', 'players', 'supply', 'market', 'court_metal', 'stocks', 'kingsbridge', 'privilege_deck', 'shiring', 'display', 'passed', 'spots', 'marker', 'drawn', 'parked', 'thirds', 'first_placed', 'redraw_used', 'prev_event', 'prev_protected', 'event', 'event_applied', 'protected', 'tax', 'exempt', 'traded', 'done', 'jobs', 'decided', 'effects', 'turn', 'pending')): GameState__round__stage__step__players__supply__market__court_metal__stocks__kingsbridge__privilege_deck__shiring__display__passed__spots__marker__drawn__parked__thirds__first_placed__redraw_used__prev_event__prev_protected__event__event_applied__protected__tax__exempt__traded__done__jobs__decided__effects__turn__pending,
    (GameState, ('round', 'stage', 'step', 'start_player', 'cathedral', 'players', 'board', 'decks', 'table', 'builders', 'pins')): GameState__round__stage__step__start_player__cathedral__players__board__decks__table__builders__pins,
    (GameState, ('round', 'stage', 'step', 'start_player', 'cathedral', 'players', 'board', 'decks', 'table', 'builders', 'pins', 'pending', 'effects')): GameState__round__stage__step__start_player__cathedral__players__board__decks__table__builders__pins__pending__effects,
    (GameState, ('seed',)): GameState__seed,
    (GameState, ('seen',)): GameState__seen,
    (GameState, ('shiring',)): GameState__shiring,
    (GameState, ('spots', 'drawn', 'marker')): GameState__spots__drawn__marker,
    (GameState, ('spots', 'parked')): GameState__spots__parked,
    (GameState, ('spots', 'thirds')): GameState__spots__thirds,
    (GameState, ('stage', 'display', 'builders')): GameState__stage__display__builders,
    (GameState, ('stage', 'game_over', 'pending', 'decision')): GameState__stage__game_over__pending__decision,
    (GameState, ('stage', 'step', 'cathedral', 'pending')): GameState__stage__step__cathedral__pending,
    (GameState, ('stage', 'step', 'table')): GameState__stage__step__table,
    (GameState, ('start_player',)): GameState__start_player,
    (GameState, ('stocks', 'traded')): GameState__stocks__traded,
    (GameState, ('supply',)): GameState__supply,
    (GameState, ('table',)): GameState__table,
    (GameState, ('tax', 'rng')): GameState__tax__rng,
    (GameState, ('thirds',)): GameState__thirds,
    (GameState, ('traded',)): GameState__traded,
    (PlayerState, ('craftsmen',)): PlayerState__craftsmen,
    (PlayerState, ('cubes',)): PlayerState__cubes,
    (PlayerState, ('gold', 'cubes')): PlayerState__gold__cubes,
    (PlayerState, ('gold', 'vp', 'cubes')): PlayerState__gold__vp__cubes,
    (PlayerState, ('pieces', 'placed')): PlayerState__pieces__placed,
    (PlayerState, ('pieces', 'placed', 'grey_next', 'resource_cards', 'uses', 'boosts')): PlayerState__pieces__placed__grey_next__resource_cards__uses__boosts,
    (PlayerState, ('pieces', 'placed', 'resource_cards')): PlayerState__pieces__placed__resource_cards,
    (PlayerState, ('uses',)): PlayerState__uses,
    (RoundState, ('decided',)): RoundState__decided,
    (RoundState, ('done',)): RoundState__done,
    (RoundState, ('event_applied',)): RoundState__event_applied,
    (RoundState, ('exempt',)): RoundState__exempt,
    (RoundState, ('jobs',)): RoundState__jobs,
    (RoundState, ('kingsbridge',)): RoundState__kingsbridge,
    (RoundState, ('passed',)): RoundState__passed,
    (RoundState, ('protected',)): RoundState__protected,
    (RoundState, ('shiring',)): RoundState__shiring,
    (RoundState, ('traded',)): RoundState__traded,
}

#: module -> record class name -> {field: annotation as written}.
ANNOTATIONS: dict[str, dict[str, dict[str, str]]] = {
    'pillars_rules.engine.state': {
        'Pieces': {'small': 'int', 'big': 'int', 'grey': 'int', 'black': 'int'},
        'PlayerState': {'name': 'str', 'gold': 'int', 'vp': 'int', 'cubes': 'tuple[int, int, int, int]',
            'craftsmen': 'tuple[str, ...]', 'privileges': 'tuple[str, ...]', 'pieces': 'Pieces',
            'placed': 'Pieces', 'resource_cards': 'tuple[str, ...]', 'grey_next': 'int',
            'uses': 'tuple[tuple[str, int, int], ...]', 'boosts': 'tuple[tuple[str, int], ...]'},
        'Pending': {'kind': 'str', 'seat': 'int'},
        'Job': {'seat': 'int', 'source': 'str', 'ability': 'int', 'option': 'int', 'actor': 'int'},
        'Fixed': {'seed': 'int', 'variants': 'tuple[str, ...]', 'card_hash': 'str'},
        'Board': {'supply': 'tuple[int, int, int, int]', 'market': 'tuple[int, int, int, int]',
            'court_metal': 'int', 'spots': 'tuple[tuple[str, tuple[int | None, ...]], ...]',
            'stocks': 'tuple[tuple[int, int, int, int], ...]'},
        'Decks': {'craftsman_decks': 'tuple[tuple[str, ...], ...]', 'event_deck': 'tuple[str, ...]',
            'privilege_deck': 'tuple[str, ...]'},
        'RoundState': {'display': 'tuple[str, ...]', 'shiring': 'tuple[str, ...]',
            'kingsbridge': 'tuple[str, ...]', 'passed': 'frozenset[int]', 'event': 'str',
            'event_applied': 'bool', 'protected': 'frozenset[int]', 'prev_event': 'str',
            'prev_protected': 'frozenset[int]', 'tax': 'int', 'exempt': 'frozenset[int]',
            'jobs': 'tuple[Job, ...]', 'decided': 'frozenset[tuple[int, str]]',
            'traded': 'tuple[tuple[int, str, str], ...]', 'done': 'frozenset[int]'},
        'Builders': {'bag': 'tuple[int, ...]', 'marker': 'int', 'drawn': 'int | None', 'price': 'int',
            'parked': 'tuple[int, ...]', 'thirds': 'tuple[int, ...]', 'first_placed': 'tuple[int, ...]',
            'redraw_used': 'bool'},
        'Pins': {'builders': 'tuple[int, ...]', 'tax': 'tuple[int, ...]',
            'displays': 'tuple[tuple[str, ...], ...]'},
        'GameState': {'fixed': 'Fixed', 'round': 'int', 'stage': 'str', 'step': 'str', 'start_player': 'int',
            'pending': 'Pending | None', 'rng': 'int', 'players': 'tuple[PlayerState, ...]',
            'board': 'Board', 'decks': 'Decks', 'table': 'RoundState', 'builders': 'Builders',
            'cathedral': 'int', 'game_over': 'bool', 'pins': 'Pins', 'decision': 'int',
            'effects': 'tuple[int, ...]', 'granted': 'tuple[tuple[int, str, int, int, int, int], ...]',
            'counters': 'tuple[tuple[int, str, int], ...]', 'ballots': 'tuple[tuple[int, int], ...]',
            'turn': 'int', 'reversed_rounds': 'tuple[int, ...]', 'seen': 'tuple[tuple[int, str], ...]'},
    },
    'pillars_rules.engine.events': {
        'GameStarted': {'names': 'tuple[str, ...]', 'seed': 'int', 'variants': 'tuple[str, ...]',
            'card_hash': 'str', 'starting_craftsmen': 'tuple[str, ...]', 'gold': 'tuple[int, ...]',
            'vp': 'int'},
        'PositionSet': {'round': 'int', 'stage': 'str', 'step': 'str', 'start_player': 'int',
            'cathedral': 'int', 'players': 'tuple[PlayerState, ...]', 'board': 'Board', 'decks': 'Decks',
            'table': 'RoundState', 'builders': 'Builders', 'pins': 'Pins'},
        'DecksShuffled': {'craftsmen': 'tuple[tuple[str, ...], ...]', 'events': 'tuple[str, ...]',
            'privileges': 'tuple[str, ...]'},
        'RoundStarted': {'round': 'int', 'workers': 'tuple[Pieces, ...]'},
        'ResourceCardsDealt': {'cards': 'tuple[str, ...]'},
        'DecisionPending': {'kind': 'str', 'seat': 'int'},
        'ResourceCardTaken': {'seat': 'int', 'card': 'str', 'pieces': 'Pieces'},
        'CraftsmanHired': {'seat': 'int', 'card': 'str', 'cost': 'tuple[Amount, ...]', 'source': 'str'},
        'CraftsmanDiscarded': {'seat': 'int', 'card': 'str'},
        'DraftPassed': {'seat': 'int'},
        'DraftEnded': {},
        'BuildersBagged': {'bag': 'tuple[int, ...]', 'thirds': 'tuple[int, ...]'},
        'BuilderDrawn': {'seat': 'int', 'price': 'int'},
        'BuilderReturned': {'seat': 'int'},
        'BuilderPlaced': {'seat': 'int', 'location': 'str', 'spot': 'int', 'price': 'int', 'source': 'str'},
        'BuilderSetAside': {'seat': 'int', 'source': 'str'},
        'BuilderParked': {'seat': 'int', 'space': 'int'},
        'Decided': {'seat': 'int', 'kind': 'str'},
        'OnceUsed': {'seat': 'int', 'card': 'str'},
        'StepStarted': {'step': 'str'},
        'EventRevealed': {'card': 'str'},
        'EventApplied': {'card': 'str'},
        'Protected': {'seat': 'int', 'by': 'str'},
        'CubeTaken': {'seat': 'int', 'resource': 'str', 'source': 'str'},
        'Gained': {'seat': 'int', 'amounts': 'tuple[Amount, ...]', 'reason': 'str'},
        'Lost': {'seat': 'int', 'amounts': 'tuple[Amount, ...]', 'reason': 'str'},
        'ChoicesQueued': {'jobs': 'tuple[Job, ...]', 'front': 'bool'},
        'ChoiceMade': {'seat': 'int', 'source': 'str', 'card': 'str', 'option': 'int'},
        'CapacityBoosted': {'seat': 'int', 'card': 'str', 'n': 'int'},
        'PrivilegeTaken': {'seat': 'int', 'card': 'str'},
        'TaxRolled': {'value': 'int'},
        'TaxExempted': {'seat': 'int'},
        'GreyWorkersWon': {'seat': 'int', 'n': 'int'},
        'Bought': {'seat': 'int', 'resource': 'str', 'n': 'int', 'price': 'int'},
        'Sold': {'seat': 'int', 'resource': 'str', 'n': 'int', 'price': 'int'},
        'MarketPassed': {'seat': 'int'},
        'Converted': {'seat': 'int', 'card': 'str', 'ability': 'int', 'inputs': 'tuple[Amount, ...]',
            'outputs': 'tuple[Amount, ...]'},
        'CathedralDone': {'seat': 'int'},
        'CubesReturned': {'seat': 'int', 'resource': 'str', 'n': 'int'},
        'StartPlayerChanged': {'seat': 'int'},
        'RoundEnded': {'round': 'int'},
        'GameEnded': {},
        'MarketStocked': {'seat': 'int', 'resource': 'str', 'n': 'int', 'reason': 'str'},
        'ModifierGranted': {'seat': 'int', 'card': 'str', 'ability': 'int', 'option': 'int', 'first': 'int',
            'last': 'int'},
        'CountersAdded': {'seat': 'int', 'card': 'str', 'n': 'int'},
        'BallotCast': {'seat': 'int', 'card': 'str', 'value': 'int'},
        'VoteDecided': {'card': 'str', 'option': 'int'},
        'BidWon': {'seat': 'int', 'card': 'str', 'amount': 'int'},
        'CraftsmanBorrowed': {'seat': 'int', 'owner': 'int', 'card': 'str', 'ability': 'int',
            'inputs': 'tuple[Amount, ...]', 'outputs': 'tuple[Amount, ...]', 'reason': 'str'},
        'BidsPassed': {'card': 'str'},
        'BecameStartPlayer': {'seat': 'int', 'card': 'str'},
        'OrderReversed': {'seat': 'int', 'card': 'str', 'round': 'int'},
        'EventsLooked': {'seat': 'int', 'n': 'int', 'reason': 'str'},
        'EventBuried': {'seat': 'int', 'reason': 'str'},
        'EventsReordered': {'seat': 'int', 'order': 'tuple[int, ...]', 'reason': 'str'},
        'CraftsmanGiven': {'seat': 'int', 'card': 'str', 'to': 'int'},
        'PrivilegeGiven': {'seat': 'int', 'card': 'str', 'to': 'int'},
        'CardsDealt': {'deck': 'str', 'n': 'int', 'reason': 'str'},
        'DisplayCleared': {'deck': 'str', 'to': 'str', 'reason': 'str'},
    },
}
