"""``python -m bench`` from the repository root runs the benchmark suite;
``python -m bench --bots`` runs the bots benchmark instead (a suite
registered in :data:`bench.cli.SUITES`)."""

import sys

from bench.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
