"""A new Ora game by name: ``pr.new_game(game="ora-et-labora", players=..., variants=[...])``.

The mode follows from the seats and the variants: 1 seat is the solo game; 2
the 2-player game, or with ``"long"`` the long 2-player game; 3 or 4 the full
game, or with ``"short"`` the short game. The variants also choose the country
(``"france"``, the default, or ``"ireland"``) and the set-up options of
:data:`.setup.OPTIONS` (``"german heartland"``, ``"no deck-C quarry"``).
``names`` seats the players (the first is the start player, §2.2); ``cards``
gives another card set (:func:`.cards.card_set`).

The seed is checked (``None`` or a whole number from 0) and not used: Ora's
set-up has no random element. The players decide who starts (§2.2: the seat
order says it), the building decks and the landscape stacks are laid out in
their fixed order (§2.3-§2.5), and nothing is drawn during play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...errors import ConfigError, safe_repr
from . import setup
from .rules import OraRules, ora_rules

#: The variants' names: the countries, the lengths and the set-up options.
LENGTHS = ("short", "long")


def _names(variants: object) -> list[str]:
    if isinstance(variants, Mapping):
        chosen = [k for k, on in variants.items() if on is True]
        bad = [k for k, on in variants.items() if type(on) is not bool]
        if bad:
            raise ConfigError(f"Ora variants: a mapping of variant names to True or False, not {safe_repr(bad[0], 40)}")
        variants = chosen
    if isinstance(variants, str) or not isinstance(variants, Iterable):
        raise ConfigError(f"Ora variants are a list of names, not {safe_repr(variants, 40)}")
    out = list(variants)
    known = (*setup.VARIANTS, *LENGTHS, *setup.OPTIONS)
    for v in out:
        if v not in known:
            raise ConfigError(f"Ora has no variant {safe_repr(v, 40)} (variants: {', '.join(known)})")
    return out


def start(
    players: object, seed: object, variants: object, options: Mapping[str, object]
) -> tuple[OraRules, Sequence[str] | None]:
    """The rules and the seat names of a new game (see the module's words; :meth:`.game.OraGame.new_game`
    seats them); bad values are a :class:`ConfigError` naming them."""
    if type(players) is not int or players not in (1, 2, 3, 4):
        raise ConfigError(f"Ora et Labora takes 1 to 4 players, not {safe_repr(players, 20)}")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ConfigError(f"a seed is a whole number from 0, not {safe_repr(seed, 40)}")
    unknown = sorted(set(options) - {"names", "cards"})
    if unknown:
        raise ConfigError(f"Ora et Labora takes no option {unknown[0]!r:.40} (options: names, cards, variants)")
    chosen = _names(variants)
    countries = [v for v in chosen if v in setup.VARIANTS]
    if len(countries) > 1:
        raise ConfigError(f"Ora variants: one country, not {' and '.join(countries)}")
    lengths = [v for v in chosen if v in LENGTHS]
    if len(lengths) > 1:
        raise ConfigError(f"Ora variants: the short or the long game, not {' and '.join(lengths)}")
    length = lengths[0] if lengths else ""
    if length == "short" and players not in (3, 4):
        raise ConfigError(f"the short game takes 3 or 4 players, not {players}")
    if length == "long" and players != 2:
        raise ConfigError(f"the long game takes 2 players, not {players}")
    mode = {1: "solo", 2: "2 players", 3: "3 players", 4: "4 players"}[players]
    mode = {"short": "short", "long": "long 2 players"}.get(length, mode)
    names: Any = options.get("names")
    if names is not None and (isinstance(names, str) or not isinstance(names, (list, tuple))):
        raise ConfigError(f"names are a list of {players} seat names, not {safe_repr(names, 40)}")
    rules = ora_rules(
        mode,
        countries[0] if countries else "france",
        None,
        players if mode == "short" else None,
        [v for v in chosen if v in setup.OPTIONS],
        cards=options.get("cards"),
    )
    return rules, names


__all__ = ["LENGTHS", "start"]
