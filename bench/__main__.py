"""``python -m bench`` from the repository root runs the benchmark suite."""

import sys

from bench.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
