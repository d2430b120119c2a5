"""``pillars-rules balance``: simulate games and report what the cards do.

Exit codes: 0 done, 2 bad input (one line on stderr, no traceback), 130
interrupted (the finished games are kept in the result file; continue with
``--resume``).
"""

from __future__ import annotations

import argparse
import sys

from .options import add_players, add_variant, comma_list, fail
from ..errors import CardError, PillarsError

DEFAULT_OUT = "pillars-balance.jsonl"


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``balance`` command."""
    p = subparsers.add_parser(
        "balance", help="simulate seeded games and report card balance (needs the [lab] extra)",
        description="Play seeded games with bots and report, per card, how often it is taken and "
                    "how its holders fare, with 95%% intervals; per seat, the start-player advantage; "
                    "balance, decisiveness and duration. With --compare, an A/B comparison of the "
                    "card set with and without extra cards.")
    add_players(p)
    p.add_argument("--games", type=int, default=200, help="games per card set (default 200)")
    p.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    p.add_argument("--bots", default="heuristic",
                   help="comma-separated levels (easy, medium, hard) or bot names, rotated through the seats (default: heuristic)")
    p.add_argument("--no-rotate", dest="rotate", action="store_false",
                   help="keep the bot mix in seat order instead of rotating it each game")
    add_variant(p)
    p.add_argument("--cards", nargs="+", default=[], metavar="PATH",
                   help="extra card files or folders for the run (set A)")
    p.add_argument("--compare", nargs="+", default=[], metavar="PATH",
                   help="A/B: set B is set A plus these card files or folders")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--dask", metavar="local|tcp://HOST:PORT",
                       help="run on a Dask LocalCluster (local) or an existing scheduler")
    where.add_argument("--serial", action="store_true", help="play in this process, one game at a time")
    p.add_argument("--workers", type=int, help="local worker processes (default: CPU count)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to reach a Dask scheduler")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"result file, one game per line (default {DEFAULT_OUT})")
    resume = p.add_mutually_exclusive_group()
    resume.add_argument("--resume", action="store_true", help="continue the run in --out")
    resume.add_argument("--overwrite", action="store_true", help="replace an existing --out file")
    p.add_argument("--json", metavar="FILE", help="write the report as JSON")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML report with plots")
    p.add_argument("--min-holders", type=int, help="judge only cards with this many holders (default 20)")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no summary tables")
    p.set_defaults(func=main)
    return p


def _fail(message: str) -> int:
    return fail("balance", message)


def _one_line(exc: Exception) -> str:
    if isinstance(exc, CardError) and exc.diagnostics:
        first = str(exc.diagnostics[0]).splitlines()[0]
        more = len(exc.diagnostics) - 1
        return first + (f" (and {more} more; see `pillars-rules cards check`)" if more else "")
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def main(args: argparse.Namespace) -> int:
    try:
        import distributed  # noqa: F401
        import matplotlib  # noqa: F401
        import rich  # noqa: F401
    except ImportError as exc:
        return _fail(f"the balance lab needs the [lab] extra ({exc.name} is missing): "
                     "pip install 'pillars-rules[lab]'")
    from pathlib import Path

    from ..lab import html, report, runner
    from ..lab.games import GameSpec, read_cards

    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        return _fail("--workers must be at least 1")
    executor = args.dask or ("serial" if args.serial else "processes")
    try:
        runner.check_executor(executor)
        if Path(args.out).exists() and not (args.resume or args.overwrite):
            return _fail(f"{args.out} exists: --resume to continue that run, or --overwrite to replace it")
        bots = tuple(b for b in comma_list(args.bots) if b)
        common = dict(players=args.players, bots=bots, seed=args.seed, variants=args.variant, rotate=args.rotate)
        src_a, hash_a = read_cards(args.cards) if args.cards else ((), "")
        specs = {"A": GameSpec(sources=src_a, card_hash=hash_a, **common)}
        if args.compare:
            src_b, hash_b = read_cards(list(args.cards) + list(args.compare))
            specs["B"] = GameSpec(sources=src_b, card_hash=hash_b, **common)
        for spec in specs.values():  # before the progress bar: bad bots, variants, players
            spec.check()
        records = _run(args, specs, executor, runner)
        if records is None:
            return 130
        data = report.build(specs, records, seed=args.seed, min_holders=args.min_holders)
        if args.json:
            report.to_json(data, args.json)
        if args.html:
            html.write(data, args.html)
    except (PillarsError, OSError) as exc:
        return _fail(_one_line(exc))
    if not args.quiet:
        report.print_summary(data)
    return 0


def _run(args, specs, executor, runner):
    """The records, or ``None`` after Ctrl-C (reported on stderr)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    total = len(specs) * args.games
    progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), disable=args.quiet, transient=True)
    task = progress.add_task("games", total=total)
    finished = [0]

    def on_game(done: int, _total: int) -> None:
        finished[0] = done
        progress.update(task, completed=done)

    try:
        with progress:
            return runner.run(specs, args.games, executor=executor, workers=args.workers, out=args.out,
                              resume=args.resume, on_game=on_game, timeout=args.timeout)
    except KeyboardInterrupt:
        print(f"pillars-rules balance: interrupted; {finished[0]} of {total} games are kept in {args.out} "
              "(continue with --resume)", file=sys.stderr)
        return None
