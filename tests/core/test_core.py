"""The core plays a game it does not know (issue #57): a small game, registered
here, gets everything ``pr.Game`` gives Pillars -- the log, the checks of the
seat, the decision number and the action's exact values, the states along the
log, branching, :func:`playout` -- and Pillars is one registered game among others."""

from __future__ import annotations

import attrs
import pytest

import pillars_rules as pr
import pillars_rules.core as core
from pillars_rules import limits
from pillars_rules.games.pillars import PILLARS

from .smallgames import Framework, OneWinner


# ---------------------------------------------------------------- a game the core does not know
# "Count to ten": seats add 1 or 2 to a shared count in turn, or double it once each;
# whoever reaches ten or more wins.
@attrs.frozen
class Add:
    n: int
    label: str = attrs.field(default="", eq=False)


@attrs.frozen
class Double:
    label: str = attrs.field(default="", eq=False)


@attrs.frozen
class Opened:
    names: tuple[str, ...]


@attrs.frozen
class Added:
    seat: int
    n: int


@attrs.frozen
class Asked:
    seat: int
    kind: str = "count"


@attrs.frozen
class Reached:
    seat: int


@attrs.frozen
class Count(Framework):
    names: tuple[str, ...]
    count: int = 0
    doubled: frozenset[int] = frozenset()


class CountRules:
    content_hash = "count-to-ten"


class CountType(OneWinner):
    def fold(self, state, event, rules):
        t = type(event)
        if t is Opened:
            return Count(event.names)
        if t is Added:
            doubled = state.doubled | {event.seat} if event.n == state.count and event.n else state.doubled
            return attrs.evolve(state, count=state.count + event.n, frame=state.frame.answered(), doubled=doubled)
        if t is Asked:
            return attrs.evolve(state, frame=state.frame.asking(event))
        return attrs.evolve(state, frame=state.frame.ending(), winner=event.seat)

    def advance(self, batch, rules):
        last = batch.events[-1] if batch.events else None
        if type(last) is Added and batch.state.count >= 10:
            batch.add(Reached(last.seat))
        else:
            batch.add(Asked((last.seat + 1) % len(batch.state.names) if type(last) is Added else 0))

    def legal(self, state, rules):
        if state.frame.pending is None or state.frame.game_over:
            return []
        out: list = [Add(1), Add(2)]
        if state.frame.pending.seat not in state.doubled and state.count:
            out.append(Double())
        return out

    def events_of(self, state, rules, action):
        n = action.n if type(action) is Add else state.count
        return [Added(state.frame.pending.seat, n)]

    def refusal(self, state, rules, action, listed):
        return "add 1 or 2, or double once"

    def view(self, game, seat):
        return ("view", seat, game.state.count)

    def export(self, game, seat):
        return f'{{"count": {game.state.count}}}'

    def describe(self, game, event):
        return f"{game.state.names[event.seat]} added {event.n}" if type(event) is Added else ""

    def is_control(self, event):
        return type(event) is not Added

    def summary(self, state):
        return f"count {state.count}"


COUNT = core.register(CountType("count_to_ten", "Count to ten", CountRules, Asked, {Add: (("n", int),), Double: ()}))


def new_count(names=("Ann", "Bob")) -> core.Game:
    rules = CountRules()
    first = Opened(tuple(names))
    events, state = core.run(COUNT, COUNT.fold(None, first, rules), rules, [])
    return core.Game(rules, state, [first, *events], 1 + len(events))


# ---------------------------------------------------------------- playing it
def test_a_game_the_core_does_not_know_plays_through_it():
    game = new_count()
    assert game.game_type is COUNT and game.current_player == 0 and game.decision == 1
    assert game.legal_actions() == [Add(1), Add(2)]
    for action in (Add(2), Double(), Add(2), Add(2), Double()):
        game = game.apply(action, seat=game.current_player, expect=game.decision)
    # 2, 4 (Bob doubles), 6, 8, 16 (Bob may not double again: Ann does)
    assert game.is_over and game.state.count == 16 and game.winners() == [0]
    assert game.current_player is None and game.pending is None and game.legal_actions() == []
    assert game.scores() == [1, 0] and game.ranking() == [[0], [1]]
    assert game.narrate() == ["Ann added 2", "Bob added 2", "Ann added 2", "Bob added 2", "Ann added 8"]
    assert len(game.narrate(include_control=True)) == game.n_events
    assert game.view(1) == ("view", 1, 16) and game.export(None) == '{"count": 16}'
    assert repr(game) == f"<Game count 16, {game.n_events} events>"
    # the states along the log are the fold's
    states = game.states()
    assert states[-1] == game.state and len(states) == game.n_events
    assert all(game.state_at(i) == states[i] for i in range(game.n_events))
    assert game.state_at(-1) == game.state


def test_applying_leaves_the_game_as_it_was_and_branches_copy_the_log():
    start = new_count()
    one = start.apply(Add(1))
    two = start.apply(Add(2))  # a branch from the older game
    assert start.state.count == 0 and start.n_events == 2
    assert one.state.count == 1 and two.state.count == 2
    assert one.events[2] == Added(0, 1) and two.events[2] == Added(0, 2)
    assert one != two and one == start.apply(Add(1)) and hash(one) == hash(start.apply(Add(1)))


def test_the_core_refuses_for_every_game_alike():
    game = new_count()
    with pytest.raises(pr.IllegalActionError, match=r"not seat 1's turn; seat 0 \(Ann\) must decide 'count'"):
        game.apply(Add(1), seat=1)
    with pytest.raises(pr.StaleActionError):
        game.apply(Add(1), expect=game.decision + 1)
    with pytest.raises(pr.IllegalActionError, match="decision number must be a whole number, not str"):
        game.apply(Add(1), expect="1")
    with pytest.raises(pr.IllegalActionError, match="add 1 or 2, or double once"):
        game.apply(Double())  # nothing to double yet: not listed
    with pytest.raises(pr.IllegalActionError, match="add 1 or 2"):
        game.apply(Add(True))  # equal to Add(1), but not a plain int

    class Sneaky(Add):
        pass

    with pytest.raises(pr.IllegalActionError):
        game.apply(Sneaky(1))  # a subclass compares equal too; the exact class is required
    refused = pytest.raises(pr.IllegalActionError, game.apply, Add(3, label="<b>words</b>"))
    assert "<b>" not in str(refused.value)
    # a labelled copy of a listed action is taken as the listed one, and the listed one is kept
    after = game.apply(Add(1, label="one, please"))
    assert after.events[-2] == Added(0, 1) and after.legal_actions() == [Add(1), Add(2), Double()]
    end = core.playout(game, seed=1)
    with pytest.raises(pr.IllegalActionError, match=core.GAME_OVER):
        end.apply(Add(1))


def test_a_game_stopped_between_decisions_says_so():
    game = new_count()
    folded = core.Game(
        game.rules, attrs.evolve(game.state, frame=game.state.frame.answered()), list(game.events), game.n_events
    )
    with pytest.raises(pr.IllegalActionError, match=core.NO_DECISION):
        folded.apply(Add(1), seat=0)


def test_playout_plays_any_game_and_checks_its_policy():
    game = new_count()
    end = core.playout(game, seed=3)
    assert end.is_over and game.n_events == 2  # the game itself unchanged
    assert core.playout(game, lambda state, listed: 1).state.count == 10  # always Add(2): five turns
    assert core.playout(game, max_actions=2).state.frame.decision == 3
    stopped = core.playout(game, until=lambda state: state.count >= 4)
    assert 4 <= stopped.state.count <= 6 and stopped.state_at(-3).count < 4  # the first decision at 4 or more
    with pytest.raises(pr.IllegalActionError, match="index from 0 to 1, not 7"):
        core.playout(game, lambda state, listed: 7)


def test_a_game_that_cannot_end_within_the_limits_is_unfinishable(monkeypatch):
    game = new_count()
    assert not game.unfinishable
    monkeypatch.setattr(limits, "MAX_EVENTS", game.n_events + 1)  # no room for an action's 2 events
    assert game.unfinishable
    with pytest.raises(pr.LimitError):
        game.apply(Add(1))


# ---------------------------------------------------------------- the registry
def test_the_registry_knows_each_game_once():
    assert core.game_type("count_to_ten") is COUNT and core.game_type("pillars") is PILLARS
    assert {PILLARS, COUNT} <= set(core.game_types())
    assert core.game_type_of(CountRules()) is COUNT
    assert core.register(COUNT) is COUNT  # again: no change
    with pytest.raises(pr.ConfigError, match="no game called 'chess'.*count_to_ten.*pillars"):
        core.game_type("chess")
    with pytest.raises(pr.ConfigError, match="not the rules of a registered game"):
        core.game_type_of(object())
    with pytest.raises(pr.ConfigError, match="has that name already"):
        core.register(CountType("count_to_ten", "Again", type("Other", (), {}), Asked, {}))
    with pytest.raises(pr.ConfigError, match="has that rules type already"):
        core.register(CountType("count_again", "Again", CountRules, Asked, {}))
    for bad in ("Count To Ten", "count-", "-count", "count--ten", "c" * 33, "", "9lives"):
        with pytest.raises(pr.ConfigError, match="lower-case words joined by hyphens"):
            core.register(CountType(bad, "Again", type("Other", (), {}), Asked, {}))
    hyphened = core.register(CountType("count-to-ten", "Hyphens", type("HyphenRules", (), {}), Asked, {}))
    assert core.game_type("count-to-ten") is hyphened

    class Half(core.GameType):  # a game type that defines only its fold
        def fold(self, state, event, rules):
            return state

    with pytest.raises(pr.ConfigError, match="Half does not define batch, advance, legal, events_of"):
        core.register(Half("half", "Half", type("HalfRules", (), {}), Asked, {}))
    half = Half("half", "Half", type("HalfRules", (), {}), Asked, {})
    with pytest.raises(pr.ConfigError, match=r"Half does not define legal\(\)"):
        core.Game(CountRules(), None, [], 0, None, half).legal_actions()  # never a NotImplementedError
    assert half.is_control(Added(0, 1)) is False and half.unlabelled(Add(1, label="x")).label == "x"
    with pytest.raises(pr.ConfigError, match="takes a GameType"):
        core.register("count_to_ten")  # type: ignore[arg-type]
    with pytest.raises(pr.ConfigError):
        core.Game(object(), None, [], 0)  # rules of no game


def test_every_pillars_game_is_the_cores_game_of_the_pillars_type():
    game = pr.new_game(players=3, seed=5)
    assert isinstance(game, core.Game) and pr.Game is core.Game and game.game_type is PILLARS
    played = pr.playout(game, seed=2, max_actions=30)
    for other in (pr.replay(played.events), pr.load(pr.save(played)), played.apply(played.legal_actions()[0])):
        assert other.game_type is PILLARS
    assert repr(game).startswith("<Game round 1 draft")


def test_pillars_own_loop_gives_what_the_cores_loop_gives():
    # GameType.run is a compiled game's copy of the core's loop: the same events and states
    assert type(PILLARS).run is not core.GameType.run and type(COUNT).run is core.GameType.run
    for players, seed in ((2, 11), (4, 12), (3, 13)):
        game = pr.new_game(players=players, seed=seed, cards="expansion" if seed == 13 else None)
        state, rules = game.state, game.rules
        rng = __import__("random").Random(seed)
        while not state.frame.game_over:
            legal = PILLARS.legal(state, rules)
            events = PILLARS.events_of(state, rules, legal[rng.randrange(len(legal))])
            own = PILLARS.run(state, rules, list(events))
            cores = core.loop.loop(PILLARS, state, rules, list(events))
            assert own == cores
            state = own[1]
        assert core.run(PILLARS, state, rules, []) == ([], state)
