"""Adapters for AI research: OpenSpiel and PettingZoo (install the ``[ai]`` extra).

* :mod:`.encoding` -- the fixed action <-> integer encoding (no extra dependency);
* :mod:`.observation` -- observation strings and tensors of a seat view (numpy);
* :mod:`.openspiel_game` -- the OpenSpiel game ``python_pillars_of_the_earth``;
* :mod:`.pettingzoo_env` -- a PettingZoo AEC environment.

They are clients of the engine: they see the game only through the public API
and seat views (:class:`~pillars_rules.view.SeatView`). Nothing heavy is imported
by this package itself.
"""
