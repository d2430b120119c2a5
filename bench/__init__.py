"""The pillars-rules benchmark suite: ``python -m bench [--quick] [--output F] [--rst P]``.

The suite itself lives in :mod:`pillars_rules.benchmark` (so ``pillars-rules
bench`` works from an installed package too); this package is the entry point
from a checkout. Committed results are in ``bench/results/``.
"""

from pillars_rules.benchmark import main

__all__ = ["main"]
