"""Creating a game: the lobby's request, checked, and what creating it returns.

A request is a JSON object (the HTML form is turned into the same object)::

    {"players": 3,
     "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person"}, {"kind": "bot", "bot": "heuristic"}],
     "variants": [], "cards": "base", "takeover": {"bot": "heuristic", "grace": 60},
     "clock": {"kind": "move", "seconds": 120, "bot": "medium"}, "reveal": false}

Everything is optional but the seats or the number of players (then every
seat is a person). Anything unknown or out of range is a
:class:`~pillars_rules.errors.ConfigError` saying which field and why.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from attrs import frozen

from ..bots import BOTS
from ..errors import ConfigError
from ..games.pillars import counts_text
from ..limits import MOST_PLAYERS
from . import gamerequest as G
from .cardsets import CardChoice, Catalogue
from .settings import Settings
from .timers import parse_clock

#: Longest takeover grace a game may ask for, in seconds (a day).
MAX_GRACE = 86_400.0
_FIELDS = {"game", "players", "seats", "variants", "cards", "takeover", "seed", "clock", "reveal"}


@frozen
class SeatRequest:
    kind: str
    name: str | None
    bot: str | None


@frozen
class GameRequest:
    """A checked request to create a game."""

    seats: tuple[SeatRequest, ...]
    variants: tuple[str, ...]
    cards: CardChoice
    takeover: dict[str, Any] | None
    seed: int | None
    clock: dict[str, Any] | None = None
    reveal: bool = False
    #: The game's registered name (``"pillars"``, ``"ora-et-labora"``: :mod:`.gamerequest`).
    game: str = "pillars"

    @property
    def players(self) -> int:
        return len(self.seats)


def _bot(name: object, where: str, bots: Collection[str] = BOTS) -> str:
    if not isinstance(name, str) or name not in bots:
        raise ConfigError(f"{where}: unknown bot {str(name)[:40]!r} (bots: {', '.join(sorted(bots))})")
    return name


def parse_request(doc: object, catalogue: Catalogue, settings: Settings) -> GameRequest:
    """The :class:`GameRequest` in a parsed JSON object, or :class:`ConfigError`."""
    if not isinstance(doc, Mapping):
        raise ConfigError("a game request is a JSON object")
    unknown = set(doc) - _FIELDS
    if unknown:
        raise ConfigError(f"unknown field {sorted(map(str, unknown))[0][:40]!r} (fields: {', '.join(sorted(_FIELDS))})")
    game = G.game_name(doc.get("game", "pillars"))
    least, bots = (2, BOTS) if game == "pillars" else (1, G.bots_of(game))
    players = doc.get("players")
    seats_doc = doc.get("seats")
    if players is not None and (type(players) is not int or not least <= players <= MOST_PLAYERS):
        raise ConfigError(f"players must be {least} to {MOST_PLAYERS} as the game allows, not {str(players)[:20]}")
    if seats_doc is None:
        seats_doc = [{"kind": "person"}] * (players or 4)
    if not isinstance(seats_doc, list) or not least <= len(seats_doc) <= MOST_PLAYERS:
        raise ConfigError(f"seats must be a list of {least} to {MOST_PLAYERS} seats")
    if players is not None and players != len(seats_doc):
        raise ConfigError(f"players is {players} but {len(seats_doc)} seats are given")
    seats = []
    for i, s in enumerate(seats_doc):
        if not isinstance(s, Mapping) or not set(s) <= {"kind", "name", "bot"}:
            raise ConfigError(f"seats[{i}] must be an object with kind, name and bot")
        kind, name = s.get("kind", "person"), s.get("name")
        if kind not in ("person", "bot"):
            raise ConfigError(f'seats[{i}].kind must be "person" or "bot", not {str(kind)[:20]!r}')
        if name is not None and not isinstance(name, str):
            raise ConfigError(f"seats[{i}].name must be a string")
        bot = _bot(s.get("bot"), f"seats[{i}].bot", bots) if kind == "bot" else None
        if kind == "person" and s.get("bot") is not None:
            raise ConfigError(f"seats[{i}]: a person's seat has no bot")
        seats.append(SeatRequest(kind, name or None, bot))
    variants = doc.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ConfigError("variants must be a list of variant names")
    cards: CardChoice | None = (
        G.own_cards(game, doc.get("cards"), len(seats_doc), variants)
        if game != "pillars"
        else catalogue.get(doc.get("cards", "base"))
    )
    if cards is None:
        known = ", ".join(c.name for c in catalogue)
        raise ConfigError(f"cards: no card set {str(doc.get('cards'))[:40]!r} on this server (sets: {known})")
    if len(seats_doc) not in cards.players:
        others = [c for c in catalogue if len(seats_doc) in c.players]
        pick = (
            (
                f"; for {len(seats_doc)} players pick the card set "
                + " or ".join(f"{c.name!r} ({counts_text(c.players)} players)" for c in others)
            )
            if others
            else ""
        )
        raise ConfigError(
            f"players must be {counts_text(cards.players)} with the card set {cards.name!r}, not {len(seats_doc)}{pick}"
        )
    takeover = doc.get("takeover")
    if takeover is not None:
        if not isinstance(takeover, Mapping) or not set(takeover) <= {"bot", "grace"}:
            raise ConfigError('takeover must be null or {"bot": <name>, "grace": <seconds>}')
        grace = takeover.get("grace", settings.takeover_grace)
        if type(grace) not in (int, float) or not 0 <= grace <= MAX_GRACE:
            raise ConfigError(f"takeover.grace must be a number of seconds from 0 to {MAX_GRACE:.0f}")
        takeover = {"bot": _bot(takeover.get("bot", "heuristic"), "takeover.bot", bots), "grace": float(grace)}
    seed = doc.get("seed")
    if seed is not None and not settings.allow_seeds:
        raise ConfigError("seed: this server draws every game's seed itself (see --allow-seeds)")
    reveal = doc.get("reveal", False)
    if type(reveal) is not bool:
        raise ConfigError("reveal must be true or false")
    clock = parse_clock(G.clock_doc(game, doc.get("clock")), settings.db)
    if clock is not None:
        _bot(clock["bot"], "clock.bot", bots)
    return GameRequest(tuple(seats), tuple(variants), cards, takeover, seed, clock, reveal, game)


def request_from_form(form: Mapping[str, Any], variants: list[str]) -> dict[str, Any]:
    """The JSON request of the lobby's HTML form (fields ``players``, ``cards``,
    ``variant`` (repeated), ``seatN`` = ``person`` or a bot name, ``nameN``,
    ``takeover`` = ``""`` or a bot name, ``grace``, ``clock`` = ``none``, ``move``
    or ``game``, ``clock_minutes``, ``clock_bot``, ``reveal`` = ``on``)."""

    def text(key: str) -> str:
        value = form.get(key, "")
        return value.strip() if isinstance(value, str) else ""

    try:
        players = int(text("players") or 4)
    except ValueError:
        raise ConfigError(f"players must be 2 to {MOST_PLAYERS} as the card set allows") from None
    seats = []
    for i in range(players if 1 <= players <= MOST_PLAYERS else 0):
        kind = text(f"seat{i}") or "person"
        seat: dict[str, Any] = {"kind": "person"} if kind == "person" else {"kind": "bot", "bot": kind}
        if text(f"name{i}"):
            seat["name"] = text(f"name{i}")
        seats.append(seat)
    doc: dict[str, Any] = {"players": players, "seats": seats, "variants": variants}
    if text("game") not in ("", "pillars"):
        doc["game"] = text("game")  # another game plays its own cards
    else:
        doc["cards"] = text("cards") or "base"
    if text("clock") not in ("", "none"):
        try:
            minutes = float(text("clock_minutes") or 2)
        except ValueError:
            raise ConfigError("the clock's minutes must be a number") from None
        doc["clock"] = {"kind": text("clock"), "seconds": minutes * 60, "bot": text("clock_bot") or "medium"}
    if text("reveal") == "on":
        doc["reveal"] = True
    if text("takeover"):
        try:
            doc["takeover"] = {"bot": text("takeover"), "grace": float(text("grace") or 60)}
        except ValueError:
            raise ConfigError("grace must be a number of seconds") from None
    return doc


__all__ = ["GameRequest", "SeatRequest", "parse_request", "request_from_form", "MAX_GRACE"]
