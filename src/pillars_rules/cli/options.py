"""Command-line pieces shared by the commands that set up games (``simulate``,
``play``, ``balance``): the same options read the same way, comma lists, and
the one-line error a bad value gets.

The commands' modules import this one; at import it imports nothing of the
package (``--variant``'s help reads the public :data:`pillars_rules.VARIANTS`,
``--game`` the core's registry of games, when a parser is built), so the
terminal and the lab stay clients of the public API.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_players(p); add_variant(p); add_game(p)
>>> p.parse_args(["--players", "3", "--variant", "dm"])
Namespace(players=3, variant=['dm'], game='pillars')
>>> comma_list(" heuristic, random ,")
['heuristic', 'random', '']
"""

from __future__ import annotations

import argparse
import sys

#: The player counts any card set may play: the base set 2-4 (RULES §1), the
#: expansion (``--cards expansion``, from any folder) 2-6; the game refuses a count its set does not play.
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def add_game(p: argparse.ArgumentParser) -> None:
    """``--game NAME``: the game by its name (:func:`pillars_rules.core.game_titles`,
    read when the parser is built: no game's package is imported for it),
    default ``pillars``; argparse refuses any other name, listing the games."""
    from ..core import game_titles  # the registry, filled by ``import pillars_rules``

    titles = game_titles()
    p.add_argument(
        "--game",
        default="pillars",
        choices=list(titles),
        metavar="NAME",
        help="the game to play, by name (default pillars): " + "; ".join(f"{n} ({t})" for n, t in titles.items()),
    )


#: ``--players``' help on a command that plays either game
ORA_AND_PILLARS_SEATS = "seats: 2, 3 or 4, 5 or 6 with the expansion (--cards expansion); Ora et Labora: 1 (solo) to 4"


def add_players(
    p: argparse.ArgumentParser,
    counts: tuple[int, ...] = PLAYER_COUNTS,
    help: str = "seats: 2, 3 or 4; 5 or 6 with the expansion (--cards expansion)",
) -> None:
    """``--players N``: 2 to 6 as the card set allows (default 4); ``counts`` and ``help``
    for a command that plays other games too."""
    p.add_argument("--players", type=int, default=4, choices=counts, help=help)


def add_variant(p: argparse.ArgumentParser) -> None:
    """``--variant NAME``, repeatable; ``args.variant`` is a list (empty by default)."""
    from ..games.pillars import VARIANTS  # Pillars' variants (pillars_rules.VARIANTS), read when a parser is built

    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=f"a variant option, repeatable: {', '.join(sorted(VARIANTS))}, or one a --cards file defines",
    )


def add_cards(p: argparse.ArgumentParser) -> None:
    """``--cards PATH``, repeatable; ``args.cards`` is a list, or ``None`` if not given."""
    p.add_argument(
        "--cards",
        action="append",
        metavar="PATH",
        help="extra .cards file or folder, or a set shipped with the library (expansion); repeatable",
    )


def comma_list(text: str) -> list[str]:
    """The items of a comma-separated value (bot names, seat names), stripped;
    empty items are kept, for the caller to refuse or drop."""
    return [part.strip() for part in text.split(",")]


def install_hint(extra: str) -> str:
    """How to install an extra, for an installed package and for a checkout.

    >>> install_hint("play")
    "pip install 'pillars-rules[play]' (in a checkout of the repository: pip install -e '.[play]')"
    """
    return f"pip install 'pillars-rules[{extra}]' (in a checkout of the repository: pip install -e '.[{extra}]')"


def fail(command: str, message: str, code: int = 2) -> int:
    """Print ``pillars-rules COMMAND: error: MESSAGE`` on stderr; return ``code``
    (2: bad input) for the command to exit with."""
    print(f"pillars-rules {command}: error: {message}", file=sys.stderr)
    return code
