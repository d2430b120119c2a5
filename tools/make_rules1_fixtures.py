"""Write the rules-version-1 save fixtures in ``tests/reliability/fixtures/``.

These are real saves written by pillars-rules at rules version 1 (before
issue #9 changed the workers, the resource privileges and the Archbishop's
statue). They can only be made by that code, so this script refuses to run
under another rules version: to regenerate them, check out a commit at rules
version 1 (e.g. ``5a69ea1``) and run ``python3 tools/make_rules1_fixtures.py``.

* ``rules1_3p_archbishop_all_craftsmen.json`` -- a game with the old variant
  ``archbishop_all_craftsmen``, saved at the end of the round in which the
  statue was revealed. Rules version 2 made that reading the default, so the
  rules upcaster turns the save into a default game and it loads.
  The seed is the first whose game stays replayable under rules version 2:
  nobody took Richard, Aliena or Tom Builder (their cube moved to another
  step) and nobody hired a craftsman at Shiring in the statue's round (rules
  version 2 boosts it too).
* ``rules1_3p_richard.json`` -- a default game saved at the end of the round
  in which somebody's Richard, Aliena or Tom Builder first paid out (and no
  Archbishop's statue so far): under rules version 2 the cube comes at another
  step, so the log no longer replays and the save is refused with both rules
  versions named.

Both games are played by ``RandomBot(seed * 10 + seat)``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import pillars_rules as pr  # noqa: E402
from pillars_rules.engine import events as E  # noqa: E402
from pillars_rules.engine.context import RULES_VERSION  # noqa: E402

FIXTURES = ROOT / "tests" / "reliability" / "fixtures"
PLAYERS = 3
STATUE = "archbishops_statue"
CUBE_PRIVILEGES = ("richard", "aliena", "tom_builder")


def _play_to_round_end(seed: int, variants: tuple[str, ...], stop) -> pr.Game | None:
    """Play until the action that ends the first round for which ``stop(game, round)``
    holds (the save then ends at the next round's first decision)."""
    game = pr.new_game(PLAYERS, seed, variants=variants)
    bots = [pr.RandomBot(seed * 10 + i) for i in range(PLAYERS)]
    done = 0
    while not game.is_over:
        seat = game.current_player
        game = game.apply(bots[seat](game.view(seat)), seat=seat)
        rnd = game.state.round if game.is_over else game.state.round - 1
        if rnd > done:  # the action ended round ``rnd``: stop there if asked
            done = rnd
            if stop(game, rnd):
                return game
    return None


def _round_events(game: pr.Game, rnd: int) -> list:
    out, inside = [], False
    for e in game.events:
        if isinstance(e, E.RoundStarted):
            inside = e.round == rnd
        if inside:
            out.append(e)
    return out


def _statue_round(game: pr.Game, rnd: int) -> bool:
    return any(isinstance(e, E.EventRevealed) and e.card == STATUE for e in _round_events(game, rnd))


def archbishop_game() -> tuple[int, pr.Game]:
    for seed in range(1, 500):
        game = _play_to_round_end(seed, ("archbishop_all_craftsmen",), _statue_round)
        if game is None:
            continue
        events = _round_events(game, game.state.round)
        cube_privilege = any(isinstance(e, E.PrivilegeTaken) and e.card in CUBE_PRIVILEGES for e in game.events)
        shiring = any(isinstance(e, E.CraftsmanHired) and e.source == "shiring" for e in events)
        boosted = any(isinstance(e, E.CapacityBoosted) for e in events)
        if boosted and not cube_privilege and not shiring:
            return seed, game
    raise SystemExit("no suitable seed for the archbishop fixture")


def _cube_paid(game: pr.Game, rnd: int) -> bool:
    return any(isinstance(e, E.Gained) and e.reason in CUBE_PRIVILEGES for e in _round_events(game, rnd))


def richard_game() -> tuple[int, pr.Game]:
    for seed in range(1, 500):
        game = _play_to_round_end(seed, (), _cube_paid)
        # without the statue, whose default reading also changed, so that the
        # resource privilege is what breaks the replay
        if game is not None and not any(isinstance(e, E.EventRevealed) and e.card == STATUE for e in game.events):
            return seed, game
    raise SystemExit("no suitable seed for the resource-privilege fixture")


def main() -> int:
    if RULES_VERSION != 1:
        raise SystemExit(
            f"these fixtures record rules version 1; this code plays rules version "
            f"{RULES_VERSION} (check out a rules-version-1 commit, e.g. 5a69ea1)"
        )
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, make in (
        ("rules1_3p_archbishop_all_craftsmen.json", archbishop_game),
        ("rules1_3p_richard.json", richard_game),
    ):
        seed, game = make()
        path = FIXTURES / name
        path.write_text(pr.save(game) + "\n", encoding="utf-8")
        print(
            f"wrote {path.relative_to(ROOT)}: seed {seed}, up to round {game.state.round - (not game.is_over)}, "
            f"{game.n_events} events"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
