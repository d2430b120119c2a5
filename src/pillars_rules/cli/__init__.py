"""The ``pillars-rules`` command line: one module per command.

Why a package: the command line is a client of the library like any other
(it uses the public API, the bots, the lab and the terminal game), so it
lives apart from them, and every command is found in one place:

* :mod:`.entry` -- the entry point: the parser that gathers every command;
* :mod:`.simulate` -- ``simulate``: bots play seeded games, narrated;
* :mod:`.cards` -- ``cards check``, ``cards fmt``, ``cards show``;
* :mod:`.play` -- ``play``, the terminal game (:mod:`pillars_rules.terminal`);
* :mod:`.balance` -- ``balance``, the balance lab (:mod:`pillars_rules.lab`);
* :mod:`.bench` -- ``bench``, which runs the benchmark suite of a checkout;
* :mod:`.options` -- the options several commands share, read the same way.

A command's optional dependencies (rich, dask, ...) load only when it runs.
"""

from __future__ import annotations

from .entry import main

__all__ = ["main"]
