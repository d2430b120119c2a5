"""``python -m bench`` from the repository root runs the benchmark suite;
``python -m bench --bots`` runs the bots benchmark instead."""

import sys

if __name__ == "__main__":
    if "--bots" in sys.argv[1:]:
        from pillars_rules.bots.benchmark import main
    else:
        from pillars_rules.benchmark import main
    sys.exit(main(sys.argv[1:]))
