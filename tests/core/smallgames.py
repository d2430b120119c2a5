"""Small games of these tests (issue #57): what they share (a batch that folds
each event it is given, the results of a game that one seat wins), and
*Tally*, a game with new games and saves (``tests/core/test_game_saves.py``,
and the command line's ``--game``: ``tests/test_cli_game.py``)."""

from __future__ import annotations

import random

import attrs

import pillars_rules as pr
import pillars_rules.core as core
from pillars_rules.saves.replay import replay_by_listing


class Batch:
    def __init__(self, kind, state, rules):
        self.kind, self.state, self.rules, self.events = kind, state, rules, []

    def add(self, event):
        self.state = self.kind.fold(self.state, event, self.rules)
        self.events.append(event)


@attrs.frozen(kw_only=True)
class Framework:
    """A state's framework part (the core reads ``frame``: the decision, who is
    pending, whether the game is over), and the winner's seat (-1 until the end)."""

    frame: core.Frame = core.Frame()
    winner: int = -1


class OneWinner(core.GameType):
    """A game whose state has ``names`` and ``winner`` (-1 until the end) and
    whose actions carry a client's ``label``; one action adds at most 2 events."""

    def batch(self, state, rules):
        return Batch(self, state, rules)

    def unlabelled(self, action):
        return attrs.evolve(action, label="")

    def seat_name(self, state, seat):
        return state.names[seat]

    def scores(self, state):
        return [int(s == state.winner) for s in range(len(state.names))]

    def ranking(self, state):
        return [[state.winner], [s for s in range(len(state.names)) if s != state.winner]]

    def event_bound(self, state):
        return 2


# ---------------------------------------------------------------- "Tally", a game with saves
# Seats take 1 or 2 from a pile in turn; whoever takes the last one wins. The
# seed draws the pile's size (recorded in the first event, as chance is).
@attrs.frozen
class Take:
    n: int
    label: str = attrs.field(default="", eq=False)


@attrs.frozen
class Dealt:
    names: tuple[str, ...]
    seed: int
    pile: int


@attrs.frozen
class Took:
    seat: int
    n: int


@attrs.frozen
class Asked:
    seat: int
    kind: str = "take"


@attrs.frozen
class Won:
    seat: int


@attrs.frozen
class Pile(Framework):
    names: tuple[str, ...]
    pile: int


class TallyRules:
    content_hash = "tally-1"


class TallyRules2(TallyRules):
    content_hash = "tally-2"


EVENTS = {cls.__name__: cls for cls in (Dealt, Took, Asked, Won)}
FIELDS = {
    Dealt: {"names": list, "seed": int, "pile": int},
    Took: {"seat": int, "n": int},
    Asked: {"seat": int, "kind": str},
    Won: {"seat": int},
}


class TallyType(OneWinner):
    def fold(self, state, event, rules):
        t = type(event)
        if t is Dealt:
            return Pile(event.names, event.pile)
        if t is Took:
            return attrs.evolve(state, pile=state.pile - event.n, frame=state.frame.answered())
        if t is Asked:
            return attrs.evolve(state, frame=state.frame.asking(event))
        return attrs.evolve(state, frame=state.frame.ending(), winner=event.seat)

    def advance(self, batch, rules):
        last = batch.events[-1] if batch.events else None
        if type(last) is Took and batch.state.pile == 0:
            batch.add(Won(last.seat))
        else:
            batch.add(Asked((last.seat + 1) % len(batch.state.names) if type(last) is Took else 0))

    def legal(self, state, rules):
        if state.frame.pending is None or state.frame.game_over:
            return []
        return [Take(n) for n in (1, 2) if n <= state.pile]

    def events_of(self, state, rules, action):
        return [Took(state.frame.pending.seat, action.n)]

    def refusal(self, state, rules, action, listed):
        return "take 1 or 2"

    def view(self, game, seat):
        return game.state

    def export(self, game, seat):
        return "{}"

    def describe(self, game, event):
        return f"{game.state.names[event.seat]} took {event.n}" if type(event) is Took else ""

    def summary(self, state):
        return f"{state.pile} left"

    # ---- new games and saves
    def new_game(self, players, seed, variants, options):
        if type(players) is not int or not 2 <= players <= 3:
            raise pr.ConfigError(f"tally plays 2 or 3, not {players!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if options:
            raise pr.ConfigError(f"tally takes no option {sorted(options)[0]!r}")
        rules = TallyRules()
        first = Dealt(("Ann", "Bob", "Cy")[:players], seed, random.Random(seed).randint(5, 9))
        events, state = core.run(self, self.fold(None, first, rules), rules, [])
        return core.Game(rules, state, [first, *events], 1 + len(events), None, self)

    def is_start(self, event):
        return type(event) is Dealt

    def save_header(self, game):
        first = game.events[0]
        return {**self.rules_facts(game.rules), "players": len(first.names), "seed": first.seed}

    def rules_facts(self, rules):
        return {"rules": rules.content_hash}

    def encode_event(self, event):
        d = attrs.asdict(event, recurse=False)
        return {"type": type(event).__name__, **{k: list(v) if type(v) is tuple else v for k, v in d.items()}}

    def decode_event(self, raw, index):
        where = f"$.events[{index}]"
        cls = EVENTS.get(raw.get("type")) if type(raw) is dict and type(raw.get("type")) is str else None
        if cls is None:
            raise pr.SaveError(f"{where}: not an event of tally", index)
        fields = FIELDS[cls]
        if set(raw) - {"type"} != set(fields):
            raise pr.SaveError(f"{where}: the fields of {cls.__name__} are {', '.join(fields)}", index)
        for name, tp in fields.items():
            if type(raw[name]) is not tp:
                raise pr.SaveError(f"{where}.{name}: expected {tp.__name__}", index)
        return cls(**{k: tuple(v) if type(v) is list else v for k, v in raw.items() if k != "type"})

    def load_rules(self, cards):
        if cards == "tally-2":  # a second edition of the rules, for the tests
            return TallyRules2()
        return TallyRules() if cards is None else super().load_rules(cards)

    def replay_log(self, events, rules, verify):
        return replay_by_listing(self, events, rules, verify)


TALLY = core.register(TallyType("tally", "Tally", TallyRules, Asked, {Take: (("n", int),)}))


class Mute(TallyType):
    """Tally without new games or saves: the core's defaults refuse."""

    new_game = core.GameType.new_game
    is_start = core.GameType.is_start
    save_header = core.GameType.save_header
    decode_event = core.GameType.decode_event


class MuteRules:
    content_hash = "mute"


MUTE = core.register(Mute("mute-tally", "Mute tally", MuteRules, Asked, {Take: (("n", int),)}))
