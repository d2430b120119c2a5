"""The embedding API: :func:`new_game`, which makes a game of any registered
game by its name, and the game value.

A :class:`Game` is the core's game value (:mod:`pillars_rules.core.session`),
named here too, as are :func:`playout` and its :data:`Policy`;
:func:`~pillars_rules.replay`, which re-checks a log, lives with the saves in
:mod:`pillars_rules.saves.savefile`. This module knows no game: each game's
type makes its new games (*The Pillars of the Earth*'s set-up is
:mod:`pillars_rules.games.pillars.setup`).

It still names :func:`load_cards` and :data:`VARIANTS` (Pillars', named in
``pillars_rules`` too); Pillars' other set-up names, which lived here until
issue #57 (:data:`DEFAULT_NAMES`, :func:`named_set_path`, :func:`game_started`,
:func:`prepare`...), it gives with a :class:`DeprecationWarning`: code that
knows Pillars imports them from :mod:`pillars_rules.games.pillars`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .cardlang.cardset import CardSet
from .core.gametype import game_type
from .core.session import Game, Policy, playout, uniform_policy
from .games.pillars.setup import VARIANTS, load_cards  # Pillars' set-up, named here as before issue #57


def new_game(
    players: object = 4,
    seed: object = None,
    *,
    game: object = "pillars",
    names: Sequence[str] | None = None,
    variants: Iterable[str] | Mapping[str, bool] = (),
    cards: CardSet | str | Sequence[str] | None = None,
    **options: object,
) -> Game:
    """A new game for ``players`` seats: 2 to 6, as the card set's board allows
    (the base set plays 2, 3 or 4; ``cards="expansion"`` 2 to 6).

    ``game`` chooses the game by its registered name
    (:func:`pillars_rules.core.game_types`; an unknown name is a
    :class:`ConfigError` that lists them): ``"pillars"``, *The Pillars of the
    Earth*, by default, whose set-up the rest of this page describes. Each
    game makes its own (:meth:`GameType.new_game
    <pillars_rules.core.GameType.new_game>`), given ``players``, ``seed``,
    ``variants`` and the other keyword arguments (``names``, ``cards`` when
    given, and any ``options`` of that game's); Pillars takes no other option
    (its set-up: :mod:`pillars_rules.games.pillars.setup`).

    ``seed`` decides every random outcome: a whole number from 0 to
    ``2**128 - 1``; without one, 128 bits are drawn from :mod:`secrets`
    (never the clock). The seed is recorded in the game's first event, so a
    save holds it: keep saves on the server. ``names`` the seat names;
    ``variants`` switches on variant options (:data:`VARIANTS`, or variants
    defined by card files); ``cards`` adds fan cards (a :class:`CardSet` or
    paths to ``.cards`` files), replacing base cards with the same id.

    >>> import pillars_rules as pr
    >>> game = pr.new_game(players=3, seed=7)
    >>> game.state.round, game.current_player
    (1, 0)
    >>> pr.new_game(game="pillars", players=3, seed=7) == game
    True
    """
    kind = game_type(game)  # ConfigError: no game of that name (it lists the games)
    given: dict[str, object] = {"names": names, "cards": cards}
    given = {k: v for k, v in given.items() if v is not None}
    return kind.new_game(players, seed, variants, {**given, **options})  # type: ignore[no-any-return]


__all__ = ["Game", "new_game", "playout", "Policy", "uniform_policy", "load_cards", "VARIANTS"]


def __getattr__(name: str) -> object:
    """Pillars' set-up, named here until issue #57 (``DEFAULT_NAMES``,
    ``named_set_path``, ``game_started``, ``Rules``...): still given, with a
    :class:`DeprecationWarning` naming its home, :mod:`pillars_rules.games.pillars`."""
    from .games import pillars

    if name.startswith("_") or name not in pillars.__all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    warnings.warn(
        f"pillars_rules.game.{name} is Pillars' own: import it from pillars_rules.games.pillars (issue #57)",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(pillars, name)
