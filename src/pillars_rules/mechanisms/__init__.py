"""Mechanisms that games share, configured by data (docs/ora/mechanisms.rst).

Each module is one mechanism: its configuration (a value a game's data builds,
checked when it is made: a bad one raises
:class:`~pillars_rules.errors.ConfigError` saying what and where) and pure
functions on an immutable state. None knows a game: the names of goods,
terrains, boards and cards are the configuration's. A game's package (or its
engine) imports them; they import only the base and the core
(``tests/test_layering.py``).

* :mod:`.wheel` -- a rotating track of values (``wheel``);
* :mod:`.grid` -- each seat's grid of terrain, its placement and attachment rules (``grid``);
* :mod:`.gridscore` -- adjacency scoring on a grid (``grid-score``);
* :mod:`.workers` -- workers that stay on a card until recalled (``worker``);
* :mod:`.contract` -- using another seat's card for a fee (``contract``);
* :mod:`.twosided` -- goods with two sides, their values, exchanges and payment by value (``two-sided``);
* :mod:`.phases` -- phases triggered by a track's marker or by a moment, and the end (``phases``);
* :mod:`.use` -- every complete way to use a card's function, listed as outcomes (``use``).
"""

from __future__ import annotations
