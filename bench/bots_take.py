"""How often a bot takes a card when it can (issue #53: cards of new kinds).

Plays seeded games of the base set plus the privileges of
:data:`IDEAS` (copied from ``examples/ideas``) with one bot at every seat and
counts, as the balance lab does (:mod:`pillars_rules.lab.causal`), each
seat's first chance at each card -- a decision where some legal actions take
it and some do not -- and whether the bot took it there::

    PYTHONPATH=src python -m bench.bots_take --json out.json
    PYTHONPATH=src python -m bench.bots_take --digest --games 200   # base games: a hash of their logs
    PYTHONPATH=src python -m bench.bots_take --versus --games 200   # heuristic against the per-form one
    PYTHONPATH=src python -m bench.bots_take --versus --ideas --games 100
    PYTHONPATH=src python -m bench.bots_take --versus --ideas --against previous   # against the bot before
    PYTHONPATH=src python -m bench.bots_take --held idea_contrarian --games 100      # is it used when held?

Run it once with one checkout's ``src`` and once with another's to compare
two versions of a bot; ``--digest`` plays base games only and prints a hash
of their logs, the same for two versions whose bots decide alike.
``--versus`` seats one ``heuristic`` against three :class:`PerFormBot`
(the heuristic as it valued cards before issue #53's probe, kept here for
this measurement only; it subclasses compiled classes, so run it on the
pure build; ``--against previous``: three :class:`PreviousBot`, the
heuristic before the order of play, capacity boosts and the coming event
were valued through the model), the heuristic's seat rotating from game to game, and
reports the mean of its VP less the others' mean, with a 95% interval; it
prints the log digest too (``--digest`` of the old checkout gives the same
when the two bots play base games alike).
No figure of it is asserted by the tests (``tests/test_bench_bots_take.py`` runs it tiny,
on the pure source, and checks that the previous bot plays base games as the heuristic does).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from pathlib import Path

import pillars_rules as pr
from pillars_rules.bots.cardvalue import ROUNDS, CardValues
from pillars_rules.bots.evaluate import Evaluator
from pillars_rules.bots.evaluate_v1 import EvaluatorV1
from pillars_rules.bots.heuristic import Bound, HeuristicBot
from pillars_rules.bots.probe import EffectProbe
from pillars_rules.cardlang import effects as fx
from pillars_rules.lab.games import GameSpec, cardset, make_bots
from pillars_rules.lab.moments import take_actions

#: The card ideas measured, by file of ``examples/ideas``.
IDEAS = {
    "turns.cards": ("idea_usurper", "idea_contrarian", "idea_ferryman", "idea_guild_fee"),
    "where.cards": ("idea_seer", "idea_heir", "idea_guild_exchange", "idea_abdication"),
    "quantities.cards": ("idea_alms_chest",),
}
#: Games, first seed and players, fixed before the runs.
GAMES = 200
SEED = 7000
PLAYERS = 4
ROOT = Path(__file__).resolve().parent.parent


def ideas_text() -> str:
    """The :data:`IDEAS` cards' texts, as one card file."""
    out = []
    for name, ids in IDEAS.items():
        text = (ROOT / "examples" / "ideas" / name).read_text(encoding="utf-8")
        for cid in ids:
            found = re.search(rf"^privilege {cid} .*?^\}}$", text, re.M | re.S)
            if found is None:
                raise SystemExit(f"no privilege {cid} in examples/ideas/{name}")
            out.append(found.group(0))
    return "\n\n".join(out) + "\n"


class PerFormValues(CardValues):
    """Card values as they were before issue #53's probe: a value for each
    form of the new kinds, written for it, and 0 for any other."""

    def plain(self, effect) -> bool:
        return True  # never probed

    def effect_value(self, effect, cube_value, builders: float) -> float:
        w = self.w
        if isinstance(effect, fx.Borrow):
            return 1.0
        if isinstance(effect, fx.BecomeStartPlayer):
            return w.start_player
        if isinstance(effect, (fx.LookEvents, fx.ReorderEvents)):
            return w.per_round_minor * min(effect.n, ROUNDS)
        if isinstance(effect, fx.ChooseCraftsman) and effect.action == "give":
            return -w.craftsman_slot
        if isinstance(effect, fx.GivePrivilege):
            return -2.0 * w.per_round_minor
        if isinstance(effect, fx.CopyPrivilege):
            return 2.0 * w.per_round_minor * (3 if effect.duration == "rest_of_game" else 1)
        return super().effect_value(effect, cube_value, builders)


class PerFormEvaluator(Evaluator):
    """:class:`Evaluator` with :class:`PerFormValues`, a privilege on offer without its reactions."""

    def __init__(self, rules, weights=None) -> None:
        super().__init__(rules, weights)
        self.cards = PerFormValues(rules, self.w)

    def privilege(self, cid: str, rounds: int, held: bool, craftsmen) -> float:
        return EvaluatorV1.privilege(self, cid, rounds, held, craftsmen)


class PerFormBot(HeuristicBot):
    """The heuristic bot valuing cards per form (:class:`PerFormValues`)."""

    evaluation = PerFormEvaluator


class PreviousProbe(EffectProbe):
    """The effect probe as it was before the order of play, capacity boosts
    and the coming event were valued alike by the probe and the evaluation:
    the order of play this round and the next at half the start player's
    spot each, boosts and the deck's order worth nothing; two positions
    (seat 0 behind and last, ahead and first); a once-used effect at its mean."""

    PLAN = (("behind", 1), ("ahead", 0))

    def effect_value(self, effect, when_it_helps: bool = False) -> float:
        return super().effect_value(effect)

    def boosted(self, state, seat: int) -> float:
        return 0.0

    def coming_event(self, state, seat: int, knew) -> float:
        return 0.0

    def ordered(self, v: float, state, seat: int) -> float:
        w = self.values.w
        n = len(state.players)
        for rnd in (state.round, state.round + 1):
            step = -1 if rnd in state.reversed_rounds else 1
            place = ((seat - state.start_player) * step) % n
            v += 0.5 * w.start_player * (n - 1 - place) / (n - 1)
        return v


class PreviousValues(CardValues):
    """:class:`CardValues` with :class:`PreviousProbe`."""

    @property
    def probe(self) -> EffectProbe:
        if self._probe is None:
            self._probe = PreviousProbe(self)
        return self._probe


class PreviousEvaluator(Evaluator):
    """:class:`Evaluator` with :class:`PreviousValues`."""

    def __init__(self, rules, weights=None) -> None:
        super().__init__(rules, weights)
        self.cards = PreviousValues(rules, self.w)


class PreviousBound(Bound):
    """:class:`Bound` as it was: the event the seat peeked at or looked at stays
    the coming one whatever a position's deck holds; the order of play is not weighed."""

    def value(self, state, seat: int, ref_round: int | None = None) -> float:
        return self.ev.value(state, seat, ref_round, self.seen, self.peek if state.round == self.round else None)


class PreviousBot(HeuristicBot):
    """The heuristic bot as it was before this change (``previous``): it
    plays the same games as the previous release's ``heuristic``."""

    evaluation = PreviousEvaluator

    def scorer(self, view):
        return PreviousBound(self.evaluator(view.rules), view)


#: The bots a new heuristic can be measured against (``--against``), and what ``--bot`` may name.
OLD_BOTS = {"per-form": PerFormBot, "previous": PreviousBot}


def versus(cards, games: int, seed: int, players: int, against: str = "per-form") -> dict:
    """``heuristic`` at one seat (rotating) against ``against`` (:data:`OLD_BOTS`) at the others."""
    old = OLD_BOTS[against]
    h = hashlib.sha256()
    diffs = []
    for i in range(games):
        s = seed + i
        focus = i % players
        bots = [HeuristicBot(s * 8 + k) if k == focus else old(s * 8 + k) for k in range(players)]
        game = pr.play(pr.new_game(players, s, cards=cards), bots)
        h.update(pr.save(game).encode("utf-8"))
        vp = [v for v, _ in game.scores()]
        diffs.append(vp[focus] - sum(v for k, v in enumerate(vp) if k != focus) / (players - 1))
    mean = sum(diffs) / len(diffs)
    sd = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5 if len(diffs) > 1 else 0.0
    half = 1.96 * sd / len(diffs) ** 0.5
    return {"games": games, "mean_vp_diff": mean, "ci95": [mean - half, mean + half], "digest": h.hexdigest()}


def seated(bot: str, players: int, seed: int) -> list:
    """One bot per seat, seeded as the lab seeds them; ``per-form`` or
    ``previous``: :class:`PerFormBot` or :class:`PreviousBot`."""
    if bot in OLD_BOTS:
        return [OLD_BOTS[bot](seed * 8 + k) for k in range(players)]
    return make_bots([bot] * players, seed)


def play(cards, seed: int, bot: str, players: int, targets, counts: dict) -> pr.Game:
    """One game; each seat's first chance at each target goes into ``counts``
    (card -> [chances, taken])."""
    game = pr.new_game(players, seed, cards=cards)
    bots = seated(bot, players, seed)
    seen: set = set()
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        legal = view.legal_actions
        action = bots[seat](view)
        for card in targets:
            if (card, seat) in seen:
                continue
            take = take_actions(game.state, legal, card)
            if take and len(take) < len(legal):
                seen.add((card, seat))
                counts[card][0] += 1
                counts[card][1] += action in take
        game = game.apply(action, seat=seat)
    return game


def held(cards, card: str, games: int, seed: int, players: int, bot: str) -> dict:
    """Games where one seat (rotating) holds once-used privilege ``card`` from
    round 1 (a scenario at the first round's opening): in how many it used it."""
    used = 0
    rounds: dict[int, int] = {}
    for i in range(games):
        s = seed + i
        seat = i % players
        game = pr.scenario(
            players, round=1, step="round_start", seats={seat: dict(privileges=(card,))}, seed=s, cards=cards
        )
        bots = seated(bot, players, s)
        while not game.is_over:
            now = game.current_player
            action = bots[now](game.view(now))
            if now == seat and getattr(action, "card", None) == card and type(action).__name__ == "UseOnce":
                used += 1
                rounds[game.state.round] = rounds.get(game.state.round, 0) + 1
            game = game.apply(action, seat=now)
    return {"games": games, "used": used, "rounds": dict(sorted(rounds.items()))}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--players", type=int, default=PLAYERS)
    ap.add_argument("--bot", default="heuristic", help="a bot name, per-form (PerFormBot) or previous (PreviousBot)")
    ap.add_argument(
        "--against", default="per-form", choices=sorted(OLD_BOTS), help="with --versus: the bot at the other seats"
    )
    ap.add_argument("--digest", action="store_true", help="base games only: print a hash of every game's log")
    ap.add_argument("--versus", action="store_true", help="heuristic against the per-form heuristic (3 seats)")
    ap.add_argument("--ideas", action="store_true", help="with --versus: the base set and the ideas' privileges")
    ap.add_argument("--also", nargs="*", default=(), help="more card ids to count (base privileges, for scale)")
    ap.add_argument("--cards", nargs="*", help="with --digest or --versus: these card sets instead of the base set")
    ap.add_argument("--held", metavar="CARD", help="a once-used idea privilege held from round 1: games it is used in")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args(argv)
    started = time.process_time()
    ideas = cardset(GameSpec(players=args.players, sources=(("ideas.cards", ideas_text()),)))
    if args.held:
        out = held(ideas, args.held, args.games, args.seed, args.players, args.bot)
        print(
            f"{args.games} games, {args.players} players, {args.bot}, {args.held} held by one seat from round 1: "
            f"used in {out['used']} (by round: {out['rounds']})"
        )
    elif args.versus:
        out = versus(
            ideas if args.ideas else args.cards or pr.load_cards(), args.games, args.seed, args.players, args.against
        )
        print(
            f"{args.games} {'idea' if args.ideas else args.cards or 'base'} games, {args.players} players, heuristic against "
            f"{args.players - 1} {args.against}: VP diff {out['mean_vp_diff']:+.3f} "
            f"[{out['ci95'][0]:+.3f}, {out['ci95'][1]:+.3f}], log digest {out['digest'][:16]}"
        )
    elif args.digest:
        h = hashlib.sha256()
        scores = []
        for i in range(args.games):
            seed = args.seed + i
            game = pr.play(
                pr.new_game(args.players, seed, cards=args.cards or pr.load_cards()),
                seated(args.bot, args.players, seed),
            )
            h.update(pr.save(game).encode("utf-8"))
            scores.append([vp for vp, _ in game.scores()])
        out: dict = {"games": args.games, "digest": h.hexdigest(), "scores": scores}
        print(
            f"{args.games} games of {args.cards or 'the base set'}, {args.players} players, {args.bot}: log digest {h.hexdigest()[:16]}"
        )
    else:
        cards = ideas
        targets = [cid for ids in IDEAS.values() for cid in ids] + list(args.also)
        counts = {c: [0, 0] for c in targets}
        for i in range(args.games):
            play(cards, args.seed + i, args.bot, args.players, targets, counts)
        out = {"games": args.games, "seed": args.seed, "players": args.players, "bot": args.bot, "cards": {}}
        print(f"{args.games} games, {args.players} players, {args.bot} at every seat: first chance per seat and card")
        for card, (n, took) in counts.items():
            out["cards"][card] = {"chances": n, "taken": took}
            rate = f"{100 * took / n:5.1f}%" if n else "    -"
            print(f"  {card:22} {took:4} of {n:4} chances  {rate}")
    out["cpu_seconds"] = round(time.process_time() - started, 1)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
