"""*The Pillars of the Earth* as the core sees it: :data:`PILLARS`, its game type.

The rules themselves live in :mod:`pillars_rules.engine` (the state, the fold,
the flow and the step rules, the listing of actions and the refusals), the seat
views in :mod:`pillars_rules.view` and the words in :mod:`pillars_rules.words`;
the set-up, the saves and the verified replay in this package (:mod:`.setup`,
:mod:`.saves`, :mod:`.replay`). This module hands them all to the core
(:mod:`pillars_rules.core`) and registers the game, as
:mod:`pillars_rules.games.ora.game` does for *Ora et Labora*.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ... import limits
from ...core import Game, GameType, register
from ...core.loop import run as run_loop
from ...engine import events as E
from ...engine.actions import FIELD_TYPES
from ...engine.batch import Batch
from ...engine.context import Rules
from ...engine.evolve import evolve
from ...engine.flow import advance_into, run
from ...engine.legal import action_events, legal_actions
from ...engine.refusals import explain
from ...engine.state import GameState
from ...errors import ConfigError, LimitError, PillarsError, bounded
from ...pillars_json.codec import event_to_dict
from ...pillars_json.strict import event_from_dict
from ...view import export, view
from ...words.events import describe
from .replay import replay_pillars
from .saves import load_save, save_header
from .setup import game_started, load_cards, prepare
from .upcasters import UPCASTERS


def _unlabelled(action: Any) -> Any:
    """``action`` without a client's label (never echoed in a reason, nor kept)."""
    label = action.label
    if type(label) is not str or label:
        return attrs.evolve(action, label="")
    return action


def _seat_name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _scores(state: GameState) -> list[tuple[int, int]]:
    """(VP, gold) per seat."""
    return [(p.vp, p.gold) for p in state.players]


def _ranking(state: GameState) -> list[list[int]]:
    """Seats grouped by final place: most VP, then most gold; ties share a place (§2.6)."""
    players = state.players
    order = sorted(range(state.n_players), key=lambda s: (-players[s].vp, -players[s].gold))
    groups: list[list[int]] = []
    for seat in order:
        key = (players[seat].vp, players[seat].gold)
        if groups and (players[groups[-1][0]].vp, players[groups[-1][0]].gold) == key:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def _event_bound(state: GameState) -> int:
    total: int = limits.event_bound(state.n_players)["total"]
    return total


def _export(game: Any, seat: object) -> str:
    return export(view(game, seat))


def _describe(game: Any, event: Any) -> str:
    return describe(event, _Namer(game))


def _is_control(event: object) -> bool:
    return isinstance(event, E.CONTROL_EVENTS)


def _summary(s: GameState) -> str:
    who = "over" if s.game_over else (f"seat {s.pending.seat} to {s.pending.kind}" if s.pending else "running")
    return f"round {s.round} {s.stage} {s.step} {who}"


class _Namer:
    """The names :func:`~pillars_rules.words.events.describe` asks for, from one game."""

    def __init__(self, game: Any) -> None:
        self._state: GameState = game.state
        self._rules: Rules = game.rules

    def seat(self, seat: int) -> str:
        return self._state.players[seat].name

    def card(self, card_id: str) -> str:
        layout = self._rules.layout
        if card_id in layout.called or card_id == "round_start":  # a reason that is a step, e.g. "wool_mill"
            return layout.words(card_id)
        return self._rules.name(card_id)

    def place(self, key: str) -> str:
        return self._rules.layout.words(key)

    def option(self, card_id: str, index: int) -> str:
        """What option ``index`` of the one choose-one ability of ``card_id`` gives,
        in words (``ChoiceMade``); "" when the card has no such ability or several."""
        from ...cardlang.effects import ChooseOne, peel
        from ...cardlang.render import instant

        rules = self._rules
        if card_id not in rules.by_id:  # the cards, and a board with set-up rules
            return ""  # a place's spot (France), a player chosen, a loan: said by the next events
        found = [
            e
            for e in (
                peel(getattr(a, "effect"))
                for a in rules.card(card_id).abilities
                if getattr(a, "effect", None) is not None
            )
            if isinstance(e, ChooseOne)
        ]
        if len(found) != 1 or not 0 <= index < len(found[0].options):
            return ""
        return instant(found[0].options[index])

    def change(self, card_id: str, ability: int, option: int) -> str:
        """What a granted modifier does, in words (``ModifierGranted``)."""
        from ...cardlang.render import modifier

        return modifier(self._rules.granted_modifier(card_id, ability, option))


#: The keyword arguments of :func:`pillars_rules.new_game` that a Pillars game takes.
OPTIONS = ("names", "cards")


def _start(kind: GameType, rules: Rules, names: tuple[str, ...], seed: int) -> Game:
    """The new game: its first event folded, then the flow up to the first decision."""
    started = game_started(rules, names, seed)
    state = evolve(None, started, rules)
    events, state = run_loop(kind, state, rules, [])
    if 1 + len(events) > limits.MAX_EVENTS:
        raise LimitError(
            f"setting up this game takes {1 + len(events)} events; the limit is "
            f"{limits.MAX_EVENTS} (pillars_rules.limits.MAX_EVENTS)",
            1 + len(events),
            limits.MAX_EVENTS,
        )
    return Game(rules, state, [started] + events, 1 + len(events), None, kind)


class PillarsType(GameType):
    """The Pillars of the Earth's :class:`~pillars_rules.core.GameType`: each
    method hands the core one part of the engine (compiled together, so the
    core's calls are direct in the compiled build)."""

    def fold(self, state: Any, event: Any, rules: Any) -> Any:
        return evolve(state, event, rules)

    def batch(self, state: Any, rules: Any) -> Any:
        return Batch(state, rules)

    def advance(self, batch: Any, rules: Any) -> None:
        advance_into(batch, rules)

    def run(self, state: Any, rules: Any, events: list[Any]) -> tuple[list[Any], Any]:
        return run(state, rules, events)  # the core's loop, with direct calls (a test checks they agree)

    def legal(self, state: Any, rules: Any) -> list[Any]:
        return legal_actions(state, rules)

    def events_of(self, state: Any, rules: Any, action: Any) -> list[Any]:
        return action_events(state, rules, action)

    def refusal(self, state: Any, rules: Any, action: Any, legal: list[Any]) -> str:
        return explain(state, rules, action, legal)

    def unlabelled(self, action: Any) -> Any:
        return _unlabelled(action)

    def seat_name(self, state: Any, seat: int) -> str:
        return _seat_name(state, seat)

    def scores(self, state: Any) -> list[Any]:
        return _scores(state)

    def ranking(self, state: Any) -> list[list[int]]:
        return _ranking(state)

    def event_bound(self, state: Any) -> int:
        return _event_bound(state)

    def view(self, game: Any, seat: object) -> Any:
        return view(game, seat)

    def export(self, game: Any, seat: object) -> str:
        return _export(game, seat)

    def describe(self, game: Any, event: Any) -> str:
        return _describe(game, event)

    def is_control(self, event: Any) -> bool:
        return _is_control(event)

    def summary(self, state: Any) -> str:
        return _summary(state)

    # ---------------------------------------------------------------- new games and saves
    def new_game(self, players: object, seed: object, variants: object, options: Mapping[str, object]) -> Any:
        unknown = sorted(k for k in options if k not in OPTIONS)
        if unknown:
            raise ConfigError(
                f"new_game of 'pillars' takes no option {unknown[0]!r:.40} "
                "(its keyword arguments: game, names, variants, cards)"
            )
        try:
            rules, names, seed = prepare(players, seed, options.get("names"), variants, options.get("cards"))  # type: ignore[arg-type]
            return _start(self, rules, names, seed)
        except PillarsError:
            raise
        except Exception as exc:  # hostile arguments: objects whose __eq__ or __iter__ raises...
            raise ConfigError(f"bad arguments to new_game: {type(exc).__name__}: {bounded(exc, 150)}") from None

    def is_start(self, event: Any) -> bool:
        return type(event) is E.GameStarted

    def upcast_save(self, doc: dict[str, Any], version: int) -> dict[str, Any] | None:
        # formats 1 to 4 knew one game, this one: their saves are upcast by its upcasters
        up = UPCASTERS.get(version)
        return None if up is None else up(doc)

    def save_header(self, game: Any) -> dict[str, Any]:
        return save_header(game)

    def encode_event(self, event: Any) -> dict[str, Any]:
        return event_to_dict(event)

    def decode_event(self, raw: object, index: int) -> Any:
        return event_from_dict(raw, index)

    def load_rules(self, cards: object) -> Any:
        return load_cards(cards)  # type: ignore[arg-type]  # (its ConfigError or CardError as before format 5)

    def replay_log(self, events: list[Any], rules: Any, verify: bool) -> Any:
        return replay_pillars(self, events, rules, verify, typed=False)

    def load_save(self, doc: dict[str, Any], written: int, cards: object, verify: bool) -> Any:
        return load_save(self, doc, written, cards, verify)


#: *The Pillars of the Earth* (Kosmos 2006), base and expansion, registered with the core.
PILLARS: GameType = register(PillarsType("pillars", "The Pillars of the Earth", Rules, E.DecisionPending, FIELD_TYPES))

__all__ = ["OPTIONS", "PILLARS", "PillarsType"]
