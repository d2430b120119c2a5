"""``pillars-rules bench``: a thin entry to the benchmark suite in ``bench/``.

The workloads live in the ``bench`` package at the root of a source checkout
(``python -m bench`` runs them too); they are not part of the installed
library. From an installed package without a checkout, ``pillars-rules bench``
says so and exits with status 2.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Sequence

#: What ``pillars-rules bench`` prints when there is no checkout to run from.
NO_CHECKOUT = ("pillars-rules bench: the benchmark suite (bench/) ships only with a source checkout; "
               "run 'python -m bench' from a clone of the repository")


def _suite():
    """The ``bench.cli`` module of the checkout this package was imported from, or ``None``."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "bench" / "cli.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    return importlib.import_module("bench.cli")


def main(argv: Sequence[str] | None = None) -> int:
    suite = _suite()
    if suite is None:
        print(NO_CHECKOUT, file=sys.stderr)
        return 2
    return suite.main(argv)


__all__ = ["main", "NO_CHECKOUT"]
