"""What the small games of these tests share (issue #57): a batch that folds
each event it is given, and the results of a game that one seat wins."""

from __future__ import annotations

import attrs

import pillars_rules.core as core


class Batch:
    def __init__(self, kind, state, rules):
        self.kind, self.state, self.rules, self.events = kind, state, rules, []

    def add(self, event):
        self.state = self.kind.fold(self.state, event, self.rules)
        self.events.append(event)


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
