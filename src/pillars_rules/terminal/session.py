"""The session of *The Pillars of the Earth*: bots move, people choose, commands are answered.

:class:`Session` is the terminal's shared loop (:class:`.loop.BaseSession`) with what
Pillars adds: its screen (:mod:`.screen`), its choices in the words layer, ``keep all``,
``help PLACE`` and ``rules``, and which decisions may not be undone. A :class:`Session`
holds the current :class:`~pillars_rules.Game` (an
immutable value, so whatever happens -- an exception, Ctrl-C, a signal --
``self.game`` is always a whole, consistent game that can be saved) and a
history of the games at which each person decided, for ``undo``.

**Whatever is typed, the game goes on.** Every line gets an answer (a
choice, a command's output or a one-line hint); a file name the system
refuses, a number of thousands of digits, bytes that are not text all get a
message. Should anything still go wrong -- a bot's error, a defect -- the game
is saved to the autosave file before the error is shown, as on end of input,
Ctrl-C, ``quit``, ``SIGTERM`` and ``SIGHUP``.

**Answers made for the person.** A decision with one legal answer is answered
at once, and a start player who typed ``keep all`` keeps every drawn builder
for the rest of the round; each such answer is printed (``(auto) ...``), never
made silently.

**The undo ruling.** ``undo`` takes back the person's last decision by going
back to the game as it was when that decision was due (the same game the log
prefix replays to). It is refused when, after that decision, the game drew or
revealed something the person could not know before: a chance event (a
shuffle §1, dealt resource cards §2.1, a drawn builder §2.3, the tax roll
§2.4), a revealed event card (§8), a look at coming event cards (a card's
``look at the next N events``), or a new round (which reveals its craftsman
and privilege cards, §2.1).
Undoing then would let the person decide again knowing the outcome, or draw
it again. In hot-seat play it is also refused when another person has decided
since, as that decision is theirs to keep. The bots are put back as they were
too (a copy is kept with each decision), so the same decision draws the same
replies: a random bot's reply cannot be re-rolled by undoing either. Answers
made automatically are not decisions of their own: undo goes back to the last
decision the person made.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import events as E
from ..cardlang import render
from ..words.help import find_topic, topic_list
from . import screen
from .commands import COMMANDS, find_cards, shown
from .loop import BaseSession

#: Events after which a decision may not be undone (see the module docstring).
REVEALING = tuple(E.CHANCE_EVENTS) + (E.EventRevealed, E.RoundStarted, E.EventsLooked)
#: Cards printed at most for one ``card`` command.
MAX_CARDS_SHOWN = 6


def undo_refusal(events, describe: Callable[[object], str]) -> str | None:
    """Why the decision followed by ``events`` may not be undone, or ``None``."""
    for e in events:
        if isinstance(e, REVEALING):
            return (
                f"undo refused: after that decision came a chance outcome or a revealed card "
                f"('{describe(e)}'); undoing would let you decide again knowing it"
            )
    return None


class Session(BaseSession):
    """Play ``game`` with people at ``humans`` (seats) and ``bots`` (seat -> bot).

    ``full`` shows the full screen at each decision (default: the compact
    one); ``keep_builders`` keeps every drawn builder of every round for the
    people (``keep all`` does it for one round)."""

    COMMANDS = COMMANDS
    OWN = frozenset({"help", "rules", "board", "log", "card", "keep all", "keep ask", "save", "undo", "quit"})

    def __init__(self, game, humans, bots, console, *, keep_builders: bool = False, **options) -> None:
        """``options``: :class:`.loop.BaseSession`'s (``autosave``, ``resume``, ``read``, ``full``)."""
        super().__init__(game, humans, bots, console, **options)
        self.keep_builders = keep_builders
        #: seat -> the round in which every builder drawn is kept for that seat (``keep all``).
        self.keep_all: dict[int, int] = {}

    def seat_names(self, game) -> tuple[str, ...]:
        return tuple(p.name for p in game.view(0).state.players)

    def choices(self, view) -> list:
        return screen.ordered(view)

    def sentences(self, events) -> list[str]:
        return screen.sentences(events, self.game.describe)

    def auto_choices(self, view, cs: list) -> tuple[list, str]:
        """The only choice; or, with keep-all on, a drawn builder kept."""
        if len(cs) == 1:
            return cs, "the only choice"
        if view.state.pending.kind == "redraw" and (
            self.keep_builders or self.keep_all.get(view.seat) == view.state.round
        ):
            return [c for c in cs if c.kind == "KeepBuilder"], "keep all is on" + (
                "" if self.keep_builders else " this round"
            )
        return [], ""

    def undo_refusal(self, events) -> str | None:
        return undo_refusal(events, self.game.describe)

    def show(self, view, since, shown_choices, full: bool) -> None:
        self.say()
        if full:
            for part in screen.screen(view, self.name(view.seat), since, shown_choices):
                self.console.print(part)
        else:
            self.say_fitted(screen.compact(view, self.name(view.seat), since, shown_choices, self.console.width))

    def own_command(self, cmd, view, cs: list) -> bool | None:
        """``keep all``: True when it answered a redraw at once."""
        if cmd.name != "keep all":
            return None
        if self.keep_all_on(view) and view.state.pending.kind == "redraw":
            self.decide(self.game, view.seat, next(c for c in cs if c.kind == "KeepBuilder"))
            return True
        return False

    def keep_all_on(self, view) -> bool:
        """``keep all``: for the start player, this round's drawn builders are kept."""
        s = view.state
        if view.seat != s.start_player:
            self.say(
                f"keep all is for the start player, who decides about drawn builders; "
                f"this round that is {self.name(s.start_player)}"
            )
            return False
        self.keep_all[view.seat] = s.round
        self.say(
            f"Every builder drawn in round {s.round} is kept for you from now on, "
            "each answer shown (keep ask: be asked again)"
        )
        return True

    def command(self, cmd, view) -> None:
        if cmd.name == "keep ask":
            self.keep_all.pop(view.seat, None)
            self.keep_builders = False
            self.say("You are asked again about each drawn builder")
        elif cmd.name in ("help", "rules") and cmd.arg:
            self.explain(cmd.arg, view)
        elif cmd.name == "rules":
            self.say(topic_list(view.rules) + " (help PLACE or rules PLACE explains one)")
        else:
            super().command(cmd, view)

    def explain(self, query: str, view) -> None:
        """``help PLACE``: the place or rule, else a card of that name, else a hint."""
        topic, hint = find_topic(query, view.rules)
        if topic is not None:
            self.say_fitted(str(topic).split("\n"))
            return
        found, _ = find_cards(query, view.rules.cards)
        if found:
            self.cards(query, view)
        else:
            self.say(hint + " (rules lists the places and rules)")

    def cards(self, query: str, view) -> None:
        found, hint = find_cards(query, view.rules.cards)
        for card in found[:MAX_CARDS_SHOWN]:
            self.say_fitted(render(card).split("\n"))
        if len(found) > MAX_CARDS_SHOWN:
            self.say(f"... and {len(found) - MAX_CARDS_SHOWN} more cards match '{shown(query)}'; type more of the name")
        if hint:
            topic, _ = find_topic(query, view.rules)
            self.say(hint + (f" ({topic.title} is a place or rule: help {query.strip()})" if topic else ""))

    def log(self, view) -> None:
        for e in view.events:
            if isinstance(e, E.RoundStarted):
                self.say(f"=== Round {e.round} ===")
            elif not isinstance(e, E.CONTROL_EVENTS):
                self.say("  " + self.game.describe(e))

    def finish(self) -> None:
        seat = self.humans[0] if self.humans else 0
        view = self.game.view(seat)
        since = screen.sentences(view.events[self.seen.get(seat, 0) :], self.game.describe)
        self.say()
        for line in screen.recent(since):
            self.say(line)
        self.console.print(screen.players(view))
        self.say_fitted(screen.holdings(view) + [""] + screen.final(view, self.game.ranking()))
