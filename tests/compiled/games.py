"""The seeded games both builds must play identically (issue #26).

``python tests/compiled/games.py`` prints one line per game: its label and
the SHA-256 of everything the game produced -- the save text (header and the
whole event log), every bot's moves as JSON, the final scores and, for a few
games, the narration and a seat's export. :mod:`.test_same_games` runs this in
the build under test and, in a child process, in the pure-Python source of
the checkout, and compares line by line.

The games: 210 random-bot games (2 to 4 players, base cards, the fan cards of
``examples/fan_cards``, the ``dm`` variant), 3 games of heuristic bots, 30
random-bot and 3 heuristic-bot games with the official expansion (the named
set ``expansion``, as each build finds it) at 4, 5 and 6 players, one of
``easy`` and one of ``heuristic-v1`` bots (the bots are compiled too), one
paired game of the balance lab with heuristic bots (its bots deep-copied at
each fork) and one of an ISMCTS bot on a fixed iteration budget against
random bots. Then the answers to hostile values (:mod:`.hostile`): the same
error, or the same game, in both builds.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAN_CARDS = str(ROOT / "examples" / "fan_cards")


class Recorder:
    """A bot wrapper that writes down every move."""

    def __init__(self, bot, moves: list) -> None:
        self.bot, self.moves = bot, moves

    def __call__(self, view):
        action = self.bot(view)
        self.moves.append(action)
        return action


def _digest(game, moves: list, words: bool) -> str:
    import pillars_rules as pr

    h = hashlib.sha256()
    h.update(pr.save(game).encode("utf-8"))
    h.update(json.dumps([pr.encode_action(a) for a in moves], sort_keys=True).encode("utf-8"))
    h.update(repr((game.scores(), game.ranking())).encode("utf-8"))
    if words:
        h.update("\n".join(game.narrate(include_control=True)).encode("utf-8"))
        h.update(game.export(0).encode("utf-8"))
    return h.hexdigest()


#: Ora et Labora's golden games, as ``tools/make_golden.py`` lists them (tests/test_golden_ora.py
#: checks the two lists agree): (players, seed, variants), seat ``i`` playing ``RandomBot(seed * 10 + i)``.
ORA_GAMES = [(4, 21, ("france",)), (3, 22, ("ireland",)), (2, 23, ()), (1, 24, ()), (3, 25, ("short",))]


def _ora_digest(players: int, seed: int, variants: tuple[str, ...]) -> str:
    """An Ora golden game: its save text (the whole log), every move, the scores, the narration
    and a seat's export."""
    import pillars_rules as pr

    moves: list = []
    bots = [Recorder(pr.RandomBot(seed * 10 + i), moves) for i in range(players)]
    game = pr.play(pr.new_game(game="ora-et-labora", players=players, seed=seed, variants=list(variants)), bots)
    h = hashlib.sha256()
    h.update(pr.save(game).encode("utf-8"))
    h.update(repr(moves).encode("utf-8"))  # Ora's actions are frozen records: their repr is their fields
    h.update(repr((game.scores(), game.ranking())).encode("utf-8"))
    h.update("\n".join(game.narrate(include_control=True)).encode("utf-8"))
    h.update(game.export(0).encode("utf-8"))
    return h.hexdigest()


def _lab_digest() -> str:
    """One paired game of the balance lab (its bots forked at each moment by
    deep copies, its arms and gold arms played on)."""
    from pillars_rules.lab.causal import play_causal
    from pillars_rules.lab.games import GameSpec

    record = play_causal(GameSpec(players=2, bots=("heuristic",), seed=8500, targets=("jack",)).check(), 0)
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode("utf-8")).hexdigest()


def games() -> Iterator[tuple[str, str]]:
    """(label, digest) of every game, in a fixed order."""
    import pillars_rules as pr
    from pillars_rules.bots import make_bot
    from pillars_rules.bots.mcts import MCTSBot

    for k in range(210):
        players = 2 + k % 3
        cards = FAN_CARDS if k % 3 == 1 else None
        variants = ("dm",) if k % 5 == 4 else ()
        seed = 7000 + k
        moves: list = []
        bots = [Recorder(pr.RandomBot(seed * 10 + i), moves) for i in range(players)]
        game = pr.play(pr.new_game(players, seed, cards=cards, variants=variants), bots)
        yield (
            f"random {players}p seed {seed} {'fan' if cards else 'base'} {','.join(variants)}",
            _digest(game, moves, words=k % 20 == 0),
        )
    for k in range(3):
        players, seed = 2 + k, 8100 + k
        moves = []
        bots = [Recorder(make_bot("heuristic", seed * 10 + i), moves) for i in range(players)]
        game = pr.play(pr.new_game(players, seed, cards=FAN_CARDS if k == 1 else None), bots)
        yield f"heuristic {players}p seed {seed}", _digest(game, moves, words=True)
    for k in range(33):  # the expansion: its places, craftsmen and 5-6 seat tables (issue #37)
        players, seed = 4 + k % 3, 9000 + k
        heuristic = k >= 30
        moves = []
        bots = [
            Recorder(make_bot("heuristic", seed * 10 + i) if heuristic else pr.RandomBot(seed * 10 + i), moves)
            for i in range(players)
        ]
        game = pr.play(pr.new_game(players, seed, cards="expansion"), bots)
        yield (
            f"{'heuristic' if heuristic else 'random'} {players}p seed {seed} expansion",
            _digest(game, moves, words=heuristic or k % 10 == 0),
        )
    for name, players, seed in (("easy", 3, 8300), ("heuristic-v1", 2, 8400)):
        moves = []
        bots = [Recorder(make_bot(name, seed * 10 + i), moves) for i in range(players)]
        game = pr.play(pr.new_game(players, seed), bots)
        yield f"{name} {players}p seed {seed}", _digest(game, moves, words=False)
    yield "lab paired game: heuristic 2p seed 8500, branches for jack", _lab_digest()
    moves = []
    bots = [Recorder(MCTSBot(seed=81, iterations=8), moves), Recorder(pr.RandomBot(82), moves)]
    game = pr.play(pr.new_game(2, 8200), bots, max_actions=40)
    yield "ismcts 8 iterations 2p seed 8200 (40 decisions)", _digest(game, moves, words=True)
    for players, seed, variants in ORA_GAMES:  # Ora et Labora: its Python code on the compiled core (issue #58)
        yield f"ora random {players}p seed {seed} {','.join(variants)}", _ora_digest(players, seed, variants)
    try:
        from .hostile import outcomes
    except ImportError:  # run as a script: this folder is on the path
        from hostile import outcomes  # type: ignore[no-redef]

    yield from outcomes()


def main() -> int:
    import pillars_rules as pr

    print("build", "compiled" if pr.COMPILED else "pure", pr.__file__)
    for label, digest in games():
        print(f"{digest} {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
