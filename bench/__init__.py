"""The benchmark suite: a fixed, seeded workload timed on one core.

Run it from a checkout with ``python -m bench`` (or ``pillars-rules bench``)::

    python -m bench                     # full run, about 1-3 minutes
    python -m bench --quick             # tiny workload: checks the suite works (CI)
    python -m bench --output bench/results/latest.json --rst bench/results/latest.rst
    python -m bench --profile           # also print cProfile hot spots

What is measured (every number is printed and written to the JSON):

1. full random 4-player games per second (``new_game`` + ``play`` with seeded
   :class:`~pillars_rules.RandomBot` per seat, base rules, no variants);
2. applied actions per second (actions pre-chosen by the bots, re-applied with
   ``Game.apply`` on a fresh game: the time includes validation, i.e. the
   ``legal_actions`` each fresh ``Game`` computes) and the median / p90 time
   of the engine's ``legal_actions(state, rules)`` on every decision state;
3. replay of a complete game from its event log, pure fold
   (``replay(events, verify=False)``) and verified (``replay(events)``);
4. ``save`` and ``load`` of a complete game (``load`` verifies by default);
5. parse + compile of the base card set, cold (a new interpreter) and warm
   (in process, parser built, the ``base_cards`` cache bypassed);
6. memory retained by 1,000 successive states (structural sharing), by the
   successive ``Game`` objects, and bytes per event of a save;
7. growth: the time per event of folding 1, 2, 4, 8 complete logs back to back;
8. random playouts (actions/s) of this engine and, side by side in the same
   process, of OpenSpiel's pure-Python ``python_team_dominoes`` (optional
   ``[bench]`` extra; skipped with a message when not installed), and the ratio.

Timed blocks run with the garbage collector collected before and disabled
during the block (``--gc`` keeps it enabled); the process is pinned to one
core where the platform allows; times are wall-clock (``--clock cpu`` uses the
process's CPU time instead, steadier on a shared machine). The JSON records
how busy the machine was (``contention``). No number here is asserted by the
tests.

Modules: :mod:`bench.common` (sizes, clock, corpus), :mod:`bench.engine`
(games, apply, legal actions, replay, save/load, growth), :mod:`bench.resources`
(cards, memory), :mod:`bench.peer` (the side-by-side playouts),
:mod:`bench.report` (targets and tables), :mod:`bench.profiling`
(``--profile``) and :mod:`bench.cli`. Other suites register a flag in
``bench.cli.SUITES``. Committed results are in ``bench/results/``.
"""

from .cli import main

__all__ = ["main"]
