"""Ora et Labora as the core sees it: :data:`ORA`, its game type, and :func:`new_game`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ...core import Game, GameType, register, run
from ...errors import ConfigError, IllegalActionError, SaveError, safe_repr
from ...mechanisms import workers as K
from ...saves.replay import replay_by_listing
from . import records as R
from . import saves
from .cards import chosen, set_hash
from .decide import events_of, refusal
from .flow import Batch, advance
from .fold import fold
from .legal import legal
from .rules import OraRules
from .score import final, parts, ranking
from .start import start
from .upcast import upcast
from .view import OraView
from .words import CONTROL, describe, summary

#: The card hashes of the earlier editions of the shipped set, each with what changed since; a save
#: made with one loads with today's set (issue #58: saves of every earlier format still load).
EARLIER_SHIPPED: dict[str, str] = {
    "ora-cards:ca5f9dd594c68d30606d726b72f66061": (
        "before the goods card held the exchanges and the production wheel became track cards "
        "(issue #58; peat coal now pays its energy)"
    ),
}


class OraGame(GameType):
    """The game type: each method hands the core's call to the game's own modules."""

    def fold(self, state: Any, event: Any, rules: Any) -> Any:
        return fold(state, event, rules)

    def batch(self, state: Any, rules: Any) -> Any:
        return Batch(self, state, rules)

    def advance(self, batch: Any, rules: Any) -> None:
        advance(batch, rules)

    def legal(self, state: Any, rules: Any) -> list[Any]:
        return legal(state, rules)

    def events_of(self, state: Any, rules: Any, action: Any) -> list[Any]:
        return events_of(state, rules, action)

    def refusal(self, state: Any, rules: Any, action: Any, legal: list[Any]) -> str:
        return refusal(state, rules, action, legal)

    def unlabelled(self, action: Any) -> Any:
        import attrs

        label = getattr(action, "label", "")
        return attrs.evolve(action, label="") if type(label) is not str or label else action

    def seat_name(self, state: Any, seat: int) -> str:
        name: str = state.names[seat]
        return name

    def seats(self, state: Any) -> int:
        players: int = state.players  # solo: the neutral seat does not choose (§9.3)
        return players

    def scores(self, state: Any) -> list[Any]:
        """Each seat's points as the table stands (at the end: the final score, §7)."""
        return list(final(state))

    def ranking(self, state: Any) -> list[list[int]]:
        return ranking(self.scores(state))

    def event_bound(self, state: Any) -> int:
        # a round's opening (returns, rotation, income, phase steps) and an action's own events
        n: int = state.n
        return 64 + 4 * n

    def view(self, game: Any, seat: object) -> OraView:
        """Nothing is hidden in Ora: every seat and a spectator see the whole table (§4.10.1:
        landscapes are open; settlement hands are the same cards for every seat, §1.3, §6.4).
        ``seat`` is still checked: a plain int of a deciding seat, or ``None``. The view carries
        the seat's legal actions when it must act (:class:`.view.OraView`)."""
        players = game.state.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            kind = "" if type(seat) is int else f" (a seat is a plain int, not {type(seat).__name__[:40]})"
            raise IllegalActionError(f"no seat {safe_repr(seat, 40)} in a {players}-player game{kind}")
        mine = seat is not None and seat == game.current_player
        legal = tuple(game.legal_actions()) if mine else ()
        return OraView(seat, game.state, game.rules, legal, lambda: game.events, public)

    def export(self, game: Any, seat: object) -> str:
        return json.dumps(self.view(game, seat).data, sort_keys=True)

    def describe(self, game: Any, event: Any) -> str:
        return describe(game.state, game.rules, event)

    def is_control(self, event: Any) -> bool:
        return isinstance(event, CONTROL)

    def summary(self, state: Any) -> str:
        return summary(state)

    # ---------------------------------------------------------------- new games and saves
    def new_game(self, players: object, seed: object, variants: object, options: Mapping[str, object]) -> Game:
        """``pr.new_game(game="ora-et-labora", players=..., variants=..., names=..., cards=...)``
        (:func:`.start.start`)."""
        return new_game(*start(players, seed, variants, options))

    def is_start(self, event: Any) -> bool:
        return type(event) is R.Began

    def save_header(self, game: Any) -> dict[str, Any]:
        rules: OraRules = game.rules
        return {
            "mode": rules.mode,
            "variant": rules.variant,
            "options": sorted(rules.options),
            "names": list(game.state.names[: game.state.players]),
            "cards": rules.card_hash,
        }

    def encode_event(self, event: Any) -> dict[str, Any]:
        return saves.encode_event(event)

    def decode_event(self, raw: object, index: int) -> Any:
        return saves.decode_event(raw, index)

    def load_rules(self, cards: object) -> Any:
        """The cards a log is replayed with: its rules (an :class:`OraRules`) as they are, or a card
        set (``None``: the shipped set; see :func:`.cards.card_set`) whose rules the log's first
        event (mode, variant, options) completes."""
        if isinstance(cards, OraRules):
            return cards
        picked, tracks = chosen(cards)
        return Cards(picked, tracks)

    def rules_facts(self, rules: Any) -> dict[str, Any]:
        return {"cards": rules.card_hash}

    def load_save(self, doc: dict[str, Any], written: int, cards: object, verify: bool) -> Any:
        """As :meth:`GameType.load_save`; a save made with an earlier edition of the shipped
        card set (:data:`EARLIER_SHIPPED`) is read with today's, its log replayed and checked
        with today's rules: one that no longer replays is refused, naming the edition."""
        made = doc.get("cards")
        if cards is None and isinstance(made, str) and made in EARLIER_SHIPPED:
            today = self.rules_facts(self.load_rules(None))["cards"]
            try:
                return super().load_save({**doc, "cards": today}, written, cards, verify)
            except SaveError as exc:
                raise SaveError(
                    f"{exc} (the save was made with an earlier edition of the shipped cards, "
                    f"{EARLIER_SHIPPED[made]}, whose rules differ)"
                ) from None
        return super().load_save(doc, written, cards, verify)

    def replay_log(self, events: list[Any], rules: Any, verify: bool) -> Game:
        """The game ``events`` record, a log written before the ``use`` decision upcast first (:mod:`.upcast`)."""
        events = upcast(events)
        return replay_by_listing(self, events, rules_of_log(events, rules), verify)


def public(state: R.State, rules: OraRules) -> dict[str, Any]:
    """The table as JSON-able data: what every seat sees."""
    standing: dict[str, list[dict[str, Any]]] = {}  # building key (owner/card) -> the clergy on it
    for w in state.workers.all:
        if w.at is not None:
            standing.setdefault(w.at, []).append({"seat": w.seat, "kind": w.kind})
    seats = []
    for s in range(state.n):
        seats.append(
            {
                "name": state.names[s],
                "goods": dict(state.stocks[s]),
                "hand": list(state.hands[s]),
                "clergy_home": list(K.free(state.workers, s)),
                "landscape": [
                    {
                        "x": c.x,
                        "y": c.y,
                        "terrain": c.terrain,
                        "cover": c.cover,
                        "card": c.occupant.card if c.occupant else None,
                        "height": c.height,
                        "clergy": standing.get(f"{s}/{c.occupant.card}", []) if c.occupant else [],
                    }
                    for c in state.grids[s].cells
                ],
                "score": dict(zip(("goods", "economic", "dwelling"), parts(state, s), strict=True)),
            }
        )
    return {
        "game": "ora-et-labora",
        "mode": rules.mode,
        "variant": rules.variant,
        "round": state.round,
        "wheel": dict(state.wheel.steps),
        "display": list(state.display),
        "fee_level": state.level,
        "pending": None if state.pending is None else {"seat": state.pending.seat, "kind": state.pending.kind},
        "seats": seats,
        "over": state.game_over,
    }


ORA = register(OraGame("ora-et-labora", "Ora et Labora", OraRules, R.Turn, R.ACTION_FIELDS))


@attrs.frozen
class Cards:
    """A card set to replay a log with, before its first event says the mode and the variant."""

    cards: tuple[Any, ...]
    #: the set's track cards (the wheel of each mode; ``()``: the shipped set's)
    tracks: tuple[Any, ...] = ()
    card_hash: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "card_hash", set_hash(self.cards, self.tracks))


def rules_of_log(events: list[Any], rules: OraRules | Cards) -> OraRules:
    """The rules a log is replayed with: ``rules``, which must agree with its first event's mode,
    variant and options, or made from the card set and the first event
    (a :class:`SaveError` at ``$.events[0]`` otherwise)."""
    first = events[0] if events else None
    if type(first) is not R.Began:
        raise SaveError("$.events[0]: an Ora log starts with Began (the seats, the mode and the variant)", 0)
    facts = (first.mode, first.variant, first.options)
    if not all(type(n) is str and n for n in first.names):
        raise SaveError("$.events[0].names: every seat's name is a non-empty string", 0)
    if isinstance(rules, OraRules):
        if len(first.names) != rules.seats:
            raise SaveError(f"$.events[0].names: {len(first.names)} seats; these rules seat {rules.seats}", 0)
        if facts != (rules.mode, rules.variant, tuple(sorted(rules.options))):
            raise SaveError(
                f"$.events[0]: the log is a {first.mode}, {first.variant} game {list(first.options)}; "
                f"these rules are a {rules.mode}, {rules.variant} game {sorted(rules.options)}",
                0,
            )
        return rules
    players = len(first.names)
    try:
        tracks = rules.tracks or None
        return OraRules(first.mode, first.variant, rules.cards, players, frozenset(first.options), tracks=tracks)
    except ConfigError as exc:
        raise SaveError(f"$.events[0]: the log's set-up cannot be played: {exc}", 0) from None


def new_game(rules: OraRules, names: Sequence[str] | None = None) -> Game:
    """A new game of ``rules``, seated by ``names`` (default: Player 1, Player 2, ...)."""
    seats = tuple(names) if names is not None else tuple(f"Player {i + 1}" for i in range(rules.seats))
    if len(seats) != rules.seats or not all(type(n) is str and n for n in seats):
        raise ConfigError(f"the {rules.mode} game takes {rules.seats} seat names, not {names!r:.60}")
    first = R.Began(seats, rules.mode, rules.variant, tuple(sorted(rules.options)))
    state = ORA.fold(None, first, rules)
    events, state = run(ORA, state, rules, [])
    return Game(rules, state, [first, *events], 1 + len(events), None, ORA)


__all__ = ["ORA", "OraGame", "new_game", "public"]
