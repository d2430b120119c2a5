"""``python -m bench --cards-soak --sets 20000``: the totality soak (issue #53).

Draws ``--sets`` fan card sets from the grammar (:func:`pillars_rules.totality.card_sets`),
plays each once at a drawn 2-6 seats with a random bot, and saves, loads and
replays every game (:func:`pillars_rules.totality.play_set`). Prints the
tally -- sets, games played, sets the compiler refused, and failures by kind
-- and writes it with the first failing sets of each kind (their text, seats
and seed: enough to replay one) to ``--output`` (default
``bench/results/cards_soak.json``). The law is 0 failures of every kind.
Hypothesis draws the sets from ``--seed``, so a run is repeatable.

``--game ora-et-labora`` soaks Ora et Labora's fan buildings instead: 1 or 2 fan
buildings recombined from the shipped cards' phrases (:mod:`bench.orafan`), each set
played once at a drawn 1-4 seats and variant by a random bot that builds and uses
the fan buildings whenever it may, then saved, loaded and replayed.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

#: Failing sets kept per kind in the results file.
KEEP = 5
DEFAULT_OUTPUT = Path(__file__).resolve().parent / "results" / "cards_soak.json"


def _pillars_draws():
    from pillars_rules import totality

    def play(drawn):
        case, players, game_seed = drawn
        return totality.play_set(case, players, game_seed), {"text": case.text, "on": case.on}

    return st.tuples(totality.card_sets(), st.integers(2, 6), st.integers(0, 2**32 - 1)), play


def _ora_draws():
    from bench import orafan

    def play(drawn):
        text, players, game_seed, variant = drawn
        return orafan.play_fan(text, players, game_seed, variant), {"text": text, "variant": variant}

    strategy = st.tuples(
        orafan.fan_buildings(), st.integers(1, 4), st.integers(0, 2**32 - 1), st.sampled_from(("france", "ireland"))
    )
    return strategy, play


#: The games a soak draws cards for: a strategy of draws and how one is played.
GAMES = {"pillars": _pillars_draws, "ora-et-labora": _ora_draws}


def soak(sets: int, first_seed: int, progress=None, game: str = "pillars") -> dict:
    """Play ``sets`` drawn card sets of ``game``; the tally and the first failures."""
    from pillars_rules import _build, totality

    draws, play = GAMES[game]()

    outcomes: list = []
    failures: dict[str, list] = {}
    t0 = time.perf_counter()

    @seed(first_seed)
    @settings(
        max_examples=sets,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(draws)
    def one(drawn):
        outcome, facts = play(drawn)
        outcomes.append(outcome)
        if not outcome.ok and len(failures.setdefault(outcome.kind, [])) < KEEP:
            failures[outcome.kind].append(
                {**facts, "players": drawn[1], "seed": drawn[2], "detail": outcome.detail[:300]}
            )
        if progress and len(outcomes) % 500 == 0:
            progress(f"{len(outcomes)} sets: {totality.tally(outcomes)}")

    one()
    tally = totality.tally(outcomes)
    games = len(outcomes) - tally["refused"]
    return {
        "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "command": f"python -m bench --cards-soak --sets {sets} --seed {first_seed}"
        + ("" if game == "pillars" else f" --game {game}"),
        "game": game,
        "build": _build.describe(),
        "sets": len(outcomes),
        "games": games,
        "events": sum(o.events for o in outcomes),
        "failed": sum(tally[k] for k in totality.FAILURES),
        "tally": tally,
        "failures": failures,
        "elapsed_s": round(time.perf_counter() - t0, 1),
    }


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --cards-soak", description=__doc__.splitlines()[0])
    p.add_argument("--cards-soak", action="store_true")
    p.add_argument("--sets", type=int, default=20000, help="card sets to draw and play (default 20000)")
    p.add_argument("--seed", type=int, default=53, help="Hypothesis seed of the draws (default 53)")
    p.add_argument(
        "--output",
        metavar="FILE",
        default=None,
        help="results JSON (default bench/results/cards_soak.json, Ora's cards_soak.ora.json)",
    )
    p.add_argument("--game", choices=sorted(GAMES), default="pillars", help="whose cards (default pillars)")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(list(argv))
    say = None if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    results = soak(args.sets, args.seed, say, game=args.game)
    if args.output:
        path = Path(args.output)
    else:
        path = DEFAULT_OUTPUT if args.game == "pillars" else DEFAULT_OUTPUT.with_name("cards_soak.ora.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if not args.quiet:
        print(
            f"{results['sets']} sets, {results['games']} games ({results['events']} events), "
            f"{results['failed']} failed in {results['elapsed_s']} s: {results['tally']}"
        )
    return 1 if results["failed"] else 0
