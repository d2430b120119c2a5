"""The balance lab: what does a card do to the game?

A client of the engine (public API only) that plays many seeded games with
bots (:func:`pillars_rules.bots.make_bot`) and reports per card, per seat and
per game, with 95% intervals. Modules, in data-flow order:

* :mod:`.games` -- :class:`GameSpec` and :func:`play_game`: one game as a pure
  function of spec and index, returning a compact record;
* :mod:`.runner` -- :func:`run`: many games serially, in local processes or on
  Dask, with an incremental result file (:mod:`.store`) and resume;
* :mod:`.stats`, :mod:`.summary`, :mod:`.compare` -- intervals, per-card and
  per-seat statistics, Ludii-style metrics, A/B differences;
* :mod:`.report`, :mod:`.html` -- terminal tables, JSON, an HTML page;
* :mod:`.cli` -- ``pillars-rules balance``.

The statistics, reports and Dask need the ``[lab]`` extra
(``pip install 'pillars-rules[lab]'``); :mod:`.games` and local runs do not.
"""

from __future__ import annotations

from .games import GameSpec, play_game, read_cards
from .runner import run

__all__ = ["GameSpec", "play_game", "read_cards", "run"]
