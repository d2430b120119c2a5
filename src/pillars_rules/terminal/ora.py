"""*Ora et Labora* in the terminal: its screen and its session, on the shared loop.

:class:`OraSession` is :class:`.loop.BaseSession` with Ora's screen: the round and the phase,
whose turn it is, the production wheel (each good's value now, and the goods still to enter),
the buildings on display, and for every seat its score so far, its goods, its clergy at home,
its settlements in hand and its landscape drawn as a grid (:mod:`.landscape`); then the
numbered choices, labelled as the game labels its legal actions. Everything is read from the
seat's view (nothing in Ora is hidden, §4.10.1).

The undo ruling: Ora draws nothing and reveals nothing hidden (its set-up has no random element
and every card is open), so ``undo`` is refused only when another person has decided since
(hot-seat), as in Pillars.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, NamedTuple

from ..games.ora import records as R
from ..mechanisms.wheel import worth
from ..words.search import find_cards
from . import landscape
from .commands import COMMANDS as PILLARS_COMMANDS
from .loop import BaseSession
from .screen import fitted, recent

#: Ora's commands and what they do (``help``), in order.
COMMANDS: dict[str, str] = {
    "N or words": "make a choice: its number, or its words (end the turn, fell trees at (1, 0), build bakery)",
    "help": "this list",
    "board": "show the table again: wheel, display, every landscape",
    "log": "every event of the game so far, as sentences",
    "card NAME": "a building's or settlement's cost, values, terrain and function (card windmill)",
    "save FILE": PILLARS_COMMANDS["save FILE"],
    "undo": "take back your last decision (in hot-seat play: unless another person decided since)",
    "quit": PILLARS_COMMANDS["quit"],
}
#: What each stage of a round is called on the screen (the state's ``stage``).
STAGES = {
    "start": "setting up",
    "actions": "actions",
    "after": "finishing an action",
    "buy": "buying landscapes",
    "settle": "building settlements",
    "neutral": "the neutral player builds",
}
#: Cards printed at most for one ``card`` command.
MAX_CARDS_SHOWN = 6


class Choice(NamedTuple):
    """A legal action as the terminal numbers it: its label, its kind (the action's class name,
    for the words that always mean it: ``pass``) and the action."""

    label: str
    kind: str
    action: object


def choices(view) -> list[Choice]:
    """The legal actions of ``view`` in the game's order, each with its label."""
    return [Choice(a.label or repr(a), type(a).__name__, a) for a in view.legal_actions]


def _goods(goods: dict[str, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing"


def header(view, you: str) -> str:
    """Round, stage and phase, and who must act."""
    s, rules = view.state, view.rules
    where = "the game is over" if s.game_over else STAGES.get(s.stage, s.stage)
    if s.phase and not s.game_over:
        where = f"settlement phase {s.phase}: {where}" if s.stage != "actions" else f"{where} (phase {s.phase})"
    mode = f"{rules.mode}, {rules.variant.capitalize()}"
    head = f"Ora et Labora ({mode}) -- round {s.round} -- {where}"
    if s.pending is not None:
        head += f" -- {s.names[s.pending.seat]} decides ({s.pending.kind})"
    return head + f" -- you are {you}"


def wheel_line(view) -> str:
    """The production wheel: each good's value now, and when the goods still off it enter."""
    cfg, track = view.rules.wheel, view.state.wheel
    on = dict(track.steps)
    parts = [f"{good} {worth(cfg, track, good)}" for good in on]
    later = [f"{good} from round {r}" for good, r in cfg.entering if good not in on]
    return "Wheel: " + "; ".join(x for x in (", ".join(parts) or "no good on it", ", ".join(later)) if x)


def display_line(view) -> str:
    """The buildings on display, each with its cost and its values."""
    cards = view.rules.cards
    parts = []
    for cid in view.state.display:
        c = cards.get(cid)
        if c is None:
            parts.append(cid)
            continue
        cost = ", ".join(f"{n} {g}" for g, n in c.cost) or "free"
        parts.append(f"{c.name} ({cost}; value {c.econ}, dwelling {c.dwell})")
    return "Display: " + ("; ".join(parts) if parts else "(empty)")


def seat_lines(view, seat: int, names: dict[str, str], width: int = 0) -> list[str]:
    """One seat: its score so far, goods, clergy at home, settlements in hand, and its
    landscape as a grid with the full names of the cut short names under it (the words fitted
    to ``width`` columns, if given; a grid is never broken)."""
    data = view["seats"][seat]
    s, rules = view.state, view.rules
    neutral = seat >= s.players
    who = data["name"] + (" (you)" if seat == view.seat else "")
    lines = []
    if neutral:
        lines.append(f"{who}: builds from the display (§9.5)")
    else:
        score = data["score"]
        total = sum(score.values())
        parts = f"goods {score['goods']}, buildings {score['economic']}, dwellings {score['dwelling']}"
        lines.append(f"{who}: {total} points so far ({parts})")
        lines.append(f"  goods: {_goods(data['goods'])}")
        home = ", ".join(data["clergy_home"]) or "none (all placed)"
        hand = ", ".join(rules.cards[c].name if c in rules.cards else c for c in data["hand"]) or "none"
        lines.append(f"  clergy at home: {home}; settlements in hand: {hand}")
    fit = _fit(width)
    return fit(lines) + landscape.grid_lines(view, seat, names) + fit(landscape.key_lines(view, seat, names))


def _fit(width: int):
    return (lambda lines: fitted(lines, width)) if width else list


def legend(view) -> str:
    kinds = [k for k, _ in view.rules.clergy.kinds]
    marks = ", ".join(f"{k[:1].upper()} {k}" for k in kinds)
    return f"Landscapes: x across, y down; clergy on a square: {marks} (with a seat number: another seat's)"


def table_lines(view, you: str, width: int = 0) -> list[str]:
    """The table: header, wheel, display, then every seat with its landscape (``width``: the
    terminal's columns, to fit the words to; 0: lines as they are)."""
    names = landscape.short_names(view.rules.cards)
    out = _fit(width)([header(view, you), wheel_line(view), display_line(view), legend(view)])
    for seat in range(view.state.n):
        out += [""] + seat_lines(view, seat, names, width)
    return out


def choice_lines(view, you: str, shown: Sequence[Choice]) -> list[str]:
    """The decision and its numbered choices (the same shape as Pillars')."""
    kind = view.state.pending.kind if view.state.pending is not None else ""
    width = len(str(len(shown)))
    return [f"{you}, your decision ({kind}):"] + [f"  {i:>{width}}. {c.label}" for i, c in enumerate(shown, 1)]


def screen(view, you: str, since: Sequence[str], shown: Sequence[Choice], width: int = 0) -> list[str]:
    """The whole screen of ``view``'s seat, top to bottom (``width``: as :func:`table_lines`)."""
    return table_lines(view, you, width) + [""] + _fit(width)(recent(since) + choice_lines(view, you, shown))


def final_lines(view, ranking: list[list[int]]) -> list[str]:
    """The ranking (ties share a place), each seat's points and their parts."""
    lines = ["The game is over. Final ranking:"]
    place = 1
    for group in ranking:
        for seat in group:
            data = view["seats"][seat]
            score = data["score"]
            shared = " (shared)" if len(group) > 1 else ""
            lines.append(
                f"  {place}. {data['name']}{shared}: {sum(score.values())} points "
                f"(goods {score['goods']}, buildings {score['economic']}, dwellings {score['dwelling']})"
            )
        place += len(group)
    return lines


class OraSession(BaseSession):
    """Play a game of Ora et Labora with people at ``humans`` and ``bots`` (seat -> bot)."""

    COMMANDS = COMMANDS

    def choices(self, view) -> list:
        return choices(view)

    def show(self, view, since, shown_choices, full: bool) -> None:
        self.say()
        for line in screen(view, self.name(view.seat), since, shown_choices, self.console.width):
            self.say(line)

    def cards(self, query: str, view) -> None:
        from ..cardlang.buildcomp import render_building

        cards = view.rules.cards
        named: list[Any] = [
            SimpleNamespace(id=c.id, name=c.name, name_de="") for c in cards.values()
        ]  # no German names
        found, hint = find_cards(query, named)
        for c in found[:MAX_CARDS_SHOWN]:
            self.say_fitted(render_building(cards[c.id]).split("\n"))
        if len(found) > MAX_CARDS_SHOWN:
            self.say(f"... and {len(found) - MAX_CARDS_SHOWN} more cards match; type more of the name")
        if hint:
            self.say(hint.replace("card mason", "card windmill"))

    def log(self, view) -> None:
        for e in view.events:
            if isinstance(e, R.RoundBegan):
                self.say(f"=== Round {e.round} ===")
            elif not self.game.game_type.is_control(e):
                self.say("  " + self.game.describe(e))

    def finish(self) -> None:
        seat = self.humans[0] if self.humans else 0
        view = self.game.view(seat)
        since = self.sentences(view.events[self.seen.get(seat, 0) :])
        self.say()
        for line in recent(since):
            self.say(line)
        for line in table_lines(view, self.name(seat), self.console.width):
            self.say(line)
        self.say()
        for line in fitted(final_lines(view, self.game.ranking()), self.console.width):
            self.say(line)


__all__ = ["COMMANDS", "Choice", "OraSession", "choices", "final_lines", "screen", "table_lines"]
