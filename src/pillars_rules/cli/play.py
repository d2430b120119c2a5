"""``pillars-rules play``: the command line of the terminal game."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ConfigError
from .options import (
    ORA_AND_PILLARS_SEATS,
    PLAYER_COUNTS,
    add_cards,
    add_game,
    add_players,
    add_variant,
    comma_list,
    fail,
    install_hint,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..autoplay import Bot
    from ..game import Game
    from ..terminal.loop import BaseSession

#: The autosave file's name, in the user's data folder (platformdirs).
AUTOSAVE = "autosave.json"
#: The games the terminal draws, by name: each has its session (:func:`_session_class`).
TERMINAL_GAMES = ("pillars", "ora-et-labora")


def autosave_path() -> Path:
    """Where the autosave goes by default: the user's data folder for
    pillars-rules (``~/.local/share/pillars-rules`` on Linux), made if missing."""
    from platformdirs import user_data_path

    return user_data_path("pillars-rules", appauthor=False, ensure_exists=True) / AUTOSAVE


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``play`` command."""
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal, against bots or hot-seat (needs the [play] extra)",
        description="Play The Pillars of the Earth in the terminal: you choose by number or by "
        "the words of a choice, bots play the other seats (or several people share "
        "the keyboard). Type help during the game for the commands. Needs the [play] "
        f"extra: {install_hint('play')}. With --game ora-et-labora: Ora et Labora, 1 to 4 players.",
    )
    add_game(p)
    add_players(p, (1, *PLAYER_COUNTS), ORA_AND_PILLARS_SEATS)
    p.add_argument(
        "--seat",
        default="0",
        metavar="SEATS",
        help="your seat, 0-based (default 0); several seats, e.g. 0,2, for hot-seat play",
    )
    p.add_argument("--hotseat", action="store_true", help="people play every seat, sharing the keyboard")
    p.add_argument(
        "--bots",
        metavar="NAMES",
        help="the bot for the other seats: a level (easy, medium, hard) or a bot name, one for all or a comma list in seat order (default: heuristic if available, else random)",
    )
    p.add_argument("--seed", type=int, help="decides every random outcome (default: a new secret 128-bit seed)")
    p.add_argument("--names", metavar="NAMES", help="seat names, comma-separated")
    add_variant(p)  # Ora et Labora's: france or ireland, short (3-4 players) or long (2)
    add_cards(p)
    p.add_argument("--load", metavar="FILE", help="resume a saved game (pass the same --cards)")
    p.add_argument(
        "--autosave",
        metavar="FILE",
        help="where end of input, Ctrl-C, quit and errors save the game "
        f"(default: {AUTOSAVE} in your data folder; its path is printed at start)",
    )
    p.add_argument(
        "--full-board",
        action="store_true",
        help="show the full screen at each decision (default: a compact one; type board full for it once)",
    )
    p.add_argument(
        "--keep-builders",
        action="store_true",
        help="keep every drawn builder in every round without asking (the start "
        "player's redraw; keep all does it for one round)",
    )
    p.set_defaults(func=run)
    return p


class UsageError(Exception):
    """A bad command-line value: one line, exit code 2."""


def seats_of(text: str, n_players: int, names: list[str]) -> tuple[int, ...]:
    """``"0,2"`` (or seat names) as seats of an ``n_players`` game."""
    seats = []
    for part in text.split(","):
        part = part.strip()
        lowered = [n.lower() for n in names]
        if part.isdigit() and int(part) < n_players:
            seats.append(int(part))
        elif part.lower() in lowered:
            seats.append(lowered.index(part.lower()))
        else:
            raise UsageError(
                f"--seat: no seat {part!r} in a {n_players}-player game (seats 0-{n_players - 1} or {', '.join(names)})"
            )
    if len(set(seats)) != len(seats):
        raise UsageError(f"--seat names a seat twice: {text!r}")
    return tuple(sorted(seats))


def default_bot(game: str) -> str:
    """The bot that plays ``game``'s other seats when ``--bots`` is not given: its heuristic bot
    where it has one (Pillars' and Ora's both do), else the random bot."""
    from ..bots import bot_names

    return "heuristic" if "heuristic" in bot_names(game) else "random"


def bots_for(text: str | None, seats: list[int], seed: int, game: str = "pillars") -> dict[int, Bot]:
    """Bots for ``seats`` from ``--bots`` (made only by :func:`make_bot`, from ``game``'s bots)."""
    from ..bots import bot_names, make_bot

    names = comma_list(default_bot(game) if text is None else text)
    if len(names) == 1:
        names = names * len(seats)
    elif len(names) != len(seats):
        raise UsageError(
            f"--bots lists {len(names)} bots for {len(seats)} bot seats; give one name for all or one per bot seat"
        )
    allowed = bot_names(game)
    for name in names:
        if name not in allowed:
            raise UsageError(f"--bots: unknown bot {name!r} (bots: {', '.join(allowed)})")
    return {seat: make_bot(name, seed * 10 + seat, game=game) for seat, name in zip(seats, names)}


def _game(args: argparse.Namespace) -> Game:
    import pillars_rules as pr

    if args.game not in TERMINAL_GAMES:  # the screens draw these games' tables
        raise UsageError(
            f"--game: the terminal plays {' and '.join(TERMINAL_GAMES)} only, not {args.game!r} "
            "(simulate plays any game)"
        )
    if args.load:
        from ..saves.files import read_save_file

        try:
            text = read_save_file(args.load)  # a regular file, its size checked before reading
        except pr.SaveError as exc:
            shown = args.load if len(args.load) <= 80 and args.load.isprintable() else repr(args.load)[:80]
            raise UsageError(f"--load: cannot read {shown}: {exc}") from None
        try:
            loaded = pr.load(text, cards=args.cards or None)
        except pr.SaveError as exc:
            raise pr.SaveError(
                f"cannot resume {args.load} (pass --cards as when it was started): {exc}", exc.index
            ) from None
        if loaded.game_type.name not in TERMINAL_GAMES:
            raise UsageError(
                f"--load: {args.load} is a game of {loaded.game_type.name!r}; "
                f"the terminal plays {' and '.join(TERMINAL_GAMES)}"
            )
        return loaded
    names = comma_list(args.names) if args.names else None
    if args.game != TERMINAL_GAMES[0]:
        return pr.new_game(
            args.players, args.seed, game=args.game, names=names, variants=tuple(args.variant or ()), cards=args.cards
        )
    return pr.new_game(
        args.players, args.seed, names=names, variants=tuple(args.variant or ()), cards=args.cards or None
    )


def _session_class(game: Game) -> type[BaseSession]:
    """The terminal's session for ``game``'s type (its screen, its commands)."""
    if game.game_type.name == TERMINAL_GAMES[1]:
        from ..terminal.ora import OraSession

        return OraSession
    from ..terminal.session import Session

    return Session


def _resume_hint(args: argparse.Namespace, humans: tuple[int, ...], n: int) -> str:
    hint = "".join(f" --cards {c}" for c in args.cards or ())
    if len(humans) == n:
        return hint + " --hotseat"
    hint += f" --seat {','.join(map(str, humans))}"
    return hint + (f" --bots {args.bots}" if args.bots else "")


def run(args: argparse.Namespace) -> int:
    try:
        import platformdirs  # noqa: F401  (the autosave's folder)
        from rich.console import Console

        from ..terminal import loop  # noqa: F401  (rich, for every game's screen)
    except ImportError as exc:
        return fail("play", f"{exc}; the terminal game needs the [play] extra: {install_hint('play')}", code=1)

    try:
        game = _game(args)
        kind = game.game_type
        if kind.name != TERMINAL_GAMES[0] and (args.keep_builders or args.full_board):
            flag = "--keep-builders" if args.keep_builders else "--full-board"
            raise UsageError(f"{flag} is for pillars (its builders, its compact screen); {kind.name} has neither")
        n = kind.seats(game.state)
        names = [kind.seat_name(game.state, s) for s in range(n)]
        humans = tuple(range(n)) if args.hotseat else seats_of(args.seat, n, names)
        start = game.events[0]
        # Pillars' seed decides its deal; Ora draws nothing (its bots' seeds come from --seed, or anew)
        seed = getattr(start, "seed", None)
        if seed is None:
            seed = args.seed if args.seed is not None else secrets.randbits(32)
        bots = bots_for(args.bots, [s for s in range(n) if s not in humans], seed, kind.name)
    except (UsageError, ConfigError) as exc:
        return fail("play", str(exc))
    console = Console(highlight=False)
    # A seed decides every hidden card, so it is shown only to whoever chose it.
    how = "resumed from " + args.load if args.load else f"seed {seed}" if args.seed is not None else "a new deal"
    console.print(f"{kind.title}: {n} players ({how}). Type help for the commands.", markup=False)
    try:
        autosave = Path(args.autosave) if args.autosave else autosave_path()
    except (OSError, ValueError) as exc:
        return fail("play", f"cannot make the folder for the autosave file ({exc}); pass --autosave FILE")
    console.print(
        f"Autosave: {autosave} (end of input, Ctrl-C, quit and errors save there)", markup=False, highlight=False
    )
    options = {"keep_builders": args.keep_builders} if kind.name == TERMINAL_GAMES[0] else {}
    session = _session_class(game)(
        game,
        humans,
        bots,
        console,
        autosave=autosave,
        resume=_resume_hint(args, humans, n),
        full=args.full_board,
        **options,
    )
    return session.run()
