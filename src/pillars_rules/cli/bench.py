"""``pillars-rules bench``: runs the benchmark suite of a source checkout.

The workloads live in the ``bench`` package at the root of a checkout
(``python -m bench`` runs them too); they are not part of the installed
library, and the library never imports them: this command runs
``python -m bench`` in the checkout, as a child process, and returns its exit
status. From an installed package without a checkout, it says so and exits
with status 2.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

#: What ``pillars-rules bench`` prints when there is no checkout to run from.
NO_CHECKOUT = (
    "pillars-rules bench: the benchmark suite (bench/) ships only with a source checkout; "
    "run 'python -m bench' from a clone of the repository"
)


def checkout() -> Path | None:
    """The root of the checkout this package was imported from, if it has ``bench/``."""
    root = Path(__file__).resolve().parents[3]
    return root if (root / "bench" / "cli.py").is_file() else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m bench ARGV`` in the checkout; its exit status."""
    root = checkout()
    if root is None:
        print(NO_CHECKOUT, file=sys.stderr)
        return 2
    return subprocess.call([sys.executable, "-m", "bench", *(argv or ())], cwd=root)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``bench`` command."""
    p = subparsers.add_parser("bench", help="run the benchmark suite (from a checkout)")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--output", help="write JSON results here")
    p.set_defaults(func=_bench)
    return p


def argv_for(args: argparse.Namespace) -> list[str]:
    """The ``python -m bench`` arguments for the parsed ``bench`` command."""
    return (["--quick"] if args.quick else []) + (["--output", args.output] if args.output else [])


def _bench(args: argparse.Namespace) -> int:
    return main(argv_for(args))


__all__ = ["main", "NO_CHECKOUT", "checkout"]
