"""*Ora et Labora* (Uwe Rosenberg, 2011), the second game on the engine's core (issue #58).

Importing this package registers the game with the core under the name
``"ora-et-labora"`` (:data:`ORA`). A game is made from its rules
(:class:`OraRules`: the mode, the variant and the building catalogue) with
:func:`new_game`, and is then a :class:`pillars_rules.core.Game` like any other.
How it is put together: ``docs/ora/game.rst``.

* :mod:`.setup` -- the mechanisms' configuration and the set-up per mode, as data;
* :mod:`.catalogue` -- the :class:`~.catalogue.Building` protocol the compiled cards meet;
* :mod:`.rules` -- :class:`OraRules`;
* :mod:`.records` -- the state, the events and the actions;
* :mod:`.fold`, :mod:`.flow` -- the fold and the flow;
* :mod:`.legal`, :mod:`.decide` -- the listed actions, their events and the refusals;
* :mod:`.score`, :mod:`.words` -- the scoring and the sentences;
* :mod:`.game` -- the game type and its registration.
"""

from __future__ import annotations

from .game import ORA, OraGame, new_game, public
from .rules import OraRules, ora_rules
from .view import OraView

__all__ = ["ORA", "OraGame", "OraRules", "OraView", "new_game", "ora_rules", "public"]
