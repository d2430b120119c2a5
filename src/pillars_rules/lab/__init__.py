"""The balance lab: what is a card worth?

A client of the engine (public API and seat views only) that plays seeded
games with bots (:func:`pillars_rules.bots.make_bot`) and measures each
card's *causal* value by paired branches of the same game: at the moment a
seat may take the card, it takes it, or does the best other thing and never
takes it. Modules, in data-flow order:

* :mod:`.games` -- :class:`GameSpec` and :func:`play_game`: one game as a pure
  function of spec and index, returning a compact record;
* :mod:`.moments`, :mod:`.transfer`, :mod:`.causal` -- when a card can be
  taken, a position re-opened with a gift of gold, and one game with its
  branches (:func:`~.causal.play_causal`);
* :mod:`.runner` -- :func:`run`: many games serially, in local processes or on
  Dask, with an incremental result file (:mod:`.store`) and resume;
* :mod:`.effects`, :mod:`.verdict`, :mod:`.metrics`, :mod:`.stats`,
  :mod:`.summary` -- causal values, worth in gold, calibrated flags and power;
  verdicts in words; game-level metrics; intervals; who took what;
* :mod:`.ora` -- the same for *Ora et Labora*: a fan building's moments (the
  first chance to build it), its arms and the coin scale, in the same records
  (``GameSpec(game="ora-et-labora")``; ``docs/ora/balance.rst``), and
  :mod:`.units`, the report's words for either game's units;
* :mod:`.plan`, :mod:`.tune` -- which sets a run plays; the search for a fair
  number (Pillars' cards);
* :mod:`.report`, :mod:`.text`, :mod:`.html`, :mod:`.cli` -- the report as
  data, terminal tables, an HTML page, and ``pillars-rules balance``.

The statistics, reports and Dask need the ``[lab]`` extra
(``pip install 'pillars-rules[lab]'``); :mod:`.games` and local runs do not.
"""

from __future__ import annotations

from .games import GameSpec, play_game, read_cards, read_sources
from .runner import run

__all__ = ["GameSpec", "play_game", "read_cards", "read_sources", "run"]
