"""``pillars-rules balance``: what is a card worth? And ``balance tune``: at
which number is it fair?

Exit codes: 0 done, 1 ``balance tune`` found no fair value (it writes
nothing), 2 bad input (one line on stderr, no traceback), 130
interrupted (the finished games are kept in the result file; continue with
``--resume``).
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from ..errors import CardError, PillarsError
from .options import add_game, add_players, add_variant, comma_list, fail, install_hint

DEFAULT_OUT = "pillars-balance.jsonl"
#: The fewest chances for a verdict (``pillars_rules.lab.verdict.MIN_UNITS``; a test checks they agree).
MIN_CHANCES = 10
#: The most games per set of a ``balance`` run that stops by itself (``--precision`` or
#: ``--time``) when ``--games`` is not given: it plays until every judged card is decided,
#: the precision is reached or the time is up, not to the fixed run's 200.
OPEN_GAMES = 5000


def _run_options(p: argparse.ArgumentParser, games: int, open_games: int | None = None) -> None:
    add_game(p)
    add_players(p)
    until = (
        f"; with --precision or --time the most it plays, {open_games:,} by default: the run stops "
        "when its cards are decided or the time is up"
        if open_games
        else ""
    )
    p.add_argument(
        "--games",
        type=int,
        default=None,
        help=f"games (seeds) per card set; each game also plays its branches (default {games}{until})",
    )
    p.set_defaults(games_default=games, games_open=open_games)
    p.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    p.add_argument(
        "--bots",
        default="heuristic",
        help="comma-separated levels (easy, medium, hard) or bot names, rotated through the seats (default: heuristic)",
    )
    p.add_argument(
        "--no-rotate",
        dest="rotate",
        action="store_false",
        help="keep the bot mix in seat order instead of rotating it each game",
    )
    add_variant(p)
    p.add_argument(
        "--with",
        dest="also",
        nargs="+",
        default=[],
        metavar="PATH",
        help="card files or folders in every set (part of the base the cards are judged on)",
    )
    p.add_argument(
        "--gold",
        type=int,
        default=6,
        help="gold given and taken to measure what gold is worth in VP (default 6); "
        "in Ora et Labora, coins given and taken to measure what a coin is worth in points",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--dask", metavar="local|tcp://HOST:PORT", help="run on a Dask LocalCluster (local) or an existing scheduler"
    )
    where.add_argument("--serial", action="store_true", help="play in this process, one game at a time")
    p.add_argument("--workers", type=int, help="local worker processes (default: CPU count)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to reach a Dask scheduler")
    p.add_argument(
        "--time",
        type=duration,
        metavar="DURATION",
        help="a time budget, e.g. 5m, 90s or 1h: start no game after it and report on the games "
        "every set finished, 0 to k-1 (the --games are the most it plays; --resume continues)",
    )
    p.add_argument(
        "--out", default=DEFAULT_OUT, help=f"result file, one game per line; a regular file (default {DEFAULT_OUT})"
    )
    resume = p.add_mutually_exclusive_group()
    resume.add_argument("--resume", action="store_true", help="continue the run in --out")
    resume.add_argument("--overwrite", action="store_true", help="replace an existing --out file")
    p.add_argument("--json", metavar="FILE", help="write the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress and no tables")
    p.add_argument(
        "--progress",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="off a terminal, a progress line every SECONDS (default 5)",
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``balance`` command (and ``balance tune``)."""
    p = subparsers.add_parser(
        "balance",
        help="what is a card worth? causal values by paired seeded games (needs the [lab] extra)",
        description="Play seeded games with bots and measure what each of your cards is worth: at the "
        "first moment a seat may take it, the game forks -- the seat takes it, or does the best "
        "other thing and never takes it -- and both arms play on with the same bots. The report "
        "gives the difference in VP and in win share with 95% intervals, the card's worth in gold "
        "(calibrated by giving a seat gold instead), a verdict in words, flags corrected for "
        "testing many cards at once (Holm) and the smallest effect the games detect. A card a seat could "
        f"take fewer than {MIN_CHANCES} times (chances) is not judged: ask for more games. Your cards "
        "come first, each alone, then together; events are judged by the paired A/B of the games "
        "with and without them. Without --cards: the base-game report. With --game ora-et-labora "
        "the cards are fan buildings, the moment is the first chance to build one, and the worth is in coins "
        "(docs/ora/balance.rst).",
    )
    _run_options(p, 200, OPEN_GAMES)
    p.add_argument(
        "--cards",
        nargs="+",
        default=[],
        metavar="PATH",
        help="your card files or folders: every new or changed card in them is judged",
    )
    p.add_argument(
        "--targets",
        default="",
        metavar="IDS",
        help="base-game report: judge only these card ids (comma-separated; events by A/B)",
    )
    p.add_argument(
        "--against",
        default="",
        metavar="IDS",
        help="compare every judged card with these base cards on the same games (an A/A test: "
        "a copy against its original)",
    )
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML report with plots")
    p.add_argument(
        "--precision",
        type=_gold,
        metavar="GOLD",
        help="stop once every judged card is decided: flagged, or its worth known to within "
        "+-GOLD gold (the 95%% interval's half-width) with its chances; checked as the games "
        "come in (the --games are the most it plays). Implies --sequential",
    )
    p.add_argument(
        "--sequential",
        action="store_true",
        help="judge with always-valid p-values (mixture SPRT, Holm over the family) and stop as "
        "soon as every judged card is flagged: a card far from fair is decided after a "
        "handful of games. --precision and --time imply it; without them a run plays all "
        "its --games unless every card is flagged",
    )
    p.add_argument(
        "--fixed",
        action="store_true",
        help="the fixed-length design even with --precision or --time: t tests on the games "
        "played, and a run stops only on the time budget or on how wide the intervals are, "
        "never on a verdict (more power for a card near fair)",
    )
    sub = p.add_subparsers(dest="subcommand", metavar="{tune}")
    t = sub.add_parser(
        "tune",
        help="find the number at which a card is fair",
        description="Vary one number of a card (its cost, round, capacity or any number in its "
        "text), judge the card causally at each value on the same seeds, and find "
        "the value where its causal value crosses zero, with its interval. Every "
        "set holds the base cards, the --with files and the other cards of the "
        "--cards files (only the tuned card changes). A value with fewer than "
        f"{MIN_CHANCES} chances is not judged. Writes the adjusted card as formatted "
        "card text; when no value tried is fair (or the fitted zero lies outside "
        "the range) it says so, writes nothing and exits with 1.",
    )
    t.add_argument("card", help="the id of the card to tune")
    t.add_argument(
        "--cards",
        nargs="+",
        default=[],
        metavar="PATH",
        help="card files or folders that hold the card (not needed for a base card); their "
        "other cards are in every set",
    )
    t.add_argument(
        "--vary",
        metavar="NAME=LOW..HIGH[:STEP]",
        help="the number and its values, e.g. cost=2..10 (see --numbers for the names)",
    )
    t.add_argument("--numbers", action="store_true", help="list the card's numbers and their names, and stop")
    t.add_argument("--write", metavar="FILE", help="write the adjusted card there (default: print it)")
    _run_options(t, 100)
    p.set_defaults(func=main)
    return p


def _gold(text: str) -> float:
    """``--precision``: a positive number of gold."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not an amount of gold: write a positive number, e.g. 2")
    return value


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h)?\s*$")


def duration(text: str) -> float:
    """``"5m"`` -> 300.0 seconds (``s``, ``m``/``min``, ``h``; a bare number is seconds)."""
    m = _DURATION.match(text or "")
    if not m or float(m.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a duration: write e.g. 5m, 90s or 1h")
    return float(m.group(1)) * {"s": 1, None: 1, "m": 60, "min": 60, "h": 3600}[m.group(2)]


def games_asked(args: argparse.Namespace) -> int:
    """The games per set a run plays at most: ``--games`` when given; else,
    for a ``balance`` run that stops by itself (``--precision`` or ``--time``),
    :data:`OPEN_GAMES`, so that it plays on to its verdicts, its precision or
    its time; else the command's default (``balance`` 200, ``tune`` 100)."""
    games: int | None = args.games
    if games is not None:
        return games
    stops = getattr(args, "precision", None) or getattr(args, "time", None)
    default: int = args.games_open if stops and args.games_open else args.games_default
    return default


def _fail(message: str) -> int:
    return fail("balance", message)


def _one_line(exc: Exception) -> str:
    if isinstance(exc, CardError) and exc.diagnostics:
        first = str(exc.diagnostics[0]).splitlines()[0]
        more = len(exc.diagnostics) - 1
        return first + (f" (and {more} more; see `pillars-rules cards check`)" if more else "")
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _common(args: argparse.Namespace) -> dict[str, Any]:
    return dict(
        players=args.players,
        bots=tuple(b for b in comma_list(args.bots) if b),
        seed=args.seed,
        variants=tuple(args.variant),
        rotate=args.rotate,
        gold=args.gold,
        # Pillars' specs name no game (its result files stay as they were)
        **({} if args.game == "pillars" else {"game": args.game}),
    )


#: The games the lab judges cards of (``pillars_rules.lab.games.GAMES``; a test checks they agree).
LAB_GAMES = ("pillars", "ora-et-labora")


#: The [lab] extra's packages the lab imports (``dask`` comes with ``distributed``).
LAB_PACKAGES = ("distributed", "matplotlib", "numpy", "rich", "scipy")


def lab_missing() -> str | None:
    """The first [lab] package that is not installed, or None. Found without
    importing them: importing ``distributed`` alone took 0.4-0.7 s of every
    run, and only a Dask run needs it."""
    import importlib.util

    for name in LAB_PACKAGES:
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):  # a broken or half-installed package
            return name
    return None


def main(args: argparse.Namespace) -> int:
    from ..games.pillars import PILLARS

    if args.game not in LAB_GAMES:  # the lab weighs a game's cards by that game's bots and scores
        return _fail(f"--game: the balance lab measures {' and '.join(LAB_GAMES)} cards, not {args.game!r}")
    if args.game != PILLARS.name and args.subcommand == "tune":
        return _fail(f"balance tune varies a Pillars card's numbers; {args.game} buildings are judged, not tuned")
    missing = lab_missing()
    if missing:
        return _fail(f"the balance lab needs the [lab] extra ({missing} is missing): {install_hint('lab')}")
    args.games = games_asked(args)
    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        return _fail("--workers must be at least 1")
    from ..lab import cli as lab_cli

    try:
        if args.subcommand == "tune":
            return lab_cli.tune(args, _common(args))
        return lab_cli.judge(args, _common(args))
    except KeyboardInterrupt:
        return 130
    except (PillarsError, OSError) as exc:
        return _fail(_one_line(exc))
