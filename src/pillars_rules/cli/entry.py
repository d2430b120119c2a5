"""The ``pillars-rules`` entry point: the parser that gathers every command.

* ``pillars-rules simulate --players N --seed S [--games K] [--bots a,b,..]`` -- bots play
  (random by default);
  one game is narrated event by event with the final scoreboard, several games
  are summarised (wins by seat, mean score).
* ``pillars-rules play`` -- a game in the terminal, against bots or hot-seat.
* ``pillars-rules balance`` -- the balance lab.
* ``pillars-rules cards check|fmt|show`` -- the card language tools.
* ``pillars-rules bench [--quick]`` -- the benchmark suite.
* ``pillars-rules serve [--port N] [--db PATH]`` -- the game server (``--list``: its games).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import COMPILED, __version__
from ..errors import CardError, PillarsError

#: What ``pillars-rules --help`` says first: plain text (the module docstring is RST).
DESCRIPTION = (
    "The Pillars of the Earth as a rules engine: bots play seeded games, you play in the "
    "terminal or the browser, and your own cards are checked, shown and measured."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pillars-rules", description=DESCRIPTION, epilog="pillars-rules COMMAND --help says more of each command."
    )
    build = "compiled with mypyc" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version", version=f"pillars-rules {__version__} ({build})")
    sub = parser.add_subparsers(dest="command", required=True)
    # each command's module is imported here, when the parser is built; a
    # command's optional dependencies load only when that command runs
    from . import balance, bench, cards, play, serve, simulate

    for command in (simulate, bench, cards, balance, play, serve):
        command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    games = getattr(args, "games", 1)  # None: the command picks its default (balance: by how the run stops)
    if games is not None and games < 1:
        parser.error("--games must be at least 1")
    try:
        return int(args.func(args) or 0)
    except CardError as exc:  # each problem already says where and "error:"
        print(exc, file=sys.stderr)
        return 1
    except PillarsError as exc:
        print(f"pillars-rules: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # e.g. piped into head
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
