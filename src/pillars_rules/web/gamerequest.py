"""What a game request (:mod:`.lobby`) asks of a game other than Pillars: its name, its cards, its clock.

A request names its game in ``"game"`` (a registered name, :func:`pillars_rules.core.game_titles`;
``"pillars"`` when left out, so every older client asks for Pillars as before)::

    {"game": "ora-et-labora", "players": 2, "variants": ["ireland"],
     "seats": [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]}

Such a game plays its own card set: ``"cards"`` is left out (or ``"base"``, what the
lobby's form sends). Its seats' bots are that game's (:func:`pillars_rules.bots.bot_names`).
Its variants and its number of seats are checked by making the game once
(:func:`pillars_rules.new_game`): a bad combination is the game's own
:class:`~pillars_rules.errors.ConfigError`, saying what is wrong.
"""

from __future__ import annotations

from typing import Any

import pillars_rules as pr

from ..bots import bot_names
from ..core import game_titles
from ..errors import ConfigError
from ..limits import MOST_PLAYERS
from .cardsets import CardChoice

#: Ora et Labora's registered name.
ORA = "ora-et-labora"
#: The clock's bot when a request names none: Pillars' ``medium``, another game's ``heuristic``.
CLOCK_BOT = "heuristic"


def game_name(value: object) -> str:
    """The game a request asks for, or :class:`ConfigError` naming the games this server hosts."""
    titles = game_titles()
    if type(value) is not str or value not in titles:
        known = ", ".join(f"{name!r} ({title})" for name, title in titles.items())
        raise ConfigError(f"game: no game {str(value)[:40]!r} on this server (games: {known})")
    return value


def own_cards(game: str, cards: object, players: int, variants: list[str]) -> CardChoice:
    """The card set of a ``game`` table of ``players`` seats and ``variants`` (checked by making the game)."""
    if cards not in (None, "base"):
        raise ConfigError(f"cards: {game!r} plays its own cards; card sets ({str(cards)[:40]!r}) are for Pillars")
    made = pr.new_game(players, None, game=game, variants=variants)  # ConfigError: the game's own words
    rules = made.rules
    return CardChoice(game, str(rules.content_hash), len(rules.catalogue), None, (players,))


def bots_of(game: str) -> tuple[str, ...]:
    """``game``'s bots; none for a game registered without bots (people play every seat)."""
    try:
        return bot_names(game)
    except ConfigError:
        return ()


def offered() -> dict[str, dict[str, Any]]:
    """The games other than Pillars a lobby offers (``GET /api/lobby``'s ``games``): by name, the
    title, the seat counts, the bots and the variants (Ora's countries, lengths and set-up options)."""
    from ..games.ora.setup import OPTIONS, VARIANTS
    from ..games.ora.start import LENGTHS

    out: dict[str, dict[str, Any]] = {}
    for name, title in game_titles().items():
        if name == "pillars":
            continue
        counts = []
        for n in range(1, MOST_PLAYERS + 1):
            try:
                pr.new_game(n, None, game=name)
            except ConfigError:
                continue
            counts.append(n)
        variants = [*VARIANTS, *LENGTHS, *OPTIONS] if name == ORA else []
        out[name] = {"title": title, "players": counts, "bots": sorted(bots_of(name)), "variants": variants}
    return out


def clock_doc(game: str, clock: object) -> object:
    """A request's ``clock`` with the game's default bot when it names none (Pillars' is the clock's own)."""
    if game == "pillars" or not isinstance(clock, dict) or "bot" in clock:
        return clock
    if CLOCK_BOT not in bot_names(game):
        raise ConfigError(f"clock.bot: name one of {game!r}'s bots ({', '.join(bot_names(game))})")
    return {**clock, "bot": CLOCK_BOT}


__all__ = ["game_name", "own_cards", "clock_doc", "offered", "bots_of", "CLOCK_BOT"]
