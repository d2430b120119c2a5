"""``pillars-rules simulate``: bots play seeded games.

One game is narrated event by event with the final scoreboard; several games
are summarised (wins by seat, mean score). ``--game`` chooses the game by its
registered name: Pillars' bots (``--bots``) play Pillars; any other game is
played by seeded random choices (:func:`pillars_rules.core.playout`), or by its
own bots when it has some (``--game ora-et-labora --bots heuristic,random``;
:data:`pillars_rules.bots.GAME_BOTS`), narrated and scored through its game type.
"""

from __future__ import annotations

import argparse

from .. import events as E
from ..bots import GAME_BOTS, Bot, make_bot, play
from ..core import game_type, playout
from ..errors import ConfigError
from ..game import Game, new_game
from ..games.pillars import PILLARS
from .options import ORA_AND_PILLARS_SEATS, PLAYER_COUNTS, add_cards, add_game, add_players, add_variant, comma_list


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``simulate`` command."""
    sim = subparsers.add_parser(
        "simulate",
        help="bots play seeded games (random bots by default)",
        description="Bots play seeded games of The Pillars of the Earth. One game is narrated event "
        "by event, with the final scoreboard; with --games K, K games (seeds S to "
        "S+K-1) are summarised as wins and mean VP by seat. --game NAME plays another "
        "registered game, by seeded random choices or its own bots (--bots), summarised by its own scores.",
    )
    add_game(sim)
    add_players(sim, (1, *PLAYER_COUNTS), ORA_AND_PILLARS_SEATS)
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="decides every random outcome: the same seed, players, variants, cards and "
        "bots play the same game (default 1)",
    )
    sim.add_argument("--games", type=int, default=1, metavar="K", help="with more than 1, print a summary")
    add_variant(sim)
    add_cards(sim)
    sim.add_argument(
        "--bots",
        default="random",
        help="levels (easy, medium, hard) or bot names by seat, comma-separated, e.g. hard,medium,easy,random "
        "(one name: every seat); another game's bots with --game (ora-et-labora: random, heuristic)",
    )
    sim.set_defaults(func=_simulate)
    return sim


def _scoreboard(game: Game) -> list[str]:
    lines = ["Final scoreboard:"]
    place = 1
    for group in game.ranking():
        for seat in group:
            p = game.state.players[seat]
            tie = " (shared)" if len(group) > 1 else ""
            lines.append(f"  {place}. {p.name:<8} {p.vp:>3} VP  {p.gold:>2} gold{tie}")
        place += len(group)
    return lines


def narrate(game: Game) -> list[str]:
    """The game as text: a heading per round, one line per event, then the scores."""
    lines: list[str] = []
    namer_game = game
    for e in game.events:
        if isinstance(e, E.CONTROL_EVENTS):
            continue
        if isinstance(e, E.RoundStarted):
            lines.append("")
            lines.append(f"=== Round {e.round} ===")
            continue
        lines.append(
            "  " + namer_game.describe(e) if not isinstance(e, (E.GameStarted, E.GameEnded)) else namer_game.describe(e)
        )
    lines.append("")
    lines.extend(_scoreboard(game))
    return lines


def _bots(args: argparse.Namespace, seed: int) -> list[Bot]:
    """The seats' bots from ``--bots`` (one name for every seat, or one per seat)."""
    names = comma_list(args.bots)
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        raise ConfigError(f"--bots names {len(names)} bots for {args.players} players")
    return [make_bot(name, seed * 10 + i) for i, name in enumerate(names)]


def _simulate(args: argparse.Namespace) -> int:
    variants = tuple(args.variant or ())
    cards = args.cards or None
    if game_type(args.game) is not PILLARS:
        return _simulate_any(args, variants, cards)
    if args.games == 1:
        game = new_game(args.players, args.seed, variants=variants, cards=cards)
        game = play(game, _bots(args, args.seed))
        print("\n".join(narrate(game)))
        return 0
    wins = [0.0] * args.players
    totals = [0] * args.players
    for k in range(args.games):
        seed = args.seed + k
        game = new_game(args.players, seed, variants=variants, cards=cards)
        game = play(game, _bots(args, seed))
        winners = game.winners()
        for seat in winners:
            wins[seat] += 1 / len(winners)
        for seat, p in enumerate(game.state.players):
            totals[seat] += p.vp
    print(f"{args.games} games, {args.players} players, seeds {args.seed}..{args.seed + args.games - 1}")
    print("seat  wins    mean VP")
    for seat in range(args.players):
        print(f"{seat:>4}  {wins[seat]:>6.1f}  {totals[seat] / args.games:>7.2f}")
    return 0


def _new(args: argparse.Namespace, seed: int, variants: tuple[str, ...], cards: list[str] | None) -> Game:
    """A new game of ``--game`` (``cards`` only when given: a game may take none)."""
    given = {"cards": cards} if cards else {}
    return new_game(args.players, seed, game=args.game, variants=variants, **given)


def _play_any(args: argparse.Namespace, seed: int, variants: tuple[str, ...], cards: list[str] | None) -> Game:
    """One game of a game other than Pillars: every decision a seeded random choice (``--bots random``,
    the default), or the game's bots by seat (:data:`pillars_rules.bots.GAME_BOTS`)."""
    names = comma_list(args.bots)
    if set(names) == {"random"}:
        return playout(_new(args, seed, variants, cards), seed=seed)
    if args.game not in GAME_BOTS:
        raise ConfigError(
            f"--bots: no bots play {args.game!r}; it is played by random choices (--bots random, the default); "
            f"games with bots: {', '.join(sorted(GAME_BOTS))}"
        )
    game = _new(args, seed, variants, cards)
    seats = game.game_type.seats(game.state)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ConfigError(f"--bots names {len(names)} bots for {seats} players")
    return play(game, [make_bot(name, seed * 10 + i, game=args.game) for i, name in enumerate(names)])


def _simulate_any(args: argparse.Namespace, variants: tuple[str, ...], cards: list[str] | None) -> int:
    """Games of a game other than Pillars, played by random choices or by the game's bots."""
    if args.games == 1:
        game = _play_any(args, args.seed, variants, cards)
        kind = game.game_type
        lines = [*game.narrate(), "", "Final scoreboard:"]
        place = 1
        for group in game.ranking():
            for seat in group:
                tie = " (shared)" if len(group) > 1 else ""
                lines.append(f"  {place}. {kind.seat_name(game.state, seat):<8} {game.scores()[seat]}{tie}")
            place += len(group)
        print("\n".join(lines))
        return 0
    wins = [0.0] * args.players
    totals = [0.0] * args.players
    for k in range(args.games):
        seed = args.seed + k
        game = _play_any(args, seed, variants, cards)
        winners = game.winners()
        for seat in winners:
            wins[seat] += 1 / len(winners)
        for seat, score in enumerate(game.scores()):
            totals[seat] += _number(score)
    print(f"{args.games} games of {args.game}, {args.players} players, seeds {args.seed}..{args.seed + args.games - 1}")
    print("seat  wins    mean score")
    for seat in range(args.players):
        print(f"{seat:>4}  {wins[seat]:>6.1f}  {totals[seat] / args.games:>10.2f}")
    return 0


def _number(score: object) -> float:
    """A seat's score as one number: the score itself, or its first part (Pillars: (VP, gold))."""
    if isinstance(score, (tuple, list)) and score:
        score = score[0]
    return float(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else 0.0
